"""What a player types, read into the names and moves the rules use (pure functions).

Shared by every front end (``contrarius play``/``preview``/``new`` and the guided turn
loop of ``contrarius session``): each function takes text and, where the answer depends
on the game, a snapshot; it returns printed names or exact move triples and never prints.
Every failure is one :class:`~contrarius.errors.UnknownNameError` (exit 2) whose message
either names the closest printed names or asks one question listing the candidates.

One resolver per kind of name, each reading the English and Brazilian Portuguese names of
:mod:`contrarius.material.lexicon` with case and accents folded:

- :func:`card_from_text`: a personality card by its name, an alias (``pm``,
  ``Bricklayer``, ``Arquiteto``) or a unique prefix (``merc``, ``arch``, ``trib``, ``sen``,
  ``pref``, ``tec``).
- :func:`goods_from_text`, :func:`goods_name`: a goods type, also by a common synonym
  (``grain``/``wheat`` for food, plurals such as ``bricks``, ``tijolo``, ``vinho``).
- :func:`die_face_text`: a die result as typed, with goods names read as the goods (the
  dice themselves and their faces: :func:`contrarius.material.dice.die_name` and
  :func:`~contrarius.material.dice.parse_face`).
- :func:`kind_from_text`: a colonist kind (``land``, ``terrestre``, ``mar``).
- :func:`province_from_text`, :func:`city_from_text`: a board's province (also by its
  colour in Portuguese) and place (also by a unique beginning, ``narbo``).
- :func:`parse_move`: a colonist move, the exact ``KIND:FROM:TO`` line form or the
  shorthand ``KIND:WHERE>CITY`` (the colonist standing at ``WHERE`` goes to the nearest
  free line next to ``CITY``).
"""

from __future__ import annotations

from typing import Any

from contrarius.messages import N_, NP_, Joined, Term
from contrarius.material.board import GOODS, KINDS, TOKEN_GOODS, unknown
from contrarius.material.lexicon import GOODS_NAMES, KIND_NAMES, choose, fold, or_list, tables
from contrarius.errors import ContrariusError, UnknownNameError

#: Team-play cards (stack III and the team hands): not offered in solo games.
TEAM_CARDS: tuple[str, ...] = ("Legatus", "Praetor", "Proconsul", "Prefect/Architect", "Architect/Mercator", "Mercator/Prefect")


def resolve_prefix(text: str, names: list[str], what: str) -> str:
    """The one of ``names`` that ``text`` names: equal ignoring case and accents, else a
    unique prefix.

    When several names start with ``text`` and one of them is the start of all the others
    (``pref``: Prefect, Prefect with Praefectus Magnus, Prefect/Architect), that shortest
    one is meant. Raises :class:`UnknownNameError` asking which one (``'pr' could be
    Praetor, Prefect or Proconsul: which one?``) when the prefix is shared, or naming the
    closest of ``names`` (only printed names) when nothing starts with it.
    """
    if not fold(text):
        raise UnknownNameError(N_("empty {what} name; one of {names}", what=what, names=', '.join(names)))
    found = choose(text, {fold(n): n for n in reversed(names)}, what)
    if found is None:
        raise unknown(what, text, names)
    return found


def card_from_text(text: str, *, mode: str | None = None) -> str:
    """The printed name of the personality card ``text`` names.

    Accepts any case, accents folded, every name of
    :data:`~contrarius.material.lexicon.CARD_NAMES` (``pm`` for the Prefect with
    Praefectus Magnus; Portuguese ``Arquiteto``, ``tecelao``; the English summary's
    ``Bricklayer``, ``Blacksmith``) and unique prefixes of any of them: ``merc`` ->
    Mercator, ``arch`` -> Architect, ``trib`` -> Tribune, ``sen`` -> Senator, ``pref``
    -> Prefect. Names meaning the same card count once (``pre``: Prefect and Prefeito);
    when the shortest printed name begins all the others, it is meant (:func:`choose
    <contrarius.material.lexicon.choose>`). ``mode``: the game's mode; in a ``solo`` game
    the team cards are not candidates for a prefix (an exact team-card name still
    resolves, and the rules then refuse it where it does not belong), so ``pre`` is the
    Prefect there, while in team play the Praetor's ``Pretor`` makes it ambiguous.
    Raises :class:`UnknownNameError`.
    """
    from contrarius.material.cards import card_name, card_tables, catalog

    try:
        return card_name(text)
    except UnknownNameError:
        pass
    every, own, rest = card_tables()
    names = list(catalog())
    if mode == "solo":
        own = {k: v for k, v in own.items() if v not in TEAM_CARDS}
        rest = {k: v for k, v in rest.items() if v not in TEAM_CARDS}
        names = [n for n in names if n not in TEAM_CARDS]
    typed = str(text).replace("_", " ")
    if not fold(typed):
        raise UnknownNameError(N_("empty card name; one of {names}", names=', '.join(names)))
    found = choose(typed, every, "card", prefixes=own, others=rest)
    if found is None:
        raise unknown("card", typed, names)
    return found


#: The goods names (:func:`~contrarius.material.lexicon.tables`): every name, the
#: printed ones, the others.
_GOODS_INDEX, _GOODS_OWN, _GOODS_REST = tables(GOODS_NAMES, TOKEN_GOODS)


def goods_from_text(text: str, allowed: tuple[str, ...] = TOKEN_GOODS) -> str:
    """The goods type ``text`` names (``brick``, ``food``, ``tool``, ``wine``, ``cloth``,
    ``salt``), case and accents folded: by any of its names
    (:data:`~contrarius.material.lexicon.GOODS_NAMES`: ``grain``/``wheat`` -> ``food``,
    ``tijolos`` -> ``brick``, ``vinho`` -> ``wine``) or by a unique prefix, first of the
    English names as printed (``clo`` -> ``cloth``, ``t`` -> ``tool``), from three letters
    on of any name (``tij`` -> ``brick``; :func:`~contrarius.material.lexicon.choose`).
    ``allowed``: the goods accepted (default all token goods, salt included). Raises
    :class:`UnknownNameError` naming the closest goods type.
    """
    key = fold(text)
    pick = (lambda table: {k: v for k, v in table.items() if v in allowed}) if allowed != TOKEN_GOODS else (lambda table: table)
    found = choose(key, pick(_GOODS_INDEX), "goods", prefixes=pick(_GOODS_OWN), others=pick(_GOODS_REST))
    if found is None:
        raise unknown("goods", key, list(allowed))
    return found


def goods_name(text: str) -> str | None:
    """The goods type a whole name of :data:`~contrarius.material.lexicon.GOODS_NAMES`
    names (``wheat``, ``tijolos``; no beginning), None for any other text."""
    return _GOODS_INDEX.get(fold(text))


def die_face_text(text: str) -> str:
    """A die result as typed, with a goods name replaced by its goods type.

    ``"grain"``, ``"trigo"`` -> ``"food"``; anything else (``"3"``, ``"land"``, ``"S"``,
    ``"terra"``) is returned stripped and unchanged: :func:`contrarius.material.dice.parse_face`
    checks it against the die (and reads the red die's Portuguese faces).
    """
    key = str(text).strip()
    hit = _GOODS_INDEX.get(fold(key))
    return hit if hit is not None and hit != fold(key) else key


#: The colonist kinds' names (``land``, ``sea``; ``terrestre``, ``marítimo``, ...).
_KINDS = tables(KIND_NAMES, KINDS)


def kind_from_text(text: str) -> str | None:
    """The colonist kind ``text`` names: ``land`` or ``sea``, by its English or
    Portuguese name (:data:`~contrarius.material.lexicon.KIND_NAMES`: ``terrestre``,
    ``terra``, ``marítimo``, ``mar``), case and accents folded, or a beginning of two
    letters or more of the English name (``la``), three of another (``ter``, ``mari``);
    None when it names neither."""
    every, own, rest = _KINDS
    return choose(text, every, "colonist kind", min_prefix=2, prefixes=own, others=rest)


def province_from_text(board: Any, text: str) -> str:
    """The province of ``board`` that ``text`` names: :meth:`Board.province
    <contrarius.material.board.Board.province>` (printed name, alias, unique beginning, a
    colour in Portuguese for the boards that name provinces by colour)."""
    return board.province(text)


def city_from_text(board: Any, text: str) -> str:
    """The place of ``board`` that ``text`` names: :meth:`Board.place
    <contrarius.material.board.Board.place>` (printed name, alias such as the modern
    name, case and accents folded, unique beginning: ``narbo``)."""
    return board.place(text)


def parse_move(text: str, snapshot: Any = None, owner: str | None = None, option: str = "--move",
               yours: bool | None = None, used: int = 0) -> tuple[str, str, str]:
    """Read one colonist move into ``(kind, from, to)`` as the rules take it.

    Two forms (base rules, the Architect: a colonist moves along lines of its kind):

    - exact: ``KIND:FROM:TO`` (``land:Roma:Roma-Spoletvm``, ``sea:Cosa-Roma:Aleria-Cosa``);
      the places returned as typed (the rules resolve the names), the kind by any of its
      names (:func:`kind_from_text`: ``terra``, ``mar``).
    - shorthand: ``KIND:WHERE>CITY`` (``land:Casinvm>Lvceria``): the ``owner``'s colonist
      of that kind standing at ``WHERE`` (a city, a line ``A-B``, or a city next to the
      line it stands on) goes to the line of its kind next to ``CITY`` that it reaches in
      the fewest steps and that no other colonist holds. Needs ``snapshot`` (a
      :class:`~contrarius.model.snapshot.Snapshot`) and ``owner`` (a player id). Which
      colonists stand at ``WHERE`` is :func:`colonists_at`.

    ``option`` is how the text was given (``--move``, ``--partner-move``; the session's
    ``move``, ``player2's move``): the messages name it. ``yours``: the messages say
    "you" (else they name ``owner``); default: ``option`` is ``--move``. ``used``: the
    movement steps earlier moves of this Architect took (the shorthand's budget is the
    rest). Raises
    :class:`ContrariusError` for text in neither form, and :class:`UnknownNameError` with
    one question (listing the exact forms to type; a
    :class:`~contrarius.errors.TiedMovesError` with the moves) when the shorthand fits
    several colonists (:func:`colonists_at`: in ``WHERE`` and on a line next to it alike)
    or several equally near lines that leave the board different: the shorthand never
    guesses, and never asks between moves that leave the board the same (two colonists
    standing together).
    """
    raw = str(text).strip()
    if ">" in raw:
        head, _, city = raw.partition(">")
        kind, sep, where_ = head.partition(":")
        kind = (kind_from_text(kind) if sep else None) or kind.strip().casefold()
        if not sep or kind not in KINDS or not where_.strip() or not city.strip():
            raise ContrariusError(N_("{option} {text!r}: write KIND:WHERE>CITY, e.g. land:Casinvm>Lvceria (or KIND:FROM:TO)", option=option, text=text))
        if snapshot is None or owner is None:
            raise ContrariusError(N_("{option} {text!r}: the shorthand needs the game; write KIND:FROM:TO", option=option, text=text))
        return _shorthand(snapshot, owner, kind, where_.strip(), city.strip(), f"{option} {raw}",
                          option == "--move" if yours is None else yours, used)
    parts = [p.strip() for p in raw.split(":")]
    kind = kind_from_text(parts[0]) if len(parts) == 3 else None
    if kind is None or not parts[1] or not parts[2]:
        raise ContrariusError(N_("{option} {text!r}: write KIND:FROM:TO, e.g. land:Roma:Roma-Spoletvm, or KIND:WHERE>CITY, e.g. land:Casinvm>Lvceria", option=option, text=text))
    return kind, parts[1], parts[2]


def parse_moves(texts: list[str], snapshot: Any = None, owner: str | None = None,
                option: str = "--move", yours: bool | None = None) -> list[tuple[str, str, str]]:
    """Read several colonist moves of one Architect (:func:`parse_move` each), in order:
    a shorthand ``KIND:WHERE>CITY`` is read on the board as the earlier moves left it, so
    ``land:Roma>Casinvm`` then ``land:Casinvm-Roma>Neapolis`` moves the same colonist
    twice. A move the rules refuse is left for them to refuse (the later ones are then
    read on the board as it was before it). ``option``, ``yours``: as for :func:`parse_move`
    (``--partner-move``: the partner's moves, ``owner`` the partner). Raises what
    :func:`parse_move` raises.
    """
    from contrarius.errors import RuleError
    from contrarius.rules.player_part import move_colonists

    state = snapshot
    used = 0  # the steps the earlier moves took: a later shorthand's budget is the rest
    out: list[tuple[str, str, str]] = []
    for n, text in enumerate(texts):
        out.append(parse_move(text, state, owner, option, yours, used))
        if state is not None and owner is not None and any(">" in t for t in texts[n + 1:]):
            trial = state.copy()
            try:
                events = move_colonists(trial, owner, [out[-1]])
            except (RuleError, ContrariusError):
                continue
            used += sum(e.data.get("steps", 0) for e in events)
            state = trial
    return out


def colonists_at(s: Any, owner: str, kind: str, where_: str) -> list[Any]:
    """``owner``'s colonists of ``kind`` that the ``WHERE`` of a move shorthand names:
    on the line ``where_`` (``A-B``), or for a city or place, those standing in it AND
    those on a line next to it (both are "at" it as players say; the shorthand asks when
    they are several, never prefers one). Raises :class:`UnknownNameError` for a name the
    board does not know."""
    board = s.board
    mine = s.colonists_of(owner, kind)
    if board.is_line_text(where_):  # a place may hold a hyphen itself (Germania's Castle-Vbii)
        line = board.parse_line(where_, kind)
        return [c for c in mine if c.line == line]
    place = board.place(where_)
    return [c for c in mine if c.city == place or (c.line is not None and place in c.line.ends)]


def reachable_cities(s: Any, colonist: Any, steps: int) -> list[str]:
    """The cities ``colonist`` can end next to within ``steps`` movement steps: the ends
    of the free lines of its kind it reaches (base rules, the Architect: no move ends on
    an occupied or dotted line), alphabetically; cities only, without the two next to
    the line it stands on (the shorthand needs no move there)."""
    from contrarius.rules.build import line_distances

    out: dict[str, None] = {}
    for ln, path in line_distances(s, colonist, steps).items():
        if path and len(path) <= steps and ln.stoppable and s.line_occupant(ln) in (None, colonist):
            for end in ln.ends:
                if s.board.is_city(end) and not (colonist.line is not None and end in colonist.line.ends):
                    out[end] = None
    return sorted(out, key=str.casefold)


def _shorthand(s: Any, owner: str, kind: str, where_: str, city: str, given: str, yours: bool,
               used: int = 0) -> tuple[str, str, str]:
    """The exact move the shorthand ``KIND:WHERE>CITY`` stands for (see :func:`parse_move`);
    ``given`` (option and text, ``--move land:Roma>Cosa``) starts each message, which says
    "you" when ``yours`` (the player's own move), else names ``owner`` (the partner's).
    ``used``: the steps earlier moves of this Architect took."""
    from contrarius.errors import TiedMovesError
    from contrarius.rules.build import line_distances, movement_steps

    board = s.board
    mine = s.colonists_of(owner, kind)
    cols = colonists_at(s, owner, kind, where_)
    if not cols:
        at = Joined(", ", [c.where for c in mine]) if mine else N_("none (all in supply)")
        if yours:
            raise UnknownNameError(N_("{given}: you have no {kind} colonist at {where_}; yours stand at {at}",
                                      given=given, kind=Term("kind", kind), where_=where_, at=at))
        raise UnknownNameError(N_("{given}: {owner} has no {kind} colonist at {where_}; theirs stand at {at}",
                                  given=given, owner=owner, kind=Term("kind", kind), where_=where_, at=at))
    target = board.place(city)
    options: list[tuple[int, str, str]] = []
    for col in cols:
        if col.line is not None and target in col.line.ends:
            if len(cols) == 1:
                if yours:
                    raise UnknownNameError(N_("{given}: your {kind} colonist on {line} already stands next to {target}; no move needed",
                                              given=given, kind=Term("kind", kind), line=col.line.label, target=target))
                raise UnknownNameError(N_("{given}: {owner}'s {kind} colonist on {line} already stands next to {target}; no move needed",
                                          given=given, owner=owner, kind=Term("kind", kind), line=col.line.label, target=target))
            continue
        paths = line_distances(s, col, 10 ** 6)
        free = [(len(p), ln.label) for ln, p in paths.items()
                if target in ln.ends and ln.stoppable and (s.line_occupant(ln) is None or s.line_occupant(ln) is col)]
        if free:  # this colonist's nearest free lines next to the city
            best = min(n for n, _ in free)
            options += [(best, col.where, label) for n, label in sorted(free) if n == best]
    if not options:
        raise UnknownNameError(N_("{given}: no free {kind} line next to {target} can be reached from {where_}", given=given, kind=Term("kind", kind), target=target, where_=where_))
    options = list(dict.fromkeys(options))  # two colonists standing together are one choice
    # the step budget first (base rules, the Architect: as many steps as colonists on the
    # board, less those earlier moves took): a move longer than every step the player has
    # left is never a choice to ask about
    steps = movement_steps(s, owner)
    budget = max(0, steps - used)
    within = [o for o in options if o[0] <= budget]
    if not within:
        n = min(o[0] for o in options)
        if used:
            left = (NP_("you have {n} step left of {steps} (earlier moves took {used})",
                        "you have {n} steps left of {steps} (earlier moves took {used})", budget, steps=steps, used=used) if yours else
                    NP_("{owner} has {n} step left of {steps} (earlier moves took {used})",
                        "{owner} has {n} steps left of {steps} (earlier moves took {used})", budget, owner=owner, steps=steps, used=used))
        else:
            left = (NP_("you have {n} colonist on the board, so {n} step", "you have {n} colonists on the board, so {n} steps", steps)
                    if yours else
                    NP_("{owner} has {n} colonist on the board, so {n} step", "{owner} has {n} colonists on the board, so {n} steps",
                        steps, owner=owner))
        raise UnknownNameError(NP_("{given}: {target} is {n} step away, but {left}", "{given}: {target} is {n} steps away, but {left}",
                                   n, given=given, target=target, left=left))
    options = _different_boards(s, owner, kind, within)
    if len(options) > 1:
        forms = [f"{kind}:{frm}:{to}" for _, frm, to in options]
        moves = [(f, n) for f, (n, _, _) in zip(forms, options)]
        if len({n for n, _, _ in options}) == 1:
            n = options[0][0]
            raise TiedMovesError(NP_("{given}: which move? {value} (each {n} step)", "{given}: which move? {value} (each {n} steps)",
                                     n, given=given, value=or_list(forms)), moves)
        forms = [NP_("{move} ({n} step)", "{move} ({n} steps)", n, move=f) for f, (n, _, _) in zip(forms, options)]
        raise TiedMovesError(N_("{given}: which move? {value}", given=given, value=or_list(forms)), moves)
    _, frm, to = options[0]
    return kind, frm, to


def _different_boards(s: Any, owner: str, kind: str, options: list[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
    """``options`` (``(steps, from, to)``) less those that leave the board as an earlier
    one does: the board after each move (every colonist's owner, kind and place) is
    compared, so that no question is asked whose answers lead to the same game. A move the
    rules refuse stays (it is refused when given)."""
    from contrarius.errors import RuleError
    from contrarius.rules.player_part import move_colonists

    seen: set[tuple] = set()
    out: list[tuple[int, str, str]] = []
    for opt in options:
        trial = s.copy()
        try:
            move_colonists(trial, owner, [(kind, opt[1], opt[2])])
        except (RuleError, ContrariusError):
            out.append(opt)
            continue
        board = tuple(sorted((c.owner, c.kind, c.where) for c in trial.colonists))
        if board not in seen:
            seen.add(board)
            out.append(opt)
    return out


__all__ = ["GOODS", "TEAM_CARDS", "card_from_text", "city_from_text", "colonists_at", "die_face_text",
           "goods_from_text", "goods_name", "kind_from_text", "parse_move", "parse_moves", "province_from_text", "reachable_cities",
           "resolve_prefix"]
