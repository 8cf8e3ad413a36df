"""``contrarius boards`` and ``contrarius board NAME``: the maps."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from contrarius.cli.common import SVG_HELP, boundary, check_svg_target, emit_json, out_console, write_svg
from contrarius.cli.completion import complete_board_name


def board_summary(board) -> dict:
    """Counts of one board, for the ``boards`` table and its JSON."""
    return {
        "name": board.name, "capital": board.capital, "cities": len(board.cities),
        "provinces": len(board.provinces),
        "land_lines": sum(1 for ln in board.lines if ln.kind == "land" and not ln.route),
        "sea_lines": sum(1 for ln in board.lines if ln.kind == "sea" and not ln.route),
    }


def board_detail(board) -> dict:
    """Every city of a board with letter, province and neighbours, for ``board NAME``."""
    return {
        **board_summary(board),
        "tokens": board.tokens,
        "provinces_detail": {p: list(cs) for p, cs in board.provinces.items()},
        "cities_detail": [
            {"city": c.name, "letter": c.letter, "province": c.province,
             "land": board.neighbours(c.name, "land"), "sea": board.neighbours(c.name, "sea")}
            for c in sorted(board.cities.values(), key=lambda c: c.name.casefold())
        ],
        "capital_neighbours": {"land": board.neighbours(board.capital, "land"), "sea": board.neighbours(board.capital, "sea")},
        # every printed line: two lines of one kind between a pair keep their index
        # (Ionium: Messana-Neapolis#2); a dotted line one may cross but not end on is
        # not stoppable (Ionium: Apollonia-Brvndisivm)
        "lines": [{"kind": ln.kind, "line": ln.label, "a": ln.a, "b": ln.b, "index": ln.index, "stoppable": ln.stoppable,
                   **({"route": ln.route} if ln.route else {})}
                  for ln in board.lines],
        "sources": list(board.sources),
        # where each kind of colonist starts; the places that are not cities; tags; readings
        "starts": {k: list(v) for k, v in board.starts.items()},
        "nodes": [{"name": n.name, "type": n.type, "province": n.province,
                   "land": board.neighbours(n.name, "land"), "sea": board.neighbours(n.name, "sea")}
                  for n in board.nodes.values()],
        "tags": {t: list(board.tagged(t)) for t in sorted({t for ts in board.tags.values() for t in ts})},
        "board_tags": sorted(board.board_tags),
        "display_printed": board.display,
        "readings": dict(board.readings),
    }


def register(app: typer.Typer) -> None:
    """Add the board commands to ``app``."""

    @app.command("boards")
    @boundary
    def boards(
        as_json: Annotated[bool, typer.Option("--json", help="Print the table as JSON.")] = False,
    ) -> None:
        """List the maps: name, capital, cities, provinces, land and sea lines."""
        from contrarius.material.board import board_names, load_board

        rows = [board_summary(load_board(n)) for n in board_names()]
        if as_json:
            emit_json(rows)
            return
        from rich.table import Table

        from contrarius.words.i18n import _

        table = Table(title=_("Boards"))
        for i, col in enumerate((_("board"), _("capital"), _("cities"), _("provinces"), _("land lines"), _("sea lines"))):
            table.add_column(col, justify="right" if i > 1 else "left")
        for r in rows:
            table.add_row(r["name"], r["capital"] or _("(none)"), str(r["cities"]), str(r["provinces"]), str(r["land_lines"]), str(r["sea_lines"]))
        out_console().print(table)

    @app.command("board")
    @boundary
    def board(
        name: Annotated[str, typer.Argument(help="Board name, e.g. italia (see 'contrarius boards').", autocompletion=complete_board_name)],
        as_json: Annotated[bool, typer.Option("--json", help="Print the board as JSON.")] = False,
        svg: Annotated[Optional[str], typer.Option("--svg", metavar="FILE", help=SVG_HELP + " The empty board.")] = None,
    ) -> None:
        """Show one map: each city with its letter, province, land and sea neighbours."""
        from contrarius.material.board import load_board

        svg = check_svg_target(svg, as_json)
        b = load_board(name)
        if svg is not None:
            from contrarius.pictures.board_svg import picture

            write_svg(svg, picture(b), report=None if svg == "-" else lambda: show_board(b, as_json))
            return
        show_board(b, as_json)


def show_board(b, as_json: bool) -> None:
    """Print ``board NAME``'s report on stdout: every city with its letter, province and
    neighbours (rich tables), the places that are not cities, the counts; or its JSON."""
    data = board_detail(b)
    if as_json:
        emit_json(data)
        return
    from rich.table import Table

    from contrarius.words.i18n import _, term_name

    con = out_console()
    head = _("capital {capital} (land: {land}; sea: {sea})").format(
        capital=b.capital, land=", ".join(data["capital_neighbours"]["land"]), sea=", ".join(data["capital_neighbours"]["sea"])) \
        if b.capital else _("no capital")
    table = Table(title=f"{b.name}: {head}")
    for col in (_("city"), _("letter"), _("province"), _("land neighbours"), _("sea neighbours")):
        table.add_column(col)
    for c in data["cities_detail"]:
        table.add_row(c["city"], c["letter"], c["province"], ", ".join(c["land"]), ", ".join(c["sea"]))
    con.print(table)
    others = [n for n in data["nodes"] if n["type"] != "capital"]
    if others:
        nodes = Table(title=_("Places that are not cities (nobody builds there)"))
        for col in (_("place"), _("what"), _("land neighbours"), _("sea neighbours")):
            nodes.add_column(col)
        for n in others:
            what = _("{type} in {province}").format(type=n["type"], province=n["province"]) if n["province"] else n["type"]
            nodes.add_row(n["name"], what, ", ".join(n["land"]), ", ".join(n["sea"]))
        con.print(nodes)
    capital = f" + {b.capital}" if b.capital else _(" (no capital)")
    con.print(_("{cities} cities{capital}, {provinces} provinces, {land} land lines, {sea} sea lines. Sources: {sources} (see --json).").format(
        cities=data["cities"], capital=capital, provinces=data["provinces"], land=data["land_lines"], sea=data["sea_lines"],
        sources=len(b.sources)))
    default = {"land": [b.capital], "sea": [b.capital]}
    if data["starts"] != default:
        none = _("(none printed)")
        con.print(_("Colonists start: ") + "; ".join(f"{term_name('kind', k)} {', '.join(v) or none}" for k, v in data["starts"].items())
                  + (_(" (Roma prints no start: new --start CITY)") if b.asks_start else ""))
    for tag, places in data["tags"].items():
        con.print(f"{tag.replace('_', ' ')}: {', '.join(places)}")
    for key, text in data["readings"].items():
        con.print(_("reading ({key}): {text}").format(key=key, text=text))
