"""A recorded line said again in the player's language (``log``'s rows).

A snapshot keeps what each turn did as it was said in English (its ``log``: ``reaction``,
``player_did``), each line a msgid of the catalog filled in
(:meth:`contrarius.messages.Message.english`); the record is never translated. For a
``log`` in another language, :func:`say_recorded` reads a line back: the msgid whose
words (the text between its placeholders) the line holds in order, the one with the most
words when several do, and the value of each placeholder; it says that msgid in the
language chosen with each value said again: a value that is itself a recorded sentence
(a reason, a note), a card, goods type, die face, colonist kind or colour by its name in
that language, any other value (a city, a number, a quoted text) as recorded. A line no
msgid holds is shown as recorded.

The catalog's msgids and their English plurals come from its table
(:mod:`contrarius.words.catalog_table`); without one, lines are shown as recorded.
"""

from __future__ import annotations

import re
from typing import Any

#: ``{name}``, ``{name!r}``, ``{name:>3}``: a placeholder of a msgid.
_PLACEHOLDER = re.compile(r"\{(\w+)(![rsa])?(:[^{}]*)?\}")
#: A msgid holds at least this many letters outside its placeholders to be matched (a
#: msgid such as ``{what}: {old} -> {new}`` or ``{card} in {where}`` says too little to
#: be told from another); inside a line, a value is also matched by a msgid of signs only
#: between its placeholders (``{face} = {card} -> {goods}``), never by ``{first}{more}``.
_MIN_LETTERS = 4
#: Placeholders that always hold a whole number (a display position, a count): they read
#: only digits, so that a list of several (``... into position 6, ... into position 7``) is
#: not read as one.
_NUMBERS = frozenset({"n", "position", "turn", "steps", "vp", "size", "limit", "max", "used", "i"})
#: Placeholders that always hold one word (a die face, a colonist kind, a colour); so does
#: a placeholder right before another (``bonus {n} {bonus}{why}``: ``food``, then the reason).
_WORDS = frozenset({"face", "kind", "colour"})
#: The most ways a line may be cut at a msgid's pieces (the product of how often each inner
#: piece occurs in it) for the msgid to be tried: a line written by hand full of ``, ``
#: could otherwise take the regular expression minutes; such a line is shown as recorded.
_SPLITS = 5000
#: A longer line is shown as recorded (no line contrarius writes comes near it: a hand-made
#: one must not make ``log`` slow).
_MAX_LINE = 2000
#: How deep a value is read again as a sentence (a reason inside a ruling inside a line).
_MAX_DEPTH = 3

_TEMPLATES: list[Any] = []


class _Verbatim:
    """A value recorded already converted (``{name!r}``) or formatted (``{n:>3}``): the
    translated msgid's conversion and format say it as recorded."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return self.text


class _Template:
    """One msgid as a pattern: its literal pieces, the placeholders between them, the
    regular expression that reads them back (compiled on first use) and how to say it."""

    __slots__ = ("msgid", "plural", "singular", "pieces", "names", "raw", "letters", "signs_only", "_regex")

    def __init__(self, msgid: str, singular: str, plural: str | None):
        self.msgid = msgid  # the English form this template reads (a plural's plural form too)
        self.singular = singular
        self.plural = plural
        self.pieces: list[str] = []
        self.names: list[str] = []
        self.raw: set[str] = set()
        start = 0
        for m in _PLACEHOLDER.finditer(msgid):
            self.pieces.append(msgid[start:m.start()])
            self.names.append(m.group(1))
            if m.group(2) or m.group(3):
                self.raw.add(m.group(1))  # a repr or a formatted number: kept as recorded
            start = m.end()
        self.pieces.append(msgid[start:])
        self.letters = sum(c.isalpha() for piece in self.pieces for c in piece)
        # ``S = {specialist} -> {goods}``: signs and a letter, no word (``{card} in {where}`` has one)
        self.signs_only = re.search(r"[a-z]{2,}", "".join(self.pieces)) is None
        self._regex = None

    def fits(self, line: str) -> bool:
        """A quick test: the line begins and ends with the template's first and last
        pieces and holds the others in order, few enough times that reading it is quick
        (:data:`_SPLITS`)."""
        first, last = self.pieces[0], self.pieces[-1]
        if not line.startswith(first) or not line.endswith(last) or len(line) < len(first) + len(last):
            return False
        at, splits = len(first), 1
        for piece in self.pieces[1:-1]:
            at = line.find(piece, at)
            if at < 0:
                return False
            at += len(piece)
            splits *= max(1, line.count(piece)) if piece else len(line)
        return splits <= _SPLITS

    def read(self, line: str) -> dict[str, str] | None:
        """The placeholders' values in ``line``, or None when it does not fill this msgid."""
        if self._regex is None:
            seen: set[str] = set()
            parts = [re.escape(self.pieces[0])]
            for i, (name, piece) in enumerate(zip(self.names, self.pieces[1:])):
                word = name in _WORDS or (piece == "" and i < len(self.names) - 1)
                parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>-?\\d+)" if name in _NUMBERS
                             else f"(?P<{name}>\\w+)" if word else f"(?P<{name}>.*?)")
                seen.add(name)
                parts.append(re.escape(piece))
            self._regex = re.compile("".join(parts) + r"\Z", re.DOTALL)
        m = self._regex.match(line)
        return None if m is None else m.groupdict()


def _templates() -> list[_Template]:
    """The catalog's msgids as templates (built on first use), the most specific first."""
    if not _TEMPLATES:
        from contrarius.words import language
        from contrarius.words.catalog_table import entries

        got = entries(language.translation())
        if got is None:
            return _TEMPLATES
        catalog, plurals = got
        found = []
        for key in catalog:
            if isinstance(key, tuple):
                if key[1] == 0 and key[0] in plurals:
                    found += [_Template(key[0], key[0], plurals[key[0]]), _Template(plurals[key[0]], key[0], plurals[key[0]])]
            elif key:
                found.append(_Template(key, key, None))
        # a msgid that begins with its words first (the whole line's: "Contrarius builds in
        # {city} ..."), then the one with the most words
        _TEMPLATES.extend(sorted((t for t in found if t.names and any(p.strip() for p in t.pieces)),
                                 key=lambda t: (-len(t.pieces[0].strip()), -t.letters, -sum(map(len, t.pieces)))))
    return _TEMPLATES


def _material(name: str, value: str) -> str | None:
    """``value`` said as a name of the game's material when it is one: by the kind the
    placeholder ``name`` says (``card``, ``goods``, ``kind``, ``face``, ``colour``, ``die``),
    else a card's or goods type's printed name; None for anything else."""
    from contrarius.words.i18n import term_name
    from contrarius.words.terms import pt_names

    names = pt_names()
    for kind in ("card", "goods", "kind", "face", "colour", "die"):
        if kind in name and value in names.get(kind, {}):
            return term_name(kind, value)
    for kind in ("card", "goods"):
        if value in names[kind]:
            return term_name(kind, value)
    return None


def _goods_words(value: str) -> str:
    """A value no msgid holds (a list put together, ``player1 1 food, 2 wine``) with each
    goods type's name said in the current language; anything else in it as recorded."""
    from contrarius.words.i18n import term_name
    from contrarius.words.terms import pt_names

    goods = pt_names()["goods"]
    return re.sub(r"[a-z]+", lambda m: term_name("goods", m.group(0)) if m.group(0) in goods else m.group(0), value)


def _say(line: str, depth: int) -> str | None:
    """``line`` said in the current language, or None when no msgid holds it: a msgid
    itself, a msgid filled in (:class:`_Template`), or parts joined by ``; `` each said."""
    from contrarius.words.i18n import _, ngettext
    from contrarius.words import language

    from contrarius.words.catalog_table import entries

    catalog = (entries(language.translation()) or ({}, {}))[0]
    if line and line in catalog:
        return _(line)
    if depth and depth < _MAX_DEPTH and ", " in line:  # a list of sentences (the cards drawn): each one said
        listed = [_say(part, depth + 1) for part in line.split(", ")]
        if all(s is not None for s in listed):
            return ", ".join(listed)
    for t in _templates():
        if (t.letters < _MIN_LETTERS and (depth == 0 or not t.signs_only)) or not t.fits(line):
            continue
        values = t.read(line)
        if values is None:
            continue
        said = {}
        for name, value in values.items():
            if name in t.raw:
                said[name] = _Verbatim(value)
                continue
            said[name] = _material(name, value) or (_say(value, depth + 1) if depth < _MAX_DEPTH else None) or _goods_words(value)
        if t.plural is None:
            text = _(t.singular)
        else:  # the count: {n}, else the English form read (singular: 1)
            n = int(values["n"]) if "n" in values else 1 if t.msgid == t.singular else 2
            text = ngettext(t.singular, t.plural, n)
        try:
            return text.format(**{k: said.get(k, v) for k, v in values.items()})
        except (KeyError, IndexError, ValueError):
            continue
    for sep in ("; ", ", ") if depth else ("; ",):  # messages joined (a ruling's reason; a list of cards drawn)
        if sep not in line:
            continue
        parts = line.split(sep)
        said_parts = [_say(part, depth + 1) if depth < _MAX_DEPTH else None for part in parts]
        if any(s is not None for s in said_parts):
            return sep.join(s or _goods_words(part) for s, part in zip(said_parts, parts))
    return None


def say_recorded(line: str) -> str:
    """``line``, as a snapshot records it (in English), said in the language chosen; in
    English, and when no msgid of the catalog holds it, ``line`` itself."""
    from contrarius.words import language

    if language.current() == language.ENGLISH or len(line) > _MAX_LINE:
        return line
    return _say(line, 0) or line


def said_reason(reason: str) -> Any:
    """The end reason ``reason`` (:func:`contrarius.rules.race.race`'s ``ended``, read from
    the record) as the record's report says it in English (``you took the
    last card of the display``, ``Contrarius built its 15th house``: :mod:`contrarius.rules.end_of_game`)
    as a :class:`~contrarius.messages.Message`, said in the language chosen; a text it does
    not read back stays as it is."""
    from contrarius.messages import N_
    from contrarius.rules.end_of_game import LAST_CARD

    m = re.fullmatch(r"(you|Contrarius|\S+) (.+)", reason or "")
    if m is None:
        return reason
    house = re.fullmatch(r"built (its|your|their) (\d+)th house", m.group(2))
    if m.group(2) == LAST_CARD.english():
        why: Any = LAST_CARD
    elif house is not None:
        n = int(house.group(2))
        why = {"its": N_("built its {n}th house", n=n), "your": N_("built your {n}th house", n=n),
               "their": N_("built their {n}th house", n=n)}[house.group(1)]
    else:
        return reason
    return N_("{who} {why}", who=N_("you") if m.group(1) == "you" else m.group(1), why=why)


__all__ = ["said_reason", "say_recorded"]
