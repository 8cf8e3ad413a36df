"""A picture of the board as SVG: cities, lines, houses, colonists and a build ruling.

Pure functions from a :class:`~contrarius.material.board.Board` (and optionally a
:class:`~contrarius.model.snapshot.Snapshot` and a :class:`~contrarius.rules.build.BuildRuling`) to an
``xml.etree.ElementTree`` element or its SVG text. Nothing here prints or writes a file;
the CLI (``show --svg``, ``where --svg``, ``board --svg``) decides where the text goes.

What is drawn:

- cities at their printed places (``board.layout``: fractions of the printed picture's
  width and height); a place without a printed position (the Roma board has none) is
  placed from the graph by a small deterministic spring layout;
- land lines solid brown, sea lines dashed blue (line style as well as colour tells them
  apart), a line one may cross but not end on dotted;
- each city's name and its goods (the city token), never on top of a city marker;
- houses in each side's colour with the side's initial letter in them, colonists as a
  square (land) or a circle (sea) on their line or beside their city, a legend naming the
  sides, and each province's bonus marker;
- with a ruling ("Where does Contrarius build?"): the chosen city ringed, every tied move
  option drawn step by step and numbered, reachable cities ringed with a dashed line,
  cities ruled out greyed with the rule step and reason in their ``<title>``.

Every element that carries meaning has a ``<title>`` (its text equivalent), and the
legend repeats the ruling in words. ElementTree escapes every name.
"""

from __future__ import annotations

import math
import random
import textwrap
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from contrarius.material.board import LAND, Board, Line
from contrarius.pictures.drawing import FONT, SIDE_COLOURS, SIDE_LETTERS, SVG_NS, side_name, svg_text  # noqa: F401 - svg_text: this module's picture as text
from contrarius.pictures.drawing import el as _el
from contrarius.pictures.drawing import fmt as _fmt
from contrarius.pictures.drawing import house as _house
from contrarius.pictures.drawing import text as _text
from contrarius.pictures.drawing import text_width as _text_width
from contrarius.messages import Term
from contrarius.pictures.words import WORDS, word
from contrarius.rules.build import STEP_NAMES

#: Width of the picture in pixels; everything is laid out for reading at this size.
WIDTH = 1000
MARGIN = 56
CITY_R = 10

GOODS_COLOURS = {"brick": "#B5523B", "food": "#E8C547", "tool": "#4F7CAC", "wine": "#7B3F8C",
                 "cloth": "#A6DCEF", "salt": "#F4F4F4"}
LAND_COLOUR = "#8B5A2B"
SEA_COLOUR = "#3A7DC9"
HIGHLIGHT = "#CC79A7"
GREY = "#DADADA"


# ----- words ------------------------------------------------------------------------------
def _side(owner: str) -> str:
    """A side as the board picture names it: ``Contrarius``, ``player`` (in the language
    chosen), another player's id as recorded."""
    return word("board.side.player") if owner == "player" else side_name(owner)


def _line(line: Line) -> str:
    """``land line Roma-Spoletvm``, ``sea line Memphis-Oxyrhynchvs (Nile)`` in the language chosen
    (:meth:`~contrarius.material.board.Line.describe`)."""
    route = f" ({line.route})" if line.route else ""
    return word("board.line.land" if line.kind == LAND else "board.line.sea", line=line.label, route=route)


def _and(items: list) -> str:
    """``a, b and c`` in the language chosen."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else word("board.and", some=", ".join(items[:-1]), last=items[-1])


def _kind_word(kind: str) -> str:
    """A place that is neither a city nor the capital, by its kind (``arch``, ``castle``...)."""
    return word(f"board.kind.{kind}") if f"board.kind.{kind}" in WORDS else kind.replace("-", " ")


def _colonist_words(c) -> str:
    """``land colonist in Roma``, ``sea colonist on Cosa-Roma`` in the language chosen."""
    if c.city:
        return word("board.colonist.in", kind=Term("kind", c.kind), city=c.city)
    return word("board.colonist.on", kind=Term("kind", c.kind), line=c.line.label)


# ----- positions ------------------------------------------------------------------------
def board_nodes(board: Board) -> list[str]:
    """Every place drawn: the capital (if the board has one), the cities, then the other
    places (arches, castles, galleys, discs, a holding place), any other line end and any
    other place the board's layout names."""
    nodes = [p for p in getattr(board, "places", [board.capital, *board.cities]) if p is not None]
    seen = set(nodes)
    for line in board.lines:
        for end in line.ends:
            if end not in seen:
                seen.add(end)
                nodes.append(end)
    for name in _printed_layout(board):
        if name not in seen:
            seen.add(name)
            nodes.append(name)
    return nodes


def _printed_layout(board: Board) -> dict[str, tuple[float, float]]:
    """The board's printed positions (``board.layout``), or none where the board has none."""
    layout = getattr(board, "layout", None) or {}
    return {str(k): (float(v[0]), float(v[1])) for k, v in dict(layout).items()}


def board_aspect(board: Board) -> float:
    """Width / height of the printed board picture (``board.layout_aspect``: 1.4258 for
    Italia's 4547 x 3189 scan); 1.42, the base boards' shape, when unknown."""
    return float(getattr(board, "layout_aspect", None) or 1.42)


def spring_layout(nodes: list[str], edges: list[tuple[str, str]], seed: str,
                  fixed: dict[str, tuple[float, float]] | None = None,
                  iterations: int = 400) -> dict[str, tuple[float, float]]:
    """Place ``nodes`` in the unit square by a Fruchterman-Reingold spring layout.

    Deterministic: the start positions come from ``random.Random(seed)``. Nodes in
    ``fixed`` (fractions 0-1) stay where they are and pull their neighbours. Returns
    ``{node: (x, y)}`` as fractions, free nodes kept within 0.04-0.96.
    """
    fixed = dict(fixed or {})
    rng = random.Random(seed)
    pos: dict[str, list[float]] = {}
    adj: dict[str, list[str]] = {n: [] for n in nodes}
    for a, b in edges:
        if a in adj and b in adj and a != b:
            adj[a].append(b)
            adj[b].append(a)
    for n in nodes:
        if n in fixed:
            pos[n] = list(fixed[n])
        else:
            near = [fixed[m] for m in adj[n] if m in fixed]
            if near:
                cx = sum(p[0] for p in near) / len(near)
                cy = sum(p[1] for p in near) / len(near)
                pos[n] = [cx + rng.uniform(-0.03, 0.03), cy + rng.uniform(-0.03, 0.03)]
            else:
                pos[n] = [rng.uniform(0.1, 0.9), rng.uniform(0.1, 0.9)]
    free = [n for n in nodes if n not in fixed]
    if not free:
        return {n: (p[0], p[1]) for n, p in pos.items()}
    k = 0.75 * math.sqrt(1.0 / max(len(nodes), 1))
    lo, hi = (0.0, 1.0) if fixed else (-10.0, 10.0)
    temp = 0.1
    for _ in range(iterations):
        disp = {n: [0.0, 0.0] for n in free}
        for n in free:
            px, py = pos[n]
            for m in nodes:
                if m == n:
                    continue
                dx, dy = px - pos[m][0], py - pos[m][1]
                d2 = dx * dx + dy * dy or 1e-6
                f = k * k / d2
                disp[n][0] += dx * f
                disp[n][1] += dy * f
            for m in adj[n]:
                dx, dy = px - pos[m][0], py - pos[m][1]
                d = math.sqrt(dx * dx + dy * dy) or 1e-3
                disp[n][0] -= dx * d / k
                disp[n][1] -= dy * d / k
            # a weak pull to the middle keeps a place without lines near the others
            dx, dy = px - 0.5, py - 0.5
            d = math.sqrt(dx * dx + dy * dy)
            disp[n][0] -= 0.1 * dx * d / k
            disp[n][1] -= 0.1 * dy * d / k
        for n in free:
            dx, dy = disp[n]
            d = math.sqrt(dx * dx + dy * dy) or 1e-9
            step = min(d, temp)
            pos[n][0] = min(hi, max(lo, pos[n][0] + dx / d * step))
            pos[n][1] = min(hi, max(lo, pos[n][1] + dy / d * step))
        temp = max(temp * 0.985, 0.002)
    if not fixed:  # scale the free drawing into 0.04-0.96
        xs = [p[0] for p in pos.values()]
        ys = [p[1] for p in pos.values()]
        sx = max(max(xs) - min(xs), 1e-9)
        sy = max(max(ys) - min(ys), 1e-9)
        return {n: (0.04 + 0.92 * (p[0] - min(xs)) / sx, 0.04 + 0.92 * (p[1] - min(ys)) / sy) for n, p in pos.items()}
    return {n: (p[0], p[1]) for n, p in pos.items()}


def node_positions(board: Board) -> dict[str, tuple[float, float]]:
    """Every drawn place's position as fractions of the printed picture (x right, y down).

    The printed position where the board has one (``board.layout``); the others from
    :func:`spring_layout` seeded by the board's name (so always the same picture).
    """
    printed = _printed_layout(board)
    nodes = board_nodes(board)
    fixed = {n: printed[n] for n in nodes if n in printed}
    if len(fixed) == len(nodes):
        return fixed
    edges = [line.ends for line in board.lines]
    return spring_layout(nodes, edges, seed=f"contrarius:{board.name}", fixed=fixed)


# ----- geometry helpers -----------------------------------------------------------------
Rect = tuple[float, float, float, float]


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


@dataclass
class _Geometry:
    """Pixel positions of places and lines of one picture."""

    xy: dict[str, tuple[float, float]]
    width: float
    map_height: float
    line_ends: dict[Line, tuple[tuple[float, float], tuple[float, float]]]

    def mid(self, line: Line) -> tuple[float, float]:
        """The middle of a drawn line (offset where several lines join one pair)."""
        (x1, y1), (x2, y2) = self.line_ends[line]
        return ((x1 + x2) / 2, (y1 + y2) / 2)


def _geometry(board: Board) -> _Geometry:
    frac = node_positions(board)
    aspect = board_aspect(board)
    pts = {n: (x * aspect, y) for n, (x, y) in frac.items()}
    xs = [p[0] for p in pts.values()]
    ys = [p[1] for p in pts.values()]
    span_x = max(max(xs) - min(xs), 1e-6)
    span_y = max(max(ys) - min(ys), 1e-6)
    inner = WIDTH - 2 * MARGIN
    scale = inner / span_x
    if span_y * scale > 1.6 * inner:  # a tall board: keep it within a readable height
        scale = 1.6 * inner / span_y
    used_w = span_x * scale
    left = (WIDTH - used_w) / 2
    xy = {n: (left + (p[0] - min(xs)) * scale, MARGIN + 18 + (p[1] - min(ys)) * scale) for n, p in pts.items()}
    map_height = MARGIN + 18 + span_y * scale + MARGIN
    # lines between the same pair are drawn side by side
    by_pair: dict[tuple[str, str], list[Line]] = {}
    for line in board.lines:
        by_pair.setdefault(line.ends, []).append(line)
    ends: dict[Line, tuple[tuple[float, float], tuple[float, float]]] = {}
    for (a, b), group in by_pair.items():
        group.sort(key=lambda ln: (ln.kind != LAND, ln.index))
        (x1, y1), (x2, y2) = xy[a], xy[b]
        d = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / d, (x2 - x1) / d
        for i, line in enumerate(group):
            off = (i - (len(group) - 1) / 2) * 7.0
            ends[line] = ((x1 + nx * off, y1 + ny * off), (x2 + nx * off, y2 + ny * off))
    return _Geometry(xy, WIDTH, map_height, ends)


# ----- drawing ----------------------------------------------------------------------------
def _colonist(parent: ET.Element, x: float, y: float, owner: str, kind: str, title: str, cls: str = "colonist",
              **attrs: object) -> ET.Element:
    """A colonist: a square for land, a circle for sea, in the side's colour with its letter."""
    g = _el(parent, "g", title, class_=cls, data_owner=owner, data_kind=kind, **attrs)
    colour = SIDE_COLOURS.get(owner, "#555")
    if kind == LAND:
        _el(g, "rect", x=x - 6.5, y=y - 6.5, width=13, height=13, fill=colour, stroke="#111", stroke_width=1.5)
    else:
        _el(g, "circle", cx=x, cy=y, r=7, fill=colour, stroke="#111", stroke_width=1.5)
    t = _el(g, "text", x=x, y=y + 3.5, font_size=9, text_anchor="middle", fill="#fff", font_weight="bold")
    t.text = SIDE_LETTERS.get(owner, "")
    return g


def _line_sample(parent: ET.Element, x: float, y: float, kind: str, stoppable: bool = True) -> None:
    _el(parent, "line", x1=x, y1=y, x2=x + 34, y2=y, **_line_style(kind, stoppable))


def _line_style(kind: str, stoppable: bool) -> dict:
    if kind == LAND:
        style = {"stroke": LAND_COLOUR, "stroke_width": 3.5}
        if not stoppable:
            style["stroke_dasharray"] = "1.5 5"
            style["stroke_linecap"] = "round"
        return style
    return {"stroke": SEA_COLOUR, "stroke_width": 2.5, "stroke_dasharray": "9 5"}


def _owners_of(snapshot) -> tuple[str, ...]:
    return tuple(snapshot.owners) if snapshot is not None else ()


def _crosses(seg: tuple[float, float, float, float], r: Rect) -> bool:
    """Whether the segment ``(x1, y1, x2, y2)`` passes through the rectangle ``r`` (Liang-Barsky)."""
    x1, y1, x2, y2 = seg
    if max(x1, x2) < r[0] or min(x1, x2) > r[2] or max(y1, y2) < r[1] or min(y1, y2) > r[3]:
        return False
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x1 - r[0]), (dx, r[2] - x1), (-dy, y1 - r[1]), (dy, r[3] - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _rect_dist(r: Rect, p: tuple[float, float]) -> float:
    """Distance from point ``p`` to the nearest point of rectangle ``r``."""
    return math.hypot(p[0] - min(max(p[0], r[0]), r[2]), p[1] - min(max(p[1], r[1]), r[3]))


class _Placer:
    """Puts labels where they overlap no city marker, house, colonist or other label, and
    cross as few drawn lines as it can."""

    def __init__(self, width: float, height: float):
        self.width, self.height = width, height
        self.taken: list[Rect] = []
        self.segments: list[tuple[float, float, float, float]] = []
        self.markers: list[tuple[float, float]] = []

    def block(self, rect: Rect) -> None:
        """Keep labels off ``rect``."""
        self.taken.append(rect)

    def place(self, box: Rect, w: float, h: float, gap: float = 3.0, own: Rect | None = None,
              anchor: tuple[float, float] | None = None) -> Rect:
        """The best ``w`` x ``h`` rectangle around ``box``: free of every blocked rectangle
        and inside the picture, crossing the fewest lines, nearest, below before above,
        right, left and the corners, and nearer its own ``anchor`` (the place's marker)
        than any other marker; the least overlapping one if none is free."""
        x0, y0, x1, y1 = box
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        best: tuple[float, float, Rect] | None = None
        for n_far, far in enumerate((0.0, 8.0, 18.0, 30.0)):
            if best is not None and best[0] == 0 and best[1] <= 1.0 * n_far:
                break  # nothing further out can do better
            g = gap + far
            cands = [
                (cx - w / 2, y1 + g), (cx - w / 2, y0 - g - h), (x1 + g, cy - h / 2), (x0 - g - w, cy - h / 2),
                (x1 + g, y1 + g - h / 3), (x0 - g - w, y1 + g - h / 3), (x1 + g, y0 - g - h * 2 / 3),
                (x0 - g - w, y0 - g - h * 2 / 3),
            ]
            for k, (lx, ly) in enumerate(cands):
                r = (lx, ly, lx + w, ly + h)
                hard = sum(_overlap(r, t) for t in self.taken if t is not own and t[0] < r[2] and r[0] < t[2])
                if r[0] < 2 or r[1] < 2 or r[2] > self.width - 2 or r[3] > self.height - 2:
                    hard += 10000
                soft = sum(1 for seg in self.segments if _crosses(seg, r)) + 1.0 * n_far + 0.01 * k
                if anchor is not None:  # a label nearer another place's marker than its own misleads
                    mine = _rect_dist(r, anchor)
                    if any(_rect_dist(r, m) < mine for m in self.markers if m != anchor):
                        soft += 4
                if best is None or (hard, soft) < (best[0], best[1]):
                    best = (hard, soft, r)
        assert best is not None
        self.taken.append(best[2])
        return best[2]


def picture(board: Board, snapshot=None, ruling=None, *, title: str | None = None) -> ET.Element:
    """Draw ``board`` (with ``snapshot``'s houses, colonists, tokens and bonus markers, and
    ``ruling``'s build-site decision when given) as an ``<svg>`` element.

    ``snapshot`` is a :class:`~contrarius.model.snapshot.Snapshot` on ``board`` or None (the
    empty board); ``ruling`` a :class:`~contrarius.rules.build.BuildRuling` for that snapshot or
    None. The picture is :data:`WIDTH` pixels wide; its height follows the board's shape.
    Rule shown: "Where does Contrarius build?" (the chosen city, the move options in the
    order the reports number them, the cities ruled out with their step).
    """
    geo = _geometry(board)
    owners = _owners_of(snapshot)
    tokens = dict(snapshot.cities) if snapshot is not None else {}
    houses = {c: list(o) for c, o in snapshot.houses.items()} if snapshot is not None else {}

    # ---- the words under the map (legend and ruling), to know the height -----------------
    notes = _notes(board, snapshot, ruling)
    height = geo.map_height  # the legend's height is added once it is drawn
    svg = ET.Element("svg", {"xmlns": SVG_NS, "width": str(WIDTH), "height": _fmt(height),
                             "viewBox": f"0 0 {WIDTH} {_fmt(height)}", "font-family": FONT,
                             "role": "img"})
    if title:
        heading = title
    elif snapshot is None:
        heading = word("board.heading.empty", board=board.name)
    else:
        turns = len(snapshot.log)
        heading = word("board.heading.game.one" if turns == 1 else "board.heading.game", board=board.name,
                       mode=Term("mode", snapshot.mode), n=turns)
    ET.SubElement(svg, "title").text = f"contrarius: {heading}"
    ET.SubElement(svg, "desc").text = " ".join(notes) if notes else word("board.desc", board=board.name)
    background = _el(svg, "rect", x=0, y=0, width=WIDTH, height=height, fill="#FBF8F0")
    _text(svg, MARGIN / 2, 26, heading, 16, bold=True, anchor="start", class_="heading")

    placer = _Placer(WIDTH, geo.map_height)
    placer.segments = [(a[0], a[1], b[0], b[1]) for a, b in geo.line_ends.values()]
    placer.block((0, 0, _text_width(heading, 16, True) + MARGIN, 34))

    # ---- the ruling's facts per city ------------------------------------------------------
    excluded: dict[str, list] = {}
    candidates: set[str] = set()
    if ruling is not None:
        for trial in ruling.trials:
            for e in trial.excluded:
                excluded.setdefault(e.city, []).append((trial.goods, e))
            for c in trial.candidates:
                candidates.add(c.city)

    # ---- the Nile (Aegyptus), under the lines ----------------------------------------------
    nile = [c for c in getattr(board, "nile", ()) if c in geo.xy]
    if len(nile) > 1:
        g_nile = _el(svg, "g", word("board.nile", cities=", ".join(nile)), class_="nile")
        d = " ".join(("M" if k == 0 else "L") + f"{_fmt(geo.xy[c][0])},{_fmt(geo.xy[c][1])}" for k, c in enumerate(nile))
        _el(g_nile, "path", d=d, fill="none", stroke="#A9D3F0", stroke_width=16, stroke_linejoin="round",
            stroke_linecap="round")

    # ---- lines ------------------------------------------------------------------------------
    g_lines = _el(svg, "g", class_="lines")
    for node in (getattr(board, "nodes", None) or {}).values():  # a galley's rays to its sea lines
        for line in getattr(node, "joined", ()):
            if node.name in geo.xy and line in geo.line_ends:
                (gx, gy), (mx, my) = geo.xy[node.name], geo.mid(line)
                _el(g_lines, "line", word("board.joined", place=node.name, line=_line(line)), class_="joined",
                    data_from=node.name, data_to=line.label, x1=gx, y1=gy, x2=mx, y2=my,
                    stroke=SEA_COLOUR, stroke_width=1.2, stroke_dasharray="2 3")
    for line in board.lines:
        (x1, y1), (x2, y2) = geo.line_ends[line]
        desc = _line(line) if line.stoppable else word("board.line.crossed", line=_line(line))
        _el(g_lines, "line", desc, class_=f"line {line.kind}", data_line=line.label, data_kind=line.kind,
            x1=x1, y1=y1, x2=x2, y2=y2, **_line_style(line.kind, line.stoppable))

    # ---- obstacles: markers, houses and colonists in cities ----------------------------------
    city_box: dict[str, Rect] = {}
    in_city: dict[str, list] = {}
    on_line: dict[Line, list] = {}
    if snapshot is not None:
        for i, col in enumerate(snapshot.colonists):
            if col.city is not None:
                in_city.setdefault(col.city, []).append((i, col))
            elif col.line is not None:
                on_line.setdefault(col.line, []).append((i, col))
    for name in board_nodes(board):
        x, y = geo.xy[name]
        r = CITY_R + (3 if name == board.capital else 0)
        box = (x - r, y - r, x + r, y + r)
        n_h = len(houses.get(name, []))
        if n_h:
            box = (min(box[0], x - 7 * n_h), y - r - 17, max(box[2], x + 7 * n_h), box[3])
        n_c = len(in_city.get(name, []))
        if n_c:
            box = (box[0], box[1], max(box[2], x + r + 4 + 15 * n_c), box[3])
        city_box[name] = box
        placer.block(box)
        placer.markers.append((x, y))
    line_pawns: dict[Line, list[tuple[float, float]]] = {}
    for line, cols in on_line.items():
        mx, my = geo.mid(line)
        spots = []
        for k in range(len(cols)):
            px = mx + (k - (len(cols) - 1) / 2) * 15
            spots.append((px, my))
            placer.block((px - 8, my - 8, px + 8, my + 8))
        line_pawns[line] = spots

    # ---- the ruling's move options (under the places, over the lines) ------------------------
    if ruling is not None and snapshot is not None and ruling.moves:
        pawns = [xy for spots in line_pawns.values() for xy in spots]
        _draw_moves(svg, geo, snapshot, ruling, placer, pawns)

    # ---- places -----------------------------------------------------------------------------
    g_places = _el(svg, "g", class_="places")
    for name in board_nodes(board):
        _draw_place(g_places, board, geo, name, tokens, houses, in_city.get(name, []), excluded,
                    candidates, ruling, placer, city_box[name])

    # ---- colonists on lines ----------------------------------------------------------------
    g_cols = _el(svg, "g", class_="colonists")
    for line, cols in on_line.items():
        for (i, col), (px, py) in zip(cols, line_pawns[line]):
            _colonist(g_cols, px, py, col.owner, col.kind,
                      word("board.colonist.line", side=_side(col.owner), kind=Term("kind", col.kind), line=_line(line)),
                      data_at=line.label, data_index=i)

    # ---- provinces and bonus markers ---------------------------------------------------------
    _draw_provinces(svg, board, geo, snapshot, placer)
    if len(nile) > 1:
        (ax, ay), (bx, by) = geo.xy[nile[len(nile) // 2 - 1]], geo.xy[nile[len(nile) // 2]]
        cx, cy = (ax + bx) / 2, (ay + by) / 2
        nile_label = word("board.nile.label")
        r = placer.place((cx - 8, cy - 8, cx + 8, cy + 8), _text_width(nile_label, 12, True) + 4, 14, gap=0)
        _text(g_nile, r[0] + 2, r[1] + 11, nile_label, 12, bold=True, anchor="start", fill="#2A6FB0", italic=True)

    # ---- legend and words --------------------------------------------------------------------
    specials = tuple(k for k in SPECIAL_KEYS if any(_special_kind(board, n) == k for n in board_nodes(board)
                                                       if n not in board.cities and n != board.capital))
    bottom = _draw_legend(svg, geo.map_height, owners, notes, ruling is not None, specials) + 6
    svg.set("height", _fmt(bottom))
    svg.set("viewBox", f"0 0 {WIDTH} {_fmt(bottom)}")
    background.set("height", _fmt(bottom))
    return svg


def _draw_place(parent, board, geo, name, tokens, houses, cols, excluded, candidates, ruling, placer, box):
    x, y = geo.xy[name]
    is_city = name in board.cities
    goods = tokens.get(name)
    out = excluded.get(name)
    if name == board.capital:
        kind, what = "capital", word("board.capital", name=name)
    elif is_city:
        city = board.cities[name]
        kind = "city"
        what = (word("board.city.goods", name=name, province=city.province, letter=city.letter, goods=Term("goods", goods)) if goods
                else word("board.city", name=name, province=city.province, letter=city.letter))
        owners = houses.get(name, [])
        if owners:
            what += "; " + word("board.city.houses", sides=", ".join(_side(o) for o in owners))
    else:
        kind = _special_kind(board, name)
        what = _special_words(board, name, kind)
    tags = sorted(getattr(board, "tags", {}).get(name, ()))
    if tags:
        what += "; " + ", ".join(word(f"board.tag.{t}") if f"board.tag.{t}" in WORDS else t.replace("_", " ") for t in tags)
    starts = [k for k, places in (getattr(board, "starts", None) or {}).items() if name in places]
    if starts:
        what += "; " + word("board.city.starts", kinds=_and([Term("kind", k) for k in starts]))
    if out:
        what += "; " + word("board.city.out", reasons="; ".join(
            word("board.city.out.one", goods=Term("goods", goods_), step=STEP_NAMES.get(e.step, e.step), reason=e.reason)
            for goods_, e in out))
    if ruling is not None and name == ruling.city:
        what += "; " + word("board.city.chosen", deciding=ruling.deciding)
    elif name in candidates and not out:
        what += "; " + word("board.city.reach")
    g = _el(parent, "g", what, class_=kind + (" ruled-out" if out else "") +
            (" chosen" if ruling is not None and name == ruling.city else ""),
            data_name=name, data_goods=goods, data_x=round(x, 1), data_y=round(y, 1))
    # the marker
    if name == board.capital:
        r = CITY_R + 3
        _el(g, "rect", x=x - r, y=y - r, width=2 * r, height=2 * r, rx=3, fill="#F2E6C9", stroke="#111", stroke_width=2)
        _el(g, "path", d=f"M{_fmt(x - 6)},{_fmt(y + 5)} v-5 a6,6 0 0 1 12,0 v5", fill="none", stroke="#111", stroke_width=2)
    elif is_city:
        fill = GREY if out else GOODS_COLOURS.get(goods or "", "#FFFFFF")
        _el(g, "circle", cx=x, cy=y, r=CITY_R, fill=fill, stroke="#111", stroke_width=1.8)
        if out:
            d = CITY_R * 0.7
            _el(g, "path", d=f"M{_fmt(x - d)},{_fmt(y - d)} L{_fmt(x + d)},{_fmt(y + d)} M{_fmt(x + d)},{_fmt(y - d)} L{_fmt(x - d)},{_fmt(y + d)}",
                stroke="#444", stroke_width=2)
    else:
        _special_marker(g, x, y, kind)
    if ruling is not None and name == ruling.city:
        _el(g, "circle", cx=x, cy=y, r=CITY_R + 6, fill="none", stroke="#111", stroke_width=4.5, class_="chosen-ring")
        _el(g, "circle", cx=x, cy=y, r=CITY_R + 6, fill="none", stroke=HIGHLIGHT, stroke_width=2.5)
    elif name in candidates and not out:
        _el(g, "circle", cx=x, cy=y, r=CITY_R + 5, fill="none", stroke="#111", stroke_width=1.5, stroke_dasharray="3 2")
    # houses above the marker
    owners = houses.get(name, [])
    for k, owner in enumerate(owners):
        hx = x + (k - (len(owners) - 1) / 2) * 14
        _house(g, hx, y - CITY_R - 9, owner, word("board.house", side=_side(owner), city=name), data_city=name)
    # colonists standing in the place, to its right
    r = CITY_R + (3 if name == board.capital else 0)
    for k, (i, col) in enumerate(cols):
        _colonist(g, x + r + 11 + 15 * k, y, col.owner, col.kind,
                  word("board.colonist.city", side=_side(col.owner), kind=Term("kind", col.kind), city=name),
                  data_at=name, data_index=i)
    if kind == "castle":  # castles print no name: the tower alone, its name in the tooltip
        return
    # the name (and goods) beside it
    size = 13 if name != board.capital else 14
    if is_city:
        sub = str(Term("goods", goods)) if goods else word("board.letter", letter=board.cities[name].letter)
    else:
        sub = word("board.capital.label") if name == board.capital else _kind_word(kind)
    w = max(_text_width(name, size, True), _text_width(sub, 10.5)) + 4
    h = size + (12 if sub else 1)
    lx0, ly0, lx1, ly1 = placer.place(box, w, h, own=box, anchor=(x, y))
    # the text starts at the side facing its marker: a label beside the marker is aligned to
    # it (left-aligned to the right of it, right-aligned to the left), not centred a label's
    # half-width away, where it reads as the name of a line or a neighbour
    if lx0 >= box[2]:
        tx, how = lx0 + 2, "start"
    elif lx1 <= box[0]:
        tx, how = lx1 - 2, "end"
    else:
        tx, how = (lx0 + lx1) / 2, "middle"
    fill = "#777" if out else "#111"
    _text(g, tx, ly0 + size - 1, name, size, bold=True, anchor=how, fill=fill, class_="name")
    if sub:
        _text(g, tx, ly0 + size + 10, sub, 10.5, anchor=how, fill="#555" if out else "#333", class_="goods")


def _special_kind(board: Board, name: str) -> str:
    """What a place that is neither a city nor the capital is: ``arch``, ``castle``,
    ``galley``, ``disc`` or ``holding`` (the board's node type)."""
    node = (getattr(board, "nodes", None) or {}).get(name)
    return str(node.type) if node is not None else "place"


def _special_words(board: Board, name: str, kind: str) -> str:
    """The text equivalent of a place that is not a city."""
    node = (getattr(board, "nodes", None) or {}).get(name)
    note = getattr(node, "note", "") if node is not None else ""
    return f"{name}: {note}" if note else word("board.place", name=name, kind=_kind_word(kind))


def _special_marker(g: ET.Element, x: float, y: float, kind: str) -> None:
    if kind == "castle":
        pts = [(x - 8, y + 8), (x - 8, y - 4), (x - 5, y - 4), (x - 5, y - 8), (x - 1.5, y - 8), (x - 1.5, y - 4),
               (x + 1.5, y - 4), (x + 1.5, y - 8), (x + 5, y - 8), (x + 5, y - 4), (x + 8, y - 4), (x + 8, y + 8)]
        _el(g, "polygon", points=" ".join(f"{_fmt(a)},{_fmt(b)}" for a, b in pts), fill="#9C9C9C", stroke="#111", stroke_width=1.5)
    elif kind == "galley":
        _el(g, "path", d=f"M{_fmt(x - 11)},{_fmt(y - 2)} L{_fmt(x + 11)},{_fmt(y - 2)} L{_fmt(x + 7)},{_fmt(y + 6)} L{_fmt(x - 7)},{_fmt(y + 6)} Z",
            fill="#C9A66B", stroke="#111", stroke_width=1.5)
        _el(g, "path", d=f"M{_fmt(x)},{_fmt(y - 2)} V{_fmt(y - 12)} L{_fmt(x + 7)},{_fmt(y - 5)} Z", fill="#fff", stroke="#111", stroke_width=1)
    elif kind == "holding":
        _el(g, "rect", x=x - 14, y=y - 8, width=28, height=16, rx=8, fill="#CFE3F5", stroke="#111", stroke_width=1.5,
            stroke_dasharray="4 2")
    elif kind == "arch":
        r = CITY_R + 1
        _el(g, "rect", x=x - r, y=y - r, width=2 * r, height=2 * r, rx=3, fill="#F2E6C9", stroke="#111", stroke_width=2)
        _el(g, "path", d=f"M{_fmt(x - 5)},{_fmt(y + 5)} v-4 a5,5 0 0 1 10,0 v4", fill="none", stroke="#111", stroke_width=2)
    else:
        _el(g, "circle", cx=x, cy=y, r=9, fill="#F0D060", stroke="#111", stroke_width=1.5)
        _el(g, "circle", cx=x, cy=y, r=5, fill="none", stroke="#111", stroke_width=1)


def _badge_spot(geo: _Geometry, line: Line, avoid: list[tuple[float, float]]) -> tuple[float, float]:
    """Where a step number goes on ``line``: its middle, or nearer an end when a colonist
    (or another step number) already stands there."""
    (x1, y1), (x2, y2) = geo.line_ends[line]
    for t in (0.5, 0.32, 0.68, 0.22, 0.78):
        spot = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
        if all(math.dist(spot, a) >= 16 for a in avoid):
            return spot
    return geo.mid(line)


def _draw_moves(svg, geo: _Geometry, snapshot, ruling, placer: _Placer, pawns: list[tuple[float, float]]) -> None:
    """Each move option of the ruling as a path through the midpoints of the lines it
    enters, with the step numbers on those lines (kept clear of colonists standing there)."""
    avoid = list(pawns)
    g = _el(svg, "g", class_="moves")
    several = len(ruling.moves) > 1
    for n, move in enumerate(ruling.moves, 1):
        col = snapshot.colonists[move.colonist]
        if col.line is not None:
            pts = [geo.mid(col.line)]
            prev = col.line
            here = None
        else:
            here = move.start
            pts = [geo.xy[here]]
            prev = None
        for line in move.path:
            if prev is not None:
                shared = [e for e in line.ends if e in prev.ends]
                if shared:
                    pts.append(geo.xy[shared[0]])
            pts.append(geo.mid(line))
            prev = line
        label = word("board.option.lead", n=n) if several else ""
        what = word("board.move.default" if several and n == 1 else "board.move", option=label, move=move.describe())
        og = _el(g, "g", what, class_="move" + (" default" if n == 1 else ""), data_option=n,
                 data_path=" ".join(ln.label for ln in move.path) or move.start)
        d = " ".join(("M" if k == 0 else "L") + f"{_fmt(px)},{_fmt(py)}" for k, (px, py) in enumerate(pts))
        width = 7 if n == 1 else 5
        _el(og, "path", d=d, fill="none", stroke="#111", stroke_width=width + 3, stroke_linejoin="round",
            stroke_linecap="round", stroke_opacity=0.55)
        _el(og, "path", d=d, fill="none", stroke=HIGHLIGHT, stroke_width=width, stroke_linejoin="round",
            stroke_linecap="round", stroke_dasharray=None if n == 1 else "10 6", class_="highlight")
        # the step numbers, at the middle of each line entered
        for k, line in enumerate(move.path, 1):
            mx, my = _badge_spot(geo, line, avoid)
            avoid.append((mx, my))
            sg = _el(og, "g", word("board.step", option=label, k=k, line=_line(line)), class_="step", data_step=k)
            _el(sg, "circle", cx=mx, cy=my, r=8, fill="#fff", stroke=HIGHLIGHT, stroke_width=2.5)
            t = _el(sg, "text", x=mx, y=my + 3.5, font_size=10, text_anchor="middle", font_weight="bold", fill="#111")
            t.text = str(k)
            placer.block((mx - 9, my - 9, mx + 9, my + 9))
        if several:
            ex, ey = pts[-1]
            text = word("board.option", n=n)
            w = _text_width(text, 11, True) + 8
            lx0, ly0, lx1, ly1 = placer.place((ex - 9, ey - 9, ex + 9, ey + 9), w, 16)
            tag = _el(og, "g", class_="option-label")
            _el(tag, "rect", x=lx0, y=ly0, width=lx1 - lx0, height=ly1 - ly0, rx=4, fill=HIGHLIGHT, stroke="#111", stroke_width=1)
            _text(tag, (lx0 + lx1) / 2, ly0 + 12, text, 11, bold=True, fill="#111")


def _draw_provinces(svg, board: Board, geo: _Geometry, snapshot, placer: _Placer) -> None:
    """Each province's name near the middle of its cities, with its bonus marker."""
    g = _el(svg, "g", class_="provinces")
    markers = snapshot.bonus_markers if snapshot is not None else {}
    for prov, cities in board.provinces.items():
        pts = [geo.xy[c] for c in cities if c in geo.xy]
        if not pts:
            continue
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        state = markers.get(prov)
        text = prov.upper()
        w = _text_width(text, 10.5, True) + (18 if state else 0)
        r = placer.place((cx - 1, cy - 1, cx + 1, cy + 1), w, 14, gap=0)
        what = (word("board.province.marker", province=prov, cities=", ".join(cities), state=_marker_words(state)) if state
                else word("board.province", province=prov, cities=", ".join(cities)))
        pg = _el(g, "g", what, class_="province", data_name=prov, data_bonus=state)
        _text(pg, r[0], r[1] + 11, text, 10.5, bold=True, anchor="start", fill="#6B5A3A", italic=True)
        if state:
            bx = r[2] - 8
            by = r[1] + 7
            if state == "coins":
                _el(pg, "circle", cx=bx, cy=by, r=6, fill="#E0B84A", stroke="#111", stroke_width=1)
                t = _el(pg, "text", x=bx, y=by + 3, font_size=8, text_anchor="middle", font_weight="bold")
                t.text = "$"
            else:
                _el(pg, "rect", x=bx - 6, y=by - 6, width=12, height=12, fill="#FFFFFF", stroke="#111", stroke_width=1)
                t = _el(pg, "text", x=bx, y=by + 3, font_size=8, text_anchor="middle", font_weight="bold")
                t.text = word("board.marker.letter.goods")


def _marker_words(state: str | None) -> str:
    return word(f"board.marker.{state}") if state in ("goods", "coins") else str(state)


def _notes(board: Board, snapshot, ruling) -> list[str]:
    """The legend's lines of words: bonus markers, supply and the ruling in full."""
    lines: list[str] = []
    def wrap(text: str, width: int = 150) -> list[str]:
        return textwrap.wrap(text, width, subsequent_indent="    ")

    if snapshot is not None:
        letter = word("board.marker.letter.goods")
        marks = [f"{p} {letter if s == 'goods' else '$' if s == 'coins' else s}" for p, s in snapshot.bonus_markers.items()]
        if marks:
            lines += wrap(word("board.notes.markers", marks=", ".join(marks)))
        for owner in snapshot.owners:
            lines += wrap(word("board.notes.side", side=_side(owner), cities=", ".join(snapshot.houses_of(owner)) or word("board.notes.nocity"),
                               colonists=", ".join(_colonist_words(c) for c in snapshot.colonists_of(owner)) or word("board.notes.none")))
    if ruling is not None:
        goods = Term("goods", ruling.goods)
        asked = word("board.where.asked", specialist=Term("card", ruling.specialist), goods=goods) if ruling.specialist else str(goods)
        steps = word("board.where.steps.one" if ruling.steps == 1 else "board.where.steps", asked=asked, n=ruling.steps,
                     summary=ruling.summary())
        # the first line is drawn bold, so it is wrapped shorter
        lines += wrap(f"{word('board.where')} {steps}", 118)
        for n, m in enumerate(ruling.moves, 1):
            key = ("board.where.option.default" if n == 1 else "board.where.option") if len(ruling.moves) > 1 else "board.where.move"
            lines += wrap(word(key, n=n, move=m.describe()))
        if len(ruling.moves) > 1:
            lines += wrap(word("board.where.tie"))
        for trial in ruling.trials:
            for e in trial.excluded:
                lines += wrap(word("board.where.out", goods=Term("goods", trial.goods), city=e.city, step=STEP_NAMES.get(e.step, e.step),
                                   reason=e.reason))
    return lines


#: The kinds of places that are neither a city nor the capital, keyed in the legend (words: board.key.KIND).
SPECIAL_KEYS = ("arch", "castle", "galley", "disc", "holding")


def _draw_legend(svg, top: float, owners: tuple[str, ...], notes: list[str], with_ruling: bool,
                 specials: tuple[str, ...] = ()) -> float:
    """The key (sides, line styles, colonist shapes, place kinds, the ruling's marks),
    flowed into rows, then the notes in words. Returns the bottom of the legend."""
    g = _el(svg, "g", class_="legend")
    _el(g, "line", x1=MARGIN / 2, y1=top, x2=WIDTH - MARGIN / 2, y2=top, stroke="#999", stroke_width=1)
    items: list[tuple[str, str, str, dict, bool]] = []  # (draw, words, title, attrs, bold)
    for owner in owners:
        items.append(("side:" + owner, _side(owner),
                      word("board.key.side", side=_side(owner), letter=SIDE_LETTERS.get(owner, "?")),
                      {"class_": "side", "data_owner": owner}, True))
    for draw, key in (("land", "land"), ("sea", "sea"), ("col:land", "col.land"), ("col:sea", "col.sea"), ("city", "city")):
        items.append((draw, word(f"board.key.{key}"), word(f"board.key.{key}.title"), {}, False))
    for kind in specials:
        said = word(f"board.key.{kind}")
        items.append(("special:" + kind, said, said, {}, False))
    if with_ruling:
        for draw in ("chosen", "reach", "out", "move"):
            said = word(f"board.key.{draw}")
            items.append((draw, said, said, {}, False))
    x, y = MARGIN / 2, top + 22
    for draw, words, title, attrs, bold in items:
        sw = {"land": 34, "sea": 34, "special:holding": 28, "special:galley": 22}.get(draw, 18)
        width = sw + 6 + _text_width(words, 12, bold)
        if x + width > WIDTH - MARGIN / 2:
            x, y = MARGIN / 2, y + 24
        item = _el(g, "g", title, **({"class_": "key"} | attrs))
        sym = x + sw / 2
        if draw.startswith("side:"):
            _house(item, sym, y - 4, draw[5:], word("board.key.house", side=words), cls="key-house")
        elif draw in ("land", "sea"):
            _line_sample(item, x, y - 4, draw)
        elif draw.startswith("col:"):
            _colonist(item, sym, y - 4, "none", draw[4:], words, cls="key-colonist")
        elif draw == "city":
            _el(item, "circle", cx=sym, cy=y - 4, r=7, fill=GOODS_COLOURS["wine"], stroke="#111", stroke_width=1.5)
        elif draw.startswith("special:"):
            _special_marker(item, sym, y - 4, draw[8:])
        elif draw == "chosen":
            _el(item, "circle", cx=sym, cy=y - 4, r=8, fill="none", stroke="#111", stroke_width=4.5)
            _el(item, "circle", cx=sym, cy=y - 4, r=8, fill="none", stroke=HIGHLIGHT, stroke_width=2.5)
        elif draw == "reach":
            _el(item, "circle", cx=sym, cy=y - 4, r=8, fill="none", stroke="#111", stroke_width=1.5, stroke_dasharray="3 2")
        elif draw == "out":
            _el(item, "circle", cx=sym, cy=y - 4, r=7, fill=GREY, stroke="#111", stroke_width=1.5)
            _el(item, "path", d=f"M{_fmt(sym - 5)},{_fmt(y - 9)} L{_fmt(sym + 5)},{_fmt(y + 1)} M{_fmt(sym + 5)},{_fmt(y - 9)} L{_fmt(sym - 5)},{_fmt(y + 1)}",
                stroke="#444", stroke_width=1.5)
        elif draw == "move":
            _el(item, "line", x1=sym - 9, y1=y - 4, x2=sym + 9, y2=y - 4, stroke=HIGHLIGHT, stroke_width=6, stroke_linecap="round")
        _text(item, x + sw + 5, y, words, 12, bold=bold, anchor="start")
        x += width + 16
    y += 24
    block = _el(g, "g", class_="notes")
    where = word("board.where")
    for note in notes:
        _text(block, MARGIN / 2, y, note, 11.5, anchor="start", fill="#222", bold=note.startswith(where))
        y += 16
    return y
