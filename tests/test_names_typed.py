"""The names a player types, in English and Brazilian Portuguese: cards, goods, dice and
their faces, colonist kinds, provinces named by colour and cities (contrarius.material.lexicon,
contrarius.words.names, Board.place/province).

Names come from the tables of contrarius/material/lexicon.py (the Portuguese rules summary's
Arquiteto, Pedreiro, Tecelão, tijolo, vinho, terrestre, marítimo; the English summary's
Bricklayer and Blacksmith) and the boards' aliases (boards/*.yaml: London for Londinivm,
Köln for Colonia Aggr.).
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contrarius.cli import app
from contrarius.errors import UnknownNameError
from contrarius.material.board import TOKEN_GOODS, board_names, load_board, unknown
from contrarius.material.cards import catalog
from contrarius.material.dice import die_name, parse_face
from contrarius.material.lexicon import CARD_NAMES, COLOUR_NAMES, DIE_NAMES, GOODS_NAMES, KIND_NAMES, fold
from contrarius.words.names import TEAM_CARDS, card_from_text, goods_from_text, kind_from_text

ROOT = Path(__file__).resolve().parent.parent
ITALIA = ROOT / "examples" / "italia-setup.yaml"
BOARDS = {name: load_board(name) for name in board_names()}


def accent_free(text: str) -> str:
    """``text`` without its accents, as a keyboard without them types it."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def shortest_beginning(name: str, names: dict[str, str], value: str, start: int = 3) -> str | None:
    """The shortest beginning of ``name`` (``start`` letters or more) that only names
    meaning ``value`` begin with (folded), or None."""
    key = fold(name)
    for n in range(start, len(key) + 1):
        if key[:n] != fold(key[:n]):  # a beginning ending in a space is read without it
            continue
        if all(v == value for k, v in names.items() if k.startswith(key[:n])):
            return key[:n]
    return None


def spellings(draw, name: str) -> str:
    """One way of typing ``name``: as printed, in capitals, in small letters, without accents."""
    how = draw(st.sampled_from(["as printed", "upper", "lower", "accent-free", "accent-free upper"]))
    return {"as printed": name, "upper": name.upper(), "lower": name.lower(), "accent-free": accent_free(name),
            "accent-free upper": accent_free(name).upper()}[how]


# ----- every card, goods type, die, face, kind, colour and city: one value whatever the spelling

CARD_TYPINGS = [(card, name) for card in catalog() for name in (card, *CARD_NAMES.get(card, ()))]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_card_name_spelling_and_beginning_names_the_card(data):
    card, name = data.draw(st.sampled_from(CARD_TYPINGS))
    assert card_from_text(spellings(data.draw, name), mode="team") == card
    every = {fold(n): c for c, n in CARD_TYPINGS}
    begin = shortest_beginning(name, every, card)
    if begin is not None:
        assert card_from_text(begin, mode="team") == card
        if card not in TEAM_CARDS:
            assert card_from_text(begin, mode="solo") == card


def test_every_card_has_a_portuguese_name():
    assert set(CARD_NAMES) == set(catalog())


GOODS_TYPINGS = [(g, n) for g in TOKEN_GOODS for n in (g, *GOODS_NAMES[g])]


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_every_goods_name_names_the_goods_and_the_die_face(data):
    goods, name = data.draw(st.sampled_from(GOODS_TYPINGS))
    typed = spellings(data.draw, name)
    assert goods_from_text(typed) == goods
    if goods != "salt":  # the black and white dice show the five goods and S
        assert parse_face("mercator", typed) == goods == parse_face("senator", typed)
    begin = shortest_beginning(name, {fold(n): g for g, n in GOODS_TYPINGS}, goods)
    if begin is not None:
        assert goods_from_text(begin) == goods


RED_TYPINGS = [(k, n) for k, names in {**KIND_NAMES, "card": ("carta",)}.items() for n in (k, *names)]


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_every_red_die_face_and_colonist_kind_name(data):
    face, name = data.draw(st.sampled_from(RED_TYPINGS))
    typed = spellings(data.draw, name)
    assert parse_face("tribune", typed) == face
    if face != "card":
        assert kind_from_text(typed) == face
    begin = shortest_beginning(name, {fold(n): k for k, n in RED_TYPINGS}, face)
    if begin is not None:
        assert parse_face("tribune", begin) == face


@pytest.mark.parametrize("die, name", [(d, n) for d, names in DIE_NAMES.items() for n in (d, *names)])
def test_every_die_name(die, name):
    assert die_name(name) == die == die_name(accent_free(name).upper())


PROVINCE_TYPINGS = [(b, p, n) for b, board in BOARDS.items() for p in board.provinces
                    for n in (p, *COLOUR_NAMES.get(p, ()), *(a for a, c in board.aliases.items() if c == p))]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_province_by_name_and_colour(data):
    b, province, name = data.draw(st.sampled_from(PROVINCE_TYPINGS))
    board = BOARDS[b]
    assert board.province(spellings(data.draw, name)) == province
    names = {board_key(n): p for bb, p, n in PROVINCE_TYPINGS if bb == b}
    key = board_key(name)
    for n in range(1, len(key) + 1):
        if all(v == province for k, v in names.items() if k.startswith(key[:n])):
            assert board.province(key[:n]) == province
            break


def board_key(name: str) -> str:
    """A name as the boards compare names (U read as V; spaces, dots and hyphens dropped)."""
    return fold(name).replace("u", "v").replace(".", "").replace(" ", "").replace("-", "")


CITY_TYPINGS = [(b, place, n) for b, board in BOARDS.items() for place in board.places
                for n in (place, *(a for a, c in board.aliases.items() if c == place))]


@settings(max_examples=500, deadline=None)
@given(st.data())
def test_every_city_on_every_board_by_name_alias_and_beginning(data):
    b, place, name = data.draw(st.sampled_from(CITY_TYPINGS))
    board = BOARDS[b]
    assert board.place(spellings(data.draw, name)) == place
    names = {board_key(n): p for bb, p, n in CITY_TYPINGS if bb == b}
    key = board_key(name)
    for n in range(1, len(key) + 1):
        if all(v == place for k, v in names.items() if k.startswith(key[:n])):
            assert board.place(key[:n]) == place
            break


# ----- the rules a beginning follows

def test_pre_is_the_prefect_in_solo_play_though_prefeito_begins_so_too():
    assert card_from_text("pre", mode="solo") == "Prefect"
    assert card_from_text("prefe", mode="team") == "Prefect"  # Prefect, Prefeito, ...: one card's names


def test_pre_in_team_play_could_be_the_prefect_or_the_praetor():
    with pytest.raises(UnknownNameError) as exc:
        card_from_text("pre", mode="team")
    assert "could be Praetor, Prefect," in str(exc.value) and "which one?" in str(exc.value)
    assert card_from_text("pret", mode="team") == "Praetor"  # Pretor


def test_one_or_two_letters_read_the_english_names_as_before():
    # Tecelão (Weaver), Ferreiro (Smith), Pedreiro (Mason) and tijolo (brick) do not take
    # these beginnings from the English names
    assert card_from_text("t", mode="solo") == "Tribune"
    assert card_from_text("f", mode="solo") == "Farmer"
    assert card_from_text("p", mode="solo") == "Prefect"
    assert goods_from_text("t") == "tool"
    assert goods_from_text("c") == "cloth"
    assert card_from_text("tec", mode="solo") == "Weaver"
    assert card_from_text("ped", mode="solo") == "Mason"
    assert goods_from_text("tij") == "brick"


@pytest.mark.parametrize("typed, card", [
    ("bricklayer", "Mason"), ("Blacksmith", "Smith"), ("arquiteto", "Architect"), ("arq", "Architect"),
    ("tecelao", "Weaver"), ("TECELÃO", "Weaver"), ("consul", "Consul"), ("Cônsul", "Consul"),
    ("prefeito com praefectus magnus", "Prefect with Praefectus Magnus"), ("pedreiro", "Mason"),
])
def test_card_names_of_both_summaries(typed, card):
    assert card_from_text(typed, mode="solo") == card


@pytest.mark.parametrize("board, typed, place", [
    ("gallia", "narbo", "Narbo Martivs"), ("italia", "syrac", "Syracvsae"), ("germania", "Köln", "Colonia Aggr."),
    ("germania", "koln", "Colonia Aggr."), ("germania", "Maastricht", "Traiectvm"), ("germania", "Zürich", "Tvricvm"),
    ("germania", "ZURICH", "Tvricvm"), ("britannia", "Newcastle upon Tyne", "Pons Aelii"),
    ("britannia", "ISCA DUMNONIORUM", "Isca Dvmnon"), ("britannia", "VENTA BELGARUM", "Venta"),
])
def test_cities_by_beginning_and_by_the_printed_modern_names(board, typed, place):
    assert BOARDS[board].place(typed) == place


def test_a_shared_city_beginning_is_refused_with_every_candidate():
    # Britannia prints Venta and Venonis: 'ven' could be either
    with pytest.raises(UnknownNameError, match=r"city 'ven' on the britannia board could be Venonis or Venta: which one\?"):
        BOARDS["britannia"].place("ven")


def test_provinces_named_by_colour_in_portuguese():
    assert BOARDS["balearica"].province("verde-escura") == "Dark green"
    assert BOARDS["balearica"].province("Verde escuro") == "Dark green"
    assert BOARDS["cyprus"].province("bordo") == "Maroon"


def test_a_refusal_lists_every_choice():
    # more than twelve boards: none is left out of the list
    message = str(unknown("board", "atlantis", board_names()))
    for name in board_names():
        assert name in message
    assert len(board_names()) > 12
    with pytest.raises(UnknownNameError) as exc:  # nothing close to 'xyz': every city of Italia is named
        BOARDS["italia"].place("xyz")
    for city in BOARDS["italia"].cities:
        assert city in str(exc.value)
    assert len(BOARDS["italia"].cities) > 12


# ----- the commands read the same names

def test_play_bricklayer_and_arquiteto_are_the_cards(runner):
    mason = runner.invoke(app, ["play", "bricklayer", str(ITALIA)])
    assert mason.exit_code != 0 and "unknown card" not in mason.stderr  # the Mason is read (not in the hand)
    assert "Mason" in mason.stderr
    short = runner.invoke(app, ["play", "arquiteto", str(ITALIA), "--move", "land:Roma>Casinvm", "--build", "Casinvm", "--die", "3"])
    full = runner.invoke(app, ["play", "architect", str(ITALIA), "--move", "land:Roma:Casinvm-Roma", "--build", "Casinvm", "--die", "3"])
    assert short.exit_code == 0, short.stderr
    assert short.stdout == full.stdout and short.stderr == full.stderr


def test_play_with_die_vinho_is_wine(runner):
    pt = runner.invoke(app, ["play", "mercador", str(ITALIA), "--die", "vinho"])
    en = runner.invoke(app, ["play", "mercator", str(ITALIA), "--die", "wine"])
    assert pt.exit_code == 0, pt.stderr
    assert pt.stdout == en.stdout and pt.stderr == en.stderr
    assert "black die (Mercator): wine" in pt.stderr


@pytest.mark.parametrize("typed", ["grain", "bricks", "trigo", "tijolo"])
def test_where_reads_the_goods_names_play_reads(runner, typed):
    goods = goods_from_text(typed)
    named = runner.invoke(app, ["where", typed, str(ITALIA), "--json"])
    printed = runner.invoke(app, ["where", goods, str(ITALIA), "--json"])
    assert named.exit_code == 0, named.stderr
    assert json.loads(named.stdout) == json.loads(printed.stdout)
    piped = runner.invoke(app, ["where", typed, "--json"], input=ITALIA.read_text(encoding="utf-8"))
    assert piped.exit_code == 0, piped.stderr
    assert json.loads(piped.stdout) == json.loads(printed.stdout)


def test_place_and_move_take_the_portuguese_kinds(runner):
    pt = runner.invoke(app, ["play", "arq", str(ITALIA), "--move", "terrestre:Roma>Casinvm", "--build", "Casinvm", "--die", "3"])
    en = runner.invoke(app, ["play", "arq", str(ITALIA), "--move", "land:Roma>Casinvm", "--build", "Casinvm", "--die", "3"])
    assert pt.exit_code == 0, pt.stderr
    assert pt.stdout == en.stdout


def test_the_log_prints_the_printed_names(runner, tmp_path):
    # a build typed in small letters and a card bought by its display position: the log
    # names the city as the board prints it and the card bought
    g = tmp_path / "g.yaml"
    g.write_text(ITALIA.read_text(encoding="utf-8"), encoding="utf-8")
    r = runner.invoke(app, ["play", "arq", str(g), "--move", "land:roma>casinvm", "--build", "casinvm", "--die", "3", "-i"])
    assert r.exit_code == 0, r.stderr
    first = json.loads(runner.invoke(app, ["show", str(g), "--json"]).stdout)["display"][0]["card"]
    r = runner.invoke(app, ["play", "senator", str(g), "--buy", "1", "--die", "wine", "-i"])
    assert r.exit_code == 0, r.stderr
    rows = json.loads(runner.invoke(app, ["log", str(g), "--json"]).stdout)["turns"]
    assert rows[0]["action"] == "move land Roma -> Casinvm-Roma; build Casinvm"
    assert rows[1]["action"] == f"buy {first}"
    assert rows[0]["record"]["action"]["builds"] == ["casinvm"]  # the record keeps what was typed


def test_the_log_names_the_forum_card_taken(runner, tmp_path):
    # Salsa: the Tribune's forum card given by its row position (2: Julius) is in the log by name
    g = tmp_path / "salsa.yaml"
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "11", "--salsa", "--forum-card", "Annaeus Arcadius",
                            "--forum-row", "Mamilius,Julius,Donatus Pompeius,Lucius Flavius", "-o", str(g)])
    assert r.exit_code == 0, r.stderr
    r = runner.invoke(app, ["play", "tribune", str(g), "--forum", "2", "-i"])
    assert r.exit_code == 0, r.stderr
    rows = json.loads(runner.invoke(app, ["log", str(g), "--json"]).stdout)["turns"]
    assert rows[0]["action"] == "forum Julius"
