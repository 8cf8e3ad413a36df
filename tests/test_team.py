"""Team play: "Cooperative Setup", "Cooperative Game Play", "Cooperative Personality
Cards", "Cooperative End of Game" (contrarius/team.py).

Every expectation was worked out by hand from the rulebook and the board files; the
reasoning is written beside it. Goods values: cloth > wine > tool > food > brick.

The Italia table used throughout (the tokens of examples/italia-setup.yaml):

- Venetia: Bavzanvm brick, Aqvileia cloth, Verona brick; Transpadana: Comvm food,
  Segvsio tool; Ligvria: Genva wine, Nicaea food; Aemilia: Mvtina cloth, Ravenna wine;
  Etrvria: Florentia tool, Cosa tool; Corsica: Aleria brick, Olbia food; Vmbria: Ancona
  wine, Spoletvm cloth, Hadria food; Campania: Casinvm food, Neapolis brick; Apvlia:
  Lvceria brick, Brvndisivm brick; Lvcania: Potentia food, Croton brick; Sicilia: Messana
  wine, Panormvs tool, Syracvsae tool.
- Roma's land lines: Casinvm, Cosa, Spoletvm; sea lines: Cosa, Neapolis, Olbia, Panormvs.
- Contrarius starts with a land and a sea colonist in Roma: 2 movement steps. What it can
  reach per goods type, and its choice (empty city, new province, alphabetical):
  cloth: only Spoletvm (1 step, land Roma-Spoletvm) -> Spoletvm.
  wine: Ancona (land Roma-Spoletvm-Ancona, 2), Genva (sea Roma-Cosa-Genva, 2), Messana
  (sea, 2); Ravenna needs 3 -> Ancona.
  tool: Cosa (1), Florentia (2), Panormvs (1), Syracvsae (2) -> Cosa.
  food: Casinvm (1), Olbia (1), Hadria (2) -> Casinvm.
  brick: Neapolis (1), Aleria (2, sea), Lvceria (2) -> Aleria.
- The display as dealt: Mercator, Mason, Prefect, Colonist, Farmer, Architect, Diplomat;
  Contrarius takes the Mason (the first Mason/Farmer/Smith) and the refill is a Praetor:
  [Mercator, Prefect, Colonist, Farmer, Architect, Diplomat, Praetor]; 21 - 7 - 1 = 13
  cards stay in the stack (not public: no order).
- Contrarius's cards: Prefect, Architect, Mercator, Colonist, Senator (assumed), Mason.
"""

from __future__ import annotations

import pytest
import yaml

from contrarius.material.cards import Card
from contrarius.cli import app
from contrarius.errors import ContrariusError, GameOverError, RuleError
from contrarius.rules.game import PlayerAction, play
from contrarius.rules.game import SetupOptions, new_game
from team_helpers import reload, texts

from contrarius.model.snapshot import CONTRARIUS, Snapshot
from contrarius.rules.modes.team import record_hand
from contrarius.rules.end_of_game import final_turn_note
from contrarius.rules.modes.twoplayer import Part, TeamAction, as_team_action, halves

ITALIA_TOKENS = {
    "Bavzanvm": "brick", "Aqvileia": "cloth", "Verona": "brick", "Comvm": "food", "Segvsio": "tool",
    "Genva": "wine", "Nicaea": "food", "Mvtina": "cloth", "Ravenna": "wine", "Florentia": "tool", "Cosa": "tool",
    "Aleria": "brick", "Olbia": "food", "Ancona": "wine", "Spoletvm": "cloth", "Hadria": "food", "Casinvm": "food",
    "Neapolis": "brick", "Lvceria": "brick", "Brvndisivm": "brick", "Potentia": "food", "Croton": "brick",
    "Messana": "wine", "Panormvs": "tool", "Syracvsae": "tool",
}
DEALT = ["Mercator", "Mason", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat"]
DISPLAY = ["Mercator", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "Praetor"]
TOKENS_ARG = ",".join(f"{c}={g}" for c, g in ITALIA_TOKENS.items())


def team(board: str = "italia", **opts) -> Snapshot:
    """The Italia team table described in the module docstring."""
    base = dict(board=board, mode="team", seed=1)
    if board == "italia":
        base.update(tokens=ITALIA_TOKENS, display=DEALT, refill=["Praetor"])
    base.update(opts)
    s, _ = new_game(SetupOptions(**base))
    return s


def go(s: Snapshot, card: str, *, partner: Part | None = None, dice=(), **kw):
    """Play ``card`` through ``reactions.play`` (which dispatches to team.play)."""
    return play(s, TeamAction(card=card, partner=partner if partner is not None else Part(),
                              dice=[(None, d) for d in dice], **kw))


# ----- "Cooperative Setup" ----------------------------------------------------------------------
def test_setup_with_the_display_as_dealt():
    s = team()
    assert s.mode == "team" and s.active == "player1"
    # Contrarius takes the Mason (position 2), the display slides left, the Praetor refills it
    assert s.display == DISPLAY
    assert s.stack_remaining == 13 and s.stack_order is None
    assert [c.name for c in s.contrarius.cards] == ["Prefect", "Architect", "Mercator", "Colonist", "Senator", "Mason"]
    assert all(c.assumed for c in s.contrarius.cards[:5]) and not s.contrarius.cards[5].assumed
    for p in s.players:
        # "Each of you places 1 land and 1 sea colonist into the capital and take the 6 goods
        # (1 cloth, 1 brick, 1 tool, 1 wine and 2 food) ... Each of you also takes 6 sestertii."
        assert p.vp == 20 and p.sestertii == 6 and p.veto is None
        assert p.goods == {"brick": 1, "food": 2, "tool": 1, "wine": 1, "cloth": 1}
        assert sorted((c.kind, c.where) for c in s.colonists_of(p.id)) == [("land", "Roma"), ("sea", "Roma")]
        # the 6 pink / 6 purple team cards are not public: not recorded
        assert p.hand is None and p.played is None
    assert sorted((c.kind, c.where) for c in s.colonists_of(CONTRARIUS)) == [("land", "Roma"), ("sea", "Roma")]
    assert s.praefectus_magnus is None
    assert reload(s).to_dict() == s.to_dict()


def test_setup_without_the_display_keeps_it_unknown():
    s, notes = new_game(SetupOptions(board="italia", mode="team", seed=4, tokens=ITALIA_TOKENS))
    # the stacks' contents are not public: 7 unknown cards, never invented ones
    assert s.display == ["?"] * 7 and s.stack_order is None and s.stack_remaining == 13
    sixth = s.contrarius.cards[5]
    assert sixth.name == "Mason" and sixth.assumed  # labelled guess, correctable
    assert any("ASSUMED Mason" in n for n in notes)
    assert reload(s).to_dict() == s.to_dict()
    # the sixth card can be named as a 6th --contrarius-cards entry
    s2, _ = new_game(SetupOptions(board="italia", mode="team", seed=4, tokens=ITALIA_TOKENS,
                                  contrarius_cards=["Prefect", "Architect", "Mercator", "Colonist", "Senator", "Smith"]))
    assert s2.contrarius.cards[5] == Card.of("Smith") and not any(c.assumed for c in s2.contrarius.cards)


def test_setup_display_with_unknown_cards_and_errors():
    # the cards up to the first specialist must be named; later ones may stay unknown
    s = team(display=["Legatus", "Farmer", "?", "?", "Proconsul", "?", "?"], refill=[])
    assert s.contrarius.cards[5].name == "Farmer"
    assert s.display == ["Legatus", "?", "?", "Proconsul", "?", "?", "?"]
    with pytest.raises(ContrariusError, match="position 1 is not named"):
        team(display=["?", "Farmer", "Prefect", "Prefect", "Prefect", "Prefect", "Prefect"], refill=[])
    with pytest.raises(ContrariusError, match="no Mason, Farmer or Smith"):
        team(display=["Prefect"] * 7, refill=[])
    with pytest.raises(ContrariusError, match="the first Mason, Farmer or Smith of the display is Mason"):
        team(contrarius_cards=["Prefect", "Architect", "Mercator", "Colonist", "Senator", "Smith"])


def test_setup_veteran_and_expert_team():
    # Veteran: Contrarius's house in the most valuable city next to Roma: Spoletvm (cloth),
    # land line Roma-Spoletvm; its sea colonist next to the most valuable city by sea:
    # Cosa (tool) and Panormvs (tool) tie, alphabetical Cosa -> sea line Cosa-Roma.
    s = team(level="veteran")
    assert s.houses == {"Spoletvm": [CONTRARIUS]}
    assert sorted(c.where for c in s.colonists_of(CONTRARIUS)) == ["Cosa-Roma", "Roma-Spoletvm"]
    assert [p.vp for p in s.players] == [10, 10]
    s = team(level="expert")
    assert s.contrarius.track == [10, 20, 30, 40, 50] and [p.vp for p in s.players] == [0, 0]


def test_record_hand():
    s = record_hand(team(), "player1", ["legatus", "prefect"])
    assert [c.name for c in s.player("player1").hand] == ["Legatus", "Prefect"] and s.player("player1").played == []
    assert s.player("player2").hand is None


# ----- turns and the reaction to the first action -------------------------------------------------
def test_prefect_reaction_counts_the_first_players_province():
    s = team()
    s.houses = {"Casinvm": ["player1", CONTRARIUS], "Neapolis": ["player2"], "Spoletvm": ["player2"]}
    r = go(s, "Prefect", action="produce", province="Campania",
           partner=Part(action="produce", province="Vmbria"))
    n = r.snapshot
    # Contrarius reacts to player1's Campania (3 houses), not to player2's Vmbria (1 house)
    assert n.contrarius.vp == 3 and r.reacted_to == "Prefect"
    # player1: bonus 1 food (Campania: food > brick) + 1 food from Casinvm: 2 + 2 = 4
    assert n.player("player1").goods["food"] == 4
    # player2: 1 brick from Neapolis (Campania produced); Vmbria: bonus 1 cloth + Spoletvm 1 cloth
    assert n.player("player2").goods["brick"] == 2 and n.player("player2").goods["cloth"] == 3
    assert n.bonus_markers["Campania"] == n.bonus_markers["Vmbria"] == "coins"
    # turn order: player2 is next; the log names both players
    assert n.active == "player2"
    assert n.log[-1]["player"] == "player1" and n.log[-1]["partner"] == {"player": "player2", "choice": "produce", "province": "Vmbria"}
    assert reload(n).to_dict() == n.to_dict()


def test_prefect_with_praefectus_magnus_at_least_two_and_double_bonus():
    s = team()
    s.bonus_markers["Corsica"] = "goods"
    r = go(s, "pm", action="produce", province="Corsica", partner=Part(action="reactivate"))
    n = r.snapshot
    # no house in Corsica: "however at least 2 victory points"
    assert n.contrarius.vp == 2
    # double bonus: Corsica's bonus good is food (Olbia food > Aleria brick): 2 + 2 = 4
    assert n.player("player1").goods["food"] == 4
    # the partner reactivates afterwards: 1 coin (Corsica) -> 6 + 1 = 7 sestertii
    assert n.player("player2").sestertii == 7 and set(n.bonus_markers.values()) == {"goods"}


def test_rulebook_example_prefect_magnus_four_houses():
    # "Contrarius scores 4 victory points, because Blue has produced in Campania and in that
    # province there are 4 houses" - whatever the partner does.
    s = team()
    s.houses = {"Casinvm": ["player1", "player2"], "Neapolis": [CONTRARIUS, "player2"]}
    r = go(s, "Prefect with Praefectus Magnus", action="produce", province="Campania",
           partner=Part(action="reactivate"))
    assert r.snapshot.contrarius.vp == 4
    # player1: 2 bonus food + 1 food (Casinvm) = 2 + 3 = 5; player2: 1 food + 1 brick
    assert r.snapshot.player("player1").goods["food"] == 5
    assert r.snapshot.player("player2").goods == {"brick": 2, "food": 3, "tool": 1, "wine": 1, "cloth": 1}


def test_partner_must_record_a_prefect_choice():
    with pytest.raises(ContrariusError, match="--partner-produce PROVINCE or --partner-reactivate"):
        go(team(), "Prefect", action="reactivate")
    with pytest.raises(RuleError, match="Campania has already produced"):
        go(team(), "Prefect", action="produce", province="Campania", partner=Part(action="produce", province="Campania"))


def test_mercator_reacts_once_with_the_black_die():
    r = go(team(), "Mercator", dice=["wine"])
    # wine -> Ancona (see the module docstring); land colonist Roma -> Roma-Spoletvm -> Ancona-Spoletvm
    assert r.snapshot.houses == {"Ancona": [CONTRARIUS]}
    assert r.snapshot.bonus_markers["Vmbria"] == "coins"
    assert [x.face for x in r.rolls] == ["wine"]  # one reaction, one die: not one per partner


def test_wrong_player_and_turn_order():
    s = team()
    with pytest.raises(RuleError, match="it is player1's turn, not player2's"):
        go(s, "Mercator", dice=["wine"], player="player2")
    n = go(s, "Mercator", dice=["wine"], player="player1").snapshot
    n = go(n, "Colonist", action="money", partner=Part(action="money")).snapshot
    assert n.active == "player1" and [e["player"] for e in n.log] == ["player1", "player2"]


def test_colonist_money_and_partner_places():
    r = go(team(), "Colonist", action="money", partner=Part(action="place", places=[("land", "Roma")]))
    assert r.snapshot.contrarius.vp == 2  # "b) earn money: Contrarius scores 2 victory points"
    assert len(r.snapshot.colonists_of("player2", "land")) == 2


def test_tribune_both_take_back_and_reaction():
    s = record_hand(record_hand(team(), "player1", ["Tribune"]), "player2", [])
    s.player("player1").played = [Card.of("Prefect"), Card.of("Mercator")]
    s.player("player2").played = [Card.of("Architect")]
    r = go(s, "Tribune", dice=["land"])
    n = r.snapshot
    assert sorted(c.name for c in n.player("player1").hand) == ["Mercator", "Prefect", "Tribune"]
    assert [c.name for c in n.player("player2").hand] == ["Architect"] and n.player("player2").played == []
    # reaction: a house for the best specialist (Mason: brick -> Aleria), then red die: land colonist
    assert n.houses == {"Aleria": [CONTRARIUS]}
    assert len(n.colonists_of(CONTRARIUS, "land")) == 2


# ----- Legatus ----------------------------------------------------------------------------------------
def test_legatus_partner_plays_the_card_and_contrarius_reacts_to_it():
    s = record_hand(record_hand(team(), "player1", ["Legatus", "Prefect"]), "player2", ["Architect", "Mercator"])
    r = go(s, "Legatus", refill=["Weaver"], dice=["2"],
           moves=[("sea", "Roma", "Cosa-Roma")], builds=["Cosa"],
           partner=Part(card="Architect", moves=[("land", "Roma", "Roma-Spoletvm")], builds=["Spoletvm"]))
    n = r.snapshot
    assert r.card == "Legatus" and r.reacted_to == "Architect"
    # player2 carries out the Architect first, then player1
    lines = [e.text for e in r.player_events]
    assert lines.index("player2 builds a house in Spoletvm (cloth)") < lines.index("player1 builds a house in Cosa (tool)")
    assert n.houses == {"Spoletvm": ["player2"], "Cosa": ["player1"]}
    # blue die 2 -> display position 2, the Prefect; the display slides left, Weaver refills
    assert n.contrarius.cards[-1].name == "Prefect"
    assert n.display == ["Mercator", "Colonist", "Farmer", "Architect", "Diplomat", "Praetor", "Weaver"]
    assert n.stack_remaining == 12
    assert [c.name for c in n.player("player1").played] == ["Legatus"]
    assert [c.name for c in n.player("player2").hand] == ["Mercator"]
    assert [c.name for c in n.player("player2").played] == ["Architect"]
    # "Note that the general turn order is not affected."
    assert n.active == "player2"


def test_legatus_errors():
    s = team()
    with pytest.raises(ContrariusError, match="add --partner-card"):
        go(s, "Legatus")
    with pytest.raises(RuleError, match="not a Legatus"):
        go(s, "Legatus", partner=Part(card="Legatus"))
    with pytest.raises(RuleError, match="Proconsul is not supported"):
        go(s, "Legatus", partner=Part(card="Proconsul"))
    s2 = record_hand(s, "player2", ["Mercator"])
    with pytest.raises(RuleError, match="Architect is not in the hand of player2"):
        go(s2, "Legatus", partner=Part(card="Architect"), dice=["1"])
    with pytest.raises(ContrariusError, match="--partner-card is for a Legatus"):
        go(s, "Mercator", partner=Part(card="Architect"), dice=["wine"])


def test_legatus_to_prefect_uses_the_partners_province():
    s = team()
    s.houses = {"Casinvm": [CONTRARIUS], "Neapolis": ["player1"], "Ancona": ["player2"], "Spoletvm": [CONTRARIUS]}
    # player2 (asked) produces in Vmbria first (2 houses); player1 then produces in Campania
    r = go(s, "Legatus", action="produce", province="Campania",
           partner=Part(card="Prefect", action="produce", province="Vmbria"))
    assert r.reacted_to == "Prefect" and r.snapshot.contrarius.vp == 2


# ----- Praetor ----------------------------------------------------------------------------------------
def test_praetor_vp_one_card_each_refill_after_both():
    r = go(team(), "Praetor", praetor_reaction="vp", buys=["2"], refill=["Weaver", "Vintner"],
           partner=Part(buys=["3"]))
    n = r.snapshot
    assert n.contrarius.vp == 2
    # player1 buys position 2 (Prefect); the gap stays until both bought, so player2's
    # position 3 is still the Colonist (a Senator would have slid the Farmer there)
    assert [e.data.get("card") for e in r.player_events if e.kind == "buy"] == ["Prefect", "Colonist"]
    assert n.display == ["Mercator", "Farmer", "Architect", "Diplomat", "Praetor", "Weaver", "Vintner"]
    assert n.stack_remaining == 11


def test_senator_both_buys_refer_to_the_display_before_either_bought():
    # Base rules (Senator): "buys up to two cards from the display, paying ... the goods shown
    # beneath its position ... Afterwards cards slide left into empty positions and the
    # display refills"; the partner carries out the same Senator, and (as the rulebook says
    # of the team Praetor) "the sales display area is only refilled ... after both players
    # have completed their buying action". So player2's position 3 is position 3 of
    # DISPLAY as it lay before player1 bought: player1 takes the Prefect (2), player2 the
    # Colonist (3), not the Farmer (which would sit at 3 after a slide).
    r = go(team(), "Senator", buys=["2"], refill=["Weaver", "Vintner"], partner=Part(buys=["3"]), dice=["cloth"])
    assert [(e.data.get("card"), e.data.get("position")) for e in r.player_events if e.kind == "buy"] == [
        ("Prefect", 2), ("Colonist", 3)]
    # then once: [Mercator, Farmer, Architect, Diplomat, Praetor] slide left, Weaver and
    # Vintner (the --refill names) fill positions 6 and 7; 13 - 2 = 11 left in the stack
    assert r.snapshot.display == ["Mercator", "Farmer", "Architect", "Diplomat", "Praetor", "Weaver", "Vintner"]
    assert r.snapshot.stack_remaining == 11
    assert [e.kind for e in r.player_events].count("refill") == 1
    assert r.snapshot.houses == {"Spoletvm": [CONTRARIUS]}  # white die cloth -> Spoletvm
    # the position player1 bought cannot be bought again by player2 this turn
    with pytest.raises(RuleError, match="position 2 was bought already this turn"):
        go(team(), "Senator", buys=["2"], partner=Part(buys=["2"]), dice=["cloth"])
    # one Senator's two cards: both positions of the display before the purchase (1 and 2:
    # Mercator and Prefect, not Mercator and Colonist)
    r = go(team(), "Senator", buys=["1", "2"], dice=["cloth"])
    assert [e.data.get("card") for e in r.player_events if e.kind == "buy"] == ["Mercator", "Prefect"]
    assert r.snapshot.display[:5] == ["Colonist", "Farmer", "Architect", "Diplomat", "Praetor"]


def test_legatus_called_senator_and_diplomat_copy_buy_from_the_display_before_either_bought():
    # Legatus: player2 plays the Senator on request and carries it out first (buys position
    # 1, Mercator), then player1 (position 2 of the display before either bought: Prefect,
    # not the Colonist that a slide would bring there)
    s = record_hand(team(), "player2", ["Senator", "Prefect"])
    r = go(s, "Legatus", partner=Part(card="Senator", buys=["1"]), buys=["2"], dice=["cloth"])
    assert [(e.data.get("player"), e.data.get("card")) for e in r.player_events if e.kind == "buy"] == [
        ("player2", "Mercator"), ("player1", "Prefect")]
    assert r.snapshot.display[:5] == ["Colonist", "Farmer", "Architect", "Diplomat", "Praetor"]
    # Diplomat copying Contrarius's face-up Senator: both partners carry out the Senator,
    # player1 buys 4 (Farmer), player2 buys 5 (Architect, not the Diplomat a slide would
    # bring there); Contrarius reacts as to the Senator (white die cloth -> Spoletvm)
    r = go(team(), "Diplomat", copy="Senator", buys=["4"], partner=Part(buys=["5"]), dice=["cloth"])
    assert [e.data.get("card") for e in r.player_events if e.kind == "buy"] == ["Farmer", "Architect"]
    assert r.snapshot.display[:5] == ["Mercator", "Prefect", "Colonist", "Diplomat", "Praetor"]
    assert r.snapshot.houses == {"Spoletvm": [CONTRARIUS]}


def test_cli_team_senator_with_a_partner_buy_report_and_snapshot_agree(runner, tmp_path):
    # the tester's case: italia seed 9, display unknown (7 x ?), one Prefect turn, then
    # player2's Senator: player2 buys position 1 (revealed Mason), player1 position 2
    # (revealed Farmer) of the display as it lay before either bought. Afterwards the five
    # unnamed cards (positions 3-7) slide to 1-5 and two unrecorded cards fill 6 and 7: no
    # Farmer stays on sale, and the report names each card at the position it was bought.
    path = tmp_path / "t.yaml"
    assert runner.invoke(app, ["new", "--board", "italia", "--mode", "team", "--seed", "9", "-o", str(path)]).exit_code == 0
    assert runner.invoke(app, ["play", "prefect", str(path), "-i", "--reactivate", "--partner-reactivate"]).exit_code == 0
    res = runner.invoke(app, ["play", "senator", str(path), "-i", "--buy", "1", "--partner-buy", "2",
                              "--reveal", "1=Mason,2=Farmer", "--die", "S", "--choose", "1"])
    assert res.exit_code == 0, res.output
    assert "player2 buys Mason from display position 1" in res.output
    assert "player1 buys Farmer from display position 2" in res.output
    assert res.output.count("slides left") == 1
    data = yaml.safe_load(path.read_text())
    assert data["display"] == ["?"] * 7 and data["stack"]["remaining"] == 11


def test_praetor_house_and_errors():
    r = go(team(), "Praetor", praetor_reaction="house", dice=["cloth"])
    # white die cloth -> Spoletvm; land colonist Roma -> Roma-Spoletvm
    assert r.snapshot.houses == {"Spoletvm": [CONTRARIUS]} and r.snapshot.contrarius.vp == 0
    assert any(c.where == "Roma-Spoletvm" for c in r.snapshot.colonists_of(CONTRARIUS))
    with pytest.raises(ContrariusError, match="--praetor-reaction vp or house"):
        go(team(), "Praetor")
    with pytest.raises(RuleError, match="buys at most 1 card"):
        go(team(), "Praetor", praetor_reaction="vp", buys=["1", "2"])
    with pytest.raises(ContrariusError, match="--praetor-reaction is for a Praetor"):
        go(team(), "Mercator", praetor_reaction="vp", dice=["wine"])


# ----- Proconsul ------------------------------------------------------------------------------------
def test_proconsul_partner_card_for_themselves_and_white_die_house():
    r = go(team(), "Proconsul", buys=["1"], dice=["food"],
           partner=Part(card="Architect", moves=[("land", "Roma", "Roma-Casinvm")], builds=["Casinvm"]))
    n = r.snapshot
    assert r.reacted_to == "Proconsul"
    # player1 bought the Mercator (position 1); the display refills after both: one ? drawn
    assert n.display == ["Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "Praetor", "?"]
    # player2's Architect gets no reaction (only the white die was rolled); its house counts:
    # food: Casinvm (player2's house now), Olbia (1 step), Hadria (2) -> empty cities first,
    # both new provinces -> alphabetical Hadria
    assert [x.die for x in r.rolls] == ["senator"]
    assert n.houses == {"Casinvm": ["player2"], "Hadria": [CONTRARIUS]}
    assert n.active == "player2"


def test_proconsul_partner_diplomat_turns_the_copy_face_down_without_reaction():
    s = team()
    r = go(s, "Proconsul", dice=["cloth"], partner=Part(card="Diplomat", copy="Prefect", action="reactivate"))
    n = r.snapshot
    prefect = next(c for c in n.contrarius.cards if c.name == "Prefect")
    assert not prefect.face_up
    assert n.contrarius.vp == 0  # no 2 VP for the copied Prefect: no reaction to the partner's card
    assert n.houses == {"Spoletvm": [CONTRARIUS]}


def test_proconsul_errors():
    with pytest.raises(ContrariusError, match="which card did player2 then play"):
        go(team(), "Proconsul", dice=["cloth"])
    with pytest.raises(RuleError, match="cannot play a Legatus"):
        go(team(), "Proconsul", dice=["cloth"], partner=Part(card="Legatus"))
    with pytest.raises(RuleError, match="buys at most 1 card"):
        go(team(), "Proconsul", buys=["1", "2"], partner=Part(card="Mercator"))


# ----- double cards -----------------------------------------------------------------------------------
def test_prefect_architect_rulebook_example():
    # "You play the double choice card Prefect/Architect and choose the Architect. After you
    # have built, your partner can only choose the Prefect and reactivates, thus taking the
    # cash bonus. Afterwards, Contrarius reacts to the Architect and takes a card."
    s = team()
    s.bonus_markers["Corsica"] = s.bonus_markers["Sicilia"] = "coins"
    r = go(s, "Prefect/Architect", personality="architect", moves=[("land", "Roma", "Roma-Casinvm")],
           builds=["Casinvm"], dice=["1"], partner=Part(action="reactivate"))
    n = r.snapshot
    assert r.reacted_to == "Architect"
    assert n.contrarius.cards[-1].name == "Mercator"  # blue die 1
    assert n.player("player2").sestertii == 8  # 2 coins
    assert n.houses == {"Casinvm": ["player1"]}


def test_mercator_prefect_partner_production_changes_the_reaction():
    s = team()
    s.houses = {"Spoletvm": ["player2"]}
    r = go(s, "Mercator/Prefect", personality="Mercator", dice=["wine"],
           partner=Part(action="produce", province="Vmbria"))
    n = r.snapshot
    # the partner produced in Vmbria first (bonus cloth + Spoletvm cloth: 1 + 2 = 3); then
    # Contrarius builds in Ancona (wine, Vmbria): Vmbria has already produced and only 1
    # marker shows coins (3 needed): nothing happens - no second production for player2
    assert n.houses["Ancona"] == [CONTRARIUS]
    assert n.player("player2").goods["cloth"] == 3
    assert "only 1 bonus marker" in texts(r)


def test_architect_mercator_and_pick_errors():
    s = team()
    r = go(s, "Architect/Mercator", personality="Mercator", dice=["cloth"],
           partner=Part(moves=[("land", "Roma", "Roma-Spoletvm")], builds=["Spoletvm"]))
    # player2 built in Spoletvm first; black die cloth: Spoletvm is the only cloth city in
    # reach (not empty any more, but nothing else) -> Vmbria produces 1 cloth for player2
    assert r.snapshot.houses == {"Spoletvm": ["player2", CONTRARIUS]}
    assert r.snapshot.player("player2").goods["cloth"] == 2
    with pytest.raises(ContrariusError, match="add --personality Prefect or Architect"):
        go(s, "Prefect/Architect")
    with pytest.raises(ContrariusError, match="offers Prefect or Architect, not Mercator"):
        go(s, "Prefect/Architect", personality="Mercator")
    with pytest.raises(ContrariusError, match="the other personality of the Prefect/Architect, the Architect"):
        go(s, "Prefect/Architect", personality="Prefect", action="reactivate", partner=Part(personality="Prefect"))
    with pytest.raises(ContrariusError, match="--personality is for a double card"):
        go(s, "Mercator", personality="Mercator", dice=["wine"])
    with pytest.raises(ContrariusError, match="--build and --move are for an Architect"):
        go(s, "Architect/Mercator", personality="Mercator", builds=["Cosa"], dice=["wine"], partner=Part())
    assert halves(Card.of("Mercator/Prefect")) == ("Mercator", "Prefect")


# ----- Diplomat ---------------------------------------------------------------------------------------
def test_diplomat_rulebook_example():
    # "You copy the face-up Prefect from the display of Contrarius. You reactivate the
    # provinces with its action and collect the cash bonus, your partner produces. Now
    # Contrarius reacts to your cash bonus and scores 2 victory points. Afterwards you flip
    # the used Prefect card face down."
    s = team()
    s.bonus_markers["Corsica"] = "coins"
    r = go(s, "Diplomat", copy="Prefect", action="reactivate", partner=Part(action="produce", province="Campania"))
    n = r.snapshot
    assert r.reacted_to == "Prefect" and n.contrarius.vp == 2
    assert not next(c for c in n.contrarius.cards if c.name == "Prefect").face_up
    assert n.player("player1").sestertii == 7 and n.bonus_markers["Campania"] == "coins"
    with pytest.raises(RuleError, match="it lies face down"):
        go(n, "Diplomat", copy="Prefect", action="reactivate", partner=Part(action="reactivate"))


def test_diplomat_partner_copies_the_same_card():
    with pytest.raises(ContrariusError, match="copies the same card"):
        go(team(), "Diplomat", copy="Prefect", action="reactivate", partner=Part(copy="Mercator"))
    with pytest.raises(RuleError, match="cannot copy a Diplomat|Contrarius has no such card"):
        go(team(), "Diplomat", copy="Diplomat")


# ----- "Cooperative End of Game" ------------------------------------------------------------------
FOURTEEN = ["Bavzanvm", "Aqvileia", "Verona", "Comvm", "Segvsio", "Genva", "Nicaea", "Mvtina", "Ravenna",
            "Florentia", "Aleria", "Olbia", "Ancona", "Hadria"]


def test_player_builds_the_15th_house_partner_follows_and_contrarius_reacts():
    s = team()
    s.houses = {c: ["player1"] for c in FOURTEEN}
    r = go(s, "Architect", moves=[("land", "Roma", "Roma-Spoletvm")], builds=["Spoletvm"], dice=["1"],
           partner=Part(moves=[("land", "Roma", "Roma-Cosa")], builds=["Cosa"]))
    n = r.snapshot
    assert n.ended.by == "player1" and not n.ended.final_turn_pending and n.concordia == "player1"
    # "it is possible that your partner also follows through with their action"
    assert n.houses["Cosa"] == ["player2"]
    # "The game then ends with the last reaction of Contrarius."
    assert n.contrarius.cards[-1].name == "Mercator" and r.game_over
    with pytest.raises(GameOverError):
        go(n, "Mercator", dice=["wine"])
    assert final_turn_note(n) is None


def test_contrarius_ends_the_team_plays_one_final_card_without_reaction():
    s = team()
    s.houses = {c: [CONTRARIUS] for c in FOURTEEN}
    r = go(s, "Mercator", dice=["cloth"])
    n = r.snapshot
    # black die cloth -> Spoletvm: Contrarius's 15th house
    assert n.houses["Spoletvm"] == [CONTRARIUS]
    assert n.ended.by == CONTRARIUS and n.ended.final_turn_pending and n.concordia == CONTRARIUS
    assert not r.game_over
    assert "team plays one final card" in final_turn_note(n) and "player2 plays it" in final_turn_note(n)
    # player2's final card: both carry it out, no reaction (no die needed)
    f = go(n, "Architect", moves=[("land", "Roma", "Roma-Casinvm")], builds=["Casinvm"],
           partner=Part(moves=[("sea", "Roma", "Olbia-Roma")], builds=["Olbia"]))
    assert f.reacted_to is None and f.game_over and f.rolls == []
    assert f.snapshot.houses["Casinvm"] == ["player2"] and f.snapshot.houses["Olbia"] == [CONTRARIUS, "player1"]
    assert f.snapshot.contrarius.vp == n.contrarius.vp


def test_last_card_taken_by_a_player():
    s = team()
    s.display = ["Prefect"] + [None] * 6
    s.stack_remaining = 0
    r = go(s, "Senator", buys=["1"], dice=["tool"])
    n = r.snapshot
    assert n.ended.by == "player1" and n.concordia == "player1" and r.game_over
    assert n.houses == {"Cosa": [CONTRARIUS]}  # white die tool -> Cosa, still after the end


def test_contrarius_takes_the_last_card():
    s = team()
    s.display = ["Prefect"] + [None] * 6
    s.stack_remaining = 0
    r = go(s, "Architect")
    # one card left: every blue face takes it (a face beyond the cards: position 1), so no
    # blue die is rolled (README "Architect's blue die")
    assert r.rolls == []
    assert r.snapshot.ended.by == CONTRARIUS and r.snapshot.ended.final_turn_pending


def test_veto_is_not_for_team_play():
    with pytest.raises(RuleError, match="only used with Contrarius as a third player"):
        go(team(), "Mercator", dice=["wine"], veto="player1")


def test_plain_player_action_leaves_the_partner_unrecorded():
    ta, recorded = as_team_action(PlayerAction(card="Prefect", action="produce", province="Campania"))
    assert isinstance(ta, TeamAction) and not recorded
    r = play(team(), PlayerAction(card="Prefect", action="produce", province="Campania"))
    assert r.snapshot.contrarius.vp == 1 and "player2's part of this turn is not recorded" in texts(r)
    assert "partner" not in r.snapshot.log[-1]


def test_imperium_team_prefect_magnus_and_white_die():
    # Imperium: the province Italia holds Novaria, Aqvileia, Syracvsae (all next to Roma by land)
    s = team(board="imperium")
    s.houses = {"Novaria": ["player1", "player2"], "Syracvsae": [CONTRARIUS]}
    r = go(s, "pm", action="produce", province="Italia", partner=Part(action="reactivate"))
    assert r.snapshot.contrarius.vp == 3  # 3 houses in Italia (at least 2)
    # Lay the letter D tokens by hand: Aqvileia cloth, Novaria wine, Syracvsae tool,
    # Dyrrhachivm food, Athenae brick. White die cloth: Aqvileia (1 land step) is empty and
    # new; every other reachable city sorts after it (Athenae, the only reachable "A" city
    # besides, is brick) -> Aqvileia.
    s = team(board="imperium")
    for c, g in {"Aqvileia": "cloth", "Novaria": "wine", "Syracvsae": "tool", "Dyrrhachivm": "food", "Athenae": "brick"}.items():
        s.cities[c] = g
    r = go(s, "Proconsul", dice=["cloth"], partner=Part(card="Mercator"))
    assert r.snapshot.houses == {"Aqvileia": [CONTRARIUS]}


# ----- the command line -----------------------------------------------------------------------------
def new_italia_team(runner, path, hand1: str, hand2: str):
    """``contrarius new`` of the Italia team table above, with the hands given; the result."""
    return runner.invoke(app, ["new", "-b", "italia", "-m", "team", "--seed", "1", "--tokens", TOKENS_ARG,
                               "--display", ",".join(DEALT), "--refill", "Praetor",
                               "--hand", f"player1={hand1}", "--hand", f"player2={hand2}", "-o", str(path)])


def test_cli_team_game(runner, tmp_path):
    path = tmp_path / "team.yaml"
    res = new_italia_team(runner, path, "Legatus,Prefect", "Architect,Mercator")
    assert res.exit_code == 0, res.stderr
    assert "player1's hand recorded" in res.stderr
    res = runner.invoke(app, ["play", "legatus", str(path), "--partner-card", "architect",
                              "--partner-move", "land:Roma:Roma-Spoletvm", "--partner-build", "Spoletvm",
                              "--die", "2", "-i"])
    assert res.exit_code == 0, res.stderr
    assert "player1: Legatus -> Contrarius reacts to Architect" in res.stderr
    assert "player2 builds a house in Spoletvm" in res.stderr and "next turn: player2" in res.stderr
    res = runner.invoke(app, ["show", str(path)])
    assert res.exit_code == 0
    assert "player1: 20 VP; hand: Prefect; played: Legatus" in res.stdout
    assert "player2 (to play): 20 VP; hand: Mercator; played: Architect" in res.stdout
    res = runner.invoke(app, ["where", "cloth", str(path)])
    assert res.exit_code == 0
    assert "player1 houses: -; player2 (to play) houses: Spoletvm" in res.stdout
    # player2's colonist holds Roma-Spoletvm: Contrarius passes it, 2 steps
    assert "Spoletvm (Vmbria), 2 steps, has houses (player2)" in res.stdout
    res = runner.invoke(app, ["show", str(path), "--json"])
    data = yaml.safe_load(res.stdout)
    assert [p["id"] for p in data["players"]] == ["player1", "player2"] and data["active"] == "player2"


def test_cli_praetor_double_and_errors(runner, tmp_path):
    path = tmp_path / "team.yaml"
    runner.invoke(app, ["new", "-b", "italia", "-m", "team", "--seed", "1", "--tokens", TOKENS_ARG,
                        "--display", ",".join(DEALT), "--refill", "Praetor", "-o", str(path)])
    res = runner.invoke(app, ["play", "praetor", str(path), "-o", str(tmp_path / "x.yaml")])
    assert res.exit_code == 2 and "--praetor-reaction vp or house" in res.stderr
    res = runner.invoke(app, ["play", "praetor", str(path), "--praetor-reaction", "VP", "--buy", "2",
                              "--partner-buy", "3", "-o", str(tmp_path / "x.yaml")])
    assert res.exit_code == 0, res.stderr
    assert "Contrarius scores 2 VP (Praetor" in res.stderr
    res = runner.invoke(app, ["play", "prefect/architect", str(path), "--choose-personality", "architect",
                              "--partner-reactivate", "--die", "1", "-o", str(tmp_path / "y.yaml")])
    assert res.exit_code == 0, res.stderr
    assert "player1 chooses the Architect of the Prefect/Architect; player2 takes the Prefect" in res.stderr
    res = runner.invoke(app, ["play", "mercator", str(path), "--player", "player2", "--die", "wine"])
    assert res.exit_code == 4 and "it is player1's turn" in res.stderr
    res = runner.invoke(app, ["play", "prefect", str(path), "--produce", "Campania", "--partner-produce", "Vmbria",
                              "--partner-reactivate"])
    assert res.exit_code == 2
    res = runner.invoke(app, ["play", "mercator", str(path), "--die", "wine", "--veto", "player1"])
    assert res.exit_code == 4 and "third player" in res.stderr


def test_cli_solo_rejects_team_options(runner, examples_dir):
    res = runner.invoke(app, ["play", "mercator", str(examples_dir / "italia-setup.yaml"), "--die", "wine",
                              "--partner-build", "Cosa"])
    assert res.exit_code == 2 and "--partner-build is for team play" in res.stderr
