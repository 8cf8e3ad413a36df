"""``contrarius preview``: every die result of a reaction and what Contrarius would do.

Read-only, like ``where``: the report goes to stdout (``--json``: JSON on stdout) and the
snapshot is never written. The outcomes come from :mod:`contrarius.preview`, which runs
``play`` itself for every die result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import ContrariusError, UnknownNameError
from ..store import STDIO
from .common import boundary, emit_json, out_console
from .completion import (
    complete_buy,
    complete_card,
    complete_city,
    complete_copy,
    complete_die_face,
    complete_place,
    complete_player,
    complete_province,
    complete_stack_card,
)
from .play_cmd import parse_reveal, player_action


def _faces_note(snap, die: str) -> str:
    from ..dice import DIE_COLOURS

    faces = ", ".join(str(f) for f in snap.faces(die))
    source = "the snapshot's dice_faces" if snap.dice_faces and die in snap.dice_faces else "data/dice.yaml, ASSUMED"
    return f"{DIE_COLOURS[die]} {die} die: {faces} ({source})"


def _chances(pv, m, sep: str = ", ") -> str:
    return sep.join(f"{k} {pv.odds(v)}" for k, v in m.items()) or "-"


def _vp(x) -> str:
    return f"+{x.numerator}" if x.denominator == 1 else f"+{float(x):.2f}"


def render_preview(pv, snap, con) -> None:
    """Print one preview: the dice, a row per outcome, the chances per province and card."""
    from rich.markup import escape
    from rich.table import Table

    action = f" ({pv.action})" if pv.action else ""
    reacts = f" -> Contrarius reacts to {pv.reacted_to}" if pv.reacted_to and pv.reacted_to != pv.card else ""
    con.print(f"[bold]Preview: you play {escape(pv.card)}{escape(action)}{escape(reacts)}[/bold] (nothing is written)")
    for e in pv.player_events:
        con.print(escape(e.text))
    if pv.dice:
        for d in pv.dice:
            con.print(f"die: {escape(_faces_note(snap, d))}")
    else:
        con.print("no die is rolled: one outcome")
    table = Table(show_lines=True)
    for col in ("chance", "dice", "Contrarius", "VP", "game ends"):
        table.add_column(col)
    for o in pv.outcomes:
        ends = "-"
        if o.ends:
            ends = "yes, Contrarius" if o.ended_by == "contrarius" else f"yes, {o.ended_by}"
        table.add_row(o.odds, escape(o.dice), escape("\n".join(o.lines)), "?" if o.error else f"+{o.vp}", ends)
    con.print(table)
    con.print(f"expected VP for Contrarius: {_vp(pv.expected_vp)} (now {pv.vp_before})")
    con.print(f"house in province: {escape(_chances(pv, pv.province_chances()))}")
    con.print(f"card taken: {escape(_chances(pv, pv.card_chances()))}")
    if pv.end_chance:
        con.print(f"the game ends: {pv.odds(pv.end_chance)}")
    if pv.unresolved:
        con.print(f"[yellow]unresolved: {pv.odds(pv.unresolved)}[/yellow] (see the rows marked '?'; counted as 0 VP)")


def render_summary(sm, con) -> None:
    """Print the summary table of every card the player could play."""
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"Contrarius's reaction to each card you could play (cards: {sm.source}; nothing is written)", show_lines=True)
    for col in ("card", "action", "E[VP]", "house in province", "card taken", "game ends", "note"):
        table.add_column(col)
    for r in sm.rows:
        pv = r.preview
        if pv is None:
            table.add_row(escape(r.card), escape(r.action or ""), "-", "-", "-", "-", escape(r.note))
            continue
        note = r.note
        if pv.unresolved:
            note = (note + "; " if note else "") + f"unresolved {pv.odds(pv.unresolved)}: preview the card alone"
        table.add_row(escape(r.card), escape(r.action or ""), _vp(pv.expected_vp),
                      escape(_chances(pv, pv.province_chances(), "\n")), escape(_chances(pv, pv.card_chances(), "\n")),
                      pv.odds(pv.end_chance) if pv.end_chance else "-", escape(note))
    con.print(table)
    con.print("E[VP]: the VP Contrarius scores this turn on average. Prefect produce: the province with the lowest "
              "E[VP]; 'contrarius preview prefect SNAPSHOT --produce P' for another.")


def register(app: typer.Typer) -> None:
    """Add ``preview`` to ``app``."""

    @app.command("preview")
    @boundary
    def preview_cmd(
        card: Annotated[Optional[str], typer.Argument(help="The card you would play (omit: a table of every card you could play).",
                                                      show_default=False, autocompletion=complete_card)] = None,
        snapshot: Annotated[Optional[str], typer.Argument(help="Snapshot file, or - for stdin.", show_default=False)] = None,
        produce: Annotated[Optional[str], typer.Option("--produce", help="Prefect: the province you would produce in.", autocompletion=complete_province)] = None,
        reactivate: Annotated[bool, typer.Option("--reactivate", help="Prefect: you would take the cash bonus (reactivate).")] = False,
        money: Annotated[bool, typer.Option("--money", help="Colonist: you would take money instead of placing colonists.")] = False,
        place: Annotated[Optional[list[str]], typer.Option("--place", help="Colonist/Tribune: a colonist you would place, KIND:CITY (repeat).", autocompletion=complete_place)] = None,
        copy: Annotated[Optional[str], typer.Option("--copy", help="Diplomat: the face-up card of Contrarius you would copy.", autocompletion=complete_copy)] = None,
        build: Annotated[Optional[list[str]], typer.Option("--build", help="Architect: a city where you would build (repeat).", autocompletion=complete_city)] = None,
        move: Annotated[Optional[list[str]], typer.Option("--move", help="Architect: a colonist move KIND:FROM:TO (repeat).")] = None,
        buy: Annotated[Optional[list[str]], typer.Option("--buy", help="Senator/Consul: a display position or card you would buy (repeat).", autocompletion=complete_buy)] = None,
        refill: Annotated[Optional[list[str]], typer.Option("--refill", help="A card drawn to refill the display, in order (repeat).", autocompletion=complete_stack_card)] = None,
        reveal: Annotated[Optional[list[str]], typer.Option("--reveal", help="Name a display card shown as ?, POSITION=CARD.")] = None,
        die: Annotated[Optional[list[str]], typer.Option("--die", help="A die result already read from the table, FACE or DIE=FACE, in the order rolled (repeat); the rest are previewed.", autocompletion=complete_die_face)] = None,
        choose: Annotated[Optional[list[int]], typer.Option("--choose", help="Pick option N among tied colonist moves (repeat per build).")] = None,
        player: Annotated[Optional[str], typer.Option("--player", help="Team play: which player would play the card.", autocompletion=complete_player)] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the preview as JSON.")] = False,
    ) -> None:
        """Every die result of Contrarius's reaction to CARD, with its chance (changes nothing).

        Outcomes that coincide are merged (e.g. 'builds in Aleria: 4/6'); chances come from
        the dice face table (the snapshot's dice_faces, else data/dice.yaml). With only a
        SNAPSHOT: one table of every card you could play (your hand where recorded, else
        every solo card): Contrarius's expected VP, the chance of a house in each province
        and of taking each display card.
        """
        from ..cards import card_name
        from ..preview import preview, summary
        from ..store import load_snapshot

        if snapshot is None:
            if card is None:
                raise ContrariusError("which snapshot? give a file path, or - for stdin (contrarius preview [CARD] SNAPSHOT)")
            if card != STDIO and not Path(card).is_file():
                try:
                    name = card_name(card)
                except UnknownNameError:
                    name = None  # not a card: read it as the snapshot path (and report it missing)
                if name is not None:
                    raise ContrariusError(f"which snapshot? give it after the card: contrarius preview {card} SNAPSHOT [options]")
            card, snapshot = None, card
        if produce and reactivate:
            raise ContrariusError("a Prefect either produces or reactivates: give --produce PROVINCE or --reactivate")
        if money and place:
            raise ContrariusError("a Colonist either places colonists or earns money: give --place or --money")
        if card is None:
            given = [opt for opt, v in (("--produce", produce), ("--reactivate", reactivate), ("--money", money), ("--place", place),
                                        ("--copy", copy), ("--build", build), ("--move", move), ("--buy", buy), ("--die", die),
                                        ("--choose", choose)) if v]
            if given:
                raise ContrariusError(f"{', '.join(given)} describe the card you would play: name it, e.g. contrarius preview CARD SNAPSHOT {given[0]} ...")
            snap = load_snapshot(snapshot)
            sm = summary(snap, player, reveal=parse_reveal(list(reveal or [])), refill=list(refill or []))
            if as_json:
                emit_json(sm.to_dict())
            else:
                render_summary(sm, out_console())
            return
        snap = load_snapshot(snapshot)
        pa = player_action(card, produce=produce, reactivate=reactivate, money=money, place=place, copy=copy,
                           build=build, move=move, buy=buy, refill=refill, reveal=reveal, die=die, choose=choose,
                           player=player, snapshot=snap)
        pv = preview(snap, pa)
        if as_json:
            data = pv.to_dict()
            data["faces"] = {d: [str(f) for f in snap.faces(d)] for d in pv.dice}
            emit_json(data)
        else:
            render_preview(pv, snap, out_console())
