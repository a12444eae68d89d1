"""Build and run the native benchmarks beside the bare bitmask reference, in one run.

    python bench/run_native.py [--reference ../shared/bench/bitmask_limit.cc] [--reps 11]

The reference is looked for in shared/bench/ beside the repository (or beside a folder above
it) unless given.

The reference and ours are compiled here with the same compiler and the same flags, those of
the core's portable build (-O3, link-time optimisation, -mpopcnt on x86-64, no -march=native);
the reference is compiled a second time with -march=native (BMI2's pdep for its bit selection),
the bound a machine-specific build could reach. The three binaries run in turn, `--rounds`
times, so that a change in the machine's load meets each of them alike; the medians of the
rounds are printed, with our ratios to both references: the full-rules Klaverjas playout with
and without dealing, legal moves (ours on real positions, the reference's on random hands), and
our micro-benchmarks (play and undo, trick winner, scoring) and the solver's fixed cost per
call (microseconds, Klaverjas positions 4 and 8 cards from the end).
"""

from __future__ import annotations

import argparse
import pathlib
import platform
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
NATIVE = ROOT / "bench" / "native"
FLAGS = ["-O3", "-std=c++17", "-DNDEBUG", "-pthread", "-flto"]
# The core's portable baseline on x86-64 (CMakeLists.txt): x86-64-v2 has popcnt.
if platform.machine() in ("x86_64", "AMD64"):
    FLAGS.append("-mpopcnt")
COMPARED = (
    ("playout_klav_fixed_deal_ns", "playout_klav_fixed_deal_ns"),
    ("deal+playout_klav_ns", "deal+playout_klav_ns"),
    ("legal_moves_state_ns", "legal_klaverjas_ns"),
    ("legal_cards_free_ns", "legal_klaverjas_ns"),
)
OURS_ONLY = ("play_undo_ns", "trick_winner_ns", "score_klaverjas_deal_ns", "play_state_bytes")


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


def run(command: list[str]) -> dict[str, float]:
    text = subprocess.run(command, check=True, capture_output=True, text=True)
    figures = {}
    for line in text.stdout.splitlines():
        m = re.match(r"(\S+_(?:ns|us|bytes))\s+([\d.]+)", line)
        if m:
            figures[m.group(1)] = float(m.group(2))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", default=str(default_reference()))
    parser.add_argument("--reps", type=int, default=11, help="repetitions inside each binary")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each binary, in turn")
    args = parser.parse_args()
    reference = pathlib.Path(args.reference)
    if not reference.exists():
        print(f"reference {reference} not found; pass --reference PATH", file=sys.stderr)
        return 2
    core = sorted((ROOT / "cpp" / "src").rglob("*.cc"))
    benches = ("playout_bench.cc", "micro_bench.cc", "solver_call_bench.cc")
    ours_sources = [*(NATIVE / name for name in benches), *core]
    includes = ["-I", str(ROOT / "cpp" / "include"), "-I", str(ROOT / "cpp" / "src")]
    with tempfile.TemporaryDirectory() as tmp:
        ref_bin = pathlib.Path(tmp) / "bitmask_limit"
        native_bin = pathlib.Path(tmp) / "bitmask_limit_native"
        our_bin = pathlib.Path(tmp) / "playout_bench"
        build(ref_bin, [reference], [])
        build(native_bin, [reference], ["-march=native"])
        build(our_bin, ours_sources, includes)
        rounds: dict[str, list[dict[str, float]]] = {"ref": [], "native": [], "ours": []}
        for _ in range(args.rounds):
            rounds["ref"].append(run([str(ref_bin), str(args.reps)]))
            rounds["native"].append(run([str(native_bin), str(args.reps)]))
            rounds["ours"].append(run([str(our_bin), str(args.reps)]))
    med = {
        name: {key: statistics.median(r[key] for r in runs) for key in runs[0]}
        for name, runs in rounds.items()
    }
    ref, native, ours = med["ref"], med["native"], med["ours"]
    print(f"medians of {args.rounds} rounds of {args.reps} repetitions; flags {' '.join(FLAGS)}")
    header = f"{'measure':28} {'ref same':>9} {'ref native':>10} {'ours':>9}"
    print(f"{header} {'/same':>7} {'/native':>8}")
    for ours_key, ref_key in COMPARED:
        a, b, o = ref[ref_key], native[ref_key], ours[ours_key]
        print(f"{ours_key:28} {a:9.2f} {b:10.2f} {o:9.2f} {o / a:6.2f}x {o / b:7.2f}x")
    for key in OURS_ONLY + tuple(k for k in ours if k.endswith("_us")):
        print(f"{key:28} {'':9} {'':10} {ours[key]:9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
