"""Build and run the native playout benchmark beside the bare bitmask reference, in one run.

    python bench/run_native.py [--reference ../shared/bench/bitmask_limit.cc] [--reps 11]

The reference is looked for in shared/bench/ beside the repository (or beside a folder above
it) unless given.

Both are compiled here with the same compiler and flags (-O3, no -march=native; ours also with
the core's -mpopcnt), run one after the other, and the ratios of their medians are printed:
our full-rules Klaverjas playout against the bare bitmask one, with and without dealing.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
FLAGS = ["-O3", "-std=c++17", "-DNDEBUG", "-pthread"]


def default_reference() -> pathlib.Path:
    """../shared/bench/bitmask_limit.cc beside the repository, or beside a folder above it."""
    for folder in ROOT.parents:
        candidate = folder / "shared" / "bench" / "bitmask_limit.cc"
        if candidate.exists():
            return candidate
    return ROOT.parent / "shared" / "bench" / "bitmask_limit.cc"


def build(out: pathlib.Path, sources: list[pathlib.Path], extra: list[str]) -> None:
    cmd = ["c++", *FLAGS, *extra, "-o", str(out), *map(str, sources)]
    subprocess.run(cmd, check=True)


def run(binary: pathlib.Path, reps: int) -> dict[str, float]:
    text = subprocess.run([str(binary), str(reps)], check=True, capture_output=True, text=True)
    figures = {}
    for line in text.stdout.splitlines():
        m = re.match(r"(\S+_ns)\s+([\d.]+)", line)
        if m:
            figures[m.group(1)] = float(m.group(2))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", default=str(default_reference()))
    parser.add_argument("--reps", type=int, default=11)
    args = parser.parse_args()
    reference = pathlib.Path(args.reference)
    if not reference.exists():
        print(f"reference {reference} not found; pass --reference PATH", file=sys.stderr)
        return 2
    core = sorted((ROOT / "cpp" / "src").rglob("*.cc"))
    with tempfile.TemporaryDirectory() as tmp:
        ref_bin = pathlib.Path(tmp) / "bitmask_limit"
        our_bin = pathlib.Path(tmp) / "playout_bench"
        build(ref_bin, [reference], [])
        # As the module: LTO on.
        extra = ["-flto", "-I", str(ROOT / "cpp" / "include"), "-I", str(ROOT / "cpp" / "src")]
        if subprocess.run(["uname", "-m"], capture_output=True, text=True).stdout.strip() in (
            "x86_64",
            "AMD64",
        ):
            extra.append("-mpopcnt")
        build(our_bin, [ROOT / "bench" / "native" / "playout_bench.cc", *core], extra)
        ref = run(ref_bin, args.reps)
        ours = run(our_bin, args.reps)
    print(f"{'measure':34} {'reference':>10} {'tricktaker':>11} {'ratio':>7}")
    for key in ("playout_klav_fixed_deal_ns", "deal+playout_klav_ns"):
        print(f"{key:34} {ref[key]:10.1f} {ours[key]:11.1f} {ours[key] / ref[key]:7.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
