"""What a sentence is before it is said: a msgid template and its data (base layer).

Every layer below the words may describe what happened or what went wrong as a
:class:`Message`: an English msgid template with ``{placeholders}`` (the key of the gettext
catalogs, ``contrarius/locale``) and the values that fill them. A layer below the words
never translates and never chooses a language: it makes a :class:`Message` with :func:`N_`
(one form) or :func:`NP_` (singular and plural, chosen by a count), and

- ``message.english()`` is the sentence in English (what snapshots, the history and
  ``--json`` keep: they are never translated);
- ``str(message)`` is the sentence in the language the words layer chose
  (:func:`contrarius.words.language.set_language` installs its speaker here with
  :func:`install`); while none is installed (English) it is ``english()`` with no catalog
  opened and nothing imported.

A value may itself be a :class:`Message` (said in the same language) or a :class:`Term`: a
name of the game's material (a card, a goods type, a die, a die face, a colonist kind) that
the speaker names in its language; in English a term is its value as printed.
"""

from __future__ import annotations

from typing import Any, Protocol


class Speaker(Protocol):
    """What the words layer installs: a catalog's lookups and the material's names."""

    def gettext(self, msgid: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def term(self, kind: str, value: str) -> str: ...


_speaker: list[Speaker | None] = [None]


def install(speaker: Speaker | None) -> None:
    """Say every :class:`Message` with ``speaker`` from now on (None: English, no catalog)."""
    _speaker[0] = speaker


class Term:
    """A name of the game's material inside a sentence: ``kind`` (``card``, ``goods``,
    ``die``, ``face``, ``kind``, ``action``) and its printed English ``value``."""

    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value: Any):
        self.kind = kind
        self.value = value

    def english(self) -> str:
        return str(self.value)

    def __str__(self) -> str:
        speaker = _speaker[0]
        return str(self.value) if speaker is None else speaker.term(self.kind, str(self.value))

    def __repr__(self) -> str:
        return f"Term({self.kind!r}, {self.value!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and (self.kind, self.value) == (other.kind, other.value)

    def __hash__(self) -> int:
        return hash((self.kind, self.value))


class _Said:
    """What :class:`Message` and :class:`Joined` share: said with ``str()`` in the language
    chosen (also by rich), compared and searched in English (``english()``), so that code
    and tests written against the English text keep working."""

    __slots__ = ()

    def english(self) -> str:  # pragma: no cover - every subclass says it
        raise NotImplementedError

    def __rich__(self) -> str:
        """rich prints it as its text in the language chosen."""
        return str(self)

    def __eq__(self, other: object) -> bool:
        """Equal to a text, or to another message or parts, saying the same in English."""
        if isinstance(other, str):
            return self.english() == other
        return isinstance(other, _Said) and self.english() == other.english()

    def __hash__(self) -> int:
        return hash(self.english())

    def __contains__(self, text: str) -> bool:
        """``text`` is part of it in English."""
        return text in self.english()

    def startswith(self, text: str) -> bool:
        """It begins with ``text`` in English."""
        return self.english().startswith(text)

    def split(self, sep: str | None = None) -> list[str]:
        """Its words (or parts between ``sep``) in English."""
        return self.english().split(sep)

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)


class Message(_Said):
    """A sentence as data: the msgid ``template`` (``plural`` and the count ``n`` for a
    sentence with two forms) and the ``args`` that fill its ``{placeholders}``."""

    __slots__ = ("template", "plural", "n", "args")

    def __init__(self, template: str, plural: str | None = None, n: int | None = None, args: dict[str, Any] | None = None):
        self.template = template
        self.plural = plural
        self.n = n
        self.args = {} if args is None else args

    def english(self) -> str:
        """The sentence in English (the msgid filled in), whatever language is chosen."""
        text = self.template if self.plural is None or self.n == 1 else self.plural
        if not self.args:
            return text
        return text.format(**{k: english(v) for k, v in self.args.items()})

    def __str__(self) -> str:
        speaker = _speaker[0]
        if speaker is None:
            return self.english()
        if self.plural is None:
            text = speaker.gettext(self.template)
        else:
            text = speaker.ngettext(self.template, self.plural, int(self.n or 0))
        if not self.args:
            return text
        return text.format(**{k: str(v) if isinstance(v, (Message, Term, Joined)) else v for k, v in self.args.items()})

    def __repr__(self) -> str:
        return f"Message({self.template!r}, {self.args!r})"



class Joined(_Said):
    """Parts (messages, terms or text) said one after the other with ``sep`` between them.

    ``sort``: in a language other than English the parts are said in the alphabetical
    order of what they say there (accents and case folded), as a list of names the
    player reads; in English they stay in the order given (the caller sorts them)."""

    __slots__ = ("sep", "parts", "sort")

    def __init__(self, sep: str, parts: list[Any], sort: bool = False):
        self.sep = sep
        self.parts = list(parts)
        self.sort = sort

    def english(self) -> str:
        return self.sep.join(str(english(p)) for p in self.parts)

    def __str__(self) -> str:
        said = [str(p) for p in self.parts]
        if self.sort and _speaker[0] is not None:
            import unicodedata

            said.sort(key=lambda t: unicodedata.normalize("NFKD", t).encode("ascii", "ignore").decode().casefold())
        return self.sep.join(said)

    def __repr__(self) -> str:
        return f"Joined({self.sep!r}, {self.parts!r})"



def N_(template: str, **args: Any) -> Message:
    """A deferred msgid (extracted into the catalog): ``template`` filled with ``args``
    when it is said."""
    return Message(template, args=args)


def NP_(singular: str, plural: str, n: int, **args: Any) -> Message:
    """A deferred msgid with a plural: ``singular`` when ``n`` is 1 in English (the
    catalog's plural rule in another language), else ``plural``; ``n`` is also ``{n}``."""
    return Message(singular, plural, n, {"n": n, **args})


def english(value: Any) -> Any:
    """``value`` in English when it is a :class:`Message` or a :class:`Term`, else itself."""
    return value.english() if isinstance(value, (Message, Term, Joined)) else value


def plain(value: Any) -> Any:
    """``value`` with every :class:`Message` and :class:`Term` inside it (dicts, lists,
    tuples) in English: what ``--json`` and snapshots hold."""
    if isinstance(value, (Message, Term, Joined)):
        return value.english()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if type(value) in (list, tuple):
        return type(value)(plain(v) for v in value)
    return value


__all__ = ["N_", "NP_", "Joined", "Message", "Speaker", "Term", "english", "install", "plain"]
