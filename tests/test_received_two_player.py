"""Team and third-player reports say what each player received, in the solo report's words
(what the player received, for the two-player modes).

Tables: the Italia team table of ``tests/test_team.py`` and the Italia third-player table
of ``tests/test_third_player.py`` (the tokens of examples/italia-setup.yaml: Casinvm food,
Hadria food, Olbia food, Neapolis brick, Ancona wine, Messana wine, Genva wine, Spoletvm
cloth ...). Every player starts with 1 land and 1 sea colonist in Roma (2 on the board) and
the goods brick 1, food 2, tool 1, wine 1, cloth 1; sestertii: team 6 each ("Cooperative
Setup"), third-player 6 for player1 and 7 for player2 ("Contrarius as a third player").

The base rules, the sentences every amount below is worked from:
- Colonist, money: "five sestertii plus one per colonist you have on the board".
- Tribune: "returns all your played cards to hand and pays one sestertius for each card
  beyond the third, counting the Tribune itself".
- Specialists: "each produce one unit from every one of your houses of that goods type".
- Team play: "your partner also carries out the action of your personality card"
  ("Cooperative Game Play"); a partner who only carries out the card did not play it, so
  their Tribune counts only the cards they take back (a reading, README).
- The Mercator's sestertii and trades are not told to contrarius: not in the tally (the
  solo reading of the tally, README).
"""

from __future__ import annotations

import json

from contrarius.material.cards import Card
from contrarius.cli import app
from contrarius.rules.game import play
from contrarius.model.snapshot import CONTRARIUS, Colonist
from contrarius.store.snapshot_text import load_snapshot
from contrarius.rules.modes.team import record_hand
from contrarius.rules.modes.twoplayer import Part, TeamAction

from test_team import TOKENS_ARG, new_italia_team, team
from test_third_player import third


def lines(result) -> list[str]:
    return [e.text for e in result.player_events]


def data_of(result, text_start: str) -> dict:
    return next(e.data for e in result.player_events if e.text.startswith(text_start))


# ----- team play ------------------------------------------------------------------------------------------
def test_team_colonist_money_for_both_partners():
    s = team()
    s.colonists.append(Colonist("player2", "sea", "Roma"))  # player2: 3 colonists on the board
    r = play(s, TeamAction(card="Colonist", action="money", partner=Part(action="money")))
    # player1: 5 + 2 = 7 (6 -> 13); player2: 5 + 3 = 8 (6 -> 14); Contrarius: "b) earn money: 2 VP"
    assert lines(r) == ["player1 takes money with the Colonist: 5 + 2 colonists on the board = 7 sestertii",
                        "player2 takes money with the Colonist: 5 + 3 colonists on the board = 8 sestertii"]
    assert [p.sestertii for p in r.snapshot.players] == [13, 14]
    assert data_of(r, "player2 takes money") == {"sestertii": 8, "player": "player2"}
    assert r.snapshot.contrarius.vp == 2
    assert r.snapshot.log[-1]["player_did"] == lines(r)


def test_team_tribune_sestertii_active_player_and_partner():
    s = record_hand(record_hand(team(), "player1", ["Tribune"]), "player2", [])
    s.player("player1").played = [Card.of(c) for c in ("Prefect", "Mercator", "Architect")]
    s.player("player2").played = [Card.of(c) for c in ("Architect", "Senator", "Consul", "Farmer", "Mason")]
    r = play(s, TeamAction(card="Tribune", partner=Part(), dice=[(None, "land")]))
    # player1 takes back Prefect, Mercator, Architect and the Tribune: 4 cards, 4 - 3 = 1 (6 -> 7);
    # player2 takes back their 5 played cards; the Tribune is player1's (reading): 5 - 3 = 2 (6 -> 8)
    assert lines(r) == [
        "player1 takes back 4 cards with the Tribune and receives 1 sestertius (1 per card beyond the third)",
        "player2 takes back 5 cards with the Tribune and receives 2 sestertii (1 per card beyond the third; "
        "the card they carry out is player1's, not counted: a reading)"]
    assert [p.sestertii for p in r.snapshot.players] == [7, 8]
    assert data_of(r, "player2 takes back") == {"sestertii": 2, "player": "player2"}
    # the reaction is unchanged: a house for the best specialist (Mason: brick -> Aleria), a land colonist
    assert r.snapshot.houses == {"Aleria": [CONTRARIUS]}


def test_team_legatus_called_tribune_counts_each_players_own_card():
    s = record_hand(record_hand(team(), "player1", ["Legatus"]), "player2", ["Tribune"])
    s.player("player1").played = [Card.of(c) for c in ("Prefect", "Mercator", "Architect")]
    s.player("player2").played = [Card.of("Architect")]
    r = play(s, TeamAction(card="Legatus", partner=Part(card="Tribune"), dice=[(None, "land")]))
    # player2 plays the Tribune and carries it out first: Architect + Tribune = 2 cards, 0 sestertii;
    # player1 played the Legatus: Prefect, Mercator, Architect, Legatus = 4 cards, 1 sestertius
    assert lines(r)[1:] == [
        "player2 takes back 2 cards with the Tribune and receives 0 sestertii (1 per card beyond the third)",
        "player1 takes back 4 cards with the Tribune and receives 1 sestertius (1 per card beyond the third)"]
    assert [p.sestertii for p in r.snapshot.players] == [7, 6]


def test_team_specialist_production_both_partners():
    s = team()
    s.houses = {"Casinvm": ["player1"], "Hadria": ["player1"], "Neapolis": ["player1"], "Olbia": ["player2"]}
    r = play(s, TeamAction(card="Farmer", partner=Part()))
    # the Farmer: player1's food cities Casinvm and Hadria (food 2 -> 4); player2's Olbia (2 -> 3)
    assert lines(r) == ["player1 produces with the Farmer: 2 food (Casinvm, Hadria)",
                        "player2 produces with the Farmer: 1 food (Olbia)"]
    assert [p.goods["food"] for p in r.snapshot.players] == [4, 3]
    assert data_of(r, "player1 produces") == {"goods": "food", "units": 2, "player": "player1"}
    assert r.snapshot.contrarius.vp == 3  # "Specialists ... Contrarius scores 3 victory points"
    r = play(r.snapshot, TeamAction(card="Weaver", partner=Part()))
    # no cloth city for either: nothing, and the tally keeps its cloth 1
    assert lines(r) == ["player2 produces with the Weaver: nothing (no house of theirs in a cloth city)",
                        "player1 produces with the Weaver: nothing (no house of theirs in a cloth city)"]
    assert [p.goods["cloth"] for p in r.snapshot.players] == [1, 1]


def test_team_diplomat_copying_contrarius_mason_produces_for_both():
    s = team()
    s.houses = {"Neapolis": ["player1"], "Olbia": ["player2"]}
    r = play(s, TeamAction(card="Diplomat", copy="Mason", partner=Part()))
    # both carry out the copied Mason: player1's Neapolis (brick 1 -> 2); player2 has no brick city
    assert lines(r)[1:] == ["player1 produces with the Mason: 1 brick (Neapolis)",
                            "player2 produces with the Mason: nothing (no house of theirs in a brick city)"]
    assert [p.goods["brick"] for p in r.snapshot.players] == [2, 1]


def test_team_mercator_sestertii_are_not_tallied():
    # the Mercator's 3 (or 5) sestertii and its trades are not told to contrarius: the tally
    # stays 6 and 6; the reaction (black die wine -> Ancona, Vmbria produces for nobody) as before
    r = play(team(), TeamAction(card="Mercator", partner=Part(), dice=[(None, "wine")]))
    assert [p.sestertii for p in r.snapshot.players] == [6, 6]
    assert not any("sestert" in t for t in lines(r))
    assert r.snapshot.houses == {"Ancona": [CONTRARIUS]}


# ----- Contrarius as a third player ---------------------------------------------------------------
def test_third_player_colonist_money_tribune_and_specialist():
    s = third("player2")
    p2 = s.player("player2")
    p2.hand += [Card.of("Colonist"), Card.of("Vintner")]
    r = play(s, TeamAction(card="Colonist", action="money"))
    # player2: 5 + 2 colonists = 7 sestertii (7 -> 14); Contrarius 2 VP
    assert lines(r) == ["player2 takes money with the Colonist: 5 + 2 colonists on the board = 7 sestertii"]
    assert r.snapshot.player("player2").sestertii == 14 and r.snapshot.contrarius.vp == 2
    # player1 (the starting player, no reaction): Architect, Prefect, Mercator, Senator played,
    # then the Tribune: 5 cards back, 5 - 3 = 2 sestertii (6 -> 8)
    n = r.snapshot
    p1 = n.player("player1")
    for name in ("Architect", "Prefect", "Mercator", "Senator"):
        p1.hand.remove(next(c for c in p1.hand if c.name == name))
        p1.played.append(Card.of(name))
    r = play(n, TeamAction(card="Tribune"))
    assert lines(r)[0] == "player1 takes back 5 cards with the Tribune and receives 2 sestertii (1 per card beyond the third)"
    assert r.snapshot.player("player1").sestertii == 8 and r.snapshot.contrarius.vp == 2
    # player2's Vintner: wine cities Ancona, Genva, Messana: 3 wine (1 -> 4); Contrarius 3 VP
    n = r.snapshot
    n.houses = {"Ancona": ["player2"], "Genva": ["player2"], "Messana": ["player2"], "Spoletvm": ["player1"]}
    r = play(n, TeamAction(card="Vintner"))
    assert lines(r) == ["player2 produces with the Vintner: 3 wine (Ancona, Genva, Messana)"]
    assert r.snapshot.player("player2").goods["wine"] == 4 and r.snapshot.contrarius.vp == 5


# ----- the command line: play, --json, log, preview ----------------------------------------------
def test_cli_team_reports_what_both_received(runner, tmp_path):
    path = tmp_path / "team.yaml"
    r = new_italia_team(runner, path, "Colonist,Tribune", "Farmer")
    assert r.exit_code == 0, r.stderr
    money = "player1 takes money with the Colonist: 5 + 2 colonists on the board = 7 sestertii"
    mate = "player2 takes money with the Colonist: 5 + 2 colonists on the board = 7 sestertii"
    # preview says it before the turn (nothing written)
    r = runner.invoke(app, ["preview", "colonist", str(path), "--money"])
    assert r.exit_code == 0, r.stderr
    assert "player1 takes money with the Colonist: 5 + 2 colonists on the board = 7 sestertii" in r.stdout
    r = runner.invoke(app, ["play", "colonist", str(path), "-i", "--money", "--partner-money"])
    assert r.exit_code == 0, r.stderr
    assert money in r.stderr and mate in r.stderr
    assert [p.sestertii for p in load_snapshot(str(path)).players] == [13, 13]
    # player2's turn: the Farmer; player1 has no house: both produce nothing; --json says so with data
    r = runner.invoke(app, ["play", "farmer", str(path), "-i", "--json"])
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["played_by"] == "player2" and data["next"] == "player1"
    assert {"kind": "produce", "text": "player2 produces with the Farmer: nothing (no house of theirs in a food city)",
            "goods": "food", "units": 0, "player": "player2"} in data["player"]
    r = runner.invoke(app, ["log", str(path), "--json"])
    assert r.exit_code == 0, r.stderr
    turns = json.loads(r.stdout)["turns"]
    assert turns[0]["received"] == [money, mate] and turns[0]["player_did"] == [money, mate]
    assert turns[1]["received"] == ["player2 produces with the Farmer: nothing (no house of theirs in a food city)",
                                    "player1 produces with the Farmer: nothing (no house of theirs in a food city)"]
    # the table: each line under the turn's action
    r = runner.invoke(app, ["log", str(path)])
    assert r.exit_code == 0, r.stderr
    rows = [" ".join(line.replace("│", " ").split()) for line in r.stdout.splitlines()]
    at = rows.index("1 player1 Colonist money; player2: money - 0->2 scores 2 VP (Colonist: player1 took money): 0 -> 2")
    assert rows[at + 1:at + 3] == [money, mate]
    # preview of player1's Tribune: the partner carries it out too, as play would. player1 takes
    # back Colonist and Tribune (2 cards, 0 sestertii); player2 their Farmer (1 card, 0; the
    # Tribune is player1's, not counted)
    r = runner.invoke(app, ["preview", "tribune", str(path)])
    assert r.exit_code == 0, r.stderr
    assert r.stdout.startswith("Preview: player1 plays Tribune")
    assert "player1 takes back 2 cards with the Tribune and receives 0 sestertii (1 per card beyond the third)" in r.stdout
    assert ("player2 takes back 1 card with the Tribune and receives 0 sestertii (1 per card beyond the third; "
            "the card they carry out is player1's, not counted: a reading)") in r.stdout
    r = runner.invoke(app, ["preview", "tribune", str(path), "--json"])
    assert [e["player"] for e in json.loads(r.stdout)["player"]] == ["player1", "player2"]


def test_cli_team_preview_takes_the_partners_part(runner, tmp_path):
    # hands not recorded (any card). A Prefect needs the partner's choice: without it the
    # partner's part is left unrecorded, and the report says so. With --partner-reactivate:
    # player1 produces in Campania first (its marker turns to coins), then player2 takes the
    # cash bonus, "one sestertius for every visible coin on the bonus markers": 1 sestertius.
    path = tmp_path / "t.yaml"
    r = runner.invoke(app, ["new", "-b", "italia", "-m", "team", "--seed", "1", "--tokens", TOKENS_ARG, "-o", str(path)])
    assert r.exit_code == 0, r.stderr
    r = runner.invoke(app, ["preview", "prefect", str(path), "--produce", "Campania"])
    assert r.exit_code == 0, r.stderr
    assert "player2's part of this turn is not recorded" in r.stdout
    r = runner.invoke(app, ["preview", "prefect", str(path), "--produce", "Campania", "--partner-reactivate"])
    assert r.exit_code == 0, r.stderr
    assert "player2 reactivates: 1 bonus marker turns back to goods and player2 receives 1 sestertius" in r.stdout
    r = runner.invoke(app, ["preview", "prefect", str(path), "--partner-produce", "Nowhere", "--produce", "Campania"])
    assert r.exit_code == 2 and "Nowhere" in r.stderr  # a wrong partner option is refused, as by play


def test_cli_third_player_tribune_sestertii_in_play_and_log(runner, tmp_path):
    # player1 (base cards, 6 sestertii) plays Architect, Prefect, Mercator, then the Tribune:
    # 4 cards back, 4 - 3 = 1 sestertius (6 -> 7; the Mercator's sestertii are not tallied)
    path = tmp_path / "third.yaml"
    r = runner.invoke(app, ["new", "-b", "italia", "-m", "third-player", "--seed", "1", "--tokens", TOKENS_ARG, "-o", str(path)])
    assert r.exit_code == 0, r.stderr
    # (a table game: player2's reactions take their dice from the table)
    for turn in (["architect"], ["prefect", "--reactivate"], ["prefect", "--produce", "Campania"],
                 ["architect", "--die", "3"], ["mercator"], ["mercator", "--die", "wine"]):
        r = runner.invoke(app, ["play", *turn[:1], str(path), "-i", *turn[1:]])
        assert r.exit_code == 0, (turn, r.stderr)
    r = runner.invoke(app, ["play", "tribune", str(path), "-i"])
    assert r.exit_code == 0, r.stderr
    line = "player1 takes back 4 cards with the Tribune and receives 1 sestertius (1 per card beyond the third)"
    assert line in r.stderr
    assert load_snapshot(str(path)).player("player1").sestertii == 7
    r = runner.invoke(app, ["log", str(path), "--json"])
    assert json.loads(r.stdout)["turns"][-1]["received"] == [line]
