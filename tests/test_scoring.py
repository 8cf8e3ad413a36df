"""Final scoring ("Final scoring", base rules' god scoring) on real boards, scores by hand.

Every expected number is worked out by hand from the tokens below; the arithmetic is in
the comment next to it.
"""

from __future__ import annotations

import json

import pytest

from contrarius.material.board import LAND, SEA
from contrarius.material.cards import Card
from contrarius.errors import EXIT_INPUT, EXIT_USAGE, ContrariusError
from contrarius.rules.scoring import (CONCORDIA_VP, ENDED, FINAL_TURN, RUNNING, TEAM, PlayerInput, jupiter, mars,
                                mercurius, minerva, saturnus, score, side_score, venus, vesta)
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.snapshot import CONTRARIUS, Colonist, Ended, Player, Snapshot
from contrarius.model.reader import read_snapshot
from contrarius.store.snapshot_text import dump_snapshot

# The tokens of examples/italia-setup.yaml, by province.
ITALIA_TOKENS = {
    "Bavzanvm": "brick", "Aqvileia": "cloth", "Verona": "brick",          # Venetia
    "Comvm": "food", "Segvsio": "tool",                                    # Transpadana
    "Genva": "wine", "Nicaea": "food",                                     # Ligvria
    "Mvtina": "cloth", "Ravenna": "wine",                                  # Aemilia
    "Florentia": "tool", "Cosa": "tool",                                   # Etrvria
    "Aleria": "brick", "Olbia": "food",                                    # Corsica
    "Ancona": "wine", "Spoletvm": "cloth", "Hadria": "food",               # Vmbria
    "Casinvm": "food", "Neapolis": "brick",                                # Campania
    "Lvceria": "brick", "Brvndisivm": "brick",                             # Apvlia
    "Potentia": "food", "Croton": "brick",                                 # Lvcania
    "Messana": "wine", "Panormvs": "tool", "Syracvsae": "tool",            # Sicilia
}

# Imperium tokens laid by hand (A: 2 brick 2 food 1 tool 1 wine 1 cloth; B: 2/2/2/1/1;
# C: 3/2/2/2/1; D: one of each).
IMPERIUM_TOKENS = {
    "Isca D.": "brick", "Londinivm": "food", "Colonia A.": "cloth", "Vindobona": "tool",
    "Sirmivm": "brick", "Napoca": "food", "Tomis": "wine",
    "Lvtetia": "cloth", "Bvrdigala": "wine", "Massilia": "tool", "Brigantivm": "brick",
    "Olisipo": "food", "Valentia": "tool", "Rvsadir": "brick", "Carthago": "food",
    "Leptis Magna": "brick", "Cyrene": "food", "Bycantivm": "cloth", "Sinope": "brick", "Attalia": "wine",
    "Antiochia": "tool", "Tyros": "wine", "Alexandria": "food", "Memphis": "tool", "Petra": "brick",
    "Novaria": "brick", "Aqvileia": "wine", "Syracvsae": "food", "Dyrrhachivm": "tool", "Athenae": "cloth",
}

# Hispania (Salsa) tokens laid by hand, one salt city per letter.
HISPANIA_TOKENS = {
    "Salamantica": "salt", "Pompaelo": "brick", "Tolosa": "food", "Massilia": "cloth",
    "Narbo Martivs": "wine", "Toletvm": "tool", "Tarraco": "brick", "Nova Carthago": "food",
    "Carthago": "salt", "Thamvgadi": "brick", "Caesarea": "food", "Cordvba": "tool", "Tingis": "brick",
    "Brigantivm": "food", "Bracara": "tool", "Olisipo": "wine", "Ossonoba": "cloth",
    "Genva": "salt", "Caesena": "brick", "Ostia": "food", "Aleria": "tool", "Carales": "wine", "Panormvs": "cloth",
}


def fresh(board: str, tokens: dict[str, str], salsa: bool = False) -> Snapshot:
    snap, _ = new_game(SetupOptions(board=board, tokens=tokens, seed=7, salsa=salsa))
    return snap


def line(s: Snapshot, kind: str, a: str, b: str):
    return s.board.find_line(kind, a, b)


def italia() -> Snapshot:
    """A finished-looking Italia game (state set directly).

    Contrarius: houses Aqvileia (cloth, Venetia), Verona (brick, Venetia), Genva (wine,
    Ligvria), Cosa (tool, Etrvria), Florentia (tool, Etrvria), Spoletvm (cloth, Vmbria),
    Hadria (food, Vmbria), Lvceria (brick, Apvlia), Brvndisivm (brick, Apvlia); colonists:
    land in Roma, sea on Cosa-Roma, land on Casinvm-Roma; cards: Prefect (face down),
    Architect, Mercator, Colonist, Senator, Smith, Weaver, Diplomat (Saturnus),
    Architect (face down); VP track 31.

    Player: houses Aqvileia (cloth, Venetia), Mvtina (cloth, Aemilia), Ravenna (wine,
    Aemilia), Aleria (brick, Corsica), Olbia (food, Corsica), Messana (wine, Sicilia);
    colonists land and sea in Roma, land on Ancona-Ravenna; the 7 starting cards plus
    Vintner, Consul, Colonist, Mercator; VP track 57. The snapshot's running tally of what
    the player received: goods 2 brick, 1 food, 1 wine, 2 cloth, 13 sestertii; Vesta counts
    only what the player counted at the table (:func:`counted`: here the same).
    """
    s = fresh("italia", ITALIA_TOKENS)
    s.houses = {}
    for c in ("Aqvileia", "Verona", "Genva", "Cosa", "Florentia", "Spoletvm", "Hadria", "Lvceria", "Brvndisivm"):
        s.houses.setdefault(c, []).append(CONTRARIUS)
    for c in ("Aqvileia", "Mvtina", "Ravenna", "Aleria", "Olbia", "Messana"):
        s.houses.setdefault(c, []).append("player")
    s.colonists = [
        Colonist(CONTRARIUS, LAND, "Roma"),
        Colonist(CONTRARIUS, SEA, None, line(s, SEA, "Cosa", "Roma")),
        Colonist(CONTRARIUS, LAND, None, line(s, LAND, "Casinvm", "Roma")),
        Colonist("player", LAND, "Roma"),
        Colonist("player", SEA, "Roma"),
        Colonist("player", LAND, None, line(s, LAND, "Ancona", "Ravenna")),
    ]
    s.contrarius.cards = [
        Card.of("Prefect", face_up=False), Card.of("Architect"), Card.of("Mercator"), Card.of("Colonist"),
        Card.of("Senator"), Card.of("Smith"), Card.of("Weaver"), Card.of("Diplomat"),
        Card.of("Architect", face_up=False),
    ]
    s.contrarius.vp = 31
    p = s.player()
    p.vp = 57
    p.played = [Card.of("Vintner"), Card.of("Consul"), Card.of("Colonist"), Card.of("Mercator")]
    p.goods = dict(ITALIA_GOODS)
    p.sestertii = ITALIA_SESTERTII
    s.concordia = CONTRARIUS
    s.ended = Ended(CONTRARIUS)
    # a valid snapshot, as a file would hold it
    return read_snapshot(s.to_dict(), "<test>")


# What the player of italia() counted at the table at the end of the game (Vesta): the
# same goods and sestertii as the snapshot's running tally, so the numbers by hand hold.
ITALIA_GOODS = {"brick": 2, "food": 1, "tool": 0, "wine": 1, "cloth": 2}
ITALIA_SESTERTII = 13


def counted(goods: dict[str, int] | None = None, sestertii: int = ITALIA_SESTERTII, **more) -> PlayerInput:
    """What the player counted at the table: goods and sestertii (Vesta; italia()'s by
    default), with ``more`` of :class:`PlayerInput` (cards, points, total)."""
    return PlayerInput(goods=dict(ITALIA_GOODS if goods is None else goods), sestertii=sestertii, **more)


def at_table(**more) -> dict[str, PlayerInput]:
    """:func:`counted` for the solo player, as :func:`score` takes it."""
    return {"player": counted(**more)}


def counted_args(goods: dict[str, int] | None = None, sestertii: int = ITALIA_SESTERTII) -> list[str]:
    """:func:`counted` on the command line: ``--goods ... --sestertii N``."""
    goods = ITALIA_GOODS if goods is None else goods
    return ["--goods", ",".join(f"{g}={n}" for g, n in goods.items()), "--sestertii", str(sestertii)]


# ----- each god, Contrarius on Italia -------------------------------------------------------
def test_jupiter_counts_houses_in_non_brick_cities():
    value, cities = jupiter(italia(), CONTRARIUS)
    # Aqvileia, Genva, Cosa, Florentia, Spoletvm, Hadria; not Verona, Lvceria, Brvndisivm (brick)
    assert value == 6
    assert set(cities) == {"Aqvileia", "Genva", "Cosa", "Florentia", "Spoletvm", "Hadria"}


def test_saturnus_counts_provinces_with_a_house():
    value, provinces = saturnus(italia(), CONTRARIUS)
    # Venetia, Ligvria, Etrvria, Vmbria, Apvlia
    assert value == 5
    assert set(provinces) == {"Venetia", "Ligvria", "Etrvria", "Vmbria", "Apvlia"}


def test_mercurius_counts_goods_types_two_each():
    # brick, food, tool, wine, cloth: 5 types x 2
    assert mercurius(italia(), CONTRARIUS)[0] == 10
    # the player: cloth, wine, brick, food: 4 types x 2
    assert mercurius(italia(), "player")[0] == 8


def test_mars_counts_colonists_in_cities_and_on_lines_two_each():
    # land in Roma (the capital counts), sea on Cosa-Roma, land on Casinvm-Roma: 3 x 2
    assert mars(italia(), CONTRARIUS)[0] == 6


def test_vesta_is_money_and_goods_at_prices_per_full_ten():
    # 13 + 2 brick x 3 + 1 food x 4 + 1 wine x 6 + 2 cloth x 7 = 13 + 6 + 4 + 6 + 14 = 43 -> 4
    assert vesta({"brick": 2, "food": 1, "tool": 0, "wine": 1, "cloth": 2}, 13) == (4, 43)
    # 39 is not a full 40: 5 tool x 5 + 2 cloth x 7 = 25 + 14 = 39 -> 3
    assert vesta({"tool": 5, "cloth": 2}, 0) == (3, 39)


def test_contrarius_has_no_vesta():
    line_ = side_score(italia(), CONTRARIUS).god("Vesta")
    # the Senator bears Vesta, but Contrarius has no goods and no sestertii
    assert (line_.cards, line_.value, line_.points) == (1, 0, 0)


def test_minerva_one_card_per_specialist():
    s = italia()
    cards = [Card.of(n) for n in ("Mason", "Farmer", "Smith", "Vintner", "Weaver")]
    got = {m.card: m.points for m in minerva(s, CONTRARIUS, cards)}
    assert got == {
        "Mason": 9,     # brick: Verona, Lvceria, Brvndisivm = 3 x 3
        "Farmer": 3,    # food: Hadria = 1 x 3
        "Smith": 6,     # tool: Cosa, Florentia = 2 x 3
        "Vintner": 4,   # wine: Genva = 1 x 4
        "Weaver": 10,   # cloth: Aqvileia, Spoletvm = 2 x 5
    }


def test_minerva_on_a_side_scores_each_specialist_separately():
    s = italia()
    s.contrarius.cards = [Card.of(n) for n in ("Mason", "Farmer", "Smith", "Vintner", "Weaver")]
    g = side_score(s, CONTRARIUS).god("Minerva")
    # 9 + 3 + 6 + 4 + 10 = 32; five cards bear Minerva
    assert (g.cards, g.points) == (5, 32)
    assert g.value is None  # no single value: each card has its own
    assert g.value_text == "Mason 3x3 + Farmer 1x3 + Smith 2x3 + Vintner 1x4 + Weaver 2x5"


# ----- whole sides ---------------------------------------------------------------------------
def test_contrarius_side_by_hand():
    side = side_score(italia(), CONTRARIUS)
    pts = {g.god: g.points for g in side.gods}
    cards = {g.god: g.cards for g in side.gods}
    # Vesta: Senator; Jupiter: 2 Architects; Saturnus: Prefect, Diplomat; Mercurius: Mercator;
    # Mars: Colonist; Minerva: Smith, Weaver
    assert cards == {"Vesta": 1, "Jupiter": 2, "Saturnus": 2, "Mercurius": 1, "Mars": 1, "Minerva": 2, "Venus": 0}
    assert pts == {
        "Vesta": 0,        # 1 x 0
        "Jupiter": 12,     # 2 x 6
        "Saturnus": 10,    # 2 x 5
        "Mercurius": 10,   # 1 x 10
        "Mars": 6,         # 1 x 6
        "Minerva": 16,     # Smith 2 x 3 + Weaver 2 x 5 = 6 + 10
        "Venus": 0,        # solo: no Venus
    }
    # 31 track + 54 gods + 7 Concordia card
    assert side.total == 92


def test_face_down_cards_count():
    s = italia()
    down = side_score(s, CONTRARIUS)
    for c in s.contrarius.cards:
        assert c.name != "Prefect" or not c.face_up  # the fixture has the Prefect face down
    s.contrarius.cards = [Card(c.name, c.gods, True) for c in s.contrarius.cards]
    up = side_score(s, CONTRARIUS)
    assert down.total == up.total == 92
    # the face-down Architect is one of the two Jupiter cards: 2 x 6
    assert down.god("Jupiter").points == 12
    # dropping the face-down Prefect loses one Saturnus: 1 x 5 less
    s.contrarius.cards = [c for c in italia().contrarius.cards if c.face_up or c.name != "Prefect"]
    assert side_score(s, CONTRARIUS).total == 92 - 5


def test_player_side_by_hand():
    side = side_score(italia(), "player", counted())
    pts = {g.god: g.points for g in side.gods}
    assert pts == {
        "Vesta": 4,        # Senator: 1 x (43 // 10)
        "Jupiter": 15,     # Architect, Diplomat (Jupiter), Consul: 3 x 5 (Aqvileia, Mvtina, Ravenna, Olbia, Messana)
        "Saturnus": 8,     # Prefect, Prefect with P.M.: 2 x 4 (Venetia, Aemilia, Corsica, Sicilia)
        "Mercurius": 16,   # 2 Mercators: 2 x 8
        "Mars": 12,        # Tribune, Colonist: 2 x 6 (3 colonists)
        "Minerva": 8,      # Vintner: wine Ravenna, Messana = 2 x 4
        "Venus": 0,
    }
    # 57 track (starting VP included) + 63 gods, no Concordia card
    assert side.total == 120
    assert side.complete


def test_winner_and_margin():
    final = score(italia(), at_table())
    assert final.status == ENDED and final.ended
    # player 120, Contrarius 92
    assert final.winner == "player"
    assert final.margin == 120 - 92 == 28
    assert not final.tie and final.decided_by == "points"


def test_concordia_card_is_seven_to_its_owner():
    s = italia()
    assert side_score(s, CONTRARIUS).concordia == CONCORDIA_VP == 7
    assert side_score(s, "player", counted()).concordia == 0
    s.concordia = "player"
    assert side_score(s, CONTRARIUS).total == 92 - 7
    assert side_score(s, "player", counted()).total == 120 + 7


def test_tie_goes_to_the_concordia_card_owner():
    s = italia()
    # Contrarius 92 (Concordia card included); player 29 + 63 = 92
    s.player().vp = 29
    final = score(s, at_table())
    assert (final.tie, final.winner, final.decided_by, final.margin) == (True, CONTRARIUS, "Concordia card", 0)
    # the player holds the card: Contrarius 85; player 15 + 63 + 7 = 85
    s.concordia = "player"
    s.ended = Ended("player")
    s.player().vp = 15
    final = score(s, at_table())
    assert (final.tie, final.winner, final.decided_by) == (True, "player", "Concordia card")


def test_tie_without_a_concordia_card_names_nobody():
    s = italia()
    s.concordia = None
    s.ended = None
    # Contrarius 31 + 54 = 85; player 22 + 63 = 85
    s.player().vp = 22
    final = score(s, at_table())
    assert final.tie and final.winner is None
    assert final.status == RUNNING and not final.ended


def test_mid_game_is_a_standing():
    s = italia()
    s.ended = Ended(CONTRARIUS, final_turn_pending=True)
    final = score(s, at_table())
    assert final.status == FINAL_TURN and not final.ended
    assert "final card" in final.status_text
    s.ended = None
    s.concordia = None
    final = score(s, at_table())
    assert final.status == RUNNING and "not the final score" in final.status_text
    # totals without the Concordia card: 92 - 7 and 120
    assert (final.side(CONTRARIUS).total, final.side("player").total) == (85, 120)


# ----- what the snapshot does not know of the player -------------------------------------------
def test_unrecorded_goods_leave_vesta_unknown_until_given():
    s = italia()
    s.player().goods = None
    s.player().sestertii = None
    final = score(s)
    me = final.side("player")
    assert not me.complete and me.total is None and final.winner is None
    assert me.known_points == 120 - 4  # everything but Vesta
    # no tally in the snapshot: no hint either
    assert me.god("Vesta").detail == VESTA_ASK
    given = score(s, {"player": PlayerInput(goods={"cloth": 3}, sestertii=20)})
    # 20 + 3 x 7 = 41 -> 4: same as before
    assert given.side("player").total == 120


VESTA_ASK = "count your goods and sestertii at the table: give --goods and --sestertii"


def test_finished_game_without_goods_and_sestertii_names_no_winner():
    # the snapshot's goods and sestertii are only a running tally: never the end of the game
    final = score(italia())
    assert final.status == ENDED
    me = final.side("player")
    assert me.missing == ("goods and sestertii (Vesta)",)
    assert not me.complete and me.total is None and final.winner is None and final.margin is None
    assert me.known_points == 120 - 4  # everything but Vesta
    vesta_ = me.god("Vesta")
    assert (vesta_.cards, vesta_.value, vesta_.points) == (1, None, None)
    assert vesta_.detail.startswith(VESTA_ASK)
    # the tally as a hint: 13 sestertii, 2 brick, 1 food, 1 wine, 2 cloth (no 0 tool)
    assert vesta_.detail == (VESTA_ASK + "; the snapshot's running tally (without what you spent) is "
                             "13 sestertii + 2 brick, 1 food, 1 wine, 2 cloth")
    assert any("player: goods and sestertii (Vesta) not known" in n for n in final.notes)


def test_cli_finished_game_without_goods_and_sestertii_names_no_winner(runner, tmp_path):
    from contrarius.cli import app

    path = write(tmp_path, italia())
    res = runner.invoke(app, ["score", path, "--json"])
    assert res.exit_code == 0, res.stderr
    data = json.loads(res.stdout)
    me = data["sides"][1]
    assert (data["status"], data["winner"], data["margin"], me["total"], me["complete"]) == ("ended", None, None, None, False)
    assert me["missing"] == ["goods and sestertii (Vesta)"] and me["known_points"] == 116
    assert me["gods"][0]["god"] == "Vesta" and me["gods"][0]["points"] is None
    assert me["gods"][0]["detail"].startswith(VESTA_ASK)
    assert "running tally (without what you spent) is 13 sestertii + 2 brick, 1 food, 1 wine, 2 cloth" in me["gods"][0]["detail"]
    res = runner.invoke(app, ["score", path])
    assert res.exit_code == 0, res.stderr
    assert "Winner: not known" in res.stdout and "Winner: player" not in res.stdout
    assert ">= 116" in res.stdout
    assert "player: goods and sestertii (Vesta) not known" in res.stdout


def test_the_snapshot_tally_is_never_counted():
    s = italia()
    # the snapshot saw the player receive 100 sestertii and plenty of goods, most since spent
    s.player().sestertii = 100
    s.player().goods = {"brick": 5, "food": 5, "tool": 5, "wine": 5, "cloth": 5}
    # counted at the table: 9 sestertii + 1 tool x 5 + 1 wine x 6 + 3 cloth x 7 = 9 + 5 + 6 + 21 = 41 -> 4
    # (the tally would make 100 + 15 + 20 + 25 + 30 + 35 = 225 -> 22)
    me = score(s, at_table(goods={"tool": 1, "wine": 1, "cloth": 3}, sestertii=9)).side("player")
    assert me.god("Vesta").points == 4
    assert me.god("Vesta").detail == "9 sestertii + 1 tool, 1 wine, 3 cloth = 41, per full 10"
    assert me.total == 120
    # no goods at the table: 9 sestertii alone -> 0, the tally's goods are not added (they would make 9 + 125 = 134 -> 13)
    me = score(s, at_table(goods={}, sestertii=9)).side("player")
    assert (me.god("Vesta").points, me.total) == (0, 120 - 4)
    # one of the two given is not enough: the tally does not fill in the other
    for half in (PlayerInput(sestertii=9), PlayerInput(goods={"cloth": 3})):
        me = score(s, {"player": half}).side("player")
        assert me.missing == ("goods and sestertii (Vesta)",) and me.total is None
        assert "running tally (without what you spent) is 100 sestertii" in me.god("Vesta").detail


def test_cli_the_snapshot_tally_is_never_counted(runner, tmp_path):
    from contrarius.cli import app

    s = italia()
    s.player().sestertii = 100
    path = write(tmp_path, s)
    # 9 sestertii + 1 tool x 5 + 1 wine x 6 + 3 cloth x 7 = 41 -> 4 (100 + 30 would make 130 -> 13)
    res = runner.invoke(app, ["score", path, "--json", "--goods", "tool=1,wine=1,cloth=3", "--sestertii", "9"])
    assert res.exit_code == 0, res.stderr
    data = json.loads(res.stdout)
    assert (data["sides"][1]["gods"][0]["points"], data["sides"][1]["total"], data["winner"], data["margin"]) == (4, 120, "player", 28)
    res = runner.invoke(app, ["score", path, "--json", "--sestertii", "9"])
    data = json.loads(res.stdout)
    assert data["sides"][1]["total"] is None and data["winner"] is None


def test_unrecorded_cards_given_on_the_command_line():
    s = italia()
    s.player().hand = None
    s.player().played = None
    assert score(s, at_table()).side("player").missing == ("cards (hand and played)",)
    cards = (Card.of("Weaver"), Card("Diplomat", ("Jupiter",)), Card.of("Senator"))
    me = score(s, at_table(cards=cards)).side("player")
    # Weaver: cloth Aqvileia, Mvtina = 2 x 5 = 10; Jupiter: 1 x 5 = 5; Vesta: 1 x 4 = 4
    assert me.total == 57 + 10 + 5 + 4


def test_given_points_and_total_replace_the_computed_ones():
    s = italia()
    me = score(s, {"player": PlayerInput(points={"Vesta": 9})}).side("player")
    # Vesta 9 counted at the table instead of 4
    assert me.total == 120 - 4 + 9
    assert me.god("Vesta").given
    final = score(s, {"player": PlayerInput(total=80)})
    assert final.side("player").total == 80
    # 80 - 92: Contrarius wins
    assert (final.winner, final.margin) == (CONTRARIUS, -12)


def test_bad_input():
    s = italia()
    with pytest.raises(ContrariusError):
        score(s, {"player7": PlayerInput(total=3)})
    with pytest.raises(ContrariusError):
        PlayerInput(points={"Apollo": 3})
    with pytest.raises(ContrariusError):
        PlayerInput(sestertii=-1)


# ----- other boards ----------------------------------------------------------------------------
def imperium() -> Snapshot:
    """Imperium: Contrarius's houses Massilia (tool, Gallia), Lvtetia (cloth, Gallia),
    Novaria (brick, Italia), Aqvileia (wine, Italia), Carthago (food, Mavretania),
    Athenae (cloth, Hellas); colonists land on Aqvileia-Roma, sea on Carthago-Roma, sea in
    Roma; cards Mercator/Prefect (Saturnus twice), Architect/Mercator marked Jupiter and
    Mercurius, a face-down Colonist, a Weaver; VP track 40."""
    s = fresh("imperium", IMPERIUM_TOKENS)
    s.houses = {c: [CONTRARIUS] for c in ("Massilia", "Lvtetia", "Novaria", "Aqvileia", "Carthago", "Athenae")}
    s.colonists = [c for c in s.colonists if c.owner != CONTRARIUS] + [
        Colonist(CONTRARIUS, LAND, None, line(s, LAND, "Aqvileia", "Roma")),
        Colonist(CONTRARIUS, SEA, None, line(s, SEA, "Carthago", "Roma")),
        Colonist(CONTRARIUS, SEA, "Roma"),
    ]
    s.contrarius.cards = [Card.of("Mercator/Prefect"), Card("Architect/Mercator", ("Jupiter", "Mercurius")),
                          Card.of("Colonist", face_up=False), Card.of("Weaver")]
    s.contrarius.vp = 40
    return read_snapshot(s.to_dict(), "<test>")


def test_imperium_cards_with_two_gods():
    side = side_score(imperium(), CONTRARIUS)
    pts = {g.god: (g.cards, g.points) for g in side.gods}
    assert pts == {
        "Vesta": (0, 0),
        "Jupiter": (1, 5),       # Massilia, Lvtetia, Aqvileia, Carthago, Athenae: 1 x 5
        "Saturnus": (2, 8),      # one card bearing Saturnus twice: 2 x 4 (Gallia, Italia, Mavretania, Hellas)
        "Mercurius": (1, 10),    # tool, cloth, brick, wine, food: 1 x 10
        "Mars": (1, 6),          # 3 colonists: 1 x 6 (the Colonist lies face down)
        "Minerva": (1, 10),      # Weaver: Lvtetia, Athenae = 2 x 5
        "Venus": (0, 0),
    }
    # 40 + 5 + 8 + 10 + 6 + 10 = 79, nobody holds the Concordia card yet
    assert side.total == 79


def test_hispania_salt_city_counts_for_jupiter_not_mercurius_nor_minerva():
    # salt tokens lie only in a Salsa game (README "How the rules are read"); Minerva is given no
    # salt choice here, as a game scored without --salt-for
    s = fresh("hispania", HISPANIA_TOKENS, salsa=True)
    s.houses = {c: [CONTRARIUS] for c in ("Salamantica", "Carthago", "Pompaelo", "Cordvba")}
    # Salamantica, Carthago (salt), Cordvba (tool): not Pompaelo (brick)
    assert jupiter(s, CONTRARIUS)[0] == 3
    # Cantabria, Africa, Baetica
    assert saturnus(s, CONTRARIUS)[0] == 3
    # brick and tool only: 2 x 2
    assert mercurius(s, CONTRARIUS) == (4, ("brick", "tool"))
    # Mason: Pompaelo 1 x 3; no specialist for salt
    assert [m.points for m in minerva(s, CONTRARIUS, [Card.of("Mason")])] == [3]
    # salt in a storehouse is read at cloth's price (reading, README): 5 + 2 salt x 7 +
    # 1 cloth x 7 = 26 -> 2
    assert vesta({"salt": 2, "cloth": 1}, 5) == (2, 26)


def team() -> Snapshot:
    """An Italia team game (built directly): Contrarius in Venetia (Verona) and Ligvria
    (Genva), holding a Prefect and a card marked Venus, VP 30; player1 (VP 40) in Venetia
    (Aqvileia) and Aemilia (Mvtina); player2 (VP 51, the Concordia card) in Aemilia
    (Ravenna), Ligvria (Nicaea) and Sicilia (Messana)."""
    base = fresh("italia", ITALIA_TOKENS)
    s = Snapshot(board=base.board, mode="team", level="standard", seed=1, cities=dict(base.cities),
                 bonus_markers=dict(base.bonus_markers), display=list(base.display),
                 stack_remaining=base.stack_remaining,
                 stack_order=None if base.stack_order is None else list(base.stack_order))
    s.houses = {"Verona": [CONTRARIUS], "Genva": [CONTRARIUS], "Aqvileia": ["player1"], "Mvtina": ["player1"],
                "Ravenna": ["player2"], "Nicaea": ["player2"], "Messana": ["player2"]}
    s.contrarius.cards = [Card.of("Prefect"), Card("Legatus", ("Venus",))]  # a card marked Venus
    s.contrarius.vp = 30
    s.players = [Player("player1", 40, [], [], {}, 0), Player("player2", 51, [], [], {}, 0)]
    s.concordia = "player2"
    s.ended = Ended("player2")
    return s


def test_team_venus_and_team_score():
    s = team()
    # player1 and player2 share Aemilia: 1 each
    assert venus(s, "player1") == (1, ("Aemilia",))
    assert venus(s, "player2") == (1, ("Aemilia",))
    # Contrarius shares Venetia (player1) and Ligvria (player2): 2
    assert venus(s, CONTRARIUS) == (2, ("Ligvria", "Venetia"))
    final = score(s)
    # Contrarius 30 + Prefect 1 x 2 provinces + Venus 1 x 2 = 34; player1 40; player2 51 + 7 = 58
    assert [x.total for x in final.sides] == [34, 40, 58]
    # team score: the middle of 40 and 58 = 49; 49 - 34 = 15
    assert final.team_total == 49 and final.winner == TEAM and final.margin == 15


# ----- the command ---------------------------------------------------------------------------
def write(tmp_path, s: Snapshot, name: str = "game.yaml") -> str:
    path = tmp_path / name
    path.write_text(dump_snapshot(s), encoding="utf-8")
    return str(path)


def test_cli_table(runner, tmp_path):
    from contrarius.cli import app

    res = runner.invoke(app, ["score", write(tmp_path, italia()), *counted_args()])
    assert res.exit_code == 0, res.stderr
    assert res.stderr == ""
    out = res.stdout
    assert "Final scoring" in out and "the game has ended (Contrarius ended it)" in out
    rows = {ln.split("│")[1].strip(): [c.strip() for c in ln.split("│")[2:-1]] for ln in out.splitlines() if ln.startswith("│")}
    # god: Contrarius cards, value, points, player cards, value, points
    assert rows["Jupiter"] == ["2", "6", "12", "3", "5", "15"]
    assert rows["Minerva"] == ["2", "Smith 2x3 + Weaver 2x5", "16", "1", "Vintner 2x4", "8"]
    assert rows["Concordia card"][2] == "7"
    assert rows["Total"][2].strip() == "92" and rows["Total"][5].strip() == "120"
    assert "Venus" not in rows  # solo: no Venus row
    assert "Winner: player by 28 VP" in out


def test_cli_json(runner, tmp_path):
    from contrarius.cli import app

    res = runner.invoke(app, ["score", write(tmp_path, italia()), "--json", *counted_args()])
    assert res.exit_code == 0 and res.stderr == ""
    data = json.loads(res.stdout)
    assert (data["status"], data["ended"], data["winner"], data["margin"], data["campaign"]) == ("ended", True, "player", 28, None)
    con, me = data["sides"]
    assert (con["owner"], con["total"], con["concordia_card"]) == (CONTRARIUS, 92, 7)
    assert {s["card"]: s["points"] for s in con["gods"][5]["specialists"]} == {"Smith": 6, "Weaver": 10}
    assert me["total"] == 120


def test_cli_player_options(runner, tmp_path):
    from contrarius.cli import app

    s = italia()
    s.player().goods = None
    s.player().sestertii = None
    path = write(tmp_path, s)
    res = runner.invoke(app, ["score", path, "--json"])
    data = json.loads(res.stdout)
    assert data["winner"] is None and data["sides"][1]["missing"] == ["goods and sestertii (Vesta)"]
    # 9 sestertii + 1 tool x 5 + 1 wine x 6 + 3 cloth x 7 = 9 + 5 + 6 + 21 = 41 -> 4
    res = runner.invoke(app, ["score", path, "--json", "--goods", "tool=1,wine=1", "--goods", "cloth=3", "--sestertii", "9"])
    assert json.loads(res.stdout)["sides"][1]["total"] == 120
    res = runner.invoke(app, ["score", path, "--json", "--player-points", "vesta=2"])
    assert json.loads(res.stdout)["sides"][1]["total"] == 120 - 4 + 2
    res = runner.invoke(app, ["score", path, "--json", "--player-total", "92"])
    data = json.loads(res.stdout)
    # 92 to 92: Contrarius holds the Concordia card
    assert (data["winner"], data["tie"], data["decided_by"]) == (CONTRARIUS, True, "Concordia card")
    # cards: Weaver (cloth Aqvileia, Mvtina: 2 x 5) and Diplomat bearing Jupiter (1 x 5), no Vesta card
    res = runner.invoke(app, ["score", path, "--json", "--player-cards", "Weaver,Diplomat:Jupiter"])
    assert json.loads(res.stdout)["sides"][1]["total"] == 57 + 10 + 5


def test_cli_example_standing(runner, examples_dir):
    from contrarius.cli import app

    res = runner.invoke(app, ["score", str(examples_dir / "italia-setup.yaml")])
    assert res.exit_code == 0, res.stderr
    assert "Standing" in res.stdout and "the game has not ended" in res.stdout
    res = runner.invoke(app, ["score", str(examples_dir / "italia-setup.yaml"), "--json"])
    data = json.loads(res.stdout)
    # the player's goods and sestertii are not given: Vesta (Senator) is not known; 20 + Mars 4 = 24 so far
    assert (data["sides"][1]["total"], data["sides"][1]["known_points"]) == (None, 24)
    assert data["sides"][1]["missing"] == ["goods and sestertii (Vesta)"]
    # the starting goods and 6 sestertii, counted at the table
    start = counted_args({"brick": 1, "food": 2, "tool": 1, "wine": 1, "cloth": 1}, 6)
    res = runner.invoke(app, ["score", str(examples_dir / "italia-setup.yaml"), "--json", *start])
    data = json.loads(res.stdout)
    # Contrarius: 2 colonists x 2 with its Colonist card = 4; player: 20 + Vesta (6 + 3 + 8 + 5 + 6 + 7 = 35 -> 3)
    # + Mars (Tribune: 2 colonists x 2 = 4) = 27
    assert (data["status"], data["sides"][0]["total"], data["sides"][1]["total"]) == ("running", 4, 27)


def test_cli_errors(runner, tmp_path):
    from contrarius.cli import app

    path = write(tmp_path, italia())
    cases = [
        (["score", str(tmp_path / "missing.yaml")], EXIT_INPUT),
        (["score", path, "--goods", "gold=3"], EXIT_USAGE),
        (["score", path, "--goods", "brick"], EXIT_USAGE),
        (["score", path, "--player-points", "apollo=3"], EXIT_USAGE),
        (["score", path, "--player-total", "many"], EXIT_USAGE),
        (["score", path, "--player-cards", "Emperor"], EXIT_USAGE),
        (["score", path, "--player", "player2", "--sestertii", "3"], EXIT_USAGE),
        (["score", path, "--no-record"], EXIT_USAGE),
    ]
    for args, code in cases:
        res = runner.invoke(app, args)
        assert res.exit_code == code, (args, res.stderr)
        assert res.stdout == ""
        assert len(res.stderr.strip().splitlines()) == 1 and res.stderr.startswith("contrarius: "), (args, res.stderr)
        assert "Traceback" not in res.stderr


def test_third_player_tie_goes_to_the_praefectus_magnus():
    s = team()
    s.mode = "third-player"
    s.contrarius.cards = [Card.of("Prefect")]
    s.concordia = None
    s.players[1].vp = 40
    # Contrarius 30 + 1 x 2 = 32; player1 40; player2 40: a tie of the two players
    s.praefectus_magnus = "player2"
    final = score(s)
    assert (final.winner, final.tie, final.decided_by) == ("player2", True, "Praefectus Magnus")
    # a tie between Contrarius and a player: Contrarius never holds the Praefectus Magnus
    s.players[0].vp = 0
    s.players[1].vp = 32
    final = score(s)
    assert (final.winner, final.tie) == ("player2", True)


def test_cli_reads_stdin_and_team_player_option(runner, tmp_path):
    from contrarius.cli import app

    s = team()
    res = runner.invoke(app, ["score", "--json"], input=dump_snapshot(s))
    assert res.exit_code == 0, res.stderr
    assert json.loads(res.stdout)["team_total"] == 49
    # player1 counted 10 more: 50 and 58 make 54
    res = runner.invoke(app, ["score", "-", "--json", "--player-total", "player1=50"], input=dump_snapshot(s))
    assert json.loads(res.stdout)["team_total"] == 54
    res = runner.invoke(app, ["score", "-", "--sestertii", "5"], input=dump_snapshot(s))
    assert res.exit_code == EXIT_USAGE and "--player" in res.stderr
    res = runner.invoke(app, ["score", "-", "--json", "--player", "player1", "--player-points", "mars=10"], input=dump_snapshot(s))
    assert json.loads(res.stdout)["sides"][1]["total"] == 40 + 10
    res = runner.invoke(app, ["score", "-"], input=dump_snapshot(s))
    assert "Venus" in res.stdout and "Team score: 49" in res.stdout and "Winner: your team by 15 VP" in res.stdout


def test_cli_empty_storehouse_and_the_vesta_instruction_in_text(runner, tmp_path):
    from contrarius.cli import app

    path = write(tmp_path, italia())
    # the text report says how to give Vesta, not only --json
    res = runner.invoke(app, ["score", path])
    assert "count your goods and sestertii at the table: give --goods and --sestertii" in " ".join(res.stdout.split())
    # --goods none: an empty storehouse; 13 sestertii alone -> Vesta value 13 // 10 = 1
    res = runner.invoke(app, ["score", path, "--json", "--goods", "none", "--sestertii", "13"])
    vesta = next(g for g in json.loads(res.stdout)["sides"][1]["gods"] if g["god"] == "Vesta")
    assert vesta["value"] == 1


def test_cli_team_both_players_goods_with_player_prefixes(runner, tmp_path):
    from contrarius.cli import app

    # team() with a Senator (Vesta) in each player's hand; "First, you tally up individually."
    s = team()
    s.player("player1").hand = [Card.of("Senator")]
    s.player("player2").hand = [Card.of("Senator")]
    path = write(tmp_path, s)
    res = runner.invoke(app, ["score", path, "--json", "--goods", "player1:cloth=2", "--sestertii", "player1:16",
                              "--goods", "player2:brick=1", "--sestertii", "player2:7"])
    assert res.exit_code == 0, res.stderr
    sides = json.loads(res.stdout)["sides"]
    # player1: 16 + 2 cloth x 7 = 30 -> Vesta 3, x 1 Senator = 3; 40 + 3 = 43
    # player2: 7 + 1 brick x 3 = 10 -> Vesta 1; 51 + 1 + 7 (Concordia) = 59
    assert [x["total"] for x in sides] == [34, 43, 59]
    # --player twice cannot say which values are whose
    res = runner.invoke(app, ["score", path, "--player", "player1", "--sestertii", "16", "--player", "player2"])
    assert res.exit_code == 2 and "give --player once" in res.stderr
    # a value without its player in a two-player game
    res = runner.invoke(app, ["score", path, "--sestertii", "7"])
    assert res.exit_code == 2 and "which player?" in res.stderr
