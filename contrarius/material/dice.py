"""The four Solitaria dice: reading a face from the table, or rolling one from the seed.

Dice (rulebook "Components"): the Architect die (blue: a display position 1-5), the
Tribune/Colonist die (red: ``land``, ``sea`` or ``card``), the Mercator die (black) and the
Senator/Consul die (white), both showing a goods type or ``S``.

A roll made by the program is ``random.Random(f"{seed}/{rolls}")``'s choice among the
die's faces, with ``rolls`` the snapshot's roll counter: the same snapshot and command
always give the same result. The face lists are data (``data/dice.yaml``, ASSUMED).
"""

from __future__ import annotations

import random
from typing import Any

from contrarius.messages import N_, Joined, Message, Term
from contrarius.material.board import GOODS, suggest
from contrarius.material.lexicon import CARD_FACE_NAMES, DIE_NAMES, GOODS_NAMES, KIND_NAMES, choose, fold, index, tables
from contrarius.errors import RuleError, UnknownNameError

S = "S"
#: Each die by its card, its colour or their Portuguese names -> the die
#: (:data:`~contrarius.material.lexicon.DIE_NAMES`).
_DIE_ALIASES = index(DIE_NAMES)
#: The faces of the black and white dice, and of the red one, by every name a player
#: may type (:mod:`contrarius.material.lexicon`: ``grain``, ``vinho``, ``terra``, ``carta``).
_GOODS_FACES = tables(GOODS_NAMES, (*GOODS, S))
_RED_FACES = tables({**KIND_NAMES, **CARD_FACE_NAMES}, ("land", "sea", "card"))
DIE_COLOURS = {"architect": "blue", "tribune": "red", "mercator": "black", "senator": "white"}
#: What each die decides for Contrarius (rulebook "Solo Personality Cards" and
#: "Where does Contrarius build?"), for the message asking the player to roll it.
DIE_DECIDES = {
    "architect": N_("the display position (1-5) of the card Contrarius takes"),
    "tribune": N_("a land or sea colonist for Contrarius, or the card in display position 1"),
    "mercator": N_("the goods type (or S) of the city where Contrarius builds"),
    "senator": N_("the goods type (or S) of the city where Contrarius builds"),
}
#: What the red die decides when Contrarius cannot build ("Supplementary rules to the
#: reactions of Contrarius", Building houses: "Determine which colonist by rolling the red
#: Tribune/Colonist die"): only which colonist; a card face is rolled again (the reading
#: "Cannot build: which colonist" in README's "How the rules are read").
WHICH_COLONIST_DECIDES = N_("which colonist Contrarius places instead, land or sea "
                            "(a card face names none and is rolled again - reading)")


def die_decides(die: str, exclude: tuple = ()) -> Message:
    r"""What ``die`` decides for Contrarius, in words, for the message asking for it:
    :data:`DIE_DECIDES`, or :data:`WHICH_COLONIST_DECIDES` for the red die rolled with its
    card face ``exclude``\ d (rolled again: Contrarius cannot build)."""
    if die == "tribune" and "card" in exclude:
        return WHICH_COLONIST_DECIDES
    return DIE_DECIDES[die]


def die_name(name: str) -> str:
    """Resolve a die by card or colour, in English or Portuguese (``"red"``,
    ``"colonist"``, ``"vermelho"`` -> ``"tribune"``), case and accents folded.

    Raises :class:`UnknownNameError` listing the dice.
    """
    key = fold(name)
    if key in _DIE_ALIASES:
        return _DIE_ALIASES[key]
    close = list(dict.fromkeys(_DIE_ALIASES[hit] for hit in suggest(key, list(_DIE_ALIASES), 2)))
    hint = N_("; did you mean {names}?", names=Joined(", ", [_die_words(d) for d in close])) if close else ""
    raise UnknownNameError(N_("unknown die {name!r}{hint} (dice: {dice})", name=name, hint=hint,
                              dice=Joined(", ", [_die_words(d) for d in DIE_COLOURS])))


def _die_words(die: str) -> Joined:
    """A die as a refusal names it, by its card and its colour (``mercator/black``; in
    Portuguese ``Mercador/preto``)."""
    return Joined("/", [Term("die", die), Term("colour", DIE_COLOURS[die])])


def parse_face(die: str, value: Any) -> Any:
    """Check and normalise a face of ``die`` read from the table.

    Returns an int 1-5 for the Architect die, ``"land"``/``"sea"``/``"card"`` for the red
    die, a goods name or ``"S"`` for the black and white dice. A face is read by any of
    its names (:mod:`contrarius.material.lexicon`: ``grain`` and ``vinho`` for the goods,
    ``terra``, ``marítimo``, ``carta`` on the red die), case and accents folded, or by a
    beginning of two letters or more of its English name (``wi``), three of another
    (``vin``). Raises
    :class:`UnknownNameError` naming the faces that die can show.
    """
    die = die_name(die)
    text = str(value).strip()
    if die == "architect":
        if text.isascii() and text.isdigit() and 1 <= int(text) <= 5:
            return int(text)
        raise UnknownNameError(N_("the Architect die (blue) shows a display position 1-5, not {value!r}", value=value))
    if die == "tribune":
        every, own, rest = _RED_FACES
        got = choose(text, every, "the red die's face", min_prefix=2, prefixes=own, others=rest)
        if got is not None:
            return got
        raise UnknownNameError(N_("the Tribune/Colonist die (red) shows land, sea or card, not {value!r}", value=value))
    every, own, rest = _GOODS_FACES
    got = choose(text, every, f"the {'black' if die == 'mercator' else 'white'} die's face", min_prefix=2,
                 prefixes=own, others=rest)
    if got is not None:
        return got
    key = text.casefold()
    close = suggest(key, list(GOODS) + [S], 1)
    hint = N_("; did you mean {names}?", names=Term("face", close[0])) if close else ""
    label = N_("Mercator die (black)") if die == "mercator" else N_("Senator/Consul die (white)")
    raise UnknownNameError(N_("the {label} shows brick, food, tool, wine, cloth or S, not {value!r}{hint}", label=label, value=value, hint=hint))


def names_goods_face(text: Any) -> bool:
    """True when ``text`` is a whole name of a face of the black and white dice (``wine``,
    ``S``, ``grain``, ``vinho``; no beginning): how ``contrarius where`` tells a face from
    a snapshot file."""
    return fold(str(text)) in _GOODS_FACES[0]


def roll(faces: list[Any], seed: int | None, counter: int) -> Any:
    """Roll a die with ``faces`` for the ``counter``-th roll of the game with ``seed``.

    Raises :class:`ContrariusError` when the snapshot has no seed (dice read from the table).
    """
    if seed is None:
        raise RuleError(N_("this snapshot has no seed, so contrarius cannot roll: give the die result you rolled (e.g. --die wine), or set seed: 1 in the snapshot"))
    return random.Random(f"{seed}/{counter}").choice(faces)


def probabilities(faces: list[Any]) -> dict[Any, tuple[int, int]]:
    """Each distinct face with its chance as ``(count, total)`` (e.g. ``{"S": (1, 6)}``)."""
    out: dict[Any, tuple[int, int]] = {}
    for f in faces:
        out[f] = (out.get(f, (0, 0))[0] + 1, len(faces))
    return out
