"""Final scoring: every god on every card, times what its owner built ("Final scoring").

The Solitaria rulebook, "Final scoring": *"Final scoring follows the same rules as in
Concordia. Contrarius scores all the gods on all its cards (face up and face down)
following the usual rules. In case of a tie, owning the Concordia card wins you the
game."* "Solo End of Game": whoever ends the game takes the Concordia card, worth 7 VP.

The usual rules (base Concordia, "final scoring"), as values per card of a god:

- Vesta: (sestertii + goods at brick 3, food 4, tool 5, wine 6, cloth 7) // 10.
  Contrarius "does not own a storehouse nor goods, nor sestertii": 0.
- Jupiter: 1 per own house in a non-brick city (a salt city counts: it is not brick).
- Saturnus: 1 per province with at least one own house.
- Mercurius: 2 per goods type produced by own houses (salt is no goods type here).
- Mars: 2 per own colonist on the board (in a city, the capital included, or on a line).
- Minerva: each specialist card on its own: Mason 3 per own brick city, Farmer 3 per food
  city, Smith 3 per tool city, Vintner 4 per wine city, Weaver 5 per cloth city.
- Venus (team play, "Cooperative Final Scoring"): a player 1 per province where both
  partners have a house; Contrarius 1 per province where it and one partner have a house.

A god's points are its value times the number of cards bearing it: a card bearing two gods
counts for both, a card bearing one god twice counts twice ("Cooperative Final Scoring":
"they count as 2x Saturnus or 2x Jupiter"). The gods a card bears are those in the
snapshot (:attr:`Card.gods`), so a corrected card counts as corrected.

A side's total is its VP track (the player's includes the starting VP), plus its gods,
plus 7 for the Concordia card (:attr:`Snapshot.concordia`).

The rulebook's "Solo Variants" add, in a game using them (:attr:`Snapshot.variants`):

- Concordia Salsa: Contrarius "scores 3 victory points per blue forum card and 2 per
  green forum card. For Victoria Contrarius scores 5 points" (reading: 5 instead of 2).
  Salt cities count for Jupiter and Saturnus, never for Mercurius, and each for exactly
  one goods type for Minerva (its owner decides; CORROBORATED): for Contrarius its best
  specialist's type (reading), for a player the type given (``PlayerInput.salt``) or,
  by default, the one worth most to them.
- Fish market: Contrarius "scores 1 victory point per fish during final scoring".
- Aegyptus: 7 VP per trader of Contrarius on a bonus spot (reading).

The winner (readings, also in the README):

- solo: the higher total; a tie goes to the owner of the Concordia card ("Final scoring").
- team: the team score is the middle of the partners' totals ("Cooperative Final
  Scoring": 100 and 110 make 105) against Contrarius; a tie goes to the Concordia card.
- third-player: a regular Concordia game with Contrarius as a dummy ("Contrarius as a
  third player"), so the base tie rule: the tied player holding the Praefectus Magnus, or
  the tied player who would receive it next. Only the two players pass it, so Contrarius
  loses every tie, and a tied player without it wins when its holder is not tied.

What the snapshot does not record of a player (cards, goods, sestertii) can be given as a
:class:`PlayerInput`; without it that side is incomplete and no winner is named.

:func:`score` works mid-game too: the result says whether the game has ended
(:attr:`FinalScore.status`), so a standing is never mistaken for the final result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from contrarius.messages import N_, NP_, Joined, Term, plain
from contrarius.material.board import GOODS, KINDS
from contrarius.material.cards import GODS, Card, best_specialist_goods, card_facts, catalog
from contrarius.errors import ContrariusError
from contrarius.model.snapshot import CONTRARIUS, SOLO, TEAM as TEAM_PLAY, Snapshot

#: The Concordia card ("Solo End of Game": "worth 7 victory points").
CONCORDIA_VP = 7
#: Gods in the order of the score table (Venus only scores in team play).
GOD_ORDER: tuple[str, ...] = ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Venus")
#: Game status: the game has ended / Contrarius ended it and the player's final card is due / still running.
ENDED, FINAL_TURN, RUNNING = "ended", "final-turn", "running"
TEAM = TEAM_PLAY  # the team's side: team play's mode

assert set(GOD_ORDER) == set(GODS), "GOD_ORDER must list every god of contrarius.material.cards.GODS"


def prices() -> dict[str, int]:
    """Goods prices for Vesta (brick 3, food 4, tool 5, wine 6, cloth 7; ``data/cards.yaml``)."""
    return {str(k): int(v) for k, v in card_facts()["prices"].items()}


# ----- input: what the player tells about their side ---------------------------------------
@dataclass(frozen=True)
class PlayerInput:
    """What a player gives for their side where the snapshot records nothing (or differs).

    ``cards`` replaces the recorded hand and played cards; ``goods`` and ``sestertii``
    replace the recorded ones (Vesta); ``points`` maps a god to the points counted at the
    table (value times cards, replacing the computed line); ``total`` is the whole final
    score (VP track, gods and Concordia card) and replaces everything. ``salt`` (Salsa):
    salt city -> the goods type it counts for with Minerva, as chosen at the table.
    """

    cards: tuple[Card, ...] | None = None
    goods: dict[str, int] | None = None
    sestertii: int | None = None
    points: dict[str, int] = field(default_factory=dict)
    total: int | None = None
    salt: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for god in self.points:
            if god not in GOD_ORDER:
                raise ContrariusError(N_("unknown god {god!r}; gods: {GOD_ORDER}", god=god, GOD_ORDER=', '.join(GOD_ORDER)))
        for name, n in [*(self.goods or {}).items(), ("sestertii", self.sestertii), ("total", self.total), *self.points.items()]:
            if n is not None and n < 0:
                raise ContrariusError(N_("{name} cannot be negative; got {n_}", name=name, n_=n))


# ----- result ----------------------------------------------------------------------------
@dataclass(frozen=True)
class MinervaCard:
    """One specialist card's Minerva points: ``per_city`` VP for each own city of ``goods``.

    ``copies`` is how often the card bears Minerva (1 for every known specialist).
    ``salt``: the salt cities among ``cities`` (Salsa: each counts for one goods type).
    """

    card: str
    goods: str | None
    cities: tuple[str, ...]
    per_city: int
    copies: int = 1
    salt: tuple[str, ...] = ()

    @property
    def value(self) -> int:
        """VP of one Minerva on this card: cities times VP per city."""
        return len(self.cities) * self.per_city

    @property
    def points(self) -> int:
        """VP of this card: its value times the Minervas it bears."""
        return self.value * self.copies

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {"card": self.card, "goods": self.goods, "cities": list(self.cities), "per_city": self.per_city,
                "copies": self.copies, "points": self.points} | ({"salt_cities": list(self.salt)} if self.salt else {})


@dataclass(frozen=True)
class GodScore:
    """One god of one side: ``cards`` bearing it, ``value`` per card, ``points``.

    ``value`` is None for Minerva (each specialist card has its own value, see
    ``minerva``) and where it is unknown; ``points`` is None where unknown (a player's
    Vesta without goods and sestertii). ``counted`` names what the value counts (cities,
    provinces, goods types, colonists); ``given`` marks points counted at the table.
    """

    god: str
    cards: int | None
    value: int | None
    points: int | None
    counted: tuple[str, ...] = ()
    detail: str = ""
    given: bool = False
    minerva: tuple[MinervaCard, ...] = ()

    @property
    def value_text(self) -> str:
        """The value for a table cell: ``"3"``, ``"Mason 2x3 + Weaver 1x5"``, ``"?"``, ``"-"``.

        One rule for every side and mode (solo, team, third player): a known value is shown
        even where no card bears the god (0 cards x 1 = 0 VP: Contrarius's Venus in a province
        it shares with a partner shows 1, as a player's Jupiter without a card shows its
        cities); ``"-"`` only where there is nothing to value (no card and no value: Vesta
        without a card, Minerva without a specialist); ``"?"`` where a card counts but its
        value is not known.
        """
        if self.given:
            return "given"
        if self.god == "Minerva" and self.minerva:
            return " + ".join(f"{m.card} {len(m.cities)}x{m.per_city}" + (f" (x{m.copies})" if m.copies > 1 else "")
                              for m in self.minerva)
        if self.value is not None:
            return str(self.value)
        return "-" if self.cards == 0 else "?"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        out: dict[str, Any] = {"god": self.god, "cards": self.cards, "value": self.value, "points": self.points,
                               "counted": list(self.counted), "detail": plain(self.detail), "given": self.given}
        if self.god == "Minerva":
            out["specialists"] = [m.to_dict() for m in self.minerva]
        return out


@dataclass(frozen=True)
class ExtraScore:
    """Points a solo variant adds to a side ("Solo Variants"): ``what`` (forum cards, fish,
    traders), ``points``, ``detail`` (what was counted) and ``reading`` (the reading it
    rests on, "" when the rulebook says it outright)."""

    what: str
    points: int
    detail: Any
    reading: Any = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {"what": self.what, "points": self.points, "detail": plain(self.detail), "reading": plain(self.reading)}


@dataclass(frozen=True)
class SideScore:
    """One side's score: ``owner``, VP ``track``, its ``gods``, the ``concordia`` card.

    ``given_total`` is a total counted at the table (replaces the sum); ``missing``
    names what is not known (then ``total`` is None and ``known_points`` a lower bound).
    """

    owner: str
    track: int
    gods: tuple[GodScore, ...]
    concordia: int
    given_total: int | None = None
    missing: tuple[str, ...] = ()
    extras: tuple[ExtraScore, ...] = ()

    @property
    def complete(self) -> bool:
        """True when the total is known."""
        return self.given_total is not None or not self.missing

    @property
    def god_points(self) -> int:
        """Points of the gods whose points are known."""
        return sum(g.points or 0 for g in self.gods)

    @property
    def known_points(self) -> int:
        """Track + known gods + Concordia card + solo variants' points (the total when
        complete, else a lower bound)."""
        return self.track + self.god_points + self.concordia + sum(e.points for e in self.extras)

    @property
    def total(self) -> int | None:
        """The final total, or None while something is missing."""
        if self.given_total is not None:
            return self.given_total
        return self.known_points if not self.missing else None

    def god(self, name: str) -> GodScore:
        """The line of god ``name``."""
        return next(g for g in self.gods if g.god == name)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {"owner": self.owner, "vp_track": self.track, "gods": [g.to_dict() for g in self.gods],
                "god_points": self.god_points, "concordia_card": self.concordia, "given_total": self.given_total,
                "total": self.total, "complete": self.complete, "known_points": self.known_points,
                "missing": plain(list(self.missing))} | ({"variants": [e.to_dict() for e in self.extras]} if self.extras else {})


@dataclass(frozen=True)
class FinalScore:
    """The result of :func:`score`: every side, the winner and how the tie was broken.

    ``status``: ``"ended"``, ``"final-turn"`` (Contrarius ended the game; the player's
    last card is due) or ``"running"``; only ``"ended"`` makes this the final score.
    ``winner``: an owner id, ``"team"`` (team play) or None (a side is incomplete, or a
    tie nobody breaks yet). ``margin``: the player's (team's) total minus Contrarius's.
    ``decided_by``: ``"points"``, ``"Concordia card"``, ``"Praefectus Magnus"`` or "".
    """

    board: str
    mode: str
    level: str
    status: str
    ended_by: str | None
    concordia: str | None
    sides: tuple[SideScore, ...]
    team_total: float | None
    winner: str | None
    tie: bool
    decided_by: str
    margin: float | None
    notes: tuple[str, ...] = ()

    @property
    def ended(self) -> bool:
        """True when the game is over (this is the final score, not a standing)."""
        return self.status == ENDED

    @property
    def status_text(self) -> Any:
        """The status in words: final score, or a standing and why."""
        if self.status == ENDED:
            by = "Contrarius" if self.ended_by == CONTRARIUS else Term("side", self.ended_by)
            return N_("the game has ended ({who} ended it): this is the final score", who=by)
        if self.status == FINAL_TURN:
            return N_("Contrarius ended the game: your final card is still to play; this is the standing before it")
        return N_("the game has not ended: this is the current standing, not the final score")

    @property
    def complete(self) -> bool:
        """True when every side's total is known."""
        return all(s.complete for s in self.sides)

    def side(self, owner: str) -> SideScore:
        """The score of ``owner``."""
        for s in self.sides:
            if s.owner == owner:
                return s
        raise ContrariusError(N_("no side {owner!r}; sides: {names}", owner=owner, names=', '.join((s.owner for s in self.sides))))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {"board": self.board, "mode": self.mode, "level": self.level, "status": self.status,
                "status_text": plain(self.status_text), "ended": self.ended, "ended_by": self.ended_by, "concordia": self.concordia,
                "sides": [s.to_dict() for s in self.sides], "team_total": _num(self.team_total),
                "winner": self.winner, "tie": self.tie, "decided_by": self.decided_by,
                "margin": _num(self.margin), "notes": plain(list(self.notes))}


def _num(x: float | None) -> float | int | None:
    return int(x) if x is not None and float(x).is_integer() else x


# ----- god values on the board -------------------------------------------------------------
def jupiter(s: Snapshot, owner: str) -> tuple[int, tuple[str, ...]]:
    """Jupiter: 1 per house of ``owner`` in a non-brick city (salt cities count)."""
    cities = tuple(c for c in s.houses_of(owner) if s.cities.get(c) != "brick")
    return len(cities), cities


def saturnus(s: Snapshot, owner: str) -> tuple[int, tuple[str, ...]]:
    """Saturnus: 1 per province with at least one house of ``owner``."""
    provinces = tuple(sorted(s.provinces_of(owner)))
    return len(provinces), provinces


def mercurius(s: Snapshot, owner: str) -> tuple[int, tuple[str, ...]]:
    """Mercurius: 2 per goods type produced by ``owner``'s houses (salt not counted)."""
    kinds = {s.cities.get(c) for c in s.houses_of(owner)}
    goods = tuple(g for g in GOODS if g in kinds)
    return 2 * len(goods), goods


def mars(s: Snapshot, owner: str) -> tuple[int, tuple[str, ...]]:
    """Mars: 2 per colonist of ``owner`` on the board (in a city or on a line)."""
    cols = tuple(c.describe() for c in s.colonists_of(owner))
    return 2 * len(cols), cols


def venus(s: Snapshot, owner: str) -> tuple[int, tuple[str, ...]]:
    """Venus ("Cooperative Final Scoring"), team play only (0 otherwise).

    A player: 1 per province where they and their partner each have a house. Contrarius:
    1 per province where it and one of the partners have a house.
    """
    if s.mode != TEAM_PLAY:
        return 0, ()
    mine = s.provinces_of(owner)
    others = [p.id for p in s.players if p.id != owner]
    if owner == CONTRARIUS:
        theirs = set().union(*(s.provinces_of(p) for p in others)) if others else set()
    else:
        theirs = set().union(*(s.provinces_of(p) for p in others if p != CONTRARIUS)) if others else set()
    provinces = tuple(sorted(mine & theirs))
    return len(provinces), provinces


#: Salsa: salt left in the storehouse is valued for Vesta at cloth's price (a reading)
SALT_VESTA_READING = N_("Salsa reading: salt in your storehouse is valued for Vesta at cloth's price (7), as the one "
                        "public implementation does (the expansion's own value is not public)")


def vesta(goods: dict[str, int], sestertii: int) -> tuple[int, int]:
    """Vesta ("Final scoring"): (sestertii + goods at their prices) // 10; returns (value,
    money counted). Salt (Salsa, a wildcard good never sold) is valued at cloth's price, the
    highest (:data:`SALT_VESTA_READING`)."""
    table = prices()
    money = sestertii + sum((table["cloth"] if g == "salt" else table[g]) * n for g, n in goods.items()
                            if g in table or g == "salt")
    return money // 10, money


def salt_minerva(s: Snapshot, owner: str, cards: list[Card], given: dict[str, str] | None = None) -> dict[str, str]:
    """Salsa: the goods type each salt city of ``owner`` counts for with Minerva.

    "each salt city counts for exactly one goods type for Minerva (its owner decides)"
    (CORROBORATED). Contrarius (reading): its best specialist's type (Weaver > Vintner >
    Smith > Farmer > Mason). A player: ``given`` (salt city -> goods) where named, else the
    type worth most to them (the most Minerva VP per city over their cards; ties: the more
    valuable goods). Returns ``{}`` without Salsa. Raises :class:`ContrariusError` for a
    ``given`` city that is no salt city of ``owner``.
    """
    if s.variants.salsa is None:
        if given:
            raise ContrariusError(N_("salt cities count for Minerva in a Salsa game only; this game does not use Salsa"))
        return {}
    salt = [c for c in s.houses_of(owner) if s.cities.get(c) == "salt"]
    given = dict(given or {})
    for city in given:
        if city not in salt:
            raise ContrariusError(N_("--salt-for {city}: not a salt city with a house of {owner} ({value})", city=city, owner=owner, value=', '.join(salt) or 'none'))
    if owner == CONTRARIUS:
        best = best_specialist_goods(cards)
        default = best[1] if best else None
    else:
        worth: dict[str, int] = {}
        for card in cards:
            facts = catalog().get(card.name, {})
            if facts.get("goods") and card.gods.count("Minerva"):
                worth[facts["goods"]] = worth.get(facts["goods"], 0) + int(facts.get("minerva", 0)) * card.gods.count("Minerva")
        default = max(worth, key=lambda g: (worth[g], GOODS.index(g))) if worth else None
    out = {}
    for city in salt:
        goods = given.get(city, default)
        if goods is not None:
            out[city] = goods
    return out


def minerva(s: Snapshot, owner: str, cards: list[Card], salt: dict[str, str] | None = None) -> tuple[MinervaCard, ...]:
    """Minerva: every card bearing Minerva on its own; a specialist scores its VP per own
    city of its goods (Mason 3 brick, Farmer 3 food, Smith 3 tool, Vintner 4 wine,
    Weaver 5 cloth); a Minerva on any other card scores 0. ``salt`` (Salsa, see
    :func:`salt_minerva`): salt city -> the goods type it counts for."""
    houses = s.houses_of(owner)
    salt = salt or {}
    out = []
    for card in cards:
        n = card.gods.count("Minerva")
        if not n:
            continue
        facts = catalog().get(card.name, {})
        goods = facts.get("goods")
        per_city = int(facts.get("minerva", 0))
        cities = tuple(c for c in houses if goods is not None and (s.cities.get(c) == goods or salt.get(c) == goods))
        out.append(MinervaCard(card.name, goods, cities, per_city, n, tuple(c for c in cities if c in salt)))
    return tuple(out)


_DETAIL = {
    "Jupiter": N_("houses in non-brick cities"),
    "Saturnus": N_("provinces with a house"),
    "Mercurius": N_("goods types produced, 2 each"),
    "Mars": N_("colonists on the board, 2 each"),
    "Venus": N_("provinces shared with a partner"),
}
def _goods_words(goods: dict[str, int]) -> Any:
    """``1 brick, 2 food``, or ``no goods``: units of goods, each type a term."""
    said = [Joined(" ", [goods[k], Term("goods", k)]) for k in goods if goods[k]]
    return Joined(", ", said) if said else N_("no goods")


_BOARD_GODS = {"Jupiter": jupiter, "Saturnus": saturnus, "Mercurius": mercurius, "Mars": mars, "Venus": venus}


def _count(cards: list[Card], god: str) -> int:
    """Cards bearing ``god``; a card bearing it twice counts twice."""
    return sum(c.gods.count(god) for c in cards)


def side_score(s: Snapshot, owner: str, given: PlayerInput | None = None) -> SideScore:
    """The score of one side (Contrarius or a player id), with the player's ``given`` input.

    Raises :class:`ContrariusError` for input given for Contrarius (its side comes from
    the snapshot alone) or for an unknown player id.
    """
    given = given or PlayerInput()
    if owner == CONTRARIUS:
        if given != PlayerInput():
            raise ContrariusError(N_("Contrarius's score comes from the snapshot; its cards and VP are edited there"))
        cards: list[Card] | None = list(s.contrarius.cards)
        goods: dict[str, int] | None = {}
        money: int | None = 0
        tally: tuple = (None, None)
        track = s.contrarius.vp
    else:
        p = s.player(owner)
        track = p.vp
        if given.cards is not None:
            cards = list(given.cards)
        elif p.hand is None and p.played is None:
            cards = None
        else:
            cards = p.cards
        # Vesta counts the goods and sestertii on your table at the end: the snapshot only
        # follows what contrarius saw you receive, never what you spent or traded, so its
        # record is a hint, and the values must be given (--goods, --sestertii)
        goods = given.goods
        money = given.sestertii
        tally = (p.goods, p.sestertii)
    gods: list[GodScore] = []
    missing: list[str] = []

    def line(god: str, n: int | None, value: int | None, counted: tuple[str, ...], detail: str) -> GodScore:
        if value == 0 or n == 0:
            points: int | None = 0
        elif n is None or value is None:
            points = None
            missing.append(N_("cards (hand and played)") if n is None else N_("goods and sestertii (Vesta)"))
        else:
            points = n * value
        return GodScore(god, n, value, points, counted, detail)

    for god in GOD_ORDER:
        n = None if cards is None else _count(cards, god)
        if god in given.points:
            gods.append(GodScore(god, n, None, given.points[god], (), N_("counted at the table"), given=True))
        elif god == "Vesta" and owner == CONTRARIUS:
            gods.append(line(god, n, 0, (), N_("Contrarius has no goods and no sestertii")))
        elif god == "Vesta":
            if n == 0:
                gods.append(line(god, 0, None, (), N_("no card bears Vesta")))
                continue
            if goods is None or money is None:
                hint: Any = ""
                if owner != CONTRARIUS and tally[0] is not None and tally[1] is not None:
                    parts = _goods_words(tally[0])
                    hint = N_("; the snapshot's running tally (without what you spent) is {money} sestertii + {goods}", money=tally[1],
                              goods=parts)
                gods.append(line(god, n, None, (), N_("count your goods and sestertii at the table: give --goods and --sestertii{hint}",
                                                      hint=hint)))
                continue
            if goods.get("salt") and s.variants.salsa is None:
                raise ContrariusError(N_("--goods salt={goods}: this game does not use Salsa, so nobody holds salt; remove salt from --goods", goods=goods['salt']))
            value, worth = vesta(goods, money)
            parts = _goods_words(goods)
            salt: Any = N_(" (salt at cloth's price, 7: {reading})", reading=SALT_VESTA_READING) if goods.get("salt") else ""
            gods.append(line(god, n, value, (), N_("{money} sestertii + {goods}{salt} = {worth}, per full 10", money=money, goods=parts,
                                                   salt=salt, worth=worth)))
        elif god == "Minerva":
            if cards is None:
                gods.append(line(god, None, None, (), N_("cards not recorded")))
                continue
            specialists = minerva(s, owner, cards, salt_minerva(s, owner, cards, given.salt))
            counted = tuple(c for m in specialists for c in m.cities)
            detail: Any = (Joined("; ", [N_("{card}: {n} per {goods} city", card=Term("card", m.card), n=m.per_city,
                                            goods=Term("goods", m.goods)) if m.goods else
                                         N_("{card}: {n} per no city", card=Term("card", m.card), n=m.per_city) for m in specialists])
                           if specialists else N_("no Minerva card"))
            gods.append(GodScore(god, n, None, sum(m.points for m in specialists), counted, detail, minerva=specialists))
        else:
            value, counted = _BOARD_GODS[god](s, owner)
            detail = _DETAIL[god] if god != "Venus" or s.mode == TEAM_PLAY else N_("scores in team play only")
            gods.append(line(god, n, value, counted, detail))
    concordia = CONCORDIA_VP if s.concordia == owner else 0
    extras = variant_scores(s) if owner == CONTRARIUS else ()
    return SideScore(owner, track, tuple(gods), concordia, given.total, tuple(dict.fromkeys(missing)), extras)


def variant_scores(s: Snapshot) -> tuple[ExtraScore, ...]:
    """Contrarius's final-scoring points from the solo variants of ``s`` ("Solo Variants"):
    Salsa forum cards (3 per blue, 2 per green, Victoria 5), fish (1 each), Aegyptus
    traders (7 each, a reading). Empty in a game without variants."""
    from contrarius.model.variants import FISH_VP, TRADER_VP, VICTORIA, forum_cards, forum_vp

    out: list[ExtraScore] = []
    v = s.variants
    if v.salsa is not None:
        own = v.salsa.contrarius
        colours = forum_cards()
        detail: Any = (Joined(", ", [N_("{card} ({colour}) {vp}", card=n, colour=Term("colour", colours[n]), vp=forum_vp(n)) for n in own])
                       if own else N_("none"))
        reading: Any = N_("Salsa reading: Victoria 5 VP instead of a green card's 2") if VICTORIA in own else ""
        out.append(ExtraScore("forum cards", sum(forum_vp(n) for n in own), detail, reading))
    if v.fish_market is not None:
        n = v.fish_market.contrarius
        out.append(ExtraScore("fish", n * FISH_VP, NP_("{n} fish, {vp} VP each", "{n} fish, {vp} VP each", n, vp=FISH_VP)))
    if v.aegyptus is not None:
        t = v.aegyptus.traders
        out.append(ExtraScore("traders", TRADER_VP * len(t), Joined(", ", [f"{x} {TRADER_VP}" for x in t]) if t else N_("none"),
                              N_("Aegyptus reading: a trader of Contrarius on a bonus spot scores 7 VP")))
    return tuple(out)


# ----- the whole table -----------------------------------------------------------------------
def status_of(s: Snapshot) -> str:
    """``"ended"``, ``"final-turn"`` or ``"running"`` (see :class:`FinalScore`)."""
    if s.ended is None:
        return RUNNING
    return FINAL_TURN if s.ended.final_turn_pending else ENDED


#: Spaces of a storehouse (base rules: "Your storehouse has twelve spaces, and four of them
#: start occupied by colonists"): goods and the colonists not on the board share them.
STOREHOUSE = 12


def storehouse_space(s: Snapshot, pid: str) -> int:
    """Spaces of player ``pid``'s storehouse free for goods: 12 minus the colonists still in
    it (base rules: the storehouse holds the goods and the colonists not yet on the board)."""
    return STOREHOUSE - sum(s.colonists_in_supply(pid, k) for k in KINDS)


def score(s: Snapshot, given: dict[str, PlayerInput] | None = None) -> FinalScore:
    """Score every side of snapshot ``s`` ("Final scoring"; see the module docstring).

    ``given`` maps a player id to what that player tells of their side. Raises
    :class:`ContrariusError` for an input naming no player of the game.
    """
    given = dict(given or {})
    pids = [p.id for p in s.players]
    for pid in given:
        if pid not in pids:
            raise ContrariusError(N_("no player {pid!r} in this {mode} game; players: {pids}", pid=pid, mode=s.mode, pids=', '.join(pids)))
        goods = given[pid].goods
        if goods and sum(goods.values()) > storehouse_space(s, pid):
            room = storehouse_space(s, pid)
            raise ContrariusError(N_("{pid}'s goods counted at the table ({value}) do not fit the storehouse: 12 spaces, {value2} taken by colonists not on the board, so at most {room} goods; count again", pid=pid, value=sum(goods.values()), value2=STOREHOUSE - room, room=room))
    sides = [side_score(s, CONTRARIUS)] + [side_score(s, pid, given.get(pid)) for pid in pids]
    notes: list[Any] = []
    status = status_of(s)
    if any(c.assumed for c in s.contrarius.cards):
        notes.append(N_("some of Contrarius's cards are assumed (its starting cards are not public): check their gods"))
    for side in sides:
        if not side.complete:
            notes.append(N_("{side}: {missing} not known: give them, or the total, to name a winner", side=Term("side", side.owner),
                            missing=Joined(", ", list(side.missing))))
    if s.concordia is None and status != RUNNING:
        notes.append(N_("nobody holds the Concordia card in the snapshot"))
    con = sides[0]
    team_total: float | None = None
    winner: str | None = None
    tie = False
    decided_by = ""
    margin: float | None = None
    if s.mode == TEAM_PLAY:
        a, b = sides[1], sides[2]
        if a.total is not None and b.total is not None:
            team_total = (a.total + b.total) / 2
        if team_total is not None and con.total is not None:
            margin = team_total - con.total
            winner, tie, decided_by = _two_way(margin, s.concordia in pids, s.concordia == CONTRARIUS, TEAM)
    elif s.mode == SOLO:
        me = sides[1]
        if me.total is not None and con.total is not None:
            margin = me.total - con.total
            winner, tie, decided_by = _two_way(margin, s.concordia == me.owner, s.concordia == CONTRARIUS, me.owner)
    else:
        winner, tie, decided_by = _third_player(s, sides)
    return FinalScore(s.board.name, s.mode, s.level, status, s.ended.by if s.ended else None, s.concordia,
                      tuple(sides), team_total, winner, tie, decided_by, margin, tuple(notes))


def _two_way(margin: float, ours: bool, theirs: bool, us: str) -> tuple[str | None, bool, str]:
    """Winner of player (team) against Contrarius: points, then the Concordia card."""
    if margin > 0:
        return us, False, "points"
    if margin < 0:
        return CONTRARIUS, False, "points"
    if ours:
        return us, True, "Concordia card"
    if theirs:
        return CONTRARIUS, True, "Concordia card"
    return None, True, ""


def _third_player(s: Snapshot, sides: list[SideScore]) -> tuple[str | None, bool, str]:
    """Winner with Contrarius as a third player: points, then the Praefectus Magnus."""
    if any(x.total is None for x in sides):
        return None, False, ""
    best = max(x.total for x in sides)  # type: ignore[type-var]
    tied = [x.owner for x in sides if x.total == best]
    if len(tied) == 1:
        return tied[0], False, "points"
    humans = [o for o in tied if o != CONTRARIUS]
    if len(humans) == 1:
        return humans[0], True, "Praefectus Magnus"
    if s.praefectus_magnus in humans:
        return s.praefectus_magnus, True, "Praefectus Magnus"
    return None, True, ""
