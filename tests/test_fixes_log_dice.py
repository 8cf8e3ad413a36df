"""Findings of a new-user test session: the log's action text says each part once, and
the message asking for the red die when Contrarius cannot build agrees with README's
reading "Cannot build: which colonist" (a card face is rolled again)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from contrarius.cli import app
from contrarius.cli.session.flow import die_question
from contrarius.errors import NeedDieError
from contrarius.rules.game import play
from contrarius.store.files import dump_snapshot, load_snapshot
from contrarius.rules.contrarius_part import PlayerAction

sys.path.insert(0, str(Path(__file__).parent))
from test_reactions import _blocked, snap  # noqa: E402  (the hand-built "cannot build" table)


def _ok(r):
    assert r.exit_code == 0, r.stderr
    return r


def _actions(runner, path: Path) -> list[str]:
    return [t["action"] for t in json.loads(_ok(runner.invoke(app, ["log", str(path), "--json"])).stdout)["turns"]]


# ----- 4. the log's action text -----------------------------------------------------------------
def test_log_says_a_colonists_place_once(runner, tmp_path):
    """A Colonist's action is recorded as choice 'place' and the places; the log read
    "place; place land:Elevtherna" (the choice and the list, both). Now as the command:
    'copy Colonist; place land:Elevtherna' (Creta: the Diplomat copies Contrarius's face-up
    Colonist and places a land colonist in Elevtherna, where the player has a house)."""
    g = tmp_path / "g.yaml"
    _ok(runner.invoke(app, ["new", "--board", "creta", "--seed", "8", "-o", str(g)]))
    _ok(runner.invoke(app, ["play", "arch", str(g), "-i", "--move", "land:Knossos:Elevtherna-Knossos", "--build", "Elevtherna", "--die", "1"]))
    _ok(runner.invoke(app, ["play", "diplomat", str(g), "-i", "--copy", "colonist", "--place", "land:Elevtherna", "--die", "red=land"]))
    assert _actions(runner, g) == ["move land Knossos -> Elevtherna-Knossos; build Elevtherna", "copy Colonist; place land:Elevtherna"]


def test_log_texts_of_colonist_and_prefect_choices_in_team_play(runner, tmp_path):
    """Team play at a table (Italia, every colonist in Roma; the display as dealt; the hands
    are not recorded, so any card): a Colonist placing for both players (red die: land),
    then one taking money for both (player2's turn), then a Prefect; the choice word is
    said once for each player ('money', 'reactivate' stay: no list says them)."""
    t = tmp_path / "t.yaml"
    _ok(runner.invoke(app, ["new", "--board", "italia", "--mode", "team", "--seed", "3",
                            "--display", "Mercator,Mason,Prefect,Colonist,Farmer,Architect,Consul", "-o", str(t)]))
    _ok(runner.invoke(app, ["play", "colonist", str(t), "-i", "--place", "land:Roma", "--partner-place", "sea:Roma", "--die", "red=land"]))
    _ok(runner.invoke(app, ["play", "colonist", str(t), "-i", "--money", "--partner-money"]))
    _ok(runner.invoke(app, ["play", "prefect", str(t), "-i", "--produce", "Campania", "--partner-reactivate"]))
    assert _actions(runner, t) == ["place land:Roma; player2: place sea:Roma", "money; player1: money",
                                   "produce Campania; player2: reactivate"]


# ----- 5. the red die when Contrarius cannot build ----------------------------------------------
def test_cannot_build_red_die_message_follows_the_reading(runner, tmp_path):
    """tests/test_reactions.py's _blocked table (Italia): Contrarius's only colonist (1 step)
    reaches Panormvs, Syracvsae and Messana, and has a house in all three, so the Mercator
    cannot build for any goods type: it places a colonist instead, the red die deciding
    which ("Supplementary rules", Building houses). README's reading: a card face names no
    colonist and is rolled again. The message asking for the die says so (before: "or the
    card in display position 1"), also after a card face was read."""
    full = tmp_path / "full.yaml"
    full.write_text(dump_snapshot(snap(_blocked())), encoding="utf-8")
    for dice in (["--die", "black=wine"], ["--die", "black=wine", "--die", "red=card"]):
        r = runner.invoke(app, ["play", "merc", str(full), *dice, "-o", str(tmp_path / "out.yaml")])
        assert r.exit_code == 4, r.stderr
        assert "which colonist Contrarius places instead, land or sea (a card face names none and is rolled again - reading)" in r.stderr
        assert "display position 1" not in r.stderr
    assert not (tmp_path / "out.yaml").exists()
    # the Tribune's own red die still decides a colonist or the card in position 1
    r = runner.invoke(app, ["play", "tribune", str(tmp_path / "full.yaml"), "--die", "red=land", "-o", str(tmp_path / "o2.yaml")])
    assert r.exit_code == 4 and "red tribune die (Tribune)" in r.stderr and "or the card in display position 1" in r.stderr
    # the session's die question: the card face is no card taken but a re-roll
    s = load_snapshot(str(full))
    try:
        play(s, PlayerAction("Mercator", dice=[(None, "wine")]))
    except NeedDieError as exc:
        q = die_question(exc.state or s, exc.die, exc.why, exclude=exc.exclude)
    else:  # pragma: no cover - the red die is needed
        raise AssertionError("the red die was not asked for")
    assert dict(q.choices)["card"] == "names no colonist: rolled again (reading)"
    assert dict(q.choices)["sea"] == "a sea colonist in Roma"
