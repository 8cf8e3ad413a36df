"""Time whole ``contrarius`` processes against the floor set by its dependencies.

Not a test: run it by hand (``python benchmarks/bench_play.py``). It times, as separate
processes started the way a user starts them, from a temporary folder (so that the
interpreter's installed contrarius runs, not the checkout's; measure a plain ``pip install
.`` as users get it, an editable install adds import-hook time):

- ``play CARD SNAPSHOT -o OUT`` and ``play CARD SNAPSHOT --json -o OUT`` on an Imperium
  expert mid-game snapshot (``examples/imperium-expert-midgame.yaml``; if it is missing, one
  is made in a temporary folder with ``new --board imperium --level expert --seed 11`` and
  ten plays); CARD is a card in the player's hand whose reaction builds a house (Mercator,
  else Tribune, Senator, Consul);
- ``where SNAPSHOT`` (every face) and ``preview --all SNAPSHOT`` (every card) on it;
- ``play`` and ``where`` again in Brazilian Portuguese (``CONTRARIUS_LANG=pt_BR``: the
  catalog opened, every line translated): each at most :data:`PT_FACTOR` times its English row;
- a TAB completion of ``contrarius play prefect SNAPSHOT --produce `` (bash protocol, the
  console script beside the interpreter);
- ``session SNAPSHOT`` fed from a pipe: the time of one answer (a ``where`` asked inside the
  session: every die face, the same table as the command) inside the one process, without
  a process start: the time of a session answering eleven minus one answering one,
  divided by ten;
- ``python -c "import typer, rich.console, yaml"``: the floor, the start-up cost of the
  interpreter and the libraries contrarius is built on, which no change to contrarius
  can remove.

Bytecode is cached as in an installed package (in the temporary folder, through
``PYTHONPYCACHEPREFIX``), also where ``PYTHONDONTWRITEBYTECODE`` is set;
``--no-bytecode-cache`` measures the environment as it is. Each timed command runs right
after a floor run (floor, play, floor, where, ...) so that a busy machine slows both alike;
a warm-up round fills the disk and bytecode caches first. It prints the median of each,
its ratio to the floor's median and its target (:data:`TARGETS`), and exits 1 when a ratio is
above its target. Results, and what was done to reach them: ``benchmarks/README.md``.

``--instructions`` counts instead of timing: each command (and the floor) runs once under
valgrind's callgrind (``valgrind --tool=callgrind``, Debian's ``valgrind``), which counts the
instructions executed, the same count run after run whatever else the machine is doing
(``PYTHONHASHSEED=0``). It judges the pt_BR rows only (each at most :data:`PT_FACTOR` times
its English row's count: a difference of a few per cent that a busy machine's timings
cannot show); the ratios to the floor are printed for information (:data:`TARGETS` are of
time). A ``session`` answer is not counted (it is a difference of two timed sessions).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "imperium-expert-midgame.yaml"
FLOOR = [sys.executable, "-c", "import typer, rich.console, yaml"]
#: Plays that make a mid-game from a fresh expert game (dice rolled from the seed).
SETUP_PLAYS = [
    ["mercator"], ["prefect", "--produce", "Gallia"], ["architect"], ["pm", "--produce", "Hispania"],
    ["tribune"], ["diplomat", "--copy", "Colonist", "--money"], ["mercator"], ["architect"],
    ["prefect", "--produce", "Italia"], ["pm", "--reactivate"],
]
#: Cards whose reaction builds a house (the heaviest work), best first; no extra option needed.
BUILDING_CARDS = ("Mercator", "Tribune", "Senator", "Consul")
#: The environment of every timed process (see main: bytecode cache).
ENV = dict(os.environ)
#: The working folder of every timed process: the temporary folder (set in main), so that
#: ``python -m contrarius`` imports the package installed in the interpreter's environment,
#: not the checkout.
CWD = ROOT


def contrarius(*args: str) -> list[str]:
    """The command line of ``contrarius ARGS`` with this interpreter."""
    return [sys.executable, "-m", "contrarius", *args]


def run(cmd: list[str], extra_env: dict[str, str] | None = None) -> float:
    """Run ``cmd`` once (``extra_env`` added to the environment); return its wall-clock
    time in seconds. Stops on a failure."""
    env = {**ENV, **extra_env} if extra_env else ENV
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=CWD, env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"bench_play: {' '.join(cmd)} failed (exit {proc.returncode}):\n{proc.stderr.decode(errors='replace')}")
    return elapsed


def count(cmd: list[str], extra_env: dict[str, str] | None = None) -> int:
    """Run ``cmd`` once under callgrind; return the instructions it executed (callgrind's
    ``Collected`` total; its profile is not kept). Stops on a failure."""
    env = {**ENV, **(extra_env or {}), "PYTHONHASHSEED": "0"}
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=CWD, env=env)
    found = re.search(rb"Collected : (\d+)", proc.stderr)
    if proc.returncode != 0 or found is None:
        sys.exit(f"bench_play: valgrind {' '.join(cmd)} failed (exit {proc.returncode}):\n{proc.stderr.decode(errors='replace')}")
    return int(found.group(1))


def midgame(folder: Path) -> Path:
    """The mid-game snapshot: the example if present, else one made with the program."""
    snap = folder / "midgame.yaml"
    if EXAMPLE.exists():
        shutil.copyfile(EXAMPLE, snap)
        return snap
    run(contrarius("new", "--board", "imperium", "--level", "expert", "--seed", "11", "-o", str(snap)))
    for play in SETUP_PLAYS:
        run(contrarius("play", play[0], str(snap), *play[1:], "-i"))
    return snap


def card_to_play(snap: Path) -> str:
    """A card the player holds whose reaction builds (Mercator when the hand is not recorded)."""
    import yaml

    data = yaml.safe_load(snap.read_text(encoding="utf-8"))
    hand = (data.get("players") or [{}])[0].get("hand")
    if hand is None:
        return "mercator"
    names = {c if isinstance(c, str) else c.get("name") for c in hand}
    for name in BUILDING_CARDS:
        if name in names:
            return name.casefold()
    sys.exit(f"bench_play: no card of {', '.join(BUILDING_CARDS)} in the hand of {snap}")


def commands(folder: Path, snap: Path, card: str) -> dict[str, tuple[list[str], dict[str, str]]]:
    """Every timed command: its name -> (command line, extra environment)."""
    out = str(folder / "out.yaml")
    tab = "contrarius play prefect " + str(snap) + " --produce "
    return {
        "play": (contrarius("play", card, str(snap), "-o", out), {}),
        "play --json -o": (contrarius("play", card, str(snap), "--json", "-o", out), {}),
        "where": (contrarius("where", str(snap)), {}),
        "preview": (contrarius("preview", "--all", str(snap)), {}),
        # completion runs the console script: its name gives the variable the scripts in
        # completions/ set (_CONTRARIUS_COMPLETE)
        # Portuguese (issue 26): the same commands with the pt_BR catalog (PT_ROWS)
        "play pt_BR": (contrarius("play", card, str(snap), "-o", out), {"CONTRARIUS_LANG": "pt_BR"}),
        "where pt_BR": (contrarius("where", str(snap)), {"CONTRARIUS_LANG": "pt_BR"}),
        "TAB --produce": ([str(Path(sys.executable).parent / "contrarius")], {"_CONTRARIUS_COMPLETE": "complete_bash", "COMP_WORDS": tab,
                                         "COMP_CWORD": str(len(tab.split()))}),
    }


#: The wanted ratio of each command to the floor (``benchmarks/README.md``). A session answer is timed inside one
#: process: its ratio is the time of one answer to the floor's (a whole process start).
#: A TAB is felt on every word typed: at most half the floor (the fast path of
#: ``contrarius/tab/fast.py``, before typer and rich load); a session answer at most a
#: twentieth (about 4 ms).
TARGETS = {"play": 1.1, "play --json -o": 1.0, "where": 1.1, "preview": 1.2, "TAB --produce": 0.5,
           "session answer": 0.05, "play pt_BR": 1.1 * 1.05, "where pt_BR": 1.1 * 1.05}
#: A Portuguese row -> its English row: the Portuguese one (the catalog opened, every line
#: translated) is at most this much slower than the English one.
PT_ROWS = {"play pt_BR": "play", "where pt_BR": "where"}
PT_FACTOR = 1.05
#: Answers of the timed sessions: ``where`` asked this many times, then ``quit``.
SESSION_ANSWERS = (1, 11)


def session_answer(folder: Path, snap: Path) -> float:
    """The time of one answer inside ``contrarius session`` (seconds): a session fed
    ``where`` eleven times minus one fed it once, divided by ten (the process start, the
    reading of the snapshot and the ``quit`` cancel out). The snapshot is a copy: a session
    writes nothing for ``where``, but it holds the file's lock."""
    copy = folder / "session.yaml"
    shutil.copyfile(snap, copy)
    few, many = (_session_run(copy, n) for n in SESSION_ANSWERS)
    return (many - few) / (SESSION_ANSWERS[1] - SESSION_ANSWERS[0])


def _session_run(snap: Path, answers: int) -> float:
    """Wall-clock seconds of one ``session`` process answering ``where`` ``answers`` times."""
    text = "where\n" * answers + "quit\n"
    start = time.perf_counter()
    proc = subprocess.run(contrarius("session", str(snap)), input=text.encode(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, cwd=CWD, env=ENV)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"bench_play: session {snap} failed (exit {proc.returncode}):\n{proc.stderr.decode(errors='replace')}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each command (default 15)")
    parser.add_argument("--warmup", type=int, default=2, help="untimed runs of each first (default 2)")
    parser.add_argument("--only", action="append", choices=sorted(TARGETS), help="time only this command (repeat)")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="keep the environment as it is, even PYTHONDONTWRITEBYTECODE (every run then compiles contrarius)")
    parser.add_argument("--instructions", action="store_true",
                        help="count the instructions of one run of each command under valgrind's callgrind instead of timing")
    args = parser.parse_args(argv)
    if args.instructions and shutil.which("valgrind") is None:
        sys.exit("bench_play: --instructions needs valgrind (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="contrarius-bench-") as tmp:
        folder = Path(tmp)
        global CWD
        CWD = folder
        if not args.no_bytecode_cache:
            # An installed package runs from cached bytecode; a checkout under
            # PYTHONDONTWRITEBYTECODE=1 would compile every module on every run. Cache it in
            # the temporary folder (never in the checkout); the warm-up runs fill the cache.
            ENV.pop("PYTHONDONTWRITEBYTECODE", None)
            ENV["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        snap = midgame(folder)
        card = card_to_play(snap)
        cmds = {k: v for k, v in commands(folder, snap, card).items() if not args.only or k in args.only}
        timing_session = (not args.only or "session answer" in args.only) and not args.instructions
        for _ in range(args.warmup):
            run(FLOOR)
            for cmd, env in cmds.values():
                run(cmd, env)
            if timing_session:
                session_answer(folder, snap)
        if args.instructions:  # the bytecode cache is warm: one count of each
            return report_counts(count(FLOOR), {name: count(cmd, env) for name, (cmd, env) in cmds.items()})
        # one round: floor, a command, floor, the next command, ...: each command is compared
        # with the floor runs just before it (a busy machine slows both alike)
        floor_times: list[float] = []
        times: dict[str, list[float]] = {k: [] for k in cmds}
        for _ in range(args.runs):
            for name, (cmd, env) in cmds.items():
                floor_times.append(run(FLOOR))
                times[name].append(run(cmd, env))
            if timing_session:
                times.setdefault("session answer", []).append(session_answer(folder, snap))
    floor_med = statistics.median(floor_times)
    print(f"python:   {sys.executable} ({sys.version.split()[0]}), {os.cpu_count()} CPUs, "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"runs:     {args.runs} of each command, each after a floor run, after {args.warmup} warm-up rounds; "
          f"bytecode {'as the environment says' if args.no_bytecode_cache else 'cached (as installed)'}")
    print(f"card:     play {card} on the Imperium expert mid-game")
    print(f"{'command':<16} {'median ms':>9} {'ratio':>6} {'target':>6}")
    print(f"{'floor':<16} {floor_med * 1000:9.1f}")
    above = 0
    for name, ts in times.items():
        ratio = statistics.median(ts) / floor_med
        ok = ratio <= TARGETS[name]
        above += not ok
        english = PT_ROWS.get(name)
        if english in times:
            to_english = statistics.median(ts) / statistics.median(times[english])
            ok = ok and to_english <= PT_FACTOR
            above += not ok and ratio <= TARGETS[name]
            print(f"{name:<16} {statistics.median(ts) * 1000:9.1f} {ratio:6.2f} {TARGETS[name]:6.2f}  {'OK' if ok else 'ABOVE'}"
                  f" ({to_english:.3f}x {english}, at most {PT_FACTOR}x)")
            continue
        print(f"{name:<16} {statistics.median(ts) * 1000:9.1f} {ratio:6.2f} {TARGETS[name]:6.2f}  {'OK' if ok else 'ABOVE'}")
    return 1 if above else 0


def report_counts(floor: int, counts: dict[str, int]) -> int:
    """Print the instruction counts, their ratios to the floor's and each pt_BR row's ratio
    to its English row; return 1 when a pt_BR row is above :data:`PT_FACTOR`. The floor
    ratios are shown, not judged: :data:`TARGETS` are ratios of time, and a process's time
    is not in proportion to its instructions (loading the interpreter's shared libraries,
    page faults and reading files cost time and few instructions)."""
    print(f"python:   {sys.executable} ({sys.version.split()[0]}); instructions counted by valgrind's callgrind, one run each")
    print(f"{'command':<16} {'instructions':>14} {'ratio':>6}")
    print(f"{'floor':<16} {floor:14,d}")
    above = 0
    for name, n in counts.items():
        english = PT_ROWS.get(name)
        extra = ""
        if english in counts:
            to_english = n / counts[english]
            ok = to_english <= PT_FACTOR
            above += not ok
            extra = f"  {'OK' if ok else 'ABOVE'} ({to_english:.3f}x {english}, at most {PT_FACTOR}x)"
        print(f"{name:<16} {n:14,d} {n / floor:6.2f}{extra}")
    return 1 if above else 0


if __name__ == "__main__":
    sys.exit(main())
