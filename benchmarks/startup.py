"""Start-up time of the command line, as a ratio to a bare Python start in the same run.

Run from the project root::

    python benchmarks/startup.py              # 15 rounds
    python benchmarks/startup.py --rounds 30 --check

Each round starts, one after the other (so machine load hits them alike): ``python -c
pass`` (the baseline), ``riftlog --help`` and ``riftlog play --help`` (the same
interpreter running the installed ``riftlog`` entry point).  The median of the rounds
counts.  The CLI imports its heavy modules (the store, the engine, the card catalog)
inside the commands that need them, so a command's start pays only for what it uses.
``--check`` exits 1 when ``riftlog --help`` takes 3x the baseline or more.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

TARGET = 3.0


def _command(args: list[str]) -> list[str]:
    script = Path(sys.executable).with_name("riftlog")
    if script.exists():
        return [sys.executable, str(script), *args]
    return [sys.executable, "-c", "from riftlog.cli import main; main()", *args]


def _time(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--check", action="store_true", help=f"exit 1 at {TARGET}x or more")
    args = ap.parse_args(argv)
    contenders = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "riftlog --help": _command(["--help"]),
        "riftlog play --help": _command(["play", "--help"]),
    }
    times: dict[str, list[float]] = {k: [] for k in contenders}
    for _ in range(args.rounds):
        for name, cmd in contenders.items():
            times[name].append(_time(cmd))
    base = statistics.median(times["python -c pass"])
    print(f"start-up, median of {args.rounds} rounds (interleaved)")
    ok = True
    for name, samples in times.items():
        med = statistics.median(samples)
        ratio = med / base
        print(f"  {name:22} {med * 1000:7.1f} ms   {ratio:5.2f}x python -c pass")
        if name == "riftlog --help" and ratio >= TARGET:
            ok = False
    print(f"target: riftlog --help under {TARGET:.0f}x: {'met' if ok else 'NOT met'}")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
