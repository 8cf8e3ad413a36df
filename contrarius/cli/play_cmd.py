"""``contrarius play`` (one turn: your card, Contrarius's reaction) and ``contrarius roll``."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..errors import ContrariusError
from .common import boundary, emit_json, err_console, write_snapshot


def parse_die_option(text: str) -> tuple[str | None, str]:
    """``--die wine`` -> (None, "wine"); ``--die red=land`` -> ("tribune", "land")."""
    from ..dice import die_name

    name, sep, face = text.partition("=")
    if sep:
        return die_name(name), face.strip()
    return None, text.strip()


def parse_move(text: str) -> tuple[str, str, str]:
    """``--move land:Roma:Roma-Spoletvm`` -> ("land", "Roma", "Roma-Spoletvm")."""
    parts = [p.strip() for p in text.split(":")]
    if len(parts) != 3 or parts[0] not in ("land", "sea") or not parts[1] or not parts[2]:
        raise ContrariusError(f"--move {text!r}: write KIND:FROM:TO, e.g. land:Roma:Roma-Spoletvm or sea:Cosa-Roma:Aleria-Cosa")
    return parts[0], parts[1], parts[2]


def parse_place(text: str) -> tuple[str, str]:
    """``--place sea:Roma`` -> ("sea", "Roma")."""
    kind, sep, city = text.partition(":")
    if not sep or kind.strip() not in ("land", "sea") or not city.strip():
        raise ContrariusError(f"--place {text!r}: write KIND:CITY, e.g. land:Roma")
    return kind.strip(), city.strip()


def parse_reveal(items: list[str]) -> dict[int, str]:
    """``--reveal 3=Weaver`` -> {3: "Weaver"}."""
    out: dict[int, str] = {}
    for item in items:
        pos, sep, name = item.partition("=")
        if not sep or not pos.strip().isdigit() or not 1 <= int(pos) <= 7:
            raise ContrariusError(f"--reveal {item!r}: write POSITION=CARD, e.g. 3=Weaver")
        out[int(pos)] = name.strip()
    return out


def render_turn(result, con) -> None:
    """Print one turn as a rich panel: what you did, what Contrarius did, VP, the end."""
    from rich.panel import Panel

    lines = []
    for e in result.player_events:
        lines.append(f"[dim]you:[/dim] {e.text}")
    for r in result.rolls:
        from ..dice import DIE_COLOURS

        lines.append(f"[dim]die:[/dim] {DIE_COLOURS[r.die]} {r.die} die -> {r.face} ({'read from the table' if r.source == 'table' else 'rolled'})")
    for e in result.events:
        lines.append(e.text)
    if not result.events and result.reacted_to is not None:
        lines.append("Contrarius does nothing")
    lines.append(f"Contrarius VP: {result.vp_before} -> {result.vp_after}")
    if result.game_over:
        lines.append("[bold red]The game is over.[/bold red] Run 'contrarius score' for the final scoring.")
    elif result.snapshot.ended is not None and result.snapshot.ended.final_turn_pending:
        lines.append("[bold yellow]Contrarius ended the game: play your final card (no reaction).[/bold yellow]")
    title = f"{result.card}" + (f" -> Contrarius reacts to {result.reacted_to}" if result.reacted_to and result.reacted_to != result.card else "")
    con.print(Panel("\n".join(lines), title=title, expand=False))


def register(app: typer.Typer) -> None:
    """Add ``play`` and ``roll`` to ``app``."""

    @app.command("play")
    @boundary
    def play_cmd(
        card: Annotated[str, typer.Argument(help="The card you played, e.g. mercator, prefect, pm, architect.")],
        snapshot: Annotated[str, typer.Argument(help="Snapshot file, or - for stdin.")],
        produce: Annotated[Optional[str], typer.Option("--produce", help="Prefect: the province you produced in.")] = None,
        reactivate: Annotated[bool, typer.Option("--reactivate", help="Prefect: you took the cash bonus (reactivated).")] = False,
        money: Annotated[bool, typer.Option("--money", help="Colonist: you took money instead of placing colonists.")] = False,
        place: Annotated[Optional[list[str]], typer.Option("--place", help="Colonist/Tribune: a colonist you placed, KIND:CITY (repeat).")] = None,
        copy: Annotated[Optional[str], typer.Option("--copy", help="Diplomat: the face-up card of Contrarius you copied.")] = None,
        build: Annotated[Optional[list[str]], typer.Option("--build", help="Architect: a city where you built a house (repeat).")] = None,
        move: Annotated[Optional[list[str]], typer.Option("--move", help="Architect: a colonist move KIND:FROM:TO (repeat).")] = None,
        buy: Annotated[Optional[list[str]], typer.Option("--buy", help="Senator/Consul: a display position or card you bought (repeat).")] = None,
        refill: Annotated[Optional[list[str]], typer.Option("--refill", help="A card drawn to refill the display, in order (repeat).")] = None,
        reveal: Annotated[Optional[list[str]], typer.Option("--reveal", help="Name a display card shown as ?, POSITION=CARD.")] = None,
        die: Annotated[Optional[list[str]], typer.Option("--die", help="A die result read from the table, FACE or DIE=FACE, in the order rolled (repeat).")] = None,
        choose: Annotated[Optional[list[int]], typer.Option("--choose", help="Pick option N among tied colonist moves (repeat per build).")] = None,
        player: Annotated[Optional[str], typer.Option("--player", help="Team play: which player played the card.")] = None,
        output: Annotated[Optional[str], typer.Option("--output", "-o", help="Write the new snapshot here instead of stdout.")] = None,
        in_place: Annotated[bool, typer.Option("--in-place", "-i", help="Write the new snapshot back to SNAPSHOT (keeps SNAPSHOT.prev for undo).")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="The report as JSON (stdout with -o/-i, else stderr).")] = False,
    ) -> None:
        """Play one turn: your card and action, then Contrarius's reaction; writes the new snapshot."""
        from ..reactions import PlayerAction, play
        from ..store import load_snapshot

        if produce and reactivate:
            raise ContrariusError("a Prefect either produces or reactivates: give --produce PROVINCE or --reactivate")
        if money and place:
            raise ContrariusError("a Colonist either places colonists or earns money: give --place or --money")
        action = None
        if produce:
            action = "produce"
        elif reactivate:
            action = "reactivate"
        elif money:
            action = "money"
        elif place:
            action = "place"
        snap = load_snapshot(snapshot)
        # a Colonist without --money places colonists (the default action of the card)
        from ..cards import card_name

        name = card_name(card)
        copied = card_name(copy) if copy else None
        if action is None and "Colonist" in (name, copied):
            action = "place"
        pa = PlayerAction(
            card=card, action=action, province=produce, copy=copy, builds=list(build or []),
            moves=[parse_move(m) for m in move or []], places=[parse_place(p) for p in place or []],
            buys=list(buy or []), refill=list(refill or []), reveal=parse_reveal(list(reveal or [])),
            dice=[parse_die_option(d) for d in die or []], choices=list(choose or []), player=player,
        )
        result = play(snap, pa)
        used_stdout = write_snapshot(result.snapshot, snapshot, output, in_place)
        if as_json:
            emit_json(result.to_dict(), to_stderr=used_stdout)
        else:
            render_turn(result, err_console())

    @app.command("roll")
    @boundary
    def roll_cmd(
        die: Annotated[str, typer.Argument(help="architect/blue, tribune/red (colonist), mercator/black, senator/white (consul).")],
        seed: Annotated[Optional[int], typer.Option("--seed", help="Seed for a repeatable roll (default: random).")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    ) -> None:
        """Roll one of the four dice (faces from the documented face table)."""
        import secrets

        from ..cards import dice_faces
        from ..dice import DIE_COLOURS, die_name, roll

        name = die_name(die)
        face = roll(dice_faces()[name], seed if seed is not None else secrets.randbelow(10 ** 9), 0)
        if as_json:
            emit_json({"die": name, "colour": DIE_COLOURS[name], "face": face})
        else:
            print(f"{DIE_COLOURS[name]} {name} die: {face}")
