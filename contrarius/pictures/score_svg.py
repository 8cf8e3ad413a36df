"""Pictures of the final score (``score --svg``) and of a campaign (``score --campaign
--svg``) as SVG, laid out for a phone held upright.

Drawn from the data of ``score --json``: :func:`picture` from the score
(:meth:`contrarius.rules.scoring.FinalScore.to_dict`: each side's VP track, gods, solo
variants' points and Concordia card, the winner and the rule that broke a tie),
:func:`campaign_picture` from its ``campaign`` part (the games recorded, with their
starting VP and results, and where the campaign stands). Nothing here scores or applies a
rule: every number drawn is one of the data's.

Each side's score is one bar split into its parts ("Final scoring": the VP track, each
god, the variants' points, the Concordia card), each part a ``<g class="part">`` with its
``<title>`` and ``data-`` values, listed under the bar in words too. ElementTree escapes
every name.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from typing import Any

from contrarius.pictures.drawing import SIDE_COLOURS, document, el, fmt, lines, set_height, side_words, text, text_width, wrap
from contrarius.pictures.words import word
from contrarius.words.i18n import capital, term_name

WIDTH = 400
PAD = 12
BAR = 20
#: A colour per part of a score (Okabe-Ito and a few more, each part also named in words).
PART_COLOURS = {"track": "#B0A79A", "Vesta": "#E69F00", "Jupiter": "#56B4E9", "Saturnus": "#009E73",
                "Mercurius": "#F0E442", "Mars": "#C0392B", "Minerva": "#0072B2", "Venus": "#CC79A7",
                "concordia": "#7F3C8D", "given": "#E4E0D8"}
EXTRA_COLOURS = ["#8C564B", "#2A9D8F", "#6B8E23", "#4D4D4D"]


def _lines(parent: ET.Element, x: float, y: float, words: str, size: float, **kw: Any) -> float:
    """:func:`contrarius.pictures.drawing.lines` across the picture (its width less the margins)."""
    return lines(parent, x, y, words, size, WIDTH - 2 * PAD, **kw)


def _num(x: float | int) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def score_parts(side: dict[str, Any]) -> list[dict[str, Any]]:
    """The parts of one side's score (``score --json``'s side): ``key``, ``label`` and
    ``points`` (None: not known), in the order of the table: VP track, the gods, the solo
    variants' points, the Concordia card."""
    parts = [{"key": "track", "label": word("score.part.track"), "points": side["vp_track"]}]
    parts += [{"key": g["god"], "label": g["god"], "points": g["points"]} for g in side["gods"]]
    parts += [{"key": f"variant:{v['what']}", "label": capital(term_name("extra", v["what"])), "points": v["points"]} for v in side.get("variants", [])]
    parts.append({"key": "concordia", "label": word("score.part.concordia"), "points": side["concordia_card"]})
    return parts


def _colour(key: str, extras: list[str]) -> str:
    """The colour of part ``key`` (a variant's: by its place among ``extras``)."""
    if key.startswith("variant:"):
        return EXTRA_COLOURS[extras.index(key) % len(EXTRA_COLOURS)]
    return PART_COLOURS.get(key, "#999")


def _total_words(side: dict[str, Any]) -> str:
    if side["total"] is None:
        return word("score.total.atleast", n=side["known_points"])
    if side["given_total"] is not None:
        return word("score.total.given", n=side["total"])
    return word("score.total", n=side["total"])


def result_words(data: dict[str, Any]) -> str:
    """The winner line: who won (or leads) and by how much, or the rule that broke a tie."""
    final = data["ended"]
    if data["winner"] is None:
        return word("score.winner.none") if data["tie"] else word("score.winner.unknown")
    who = side_words(data["winner"], data["mode"])
    if data["tie"]:
        return word("score.winner.tie" if final else "score.leading.tie", who=who, rule=term_name("tie_by", data["decided_by"]))
    if data["margin"] is not None:
        return word("score.winner" if final else "score.leading", who=who, n=_num(abs(data["margin"])))
    return who


def picture(data: dict[str, Any]) -> ET.Element:
    """Draw the score ``data`` (``score --json``) as an ``<svg>`` element :data:`WIDTH`
    pixels wide: a heading (final score or standing), the winner and the tie rule if one
    decided it, then per side its total and a bar split by part, with the parts in words."""
    mode = data["mode"]
    key = "score.heading.final" if data["ended"] else "score.heading.standing"
    heading = word(key, board=data["board"], mode=word(f"mode.{mode}"), level=term_name("level", data["level"]))
    result = result_words(data)
    sides_words = []
    for side in data["sides"]:
        parts = ", ".join(f"{p['label']} {'?' if p['points'] is None else p['points']}" for p in score_parts(side)
                          if p["points"] != 0)
        sides_words.append(word("score.desc.side", side=side_words(side["owner"], mode), total=_total_words(side), parts=parts))
    svg = document(WIDTH, 100, f"contrarius: {heading}", word("score.desc", heading=heading, sides="; ".join(sides_words), result=result))
    y = 22
    for line in wrap(heading, 14, WIDTH - 2 * PAD):
        text(svg, PAD, y, line, 14, bold=True, anchor="start", class_="heading")
        y += 18
    g = el(svg, "g", result, class_="result", data_winner=data["winner"], data_tie=str(data["tie"]).lower(),
           data_decided_by=data["decided_by"], data_margin=data["margin"])
    y = _lines(g, PAD, y + 4, result, 13, bold=True, fill=SIDE_COLOURS.get(data["winner"] or "", "#111"))
    if data.get("team_total") is not None:
        team = word("score.team", n=_num(data["team_total"]))
        y = _lines(el(svg, "g", team, class_="team-total", data_total=data["team_total"]), PAD, y, team, 11)

    top = max([s["total"] if s["total"] is not None else s["known_points"] for s in data["sides"]] + [1])
    px = (WIDTH - 2 * PAD - 24) / top  # room for the "?" of a side not known in full
    extras = list(dict.fromkeys(f"variant:{v['what']}" for s in data["sides"] for v in s.get("variants", [])))
    for side in data["sides"]:
        y += 14
        name = side_words(side["owner"], mode)
        total = _total_words(side)
        sg = el(svg, "g", f"{name}: {total}", class_="side", data_owner=side["owner"], data_total=side["total"],
                data_known=side["known_points"], data_given=side["given_total"], data_complete=str(side["complete"]).lower())
        el(sg, "rect", x=PAD, y=y - 11, width=5, height=14, fill=SIDE_COLOURS.get(side["owner"], "#555"))
        text(sg, PAD + 10, y, name, 13, bold=True, anchor="start")
        text(sg, WIDTH - PAD, y, total, 12, anchor="end", bold=side["total"] is not None)
        y += 8
        x = PAD
        parts = score_parts(side)
        shown = []
        for p in parts:
            if not p["points"]:
                continue
            w = p["points"] * px
            title = word("score.part.title", side=name, part=p["label"], points=word("vp", n=p["points"]))
            pg = el(sg, "g", title, class_="part", data_part=p["key"], data_points=p["points"])
            el(pg, "rect", x=x, y=y, width=w, height=BAR, fill=_colour(p["key"], extras), stroke="#ffffff", stroke_width=1)
            label = str(p["points"])
            if text_width(label, 10, True) + 4 < w:
                text(pg, x + w / 2, y + BAR / 2 + 3.5, label, 10, bold=True)
            x += w
            shown.append(p)
        listed = [p for p in parts if p["points"] != 0]
        if side["given_total"] is not None and side["given_total"] > side["known_points"]:
            # the total counted at the table replaces the sum: the rest of it beyond the parts known
            rest = side["given_total"] - side["known_points"]
            part = {"key": "given", "label": word("score.part.rest"), "points": rest}
            title = word("score.part.title", side=name, part=part["label"], points=word("vp", n=rest))
            pg = el(sg, "g", title, class_="part", data_part="given", data_points=rest)
            el(pg, "rect", x=x, y=y, width=rest * px, height=BAR, fill=PART_COLOURS["given"], stroke="#999", stroke_width=1,
               stroke_dasharray="3 2")
            if text_width(str(rest), 10, True) + 4 < rest * px:
                text(pg, x + rest * px / 2, y + BAR / 2 + 3.5, str(rest), 10, bold=True)
            x += rest * px
            listed.append(part)
        elif side["total"] is None:
            pg = el(sg, "g", word("score.part.unknown"), class_="unknown")
            el(pg, "rect", x=x + 1, y=y, width=22, height=BAR, fill="none", stroke="#777", stroke_width=1.2, stroke_dasharray="3 2")
            text(pg, x + 12, y + BAR / 2 + 4, "?", 12, bold=True)
        y += BAR + 14
        # the parts in words, two columns
        half = (WIDTH - 2 * PAD) / 2
        for i, p in enumerate(listed):
            cx = PAD + (i % 2) * half
            cy = y + (i // 2) * 15
            el(sg, "rect", x=cx, y=cy - 9, width=10, height=10, fill=_colour(p["key"], extras) if p["points"] is not None else "none",
               stroke="#777" if p["points"] is None else "#ffffff", stroke_dasharray="2 1" if p["points"] is None else None)
            value = "?" if p["points"] is None else str(p["points"])
            label = el(sg, "text", x=cx + 14, y=cy, font_size=11, text_anchor="start", fill="#111", class_="part-words",
                       data_part=p["key"], data_points=p["points"])
            label.text = f"{p['label']} {value}"
        y += ((len(listed) + 1) // 2) * 15
    set_height(svg, y + 6)
    return svg


def campaign_picture(data: dict[str, Any]) -> ET.Element:
    """Draw the campaign ``data`` (the ``campaign`` of ``score --json``: ``file``,
    ``games``, ``standing``, ``game``, ``recorded``, ``reason``) as an ``<svg>`` element
    :data:`WIDTH` pixels wide: the starting VP game after game down to where the campaign
    ends (0), then each game's two totals and its result."""
    games, st = data.get("games") or [], data["standing"]
    n = len(games)
    heading = word("camp.heading.none") if not n else word("camp.heading.one") if n == 1 else word("camp.heading", n=n)
    nxt = word("camp.over", level=term_name("level", st["next_level"])) if st["over"] else word("camp.next.game", n=st["next_game"], vp=st["next_start_vp"])
    descs = []
    for g in games:
        descs.append(word("camp.desc.game", n=g["game"], board=g["board"], start=g["start_vp"], player=g["player"],
                          contrarius=g["contrarius"], how=_how(g), next=g["next_start_vp"]))
    svg = document(WIDTH, 100, f"contrarius: {heading}", word("camp.desc", heading=heading, games="; ".join(descs) or word("race.desc.none"), next=nxt))
    y = 22
    text(svg, PAD, y, heading, 14, bold=True, anchor="start", class_="heading")
    y = _lines(svg, PAD, y + 16, os.path.basename(str(data["file"])), 11, fill="#333")

    # ---- the starting VP, game after game -------------------------------------------
    starts = [g["start_vp"] for g in games] + [st["next_start_vp"]]
    vmax = max(starts + [1])
    ch_top, ch_h = y + 38, 100
    x0, x1 = PAD + 30, WIDTH - PAD - 10
    count = len(starts)

    def gx(i: int) -> float:
        return x0 + (x1 - x0) * (i / (count - 1) if count > 1 else 0.5)

    def gy(v: float) -> float:
        return ch_top + ch_h - ch_h * max(v, 0) / vmax

    chart = el(svg, "g", word("camp.start"), class_="starts")
    text(chart, PAD, ch_top - 24, word("camp.start"), 11, anchor="start", bold=True)
    el(chart, "line", x1=x0, y1=gy(0), x2=x1, y2=gy(0), stroke="#999", stroke_width=1)
    text(chart, x0 - 4, gy(0) + 4, "0", 10, anchor="end", fill="#333")
    text(chart, x0 - 6, ch_top + ch_h + 14, word("camp.axis"), 10, anchor="end", fill="#333")
    el(chart, "polyline", fill="none", stroke="#0072B2", stroke_width=2,
       points=" ".join(f"{fmt(gx(i))},{fmt(gy(v))}" for i, v in enumerate(starts)))
    for i, v in enumerate(starts):
        last = i == len(starts) - 1
        label = word("camp.game", n=i + 1)
        pt = el(chart, "g", f"{label}: {word('vp', n=v)}", class_="start", data_game=i + 1, data_start_vp=v,
                data_played=str(not last).lower())
        el(pt, "circle", cx=gx(i), cy=gy(v), r=4, fill="#ffffff" if last else "#0072B2", stroke="#0072B2", stroke_width=2)
        text(pt, gx(i), gy(v) - 8, str(v), 10, bold=True)
        text(pt, gx(i), ch_top + ch_h + 14, word("camp.axis.next") if last else str(i + 1), 10, fill="#333", bold=last)
    y = ch_top + ch_h + 38

    # ---- each game's totals -----------------------------------------------------------
    top = max([max(g["player"], g["contrarius"]) for g in games] + [1])
    bar_x, bar_w = PAD + 86, WIDTH - 2 * PAD - 86 - 30
    for g in games:
        recorded = data.get("recorded") or data.get("game") is None or g["game"] != data["game"]["game"]
        title = word("camp.game.board", n=g["game"], board=g["board"], start=g["start_vp"])
        gg = el(svg, "g", f"{title}: {_how(g)}", class_="game", data_game=g["game"], data_board=g["board"],
                data_start_vp=g["start_vp"], data_player=g["player"], data_contrarius=g["contrarius"], data_margin=g["margin"],
                data_winner=g["winner"], data_next_start_vp=g["next_start_vp"], data_recorded=str(bool(recorded)).lower())
        y = _lines(gg, PAD, y, title, 11, bold=True) + 2
        for owner, total in (("player", g["player"]), ("contrarius", g["contrarius"])):
            label = word("camp.you", n=total) if owner == "player" else word("camp.contrarius", n=total)
            text(gg, PAD, y, label, 10, anchor="start")
            el(gg, "rect", x=bar_x, y=y - 9, width=max(1.0, bar_w * total / top), height=10, fill=SIDE_COLOURS[owner],
               opacity=1 if recorded else 0.5)
            y += 14
        y = _lines(gg, PAD, y, f"{_how(g)} -> {word('camp.next', n=g['next_start_vp'])}", 10, fill="#333")
        if not recorded:
            y = _lines(gg, PAD, y, word("camp.would", n=g["game"], why=data.get("reason") or ""), 10, italic=True)
        y += 6
    if data.get("reason") and data.get("game") is None:
        y = _lines(svg, PAD, y, word("camp.would", n=st.get("next_game") or n + 1, why=data["reason"]), 10, italic=True)
    y = _lines(el(svg, "g", nxt, class_="next", data_next_start_vp=st["next_start_vp"], data_over=str(st["over"]).lower()),
               PAD, y + 6, nxt, 12, bold=True)
    set_height(svg, y + 4)
    return svg


def _how(g: dict[str, Any]) -> str:
    if g["margin"] == 0:
        return word("camp.tie.won" if g["winner"] == "player" else "camp.tie.lost")
    return word("camp.won", n=g["margin"]) if g["winner"] == "player" else word("camp.lost", n=-g["margin"])
