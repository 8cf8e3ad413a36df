"""An output file that exists and is not replaced: one rule, one exit code (3) for every command.

README, "Exit codes" (3) and "Scripts": a command never silently replaces a file it did not
write for the same purpose. ``-o PATH``: ``play`` and ``reveal`` replace only a snapshot of
the same game (the command run again); ``new`` replaces no file (a game set up again from
the same seed would drop the turns played); ``--force`` replaces anyway. ``--svg FILE``
(``show``, ``where``, ``board``) replaces only an SVG picture. Anything else: exit 3, one
line naming the file and what it holds, and nothing written (no snapshot, no history, no
picture, and no report printed before the refusal of ``-o``). A device (``/dev/null``) is
written to, never refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from contrarius.cli import app

ROOT = Path(__file__).resolve().parent.parent
ITALIA = ROOT / "examples" / "italia-setup.yaml"


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def table(runner, tmp_path):
    """game.yaml (italia, seed 1, positions 6 and 7 of the display shown as ?: something
    to reveal), other.yaml (creta, seed 2), notes.txt (no snapshot), old.svg (a picture)."""
    data = yaml.safe_load(ITALIA.read_text(encoding="utf-8"))
    data["display"][5] = data["display"][6] = "?"
    data["stack"] = {"remaining": 7}
    (tmp_path / "game.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    r = runner.invoke(app, ["new", "-b", "creta", "--seed", "2", "-o", str(tmp_path / "other.yaml")])
    assert r.exit_code == 0, r.stderr
    (tmp_path / "notes.txt").write_text("my notes\n", encoding="utf-8")
    r = runner.invoke(app, ["board", "creta", "--svg", str(tmp_path / "old.svg")])
    assert r.exit_code == 0, r.stderr
    return tmp_path


SNAPSHOT_WRITERS = {
    "new": ["new", "-b", "italia", "--seed", "1"],
    "play": ["play", "mercator", "{g}", "--die", "wine"],
    "reveal": ["reveal", "{g}", "7=Consul"],
}
PICTURE_WRITERS = {
    "show": ["show", "{g}"],
    "where": ["where", "wine", "{g}"],
    "board": ["board", "italia"],
}


def _args(args, folder: Path, *extra) -> list[str]:
    return [a.format(g=folder / "game.yaml") for a in args] + [str(x) for x in extra]


@pytest.mark.parametrize("command", SNAPSHOT_WRITERS)
@pytest.mark.parametrize("target, holds", [
    ("other.yaml", "holds {a} game (board creta, solo, standard, seed 2)"),
    ("notes.txt", "holds a file that is no snapshot"),
    ("old.svg", "holds a file that is no snapshot"),
])
def test_o_onto_a_file_it_may_not_replace_is_exit_3_and_writes_nothing(runner, table, command, target, holds):
    before = _files(table)
    r = runner.invoke(app, _args(SNAPSHOT_WRITERS[command], table, "-o", table / target))
    assert r.exit_code == 3, (command, r.stderr)
    # `new` sets a game up: the game the file holds is "a game", for play/reveal "another game"
    what = holds.format(a="a" if command == "new" else "another")
    assert r.stderr == (f"contrarius: {table / target} already exists and {what}; nothing was written; "
                        "give another -o path, or --force to replace it\n")
    assert _files(table) == before


@pytest.mark.parametrize("command", SNAPSHOT_WRITERS)
def test_force_replaces_it(runner, table, command):
    r = runner.invoke(app, _args(SNAPSHOT_WRITERS[command], table, "-o", table / "other.yaml", "--force"))
    assert r.exit_code == 0, (command, r.stderr)
    assert yaml.safe_load((table / "other.yaml").read_text(encoding="utf-8"))["board"] == "italia"


def test_new_replaces_not_even_its_own_game_and_play_replaces_only_its_own(runner, table):
    # `new -b italia --seed 1 -o g2` twice: the second would drop whatever was played on g2
    g2 = table / "g2.yaml"
    assert runner.invoke(app, ["new", "-b", "italia", "--seed", "1", "-o", str(g2)]).exit_code == 0
    assert runner.invoke(app, ["play", "mercator", str(g2), "-i", "--die", "wine"]).exit_code == 0
    played = g2.read_bytes()
    r = runner.invoke(app, ["new", "-b", "italia", "--seed", "1", "-o", str(g2)])
    assert r.exit_code == 3 and "holds a game (board italia, solo, standard, seed 1)" in r.stderr
    assert g2.read_bytes() == played
    # play -o onto a snapshot of the same game: the same command run again, replaced
    nxt = table / "next.yaml"
    for _ in range(2):
        r = runner.invoke(app, ["play", "mercator", str(table / "game.yaml"), "--die", "wine", "-o", str(nxt)])
        assert r.exit_code == 0, r.stderr


@pytest.mark.parametrize("command", PICTURE_WRITERS)
@pytest.mark.parametrize("target, why", [
    ("other.yaml", "holds a game (board creta, solo, standard, seed 2)"),
    ("notes.txt", "is not an SVG picture"),
])
def test_svg_onto_a_file_that_is_no_picture_is_exit_3_and_writes_nothing(runner, table, command, target, why):
    # before this rule `show game.yaml --svg other.yaml` replaced the creta game by a picture
    before = _files(table)
    r = runner.invoke(app, _args(PICTURE_WRITERS[command], table, "--svg", table / target))
    assert r.exit_code == 3, (command, r.stderr)
    assert r.stderr == (f"contrarius: --svg: {table / target} already exists and {why}; the picture was not "
                        "written (nothing else was either); give another --svg file, or remove that one first\n")
    assert r.stdout == ""  # refused before the report
    assert _files(table) == before


@pytest.mark.parametrize("command", PICTURE_WRITERS)
def test_svg_redraws_a_picture(runner, table, command):
    creta = (table / "old.svg").read_bytes()
    r = runner.invoke(app, _args(PICTURE_WRITERS[command], table, "--svg", table / "old.svg"))
    assert r.exit_code == 0, (command, r.stderr)
    italia = (table / "old.svg").read_text(encoding="utf-8")
    assert italia.encode() != creta and italia.startswith("<?xml") and "<svg" in italia


def test_a_device_is_written_to_not_refused(runner, table):
    assert runner.invoke(app, ["new", "-b", "italia", "--seed", "1", "-o", "/dev/null"]).exit_code == 0
    assert runner.invoke(app, ["show", str(table / "game.yaml"), "--svg", "/dev/null"]).exit_code == 0
