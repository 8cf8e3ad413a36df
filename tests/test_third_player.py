"""Contrarius as a third player (solo booklet, "Contrarius as a third player"; contrarius/team.py).

Expectations worked out by hand; the Italia table (tokens of examples/italia-setup.yaml)
and Contrarius's reachable cities are described in tests/test_team.py. In short, with a
land and a sea colonist in Roma (2 steps): cloth -> Spoletvm, wine -> Ancona, tool ->
Cosa, food -> Casinvm, brick -> Aleria.

The display as dealt from stack I: Mercator, Mason, Prefect, Colonist, Farmer, Architect,
Diplomat; Contrarius takes the Mason, the eighth card of stack I (Smith) refills:
[Mercator, Prefect, Colonist, Farmer, Architect, Diplomat, Smith]; 8 + 7 + 6 - 8 = 13
cards stay in the stack.
"""

from __future__ import annotations

from collections import Counter

import pytest
import yaml

from contrarius.cli import app
from contrarius.errors import ContrariusError, GameOverError, RuleError, UnusedInputError
from contrarius.rules.game import play
from contrarius.rules.game import SetupOptions, new_game
from team_helpers import reload, texts

from contrarius.model.snapshot import CONTRARIUS, Snapshot
from contrarius.model.reader import read_snapshot
from contrarius.rules.modes.team import record_hand
from contrarius.rules.end_of_game import final_turn_note
from contrarius.rules.modes.twoplayer import Part, TeamAction

# the Italia tokens of examples/italia-setup.yaml (as in tests/test_team.py)
ITALIA_TOKENS = {
    "Bavzanvm": "brick", "Aqvileia": "cloth", "Verona": "brick", "Comvm": "food", "Segvsio": "tool",
    "Genva": "wine", "Nicaea": "food", "Mvtina": "cloth", "Ravenna": "wine", "Florentia": "tool", "Cosa": "tool",
    "Aleria": "brick", "Olbia": "food", "Ancona": "wine", "Spoletvm": "cloth", "Hadria": "food", "Casinvm": "food",
    "Neapolis": "brick", "Lvceria": "brick", "Brvndisivm": "brick", "Potentia": "food", "Croton": "brick",
    "Messana": "wine", "Panormvs": "tool", "Syracvsae": "tool",
}
TOKENS_ARG = ",".join(f"{c}={g}" for c, g in ITALIA_TOKENS.items())
DEALT = ["Mercator", "Mason", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat"]
# 14 cities, neither Spoletvm nor Cosa: a 15th house in Spoletvm ends the game
FOURTEEN = ["Bavzanvm", "Aqvileia", "Verona", "Comvm", "Segvsio", "Genva", "Nicaea", "Mvtina", "Ravenna",
            "Florentia", "Aleria", "Olbia", "Ancona", "Hadria"]

STACK_I = ["Prefect", "Mason", "Mercator", "Architect", "Colonist", "Diplomat", "Farmer", "Smith"]
STACK_II = ["Architect", "Mercator", "Colonist", "Prefect", "Consul", "Vintner", "Weaver"]
BASE_HAND = ["Tribune", "Architect", "Prefect", "Prefect", "Mercator", "Diplomat", "Senator"]
TURQUOISE = ["Tribune", "Architect", "Prefect", "Prefect with Praefectus Magnus", "Mercator", "Diplomat", "Senator"]


def third(active: str = "player1", **opts) -> Snapshot:
    base = dict(board="italia", mode="third-player", seed=1, tokens=ITALIA_TOKENS, display=DEALT, refill=["Smith"])
    base.update(opts)
    s, _ = new_game(SetupOptions(**base))
    s.active = active
    return s


def go(s: Snapshot, card: str, *, dice=(), **kw):
    return play(s, TeamAction(card=card, dice=[(None, d) for d in dice], **kw))


# ----- setup --------------------------------------------------------------------------------------------
def test_setup_players_praefectus_magnus_and_vetoes():
    s = third()
    p1, p2 = s.player("player1"), s.player("player2")
    # "The starting player uses a regular set of player cards out of Concordia and begins
    # the game with 6 Sestertii ... The other player begins the game with 7 sestertii, the
    # Praefectus Magnus and the 7 turquoise starting cards of Solitaria."
    assert [c.name for c in p1.hand] == BASE_HAND and p1.sestertii == 6
    assert [c.name for c in p2.hand] == TURQUOISE and p2.sestertii == 7
    assert s.praefectus_magnus == "player2" and s.active == "player1"
    assert p1.veto is True and p2.veto is True  # the setup overview cards, turned over
    assert s.display == ["Mercator", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "Smith"]
    assert s.stack_remaining == 13
    assert s.contrarius.cards[-1].name == "Mason" and len(s.contrarius.cards) == 6
    assert reload(s).to_dict() == s.to_dict()


def test_seeded_setup_deals_stack_i_and_keeps_stack_iii_unknown():
    s, notes = new_game(SetupOptions(board="italia", mode="third-player", seed=11))
    # a virtual game (no tokens, display or --table given): the display comes from stack I
    # (8 cards: 7 dealt; the 8th refills after Contrarius's sixth card), then stack II (7,
    # shuffled), then stack III (6 cards, not public)
    assert all(c in STACK_I for c in s.display)
    dealt_from_i = Counter(s.display) + Counter([s.contrarius.cards[-1].name])
    assert dealt_from_i == Counter(STACK_I)
    assert s.stack_remaining == 13 and Counter(s.stack_order[:7]) == Counter(STACK_II)
    assert s.stack_order[7:] == ["?"] * 6
    # a stack order with unknown cards loads again
    assert reload(s).stack_order == s.stack_order
    # a table game (tokens as laid) deals the display from stack I too, for the table to
    # lay, but keeps no stack order: the card drawn after Contrarius's sixth is the table's,
    # unknown (?)
    t, _ = new_game(SetupOptions(board="italia", mode="third-player", seed=11, tokens=ITALIA_TOKENS))
    assert t.dice == "table" and t.stack_order is None and t.stack_remaining == 13
    assert all(c in STACK_I for c in t.display_cards()[:6]) and t.display_cards()[6] == "?"


# ----- who Contrarius reacts to ---------------------------------------------------------------------
def test_starting_players_cards_cause_no_reaction():
    s = third()
    r = go(s, "Mercator")
    assert r.reacted_to is None and r.rolls == [] and r.snapshot.contrarius.vp == 0
    assert "player1 is the starting player" in texts(r)
    assert r.snapshot.active == "player2"
    # a die given for player1's turn is left over: nothing rolls it
    with pytest.raises(UnusedInputError, match="did not roll every die"):
        go(s, "Mercator", dice=["wine"])


def test_second_players_card_gets_the_reaction():
    s = go(third(), "Mercator").snapshot
    r = go(s, "Mercator", dice=["wine"])
    assert r.reacted_to == "Mercator" and r.snapshot.houses == {"Ancona": [CONTRARIUS]}
    assert r.snapshot.active == "player1"
    assert [e["player"] for e in r.snapshot.log] == ["player1", "player2"]


def test_praefectus_magnus_circulates_and_pm_cards_are_plain_prefects():
    s = third(active="player2")
    r = go(s, "Prefect with Praefectus Magnus", action="produce", province="Corsica")
    n = r.snapshot
    # "only used as regular Prefect personality cards (... a minimum of 1 victory point)"
    assert n.contrarius.vp == 1
    # player2 holds the Praefectus Magnus: 2 bonus food (Olbia food > Aleria brick), then passes it
    assert n.player("player2").goods["food"] == 4 and n.praefectus_magnus == "player1"
    # player1 now holds it: producing takes 2 bonus goods (Campania: food) and passes it back;
    # player1's card causes no reaction
    r = go(n, "Prefect", action="produce", province="Campania")
    assert r.snapshot.player("player1").goods["food"] == 4 and r.snapshot.praefectus_magnus == "player2"
    assert r.snapshot.contrarius.vp == 1
    # without the Praefectus Magnus: 1 bonus good; reactivating keeps it where it is
    r = go(r.snapshot, "Prefect", action="reactivate")  # player2 holds it and reactivates
    assert r.snapshot.praefectus_magnus == "player2" and r.snapshot.contrarius.vp == 3
    r = go(r.snapshot, "Prefect", action="produce", province="Vmbria")  # player1, without it
    assert r.snapshot.player("player1").goods["cloth"] == 2  # Vmbria bonus: cloth, 1 of it


def test_diplomat_copies_the_other_players_card():
    s = go(third(), "Mercator").snapshot  # player1's top card: Mercator
    r = go(s, "Diplomat", copy="Mercator", dice=["wine"])
    n = r.snapshot
    # Contrarius reacts as to a Mercator; no card of Contrarius is turned face down
    assert r.reacted_to == "Mercator" and n.houses == {"Ancona": [CONTRARIUS]}
    assert all(c.face_up for c in n.contrarius.cards)
    # --copy may be left out: the top card is known
    assert go(s, "Diplomat", dice=["wine"]).reacted_to == "Mercator"
    with pytest.raises(RuleError, match="top card of player1's played cards, Mercator, not Prefect"):
        go(s, "Diplomat", copy="Prefect", action="reactivate")
    with pytest.raises(RuleError, match="player1 has no played card"):
        go(third(active="player2"), "Diplomat", copy="Mercator")


def test_diplomat_copying_a_prefect():
    s = go(third(), "Prefect", action="reactivate").snapshot
    r = go(s, "Diplomat", action="reactivate")
    assert r.reacted_to == "Prefect" and r.snapshot.contrarius.vp == 2


# ----- veto cards -----------------------------------------------------------------------------------------
def test_veto_with_a_table_result():
    s = third(active="player2")
    r = go(s, "Mercator", dice=["wine"], veto="player1", veto_face="cloth")
    n = r.snapshot
    # wine would build in Ancona; re-rolled cloth -> Spoletvm
    assert n.houses == {"Spoletvm": [CONTRARIUS]}
    assert n.player("player1").veto is False and n.player("player2").veto is True
    assert n.log[-1]["veto"] == {"player": "player1", "die": "mercator", "vetoed": "wine", "face": "cloth", "source": "table"}
    assert [x.face for x in r.rolls] == ["cloth"]
    assert "player1 uses their veto card: the black mercator die result wine is re-rolled -> cloth" in texts(r)
    assert reload(n).player("player1").veto is False
    # one veto per player
    n.active = "player2"
    with pytest.raises(RuleError, match="player1 has already used their veto card"):
        go(n, "Mercator", dice=["wine"], veto="player1", veto_face="tool")


def test_veto_rolled_by_the_program():
    s = third(active="player2")
    s.dice = "virtual"  # the setup came from a table (tokens, display), but here the program rolls
    s.dice_faces = {"mercator": ["cloth"] * 6}  # whatever the seed, the re-roll shows cloth
    before = s.rolls
    r = go(s, "Mercator", dice=["wine"], veto="player2")
    assert r.snapshot.houses == {"Spoletvm": [CONTRARIUS]} and r.snapshot.player("player2").veto is False
    assert r.snapshot.rolls == before + 1 and r.rolls[-1].source == "rolled"


def test_veto_in_a_table_game_needs_the_new_result():
    # a table game (its tokens and display came from a table) never rolls, not even a veto
    s = third(active="player2")
    assert s.dice == "table"
    with pytest.raises(RuleError, match="re-roll the black die at the table and give its new result, --veto player2=FACE"):
        go(s, "Mercator", dice=["wine"], veto="player2")


def test_veto_replaces_the_last_die_of_a_chain():
    s = record_hand(third(active="player2"), "player2", ["Colonist"])
    # red die "card": Contrarius would take the Mercator (position 1); vetoed -> land colonist
    r = go(s, "Colonist", dice=["card"], veto="player2", veto_face="land")
    assert len(r.snapshot.colonists_of(CONTRARIUS, "land")) == 2
    assert r.snapshot.display[0] == "Mercator"


def test_veto_needs_a_die_of_contrarius():
    with pytest.raises(RuleError, match="does not react to this card of player1"):
        go(third(), "Mercator", veto="player2")
    with pytest.raises(RuleError, match="rolled no die"):
        go(third(active="player2"), "Prefect", action="reactivate", veto="player1")
    with pytest.raises(ContrariusError, match="needs the player who vetoes"):
        go(third(active="player2"), "Mercator", dice=["wine"], veto_face="cloth")


# ----- team cards in the variant ----------------------------------------------------------------------
def test_team_cards_without_a_partner():
    s = record_hand(third(active="player2"), "player2", ["Legatus", "Prefect/Architect", "Praetor", "Proconsul"])
    with pytest.raises(RuleError, match="no partners"):
        go(s, "Legatus")
    with pytest.raises(ContrariusError, match="--partner-\\* options are for team play"):
        go(s, "Praetor", praetor_reaction="vp", partner=Part(buys=["1"]))
    r = go(s, "Prefect/Architect", personality="Architect", dice=["3"])
    assert r.reacted_to == "Architect" and r.snapshot.contrarius.cards[-1].name == "Colonist"  # position 3
    assert "the Prefect is unused" in texts(r)
    r = go(s, "Praetor", praetor_reaction="vp", buys=["Farmer"])
    assert r.snapshot.contrarius.vp == 2 and [c.name for c in r.snapshot.player("player2").hand][-1] == "Farmer"
    # the display refills after the purchase: the stack has no recorded order -> ?
    assert r.snapshot.display == ["Mercator", "Prefect", "Colonist", "Architect", "Diplomat", "Smith", "?"]
    r = go(s, "Proconsul", dice=["tool"])
    assert r.snapshot.houses == {"Cosa": [CONTRARIUS]}


def test_unknown_stack_card_takes_a_refill_name():
    s = third(active="player2")
    s.stack_order, s.stack_remaining = ["?", "Weaver"], 2
    r = go(s, "Architect", dice=["1"], refill=["Consul"])
    # Contrarius takes the Mercator; the next stack card was not public: named Consul now
    assert r.snapshot.display[-1] == "Consul" and r.snapshot.stack_order == ["Weaver"]


# ----- end of game (reading: the other players each take one final turn) ---------------------------------
def test_player1_ends_player2_plays_a_final_card_with_reaction():
    s = third()
    s.houses = {c: ["player1"] for c in FOURTEEN}
    r = go(s, "Architect", moves=[("land", "Roma", "Roma-Spoletvm")], builds=["Spoletvm"])
    n = r.snapshot
    assert n.ended.by == "player1" and n.ended.final_turn_pending and n.concordia == "player1"
    assert final_turn_note(n) == "player1 ended the game: player2 plays a final card (Contrarius reacts to it)"
    f = go(n, "Mercator", dice=["cloth"])
    assert f.reacted_to == "Mercator" and f.game_over and f.snapshot.houses["Spoletvm"] == ["player1", CONTRARIUS]
    with pytest.raises(GameOverError):
        go(f.snapshot, "Prefect", action="reactivate")


def test_player2_ends_contrarius_reacts_then_player1_final():
    s = third(active="player2")
    s.houses = {c: ["player2"] for c in FOURTEEN}
    r = go(s, "Architect", moves=[("land", "Roma", "Roma-Spoletvm")], builds=["Spoletvm"], dice=["1"])
    n = r.snapshot
    assert r.reacted_to == "Architect" and n.contrarius.cards[-1].name == "Mercator"
    assert n.ended.by == "player2" and n.ended.final_turn_pending and not r.game_over
    f = go(n, "Mercator")
    assert f.reacted_to is None and f.game_over


def test_contrarius_ends_both_players_play_a_final_card_without_reaction():
    s = third(active="player2")
    s.houses = {c: [CONTRARIUS] for c in FOURTEEN}
    r = go(s, "Mercator", dice=["cloth"])
    n = r.snapshot
    assert n.ended.by == CONTRARIUS and n.houses["Spoletvm"] == [CONTRARIUS]
    f1 = go(n, "Mercator")  # player1's final card
    assert not f1.game_over and f1.snapshot.ended.final_turn_pending
    f2 = go(f1.snapshot, "Senator")  # player2's final card: no reaction, no (white) die
    assert f2.reacted_to is None and f2.rolls == [] and f2.game_over


# ----- the command line -----------------------------------------------------------------------------
def test_cli_third_player_game(runner, tmp_path):
    path = tmp_path / "g.yaml"
    res = runner.invoke(app, ["new", "-b", "italia", "-m", "third-player", "--seed", "1", "--tokens", TOKENS_ARG,
                              "--display", ",".join(DEALT), "--refill", "Smith", "-o", str(path)])
    assert res.exit_code == 0, res.stderr
    assert "player2: the 7 turquoise Solitaria cards, 7 sestertii and the Praefectus Magnus" in res.stderr
    res = runner.invoke(app, ["show", str(path)])
    assert "player1 (to play, veto unused): 20 VP" in res.stdout
    assert "player2 (Praefectus Magnus, veto unused): 20 VP" in res.stdout
    res = runner.invoke(app, ["play", "mercator", str(path), "-i"])
    assert res.exit_code == 0, res.stderr
    assert "player1: Mercator" in res.stderr and "Contrarius does not react" in res.stderr
    res = runner.invoke(app, ["play", "mercator", str(path), "--die", "wine", "--veto", "player1=cloth", "-i"])
    assert res.exit_code == 0, res.stderr
    assert "player1 uses their veto card" in res.stderr and "Contrarius builds in Spoletvm" in res.stderr
    data = yaml.safe_load(path.read_text())
    assert [p["veto"] for p in data["players"]] == [False, True]
    res = runner.invoke(app, ["where", "wine", str(path)])
    assert "third-player: player1 (to play) houses: -; player2 houses: -" in res.stdout
    res = runner.invoke(app, ["play", "mercator", str(path), "--veto", "=cloth"])
    assert res.exit_code == 2 and "PLAYER or PLAYER=FACE" in res.stderr


def test_imperium_third_player_game(runner, tmp_path):
    # Imperium, tokens shuffled from the seed: the setup loads again ('?' in the stack order),
    # and the province Italia (Novaria, Aqvileia, Syracvsae) counts for the Prefect
    path = tmp_path / "imp.yaml"
    res = runner.invoke(app, ["new", "-b", "imperium", "-m", "third-player", "--seed", "5", "-o", str(path)])
    assert res.exit_code == 0, res.stderr
    res = runner.invoke(app, ["check", str(path)])
    assert res.exit_code == 0 and "third-player" in res.stdout
    s = read_snapshot(yaml.safe_load(path.read_text()))
    assert s.stack_order[-6:] == ["?"] * 6
    s.houses = {"Novaria": ["player1", CONTRARIUS], "Aqvileia": ["player2"]}
    s = go(s, "Prefect", action="reactivate").snapshot  # player1: no reaction
    assert s.contrarius.vp == 0
    r = go(s, "Prefect", action="produce", province="Italia")  # player2: 3 houses in Italia
    assert r.snapshot.contrarius.vp == 3
    # player2 held the Praefectus Magnus: 2 bonus goods, then it passes to player1
    assert r.snapshot.praefectus_magnus == "player1"


def test_senator_two_buys_refer_to_the_display_before_the_purchase():
    # Base rules, Senator: "buys up to two cards from the display, paying ... the goods shown
    # beneath its position ... Afterwards cards slide left into empty positions and the
    # display refills". player2 (7 turquoise cards, a Senator among them) buys positions 2
    # and 3 of [Mercator, Prefect, Colonist, Farmer, Architect, Diplomat, Smith]: the
    # Prefect and the Colonist (not the Prefect and the Farmer that a slide after the first
    # card would give). Then the five left slide to 1-5 and two unrecorded cards refill 6-7.
    # Contrarius then reacts to the Senator: white die cloth -> Spoletvm.
    r = go(third(active="player2"), "Senator", buys=["2", "3"], dice=["cloth"])
    assert [(e.data.get("card"), e.data.get("position")) for e in r.player_events if e.kind == "buy"] == [
        ("Prefect", 2), ("Colonist", 3)]
    assert r.snapshot.display == ["Mercator", "Farmer", "Architect", "Diplomat", "Smith", "?", "?"]
    assert [c.name for c in r.snapshot.player("player2").hand][-2:] == ["Prefect", "Colonist"]
    assert r.snapshot.houses == {"Spoletvm": [CONTRARIUS]}
    # player1's Senator (no reaction): positions 1 and 7 -> Mercator and Smith
    r = go(third(), "Senator", buys=["7", "1"])
    assert [e.data.get("card") for e in r.player_events if e.kind == "buy"] == ["Smith", "Mercator"]
    assert r.snapshot.display == ["Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "?", "?"]


def test_preview_summary_diplomat_copies_the_other_players_top_card():
    # "The Diplomat follows the rules of regular Concordia, meaning that it copies a card of
    # the other player and not of Contrarius": after player1 played the Mercator, player2's
    # Diplomat copies that Mercator only, in the summary as in 'preview diplomat' (not
    # Contrarius's Prefect/Architect/Mercator/Colonist/Senator/Mason)
    from contrarius.rules.preview import summary

    s = go(third(), "Mercator").snapshot
    rows = [r for r in summary(s).rows if r.card == "Diplomat"]
    assert [r.action for r in rows] == ["copy Mercator"]
    assert rows[0].preview.reacted_to == "Mercator"
