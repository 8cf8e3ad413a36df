"""The snapshot: round trips, and a clear message for every kind of broken file."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from contrarius.material.board import board_names
from contrarius.errors import SnapshotError
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.reader import read_snapshot
from contrarius.store.snapshot_text import dump_snapshot, load_snapshot

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ITALIA_CITIES = ["Bavzanvm", "Aqvileia", "Verona", "Comvm", "Segvsio", "Genva", "Nicaea", "Mvtina",
                 "Ravenna", "Florentia", "Cosa", "Aleria", "Olbia", "Ancona", "Spoletvm", "Hadria",
                 "Casinvm", "Neapolis", "Lvceria", "Brvndisivm", "Potentia", "Croton", "Messana",
                 "Panormvs", "Syracvsae"]
DISPLAY = ["Mercator", "Mason", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat"]
ORDER = ["Consul", "Architect", "Colonist", "Vintner", "Prefect", "Mercator", "Weaver"]


# ----- round trips --------------------------------------------------------------------------------
VARIANTS = [(b, lvl, strong) for b in board_names()
            for lvl, strong in (("standard", False), ("veteran", False), ("veteran", True),
                                ("expert", False), ("expert", True))]


@pytest.mark.parametrize("board,level,strong", VARIANTS)
def test_new_dump_load_dump_is_byte_identical(board, level, strong):
    # Roma prints no start: the player names the start city (new --start)
    s, _ = new_game(SetupOptions(board=board, level=level, strong=strong, seed=17,
                                 start="Colosseum" if board == "roma" else None))
    text = dump_snapshot(s)
    again = read_snapshot(yaml.safe_load(text), "<test>")
    assert dump_snapshot(again) == text
    assert again == s
    assert read_snapshot(s.to_dict()) == s


def test_round_trip_with_unknown_display_cards_and_no_hand():
    s, _ = new_game(SetupOptions(board="italia", seed=3, record_hand=False,
                                 display=["Smith", "Prefect", "Farmer", "Mason", "Architect", "Colonist", "Diplomat"]))
    assert s.display[-1] == "?" and s.stack_order is None and s.player().hand is None
    text = dump_snapshot(s)
    assert dump_snapshot(read_snapshot(yaml.safe_load(text))) == text
    assert read_snapshot(s.to_dict()) == s


def test_round_trip_of_a_board_with_parallel_lines_and_a_city_named_like_a_province():
    # Ionium: colonists on both Messana-Neapolis sea lines; a house in Sparta (a city and
    # a province of the same name) and in Rhodos.
    s, _ = new_game(SetupOptions(board="ionium", seed=2))
    data = s.to_dict()
    data["colonists"][0] = {"owner": "contrarius", "kind": "sea", "at": "Messana-Neapolis"}
    data["colonists"][1] = {"owner": "contrarius", "kind": "land", "at": "Messana-Syracvsae"}
    data["colonists"][2] = {"owner": "player", "kind": "sea", "at": "Neapolis-Messana#2"}
    data["houses"] = {"Sparta": ["contrarius"], "Rhodos": ["player", "contrarius"]}
    data["bonus_markers"]["Sparta"] = "coins"
    loaded = read_snapshot(data)
    assert [c.where for c in loaded.colonists[:3]] == ["Messana-Neapolis", "Messana-Syracvsae", "Messana-Neapolis#2"]
    assert loaded.houses_of("contrarius") == ["Rhodos", "Sparta"]
    assert loaded.bonus_markers["Sparta"] == "coins"
    text = dump_snapshot(loaded)
    assert dump_snapshot(read_snapshot(yaml.safe_load(text))) == text
    assert read_snapshot(loaded.to_dict()) == loaded


def test_aliases_are_written_back_with_the_printed_names():
    data = _base()
    data["houses"] = {"genua": ["contrarius"], "SYRACUSAE": ["player"]}
    data["colonists"][0] = {"owner": "contrarius", "kind": "sea", "at": "genua-cosa"}
    s = read_snapshot(data)
    out = s.to_dict()
    assert out["houses"] == {"Genva": ["contrarius"], "Syracvsae": ["player"]}
    assert out["colonists"][0] == {"owner": "contrarius", "kind": "sea", "at": "Cosa-Genva"}


EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.name for p in EXAMPLE_FILES])
def test_every_example_round_trips(path):
    s = load_snapshot(str(path))
    text = dump_snapshot(s)
    assert dump_snapshot(read_snapshot(yaml.safe_load(text))) == text
    assert read_snapshot(s.to_dict()) == s


def test_imperium_expert_midgame_example():
    path = EXAMPLES / "imperium-expert-midgame.yaml"
    s = load_snapshot(str(path))
    # written by the program: the file is its own dump, apart from the leading comment
    body = "".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                   if not line.startswith("#"))
    assert body == dump_snapshot(s)
    assert (s.board.name, s.mode, s.level) == ("imperium", "solo", "expert")
    # mid-play: turns logged, Contrarius built (one house from the track: its VP passed 10)
    assert len(s.log) >= 10
    assert s.contrarius.vp >= 10
    assert 10 not in s.contrarius.track and s.contrarius.track == [t for t in (20, 30, 40, 50) if t > s.contrarius.vp]
    assert len(s.houses_of("contrarius")) >= 5
    assert s.houses_in_supply("contrarius") == 15 - len(s.houses_of("contrarius")) - len(s.contrarius.track)
    assert sum(c.line is not None for c in s.colonists_of("contrarius")) >= 2
    assert len(s.contrarius.cards) > 6  # it took cards from the display
    assert any(not c.face_up for c in s.contrarius.cards)  # the Diplomat turned some face down
    assert s.player().vp == 0  # expert: the player starts on 0 and nothing scored for them yet
    assert s.ended is None


# ----- broken snapshots -----------------------------------------------------------------------------
def _base() -> dict:
    """A valid Italia standard snapshot with a known display and stack."""
    s, _ = new_game(SetupOptions(board="italia", level="standard", seed=1))
    data = s.to_dict()
    data["display"] = list(DISPLAY)
    data["stack"] = {"remaining": 7, "order": list(ORDER)}
    return data


def test_base_is_valid():
    s = read_snapshot(_base())
    assert s.display == DISPLAY
    assert [(c.owner, c.kind, c.where) for c in s.colonists] == [
        ("contrarius", "land", "Roma"), ("contrarius", "sea", "Roma"), ("player", "land", "Roma"), ("player", "sea", "Roma")]


def _set(*path_value):
    """A mutation setting ``data[k1][k2]... = value``."""
    *path, value = path_value

    def apply(d):
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = copy.deepcopy(value)
    return apply


def _drop(key):
    return lambda d: d.pop(key)


def _colonist(i, owner, kind, at):
    return _set("colonists", i, {"owner": owner, "kind": kind, "at": at})


def _houses(cities, owner="contrarius"):
    return _set("houses", {c: [owner] for c in cities})


def _both(*fs):
    def apply(d):
        for f in fs:
            f(d)
    return apply


# (id, mutation, key path of the problem, words its message must hold, number of problems)
BROKEN = [
    ("unknown-top-key", _set("colonist", []), "colonist", ["unknown key", "did you mean 'colonists'?"], 1),
    ("unknown-city", _set("houses", {"Genvo": ["contrarius"]}), "houses.Genvo",
     ["unknown city 'Genvo'", "did you mean", "Genva"], 1),
    ("unknown-city-token", _set("cities", "Genvo", "wine"), "cities.Genvo", ["unknown city 'Genvo'", "Genva"], 1),
    ("unknown-province", _set("bonus_markers", "Liguira", "coins"), "bonus_markers.Liguira",
     ["unknown province 'Liguira'", "did you mean Ligvria"], 1),
    ("unknown-card", _set("display", 0, "Mercatr"), "display[0]", ["unknown card 'Mercatr'", "Mercator"], 1),
    ("unknown-card-of-contrarius", _set("contrarius", "cards", 0, {"name": "Prefekt"}), "contrarius.cards[0].name",
     ["unknown card 'Prefekt'", "Prefect"], 1),
    ("house-in-capital", _set("houses", {"Roma": ["contrarius"]}), "houses.Roma", ["house in the capital Roma"], 1),
    ("two-houses-one-owner", _set("houses", {"Genva": ["contrarius", "contrarius"]}), "houses.Genva",
     ["two houses of contrarius in Genva"], 1),
    ("16-houses", _houses(ITALIA_CITIES[:16]), "houses", ["contrarius has 16 houses", "more than 15"], 1),
    ("11-houses-and-5-on-the-track", _both(_houses(ITALIA_CITIES[:11]), _set("level", "expert"),
                                            _set("contrarius", "track", [10, 20, 30, 40, 50])),
     "houses", ["11 houses on the board and 5 on the VP track", "more than 15"], 1),
    ("track-at-standard-level", _set("contrarius", "track", [10, 20]), "contrarius.track",
     ["houses on the VP track at the standard level"], 1),
    ("15-houses-game-not-ended", _houses(ITALIA_CITIES[:15]), "ended", ["built all 15 houses but the game has not ended"], 1),
    ("active-contrarius", _set("active", "contrarius"), "active", ["contrarius cannot hold this", "use null or one of player"], 1),
    ("final-turn-not-bool", _both(_set("ended", {"by": "contrarius", "final_turn_pending": "no"}), _set("concordia", "contrarius")),
     "ended.final_turn_pending", ["expected true or false, got 'no'"], 1),
    ("format-true", _set("format", True), "format", ["unknown format version true"], 1),
    ("city-key-null", lambda d: d["cities"].update({None: "brick"}), "cities.None", ["a city name is missing (null)"], 1),
    ("dice-one-face", _set("dice_faces", {"mercator": ["wine"]}), "dice_faces.mercator", ["expected a list of faces"], 1),
    ("7-colonists", lambda d: d["colonists"].extend(
        {"owner": "contrarius", "kind": k, "at": "Roma"} for k in ("land", "land", "sea", "sea", "sea")),
     "colonists", ["contrarius has 7 colonists", "more than 6"], 1),
    ("4-land-colonists", lambda d: d["colonists"].extend(
        {"owner": "player", "kind": "land", "at": "Roma"} for _ in range(3)),
     "colonists", ["player has 4 land colonists", "more than 3"], 1),
    ("no-such-line", _colonist(0, "contrarius", "land", "Genva-Roma"), "colonists[0].at",
     ["no land line Genva-Roma", "no line joins them"], 1),
    ("land-colonist-on-sea-line", _colonist(0, "contrarius", "land", "Olbia-Roma"), "colonists[0].at",
     ["no land line Olbia-Roma", "there is only a sea line Olbia-Roma"], 1),
    ("second-parallel-line-that-does-not-exist", _colonist(1, "contrarius", "sea", "Cosa-Roma#2"), "colonists[1].at",
     ["no sea line #2 Cosa-Roma"], 1),
    ("two-colonists-on-one-line", _both(_colonist(0, "contrarius", "land", "Cosa-Roma"),
                                        _colonist(2, "player", "land", "Roma-Cosa")),
     "colonists[2].at", ["two colonists on land line Cosa-Roma", "colonists[0]"], 1),
    ("colonist-in-unknown-city", _colonist(0, "contrarius", "land", "Romaa"), "colonists[0].at",
     ["unknown city 'Romaa'", "Roma"], 1),
    ("colonist-unknown-kind", _colonist(0, "contrarius", "air", "Roma"), "colonists[0].kind",
     ["expected land or sea, got 'air'"], 1),
    ("colonist-unknown-key", _set("colonists", 0, "where", "Roma"), "colonists[0].where", ["unknown key"], 1),
    ("negative-vp-contrarius", _set("contrarius", "vp", -1), "contrarius.vp", ["expected 0 or more, got -1"], 1),
    ("negative-vp-player", _set("players", 0, "vp", -3), "players[0].vp", ["expected 0 or more, got -3"], 1),
    ("negative-sestertii", _set("players", 0, "sestertii", -2), "players[0].sestertii", ["expected 0 or more, got -2"], 1),
    ("vp-not-a-number", _set("contrarius", "vp", "ten"), "contrarius.vp", ["expected a whole number, got 'ten'"], 1),
    ("newer-format", _set("format", 2), "format", ["format version 2 was written by a newer contrarius", "upgrade"], 1),
    ("unknown-format", _set("format", 0), "format", ["unknown format version 0", "reads format 1"], 1),
    ("unknown-player-goods", _set("players", 0, "goods", "clothe", 1), "players[0].goods.clothe", ["unknown goods"], 1),
    ("unknown-token-goods", _set("cities", "Genva", "wood"), "cities.Genva", ["unknown goods 'wood'"], 1),
    ("negative-goods", _set("players", 0, "goods", {"brick": -1}), "players[0].goods.brick",
     ["expected 0 or more, got -1"], 1),
    # Genva turned from wine to cloth: two A cities show cloth, none wine (one problem each)
    ("token-counts-per-letter", _set("cities", "Genva", "cloth"), "cities",
     ["letter A cities show", "but the A tokens hold 1"], 2),
    ("missing-city-token", lambda d: d["cities"].pop("Genva"), "cities.Genva", ["missing city token"], 1),
    ("city-token-twice-via-alias", _set("cities", "Genua", "wine"), "cities.Genua", ["Genva is listed twice"], 1),
    ("display-6-entries", _set("display", DISPLAY[:6]), "display", ["expected a list of 7 positions"], 1),
    ("card-right-of-empty-slot", _set("display", [DISPLAY[0], None, *DISPLAY[2:]]), "display",
     ["a card stands right of an empty position"], 1),
    ("stack-order-length", _set("stack", "remaining", 6), "stack.order", ["lists 7 cards but stack.remaining is 6"], 1),
    ("stack-unknown-key", _set("stack", "top", "Consul"), "stack.top", ["unknown key"], 1),
    ("bad-bonus-marker-side", _set("bonus_markers", "Corsica", "coin"), "bonus_markers.Corsica",
     ["expected goods or coins, got 'coin'"], 1),
    ("unknown-house-owner", _set("houses", {"Genva": ["contrarivs"]}), "houses.Genva",
     ["unknown owner 'contrarivs'", "did you mean contrarius"], 1),
    ("unknown-colonist-owner", _colonist(0, "bob", "land", "Roma"), "colonists[0].owner", ["unknown owner 'bob'"], 1),
    ("unknown-active", _set("active", "playr"), "active", ["unknown owner 'playr'"], 1),
    ("bad-ended", _set("ended", {"by": "nobody"}), "ended", ["expected null or {by: OWNER"], 1),
    ("missing-display", _drop("display"), "display", ["missing key"], 1),
    ("missing-board", _drop("board"), "board", ["missing key"], 1),
    ("unknown-board", _set("board", "italy"), "board", ["unknown board 'italy'", "did you mean italia"], 1),
    ("unknown-level", _set("level", "expret"), "level", ["unknown level 'expret'"], 1),
    ("unknown-mode", _set("mode", "duo"), "mode", ["unknown mode 'duo'"], 1),
    ("players-not-matching-mode", _set("players", 0, "id", "player1"), "players",
     ["a solo game has players player", "'player1'"], 1),
    ("duplicate-display-card", _set("display", 1, "Farmer"), "display",
     ["2 Farmer cards in the display and stack", "hold only 1"], 1),
    ("duplicate-display-and-stack-card", _set("stack", "order", 0, "Mason"), "display", ["2 Mason cards"], 1),
    ("three-prefects", _set("display", 1, "Prefect"), "display", ["3 Prefect cards", "hold only 2"], 1),
    ("not-a-display-card", _set("display", 0, "Tribune"), "display", ["Tribune is not a card of the Solitaria display stacks"], 1),
    ("track-duplicated", _both(_set("level", "expert"), _set("contrarius", "track", [10, 10, 20])), "contrarius.track[1]",
     ["two houses on VP position 10"], 1),
    ("track-position-zero", _both(_set("level", "expert"), _set("contrarius", "track", [0, 10])), "contrarius.track[0]", ["expected 1 or more, got 0"], 1),
    ("unknown-god", _set("contrarius", "cards", 0, {"name": "Prefect", "gods": ["Zeus"]}), "contrarius.cards[0].gods[0]",
     ["unknown god 'Zeus'"], 1),
    ("bad-card-face", _set("contrarius", "cards", 0, {"name": "Prefect", "face": "sideways"}), "contrarius.cards[0].face",
     ["expected up or down, got 'sideways'"], 1),
    ("log-not-a-list", _set("log", "yesterday"), "log", ["expected a list of turn records"], 1),
    ("seed-not-a-number", _set("seed", "abc"), "seed", ["expected a whole number, got 'abc'"], 1),
]


@pytest.mark.parametrize("mutate,path,words,count", [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_broken_snapshot_has_a_clear_message(mutate, path, words, count):
    data = _base()
    mutate(data)
    with pytest.raises(SnapshotError) as info:
        read_snapshot(data, "game.yaml")
    problems = info.value.problems
    assert len(problems) == count, [p.render() for p in problems]
    hit = [p for p in problems if p.path == path]
    assert hit, [p.render() for p in problems]
    text = hit[0].render("game.yaml")
    assert text.startswith(f"game.yaml: {path}: ")
    for w in words:
        assert w in text, text
    assert hit[0].fix  # every problem says how to fix it
    # the exception's own message is one line naming the file and the first problem
    assert "\n" not in str(info.value)
    assert str(info.value).startswith("game.yaml: ")


def test_there_are_at_least_twenty_kinds_of_broken_snapshot():
    assert len({b[0] for b in BROKEN}) == len(BROKEN) >= 20


def test_not_a_mapping():
    with pytest.raises(SnapshotError, match=r"\(top\): expected a mapping"):
        read_snapshot(["format", 1])


def test_every_problem_is_listed_not_only_the_first():
    data = _base()
    data["colour"] = "red"
    data["houses"] = {"Roma": ["contrarius"]}
    data["contrarius"]["vp"] = -5
    data["display"] = DISPLAY[:5]
    with pytest.raises(SnapshotError) as info:
        read_snapshot(data, "g.yaml")
    assert [p.path for p in info.value.problems] == ["colour", "houses.Roma", "display", "contrarius.vp"]
    assert str(info.value).endswith("(and 3 more problems: run 'contrarius check')")


def test_team_snapshot_players():
    # A team game names its players player1 and player2; colonists of 'player' are unknown there.
    data = _base()
    data["mode"] = "team"
    data["players"] = [dict(data["players"][0], id="player1"), dict(data["players"][0], id="player2")]
    for c in data["colonists"]:
        if c["owner"] == "player":
            c["owner"] = "player1"
    s = read_snapshot(data)
    assert s.owners == ("contrarius", "player1", "player2")
    data["players"] = data["players"][:1]
    with pytest.raises(SnapshotError, match="a team game has players player1, player2"):
        read_snapshot(data)
