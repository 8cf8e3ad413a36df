"""Ctrl-C at start-up, measured from outside: start the installed ``contrarius`` command,
send it SIGINT after t ms for a sweep of t, and count what each run printed.

    python benchmarks/sigint_window.py                      # contrarius beside this python
    python benchmarks/sigint_window.py --contrarius PATH --runs 20 --max-ms 150 --step-ms 5

Run it with the interpreter of a plain install (``pip install .``, not editable): the
command measured is the one a player types. Outcomes per run:

- ``one-line``: exit 130 and one line on stderr, ``contrarius: interrupted; ...`` (the promise;
  after the command's report when it had printed it: "interrupted after ... was written");
- ``killed``: killed by SIGINT itself, nothing printed (before Python installs any handler);
- ``python-startup``: Python's own message while it starts, before any of contrarius's code
  runs: "Fatal Python error: init_import_site" (or another ``init_*``, exit 1) while ``site``
  runs; "Failed checking if argv[0] is an import path entry" and a KeyboardInterrupt in
  ``zipimport`` (Python looks whether the script is a zip application; it then runs the
  command anyway); or a KeyboardInterrupt at "line 0" of the script (the signal came while
  Python read and compiled it, before its first statement). README's "Exit codes" names
  this window; nothing can be written in it;
- ``traceback``: a traceback after Python's start-up (the window this script watches);
- ``done``: the command had finished (exit 0) before the signal;
- ``other``: anything else (the first ones are printed).

It exits 1 when any run is ``traceback`` or ``other``. A script, not a test: which delays hit
depends on the machine and its load. Each delay is tried ``--runs`` times, in a shuffled
order, each at a random point inside its step.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("one-line", "killed", "python-startup", "traceback", "done", "other")


def classify(rc: int, err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    frames = [line for line in lines if line.lstrip().startswith("File ")]
    if "Fatal Python error: init_" in err or "Failed checking if argv[0] is an import path entry" in err or (
            "Traceback" in err and frames and all(f.endswith(", line 0, in <module>") for f in frames)):
        return "python-startup"
    if "Traceback" in err or "KeyboardInterrupt" in err:
        return "traceback"
    if rc == 130 and lines and lines[-1].startswith("contrarius: interrupted") and not any(
            line.startswith("contrarius:") for line in lines[:-1]):
        return "one-line"
    if rc == -signal.SIGINT and not lines:
        return "killed"
    if rc == 0:
        return "done"
    return "other"


def one_run(command: list[str], delay_ms: float, cwd: str) -> tuple[str, int, str]:
    env = dict(os.environ)
    env.pop("PYTHONUNBUFFERED", None)
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            restore_signals=True)
    time.sleep(delay_ms / 1000)
    try:
        proc.send_signal(signal.SIGINT)
    except ProcessLookupError:
        pass
    _out, err = proc.communicate(timeout=60)
    text = err.decode("utf-8", "replace")
    return classify(proc.returncode, text), proc.returncode, text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contrarius", default=str(Path(sys.executable).parent / "contrarius"),
                        help="the command to start (default: contrarius beside this python)")
    parser.add_argument("--runs", type=int, default=10, help="runs per delay")
    parser.add_argument("--max-ms", type=float, default=150)
    parser.add_argument("--step-ms", type=float, default=5)
    parser.add_argument("--command", default="play",
                        choices=("play", "show"), help="play mercator -i, or show")
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args(argv)
    # a shell starts background jobs with SIGINT ignored, and a child inherits that: handled
    # here, it is the default again in each command started (exec resets a handled signal)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    rng = random.Random(args.seed)
    example = ROOT / "examples" / "italia-setup.yaml"
    work = tempfile.mkdtemp(prefix="sigint-window-")
    try:
        game = Path(work) / "game.yaml"
        steps = int(args.max_ms // args.step_ms) + 1
        plan = [(i, r) for i in range(steps) for r in range(args.runs)]
        rng.shuffle(plan)
        table: dict[int, collections.Counter] = collections.defaultdict(collections.Counter)
        samples: dict[str, list[str]] = collections.defaultdict(list)
        for step, _run in plan:
            delay = step * args.step_ms + rng.uniform(0, args.step_ms)
            if args.command == "play":
                shutil.copyfile(example, game)
                history = Path(str(game) + ".history")
                if history.exists():
                    history.unlink()
                command = [args.contrarius, "play", "mercator", "--die", "wine", str(game), "-i"]
            else:
                command = [args.contrarius, "show", str(example)]
            kind, rc, err = one_run(command, delay, work)
            table[step][kind] += 1
            if kind in ("traceback", "other", "python-startup") and len(samples[kind]) < 2:
                samples[kind].append(f"--- {kind} at {delay:.1f} ms, exit {rc}:\n{err.rstrip()}")
        print(f"{args.contrarius} {args.command}: {args.runs} runs per {args.step_ms:g} ms step")
        print(f"{'ms':>9}  " + "  ".join(f"{k:>14}" for k in KINDS))
        total: collections.Counter = collections.Counter()
        for step in range(steps):
            row = table[step]
            total.update(row)
            low = step * args.step_ms
            print(f"{low:4g}-{low + args.step_ms:<4g}  " + "  ".join(f"{row[k]:>14}" for k in KINDS))
        print(f"{'total':>9}  " + "  ".join(f"{total[k]:>14}" for k in KINDS))
        startup = [step * args.step_ms for step in range(steps) if table[step]["python-startup"]]
        if startup:
            print(f"python-startup seen from {min(startup):g} to {max(startup) + args.step_ms:g} ms")
        for kind in ("traceback", "other", "python-startup"):
            for sample in samples[kind]:
                print(sample)
        return 1 if total["traceback"] or total["other"] else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
