"""Tests of ``contrarius.rules.build``: "Where Does Contrarius Build?" on the real boards.

Every expected answer below was worked out by hand from the rulebook (solo booklet,
"Where Does Contrarius Build?" and "Supplementary rules") and the line lists of
``boards/italia.yaml`` / ``boards/imperium.yaml``; the comment of each test gives the
lines, the step counts and the rule step that decides. Nothing was pasted from the
program's output. The rulings of the shape "a position, a face: this city, these moves" are
files in tests/cases/where/ (tests/test_where_cases.py); the tests here check the rest.

Rule steps as numbered in the rulebook's "Where does Contrarius build?":
  step 1  reach (steps = Contrarius's colonists on the board; the end line must be
          empty) and no house of its own; never the capital
  step 2  an empty city first
  step 3  a province new to Contrarius first
  step 4  alphabetical order
  fallback  cloth > wine > tool > food > brick, after brick cloth
"""

from __future__ import annotations

from pathlib import Path

import pytest

from contrarius.rules.build import (BuildRuling, Move, apply_build, line_distances, reach,
                              resolve_goods, where)
from contrarius.material.cards import Card
from contrarius.errors import RuleError
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.snapshot import CONTRARIUS, Colonist, Snapshot
from contrarius.store.snapshot_text import load_snapshot

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# The token layout of examples/rulebook-where-example.yaml (letter counts checked by hand
# against boards/italia.yaml tokens: A 2/2/1/1/1, B 2/2/2/1/1, C 3/2/2/2/1).
ITALIA_TOKENS = {
    # A
    "Bavzanvm": "food", "Aqvileia": "cloth", "Verona": "brick", "Comvm": "brick",
    "Segvsio": "tool", "Genva": "food", "Nicaea": "wine",
    # B
    "Mvtina": "cloth", "Ravenna": "wine", "Florentia": "tool", "Cosa": "tool",
    "Aleria": "food", "Olbia": "brick", "Casinvm": "food", "Neapolis": "brick",
    # C
    "Ancona": "cloth", "Spoletvm": "food", "Hadria": "wine", "Lvceria": "brick",
    "Brvndisivm": "brick", "Potentia": "food", "Croton": "brick", "Messana": "wine",
    "Panormvs": "tool", "Syracvsae": "tool",
}
# By goods, for reading the tests:
#   cloth: Aqvileia, Mvtina, Ancona            wine: Nicaea, Ravenna, Hadria, Messana
#   tool:  Segvsio, Florentia, Cosa, Panormvs, Syracvsae
#   food:  Bavzanvm, Genva, Aleria, Spoletvm, Casinvm, Potentia
#   brick: Verona, Comvm, Olbia, Neapolis, Lvceria, Brvndisivm, Croton
# Italia, lines at Roma: land Casinvm, Cosa, Spoletvm; sea Cosa, Neapolis, Olbia, Panormvs.

# Imperium layout (A 2/2/1/1/1, B 2/2/2/1/1, C 3/2/2/2/1, D 1/1/1/1/1).
IMPERIUM_TOKENS = {
    # D
    "Novaria": "cloth", "Aqvileia": "wine", "Syracvsae": "tool", "Dyrrhachivm": "food", "Athenae": "brick",
    # B
    "Massilia": "cloth", "Carthago": "wine", "Lvtetia": "tool", "Valentia": "tool",
    "Bvrdigala": "food", "Rvsadir": "food", "Brigantivm": "brick", "Olisipo": "brick",
    # A
    "Isca D.": "cloth", "Londinivm": "wine", "Colonia A.": "tool", "Vindobona": "food",
    "Sirmivm": "food", "Napoca": "brick", "Tomis": "brick",
    # C
    "Leptis Magna": "cloth", "Cyrene": "wine", "Attalia": "wine", "Bycantivm": "tool",
    "Sinope": "tool", "Antiochia": "food", "Tyros": "food", "Alexandria": "brick",
    "Memphis": "brick", "Petra": "brick",
}
# By goods: cloth Novaria, Massilia, Isca D., Leptis Magna; wine Aqvileia, Carthago,
# Londinivm, Cyrene, Attalia; tool Syracvsae, Lvtetia, Valentia, Colonia A., Bycantivm,
# Sinope; food Dyrrhachivm, Bvrdigala, Rvsadir, Vindobona, Sirmivm, Antiochia, Tyros;
# brick Athenae, Brigantivm, Olisipo, Napoca, Tomis, Alexandria, Memphis, Petra.
# Imperium, lines at Roma: land Aqvileia, Novaria, Syracvsae; sea Carthago, Massilia, Syracvsae.


# ----- helpers ---------------------------------------------------------------------------
def game(board: str, tokens: dict[str, str] | None, *, houses=None, colonists=None, cards=None) -> Snapshot:
    """A fresh solo game on ``board`` with the given tokens, then the listed changes.

    ``colonists``: ``[(owner, kind, at), ...]`` replacing every colonist (``at``: a city
    or a line ``A-B``); None keeps the setup (Contrarius and player: land + sea in the
    capital). ``houses``: city -> owners. ``cards``: Contrarius's cards.
    """
    snap, _ = new_game(SetupOptions(board=board, seed=11, tokens=tokens))
    for city, owners in (houses or {}).items():
        snap.houses[snap.board.city(city)] = list(owners)
    if colonists is not None:
        snap.colonists = [col(snap, *c) for c in colonists]
    if cards is not None:
        snap.contrarius.cards = list(cards)
    return snap


def italia(**kw) -> Snapshot:
    return game("italia", ITALIA_TOKENS, **kw)


def imperium(**kw) -> Snapshot:
    return game("imperium", IMPERIUM_TOKENS, **kw)


def col(snap: Snapshot, owner: str, kind: str, at: str) -> Colonist:
    if "-" in at:
        return Colonist(owner, kind, None, snap.board.parse_line(at, kind))
    return Colonist(owner, kind, snap.board.place(at), None)


def example() -> Snapshot:
    return load_snapshot(str(EXAMPLES / "rulebook-where-example.yaml"))


def ends(moves: list[Move]) -> list[tuple[int, str, str | None]]:
    """(colonist index, kind, end line label or None) per move, for compact asserts."""
    return [(m.colonist, m.kind, m.end.label if m.end else None) for m in moves]


def excluded(ruling: BuildRuling, trial: int = 0) -> dict[str, str]:
    """city -> rule step of every city ruled out in one trial."""
    return {e.city: e.step for e in ruling.trials[trial].excluded}


def reason(ruling: BuildRuling, city: str) -> str:
    for t in ruling.trials:
        for e in t.excluded:
            if e.city == city:
                return e.reason
    raise AssertionError(f"{city} not ruled out")


ST = ("contrarius", "land", "Roma"), ("contrarius", "sea", "Roma")   # Contrarius's standard start
PL = ("player", "land", "Roma"), ("player", "sea", "Roma")           # the player's start


# ----- the rulebook's own example ----------------------------------------------------------
def test_rulebook_example_food_reads_as_its_summary():
    # the ruling itself is the case tests/cases/where/italia-rulebook-example-food-aleria.yaml;
    # here its two tied sea-colonist moves step by step and the summary the reports print
    r = where(example(), "food")
    assert [[ln.label for ln in m.path] for m in r.moves] == [["Cosa-Roma", "Aleria-Cosa"], ["Olbia-Roma", "Aleria-Olbia"]]
    assert r.summary() == "builds in Aleria (Corsica): first in alphabetical order among the empty cities in new provinces"


def test_where_is_pure():
    snap = example()
    before = snap.to_dict()
    where(snap, "food")
    where(snap, "S")
    assert snap.to_dict() == before


# ----- colonists in the capital, step counts ------------------------------------------------
def test_player_colonists_do_not_add_steps():
    # Four colonists stand in Roma in the example, two of them the player's: 2 steps.
    snap = example()
    assert len(snap.colonists) == 4
    assert where(snap, "food").steps == 2


def test_colonists_in_capital_first_step_reaches_only_roma_neighbours_italia():
    # One colonist = 1 step: only the lines at Roma. Land: Casinvm, Cosa, Spoletvm;
    # sea: Cosa, Neapolis, Olbia, Panormvs. Roma itself never appears.
    land = italia(colonists=[("contrarius", "land", "Roma"), *PL])
    assert set(reach(land)) == {"Casinvm", "Cosa", "Spoletvm"}
    sea = italia(colonists=[("contrarius", "sea", "Roma"), *PL])
    assert set(reach(sea)) == {"Cosa", "Neapolis", "Olbia", "Panormvs"}
    assert all(m.steps == 1 for moves in reach(sea).values() for m in moves)


def test_imperium_roma_neighbours():
    # Imperium lines at Roma: land Aqvileia-Roma, Novaria-Roma, Roma-Syracvsae;
    # sea Carthago-Roma, Massilia-Roma, Roma-Syracvsae.
    land = imperium(colonists=[("contrarius", "land", "Roma"), *PL])
    assert set(reach(land)) == {"Aqvileia", "Novaria", "Syracvsae"}
    sea = imperium(colonists=[("contrarius", "sea", "Roma"), *PL])
    assert set(reach(sea)) == {"Carthago", "Massilia", "Syracvsae"}
    both = imperium()
    assert "Roma" not in reach(both)


# ----- land versus sea -----------------------------------------------------------------------
# ----- blocked lines: passed through, not ended on ----------------------------------------
def test_occupied_lines_can_be_passed():
    # the ruling is the case tests/cases/where/italia-occupied-lines-are-passed-food-aleria.yaml:
    # each move's first line holds a colonist of the player (passed through), its last is empty
    snap = italia(colonists=[*ST, ("player", "sea", "Cosa-Roma"), ("player", "sea", "Olbia-Roma")])
    r = where(snap, "food")
    assert r.city == "Aleria" and len(r.moves) == 2
    for m in r.moves:
        assert snap.line_occupant(m.path[0]).owner == "player"   # passed through
        assert snap.line_occupant(m.end) is None                 # ended on an empty line


def test_ionium_dotted_strait_line_is_crossed_not_ended_on():
    # Ionium board data: the land line Apollonia-Brvndisivm is dotted (stoppable: false, an
    # unconfirmed board reading). Brvndisivm's land lines: the dotted one, Brvndisivm-Canvsivm,
    # Brvndisivm-Heraclea. A land colonist on Ambrakia-Apollonia with 1 step cannot stop on the
    # dotted line, so Brvndisivm is out of reach; with 2 steps it crosses it and ends on
    # Brvndisivm-Canvsivm or Brvndisivm-Heraclea.
    one, _ = new_game(SetupOptions(board="ionium", seed=3))
    one.colonists = [col(one, "contrarius", "land", "Ambrakia-Apollonia")]
    assert "Brvndisivm" not in reach(one)
    assert {"Ambrakia", "Apollonia", "Scodra", "Thessalonica"} <= set(reach(one))
    r = where(one, one.cities["Brvndisivm"])
    assert reason(r, "Brvndisivm") == "out of reach: 2 steps to a free line next to it, Contrarius has 1"
    two = one.copy()
    two.colonists.append(col(two, "contrarius", "land", "Athenae"))
    moves = reach(two)["Brvndisivm"]
    assert ends(moves) == [(0, "land", "Brvndisivm-Canvsivm"), (0, "land", "Brvndisivm-Heraclea")]
    assert all(m.path[0].label == "Apollonia-Brvndisivm" and not m.path[0].stoppable for m in moves)


# ----- a colonist already next to the city -------------------------------------------------
def test_colonist_already_adjacent_needs_no_move():
    # Contrarius: land colonist in Roma, sea colonist on the sea line Cosa-Roma (2 steps).
    # Tool: Cosa 0 steps (its sea colonist already stands next to it); Panormvs: through Roma onto
    # Panormvs-Roma, 1; Florentia: land Cosa-Roma, Cosa-Florentia, 2; Segvsio, Syracvsae out.
    # All empty and new: Cosa < Florentia < Panormvs. The land colonist's 1-step move onto the
    # land line Cosa-Roma is longer than 0, so it is no option.
    snap = italia(colonists=[("contrarius", "land", "Roma"), ("contrarius", "sea", "Cosa-Roma"), *PL])
    r = where(snap, "tool")
    assert r.city == "Cosa"
    assert len(r.moves) == 1
    m = r.moves[0]
    assert (m.colonist, m.steps, m.end, m.start) == (1, 0, None, "Cosa-Roma")
    assert m.describe() == "sea colonist on Cosa-Roma stays (already next to the city)"
    assert m.to_dict() == {"colonist": 1, "kind": "sea", "from": "Cosa-Roma", "path": [], "steps": 0, "to": "Cosa-Roma"}
    cands = {c.city: c.distance for c in r.trials[0].candidates}
    assert cands == {"Cosa": 0, "Florentia": 2, "Panormvs": 1}
    # building there leaves the colonist where it is
    apply_build(snap, "Cosa", m)
    assert snap.colonists[1].line.label == "Cosa-Roma" and snap.houses["Cosa"] == [CONTRARIUS]


# ----- tied moves -------------------------------------------------------------------------------
def test_two_identical_colonists_are_one_option():
    # Two sea colonists in Roma (colonists[1] and [2]) make the same moves; each distinct move is
    # listed once (the first colonist). 3 colonists = 3 steps, Aleria still 2 steps away.
    snap = italia(colonists=[*ST, ("contrarius", "sea", "Roma"), *PL])
    r = where(snap, "food")
    assert r.city == "Aleria"
    assert ends(r.moves) == [(1, "sea", "Aleria-Cosa"), (1, "sea", "Aleria-Olbia")]


# ----- the choice steps ------------------------------------------------------------------
# ----- S: the best specialist ----------------------------------------------------------------
@pytest.mark.parametrize("cards, specialist, goods, city", [
    # Weaver beats all, even face down: cloth -> (nothing in reach) wine -> Messana
    ([Card.of("Mason"), Card.of("Weaver", face_up=False), Card.of("Vintner")], "Weaver", "cloth", "Messana"),
    # Vintner face down beats Smith and Mason: wine -> Messana (see the cloth fallback test)
    ([Card.of("Mason"), Card.of("Vintner", face_up=False), Card.of("Smith")], "Vintner", "wine", "Messana"),
    # Smith > Farmer > Mason: tool -> Cosa (step 4 among Cosa, Florentia, Panormvs)
    ([Card.of("Farmer"), Card.of("Mason"), Card.of("Smith"), Card.of("Prefect")], "Smith", "tool", "Cosa"),
    # Farmer > Mason: food -> Aleria (the rulebook example)
    ([Card.of("Mason"), Card.of("Farmer", face_up=False)], "Farmer", "food", "Aleria"),
    # Mason alone: brick. Olbia (sea Olbia-Roma, 1), Neapolis (sea Neapolis-Roma, 1), Lvceria
    # (Casinvm-Roma, Casinvm-Lvceria, 2), all empty and new; Lvceria < Neapolis < Olbia.
    ([Card.of("Prefect"), Card.of("Mason")], "Mason", "brick", "Lvceria"),
])
def test_s_means_best_specialist(cards, specialist, goods, city):
    snap = example()
    snap.contrarius.cards = cards
    r = where(snap, "S")
    assert (r.asked, r.specialist, r.goods, r.city) == ("S", specialist, goods, city)
    assert resolve_goods(snap, "S") == (goods, specialist)


def test_s_without_specialist_is_a_rule_error():
    snap = example()
    snap.contrarius.cards = [Card.of("Prefect"), Card.of("Senator")]
    with pytest.raises(RuleError, match="owns none"):
        where(snap, "S")


def test_unknown_goods_is_a_rule_error():
    with pytest.raises(RuleError, match="not a goods type"):
        resolve_goods(example(), "gold")
    assert resolve_goods(example(), "wine") == ("wine", None)


# ----- nothing reachable --------------------------------------------------------------------
def test_nothing_reachable_every_type_tried():
    # A single sea colonist in Roma (1 step) reaches Cosa, Neapolis, Olbia, Panormvs only
    # (the sea lines at Roma), and Contrarius has a house in each: no city of any type.
    # Asked tool: tool, food, brick, cloth, wine are tried, then the supplementary rule.
    snap = italia(colonists=[("contrarius", "sea", "Roma"), *PL],
                  houses={c: ["contrarius"] for c in ("Cosa", "Neapolis", "Olbia", "Panormvs")})
    r = where(snap, "tool")
    assert r.city is None and r.province is None and r.moves == []
    assert [t.goods for t in r.trials] == ["tool", "food", "brick", "cloth", "wine"]
    assert all(t.candidates == [] and t.chosen is None for t in r.trials)
    assert reason(r, "Florentia") == "out of reach: no sea line leads to it"
    # Syracvsae: Panormvs-Roma|Neapolis-Roma, Messana-Panormvs|Messana-Neapolis, Messana-Syracvsae = 3
    assert reason(r, "Syracvsae") == "out of reach: 3 steps to a free line next to it, Contrarius has 1"
    assert excluded(r, 0)["Cosa"] == "1"
    assert r.summary() == "Contrarius cannot build in any city it can reach (every goods type tried)"
    assert r.to_dict()["city"] is None


def test_no_colonist_on_the_board():
    snap = italia(colonists=[*PL])
    r = where(snap, "cloth")
    assert r.steps == 0 and r.city is None and len(r.trials) == 5
    assert reason(r, "Aqvileia") == "out of reach: Contrarius has no colonist on the board"


def test_stranded_colonist_is_connected_to_nothing():
    # Hand-edited state: a land colonist standing in Aleria, which has no land line at all.
    # It can go nowhere; Bavzanvm (land lines only) is explained as not connected.
    snap = italia(colonists=[("contrarius", "land", "Aleria"), *PL])
    assert reach(snap) == {}
    r = where(snap, "food")
    assert r.city is None
    assert reason(r, "Bavzanvm") == "out of reach: no colonist of Contrarius is connected to it"


# ----- movement primitives and applying a build ------------------------------------------------
def test_line_distances_limits():
    snap = italia(colonists=[("contrarius", "sea", "Roma"), ("contrarius", "land", "Cosa-Roma"), *PL])
    sea_col, land_col = snap.colonists[0], snap.colonists[1]
    assert line_distances(snap, sea_col, 0) == {}
    assert list(line_distances(snap, land_col, 0)) == [land_col.line]
    # one step from the land line Cosa-Roma: through Cosa (Cosa-Florentia) or Roma
    # (Casinvm-Roma, Roma-Spoletvm)
    one = line_distances(snap, land_col, 1)
    assert {ln.label for ln in one} == {"Cosa-Roma", "Cosa-Florentia", "Casinvm-Roma", "Roma-Spoletvm"}
    assert all(ln.kind == "land" for ln in one)


def test_apply_build_moves_the_chosen_colonist():
    snap = example()
    r = where(snap, "food")
    apply_build(snap, r.city, r.moves[1])
    assert snap.houses["Aleria"] == [CONTRARIUS]
    moved = snap.colonists[1]
    assert moved.city is None and moved.line.label == "Aleria-Olbia" and moved.line.kind == "sea"
    assert snap.colonists[0].city == "Roma"
    # now Aleria has Contrarius's house: never again
    r2 = where(snap, "food")
    assert excluded(r2)["Aleria"] == "1"
    with pytest.raises(RuleError, match="already has a house in Aleria"):
        apply_build(snap, "Aleria", None)


def test_apply_build_without_move():
    snap = example()
    before = [(c.kind, c.where) for c in snap.colonists]
    apply_build(snap, "Genva", None)
    assert snap.houses["Genva"] == [CONTRARIUS]
    assert [(c.kind, c.where) for c in snap.colonists] == before


def test_move_describe_and_dict():
    r = where(example(), "food")
    m = r.moves[0]
    assert m.describe() == "sea colonist Roma -> Cosa-Roma -> Aleria-Cosa (2 steps)"
    assert m.to_dict() == {"colonist": 1, "kind": "sea", "from": "Roma", "path": ["Cosa-Roma", "Aleria-Cosa"],
                           "steps": 2, "to": "Aleria-Cosa"}
    one = where(italia(colonists=[("contrarius", "land", "Roma"), *PL]), "tool").moves[0]
    assert one.describe() == "land colonist Roma -> Cosa-Roma (1 step)"


def _every_face_rulings(snap: Snapshot, shared: dict | None) -> list:
    """The rulings of `contrarius where` (every face, S with the Salsa preference) as data."""
    out = []
    for face in ("cloth", "wine", "tool", "food", "brick", "S"):
        try:
            out.append(where(snap, face, salt=face == "S", shared=shared).to_dict())
        except RuleError as exc:
            out.append(str(exc))
    return out


def test_where_for_every_face_on_one_snapshot_shares_step_one():
    # `contrarius where` rules every face on one unchanged snapshot and gives where() one
    # `shared` dict, so that step 1 (the cities in reach and the colonists' distances, which
    # do not depend on the face) is worked out once. The rulings must be exactly those of
    # separate calls: on every example, on each board set up, and on those games after a
    # few turns (houses built, colonists moved, cities out of reach with their reasons).
    from contrarius.rules.game import play
    from contrarius.rules.contrarius_part import PlayerAction

    snaps = [load_snapshot(str(p)) for p in sorted(EXAMPLES.glob("*.yaml"))]
    for board in ("aegyptus", "balearica", "britannia", "byzantium", "corsica", "creta", "cyprus", "gallia",
                  "germania", "hellas", "hispania", "imperium", "ionium", "italia", "roma", "sicilia"):
        extra = {"start": "Forum Romanum"} if board == "roma" else {}
        snap, _ = new_game(SetupOptions(board=board, level="expert", seed=5, **extra))
        snaps.append(snap)
        for card in ("mercator", "tribune", "senator"):
            try:
                snap = play(snap, PlayerAction(card=card)).snapshot
            except Exception:  # noqa: BLE001 - a card this game does not allow: the next one
                continue
            snaps.append(snap)
    for seed in (1, 2):  # Concordia Salsa: S tries the salt cities first
        snaps.append(new_game(SetupOptions(board="italia", seed=seed, salsa=True))[0])
    assert len(snaps) > 30
    for snap in snaps:
        before = snap.to_dict()
        shared: dict = {}
        assert _every_face_rulings(snap, shared) == _every_face_rulings(snap, None)
        assert "reachable" in shared  # worked out once, kept for the next face
        assert snap.to_dict() == before
