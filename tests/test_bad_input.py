"""Bad input found by trying to break the program: each case is one clear line, a
documented exit code, no traceback, and the snapshot file left as it was."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
import yaml

from contrarius.cli import app
from contrarius.errors import EXIT_INPUT, EXIT_RULE, EXIT_USAGE


def new_game(runner, tmp_path: Path, name: str = "g.yaml") -> Path:
    path = tmp_path / name
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "-o", str(path)])
    assert r.exit_code == 0, r.stderr
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def one_line_error(result, code: int) -> str:
    assert result.exit_code == code, (result.exit_code, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("contrarius: "), result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def edit(path: Path, text_change) -> None:
    path.write_text(text_change(path.read_text(encoding="utf-8")), encoding="utf-8")


@pytest.mark.parametrize("args", [
    ["play", "architect", "{g}", "--die", "\u00b3"],            # a superscript 3 is no position
    ["play", "senator", "{g}", "--buy", "\u00b3", "--die", "S"],
    ["play", "mercator", "{g}", "--reveal", "\u00b3=Weaver"],
    ["play", "architect", "{g}", "--move", "land:Roma:Casinvm-Roma#\u00b3", "--die", "1"],
])
def test_unicode_digits_are_usage_errors_not_crashes(runner, tmp_path, args):
    g = new_game(runner, tmp_path)
    before = digest(g)
    r = runner.invoke(app, [a.format(g=g) for a in args] + ["-i"])
    one_line_error(r, EXIT_USAGE)
    assert digest(g) == before


@pytest.mark.parametrize("change,words", [
    (lambda t: t.replace("seed: 1\n", "seed: 1\nseed: 2\n"), "the key 'seed' is given twice"),
    (lambda t: t.replace("seed: 1\n", "seed: 2001-13-45\n"), "a value cannot be read"),
    (lambda t: t.replace("seed: 1\n", "seed: !!int abc\n"), "seed (line 5): an explicit YAML tag (!!int)"),
    (lambda t: t.replace("log: []", "log:\n- &e {card: Mercator, self: *e}"), "log[0] (line 90): a YAML anchor or alias"),  # line 90: the snapshot gained its dice: key
    (lambda t: t.replace("format: 1\n", 'format: 1\n"foo\\nbar": 1\n'), "foo\\nbar: unknown key"),
])
def test_bad_snapshot_values_are_one_line_input_errors(runner, tmp_path, change, words):
    g = new_game(runner, tmp_path)
    edit(g, change)
    before = digest(g)
    for args in (["check", str(g)], ["play", "mercator", str(g), "--die", "wine", "-i"]):
        r = runner.invoke(app, args)
        if args[0] == "check" and r.exit_code == 1:  # check lists the snapshot's problems on stdout
            assert words in r.stdout and "Traceback" not in r.stdout + r.stderr
            assert all(line.startswith(str(g)) or "problem" in line for line in r.stdout.strip().splitlines())
        else:
            assert words in one_line_error(r, EXIT_INPUT)
    assert digest(g) == before


def test_non_utf8_on_stdin(runner):
    r = runner.invoke(app, ["show", "-"], input=b"\xff\xfe\x00garbage")
    assert "not a text file (not UTF-8)" in one_line_error(r, EXIT_INPUT)


def test_refill_and_reveal_names_are_checked(runner, tmp_path):
    g = new_game(runner, tmp_path)
    data = yaml.safe_load(g.read_text(encoding="utf-8"))
    data["stack"] = {"remaining": 7}  # a table game: the stack order is not known
    data["display"][2] = "?"          # position 3 not recorded
    g.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    before = digest(g)
    cases = [
        # the Tribune is a hand card: never drawn into the display
        (["play", "senator", str(g), "--buy", "1", "--refill", "Tribune", "--die", "S"], "display stacks hold no Tribune"),
        # position 1 shows the Mercator, not an unrecorded card
        (["play", "architect", str(g), "--reveal", "1=Weaver", "--die", "1"], "position 1 shows Mercator, not ?"),
        (["play", "architect", str(g), "--reveal", "3=Foo", "--die", "3"], "unknown card 'Foo'"),
        # a refill name that no draw uses
        (["play", "mercator", str(g), "--refill", "Weaver", "--die", "wine"], "--refill Weaver: not used"),
    ]
    for args, words in cases:
        r = runner.invoke(app, args + ["-i"])
        assert words in one_line_error(r, EXIT_USAGE), args
        assert digest(g) == before
    ok = runner.invoke(app, ["play", "architect", str(g), "--reveal", "3=Weaver", "--die", "3", "--refill", "Vintner"])
    assert ok.exit_code == 0, ok.stderr
    s = yaml.safe_load(ok.stdout)
    assert s["contrarius"]["cards"][-1]["name"] == "Weaver" and s["display"][-1] == "Vintner"


def test_markup_in_file_names_is_shown_as_typed(runner, tmp_path):
    folder = tmp_path / "["
    folder.mkdir()
    path = tmp_path / "[" / "b]x.yaml"
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "-o", str(path)])
    assert r.exit_code == 0, r.stderr
    assert f"written to {path}" in " ".join(r.stderr.split()) or str(path) in r.stderr.replace("\n", "")


def test_undo_changes_both_files_or_neither(runner, tmp_path):
    g = new_game(runner, tmp_path)
    first = g.read_bytes()
    assert runner.invoke(app, ["play", "mercator", str(g), "--die", "wine", "-i"]).exit_code == 0
    second = g.read_bytes()
    hist = g.with_name("g.yaml.history")
    assert runner.invoke(app, ["undo", str(g)]).exit_code == 0
    assert g.read_bytes() == first
    assert runner.invoke(app, ["redo", str(g)]).exit_code == 0
    assert g.read_bytes() == second
    # a history that cannot be read: nothing changes
    hist.unlink()
    hist.mkdir()
    r = runner.invoke(app, ["undo", str(g)])
    one_line_error(r, EXIT_INPUT)
    assert g.read_bytes() == second and hist.is_dir()
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_no_seed_and_no_die_is_a_rule_error(runner, tmp_path):
    g = new_game(runner, tmp_path)
    edit(g, lambda t: t.replace("seed: 1\n", "seed: null\n"))
    r = runner.invoke(app, ["play", "mercator", str(g)])
    assert "no seed" in one_line_error(r, EXIT_RULE)


def test_empty_track_option(runner):
    r = runner.invoke(app, ["new", "--board", "italia", "--level", "expert", "--track", ",,"])
    assert "--track names no VP position" in one_line_error(r, EXIT_USAGE)


def _new_italia(runner, path, *args: str) -> None:
    """``new --board italia --seed 1`` with ``args``, written to ``path``."""
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", *args, "-o", str(path)])
    assert r.exit_code == 0, r.output


# ----- a key given twice--------- is refused; values shown as written in YAML -----------------
@pytest.mark.parametrize("args, said", [
    (["score", "{g}", "--goods", "brick=1,brick=5", "--sestertii", "1"], "--goods: brick is given twice (1 and 5)"),
    (["score", "{g}", "--goods", "grain=1", "--goods", "food=2", "--sestertii", "1"], "--goods: food is given twice"),
    (["score", "{g}", "--player-points", "vesta=4,Vesta=5"], "--player-points: Vesta is given twice"),
    (["play", "mercator", "{g}", "--reveal", "3=Weaver,3=Consul", "-o", "{o}"], "--reveal: display position 3 is given twice"),
])
def test_a_key_given_twice_is_refused_not_summed(tmp_path, runner, args, said):
    # `score --goods brick=1,brick=5` summed to 6 bricks (Vesta counted 6 goods); a key
    # given twice is contradictory input: exit 2, nothing written.
    game, out = tmp_path / "g.yaml", tmp_path / "out.yaml"
    _new_italia(runner, game)
    r = runner.invoke(app, [a.format(g=game, o=out) for a in args])
    assert r.exit_code == 2, r.output
    assert said in r.stderr and not out.exists()


def test_goods_given_once_each_still_add_up(tmp_path, runner):
    # different goods, in one option or repeated (grain is read as food), are kept as given
    from contrarius.cli.commands.score import parse_goods

    assert parse_goods(["brick=1,food=2"]) == {"brick": 1, "food": 2}
    assert parse_goods(["brick=1", "grain=2"]) == {"brick": 1, "food": 2}


@pytest.mark.parametrize("key, value, shown", [
    ("seed", "2001-01-01", "got 2001-01-01;"),
    ("seed", "true", "got true;"),
    ("seed", "[1, 2]", "got [1, 2];"),
    ("display", "{a: 1}", "got {a: 1};"),
])
def test_snapshot_type_messages_show_the_value_as_written(tmp_path, runner, key, value, shown):
    # the validator said "got datetime.date(2001, 1, 1)": a Python repr the user never wrote
    game = tmp_path / "g.yaml"
    _new_italia(runner, game)
    text = "\n".join(f"{key}: {value}" if line.startswith(f"{key}:") else line
                     for line in game.read_text(encoding="utf-8").splitlines())
    game.write_text(text + "\n", encoding="utf-8")
    r = runner.invoke(app, ["check", str(game)])
    assert r.exit_code != 0
    assert shown in r.output and "datetime" not in r.output and "None" not in r.output and "True" not in r.output
