"""The fast TAB path (``contrarius/tab/fast.py``) answers exactly as typer's full path does.

Every shipped board gets a new game; at each position of a command line (commands, option
names, cards, the provinces, cities and places of the snapshot's board, goods and die
faces, display positions, players, board names, nothing where a file name goes) the
fast answer and exit code are compared with those of the full path, as the real process
builds it (``contrarius.cli._app_for``), in bash (as the committed script asks, with
``COMP_LINE``, and with ``COMP_WORDS`` alone as ``benchmarks/bench_play.py`` asks), zsh
and fish (``get-args`` and ``is-args``). In-process: typer's CliRunner for the full path,
:func:`contrarius.tab.fast.respond` for the fast one. A few real processes check that the
console script takes the fast path and that it gives the same bytes.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import typer
import typer.testing
from typer.testing import CliRunner

from contrarius import cli
from contrarius.material.board import board_names, load_board
from contrarius.tab import fast, table, values

ROOT = Path(__file__).resolve().parent.parent
BOARDS = board_names()
WORDBREAKS = "\"'><=;|&(:"
#: Positions whose answer depends on the snapshot's board ({g}: the snapshot, {b}: its board).
BOARD_LINES = [
    "contrarius play prefect {g} --produce ",
    "contrarius play prefect {g} --produce C",
    "contrarius play prefect {g} --produce=Ga",
    "contrarius --debug play prefect {g} --json --produce ",
    "contrarius play prefect {g} -io out.yaml --produce ",
    "contrarius play architect {g} --build ",
    "contrarius play architect {g} --build A",
    "contrarius play colonist {g} --place ",
    "contrarius play colonist {g} --place sea:",
    "contrarius play colonist {g} --place land:R",
    "contrarius play diplomat {g} --copy ",
    "contrarius play senator {g} --buy ",
    "contrarius play senator {g} --buy 1 --refill ",
    "contrarius play mercator {g} --reveal ",
    "contrarius reveal {g} ",
    "contrarius play mercator {g} --player ",
    "contrarius play mercator {g} --die ",
    "contrarius play mercator {g} --die white=",
    "contrarius play tribune {g} --die red=s",
    "contrarius play mercator {g} --partner-produce ",
    "contrarius preview m{g}",
    "contrarius preview mercator {g} --place land:",
    "contrarius where food {g} --die ",
    "contrarius play mercator {g} ",
    "contrarius play mercator {g} --j",
    "contrarius new --board {b} --start ",
    "contrarius new -b {b} --veteran-city ",
    "contrarius new --board={b} --veteran-second C",
]
#: Positions that do not depend on a board.
OTHER_LINES = [
    "contrarius ", "contrarius b", "contrarius p", "contrarius x", "contrarius -", "contrarius --d",
    "contrarius --debug ", "contrarius --debug -", "contrarius --debug=", "contrarius .",
    "contrarius board ", "contrarius board it", "contrarius boards -",
    "contrarius new --level ", "contrarius new -l e", "contrarius new -lv", "contrarius new --mode t",
    "contrarius new --display Mercator,Ma", "contrarius new --contrarius-cards Prefect,Sen",
    "contrarius new --refill ", "contrarius new --refill W", "contrarius new --veteran-colonist ",
    "contrarius new --json --", "contrarius new --seed ",
    "contrarius roll ", "contrarius roll bl", "contrarius roll x --seed ",
    "contrarius where ", "contrarius where w", "contrarius where food ",
    "contrarius play ", "contrarius play Merc", "contrarius play merc", "contrarius play Leg",
    "contrarius play Mercator/", "contrarius play pre", "contrarius play --json ",
    "contrarius play prefect - --produce ", "contrarius play prefect --produce ",
    "contrarius play prefect missing.yaml --produce ", "contrarius play prefect x.yaml --cho",
    "contrarius play prefect x.yaml --choose-personality ", "contrarius play -- ",
    "contrarius play prefect x.yaml --unknown --produce ", "contrarius play prefect x.yaml --json=1 ",
    "contrarius score ", "contrarius score -", "contrarius session ", "contrarius log ",
    "contrarius undo -n ", "contrarius undo --turns=", "contrarius check x.yaml -",
    "contrarius foo ", "contrarius --version ", "contrarius --help -",
    "contrarius reveal x.yaml 2=Cons", "contrarius reveal x.yaml 2=",
    "contrarius play colonist x.yaml --place sea:R --json", "contrarius 'play' pre",
]
MODES = ["bash", "bash-words", "zsh", "fish", "fish-is-args"]
#: The three shells as their scripts ask (every board); the others once (one board).
SHELL_MODES = ["bash", "zsh", "fish"]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A new game (seed 1) on every board: board -> snapshot path."""
    folder = tmp_path_factory.mktemp("games")
    out = {}
    for board in BOARDS:
        path = folder / f"{board}.yaml"
        loaded = load_board(board)
        start = ["--start", sorted(loaded.cities)[0]] if loaded.asks_start else []
        result = CliRunner().invoke(cli.app, ["new", "--board", board, "--seed", "1", *start, "-o", str(path)])
        assert result.exit_code == 0, result.output
        out[board] = path
    return out


@pytest.fixture(autouse=True)
def built_once(monkeypatch):
    """typer's CliRunner builds the click command on every call: once per app here (speed)."""
    built: dict[int, object] = {}
    real = typer.testing._get_command

    def get(app):
        if id(app) not in built:
            built[id(app)] = (app, real(app))
        return built[id(app)][1]

    monkeypatch.setattr(typer.testing, "_get_command", get)


def env_for(mode: str, line: str) -> dict[str, str]:
    """The environment each shell's script gives the program for ``line`` (cursor at its end)."""
    if mode == "bash":  # completions/contrarius.bash: COMP_WORDS split at the word breaks, COMP_LINE
        words = [w for w in re.split(r"(\s+|[:=])", line) if w and not w.isspace()]
        if line.endswith(" "):
            words.append("")
        return {"_CONTRARIUS_COMPLETE": "complete_bash", "COMP_WORDS": "\n".join(words),
                "COMP_CWORD": str(len(words) - 1), "COMP_LINE": line, "COMP_POINT": str(len(line)),
                "COMP_WORDBREAKS": WORDBREAKS}
    if mode == "bash-words":  # benchmarks/bench_play.py: COMP_WORDS and COMP_CWORD only
        return {"_CONTRARIUS_COMPLETE": "complete_bash", "COMP_WORDS": line,
                "COMP_CWORD": str(len(line.split()) - (0 if line.endswith(" ") else 1))}
    env = {"_CONTRARIUS_COMPLETE": f"complete_{mode.partition('-')[0]}", "_TYPER_COMPLETE_ARGS": line}
    if mode.startswith("fish"):
        env["_TYPER_COMPLETE_FISH_ACTION"] = "is-args" if mode == "fish-is-args" else "get-args"
    return env


#: The app the real process builds for each command completed (None: the whole app), built once.
APPS: dict = {}
COMPLETION_VARS = ("_CONTRARIUS_COMPLETE", "COMP_WORDS", "COMP_CWORD", "COMP_LINE", "COMP_POINT",
                   "COMP_WORDBREAKS", "_TYPER_COMPLETE_ARGS", "_TYPER_COMPLETE_FISH_ACTION")


def both(monkeypatch, mode: str, line: str) -> tuple[tuple, tuple | None]:
    """(full path's (stdout, exit code), fast path's, or None where it left it to the full path)."""
    env = env_for(mode, line)
    for name in COMPLETION_VARS:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    try:
        got = fast.respond(env["_CONTRARIUS_COMPLETE"].partition("_")[2], os.environ)
    except fast.Unsure:
        got = None
    key = cli._invoked_command(values.completed_words())
    app = APPS[key] if key in APPS else APPS.setdefault(key, cli._app_for([]))  # as the process picks it
    result = CliRunner().invoke(app, [], prog_name="contrarius", env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return ("crash", type(result.exception).__name__), got
    return (result.stdout, result.exit_code), (got[0] or "", got[1]) if got is not None else None


def check(monkeypatch, mode: str, line: str, must_answer: bool) -> None:
    full, quick = both(monkeypatch, mode, line)
    if quick is not None:
        assert quick == full, (mode, line)
    else:
        assert not must_answer, f"the fast path left {line!r} ({mode}) to typer"


def fast_expected(mode: str, line: str) -> bool:
    """Whether the fast path must answer ``line`` itself: in bash (no help shown) every
    position but those after words it leaves to typer (an unknown command, ``--version``,
    ``--help``, ``--``, a quoted command name); zsh and fish also leave help to typer that
    rich could change (``KIND:FROM:TO``, a province of many cities wider than 80)."""
    if mode not in ("bash", "bash-words"):
        return False
    return not any(w in ("foo", "--version", "--help", "--", "'play'") for w in line.split())


@pytest.mark.parametrize("mode", SHELL_MODES)
@pytest.mark.parametrize("board", BOARDS)
def test_every_board_and_position_same_answer(games, monkeypatch, board, mode):
    g = shlex.quote(str(games[board]))
    for template in BOARD_LINES:
        line = template.format(g=g, b=board)
        check(monkeypatch, mode, line, must_answer=fast_expected(mode, line))


@pytest.mark.parametrize("mode", [m for m in MODES if m not in SHELL_MODES])
def test_bash_as_the_benchmark_asks_and_fish_asking_whether_to_offer_files(games, monkeypatch, mode):
    g = shlex.quote(str(games["imperium"]))
    for template in BOARD_LINES:
        line = template.format(g=g, b="imperium")
        check(monkeypatch, mode, line, must_answer=fast_expected(mode, line))


@pytest.mark.parametrize("mode", MODES)
def test_positions_without_a_board_same_answer(monkeypatch, mode):
    for line in OTHER_LINES:
        check(monkeypatch, mode, line, must_answer=fast_expected(mode, line))


def test_the_fast_path_answers_the_common_positions(games, monkeypatch):
    g = shlex.quote(str(games["italia"]))
    for mode in MODES:
        for line in ("contrarius ", "contrarius play ", f"contrarius play prefect {g} --produce ",
                     f"contrarius play architect {g} --build ", f"contrarius play colonist {g} --place sea:R",
                     "contrarius new --board ", "contrarius where ", "contrarius new --level "):
            full, quick = both(monkeypatch, mode, line)
            assert quick is not None and quick == full, (mode, line)


def test_the_table_is_made_with_the_typer_installed():
    """The table mirrors typer's parser and shell classes of one version: another typer
    (even a patch release) needs the table regenerated and this module checked again."""
    assert table.TYPER == typer.__version__
    assert fast._typer_version() == typer.__version__


def test_help_that_rich_would_change_is_left_to_typer():
    from typer.rich_utils import rich_render_text

    for text in ("Prefect: the province produced in.", "Genva, Nicaea", "display position 1",
                 "Contrarius's face-up card", "land:Roma", "a b: c d"):
        assert fast._as_rich_prints(text, 80) == rich_render_text(text) == text
    for text in ("[bold]x[/bold]", ":smile:", "KIND\\\\:FROM\\\\:TO", "x" * 81, "caf\u00e9", "a\tb"):
        with pytest.raises(fast.Unsure):
            fast._as_rich_prints(text, 80)
    assert rich_render_text(":smile:") != ":smile:" and rich_render_text("[bold]x[/bold]") == "x"


def test_the_narrowest_console(monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    assert fast._narrowest_console(os.environ) <= 30
    monkeypatch.setenv("TERMINAL_WIDTH", "wide")
    with pytest.raises(fast.Unsure):
        fast._narrowest_console(os.environ)


# ----- real processes -----------------------------------------------------------------------
SCRIPT = Path(sys.executable).parent / "contrarius"
FULL = [sys.executable, "-c", "import sys; sys.argv[0] = 'contrarius'; from contrarius.cli import main; main()"]


@pytest.mark.skipif(not SCRIPT.exists(), reason="the contrarius script is not installed beside this python")
@pytest.mark.parametrize("mode", ["bash", "bash-words", "zsh", "fish"])
def test_the_console_script_answers_as_the_full_path(games, mode, tmp_path):
    """The same bytes and exit code from the console script (the fast path, typer not even
    imported) as from the full path in a process of its own."""
    line = f"contrarius play prefect {shlex.quote(str(games['italia']))} --produce "
    env = {**{k: v for k, v in os.environ.items() if k not in COMPLETION_VARS}, **env_for(mode, line)}
    probe = [sys.executable, "-c", "import sys, runpy; sys.argv[0] = 'contrarius'; "
             "from contrarius.tab import fast; r = fast.answer(); "
             "print('typer' in sys.modules, 'rich' in sys.modules, r is not None)"]
    assert subprocess.run(probe, env=env, capture_output=True, text=True, cwd=tmp_path).stdout.split() == \
        ["False", "False", "True"]
    quick = subprocess.run([str(SCRIPT)], env=env, capture_output=True, cwd=tmp_path)
    full = subprocess.run(FULL, env=env, capture_output=True, cwd=tmp_path)
    assert (quick.stdout, quick.returncode) == (full.stdout, full.returncode)
    assert b"Aemilia" in quick.stdout and quick.stderr == b""
