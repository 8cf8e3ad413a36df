"""``contrarius where``: the build-site ruling, step by step, without changing anything."""

# No ``from __future__ import annotations`` here: typer then reads the parameter annotations
# as objects instead of eval'ing their text once per parameter (start-up time; see
# benchmarks/README.md).

from typing import Annotated, Optional

import typer

from contrarius.messages import N_
from contrarius.errors import ContrariusError
from contrarius.cli.common import SVG_HELP, boundary, check_svg_target, emit_json, out_console, write_svg
from contrarius.cli.completion import complete_goods_face

FACES = ("cloth", "wine", "tool", "food", "brick", "S")


def render_ruling(ruling, con, *, header: bool = True, houses: dict | None = None) -> None:
    """Print a :class:`~contrarius.rules.build.BuildRuling` as a trace a player can follow,
    in the language chosen (:mod:`contrarius.words.i18n`).

    ``houses`` (the snapshot's city -> owners): name the owners of the houses in a city.
    """
    from contrarius.rules.build import STEP_NAMES
    from contrarius.words.i18n import _, ngettext, term_name

    def goods(g: str) -> str:
        return term_name("goods", g)

    if header:
        if ruling.specialist:
            asked = _("S -> best specialist {specialist} -> {goods}").format(specialist=term_name("card", ruling.specialist),
                                                                            goods=goods(ruling.goods))
        else:
            asked = goods(ruling.goods)
        if any(t.goods == "salt" for t in ruling.trials):
            asked = _("S (Tribune or white die) -> a salt city first (Salsa), else best specialist {specialist} -> {goods}").format(
                specialist=term_name("card", ruling.specialist), goods=goods(ruling.goods))
        con.print(ngettext("[bold]Where does Contrarius build?[/bold] goods type: {asked}; {n} colonist on the board = {n} movement step",
                           "[bold]Where does Contrarius build?[/bold] goods type: {asked}; {n} colonists on the board = {n} movement steps",
                           ruling.steps).format(asked=asked, n=ruling.steps))
    for note in getattr(ruling, "notes", ()):
        con.print(_("  board: {note}").format(note=note))
    for reading in ruling.readings:
        con.print(_("  reading: {reading}").format(reading=reading))
    first = next((i for i, t in enumerate(ruling.trials) if not t.label), 0)
    for i, trial in enumerate(ruling.trials):
        lead = trial.label or (_("type asked") if i == first else _("next lower type"))
        con.print(f"- {goods(trial.goods)} ({lead}):")
        if trial.candidates:
            for c in trial.candidates:
                owned = _("has houses ({owners})").format(owners=", ".join(term_name("side", o) for o in houses.get(c.city, []))) if houses else _("has houses")
                tags = ", ".join(t for t in (_("empty") if c.empty else owned,
                                             _("new province") if c.new_province else _("province already Contrarius's")) if t)
                con.print(ngettext("    reachable: {city} ({province}), {n} step, {tags}", "    reachable: {city} ({province}), {n} steps, {tags}",
                                   c.distance).format(city=c.city, province=c.province, n=c.distance, tags=tags))
        else:
            con.print(_("    no {goods} city can be reached").format(goods=goods(trial.goods)))
        for e in trial.excluded:
            con.print(_("    ruled out: {city} - {step}: {reason}").format(city=e.city, step=STEP_NAMES.get(e.step, e.step), reason=e.reason))
        if trial.chosen:
            con.print(_("    chosen: [bold]{city}[/bold] - {deciding}").format(city=trial.chosen.city, deciding=trial.deciding))
    if ruling.city is None:
        con.print(_("[bold]Contrarius cannot build[/bold]: no city of any type is within reach. "
                    "Supplementary rule: it places a colonist instead (red die)."))
        return
    con.print(_("=> Contrarius builds in [bold]{city}[/bold] ({province}): {deciding}").format(city=ruling.city, province=ruling.province,
                                                                                               deciding=ruling.deciding))
    if len(ruling.moves) == 1:
        con.print(_("   colonist: {move}").format(move=ruling.moves[0].describe()))
    elif ruling.moves:
        con.print(_("   colonist: {n} moves tie; you choose (play --choose N, default 1):").format(n=len(ruling.moves)))
        for n, m in enumerate(ruling.moves, 1):
            con.print(f"     {n}. {m.describe()}")


def show_where(snap, face: str | None, *, as_json: bool = False, con=None, svg: str | None = None,
               black: bool = False) -> None:
    """Print the build-site ruling of ``snap`` for ``face`` (a goods type or S; None: every
    face, one table) on ``con`` (default stdout), or its JSON (``contrarius where``, the
    session's ``where [FACE]``); ``svg``: also draw the one ruling to that file (``-``:
    stdout, instead of the report; a file: after the report, :func:`write_svg`). Raises :class:`ContrariusError` for an unknown face."""
    from contrarius.rules.build import where
    from contrarius.material.dice import parse_face
    from contrarius.errors import RuleError

    faces = [parse_face("mercator", face)] if face is not None else list(FACES)
    # Salsa, every face: two S rows, the white die's (and the Tribune's) salt step and the
    # black Mercator die's S without it
    both = face is None and snap.variants.salsa is not None
    rulings = []
    blacks: list[bool] = []
    shared: dict = {}  # one snapshot for every face: step 1's reach is worked out once
    for f in faces:
        for dark in ((False, True) if both and f == "S" else (black,)):
            blacks.append(dark)
            try:
                rulings.append((f, where(snap, f, salt=f == "S" and not dark, shared=shared)))
            except RuleError:
                if face is not None:
                    raise
                rulings.append((f, None))  # S without a specialist: shown as its own row
    if svg is not None:
        from contrarius.pictures.board_svg import picture

        def report() -> None:
            show_where(snap, face, as_json=as_json, con=con, black=black)

        write_svg(svg, picture(snap.board, snap, rulings[0][1]), report=None if svg == "-" else report)
        return
    if as_json:
        data = [r.to_dict() if r is not None else {"asked": f, "error": "Contrarius owns no specialist"} for f, r in rulings]
        emit_json(data[0] if face is not None else data)
        return
    from contrarius.words.i18n import _, ngettext, term_name

    con = con or out_console()
    if snap.mode != "solo":  # name both players: whose turn, where their houses stand
        to_play = _(" (to play)")
        con.print(f"{term_name('mode', snap.mode)}: " + "; ".join(
            _("{player}{to_play} houses: {houses}").format(player=p.id, to_play=to_play if p.id == snap.active else "",
                                                            houses=", ".join(snap.houses_of(p.id)) or "-")
            for p in snap.players))
    if face is not None:
        render_ruling(rulings[0][1], con, houses=snap.houses)
        return
    from rich.table import Table

    table = Table(title=_("Where does Contrarius build? (every die face; 'contrarius where FACE' shows the steps)"))
    for col in (_("face"), _("city"), _("why"), _("colonist move")):
        table.add_column(col)
    for (f, r), dark in zip(rulings, blacks):
        die = (_(", black die") if dark else _(", white die or Tribune")) if both and f == "S" else ""
        if r is None:
            table.add_row(term_name("face", f) + die, "-", _("Contrarius owns no specialist, so S names no goods type"), "-")
            continue
        move = (str(r.moves[0].describe()) + (ngettext(" (+{n} tied)", " (+{n} tied)", len(r.moves) - 1).format(n=len(r.moves) - 1) if len(r.moves) > 1 else "")) if r.moves else "-"
        specialist, goods = term_name("card", r.specialist or ""), term_name("goods", r.goods)
        label = f"S{die} ({specialist}: {goods})" if r.specialist else term_name("face", f)
        if any(t.goods == "salt" for t in r.trials):
            label = _("S{die} (salt first, else {specialist}: {goods})").format(die=die, specialist=specialist, goods=goods)
        table.add_row(label, r.city or _("cannot build: a colonist instead"), str(r.deciding) if r.city else _("no city of any type in reach"), move)
    con.print(table)
    notes = next((r.notes for _f, r in rulings if r is not None and r.notes), [])
    for note in notes:
        con.print(_("board: {note}").format(note=note))


def register(app: typer.Typer) -> None:
    """Add ``where`` to ``app``."""

    @app.command("where")
    @boundary
    def where_cmd(
        face: Annotated[Optional[str], typer.Argument(help="Goods type or S (omit: every face).", show_default=False, autocompletion=complete_goods_face)] = None,
        snapshot: Annotated[Optional[str], typer.Argument(help="Snapshot file, or - for stdin.", show_default=False)] = None,
        die: Annotated[Optional[str], typer.Option("--die", help="The die face (the same as the FACE argument).", autocompletion=complete_goods_face)] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the trace as JSON.")] = False,
        svg: Annotated[Optional[str], typer.Option("--svg", metavar="FILE", help=SVG_HELP + " Needs a face: the chosen city, the colonist's path step by step, the cities ruled out.")] = None,
        black: Annotated[bool, typer.Option("--black", help="Salsa: the S was rolled on the black Mercator die (no salt-city preference; the Tribune and the white die prefer salt).")] = False,
    ) -> None:
        """Rule where Contrarius builds for a goods type or S, step by step (changes nothing).

        Without a face, give the ruling for every face of the Mercator/Senator dice.
        """
        from contrarius.store.snapshot_text import load_snapshot
        from contrarius.material.dice import names_goods_face

        def is_face(text: str | None) -> bool:  # a face by any of its names (grain, vinho), as play --die reads it
            return text is not None and names_goods_face(text)

        if snapshot is None and face is not None and not is_face(face):
            face, snapshot = None, face
        elif is_face(snapshot) and not is_face(face):
            face, snapshot = snapshot, face  # 'where SNAPSHOT FACE': accept either order
        if snapshot is None:
            snapshot = "-"  # like score: read the snapshot piped in (an error names the fix when none is)
        if die is not None and face is not None:
            raise ContrariusError(N_("give the face once: as FACE or with --die"))
        face = die if die is not None else face
        svg = check_svg_target(svg, as_json, snapshot)
        if svg is not None and face is None:
            raise ContrariusError(N_("--svg draws one ruling: give the die face too, e.g. contrarius where food game.yaml --svg where.svg"))
        show_where(load_snapshot(snapshot), face, as_json=as_json, svg=svg, black=black)
