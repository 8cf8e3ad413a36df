"""What a player types: card prefixes, goods synonyms, the move shorthand.

The board is Italia (``examples/italia-setup.yaml``; the player's land and sea colonists stand
in Roma). Land lines used below, from ``contrarius board italia``: Roma-Casinvm,
Roma-Spoletvm, Casinvm-Lvceria, Casinvm-Hadria, Hadria-Lvceria, Hadria-Spoletvm.
Base rules, the Architect: a colonist moves along lines of its kind; one step takes it from
a city onto a line, or from a line through a city onto the next line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from contrarius.cli import app
from contrarius.errors import ContrariusError, UnknownNameError
from contrarius.words.names import card_from_text, die_face_text, goods_from_text, parse_move, resolve_prefix
from contrarius.store.snapshot_text import load_snapshot
from contrarius.material.board import load_board

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "italia-setup.yaml"


@pytest.mark.parametrize("typed, card", [
    ("merc", "Mercator"), ("arch", "Architect"), ("trib", "Tribune"), ("sen", "Senator"),
    ("pref", "Prefect"),  # Prefect is the start of "Prefect with Praefectus Magnus": the short one is meant
    ("MERCATOR", "Mercator"), ("pm", "Prefect with Praefectus Magnus"), ("weav", "Weaver"), ("dip", "Diplomat"),
])
def test_card_prefixes(typed, card):
    assert card_from_text(typed, mode="solo") == card
    assert card_from_text(typed) == card


def test_a_shared_prefix_asks_instead_of_guessing():
    # 'co' starts Colonist and Consul: one question naming both, never a guess
    with pytest.raises(UnknownNameError, match=r"'co' could be Colonist or Consul: which one\?"):
        card_from_text("co", mode="solo")
    # in a team game 'pr' starts Praetor, Prefect (and its PM card), Proconsul
    with pytest.raises(UnknownNameError, match="Praetor, Prefect, Prefect with Praefectus Magnus, Prefect/Architect or Proconsul"):
        card_from_text("pr", mode="team")


def test_solo_prefixes_ignore_team_cards():
    # 'leg' names the Legatus only where team cards exist; solo suggests printed solo names
    assert card_from_text("leg", mode="team") == "Legatus"
    with pytest.raises(UnknownNameError) as err:
        card_from_text("leg", mode="solo")
    assert "Legatus" not in str(err.value)


def test_suggestions_are_printed_names_only():
    with pytest.raises(UnknownNameError) as err:
        resolve_prefix("mercatr", ["Mercator", "Mason"], "card")
    assert "did you mean Mercator" in str(err.value)


@pytest.mark.parametrize("typed, goods", [("grain", "food"), ("Wheat", "food"), ("bricks", "brick"), ("clo", "cloth"), ("salt", "salt")])
def test_goods_synonyms(typed, goods):
    assert goods_from_text(typed) == goods


def test_die_faces_read_goods_synonyms_only():
    assert die_face_text("grain") == "food"
    assert die_face_text(" 3 ") == "3"
    assert die_face_text("land") == "land"


def _snap(**where):
    s = load_snapshot(str(EXAMPLE))
    for col in s.colonists_of("player", "land"):
        if "line" in where:
            col.city, col.line = None, s.board.parse_line(where["line"], "land")
    return s


def test_exact_move_form_is_kept():
    assert parse_move("land:Roma:Roma-Spoletvm") == ("land", "Roma", "Roma-Spoletvm")
    with pytest.raises(ContrariusError, match="KIND:FROM:TO"):
        parse_move("land:Roma")


def test_shorthand_from_a_city():
    # the land colonist in Roma; the only land line next to Casinvm within 1 step is Casinvm-Roma
    assert parse_move("land:Roma>Casinvm", _snap(), "player") == ("land", "Roma", "Casinvm-Roma")


def test_shorthand_names_a_colonist_by_the_city_next_to_its_line():
    # the colonist on Casinvm-Roma, named "Casinvm"; Lvceria's land lines:
    # Casinvm-Lvceria is 1 step (through Casinvm), Hadria-Lvceria 2 (Casinvm-Hadria, then on)
    s = _snap(line="Casinvm-Roma")
    assert parse_move("land:Casinvm>Lvceria", s, "player") == ("land", "Casinvm-Roma", "Casinvm-Lvceria")
    assert parse_move("land:Casinvm-Roma>Lvceria", s, "player") == ("land", "Casinvm-Roma", "Casinvm-Lvceria")


def test_shorthand_asks_when_two_lines_tie():
    # from Roma to Hadria: Roma-Casinvm then Casinvm-Hadria, or Roma-Spoletvm then
    # Hadria-Spoletvm: both 2 steps, so the player is asked, with the exact forms to type
    with pytest.raises(UnknownNameError, match=r"which move\? land:Roma:Casinvm-Hadria or land:Roma:Hadria-Spoletvm \(each 2 steps\)"):
        parse_move("land:Roma>Hadria", _snap(), "player")


def test_shorthand_without_a_colonist_there():
    with pytest.raises(UnknownNameError, match="no land colonist at Cosa"):
        parse_move("land:Cosa>Florentia", _snap(), "player")


def test_play_takes_prefixes_and_the_move_shorthand(runner, tmp_path):
    # the README's Architect turn, typed short: same report as the exact form
    g = tmp_path / "g.yaml"
    g.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    short = runner.invoke(app, ["play", "arch", str(g), "--move", "land:Roma>Casinvm", "--build", "Casinvm", "--die", "3"])
    full = runner.invoke(app, ["play", "architect", str(g), "--move", "land:Roma:Casinvm-Roma", "--build", "Casinvm", "--die", "3"])
    assert short.exit_code == 0, short.stderr
    assert short.stdout == full.stdout
    assert "your land colonist moves Roma -> Casinvm-Roma (1 step)" in short.stderr


def test_play_mercator_with_a_goods_synonym(runner):
    r = runner.invoke(app, ["play", "merc", str(EXAMPLE), "--die", "grain"])
    assert r.exit_code == 0, r.stderr
    assert "black die (Mercator): food = the goods type food" in r.stderr


def test_play_ambiguous_prefix_exits_2(runner):
    r = runner.invoke(app, ["play", "co", str(EXAMPLE), "--money"])
    assert r.exit_code == 2
    assert "could be Colonist or Consul" in r.stderr


# ----- suggestions match aliases---, offer printed names --------------------------------
def test_typo_of_an_alias_suggests_the_printed_name_with_the_alias(runner, tmp_path):
    # gallia: Lvtetia's alias is Paris (boards/gallia.yaml aliases); "Parsi" is two letters
    # swapped from "Paris" but far from every printed name: the suggestion names Lvtetia
    # (the printed name) and says which alias matched.
    g = tmp_path / "ga.yaml"
    assert runner.invoke(app, ["new", "--board", "gallia", "--seed", "3", "-o", str(g)]).exit_code == 0
    r = runner.invoke(app, ["play", "arch", str(g), "-i", "--move", "land:Lvtetia>Parsi", "--build", "Paris", "--die", "2"])
    assert r.exit_code == 2
    assert "did you mean Lvtetia (Paris)" in r.stderr
    assert "Alesia" not in r.stderr.split("did you mean")[1].split(",")[0]


def test_suggestion_never_offers_an_alias_alone():
    b = load_board("gallia")
    try:
        b.place("Parsi")
    except Exception as exc:  # noqa: BLE001 - the message is what is tested
        offered = str(exc).split("did you mean ")[1].rstrip("?").split(", ")
    for name in offered:
        assert name.split(" (")[0] in b.places  # every offer starts with a printed name
