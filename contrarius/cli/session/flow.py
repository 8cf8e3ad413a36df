"""The questions of one turn of ``contrarius session``: a pure generator, no input or output.

:func:`turn_flow` is a generator. It yields a :class:`Question`, receives the answer (a
string; ``""`` takes the question's default) through ``send``, and when the turn is
complete it returns a :class:`Turn`: ``play``'s options as given and the
:class:`~contrarius.rules.contrarius_part.TurnResult` of :func:`contrarius.rules.game.play` on them. A
wrong answer is refused with the one-line message the command line gives for it (the
question comes again with ``error`` set), because every answer is checked by running the
rules themselves on the action so far (``no_roll``: no die is rolled while asking).

One code path: the action is built by :func:`contrarius.cli.turn_input.turn_action` from
the same option values ``contrarius play`` takes (``produce``, ``move``, ``die`` ...), and
the turn is :func:`contrarius.rules.game.play` (the dispatcher by mode) of that action; only the terminal front
(:mod:`contrarius.cli.session.command`) reads, prints and writes.

What is asked, in the order of the card's action (base rules, "Personality cards";
Solitaria, "Solo Personality Cards", "Cooperative Personality Cards"): exactly what the
card's statement (:mod:`contrarius.rules.personalities`) lets the player record:

- the card played (the active player's hand when recorded; unique prefixes accepted);
- Diplomat: the card copied; double card: the personality chosen; Legatus: the partner's
  card; Praetor: the reaction printed on it;
- Prefect: produce or reactivate, the province; Architect: colonist moves, then houses;
  Senator/Consul/Praetor/Proconsul: cards bought; Colonist: place or money, colonists
  placed; Tribune: a colonist bought;
- team play: the partner's part of the same card, the same way;
- a table game (dice read from the table): each die when the reaction rolls it, with its
  faces and what each means; a virtual game rolls, and the report says so;
- a display card shown as ``?`` that is bought or taken; each card drawn into the display
  when the stack's order is not recorded (Enter: leave it ``?``); Contrarius's colonist
  when several moves tie ("Where does Contrarius build?": you choose), unless every answer
  leads to the same game; a move shorthand that fits several moves: which, numbered;
- third-player variant: whether a player uses their veto card on the last die.

- the solo variants, only in a game that uses them (``snap.variants``): Salsa, the forum
  card taken with the Tribune (after the colonist bought; ``play --forum``), then, when
  ``play`` needs them, the ``?`` forum card Contrarius takes (``--forum-reveal``) and the
  forum cards drawn when the forum stack's order is not recorded (``--forum-refill``); the fish
  market, the fish paid this turn (after the card's own questions; ``play --fish``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from typing import Any

from contrarius.errors import ContrariusError, NeedDieError, NeedForumRevealError, NeedRevealError, one_line
from contrarius.messages import N_
from contrarius.words.i18n import _, ngettext, term_name

#: The words of the cards' statements (:mod:`contrarius.rules.personalities`) that the
#: session asks with: msgids, said with ``_`` where they are asked.
STATEMENT_WORDS = (N_("produce or reactivate?"), N_("place colonists or take money?"),
                   N_("the Colonist either places colonists or earns money"),
                   N_("the Prefect either produces or reactivates"), N_("a colonist placed"),
                   N_("a colonist bought with the Tribune"))

Choice = tuple[str, str]

#: How many colonists the session asks for with a card whose statement sets no limit of
#: its own (the Colonist: as many as the supply holds); ``play --place`` takes more.
PLACES_ASKED = 3

#: Commands accepted instead of a card between turns (``help`` lists them).
COMMANDS: dict[str, str] = {
    "show": N_("the state at a glance").english(),
    "where": N_("where Contrarius builds, every face or one: where [FACE]").english(),
    "preview": N_("what each card would provoke, or one card: preview [CARD]").english(),
    "log": N_("the turns played so far").english(),
    "reveal": N_("name a display card shown as ? (drawn from your stack): reveal POSITION=CARD, e.g. reveal 7=Consul").english(),
    "undo": N_("take back the last turn, or N turns: undo [N]").english(),
    "redo": N_("play an undone turn again, or N turns: redo [N]").english(),
    "help": N_("this list").english(),
    "quit": N_("end the session (every finished turn is already written)").english(),
}

#: The session's commands by their Portuguese words too (typed in any language, accents and
#: case folded; the commands' names stay what they are, as command names everywhere).
COMMAND_WORDS: dict[str, tuple[str, ...]] = {
    "show": ("mostrar",), "where": ("onde",), "preview": ("prévia", "previa"), "log": ("registro",),
    "reveal": ("revelar",), "undo": ("desfazer",), "redo": ("refazer",), "help": ("ajuda",), "quit": ("sair",),
}


@dataclass(frozen=True)
class Question:
    """One question of a turn.

    ``key``: what it asks (``card``, ``produce``, ``move``, ``die`` ...; ``partner_*`` for
    the partner's part). ``text``: the question, one line. ``choices``: ``(value, help)``
    pairs offered for completion. ``default``: taken by an empty answer (shown as
    ``[default]``); ``optional``: an empty answer means none / no more (lists).
    ``notes``: lines shown before the question (a die's faces and what each means).
    ``error``: the message refusing the previous answer, else None. ``complete``: more
    completions for the text typed so far (the move shorthand's city after ``>``), or None.
    """

    key: str
    text: str
    choices: tuple[Choice, ...] = ()
    default: str | None = None
    optional: bool = False
    notes: tuple[str, ...] = ()
    error: str | None = None
    complete: Callable[[str], tuple[str, ...]] | None = None

    def prompt(self) -> str:
        """The question as a terminal prompt: ``text [default]: ``."""
        tail = f" [{self.default}]" if self.default is not None else (_(" [Enter: none]") if self.optional else "")
        return f"{self.text}{tail}: "


@dataclass
class Turn:
    """A complete turn: ``card`` and ``options`` (``play``'s option values by parameter
    name), ``result`` (the :class:`~contrarius.rules.contrarius_part.TurnResult`)."""

    card: str
    options: dict[str, Any]
    result: Any


Flow = Generator[Question, str, Any]


def pick(answer: str, choices: tuple[Choice, ...] | list[Choice]) -> str | None:
    """The choice ``answer`` names, read as ``play`` reads names
    (:func:`contrarius.words.names.resolve_prefix`: equal ignoring case, else a unique
    beginning, the shortest name when it begins all the others; ``_`` read as a space);
    None when it names none or several (the caller then gives its own message)."""
    from contrarius.errors import UnknownNameError
    from contrarius.words.names import resolve_prefix

    key = " ".join(str(answer).replace("_", " ").split())
    if not key:
        return None
    values = [v for v, _h in choices]
    try:
        return resolve_prefix(key, values, "answer")
    except UnknownNameError:
        pass
    aliases = {alias: v for v in values for alias in answer_words(v)}  # the choices' Portuguese words
    try:
        return aliases[resolve_prefix(key, list(aliases), "answer")] if aliases else None
    except UnknownNameError:
        return None


#: The Portuguese words of the English choices the session offers (a choice of action, the
#: Praetor's printed reaction), accepted as well: ``produzir`` for ``produce``.
ANSWER_WORDS: dict[str, tuple[str, ...]] = {
    "produce": ("produzir",), "reactivate": ("reativar",), "place": ("colocar",), "money": ("dinheiro",),
    "vp": ("pv",), "house": ("casa",), "none": ("nenhum",),
}


def said_choice(value: str) -> str:
    """The choice ``value`` as a refusal names it: its first Portuguese word in Portuguese
    (:data:`ANSWER_WORDS`), else itself."""
    from contrarius.words import language

    if language.current() == language.ENGLISH or value not in ANSWER_WORDS:
        return value
    return ANSWER_WORDS[value][0]


def answer_words(value: str) -> tuple[str, ...]:
    """The other words that name the choice ``value``: its Portuguese words
    (:data:`ANSWER_WORDS`); a ``KIND:CITY`` with the colonist kind's Portuguese names
    (``terrestre:Roma``)."""
    from contrarius.material.lexicon import KIND_NAMES

    if value in ANSWER_WORDS:
        return ANSWER_WORDS[value]
    if value in COMMAND_WORDS:
        return COMMAND_WORDS[value]
    kind, colon, where_ = value.partition(":")
    if colon and kind in KIND_NAMES:
        return tuple(f"{name}:{where_}" for name in KIND_NAMES[kind])
    return ()


def ask(question: Question, parse: Callable[[str], Any]) -> Flow:
    """Yield ``question`` until ``parse`` accepts the answer; return what it returns.

    An empty answer becomes the default; with no default, an optional question returns
    None and any other asks again. ``parse`` raises :class:`ContrariusError` to refuse an
    answer; its message (one line) comes with the question asked again.
    """
    error = None
    while True:
        answer = yield replace(question, error=error)
        answer = " ".join(str(answer).split())
        if not answer:
            if question.default is not None:
                answer = question.default
            elif question.optional:
                return None
            else:
                asked = str(question.text)
                needed = _("{question} An answer is needed") if asked.rstrip().endswith("?") else _("{question}: an answer is needed")
                error = needed.format(question=asked) + (
                    _(" (e.g. {example})").format(example=term_name("card", question.choices[0][0])) if question.choices else "")
                continue
        try:
            return parse(answer)
        except ContrariusError as exc:
            error = session_message(str(exc))


def session_message(text: str) -> str:
    """A refusal as the session shows it: ``play``'s one-line message without the option
    it opens with (``--refill Weaver: ...`` -> ``Weaver: ...``): the session user typed
    answers, never ``play``'s options."""
    import re

    return re.sub(r"^--[a-z][a-z-]* ", "", one_line(text))


# ----- running the rules on the action so far -----------------------------------------------------
def build_action(snap, card: str, options: dict[str, Any], *, trial: bool = False, partner_known: bool = True):
    """The action of ``options`` (:func:`~contrarius.cli.turn_input.turn_action`, as ``play``).

    ``trial``: never roll (a die not given raises :class:`NeedDieError`). ``partner_known``
    False: the partner's part is not asked yet (team play: left unrecorded in a trial).
    """
    from contrarius.cli.turn_input import turn_action
    from contrarius.model.snapshot import SOLO

    opts = {k: (list(v) if isinstance(v, list) else v) for k, v in options.items()}
    pa = turn_action(snap, card, **opts)
    if trial:
        pa.no_roll = True
        if snap.mode != SOLO and not partner_known:
            pa.partner = None
    return pa


def run(snap, card: str, options: dict[str, Any]):
    """:func:`contrarius.rules.game.play` on the action of ``options``: the turn as ``play``
    would play it. Raises what ``play`` raises."""
    from contrarius.rules.game import play

    return play(snap, build_action(snap, card, options))


def check(snap, card: str, options: dict[str, Any], partner_known: bool) -> None:
    """Run the turn so far without rolling; a die, a ``?`` card or a ``?`` forum card still
    to name is fine.

    Raises the rules' :class:`ContrariusError` for anything else (the answer just given).
    """
    from contrarius.rules.game import play

    try:
        play(snap, build_action(snap, card, options, trial=True, partner_known=partner_known))
    except (NeedDieError, NeedRevealError, NeedForumRevealError):
        pass  # asked later: the dice when rolled, a ? card when taken, the forum card after the forum answer


# ----- choices -----------------------------------------------------------------------------------
def card_choices(snap, pid: str | None) -> tuple[Choice, ...]:
    """The cards the player may play: their hand when recorded, else every card of the mode
    (a solo game: not the cards of team play)."""
    from contrarius.material.cards import catalog
    from contrarius.model.snapshot import SOLO
    from contrarius.rules.personalities import team_only

    p = snap.player(pid)
    if p.hand is not None:
        names = list(dict.fromkeys(c.name for c in p.hand))
    else:
        names = [n for n, c in catalog().items() if snap.mode != SOLO or not team_only(c["reaction"])]
    return tuple((n, "/".join(catalog()[n]["gods"])) for n in names)


def _province_choices(snap) -> tuple[Choice, ...]:
    return tuple((p, _("bonus marker: goods")) for p in sorted(snap.board.provinces, key=str.casefold)
                 if snap.bonus_markers.get(p) == "goods")


def _city_choices(snap) -> tuple[Choice, ...]:
    return tuple((c, f"{snap.board.cities[c].province}, {snap.cities.get(c)}") for c in sorted(snap.board.cities, key=str.casefold))


def _build_choices(state, pid: str) -> tuple[Choice, ...]:
    """The cities ``pid`` may build in, in ``state`` (the game after the moves answered):
    next to a line one of their colonists stands on, without their house (base rules, the
    Architect; the rules refuse any other)."""
    near = {e for col in state.colonists_of(pid) if col.line is not None for e in col.line.ends if state.board.is_city(e)}
    return tuple((c, f"{state.board.cities[c].province}, {state.cities.get(c)}") for c in sorted(near, key=str.casefold)
                 if pid not in state.houses.get(c, []))


def _place_choices(snap, pid: str, at_start: bool = False) -> tuple[Choice, ...]:
    """Where ``pid`` may place a new colonist: where that kind starts, or a city with their
    house; a colonist the card's statement places at the start only (the Tribune's "placed
    in Roma", ``places_at_start``) only there, as the rules accept."""
    from contrarius.material.board import KINDS

    houses = [] if at_start else sorted(snap.houses_of(pid), key=str.casefold)
    return tuple((f"{k}:{c}", _("your house") if c in houses else _("start")) for k in KINDS
                 for c in dict.fromkeys([*snap.homes(k), *houses]))


def _after_moves(snap, pid: str, done: list[str], steps: int):
    """``(state, steps left)``: the game after the colonist moves ``done`` (as typed) of
    ``pid`` (the player's own or the partner's), applied by the rules
    (:func:`contrarius.rules.player_part.move_colonists`), and the movement steps left of ``steps``.
    Moves that cannot be read or applied leave the game as it was (they are refused when
    answered)."""
    from contrarius.words.names import parse_moves
    from contrarius.rules.player_part import move_colonists

    if not done:
        return snap, steps
    state = snap.copy()
    try:
        used = sum(e.data.get("steps", 0) for e in move_colonists(state, pid, parse_moves(done, snap, pid)))
    except ContrariusError:
        return snap, steps
    return state, max(0, steps - used)


def _shorthand_completer(state, pid: str, steps: int) -> Callable[[str], tuple[str, ...]]:
    """Completions of the move shorthand ``KIND:WHERE>CITY`` typed so far: after the
    ``>``, the cities the colonist at ``WHERE`` can end next to within ``steps``
    (:func:`contrarius.words.names.reachable_cities`), in ``state`` (the game after the moves
    already answered). Text without ``>`` gets none (the exact forms are the choices)."""
    from contrarius.material.board import KINDS
    from contrarius.words.names import colonists_at, reachable_cities

    def complete(text: str) -> tuple[str, ...]:
        head, sep, _ = text.partition(">")
        kind, colon, where_ = head.partition(":")
        if not sep or not colon or kind.casefold() not in KINDS or not where_:
            return ()
        try:
            cols = colonists_at(state, pid, kind.casefold(), where_)
        except ContrariusError:
            return ()
        cities = dict.fromkeys(c for col in cols for c in reachable_cities(state, col, steps))
        return tuple(f"{head}>{c}" for c in cities)

    return complete


def _move_choices(snap, pid: str, steps: int) -> tuple[Choice, ...]:
    """The exact moves ``KIND:FROM:TO`` of ``pid``'s colonists within ``steps``, ending on
    a free line (as :func:`contrarius.words.names.reachable_cities`)."""
    from contrarius.rules.build import line_distances

    out: list[Choice] = []
    for col in snap.colonists_of(pid):
        for line, path in sorted(line_distances(snap, col, steps).items(), key=lambda kv: kv[0].label):
            if path and len(path) <= steps and line.stoppable and snap.line_occupant(line) in (None, col):
                out.append((f"{col.kind}:{col.where}:{line.label}", ngettext("{n} step", "{n} steps", len(path)).format(n=len(path))))
    return tuple(dict.fromkeys(out))


def _buy_choices(snap) -> tuple[Choice, ...]:
    cards = snap.display_cards()
    return tuple((str(i), str(c)) for i, c in enumerate(cards, 1)) + tuple(
        (str(c), _("display position {n}").format(n=i)) for i, c in enumerate(cards, 1) if c != "?")


def _copy_choices(snap) -> tuple[Choice, ...]:
    """The cards a Diplomat may copy in solo and team play, exactly as the rules accept
    them (:func:`contrarius.rules.personalities.diplomat.copy_targets`: Contrarius's
    face-up cards, each name once, never a Diplomat or a Legatus)."""
    from contrarius.rules.personalities.diplomat import copy_targets

    return tuple((n, _("Contrarius's face-up card")) for n in copy_targets(snap))


def _copy_notes(snap) -> tuple[str, ...]:
    """What the Diplomat's question leaves out and why: Contrarius's face-up cards a
    Diplomat may not copy (README "How the rules are read", **Diplomat**)."""
    from contrarius.rules.personalities.diplomat import not_copyable

    left = not_copyable(snap)
    if not left:
        return ()
    cards = ", ".join(term_name("card", c) for c in left)
    if "Legatus" in left:
        return ("  " + _("not offered: Contrarius's face-up {cards} (a Diplomat cannot copy a Diplomat or a Legatus; reading)").format(cards=cards),)
    return ("  " + _("not offered: Contrarius's face-up {cards} (a Diplomat cannot copy a Diplomat; reading)").format(cards=cards),)


def _face_meanings(state, die: str, exclude: tuple = ()) -> tuple[Choice, ...]:
    """Each face of ``die`` with what it makes Contrarius do in ``state`` (the game as it
    stands when the die is rolled): the rules' own answers ("Solo Personality Cards",
    "Where does Contrarius build?"), never a guess. ``exclude``: faces the rules roll
    again (the red die when Contrarius cannot build: a card face, README's reading
    "Cannot build: which colonist")."""
    from contrarius.rules.build import contrarius_home, where
    from contrarius.errors import RuleError
    from contrarius.model.snapshot import CONTRARIUS

    cards = state.display_cards()

    def card_at(n: int) -> str:
        if not cards:
            return _("no card left: a house instead (white die)")
        return (_("takes {card}").format(card=term_name("card", cards[n - 1])) if n <= len(cards)
                else _("position {n} is empty: takes {card} (position 1)").format(n=n, card=term_name("card", cards[0])))

    if die == "architect":
        return tuple((str(n), card_at(n)) for n in range(1, 6))
    if die == "tribune":
        def colonist(kind: str) -> str:
            # "Supplementary rules": no colonist of that kind left -> the other kind; none
            # at all -> the card in position 1
            other = "sea" if kind == "land" else "land"
            for k in (kind, other):
                home = contrarius_home(state, k)[0]
                if state.colonists_in_supply(CONTRARIUS, k) > 0 and home is not None:
                    return (_("a {kind} colonist in {city}").format(kind=term_name("kind", k), city=home)
                            + ("" if k == kind else _(" (no {kind} colonist to place)").format(kind=term_name("kind", kind))))
            return _("no colonist to place: {then}").format(then=card_at(1))

        card = _("names no colonist: rolled again (reading)") if "card" in exclude else card_at(1)
        return (("land", colonist("land")), ("sea", colonist("sea")), ("card", card))
    if state.houses_in_supply(CONTRARIUS) == 0 and not state.contrarius.track:
        return tuple((f, _("no house left: a colonist instead (red die)")) for f in ("brick", "food", "tool", "wine", "cloth", "S"))
    out: list[Choice] = []
    for face in ("brick", "food", "tool", "wine", "cloth", "S"):
        try:
            r = where(state, face)
        except RuleError:
            out.append((face, _("Contrarius owns no specialist")))
            continue
        what = f"{term_name('card', r.specialist)}: {term_name('goods', r.goods)}, " if r.specialist else ""
        if r.city is None:
            out.append((face, what + _("cannot build: a colonist instead (red die)")))
        else:
            tie = _(", {n} tied colonist moves").format(n=len(r.moves)) if len(r.moves) > 1 else ""
            out.append((face, what + _("builds in {city} ({province}, {goods})").format(city=r.city, province=r.province,
                                                                                       goods=term_name("goods", state.cities[r.city])) + tie))
    return tuple(out)


def die_question(state, die: str, why: str, *, meanings: bool = True, exclude: tuple = ()) -> Question:
    """The question for one die read from the table: the faces it has and what each would
    make Contrarius do in ``state`` (the game when the die is rolled). ``meanings`` False:
    the faces only (a veto's re-roll, where the game at that die is not at hand).
    ``exclude``: the faces the rules roll again (:class:`~contrarius.errors.NeedDieError`)."""
    from contrarius.material.dice import DIE_COLOURS

    faces = list(dict.fromkeys(str(f) for f in state.faces(die)))
    if meanings:
        choices = _face_meanings(state, die, exclude)
    else:
        every = {"architect": ("1", "2", "3", "4", "5"), "tribune": ("land", "sea", "card")}
        choices = tuple((f, "") for f in every.get(die, ("brick", "food", "tool", "wine", "cloth", "S")))
    width = max([6, *(len(term_name("face", v)) for v, _h in choices)])
    notes = tuple(f"  {term_name('face', v):{width}} {h}" for v, h in choices if h) + (
        "  " + _("(the faces of this die: {faces})").format(faces=", ".join(term_name("face", f) for f in faces)),)
    return Question("die", _("{colour} die ({why}): what does it show?").format(colour=term_name("colour", DIE_COLOURS[die]), why=term_name("card", why)),
                    choices, notes=notes)


def _say(who: str, text: str) -> str:
    """A question's text: ``"player2: text"`` in a two-player game, ``"Text"`` in solo play
    (``who`` empty)."""
    return f"{who}: {text}" if who else text[:1].upper() + text[1:]


def _either(key: str, text: str, pair: tuple[Choice, Choice], what: str) -> Flow:
    """Ask for one of two actions (``pair``; the first is the default); ``what`` opens the
    message refusing anything else."""
    def parse(a: str) -> str:
        got = pick(a, pair)
        if got is None:
            raise ContrariusError(_("{what}: answer {first} or {second}, not {answer}").format(what=_(what), first=said_choice(pair[0][0]), second=said_choice(pair[1][0]), answer=repr(a)))
        return got

    return (yield from ask(Question(key, text, pair, said_choice(pair[0][0])), parse))


# ----- one player's part of the card ------------------------------------------------------------
def _part(snap, card: str, opts: dict[str, Any], kind: str, pid: str, who: str, prefix: str,
          checked: Callable[[], None]) -> Flow:
    """Ask ``pid``'s part of a card with the reaction ``kind``, the questions its statement
    names (a choice of action and its province, colonist moves and houses, cards bought,
    colonists placed); option names get ``prefix`` (``""`` or ``"partner_"``). ``checked``
    runs the rules on the options so far."""
    from contrarius.material.cards import Reaction
    from contrarius.rules.build import movement_steps
    from contrarius.rules.personalities import statement_of
    from contrarius.errors import TiedMovesError
    from contrarius.words.names import parse_moves
    from contrarius.cli.turn_input import parse_place

    def keep(key: str, value: Any, *, append: bool = False) -> None:
        name = prefix + key
        old = opts.get(name)
        if append:
            opts[name] = list(old or []) + [value]
        else:
            opts[name] = value
        try:
            checked()
        except ContrariusError:
            opts[name] = old  # the refused answer is forgotten
            if old is None:
                del opts[name]
            raise

    st = statement_of(kind)  # the questions are the ones the card's statement names
    if st.choice is not None:
        act = yield from _either(prefix + "action", _say(who, _(st.choice_question)), st.choice, st.choice_refusal)
        if act == st.produces_in:
            def province(a: str) -> str:
                got = pick(a, [(p, "") for p in snap.board.provinces]) or snap.board.province(a)
                keep(act, got)
                return got

            yield from ask(Question(prefix + act, _say(who, _("the province produced in")), _province_choices(snap)), province)
            return
        if act != st.places_with:
            return keep(act, True)
    if st.moves:
        steps = movement_steps(snap, pid)
        move_label = _("{who}'s move").format(who=who) if who else _("move")
        while True:
            done = list(opts.get(prefix + "move") or [])
            state, left = _after_moves(snap, pid, done, steps)
            if done and left == 0:
                break  # every movement step used: no further move is possible, the houses come next

            def move(a: str, done=done) -> Any:
                # as play reads --move and --partner-move: the shorthand on the board as the
                # earlier moves left it; messages name the move as the session asked for it.
                # A shorthand that fits tied moves is returned, to ask which (numbered)
                try:
                    parse_moves(done + [a], snap, pid, move_label)
                except TiedMovesError as tie:
                    tie.typed = a
                    return tie
                keep("move", a, append=True)
                return a

            text = (ngettext("a colonist move, KIND:FROM:TO or KIND:WHERE>CITY ({steps} step in all", "a colonist move, KIND:FROM:TO or KIND:WHERE>CITY ({steps} steps in all", steps).format(steps=steps)
                    + (_(", {left} left)").format(left=left) if done else ")"))
            got = yield from ask(Question(prefix + "move", _say(who, text), _move_choices(state, pid, left), optional=True,
                                          complete=_shorthand_completer(state, pid, left)), move)
            if got is None:
                break
            if isinstance(got, TiedMovesError):
                yield from _tied_move(got, done, snap, pid, move_label, prefix, who, keep)
        moved, _left = _after_moves(snap, pid, list(opts.get(prefix + "move") or []), steps)
        while True:
            def build(a: str) -> str:
                city = pick(a, _city_choices(snap)) or snap.board.city(a)
                keep("build", city, append=True)
                return city

            built = set(opts.get(prefix + "build") or [])
            got = yield from ask(Question(prefix + "build", _say(who, _("a house built in (city)")),
                                          tuple(c for c in _build_choices(moved, pid) if c[0] not in built), optional=True), build)
            if got is None:
                break
        return
    most = st.buys
    if most:
        for n in range(most):
            def buy(a: str) -> str:
                got = pick(a, _buy_choices(snap)) or a
                keep("buy", got, append=True)
                return got

            got = yield from ask(Question(prefix + "buy", _say(who, _("a card bought (display position or name)")) + (_(", {n} of {most}").format(n=n + 1, most=most) if most > 1 else ""),
                                          _buy_choices(snap), optional=True), buy)
            if got is None:
                break
        return
    if st.places != 0:
        for _n in range(PLACES_ASKED if st.places is None else st.places):
            def place(a: str) -> str:
                got = pick(a, _place_choices(snap, pid, kind == "tribune")) or a
                parse_place(got)
                keep("place", got, append=True)
                return got

            text = f"{_(st.place_words)}, KIND:CITY"
            got = yield from ask(Question(prefix + "place", _say(who, text), _place_choices(snap, pid, st.places_at_start),
                                          optional=True), place)
            if got is None:
                break
        if kind == Reaction.TRIBUNE and snap.variants.salsa is not None and snap.variants.salsa.row:
            yield from _forum(snap, opts, keep)


def _tied_move(tie, done: list[str], snap, pid: str, label: str, prefix: str, who: str, keep: Callable[..., None]) -> Flow:
    """A move shorthand that fits several moves leaving the board different
    (:class:`~contrarius.errors.TiedMovesError`, the rules' reading of it): the moves
    numbered, as play's report numbers Contrarius's tied moves ("option 1 of 2"); the
    answer is a number or the exact move, kept as the exact move ``KIND:FROM:TO``."""
    from contrarius.words.names import parse_moves

    moves = tie.moves
    n = len(moves)
    options = tuple((str(k), ngettext("{move} ({n} step)", "{move} ({n} steps)", st).format(move=form, n=st)) for k, (form, st) in enumerate(moves, 1))
    typed = tie.typed

    def which(a: str) -> str:
        if a.isascii() and a.isdigit() and 1 <= int(a) <= n:
            form = moves[int(a) - 1][0]
        else:
            form = pick(a, tuple((f, "") for f, _ in moves))
            if form is None:
                raise ContrariusError(_("{answer}: {n} moves tie; answer 1 to {n} (or type one of them)").format(answer=repr(a), n=n))
        parse_moves(done + [form], snap, pid, label)
        keep("move", form, append=True)
        return form

    yield from ask(Question(prefix + "move", _say(who, _("which of the {n} tied moves for {typed}? 1 to {n}").format(n=n, typed=typed)), options,
                            notes=tuple(f"{v}. {h}" for v, h in options)), which)


def _forum(snap, opts: dict[str, Any], keep: Callable[..., None]) -> Flow:
    """Salsa: the forum card taken with the Tribune (``play --forum``; "Solo Variants",
    Concordia Salsa: a player takes one forum card each time they play the Tribune, and
    Contrarius takes the first one). The answer is kept as ``play`` records it: the
    card's printed name, its row position, or ``POSITION=NAME``.

    Then, exactly when ``play`` needs them (the rules' own take,
    :func:`contrarius.rules.variants.solo_variants.take_forum`, on the answers so far): the card
    Contrarius takes when the snapshot shows it as ``?`` (``play --forum-reveal``), and each
    card drawn to refill the row when the forum stack's order is not recorded
    (``play --forum-refill``; Enter leaves it and the later ones ``?``, as ``play``
    without the option does).
    """
    from contrarius.errors import NeedForumRevealError
    from contrarius.rules.variants.solo_variants import parse_forum_pick, take_forum
    from contrarius.model.variants import UNKNOWN, forum_cards, forum_name
    from contrarius.cli.turn_input import parse_forum_reveal

    row = snap.variants.salsa.row
    choices = tuple((n, _("forum row position {n}").format(n=i)) for i, n in enumerate(row, 1) if n != "?") + tuple(
        (str(i), n) for i, n in enumerate(row, 1))

    def forum(a: str) -> str:
        pos, name = parse_forum_pick(pick(a, choices) or a)
        got = name if pos is None else str(pos) if name is None else f"{pos}={name}"
        keep("forum", got)
        return got

    yield from ask(Question("forum", _("Salsa: the forum card you took with the Tribune (name or row position)"), choices), forum)
    salsa = snap.variants.salsa
    known = {n for n in [*salsa.contrarius, *salsa.row, *(salsa.stack_order or [])] if n != UNKNOWN}
    names = tuple((n, colour) for n, colour in forum_cards().items() if n not in known)

    def named(a: str) -> str:
        return forum_name(pick(a, names) or a)

    while True:
        refills = list(opts.get("forum_refill") or [])
        try:
            notes = take_forum(snap.copy(), opts["forum"], list(refills), parse_forum_reveal(list(opts.get("forum_reveal") or [])))
        except NeedForumRevealError as exc:
            def reveal(a: str, pos: int = exc.position) -> str:
                got = named(a)
                keep("forum_reveal", f"{pos}={got}", append=True)
                return got

            yield from ask(Question("forum_reveal", _("Salsa: Contrarius takes the first forum card, row position {pos} "
                                      "before your take, not recorded (?): which is it?").format(pos=exc.position), names), reveal)
            continue
        except ContrariusError:
            return  # refused with play's message when the turn is played
        drawn = next((n.data["drawn"] for n in notes if "drawn" in n.data), [])
        if len(drawn) - len(salsa.stack_order or []) <= len(refills):
            return  # every card drawn came from the recorded order or is named already

        def refill(a: str) -> str:
            if a == UNKNOWN:
                return a
            got = named(a)
            keep("forum_refill", got, append=True)
            return got

        got = yield from ask(Question("forum_refill", _("Salsa: a forum card drawn to refill the forum row that the snapshot "
                                        "does not know: which is it?"), names, UNKNOWN), refill)
        if got == UNKNOWN:
            return  # this card and the later ones of this turn stay ?


def _fish(snap, opts: dict[str, Any], checked: Callable[[], None]) -> Flow:
    """The fish market: the fish paid at the market this turn (``play --fish N``; "Solo
    Variants", fish market: they go to Contrarius). Enter: none (0, as ``play`` without
    ``--fish``)."""
    def fish(a: str) -> int:
        if not (a.isascii() and a.isdigit()):
            raise ContrariusError(_("{answer}: the number of fish you paid at the fish market this turn, e.g. 2 (0: none)").format(answer=repr(a)))
        n = int(a)
        if n:
            opts["fish"] = n
            try:
                checked()
            except ContrariusError:
                del opts["fish"]
                raise
        return n

    return (yield from ask(Question("fish", _("Fish market: fish you paid at the market this turn"), (("0", _("none")),), "0"), fish))


def _copy_target(snap, pid: str) -> str | None:
    """The rules' answer to "what may this Diplomat copy?" before it is asked: solo and
    team play, None (the question lists :func:`_copy_choices`), or :class:`RuleError` when
    Contrarius has no face-up card a Diplomat may copy; the third-player variant, the
    other player's top played card
    (:func:`contrarius.rules.modes.third_player.diplomat_target`: None when their played
    cards are not recorded, :class:`RuleError` when they have none)."""
    from contrarius.model.snapshot import THIRD_PLAYER
    from contrarius.rules.personalities.diplomat import copy_targets, nothing_to_copy

    if snap.mode == THIRD_PLAYER:
        from contrarius.rules.modes.third_player import diplomat_target

        return diplomat_target(snap, pid)
    if not copy_targets(snap):
        raise nothing_to_copy(snap)
    return None


def _double_pick(card, want: str, pid: str) -> str:
    """The personality ``pid`` chose of the double card ``card``, read by the rules
    (:func:`contrarius.rules.modes.twoplayer.double_pick`, which refuses any other)."""
    from contrarius.rules.modes.twoplayer import double_pick

    return double_pick(card, want, pid, "")[0].name


def _asks_first(kind: str) -> bool:
    """Whether a card with the reaction ``kind`` needs another answer before its own part
    can be checked: the card a Diplomat copies, a double card's personality, the card a
    Legatus calls for, the reaction printed on a Praetor (the card's statement)."""
    from contrarius.rules.personalities import statement_of

    st = statement_of(kind)
    return st.copies or st.halves or st.calls_partner or bool(st.printed)


# ----- the whole turn ---------------------------------------------------------------------------
def turn_flow(snap, *, table_dice: bool) -> Flow:
    """The questions of one turn on ``snap``; returns a :class:`Turn`.

    ``table_dice``: the dice are read from the table (asked one by one); else the program
    rolls them from the snapshot's seed, as ``play`` does without ``--die``. Raises
    :class:`~contrarius.errors.GameOverError` (before any question) when the game is over.
    """
    from contrarius.material.cards import Card
    from contrarius.rules.end_of_game import refuse_after_end
    from contrarius.words.names import card_from_text
    from contrarius.rules.player_part import card_in_hand
    from contrarius.rules.personalities import statement_of
    from contrarius.rules.personalities.double_choice import halves
    from contrarius.model.snapshot import SOLO, TEAM, THIRD_PLAYER

    refuse_after_end(snap)
    solo = snap.mode == SOLO
    pid = snap.player(None).id if solo else (snap.active or snap.players[0].id)
    mate = None if solo else next(p.id for p in snap.players if p.id != pid)
    me = "" if solo else pid
    opts: dict[str, Any] = {}
    state = {"card": "", "partner": False, "fill": {}}

    def checked() -> None:
        trial = {**state["fill"], **opts}
        for key in list(state["fill"]):
            if key.endswith("reactivate") and opts.get(key.replace("reactivate", "produce")):
                trial.pop(key)
        check(snap, state["card"], trial, state["partner"])

    # the card
    choices = card_choices(snap, pid)

    def card(a: str) -> str:
        got = card_from_text(a, mode=snap.mode)
        if snap.player(pid).hand is not None:  # every card, also those whose check waits for a later answer
            card_in_hand(snap.player(pid), got)
        kind = Card.of(got).reaction
        if statement_of(kind).copies:
            _copy_target(snap, pid)  # a Diplomat with nothing to copy is refused here, as play refuses it
        state["card"] = got
        fill: dict[str, Any] = {}
        if statement_of(kind).produces_in is not None:
            fill["reactivate"] = True
        if not _asks_first(kind):
            state["fill"] = fill
            checked()
        return got

    name = yield from ask(Question("card", _("{player}: which card was played?").format(player=me) if not solo else _("Which card did you play?"), choices), card)
    state["fill"] = {}
    kind = Card.of(name).reaction
    eff = kind
    copy_of = None
    if statement_of(kind).copies and snap.mode != THIRD_PLAYER:  # Contrarius's face-up cards
        def copy(a: str) -> str:
            got = card_from_text(a, mode=snap.mode)
            opts["copy"] = got
            c = Card.of(got).reaction
            state["fill"] = {"reactivate": True} if statement_of(c).produces_in is not None else {}
            try:
                if not (statement_of(c).halves or statement_of(c).printed):
                    checked()
            except ContrariusError:
                opts.pop("copy", None)
                raise
            return got

        copy_of = yield from ask(Question("copy", _("The Diplomat copies which face-up card of Contrarius?"), _copy_choices(snap),
                                          notes=_copy_notes(snap)), copy)
        eff = Card.of(copy_of).reaction
    elif statement_of(kind).copies:  # third-player variant: the other player's top played card
        copy_of = _copy_target(snap, pid)
        if copy_of is None:  # their played cards are not recorded: asked, as play asks for --copy
            from contrarius.material.cards import catalog
            from contrarius.rules.personalities import copyable

            def copy3(a: str) -> str:
                got = card_from_text(a, mode=snap.mode)
                if not copyable(Card.of(got).reaction):
                    raise ContrariusError(_("a Diplomat cannot copy a {card}").format(card=term_name("card", got)))
                opts["copy"] = got
                return got

            copy_of = yield from ask(Question("copy", _("The Diplomat copies which card of {player} (their top played card)?").format(player=mate),
                                              tuple((n, "") for n in catalog() if copyable(Card.of(n).reaction))), copy3)
        eff = Card.of(copy_of).reaction
    effective = Card.of(copy_of or name)
    if statement_of(eff).halves:
        a_half, b_half = halves(effective)

        def personality(a: str) -> str:
            return _double_pick(effective, pick(a, ((a_half, ""), (b_half, ""))) or card_from_text(a), pid)

        mine = yield from ask(Question("personality", _say(me, _("which personality of the {card}?").format(card=term_name("card", effective.name))),
                                       ((a_half, _("you carry it out; Contrarius reacts to it")), (b_half, ""))), personality)
        opts["personality"] = mine
        eff = Card.of(mine).reaction
        other_half = b_half if mine == a_half else a_half
    if statement_of(eff).printed:
        def praetor(a: str) -> str:
            got = pick(a, (("vp", ""), ("house", "")))
            if got is None:
                raise ContrariusError(_("the Praetor's reaction is vp or house, not {answer}").format(answer=repr(a)))
            return got

        opts["praetor_reaction"] = yield from ask(Question("praetor_reaction", _("The Praetor's reaction as printed on the card: vp or house?"),
                                                           statement_of(eff).printed), praetor)

    if statement_of(eff).calls_partner:
        def called(a: str) -> str:
            got = card_from_text(a, mode=snap.mode)
            opts["partner_card"] = got
            return got

        mates = yield from ask(Question("partner_card", _("Legatus: which card did {player} play from their hand?").format(player=mate), card_choices(snap, mate)), called)
        theirs_kind = mine_kind = Card.of(mates).reaction
        if statement_of(theirs_kind).halves:  # the partner carries out the card first: they choose
            pair = halves(Card.of(mates))
            first = yield from ask(Question("partner_personality", _("{player}: which personality of the {card}?").format(player=mate, card=term_name("card", mates)),
                                            tuple((h, "") for h in pair)),
                                   lambda a: _double_pick(Card.of(mates), pick(a, tuple((h, "") for h in pair)) or card_from_text(a), mate))
            opts["partner_personality"] = first
            theirs_kind = Card.of(first).reaction
            mine_kind = Card.of(pair[1] if first == pair[0] else pair[0]).reaction
        state["partner"] = True
        # the Legatus player's own part is asked after the partner's: a Prefect's is taken
        # as reactivate meanwhile, so that the partner's answers can be checked
        state["fill"] = {"reactivate": True} if statement_of(mine_kind).produces_in is not None else {}
        yield from _part(snap, name, opts, theirs_kind, mate, mate, "partner_", checked)
        yield from _part(snap, name, opts, mine_kind, pid, me, "", checked)
    else:
        if statement_of(eff).produces_in is not None:
            state["fill"] = {}
        yield from _part(snap, name, opts, eff, pid, me, "", checked)
        if snap.mode == TEAM:
            state["partner"] = True
            if statement_of(eff).partner_plays:
                def own(a: str) -> str:
                    got = card_from_text(a, mode=snap.mode)
                    return got

                theirs = yield from ask(Question("partner_card", _("Proconsul: which card did {player} then play for themselves?").format(player=mate),
                                                 card_choices(snap, mate)), own)
                opts["partner_card"] = theirs
                tkind = Card.of(theirs).reaction
                if statement_of(tkind).halves:
                    pair = halves(Card.of(theirs))
                    opts["partner_personality"] = yield from ask(
                        Question("partner_personality", _("{player}: which personality of the {card}?").format(player=mate, card=term_name("card", theirs)), tuple((h, "") for h in pair)),
                        lambda a: _double_pick(Card.of(theirs), pick(a, tuple((h, "") for h in pair)) or card_from_text(a), mate))
                    tkind = Card.of(opts["partner_personality"]).reaction
                yield from _part(snap, name, opts, tkind, mate, mate, "partner_", checked)
            else:
                pkind = Card.of(other_half).reaction if statement_of(effective.reaction).halves else eff
                yield from _part(snap, name, opts, pkind, mate, mate, "partner_", checked)
    if snap.variants.fish_market is not None:
        yield from _fish(snap, opts, checked)
    try:
        checked()
    except ContrariusError:
        pass  # shown when the turn is played below (an answer the rules refuse as a whole)
    return (yield from _resolve(snap, name, opts, table_dice))


def _resolve(snap, name: str, opts: dict[str, Any], table_dice: bool) -> Flow:
    """Play the turn, asking for what the reaction needs: dice read from the table, a
    ``?`` display card taken, a veto of the last die (third-player variant; before the
    rest, which depends on the die), tied colonist moves, cards drawn into the display."""
    from contrarius.material.dice import DIE_COLOURS, parse_face
    from contrarius.words.names import card_from_text, die_face_text
    from contrarius.model.snapshot import THIRD_PLAYER
    from contrarius.rules.game import play

    veto_asked = refill_declined = False
    while True:
        try:
            pa = build_action(snap, name, opts, trial=table_dice)
            result = play(snap, pa)
        except NeedDieError as exc:
            die = exc.die
            face = yield from ask(die_question(exc.state or snap, die, exc.why, exclude=exc.exclude), lambda a, d=die: parse_face(d, die_face_text(a)))
            opts["die"] = list(opts.get("die") or []) + [f"{DIE_COLOURS[die]}={face}"]
            continue
        except NeedRevealError as exc:
            pos = exc.position

            def reveal(a: str) -> str:
                return card_from_text(a, mode=snap.mode)

            got = yield from ask(Question("reveal", _("Display position {pos} shows a card not recorded (?): which is it?").format(pos=pos),
                                          tuple((n, "") for n, _ in _stack_choices())), reveal)
            opts["reveal"] = list(opts.get("reveal") or []) + [f"{pos}={got}"]
            continue
        if snap.mode == THIRD_PLAYER and not veto_asked and result.reacted_to and result.rolls:
            veto_asked = True
            holders = tuple((p.id, _("unused veto card")) for p in snap.players if p.veto is True)
            if holders:
                last = result.rolls[-1]

                def veto(a: str) -> str:
                    got = pick(a, holders)
                    if got is None:
                        raise ContrariusError(_("{answer}: the veto is a player with an unused veto card ({players}), or Enter for none").format(
                            answer=repr(a), players=", ".join(h for h, _h in holders)))
                    return got

                who = yield from ask(Question("veto", _("Does a player veto the last die ({colour}: {face})?").format(colour=term_name("colour", DIE_COLOURS[last.die]), face=last.face), holders,
                                              optional=True), veto)
                if who is not None:
                    if table_dice:
                        face = yield from ask(die_question(snap, last.die, _("veto re-roll"), meanings=False), lambda a, d=last.die: parse_face(d, die_face_text(a)))
                        opts["veto"] = f"{who}={face}"
                    else:
                        opts["veto"] = who
                    continue
        tied = [r for r in result.rulings if len(r.moves) > 1]
        chosen = list(opts.get("choose") or [])
        if len(tied) > len(chosen):
            ruling = tied[len(chosen)]
            if _same_for_every_choice(snap, name, opts, chosen, len(ruling.moves), table_dice):
                opts["choose"] = chosen + [1]  # every answer leaves the game the same: not asked
                continue
            options = tuple((str(n), m.describe()) for n, m in enumerate(ruling.moves, 1))

            def choose(a: str, n=len(ruling.moves)) -> int:
                if not (a.isascii() and a.isdigit() and 1 <= int(a) <= n):
                    raise ContrariusError(_("{answer}: there are {n} tied colonist moves; choose 1 to {n}").format(answer=repr(a), n=n))
                return int(a)

            k = yield from ask(Question("choose", _("Contrarius builds in {city}: {n} colonist moves tie, you choose").format(city=ruling.city, n=len(ruling.moves)),
                                        options, "1", notes=tuple(f"{v}. {h}" for v, h in options)), choose)
            opts["choose"] = chosen + [k]
            continue
        drawn = [e for e in list(result.player_events) + list(result.events) if e.kind == "refill" and e.data.get("card") == "?"]
        if drawn and not refill_declined:
            def refill(a: str) -> str:
                if a.strip() == "?":
                    return "?"
                got = card_from_text(a, mode=snap.mode)
                check(snap, name, {**opts, "refill": list(opts.get("refill") or []) + [got]}, True)
                return got

            got = yield from ask(Question("refill", _("A card drawn into the display that the snapshot does not know: which is it?"),
                                          tuple((c, "") for c, _ in _stack_choices()), "?"), refill)
            if got == "?":
                refill_declined = True  # this draw and the later ones of this turn stay ?
            else:
                opts["refill"] = list(opts.get("refill") or []) + [got]
            continue
        break
    # tidy the options as a player would type them: trailing defaults left out
    choices = list(opts.pop("choose", None) or [])
    while choices and choices[-1] == 1:
        choices.pop()
    if choices:
        opts["choose"] = choices
    final = run(snap, name, opts)
    return Turn(name, dict(opts), final)


def _same_for_every_choice(snap, name: str, opts: dict[str, Any], chosen: list[int], n: int, table_dice: bool) -> bool:
    """Whether each of the ``n`` tied colonist moves of Contrarius's next tied build
    ("Where does Contrarius build?": "you choose whichever colonist moves on which adjacent
    line") leaves the game the same: the turn played with each (the rules' own play) ends in
    equal snapshots but for the log's wording (an Aegyptus colonist that ends on a disc's
    line either by its build move or by its surplus steps). Then the session does not ask
    a question whose answers all lead to one game. A choice the rules cannot play to the
    end without more answers counts as different (it is asked)."""
    from contrarius.rules.game import play

    boards: list[dict[str, Any]] = []
    for k in range(1, n + 1):
        try:
            r = play(snap, build_action(snap, name, {**opts, "choose": chosen + [k]}, trial=table_dice))
        except ContrariusError:
            return False
        board = r.snapshot.to_dict()
        board.pop("log", None)
        if boards and board != boards[0]:
            return False
        boards.append(board)
    return True


def _stack_choices() -> tuple[Choice, ...]:
    from contrarius.material.cards import card_facts

    names = sorted({c for cards in card_facts()["stacks"].values() for c in cards})
    return tuple((n, "") for n in names)


def command_line(turn: Turn, path: str) -> str:
    """The ``contrarius play`` command that plays ``turn`` the same way."""
    import shlex

    words = ["contrarius", "play", turn.card.replace(" ", "_"), path, "-i"]
    for key, value in turn.options.items():
        opt = "--" + key.replace("_", "-")
        if value is True:
            words.append(opt)
        elif isinstance(value, list):
            for v in value:
                words += [opt, str(v)]
        elif value not in (None, False):
            words += [opt, str(value)]
    return " ".join(shlex.quote(w) for w in words)


def parse_command(text: str) -> tuple[str, list[str]] | None:
    """A session command typed instead of a card: ``(name, arguments)``, else None.

    Commands are recognised by their whole first word (``show``, ``where wine``; also the
    Portuguese :data:`COMMAND_WORDS`: ``mostrar``, ``sair``), so that a unique prefix of a
    card is never read as a command.
    """
    from contrarius.material.lexicon import fold

    words = text.split()
    if not words:
        return None
    first = fold(words[0])
    for name, others in COMMAND_WORDS.items():
        if first == name or first in map(fold, others):
            return name, words[1:]
    return None
