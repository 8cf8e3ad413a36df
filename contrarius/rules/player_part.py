"""The player's own action: what the player did with their card, checked and applied.

A turn (:class:`~contrarius.rules.contrarius_part.Turn`) first carries out the player's
action ("Solo Personality Cards": "you play one personality card from your hand as usual
in Concordia and carry out the action of the card"); this module holds the parts of it
that every mode does the same way and that Contrarius's rules depend on:

- the card leaving the hand (:func:`card_in_hand`), the Tribune taking the played cards
  back (:func:`take_back_cards`);
- the player's own changes (:func:`player_part`): colonist moves (:func:`move_colonists`),
  new colonists, houses, cards bought, as the card's statement
  (:mod:`contrarius.rules.personalities`) allows them;
- what the player receives: the Prefect's bonus goods (:func:`bonus_goods`) and cash
  bonus (:func:`cash_bonus`), the Colonist's money (:func:`colonist_money`), a
  specialist's goods (:func:`specialist_production`), in the report's words for every
  mode (:func:`player_words`).

Nothing here prints.
"""

from __future__ import annotations

from typing import Any

from contrarius.errors import ContrariusError, RuleError
from contrarius.material.board import GOODS, HOLDING, KINDS, LAND, SEA
from contrarius.material.cards import Card, card_name
from contrarius.messages import N_, NP_, Joined, Message, Term
from contrarius.model.snapshot import SOLO, Colonist, Snapshot
from contrarius.rules.build import enter_from_holding, line_distances, movement_steps
from contrarius.rules.contrarius_part import Event, Turn, store_goods
from contrarius.rules.end_of_game import LAST_CARD
from contrarius.rules.personalities import statement_of
from contrarius.rules.variants.solo_variants import bonus_piece


def card_in_hand(p: Any, played: str) -> Card:
    """The card ``played`` (a printed name) from player ``p``'s recorded hand (base rules:
    a card is played from the hand; the Tribune takes the played cards back). Raises
    :class:`RuleError` naming the hand when it holds no such card; the fix it gives depends
    on where the card is: in the played pile (the Tribune takes it back), or nowhere recorded
    (the hand as recorded may be wrong)."""
    hit = next((c for c in p.hand if c.name == played), None)
    if hit is None:
        hand = Joined(", ", [Term("card", c.name) for c in p.hand]) if p.hand else N_("empty")
        if p.played is not None and all(c.name != played for c in p.played):
            raise RuleError(N_("{played} is not in the hand of {who} ({hand}) nor in the played pile: the player has "
                               "no {played} recorded; name a card of the hand, or correct players.{player}.hand",
                               played=Term("card", played), who=Term("side", p.id), player=p.id, hand=hand))
        raise RuleError(N_("{played} is not in the hand of {player} ({hand}); play the Tribune to take cards back",
                           played=Term("card", played), player=Term("side", p.id), hand=hand))
    return hit


def player_part(t: Turn, card: Card, played: str, *, from_hand: bool = True, acts_as: str | None = None) -> None:
    """Apply the player's action's effects that Contrarius's rules depend on.

    ``acts_as``: the personality whose action is carried out, when it is not ``played``
    (a Diplomat copying a Tribune takes the played cards back like the Tribune).

    ``from_hand=False``: the card does not leave this player's hand (team play: the
    partner carries out the active player's card; :mod:`contrarius.rules.modes.team` keeps the hands).
    """
    s, a = t.s, t.a
    p = s.player(t.pid)
    pe = t.player_events
    if from_hand and p.hand is not None:
        hit = card_in_hand(p, played)
        p.hand.remove(hit)
        if p.played is not None:
            p.played = p.played + [hit]
        if (acts_as or played) == "Tribune":
            take_back_cards(t, p.id)
    # colonist moves (Architect)
    pe.extend(move_colonists(s, p.id, a.moves))
    for kind, city in a.places:
        place = s.board.place(city)
        if kind not in KINDS:
            raise ContrariusError(N_("a colonist is land or sea, not {kind}", kind=repr(kind)))
        if s.colonists_in_supply(p.id, kind) <= 0:
            raise RuleError(N_("you have no {kind} colonist left in your supply", kind=Term("kind", kind)))
        homes = s.homes(kind)
        if statement_of(card.reaction).places_at_start and place not in homes:
            # the Tribune's statement: "buy one colonist ... placed in Roma": where new
            # colonists start (the capital; a board's start place for its kind)
            if homes:
                raise RuleError(N_("the colonist bought with the Tribune is placed in {homes}, not {place}",
                                   homes=_either(homes), place=place))
            raise RuleError(N_("the colonist bought with the Tribune is placed in its start place, not {place}", place=place))
        if place not in homes and p.id not in s.houses.get(place, []):
            if homes:
                raise RuleError(N_("new {kind} colonists go to {homes} or a city with your house, not {place}",
                                   kind=Term("kind", kind), homes=_either(homes), place=place))
            raise RuleError(N_("new {kind} colonists go to a city with your house, not {place}", kind=Term("kind", kind), place=place))
        entered = place
        if s.board.node_type(place) == HOLDING:
            harbour = next((c for c in s.houses_of(p.id) if s.board.has_tag(c, "harbour")), None)
            entered = harbour or place
        s.colonists.append(Colonist(p.id, kind, entered, None))
        pe.append(Event("colonist", N_("you place a {kind} colonist in {city}", kind=Term("kind", kind), city=entered)))
    for city in a.builds:
        c = s.board.city(city)
        if p.id in s.houses.get(c, []):
            raise RuleError(N_("you already have a house in {city}", city=c))
        if s.houses_in_supply(p.id) <= 0:
            raise RuleError(N_("you have no house left in your supply"))
        near = any(col.line is not None and c in col.line.ends for col in s.colonists_of(p.id))
        if not near:
            raise RuleError(N_("none of your colonists stands on a line next to {city}: you cannot build there", city=c))
        s.houses.setdefault(c, []).append(p.id)
        pe.append(Event("build", N_("you build a house in {city} ({goods})", city=c, goods=Term("goods", s.cities[c])), {"city": c}))
        if enter_from_holding(s, p.id, c) is not None:
            pe.append(Event("colonist", N_("{city} is a harbour: your sea colonist leaves the {home} and is placed there (reading)",
                                           city=c, home=s.board.homes(SEA)[0])))
        t.check_houses(p.id)
    # Senator/Consul: positions and names refer to the display as it lies when you buy;
    # the cards slide left and the display refills once you have bought (base rules)
    start = s.display_cards()
    chosen: list[int] = []
    for want in a.buys:
        if str(want).isascii() and str(want).isdigit():
            pos = int(want)
            if not 1 <= pos <= len(start):
                raise RuleError(N_("display position {position} holds no card (the display has {cards})", position=pos, cards=len(start)))
        else:
            name = card_name(want)
            free = [i + 1 for i, c in enumerate(start) if c == name and i + 1 not in chosen]
            if not free:
                shown = Joined(", ", [Term("card", c) for c in start]) if start else N_("empty")
                raise RuleError(N_("{card} is not in the display ({display})", card=Term("card", name), display=shown))
            pos = free[0]
        if pos in chosen:
            raise RuleError(N_("display position {position} is bought twice", position=pos))
        chosen.append(pos)
    bought = [(pos, t.name_position(pos)) for pos in chosen]
    for pos, name in bought:
        if p.hand is not None:
            p.hand.append(Card.of(name))
        pe.append(Event("buy", N_("you buy {card} from display position {position}", card=Term("card", name), position=pos),
                        {"card": name, "position": pos}))
    if chosen:
        n_events = len(t.events)
        t.remove_from_display(*chosen)  # the cards slide left once, after both buys
        pe.extend(t.events[n_events:])  # the refill belongs to the player's buy, not to the reaction
        del t.events[n_events:]
    if bought and s.cards_left == 0:
        t.end_game(p.id, LAST_CARD)


def move_colonists(s: Snapshot, owner: str, moves: list[tuple[str, str, str]]) -> list[Event]:
    """Move ``owner``'s colonists by ``moves`` (``(kind, from, to)`` triples, ``to`` a line
    label), one after the other, in ``s``; returns the report events.

    Base rules, the Architect: the player has as many movement steps as colonists on the
    board, shared among the moves; a colonist moves along lines of its kind and may pass
    occupied lines but not end on one (nor on a dotted line, a reading). Raises
    :class:`RuleError` for a move that breaks this. Each event's data holds its ``steps``.
    """
    events: list[Event] = []
    if not moves:
        return events
    steps = movement_steps(s, owner)  # Gallia: a colonist waiting off the lines does not count
    used = 0
    for kind, frm, to in moves:
        col = _find_colonist(s, owner, kind, frm)
        target = s.board.parse_line(to, kind)
        paths = line_distances(s, col, 10 ** 6)
        if target not in paths:
            raise RuleError(N_("your {kind} colonist on {start} cannot reach {line} along {kind} lines", kind=Term("kind", kind),
                               start=frm, line=target.label))
        if not paths[target]:
            raise RuleError(N_("your {kind} colonist already stands on {line}: a move that ends where it starts is no move; "
                               "leave it out", kind=Term("kind", kind), line=target.label))
        occ = s.line_occupant(target)
        if occ is not None and occ is not col:
            raise RuleError(N_("{line} is occupied by a {owner} colonist: a move cannot end there", line=line_words(target), owner=occ.owner))
        if not target.stoppable:
            raise RuleError(N_("{line} is a dotted line: a colonist may cross it but not end its move on it (reading)",
                               line=line_words(target)))
        used += len(paths[target])
        if used > steps:
            raise RuleError(NP_("your moves use {used} steps but you have {n} colonist on the board, so {n} step",
                                "your moves use {used} steps but you have {n} colonists on the board, so {n} steps", steps, used=used))
        start = col.where
        col.city, col.line = None, target
        n = len(paths[target])
        events.append(Event("move", NP_("your {kind} colonist moves {start} -> {line} ({n} step)",
                                        "your {kind} colonist moves {start} -> {line} ({n} steps)", n, kind=Term("kind", kind),
                                        start=start, line=target.label), {"steps": n}))
    return events


def line_words(line: Any) -> Message:
    """``land line Roma-Spoletvm``, ``sea line Memphis-Oxyrhynchvs (Nile)``: a line with its
    kind, as :meth:`~contrarius.material.board.Line.describe` says it, as a message."""
    route = f" ({line.route})" if line.route else ""
    if line.kind == LAND:
        return N_("land line {line}{route}", line=line.label, route=route)
    return N_("sea line {line}{route}", line=line.label, route=route)


def _either(places: Any) -> Any:
    """``Roma``, ``Roma or Ostia``: the places one of which is meant."""
    out: Any = places[0]
    for place in places[1:]:
        out = N_("{first} or {then}", first=out, then=place)
    return out


def _find_colonist(s: Snapshot, owner: str, kind: str, where_: str) -> Colonist:
    """The colonist of ``owner`` and ``kind`` standing at ``where_`` (a city or a line label)."""
    if s.board.is_line_text(where_):
        line = s.board.parse_line(where_, kind)
        hits = [c for c in s.colonists_of(owner, kind) if c.line == line]
    else:
        city = s.board.place(where_)
        hits = [c for c in s.colonists_of(owner, kind) if c.city == city]
    if not hits:
        raise RuleError(N_("you have no {kind} colonist on {place}", kind=Term("kind", kind), place=where_))
    return hits[0]


def bonus_goods(s: Snapshot, province: str) -> str:
    """The good on a province's bonus marker: the most valuable among its cities' tokens."""
    goods = [s.cities[c] for c in s.board.provinces[province] if s.cities.get(c) in GOODS]
    return max(goods, key=GOODS.index)


def sestertii_text(n: int) -> Message:
    """``1 sestertius``, ``5 sestertii``."""
    return NP_("{n} sestertius", "{n} sestertii", n)


def player_words(s: Snapshot, pid: str) -> tuple[str, str]:
    """How a report names player ``pid`` and the verb ending that goes with it: ``("you",
    "")`` in solo play ("you take"), ``("player1", "s")`` in team and third-player games
    ("player1 takes"), so that every mode says what a player received in the same words."""
    return ("you", "") if s.mode == SOLO else (pid, "s")


def _received(t: Turn, pid: str, kind: str, text: Message, data: dict[str, Any]) -> None:
    """Report what ``pid`` received: a player event; two-player events name the player."""
    if t.s.mode != SOLO:
        data = {**data, "player": pid}
    t.player_events.append(Event(kind, text, data))


def take_back_cards(t: Turn, pid: str, *, carried_for: str | None = None) -> None:
    """Base rules, the Tribune: ``pid``'s played cards go back to their hand and they
    receive "one sestertius for each card beyond the third, counting the Tribune itself"
    (added to the tally, said in the report). Only when their cards are recorded.

    ``carried_for``: the player who played the card when ``pid`` only carries it out
    (team play, the partner, who plays no card of their own): that card is not among the
    cards ``pid`` takes back, so it is not counted (a reading, README "How the rules are
    read").
    """
    p = t.s.player(pid)
    if p.played is None:
        if p.hand is not None:  # the hand was recorded, the played pile not: what comes back is not known
            p.hand = None
            money: Message | str = ""
            if p.sestertii is not None:
                p.sestertii = None
                money = N_("; the sestertii tally is no longer kept (write players[].sestertii as counted)")
            if t.s.mode == SOLO:
                text = N_("you take back your played cards with the Tribune: the played pile is not recorded, so contrarius "
                          "cannot say which cards come back or how many sestertii you receive (1 per card beyond the third); "
                          "the hand is no longer recorded (hand: null){money}", money=money)
            else:
                text = N_("{player} takes back their played cards with the Tribune: the played pile is not recorded, so "
                          "contrarius cannot say which cards come back or how many sestertii {player} receives (1 per card "
                          "beyond the third); the hand is no longer recorded (hand: null){money}", player=pid, money=money)
            _received(t, pid, "player", text, {"sestertii": None})
        return
    back = p.played
    p.hand, p.played = (p.hand or []) + back, []
    money = max(0, len(back) - 3)
    if p.sestertii is not None:
        p.sestertii += money
    why = N_("; the card they carry out is {player}'s, not counted: a reading", player=carried_for) if carried_for else ""
    if t.s.mode == SOLO:
        text = NP_("you take back {n} card with the Tribune and receive {money} (1 per card beyond the third{why})",
                   "you take back {n} cards with the Tribune and receive {money} (1 per card beyond the third{why})", len(back),
                   money=sestertii_text(money), why=why)
    else:
        text = NP_("{player} takes back {n} card with the Tribune and receives {money} (1 per card beyond the third{why})",
                   "{player} takes back {n} cards with the Tribune and receives {money} (1 per card beyond the third{why})",
                   len(back), player=pid, money=sestertii_text(money), why=why)
    _received(t, pid, "player", text, {"sestertii": money})


def cash_bonus(t: Turn, pid: str | None = None) -> None:
    """The Prefect's cash bonus for ``pid`` (default: the turn's player; base rules: "one
    sestertius for every visible coin on the bonus markers, then flip all of those markers
    back to their goods side"): the markers turn back, the sestertii are added to the tally
    and said in the report."""
    s = t.s
    p = s.player(pid or t.pid)
    coins = sum(1 for v in s.bonus_markers.values() if v == "coins")
    for prov in s.bonus_markers:
        s.bonus_markers[prov] = "goods"
    if p.sestertii is not None:
        p.sestertii += coins
    fish = bonus_piece(s) == "fish tile"
    if s.mode == SOLO:
        text = (NP_("you reactivate: {n} fish tile turns back to goods and you receive {money}",
                    "you reactivate: {n} fish tiles turn back to goods and you receive {money}", coins, money=sestertii_text(coins))
                if fish else
                NP_("you reactivate: {n} bonus marker turns back to goods and you receive {money}",
                    "you reactivate: {n} bonus markers turn back to goods and you receive {money}", coins, money=sestertii_text(coins)))
    else:
        text = (NP_("{player} reactivates: {n} fish tile turns back to goods and {player} receives {money}",
                    "{player} reactivates: {n} fish tiles turn back to goods and {player} receives {money}", coins, player=p.id,
                    money=sestertii_text(coins))
                if fish else
                NP_("{player} reactivates: {n} bonus marker turns back to goods and {player} receives {money}",
                    "{player} reactivates: {n} bonus markers turn back to goods and {player} receives {money}", coins,
                    player=p.id, money=sestertii_text(coins)))
    _received(t, p.id, "reactivate", text, {"sestertii": coins})


def colonist_money(t: Turn, pid: str | None = None) -> None:
    """The Colonist, earn money (base rules, the Colonist: "five sestertii plus one per
    colonist you have on the board"), for ``pid`` (default: the turn's player): added to
    the tally and said in the report."""
    p = t.s.player(pid or t.pid)
    on_board = len(t.s.colonists_of(p.id))
    money = 5 + on_board
    if p.sestertii is not None:
        p.sestertii += money
    if t.s.mode == SOLO:
        text = NP_("you take money with the Colonist: 5 + {n} colonist on the board = {money}",
                   "you take money with the Colonist: 5 + {n} colonists on the board = {money}", on_board, money=sestertii_text(money))
    else:
        text = NP_("{player} takes money with the Colonist: 5 + {n} colonist on the board = {money}",
                   "{player} takes money with the Colonist: 5 + {n} colonists on the board = {money}", on_board, player=p.id,
                   money=sestertii_text(money))
    _received(t, p.id, "money", text, {"sestertii": money})


def specialist_production(t: Turn, card: Card, pid: str | None = None) -> None:
    """A specialist (base rules: "each produce one unit from every one of your houses of
    that goods type"), carried out by ``pid`` (default: the turn's player): added to the
    tally and said in the report (which goods, how many, from which cities)."""
    s = t.s
    p = s.player(pid or t.pid)
    goods = card.goods
    cities = [c for c in s.houses_of(p.id) if s.cities.get(c) == goods]
    if cities:
        store_goods(t, p, goods, len(cities))  # type: ignore[arg-type]
        got: Message = N_("{n} {goods} ({cities})", n=len(cities), goods=Term("goods", goods), cities=", ".join(cities))
    elif s.mode == SOLO:
        got = N_("nothing (no house of yours in a {goods} city)", goods=Term("goods", goods))
    else:
        got = N_("nothing (no house of theirs in a {goods} city)", goods=Term("goods", goods))
    if s.mode == SOLO:
        text = N_("you produce with the {card}: {got}", card=Term("card", card.name), got=got)
    else:
        text = N_("{player} produces with the {card}: {got}", player=p.id, card=Term("card", card.name), got=got)
    _received(t, p.id, "produce", text, {"goods": goods, "units": len(cities)})
