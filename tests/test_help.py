"""``--help``: typer's rich help, options in their help panels, with every
stream guarantee of the plain help it replaces (a pipe closed early is exit 0, a full disk
one line and exit 3, a file gets the whole page, 80 columns fit, no markup left over)."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contrarius.cli import COMMAND_MODULES, app
from contrarius.cli.options import THIRD_PLAYER_PANEL, TEAM_PANEL, TWO_PLAYER_PANEL, VARIANTS_PANEL

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
SCRIPT = Path(PY).parent / "contrarius"  # the console script: its name is the one in the messages
EVERY_HELP = [[], *([name] for name in COMMAND_MODULES)]


def page(args, columns=80) -> str:
    result = CliRunner(env={"COLUMNS": str(columns)}).invoke(app, [*args, "--help"])
    assert result.exit_code == 0, result.output
    return result.stdout


def contrarius(command: str, **kw) -> subprocess.CompletedProcess:
    """``contrarius ...`` run by bash (pipes, redirections), in a terminal 80 wide."""
    if not SCRIPT.exists():
        pytest.skip("the contrarius console script is not installed beside this Python")
    return subprocess.run(["bash", "-c", f"set -o pipefail; {command.replace('contrarius', repr(str(SCRIPT)), 1)}"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={**os.environ, "COLUMNS": "80"}, **kw)


def titles(text: str) -> list[str]:
    """The panel titles of a help page, top to bottom (``╭─ Title ───╮``)."""
    return re.findall(r"^╭─ (.+?) ─+╮$", text, flags=re.M)


# ----- the panels --------------------------------------------------------------------------------------
def test_play_help_has_the_solo_options_first_then_a_panel_per_mode():
    text = page(["play"])
    assert titles(text) == ["Arguments", "Options", TWO_PLAYER_PANEL, TEAM_PANEL, THIRD_PLAYER_PANEL, VARIANTS_PANEL]
    # each option sits in its panel: the solo ones (your action, dice, output) under Options
    at = {t: text.index(f"╭─ {t} ") for t in titles(text)}
    where = {opt: text.index(f"│ {opt} ") for opt in ("--produce", "--die", "--json", "--player", "--personality",
                                                     "--partner-build", "--veto", "--forum", "--fish")}
    assert at["Options"] < where["--produce"] < where["--die"] < where["--json"] < at[TWO_PLAYER_PANEL]
    assert at[TWO_PLAYER_PANEL] < where["--player"] < where["--personality"] < at[TEAM_PANEL]
    assert at[TEAM_PANEL] < where["--partner-build"] < at[THIRD_PLAYER_PANEL] < where["--veto"] < at[VARIANTS_PANEL]
    assert at[VARIANTS_PANEL] < where["--forum"] < where["--fish"]


def test_preview_help_has_the_same_options_and_the_player_in_its_panel():
    text = page(["preview"])
    # preview takes every option of play's turn (contrarius/cli/turn_input.py TURN_OPTIONS):
    # the partner's part, the Praetor's veto and the solo variants' options, in play's panels
    assert titles(text) == ["Arguments", "Options", TWO_PLAYER_PANEL, TEAM_PANEL, THIRD_PLAYER_PANEL, VARIANTS_PANEL]
    assert text.index("│ --die ") < text.index("│ --all ") < text.index(f"╭─ {TWO_PLAYER_PANEL} ") < text.index("│ --player ")
    # the shared declarations give the very same lines (help text, type) in both pages
    play = page(["play"], columns=200)
    preview = page(["preview"], columns=200)
    for opt in ("--produce", "--place", "--die", "--choose", "--player", "--personality", "--partner-produce", "--veto",
                "--forum", "--fish"):
        line = next(x for x in play.splitlines() if x.startswith(f"│ {opt} "))
        text = " ".join(line.strip("│ ").split())
        assert text in {" ".join(x.strip("│ ").split()) for x in preview.splitlines()}, opt


def test_the_root_help_lists_every_command_in_order():
    text = page([])
    assert titles(text) == ["Options", "Commands"]
    listed = re.findall(r"^│ (\w+) ", text.split("╭─ Commands")[1], flags=re.M)
    assert listed == list(COMMAND_MODULES)


def test_choose_personality_still_works_but_is_not_listed(tmp_path):
    # --choose-personality, the older name of --personality: read, not listed (the name
    # column of the panel would not fit 80 columns beside it); two different names clash
    assert "--choose-personality" not in page(["play"], columns=200)
    g = tmp_path / "g.yaml"
    r = CliRunner().invoke(app, ["new", "-b", "italia", "-m", "team", "--seed", "1", "-o", str(g)])
    assert r.exit_code == 0, r.stderr
    r = CliRunner().invoke(app, ["play", "prefect/architect", str(g), "--personality", "prefect",
                                 "--choose-personality", "architect", "-o", str(tmp_path / "x.yaml")])
    assert r.exit_code == 2 and "--personality and --choose-personality name different personalities" in r.stderr
    assert not (tmp_path / "x.yaml").exists()


# ----- the page itself ---------------------------------------------------------------------------------
@pytest.mark.parametrize("args", EVERY_HELP, ids=lambda a: " ".join(a) or "root")
def test_every_help_fits_80_columns_whole(args):
    text = page(args)
    assert "Options" in titles(text)  # the rich help, with its panels, for every command
    lines = text.splitlines()
    assert max(len(x) for x in lines) <= 80
    assert "…" not in text  # nothing cut short (an option name, a word too long for its column)
    assert all(x == x.rstrip() for x in lines)  # no padding blanks at the line ends (a file, a pipe)
    assert "\x1b[" not in text  # no colour codes off a terminal


@pytest.mark.parametrize("args", EVERY_HELP, ids=lambda a: " ".join(a) or "root")
def test_every_help_text_is_shown_as_written_no_markup_lost_or_left(args):
    """Each option's and argument's help, and the command's docstring, appear word for word
    (rich markup reads ``[word]`` as a style: nothing may vanish), and no markup tag is left."""
    from typer.main import get_command

    root = get_command(app)
    command = root if not args else root.commands[args[0]]
    text = page(args, columns=1000)
    flat = " ".join(text.replace("│", " ").split())
    for param in command.params:
        if getattr(param, "hidden", False) or not getattr(param, "help", None):
            continue
        assert " ".join(param.help.split()) in flat, (args, param.name)
    assert " ".join((command.help or "").split()) in flat
    assert not re.search(r"\[/?(bold|dim|red|green|yellow|blue|cyan|magenta|italic|b|i)\b[^\]]*\]", text)


def test_help_in_a_terminal_has_colours_and_the_same_words():
    parent, child = pty.openpty()
    p = subprocess.Popen([PY, "-m", "contrarius", "play", "--help"], stdout=child, stderr=subprocess.PIPE,
                         cwd=ROOT, env={**os.environ, "COLUMNS": "80", "TERM": "xterm-256color"})
    os.close(child)
    chunks = []
    while True:
        try:
            data = os.read(parent, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    assert p.wait(timeout=60) == 0
    os.close(parent)
    shown = b"".join(chunks).decode()
    assert "\x1b[" in shown
    plain = re.sub(r"\x1b\[[0-9;]*m", "", shown).replace("\r\n", "\n")
    assert titles(plain) == titles(page(["play"]))


# ----- the streams ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("args", ["--help", "play --help", "preview --help", "new --help"])
def test_help_to_a_pipe_closed_early_is_exit_0(args):
    for reader in ("head -1 >/dev/null", "head -c 10 >/dev/null", "true"):  # `true` reads nothing at all
        p = contrarius(f"contrarius {args} | {reader}")
        assert p.returncode == 0, (args, reader, p.stderr)
        assert p.stderr == "", (args, reader, p.stderr)


@pytest.mark.parametrize("args", ["--help", "play --help", "preview --help"])
def test_help_to_a_full_disk_or_closed_stdout_is_one_line_and_exit_3(args):
    for redirect in (">/dev/full", ">&-"):
        p = contrarius(f"contrarius {args} {redirect}")
        assert p.returncode == 3, (args, redirect, p.stderr)
        assert p.stderr.count("\n") == 1 and p.stderr.startswith("contrarius: cannot write to stdout")
        assert "Traceback" not in p.stderr


def test_help_to_a_file_is_the_whole_page(tmp_path):
    out = tmp_path / "help.txt"
    p = contrarius(f"contrarius play --help > '{out}'")
    assert p.returncode == 0 and p.stderr == ""
    assert out.read_text(encoding="utf-8") == page(["play"])
    assert out.read_text(encoding="utf-8").rstrip().endswith("╯")


def test_contrarius_alone_prints_the_help_on_stderr_exit_2():
    p = contrarius("contrarius")
    assert p.returncode == 2 and p.stdout == ""
    assert titles(p.stderr) == ["Options", "Commands"] and "Usage: contrarius [OPTIONS] COMMAND" in p.stderr


@pytest.mark.parametrize("args, message", [
    ("play mercator x --bogus", "contrarius: No such option: --bogus (Possible options: --buy). "
                                "Run 'contrarius play --help' for help.\n"),
    ("pley", "contrarius: No such command 'pley'. Did you mean 'play'? Run 'contrarius --help' for help.\n"),
    ("--bogus", "contrarius: No such option: --bogus. Run 'contrarius --help' for help.\n"),
])
def test_usage_errors_stay_one_line(args, message):
    p = contrarius(f"contrarius {args}")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == message


# ----- metavars: what each value looks like, as README writes it ---------------------------------------
@pytest.mark.parametrize("args", EVERY_HELP, ids=lambda a: " ".join(a) or "contrarius")
def test_no_python_type_names_or_braces_in_any_help(args):
    # typer's rich help showed <str>, <list[str]>, <list[int]> and a usage {card} {snapshot}
    text = page(args)
    assert not re.search(r"<(str|int|list\[\w+\]|bool|float)>", text), text
    assert not re.search(r"\{[a-z_]+\}", text), text


def test_play_help_names_the_shape_of_each_value():
    text = " ".join(page(["play"]).split())
    assert "Usage: contrarius play [OPTIONS] CARD SNAPSHOT" in text
    for option, metavar in [("--produce", "PROVINCE"), ("--place", "KIND:CITY"), ("--move", "KIND:FROM:TO"),
                            ("--buy", "POS|CARD"), ("--die", "FACE|DIE=FACE"), ("--choose", "N"), ("--reveal", "POS=CARD"),
                            ("--output -o", "PATH"), ("--partner-place", "KIND:CITY"), ("--veto", "PLAYER[=FACE]"),
                            ("--fish", "N")]:
        assert f"{option} {metavar} " in text, option
    assert "Usage: contrarius preview [OPTIONS] [CARD] [SNAPSHOT]" in " ".join(page(["preview"]).split())
