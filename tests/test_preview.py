"""``contrarius preview``: every die result of a reaction, with hand-computed chances.

Boards: ``examples/italia-setup.yaml`` (Italia, standard, Contrarius's land and sea
colonists in Roma, so 2 movement steps; best specialist Smith) and Italia games set up with
:func:`contrarius.rules.setup.new_game`. The default face table (``contrarius/data/dice.yaml``,
ASSUMED) is: blue [1, 2, 3, 4, 5, 1], red [land, land, sea, sea, card, card], black and
white [brick, food, tool, wine, cloth, S].

Where Contrarius builds on italia-setup for each goods type, worked out by hand from
boards/italia.yaml (lines from Roma: land to Casinvm, Cosa, Spoletvm; sea to Cosa,
Neapolis, Olbia, Panormvs; a city is in reach when a colonist can end on an empty line
next to it within 2 steps; every city is empty and every province new, so step 4,
alphabetical order, decides among those in reach):

- brick (Bavzanvm, Verona, Aleria, Neapolis, Lvceria, Brvndisivm, Croton): in reach are
  Aleria (sea Roma -> Cosa-Roma -> Aleria-Cosa, 2 steps; or via Olbia-Roma -> Aleria-Olbia:
  two tied moves), Lvceria (land Roma -> Casinvm-Roma -> Casinvm-Lvceria) and Neapolis (sea
  Neapolis-Roma, 1 step) -> Aleria.
- food (Comvm, Nicaea, Olbia, Hadria, Casinvm, Potentia): Casinvm (land Casinvm-Roma),
  Hadria (2 steps), Olbia (sea Olbia-Roma); Potentia needs 3 land steps -> Casinvm.
- tool (Segvsio, Florentia, Cosa, Panormvs, Syracvsae): Cosa (land or sea Cosa-Roma, 1 step:
  two tied moves), Florentia (2 steps), Panormvs (sea Panormvs-Roma) -> Cosa.
- wine (Genva, Ravenna, Ancona, Messana): Ancona (land Roma -> Roma-Spoletvm ->
  Ancona-Spoletvm), Genva (sea via Cosa-Roma), Messana (sea via Neapolis-Roma) -> Ancona.
- cloth (Aqvileia, Mvtina, Spoletvm): only Spoletvm (land Roma-Spoletvm) -> Spoletvm.
- S: the best specialist is the Smith -> tool -> Cosa.

Provinces: Aleria Corsica, Casinvm Campania, Cosa Etrvria, Ancona and Spoletvm Vmbria.
Display: [Mercator, Mason, Prefect, Colonist, Farmer, Architect, Diplomat].
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from contrarius.cli import app
from contrarius.errors import GameOverError, RuleError
from contrarius.rules.preview import Preview, odds, preview, summary
from contrarius.rules.modes.solo import PlayerAction, play
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.snapshot import CONTRARIUS, Snapshot
from contrarius.model.reader import read_snapshot
from contrarius.store.snapshot_text import dump_snapshot

ROOT = Path(__file__).resolve().parent.parent
ITALIA = ROOT / "examples" / "italia-setup.yaml"
F = Fraction
SIXTH = F(1, 6)


def italia_data() -> dict:
    return yaml.safe_load(ITALIA.read_text(encoding="utf-8"))


def italia(**changes) -> Snapshot:
    data = italia_data()
    data.update(changes)
    return read_snapshot(data)


def builds(pv: Preview) -> dict[str, Fraction]:
    """City -> chance, one build per outcome (checked)."""
    out: dict[str, Fraction] = {}
    for o in pv.outcomes:
        assert len(o.builds) <= 1
        for b in o.builds:
            out[b["city"]] = out.get(b["city"], F(0)) + o.probability
    return out


def by_odds(pv: Preview) -> list[tuple[str, str, list[str]]]:
    return [(o.odds, o.dice, o.lines) for o in pv.outcomes]


def _state(s: Snapshot) -> dict:
    d = s.to_dict()
    d.pop("log")
    return d


def assert_each_outcome_is_play(snap: Snapshot, action: PlayerAction, pv: Preview) -> None:
    """Every branch of every outcome, played with ``play`` and those die results, gives the
    outcome's state, city, card and VP; and the chances add up to 1."""
    assert sum(o.probability for o in pv.outcomes) == 1
    before = _state(snap)
    for o in pv.outcomes:
        assert o.result is not None
        for b in o.branches:
            r = play(snap, action._replace(dice=list(action.dice) + [(d, str(f)) for d, f in b.dice]))
            assert _state(r.snapshot) == _state(o.result.snapshot)
            assert r.vp_after - r.vp_before == o.vp
            assert [e.data["city"] for e in r.events if e.kind == "build" and "city" in e.data] == [x["city"] for x in o.builds]
            assert [e.data["card"] for e in r.events if e.kind == "card" and "card" in e.data] == [x["card"] for x in o.cards]
            assert [(x.die, x.face) for x in r.rolls][len(action.dice):] == list(b.dice)
    assert _state(snap) == before  # preview changed nothing


# ----- odds ---------------------------------------------------------------------------------
def test_odds_count_faces():
    assert odds(F(1, 3), [6]) == "2/6"
    assert odds(F(1, 3), [6, 36]) == "2/6"
    assert odds(F(7, 36), [6, 36]) == "7/36"
    assert odds(F(1), [1]) == "1"
    assert odds(F(1), [6]) == "6/6"


# ----- Mercator (black die) ------------------------------------------------------------------
def test_mercator_on_italia_setup_merges_s_with_tool():
    # faces brick, food, tool, wine, cloth, S each 1/6; S = Smith -> tool -> Cosa, the same
    # city as tool: Cosa 2/6; the others 1/6 each (cities: module docstring)
    snap = italia()
    action = PlayerAction(card="mercator")
    pv = preview(snap, action)
    assert pv.dice == ["mercator"]
    assert builds(pv) == {"Aleria": SIXTH, "Casinvm": SIXTH, "Cosa": 2 * SIXTH, "Ancona": SIXTH, "Spoletvm": SIXTH}
    assert [(o.odds, o.dice) for o in pv.outcomes] == [
        ("1/6", "black brick"), ("1/6", "black food"), ("2/6", "black tool or S"), ("1/6", "black wine"), ("1/6", "black cloth")]
    # provinces: Ancona and Spoletvm are both Vmbria: 1/6 + 1/6
    assert pv.province_chances() == {"Corsica": SIXTH, "Campania": SIXTH, "Etrvria": 2 * SIXTH, "Vmbria": 2 * SIXTH}
    assert pv.expected_vp == 0 and pv.end_chance == 0 and pv.card_chances() == {}
    # Aleria and Cosa: two tied colonist moves each (docstring); Casinvm: one
    tied = {o.builds[0]["city"]: o.builds[0]["move"]["tied"] for o in pv.outcomes}
    assert tied == {"Aleria": 2, "Casinvm": 1, "Cosa": 2, "Ancona": 1, "Spoletvm": 1}
    assert_each_outcome_is_play(snap, action, pv)
    # the seed plays no part: a table game without one previews the same
    assert by_odds(preview(italia(seed=None), action)) == by_odds(pv)


def test_mercator_production_for_the_player():
    # the player owns a house in Florentia (tool, Etrvria). tool/S: Cosa is still empty and
    # first alphabetically before Panormvs (Florentia has a house: step 2 rules it out) ->
    # Cosa, Etrvria produces: the player's Florentia gives 1 tool; 2/6. Other faces as before.
    data = italia_data()
    data["houses"] = {"Florentia": ["player"]}
    snap = read_snapshot(data)
    action = PlayerAction(card="mercator")
    pv = preview(snap, action)
    assert builds(pv)["Cosa"] == 2 * SIXTH
    cosa = next(o for o in pv.outcomes if o.builds[0]["city"] == "Cosa")
    assert cosa.received == [{"player": "player", "goods": {"tool": 1}}]
    assert "Etrvria produces: you receive 1 tool; its bonus marker turns to coins" in cosa.lines
    assert cosa.result.snapshot.player().goods["tool"] == 2  # 1 at setup + 1
    others = [o for o in pv.outcomes if o is not cosa]
    assert all(o.received == [] for o in others)
    assert_each_outcome_is_play(snap, action, pv)


def test_mercator_that_cannot_build_rolls_the_red_die():
    # without colonists on the board Contrarius has 0 steps and reaches no city: every black
    # face falls back to the red die ("Supplementary rules"), which only decides which
    # colonist: a card face is rolled again (README's reading), so land and sea are 2 of
    # the 4 colonist faces each: 1/2 (3/6), merged over the 6 black faces; no card taken.
    data = italia_data()
    data["colonists"] = [c for c in data["colonists"] if c["owner"] != CONTRARIUS]
    snap = read_snapshot(data)
    action = PlayerAction(card="mercator")
    pv = preview(snap, action)
    assert pv.dice == ["mercator", "tribune"]
    assert [(o.odds, o.dice, o.colonists, [c["card"] for c in o.cards]) for o in pv.outcomes] == [
        ("3/6", "black any + red land", ["land"], []),
        ("3/6", "black any + red sea", ["sea"], []),
    ]
    assert [o.probability for o in pv.outcomes] == [Fraction(1, 2), Fraction(1, 2)]
    # a branch per distinct face pair: 6 black faces x 1 red face, each 1/6 * 2/4 (the red
    # die's 2 land or 2 sea faces among its 4 colonist faces)
    assert all(len(o.branches) == 6 and {b.probability for b in o.branches} == {F(1, 12)} for o in pv.outcomes)
    assert pv.card_chances() == {}  # the red die only decides which colonist: no card is taken
    assert_each_outcome_is_play(snap, action, pv)


def test_diplomat_copying_mercator_is_the_mercator_and_turns_it_face_down():
    snap = italia()
    action = PlayerAction(card="diplomat", copy="mercator")
    pv = preview(snap, action)
    assert pv.reacted_to == "Mercator" and pv.action == "copy Mercator"
    assert builds(pv) == builds(preview(snap, PlayerAction(card="mercator")))
    for o in pv.outcomes:
        merc = [c for c in o.result.snapshot.contrarius.cards if c.name == "Mercator"]
        assert [c.face_up for c in merc] == [False]
    assert_each_outcome_is_play(snap, action, pv)


def test_senator_white_die():
    # same goods faces as the black die, no production: the same cities, Cosa 2/6
    snap = italia()
    pv = preview(snap, PlayerAction(card="senator"))
    assert pv.dice == ["senator"]
    assert builds(pv) == {"Aleria": SIXTH, "Casinvm": SIXTH, "Cosa": 2 * SIXTH, "Ancona": SIXTH, "Spoletvm": SIXTH}
    assert all(o.received == [] and not any("produces" in x for x in o.lines) for o in pv.outcomes)


# ----- Architect (blue die) -----------------------------------------------------------------
def test_architect_position_one_has_two_faces():
    # blue [1, 2, 3, 4, 5, 1]: position 1 (Mercator) 2/6, positions 2-5 (Mason, Prefect,
    # Colonist, Farmer) 1/6 each; the display slides left and Consul (top of the stack) refills
    snap = italia()
    action = PlayerAction(card="architect")
    pv = preview(snap, action)
    assert pv.card_chances() == {"Mercator": 2 * SIXTH, "Mason": SIXTH, "Prefect": SIXTH, "Colonist": SIXTH, "Farmer": SIXTH}
    assert [(o.odds, o.dice, o.lines) for o in pv.outcomes][0] == ("2/6", "blue 1", ["takes Mercator (display position 1)"])
    mason = next(o for o in pv.outcomes if o.cards[0]["card"] == "Mason")
    assert mason.result.snapshot.display == ["Mercator", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "Consul"]
    assert pv.province_chances() == {} and pv.expected_vp == 0
    assert_each_outcome_is_play(snap, action, pv)


def test_architect_short_display_falls_back_to_position_one():
    # 3 cards left, stack empty: faces 4 and 5 show empty positions -> position 1 (rulebook:
    # "If there are not enough cards ... the first card"). Position 1: faces 1, 1, 4, 5 = 4/6.
    snap = italia(display=["Weaver", "Mason", "Consul", None, None, None, None], stack={"remaining": 0})
    action = PlayerAction(card="architect")
    pv = preview(snap, action)
    assert [(o.odds, o.dice, [c["card"] for c in o.cards]) for o in pv.outcomes] == [
        ("4/6", "blue 1, 4 or 5", ["Weaver"]), ("1/6", "blue 2", ["Mason"]), ("1/6", "blue 3", ["Consul"])]
    assert pv.end_chance == 0  # two cards stay
    assert_each_outcome_is_play(snap, action, pv)


def test_architect_taking_the_last_card_ends_the_game():
    # one card left and no stack: every face takes it, so no blue die is rolled (README
    # "Architect's blue die"): one outcome, certain; Contrarius takes the last card, ends
    # the game and takes the Concordia card ("Solo End of Game")
    snap = italia(display=["Weaver", None, None, None, None, None, None], stack={"remaining": 0})
    pv = preview(snap, PlayerAction(card="architect"))
    [o] = pv.outcomes
    assert (o.odds, o.dice, o.ends, o.ended_by, o.game_over) == ("1", "no die", True, CONTRARIUS, False)
    assert o.result.snapshot.concordia == CONTRARIUS
    assert pv.end_chance == 1


def test_unrecorded_display_card_is_an_unresolved_outcome():
    # position 3 shows '?': play cannot name the card for face 3 (1/6); the rest resolve
    snap = italia(display=["Weaver", "Mason", "?", "Consul", "Farmer", None, None], stack={"remaining": 0})
    pv = preview(snap, PlayerAction(card="architect"))
    assert pv.unresolved == SIXTH
    bad = [o for o in pv.outcomes if o.error]
    assert len(bad) == 1 and "--reveal 3=NAME" in bad[0].error and bad[0].dice == "blue 3"
    # --reveal settles it, as for play
    pv2 = preview(snap, PlayerAction(card="architect", reveal={3: "Vintner"}))
    assert pv2.unresolved == 0 and pv2.card_chances()["Vintner"] == SIXTH


# ----- Tribune (best specialist, then the red die) -------------------------------------------
def test_tribune_build_is_certain_and_the_red_die_splits():
    # build for the best specialist (Smith -> tool -> Cosa) rolls no die: Cosa in every
    # outcome; red [land, land, sea, sea, card, card]: land 2/6, sea 2/6, card 2/6 (Mercator)
    snap = italia()
    action = PlayerAction(card="tribune")
    pv = preview(snap, action)
    assert pv.dice == ["tribune"]
    assert builds(pv) == {"Cosa": F(1)}
    assert pv.province_chances() == {"Etrvria": F(1)}
    assert [(o.odds, o.dice, o.colonists, [c["card"] for c in o.cards]) for o in pv.outcomes] == [
        ("2/6", "red land", ["land"], []), ("2/6", "red sea", ["sea"], []), ("2/6", "red card", [], ["Mercator"])]
    assert pv.odds(pv.province_chances()["Etrvria"]) == "6/6"
    assert_each_outcome_is_play(snap, action, pv)


def test_tribune_with_a_die_already_read():
    # --die red=card fixes the red die: one outcome, certain
    snap = italia()
    action = PlayerAction(card="tribune", dice=[("tribune", "card")])
    pv = preview(snap, action)
    [o] = pv.outcomes
    assert (o.odds, o.dice, o.cards[0]["card"]) == ("1", "no die", "Mercator")
    assert_each_outcome_is_play(snap, action, pv)


def test_colonist_place_and_money():
    snap = italia()
    place = preview(snap, PlayerAction(card="diplomat", copy="colonist", action="place"))
    # red die as for the Tribune, no build: land 2/6, sea 2/6, card 2/6
    assert [(o.odds, o.colonists) for o in place.outcomes] == [("2/6", ["land"]), ("2/6", ["sea"]), ("2/6", [])]
    money = preview(snap, PlayerAction(card="diplomat", copy="colonist", action="money"))
    [o] = money.outcomes
    assert (o.odds, o.vp, money.expected_vp) == ("1", 2, 2)


# ----- the face table follows the snapshot -----------------------------------------------------
def test_dice_faces_override_changes_the_chances():
    # dice_faces in the snapshot: black [cloth, cloth, cloth, wine, S, S] -> Spoletvm 3/6,
    # Ancona 1/6, Cosa (S = Smith -> tool) 2/6; blue [2, 2, 2, 2, 3, 1] -> Mason 4/6, Prefect
    # 1/6, Mercator 1/6; red [card x4, land, sea] -> Mercator 4/6 after the Tribune's build
    faces = {"mercator": ["cloth", "cloth", "cloth", "wine", "S", "S"], "architect": [2, 2, 2, 2, 3, 1],
             "tribune": ["card", "card", "card", "card", "land", "sea"]}
    snap = italia(dice_faces=faces)
    merc = preview(snap, PlayerAction(card="mercator"))
    assert builds(merc) == {"Spoletvm": F(3, 6), "Ancona": F(1, 6), "Cosa": F(2, 6)}
    assert [(o.odds, o.dice) for o in merc.outcomes] == [("3/6", "black cloth"), ("1/6", "black wine"), ("2/6", "black S")]
    arch = preview(snap, PlayerAction(card="architect"))
    assert arch.card_chances() == {"Mason": F(4, 6), "Prefect": F(1, 6), "Mercator": F(1, 6)}
    assert arch.odds(arch.card_chances()["Mason"]) == "4/6"
    trib = preview(snap, PlayerAction(card="tribune"))
    assert trib.card_chances() == {"Mercator": F(4, 6)}
    assert [(o.odds, o.dice) for o in trib.outcomes] == [("4/6", "red card"), ("1/6", "red land"), ("1/6", "red sea")]
    for pv, card in ((merc, "mercator"), (arch, "architect"), (trib, "tribune")):
        assert_each_outcome_is_play(snap, PlayerAction(card=card), pv)


# ----- no die: Prefect, specialists; the expert track rolls ------------------------------------
def test_prefect_and_specialist_one_certain_outcome():
    # Campania: Casinvm (player), Neapolis (contrarius, player) = 3 houses -> Prefect 3 VP;
    # Corsica has none -> Prefect at least 1, Prefect with Praefectus Magnus at least 2
    data = italia_data()
    data["houses"] = {"Casinvm": ["player"], "Neapolis": ["contrarius", "player"]}
    data["players"][0]["hand"] = None
    data["players"][0]["played"] = None
    snap = read_snapshot(data)
    cases = [(PlayerAction(card="prefect", action="produce", province="Campania"), 3),
             (PlayerAction(card="prefect", action="produce", province="Corsica"), 1),
             (PlayerAction(card="pm", action="produce", province="Corsica"), 2),
             (PlayerAction(card="pm", action="reactivate"), 2),
             (PlayerAction(card="weaver"), 3)]
    for action, vp in cases:
        pv = preview(snap, action)
        [o] = pv.outcomes
        assert (o.odds, o.dice, o.vp, pv.expected_vp, pv.dice) == ("1", "no die", vp, vp, [])
        assert_each_outcome_is_play(snap, action, pv)


def _expert_italia() -> Snapshot:
    tokens = {c: g for c, g in italia_data()["cities"].items()}
    snap, _ = new_game(SetupOptions(board="italia", level="expert", seed=3, tokens=tokens,
                                    display=["Mercator", "Mason", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat"]))
    return snap


def test_expert_track_house_reached_by_a_prefect_rolls_the_black_die():
    # expert: track houses on 10, 20, ...; Contrarius at 9 VP; the Prefect's reactivate gives
    # +2 -> 11, passing 10: that house is built with the black die. Setup gave Contrarius the
    # Mason (first specialist in the display) -> S = brick -> Aleria, merging with brick: 2/6.
    # food Casinvm 1/6, tool Cosa 1/6, wine Ancona 1/6, cloth Spoletvm 1/6 (same board as
    # italia-setup: the module docstring). No production (only the Mercator produces).
    snap = _expert_italia()
    assert [c.name for c in snap.contrarius.cards][-1] == "Mason"
    snap.contrarius.vp = 9
    action = PlayerAction(card="prefect", action="reactivate")
    pv = preview(snap, action)
    assert pv.dice == ["mercator"]
    assert builds(pv) == {"Aleria": F(2, 6), "Casinvm": SIXTH, "Cosa": SIXTH, "Ancona": SIXTH, "Spoletvm": SIXTH}
    assert [(o.odds, o.dice) for o in pv.outcomes][0] == ("2/6", "black brick or S")
    assert all(o.vp == 2 and o.result.snapshot.contrarius.track == [20, 30, 40, 50] for o in pv.outcomes)
    assert pv.expected_vp == 2
    assert_each_outcome_is_play(snap, action, pv)
    # at 5 VP the same reactivate reaches no house: one outcome, no die
    snap.contrarius.vp = 5
    assert [(o.odds, o.dice) for o in preview(snap, action).outcomes] == [("1", "no die")]


# ----- errors -----------------------------------------------------------------------------------
def test_errors_before_any_die_are_raised():
    snap = italia()
    with pytest.raises(RuleError, match="not in the hand"):
        preview(snap, PlayerAction(card="weaver"))
    ended = italia(ended={"by": "player", "final_turn_pending": False})
    with pytest.raises(GameOverError):
        preview(ended, PlayerAction(card="mercator"))
    with pytest.raises(GameOverError):
        summary(ended)


def test_final_card_after_contrarius_ended_has_no_reaction():
    snap = italia(ended={"by": "contrarius", "final_turn_pending": True}, concordia="contrarius")
    pv = preview(snap, PlayerAction(card="mercator"))
    [o] = pv.outcomes
    assert o.odds == "1" and o.vp == 0 and o.builds == [] and "no reaction" in o.lines[0]


# ----- summary ----------------------------------------------------------------------------------
def test_summary_of_the_hand_on_italia_setup():
    snap = italia()
    sm = summary(snap)
    assert sm.source == "hand"
    rows = {(r.card, r.action): r for r in sm.rows}
    # hand: Tribune, Architect, Prefect, PM, Mercator, Diplomat, Senator. Prefects: produce
    # (no house anywhere: 1 VP / 2 VP everywhere, Aemilia first alphabetically) and reactivate
    # (2 VP); the Diplomat: one row per face-up card of Contrarius (Prefect x2, Architect,
    # Mercator, Colonist x2, Senator, Smith)
    assert list(rows) == [
        ("Tribune", None), ("Architect", None), ("Prefect", "produce Aemilia"), ("Prefect", "reactivate"),
        ("Prefect with Praefectus Magnus", "produce Aemilia"), ("Prefect with Praefectus Magnus", "reactivate"),
        ("Mercator", None), ("Diplomat", "copy Prefect: produce Aemilia"), ("Diplomat", "copy Prefect: reactivate"),
        ("Diplomat", "copy Architect"), ("Diplomat", "copy Mercator"), ("Diplomat", "copy Colonist: place"),
        ("Diplomat", "copy Colonist: money"), ("Diplomat", "copy Senator"), ("Diplomat", "copy Smith"), ("Senator", None)]
    vp = {k: r.preview.expected_vp for k, r in rows.items()}
    assert vp[("Prefect", "produce Aemilia")] == 1 and vp[("Prefect", "reactivate")] == 2
    assert vp[("Prefect with Praefectus Magnus", "produce Aemilia")] == 2
    assert vp[("Diplomat", "copy Smith")] == 3 and vp[("Diplomat", "copy Colonist: money")] == 2
    assert vp[("Mercator", None)] == 0
    merc = rows[("Mercator", None)].preview
    assert merc.province_chances() == {"Corsica": SIXTH, "Campania": SIXTH, "Etrvria": F(2, 6), "Vmbria": F(2, 6)}
    assert rows[("Tribune", None)].preview.card_chances() == {"Mercator": F(2, 6)}
    assert rows[("Architect", None)].preview.card_chances()["Mercator"] == F(2, 6)
    assert "same E[VP] in all 11" in rows[("Prefect", "produce Aemilia")].note


def test_summary_prefect_shows_the_cheapest_province_and_every_card_without_hand():
    # Aemilia: Mvtina and Ravenna with a player house -> 2 VP; every other province 0 or 1
    # house -> 1 VP. Lowest: Apvlia (first alphabetically among the 1-VP provinces); highest:
    # Aemilia. Venetia shows coins: it cannot produce (10 provinces left).
    data = italia_data()
    data["houses"] = {"Mvtina": ["player"], "Ravenna": ["player"]}
    data["bonus_markers"]["Venetia"] = "coins"
    data["players"][0]["hand"] = None
    data["players"][0]["played"] = None
    snap = read_snapshot(data)
    sm = summary(snap)
    assert sm.source == "every solo card"
    cards = list(dict.fromkeys(r.card for r in sm.rows))
    assert cards == ["Tribune", "Architect", "Prefect", "Prefect with Praefectus Magnus", "Mercator", "Diplomat",
                     "Senator", "Consul", "Colonist", "Mason", "Farmer", "Smith", "Vintner", "Weaver"]
    prefect = next(r for r in sm.rows if r.card == "Prefect" and r.action.startswith("produce"))
    assert prefect.action == "produce Apvlia" and prefect.preview.expected_vp == 1
    assert prefect.note == "lowest E[VP] of the 10 provinces that can produce; highest: Aemilia (2 VP)"
    assert {r.action for r in sm.rows if r.card == "Colonist"} == {"place", "money"}
    assert all(r.preview.expected_vp == 3 for r in sm.rows if r.card in ("Mason", "Weaver"))


def test_summary_without_provinces_to_produce():
    data = italia_data()
    data["bonus_markers"] = {p: "coins" for p in data["bonus_markers"]}
    sm = summary(read_snapshot(data))
    row = next(r for r in sm.rows if r.card == "Prefect" and r.action == "produce")
    assert row.preview is None and "every bonus marker shows coins" in row.note


# ----- the command ------------------------------------------------------------------------------
@pytest.fixture
def game(tmp_path) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(ITALIA.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def _untouched(path: Path, before: bytes) -> None:
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no .prev, no temp file


def test_cli_preview_card(runner, game):
    before = game.read_bytes()
    res = runner.invoke(app, ["preview", "mercator", str(game)])
    assert res.exit_code == 0, res.stderr
    assert res.stderr == ""
    out = res.stdout
    assert "black tool or S" in out and "builds in Cosa (Etrvria, tool)" in out
    assert "house in province: Corsica 1/6, Campania 1/6, Etrvria 2/6, Vmbria 2/6" in out
    assert "data/dice.yaml, ASSUMED" in out
    _untouched(game, before)


def test_cli_preview_json_and_stdin(runner, game):
    before = game.read_bytes()
    res = runner.invoke(app, ["preview", "architect", "-", "--json"], input=before.decode())
    assert res.exit_code == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["card"] == "Architect" and data["faces"] == {"architect": ["1", "2", "3", "4", "5", "1"]}
    assert [(o["odds"], o["cards"][0]["card"]) for o in data["outcomes"]] == [
        ("2/6", "Mercator"), ("1/6", "Mason"), ("1/6", "Prefect"), ("1/6", "Colonist"), ("1/6", "Farmer")]
    assert data["cards"]["Mercator"] == {"probability": "1/3", "odds": "2/6", "p": pytest.approx(1 / 3)}
    res = runner.invoke(app, ["preview", "tribune", str(game), "--die", "red=land", "--json"])
    assert res.exit_code == 0, res.stderr
    [o] = json.loads(res.stdout)["outcomes"]
    assert o["odds"] == "1" and o["colonists"] == ["land"] and o["builds"][0]["city"] == "Cosa"
    _untouched(game, before)


def test_cli_prefect_options(runner, game):
    res = runner.invoke(app, ["preview", "prefect", str(game), "--produce", "Corsica", "--json"])
    assert res.exit_code == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["action"] == "produce Corsica" and data["expected_vp"]["value"] == "1"
    res = runner.invoke(app, ["preview", "prefect", str(game)])
    assert res.exit_code == 2 and "--produce PROVINCE or --reactivate" in res.stderr and res.stdout == ""


def test_cli_summary(runner, game):
    before = game.read_bytes()
    res = runner.invoke(app, ["preview", str(game)])
    assert res.exit_code == 0, res.stderr
    assert res.stderr == ""
    assert "cards: hand" in res.stdout
    # the short table (it fits a screen): the likeliest province, +3 others
    merc = next(line for line in res.stdout.splitlines() if line.startswith("│ Mercator "))
    assert "Etrvria 2/6 +3" in merc
    assert "Etrvria 6/6" in res.stdout  # the Tribune's certain build
    assert len(res.stdout.splitlines()) < 30  # one line per row (at 200 columns), 16 rows
    full = runner.invoke(app, ["preview", str(game), "--all"])
    assert full.exit_code == 0, full.stderr
    merc = next(line for line in full.stdout.splitlines() if line.startswith("│ Mercator "))
    assert "Corsica 1/6" in merc  # one province per line in the cell: Campania, Etrvria, Vmbria below
    assert "Etrvria 6/6" in full.stdout  # the Tribune's certain build
    res = runner.invoke(app, ["preview", str(game), "--json"])
    data = json.loads(res.stdout)
    assert data["cards_from"] == "hand" and len(data["rows"]) == 16
    smith = next(r for r in data["rows"] if r["action"] == "copy Smith")
    assert smith["expected_vp"]["value"] == "3"
    res = runner.invoke(app, ["preview", "-", "--json"], input=before.decode())
    assert res.exit_code == 0 and json.loads(res.stdout)["rows"] == data["rows"]
    _untouched(game, before)


def test_cli_errors(runner, game, tmp_path):
    before = game.read_bytes()
    cases = [
        (["preview", "mercator"], 2, "which snapshot?"),
        (["preview"], 2, "which snapshot?"),
        (["preview", str(game), "--produce", "Corsica"], 2, "name it"),
        (["preview", "weaver", str(game)], 4, "not in the hand"),
        (["preview", str(tmp_path / "missing.yaml")], 3, "no such file"),
        (["preview", "mercator", str(game), "--die", "black=purple"], 2, "brick, food, tool, wine, cloth or S"),
    ]
    for args, code, text in cases:
        res = runner.invoke(app, args)
        assert res.exit_code == code, (args, res.stderr)
        assert res.stderr.startswith("contrarius: ") and text in res.stderr, (args, res.stderr)
        assert res.stdout == ""
    _untouched(game, before)


def test_cli_dice_faces_from_snapshot(runner, tmp_path):
    data = italia_data()
    data["dice_faces"] = {"architect": [2, 2, 2, 2, 3, 1]}
    path = tmp_path / "g.yaml"
    path.write_text(dump_snapshot(read_snapshot(data)), encoding="utf-8")
    res = runner.invoke(app, ["preview", "architect", str(path)])
    assert res.exit_code == 0, res.stderr
    assert "blue architect die: 2, 2, 2, 2, 3, 1 (the snapshot's dice_faces)" in res.stdout
    assert "card taken: Mason 4/6, Prefect 1/6, Mercator 1/6" in res.stdout


def test_the_merge_key_equals_exactly_when_the_sorted_json_texts_do():
    # preview merges branches by a key of the new snapshot's data and the report lines
    # (contrarius.rules.preview._plain_key); it must group exactly as the JSON text with sorted
    # keys did: key order aside, a tuple as a list, but 1, 1.0, True and "1" apart
    from contrarius.rules.preview import _plain_key

    values = [
        {"a": 1, "b": [1, 2]}, {"b": [1, 2], "a": 1}, {"b": (1, 2), "a": 1}, {"a": 1.0, "b": [1, 2]},
        {"a": True, "b": [1, 2]}, {"a": "1", "b": [1, 2]}, {"a": None, "b": []}, {"a": None, "b": ()},
        [{"x": {"y": [None, False]}}, ["line"]], [{"x": {"y": [None, 0]}}, ["line"]],
        [Fraction(1, 3), "1/3"], ["1/3", "1/3"], ["x"], "x", [], {},
    ]
    for a in values:
        for b in values:
            same_json = json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)
            assert (_plain_key(a) == _plain_key(b)) is same_json, (a, b)
            if same_json:
                assert hash(_plain_key(a)) == hash(_plain_key(b))


def test_the_third_player_mode_preview_tests_for_is_that_of_the_variant():
    # preview imports the third-player variant only for such a game: its name for the
    # mode must stay the variant's own
    import contrarius.rules.preview as pv
    from contrarius.rules.modes.twoplayer import THIRD

    assert pv.THIRD == THIRD


def _new_italia(runner, path, *args: str) -> None:
    """``new --board italia --seed 1`` with ``args``, written to ``path``."""
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", *args, "-o", str(path)])
    assert r.exit_code == 0, r.output


# ----- preview of the final card after Contrarius ended the game ----------------------
@pytest.mark.parametrize("full", [[], ["--all"]])
def test_preview_of_the_final_card_says_there_is_no_reaction(tmp_path, runner, full):
    # "End of the game": after Contrarius ends it you play one final card, and Contrarius
    # does not react to it. The summary printed a table of +0 for every card of the hand.
    game = tmp_path / "g.yaml"
    _new_italia(runner, game)
    game.write_text(game.read_text(encoding="utf-8").replace(
        "ended: null", "ended: {by: contrarius, final_turn_pending: true}"), encoding="utf-8")
    r = runner.invoke(app, ["preview", *full, str(game)])
    assert r.exit_code == 0, r.output
    assert "no reaction, whatever you play" in r.stdout
    assert "E[VP]" not in r.stdout and "+0" not in r.stdout
    # a game still running keeps its table
    _new_italia(runner, tmp_path / "run.yaml")
    assert "E[VP]" in runner.invoke(app, ["preview", *full, str(tmp_path / "run.yaml")]).stdout


def test_preview_takes_the_forum_card_as_play_does(tmp_path, runner):
    """Salsa ("Forum cards"): a Tribune played with ``--forum julius`` takes Julius from
    forum row position 2 (row as laid: Mamilius, Julius, Donatus Pompeius, Lucius Flavius),
    and Contrarius then takes the first card, Mamilius. preview says the same lines as play
    (it takes play's whole turn, contrarius/cli/turn_input.py TURN_OPTIONS) and writes nothing."""
    game = tmp_path / "g.yaml"
    _new_italia(runner, game, "--salsa", "--forum-card", "Annaeus Arcadius",
                "--forum-row", "Mamilius,Julius,Donatus Pompeius,Lucius Flavius")
    before = game.read_bytes()
    pv = runner.invoke(app, ["preview", "tribune", str(game), "--forum", "julius"])
    assert pv.exit_code == 0, pv.output
    assert "you take the forum card Julius from forum row position 2" in pv.output
    assert "Contrarius takes the first forum card, Mamilius (green)" in pv.output
    _untouched(game, before)
    played = runner.invoke(app, ["play", "tribune", str(game), "--forum", "julius", "-o", str(tmp_path / "o.yaml")])
    assert played.exit_code == 0 and "you take the forum card Julius from forum row position 2" in played.stderr
    # without --forum, play refuses; preview previews and says the forum card is still to name
    no = runner.invoke(app, ["preview", "tribune", str(game)])
    assert no.exit_code == 0
    assert "Salsa: you also take a forum card (play --forum NAME), and Contrarius takes the first one" in no.output
