"""What every SVG picture shares: the namespace, the font, the sides' colours, and small
helpers that make ``xml.etree`` elements (ElementTree escapes every text and attribute
value, so a name from a snapshot can never become markup) and write the document.

Used by :mod:`contrarius.pictures.board_svg` (the board), :mod:`contrarius.pictures.race_svg`
(the race of a game) and :mod:`contrarius.pictures.score_svg` (the final score, the campaign).
Nothing here prints or writes a file.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from typing import Any

from contrarius.pictures.words import word

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

#: Side colours (Okabe-Ito palette, distinguishable with the common colour-blindness
#: types); each side's houses and colonists also carry its initial letter.
SIDE_COLOURS = {"contrarius": "#D55E00", "player": "#0072B2", "player1": "#0072B2", "player2": "#009E73"}
SIDE_LETTERS = {"contrarius": "C", "player": "P", "player1": "1", "player2": "2"}
#: The background of every picture.
PAPER = "#FBF8F0"


def fmt(v: float) -> str:
    """A number for an attribute: at most one decimal, no trailing zero (``12``, ``12.5``)."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate of the drawn width of ``text`` in the picture's sans-serif font."""
    per = 0.64 if bold else 0.58
    wide = sum(1 for ch in text if ch.isupper() or ch in "mwMW")
    return size * (per * len(text) + 0.12 * wide)


def el(parent: ET.Element, tag: str, title: str | None = None, **attrs: object) -> ET.Element:
    """A sub-element with attributes (``data_x`` -> ``data-x``, ``class_`` -> ``class``)
    and, when ``title`` is given, a ``<title>`` child as its text equivalent."""
    clean = {}
    for k, v in attrs.items():
        if v is None:
            continue
        key = k.rstrip("_").replace("_", "-")
        clean[key] = fmt(v) if isinstance(v, float) else str(v)
    e = ET.SubElement(parent, tag, clean)
    if title is not None:
        ET.SubElement(e, "title").text = title
    return e


def text(parent: ET.Element, x: float, y: float, words: str, size: float = 12, *, bold: bool = False,
         anchor: str = "middle", fill: str = "#111", italic: bool = False, **attrs: object) -> ET.Element:
    """A ``<text>`` with a white halo (readable over lines and bars)."""
    e = el(parent, "text", x=x, y=y, font_size=size, text_anchor=anchor, fill=fill,
           font_weight="bold" if bold else None, font_style="italic" if italic else None,
           stroke="#ffffff", stroke_width=3, stroke_linejoin="round", paint_order="stroke", **attrs)
    e.text = words
    return e


def side_name(owner: str) -> str:
    """How the pictures name a side: ``Contrarius``, ``player``, ``player1``..."""
    return "Contrarius" if owner == "contrarius" else owner


def side_words(owner: str, mode: str) -> str:
    """How a picture's words name the side ``owner`` of a game of ``mode``: Contrarius, the
    team, "you" in solo play, else the player's id (the words of
    :mod:`contrarius.pictures.words`)."""
    if owner == "contrarius":
        return word("side.contrarius")
    if owner == "team":
        return word("side.team")
    return word("side.player") if mode == "solo" and owner == "player" else side_name(owner)


def wrap(words: str, size: float, width: float) -> list[str]:
    """``words`` cut into lines that fit ``width`` pixels at font ``size``."""
    return textwrap.wrap(words, max(10, int(width / (size * 0.57)))) or [""]


def lines(parent: ET.Element, x: float, y: float, words: str, size: float, width: float, **kw: Any) -> float:
    """Draw ``words`` wrapped to ``width`` (:func:`wrap`), left-aligned from ``x``; returns
    the y under the last line."""
    for line in wrap(words, size, width):
        text(parent, x, y, line, size, anchor="start", **kw)
        y += size * 1.3
    return y


def house(parent: ET.Element, x: float, y: float, owner: str, title: str, cls: str = "house", *,
          scale: float = 1.0, hollow: bool = False, **attrs: object) -> ET.Element:
    """A house icon (12 px times ``scale``) centred on ``x, y`` in the side's colour, with
    its letter; ``hollow``: only its outline (a house not built yet)."""
    g = el(parent, "g", title, class_=cls, data_owner=owner, **attrs)
    k = scale
    pts = [(x - 6 * k, y + 6 * k), (x - 6 * k, y - 1 * k), (x, y - 7 * k), (x + 6 * k, y - 1 * k), (x + 6 * k, y + 6 * k)]
    colour = SIDE_COLOURS.get(owner, "#555")
    el(g, "polygon", points=" ".join(f"{fmt(a)},{fmt(b)}" for a, b in pts),
       fill="#ffffff" if hollow else colour, stroke=colour if hollow else "#111", stroke_width=1.5 if hollow else 1)
    t = el(g, "text", x=x, y=y + 4.5 * k, font_size=8 * k, text_anchor="middle",
           fill=colour if hollow else "#fff", font_weight="bold")
    t.text = SIDE_LETTERS.get(owner, owner[:1].upper())
    return g


def document(width: float, height: float, title: str, desc: str) -> ET.Element:
    """The ``<svg>`` root of a picture ``width`` x ``height`` pixels (a ``viewBox``, so it
    scales to the screen), with its ``<title>`` and ``<desc>`` for screen readers first and
    the paper background."""
    svg = ET.Element("svg", {"xmlns": SVG_NS, "width": fmt(width), "height": fmt(height),
                             "viewBox": f"0 0 {fmt(width)} {fmt(height)}", "font-family": FONT, "role": "img"})
    ET.SubElement(svg, "title").text = title
    ET.SubElement(svg, "desc").text = desc
    el(svg, "rect", x=0, y=0, width=width, height=height, fill=PAPER, class_="paper")
    return svg


def set_height(svg: ET.Element, height: float) -> None:
    """Give ``svg`` (from :func:`document`) its final height, once everything is drawn."""
    width = svg.get("width")
    svg.set("height", fmt(height))
    svg.set("viewBox", f"0 0 {width} {fmt(height)}")
    for child in svg:
        if child.get("class") == "paper":
            child.set("height", fmt(height))


def svg_text(element: ET.Element) -> str:
    """The SVG document of ``element``, with an XML declaration."""
    ET.indent(element, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(element, encoding="unicode") + "\n"
