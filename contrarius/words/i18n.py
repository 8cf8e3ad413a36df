"""The words layer's translation functions, and the speaker it installs for the layers below.

- :func:`_` and :func:`ngettext`: a message of the words or cli layers in the current
  language (:mod:`contrarius.words.language`); in English the msgid itself, with no catalog
  opened and :mod:`gettext` not imported.
- :func:`N_` and :func:`NP_` (from :mod:`contrarius.messages`): a deferred msgid, said when
  it is printed; what the rules and the material use to describe events and errors.
- :func:`term_name`: a card, goods type, die colour, face or colonist kind in the current
  language (:mod:`contrarius.words.terms`).

The catalogs: ``contrarius/locale/contrarius.pot`` (extracted from the source by
``scripts/catalogs.py``: the keywords :data:`KEYWORDS`) and
``contrarius/locale/<lang>/LC_MESSAGES/contrarius.po`` with its compiled ``.mo``.
"""

from __future__ import annotations

from typing import Any

from contrarius.messages import N_, NP_, Message, Term, english
from contrarius.words import language, terms

#: The functions whose string arguments are msgids (Babel's extraction keywords:
#: name -> the positions of the singular and plural); ``_said`` is
#: :func:`contrarius.cli.process._said`, which says a line at Ctrl-C time without importing.
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2), "NP_": (1, 2), "_said": None}


def _(message: str) -> str:
    """``message`` (a msgid) in the current language: itself in English."""
    if language.current() == language.ENGLISH:
        return message
    return language.translation().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the current language
    (English: ``singular`` when ``n`` is 1)."""
    if language.current() == language.ENGLISH:
        return singular if n == 1 else plural
    return language.translation().ngettext(singular, plural, n)


def term_name(kind: str, value: str, lang: str | None = None) -> str:
    """The name of a thing of the game's material in ``lang`` (default: the current
    language): :func:`contrarius.words.terms.term_name`."""
    return terms.term_name(kind, value, lang or language.current())


def capital(text: str) -> str:
    """``text`` with its first letter in capitals (a table row's name: ``Forum cards``)."""
    return text[:1].upper() + text[1:]


def say(message: Any) -> str:
    """``message`` (a :class:`~contrarius.messages.Message`, a
    :class:`~contrarius.messages.Term` or any text) in the current language."""
    return str(message)


__all__ = ["KEYWORDS", "N_", "NP_", "Message", "Term", "_", "capital", "english", "ngettext", "say", "term_name"]
