"""Every way a user can get the input wrong: one line on stderr, a documented exit code.

The exit codes (contrarius/errors.py, README "Exit codes"): 2 usage (unknown option, card,
city, province, board or die value; options that do not fit the card; --in-place with
stdin), 3 input file (missing, folder, not YAML, not a snapshot, newer format, invalid),
4 rule (the rules forbid it in this state: illegal move or build, game over), 70 bug.

Each case runs through typer's CliRunner; a few also run as real processes, to see what a
user sees: no traceback, exactly one line.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from contrarius.cli import app
from contrarius.errors import EXIT_INPUT, EXIT_INTERNAL, EXIT_RULE, EXIT_USAGE
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.snapshot import Ended
from contrarius.store.snapshot_text import dump_snapshot

ROOT = Path(__file__).resolve().parent.parent


def game_file(tmp_path: Path, name: str = "g.yaml", *, edit=None, **options) -> Path:
    """A new solo game written to ``tmp_path/name``; ``edit(snapshot)`` may change it first.

    Default: Imperium, standard level, seed 7, the hand recorded (Tribune, Architect,
    Prefect, Prefect with Praefectus Magnus, Mercator, Diplomat, Senator); the player's two
    colonists stand in Roma, no house is built, every bonus marker shows goods.
    """
    opts = SetupOptions(**{"board": "imperium", "seed": 7, **options})
    snap, _ = new_game(opts)
    if edit is not None:
        edit(snap)
    path = tmp_path / name
    path.write_text(dump_snapshot(snap), encoding="utf-8")
    return path


def fails(runner, args, code: int, *needles: str, input: str | None = None) -> str:
    """Run ``args``; check the exit code, one ``contrarius:`` line on stderr, nothing on
    stdout, no traceback; check the line holds every needle; return it."""
    result = runner.invoke(app, [str(a) for a in args], input=input)
    assert result.exit_code == code, (result.exit_code, result.stderr, result.exception)
    assert isinstance(result.exception, (SystemExit, type(None))), result.exception
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert line.startswith("contrarius: ") and "Traceback" not in line
    assert result.stdout == ""
    for needle in needles:
        assert needle in line, (needle, line)
    return line


# ----- the snapshot file ---------------------------------------------------------------------------
def test_missing_file(runner, tmp_path):
    path = tmp_path / "nope.yaml"
    fails(runner, ["show", path], EXIT_INPUT, str(path), "no such file", "contrarius new")
    fails(runner, ["play", "mercator", path], EXIT_INPUT, str(path), "no such file")


def test_a_folder_instead_of_a_file(runner, tmp_path):
    fails(runner, ["show", tmp_path], EXIT_INPUT, str(tmp_path), "is a folder")
    fails(runner, ["where", "wine", tmp_path], EXIT_INPUT, "is a folder")


def test_broken_yaml_names_the_line(runner, tmp_path):
    path = tmp_path / "bad.yaml"
    # an unclosed flow list: the parser reaches the end of the text, line 3
    path.write_text("format: 1\nboard: [imperium\n", encoding="utf-8")
    fails(runner, ["show", path], EXIT_INPUT, str(path), "not valid YAML", "line 3")
    path.write_text("a: [1,\n", encoding="utf-8")
    fails(runner, ["check", path], EXIT_INPUT, "not valid YAML at line 2, column 1", "fix the YAML syntax")
    path.write_text("a: b: c\n", encoding="utf-8")  # a mapping value where none is allowed
    fails(runner, ["play", "mercator", path], EXIT_INPUT, "not valid YAML at line 1")


@pytest.mark.parametrize("text,kind", [
    ("- 1\n- 2\n", "a YAML list"),
    ("just some words\n", "a YAML string"),
    ("42\n", "a YAML number"),
])
def test_yaml_that_is_not_a_snapshot(runner, tmp_path, text, kind):
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    fails(runner, ["show", path], EXIT_INPUT, str(path), "not a snapshot", kind, "contrarius new")


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_an_empty_file(runner, tmp_path, text):
    path = tmp_path / "empty.yaml"
    path.write_text(text, encoding="utf-8")
    fails(runner, ["play", "mercator", path], EXIT_INPUT, str(path), "empty file")


def test_a_binary_file(runner, tmp_path):
    path = tmp_path / "g.yaml"
    path.write_bytes(b"\xff\xfe\x00\x01 not text")
    fails(runner, ["show", path], EXIT_INPUT, str(path), "not a text file")


def test_yaml_nested_too_deeply_is_not_a_crash(runner, tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    fails(runner, ["show", path], EXIT_INPUT, str(path), "not a snapshot")


def test_a_snapshot_from_a_newer_format_version(runner, tmp_path):
    path = game_file(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("format: 1\n")
    path.write_text(text.replace("format: 1\n", "format: 2\n", 1), encoding="utf-8")
    fails(runner, ["play", "mercator", path], EXIT_INPUT, str(path), "format", "version 2", "newer", "upgrade contrarius")


def test_an_invalid_snapshot_names_file_key_and_fix(runner, tmp_path):
    path = game_file(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("houses: {}", "housez: {}"), encoding="utf-8")
    line = fails(runner, ["show", path], EXIT_INPUT, str(path), "housez", "unknown key", "did you mean 'houses'?")
    assert line.startswith(f"contrarius: {path}: ")
    path.write_text(text.replace("houses: {}", "houses: {Roma: [contrarius]}"), encoding="utf-8")
    fails(runner, ["show", path], EXIT_INPUT, "houses.Roma", "capital")


def test_players_null_is_reported_not_a_crash(runner, tmp_path):
    path = game_file(tmp_path, record_hand=False)
    text = path.read_text(encoding="utf-8")
    start, end = text.index("players:\n"), text.index("active:")
    path.write_text(text[:start] + "players: null\n" + text[end:], encoding="utf-8")
    fails(runner, ["play", "mercator", path], EXIT_INPUT, "players", "got null")


def test_stdin_problems_name_stdin(runner):
    fails(runner, ["show", "-"], EXIT_INPUT, "<stdin>", "empty file", input="")
    fails(runner, ["play", "mercator", "-"], EXIT_INPUT, "<stdin>", "not valid YAML", input="a: [\n")


# ----- names and die values -----------------------------------------------------------------------
def test_unknown_card(runner, tmp_path):
    fails(runner, ["play", "mercatr", game_file(tmp_path)], EXIT_USAGE, "unknown card 'mercatr'", "Mercator")


def test_unknown_city(runner, tmp_path):
    fails(runner, ["play", "architect", game_file(tmp_path), "--build", "Atlantis"], EXIT_USAGE,
          "unknown city 'Atlantis'")


def test_unknown_province(runner, tmp_path):
    fails(runner, ["play", "prefect", game_file(tmp_path), "--produce", "Narnia"], EXIT_USAGE,
          "unknown province 'Narnia'")


@pytest.mark.parametrize("card,die,needle", [
    ("mercator", "purple", "black"),          # the Mercator die shows goods or S
    ("senator", "9", "white"),
    ("architect", "6", "1-5"),                # the Architect die shows a position 1-5
    ("mercator", "purple=wine", "unknown die 'purple'"),
])
def test_unknown_die_value(runner, tmp_path, card, die, needle):
    fails(runner, ["play", card, game_file(tmp_path), "--die", die], EXIT_USAGE, needle)


def test_unknown_board_level_and_die(runner, tmp_path):
    fails(runner, ["new", "--board", "atlantis"], EXIT_USAGE, "unknown board 'atlantis'")
    fails(runner, ["board", "atlantis"], EXIT_USAGE, "unknown board")
    fails(runner, ["new", "--level", "godlike"], EXIT_USAGE, "unknown level 'godlike'")
    fails(runner, ["roll", "purple"], EXIT_USAGE, "unknown die 'purple'")
    fails(runner, ["where", "purple", game_file(tmp_path)], EXIT_USAGE, "not 'purple'")


# ----- the action does not fit the card -----------------------------------------------------------
@pytest.mark.parametrize("args,needles", [
    (["prefect"], ["either produces or reactivates", "--produce PROVINCE or --reactivate"]),
    (["prefect", "--produce", "Italia", "--reactivate"], ["either produces or reactivates"]),
    (["mercator", "--copy", "prefect"], ["--copy is for a Diplomat, not the Mercator"]),
    (["diplomat"], ["--copy CARD"]),
    (["mercator", "--money"], ["no choice of action", "--money"]),
    (["mercator", "--produce", "Italia"], ["no choice of action", "--produce"]),
])
def test_options_that_do_not_fit_the_card(runner, tmp_path, args, needles):
    fails(runner, ["play", args[0], game_file(tmp_path), *args[1:]], EXIT_USAGE, *needles)


# ----- the rules forbid it ------------------------------------------------------------------------
def test_illegal_moves_on_the_board(runner, tmp_path):
    path = game_file(tmp_path)
    # both player colonists stand in Roma, on no line: no city is within reach for a house
    fails(runner, ["play", "architect", path, "--build", "Londinivm"], EXIT_RULE, "Londinivm", "cannot build there")
    # the Colonist is not in the starting hand
    fails(runner, ["play", "colonist", path, "--money"], EXIT_RULE, "Colonist is not in the hand")
    # Contrarius's six cards: Prefect, Architect, Mercator, Colonist, Senator and a specialist
    fails(runner, ["play", "diplomat", path, "--copy", "weaver"], EXIT_RULE, "cannot copy Weaver", "no such card")
    # a reactivation rolls no die
    fails(runner, ["play", "prefect", path, "--reactivate", "--die", "wine"], EXIT_USAGE, "left over")


def test_a_province_that_already_produced(runner, tmp_path):
    def produced(s):
        s.bonus_markers["Italia"] = "coins"

    path = game_file(tmp_path, edit=produced)
    fails(runner, ["play", "prefect", path, "--produce", "Italia"], EXIT_RULE, "Italia", "already produced")


def test_a_game_already_over(runner, tmp_path):
    def over(s):
        s.ended, s.concordia = Ended("player", False), "player"

    path = game_file(tmp_path, edit=over)
    fails(runner, ["play", "mercator", path], EXIT_RULE, "the game is over", "contrarius score")
    fails(runner, ["play", "prefect", path, "--reactivate"], EXIT_RULE, "the game is over")


# ----- where the snapshot goes --------------------------------------------------------------------
def test_in_place_with_stdin(runner, tmp_path):
    text = game_file(tmp_path).read_text(encoding="utf-8")
    fails(runner, ["play", "mercator", "-", "-i"], EXIT_USAGE, "--in-place needs a snapshot file", input=text)


def test_in_place_and_output_together(runner, tmp_path):
    path = game_file(tmp_path)
    fails(runner, ["play", "mercator", path, "-i", "-o", tmp_path / "x.yaml"], EXIT_USAGE, "either -o PATH or --in-place")
    assert not (tmp_path / "x.yaml").exists()


def test_output_to_a_folder_or_a_missing_folder(runner, tmp_path):
    path = game_file(tmp_path)
    fails(runner, ["play", "mercator", path, "-o", tmp_path], EXIT_INPUT, "is a folder")
    fails(runner, ["play", "mercator", path, "-o", tmp_path / "no" / "x.yaml"], EXIT_INPUT, "cannot write there")
    assert not (tmp_path / "no").exists()


def test_undo_without_a_previous_version(runner, tmp_path):
    fails(runner, ["undo", game_file(tmp_path)], EXIT_INPUT, "nothing to undo", "no earlier state")


# ----- the command line itself --------------------------------------------------------------------
def test_command_line_usage_errors_are_one_line_too(runner, tmp_path):
    path = game_file(tmp_path)
    fails(runner, ["play", "mercator", path, "--bogus"], EXIT_USAGE, "No such option: --bogus",
          "contrarius play --help")
    fails(runner, ["play", "mercator"], EXIT_USAGE, "Missing argument", "'SNAPSHOT'")
    fails(runner, ["pley"], EXIT_USAGE, "No such command 'pley'", "play")
    fails(runner, ["--bogus"], EXIT_USAGE, "No such option: --bogus", "contrarius --help")
    fails(runner, ["new", "--seed", "seven"], EXIT_USAGE, "--seed", "integer")


def test_no_command_still_shows_the_help(runner):
    result = runner.invoke(app, [])
    assert "Usage:" in result.output and "Commands" in result.output


# ----- the boundary ---------------------------------------------------------------------------------
def test_a_bug_is_one_line_with_exit_70(runner, tmp_path, monkeypatch):
    import contrarius.rules.game

    def broken(*args, **kwargs):
        raise KeyError("oops")

    monkeypatch.setattr(contrarius.rules.game, "play", broken)
    fails(runner, ["play", "mercator", game_file(tmp_path)], EXIT_INTERNAL, "internal error (KeyError", "--debug")


def test_an_interrupt_writes_nothing(runner, tmp_path, monkeypatch):
    import contrarius.rules.game

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(contrarius.rules.game, "play", interrupted)
    path = game_file(tmp_path)
    before = path.read_bytes()
    fails(runner, ["play", "mercator", path, "-i"], 130, "interrupted; nothing was written")
    assert path.read_bytes() == before


def test_debug_shows_the_error_itself(runner, tmp_path):
    # --debug prints the traceback of the error, then the one line, and keeps its exit code
    result = runner.invoke(app, ["--debug", "show", str(tmp_path / "nope.yaml")])
    assert result.exit_code == EXIT_INPUT
    assert "Traceback" in result.stderr and "InputFileError" in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("contrarius: ")
    after = runner.invoke(app, ["show", str(tmp_path / "nope.yaml")])  # --debug does not stick
    assert after.exit_code == EXIT_INPUT and isinstance(after.exception, SystemExit)


# ----- as a real process ------------------------------------------------------------------------------
def run_process(*args, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "contrarius", *map(str, args)], input=input,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def one_line(proc: subprocess.CompletedProcess, code: int, *needles: str) -> None:
    assert proc.returncode == code, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("contrarius: "), proc.stderr
    assert proc.stdout == ""
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


def test_real_process_missing_file_and_not_yaml(tmp_path):
    one_line(run_process("show", tmp_path / "nope.yaml"), EXIT_INPUT, "no such file")
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1,\n", encoding="utf-8")
    one_line(run_process("play", "mercator", bad), EXIT_INPUT, "not valid YAML at line 2")


def test_real_process_card_action_rule_and_usage(tmp_path):
    path = game_file(tmp_path)
    one_line(run_process("play", "prefect", path), EXIT_USAGE, "--produce PROVINCE or --reactivate")
    one_line(run_process("play", "architect", path, "--build", "Londinivm"), EXIT_RULE, "cannot build there")
    one_line(run_process("play", "mercator", path, "--bogus"), EXIT_USAGE, "No such option")


def test_real_process_in_place_with_stdin(tmp_path):
    text = game_file(tmp_path).read_text(encoding="utf-8")
    one_line(run_process("play", "mercator", "-", "-i", input=text), EXIT_USAGE, "--in-place needs a snapshot file")
