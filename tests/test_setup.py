"""A new game: the rulebook's "Setup", "Difficulty level" and "Variant difficulty levels".

Every expectation below was worked out by hand from the rulebook and the board files;
the reasoning is written beside it. Goods values: cloth > wine > tool > food > brick.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

from contrarius.messages import english
from contrarius.material.board import Line, board_names, load_board
from contrarius.cli import app
from contrarius.errors import ContrariusError
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.snapshot import Snapshot
from contrarius.model.reader import read_snapshot

# Stacks I and II as listed in reference/cards.md ("Stack I (8)", "Stack II (7)").
STACK_I = ["Prefect", "Mason", "Mercator", "Architect", "Colonist", "Diplomat", "Farmer", "Smith"]
STACK_II = ["Architect", "Mercator", "Colonist", "Prefect", "Consul", "Vintner", "Weaver"]
SETUP_SPECIALISTS = {"Mason", "Farmer", "Smith"}
HAND = ["Tribune", "Architect", "Prefect", "Prefect with Praefectus Magnus", "Mercator", "Diplomat", "Senator"]

# ----- hand-laid city tokens ----------------------------------------------------------------
# Italia, respecting the token mix per letter (A: 2 brick 2 food 1 tool 1 wine 1 cloth;
# B: 2/2/2/1/1; C: 3/2/2/2/1).
ITALIA_A = {
    # A
    "Bavzanvm": "brick", "Aqvileia": "cloth", "Verona": "brick", "Comvm": "food", "Segvsio": "tool",
    "Genva": "wine", "Nicaea": "food",
    # B
    "Mvtina": "cloth", "Ravenna": "food", "Florentia": "tool", "Cosa": "tool", "Aleria": "brick",
    "Olbia": "brick", "Casinvm": "wine", "Neapolis": "food",
    # C
    "Ancona": "wine", "Spoletvm": "cloth", "Hadria": "food", "Lvceria": "brick", "Brvndisivm": "brick",
    "Potentia": "food", "Croton": "brick", "Messana": "tool", "Panormvs": "wine", "Syracvsae": "tool",
}
# B: the B cloth moves from Mvtina to Cosa (Mvtina takes Cosa's tool): Cosa and Spoletvm
# are both cloth cities next to Roma.
ITALIA_B = {**ITALIA_A, "Cosa": "cloth", "Mvtina": "tool"}
# C: the B cloth moves to Olbia (Mvtina takes Olbia's brick), the C cloth moves from
# Spoletvm to Hadria (Spoletvm takes Hadria's food): Olbia is the only cloth next to Roma.
ITALIA_C = {**ITALIA_A, "Olbia": "cloth", "Mvtina": "brick", "Spoletvm": "food", "Hadria": "cloth"}

# Imperium, respecting A 2/2/1/1/1, B 2/2/2/1/1, C 3/2/2/2/1, D 1/1/1/1/1.
IMPERIUM = {
    # A
    "Isca D.": "brick", "Londinivm": "food", "Colonia A.": "wine", "Vindobona": "cloth", "Sirmivm": "brick",
    "Napoca": "food", "Tomis": "tool",
    # B
    "Lvtetia": "cloth", "Bvrdigala": "wine", "Massilia": "food", "Brigantivm": "brick", "Olisipo": "brick",
    "Valentia": "tool", "Rvsadir": "food", "Carthago": "tool",
    # C
    "Leptis Magna": "brick", "Cyrene": "brick", "Bycantivm": "wine", "Sinope": "food", "Attalia": "tool",
    "Antiochia": "brick", "Tyros": "cloth", "Alexandria": "wine", "Memphis": "food", "Petra": "tool",
    # D
    "Novaria": "tool", "Aqvileia": "wine", "Syracvsae": "cloth", "Dyrrhachivm": "food", "Athenae": "brick",
}


def _tokens_arg(tokens: dict[str, str]) -> str:
    return ",".join(f"{c}={g}" for c, g in tokens.items())


def _new_cli(runner, *args: str) -> Snapshot:
    r = runner.invoke(app, ["new", *args])
    assert r.exit_code == 0, r.stderr
    return read_snapshot(yaml.safe_load(r.stdout))


def _contrarius_cols(s: Snapshot) -> list[tuple[str, str]]:
    return sorted((c.kind, c.where) for c in s.colonists_of("contrarius"))


def test_hand_laid_tokens_respect_the_letters():
    # guard for the tables above: a mistake there would make every veteran case meaningless
    for name, tokens in (("italia", ITALIA_A), ("italia", ITALIA_B), ("italia", ITALIA_C), ("imperium", IMPERIUM)):
        b = load_board(name)
        assert sorted(tokens) == sorted(b.cities)
        for letter, mix in b.tokens.items():
            got = Counter(g for c, g in tokens.items() if b.cities[c].letter == letter)
            assert dict(got) == {g: n for g, n in mix.items() if n}, (name, letter)


# ----- veteran ----------------------------------------------------------------------------
def test_italia_veteran_cloth_city_by_land(runner):
    # ITALIA_A. Next to Roma: land Casinvm (wine), Cosa (tool), Spoletvm (cloth);
    # sea Cosa (tool), Neapolis (food), Olbia (brick), Panormvs (wine).
    # House: Spoletvm, the only cloth city next to Roma. Only a land line joins Roma and
    # Spoletvm -> the land colonist stands on Roma-Spoletvm.
    # Second colonist: "adjacent to the next most valuable city it can reach", by either
    # kind of line (README's reading): Casinvm (wine, land) and Panormvs (wine, sea) tie;
    # alphabetical: Casinvm. Only a land line joins Roma and Casinvm -> a second land
    # colonist, on Casinvm-Roma.
    s = _new_cli(runner, "--board", "italia", "--level", "veteran", "--seed", "1", "--tokens", _tokens_arg(ITALIA_A))
    assert s.houses == {"Spoletvm": ["contrarius"]}
    assert _contrarius_cols(s) == [("land", "Casinvm-Roma"), ("land", "Roma-Spoletvm")]
    assert Line("land", "Roma", "Spoletvm") in [c.line for c in s.colonists_of("contrarius", "land")]
    assert s.colonists_of("contrarius", "sea") == []
    assert s.player().vp == 10  # "You start with 10 victory points."
    assert s.contrarius.vp == 0
    assert s.contrarius.track == []
    assert s.houses_in_supply("contrarius") == 14
    assert (s.colonists_in_supply("contrarius", "land"), s.colonists_in_supply("contrarius", "sea")) == (1, 3)


def test_italia_strong_veteran_second_house(runner):
    # Same table, strong veteran: "2 houses, one in each of the cities adjacent to its
    # colonists": Spoletvm and Casinvm.
    s = _new_cli(runner, "--board", "italia", "--level", "veteran", "--strong", "--seed", "1",
                 "--tokens", _tokens_arg(ITALIA_A))
    assert s.houses == {"Casinvm": ["contrarius"], "Spoletvm": ["contrarius"]}
    assert _contrarius_cols(s) == [("land", "Casinvm-Roma"), ("land", "Roma-Spoletvm")]
    assert s.houses_in_supply("contrarius") == 13


def test_italia_veteran_tie_alphabetical_and_both_lines(runner):
    # ITALIA_B: Cosa (cloth) and Spoletvm (cloth) tie; alphabetical: Cosa. A land and a sea
    # line join Roma and Cosa: "you decide"; the default is land -> land colonist on Cosa-Roma.
    # Second: the next most valuable city by either line: Spoletvm (cloth) > Casinvm,
    # Panormvs (wine) > ...; only a land line leads to Spoletvm -> land on Roma-Spoletvm.
    s = _new_cli(runner, "--board", "italia", "--level", "veteran", "--seed", "2", "--tokens", _tokens_arg(ITALIA_B))
    assert s.houses == {"Cosa": ["contrarius"]}
    assert _contrarius_cols(s) == [("land", "Cosa-Roma"), ("land", "Roma-Spoletvm")]


def test_italia_veteran_player_chooses_the_sea_colonist(runner):
    # ITALIA_B with --veteran-colonist sea: sea colonist on the sea line Cosa-Roma; the
    # second goes next to the best other city: Spoletvm (cloth), only by land -> a land
    # colonist on Roma-Spoletvm. Strong: houses in Cosa and Spoletvm.
    s = _new_cli(runner, "--board", "italia", "--level", "veteran", "--strong", "--seed", "2",
                 "--veteran-colonist", "sea", "--tokens", _tokens_arg(ITALIA_B))
    assert s.houses == {"Cosa": ["contrarius"], "Spoletvm": ["contrarius"]}
    assert _contrarius_cols(s) == [("land", "Roma-Spoletvm"), ("sea", "Cosa-Roma")]
    assert s.colonists_of("contrarius", "sea")[0].line == Line("sea", "Cosa", "Roma")


def test_italia_veteran_player_picks_the_other_tied_city(runner):
    # ITALIA_B with --veteran-city Spoletvm (as valuable as Cosa): land colonist on
    # Roma-Spoletvm; the second goes next to Cosa, the best other city (cloth); a land and
    # a sea line lead there: the default is the other kind than the first -> sea on Cosa-Roma.
    s = _new_cli(runner, "--board", "italia", "--level", "veteran", "--seed", "2",
                 "--veteran-city", "spoletum", "--tokens", _tokens_arg(ITALIA_B))
    assert s.houses == {"Spoletvm": ["contrarius"]}
    assert _contrarius_cols(s) == [("land", "Roma-Spoletvm"), ("sea", "Cosa-Roma")]


def test_italia_veteran_city_must_be_among_the_most_valuable(runner):
    # Casinvm is wine; Cosa and Spoletvm are cloth: Casinvm is not "the most valuable city".
    r = runner.invoke(app, ["new", "--board", "italia", "--level", "veteran", "--seed", "2",
                            "--veteran-city", "Casinvm", "--tokens", _tokens_arg(ITALIA_B)])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert "Casinvm" in r.stderr and "most valuable" in r.stderr


def test_italia_veteran_sea_only_city_then_land(runner):
    # ITALIA_C: Olbia (cloth) is the most valuable city next to Roma, only by sea -> sea
    # colonist on Olbia-Roma. Second: Casinvm (wine, land) and Panormvs (wine, sea) tie;
    # alphabetical: Casinvm, only by land -> land colonist on Casinvm-Roma.
    s = _new_cli(runner, "--board", "italia", "--level", "veteran", "--strong", "--seed", "3",
                 "--tokens", _tokens_arg(ITALIA_C))
    assert s.houses == {"Casinvm": ["contrarius"], "Olbia": ["contrarius"]}
    assert _contrarius_cols(s) == [("land", "Casinvm-Roma"), ("sea", "Olbia-Roma")]


def test_imperium_veteran_tokens_from_a_yaml_file(runner, tmp_path):
    # IMPERIUM. Next to Roma: land Aqvileia (wine), Novaria (tool), Syracvsae (cloth);
    # sea Carthago (tool), Massilia (food), Syracvsae (cloth).
    # House: Syracvsae (cloth); land and sea lines both lead there, default land.
    # Second: the next most valuable city by either line: Aqvileia (wine) > Novaria,
    # Carthago (tool) > Massilia (food); only a land line leads to Aqvileia -> land colonist.
    path = tmp_path / "tokens.yaml"
    path.write_text(yaml.safe_dump(IMPERIUM, sort_keys=False), encoding="utf-8")
    s = _new_cli(runner, "--board", "imperium", "--level", "veteran", "--seed", "4", "--tokens", str(path))
    assert s.houses == {"Syracvsae": ["contrarius"]}
    assert _contrarius_cols(s) == [("land", "Aqvileia-Roma"), ("land", "Roma-Syracvsae")]
    assert s.cities == IMPERIUM


def test_imperium_veteran_sea_first_then_land_to_wine():
    # Same table, --veteran-colonist sea: sea colonist on Roma-Syracvsae; second (land):
    # Aqvileia (wine) > Novaria (tool). Strong: houses in Syracvsae and Aqvileia.
    s, _ = new_game(SetupOptions(board="imperium", level="veteran", seed=4, tokens=IMPERIUM,
                                 veteran_colonist="sea", strong=True))
    assert s.houses == {"Aqvileia": ["contrarius"], "Syracvsae": ["contrarius"]}
    assert _contrarius_cols(s) == [("land", "Aqvileia-Roma"), ("sea", "Roma-Syracvsae")]


def test_veteran_colonist_of_a_kind_without_a_line_is_refused():
    # ITALIA_A: only a land line joins Roma and Spoletvm; a sea colonist cannot stand there.
    with pytest.raises(ContrariusError, match="only a land line"):
        new_game(SetupOptions(board="italia", level="veteran", seed=1, tokens=ITALIA_A, veteran_colonist="sea"))


def test_veteran_second_city_by_choice_must_be_next_to_the_capital():
    # ITALIA_A: the table may name any other city next to Roma, by either kind of line
    # (a city reached only by a sea line, such as Panormvs, is a choice like any other).
    with pytest.raises(ContrariusError, match="no line joins Roma and Ancona"):
        new_game(SetupOptions(board="italia", level="veteran", seed=1, tokens=ITALIA_A, veteran_second="Ancona"))
    s, _ = new_game(SetupOptions(board="italia", level="veteran", seed=1, tokens=ITALIA_A, veteran_second="Cosa"))
    # Cosa: a land and a sea line; the first colonist is land -> default: the other kind, sea
    assert _contrarius_cols(s) == [("land", "Roma-Spoletvm"), ("sea", "Cosa-Roma")]
    s, _ = new_game(SetupOptions(board="italia", level="veteran", seed=1, tokens=ITALIA_A, veteran_second="Cosa",
                                 veteran_second_colonist="land"))
    assert _contrarius_cols(s) == [("land", "Cosa-Roma"), ("land", "Roma-Spoletvm")]
    s, _ = new_game(SetupOptions(board="italia", level="veteran", seed=1, tokens=ITALIA_A, veteran_second="Panormvs"))
    assert _contrarius_cols(s) == [("land", "Roma-Spoletvm"), ("sea", "Panormvs-Roma")]
    with pytest.raises(ContrariusError, match="only a land line joins Roma and Casinvm"):
        new_game(SetupOptions(board="italia", level="veteran", seed=1, tokens=ITALIA_A, veteran_second="Casinvm",
                              veteran_second_colonist="sea"))


def test_veteran_second_of_the_same_kind_as_the_first(runner):
    # ITALIA_C: the first colonist is a sea colonist on Olbia-Roma (Olbia, cloth, only by sea).
    # --veteran-second Panormvs: only a sea line joins Roma and Panormvs -> a second sea
    # colonist (the table's choice).
    s = _new_cli(runner, "--board", "italia", "--level", "veteran", "--seed", "3", "--veteran-second", "Panormvs",
                 "--tokens", _tokens_arg(ITALIA_C))
    assert _contrarius_cols(s) == [("sea", "Olbia-Roma"), ("sea", "Panormvs-Roma")]


# ----- standard and expert ----------------------------------------------------------------------
def test_standard(runner):
    # "Standard: Contrarius places 1 land and 1 sea colonist into the capital. You start
    # with 20 victory points." No house, no track; Contrarius on 0 VP.
    s = _new_cli(runner, "--board", "italia", "--level", "standard", "--seed", "5")
    assert s.level == "standard"
    assert s.houses == {}
    assert _contrarius_cols(s) == [("land", "Roma"), ("sea", "Roma")]
    assert s.contrarius.vp == 0
    assert s.contrarius.track == []
    assert s.player().vp == 20
    assert s.houses_in_supply("contrarius") == 15


def test_expert_track(runner):
    # "Expert: ... 1 land and 1 sea colonist into the capital ... 1 house on each of the
    # positions 10, 20, 30, 40 and 50. Surplus houses remain in its supply. You start with 0."
    s = _new_cli(runner, "--board", "imperium", "--level", "expert", "--seed", "6")
    assert s.contrarius.track == [10, 20, 30, 40, 50]
    assert _contrarius_cols(s) == [("land", "Roma"), ("sea", "Roma")]
    assert s.houses == {}
    assert s.houses_in_supply("contrarius") == 10
    assert s.player().vp == 0
    assert s.contrarius.vp == 0


def test_strong_expert_track(runner):
    # "strong expert: ... Place the houses on 9, 18, 27, 36 and 45"
    s = _new_cli(runner, "--board", "imperium", "--level", "expert", "--strong", "--seed", "6")
    assert s.contrarius.track == [9, 18, 27, 36, 45]


def test_custom_expert_track(runner):
    # "... or even on 8, 16, 24, 32 and 40."
    s = _new_cli(runner, "--board", "imperium", "--level", "expert", "--track", "40,8,16,24,32", "--seed", "6")
    assert s.contrarius.track == [8, 16, 24, 32, 40]
    assert s.houses_in_supply("contrarius") == 10


@pytest.mark.parametrize("args,message", [
    (["--level", "standard", "--track", "8,16"], "--track is for the expert level"),
    (["--level", "standard", "--strong"], "--strong is for the veteran and expert levels"),
    (["--level", "expert", "--track", "10,10,20"], "distinct VP positions"),
    (["--level", "expert", "--track", "ten"], "--track: cannot read"),
    (["--beginner", "--start-vp", "30"], "either --beginner"),
    (["--start-vp", "-1"], "starting VP cannot be negative"),
    (["--level", "heroic"], "unknown level 'heroic'"),
    (["--board", "italy"], "did you mean italia"),
    (["--veteran-colonist", "air"], "--veteran-colonist is land or sea"),
    (["--board", "italia", "--tokens", "Genva=cloth"], "--tokens names 1 of 25 cities"),
    (["--board", "italia", "--tokens", "Genvo=cloth"], "unknown city 'Genvo'"),
    (["--board", "italia", "--tokens", "Genva"], "no such file"),
    (["--board", "italia", "--tokens", "Genva=,Comvm=food"], "--tokens: cannot read 'Genva='"),
])
def test_new_refuses_bad_options(runner, args, message):
    r = runner.invoke(app, ["new", "--seed", "1", *args])
    assert r.exit_code in (2, 3), r.stderr
    assert r.stdout == ""
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr


def test_tokens_that_break_the_letter_mix_are_refused(runner):
    # Genva turned from wine to cloth: two cloth among the A cities (Genva, Aqvileia) but
    # the A tokens hold one, and no wine where the A tokens hold one.
    bad = {**ITALIA_A, "Genva": "cloth"}
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "--tokens", _tokens_arg(bad)])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert "0 wine among the A cities, the A tokens hold 1" in r.stderr
    assert "2 cloth among the A cities, the A tokens hold 1" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_tokens_with_unknown_goods_are_refused():
    with pytest.raises(ContrariusError, match="unknown goods in Genva=wood"):
        new_game(SetupOptions(board="italia", seed=1, tokens={**ITALIA_A, "Genva": "wood"}))


def test_tokens_accept_aliases_and_any_case():
    laid = {("Genua" if c == "Genva" else c): g.upper() for c, g in ITALIA_A.items()}
    s, notes = new_game(SetupOptions(board="italia", seed=1, tokens=laid))
    assert s.cities == ITALIA_A
    assert not any("city tokens shuffled" in n for n in notes)


# ----- the player's starting VP -------------------------------------------------------------------
@pytest.mark.parametrize("args,vp", [
    (["--level", "standard"], 20),
    (["--level", "veteran"], 10),
    (["--level", "expert"], 0),
    (["--level", "standard", "--beginner"], 40),  # "start ... with 40 victory points instead of 20"
    (["--level", "standard", "--start-vp", "18"], 18),  # campaign: 20 - 10 // 5
    (["--level", "expert", "--start-vp", "7"], 7),
])
def test_player_start_vp(runner, args, vp):
    s = _new_cli(runner, "--board", "italia", "--seed", "8", *args)
    assert s.player().vp == vp
    assert s.contrarius.vp == 0  # "Place its scoring marker on the 0"


# ----- the player's setup, every level -------------------------------------------------------------
@pytest.mark.parametrize("level", ["standard", "veteran", "expert"])
def test_player_setup(level):
    # "Your setup: Place 2 colonists as usual [1 land and 1 sea in the capital] and take the
    # 6 goods (1 cloth, 1 brick, 1 tool, 1 wine and 2 food) ... Also take 6 sestertii."
    # The 7 turquoise cards are the hand.
    s, _ = new_game(SetupOptions(board="italia", level=level, seed=9))
    p = s.player()
    assert p.id == "player"
    assert sorted((c.kind, c.where) for c in s.colonists_of("player")) == [("land", "Roma"), ("sea", "Roma")]
    assert p.goods == {"cloth": 1, "brick": 1, "tool": 1, "wine": 1, "food": 2}
    assert p.sestertii == 6
    assert [c.name for c in p.hand] == HAND
    assert p.played == []
    assert s.houses_of("player") == []
    assert (s.colonists_in_supply("player", "land"), s.colonists_in_supply("player", "sea")) == (2, 2)
    assert all(side == "goods" for side in s.bonus_markers.values())
    assert sorted(s.bonus_markers) == sorted(s.board.provinces)
    assert s.log == []
    assert s.ended is None and s.concordia is None


def test_no_hand_leaves_the_hand_unrecorded():
    s, _ = new_game(SetupOptions(board="italia", seed=9, record_hand=False))
    assert s.player().hand is None and s.player().played is None


# ----- Contrarius's cards and the display ------------------------------------------------------------
DEALT = ["Mercator", "Prefect", "Farmer", "Mason", "Architect", "Colonist", "Diplomat"]


def test_display_as_dealt_sixth_card_and_refill(runner):
    # Left to right the first Mason/Farmer/Smith is the Farmer in position 3 (the Mason in
    # position 4 comes after it). Contrarius takes it as its sixth card; the cards right of
    # it slide left and the named refill (Consul) enters position 7. The stack had
    # 15 - 7 = 8 cards, one was drawn: 7 remain, their order unknown.
    s = _new_cli(runner, "--board", "italia", "--seed", "1", "--display", ",".join(DEALT), "--refill", "Consul")
    assert s.display == ["Mercator", "Prefect", "Mason", "Architect", "Colonist", "Diplomat", "Consul"]
    assert [c.name for c in s.contrarius.cards][-1] == "Farmer"
    assert len(s.contrarius.cards) == 6
    assert s.stack_remaining == 7
    assert s.stack_order is None


@pytest.mark.parametrize("refill", [[], ["--refill", "?"]])
def test_display_as_dealt_unknown_refill(runner, refill):
    # Without --refill (or with '?') the drawn card is not known yet: position 7 shows '?'.
    s = _new_cli(runner, "--board", "italia", "--seed", "1", "--display", ",".join(DEALT), *refill)
    assert s.display == ["Mercator", "Prefect", "Mason", "Architect", "Colonist", "Diplomat", "?"]
    assert s.stack_remaining == 7


def test_display_as_dealt_smith_first():
    # Smith in position 1 is the first specialist from the left.
    dealt = ["Smith", "Prefect", "Farmer", "Mason", "Architect", "Colonist", "Diplomat"]
    s, notes = new_game(SetupOptions(board="italia", seed=1, display=dealt, refill=["Mercator"]))
    assert s.contrarius.cards[-1].name == "Smith"
    assert s.display == ["Prefect", "Farmer", "Mason", "Architect", "Colonist", "Diplomat", "Mercator"]
    assert any("Smith from display position 1" in n for n in notes)


def test_display_without_a_setup_specialist_is_refused():
    dealt = ["Mercator", "Prefect", "Vintner", "Weaver", "Architect", "Colonist", "Diplomat"]
    with pytest.raises(ContrariusError, match="no Mason, Farmer or Smith"):
        new_game(SetupOptions(board="italia", seed=1, display=dealt))


@pytest.mark.parametrize("display,refill,message", [
    (DEALT[:6], [], "needs the 7 cards"),
    (DEALT, ["Consul", "Weaver"], "--refill names the one card"),
    (None, ["Consul"], "only in a table game"),  # a virtual game refills from its seeded stack
    (DEALT, ["Consull"], "unknown card 'Consull'"),
    # stacks I and II hold one Farmer: Contrarius took it, it cannot be drawn again
    (DEALT, ["Farmer"], "2 Farmer cards, but stacks I and II hold 1"),
    (["Mason", "Mason", "Farmer", "Mercator", "Architect", "Colonist", "Diplomat"], [], "2 Mason cards"),
    (["Tribune", "Prefect", "Farmer", "Mason", "Architect", "Colonist", "Diplomat"], [], "Tribune is not a card of stacks I and II"),
])
def test_bad_display_options(display, refill, message):
    with pytest.raises(ContrariusError, match=re.escape(message)):
        new_game(SetupOptions(board="italia", seed=1, display=display, refill=refill))


def test_contrarius_cards():
    # Five scarlet cards (not public: the defaults are marked assumed) plus the sixth.
    s, notes = new_game(SetupOptions(board="italia", seed=1, display=DEALT))
    five = s.contrarius.cards[:5]
    assert len(five) == 5 and all(c.assumed and c.face_up for c in five)
    assert not s.contrarius.cards[5].assumed
    assert any("assumed" in n for n in notes)
    s, _ = new_game(SetupOptions(board="italia", seed=1, display=DEALT,
                                 contrarius_cards=["Prefect", "Mercator", "Architect", "Colonist", "Consul"]))
    assert [c.name for c in s.contrarius.cards] == ["Prefect", "Mercator", "Architect", "Colonist", "Consul", "Farmer"]
    assert not any(c.assumed for c in s.contrarius.cards)
    with pytest.raises(ContrariusError, match="5 cards"):
        new_game(SetupOptions(board="italia", seed=1, contrarius_cards=["Prefect"]))


@pytest.mark.parametrize("seed", range(12))
def test_shuffled_display_stack_one_on_top_of_stack_two(seed):
    # "stack I is placed on top of stack II ... the display area is filled with the 7
    # first cards": all 7 come from stack I (8 cards). Contrarius takes the first
    # Mason/Farmer/Smith and the refill is the 8th card of stack I. So the display after
    # setup plus Contrarius's sixth card is exactly stack I, and the 7 cards left in the
    # stack are exactly stack II.
    s, notes = new_game(SetupOptions(board="imperium", seed=seed))
    sixth = s.contrarius.cards[-1].name
    assert sixth in SETUP_SPECIALISTS
    assert None not in s.display and "?" not in s.display
    assert Counter(s.display + [sixth]) == Counter(STACK_I)
    assert Counter(s.stack_order) == Counter(STACK_II)
    assert s.stack_remaining == 7
    # the cards left of the taken position hold no Mason/Farmer/Smith
    pos = int(re.search(r"from display position (\d)", " ".join(english(n) for n in notes)).group(1))
    assert not SETUP_SPECIALISTS & set(s.display[:pos - 1])


def test_shuffles_follow_the_seed():
    a, _ = new_game(SetupOptions(board="italia", seed=21))
    b, _ = new_game(SetupOptions(board="italia", seed=21))
    assert a.to_dict() == b.to_dict()
    layouts = {tuple(new_game(SetupOptions(board="italia", seed=n))[0].cities.values()) for n in range(6)}
    assert len(layouts) > 1
    orders = {tuple(new_game(SetupOptions(board="italia", seed=n))[0].display) for n in range(6)}
    assert len(orders) > 1


def test_no_seed_draws_one_and_stores_it():
    s, _ = new_game(SetupOptions(board="italia"))
    assert isinstance(s.seed, int)


@pytest.mark.parametrize("name", board_names())
def test_shuffled_tokens_respect_the_token_counts(name):
    b = load_board(name)
    for seed in range(3):
        # Roma prints no start: the player names the start city (new --start)
        s, _ = new_game(SetupOptions(board=name, seed=seed, start="Forum Romanum" if b.asks_start else None))
        assert sorted(s.cities) == sorted(b.cities)
        for letter, mix in b.tokens.items():
            got = Counter(g for c, g in s.cities.items() if b.cities[c].letter == letter)
            want = {g: n for g, n in mix.items() if n}
            if "salt" in want:  # Hispania, Byzantium without Salsa: the no-salt token instead
                want[b.no_salt[letter]] = want.get(b.no_salt[letter], 0) + want.pop("salt")
            assert dict(got) == want, (name, letter, seed)


@pytest.mark.parametrize("name", [n for n in board_names()
                                  if load_board(n).capital and load_board(n).starts == {"land": (load_board(n).capital,),
                                                                                        "sea": (load_board(n).capital,)}])
def test_veteran_on_every_board_follows_the_reading(name):
    # Checked against the docstring's reading, recomputed here from the board data:
    # house in a most valuable city next to the capital; a colonist on a line between;
    # the other colonist on a line of the other kind from the capital.
    rank = {"brick": 0, "food": 1, "tool": 2, "wine": 3, "cloth": 4}
    s, _ = new_game(SetupOptions(board=name, level="veteran", seed=13))
    b = s.board
    near = {c for k in ("land", "sea") for c in b.neighbours(b.capital, k)}
    (house,) = s.houses_of("contrarius")
    assert house in near
    assert rank.get(s.cities[house], -1) == max(rank.get(s.cities[c], -1) for c in near)
    cols = s.colonists_of("contrarius")
    assert len(cols) == 2
    first = [c for c in cols if c.line is not None and set(c.line.ends) == {b.capital, house}]
    assert len(first) == 1
    second = next(c for c in cols if c is not first[0])
    # the second: next to the most valuable other city next to the capital (either kind of
    # line; ties alphabetical), of the other kind when such a line leads there
    others = sorted(near - {house}, key=lambda c: (-rank.get(s.cities[c], -1), c.casefold()))
    if not others:  # no other city next to the capital: it stays there
        assert second.city == b.capital
        return
    assert second.line is not None and b.capital in second.line.ends
    (city,) = [e for e in second.line.ends if e != b.capital]
    assert city == others[0], (name, city, others[:3])
    other = "sea" if first[0].kind == "land" else "land"
    assert second.kind == (other if city in b.neighbours(b.capital, other) else first[0].kind)


def test_display_may_hold_both_prefects():
    # stacks I and II hold one Prefect each
    dealt = ["Prefect", "Prefect", "Mason", "Mercator", "Architect", "Colonist", "Diplomat"]
    s, _ = new_game(SetupOptions(board="italia", seed=1, display=dealt, refill=["Farmer"]))
    assert s.display == ["Prefect", "Prefect", "Mercator", "Architect", "Colonist", "Diplomat", "Farmer"]
    assert s.contrarius.cards[-1].name == "Mason"
