"""Contrarius's reactions (rulebook "Solo Personality Cards", "Where Does Contrarius Build?",
"Supplementary rules to the reactions of Contrarius", "Difficulty level" Expert and "Solo End
of Game") on the real Italia and Imperium boards, through :func:`contrarius.rules.modes.solo.play`.

Every expected value below was worked out by hand from the rulebook and the board files
(``boards/italia.yaml``, ``boards/imperium.yaml``); the reasoning is written beside it.
Goods values: cloth > wine > tool > food > brick.

Italia lines used below (from boards/italia.yaml):
  land at Roma: Casinvm-Roma, Cosa-Roma, Roma-Spoletvm
  sea at Roma:  Cosa-Roma, Neapolis-Roma, Olbia-Roma, Panormvs-Roma
  land: Ancona-Spoletvm, Ancona-Ravenna, Ancona-Hadria, Aqvileia-Ravenna, Florentia-Spoletvm,
        Florentia-Mvtina, Panormvs-Syracvsae, Messana-Panormvs, Messana-Syracvsae, ...
Italia tokens used (ITALIA below): cloth Aqvileia, Mvtina, Spoletvm; wine Genva, Ravenna,
Ancona, Messana; tool Segvsio, Florentia, Cosa, Panormvs, Syracvsae; food Comvm, Nicaea, Olbia,
Hadria, Casinvm, Potentia; brick Bavzanvm, Verona, Aleria, Neapolis, Lvceria, Brvndisivm, Croton.

Two colonists in Roma (the standard start) reach with 2 steps:
  land 1 step: Casinvm, Cosa, Spoletvm; land 2 steps: Hadria, Lvceria, Neapolis, Florentia, Ancona
  sea 1 step: Cosa, Neapolis, Olbia, Panormvs; sea 2 steps: Aleria, Genva, Messana
so a wine die (Genva, Ravenna, Ancona, Messana) gives Ancona: Ravenna needs 3 steps, the
other three are empty and in new provinces, and Ancona is first alphabetically; the land
colonist goes Roma -> Roma-Spoletvm -> Ancona-Spoletvm, the only 2-step line next to Ancona
(Ancona-Hadria and Ancona-Ravenna need 3, no sea colonist reaches the Adriatic in 2).
"""

from __future__ import annotations

import copy
import random

import pytest

from contrarius.errors import ContrariusError, GameOverError, NeedDieError, RuleError, UnknownNameError, UnusedInputError
from contrarius.rules.modes.solo import PlayerAction, play
from contrarius.model.snapshot import Snapshot
from contrarius.model.reader import read_snapshot

# ----- boards and snapshots ------------------------------------------------------------------
ITALIA = {
    # A: 2 brick, 2 food, 1 tool, 1 wine, 1 cloth
    "Bavzanvm": "brick", "Aqvileia": "cloth", "Verona": "brick", "Comvm": "food", "Segvsio": "tool",
    "Genva": "wine", "Nicaea": "food",
    # B: 2 brick, 2 food, 2 tool, 1 wine, 1 cloth
    "Mvtina": "cloth", "Ravenna": "wine", "Florentia": "tool", "Cosa": "tool", "Aleria": "brick",
    "Olbia": "food", "Casinvm": "food", "Neapolis": "brick",
    # C: 3 brick, 2 food, 2 tool, 2 wine, 1 cloth
    "Ancona": "wine", "Spoletvm": "cloth", "Hadria": "food", "Lvceria": "brick", "Brvndisivm": "brick",
    "Potentia": "food", "Croton": "brick", "Messana": "wine", "Panormvs": "tool", "Syracvsae": "tool",
}

IMPERIUM = {
    # A: 2 brick, 2 food, 1 tool, 1 wine, 1 cloth
    "Isca D.": "brick", "Londinivm": "food", "Colonia A.": "cloth", "Vindobona": "wine", "Sirmivm": "tool",
    "Napoca": "brick", "Tomis": "food",
    # B: 2 brick, 2 food, 2 tool, 1 wine, 1 cloth
    "Lvtetia": "cloth", "Bvrdigala": "food", "Massilia": "wine", "Brigantivm": "brick", "Olisipo": "tool",
    "Valentia": "food", "Rvsadir": "brick", "Carthago": "tool",
    # C: 3 brick, 2 food, 2 tool, 2 wine, 1 cloth
    "Leptis Magna": "wine", "Cyrene": "brick", "Bycantivm": "cloth", "Sinope": "food", "Attalia": "tool",
    "Antiochia": "wine", "Tyros": "brick", "Alexandria": "food", "Memphis": "tool", "Petra": "brick",
    # D: one of each
    "Novaria": "food", "Aqvileia": "cloth", "Syracvsae": "wine", "Dyrrhachivm": "tool", "Athenae": "brick",
}

HAND = ["Tribune", "Architect", "Prefect", "Prefect with Praefectus Magnus", "Mercator", "Diplomat", "Senator"]
ALL_CARDS = HAND + ["Consul", "Colonist", "Mason", "Farmer", "Smith", "Vintner", "Weaver"]
START_GOODS = {"brick": 1, "food": 2, "tool": 1, "wine": 1, "cloth": 1}


def col(owner: str, kind: str, at: str) -> dict:
    return {"owner": owner, "kind": kind, "at": at}


def base(board: str = "italia", **over) -> dict:
    """A standard solo table (as 'contrarius new' lays it), as plain snapshot data.

    Contrarius: land + sea colonist in Roma, the assumed five start cards and Smith.
    The player: land + sea colonist in Roma, the whole card set in hand (so any card may be
    played), 20 VP, the start goods and 6 sestertii. Display and stack as in
    examples/italia-setup.yaml.
    """
    d = {
        "format": 1, "board": board, "mode": "solo", "level": "standard", "seed": 1, "rolls": 0,
        "cities": dict(ITALIA if board == "italia" else IMPERIUM),
        "houses": {},
        "colonists": [col("contrarius", "land", "Roma"), col("contrarius", "sea", "Roma"),
                      col("player", "land", "Roma"), col("player", "sea", "Roma")],
        "display": ["Mercator", "Mason", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat"],
        "stack": {"remaining": 7, "order": ["Consul", "Architect", "Colonist", "Vintner", "Prefect", "Mercator", "Weaver"]},
        "contrarius": {"vp": 0, "cards": ["Prefect", "Architect", "Mercator", "Colonist", "Senator", "Smith"], "track": []},
        "players": [{"id": "player", "vp": 20, "hand": list(ALL_CARDS), "played": [],
                     "goods": dict(START_GOODS), "sestertii": 6}],
        "active": None, "praefectus_magnus": None, "concordia": None, "ended": None, "log": [],
    }
    d.update(over)
    return d


def snap(d: dict) -> Snapshot:
    return read_snapshot(copy.deepcopy(d))


def turn(d: dict | Snapshot, card: str, *dice: str, **kw):
    """Play ``card`` on ``d``; ``dice`` are table results as typed after --die."""
    s = d if isinstance(d, Snapshot) else snap(d)
    parsed = []
    for f in dice:
        name, sep, face = f.partition("=")
        parsed.append(({"blue": "architect", "red": "tribune", "black": "mercator", "white": "senator"}[name], face) if sep else (None, f))
    return play(s, PlayerAction(card, dice=parsed, **kw))


def cols(s: Snapshot, owner: str = "contrarius") -> list[tuple[str, str]]:
    return [(c.kind, c.where) for c in s.colonists if c.owner == owner]


def houses(s: Snapshot, owner: str = "contrarius") -> list[str]:
    return s.houses_of(owner)


def cards(s: Snapshot) -> list[tuple[str, bool]]:
    return [(c.name, c.face_up) for c in s.contrarius.cards]


def names(lst) -> list[str]:
    return sorted(c.name for c in lst)


START_CARDS = [("Prefect", True), ("Architect", True), ("Mercator", True), ("Colonist", True), ("Senator", True), ("Smith", True)]


# ===== 1. Prefect ================================================================================
def test_prefect_produce_counts_every_house_in_the_province():
    # Vmbria = Ancona (wine), Spoletvm (cloth), Hadria (food). Houses: Ancona contrarius+player,
    # Spoletvm player, Hadria contrarius = 4 houses of all owners -> 4 VP (above the minimum 1).
    d = base(houses={"Ancona": ["contrarius", "player"], "Spoletvm": ["player"], "Hadria": ["contrarius"]})
    r = turn(d, "Prefect", action="produce", province="Vmbria")
    s = r.snapshot
    assert (r.vp_before, r.vp_after, s.contrarius.vp) == (0, 4, 4)
    assert s.bonus_markers["Vmbria"] == "coins"
    assert all(v == "goods" for p, v in s.bonus_markers.items() if p != "Vmbria")
    # the player: bonus good = best token of Vmbria = cloth (+1); houses Ancona wine +1,
    # Spoletvm cloth +1; Contrarius's Hadria produces for nobody.
    assert s.player().goods == {"brick": 1, "food": 2, "tool": 1, "wine": 2, "cloth": 3}
    assert [c.name for c in s.player().played] == ["Prefect"]
    assert "Prefect" not in [c.name for c in s.player().hand]
    assert r.rolls == [] and r.reacted_to == "Prefect"


def test_prefect_produce_in_an_empty_province_scores_the_minimum_of_one():
    # Apvlia (Lvceria, Brvndisivm) has no house: 0 houses -> at least 1 VP.
    r = turn(base(contrarius={"vp": 5, "cards": ["Smith"], "track": []}), "Prefect", province="Apvlia")
    assert r.snapshot.contrarius.vp == 6
    assert r.snapshot.bonus_markers["Apvlia"] == "coins"


def _campania_example() -> dict:
    # The rulebook example "You play the Prefect with P.M. and produce in Campania: take 2
    # cloths (bonus good) and 1 tool (your house)". Swap tokens inside letter B so that
    # Campania is Casinvm cloth + Neapolis tool (Mvtina takes food, Cosa takes brick).
    cities = dict(ITALIA, Casinvm="cloth", Mvtina="food", Neapolis="tool", Cosa="brick")
    return base(cities=cities, houses={"Neapolis": ["player"]})


def test_prefect_with_praefectus_magnus_rulebook_example_minimum_two():
    r = turn(_campania_example(), "Prefect with Praefectus Magnus", action="produce", province="Campania")
    s = r.snapshot
    # 1 house in Campania, "at least 2 victory points" -> 2
    assert s.contrarius.vp == 2
    # 2 cloths (double bonus) and 1 tool (house in Neapolis)
    assert s.player().goods == {"brick": 1, "food": 2, "tool": 2, "wine": 1, "cloth": 3}
    assert s.bonus_markers["Campania"] == "coins"


def test_plain_prefect_same_province_scores_only_one():
    # the same table with the plain Prefect: 1 house, minimum 1 -> 1 VP; bonus 1 cloth
    r = turn(_campania_example(), "Prefect", province="Campania")
    assert r.snapshot.contrarius.vp == 1
    assert r.snapshot.player().goods["cloth"] == 2 and r.snapshot.player().goods["tool"] == 2


def test_praefectus_magnus_counts_houses_above_two_on_imperium():
    # Imperium, province Italia = Novaria (food), Aqvileia (cloth), Syracvsae (wine).
    # Houses: Aqvileia contrarius+player, Novaria player = 3 -> max(2, 3) = 3 VP.
    d = base("imperium", houses={"Aqvileia": ["contrarius", "player"], "Novaria": ["player"]})
    r = turn(d, "pm", province="Italia")
    s = r.snapshot
    assert s.contrarius.vp == 3
    # bonus: cloth (best of food, cloth, wine) x2, Aqvileia cloth +1, Novaria food +1
    assert s.player().goods == {"brick": 1, "food": 3, "tool": 1, "wine": 1, "cloth": 4}


@pytest.mark.parametrize("card", ["Prefect", "Prefect with Praefectus Magnus"])
def test_prefect_reactivate_scores_two_and_turns_markers_back(card):
    markers = {"Vmbria": "coins", "Campania": "coins", "Sicilia": "coins"}
    d = base(bonus_markers=markers, contrarius={"vp": 3, "cards": ["Smith"], "track": []},
             houses={"Ancona": ["contrarius"], "Spoletvm": ["contrarius"], "Hadria": ["player"]})
    r = turn(d, card, action="reactivate")
    s = r.snapshot
    assert s.contrarius.vp == 5  # 3 + 2, whatever the houses
    assert set(s.bonus_markers.values()) == {"goods"}
    assert s.player().sestertii == 6 + 3  # one sestertius per coin shown


def test_prefect_refuses_a_province_that_already_produced():
    d = base(bonus_markers={"Vmbria": "coins"})
    s = snap(d)
    with pytest.raises(RuleError, match="Vmbria.*coins"):
        play(s, PlayerAction("Prefect", action="produce", province="Vmbria"))
    # nothing changed in the snapshot given
    assert s.bonus_markers["Vmbria"] == "coins" and s.contrarius.vp == 0 and s.log == []
    assert [c.name for c in s.player().hand] == ALL_CARDS


def test_prefect_needs_a_choice():
    with pytest.raises(ContrariusError, match="produces or reactivates"):
        turn(base(), "Prefect")
    with pytest.raises(ContrariusError, match="no choice"):
        turn(base(), "Mercator", "wine", action="reactivate")


# ===== 2. Diplomat ===============================================================================
def test_diplomat_rulebook_example_copies_the_prefect_and_turns_it_down():
    # "You copy the face-up Prefect ... reactivate ... Contrarius scores 2 victory points.
    # Afterwards you flip the used Prefect card face down."
    d = base(bonus_markers={"Vmbria": "coins"})
    r = turn(d, "Diplomat", copy="Prefect", action="reactivate")
    s = r.snapshot
    assert r.reacted_to == "Prefect" and r.card == "Diplomat"
    assert s.contrarius.vp == 2
    assert cards(s) == [("Prefect", False)] + START_CARDS[1:]
    assert s.bonus_markers["Vmbria"] == "goods" and s.player().sestertii == 7
    assert [c.name for c in s.player().played] == ["Diplomat"]
    # "You cannot copy this card again."
    s.player().hand.append(s.player().played.pop())  # as if taken back with the Tribune
    with pytest.raises(RuleError, match="face down"):
        play(s, PlayerAction("Diplomat", copy="Prefect", action="reactivate"))


def test_diplomat_cannot_copy_a_face_down_card():
    d = base(contrarius={"vp": 0, "cards": [{"name": "Mercator", "gods": ["Mercurius"], "face": "down"}, "Smith"], "track": []})
    with pytest.raises(RuleError, match="face down"):
        turn(d, "Diplomat", "wine", copy="Mercator")
    with pytest.raises(RuleError, match="no such card"):
        turn(d, "Diplomat", "wine", copy="Weaver")
    with pytest.raises(ContrariusError, match="--copy"):
        turn(d, "Diplomat")


def test_diplomat_copying_the_mercator_reacts_as_mercator():
    # the wine die on the start table -> Ancona (see the module docstring), Vmbria produces
    # (no player house there) and its marker turns to coins; the Mercator goes face down.
    r = turn(base(), "Diplomat", "wine", copy="mercator")
    s = r.snapshot
    assert r.reacted_to == "Mercator"
    assert houses(s) == ["Ancona"]
    assert cols(s) == [("land", "Ancona-Spoletvm"), ("sea", "Roma")]
    assert s.bonus_markers["Vmbria"] == "coins"
    assert ("Mercator", False) in cards(s) and ("Mercator", True) not in cards(s)


def test_diplomat_copying_a_specialist_scores_three():
    r = turn(base(), "Diplomat", copy="Smith")
    assert r.snapshot.contrarius.vp == 3
    assert cards(r.snapshot)[-1] == ("Smith", False)


def test_diplomat_copying_the_architect_takes_a_card_and_turns_only_the_copied_one_down():
    # blue die 2: display position 2 = Mason goes face up to Contrarius; the copied Architect
    # (its second card) goes face down.
    r = turn(base(), "Diplomat", "2", copy="Architect")
    assert cards(r.snapshot) == [("Prefect", True), ("Architect", False), ("Mercator", True), ("Colonist", True),
                                 ("Senator", True), ("Smith", True), ("Mason", True)]


def test_diplomat_copying_the_colonist_defaults_to_the_players_choice():
    # copy the Colonist and take money -> Contrarius scores 2
    r = turn(base(), "Diplomat", copy="Colonist", action="money")
    assert r.snapshot.contrarius.vp == 2
    assert ("Colonist", False) in cards(r.snapshot)


# ===== 3. Architect ==============================================================================
def test_architect_takes_the_die_position_and_the_display_slides_and_refills():
    # display Mercator, Mason, Prefect, Colonist, Farmer, Architect, Diplomat; blue 3 = Prefect.
    r = turn(base(), "Architect", "3")
    s = r.snapshot
    assert cards(s) == START_CARDS + [("Prefect", True)]
    # slide left, the top of the known stack (Consul) fills position 7
    assert s.display == ["Mercator", "Mason", "Colonist", "Farmer", "Architect", "Diplomat", "Consul"]
    assert s.stack_remaining == 6 and s.stack_order == ["Architect", "Colonist", "Vintner", "Prefect", "Mercator", "Weaver"]
    assert r.rolls[0].die == "architect" and r.rolls[0].face == 3 and r.rolls[0].source == "table"


@pytest.mark.parametrize("face,taken,left", [
    ("1", "Mercator", ["Mason", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "Consul"]),
    ("5", "Farmer", ["Mercator", "Mason", "Prefect", "Colonist", "Architect", "Diplomat", "Consul"]),
])
def test_architect_positions_one_and_five(face, taken, left):
    s = turn(base(), "Architect", face).snapshot
    assert s.contrarius.cards[-1].name == taken and s.display == left


def test_architect_refill_named_or_unknown_when_the_stack_order_is_not_known():
    d = base(stack={"remaining": 7})
    s = turn(d, "Architect", "3", refill=["Weaver"]).snapshot
    assert s.display[-1] == "Weaver" and s.stack_remaining == 6 and s.stack_order is None
    s = turn(d, "Architect", "3").snapshot
    assert s.display[-1] == "?" and s.stack_remaining == 6


def test_architect_empty_position_takes_position_one():
    # 3 cards left, stack empty: a 5 shows no card -> "Contrarius takes the first card"
    d = base(display=["Consul", "Vintner", "Weaver", None, None, None, None], stack={"remaining": 0, "order": []})
    s = turn(d, "Architect", "5").snapshot
    assert s.contrarius.cards[-1].name == "Consul"
    assert s.display == ["Vintner", "Weaver", None, None, None, None, None]
    # a 3 still finds a card (Weaver) -> no substitution
    s = turn(d, "Architect", "3").snapshot
    assert s.contrarius.cards[-1].name == "Weaver" and s.display[:2] == ["Consul", "Vintner"]


def test_architect_unknown_card_needs_a_name():
    d = base(display=["Mercator", "?", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat"], stack={"remaining": 7})
    with pytest.raises(RuleError, match="--reveal 2=NAME"):
        turn(d, "Architect", "2")
    s = turn(d, "Architect", "2", reveal={2: "weaver"}, refill=["Vintner"]).snapshot
    assert s.contrarius.cards[-1].name == "Weaver"
    assert s.display == ["Mercator", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "Vintner"]


def test_architect_with_no_card_at_all_builds_with_the_white_die():
    # "If there are no cards available at all (very rare), Contrarius builds a house with
    # the white Senator/Consul die": white wine -> Ancona (module docstring). The blue die
    # cannot matter then and is not rolled (tests/test_architect_blue_die.py).
    d = base(display=[None] * 7, stack={"remaining": 0, "order": []})
    r = turn(d, "Architect", "white=wine")
    assert [x.die for x in r.rolls] == ["senator"]
    assert houses(r.snapshot) == ["Ancona"]
    assert len(r.snapshot.contrarius.cards) == 6


# ===== 4. Mercator ===============================================================================
def _imperium_mercator(**over) -> dict:
    return base("imperium", houses={"Cyrene": ["player"]}, **over)


def test_mercator_builds_and_the_province_produces_for_the_player_only():
    # Imperium, black die wine. Wine cities: Vindobona, Massilia, Leptis Magna, Antiochia,
    # Syracvsae. From Roma with 2 steps: Syracvsae (land/sea 1), Massilia (sea 1), Vindobona
    # (land Roma-Aqvileia, Aqvileia-Vindobona), Leptis Magna (sea Roma-Carthago,
    # Carthago-Leptis Magna or Roma-Syracvsae, Syracvsae-Leptis Magna); Antiochia is far.
    # All empty, all provinces new -> alphabetical: Leptis Magna. Two tied 2-step sea lines:
    # Carthago-Leptis Magna (option 1) and Leptis Magna-Syracvsae (option 2).
    r = turn(_imperium_mercator(), "Mercator", "wine")
    s = r.snapshot
    assert houses(s) == ["Leptis Magna"]
    assert cols(s) == [("land", "Roma"), ("sea", "Carthago-Leptis Magna")]
    assert len(r.rulings[0].moves) == 2
    # Lybia = Leptis Magna + Cyrene: the player's Cyrene house (brick) produces 1 brick;
    # Contrarius never receives goods; the marker turns to coins.
    assert s.bonus_markers["Lybia"] == "coins"
    assert s.player().goods == {"brick": 2, "food": 2, "tool": 1, "wine": 1, "cloth": 1}
    assert s.contrarius.vp == 0
    # --choose 2: the other tied line
    s2 = turn(_imperium_mercator(), "Mercator", "wine", choices=[2]).snapshot
    assert cols(s2) == [("land", "Roma"), ("sea", "Leptis Magna-Syracvsae")]
    with pytest.raises(RuleError, match="choose 1 to 2"):
        turn(_imperium_mercator(), "Mercator", "wine", choices=[3])


def test_mercator_province_already_produced_fewer_than_three_coins_nothing_happens():
    # Lybia and Gallia show coins: 2 < 3 -> nothing (no production, markers as they were)
    markers = {"Lybia": "coins", "Gallia": "coins"}
    s = turn(_imperium_mercator(bonus_markers=markers), "Mercator", "wine").snapshot
    assert houses(s) == ["Leptis Magna"]
    assert {p for p, v in s.bonus_markers.items() if v == "coins"} == {"Lybia", "Gallia"}
    assert s.player().goods["brick"] == 1


def test_mercator_province_already_produced_three_coins_reactivates_all():
    # Lybia, Gallia and Hispania show coins: at least 3 -> every marker back to goods;
    # Lybia does not produce again.
    markers = {"Lybia": "coins", "Gallia": "coins", "Hispania": "coins"}
    s = turn(_imperium_mercator(bonus_markers=markers), "Mercator", "wine").snapshot
    assert set(s.bonus_markers.values()) == {"goods"}
    assert s.player().goods["brick"] == 1
    assert s.player().sestertii == 6  # the player gets no cash bonus from it


def test_mercator_that_cannot_build_places_a_colonist_and_nothing_produces():
    s = turn(_blocked(), "Mercator", "cloth", "red=land").snapshot
    assert cols(s) == [("land", "Panormvs-Syracvsae"), ("land", "Roma")]
    assert set(s.bonus_markers.values()) == {"goods"}


# ===== 5. Senator, Consul, Tribune, Colonist, specialists ========================================
@pytest.mark.parametrize("card", ["Senator", "Consul"])
def test_senator_and_consul_build_with_the_white_die(card):
    # Imperium, white cloth. Cloth cities: Colonia A., Lvtetia, Bycantivm, Aqvileia. Reach:
    # Aqvileia (land Roma-Aqvileia, 1 step), Colonia A. (land Roma-Novaria, Novaria-Colonia A.,
    # 2 steps); both empty and new -> alphabetical Aqvileia; the land colonist moves 1 step.
    r = turn(base("imperium"), card, "white=cloth")
    assert houses(r.snapshot) == ["Aqvileia"]
    assert cols(r.snapshot) == [("land", "Aqvileia-Roma"), ("sea", "Roma")]
    assert r.rolls[0].die == "senator"


def test_senator_s_means_the_best_specialist():
    # Contrarius owns Smith only -> S = tool. Imperium tool cities in reach: Carthago (sea 1),
    # Dyrrhachivm (sea Roma-Syracvsae, Syracvsae-Dyrrhachivm), Sirmivm (land Roma-Aqvileia,
    # Aqvileia-Sirmivm). All empty, new -> Carthago; the sea colonist takes Carthago-Roma.
    r = turn(base("imperium"), "Senator", "S")
    assert houses(r.snapshot) == ["Carthago"]
    assert cols(r.snapshot) == [("land", "Roma"), ("sea", "Carthago-Roma")]
    assert r.rulings[0].specialist == "Smith" and r.rulings[0].goods == "tool"


def test_tribune_builds_for_the_best_specialist_then_rolls_red():
    # Contrarius owns Smith and a face-down Vintner: Weaver > Vintner > Smith -> wine, even
    # face down. Wine from Roma -> Ancona. Then red die sea: a sea colonist into Roma.
    cs = ["Smith", {"name": "Vintner", "gods": ["Minerva"], "face": "down"}]
    d = base(contrarius={"vp": 0, "cards": cs, "track": []})
    d["players"][0]["hand"] = ["Tribune", "Prefect"]
    d["players"][0]["played"] = ["Architect", "Mercator"]
    r = turn(d, "Tribune", "red=sea")
    s = r.snapshot
    assert houses(s) == ["Ancona"]
    assert cols(s) == [("land", "Ancona-Spoletvm"), ("sea", "Roma"), ("sea", "Roma")]
    assert [x.die for x in r.rolls] == ["tribune"]  # the build needs no die
    # the Tribune takes the played cards back (itself included)
    assert names(s.player().hand) == ["Architect", "Mercator", "Prefect", "Tribune"] and s.player().played == []


def test_tribune_red_card_takes_position_one():
    r = turn(base(), "Tribune", "card")
    s = r.snapshot
    # S = tool: tool cities Segvsio, Florentia, Cosa, Panormvs, Syracvsae. Reach: Cosa
    # (1 land/sea), Panormvs (sea 1), Florentia (land Roma-Cosa, Cosa-Florentia or
    # Roma-Spoletvm, Spoletvm-Florentia). All empty and new -> Cosa, by land Cosa-Roma or sea
    # Cosa-Roma (tied, option 1 = the land colonist, first in the snapshot).
    assert houses(s) == ["Cosa"]
    assert cols(s) == [("land", "Cosa-Roma"), ("sea", "Roma")]
    assert cards(s)[-1] == ("Mercator", True)
    assert s.display == ["Mason", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat", "Consul"]


def test_colonist_place_rolls_red_and_money_scores_two():
    s = turn(base(), "Colonist", "red=land", action="place", places=[("land", "Roma")]).snapshot
    assert cols(s) == [("land", "Roma"), ("sea", "Roma"), ("land", "Roma")]
    assert cols(s, "player") == [("land", "Roma"), ("sea", "Roma"), ("land", "Roma")]
    s = turn(base(), "Colonist", action="money").snapshot
    assert s.contrarius.vp == 2 and cols(s) == [("land", "Roma"), ("sea", "Roma")]
    s = turn(base(), "Colonist", "card", action="place").snapshot
    assert s.contrarius.cards[-1].name == "Mercator" and s.display[0] == "Mason"


@pytest.mark.parametrize("card", ["Mason", "Farmer", "Smith", "Vintner", "Weaver"])
def test_specialists_score_three(card):
    r = turn(base(contrarius={"vp": 4, "cards": ["Smith"], "track": []}), card)
    assert (r.vp_before, r.vp_after) == (4, 7)
    assert r.rolls == [] and houses(r.snapshot) == []


def test_team_cards_are_refused_in_solo():
    with pytest.raises(ContrariusError, match="team-play"):
        turn(base(), "Legatus")


# ===== 6. Supplementary rules ====================================================================
def _blocked(**over) -> dict:
    """Contrarius cannot build at all: its only colonist (1 step) stands on the land line
    Panormvs-Syracvsae; in reach are Panormvs and Syracvsae (0 steps) and Messana (1 step,
    Messana-Panormvs / Messana-Syracvsae), and it already has a house in all three."""
    return base(colonists=[col("contrarius", "land", "Panormvs-Syracvsae"), col("player", "land", "Roma"), col("player", "sea", "Roma")],
                houses={"Messana": ["contrarius"], "Panormvs": ["contrarius"], "Syracvsae": ["contrarius"]}, **over)


def test_cannot_build_places_a_colonist_instead():
    r = turn(_blocked(), "Senator", "white=cloth", "red=sea")
    s = r.snapshot
    assert [x.die for x in r.rolls] == ["senator", "tribune"]
    assert houses(s) == ["Messana", "Panormvs", "Syracvsae"]
    assert cols(s) == [("land", "Panormvs-Syracvsae"), ("sea", "Roma")]
    assert r.rulings[0].city is None and len(r.rulings[0].trials) == 5  # every goods type tried


def test_cannot_build_needs_the_red_die_when_dice_come_from_the_table():
    s = snap(_blocked())
    with pytest.raises(NeedDieError) as exc:
        play(s, PlayerAction("Senator", dice=[(None, "cloth")]))
    assert exc.value.die == "tribune" and "red" in str(exc.value)
    assert s.log == [] and cols(s) == [("land", "Panormvs-Syracvsae")]


def test_tribune_that_cannot_build_rolls_red_twice():
    # Reading: the Tribune's build fails -> the supplementary colonist (red die, land here),
    # then the Tribune's own red die (sea): two colonists placed.
    r = turn(_blocked(), "Tribune", "red=land", "red=sea")
    assert [x.die for x in r.rolls] == ["tribune", "tribune"]
    assert cols(r.snapshot) == [("land", "Panormvs-Syracvsae"), ("land", "Roma"), ("sea", "Roma")]


def test_cannot_build_a_card_face_on_the_red_die_is_rolled_again():
    # "If Contrarius is not at all able to build a house, it places a colonist instead.
    # (Determine which colonist by rolling the red Tribune/Colonist die.)": the die only
    # decides which colonist, so a card face names none and is rolled again (README's
    # reading): card, card, then sea -> a sea colonist in Roma, no card taken.
    r = turn(_blocked(), "Senator", "white=cloth", "red=card", "red=card", "red=sea")
    s = r.snapshot
    assert [(x.die, x.face) for x in r.rolls] == [("senator", "cloth"), ("tribune", "card"), ("tribune", "card"), ("tribune", "sea")]
    assert cols(s) == [("land", "Panormvs-Syracvsae"), ("sea", "Roma")]
    assert cards(s) == START_CARDS and s.display == snap(_blocked()).display
    # with only the card face read, it asks for the red die again, naming the re-roll
    with pytest.raises(NeedDieError) as exc:
        turn(_blocked(), "Senator", "white=cloth", "red=card")
    assert exc.value.die == "tribune" and exc.value.exclude == ("card",) and "rolled again" in str(exc.value)
    # rolled from the seed: never a card, over many seeds
    for seed in range(40):
        r = turn(_blocked(seed=seed), "Senator")
        assert cards(r.snapshot) == START_CARDS and len(cols(r.snapshot)) == 2, seed


def test_the_tribunes_own_red_die_still_takes_a_card():
    # the Tribune's reaction rolls the red die for "1 new colonist or ... the card from
    # position 1": there a card face takes the card (not re-rolled). Italia: Contrarius's
    # best specialist is the Smith -> tool: Cosa (empty, 1 step from Roma).
    r = turn(base(), "Tribune", "red=card")
    assert r.snapshot.contrarius.cards[-1].name == "Mercator"


def test_tribune_colonist_is_bought_into_the_capital():
    # Base rules (Tribune): "you may also buy one colonist for one food and one tool, placed
    # in Roma". The player has a house in Verona: a Colonist may place there (a city with
    # one's house), the Tribune's bought colonist may not.
    d = base(houses={"Verona": ["player"]})
    with pytest.raises(RuleError, match="placed in Roma, not Verona"):
        turn(d, "Tribune", "red=land", places=[("land", "Verona")])
    r = turn(d, "Tribune", "red=land", places=[("land", "Roma")])
    assert cols(r.snapshot, "player").count(("land", "Roma")) == 2
    r = turn(d, "Colonist", "red=land", action="place", places=[("land", "Verona")])
    assert ("land", "Verona") in cols(r.snapshot, "player")


def test_no_land_colonist_left_places_a_sea_one_and_vice_versa():
    three_land = [col("contrarius", "land", "Roma")] * 3 + [col("contrarius", "sea", "Roma")]
    s = turn(base(colonists=three_land), "Colonist", "land", action="place").snapshot
    assert cols(s).count(("sea", "Roma")) == 2 and cols(s).count(("land", "Roma")) == 3
    three_sea = [col("contrarius", "sea", "Roma")] * 3 + [col("contrarius", "land", "Roma")]
    s = turn(base(colonists=three_sea), "Colonist", "sea", action="place").snapshot
    assert cols(s).count(("land", "Roma")) == 2 and cols(s).count(("sea", "Roma")) == 3


def test_all_six_colonists_placed_takes_the_card_in_position_one():
    six = [col("contrarius", "land", "Roma")] * 3 + [col("contrarius", "sea", "Roma")] * 3
    s = turn(base(colonists=six), "Colonist", "land", action="place").snapshot
    assert len(cols(s)) == 6
    assert s.contrarius.cards[-1].name == "Mercator" and s.display[0] == "Mason"


def test_all_six_placed_and_no_card_at_all_builds_with_the_white_die():
    # the chain of the supplementary rules: colonist -> card in position 1 -> no card ->
    # house with the white die. Wine with 6 steps: Ancona, Genva, Messana, Ravenna all in
    # reach, empty, new -> Ancona; the shortest move is still Roma-Spoletvm-Ancona (2 steps),
    # the same for the three land colonists in Roma, so one option.
    six = [col("contrarius", "land", "Roma")] * 3 + [col("contrarius", "sea", "Roma")] * 3
    d = base(colonists=six, display=[None] * 7, stack={"remaining": 0, "order": []})
    r = turn(d, "Colonist", "red=land", "white=wine", action="place")
    assert houses(r.snapshot) == ["Ancona"]
    assert cols(r.snapshot)[0] == ("land", "Ancona-Spoletvm")
    assert len(r.rulings[0].moves) == 1


# ===== 7. Dice ===================================================================================
def test_die_read_from_the_table_is_validated():
    with pytest.raises(UnknownNameError, match="1-5"):
        turn(base(), "Architect", "6")
    with pytest.raises(UnknownNameError, match="land, sea or card"):
        turn(base(), "Colonist", "purple", action="place")
    with pytest.raises(UnknownNameError, match="did you mean wine"):
        turn(base(), "Mercator", "wnie")
    # the named die must be the one this reaction rolls next
    with pytest.raises(RuleError, match="blue architect die"):
        turn(base(), "Architect", "red=land")
    # a die given but never rolled
    with pytest.raises(UnusedInputError, match="left over"):
        turn(base(), "Mason", "wine")


def test_rolled_die_comes_from_seed_and_counter():
    # A die whose six faces are all wine: the roll must be wine, so the house is Ancona.
    d = base(dice_faces={"mercator": ["wine"] * 6}, rolls=4)
    r = turn(d, "Mercator")
    assert houses(r.snapshot) == ["Ancona"]
    assert r.snapshot.rolls == 5
    assert [(x.die, x.face, x.source) for x in r.rolls] == [("mercator", "wine", "rolled")]
    assert r.snapshot.log[-1]["dice"] == [{"die": "mercator", "face": "wine", "source": "rolled"}]


def test_same_snapshot_same_roll_and_the_counter_moves_on():
    # the documented rule (contrarius/dice.py): random.Random(f"{seed}/{rolls}").choice(faces)
    faces = ["1", "2", "3", "4", "5", "1"]
    d = base(seed=77, rolls=0, dice_faces={"architect": faces})
    d["players"][0]["hand"] = ["Architect", "Architect"]
    a, b = turn(d, "Architect"), turn(d, "Architect")
    expected = int(random.Random("77/0").choice(faces))
    assert a.rolls[0].face == b.rolls[0].face == expected
    assert a.snapshot.to_dict() == b.snapshot.to_dict()
    # the next turn rolls with counter 1
    c = play(a.snapshot, PlayerAction("Architect"))
    assert c.rolls[0].face == int(random.Random("77/1").choice(faces))
    assert c.snapshot.rolls == 2


def test_table_dice_do_not_move_the_counter_and_s_needs_no_roll():
    s = turn(base(rolls=3), "Mercator", "wine").snapshot
    assert s.rolls == 3
    # the Tribune's build (S) needs no die: only the red die is rolled
    r = turn(base(rolls=3, dice_faces={"tribune": ["sea"] * 6}), "Tribune")
    assert r.snapshot.rolls == 4 and [x.die for x in r.rolls] == ["tribune"]


def test_no_seed_and_no_die_is_a_clear_error():
    with pytest.raises(ContrariusError, match="no seed"):
        turn(base(seed=None), "Mercator")


# ===== 8. Expert ==================================================================================
def _expert(vp: int, track: list[int], **over) -> dict:
    return base(level="expert", contrarius={"vp": vp, "cards": ["Smith"], "track": track}, **over)


def test_expert_track_house_reached_is_built_with_the_black_die():
    # VP 8 + 3 (Mason) = 11 passes the house on 10: built with the black die (wine -> Ancona).
    r = turn(_expert(8, [10, 20, 30, 40, 50]), "Mason", "black=wine")
    s = r.snapshot
    assert s.contrarius.vp == 11 and s.contrarius.track == [20, 30, 40, 50]
    assert houses(s) == ["Ancona"]
    assert s.houses_in_supply("contrarius") == 15 - 1 - 4  # the supply did not pay for it
    assert [x.die for x in r.rolls] == ["mercator"]


def test_expert_landing_exactly_on_the_house_counts():
    s = turn(_expert(7, [10, 20]), "Mason", "wine").snapshot
    assert s.contrarius.vp == 10 and s.contrarius.track == [20] and houses(s) == ["Ancona"]


def test_expert_not_reached_builds_nothing():
    r = turn(_expert(6, [10, 20]), "Mason")
    assert r.snapshot.contrarius.track == [10, 20] and houses(r.snapshot) == [] and r.rolls == []


def test_expert_jumping_over_two_houses_builds_both():
    # custom track 9, 10, 20; VP 7 + 3 = 10 passes 9 and reaches 10: two black dice.
    # 1st wine -> Ancona (land to Ancona-Spoletvm). 2nd cloth: Aqvileia, Mvtina, Spoletvm.
    # From Ancona-Spoletvm: Spoletvm 0 steps (Vmbria, not new any more), Aqvileia 2 (Ancona-
    # Ravenna, Aqvileia-Ravenna), Mvtina 2 (Spoletvm-Florentia, Florentia-Mvtina): all empty;
    # new provinces Aqvileia and Mvtina -> Aqvileia; the land colonist ends on Aqvileia-Ravenna.
    r = turn(_expert(7, [9, 10, 20]), "Mason", "wine", "cloth")
    s = r.snapshot
    assert houses(s) == ["Ancona", "Aqvileia"] and s.contrarius.track == [20]
    assert cols(s) == [("land", "Aqvileia-Ravenna"), ("sea", "Roma")]
    assert [x.die for x in r.rolls] == ["mercator", "mercator"]


def test_expert_empty_supply_takes_the_house_from_the_far_end():
    # 10 houses on the board + 5 on the track = 15: the supply is empty. A Senator (white
    # wine) builds: the house comes from the far end of the track (50).
    # Houses are far from the wine cities; Ligvria is Contrarius's (Nicaea) so Genva is not
    # new; Ancona (Vmbria) and Messana (Sicilia) are new -> Ancona.
    ten = ["Bavzanvm", "Verona", "Comvm", "Segvsio", "Nicaea", "Mvtina", "Lvceria", "Brvndisivm", "Potentia", "Croton"]
    d = _expert(0, [10, 20, 30, 40, 50], houses={c: ["contrarius"] for c in ten})
    s = turn(d, "Senator", "wine").snapshot
    assert s.contrarius.track == [10, 20, 30, 40]
    assert houses(s) == sorted(ten + ["Ancona"])
    assert s.houses_in_supply("contrarius") == 0


def test_expert_track_house_that_cannot_be_built_goes_to_the_supply():
    # blocked table (no city in reach): the track house 10 is taken, Contrarius places a
    # colonist instead (red die) and the house joins its supply.
    d = _blocked(level="expert", contrarius={"vp": 8, "cards": ["Smith"], "track": [10, 20]})
    s = turn(d, "Mason", "black=cloth", "red=land").snapshot
    assert s.contrarius.track == [20]
    assert s.houses_in_supply("contrarius") == 15 - 3 - 1
    assert cols(s) == [("land", "Panormvs-Syracvsae"), ("land", "Roma")]


# ===== 9. Solo End of Game ========================================================================
FOURTEEN = ["Bavzanvm", "Aqvileia", "Verona", "Comvm", "Segvsio", "Nicaea", "Mvtina", "Ravenna", "Florentia",
            "Cosa", "Aleria", "Olbia", "Lvceria", "Brvndisivm"]


def _fourteen() -> dict:
    # Contrarius has 14 houses; its provinces: Venetia, Transpadana, Ligvria, Aemilia,
    # Etrvria, Corsica, Apvlia. White wine: Genva (Ligvria: not new), Ravenna (own house),
    # Ancona (Vmbria, new), Messana (Sicilia, new) -> Ancona, its 15th house.
    return base(houses={c: ["contrarius"] for c in FOURTEEN})


def test_contrarius_fifteenth_house_ends_the_game_and_the_player_plays_one_final_card():
    r = turn(_fourteen(), "Senator", "wine")
    s = r.snapshot
    assert len(houses(s)) == 15 and "Ancona" in houses(s)
    assert s.concordia == "contrarius" and s.ended.by == "contrarius" and s.ended.final_turn_pending
    assert r.ended and not r.game_over
    # the final card: its action, no reaction (no die, no VP, no house)
    f = play(s, PlayerAction("Prefect", action="produce", province="Apvlia"))
    assert f.reacted_to is None and f.events == [] and f.rolls == []
    assert f.snapshot.contrarius.vp == 0 and f.snapshot.bonus_markers["Apvlia"] == "coins"
    assert f.game_over and not f.snapshot.ended.final_turn_pending
    assert f.snapshot.concordia == "contrarius"
    assert f.snapshot.log[-1]["reaction"] == []
    # no die may be given for the final card
    with pytest.raises(UnusedInputError, match="left over"):
        play(s, PlayerAction("Mercator", dice=[(None, "wine")]))
    with pytest.raises(GameOverError):
        play(f.snapshot, PlayerAction("Mercator", dice=[(None, "wine")]))


def test_contrarius_taking_the_last_card_ends_the_game():
    d = base(display=["Weaver", None, None, None, None, None, None], stack={"remaining": 0, "order": []})
    r = turn(d, "Architect")  # one card left: every face takes it, no blue die (test_architect_blue_die.py)
    s = r.snapshot
    assert s.contrarius.cards[-1].name == "Weaver" and s.display == [None] * 7
    assert s.concordia == "contrarius" and s.ended.final_turn_pending and not r.game_over


def test_player_fifteenth_house_ends_the_game_after_this_reaction():
    # the player has 14 houses and a land colonist on Roma-Spoletvm: building Spoletvm is
    # the 15th; Contrarius still reacts (blue 1: Mercator), then the game is over.
    d = base(houses={c: ["player"] for c in FOURTEEN},
             colonists=[col("contrarius", "land", "Roma"), col("contrarius", "sea", "Roma"),
                        col("player", "land", "Roma-Spoletvm"), col("player", "sea", "Roma")])
    r = turn(d, "Architect", "1", builds=["Spoletvm"])
    s = r.snapshot
    assert len(houses(s, "player")) == 15
    assert s.concordia == "player" and s.ended.by == "player" and not s.ended.final_turn_pending
    assert s.contrarius.cards[-1].name == "Mercator"  # the reaction still happened
    assert r.game_over
    with pytest.raises(GameOverError):
        play(s, PlayerAction("Prefect", action="reactivate"))


def test_player_buying_the_last_card_ends_the_game_after_this_reaction():
    d = base(display=["Weaver", None, None, None, None, None, None], stack={"remaining": 0, "order": []})
    r = turn(d, "Senator", "wine", buys=["Weaver"])
    s = r.snapshot
    assert "Weaver" in [c.name for c in s.player().hand] and s.display == [None] * 7
    assert s.concordia == "player" and r.game_over
    assert houses(s) == ["Ancona"]  # the white-die reaction still happened
    # Contrarius's reaction cannot take the Concordia card back
    assert s.ended.by == "player"


def test_game_over_refuses_every_card():
    d = base(ended={"by": "player", "final_turn_pending": False}, concordia="player")
    for card in ("Mason", "Diplomat"):
        with pytest.raises(GameOverError, match="over"):
            turn(d, card, copy="Smith" if card == "Diplomat" else None)


# ===== 10. The player's own changes ===============================================================
def _blocking(**over) -> dict:
    # Contrarius's land colonist stands on Roma-Spoletvm
    return base(colonists=[col("contrarius", "land", "Roma-Spoletvm"), col("contrarius", "sea", "Roma"),
                           col("player", "land", "Roma"), col("player", "sea", "Roma")], **over)


def test_player_move_may_pass_an_occupied_line_and_builds_next_to_it():
    # 2 colonists = 2 steps: Roma -> Roma-Spoletvm (occupied, passed) -> Ancona-Spoletvm.
    s = turn(_blocking(), "Architect", "1", moves=[("land", "Roma", "Ancona-Spoletvm")], builds=["Ancona"]).snapshot
    assert cols(s, "player") == [("land", "Ancona-Spoletvm"), ("sea", "Roma")]
    assert houses(s, "player") == ["Ancona"]


def test_player_move_cannot_end_on_an_occupied_line():
    with pytest.raises(RuleError, match="occupied"):
        turn(_blocking(), "Architect", "1", moves=[("land", "Roma", "Roma-Spoletvm")])


def test_player_move_steps_are_limited_by_colonists_on_the_board():
    # Roma -> Roma-Spoletvm -> Florentia-Spoletvm -> Florentia-Ravenna is 3 steps > 2
    with pytest.raises(RuleError, match="3 steps.*2 steps"):
        turn(base(), "Architect", "1", moves=[("land", "Roma", "Florentia-Ravenna")])
    # 2 + 1 = 3 steps over two colonists is too many as well
    with pytest.raises(RuleError, match="3 steps"):
        turn(base(), "Architect", "1", moves=[("land", "Roma", "Ancona-Spoletvm"), ("sea", "Roma", "Cosa-Roma")])
    # 1 + 1 is fine
    s = turn(base(), "Architect", "1", moves=[("land", "Roma", "Casinvm-Roma"), ("sea", "Roma", "Neapolis-Roma")],
             builds=["Casinvm", "Neapolis"]).snapshot
    assert cols(s, "player") == [("land", "Casinvm-Roma"), ("sea", "Neapolis-Roma")]
    assert houses(s, "player") == ["Casinvm", "Neapolis"]


def test_player_move_uses_lines_of_its_kind():
    with pytest.raises(ContrariusError, match="no land line Olbia-Roma"):
        turn(base(), "Architect", "1", moves=[("land", "Roma", "Olbia-Roma")])
    with pytest.raises(RuleError, match="no sea colonist on Cosa-Roma"):
        turn(base(), "Architect", "1", moves=[("sea", "Cosa-Roma", "Aleria-Cosa")])


def test_player_build_rules():
    with pytest.raises(RuleError, match="next to Ancona"):
        turn(base(), "Architect", "1", builds=["Ancona"])  # colonists in Roma, not on a line
    d = base(houses={"Spoletvm": ["player"]},
             colonists=[col("contrarius", "land", "Roma"), col("contrarius", "sea", "Roma"),
                        col("player", "land", "Roma-Spoletvm"), col("player", "sea", "Roma")])
    with pytest.raises(RuleError, match="already have a house"):
        turn(d, "Architect", "1", builds=["Spoletvm"])
    with pytest.raises(ContrariusError, match="capital"):
        turn(d, "Architect", "1", builds=["Roma"])


def test_player_places_colonists_in_roma_or_own_city():
    s = turn(base(houses={"Ancona": ["player"]}), "Colonist", "land", places=[("sea", "Roma"), ("land", "Ancona")]).snapshot
    assert cols(s, "player") == [("land", "Roma"), ("sea", "Roma"), ("sea", "Roma"), ("land", "Ancona")]
    with pytest.raises(RuleError, match="not Ancona"):
        turn(base(), "Colonist", "land", places=[("land", "Ancona")])
    three = base(colonists=[col("contrarius", "land", "Roma"), col("contrarius", "sea", "Roma")] + [col("player", "land", "Roma")] * 3)
    with pytest.raises(RuleError, match="no land colonist left"):
        turn(three, "Colonist", "land", places=[("land", "Roma")])


def test_tribune_may_place_one_colonist_in_roma():
    # base rules: the Tribune may also buy one colonist, placed in Roma
    s = turn(base(), "Tribune", "land", places=[("sea", "Roma")]).snapshot
    assert cols(s, "player") == [("land", "Roma"), ("sea", "Roma"), ("sea", "Roma")]


def test_player_buys_slide_the_display_and_refill():
    # buy position 2 (Mason) and by name Farmer (position 5 of the display as it lies): both
    # leave, the rest slide left and the stack's top two (Consul, Architect) refill it.
    r = turn(base(), "Senator", "wine", buys=["2", "farmer"])
    s = r.snapshot
    assert s.display == ["Mercator", "Prefect", "Colonist", "Architect", "Diplomat", "Consul", "Architect"]
    assert s.stack_remaining == 5 and s.stack_order == ["Colonist", "Vintner", "Prefect", "Mercator", "Weaver"]
    assert names(s.player().hand) == sorted([c for c in ALL_CARDS if c != "Senator"] + ["Mason", "Farmer"])
    # the refills belong to the player's buys, not to Contrarius's reaction
    # base rules (003): "Afterwards cards slide left into empty positions and the display
    # refills": one slide after both buys, so one refill event; 5 cards left, Consul is
    # drawn into position 6 and Architect into 7 (the display above)
    assert [e.kind for e in r.player_events] == ["buy", "buy", "refill"]
    assert [e.data.get("position") for e in r.player_events[:2]] == [2, 5]
    assert r.player_events[2].text == ("the display slides left once and Consul is drawn into position 6; "
                                       "Architect is drawn into position 7")
    assert r.player_events[2].data["cards"] == ["Consul", "Architect"]
    assert [e.kind for e in r.events] == ["die", "build", "move"]
    with pytest.raises(RuleError, match="Weaver is not in the display"):
        turn(base(), "Senator", "wine", buys=["Weaver"])
    with pytest.raises(RuleError, match="position 9"):
        turn(base(), "Senator", "wine", buys=["9"])


def test_a_card_not_in_hand_is_refused_and_the_tribune_takes_cards_back():
    d = base()
    d["players"][0]["hand"] = ["Tribune", "Mason"]
    d["players"][0]["played"] = ["Architect", "Prefect"]
    with pytest.raises(RuleError, match="Architect is not in the hand"):
        turn(d, "Architect", "1")
    s = turn(d, "Mason").snapshot
    assert names(s.player().hand) == ["Tribune"] and names(s.player().played) == ["Architect", "Mason", "Prefect"]
    s = turn(s, "Tribune", "land").snapshot
    assert names(s.player().hand) == ["Architect", "Mason", "Prefect", "Tribune"] and s.player().played == []


# ===== 11. The log =================================================================================
def test_each_turn_appends_one_log_entry():
    r1 = turn(base(), "Mercator", "wine")
    r2 = play(r1.snapshot, PlayerAction("Prefect", province="Apvlia"))
    log = r2.snapshot.log
    assert [e["turn"] for e in log] == [1, 2]
    assert log[0]["card"] == "Mercator" and log[0]["dice"] == [{"die": "mercator", "face": "wine", "source": "table"}]
    assert log[0]["vp"] == [0, 0] and any("Ancona" in t for t in log[0]["reaction"])
    assert log[1]["action"] == {"choice": "produce", "province": "Apvlia"} and log[1]["vp"] == [0, 1]
    assert r1.snapshot.log == log[:1]  # the first snapshot is not changed by the second turn


# ===== player changes that do not fit the card (base rules' personality actions) ==================
@pytest.mark.parametrize("card,kw,err", [
    # only the Architect moves colonists and builds houses
    ("Mercator", {"builds": ["Cosa"]}, ContrariusError),
    ("Senator", {"moves": [("land", "Roma", "Cosa-Roma")]}, ContrariusError),
    # only the Senator (up to 2) and the Consul (1) buy cards
    ("Mercator", {"buys": ["1"]}, ContrariusError),
    ("Consul", {"buys": ["1", "2"]}, RuleError),
    ("Senator", {"buys": ["1", "2", "3"]}, RuleError),
    # colonists are placed by the Colonist, or one bought with the Tribune
    ("Mercator", {"places": [("land", "Roma")]}, ContrariusError),
    ("Tribune", {"places": [("land", "Roma"), ("sea", "Roma")]}, RuleError),
])
def test_player_changes_must_fit_the_card(card, kw, err):
    with pytest.raises(err):
        turn(base(), card, "wine", **kw)


def test_diplomat_copying_the_architect_may_build():
    # The Diplomat acts as the copied card: copying Contrarius's Architect, the player moves
    # land Roma -> Cosa-Roma (1 step of 2) and builds in Cosa; Contrarius reacts as to an
    # Architect (blue die 1: Mercator from position 1, as in examples/italia-setup.yaml).
    r = turn(base(), "Diplomat", "blue=1", copy="Architect", moves=[("land", "Roma", "Cosa-Roma")], builds=["Cosa"])
    assert houses(r.snapshot, "player") == ["Cosa"]
    assert ("Architect", False) in cards(r.snapshot)


def test_choose_without_a_tie_is_refused():
    # Mercator, black die cloth: Spoletvm (the only cloth city in reach) is reached only by
    # the land colonist over Roma-Spoletvm: no tie, so --choose 2 has nothing to choose.
    with pytest.raises(UnusedInputError, match="--choose"):
        turn(base(), "Mercator", "cloth", choices=[2])


def test_diplomat_as_the_final_card_still_turns_the_copy_face_down():
    # "Flip the card face down afterwards" is part of your action: on your final card (after
    # Contrarius ended the game) there is no reaction, but the copied card still turns down.
    d = base(ended={"by": "contrarius", "final_turn_pending": True}, concordia="contrarius")
    r = turn(d, "Diplomat", copy="Mercator")
    assert r.reacted_to is None and r.game_over
    assert ("Mercator", False) in cards(r.snapshot)
    assert r.snapshot.contrarius.vp == 0 and houses(r.snapshot) == []


def _table_display(**over) -> dict:
    # a table game: the stack order is not known, so refills are named with --refill
    d = base(**over)
    d["stack"] = {"remaining": 7}
    return d


def test_refill_must_be_a_display_stack_card_and_be_used():
    # Architect, blue 1: Contrarius takes the Mercator and one card is drawn into position 7.
    ok = turn(_table_display(), "Architect", "blue=1", refill=["Weaver"]).snapshot
    assert ok.display[-1] == "Weaver" and ok.stack_remaining == 6
    # the Tribune is a hand card, never in the display stacks
    with pytest.raises(ContrariusError, match="Tribune"):
        turn(_table_display(), "Architect", "blue=1", refill=["Tribune"])
    # two names for one card drawn
    with pytest.raises(ContrariusError, match="not used"):
        turn(_table_display(), "Architect", "blue=1", refill=["Weaver", "Smith"])


def test_a_turn_that_would_leave_an_invalid_snapshot_is_refused():
    # stacks I and II hold one Weaver: with a Weaver already in the display, a second one
    # drawn by --refill would make the snapshot invalid (duplicate card), so play refuses.
    d = _table_display()
    d["display"] = ["Mercator", "Mason", "Prefect", "Colonist", "Farmer", "Architect", "Weaver"]
    # the check is the dispatcher's (contrarius.rules.game.play), for every mode
    from contrarius.rules.game import play as play_any_mode

    with pytest.raises(ContrariusError, match="invalid snapshot"):
        play_any_mode(snap(d), PlayerAction("Architect", dice=[("architect", "1")], refill=["Weaver"]))
    # preview's trials that name a card are checked alike: refused as play refuses
    from contrarius.rules.preview import branches

    with pytest.raises(ContrariusError, match="invalid snapshot"):
        branches(snap(d), PlayerAction("Architect", dice=[("architect", "1")], refill=["Weaver"]))


def test_diplomat_copying_the_tribune_takes_the_played_cards_back():
    # "Diplomat: Copy the action of one face-up card of Contrarius' card display": copying a
    # Tribune, you take your played cards back (base rules' Tribune), the Diplomat included.
    d = base(contrarius={"vp": 0, "cards": ["Tribune", "Smith"], "track": []})
    d["players"][0]["hand"] = ["Diplomat", "Senator"]
    d["players"][0]["played"] = ["Mercator", "Architect"]
    r = turn(d, "Diplomat", "red=card", copy="Tribune")
    p = r.snapshot.player()
    assert names(p.hand) == ["Architect", "Diplomat", "Mercator", "Senator"] and p.played == []
    # Contrarius reacts as to the Tribune: a house for its best specialist (Smith: tool -> Cosa,
    # as in the Tribune tests), then the red die: card -> position 1 (Mercator); Tribune face down
    assert houses(r.snapshot) == ["Cosa"]
    assert cards(r.snapshot) == [("Tribune", False), ("Smith", True), ("Mercator", True)]


def test_colonist_without_a_choice_places_colonists():
    # "Colonist ... a) place colonists: Roll the red Tribune/Colonist die": placing is the
    # card's own action, so no choice given means placing; red land -> a land colonist in Roma.
    r = turn(base(), "Colonist", "red=land")
    assert r.snapshot.contrarius.vp == 0
    assert cols(r.snapshot) == [("land", "Roma"), ("sea", "Roma"), ("land", "Roma")]
    with pytest.raises(ContrariusError, match="took money"):
        turn(base(), "Colonist", action="money", places=[("land", "Roma")])
