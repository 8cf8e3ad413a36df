"""Which language contrarius speaks: English (``en``) or Brazilian Portuguese (``pt_BR``).

The choice, in this order (:func:`choose_language`):

1. the root option ``contrarius --lang LANG ...`` (``en``, ``pt_BR``; also ``pt``,
   ``pt-BR``, ``pt_BR.UTF-8``); any other value is a usage error (exit 2) naming the values;
2. the environment variable ``CONTRARIUS_LANG`` (the same values; any other is the same
   usage error);
3. the locale as GNU gettext reads it: the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``
   that is set and not empty is the locale; a ``C`` or ``POSIX`` locale (or none) means
   English whatever ``LANGUAGE`` says; otherwise ``LANGUAGE`` (a colon-separated list of
   languages, the first one contrarius speaks wins) before the locale itself. A language
   contrarius does not speak (``fr_FR``) means English.

The words are looked up with the standard library's :mod:`gettext`
(:func:`translation`): the English path opens no catalog at all and installs no speaker in
:mod:`contrarius.messages` (a message is its msgid filled in); any other language installs a
:class:`CatalogSpeaker`, which opens ``contrarius/locale/<lang>/LC_MESSAGES/contrarius.mo``
(``fallback=True``: a msgid the catalog lacks stays English) when the first message is said.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

from contrarius.messages import N_
from contrarius.errors import ContrariusError

ENGLISH = "en"
PORTUGUESE = "pt_BR"
#: The languages contrarius speaks, as ``--lang`` names them.
LANGUAGES: tuple[str, ...] = (ENGLISH, PORTUGUESE)
#: Where the compiled catalogs live (``<lang>/LC_MESSAGES/contrarius.mo``).
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "contrarius"
#: The values ``--lang`` and ``CONTRARIUS_LANG`` accept, in words, for the error message.
ACCEPTED = "en or pt_BR (also pt, pt-BR, pt_BR.UTF-8)"


def language_of(value: str | None) -> str | None:
    """The language a locale or language name means: ``en``, ``en_US.UTF-8``, ``C``,
    ``POSIX`` -> ``en``; ``pt``, ``pt_BR``, ``pt-BR``, ``pt_BR.UTF-8``, ``pt_BR@euro``
    -> ``pt_BR``; None for any other (``fr_FR``) and for nothing."""
    if value is None:
        return None
    text = str(value).strip()
    base = text.split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    if base in ("C", "POSIX") or base.casefold() == "en" or base.casefold().startswith("en_"):
        return ENGLISH
    if base.casefold() in ("pt", "pt_br"):
        return PORTUGUESE
    return None


def _asked(value: str, where: str) -> str:
    """``value`` given by ``where`` (``--lang``, ``CONTRARIUS_LANG``) as a language, or
    :class:`ContrariusError` (exit 2) naming the values."""
    lang = language_of(value)
    if lang is None:
        # said before any language is chosen: in English
        raise ContrariusError(N_("{where} {value!r}: contrarius speaks {accepted}", where=where, value=value, accepted=ACCEPTED))
    return lang


def choose_language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak (``en`` or ``pt_BR``): ``option`` (``--lang``), else
    ``CONTRARIUS_LANG``, else the locale of ``environ`` (default :data:`os.environ`) as GNU
    gettext reads it (see the module's text). Raises :class:`ContrariusError` (exit 2) for a
    ``--lang`` or ``CONTRARIUS_LANG`` that names no language contrarius speaks."""
    env = os.environ if environ is None else environ
    if option is not None:
        return _asked(option, "--lang")
    own = env.get("CONTRARIUS_LANG")
    if own:
        return _asked(own, "CONTRARIUS_LANG")
    locale = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), None)
    if locale is None or language_of(locale) == ENGLISH and locale.split(".", 1)[0] in ("C", "POSIX"):
        return ENGLISH  # GNU gettext: the C locale ignores LANGUAGE
    for entry in (env.get("LANGUAGE") or "").split(":"):
        lang = language_of(entry)
        if lang is not None:
            return lang
    return language_of(locale) or ENGLISH


_state: dict[str, Any] = {"lang": None, "translation": None}


def set_language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Choose the language (:func:`choose_language`) for the rest of the run and return
    it; its catalog is opened on first use (:func:`translation`)."""
    lang = choose_language(option, environ)
    _state.update(lang=lang, translation=None)
    _install(lang)
    return lang


def _install(lang: str) -> None:
    """Let every :class:`contrarius.messages.Message` speak ``lang``: English installs
    nothing (no catalog is opened); another language a speaker whose catalog opens when
    the first message is said."""
    from contrarius import messages

    if lang == ENGLISH:
        messages.install(None)
        return
    messages.install(CatalogSpeaker(lang))


class CatalogSpeaker:
    """What :func:`set_language` installs in :mod:`contrarius.messages` for a language other
    than English: the catalog's lookups (opened on the first message said,
    :func:`translation`) and the material's names in ``lang`` (:mod:`contrarius.words.terms`)."""

    def __init__(self, lang: str):
        self.lang = lang

    def gettext(self, msgid: str) -> str:
        return translation().gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return translation().ngettext(singular, plural, n)

    def term(self, kind: str, value: str) -> str:
        from contrarius.words.terms import term_name

        return term_name(kind, value, self.lang)


def current() -> str:
    """The language chosen (:func:`set_language`; chosen from the environment on first
    use when nothing chose it). A ``CONTRARIUS_LANG`` contrarius does not speak means English
    here (a help page, a usage error are said in English); the root's callback refuses it
    with its one line (exit 2) before any command runs."""
    if _state["lang"] is None:
        try:
            set_language()
        except ContrariusError:
            set_language(ENGLISH)
    return _state["lang"]


def translation() -> Any:
    """The :mod:`gettext` translations of the current language: for English a
    ``NullTranslations`` (no catalog is looked for), else the catalog made from its table
    (:func:`contrarius.words.catalog_table.load`), or, without one,
    ``gettext.translation("contrarius", LOCALE_DIR, [lang], fallback=True)`` (English
    words while no catalog is shipped for it)."""
    import gettext

    got = _state["translation"]
    if got is None:
        lang = current()
        if lang == ENGLISH:
            got = gettext.NullTranslations()
        else:
            from contrarius.words.catalog_table import load

            # the catalog's table (fenced speed module), else gettext reads the .mo itself
            got = load(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo") or \
                gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)
        _state["translation"] = got
    return got


def gettext(message: str) -> str:
    """``message`` in the current language (itself in English, and while no catalog holds it)."""
    if current() == ENGLISH:
        return message
    return translation().gettext(message)


__all__ = ["ACCEPTED", "ENGLISH", "LANGUAGES", "LOCALE_DIR", "PORTUGUESE", "choose_language", "current", "gettext",
           "language_of", "set_language", "translation"]
