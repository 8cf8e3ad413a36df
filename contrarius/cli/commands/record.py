"""``contrarius log`` (the game record, one row per turn, from the snapshot's ``log``) and
``contrarius reveal`` (name display cards the snapshot shows as ``?``)."""

# No ``from __future__ import annotations`` here: typer then reads the parameter annotations
# as objects instead of eval'ing their text once per parameter (start-up time).

import re
from typing import Annotated, Any, Optional

import typer

from contrarius.messages import N_, Joined, Message, Term

from contrarius.cli.common import (FORCE_HELP, SVG_HELP, boundary, check_output, check_svg_target, emit_json, err_console, out_console,
                                   write_snapshot, write_svg)
from contrarius.cli.completion import complete_reveal


def _printed(read, text: Any) -> str:
    """``text`` as ``read`` (a board's or the catalog's lookup) prints it, or as recorded
    when it names nothing there (a snapshot written by hand, an older board)."""
    from contrarius.errors import ContrariusError

    try:
        return read(str(text))
    except ContrariusError:
        return str(text)


def _where_text(board: Any, kind: str, text: str) -> str:
    """A place or a line of a recorded move (``casinvm``, ``Casinvm-Roma``) as printed."""
    if board is None:
        return text
    if board.is_line_text(text):
        return _printed(lambda t: board.parse_line(t, kind).label, text)
    return _printed(board.place, text)


def _move_text(move: Any, board: Any = None) -> str:
    """A recorded colonist move as the report writes it: ``land:Roma>Casinvm-Roma`` (the
    record's form) or ``land:Roma:Casinvm-Roma`` -> ``land Roma -> Casinvm-Roma``, the
    places as ``board`` prints them (when given)."""
    kind, sep, rest = str(move).partition(":")
    frm, arrow, to = rest.partition(">")
    if not arrow:
        frm, arrow, to = rest.partition(":")
    if not (sep and arrow):
        return str(move)
    return N_("{kind} {start} -> {end}", kind=Term("kind", kind), start=_where_text(board, kind, frm), end=_where_text(board, kind, to))


def _place_text(place: Any, board: Any = None) -> str:
    """A recorded colonist placed (``land:roma``) with the place as ``board`` prints it."""
    kind, sep, where_ = str(place).partition(":")
    return f"{kind}:{_printed(board.place, where_)}" if sep and board is not None else str(place)


#: What a report line of a turn says was bought or taken, for the log's printed names:
#: "you buy Prefect from display position 1", "player2 buys ...", "you take the forum
#: card Faustus Marcellus from forum row position 4" (:mod:`contrarius.rules.turn`,
#: :mod:`contrarius.rules.variants.solo_variants`).
_BOUGHT = re.compile(r"\bbuys? (.+?) from display position (\d+)")
_FORUM = re.compile(r"\btakes? the forum card (.+?) from forum row position (\d+)")


def _action_text(action: Any, board: Any = None, did: Any = ()) -> str:
    """A turn's recorded action as one short phrase (``produce Campania``, ``build Casinvm;
    move land Roma -> Casinvm-Roma``); ``-`` when nothing was recorded. The names are the
    printed ones, whatever the player typed: cities and provinces as ``board`` prints them
    (when given), cards as the catalog does, a card bought by its display position by the
    name ``did`` (the turn's report lines) gives it, and the forum card taken (Salsa)."""
    from contrarius.material.cards import card_name

    if not isinstance(action, dict):
        return "-"
    # the phrase is said in the player's language (log); --json says it in English
    said = [str(x) for x in did or ()]
    bought = {pos: name for line in said for name, pos in _BOUGHT.findall(line)}
    taken = [name for line in said for name, _ in _FORUM.findall(line)]

    def shown(key: str, x: Any) -> str:
        if key == "moves":
            return _move_text(x, board)
        if key == "builds" and board is not None:
            return _printed(board.place, x)
        if key == "places":
            return _place_text(x, board)
        if key == "buys":
            text = str(x).strip()
            return Term("card", bought.get(text, text) if text.isascii() and text.isdigit() else _printed(card_name, text))
        if key == "refill":
            return str(x) if str(x).strip() == "?" else Term("card", _printed(card_name, x))
        return str(x)

    parts = []
    parts: list[Any] = []
    if action.get("copy"):
        parts.append(N_("copy {card}", card=Term("card", _printed(card_name, action["copy"]))))
    if action.get("personality"):
        parts.append(Term("card", _printed(card_name, action["personality"])))
    lists = [(key, word, Joined(", ", [shown(key, x) for x in action[key]])) for key, word in _ACTION_LISTS if action.get(key)]
    choice = str(action.get("choice") or "")
    if action.get("province"):
        province = _printed(board.province, action["province"]) if board is not None else action["province"]
        parts.append(N_("{choice} {province}", choice=Term("action", choice or "produce"), province=province))
    elif choice and not any(word == choice for _k, word, _x in lists):
        # the choice is said once: "place land:Roma" (a Colonist's place with its colonists), "money"
        parts.append(Term("action", choice))
    parts += [_listed(word, items) for _k, word, items in lists]
    if action.get("forum") is not None:
        parts.append(N_("forum {card}", card=taken[0] if taken else action["forum"]))
    if action.get("praetor_reaction"):
        parts.append(N_("Praetor: {reaction}", reaction=action["praetor_reaction"]))
    return Joined("; ", parts) if parts else "-"


#: The lists of a recorded action, in the order the phrase says them: key -> its word.
_ACTION_LISTS = (("moves", "move"), ("builds", "build"), ("places", "place"), ("buys", "buy"), ("refill", "refill"))


def _listed(word: str, items: Joined) -> Message:
    """``move land Roma -> Cosa-Roma, ...``: a recorded action's list after its word."""
    return {"move": N_("move {items}", items=items), "build": N_("build {items}", items=items),
            "place": N_("place {items}", items=items), "buy": N_("buy {items}", items=items),
            "refill": N_("refill {items}", items=items)}[word]


def _dice_text(dice: Any, veto: Any = None) -> str:
    """``[{"die": "mercator", "face": "wine", "source": "table"}]`` -> ``black wine``; a die
    contrarius rolled itself is marked ``(rolled)``. ``veto`` (third player: the log's
    ``veto`` record) shows the result vetoed before its re-roll: ``black tool, vetoed by
    player2 -> black S (rolled)``."""
    from contrarius.material.dice import DIE_COLOURS

    out = []
    vetoed = veto if isinstance(veto, dict) and "vetoed" in veto else None
    for d in dice if isinstance(dice, list) else []:
        if isinstance(d, dict):
            colour = Term("colour", DIE_COLOURS.get(str(d.get("die")), str(d.get("die"))))
            face = Term("face", str(d.get("face")))
            text = (N_("{colour} {face} (rolled)", colour=colour, face=face) if d.get("source") == "rolled"
                    else N_("{colour} {face}", colour=colour, face=face))
            if vetoed is not None and d.get("die") == vetoed.get("die") and str(d.get("face")) == str(vetoed.get("face")):
                text = N_("{colour} {vetoed}, vetoed by {player} -> {result}", colour=colour,
                          vetoed=Term("face", str(vetoed["vetoed"])), player=vetoed.get("player", "?"), result=text)
                vetoed = None
            out.append(text)
    if vetoed is not None:  # the re-rolled result is not among the dice: still say what was vetoed
        out.append(N_("{colour} {vetoed} vetoed by {player}", colour=Term("colour", DIE_COLOURS.get(str(vetoed.get("die")), str(vetoed.get("die")))),
                      vetoed=Term("face", str(vetoed["vetoed"])), player=vetoed.get("player", "?")))
    return Joined(", ", out) if out else "-"


def _is_die_line(text: str) -> bool:
    """True for the report line of a die result (shown in the dice column instead)."""
    from contrarius.material.dice import DIE_COLOURS

    return any(text.startswith(f"{colour} die (") for colour in DIE_COLOURS.values())


def _partner_text(partner: Any, board: Any = None, did: Any = ()) -> str:
    """Team play: the partner's recorded part (``partner`` of a log entry) as ``; player2:
    build Cosa; move land Roma -> Cosa-Roma``; empty when none is recorded. ``board``,
    ``did``: as for :func:`_action_text` (the printed names)."""
    if not isinstance(partner, dict):
        return ""
    done = _action_text(partner, board, did)
    return N_("; {player}: {done}", player=partner.get("player", "partner"), done=done) if done != "-" else ""


#: A report line saying what a player received, in the words every mode's report uses
#: (:mod:`contrarius.rules.contrarius_part`): "you receive ...", "player1 takes money ...", "you produce
#: in/with ...", a cash bonus's sestertii.
_RECEIVED = re.compile(r"\b(receives?|takes? money|produces?) |sestert")


def log_rows(snapshot) -> list[dict[str, Any]]:
    """The snapshot's turn records as rows: ``turn``, ``player``, ``card``, ``action`` (one
    phrase), ``dice`` (the die results with their source, table or rolled), ``player_did``,
    ``received`` (the lines of ``player_did`` that say what a player received), the
    action's names as printed (:func:`_action_text`),
    ``contrarius`` (what Contrarius did: the reaction lines without the die lines),
    ``vp_before``, ``vp_after`` (Contrarius's VP), what Contrarius ``built``, ``took``,
    ``scored`` and built from its expert ``track``, ``ends`` (the game ended in this turn:
    the reason; see :func:`contrarius.rules.race.turn_facts`), and ``record`` (the entry as
    stored)."""
    from contrarius.rules.race import turn_facts

    rows = []
    board = snapshot.board
    for i, e in enumerate(snapshot.log):
        did = [str(x) for x in e.get("player_did") or []]
        partner = e.get("partner") if isinstance(e.get("partner"), dict) else {}
        them = str(partner.get("player", ""))  # team play: the lines naming the partner are the partner's
        theirs = [x for x in did if them and x.startswith(them + " ")]
        own = [x for x in did if x not in theirs]
        vp = e.get("vp") if isinstance(e.get("vp"), list) and len(e.get("vp")) == 2 else [None, None]
        reaction = [str(x) for x in e.get("reaction") or []]
        action = e.get("action") if isinstance(e.get("action"), dict) else {}
        rows.append({
            "turn": e.get("turn", i + 1), "player": e.get("player", "player"), "card": e.get("card", "?"),
            "action": Joined("", [_action_text(action, board, own), _partner_text(e.get("partner"), board, theirs)]),
            "dice": _dice_text(e.get("dice"), e.get("veto")),
            "player_did": [str(x) for x in e.get("player_did") or []],
            "received": [str(x) for x in e.get("player_did") or [] if _RECEIVED.search(str(x))],
            "contrarius": [x for x in reaction if not _is_die_line(x)],
            "vp_before": vp[0], "vp_after": vp[1], **turn_facts(e), "record": e,
        })
    return rows


def log_data(snapshot) -> dict[str, Any]:
    """Everything ``log --json`` prints (and ``log --svg`` draws): the board, mode and
    level, the ``turns`` (:func:`log_rows`), and the race's sides and end
    (:func:`contrarius.rules.race.race`: ``contrarius``, ``players``, ``ended``)."""
    from contrarius.rules.race import race

    return {"board": snapshot.board.name, "mode": snapshot.mode, "level": snapshot.level,
            "turns": log_rows(snapshot), **race(snapshot)}


def render_log(snap, con) -> None:
    """Print the game record of ``snap`` on the rich console ``con``: one table row per turn
    (:func:`log_rows`; what the players received under the action), or ``No turn played yet.``; ``contrarius log`` and the session's
    ``log`` command both print it here. Cell texts are escaped (a ``[...]`` in a recorded
    line is printed, never read as markup)."""
    from rich.markup import escape
    from rich.table import Table

    from contrarius.words.i18n import _, ngettext, term_name
    from contrarius.errors import one_line
    from contrarius.words.recorded import say_recorded

    rows = log_rows(snap)
    if not rows:
        con.print(_("No turn played yet."))
        return
    solo = snap.mode == "solo"
    title = ngettext("{board} - {mode} - {level}: {n} turn", "{board} - {mode} - {level}: {n} turns", len(rows)).format(
        board=snap.board.name, mode=term_name("mode", snap.mode), level=term_name("level", snap.level), n=len(rows))
    table = Table(title=escape(title), title_justify="left")
    for col in ("#", *(() if solo else (_("player"),)), _("card"), _("action"), _("dice"), _("VP"), _("Contrarius did")):
        table.add_column(col, overflow="fold")
    for r in rows:
        # the recorded lines are the snapshot's, in English (the record is never translated):
        # said again in the language chosen (contrarius/words/recorded.py)
        did = "\n".join(say_recorded(x).removeprefix("Contrarius ") for x in r["contrarius"]) or _("nothing")
        vp = f"{r['vp_before']}->{r['vp_after']}" if r["vp_before"] is not None else "-"
        action = "\n".join([str(r["action"]), *map(say_recorded, r["received"])])  # what the players received, under the action
        cells = (str(r["turn"]), *(() if solo else (r["player"],)), term_name("card", r["card"]), action, r["dice"], vp, did)
        # a control character written by hand in the record (an ESC) is shown escaped, never sent to the terminal
        table.add_row(*("\n".join(escape(one_line(part)) for part in str(c).split("\n")) for c in cells))
    con.print(table)


def register(app: typer.Typer) -> None:
    """Add ``log`` and ``reveal`` to ``app``."""

    @app.command("reveal")
    @boundary
    def reveal_cmd(
        snapshot: Annotated[str, typer.Argument(help="Snapshot file, or - for stdin.")],
        cards: Annotated[list[str], typer.Argument(help="POSITION=CARD for each display card shown as ?, e.g. 7=Consul 6=Weaver.", autocompletion=complete_reveal)],
        output: Annotated[Optional[str], typer.Option("--output", "-o", help="Write the new snapshot here instead of stdout.")] = None,
        in_place: Annotated[bool, typer.Option("--in-place", "-i", help="Write the new snapshot back to SNAPSHOT (its history, SNAPSHOT.history, keeps the state before for undo; refused while undone turns wait for redo).")] = False,
        force: Annotated[bool, typer.Option("--force", help=FORCE_HELP)] = False,
    ) -> None:
        """Name display cards the snapshot shows as ? (drawn but not recorded); no turn is played.

        In place after 'undo' it is refused while undone steps wait for 'redo' (naming a card
        plays no turn, so it must not drop them): redo first, or name the card with --reveal
        when you play the turn again."""
        from rich.markup import escape

        from contrarius.rules.contrarius_part import apply_reveals
        from contrarius.store.snapshot_text import load_snapshot
        from contrarius.cli.turn_input import parse_reveal
        from contrarius.words.i18n import _

        check_output(snapshot, output, in_place)  # usage errors before any rule runs
        snap = load_snapshot(snapshot)
        new = snap.copy()
        lines = apply_reveals(new, parse_reveal(cards, snap.mode), typed="")

        def report(used_stdout: bool) -> None:
            con = err_console()
            for line in lines:
                con.print(escape(str(line)))

        write_snapshot(new, snapshot, output, in_place, report, force=force, before=snap,
                       hint=_("check the cards named ({cards}): is each one the card drawn at the table?").format(cards=" ".join(cards)),
                       keep_redo=_("or name the cards with --reveal {cards} when you play that turn again "
                                   "(a new turn replaces the undone ones)").format(cards=" ".join(cards)))

    @app.command("log")
    @boundary
    def log_cmd(
        snapshot: Annotated[str, typer.Argument(help="Snapshot file, or - for stdin.")],
        as_json: Annotated[bool, typer.Option("--json", help="Print the turns as JSON.")] = False,
        svg: Annotated[Optional[str], typer.Option("--svg", metavar="FILE", help=SVG_HELP + " The race: both sides' VP turn by turn, each turn's card, what Contrarius did, its track houses, the end.")] = None,
    ) -> None:
        """The game record: each turn's number, player, card, action (and what the players received), dice, what Contrarius did and its VP."""
        from contrarius.store.snapshot_text import load_snapshot

        svg = check_svg_target(svg, as_json, snapshot)
        snap = load_snapshot(snapshot)
        data = log_data(snap)

        def report() -> None:
            if as_json:
                emit_json(data)
            else:
                render_log(snap, out_console())

        if svg is not None:  # the report first, then the picture (write_svg): --svg -, the picture alone
            from contrarius.pictures.race_svg import picture

            write_svg(svg, picture(data), report=None if svg == "-" else report)
            return
        report()
