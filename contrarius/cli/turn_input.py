"""A turn as the command line gives it: the options of ``play`` (and of ``preview`` and
``session``, which take the same) read into the rules' action (:func:`turn_action`)."""

from __future__ import annotations

import inspect

from contrarius.messages import N_
from contrarius.cli.common import put_once
from contrarius.errors import ContrariusError


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
        raise ContrariusError(N_("--place {text!r}: write KIND:CITY, e.g. land:Roma", text=text))
    return got, city.strip()


def parse_reveal(items: list[str], mode: str | None = None) -> dict[int, str]:
    """``--reveal 3=Weaver`` -> {3: "Weaver"}; several in one option too
    (``--reveal 3=Weaver,7=Consul``); card names may be unique prefixes (``7=cons``)."""
    from contrarius.words.names import card_from_text

    out: dict[int, str] = {}
    for item in (x for whole in items for x in whole.split(",") if x.strip()):
        pos, sep, name = item.partition("=")
        if not sep or not (pos.strip().isascii() and pos.strip().isdigit()):
            raise ContrariusError(N_("--reveal {item!r}: write POSITION=CARD, e.g. 3=Weaver", item=item))
        if not 1 <= int(pos) <= 7:
            raise ContrariusError(N_("--reveal {item!r}: display position {pos} does not exist; positions are 1-7 (1 the leftmost)", item=item, pos=int(pos)))
        card = name.strip() if name.strip() == "?" else card_from_text(name, mode=mode)
        put_once(out, int(pos), card, "--reveal", f"display position {int(pos)}")
    return out


def player_action(card: str, *, produce: str | None = None, reactivate: bool = False, money: bool = False,
                  place: list[str] | None = None, copy: str | None = None, build: list[str] | None = None,
                  move: list[str] | None = None, buy: list[str] | None = None, refill: list[str] | None = None,
                  reveal: list[str] | None = None, die: list[str] | None = None, choose: list[int] | None = None,
                  player: str | None = None, snapshot=None, forum: str | None = None, forum_refill: list[str] | None = None,
                  forum_reveal: list[str] | None = None, fish: int = 0):
    """The :class:`~contrarius.rules.contrarius_part.PlayerAction` that ``play``'s (and ``preview``'s)
    options describe. Raises :class:`ContrariusError` for options that contradict each other.

    ``snapshot``: the game the options are for; with it, card names may be unique prefixes
    (``merc``), goods synonyms are read (``--die grain``) and ``--move`` takes the
    shorthand ``KIND:WHERE>CITY`` (see :mod:`contrarius.words.names`).

    ``--place`` alone is no choice of action (the Tribune also buys a colonist): a Colonist
    without ``--money`` places colonists, which the rule engine decides.
    """
    from contrarius.words.names import card_from_text, parse_moves
    from contrarius.rules.contrarius_part import PlayerAction

    mode = snapshot.mode if snapshot is not None else None
    owner = snapshot.player(player).id if snapshot is not None else None
    card = card_from_text(card, mode=mode)
    copy = card_from_text(copy, mode=mode) if copy else copy
    buy = [b if str(b).strip().isdigit() else card_from_text(b, mode=mode) for b in buy or []]
    refill = [r if r.strip() == "?" else card_from_text(r, mode=mode) for r in refill or []]
    if produce and reactivate:
        raise ContrariusError(N_("a Prefect either produces or reactivates: give --produce PROVINCE or --reactivate"))
    if money and place:
        raise ContrariusError(N_("a Colonist either places colonists or earns money: give --place or --money"))
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
            raise ContrariusError(N_("--forum-reveal {item!r}: forum row position {pos} does not exist; positions are 1-4", item=item, pos=int(pos)))
        if not sep or not (pos.strip().isascii() and pos.strip().isdigit()) or not 1 <= int(pos) <= 4 or not name.strip():
            raise ContrariusError(N_("--forum-reveal {item!r}: write POSITION=CARD, e.g. 1=Julius (forum row positions 1-4)", item=item))
        put_once(out, int(pos), name.strip(), "--forum-reveal", f"forum row position {int(pos)}")
    return out


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
        raise ContrariusError(N_("your partner's Prefect either produced or reactivated: give --partner-produce or --partner-reactivate"))
    if partner_money and partner_place:
        raise ContrariusError(N_("your partner's Colonist either placed colonists or earned money: give --partner-place or --partner-money"))
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
            raise ContrariusError(N_("--veto {veto!r}: write PLAYER or PLAYER=FACE, e.g. player1 or player1=cloth", veto=veto))
    if praetor_reaction is not None:
        praetor_reaction = praetor_reaction.strip().casefold()
    return TeamAction(**{name: getattr(pa, name) for name in pa._fields}, personality=personality,
                      praetor_reaction=praetor_reaction, partner=partner, veto=vetoer, veto_face=face)


#: ``play``'s options of team play and the third-player variant (keyword names of :func:`team_action`).
TEAM_OPTIONS = ("personality", "praetor_reaction", "partner_card", "partner_personality", "partner_produce",
                "partner_reactivate", "partner_money", "partner_place", "partner_copy", "partner_build",
                "partner_move", "partner_buy", "veto")

#: Every option that describes a turn, by parameter name: :func:`player_action`'s keywords
#: and :data:`TEAM_OPTIONS`, what ``play`` and ``preview`` both take and hand to
#: :func:`turn_action` (``tests/test_play_cli.py`` checks both commands' signatures against it).
TURN_OPTIONS = tuple(n for n in inspect.signature(player_action).parameters if n not in ("card", "snapshot")) + TEAM_OPTIONS


def turn_action(snap, card: str, **options):
    """The action that ``play``'s options describe for the game in ``snap``: a
    :class:`~contrarius.rules.contrarius_part.PlayerAction` in solo play, a
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
        raise ContrariusError(N_("--{value} is for team play and the third-player variant; this is a solo game", value=given.replace('_', '-')))
    return pa
