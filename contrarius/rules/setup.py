"""A new game: the rulebook's "Setup", "Difficulty level" and "Variant difficulty levels".

:func:`new_game` builds the snapshot of a table just set up. Everything random (city
tokens, the display stacks) is drawn from ``random.Random(f"{seed}/setup")`` unless the
user gives what lies on the real table.

Readings where the rulebook says "you decide" or leaves room (documented in the README):

- Veteran, first house: the most valuable city adjacent to the capital by a land or sea
  line (cloth > wine > tool > food > brick); equal values: alphabetical, or the city the
  player names (``veteran_city``).
- Veteran, first colonist: on the line between the capital and that city; if both a land
  and a sea line lead there, the player decides (``veteran_colonist``, default land).
- Veteran, second colonist: "adjacent to the next most valuable city it can reach" says
  nothing of its kind, so either kind may be the one that reaches it: the most valuable
  other city adjacent to the capital by a land or a sea line (one step, like the first);
  equal values alphabetical, or ``veteran_second``. Its kind: the other kind than the
  first colonist's when a line of that kind leads there, else the kind whose line does;
  the table may choose (``veteran_second_colonist``).
- Strong veteran: a second house in that second city.
- Boards whose land and sea colonists start in different places (Britannia, Germania,
  Gallia, Balearica's two galleys): every rule above is read from the start place of
  each colonist: "adjacent to the capital" means one line of the colonist's kind from
  where that colonist starts; a colonist with no line to leave by stays where it starts.
- Roma prints no start: ``start`` (``new --start CITY``) names the city where both
  colonists of each side start; Balearica: ``start`` names the galley Contrarius's new
  sea colonists go to (default Galley west).
"""

from __future__ import annotations

import random
from typing import Any

from contrarius.messages import N_, Joined, Term
from contrarius.material.board import GOODS, LAND, SEA, TOKEN_GOODS, Board, load_board
from contrarius.material.cards import SETUP_SPECIALISTS, Card, card_facts, card_name
from contrarius.errors import ContrariusError
from contrarius.records import Record
from contrarius.model.snapshot import (CONTRARIUS, DISPLAY_SIZE, LEVELS, MAX_HOUSES, MODES, SOLO, UNKNOWN_CARD, Colonist,
                       ContrariusState, Player, Snapshot, player_ids)

START_VP = {"standard": 20, "veteran": 10, "expert": 0}
#: "Variant difficulty levels": a beginner plays the standard game, starting with 40 VP.
BEGINNER_VP, BEGINNER_LEVEL = 40, "standard"
EXPERT_TRACK = [10, 20, 30, 40, 50]
STRONG_EXPERT_TRACK = [9, 18, 27, 36, 45]
START_GOODS = {"brick": 1, "food": 2, "tool": 1, "wine": 1, "cloth": 1}
START_SESTERTII = 6


class SetupOptions(Record):
    """Everything ``contrarius new`` can be told.

    ``tokens``: city -> goods as laid on the table (all cities) or None to shuffle.
    ``display``: the 7 cards as dealt, left to right, or None to shuffle the stacks.
    ``refill``: names of the cards drawn to refill the display at setup (table games).
    ``contrarius_cards``: its 5 starting cards (None: the labelled assumption).
    ``start_vp``: the player's starting VP (campaign, or 40 for beginners).
    ``table``: a game at a real table: every die is read from the table, contrarius never
    rolls (also when ``tokens`` or ``display`` is given: they come from a table).
    ``strong``: strong veteran / strong expert. ``track``: custom expert positions.
    """

    _fields = ("board", "level", "mode", "seed", "start_vp", "strong", "track", "tokens", "display", "refill",
               "contrarius_cards", "veteran_colonist", "veteran_city", "veteran_second", "veteran_second_colonist",
               "record_hand", "table", "start", "salsa", "fish_market", "forum_card", "forum_row", "forum_kept")

    def __init__(self, board: str = "imperium", level: str = "standard", mode: str = SOLO, seed: int | None = None,
                 start_vp: int | None = None, strong: bool = False, track: list[int] | None = None,
                 tokens: dict[str, str] | None = None, display: list[str] | None = None, refill: list[str] | None = None,
                 contrarius_cards: list[str] | None = None, veteran_colonist: str | None = None,
                 veteran_city: str | None = None, veteran_second: str | None = None,
                 veteran_second_colonist: str | None = None, record_hand: bool = True, table: bool = False,
                 start: str | None = None, salsa: bool = False, fish_market: bool = False, forum_card: str | None = None,
                 forum_row: list[str] | None = None, forum_kept: str | None = None):
        self.board = board
        self.level = level
        self.mode = mode
        self.seed = seed
        self.start_vp = start_vp
        self.strong = strong
        self.track = track
        self.tokens = tokens
        self.display = display
        self.refill = [] if refill is None else refill
        self.contrarius_cards = contrarius_cards
        self.veteran_colonist = veteran_colonist
        self.veteran_city = veteran_city
        self.veteran_second = veteran_second
        self.veteran_second_colonist = veteran_second_colonist
        self.record_hand = record_hand
        self.table = table
        self.start = start
        self.salsa = salsa
        self.fish_market = fish_market
        self.forum_card = forum_card
        self.forum_row = forum_row
        self.forum_kept = forum_kept


def _value(goods: str) -> int:
    return GOODS.index(goods) if goods in GOODS else -1


def shuffle_tokens(board: Board, rng: random.Random, tokens: dict[str, dict[str, int]] | None = None) -> dict[str, str]:
    """Shuffle each letter's tokens onto that letter's cities ("Setup": as usual in Concordia).

    ``tokens``: letter -> goods -> count (default: the board's; Salsa passes its salt mix).
    """
    tokens = board.tokens if tokens is None else tokens
    out: dict[str, str] = {}
    for letter in sorted(tokens):
        bag = [g for g, n in tokens[letter].items() for _ in range(n)]
        rng.shuffle(bag)
        cities = [c for c, info in board.cities.items() if info.letter == letter]
        if len(bag) != len(cities):
            raise ContrariusError(N_("board {board}: letter {letter} has {n_cities} cities but {n_bag} tokens", board=board.name, letter=letter, n_cities=len(cities), n_bag=len(bag)))
        out.update(zip(cities, bag))
    return out


def start_colonists(s: Snapshot) -> list[tuple[str, str]]:
    """The colonists each side starts with, as ``(kind, place)`` ("Setup": a land and a
    sea colonist in the capital): where the board prints other start places, one
    colonist of each kind per place (Britannia: land Londinivm, sea Portvs Itivs;
    Balearica: a sea colonist on each galley, no land colonist); Roma: both in the start
    city named at setup (``s.start``, a reading)."""
    board = s.board
    if board.asks_start:
        return [(LAND, s.start), (SEA, s.start)] if s.start else []
    return [(kind, place) for kind in (LAND, SEA) for place in board.starts.get(kind, ())]


def colonists_text(s: Snapshot) -> Any:
    """``"1 land and 1 sea colonist in Roma"``, or each start colonist with its place."""
    places = start_colonists(s)
    if [k for k, _ in places] == [LAND, SEA] and places[0][1] == places[1][1]:
        return N_("1 land and 1 sea colonist in {place}", place=places[0][1])
    out: Any = None
    for k, p in places:
        one = N_("1 {kind} colonist in {place}", kind=Term("kind", k), place=p)
        out = one if out is None else N_("{first} and {then}", first=out, then=one)
    return out


def _start_text(s: Snapshot) -> Any:
    """``"Roma"``, or ``"the start places (land Basilia, sea Colonia Aggr.)"``."""
    places = start_colonists(s)
    if len({p for _, p in places}) == 1:
        return places[0][1]
    return N_("the start places ({places})", places=Joined(", ", [Joined(" ", [Term("kind", k), p]) for k, p in places]))


def _free_lines(s: Snapshot, place: str, kind: str, city: str) -> list:
    """The lines of ``kind`` from ``place`` to ``city`` that no colonist stands on yet
    ("a line holds one colonist")."""
    taken = {c.line for c in s.colonists if c.line is not None}
    return [line for line in s.board.lines_to(place, kind, city) if line not in taken]


def _adjacent_by_value(s: Snapshot, starts: list[tuple[str, str]], exclude: set[str]) -> list[str]:
    """Cities one free line away from the start places (a line of each colonist's kind that
    no colonist stands on), most valuable first, then alphabetical."""
    board = s.board
    near = {c for k, place in starts for c in board.neighbours(place, k)
            if board.is_city(c) and _free_lines(s, place, k, c)} - exclude
    return sorted(near, key=lambda c: (-_value(s.cities[c]), c.casefold()))


def _veteran(s: Snapshot, opts: SetupOptions) -> list[str]:
    """Place Contrarius's veteran house(s) and colonists; return the setup notes.

    Rule: "Variant difficulty levels", veteran (readings in the module docstring). Each
    colonist is read from where it starts (the capital on most boards).
    """
    board = s.board
    starts = start_colonists(s)
    cap = _start_text(s)
    ranked = _adjacent_by_value(s, starts, set())
    if not ranked:
        raise ContrariusError(N_("{board}: no city is adjacent to {cap}", board=board.name, cap=cap))
    first = board.city(opts.veteran_city) if opts.veteran_city else ranked[0]
    if first not in ranked:
        raise ContrariusError(N_("--veteran-city {first} is not adjacent to {cap}; adjacent: {ranked}", first=first, cap=cap, ranked=', '.join(ranked)))
    best = _value(s.cities[ranked[0]])
    if _value(s.cities[first]) != best:
        raise ContrariusError(N_("--veteran-city {first} ({cities}) is not among the most valuable cities next to {cap} ({cities2})", first=first, cities=s.cities[first], cap=cap, cities2=s.cities[ranked[0]]))
    # the colonists that can step onto a line to ``first``, in start order
    able = [(k, place) for k, place in starts if board.lines_to(place, k, first)]
    kinds = list(dict.fromkeys(k for k, _ in able))
    kind = kinds[0]
    if len(kinds) == 2 and opts.veteran_colonist:
        kind = opts.veteran_colonist
    elif opts.veteran_colonist and opts.veteran_colonist not in kinds:
        raise ContrariusError(N_("only a {kinds} line joins {cap} and {first}: --veteran-colonist {veteran_colonist} does not fit", kinds=kinds[0], cap=cap, first=first, veteran_colonist=opts.veteran_colonist))
    mover = next((k, place) for k, place in able if k == kind)
    line = board.lines_to(mover[1], kind, first)[0]
    s.houses[first] = [CONTRARIUS]
    s.colonists.append(Colonist(CONTRARIUS, kind, None, line))
    notes: list[Any] = [
        N_("veteran: house in {city} ({goods}), the most valuable city next to {capital}", city=first,
           goods=Term("goods", s.cities[first]), capital=cap),
        N_("veteran: {kind} colonist on {line} (both a land and a sea line lead there: you decide, --veteran-colonist)",
           kind=Term("kind", kind), line=line.label) if len(kinds) == 2 else
        N_("veteran: {kind} colonist on {line}", kind=Term("kind", kind), line=line.label)]
    rest = list(starts)
    rest.remove(mover)
    taken = {first}
    for n, (other, place) in enumerate(rest):
        # the second colonist: "adjacent to the next most valuable city it can reach" says
        # nothing of its kind, so a colonist of either kind may reach it (a reading, see the
        # module docstring); further start colonists (Balearica's galleys) each by their own
        pool = starts if n == 0 else [(other, place)]
        second_ranked = _adjacent_by_value(s, pool, taken)
        if opts.veteran_second and n == 0:
            second = board.city(opts.veteran_second)
            if second not in second_ranked:
                raise ContrariusError(N_("--veteran-second {second}: no line joins {cap} and {second}; adjacent: {second_ranked}", second=second, cap=cap, second_ranked=', '.join(second_ranked)))
        elif second_ranked:
            second = second_ranked[0]
        else:
            notes.append(N_("veteran: no {kind} line leaves {place}; the second colonist stays in {place}", kind=Term("kind", other),
                            place=place))
            s.colonists.append(Colonist(CONTRARIUS, other, place, None))
            continue
        choice = False
        if n == 0:
            able2 = [(k, p) for k, p in pool if _free_lines(s, p, k, second)]
            kinds2 = list(dict.fromkeys(k for k, _ in able2))
            kind2 = other if other in kinds2 else kinds2[0]
            if opts.veteran_second_colonist:
                if opts.veteran_second_colonist not in kinds2:
                    raise ContrariusError(N_("only a {kinds2} line joins {cap} and {second}: --veteran-second-colonist {veteran_second_colonist} does not fit", kinds2=kinds2[0], cap=cap, second=second, veteran_second_colonist=opts.veteran_second_colonist))
                kind2 = opts.veteran_second_colonist
            other, place = kind2, next(p for k, p in able2 if k == kind2)
            choice = len(kinds2) == 2
        line = _free_lines(s, place, other, second)[0]
        s.colonists.append(Colonist(CONTRARIUS, other, None, line))
        said = dict(kind=Term("kind", other), line=line.label, city=second, goods=Term("goods", s.cities[second]))
        notes.append(N_("veteran: {kind} colonist on {line}, next to {city} ({goods}) (both a land and a sea line lead there: you "
                        "decide, --veteran-second-colonist)", **said) if choice else
                     N_("veteran: {kind} colonist on {line}, next to {city} ({goods})", **said))
        if opts.strong and n == 0:
            s.houses[second] = [CONTRARIUS]
            notes.append(N_("strong veteran: second house in {city}", city=second))
        taken.add(second)
    return notes


def setup_contrarius(s: Snapshot, opts: SetupOptions, cards: list[Card], notes: list[str]) -> None:
    """Give Contrarius its cards, and by level ("Difficulty level", "Variant difficulty
    levels") its expert track houses, its veteran house(s) and colonists, or its land and
    sea colonist in the capital. Appends what was decided to ``notes``.

    Raises :class:`ContrariusError` for ``--track``/``--strong`` at a level without them.
    """
    track: list[int] = []
    if opts.level == "expert":
        track = sorted(opts.track or (STRONG_EXPERT_TRACK if opts.strong else EXPERT_TRACK))
        if len(track) > MAX_HOUSES or len(set(track)) != len(track) or any(t < 1 for t in track):
            raise ContrariusError(N_("--track needs distinct VP positions of 1 or more; got {track}", track=track))
        notes.append(N_("expert: Contrarius's houses on VP {track}", track=', '.join(map(str, track))))
    elif opts.track:
        raise ContrariusError(N_("--track is for the expert level"))
    s.contrarius = ContrariusState(vp=0, cards=cards, track=track)
    if opts.level == "veteran":
        notes.extend(_veteran(s, opts))
    else:
        if opts.strong and opts.level != "expert":
            raise ContrariusError(N_("--strong is for the veteran and expert levels"))
        s.colonists += [Colonist(CONTRARIUS, kind, place) for kind, place in start_colonists(s)]


def starting_vp(opts: SetupOptions) -> int:
    """The players' starting VP: 20/10/0 by level ("Difficulty level"), or the VP given
    (campaign, 40 for beginners). Raises :class:`ContrariusError` below 0."""
    vp = START_VP[opts.level] if opts.start_vp is None else opts.start_vp
    if vp < 0:
        raise ContrariusError(N_("starting VP cannot be negative; got {vp}", vp=vp))
    return vp


def city_tokens(board: Board, opts: SetupOptions, rng: random.Random, notes: list[str]) -> dict[str, str]:
    """The goods of every city: the tokens as laid on the table (``opts.tokens``, checked
    against the board's token mix per letter) or shuffled per letter ("Setup").

    Raises :class:`ContrariusError` naming missing cities, unknown goods or every letter
    whose tokens do not match, and a salt token in a game without Salsa. The mix is
    :func:`~contrarius.model.variants.token_mix` (Salsa: salt; Hispania, Byzantium without it: no salt).
    """
    from contrarius.model.variants import token_mix

    mix = token_mix(board, opts.salsa)
    if opts.salsa and mix != board.tokens:
        notes.append(N_("Salsa: one token per letter swapped for that letter's salt token (A {a}, B {b}, C {c}, D {d})",
                        a=Term("goods", "food"), b=Term("goods", "tool"), c=Term("goods", "wine"), d=Term("goods", "brick")))
    if not opts.salsa and board.no_salt:
        notes.append(N_("no Salsa: the extra city of each letter takes its no-salt token ({tokens}), not the salt token",
                        tokens=Joined(", ", [Joined(" ", [k, Term("goods", g)]) for k, g in sorted(board.no_salt.items())])))
    if opts.tokens is None:
        notes.append(N_("city tokens shuffled per letter from the seed"))
        return shuffle_tokens(board, rng, mix)
    tokens = {board.city(c): str(g).strip().casefold() for c, g in opts.tokens.items()}
    missing = [c for c in board.cities if c not in tokens]
    if missing:
        raise ContrariusError(N_("--tokens names {n_tokens} of {n_cities} cities; missing: {missing}", n_tokens=len(tokens), n_cities=len(board.cities), missing=', '.join(missing)))
    bad = [f"{c}={g}" for c, g in tokens.items() if g not in TOKEN_GOODS]
    if bad:
        raise ContrariusError(N_("--tokens: unknown goods in {bad}; use {GOODS}", bad=', '.join(bad), GOODS=', '.join(GOODS)))
    salted = [c for c, g in tokens.items() if g == "salt" and "salt" not in mix[board.cities[c].letter]]
    if salted:
        c = salted[0]
        letter = board.cities[c].letter
        instead = (f"lay the {letter} no-salt token ({board.no_salt[letter]}) there" if letter in board.no_salt
                   else "salt tokens are laid only with Salsa")
        raise ContrariusError(N_("--tokens: {c}=salt, but this game is played without salt: {instead}, or add --salsa", c=c, instead=instead))
    wrong = []
    for letter in sorted(mix):
        laid: dict[str, int] = {}
        for c, info in board.cities.items():
            if info.letter == letter:
                laid[tokens[c]] = laid.get(tokens[c], 0) + 1
        for g in TOKEN_GOODS:
            if laid.get(g, 0) != mix[letter].get(g, 0):
                wrong.append(f"{laid.get(g, 0)} {g} among the {letter} cities, the {letter} tokens hold {mix[letter].get(g, 0)}")
    if wrong:
        raise ContrariusError(N_("--tokens do not match the {board} tokens: {wrong}; check the tokens as laid", board=board.name, wrong='; '.join(wrong)))
    return {c: tokens[c] for c in board.cities}


def start_place(board: Board, given: str | None, notes: list[str]) -> str | None:
    """The snapshot's ``start``: on Roma the start city (required), on Balearica the
    galley for Contrarius's new sea colonists (default the first, Galley west), else
    None. Appends the reading used to ``notes``.

    Raises :class:`ContrariusError` (a usage error) for a missing Roma start, a start
    that is not a city (Roma) or not a start place, or ``--start`` on a board that
    prints one start.
    """
    if board.asks_start:
        if not given:
            raise ContrariusError(N_("the {board} board prints no start: name the city where the colonists start with --start CITY", board=board.name))
        city = board.city(given)
        notes.append(N_("{board}: every side's land and sea colonist start in {city} (--start; the board prints no start - reading)",
                        board=board.name, city=city))
        return city
    several = [p for k in (LAND, SEA) for p in board.starts.get(k, ()) if len(board.starts.get(k, ())) > 1]
    if several:
        place = board.place(given) if given else several[0]
        if place not in several:
            raise ContrariusError(N_("--start {place}: Contrarius's new colonists go to one of {several}", place=place, several=', '.join(several)))
        notes.append(N_("{board}: Contrarius's new sea colonists go to {place} (--start) - reading", board=board.name, place=place)
                     if given else
                     N_("{board}: Contrarius's new sea colonists go to {place} (default; name another with --start) - reading",
                        board=board.name, place=place))
        return place
    if given:
        raise ContrariusError(N_("--start is for boards that print no single start (roma, balearica); the {board} board starts the colonists in {names}", board=board.name, names=', '.join(dict.fromkeys(board.homes(LAND) + board.homes(SEA)))))
    return None


def fresh_table(opts: SetupOptions) -> tuple[Snapshot, random.Random, list[str]]:
    """The board of a new game: its seed (a random one when not given, stored), the city
    tokens and every bonus marker on its goods side ("Setup"). Returns the snapshot, the
    setup's random generator and the notes so far."""
    board = load_board(opts.board)
    import secrets  # here: only a new game without --seed needs it (start-up time)

    seed = opts.seed if opts.seed is not None else secrets.randbelow(10 ** 9)
    rng = random.Random(f"{seed}/setup")
    s = Snapshot(board=board, mode=opts.mode, level=opts.level, seed=seed)
    notes: list[Any] = []
    s.start = start_place(board, opts.start, notes)
    if board.readings:
        notes.append(N_("the {board} board needs readings ({readings}): 'contrarius board {board}' and README state them",
                        board=board.name, readings=', '.join(board.readings)))
    given = [opt for opt, v in (("--table", opts.table), ("--tokens", opts.tokens is not None),
                                ("--display", opts.display is not None)) if v]
    if given:
        s.dice = "table"
        notes.append(N_("a table game ({option}): you roll every die and give it with --die; contrarius never rolls "
                        "(it says which die to roll when one is missing)", option=given[0]))
    else:
        s.dice = "virtual"
        notes.append(N_("a virtual game: contrarius rolls a die you do not give, from the seed "
                        "(at a real table use --table, or give --tokens/--display)"))
    s.cities = city_tokens(board, opts, rng, notes)
    s.bonus_markers = {p: "goods" for p in board.provinces}
    return s, rng, notes


def beginner_start_vp(level: str) -> int | None:
    """A beginner's starting VP at ``level`` (:data:`BEGINNER_VP`); None at a level that
    has no beginner start (only :data:`BEGINNER_LEVEL` has)."""
    return BEGINNER_VP if level == BEGINNER_LEVEL else None


def new_game(opts: SetupOptions) -> tuple[Snapshot, list[str]]:
    """Set up a new solo game (:func:`contrarius.rules.game.new_game` takes every mode); return the snapshot and notes on what was decided and why.

    Raises :class:`ContrariusError` (or :class:`UnknownNameError`) for options that do not
    fit the board or each other.
    """
    if opts.level not in LEVELS:
        raise ContrariusError(N_("unknown level {level!r}; use one of {LEVELS}", level=opts.level, LEVELS=', '.join(LEVELS)))
    if opts.mode not in MODES:
        raise ContrariusError(N_("unknown mode {mode!r}; use one of {MODES}", mode=opts.mode, MODES=', '.join(MODES)))
    if opts.mode != SOLO:
        raise ContrariusError(N_("setup.new_game sets up solo games, not {mode} (contrarius.rules.game.new_game picks the mode)", mode=opts.mode))
    s, rng, notes = fresh_table(opts)
    # display and stack
    stacks = card_facts()["stacks"]
    total = sum(len(v) for v in stacks.values())
    if len(opts.refill) > 1 or (opts.refill and s.dice != "table"):
        raise ContrariusError(N_("--refill names the one card drawn at setup, and only in a table game (--table or --display; a virtual game refills from its seeded stack); got {refill}", refill=', '.join(opts.refill)))
    if opts.display is not None:
        if len(opts.display) != DISPLAY_SIZE:
            raise ContrariusError(N_("--display needs the 7 cards as dealt, left to right; got {n_display}", n_display=len(opts.display)))
        s.display = [card_name(c) for c in opts.display]
        s.stack_remaining = total - DISPLAY_SIZE
        s.stack_order = None
    else:
        order: list[str] = []
        for key in ("I", "II"):
            part = list(stacks[key])
            rng.shuffle(part)
            order.extend(part)
        s.display = order[:DISPLAY_SIZE]
        s.stack_order = order[DISPLAY_SIZE:]
        s.stack_remaining = len(s.stack_order)
        notes.append(N_("display dealt from stack I (shuffled) on top of stack II (shuffled)"))
        if s.dice == "table":  # lay these 7; the rest of your stack is your table's, not the seed's
            s.stack_order = None
            notes.append(N_("a table game: lay the display as 'contrarius show' lists it; each card drawn from your stack "
                            "after it (the refill after Contrarius's sixth card too) is unknown (?) until you name it "
                            "(new --refill, play --refill, reveal)"))
    # Contrarius
    start = opts.contrarius_cards
    assumed = start is None
    if start is None:
        start = [c if isinstance(c, str) else c["name"] for c in card_facts()["contrarius_start"]]
    if len(start) != 5:
        raise ContrariusError(N_("Contrarius starts with 5 cards; --contrarius-cards gave {n_start}", n_start=len(start)))
    cards = [Card.of(c, assumed=assumed) for c in start]
    pos = next((i for i, c in enumerate(s.display) if c in SETUP_SPECIALISTS), None)
    if pos is None:
        raise ContrariusError(N_("no Mason, Farmer or Smith in the display: Contrarius needs one as its sixth card; check --display"))
    sixth = s.display[pos]
    rest = [c for i, c in enumerate(s.display) if i != pos and c is not None]
    if s.stack_remaining:
        if s.stack_order:
            rest.append(s.stack_order.pop(0))
        else:
            drawn = opts.refill[0] if opts.refill else UNKNOWN_CARD
            rest.append(UNKNOWN_CARD if str(drawn).strip() == UNKNOWN_CARD else card_name(drawn))
        s.stack_remaining -= 1
    s.display = rest + [None] * (DISPLAY_SIZE - len(rest))
    if opts.display is not None:
        # the dealt cards, the sixth card and the refill all come from stacks I and II
        pool: dict[str, int] = {}
        for n in (c for part in stacks.values() for c in part):
            pool[n] = pool.get(n, 0) + 1
        used: dict[str, int] = {sixth: 1}
        for n in s.display:
            if n not in (None, UNKNOWN_CARD):
                used[n] = used.get(n, 0) + 1
        for n, k in used.items():
            if n not in pool:
                raise ContrariusError(N_("--display/--refill: {n_} is not a card of stacks I and II; display cards: {names}", n_=n, names=', '.join(sorted(pool))))
            if k > pool[n]:
                raise ContrariusError(N_("--display/--refill: {k} {n_} cards, but stacks I and II hold {pool}; name the cards as they lie", k=k, n_=n, pool=pool[n]))
    cards.append(Card.of(sixth))
    notes.append(N_("Contrarius takes {card} from display position {position} as its sixth card; the display refills",
                    card=Term("card", sixth), position=pos + 1))
    if assumed:
        notes.append(N_("Contrarius's 5 starting cards are not public: the ones used are marked assumed; correct them with "
                        "--contrarius-cards"))
    setup_contrarius(s, opts, cards, notes)
    # the player
    vp = starting_vp(opts)
    pid = player_ids(opts.mode)[0]
    hand = [_hand_card(c) for c in card_facts()["player_hand"]] if opts.record_hand else None
    s.players = [Player(pid, vp, hand, [] if opts.record_hand else None, dict(START_GOODS), START_SESTERTII)]
    s.colonists += [Colonist(pid, kind, place) for kind, place in start_colonists(s)]
    setup_variants(s, opts, notes)
    return s, notes


def setup_variants(s: Snapshot, opts: SetupOptions, notes: list[str]) -> None:
    """Set up the rulebook's "Solo Variants" the game uses (``s.variants``).

    Salsa: Contrarius "starts the game with one randomly drawn blue forum card"
    (``opts.forum_card`` as drawn at the table, else drawn from the seed); the forum row of
    4 cards as laid (``opts.forum_row``, ``?`` for a card not recorded) or dealt from the
    seed after your kept blue card (``opts.forum_kept``, else drawn from the seed) is set
    aside: 27 cards, 1 with Contrarius, 1 with you, 4 in the row, 21 in the stack. Fish
    market: Contrarius starts with no fish. Gallia and Aegyptus come with their board.
    Raises :class:`ContrariusError` for forum options without Salsa, a green card given as
    a blue one, duplicates, or variants outside solo play.
    """
    from contrarius.model.variants import (AEGYPTUS, BOARD_VARIANTS, FORUM_ROW, UNKNOWN, Aegyptus, FishMarket, Gallia, Salsa,
                           board_places, forum_cards, forum_name)

    v = s.variants
    forum_opts = [n for n, val in (("--forum-card", opts.forum_card), ("--forum-row", opts.forum_row),
                                    ("--forum-kept", opts.forum_kept)) if val is not None]
    if forum_opts and not opts.salsa:
        raise ContrariusError(N_("{forum_opts} sets up Salsa's forum cards: add --salsa", forum_opts=forum_opts[0]))
    auto = BOARD_VARIANTS.get(s.board.name)
    if auto == AEGYPTUS:
        v.aegyptus = Aegyptus()
        for city, owners in s.houses.items():  # a veteran house, in the order placed
            if CONTRARIUS in owners:
                v.aegyptus.house_built(city, board_places(s.board, "red_sea"))
        notes.append(N_("Aegyptus (this board's solo variant): Contrarius prefers its first Red Sea harbour city, "
                        "follows the Nile upstream and uses surplus steps toward the bonus spots (readings: README)"))
    elif auto is not None:
        v.gallia = Gallia()
        for city, owners in s.houses.items():  # a veteran house, in the order placed
            if CONTRARIUS in owners:
                v.gallia.house_built(city, board_places(s.board, "harbour"), [])
        notes.append(N_("Gallia (this board's solo variant): Contrarius prefers its first harbour city (reading: README)"))
    if opts.fish_market:
        v.fish_market = FishMarket(0)
        notes.append(N_("fish market: fish tiles lie on the provinces' bonus spaces instead of the bonus markers; "
                        "Contrarius collects the fish you pay at the market (play --fish N), 1 VP each"))
    if not opts.salsa:
        return
    cards = forum_cards()
    blue = [n for n, c in cards.items() if c == "blue"]
    rng = random.Random(f"{s.seed}/forum")  # its own stream: the rest of the setup draws as without Salsa

    def blue_card(text: str, option: str) -> str:
        name = forum_name(text)
        if cards[name] != "blue":
            raise ContrariusError(N_("{option} {name}: a green forum card; the starting forum cards are blue ({blue})", option=option, name=name, blue=', '.join(blue)))
        return name

    if opts.forum_card is not None:
        own = blue_card(opts.forum_card, "--forum-card")
        notes.append(N_("Salsa: Contrarius's blue forum card {card}, as drawn at the table", card=own))
    else:
        own = rng.choice(blue)
        notes.append(N_("Salsa: Contrarius draws the blue forum card {card} (from the seed; give --forum-card as drawn at the table)",
                        card=own))
    salsa = Salsa(contrarius=[own])
    if opts.forum_row is not None:
        row = [UNKNOWN if str(x).strip() == UNKNOWN else forum_name(x) for x in opts.forum_row]
        if len(row) != FORUM_ROW:
            raise ContrariusError(N_("--forum-row needs the {FORUM_ROW} forum cards as laid, left to right (? for one not recorded); got {n_row}", FORUM_ROW=FORUM_ROW, n_row=len(row)))
        named = [n for n in row if n != UNKNOWN] + [own]
        dup = sorted({n for n in named if named.count(n) > 1})
        if dup:
            raise ContrariusError(N_("--forum-row/--forum-card: {dup} named twice; each forum card exists once", dup=', '.join(dup)))
        salsa.row = row
        salsa.stack_remaining = len(cards) - 2 - FORUM_ROW  # Contrarius's card, yours, the row
        salsa.stack_order = None
        notes.append(N_("Salsa: forum row as laid: {row}; {n} cards in the forum stack", row=', '.join(row), n=salsa.stack_remaining))
    else:
        if opts.forum_kept is not None:
            kept = blue_card(opts.forum_kept, "--forum-kept")
            if kept == own:
                raise ContrariusError(N_("--forum-kept {kept}: that is Contrarius's forum card", kept=kept))
        else:
            kept = rng.choice([n for n in blue if n != own])
        pool = [n for n in cards if n not in (own, kept)]
        rng.shuffle(pool)
        salsa.row, salsa.stack_order = pool[:FORUM_ROW], pool[FORUM_ROW:]
        salsa.stack_remaining = len(salsa.stack_order)
        notes.append(N_("Salsa: your blue forum card {card} (as given); forum row dealt from the seed: {row}", card=kept,
                        row=', '.join(salsa.row)) if opts.forum_kept else
                     N_("Salsa: your blue forum card {card} (drawn from the seed); forum row dealt from the seed: {row}", card=kept,
                        row=', '.join(salsa.row)))
    v.salsa = salsa


def _hand_card(entry) -> Card:
    if isinstance(entry, str):
        return Card.of(entry)
    base = Card.of(entry["name"])
    return Card(base.name, tuple(entry.get("gods", base.gods)))
