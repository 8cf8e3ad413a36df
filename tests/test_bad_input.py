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
    (lambda t: t.replace("log: []", "log:\n- &e {card: Mercator, self: *e}"), "log[0] (line 89): a YAML anchor or alias"),
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
