"""``contrarius preview``: every die result of a reaction and what Contrarius would do.

Read-only, like ``where``: the report goes to stdout (``--json``: JSON on stdout) and the
snapshot is never written. The outcomes come from :mod:`contrarius.rules.preview`, which runs
``play`` itself for every die result.
"""

# No ``from __future__ import annotations`` here: typer then reads the parameter annotations
# as objects instead of eval'ing their text once per parameter (start-up time).

from pathlib import Path
from typing import Annotated, Optional

import typer

from contrarius.errors import ContrariusError, UnknownNameError
from contrarius.messages import N_
from contrarius.io.textfiles import STDIO
from contrarius.cli.common import boundary, emit_json, out_console
from contrarius.cli.options import (
    Build, Buy, Choose, Copy, Die, Fish, Forum, ForumRefill, ForumReveal, Money, Move, PartnerBuild, PartnerBuy, PartnerCard, PartnerCopy, PartnerMoney,
    PartnerMove, PartnerPersonality, PartnerPlace, PartnerProduce, PartnerReactivate, Personality, Place, PlayerOpt,
    PraetorReaction, Produce, Reactivate, Refill, Reveal, Veto,
)
from contrarius.cli.completion import complete_card
from contrarius.cli.turn_input import parse_reveal, turn_action


def _faces_note(snap, die: str) -> str:
    from contrarius.material.dice import DIE_COLOURS

    from contrarius.words.i18n import _, term_name

    faces = ", ".join(term_name("face", str(f)) for f in snap.faces(die))
    source = _("the snapshot's dice_faces") if snap.dice_faces and die in snap.dice_faces else _("data/dice.yaml, ASSUMED")
    return _("{colour} {die} die: {faces} ({source})").format(colour=term_name("colour", DIE_COLOURS[die]), die=term_name("die", die),
                                                         faces=faces, source=source)


def _chances(pv, m, sep: str = ", ", kind: str = "card") -> str:
    from contrarius.words.i18n import term_name

    return sep.join(f"{term_name(kind, k)} {pv.odds(v)}" for k, v in m.items()) or "-"


def _vp(x) -> str:
    return f"+{x.numerator}" if x.denominator == 1 else f"+{float(x):.2f}"


def render_preview(pv, snap, con) -> None:
    """Print one preview: the dice, a row per outcome, the chances per province and card."""
    from rich.markup import escape
    from rich.table import Table

    from contrarius.words.i18n import _, term_name

    action = f" ({pv.action})" if pv.action else ""  # a Message: said in the language chosen
    card = term_name("card", pv.card)
    reacts = (_(" -> Contrarius reacts to {card}").format(card=term_name("card", pv.reacted_to))
              if pv.reacted_to and pv.reacted_to != pv.card else "")
    what = (_("you play {card}").format(card=card) if snap.mode == "solo"  # whose turn it is
            else _("{player} plays {card}").format(player=snap.active or snap.players[0].id, card=card))
    con.print(_("[bold]Preview: {what}[/bold] (nothing is written)").format(what=escape(what + action + reacts)))
    for e in pv.player_events:
        con.print(escape(e.text))
    if pv.dice:
        for d in pv.dice:
            con.print(_("die: {faces}").format(faces=escape(_faces_note(snap, d))))
    else:
        con.print(_("no die is rolled: one outcome"))
    table = Table(show_lines=True)
    for col in (_("chance"), _("dice"), "Contrarius", _("VP"), _("game ends")):
        table.add_column(col)
    for o in pv.outcomes:
        ends = "-"
        if o.ends:
            ends = _("yes, {who}").format(who="Contrarius" if o.ended_by == "contrarius" else o.ended_by)
        table.add_row(o.odds, escape(str(o.dice)), escape("\n".join(str(line) for line in o.lines)), "?" if o.error else f"+{o.vp}",
                      ends)
    con.print(table)
    con.print(_("expected VP for Contrarius: {vp} (now {now})").format(vp=_vp(pv.expected_vp), now=pv.vp_before))
    con.print(_("house in province: {chances}").format(chances=escape(_chances(pv, pv.province_chances(), kind="province"))))
    con.print(_("card taken: {chances}").format(chances=escape(_chances(pv, pv.card_chances()))))
    if pv.end_chance:
        con.print(_("the game ends: {chance}").format(chance=pv.odds(pv.end_chance)))
    if pv.unresolved:
        con.print(_("[yellow]unresolved: {chance}[/yellow] (see the rows marked '?'; counted as 0 VP)").format(chance=pv.odds(pv.unresolved)))


def _likeliest(pv, m, kind: str = "card") -> str:
    """The likeliest entry of a chance map with its chance, and ``+N`` for the N others
    (a card named in the language chosen)."""
    from contrarius.words.i18n import term_name

    if not m:
        return "-"
    key = max(m, key=lambda k: m[k])
    more = len(m) - 1
    return f"{term_name(kind, key)} {pv.odds(m[key])}" + (f" +{more}" if more else "")


def _source(source: str) -> str:
    """Where the summary's cards came from (``hand``, ``every solo card``, ``every card``)
    in the language chosen."""
    from contrarius.words.i18n import _

    return {"hand": _("hand"), "every solo card": _("every solo card"), "every card": _("every card")}.get(source, source)


def _card(card: str, short: bool = False) -> str:
    """A card's name in the language chosen; ``short``: the Prefect with Praefectus Magnus as ``Prefect (PM)``."""
    from contrarius.words.i18n import _, term_name

    if short and card == "Prefect with Praefectus Magnus":
        return _("{card} (PM)").format(card=term_name("card", "Prefect"))
    return term_name("card", card)


def render_summary(sm, con, full: bool = False) -> None:
    """Print the table of every card the player could play.

    Default: one short row per card and action (the likeliest house and card only), so that
    it fits a screen; ``full``: every chance and note (``preview --all``).
    """
    from rich.markup import escape
    from rich.table import Table

    from contrarius.words.i18n import _

    previews = [r.preview for r in sm.rows]
    if previews and all(pv is not None and pv.outcomes and all(o.game_over for o in pv.outcomes) for pv in previews):
        # the final card after Contrarius ended the game: no card gets a reaction, no table of +0
        why = next((str(e.text) for e in previews[0].player_events if e.kind == "end"), _("the game is over: no reaction"))
        con.print(_("{why}, whatever you play. Nothing is written; after your final card: 'contrarius score'.").format(
            why=escape(why[:1].upper() + why[1:])))
        return
    if not full:
        table = Table(title=_("Contrarius's reaction to each card you could play (cards: {source})").format(source=_source(sm.source)),
                      title_justify="left")
        for col in (_("card: action"), _("E[VP]"), _("house"), _("card taken"), _("ends")):
            table.add_column(col)
        open_rows = 0
        for r in sm.rows:
            pv = r.preview
            label = _card(r.card, short=True) + (f": {r.action}" if r.action else "")
            if pv is None:
                table.add_row(escape(label), "-", "-", "-", "-")
                continue
            mark = "?" if pv.unresolved else ""
            open_rows += bool(pv.unresolved)
            table.add_row(escape(label), _vp(pv.expected_vp) + mark, escape(_likeliest(pv, pv.province_chances(), "province")),
                          escape(_likeliest(pv, pv.card_chances())), pv.odds(pv.end_chance) if pv.end_chance else "-")
        con.print(table)
        if open_rows:
            con.print(_("?: some outcomes unresolved (counted as 0 VP); preview the card alone."))
        con.print(_("house, card taken: the likeliest (+N: how many others may be). Nothing is written. Every chance and note: "
                    "'contrarius preview --all SNAPSHOT'; one card: 'contrarius preview CARD SNAPSHOT'."))
        return
    table = Table(title=_("Contrarius's reaction to each card you could play (cards: {source}; nothing is written)").format(
        source=_source(sm.source)), show_lines=True)
    for col in (_("card"), _("action"), _("E[VP]"), _("house in province"), _("card taken"), _("game ends"), _("note")):
        table.add_column(col)
    for r in sm.rows:
        pv = r.preview
        action = str(r.action) if r.action else ""
        if pv is None:
            table.add_row(escape(_card(r.card)), escape(action), "-", "-", "-", "-", escape(str(r.note)))
            continue
        note = str(r.note)
        if pv.unresolved:
            unresolved = _("unresolved {chance}: preview the card alone").format(chance=pv.odds(pv.unresolved))
            note = (note + "; " if note else "") + unresolved
        table.add_row(escape(_card(r.card)), escape(action), _vp(pv.expected_vp),
                      escape(_chances(pv, pv.province_chances(), "\n", kind="province")), escape(_chances(pv, pv.card_chances(), "\n")),
                      pv.odds(pv.end_chance) if pv.end_chance else "-", escape(note))
    con.print(table)
    con.print(_("E[VP]: the VP Contrarius scores this turn on average. Prefect produce: the province with the lowest "
                "E[VP]; 'contrarius preview prefect SNAPSHOT --produce P' for another."))


def register(app: typer.Typer) -> None:
    """Add ``preview`` to ``app``."""

    @app.command("preview")
    @boundary
    def preview_cmd(
        card: Annotated[Optional[str], typer.Argument(help="The card you would play (omit: a table of every card you could play).",
                                                      show_default=False, autocompletion=complete_card)] = None,
        snapshot: Annotated[Optional[str], typer.Argument(help="Snapshot file, or - for stdin.", show_default=False)] = None,
        produce: Produce = None,
        reactivate: Reactivate = False,
        money: Money = False,
        place: Place = None,
        copy: Copy = None,
        build: Build = None,
        move: Move = None,
        buy: Buy = None,
        refill: Refill = None,
        reveal: Reveal = None,
        die: Die = None,
        choose: Choose = None,
        player: PlayerOpt = None,
        personality: Personality = None,
        praetor_reaction: PraetorReaction = None,
        partner_card: PartnerCard = None,
        partner_personality: PartnerPersonality = None,
        partner_produce: PartnerProduce = None,
        partner_reactivate: PartnerReactivate = False,
        partner_money: PartnerMoney = False,
        partner_place: PartnerPlace = None,
        partner_copy: PartnerCopy = None,
        partner_build: PartnerBuild = None,
        partner_move: PartnerMove = None,
        partner_buy: PartnerBuy = None,
        veto: Veto = None,
        forum: Forum = None,
        forum_refill: ForumRefill = None,
        forum_reveal: ForumReveal = None,
        fish: Fish = 0,
        show_all: Annotated[bool, typer.Option("--all", help="Without a card: the full table (every chance and note), not the short one.")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Print the preview as JSON.")] = False,
    ) -> None:
        """Every die result of Contrarius's reaction to CARD, with its chance (changes nothing).

        Outcomes that coincide are merged (e.g. 'builds in Aleria: 4/6'); chances come from
        the dice face table (the snapshot's dice_faces, else data/dice.yaml). With only a
        SNAPSHOT: one table of every card you could play (your hand where recorded, else
        every solo card): Contrarius's expected VP, the chance of a house in each province
        and of taking each display card.
        """
        from contrarius.material.cards import card_name
        from contrarius.rules.preview import summary
        from contrarius.store.snapshot_text import load_snapshot

        if snapshot is None:
            if card is None:
                raise ContrariusError(N_("which snapshot? give a file path, or - for stdin (contrarius preview [CARD] SNAPSHOT)"))
            if card != STDIO and not Path(card).is_file():
                try:
                    name = card_name(card)
                except UnknownNameError:
                    name = None  # not a card: read it as the snapshot path (and report it missing)
                if name is not None:
                    raise ContrariusError(N_("which snapshot? give it after the card: contrarius preview {card} SNAPSHOT [options]", card=card))
            card, snapshot = None, card
        if produce and reactivate:
            raise ContrariusError(N_("a Prefect either produces or reactivates: give --produce PROVINCE or --reactivate"))
        if money and place:
            raise ContrariusError(N_("a Colonist either places colonists or earns money: give --place or --money"))
        if card is None:
            given = [opt for opt, v in (("--produce", produce), ("--reactivate", reactivate), ("--money", money), ("--place", place),
                                        ("--copy", copy), ("--build", build), ("--move", move), ("--buy", buy), ("--die", die),
                                        ("--choose", choose), ("--forum", forum), ("--fish", fish)) if v]
            if given:
                raise ContrariusError(N_("{options} describe the card you would play: name it, e.g. contrarius preview CARD SNAPSHOT {option} ...",
                                         options=", ".join(given), option=given[0]))
            snap = load_snapshot(snapshot)
            sm = summary(snap, player, reveal=parse_reveal(list(reveal or [])), refill=list(refill or []))
            if as_json:
                emit_json(sm.to_dict())
            else:
                render_summary(sm, out_console(), full=show_all)
            return
        snap = load_snapshot(snapshot)
        partner = dict(partner_card=partner_card, partner_personality=partner_personality, partner_produce=partner_produce,
                       partner_reactivate=partner_reactivate, partner_money=partner_money, partner_place=partner_place,
                       partner_copy=partner_copy, partner_build=partner_build, partner_move=partner_move,
                       partner_buy=partner_buy, veto=veto)
        pa = turn_action(snap, card, produce=produce, reactivate=reactivate, money=money, place=place, copy=copy,
                         build=build, move=move, buy=buy, refill=refill, reveal=reveal, die=die, choose=choose,
                         player=player, forum=forum, forum_refill=forum_refill, forum_reveal=forum_reveal, fish=fish,
                         personality=personality, praetor_reaction=praetor_reaction, **partner)
        from contrarius.rules.preview import preview_turn

        pv = preview_turn(snap, pa, partner_given=any(partner.values()))
        if as_json:
            data = pv.to_dict()
            data["faces"] = {d: [str(f) for f in snap.faces(d)] for d in pv.dice}
            emit_json(data)
        else:
            render_preview(pv, snap, out_console())
