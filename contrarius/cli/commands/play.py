"""``contrarius play`` (one turn: your card, Contrarius's reaction) and ``contrarius roll``."""

# No ``from __future__ import annotations`` here: typer then reads the parameter annotations
# as objects instead of eval'ing their text once per parameter (start-up time; see
# benchmarks/README.md).

from typing import Annotated, Optional

import typer

from contrarius.messages import N_
from contrarius.errors import ContrariusError
from contrarius.cli.common import boundary, check_output, FORCE_HELP, emit_json, err_console, write_snapshot
from contrarius.cli.options import (
    Build, Buy, ChoosePersonality, Choose, Copy, Die, Fish, Forum, ForumRefill, ForumReveal, Money, Move, PartnerBuild, PartnerBuy, PartnerCard, PartnerCopy, PartnerMoney,
    PartnerMove, PartnerPersonality, PartnerPlace, PartnerProduce, PartnerReactivate, Personality, Place,
    PlayerOpt, PraetorReaction, Produce, Reactivate, Refill, Reveal, Veto,
)
from contrarius.cli.completion import complete_card, complete_die
from contrarius.cli.turn_input import turn_action
from contrarius.cli.turn_report import render_turn


def register(app: typer.Typer) -> None:
    """Add ``play`` and ``roll`` to ``app``."""

    @app.command("play")
    @boundary
    def play_cmd(
        card: Annotated[str, typer.Argument(help="The card you played, e.g. mercator, prefect, pm, architect.", autocompletion=complete_card)],
        snapshot: Annotated[str, typer.Argument(help="Snapshot file, or - for stdin.")],
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
        output: Annotated[Optional[str], typer.Option("--output", "-o", help="Write the new snapshot here instead of stdout (the input file itself: as -i).")] = None,
        in_place: Annotated[bool, typer.Option("--in-place", "-i", help="Write the new snapshot back to SNAPSHOT (its history, SNAPSHOT.history, keeps every earlier state for undo/redo).")] = False,
        force: Annotated[bool, typer.Option("--force", help=FORCE_HELP)] = False,
        as_json: Annotated[bool, typer.Option("--json", help="The report as JSON (stdout with -o/-i, else stderr).")] = False,
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
        choose_personality: ChoosePersonality = None,
    ) -> None:
        """Play one turn: your card and action, then Contrarius's reaction; writes the new snapshot."""
        from contrarius.rules.game import play
        from contrarius.store.snapshot_text import load_snapshot

        check_output(snapshot, output, in_place)  # usage errors before any rule runs
        if choose_personality is not None:
            if personality is not None and personality != choose_personality:
                raise ContrariusError(N_("--personality and --choose-personality name different personalities; give one"))
            personality = choose_personality
        snap = load_snapshot(snapshot)
        pa = turn_action(snap, card, produce=produce, reactivate=reactivate, money=money, place=place, copy=copy,
                         build=build, move=move, buy=buy, refill=refill, reveal=reveal, die=die, choose=choose,
                         player=player, forum=forum, forum_refill=forum_refill, forum_reveal=forum_reveal, fish=fish,
                         personality=personality, praetor_reaction=praetor_reaction,
                         partner_card=partner_card, partner_personality=partner_personality,
                         partner_produce=partner_produce, partner_reactivate=partner_reactivate,
                         partner_money=partner_money, partner_place=partner_place, partner_copy=partner_copy,
                         partner_build=partner_build, partner_move=partner_move, partner_buy=partner_buy, veto=veto)
        result = play(snap, pa)

        def report(used_stdout: bool) -> None:
            if as_json:
                data = result.to_dict()
                if snap.mode != "solo":  # name both players: who played, who plays next ("player"
                    # stays what each player did and received, as in solo play)
                    data["played_by"], data["next"] = result.snapshot.log[-1]["player"], result.snapshot.active
                emit_json(data, to_stderr=used_stdout)
            else:
                from rich.markup import escape

                for note in snap.read_notes:  # readings made while loading (README "How the rules are read")
                    err_console().print(escape(f"note: {note}"))
                render_turn(result, err_console())

        write_snapshot(result.snapshot, snapshot, output, in_place, report, force=force, validated=True)  # the rules' ensure_valid

    @app.command("roll")
    @boundary
    def roll_cmd(
        die: Annotated[str, typer.Argument(help="architect/blue, tribune/red (colonist), mercator/black, senator/white (consul).", autocompletion=complete_die)],
        seed: Annotated[Optional[int], typer.Option("--seed", help="Seed for a repeatable roll (default: random).")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    ) -> None:
        """Roll one of the four dice (faces from the documented face table)."""
        import secrets

        from contrarius.material.cards import dice_faces
        from contrarius.material.dice import DIE_COLOURS, die_name, roll

        name = die_name(die)
        face = roll(dice_faces()[name], seed if seed is not None else secrets.randbelow(10 ** 9), 0)
        if as_json:
            emit_json({"die": name, "colour": DIE_COLOURS[name], "face": face})
        else:
            from contrarius.words.i18n import _, term_name

            print(_("{colour} {die} die: {face}").format(colour=term_name("colour", DIE_COLOURS[name]), die=term_name("die", name),
                                                          face=term_name("face", str(face))))
