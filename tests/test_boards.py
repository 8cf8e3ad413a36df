"""The maps in ``boards/``: counts, structure, name resolution, and the board commands.

Expected counts are written by hand from the numbers the cross-checked reference files
state about themselves (their ``letters_used`` notes, the line counts in their
``confidence`` notes, and their province lists), not read from the board files: the
reference folder is not part of the repository, so CI cannot compare against it.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter, deque
from pathlib import Path

import pytest

from contrarius.material.board import (Board, Line, board_from_dict, board_names, boards_dir, load_board,
                              suggest)
from contrarius.cli import app
from contrarius.errors import ContrariusError, UnknownNameError

ROOT = Path(__file__).resolve().parent.parent

# board: (capital, cities without the capital, provinces, land lines, sea lines,
#         cities per token letter, city pairs joined by both a land and a sea line)
EXPECTED = {
    # imperium: "30 cities + Roma in 12 provinces"; "44 land, 35 sea"; A-D 7+8+10+5;
    # "16 city pairs are joined by both a land and a sea line"
    "imperium": ("Roma", 30, 12, 44, 35, {"A": 7, "B": 8, "C": 10, "D": 5}, 16),
    # italia: "25 cities + Roma in 11 provinces"; "40 land, 23 sea"; A-C 7+8+10; 8 pairs
    "italia": ("Roma", 25, 11, 40, 23, {"A": 7, "B": 8, "C": 10}, 8),
    # ionium: 7+8+10+5 = 30 cities; 12 provinces; "42 land lines (41 ordinary + 1 dotted)",
    # "35 sea lines on 34 city pairs"; 17 pairs with both kinds
    "ionium": ("Athenae", 30, 12, 42, 35, {"A": 7, "B": 8, "C": 10, "D": 5}, 17),
    # hellas: 7+8+10 = 25 cities; 10 printed province names; "27 land and 31 sea lines"; 5 pairs
    "hellas": ("Athenae", 25, 10, 27, 31, {"A": 7, "B": 8, "C": 10}, 5),
    # cyprus: 7+8+10+5 = 30 cities; 12 colour provinces; "44 land and 27 sea lines"; 7 pairs
    "cyprus": ("Antiochia", 30, 12, 44, 27, {"A": 7, "B": 8, "C": 10, "D": 5}, 7),
    # hispania: "8 + 9 + 6 = 23 cities" (A, B, D with a salt token each); 9 provinces;
    # "34 land and 24 sea lines"; 9 pairs
    "hispania": ("Sagvntvm", 23, 9, 34, 24, {"A": 8, "B": 9, "D": 6}, 9),
    # creta: "7 + 8 + 5 = 20 cities" (A, B, D); 9 colour provinces; "27 land and 18 sea"; 4 pairs
    "creta": ("Knossos", 20, 9, 27, 18, {"A": 7, "B": 8, "D": 5}, 4),
    # The nine other boards, counted from the lists of their reference files (two
    # blind transcriptions of the printed board that agree; the per-element comparison
    # is test_reference_boards.py). Sea lines here are the printed ones: Aegyptus's 9
    # plus the 3 printed lines ending at the incense disc (the Nile stretches, a reading,
    # are counted apart in test_aegyptus_nile_is_read_as_sea_lines).
    "gallia": ("Lvtetia", 25, 10, 43, 15, {"A": 7, "B": 8, "C": 10}, 5),
    "corsica": ("Aleria", 20, 8, 34, 16, {"A": 7, "B": 8, "D": 5}, 7),
    "britannia": ("Londinivm", 23, 10, 37, 21, {"B": 8, "C": 10, "D": 5}, 7),
    # germania: 88 land lines, 45 of them touch one of the 10 castles; no sea line
    "germania": ("Colonia Aggr.", 30, 12, 88, 0, {"A": 7, "B": 8, "C": 10, "D": 5}, 0),
    # byzantium: A, B, C with one salt city each: 8 + 9 + 11
    "byzantium": ("Byzantivm", 28, 10, 37, 33, {"A": 8, "B": 9, "C": 11}, 14),
    "aegyptus": ("Memphis", 22, 10, 34, 12, {"A": 7, "C": 10, "D": 5}, 4),
    "balearica": (None, 22, 9, 30, 24, {"A": 7, "C": 10, "D": 5}, 9),
    "sicilia": ("Syracusae", 23, 9, 41, 20, {"B": 8, "C": 10, "D": 5}, 13),
    "roma": (None, 25, 7, 51, 0, {"A": 7, "B": 8, "C": 10}, 0),
}


def _pairs(board: Board, kind: str) -> set[tuple[str, str]]:
    """City pairs joined by a printed line of ``kind`` (not the Nile read as lines)."""
    return {ln.ends for ln in board.lines if ln.kind == kind and not ln.route}


# ----- counts and structure, every board ------------------------------------------------
def test_sixteen_boards_ship():
    assert board_names() == sorted(EXPECTED)
    assert len(list(boards_dir().glob("*.yaml"))) == 16


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_board_counts(name):
    capital, n_cities, n_provinces, n_land, n_sea, letters, _ = EXPECTED[name]
    b = load_board(name)
    assert b.name == name
    assert b.capital == capital
    assert len(b.cities) == n_cities
    assert capital not in b.cities
    assert len(b.provinces) == n_provinces
    assert sum(ln.kind == "land" and not ln.route for ln in b.lines) == n_land
    assert sum(ln.kind == "sea" and not ln.route for ln in b.lines) == n_sea
    assert dict(Counter(c.letter for c in b.cities.values())) == letters


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_line_joins_two_known_places(name):
    b = load_board(name)
    places = set(b.places)
    for ln in b.lines:
        assert ln.kind in ("land", "sea")
        assert ln.a in places and ln.b in places, ln
        assert ln.a != ln.b, ln
        assert ln.a < ln.b, f"ends not in alphabetical order: {ln}"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_land_and_sea_pairs(name):
    b = load_board(name)
    assert len(_pairs(b, "land") & _pairs(b, "sea")) == EXPECTED[name][6]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_city_reachable_from_the_capital(name):
    b = load_board(name)
    # from where colonists start (Roma prints no start: from any city)
    first = [p for k in ("land", "sea") for p in b.homes(k)] or [next(iter(b.cities))]
    seen = set(first)
    todo = deque(first)
    while todo:
        here = todo.popleft()
        for kind in ("land", "sea"):
            for there in b.neighbours(here, kind):
                if there not in seen:
                    seen.add(there)
                    todo.append(there)
    # (Gallia's Mediterranean, off the lines, is counted as a start place)
    assert seen == set(b.places)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_tokens_per_letter_equal_cities_per_letter(name):
    b = load_board(name)
    per_letter = Counter(c.letter for c in b.cities.values())
    assert {k: sum(v.values()) for k, v in b.tokens.items()} == dict(per_letter)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_provinces_partition_the_cities(name):
    b = load_board(name)
    listed = [c for cities in b.provinces.values() for c in cities]
    assert sorted(listed) == sorted(b.cities)  # each city in exactly one province
    for prov, cities in b.provinces.items():
        for c in cities:
            assert b.cities[c].province == prov
            assert b.province_of(c) == prov
    for node in b.nodes:
        assert b.province_of(node) is None


def test_only_ionium_has_two_lines_of_one_kind_between_a_pair():
    for name in EXPECTED:
        b = load_board(name)
        doubled = [ln for ln in b.lines if ln.index > 1]
        if name == "ionium":
            assert doubled == [Line("sea", "Messana", "Neapolis", 2)]
        else:
            assert doubled == [], name


def test_only_the_dotted_ionium_line_is_not_stoppable():
    stops = [(name, ln) for name in EXPECTED for ln in load_board(name).lines if not ln.stoppable]
    assert [(n, ln.kind, ln.label) for n, ln in stops] == [("ionium", "land", "Apollonia-Brvndisivm")]


def test_a_line_is_told_apart_by_kind_ends_and_index_alone():
    """A line is equal to, hashes and sorts as any line of the same kind, ends and index:
    Ionium's dotted Apollonia-Brvndisivm (not stoppable) is the line a player types as
    ``Apollonia-Brvndisivm`` (``Line`` is that tuple);
    its data stays with it, in its repr, in ``_replace`` and in a snapshot's deep copy."""
    import copy

    dotted = load_board("ionium").parse_line("Apollonia-Brvndisivm", "land")
    typed = Line("land", "Apollonia", "Brvndisivm")
    assert not dotted.stoppable and typed.stoppable
    assert dotted == typed and not dotted != typed and hash(dotted) == hash(typed) and {dotted: 1}[typed] == 1
    assert not dotted < typed and dotted <= typed and Line("land", "Apollonia", "Brvndisivm", 2) > dotted
    assert repr(dotted) == "Line(kind='land', a='Apollonia', b='Brvndisivm', index=1, stoppable=False, route='')"
    again = dotted._replace(index=2)
    assert (again.index, again.stoppable, again.route) == (2, False, "") and dotted.index == 1
    assert copy.deepcopy(dotted) is dotted
    nile = next(ln for ln in load_board("aegyptus").lines if ln.route)
    assert nile.route == "Nile" and copy.deepcopy([nile])[0].route == "Nile"


def test_creta_sea_only_cities():
    # creta.yaml: "Tarrha and Gavdos have sea lines only"
    b = load_board("creta")
    for city in ("Tarrha", "Gavdos"):
        assert b.neighbours(city, "land") == []
        assert b.neighbours(city, "sea") != []


# ----- Ionium's special lines -------------------------------------------------------------
def test_ionium_two_messana_neapolis_sea_lines():
    b = load_board("ionium")
    one = b.find_line("sea", "Neapolis", "Messana")
    two = b.find_line("sea", "Messana", "Neapolis", 2)
    assert (one.index, two.index) == (1, 2)
    assert one != two
    assert len({one, two}) == 2  # two distinct values: two colonists can stand there
    assert (one.label, two.label) == ("Messana-Neapolis", "Messana-Neapolis#2")
    assert b.parse_line("Neapolis-Messana#2", "sea") == two
    assert b.parse_line("messana-neapolis", "sea") == one
    with pytest.raises(ContrariusError, match="no sea line #3 Messana-Neapolis"):
        b.find_line("sea", "Messana", "Neapolis", 3)
    # the land line between them is a different line again (Croton-Neapolis is land;
    # Messana-Neapolis has no land line)
    with pytest.raises(ContrariusError, match="there is only a sea line"):
        b.find_line("land", "Messana", "Neapolis")
    # the neighbour list names Neapolis once
    assert b.neighbours("Messana", "sea") == ["Croton", "Neapolis", "Syracvsae"]


def test_ionium_dotted_land_line_is_not_stoppable_but_the_sea_line_is():
    b = load_board("ionium")
    land = b.find_line("land", "Brvndisivm", "Apollonia")
    sea = b.find_line("sea", "Apollonia", "Brvndisivm")
    assert land.stoppable is False
    assert sea.stoppable is True
    assert "Brvndisivm" in b.neighbours("Apollonia", "land")  # it can still be crossed


# ----- names ------------------------------------------------------------------------------
@pytest.mark.parametrize("board,given,printed", [
    ("italia", "Genua", "Genva"),
    ("italia", "genua", "Genva"),
    ("italia", "GENVA", "Genva"),
    ("italia", "Syracusae", "Syracvsae"),
    ("italia", "syracvsae", "Syracvsae"),
    ("italia", "Spoletum", "Spoletvm"),
    ("italia", "Rome", "Roma"),
    ("imperium", "Syracusae", "Syracvsae"),
    ("imperium", "AQUILEIA", "Aqvileia"),
    ("imperium", "isca d", "Isca D."),
    ("imperium", "colonia a.", "Colonia A."),
    ("hispania", "narbo martius", "Narbo Martivs"),
    # Ionium has a city and a province both called Sparta (and Rhodos)
    ("ionium", "sparta", "Sparta"),
    ("ionium", "Rhodos", "Rhodos"),
])
def test_place_aliases_and_case(board, given, printed):
    assert load_board(board).place(given) == printed


@pytest.mark.parametrize("board,given,printed", [
    ("italia", "Liguria", "Ligvria"),
    ("italia", "umbria", "Vmbria"),
    ("imperium", "Mauretania", "Mavretania"),
    ("ionium", "Sparta", "Sparta"),
    ("ionium", "rhodos", "Rhodos"),
])
def test_province_aliases_and_case(board, given, printed):
    assert load_board(board).province(given) == printed


def test_ionium_city_and_province_of_the_same_name_do_not_shadow_each_other():
    b = load_board("ionium")
    assert b.city("Sparta") == "Sparta"
    assert b.province_of("Sparta") == "Sparta"
    assert b.city("Rhodos") == "Rhodos"
    assert b.province_of("Rhodos") == "Rhodos"


def test_typo_in_a_city_name_lists_the_closest_names():
    # (Genoa itself is an accepted English name)
    assert load_board("italia").place("Genoa") == "Genva"
    with pytest.raises(UnknownNameError) as info:
        load_board("italia").place("Genvo")
    msg = str(info.value)
    assert "unknown city 'Genvo'" in msg
    assert "did you mean" in msg and "Genva" in msg
    assert "italia" in msg


def test_typo_in_a_province_name_lists_the_closest_names():
    with pytest.raises(UnknownNameError, match=r"unknown province 'Liguira'.*did you mean Ligvria"):
        load_board("italia").province("Liguira")


def test_a_province_is_not_a_city_and_a_city_not_a_province():
    b = load_board("italia")
    with pytest.raises(UnknownNameError):
        b.place("Ligvria")
    with pytest.raises(UnknownNameError):
        b.province("Genva")


def test_the_capital_is_a_place_but_not_a_city():
    b = load_board("italia")
    assert b.place("roma") == "Roma"
    with pytest.raises(ContrariusError, match="capital"):
        b.city("Roma")


def test_unknown_board_suggests_the_closest():
    with pytest.raises(UnknownNameError, match=r"unknown board 'italy'.*did you mean italia"):
        load_board("italy")
    assert load_board("ITALIA") == load_board("italia")


def test_suggest_is_case_insensitive():
    assert suggest("genua", ["Genva", "Roma", "Nicaea"])[0] == "Genva"
    assert suggest("xyzzy", ["Genva", "Roma"]) == []


# ----- neighbours and lines -----------------------------------------------------------------
def test_italia_genva_neighbours():
    b = load_board("italia")
    assert b.neighbours("Genva", "land") == ["Comvm", "Florentia", "Nicaea", "Segvsio"]
    assert b.neighbours("Genva", "sea") == ["Aleria", "Cosa", "Nicaea"]


def test_capital_neighbours():
    it = load_board("italia")
    assert it.neighbours("Roma", "land") == ["Casinvm", "Cosa", "Spoletvm"]
    assert it.neighbours("Roma", "sea") == ["Cosa", "Neapolis", "Olbia", "Panormvs"]
    im = load_board("imperium")
    assert im.neighbours("Roma", "land") == ["Aqvileia", "Novaria", "Syracvsae"]
    assert im.neighbours("Roma", "sea") == ["Carthago", "Massilia", "Syracvsae"]


def test_a_land_and_a_sea_line_between_one_pair_are_two_lines():
    b = load_board("italia")
    land = b.find_line("land", "Roma", "Cosa")
    sea = b.find_line("sea", "Cosa", "Roma")
    assert land != sea
    assert land.describe() == "land line Cosa-Roma"
    assert sea.describe() == "sea line Cosa-Roma"
    assert land.other("Cosa") == "Roma"


def test_line_of_the_wrong_kind_names_the_kind_that_exists():
    b = load_board("italia")
    with pytest.raises(ContrariusError, match="no land line Olbia-Roma; there is only a sea line Olbia-Roma"):
        b.find_line("land", "Olbia", "Roma")
    with pytest.raises(ContrariusError, match="no line joins them"):
        b.find_line("land", "Genva", "Roma")


@pytest.mark.parametrize("text", ["Cosa", "Cosa-Roma-Olbia", "Cosa-Roma#x"])
def test_parse_line_rejects_malformed_text(text):
    with pytest.raises(ContrariusError, match="cannot read line"):
        load_board("italia").parse_line(text, "land")


def test_parse_line_resolves_aliases():
    b = load_board("italia")
    assert b.parse_line("genua-nicea", "sea") == Line("sea", "Genva", "Nicaea")


# ----- board files are checked -------------------------------------------------------------
def _tiny(**extra) -> dict:
    data = {
        "name": "tiny", "capital": "Roma",
        "provinces": {"P": ["A1", "B1"]},
        "cities": {"A1": {"letter": "A", "province": "P"}, "B1": {"letter": "A", "province": "P"}},
        "land": [["Roma", "A1"]], "sea": [["A1", "B1"]],
        "tokens": {"A": {"brick": 1, "food": 1}},
    }
    data.update(extra)
    return data


def test_board_from_dict_reads_a_small_board():
    b = board_from_dict(_tiny(aliases={"A1": ["Ay"]}))
    assert b.neighbours("Roma", "land") == ["A1"]
    assert b.place("ay") == "A1"


@pytest.mark.parametrize("change,message", [
    ({"land": [["Roma", "Nowhere"]]}, "line Nowhere-Roma ends at unknown city Nowhere"),
    ({"colour": "red"}, "unknown key"),
    ({"provinces": {"P": ["A1"], "Q": ["B1"]}}, "provinces.Q: B1 is not a city of that province"),
    ({"cities": {"A1": {"letter": "A"}}}, "missing or malformed key"),
])
def test_board_from_dict_rejects_inconsistent_files(change, message):
    with pytest.raises(ContrariusError, match=message):
        board_from_dict(_tiny(**change), "tiny.yaml")


# ----- packaging ---------------------------------------------------------------------------
def test_boards_are_packaged_inside_contrarius():
    # Building a wheel is too slow for the suite: check the mapping that puts them there.
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    force = conf["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert force["boards"] == "contrarius/boards"
    found = boards_dir()
    assert found.name == "boards"
    assert sorted(p.stem for p in found.glob("*.yaml")) == sorted(EXPECTED)


# ----- the commands --------------------------------------------------------------------------
def test_boards_command_table(runner):
    r = runner.invoke(app, ["boards"])
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""
    rows = {line.split("│")[1].strip(): line for line in r.stdout.splitlines() if line.startswith("│")}
    assert sorted(rows) == sorted(EXPECTED)
    cells = [c.strip() for c in rows["italia"].split("│")[1:-1]]
    assert cells == ["italia", "Roma", "25", "11", "40", "23"]
    cells = [c.strip() for c in rows["imperium"].split("│")[1:-1]]
    assert cells == ["imperium", "Roma", "30", "12", "44", "35"]


def test_boards_command_json(runner):
    r = runner.invoke(app, ["boards", "--json"])
    assert r.exit_code == 0
    assert r.stderr == ""
    rows = {row["name"]: row for row in json.loads(r.stdout)}
    assert sorted(rows) == sorted(EXPECTED)
    for name, (capital, n_cities, n_provinces, n_land, n_sea, _, _) in EXPECTED.items():
        assert rows[name] == {"name": name, "capital": capital, "cities": n_cities, "provinces": n_provinces,
                              "land_lines": n_land, "sea_lines": n_sea}


def test_board_command_lists_genva(runner):
    r = runner.invoke(app, ["board", "italia"])
    assert r.exit_code == 0
    assert r.stderr == ""
    genva = [line for line in r.stdout.splitlines() if line.startswith("│ Genva ")]
    assert len(genva) == 1
    cells = [c.strip() for c in genva[0].split("│")[1:-1]]
    assert cells == ["Genva", "A", "Ligvria", "Comvm, Florentia, Nicaea, Segvsio", "Aleria, Cosa, Nicaea"]
    assert "25 cities + Roma, 11 provinces, 40 land lines, 23 sea lines" in r.stdout


def test_board_command_json(runner):
    r = runner.invoke(app, ["board", "Italia", "--json"])
    assert r.exit_code == 0
    assert r.stderr == ""
    d = json.loads(r.stdout)
    assert (d["name"], d["capital"], d["cities"], d["provinces"], d["land_lines"], d["sea_lines"]) == \
        ("italia", "Roma", 25, 11, 40, 23)
    genva = next(c for c in d["cities_detail"] if c["city"] == "Genva")
    assert genva == {"city": "Genva", "letter": "A", "province": "Ligvria",
                     "land": ["Comvm", "Florentia", "Nicaea", "Segvsio"], "sea": ["Aleria", "Cosa", "Nicaea"]}
    assert d["capital_neighbours"] == {"land": ["Casinvm", "Cosa", "Spoletvm"],
                                       "sea": ["Cosa", "Neapolis", "Olbia", "Panormvs"]}
    assert d["provinces_detail"]["Ligvria"] == ["Genva", "Nicaea"]
    assert d["tokens"]["C"] == {"brick": 3, "food": 2, "tool": 2, "wine": 2, "cloth": 1}
    assert len(d["cities_detail"]) == 25
    assert len(d["lines"]) == 63


def test_board_command_json_keeps_ionium_special_lines(runner):
    r = runner.invoke(app, ["board", "ionium", "--json"])
    assert r.exit_code == 0
    lines = json.loads(r.stdout)["lines"]
    mn = [ln for ln in lines if (ln["a"], ln["b"]) == ("Messana", "Neapolis")]
    assert [(ln["kind"], ln["index"], ln["line"]) for ln in mn] == [("sea", 1, "Messana-Neapolis"), ("sea", 2, "Messana-Neapolis#2")]
    dotted = [ln for ln in lines if not ln["stoppable"]]
    assert [(ln["kind"], ln["line"]) for ln in dotted] == [("land", "Apollonia-Brvndisivm")]


def test_board_command_unknown_name(runner):
    r = runner.invoke(app, ["board", "italy"])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.startswith("contrarius: unknown board 'italy'")
    assert "did you mean italia" in r.stderr
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_city_typo_suggests_cities_not_provinces():
    # Imperium's province Mavretania has the alias Mauretania: never offered for a city
    from contrarius.material.board import load_board
    from contrarius.errors import UnknownNameError

    with pytest.raises(UnknownNameError) as info:
        load_board("imperium").city("Atlantis")
    assert "Mauretania" not in str(info.value) and "Mavretania" not in str(info.value)
