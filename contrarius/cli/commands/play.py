"""``contrarius play`` (one turn: your card, Contrarius's reaction) and ``contrarius roll``."""

# No ``from __future__ import annotations`` here: typer then reads the parameter annotations
# as objects instead of eval'ing their text once per parameter (start-up time; see
# benchmarks/README.md).

from typing import Annotated, Optional

import typer

from contrarius.errors import ContrariusError
from contrarius.cli.common import boundary, check_output, put_once, FORCE_HELP, emit_json, err_console, write_snapshot
from contrarius.cli.options import (
    Build, Buy, ChoosePersonality, Choose, Copy, Die, Fish, Forum, ForumRefill, ForumReveal, Money, Move, PartnerBuild, PartnerBuy, PartnerCard, PartnerCopy, PartnerMoney,
    PartnerMove, PartnerPersonality, PartnerPlace, PartnerProduce, PartnerReactivate, Personality, Place,
    PlayerOpt, PraetorReaction, Produce, Reactivate, Refill, Reveal, Veto,
)
from contrarius.cli.completion import complete_card, complete_die


def parse_die_option(text: str) -> tuple[str | None, str]:
    """``--die wine`` -> (None, "wine"); ``--die red=land`` -> ("tribune", "land");
    a goods synonym reads as its goods (``--die grain`` -> (None, "food"))."""
    from contrarius.material.dice import die_name
    from contrarius.words.names import die_face_text

    name, sep, face = text.partition("=")
    if sep:
        return die_name(name), die_face_text(face)
    return None, die_face_text(text)


def parse_place(text: str) -> tuple[str, str]:
    """``--place sea:Roma`` -> ("sea", "Roma"); the kind by any of its names
    (:func:`~contrarius.words.names.kind_from_text`: ``terra:Roma``)."""
    from contrarius.words.names import kind_from_text

    kind, sep, city = text.partition(":")
    got = kind_from_text(kind) if sep else None
    if got is None or not city.strip():
        raise ContrariusError(f"--place {text!r}: write KIND:CITY, e.g. land:Roma")
    return got, city.strip()


def parse_reveal(items: list[str], mode: str | None = None) -> dict[int, str]:
    """``--reveal 3=Weaver`` -> {3: "Weaver"}; several in one option too
    (``--reveal 3=Weaver,7=Consul``); card names may be unique prefixes (``7=cons``)."""
    from contrarius.words.names import card_from_text

    out: dict[int, str] = {}
    for item in (x for whole in items for x in whole.split(",") if x.strip()):
        pos, sep, name = item.partition("=")
        if not sep or not (pos.strip().isascii() and pos.strip().isdigit()):
            raise ContrariusError(f"--reveal {item!r}: write POSITION=CARD, e.g. 3=Weaver")
        if not 1 <= int(pos) <= 7:
            raise ContrariusError(f"--reveal {item!r}: display position {int(pos)} does not exist; positions are 1-7 (1 the leftmost)")
        card = name.strip() if name.strip() == "?" else card_from_text(name, mode=mode)
        put_once(out, int(pos), card, "--reveal", f"display position {int(pos)}")
    return out


def player_action(card: str, *, produce: str | None = None, reactivate: bool = False, money: bool = False,
                  place: list[str] | None = None, copy: str | None = None, build: list[str] | None = None,
                  move: list[str] | None = None, buy: list[str] | None = None, refill: list[str] | None = None,
                  reveal: list[str] | None = None, die: list[str] | None = None, choose: list[int] | None = None,
                  player: str | None = None, snapshot=None, forum: str | None = None, forum_refill: list[str] | None = None,
                  forum_reveal: list[str] | None = None, fish: int = 0):
    """The :class:`~contrarius.rules.turn.PlayerAction` that ``play``'s (and ``preview``'s)
    options describe. Raises :class:`ContrariusError` for options that contradict each other.

    ``snapshot``: the game the options are for; with it, card names may be unique prefixes
    (``merc``), goods synonyms are read (``--die grain``) and ``--move`` takes the
    shorthand ``KIND:WHERE>CITY`` (see :mod:`contrarius.words.names`).

    ``--place`` alone is no choice of action (the Tribune also buys a colonist): a Colonist
    without ``--money`` places colonists, which the rule engine decides.
    """
    from contrarius.words.names import card_from_text, parse_moves
    from contrarius.rules.turn import PlayerAction

    mode = snapshot.mode if snapshot is not None else None
    owner = snapshot.player(player).id if snapshot is not None else None
    card = card_from_text(card, mode=mode)
    copy = card_from_text(copy, mode=mode) if copy else copy
    buy = [b if str(b).strip().isdigit() else card_from_text(b, mode=mode) for b in buy or []]
    refill = [r if r.strip() == "?" else card_from_text(r, mode=mode) for r in refill or []]
    if produce and reactivate:
        raise ContrariusError("a Prefect either produces or reactivates: give --produce PROVINCE or --reactivate")
    if money and place:
        raise ContrariusError("a Colonist either places colonists or earns money: give --place or --money")
    action = "produce" if produce else "reactivate" if reactivate else "money" if money else None
    return PlayerAction(
        card=card, action=action, province=produce, copy=copy, builds=list(build or []),
        moves=parse_moves(list(move or []), snapshot, owner), places=[parse_place(p) for p in place or []],
        buys=buy, refill=refill, reveal=parse_reveal(list(reveal or []), mode),
        dice=[parse_die_option(d) for d in die or []], choices=list(choose or []), player=player,
        forum=forum, forum_refill=list(forum_refill or []), forum_reveal=parse_forum_reveal(list(forum_reveal or [])),
        fish=fish,
    )


def parse_forum_reveal(items: list[str]) -> dict[int, str]:
    """``--forum-reveal 2=Julius`` -> {2: "Julius"} (a forum row position shown as ?)."""
    out: dict[int, str] = {}
    for item in items:
        pos, sep, name = item.partition("=")
        if sep and pos.strip().isascii() and pos.strip().isdigit() and name.strip() and not 1 <= int(pos) <= 4:
            raise ContrariusError(f"--forum-reveal {item!r}: forum row position {int(pos)} does not exist; positions are 1-4")
        if not sep or not (pos.strip().isascii() and pos.strip().isdigit()) or not 1 <= int(pos) <= 4 or not name.strip():
            raise ContrariusError(f"--forum-reveal {item!r}: write POSITION=CARD, e.g. 1=Julius (forum row positions 1-4)")
        put_once(out, int(pos), name.strip(), "--forum-reveal", f"forum row position {int(pos)}")
    return out


def render_turn(result, con) -> None:
    """Print one turn as a rich panel: what you did, what Contrarius did, VP, the end."""
    from rich.panel import Panel
    from rich.text import Text

    lines = []
    solo = result.snapshot.mode == "solo"
    for e in result.player_events:
        lines.append(e.text)  # solo texts say "you", team texts name the player
    for e in result.events:
        lines.append(e.text)
    if not result.events and result.reacted_to is not None:
        lines.append("Contrarius does nothing")
    lines.append(f"Contrarius VP: {result.vp_before} -> {result.vp_after}")
    if result.game_over:
        lines.append("[bold red]The game is over.[/bold red] Run 'contrarius score' for the final scoring.")
    elif result.snapshot.ended is not None and result.snapshot.ended.final_turn_pending:
        if solo:
            lines.append("[bold yellow]Contrarius ended the game: play your final card (no reaction).[/bold yellow]")
        else:
            from contrarius.rules.modes.twoplayer import final_turn_note

            lines.append(f"[bold yellow]{final_turn_note(result.snapshot)}.[/bold yellow]")
    if not solo and not result.game_over:
        lines.append(f"next turn: {result.snapshot.active}")
    title = f"{result.card}" + (f" -> Contrarius reacts to {result.reacted_to}" if result.reacted_to and result.reacted_to != result.card else "")
    if not solo and result.snapshot.log:
        title = f"{result.snapshot.log[-1]['player']}: {title}"
    con.print(Panel("\n".join(lines), title=Text(title), expand=False))  # the title is plain text, no markup


def team_action(pa, *, personality: str | None = None, praetor_reaction: str | None = None,
                partner_card: str | None = None, partner_personality: str | None = None,
                partner_produce: str | None = None, partner_reactivate: bool = False, partner_money: bool = False,
                partner_place: list[str] | None = None, partner_copy: str | None = None,
                partner_build: list[str] | None = None, partner_move: list[str] | None = None,
                partner_buy: list[str] | None = None, veto: str | None = None, snapshot=None):
    """The ``play`` options of a team or third-player turn as a :class:`~contrarius.rules.modes.twoplayer.TeamAction`.

    ``snapshot``: the game, so that ``--partner-move`` takes the shorthand ``KIND:WHERE>CITY``
    as ``--move`` does, for the partner's colonists (the player other than ``pa.player``),
    resolved on the game as it stands before the turn."""
    from contrarius.words.names import card_from_text, parse_moves
    from contrarius.rules.modes.twoplayer import Part, TeamAction, other_player

    partner_card = card_from_text(partner_card) if partner_card else partner_card
    partner_copy = card_from_text(partner_copy) if partner_copy else partner_copy
    if partner_produce and partner_reactivate:
        raise ContrariusError("your partner's Prefect either produced or reactivated: give --partner-produce or --partner-reactivate")
    if partner_money and partner_place:
        raise ContrariusError("your partner's Colonist either placed colonists or earned money: give --partner-place or --partner-money")
    act = "produce" if partner_produce else "reactivate" if partner_reactivate else "money" if partner_money else None
    mate = other_player(snapshot, snapshot.player(pa.player).id) if snapshot is not None and partner_move else None
    partner = Part(card=partner_card, personality=partner_personality, action=act, province=partner_produce,
                   copy=partner_copy, builds=list(partner_build or []), moves=parse_moves(list(partner_move or []), snapshot, mate, "--partner-move"),
                   places=[parse_place(p) for p in partner_place or []], buys=list(partner_buy or []))
    vetoer, face = None, None
    if veto:
        vetoer, sep, face_text = veto.partition("=")
        vetoer = vetoer.strip()
        face = face_text.strip() if sep else None
        if not vetoer or (sep and not face):
            raise ContrariusError(f"--veto {veto!r}: write PLAYER or PLAYER=FACE, e.g. player1 or player1=cloth")
    if praetor_reaction is not None:
        praetor_reaction = praetor_reaction.strip().casefold()
    return TeamAction(**{name: getattr(pa, name) for name in pa._fields}, personality=personality,
                      praetor_reaction=praetor_reaction, partner=partner, veto=vetoer, veto_face=face)


#: ``play``'s options of team play and the third-player variant (keyword names of :func:`team_action`).
TEAM_OPTIONS = ("personality", "praetor_reaction", "partner_card", "partner_personality", "partner_produce",
                "partner_reactivate", "partner_money", "partner_place", "partner_copy", "partner_build",
                "partner_move", "partner_buy", "veto")


def turn_action(snap, card: str, **options):
    """The action that ``play``'s options describe for the game in ``snap``: a
    :class:`~contrarius.rules.turn.PlayerAction` in solo play, a
    :class:`~contrarius.rules.modes.twoplayer.TeamAction` in team and third-player games.

    ``options`` are ``play``'s option values by parameter name (``produce="Campania"``,
    ``die=["black=wine"]``, ``partner_build=[...]``); ``contrarius play`` and
    ``contrarius session`` both build their turn here (one code path). Raises
    :class:`ContrariusError` for options that contradict each other or a team option in
    a solo game.
    """
    team_opts = {k: options.pop(k) for k in TEAM_OPTIONS if k in options}
    pa = player_action(card, **options, snapshot=snap)
    if snap.mode != "solo":
        return team_action(pa, **team_opts, snapshot=snap)
    given = next((k for k in TEAM_OPTIONS if team_opts.get(k)), None)
    if given is not None:
        raise ContrariusError(f"--{given.replace('_', '-')} is for team play and the third-player variant; this is a solo game")
    return pa


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
        from contrarius.store.files import load_snapshot

        check_output(snapshot, output, in_place)  # usage errors before any rule runs
        if choose_personality is not None:
            if personality is not None and personality != choose_personality:
                raise ContrariusError("--personality and --choose-personality name different personalities; give one")
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

        write_snapshot(result.snapshot, snapshot, output, in_place, report, force=force)

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
            print(f"{DIE_COLOURS[name]} {name} die: {face}")
