"""The Architect's colonist moves in ``session`` and the move shorthand ``KIND:WHERE>CITY``
(README, "Less typing"; the base rules' Architect: one movement step per colonist on the
board, a move ends on a free line of its kind), also for the partner in team play.

Every expected value below is worked out by hand from ``contrarius board creta`` /
``contrarius board hellas`` (the land and sea neighbours of each city).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contrarius.cli import app
from contrarius.errors import UnknownNameError
from contrarius.words.names import parse_move
from contrarius.store.snapshot_text import load_snapshot


def _ok(r):
    assert r.exit_code == 0, r.stderr
    return r


def _new(runner, path: Path, *args: str) -> Path:
    _ok(runner.invoke(app, ["new", *args, "-o", str(path)]))
    return path


# ----- no move asked once every step is used--- ----------------------------------------------------
def test_session_asks_the_houses_once_every_movement_step_is_used(runner, tmp_path):
    """Creta, a new solo game: the player's land and sea colonists stand in Knossos, so the
    Architect has 2 movement steps (one per colonist on the board). Knossos's land
    neighbours include Elevtherna, its sea neighbours Olvs: land:Knossos>Elevtherna and
    sea:Knossos>Olvs are 1 step each, 0 left: the next answers are the houses (the
    tester's input, which before was refused as two more moves and wrote houses: {})."""
    game = _new(runner, tmp_path / "rep2.yaml", "--board", "creta", "--seed", "8")
    r = runner.invoke(app, ["session", str(game)],
                      input="arch\nland:Knossos>Elevtherna\nsea:Knossos>Olvs\nElevtherna\nOlvs\n\n\n")
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""  # nothing refused
    snap = load_snapshot(str(game))
    assert snap.houses == {"Elevtherna": ["player"], "Olvs": ["player"]}
    assert {(c.kind, c.where) for c in snap.colonists_of("player")} == {("land", "Elevtherna-Knossos"), ("sea", "Knossos-Olvs")}
    # the same turn by play: the same file
    other = _new(runner, tmp_path / "by-play.yaml", "--board", "creta", "--seed", "8")
    _ok(runner.invoke(app, ["play", "architect", str(other), "-i", "--move", "land:Knossos:Elevtherna-Knossos",
                            "--move", "sea:Knossos:Knossos-Olvs", "--build", "Elevtherna", "--build", "Olvs"]))
    assert load_snapshot(str(other)).to_dict() == snap.to_dict()


def test_session_input_ending_mid_turn_writes_nothing_and_exits_2(runner, tmp_path):
    """README, "A turn is written only whole": the end of the input in the middle of a turn
    leaves the file as it was; from a pipe the session exits 2 (the script lost that turn)."""
    game = _new(runner, tmp_path / "g.yaml", "--board", "creta", "--seed", "8")
    before = game.read_bytes()
    r = runner.invoke(app, ["session", str(game)], input="arch\nland:Knossos>Elevtherna\nsea:Knossos>Olvs\nElevtherna\n")
    assert r.exit_code == 2
    assert "end of input during a turn: that turn was not written" in r.stderr
    assert game.read_bytes() == before


# ----- the shorthand never guesses--- between two colonists -----------------------------------------
def _two_land_colonists_at_elevtherna(runner, tmp_path: Path) -> Path:
    """Creta: the player's land colonist on Elevtherna-Knossos (with a house in Elevtherna)
    and a second land colonist placed in Elevtherna by a Diplomat copying the Colonist."""
    g = _new(runner, tmp_path / "rep3.yaml", "--board", "creta", "--seed", "8")
    _ok(runner.invoke(app, ["play", "arch", str(g), "-i", "--move", "land:Knossos:Elevtherna-Knossos", "--build", "Elevtherna", "--die", "1"]))
    _ok(runner.invoke(app, ["play", "diplomat", str(g), "-i", "--copy", "colonist", "--place", "land:Elevtherna", "--die", "red=land"]))
    _ok(runner.invoke(app, ["play", "trib", str(g), "-i", "--die", "red=card"]))
    return g


WHICH = ("which move? land:Elevtherna-Knossos:Elevtherna-Psycheion or land:Elevtherna:Elevtherna-Psycheion (each 1 step)")


def test_shorthand_refuses_a_colonist_in_the_city_and_one_on_a_line_next_to_it(runner, tmp_path):
    """Elevtherna's land neighbours: Gortyn, Knossos, Psycheion, Rhethymna. The colonist in
    Elevtherna reaches Elevtherna-Psycheion in 1 step; the one on Elevtherna-Knossos too
    (through Elevtherna). Both fit 'land:Elevtherna>Psycheion': play, preview and the
    session refuse it naming both exact forms (before, play moved the one in the city)."""
    g = _two_land_colonists_at_elevtherna(runner, tmp_path)
    snap = load_snapshot(str(g))
    assert sorted(c.where for c in snap.colonists_of("player", "land")) == ["Elevtherna", "Elevtherna-Knossos"]
    with pytest.raises(UnknownNameError, match=re.escape(WHICH)):
        parse_move("land:Elevtherna>Psycheion", snap, "player")
    before = g.read_bytes()
    for cmd in (["play", "arch", str(g), "-o", str(tmp_path / "out.yaml")], ["preview", "arch", str(g)]):
        r = runner.invoke(app, [*cmd, "--move", "land:Elevtherna>Psycheion", "--build", "Psycheion", "--die", "1"])
        assert r.exit_code == 2
        assert r.stderr.strip() == f"contrarius: --move land:Elevtherna>Psycheion: {WHICH}"
    assert not (tmp_path / "out.yaml").exists() and g.read_bytes() == before
    # the session asks which, the tied moves numbered in the message's order (1. the one on
    # Elevtherna-Knossos, 2. the one in Elevtherna: tests/test_move_shorthand_budget.py), and
    # takes the number
    r = runner.invoke(app, ["session", str(g)], input="arch\nland:Elevtherna>Psycheion\n2\n\nPsycheion\n\n")
    assert r.exit_code == 0 and r.stderr == "", r.stderr  # no answer refused
    after = load_snapshot(str(g))
    assert sorted(c.where for c in after.colonists_of("player", "land")) == ["Elevtherna-Knossos", "Elevtherna-Psycheion"]
    assert after.houses["Psycheion"] == ["player"]


def test_shorthand_with_one_colonist_there_is_unchanged(runner, tmp_path):
    """One colonist at WHERE: the shorthand still reads as before. The exact line form
    names one colonist (Elevtherna-Knossos): to Psycheion through Elevtherna, 1 step."""
    g = _two_land_colonists_at_elevtherna(runner, tmp_path)
    snap = load_snapshot(str(g))
    assert parse_move("land:Elevtherna-Knossos>Psycheion", snap, "player") == ("land", "Elevtherna-Knossos", "Elevtherna-Psycheion")
    # a new game: the land colonist alone in Knossos; Knossos-Elevtherna is 1 step
    fresh = load_snapshot(str(_new(runner, tmp_path / "f.yaml", "--board", "creta", "--seed", "8")))
    assert parse_move("land:Knossos>Elevtherna", fresh, "player") == ("land", "Knossos", "Elevtherna-Knossos")


# ----- the partner's shorthand in a team session--- -------------------------------------------------
def test_team_session_reads_the_partners_shorthand_as_play_does(runner, tmp_path):
    """Hellas, team game: every colonist starts in Athenae. Athenae's land neighbours
    include Thebae, its sea neighbours Melos: player1's land:Athenae>Thebae and player2's
    sea:Athenae>Melos are 1 step each (2 colonists each: 2 steps, 1 left). The session
    takes the partner's shorthand (before: "--move ...: the shorthand needs the game") and
    writes what play writes for the same turn."""
    t = _new(runner, tmp_path / "rep1.yaml", "--board", "hellas", "--mode", "team", "--seed", "6", "--table")
    by_play = tmp_path / "by-play.yaml"
    by_play.write_bytes(t.read_bytes())
    r = runner.invoke(app, ["session", str(t)],
                      input="architect\nland:Athenae>Thebae\n\nThebae\n\nsea:Athenae>Melos\n\nMelos\n\n1\nConsul\n\n")  # Enter: the card drawn stays ?
    assert "shorthand needs the game" not in r.stderr and "--" not in r.stderr, r.stderr
    assert "player2's sea colonist moves Athenae -> Athenae-Melos (1 step)" in r.stdout
    _ok(runner.invoke(app, ["play", "architect", str(by_play), "-i", "--move", "land:Athenae>Thebae", "--build", "Thebae",
                            "--partner-move", "sea:Athenae>Melos", "--partner-build", "Melos", "--die", "1", "--reveal", "1=Consul"]))
    assert t.read_bytes() == by_play.read_bytes()
    # a partner shorthand that fits nothing is refused naming the partner's move, no flag
    t2 = _new(runner, tmp_path / "t2.yaml", "--board", "hellas", "--mode", "team", "--seed", "6", "--table")
    r = runner.invoke(app, ["session", str(t2)], input="architect\n\n\nsea:Melos>Athenae\nquit\n")
    assert r.stderr.splitlines()[0] == ("contrarius: player2's move sea:Melos>Athenae: player2 has no sea colonist at Melos; "
                                        "theirs stand at Athenae")


def test_session_refusals_name_no_play_option(runner, tmp_path):
    """The session user types answers, never play's options: a refusal drops the option
    play's message opens with (contrarius.cli.session.flow.session_message). Salsa on
    Italia (forum row Mamilius, Julius, Donatus Pompeius, Lucius Flavius): a forum answer
    '9' is no row position (1-4): play says "--forum '9': ...", the session "'9': ..."."""
    from contrarius.cli.session.flow import session_message

    assert session_message("--refill Weaver: the display stacks hold no Weaver") == "Weaver: the display stacks hold no Weaver"
    assert session_message("unknown province 'X'") == "unknown province 'X'"
    g = _new(runner, tmp_path / "salsa.yaml", "--board", "italia", "--seed", "11", "--salsa", "--forum-card", "Annaeus Arcadius",
             "--forum-row", "Mamilius,Julius,Donatus Pompeius,Lucius Flavius")
    cli = runner.invoke(app, ["play", "tribune", str(g), "--forum", "9", "-o", str(tmp_path / "o.yaml")])
    assert cli.exit_code == 2 and cli.stderr.startswith("contrarius: --forum '9': ")
    r = runner.invoke(app, ["session", str(g)], input="tribune\n\n9\njulius\n\n\n")  # then Enter: refills stay ?, the first tied move
    assert r.stderr.splitlines()[0] == cli.stderr.strip().replace("--forum '9': ", "'9': ")
    assert r.exit_code == 2 and [e["card"] for e in load_snapshot(str(g)).log] == ["Tribune"]


# ----- the partner's moves take the shorthand too--- ------------------------------------------
def test_partner_move_shorthand_and_its_messages(runner, tmp_path):
    # Italia, team game: every colonist starts in Roma. Land lines from Roma: Roma-Casinvm,
    # Roma-Cosa, Roma-Spoletvm (tests/test_variants.py's table), so "land:Roma>Cosa" is the
    # one-step move Roma -> Cosa-Roma; for player2 (the partner of player1) as for player1.
    t = tmp_path / "t.yaml"
    _ok(runner.invoke(app, ["new", "--board", "italia", "--mode", "team", "--seed", "3", "-o", str(t)]))
    r = _ok(runner.invoke(app, ["play", "architect", str(t), "-o", str(tmp_path / "t1.yaml"), "--move", "land:Roma>Casinvm",
                                "--build", "Casinvm", "--partner-move", "land:Roma>Cosa", "--partner-build", "Cosa",
                                "--reveal", "5=Consul", "--die", "5"]))
    assert "player2's land colonist moves Roma -> Cosa-Roma (1 step)" in r.stderr
    assert "player1's land colonist moves Roma -> Casinvm-Roma (1 step)" in r.stderr
    t1 = load_snapshot(str(tmp_path / "t1.yaml"))
    assert t1.houses["Cosa"] == ["player2"] and t1.houses["Casinvm"] == ["player1"]
    # a bad partner shorthand names --partner-move and the partner, not --move and "you"
    r = runner.invoke(app, ["play", "architect", str(t), "-o", str(tmp_path / "t2.yaml"), "--move", "land:Roma>Casinvm",
                            "--partner-move", "land:Cosa>Roma", "--reveal", "5=Consul", "--die", "5"])
    assert r.exit_code == 2
    assert "--partner-move land:Cosa>Roma: player2 has no land colonist at Cosa; theirs stand at Roma" in r.stderr
    # the log shows the partner's part too, moves as "KIND FROM -> TO"
    r = _ok(runner.invoke(app, ["log", str(tmp_path / "t1.yaml"), "--json"]))
    import json

    action = json.loads(r.stdout)["turns"][0]["action"]
    assert action == "move land Roma -> Casinvm-Roma; build Casinvm; player2: move land Roma -> Cosa-Roma; build Cosa"
