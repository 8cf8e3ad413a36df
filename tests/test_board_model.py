"""The board model on boards with more than cities and lines: start places per colonist kind, places that
are not cities (arches, castles, galleys, discs, Gallia's Mediterranean), tags, the Nile,
Roma's asked start, Ionium's dotted line in every command, and aliases.

Every expected value is worked out by hand from the board files (``boards/*.yaml``, equal
to the reference maps) and the rulebook's "Where does Contrarius build?", step 1: "It has
as many movement steps as it has colonists on the board"; a step leaves a city (or, by the
readings in README, any place) onto an adjacent line, each further step goes through the
line's end onto the next line. The reasoning is in the comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from contrarius.material.board import board_from_dict, load_board
from contrarius.rules.build import apply_build, contrarius_home, movement_steps, reach, where
from contrarius.cli import app
from contrarius.errors import ContrariusError
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.snapshot import Colonist, Snapshot
from contrarius.model.reader import read_snapshot
from contrarius.store.snapshot_text import dump_snapshot, load_snapshot


def fresh(board: str, **kw) -> Snapshot:
    s, _ = new_game(SetupOptions(board=board, seed=11, **kw))
    return s


def one_step(s: Snapshot) -> set[str]:
    return {c for c, moves in reach(s).items() if moves[0].steps == 1}


def at(s: Snapshot, owner: str) -> list[tuple[str, str]]:
    return [(c.kind, c.where) for c in s.colonists_of(owner)]


def write(tmp_path: Path, s: Snapshot, name: str = "g.yaml") -> str:
    p = tmp_path / name
    p.write_text(dump_snapshot(s), encoding="utf-8")
    return str(p)


# ----- Britannia: land and sea colonists start in different arches -------------------------
BRITANNIA_TOKENS = {
    # B: brick 2, food 2, tool 2, wine 1, cloth 1
    "Trimontivm": "brick", "Pons Aelii": "brick", "Lvgvvalivm": "food", "Monapia": "food",
    "Deva": "tool", "Mancvnivm": "tool", "Cataractonivm": "wine", "Ebvracvm": "cloth",
    # C: brick 3, food 2, tool 2, wine 2, cloth 1
    "Segontivm": "brick", "Maridvnvm": "brick", "Lindvm": "brick", "Branodvnvm": "food", "Venonis": "food",
    "Glevvm": "tool", "Dvrolipons": "tool", "Camvlodvnvm": "wine", "Mvsidvnvm": "wine", "Isca Dvmnon": "cloth",
    # D: one of each
    "Dvbris": "cloth", "Venta": "wine", "Noviomagvs": "tool", "Aqvae Svlis": "food", "Dvrnovaria": "brick",
}


def test_britannia_colonists_start_in_londinivm_and_portvs_itivs():
    s = fresh("britannia")
    assert at(s, "contrarius") == [("land", "Londinivm"), ("sea", "Portvs Itivs")]
    assert at(s, "player") == [("land", "Londinivm"), ("sea", "Portvs Itivs")]
    # Londinivm's land lines: Camvlodvnvm, Dvbris, Dvrolipons, Noviomagvs, Venonis, Venta;
    # Portvs Itivs's sea lines: Camvlodvnvm, Dvbris, Noviomagvs. 2 colonists = 2 steps.
    assert one_step(s) == {"Camvlodvnvm", "Dvbris", "Dvrolipons", "Noviomagvs", "Venonis", "Venta"}
    assert "Portvs Itivs" not in reach(s) and "Londinivm" not in reach(s)


def test_portvs_itivs_is_an_arch_nobody_builds_in(tmp_path, runner):
    b = load_board("britannia")
    assert b.node_type("Portvs Itivs") == "arch" and b.province_of("Portvs Itivs") is None
    with pytest.raises(ContrariusError, match="arch"):
        b.city("Portvs Itivs")
    data = fresh("britannia").to_dict()
    data["houses"] = {"Portvs Itivs": ["contrarius"]}
    p = tmp_path / "h.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    r = runner.invoke(app, ["check", str(p)])
    assert r.exit_code == 1 and "houses.Portvs Itivs" in r.stdout + r.stderr and "arch" in r.stdout + r.stderr


def test_britannia_veteran_reads_each_colonist_from_its_start():
    # Cities one line away: by land from Londinivm Camvlodvnvm (wine), Dvbris (cloth),
    # Dvrolipons (tool), Noviomagvs (tool), Venonis (food), Venta (wine); by sea from Portvs
    # Itivs Camvlodvnvm, Dvbris, Noviomagvs. Most valuable: Dvbris (cloth). Both a land line
    # (Dvbris-Londinivm) and a sea line (Dvbris-Portvs Itivs) lead there: "you decide",
    # default land. The sea colonist then goes from Portvs Itivs to the most valuable other
    # city on its sea lines: Camvlodvnvm (wine) over Noviomagvs (tool). Strong: a second
    # house there.
    s, notes = new_game(SetupOptions(board="britannia", seed=1, level="veteran", strong=True, tokens=BRITANNIA_TOKENS))
    assert s.houses_of("contrarius") == ["Camvlodvnvm", "Dvbris"]
    assert at(s, "contrarius") == [("land", "Dvbris-Londinivm"), ("sea", "Camvlodvnvm-Portvs Itivs")]
    assert any("both a land and a sea line" in n for n in notes)
    # --veteran-colonist sea: the sea colonist takes Dvbris-Portvs Itivs; the land colonist
    # goes from Londinivm to the most valuable other land neighbour: Camvlodvnvm and Venta
    # (both wine), alphabetical: Camvlodvnvm.
    s, _ = new_game(SetupOptions(board="britannia", seed=1, level="veteran", tokens=BRITANNIA_TOKENS,
                                 veteran_colonist="sea"))
    assert at(s, "contrarius") == [("sea", "Dvbris-Portvs Itivs"), ("land", "Camvlodvnvm-Londinivm")]


def test_britannia_new_sea_colonist_goes_to_portvs_itivs():
    # Londinivm has no sea line: the sea colonist goes where sea colonists start
    s = fresh("britannia")
    assert contrarius_home(s, "sea") == ("Portvs Itivs", "")
    assert contrarius_home(s, "land") == ("Londinivm", "")
    assert s.homes("sea") == ("Portvs Itivs",)


# ----- Germania: castles on land lines, no sea lines ---------------------------------------
def test_germania_castles_are_passed_like_cities_and_never_reached():
    # Contrarius: land in Basilia, sea in Colonia Aggr. = 2 steps (the sea colonist counts).
    # Basilia's land lines: Brisiacvs, Castle-Alamannia, Castle-Gallia, Salodvrvm, Tvricvm,
    # Vesontio -> 1 step: Brisiacvs, Salodvrvm, Tvricvm, Vesontio. 2 steps, through
    # Brisiacvs: Argentorate; through Castle-Alamannia: Arae Flaviae, Argentorate,
    # Constantia; through Castle-Gallia: Condate, Tvllvm; through Tvricvm: Constantia.
    # The sea colonist has no line at all.
    s = fresh("germania")
    assert at(s, "contrarius") == [("land", "Basilia"), ("sea", "Colonia Aggr.")]
    assert movement_steps(s, "contrarius") == 2
    r = reach(s)
    assert {c: m[0].steps for c, m in r.items()} == {
        "Brisiacvs": 1, "Salodvrvm": 1, "Tvricvm": 1, "Vesontio": 1,
        "Argentorate": 2, "Arae Flaviae": 2, "Condate": 2, "Constantia": 2, "Tvllvm": 2}
    assert [ln.label for ln in r["Tvllvm"][0].path] == ["Basilia-Castle-Gallia", "Castle-Gallia-Tvllvm"]
    assert all(m.kind == "land" for moves in r.values() for m in moves)


def test_germania_where_trace_names_the_readings(runner, tmp_path):
    path = write(tmp_path, fresh("germania"))
    r = runner.invoke(app, ["where", "cloth", path])
    assert r.exit_code == 0, r.stderr
    assert "no sea lines: Contrarius's sea colonists stay where they are" in r.stdout
    assert "castles are passed like cities" in r.stdout


def test_a_castle_is_no_city_and_no_place_to_stand(runner, tmp_path):
    b = load_board("germania")
    assert b.node_type("Castle-Vbii") == "castle" and b.nodes["Castle-Vbii"].province == "Vbii"
    assert "Castle-Vbii" not in b.provinces["Vbii"]
    with pytest.raises(ContrariusError, match="castle"):
        b.city("castle-vbii")
    # a line to a castle, the castle's name holding a hyphen itself
    line = b.parse_line("Aliso-Castle-Vbii", "land")
    assert (line.a, line.b) == ("Aliso", "Castle-Vbii")
    assert b.parse_line("castle-vbii-aliso", "land") == line
    data = fresh("germania").to_dict()
    data["colonists"][0]["at"] = "Castle-Vbii"
    p = tmp_path / "c.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    r = runner.invoke(app, ["check", str(p)])
    assert r.exit_code == 1 and "Castle-Vbii is a castle" in r.stdout + r.stderr
    data["colonists"][0]["at"] = "Aliso-Castle-Vbii"  # on a line next to it: fine
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert runner.invoke(app, ["check", str(p)]).exit_code == 0


# ----- Gallia: sea colonists off the lines until a harbour ---------------------------------
def test_gallia_sea_colonists_wait_in_the_mediterranean():
    s = fresh("gallia")
    assert at(s, "contrarius") == [("land", "Lvtetia"), ("sea", "Mediterranean")]
    assert set(load_board("gallia").tagged("harbour")) == {
        "Bononia", "Jvliobona", "Gesocribate", "Portvs Namnetvs", "Bvrdigala", "Flaviobriga"}
    # the waiting sea colonist counts ("as usual the number of colonists") but cannot move:
    # 2 steps for the land colonist in Lvtetia. 1 step: Lvtetia's land neighbours Alesia,
    # Avaricvm, Civ. Remorvm, Condate, Jvliobona; 2 steps: their land neighbours A.
    # Treverorvm, Aventicvm, Lvgdvnvm (Alesia), Bvrdigala, Gergovia, Portvs Namnetvs
    # (Avaricvm), Bononia (Civ. Remorvm, Jvliobona), Gesocribate (Condate).
    assert movement_steps(s, "contrarius") == 2
    assert set(reach(s)) == {"Alesia", "Avaricvm", "Civ. Remorvm", "Condate", "Jvliobona", "A. Treverorvm",
                             "Aventicvm", "Lvgdvnvm", "Bvrdigala", "Gergovia", "Portvs Namnetvs", "Bononia",
                             "Gesocribate"}
    assert all(m.kind == "land" for moves in reach(s).values() for m in moves)
    assert any("waits in the Mediterranean" in n for n in where(s, "cloth").notes)


def test_gallia_building_in_a_harbour_places_the_waiting_sea_colonist():
    s = fresh("gallia")
    move = reach(s)["Alesia"][0]
    assert apply_build(s, "Alesia", move) is None  # no harbour: nothing enters
    assert ("sea", "Mediterranean") in at(s, "contrarius")
    s = fresh("gallia")
    entered = apply_build(s, "Jvliobona", reach(s)["Jvliobona"][0])
    assert entered is not None
    assert at(s, "contrarius") == [("land", "Jvliobona-Lvtetia"), ("sea", "Jvliobona")]
    # now 2 steps; Jvliobona's sea lines lead to Bononia, Gesocribate and Isca Dvmn.
    assert movement_steps(s, "contrarius") == 2
    assert {"Bononia", "Gesocribate", "Isca Dvmn."} <= one_step(s)


def test_gallia_player_build_in_a_harbour_places_their_sea_colonist(runner, tmp_path):
    path = write(tmp_path, fresh("gallia"))
    r = runner.invoke(app, ["play", "architect", "--move", "land:Lvtetia:Jvliobona-Lvtetia", "--build", "Jvliobona",
                            path, "-i"])
    assert r.exit_code == 0, r.stderr
    assert "leaves the Mediterranean" in r.stderr + r.stdout
    s = load_snapshot(path)
    assert ("sea", "Jvliobona") in at(s, "player")


def test_gallia_player_waiting_sea_colonist_gives_a_step(runner, tmp_path):
    # the player's land colonist in Lvtetia and sea colonist in the Mediterranean: 2 steps
    # (the waiting colonist counts, "as usual the number of colonists"). Lvtetia -> Civ.
    # Remorvm-Lvtetia -> Bononia-Civ. Remorvm takes 2: allowed; on to A. Treverorvm-Civ.
    # Remorvm's far side would be a third step.
    path = write(tmp_path, fresh("gallia"))
    r = runner.invoke(app, ["play", "architect", "--move", "land:Lvtetia:Bononia-Civ. Remorvm", path, "-i"])
    assert r.exit_code == 0, r.stderr
    assert ("land", "Bononia-Civ. Remorvm") in at(load_snapshot(path), "player")


# ----- Aegyptus: the Nile, the Red Sea, the discs -------------------------------------------
def test_aegyptus_nile_is_read_as_sea_lines():
    b = load_board("aegyptus")
    nile = [ln for ln in b.lines if ln.route == "Nile"]
    # 8 stretches between the 9 Nile cities, and one on to the gold disc
    assert [ln.label for ln in nile] == [
        "Memphis-Oxyrhynchvs", "Lyopolis-Oxyrhynchvs", "Lyopolis-Thebae", "Syene-Thebae", "Abv Simbel-Syene",
        "Abv Simbel-Kerma", "Kerma-Napata", "Meroe-Napata", "Gold-Meroe"]
    assert all(ln.kind == "sea" for ln in nile)
    assert b.find_line("sea", "Memphis", "Oxyrhynchvs").describe() == "sea line Memphis-Oxyrhynchvs (Nile)"
    assert set(b.tagged("red_sea")) == {"Klysma", "Rhaithov", "Aila", "Levke Kome", "Myos Hormos", "Berenice"}
    assert b.display is False and "no_display" in b.board_tags
    # the incense disc ends the printed sea lines from Levke Kome, Myos Hormos and Berenice
    assert b.neighbours("Incense", "sea") == ["Berenice", "Levke Kome", "Myos Hormos"]
    with pytest.raises(ContrariusError, match="disc"):
        b.city("Incense")


def test_aegyptus_sea_colonist_sails_the_nile_from_memphis():
    # Memphis touches no printed sea line: its only sea line is the Nile stretch to
    # Oxyrhynchvs, so the sea colonist reaches Oxyrhynchvs in 1 step, Lyopolis in 2.
    s = fresh("aegyptus")
    s.colonists = [c for c in s.colonists if not (c.owner == "contrarius" and c.kind == "land")]
    s.colonists.append(Colonist("contrarius", "land", None, s.board.find_line("land", "Memphis", "Tamiathis")))
    # The land colonist on Memphis-Tamiathis also reaches Oxyrhynchvs in 1 step (the land
    # line Memphis-Oxyrhynchvs) and Lyopolis in 2 (then Lyopolis-Oxyrhynchvs): both tie.
    r = reach(s)
    assert r["Oxyrhynchvs"][0].steps == 1 and r["Lyopolis"][0].steps == 2
    sea = [m.describe() for m in r["Lyopolis"] if m.kind == "sea"]
    assert sea == ["sea colonist Memphis -> Memphis-Oxyrhynchvs (Nile) -> Lyopolis-Oxyrhynchvs (Nile) (2 steps)"]
    assert [m.describe() for m in r["Oxyrhynchvs"] if m.kind == "sea"] == [
        "sea colonist Memphis -> Memphis-Oxyrhynchvs (Nile) (1 step)"]


def test_show_says_when_no_display_is_printed(runner, tmp_path):
    r = runner.invoke(app, ["show", write(tmp_path, fresh("aegyptus"))])
    assert r.exit_code == 0, r.stderr
    assert "no card display is printed on the aegyptus board" in r.stdout


# ----- Balearica: no capital, two galleys ----------------------------------------------------
def test_balearica_starts_a_sea_colonist_on_each_galley():
    s = fresh("balearica")
    assert s.board.capital is None
    assert at(s, "contrarius") == [("sea", "Galley west"), ("sea", "Galley east")]
    assert s.colonists_in_supply("contrarius", "land") == 3 and s.colonists_in_supply("contrarius", "sea") == 1
    # a colonist on a galley enters one of its joined lines as its first step: west
    # Andrachivm-Ebvssvs, Andrachivm-Palmaria, Ebvssvs-Palmaria; east Iamno-Pollentia,
    # Iamno-Tvrris Solis, Pollentia-Servariopolis, Servariopolis-Tvrris Solis
    assert one_step(s) == {"Andrachivm", "Ebvssvs", "Palmaria", "Iamno", "Pollentia", "Servariopolis", "Tvrris Solis"}
    assert "Galley west" not in reach(s)


def test_balearica_new_colonists_of_contrarius():
    s = fresh("balearica")
    assert s.start == "Galley west"
    assert contrarius_home(s, "sea")[0] == "Galley west"
    assert contrarius_home(fresh("balearica", start="galley east"), "sea")[0] == "Galley east"
    # no land start: a city with its house, none yet -> no place (a sea colonist instead)
    assert contrarius_home(s, "land")[0] is None
    s.houses["Soller"] = ["contrarius"]
    s.houses["Arta"] = ["contrarius"]
    assert contrarius_home(s, "land")[0] == "Arta"  # first in alphabetical order


def test_start_option_refused_where_one_start_is_printed():
    with pytest.raises(ContrariusError, match="--start"):
        fresh("italia", start="Roma")


# ----- Roma: the start is asked -------------------------------------------------------------
def test_roma_new_without_start_is_a_usage_error(runner):
    r = runner.invoke(app, ["new", "--board", "roma"])
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and "--start CITY" in r.stderr


def test_roma_colonists_start_in_the_city_named(runner, tmp_path):
    out = tmp_path / "r.yaml"
    r = runner.invoke(app, ["new", "--board", "roma", "--start", "colosseum", "--seed", "4", "-o", str(out)])
    assert r.exit_code == 0, r.stderr
    s = load_snapshot(str(out))
    assert s.start == "Colosseum"
    assert at(s, "contrarius") == [("land", "Colosseum"), ("sea", "Colosseum")]
    # Colosseum stays a city: a colonist in it steps onto an adjacent line, whose end it is
    assert "Colosseum" in one_step(s)
    data = yaml.safe_load(out.read_text())
    del data["start"]
    out.write_text(yaml.safe_dump(data, sort_keys=False))
    r = runner.invoke(app, ["check", str(out)])
    assert r.exit_code == 1 and "start" in r.stdout + r.stderr


# ----- Ionium's dotted line: one rule in where, play --move and check ------------------------
def test_ionium_play_move_cannot_end_on_the_dotted_line(runner, tmp_path):
    s = fresh("ionium")
    s.colonists[2] = Colonist("player", "land", None, s.board.find_line("land", "Ambrakia", "Apollonia"))
    path = write(tmp_path, s)
    r = runner.invoke(app, ["play", "architect", "--move", "land:Ambrakia-Apollonia:Apollonia-Brvndisivm", path, "-i"])
    assert r.exit_code == 4 and "dotted" in r.stderr
    # crossing it is fine: Ambrakia-Apollonia -> Apollonia-Brvndisivm -> Brvndisivm-Canvsivm
    # is 2 steps, and the player has 2 colonists on the board
    r = runner.invoke(app, ["play", "architect", "--move", "land:Ambrakia-Apollonia:Brvndisivm-Canvsivm", path, "-i"])
    assert r.exit_code == 0, r.stderr
    assert ("land", "Brvndisivm-Canvsivm") in at(load_snapshot(path), "player")


def test_ionium_move_shorthand_never_ends_on_the_dotted_line(runner, tmp_path):
    # Brvndisivm's land lines: the dotted one to Apollonia, Brvndisivm-Canvsivm and
    # Brvndisivm-Heraclea. From Ambrakia-Apollonia the dotted line is 1 step away but may
    # not be ended on; the other two are 2 steps each (across it): a tie, named.
    s = fresh("ionium")
    s.colonists[2] = Colonist("player", "land", None, s.board.find_line("land", "Ambrakia", "Apollonia"))
    path = write(tmp_path, s)
    r = runner.invoke(app, ["play", "architect", "--move", "land:Ambrakia-Apollonia>Brvndisivm", path, "-i"])
    assert r.exit_code == 2
    assert "Brvndisivm-Canvsivm or land:Ambrakia-Apollonia:Brvndisivm-Heraclea (each 2 steps)" in r.stderr


def test_ionium_check_refuses_a_colonist_on_the_dotted_line(runner, tmp_path):
    data = fresh("ionium").to_dict()
    data["colonists"][2]["at"] = "Apollonia-Brvndisivm"
    p = tmp_path / "d.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    r = runner.invoke(app, ["check", str(p)])
    assert r.exit_code == 1 and "dotted" in r.stdout + r.stderr
    data["colonists"][2]["kind"] = "sea"  # the sea line between them is an ordinary line
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert runner.invoke(app, ["check", str(p)]).exit_code == 0


# ----- aliases --------------------------------------------------------------------------------
SMALL = {
    "capital": "Roma",
    "provinces": {"P": ["Aa", "Bb"]},
    "cities": {"Aa": {"letter": "A", "province": "P"}, "Bb": {"letter": "A", "province": "P"}},
    "land": [["Aa", "Roma"], ["Aa", "Bb"]],
    "tokens": {"A": {"brick": 1, "food": 1}},
}


def test_an_alias_meaning_two_places_is_refused_when_the_board_loads():
    with pytest.raises(ContrariusError, match="could also mean"):
        board_from_dict({**SMALL, "aliases": {"Aa": ["Twin"], "Bb": ["Twin"]}}, "x.yaml")
    with pytest.raises(ContrariusError, match="could also mean Bb"):
        board_from_dict({**SMALL, "aliases": {"Aa": ["bb"]}}, "x.yaml")
    with pytest.raises(ContrariusError, match="no such city"):
        board_from_dict({**SMALL, "aliases": {"Cc": ["Sea"]}}, "x.yaml")
    ok = board_from_dict({**SMALL, "aliases": {"Aa": ["Alpha"], "P": ["Pee"]}}, "x.yaml")
    assert ok.place("alpha") == "Aa" and ok.province("pee") == "P"


@pytest.mark.parametrize("board,typed,printed", [
    ("gallia", "London", "Londinivm"), ("gallia", "lyon", "Lvgdvnvm"), ("britannia", "London", "Londinivm"),
    ("hellas", "Athens", "Athenae"), ("hispania", "Carthage", "Carthago"), ("hispania", "new carthage", "Nova Carthago"),
    ("germania", "Cologne", "Colonia Aggr."), ("germania", "basel", "Basilia"), ("aegyptus", "Luxor", "Thebae"),
    ("sicilia", "Syracuse", "Syracusae"), ("roma", "Coliseum", "Colosseum"), ("balearica", "Ibiza", "Ebvssvs"),
])
def test_modern_and_english_city_names_are_accepted(board, typed, printed):
    assert load_board(board).place(typed) == printed


@pytest.mark.parametrize("board,typed,printed", [
    ("italia", "Sicily", "Sicilia"), ("ionium", "sicily", "Sicilia"), ("gallia", "Switzerland", "Helvetia"),
    ("imperium", "Egypt", "Aegyptvs"), ("britannia", "Wales", "Cambria"), ("roma", "Trastevere", "Transtiberim"),
])
def test_modern_and_english_province_names_are_accepted(board, typed, printed):
    assert load_board(board).province(typed) == printed


def test_an_alias_typed_is_never_shown(runner, tmp_path):
    # a snapshot written with English names reads back with the printed ones only
    s = fresh("gallia")
    data = s.to_dict()
    data["houses"] = {"London": ["player"], "Lyon": ["contrarius"]}
    data["bonus_markers"]["Italy"] = data["bonus_markers"].pop("Italia")
    p = tmp_path / "a.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    r = runner.invoke(app, ["show", str(p)])
    assert r.exit_code == 0, r.stderr
    assert "Londinivm" in r.stdout and "London " not in r.stdout and "Lyon" not in r.stdout
    assert load_snapshot(str(p)).houses == {"Londinivm": ["player"], "Lvgdvnvm": ["contrarius"]}


def test_gallia_veteran_second_colonist_is_the_one_that_reaches_a_city():
    # Veteran read from each colonist's start: the land colonist from Lvtetia (land lines
    # to Alesia, Avaricvm, Civ. Remorvm, Condate, Jvliobona); the sea colonist waits in the
    # Mediterranean, which no line leaves. "It places a second colonist adjacent to the next
    # most valuable city it can reach" says nothing of its kind (README's reading): only a
    # land colonist from Lvtetia reaches a city, so the second is a land colonist too, next
    # to the most valuable of the other four (ties alphabetical); no sea colonist is placed.
    rank = {"brick": 0, "food": 1, "tool": 2, "wine": 3, "cloth": 4}
    s, notes = new_game(SetupOptions(board="gallia", seed=5, level="veteran"))
    near = ["Alesia", "Avaricvm", "Civ. Remorvm", "Condate", "Jvliobona"]
    (house,) = s.houses_of("contrarius")
    assert rank[s.cities[house]] == max(rank[s.cities[c]] for c in near)
    first, second = s.colonists_of("contrarius")
    assert first.kind == "land" and first.line is not None and set(first.line.ends) == {"Lvtetia", house}
    nxt = sorted((c for c in near if c != house), key=lambda c: (-rank[s.cities[c]], c.casefold()))[0]
    assert second.kind == "land" and second.line is not None and set(second.line.ends) == {"Lvtetia", nxt}
    assert s.colonists_of("contrarius", "sea") == []
    assert any(n.startswith("veteran: land colonist on") and nxt in n for n in notes)


@pytest.mark.parametrize("name,expected", [
    # Salsa: without salt the salt city of each letter takes A tool, B wine, C cloth, D brick
    ("hispania", {"A": "tool", "B": "wine", "D": "brick"}),  # letters A, B, D
    ("byzantium", {"A": "tool", "B": "wine", "C": "cloth"}),  # letters A, B, C
])
def test_salt_boards_have_one_salt_city_per_letter_and_the_no_salt_goods(name, expected):
    b = load_board(name)
    assert "salt" in b.board_tags
    assert {letter for letter, mix in b.tokens.items() if mix.get("salt") == 1} == set(b.tokens) == set(expected)
    assert b.no_salt == expected


def test_balearica_veteran_second_colonist_takes_a_free_line():
    """"Variant difficulty levels", veteran: a house in the most valuable city next to the
    start, a colonist on the line between, "a second colonist adjacent to the next most
    valuable city it can reach". A line holds one colonist (base rules), so the second one
    needs a line nobody stands on.

    Balearica, seed 770 (tokens from the seed): the west galley's lines reach Ebvssvs (wine),
    Andrachivm (tool) and Palmaria (food); the east galley's Pollentia (brick), Iamno (tool),
    Servariopolis (tool) and Tvrris Solis (food). First: Ebvssvs, wine, the most valuable;
    its colonist goes on Andrachivm-Ebvssvs (the first such line). Second: tool, Andrachivm
    before Iamno and Servariopolis alphabetically; Andrachivm-Ebvssvs is taken, so the
    colonist stands on the other free line the west galley joins to it, Andrachivm-Palmaria.
    (Before the fix both colonists stood on Andrachivm-Ebvssvs and the snapshot failed its
    own check.)"""
    s, _ = new_game(SetupOptions(board="balearica", level="veteran", seed=770))
    assert s.cities["Ebvssvs"] == "wine" and s.cities["Andrachivm"] == "tool"
    assert s.houses == {"Ebvssvs": ["contrarius"]}
    lines = sorted(c.line.label for c in s.colonists if c.owner == "contrarius")
    assert lines == ["Andrachivm-Ebvssvs", "Andrachivm-Palmaria"]
    read_snapshot(s.to_dict(), "<test>")  # and it passes its own check
