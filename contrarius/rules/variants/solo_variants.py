"""The rulebook's "Solo Variants" during play: forum cards, fish (rules layer).

Rules (Solitaria rulebook, "Solo Variants"):

- Concordia Salsa, "Forum cards": *"Whenever you take a forum card, Contrarius takes the
  first forum card. Contrarius never uses the forum cards as such."* A player takes one
  forum card each time they play the Tribune (CORROBORATED). Reading (INFERRED): your card
  leaves the row and the row closes up; Contrarius takes the card now in position 1; the
  row closes up again and is refilled to 4 from the forum stack.
- Fish market of the Balearica expansion: *"Whenever you pay with fish at the fish market,
  give those fish to Contrarius instead of returning them to the supply. [...] If
  Contrarius lets a province produce as a reaction to your Mercator, it also takes the
  bonus good fish."* Reading (INFERRED): one fish per production.

The salt-city preference lives in :func:`contrarius.rules.build.where`, the scoring in
:mod:`contrarius.rules.scoring`. Every function here takes a snapshot (a working copy), changes
it and returns the report lines as :class:`Note` values; none prints.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from contrarius.messages import N_, NP_, Joined, Message, Term
from contrarius.errors import ContrariusError, NeedForumRevealError, RuleError
from contrarius.records import Record
from contrarius.model.snapshot import Snapshot
from contrarius.model.variants import FORUM_ROW, UNKNOWN, forum_cards, forum_name

if TYPE_CHECKING:
    from contrarius.rules.build import Move

#: The forum-take reading, shown in the report where it acts.
FORUM_READING = N_("Salsa reading: your card leaves the forum row and the row closes up; Contrarius takes the card "
                 "now first (leftmost); the row closes up and is refilled to 4 from the forum stack")
#: One fish per production (reading).
FISH_READING = N_("fish market reading: the fish tile on a province's bonus space gives one fish when the province "
                "produces (Contrarius takes it) and is turned over like a bonus marker")


def bonus_piece(s: Snapshot) -> str:
    """What lies on a province's bonus space: ``bonus marker``, or with the fish market
    ``fish tile`` ("Solo Variants", fish market: fish tiles instead of the bonus markers)."""
    return "fish tile" if s.variants.fish_market is not None else "bonus marker"


def bonus_turned_message(s: Snapshot) -> Message:
    """The report's words for what a production does to the province's bonus space: the
    bonus marker turns to coins (base rules); with the fish market the fish tile lying
    there is turned over as the marker would be (README reading "Fish market")."""
    if s.variants.fish_market is None:
        return N_("its bonus marker turns to coins")
    return N_("its fish tile is turned over, as a bonus marker turns to coins (fish market reading)")


class Note(Record):
    """One line of the turn's report: ``side`` (``"player"`` or ``"contrarius"``), ``kind``,
    ``text`` and plain ``data`` for ``--json``."""

    _fields = ("side", "kind", "text", "data")

    def __init__(self, side: str, kind: str, text: Message | str, data: dict[str, Any] | None = None):
        self.side = side
        self.kind = kind
        self.text = text
        self.data = {} if data is None else data


def refuse_unused_variant_options(s: Snapshot, a: Any) -> None:
    """Refuse an option of a solo variant that the game in ``s`` does not use ("Solo
    Variants"): ``--fish`` without the fish market, ``--forum``/``--forum-refill``/
    ``--forum-reveal`` without Salsa. One check for every mode: team and third-player games
    never use a solo variant (``new`` refuses them there), so these options are refused in
    them too. ``a``: the turn's :class:`~contrarius.rules.contrarius_part.PlayerAction` (or team action).
    Raises :class:`ContrariusError` (exit 2, a usage error).
    """
    if getattr(a, "fish", 0) and s.variants.fish_market is None:
        raise ContrariusError(N_("--fish records fish paid at the fish market, but this game does not use it (new --fish-market)"))
    forum = next((f"--{name.replace('_', '-')}" for name in ("forum", "forum_refill", "forum_reveal")
                  if getattr(a, name, None) not in (None, [], {})), None)
    if forum and s.variants.salsa is None:
        raise ContrariusError(N_("{forum} records a Salsa forum card, but this game does not use Salsa (new --salsa)", forum=forum))


def parse_forum_pick(text: str) -> tuple[int | None, str | None]:
    """``--forum``: ``"Julius"`` -> (None, "Julius"); ``"2"`` -> (2, None); ``"2=Julius"`` -> (2, "Julius").

    Raises :class:`ContrariusError` for a position outside 1-4.
    """
    pos_text, sep, name = str(text).partition("=")
    if not sep:
        pos_text, name = (text, "") if str(text).strip().isdigit() else ("", text)
    pos = None
    if pos_text.strip():
        if not (pos_text.strip().isascii() and pos_text.strip().isdigit()) or not 1 <= int(pos_text) <= FORUM_ROW:
            raise ContrariusError(N_("--forum {text!r}: write the card's name, its position 1-{FORUM_ROW}, or POSITION=NAME", text=text, FORUM_ROW=FORUM_ROW))
        pos = int(pos_text)
    return pos, (forum_name(name) if name.strip() else None)


def take_forum(s: Snapshot, pick: str, refill: list[str], reveal: dict[int, str]) -> list[Note]:
    """You take a forum card (``pick``: name, position or POSITION=NAME); Contrarius takes the
    first one; the row refills ("Solo Variants", Concordia Salsa, with the reading above).

    ``refill``: names of forum cards drawn to refill the row, in order (a stack whose order
    is not recorded; missing ones are ``?``). ``reveal``: names for row positions shown as
    ``?`` (position 1-4 as the row lies before your take). Changes ``s``. Raises
    :class:`ContrariusError` / :class:`RuleError` when the card is not in the row, when
    Contrarius's card would not be known, or when refill names are not used.
    """
    refuse_unused_variant_options(s, SimpleNamespace(forum=pick))
    salsa = s.variants.salsa
    row = list(salsa.row)
    for pos, name in reveal.items():
        if not 1 <= pos <= len(row) or row[pos - 1] != UNKNOWN:
            shown = row[pos - 1] if 1 <= pos <= len(row) else "no card"
            raise ContrariusError(N_("--forum-reveal {pos}={name}: forum row position {pos} shows {shown}, not ? (a card not recorded)", pos=pos, name=name, shown=shown))
        row[pos - 1] = forum_name(name)
    notes: list[Note] = []
    pos, name = parse_forum_pick(pick)
    if not row:
        raise RuleError(N_("the forum row is empty: there is no forum card to take; remove --forum"))
    if pos is None:
        hits = [i + 1 for i, n in enumerate(row) if n == name]
        unknown_pos = [i + 1 for i, n in enumerate(row) if n == UNKNOWN]
        if hits:
            pos = hits[0]
        elif len(unknown_pos) == 1:
            pos = unknown_pos[0]
        elif unknown_pos:
            raise ContrariusError(N_("--forum {name}: not recorded in the forum row ({row}); say which ? it was: --forum POSITION={name}", name=name, row=', '.join(row)))
        else:
            raise RuleError(N_("{name} is not in the forum row ({row})", name=name, row=', '.join(row)))
    if pos > len(row):
        raise RuleError(N_("forum row position {pos} holds no card (the row has {n_row})", pos=pos, n_row=len(row)))
    shown = row[pos - 1]
    if name is not None and shown not in (UNKNOWN, name):
        raise RuleError(N_("forum row position {pos} holds {shown}, not {name}", pos=pos, shown=shown, name=name))
    mine = name or shown
    first_pos = 2 if pos == 1 else 1  # Contrarius's card, as the row lay before your take
    row.pop(pos - 1)
    notes.append(Note("player", "forum", N_("you take the forum card {card} from forum row position {position}", card=mine, position=pos),
                      {"card": mine, "position": pos}))
    if row:
        first = row.pop(0)
        if first == UNKNOWN:
            raise NeedForumRevealError(first_pos, N_("Contrarius takes the first forum card, which the snapshot does not name (?): run the same command again with --forum-reveal POSITION=NAME (its position before your take)"))
        salsa.contrarius.append(first)
        colour = forum_cards()[first]
        notes.append(Note("contrarius", "forum", N_("Contrarius takes the first forum card, {card} ({colour}) "
                                                    "(\"Whenever you take a forum card, Contrarius takes the first forum card\")",
                                                    card=first, colour=Term("colour", colour)),
                          {"card": first, "colour": colour}))
    else:
        notes.append(Note("contrarius", "forum", N_("the forum row is empty after your take: Contrarius takes no forum card")))
    drawn = []
    while len(row) < FORUM_ROW and salsa.stack_remaining > 0:
        if salsa.stack_order:
            new = salsa.stack_order.pop(0)
        elif refill:
            new = forum_name(refill.pop(0))
        else:
            new = UNKNOWN
        salsa.stack_remaining -= 1
        row.append(new)
        drawn.append(new)
    if refill:
        raise ContrariusError(N_("--forum-refill {refill}: not used, fewer forum cards were drawn; remove it", refill=', '.join(refill)))
    if drawn:
        words = Joined(", ", [N_("an unrecorded card (?)") if d == UNKNOWN else d for d in drawn])
        notes.append(Note("contrarius", "forum", N_("the forum row closes up and is refilled: {drawn}", drawn=words), {"drawn": drawn}))
    notes.append(Note("contrarius", "reading", FORUM_READING))
    salsa.row = row
    seen = [n for n in salsa.contrarius + salsa.row + list(salsa.stack_order or []) if n != UNKNOWN]
    dup = sorted({n for n in seen if seen.count(n) > 1})
    if dup:
        raise ContrariusError(N_("forum card {dup} would be twice in the game: check --forum, --forum-reveal and --forum-refill", dup=', '.join(dup)))
    return notes


def pay_fish(s: Snapshot, n: int) -> list[Note]:
    """You paid ``n`` fish at the fish market: they go to Contrarius ("Solo Variants").

    Raises :class:`ContrariusError` without the fish market or for a negative count.
    """
    refuse_unused_variant_options(s, SimpleNamespace(fish=n))
    fm = s.variants.fish_market
    if n < 0:
        raise ContrariusError(N_("--fish is the number of fish you paid; got {n_}", n_=n))
    if n == 0:
        return []
    old = fm.contrarius
    fm.contrarius += n
    notes = [Note("contrarius", "fish", NP_("you paid {fish} fish at the fish market: they go to Contrarius "
                                            "(fish {old} -> {new}, 1 VP each at the end)",
                                            "you paid {fish} fish at the fish market: they go to Contrarius "
                                            "(fish {old} -> {new}, 1 VP each at the end)", n, fish=n, old=old, new=fm.contrarius),
                  {"fish": n})]
    if fm.player is not None:
        held = fm.player
        fm.player = max(0, held - n)
        if n > held:
            notes.append(Note("contrarius", "warning", NP_("you paid {fish} fish but the tally shows {held} received: check the "
                                                           "fish in your storehouse (the tally is kept as variants.fish_market.player)",
                                                           "you paid {fish} fish but the tally shows {held} received: check the "
                                                           "fish in your storehouse (the tally is kept as variants.fish_market.player)",
                                                           n, fish=n, held=held),
                              {"fish": n, "held": held}))
    return notes


def player_fish(s: Snapshot, n: int) -> Message | str:
    """The player received ``n`` fish (a production's bonus with the fish market): added to
    the fish tally like goods; returns the words for the report ("" when no tally is kept)."""
    fm = s.variants.fish_market
    if fm is None or fm.player is None:
        return ""
    old = fm.player
    fm.player += n
    return N_("; your fish {old} -> {new}", old=old, new=fm.player)


def mercator_fish(s: Snapshot, province: str) -> list[Note]:
    """Contrarius let ``province`` produce as its Mercator reaction: it takes the bonus fish."""
    fm = s.variants.fish_market
    if fm is None:
        return []
    old = fm.contrarius
    fm.contrarius += 1
    return [Note("contrarius", "fish", N_("Contrarius takes the bonus fish of {province} (fish {old} -> {new}; "
                                          "\"it also takes the bonus good fish\")", province=province, old=old, new=fm.contrarius),
                 {"fish": 1, "province": province}),
            Note("contrarius", "reading", FISH_READING)]


def forum_due(s: Snapshot, reaction: str, pick: str | None) -> None:
    """Refuse a Tribune of a Salsa game without ``--forum`` while the row holds cards: a
    player takes one forum card each time they play the Tribune (CORROBORATED), and
    Contrarius takes one with it. Raises :class:`ContrariusError` (a usage error, exit 2,
    like a Prefect without ``--produce``: the option the card needs is missing); also for
    ``--forum`` with another card."""
    salsa = s.variants.salsa
    if pick is not None and reaction != "tribune":
        raise ContrariusError(N_("--forum records the forum card taken with the Tribune; this card is no Tribune"))
    if salsa is not None and reaction == "tribune" and pick is None and salsa.row:
        raise ContrariusError(N_("with Salsa you take a forum card when you play the Tribune, and Contrarius takes the first one: add --forum NAME (the row: {row})", row=', '.join(salsa.row)))


# ----- Concordia Aegyptus ---------------------------------------------------------------------
#: Readings of the Aegyptus variant (README, "How the rules are read").
RED_SEA_COLONIST_READING = N_("Aegyptus reading: \"places a sea colonist there at the first occasion\": its next new "
                            "sea colonist after its first house at the Red Sea goes to that city instead of the capital")
SURPLUS_READING = N_("Aegyptus reading: steps its build move left unused move one sea colonist onto a free line to a "
                   "bonus spot if they reach one (else it stays); a sea colonist of Contrarius that ends a move on a free "
                   "line to a bonus spot with no trader of it becomes its trader at once: 7 VP at the end, it never moves "
                   "again and still counts toward the movement steps; one trader per spot")


def red_sea_colonist(s: Snapshot, kind: str) -> tuple[str | None, list[Note]]:
    """Where Contrarius's new colonist of ``kind`` goes under the Aegyptus variant ("Solo
    Variants", Concordia Aegyptus: it "places a sea colonist there at the first occasion",
    *there* being "its first harbor city at the Red Sea"): a new sea colonist, while that is
    due, goes to the city of its first house at the Red Sea in the order it built them
    (``variants.aegyptus.first_red_sea``), never to a later one. Returns
    ``(city or None, notes)`` and marks the occasion used in ``s``. Raises
    :class:`ContrariusError` when it has several Red Sea houses and the snapshot does not
    record which came first."""
    from contrarius.model.variants import board_places

    a = s.variants.aegyptus
    if a is None or a.red_sea_colonist != "due" or kind != "sea":
        return None, []
    mine = sorted(set(s.houses_of("contrarius")) & board_places(s.board, "red_sea"), key=str.casefold)
    a.settle_first(mine)
    first = a.first_red_sea
    if first is None:
        if not mine:
            return None, []
        raise ContrariusError(N_("variants.aegyptus.first_red_sea: Contrarius has houses in {mine} at the Red Sea and the snapshot does not record which it built first (its sea colonist goes there): write that city as variants.aegyptus.first_red_sea", mine=', '.join(mine)))
    a.red_sea_colonist = "placed"
    return first, [Note("contrarius", "reading", RED_SEA_COLONIST_READING)]


def _become_trader(s: Snapshot, i: int, discs: list[str]) -> str | None:
    """The sea colonist ``i`` of Contrarius ended a move: on a free line joined to a disc
    where Contrarius has no trader yet it becomes that disc's trader (recorded in
    ``variants.aegyptus.traders``). Returns the disc, or None."""
    a = s.variants.aegyptus
    col = s.colonists[i]
    if a is None or col.owner != "contrarius" or col.kind != "sea" or col.line is None:
        return None
    spot = next((e for e in col.line.ends if e in discs and e not in a.traders), None)
    if spot is None:
        return None
    a.traders.append(spot)
    return spot


def surplus_steps(s: Snapshot, move: Move | None) -> list[Note]:
    """Aegyptus ("Solo Variants", Concordia Aegyptus): a sea colonist of Contrarius that
    ends its build ``move`` on a free line joined to a bonus spot it has no trader at yet
    becomes its trader at once. Then "Surplus movement steps are used to reach the bonus
    spots": the steps the build move left unused (Contrarius has one per colonist on the
    board, traders included: "its movement still counts") move one sea colonist that is no
    trader onto a free line to a bonus spot it has no trader at yet, when they reach one
    (shortest; ties: colonists in snapshot order, then lines alphabetically); it becomes a
    trader there (reading above). Changes ``s``."""
    from contrarius.rules.build import building_colonists, contrarius_steps, line_distances
    from contrarius.model.variants import board_discs

    a = s.variants.aegyptus
    discs = board_discs(s.board)
    if a is None or not discs:
        return []
    notes: list[Note] = []
    used = move.steps if move is not None else 0
    if move is not None and move.steps > 0:
        spot = _become_trader(s, move.colonist, discs)
        if spot is not None:
            notes += [Note("contrarius", "trader", N_("Aegyptus: its sea colonist ended its move on {line}, a line to the {spot} disc, "
                                                      "and becomes a trader at {spot} (7 VP at the end; it never moves again "
                                                      "and still counts toward the movement steps)",
                                                      line=s.colonists[move.colonist].line.label, spot=spot), {"spot": spot, "path": []}),
                      Note("contrarius", "reading", SURPLUS_READING)]
    surplus = contrarius_steps(s) - used
    if surplus <= 0:
        return notes
    movers = building_colonists(s)
    best = None
    for i in movers:
        col = s.colonists[i]
        if col.kind != "sea":
            continue
        for line, path in line_distances(s, col, surplus).items():
            spot = next((e for e in line.ends if e in discs and e not in a.traders), None)
            if spot is None or not path or not line.stoppable:
                continue
            if s.line_occupant(line) is not None:
                continue
            key = (len(path), i, line.label)
            if best is None or key < best[0]:
                best = (key, i, line, path, spot)
    if best is None:
        return notes + [Note("contrarius", "reading", NP_("Aegyptus: its {n} surplus step reaches no free line to a bonus spot without "
                                                          "its trader: no colonist moves",
                                                          "Aegyptus: its {n} surplus steps reach no free line to a bonus spot without "
                                                          "its trader: no colonist moves", surplus))]
    _, i, line, path, spot = best
    col = s.colonists[i]
    start = col.where
    col.city, col.line = None, line
    _become_trader(s, i, discs)
    route = " -> ".join([start] + [ln.label for ln in path])
    out = [Note("contrarius", "trader", NP_("Aegyptus: with its {n} surplus step its sea colonist moves {route} and becomes a trader "
                                            "at {spot} (7 VP at the end; it never moves again and still counts toward the movement steps)",
                                            "Aegyptus: with its {n} surplus steps its sea colonist moves {route} and becomes a trader "
                                            "at {spot} (7 VP at the end; it never moves again and still counts toward the movement steps)",
                                            surplus, route=route, spot=spot),
                {"spot": spot, "path": [ln.label for ln in path]})]
    return notes + out + ([] if notes else [Note("contrarius", "reading", SURPLUS_READING)])
