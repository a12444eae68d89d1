"""Run every fuzz target (``fuzz_*.py`` in this folder) for a while, each in its own process.

    python tests/fuzz/run.py --seconds 20          # a short run of each target
    python -m tests.fuzz.run --seconds 3600 --only json
    python tests/fuzz/run.py --make-seeds          # rewrite the seed corpus from the games

Each target starts from its corpus, ``tests/fuzz/corpus/<target>/`` (``<target>`` is the file
name without ``fuzz_`` and ``.py``). New inputs that reach new code are added to it, so a long
run grows the kept corpus; ``--scratch`` puts them in a temporary folder instead (a CI run
leaves the tree as it was). Crashing inputs go to ``--artifacts`` (default
``build/fuzz-artifacts/<target>/``), outside the corpus. The exit status is 0 when no target
found anything.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def targets() -> dict[str, Path]:
    """Every fuzz target of this folder, by name."""
    return {p.stem.removeprefix("fuzz_"): p for p in sorted(HERE.glob("fuzz_*.py"))}


def run_target(name: str, script: Path, seconds: int, scratch: Path | None, artifacts: Path) -> int:
    corpus = HERE / "corpus" / name
    corpus.mkdir(parents=True, exist_ok=True)
    out = artifacts / name
    out.mkdir(parents=True, exist_ok=True)
    folders = [str(corpus)]
    if scratch is not None:  # libFuzzer writes new inputs into the first folder it is given
        work = scratch / name
        work.mkdir(parents=True, exist_ok=True)
        folders.insert(0, str(work))
    command = [
        sys.executable,
        str(script),
        *folders,
        f"-max_total_time={seconds}",
        f"-artifact_prefix={out}/",
        "-rss_limit_mb=4096",
        "-timeout=60",
        "-print_final_stats=1",
    ]
    print(f"== {name}: {seconds} s, corpus {corpus.relative_to(ROOT)}", flush=True)
    return subprocess.run(command, cwd=ROOT).returncode


def make_seeds() -> None:
    """Write the seed corpus of every target from ``harness.seed_inputs``."""
    sys.path.insert(0, str(HERE))
    import harness  # noqa: PLC0415  (only this command needs the games loaded)

    for name in targets():
        folder = HERE / "corpus" / name
        folder.mkdir(parents=True, exist_ok=True)
        count = 0
        for data in harness.seed_inputs(name):
            (folder / f"seed-{hashlib.sha1(data).hexdigest()[:16]}").write_bytes(data)
            count += 1
        print(f"{name}: {count} seeds")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=20, help="time per target (default 20)")
    parser.add_argument("--only", action="append", help="run only this target (repeatable)")
    parser.add_argument("--scratch", action="store_true", help="keep new inputs out of the corpus")
    parser.add_argument("--artifacts", type=Path, default=ROOT / "build" / "fuzz-artifacts")
    parser.add_argument("--make-seeds", action="store_true", help="rewrite the seed corpus")
    args = parser.parse_args(argv)
    if args.make_seeds:
        make_seeds()
        return 0
    chosen = {k: v for k, v in targets().items() if not args.only or k in args.only}
    unknown = set(args.only or ()) - set(targets())
    if unknown:
        parser.error(f"unknown targets {sorted(unknown)}; targets: {', '.join(targets())}")
    failed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        scratch = Path(tmp) if args.scratch else None
        for name, script in chosen.items():
            if run_target(name, script, args.seconds, scratch, args.artifacts) != 0:
                failed.append(name)
    print("findings in: " + ", ".join(failed) if failed else "no findings", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
