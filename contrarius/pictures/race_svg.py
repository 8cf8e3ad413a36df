"""A picture of a game's race as SVG (``log --svg``): one row per turn, top to bottom, so
that it reads on a phone however long the game.

Drawn from the data of ``log --json`` (:func:`contrarius.cli.commands.record.log_data`
builds it from :func:`contrarius.rules.race.race` and the turn rows): nothing here reads a
snapshot or applies a rule. Each row shows the turn's number, who played (team play and
the third-player variant), the card, a house where Contrarius built, a card where it took
one; across the rows run Contrarius's VP (a line with a dot and ``+N`` where it scored)
and each player's VP track (a straight line: the snapshot knows a player's starting VP;
the rest is counted at the end). The expert track's houses stand on the VP axis, filled
once built, and on Contrarius's line in the turn its marker reached one. Under the last
row: how the game ended, who ended it, in which turn.

Every row, line and house carries a ``<title>`` (its words) and ``data-`` attributes with
its values; the picture's ``<desc>`` says it all in words. ElementTree escapes every name.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from contrarius.pictures.drawing import (SIDE_COLOURS, SIDE_LETTERS, document, el, fmt, house, lines, set_height, side_words, text,
                                         text_width, wrap)
from contrarius.pictures.words import word
from contrarius.words.i18n import capital, term_name

#: Width of the picture: laid out for a phone held upright (it scales with its viewBox).
WIDTH = 400
PAD = 10
ROW = 18
#: Where the columns and the VP chart stand.
X_TURN, X_WHO, X_MARK_HOUSE, X_MARK_CARD, X0, X1 = 28, 36, 180, 192, 206, 386
CONTRARIUS_COLOUR = SIDE_COLOURS["contrarius"]
PLAYER_DASH = {"player": None, "player1": None, "player2": "5 3"}
#: Printed card names too long for the card column, and their short form (the full name
#: stays in the row's title and data).
SHORT_CARDS = {"Prefect with Praefectus Magnus": "Prefect (P. Magnus)"}


def _card(name: str, short: bool = False) -> str:
    """A card of the record (``Architect``, a double card ``Architect/Mercator``) in the
    language chosen; ``short``: the short form of a name too long for the card column
    (:data:`SHORT_CARDS`: its first word, a card, said in the language chosen)."""
    if short and name in SHORT_CARDS:
        first, _sep, rest = SHORT_CARDS[name].partition(" ")
        return f"{term_name('card', first)} {rest}"
    return "/".join(term_name("card", part) for part in str(name).split("/"))


def _cards(names: list[str]) -> str:
    return ", ".join(_card(n) for n in names)


def _reason(reason: str) -> str:
    """Why the game ended, as the record's report says it (English), in the language chosen."""
    from contrarius.words.recorded import said_reason

    return str(said_reason(reason))


def _card_icon(parent: ET.Element, x: float, y: float, title: str, **attrs: Any) -> None:
    g = el(parent, "g", title, class_="took", **attrs)
    el(g, "rect", x=x - 4, y=y - 5.5, width=8, height=11, rx=1.5, fill="#F0E2B6", stroke=CONTRARIUS_COLOUR, stroke_width=1.5)


def _scale(vmax: int) -> tuple[int, int]:
    """The VP axis: its top (a multiple of the tick step) and the tick step."""
    step = 10 if vmax <= 100 else 20
    top = max(step, -(-vmax // step) * step)
    return top, step


def picture(data: dict[str, Any]) -> ET.Element:
    """Draw the race of ``data`` (``log --json``: ``board``, ``mode``, ``level``, ``turns``,
    ``contrarius``, ``players``, ``ended``) as an ``<svg>`` element :data:`WIDTH` pixels
    wide; its height grows with the number of turns."""
    mode, turns = data["mode"], data["turns"]
    c, players, ended = data["contrarius"], data["players"], data.get("ended")
    heading = word("race.heading", board=data["board"], mode=word(f"mode.{mode}"), level=term_name("level", data["level"]))
    count = word("race.turns.one") if len(turns) == 1 else word("race.turns", n=len(turns))
    svg = document(WIDTH, 100, f"contrarius: {heading}", _desc(data))
    y = 22
    for line in wrap(heading, 14, WIDTH - 2 * PAD):
        text(svg, PAD, y, line, 14, bold=True, anchor="start", class_="heading")
        y += 18
    text(svg, PAD, y, count, 11, anchor="start", fill="#333")
    y += 10
    if not turns:
        text(svg, PAD, y + 14, word("race.none"), 12, anchor="start")
        set_height(svg, y + 30)
        return svg

    # ---- legend ---------------------------------------------------------------------
    legend = el(svg, "g", class_="legend")
    y += 14
    el(legend, "line", x1=PAD, y1=y - 4, x2=PAD + 22, y2=y - 4, stroke=CONTRARIUS_COLOUR, stroke_width=2.5)
    y = lines(legend, PAD + 28, y, word("race.legend.contrarius"), 11, WIDTH - PAD * 2 - 28)
    for p in players:
        colour = SIDE_COLOURS.get(p["id"], "#555")
        el(legend, "line", x1=PAD, y1=y - 4, x2=PAD + 22, y2=y - 4, stroke=colour, stroke_width=2,
           stroke_dasharray=PLAYER_DASH.get(p["id"]))
        y = lines(legend, PAD + 28, y, word("race.legend.player", who=side_words(p["id"], mode), vp=p["vp"]), 11, WIDTH - PAD * 2 - 28)
    y = lines(legend, PAD + 28, y, word("race.legend.later"), 10, WIDTH - PAD * 2 - 28, italic=True, fill="#333")
    x = PAD + 6
    house(legend, x, y - 4, "contrarius", word("race.legend.built"), scale=0.8)
    text(legend, x + 9, y, word("race.legend.built"), 11, anchor="start")
    x += 16 + text_width(word("race.legend.built"), 11)
    _card_icon(legend, x, y - 4, word("race.legend.took"))
    text(legend, x + 8, y, word("race.legend.took"), 11, anchor="start")
    x += 18 + text_width(word("race.legend.took"), 11)
    text(legend, x, y, word("race.legend.scored"), 11, anchor="start", bold=True, fill=CONTRARIUS_COLOUR)
    y += 15
    if c["track_houses"]:
        house(legend, PAD + 6, y - 4, "contrarius", word("race.legend.track"), scale=0.8, hollow=True)
        y = lines(legend, PAD + 16, y, word("race.legend.track"), 11, WIDTH - PAD * 2 - 16)

    # ---- the VP axis ----------------------------------------------------------------
    values = [v for t in turns for v in (t["vp_before"], t["vp_after"]) if isinstance(v, int)]
    values += [p["vp"] for p in players] + list(c["track_houses"]) + [c["vp"]]
    top, step = _scale(max(values))

    def vx(vp: float) -> float:
        return X0 + (X1 - X0) * vp / top

    y += 16  # the axis's numbers, then the track houses on it
    axis = el(svg, "g", class_="axis")
    text(axis, X_TURN, y, word("race.col.turn"), 11, anchor="end", bold=True)
    text(axis, X_WHO, y, word("race.col.card"), 11, anchor="start", bold=True)
    for v in range(0, top + 1, step):
        text(axis, vx(v), y, str(v), 11, fill="#333")
    track_y = y + 10 if c["track_houses"] else y
    rows_top = track_y + 10
    rows_bottom = rows_top + ROW * len(turns)
    for v in range(0, top + 1, step):
        el(axis, "line", x1=vx(v), y1=rows_top, x2=vx(v), y2=rows_bottom, stroke="#D8D2C4", stroke_width=1)
    text(axis, X1, rows_bottom + 12, word("race.axis"), 10, anchor="end", fill="#333")

    # ---- rows -----------------------------------------------------------------------
    end_turn = ended.get("turn") if ended else None
    rows = el(svg, "g", class_="turns")
    points = []
    first = turns[0]["vp_before"] if isinstance(turns[0]["vp_before"], int) else 0
    points.append((vx(first), rows_top))
    reached_at: dict[int, tuple[float, str, Any]] = {}
    for i, t in enumerate(turns):
        ym = rows_top + ROW * i + ROW / 2
        after_end = end_turn is not None and isinstance(t["turn"], int) and t["turn"] > end_turn
        did = [word("race.did.built", cities=", ".join(t["built"]))] if t["built"] else []
        did += [word("race.did.took", cards=_cards(t["took"]))] if t["took"] else []
        did += [word("race.did.scored", n=t["scored"])] if t["scored"] else []
        title = word("race.turn.title", turn=t["turn"], who=side_words(t["player"], mode), card=_card(t["card"]),
                     did="; ".join(did) or (word("race.final") if after_end else word("race.did.nothing")),
                     before=t["vp_before"], after=t["vp_after"])
        g = el(rows, "g", title, class_="turn", data_turn=t["turn"], data_player=t["player"], data_card=t["card"],
               data_vp_before=t["vp_before"], data_vp_after=t["vp_after"], data_scored=t["scored"],
               data_built="|".join(t["built"]), data_took="|".join(t["took"]))
        if i % 2 == 0:
            el(g, "rect", x=0, y=ym - ROW / 2, width=WIDTH, height=ROW, fill="#F1ECDF")
        text(g, X_TURN, ym + 4, str(t["turn"]), 11, anchor="end", fill="#333")
        x_card = X_WHO
        if mode != "solo":
            colour = SIDE_COLOURS.get(t["player"], "#555")
            el(g, "circle", cx=X_WHO + 5, cy=ym, r=6, fill=colour)
            letter = el(g, "text", x=X_WHO + 5, y=ym + 3.5, font_size=9, text_anchor="middle", fill="#fff", font_weight="bold")
            letter.text = SIDE_LETTERS.get(t["player"], str(t["player"])[:1].upper())
            x_card += 14
        text(g, x_card, ym + 4, _card(t["card"], short=True), 11, anchor="start", italic=after_end)
        if t["built"]:
            house(g, X_MARK_HOUSE, ym, "contrarius", word("race.did.built", cities=", ".join(t["built"])), cls="built", scale=0.75)
            if len(t["built"]) > 1:
                text(g, X_MARK_HOUSE + 6, ym - 2, f"{len(t['built'])}", 7, anchor="start", bold=True)
        if t["took"]:
            _card_icon(g, X_MARK_CARD, ym, word("race.did.took", cards=_cards(t["took"])))
            if len(t["took"]) > 1:
                text(g, X_MARK_CARD + 5, ym - 2, f"{len(t['took'])}", 7, anchor="start", bold=True)
        if isinstance(t["vp_after"], int):
            points.append((vx(t["vp_after"]), ym))
        for tr in t["track"]:
            reached_at.setdefault(tr["position"], (ym, tr["how"], t["turn"]))

    # players' tracks, then Contrarius's line over them
    for k, p in enumerate(players):
        offset = (k - (len(players) - 1) / 2) * 3
        el(svg, "line", word("race.legend.player", who=side_words(p["id"], mode), vp=p["vp"]), class_="player-line",
           data_owner=p["id"], data_vp=p["vp"], x1=vx(p["vp"]) + offset, y1=rows_top, x2=vx(p["vp"]) + offset, y2=rows_bottom,
           stroke=SIDE_COLOURS.get(p["id"], "#555"), stroke_width=2, stroke_dasharray=PLAYER_DASH.get(p["id"]))
    path = [t["vp_after"] for t in turns if isinstance(t["vp_after"], int)]
    el(svg, "polyline", word("race.legend.contrarius") + ": " + ", ".join(map(str, path)), class_="vp-line",
       data_owner="contrarius", data_vp=" ".join(map(str, path)), fill="none", stroke=CONTRARIUS_COLOUR, stroke_width=2.5,
       stroke_linejoin="round", points=" ".join(f"{fmt(a)},{fmt(b)}" for a, b in points))
    marks = el(svg, "g", class_="scored")
    for t, (px, py) in zip([t for t in turns if isinstance(t["vp_after"], int)], points[1:]):
        if t["scored"]:
            el(marks, "circle", word("race.did.scored", n=t["scored"]), cx=px, cy=py, r=3.2, fill=CONTRARIUS_COLOUR,
               data_turn=t["turn"], data_scored=t["scored"])
            label = f"+{t['scored']}"
            gap = 11 if any(tr["how"] == "reached" for tr in t["track"]) else 5  # room for the track house drawn there
            right = px + gap + text_width(label, 10, True) < WIDTH - 2
            text(marks, px + gap if right else px - gap, py + 3.5, label, 10, bold=True, anchor="start" if right else "end",
                 fill=CONTRARIUS_COLOUR)

    # the expert track: on the axis, and on the line where it was reached
    track = el(svg, "g", class_="track")
    for pos in c["track_houses"]:
        if pos in reached_at:
            ym, how, turn = reached_at[pos]
            state = word("race.track.reached", turn=turn) if how == "reached" else word("race.track.far", turn=turn)
        else:
            state, how, turn = word("race.track.left"), "left", None
        title = word("race.track.title", pos=pos, state=state)
        house(track, vx(pos), track_y - 2, "contrarius", title, cls="track-house", scale=0.8, hollow=how == "left",
              data_position=pos, data_state=how, data_turn=turn)
        if how == "reached":  # on the line where the marker reached it (a house from the far end is no VP reached)
            house(track, vx(pos), ym, "contrarius", title, cls="track-built", scale=0.8, data_position=pos, data_turn=turn)

    # ---- the end ----------------------------------------------------------------------
    y = rows_bottom + 28
    if ended:
        reason = ended.get("reason")
        if end_turn is not None and reason:
            words = word("race.end.pending" if ended["final_turn_pending"] else "race.end", reason=capital(_reason(reason)),
                         turn=end_turn)
        else:
            words = word("race.end.unknown", who=side_words(ended["by"], mode))
        g = el(svg, "g", words, class_="end", data_by=ended["by"], data_turn=end_turn)
        if end_turn is not None:
            idx = next((i for i, t in enumerate(turns) if t["turn"] == end_turn), None)
            if idx is not None:
                ly = rows_top + ROW * (idx + 1)
                el(g, "line", x1=PAD, y1=ly, x2=WIDTH - PAD, y2=ly, stroke="#C0392B", stroke_width=2, stroke_dasharray="6 3")
        el(g, "rect", x=PAD, y=y - 12, width=5, height=14, fill=SIDE_COLOURS.get(ended["by"], "#555"))
        y = lines(g, PAD + 10, y, words, 12, WIDTH - 2 * PAD - 10, bold=True)
    else:
        y = lines(svg, PAD, y, word("race.running"), 12, WIDTH - 2 * PAD, italic=True)
    set_height(svg, y + 4)
    return svg


def _desc(data: dict[str, Any]) -> str:
    """The whole picture in words, for a screen reader."""
    mode, turns, c, ended = data["mode"], data["turns"], data["contrarius"], data.get("ended")
    none = word("race.desc.none")

    def turns_of(key: str) -> str:
        return ", ".join(str(t["turn"]) for t in turns if t[key]) or none

    path = ", ".join(str(t["vp_after"]) for t in turns if isinstance(t["vp_after"], int)) or none
    players = "; ".join(word("race.desc.players", who=side_words(p["id"], mode), vp=p["vp"]) for p in data["players"])
    marks = word("race.desc.marks", built=turns_of("built"), took=turns_of("took"), scored=turns_of("scored"))
    track = word("race.desc.track", houses=", ".join(map(str, c["track_houses"]))) if c["track_houses"] else ""
    end = word("race.running")
    if ended:
        end = (word("race.end", reason=_reason(ended["reason"]), turn=ended["turn"]) if ended.get("reason") and ended.get("turn")
               else word("race.end.unknown", who=side_words(ended["by"], mode)))
    return word("race.desc", mode=word(f"mode.{mode}"), board=data["board"], turns=len(turns), path=path, players=players,
                marks=marks, track=track, end=end + ".")
