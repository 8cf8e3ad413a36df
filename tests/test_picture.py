"""The ``--svg`` pictures: every produced SVG is parsed as XML and searched for
what it must show: each city's name, each house and colonist, each line, and for a
``where`` ruling the chosen city, the move options step by step and the cities ruled out
with their reason.

The expected ruling of the rulebook example is the one worked out by hand in
``examples/rulebook-where-example.yaml`` and tests/test_build.py ("Where does Contrarius
build?": food die; Potentia and Bavzanvm out of reach (step 1), Casinvm not empty
(step 2), Spoletvm in Vmbria where Contrarius has Ancona (step 3), Genva after Aleria by
alphabet (step 4); Contrarius's sea colonist in Roma reaches a line next to Aleria in two
steps over Cosa or over Olbia: two tied options).
"""

from __future__ import annotations

import copy
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contrarius.material.board import board_from_dict, board_names, load_board
from contrarius.rules.build import where
from contrarius.cli import app
from contrarius.pictures.board_svg import CITY_R, _text_width, board_nodes, node_positions, picture, spring_layout, svg_text
from contrarius.store.snapshot_text import load_snapshot

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RULEBOOK = str(EXAMPLES / "rulebook-where-example.yaml")
MIDGAME = str(EXAMPLES / "imperium-expert-midgame.yaml")
NS = {"s": "http://www.w3.org/2000/svg"}

runner = CliRunner(env={"COLUMNS": "250"})


def parse(text: str) -> ET.Element:
    """Parse SVG text as XML (fails the test on malformed XML)."""
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    """Every ``<g>`` whose class list holds ``cls``."""
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g") if cls in (g.get("class") or "").split()]


def title(el: ET.Element) -> str:
    t = el.find("s:title", NS)
    return t.text if t is not None else ""


def place_groups(root: ET.Element) -> dict[str, ET.Element]:
    """Place name -> its group (cities, the capital, special places)."""
    return {g.get("data-name"): g for g in groups(root, "places")[0].findall("s:g", NS)}


def name_of(group: ET.Element) -> str:
    texts = [t for t in group.findall("s:text", NS) if t.get("class") == "name"]
    assert len(texts) == 1
    return texts[0].text


def marker_centre(group: ET.Element) -> tuple[float, float]:
    """The centre of a place's marker (its first circle or rect)."""
    for child in group:
        if child.tag.endswith("circle"):
            return float(child.get("cx")), float(child.get("cy"))
        if child.tag.endswith("rect"):
            return float(child.get("x")) + float(child.get("width")) / 2, float(child.get("y")) + float(child.get("height")) / 2
        if child.tag.endswith("polygon") or child.tag.endswith("path"):  # castle, galley: the mean of its points
            import re

            nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", child.get("points") or child.get("d") or "")]
            if child.tag.endswith("path"):  # M x,y L x,y ...: absolute pairs only
                nums = [float(v) for pair in re.findall(r"[ML](-?[\d.]+),(-?[\d.]+)", child.get("d") or "") for v in pair]
            if len(nums) >= 2:
                xs, ys = nums[0::2], nums[1::2]
                return sum(xs) / len(xs), sum(ys) / len(ys)
    raise AssertionError("no marker")


def run(*args: str):
    return runner.invoke(app, list(args))


def printed_board(name: str):
    """The board as shipped: with its printed positions (``board.layout``) where it has them."""
    return load_board(name)


# ----- every board -------------------------------------------------------------------------
@pytest.mark.parametrize("name", board_names())
def test_every_board_draws_every_city_name_and_line(name):
    res = run("board", name, "--svg", "-")
    assert res.exit_code == 0, res.stderr
    root = parse(res.stdout)
    board = load_board(name)
    places = place_groups(root)
    assert set(places) == set(board_nodes(board))
    for city in [*([board.capital] if board.capital else []), *board.cities]:  # Balearica, Roma: no capital
        assert name_of(places[city]) == city
        assert city in title(places[city])
    for city, c in board.cities.items():  # the empty board shows the printed token letter
        assert f"letter {c.letter}" in ET.tostring(places[city], encoding="unicode")
    drawn = [ln for ln in root.iter("{http://www.w3.org/2000/svg}line") if ln.get("data-line")]
    assert sorted((ln.get("data-kind"), ln.get("data-line")) for ln in drawn) == sorted((ln.kind, ln.label) for ln in board.lines)
    for ln in drawn:  # line style tells land from sea, not colour alone
        assert (ln.get("stroke-dasharray") is not None) == (ln.get("data-kind") == "sea" or ln.get("data-line") == "Apollonia-Brvndisivm")
        assert title(ln).startswith(f"{ln.get('data-kind')} line ")
    # each province named, with its cities in the text equivalent
    provs = {g.get("data-name"): g for g in groups(root, "province")}
    assert set(provs) == set(board.provinces)


@pytest.mark.parametrize("printed", [True, False], ids=["printed", "graph"])
@pytest.mark.parametrize("name", board_names())
def test_names_do_not_cover_city_markers(name, printed):
    """At 1000 px a name never lies over a place's marker (estimated text box), at the
    printed positions and when laid out from the graph."""
    board = printed_board(name) if printed else load_board(name)
    if not printed and getattr(board, "layout", None):
        board = copy.copy(board)
        object.__setattr__(board, "layout", {})
    root = parse(svg_text(picture(board)))
    places = place_groups(root)
    markers = {n: marker_centre(g) for n, g in places.items()}
    for n, g in places.items():
        for t in g.findall("s:text", NS):
            size = float(t.get("font-size"))
            w = _text_width(t.text, size, t.get("font-weight") == "bold")
            x, y = float(t.get("x")), float(t.get("y"))
            left = {"start": x, "end": x - w}.get(t.get("text-anchor"), x - w / 2)  # the text's side of its anchor
            box = (left, y - size * 0.8, left + w, y + size * 0.2)
            for m, (cx, cy) in markers.items():
                nx = min(max(cx, box[0]), box[2])
                ny = min(max(cy, box[1]), box[3])
                assert math.hypot(cx - nx, cy - ny) >= CITY_R - 1, f"{name}: label {t.text!r} of {n} covers the marker of {m}"


#: The farthest a city's name may be anchored from the centre of its circle, in px at 1000 px
#: wide: the text starts beside its marker (aligned to the side facing it) or centred just
#: above or below it. Shipped boards reach 34 px (Anazarbvs on cyprus, a label pushed one
#: step out); a label centred on a marker beside it would sit half its width away
#: (Polyrrhenia on creta 64 px, over the Kydonia-Elyros line; roma's long names 98 px).
LABEL_REACH = 36


@pytest.mark.parametrize("name", board_names())
def test_every_city_name_is_anchored_next_to_its_own_circle(name):
    root = parse(svg_text(picture(printed_board(name))))
    board = load_board(name)
    places = place_groups(root)
    for city in [*([board.capital] if board.capital else []), *board.cities]:
        cx, cy = marker_centre(places[city])
        (t,) = [t for t in places[city].findall("s:text", NS) if t.get("class") == "name"]
        d = math.hypot(float(t.get("x")) - cx, float(t.get("y")) - cy)
        assert d <= LABEL_REACH, f"{name}: the name of {city} is anchored {d:.0f} px from its circle"
        # and nearer its own circle than any other place's marker
        others = [math.dist((float(t.get("x")), float(t.get("y"))), marker_centre(g)) for n, g in places.items() if n != city]
        assert d < min(others) + CITY_R, f"{name}: the name of {city} sits nearer another place"


def test_markers_keep_apart_on_every_board():
    for name in board_names():
        root = parse(svg_text(picture(printed_board(name))))
        pts = list(marker_centre(g) for g in place_groups(root).values())
        for i, a in enumerate(pts):
            for b in pts[i + 1:]:
                assert math.dist(a, b) > 2 * CITY_R, name


@pytest.mark.parametrize("name", [n for n in board_names() if load_board(n).layout])
def test_shipped_boards_are_drawn_at_their_printed_positions(name):
    """Every place of a board with a ``layout`` stands at its printed position, one
    uniform scale for x and y after the picture's width/height aspect (no distortion)."""
    board = load_board(name)
    assert set(board.layout) >= set(board_nodes(board))
    places = place_groups(parse(svg_text(picture(board))))
    aspect = board.layout_aspect or 1.42
    by_x = sorted(board.layout, key=lambda n: board.layout[n][0])
    by_y = sorted(board.layout, key=lambda n: board.layout[n][1])
    a, b = by_x[0], by_x[-1]
    lx = {n: board.layout[n][0] * aspect for n in board.layout}
    ly = {n: board.layout[n][1] for n in board.layout}
    centres = {n: _centre(board, places, n) for n in board.layout}
    scale = (centres[b][0] - centres[a][0]) / (lx[b] - lx[a])
    for n in board.layout:
        assert centres[n][0] - centres[a][0] == pytest.approx((lx[n] - lx[a]) * scale, abs=0.3), n
        assert centres[n][1] - centres[by_y[0]][1] == pytest.approx((ly[n] - ly[by_y[0]]) * scale, abs=0.3), n


def _centre(board, places, name):
    """A place's drawn centre: the marker of a city or the capital; for the other places
    (castle towers, galleys, discs) the centre the picture records on the place."""
    if name in board.cities or name == board.capital:
        return marker_centre(places[name])
    g = places[name]
    return float(g.get("data-x")), float(g.get("data-y"))


def test_printed_positions_are_kept_up_to_scale():
    """With ``board.layout`` the markers stand where the board prints them: one uniform
    scale for x and y (after the width/height aspect), so the map is not distorted."""
    board = copy.copy(load_board("italia"))
    nodes = board_nodes(board)
    layout = {n: (0.1 + 0.8 * ((i * 7) % len(nodes)) / len(nodes), 0.1 + 0.8 * ((i * 11) % len(nodes)) / len(nodes))
              for i, n in enumerate(nodes)}
    object.__setattr__(board, "layout", layout)
    object.__setattr__(board, "layout_aspect", 1.5)
    assert node_positions(board) == layout
    places = place_groups(parse(svg_text(picture(board))))
    a, b = nodes[0], nodes[1]
    (ax, ay), (bx, by) = marker_centre(places[a]), marker_centre(places[b])
    sx = (bx - ax) / ((layout[b][0] - layout[a][0]) * 1.5)
    sy = (by - ay) / (layout[b][1] - layout[a][1])
    assert sx == pytest.approx(sy, rel=1e-3)
    for n in nodes:
        x, y = marker_centre(places[n])
        assert x - ax == pytest.approx((layout[n][0] - layout[a][0]) * 1.5 * sx, abs=0.2)
        assert y - ay == pytest.approx((layout[n][1] - layout[a][1]) * sx, abs=0.2)


def test_graph_layout_is_deterministic_and_fills_in_missing_places():
    nodes = ["A", "B", "C", "D", "E"]
    edges = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "E"), ("E", "A")]
    one = spring_layout(nodes, edges, seed="x")
    assert one == spring_layout(nodes, edges, seed="x")
    assert all(0.0 <= v <= 1.0 for p in one.values() for v in p)
    # a place without a printed position is placed near its printed neighbours
    fixed = {"A": (0.2, 0.2), "B": (0.8, 0.2), "C": (0.8, 0.8), "D": (0.2, 0.8)}
    got = spring_layout(nodes, edges, seed="x", fixed=fixed)
    assert {n: got[n] for n in fixed} == fixed
    assert 0.0 <= got["E"][0] <= 1.0 and got["E"] not in fixed.values()


def test_roma_has_no_printed_positions_and_is_drawn_from_its_lines_the_same_way_each_time():
    board = load_board("roma")
    assert not board.layout
    one, two = svg_text(picture(board)), svg_text(picture(board))
    assert one == two
    places = place_groups(parse(one))
    assert set(places) == set(board.cities)  # Roma prints no capital


def test_places_that_are_not_cities_are_drawn_with_their_kind():
    """Castles (Germania), galleys joined to sea lines (Balearica), discs (Aegyptus), the
    other arch (Britannia, Germania), a holding place (Gallia), and the Nile route."""
    seen = set()
    for name in board_names():
        board = load_board(name)
        root = parse(svg_text(picture(board)))
        places = place_groups(root)
        for node in board.nodes.values():
            g = places[node.name]
            assert node.type in g.get("class").split(), (name, node.name)
            assert title(g).startswith(node.name)
            seen.add(node.type)
            if node.type == "castle":  # the board prints no name at a castle: the tooltip has it
                assert not [t for t in g.findall("s:text", NS) if t.get("class") == "name"]
            else:
                assert name_of(g) == node.name
            rays = sorted(ln.get("data-to") for ln in root.iter("{http://www.w3.org/2000/svg}line") if ln.get("data-from") == node.name)
            assert rays == sorted(ln.label for ln in node.joined)
        nile = groups(root, "nile")
        if board.nile:
            assert len(nile) == 1 and all(c in title(nile[0]) for c in board.nile)
            assert any(t.text == "NILE" for t in nile[0].iter("{http://www.w3.org/2000/svg}text"))
        else:
            assert not nile
    # the shipped boards hold every kind; Balearica's galleys have 3 and 4 rays
    assert seen == {"capital", "arch", "castle", "galley", "disc", "holding"}
    balearica = load_board("balearica")
    assert sorted(len(n.joined) for n in balearica.nodes.values()) == [3, 4]


def test_where_from_a_galley_starts_the_path_at_the_galley(tmp_path):
    """Balearica: both sides start with sea colonists on the galleys; Contrarius's move
    starts at its galley and enters a sea line joined to it."""
    game = tmp_path / "b.yaml"
    assert run("new", "--board", "balearica", "--seed", "5", "-o", str(game)).exit_code == 0
    res = run("where", "food", str(game), "--svg", "-")
    assert res.exit_code == 0, res.stderr
    root = parse(res.stdout)
    snap = load_snapshot(str(game))
    ruling = where(snap, "food")
    move = ruling.moves[0]
    galley = snap.board.nodes[move.start]
    assert galley.type == "galley" and move.path[0] in galley.joined
    drawn = groups(root, "move")[0]
    path = [p for p in drawn.iter("{http://www.w3.org/2000/svg}path") if p.get("class") == "highlight"][0]
    first = tuple(map(float, re.findall(r"[-\d.]+,[-\d.]+", path.get("d"))[0].split(",")))
    ray = [ln for ln in root.iter("{http://www.w3.org/2000/svg}line") if ln.get("data-from") == move.start][0]
    assert first == pytest.approx((float(ray.get("x1")), float(ray.get("y1"))), abs=0.2)


def test_names_are_escaped():
    data = {
        "name": "odd", "capital": "Roma <&>",
        "provinces": {"P & Q": ["A\"B", "C<D"]},
        "cities": {"A\"B": {"letter": "A", "province": "P & Q"}, "C<D": {"letter": "A", "province": "P & Q"}},
        "land": [["A\"B", "C<D"], ["Roma <&>", "A\"B"]], "sea": [["Roma <&>", "C<D"]],
    }
    board = board_from_dict(data, "odd.yaml")
    text = svg_text(picture(board))
    root = parse(text)
    assert {name_of(g) for g in place_groups(root).values()} == {"Roma <&>", "A\"B", "C<D"}
    assert "<&>" not in text and "&lt;&amp;&gt;" in text


# ----- a mid-game -----------------------------------------------------------------------
def test_midgame_shows_every_house_and_colonist(tmp_path):
    out = tmp_path / "mid.svg"
    res = run("show", MIDGAME, "--svg", str(out))
    assert res.exit_code == 0, res.stderr
    assert "Sides" in res.stdout  # the report is still printed
    root = parse(out.read_text(encoding="utf-8"))
    snap = load_snapshot(MIDGAME)
    drawn = sorted((g.get("data-city"), g.get("data-owner")) for g in groups(root, "house"))
    assert drawn == sorted((c, o) for c, owners in snap.houses.items() for o in owners)
    assert len(drawn) == 7  # the example's header: Contrarius has 7 houses
    lines = {ln.get("data-line"): ln for ln in root.iter("{http://www.w3.org/2000/svg}line") if ln.get("data-kind") == "sea"} | \
            {ln.get("data-line") + "/land": ln for ln in root.iter("{http://www.w3.org/2000/svg}line") if ln.get("data-kind") == "land"}
    cols = groups(root, "colonist")
    assert sorted((g.get("data-owner"), g.get("data-kind"), g.get("data-at")) for g in cols) == \
        sorted((c.owner, c.kind, c.where) for c in snap.colonists)
    on_lines = [g for g in cols if "-" in g.get("data-at")]
    assert on_lines, "the example has colonists on lines"
    for g in on_lines:  # drawn at the middle of its own line
        ln = lines[g.get("data-at") + ("/land" if g.get("data-kind") == "land" else "")]
        mid = ((float(ln.get("x1")) + float(ln.get("x2"))) / 2, (float(ln.get("y1")) + float(ln.get("y2"))) / 2)
        assert marker_centre(g) == pytest.approx(mid, abs=0.2)
        assert title(g) == f"{'Contrarius' if g.get('data-owner') == 'contrarius' else 'player'}'s {g.get('data-kind')} colonist on the {g.get('data-kind')} line {g.get('data-at')}"
    # the legend names both sides; the bonus markers are shown and said in words
    assert [g.get("data-owner") for g in groups(root, "side")] == ["contrarius", "player"]
    assert {g.get("data-name"): g.get("data-bonus") for g in groups(root, "province")} == snap.bonus_markers
    assert "Bonus markers" in title(root) or any("Bonus markers" in (t.text or "") for t in root.iter("{http://www.w3.org/2000/svg}text"))


def test_team_game_legend_names_both_players(tmp_path):
    game = tmp_path / "team.yaml"
    assert run("new", "--board", "italia", "--mode", "team", "--seed", "3", "-o", str(game)).exit_code == 0
    res = run("show", str(game), "--svg", "-")
    assert res.exit_code == 0, res.stderr
    root = parse(res.stdout)
    assert [g.get("data-owner") for g in groups(root, "side")] == ["contrarius", "player1", "player2"]
    snap = load_snapshot(str(game))
    assert len(groups(root, "colonist")) == len(snap.colonists) > 0


# ----- a where ruling with a tie --------------------------------------------------------
def test_where_rulebook_example_draws_the_ruling(tmp_path):
    res = run("where", "food", RULEBOOK, "--svg", "-")
    assert res.exit_code == 0, res.stderr
    assert res.stdout.startswith("<?xml")  # the picture alone on stdout
    root = parse(res.stdout)
    places = place_groups(root)
    chosen = [n for n, g in places.items() if "chosen" in g.get("class").split()]
    assert chosen == ["Aleria"]
    assert "Contrarius builds here" in title(places["Aleria"])
    # ruled out, greyed, with step and reason in the tooltip (worked out by hand, see above)
    out = {n: title(g) for n, g in places.items() if "ruled-out" in g.get("class").split()}
    assert set(out) == {"Potentia", "Bavzanvm", "Casinvm", "Spoletvm", "Genva"}
    assert "step 1" in out["Potentia"] and "out of reach" in out["Potentia"]
    assert "step 2" in out["Casinvm"] and "empty city" in out["Casinvm"]
    assert "step 3" in out["Spoletvm"] and "Vmbria" in out["Spoletvm"]
    assert "step 4" in out["Genva"] and "after Aleria" in out["Genva"]
    # two tied options, numbered, each step by step
    moves = groups(root, "move")
    assert [(m.get("data-option"), m.get("data-path")) for m in moves] == [
        ("1", "Cosa-Roma Aleria-Cosa"), ("2", "Olbia-Roma Aleria-Olbia")]
    for m in moves:
        assert [s.get("data-step") for s in groups(m, "step")] == ["1", "2"]
        assert f"option {m.get('data-option')}" in title(m)
        assert any(t.text == f"option {m.get('data-option')}" for t in m.iter("{http://www.w3.org/2000/svg}text"))
    # the highlighted path of option 1 runs Roma -> middle of sea line Cosa-Roma -> Cosa -> middle of Aleria-Cosa
    sea = {ln.get("data-line"): ln for ln in root.iter("{http://www.w3.org/2000/svg}line") if ln.get("data-kind") == "sea"}

    def mid(label):
        ln = sea[label]
        return ((float(ln.get("x1")) + float(ln.get("x2"))) / 2, (float(ln.get("y1")) + float(ln.get("y2"))) / 2)

    path = [p for p in moves[0].iter("{http://www.w3.org/2000/svg}path") if p.get("class") == "highlight"][0]
    pts = [tuple(map(float, xy.split(","))) for xy in re.findall(r"[-\d.]+,[-\d.]+", path.get("d"))]
    want = [marker_centre(places["Roma"]), mid("Cosa-Roma"), marker_centre(places["Cosa"]), mid("Aleria-Cosa")]
    assert len(pts) == len(want)
    for got, exp in zip(pts, want):
        assert got == pytest.approx(exp, abs=0.2)
    # every house and colonist is there too
    assert sorted((g.get("data-city"), g.get("data-owner")) for g in groups(root, "house")) == [
        ("Ancona", "contrarius"), ("Casinvm", "player")]
    assert len(groups(root, "colonist")) == 4


def test_where_svg_file_keeps_the_report_and_names_the_ruling_in_words(tmp_path):
    out = tmp_path / "w.svg"
    res = run("where", "food", RULEBOOK, "--svg", str(out))
    assert res.exit_code == 0, res.stderr
    assert "=> Contrarius builds in Aleria" in res.stdout
    words = " ".join(t.text or "" for t in parse(out.read_text(encoding="utf-8")).iter("{http://www.w3.org/2000/svg}text"))
    assert "builds in Aleria (Corsica)" in words
    assert "option 2: sea colonist Roma -> Olbia-Roma -> Aleria-Olbia (2 steps)" in words


def test_committed_example_picture_is_current():
    """README shows examples/rulebook-where-example.svg: it is what the program draws today."""
    snap = load_snapshot(RULEBOOK)
    text = svg_text(picture(snap.board, snap, where(snap, "food")))
    assert (EXAMPLES / "rulebook-where-example.svg").read_text(encoding="utf-8") == text, \
        "regenerate: contrarius where food examples/rulebook-where-example.yaml --svg examples/rulebook-where-example.svg"


# ----- errors -----------------------------------------------------------------------------
def test_svg_errors(tmp_path):
    res = run("where", RULEBOOK, "--svg", str(tmp_path / "x.svg"))
    assert res.exit_code == 2 and "give the die face" in res.stderr
    assert not (tmp_path / "x.svg").exists()
    res = run("board", "italia", "--svg", "-", "--json")
    assert res.exit_code == 2 and "--svg FILE" in res.stderr
    res = run("show", RULEBOOK, "--svg", str(tmp_path / "no" / "x.svg"))
    assert res.exit_code == 3 and res.stderr.startswith("contrarius: --svg: ") and "\n" == res.stderr[-1] and res.stderr.count("\n") == 1
    res = run("show", str(tmp_path / "missing.yaml"), "--svg", str(tmp_path / "y.svg"))
    assert res.exit_code == 3 and not (tmp_path / "y.svg").exists()


def test_svg_never_replaces_the_snapshot(tmp_path):
    """A picture written over its own snapshot would lose the game: refused, file unchanged."""
    game = tmp_path / "game.yaml"
    game.write_text((EXAMPLES / "rulebook-where-example.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    before = game.read_bytes()
    for args in (("show", str(game), "--svg", str(game)), ("where", "food", str(game), "--svg", str(game)),
                 ("where", "food", str(game), "--svg", str(tmp_path / "." / "game.yaml"))):
        res = run(*args)
        assert res.exit_code == 2 and "the snapshot itself" in res.stderr, args
        assert game.read_bytes() == before
