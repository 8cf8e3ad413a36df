"""Start-up: a command loads what it uses and nothing more.

Not timed (timings belong to benchmarks/): these tests check WHICH modules a command
imports, in a fresh process started like ``contrarius ...``. A solo ``play`` never loads
the team and third-player rules; one command never loads the other commands' modules.
"""

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "imperium-expert-midgame.yaml"

PROBE = """
import atexit, os, sys
sys.argv = ["contrarius", *sys.argv[1:]]
import dataclasses
made = []
def counted(cls, *args, _made=dataclasses._process_class):
    made.append(f"{cls.__module__}.{cls.__qualname__}")
    return _made(cls, *args)
dataclasses._process_class = counted
import contrarius.cli
import contrarius.cli.process
contrarius.cli.process.exit_now = lambda code, *_: sys.exit(code)  # the probe reports after the command (main ends with os._exit)
try:
    contrarius.cli.main()
except SystemExit:
    pass
sys.stderr.write("\\nATEXIT=%d" % atexit._ncallbacks())
sys.stderr.write("\\nMODULES=" + ",".join(sorted(m for m in sys.modules if m.startswith(("contrarius", "pydantic", "typer.rich_utils", "hashlib", "json", "rich.")))) + "\\n")
made += [f"{m}.{name}" for m, mod in list(sys.modules.items()) if m.startswith("contrarius")
         for name, obj in vars(mod).items() if isinstance(obj, type) and "__dataclass_fields__" in vars(obj)]
sys.stderr.write("\\nDATACLASSES=" + ",".join(sorted(set(x for x in made if x.startswith("contrarius")))) + "\\n")
"""


def probe(tmp_path, *args, env=None) -> dict:
    """What a process running ``contrarius ARGS`` loaded: ``MODULES``, the contrarius (and
    pydantic, typer.rich_utils, hashlib, json, rich) modules it imported, ``DATACLASSES``,
    the contrarius classes made into dataclasses on the way, and ``ATEXIT``, how many
    ``atexit`` functions were registered when it ended."""
    import os

    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, **(env or {})})
    out = {}
    for key in ("MODULES", "DATACLASSES", "ATEXIT"):
        line = [x for x in proc.stderr.splitlines() if x.startswith(f"{key}=")]
        assert line, proc.stderr
        out[key] = set(filter(None, line[-1][len(key) + 1:].split(",")))
    out["ATEXIT"] = int(out["ATEXIT"].pop())
    return out


def loaded(tmp_path, *args, env=None):
    """The contrarius (and pydantic, typer.rich_utils, hashlib, json, rich) modules a process
    running ``contrarius ARGS`` imported, and ``ATEXIT=N``: how many ``atexit`` functions
    were registered when it ended."""
    got = probe(tmp_path, *args, env=env)
    return got["MODULES"] | {f"ATEXIT={got['ATEXIT']}"}


def test_the_command_table_matches_what_the_modules_register():
    import importlib

    import contrarius.cli as cli

    registered = []
    for mod in dict.fromkeys(cli.COMMAND_MODULES.values()):
        app = cli._new_app()
        importlib.import_module(f"contrarius.cli.{mod}").register(app)
        registered += [(c.name, mod) for c in app.registered_commands]
    assert dict(registered) == cli.COMMAND_MODULES
    # the order of `contrarius --help`
    assert [c.name for c in cli.app.registered_commands] == list(cli.COMMAND_MODULES)


def test_a_solo_play_loads_neither_team_play_nor_the_other_commands(tmp_path):
    mods = loaded(tmp_path, "play", "senator", str(EXAMPLE), "-o", str(tmp_path / "out.yaml"))
    assert (tmp_path / "out.yaml").exists()
    assert "contrarius.rules.modes.solo" in mods and "contrarius.cli.commands.play" in mods
    for mod in ("contrarius.rules.modes.team", "contrarius.rules.modes.third_player", "contrarius.rules.modes.twoplayer",
                "contrarius.cli.session.command", "contrarius.cli.session.flow", "contrarius.cli.commands.score",
                "contrarius.cli.commands.game", "contrarius.cli.commands.preview", "contrarius.rules.preview", "contrarius.rules.setup"):
        assert mod not in mods, f"a solo play imported {mod}"


def test_a_team_game_still_loads_team_play(tmp_path):
    snap = tmp_path / "team.yaml"
    mods = loaded(tmp_path, "new", "--board", "italia", "--mode", "team", "--seed", "4", "-o", str(snap))
    assert "contrarius.rules.modes.team" in mods and "contrarius.rules.modes.third_player" not in mods
    mods = loaded(tmp_path, "new", "--board", "italia", "--mode", "third-player", "--seed", "4", "-o", str(tmp_path / "t.yaml"))
    assert "contrarius.rules.modes.third_player" in mods and "contrarius.rules.modes.team" not in mods


def test_a_solo_preview_loads_no_team_play(tmp_path):
    # a solo game's preview (every card) needs no team play, no third-player
    # variant and no setup; a third-player game's preview still loads its variant
    mods = loaded(tmp_path, "preview", "--all", str(EXAMPLE))
    assert "contrarius.rules.preview" in mods and "contrarius.rules.modes.solo" in mods
    for mod in ("contrarius.rules.modes.team", "contrarius.rules.modes.third_player", "contrarius.rules.modes.twoplayer", "contrarius.rules.setup"):
        assert mod not in mods, f"a solo preview imported {mod}"
    snap = tmp_path / "t.yaml"
    loaded(tmp_path, "new", "--board", "italia", "--mode", "third-player", "--seed", "4", "-o", str(snap))
    mods = loaded(tmp_path, "preview", "--all", str(snap))
    assert "contrarius.rules.modes.third_player" in mods


def test_where_loads_no_rules_of_play(tmp_path):
    mods = loaded(tmp_path, "where", str(EXAMPLE))
    assert "contrarius.cli.commands.where" in mods
    for mod in ("contrarius.rules.game", "contrarius.rules.modes.solo", "contrarius.cli.commands.play", "contrarius.cli.session.flow"):
        assert mod not in mods, f"where imported {mod}"


@pytest.mark.parametrize("line, expect", [
    ("contrarius play prefect {snap} --produce ", "contrarius.cli.commands.play"),
    ("contrarius ", "contrarius.cli.session.command"),  # the command names: every command
])
def test_a_tab_loads_the_command_it_completes(tmp_path, line, expect):
    line = line.format(snap=EXAMPLE)
    mods = loaded(tmp_path, env={"_CONTRARIUS_COMPLETE": "complete_bash", "COMP_WORDS": line,
                                 "COMP_CWORD": str(len(line.split()))})
    assert expect in mods
    if "play" in line:
        assert "contrarius.cli.session.flow" not in mods and "contrarius.cli.commands.game" not in mods


@pytest.mark.parametrize("args", [
    ["play", "senator", "{snap}", "-o", "{out}"],
    ["play", "tribune", "{snap}", "--json", "-o", "{out}"],
    ["where", "{snap}"],
    ["preview", "{snap}"],
])
def test_a_command_with_plain_values_never_imports_pydantic(tmp_path, args):
    from test_typer_hooks import FIX

    mods = loaded(tmp_path, *(a.format(snap=EXAMPLE, out=tmp_path / "out.yaml") for a in args))
    assert "contrarius.cli" in mods
    assert "pydantic" not in mods, f"{' '.join(args)} imported pydantic: {FIX}"


@pytest.mark.parametrize("args, allowed", [
    (["play", "tribune", "{snap}", "-o", "{out}"], ()),
    (["play", "tribune", "{snap}", "--json", "-o", "{out}"], ("json",)),
    (["where", "{snap}"], ()),
    (["preview", "--all", "{snap}"], ()),
])
def test_a_command_loads_no_hash_json_or_emoji_table_it_does_not_use(tmp_path, args, allowed):
    """``hashlib`` only for an undo history (a loaded snapshot is compared by its
    text), ``json`` only for JSON (the log check walks the entries; ``preview`` merges its
    outcomes without it), rich's table of emoji
    names never (reports are printed without emoji codes). Run twice: the second ``-o`` finds
    its own earlier output (the same game: compared without parsing both texts)."""
    argv = [a.format(snap=EXAMPLE, out=tmp_path / "out.yaml") for a in args]
    for _ in range(2):
        mods = loaded(tmp_path, *argv)
        assert "contrarius.cli" in mods
        for mod in ("hashlib", "json", "rich._emoji_codes"):
            if mod not in allowed:
                assert mod not in mods, f"{' '.join(args)} imported {mod}"


@pytest.mark.parametrize("args", [
    ["play", "senator", "{snap}", "-o", "{out}"],
    ["preview", "{snap}"],
    ["show", "{snap}"],
    ["play", "mercator", "{snap}", "--bogus"],  # a usage error is one line, no help page
])
def test_only_a_help_page_loads_the_rich_help(tmp_path, args):
    # --help renders typer's rich help (panels); its tables and panels are
    # imported when a page is shown, never by a command that shows none
    mods = loaded(tmp_path, *(a.format(snap=EXAMPLE, out=tmp_path / "out.yaml") for a in args))
    assert "contrarius.cli" in mods
    assert "contrarius.cli.helptext" not in mods and "typer.rich_utils" not in mods, args
    assert {"contrarius.cli.helptext", "typer.rich_utils"} <= loaded(tmp_path, *args[:1], "--help")


#: TAB after ``play prefect SNAPSHOT --produce`` (the provinces of the game)
TAB = {"_CONTRARIUS_COMPLETE": "complete_bash", "COMP_WORDS": f"contrarius play prefect {EXAMPLE} --produce ",
       "COMP_CWORD": "5"}


@pytest.mark.parametrize("args, env", [
    (["play", "senator", "{snap}", "-o", "{out}"], None),
    (["play", "tribune", "{snap}", "--json", "-o", "{out}"], None),
    (["where", "{snap}"], None),
    (["preview", "--all", "{snap}"], None),
    ([], TAB),
])
def test_the_common_commands_make_no_dataclass_at_start_up(tmp_path, args, env):
    """A ``@dataclass`` compiles its methods with ``exec`` at every start (~0.3 ms a
    class, never in the ``.pyc``). The classes these commands load are plain
    :class:`contrarius.records.Record` classes or ``NamedTuple`` classes instead; the modules
    of other commands (campaign, scoring, picture, session) may keep theirs."""
    got = probe(tmp_path, *(a.format(snap=EXAMPLE, out=tmp_path / "out.yaml") for a in args), env=env)
    assert {"contrarius.cli", "contrarius.material.board", "contrarius.store.snapshot_text"} <= got["MODULES"]
    assert got["DATACLASSES"] == set(), f"contrarius {' '.join(args) or 'TAB'} made dataclasses: {sorted(got['DATACLASSES'])}"


def test_the_probe_sees_a_dataclass(tmp_path):
    # the guard above can fail: ``score`` loads the scoring rules, whose classes stay dataclasses
    got = probe(tmp_path, "score", str(EXAMPLE))
    assert {"contrarius.rules.scoring.FinalScore", "contrarius.rules.scoring.GodScore"} <= got["DATACLASSES"]


def test_a_record_names_the_parameters_of_its_init():
    """``_fields`` (equality, repr, ``_replace``, a team action made from a player's action)
    lists a record's ``__init__`` parameters in order, and ``__init__`` keeps each value
    under its own name: a field added to one and not the other, or stored under another
    name, fails here."""
    import importlib

    from contrarius.records import Record

    for mod in ("material.board", "model.variants", "model.snapshot", "store.snapshot_text", "store.atomic", "store.history", "rules.build",
                "rules.variants.solo_variants", "rules.contrarius_part", "rules.player_part", "rules.setup", "rules.modes.twoplayer", "rules.preview"):
        importlib.import_module(f"contrarius.{mod}")
    seen, todo = [], list(Record.__subclasses__())
    while todo:
        cls = todo.pop()
        seen.append(cls.__name__)
        todo += cls.__subclasses__()
        values = {name: object() for name in cls._fields}
        by_name = cls(**values)
        assert {n: getattr(by_name, n) for n in cls._fields} == values, cls
        if cls.__name__ != "TeamAction":  # its own fields are keyword-only (after PlayerAction's)
            by_position = cls(*values.values())
            assert {n: getattr(by_position, n) for n in cls._fields} == values, cls
        assert by_name._replace() == by_name and by_name._replace() is not by_name
    assert {"Snapshot", "Board", "PlayerAction", "TeamAction", "TurnResult", "BuildRuling", "Outcome", "Summary"} <= set(seen)
    assert len(seen) == len(set(seen)) >= 29


@pytest.mark.parametrize("args", [["play", "senator", "{ex}", "-o", "{out}"], ["play", "senator", "{ex}", "--json", "-o", "{out}"],
                                  ["where", "{ex}"], ["preview", "--all", "{ex}"], ["show", "{ex}"]])
def test_a_one_shot_command_leaves_nothing_for_the_interpreters_exit(tmp_path, args):
    """main ends a one-shot command with os._exit, skipping the interpreter's teardown (issue
    20), only when no atexit function waits for that exit: the turn commands register none
    (a help page does: the standard library's logging; it then exits normally)."""
    argv = [a.format(ex=EXAMPLE, out=tmp_path / "out.yaml") for a in args]
    assert "ATEXIT=0" in loaded(tmp_path, *argv)
    assert "ATEXIT=0" not in loaded(tmp_path, "play", "--help")


def test_os_exit_keeps_the_exit_code_and_flushes_what_was_said(tmp_path):
    """The exit without teardown keeps the exit code and every byte printed: a refused play
    (exit 2, one line on stderr) and a where (exit 0, the table on stdout)."""
    bad = subprocess.run([sys.executable, "-m", "contrarius", "play", "nosuchcard", str(EXAMPLE), "-o", str(tmp_path / "o.yaml")],
                         capture_output=True, text=True, cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.startswith("contrarius: ") and len(bad.stderr.splitlines()) == 1, bad.stderr
    good = subprocess.run([sys.executable, "-m", "contrarius", "where", str(EXAMPLE)], capture_output=True, text=True, cwd=tmp_path)
    assert good.returncode == 0 and good.stdout.rstrip().endswith("┘"), good.stdout[-200:]


def test_stderr_that_cannot_be_written_keeps_the_commands_exit_code(tmp_path):
    """``2>/dev/full`` with a buffered stderr (no PYTHONUNBUFFERED, as in a login shell): the
    error line is lost, but the exit code is README's (3 for a missing file, 0 for a where
    that printed its table), not Python's 120 for a failed last flush of stderr."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    with open("/dev/full", "w") as full:
        missing = subprocess.run([sys.executable, "-m", "contrarius", "check", str(tmp_path / "missing.yaml")],
                                 stdout=subprocess.DEVNULL, stderr=full, cwd=tmp_path, env=env)
        where = subprocess.run([sys.executable, "-m", "contrarius", "where", str(EXAMPLE)],
                               stdout=subprocess.PIPE, stderr=full, cwd=tmp_path, env=env)
    assert missing.returncode == 3
    assert where.returncode == 0 and where.stdout.decode().rstrip().endswith("┘")
