"""Personality cards and dice: the facts in ``contrarius/data/cards.yaml`` and ``dice.yaml``.

A card in play is a :class:`Card`: a personality name, the god(s) it bears, and whether it
lies face up (Contrarius's copied cards are turned face down by the Diplomat). The catalog
gives each name's default gods, purchase cost, reaction and how sure the facts are.
"""

from __future__ import annotations

import enum
import functools
from pathlib import Path
from typing import Any, NamedTuple

from contrarius.material.board import GOODS, unknown
from contrarius.material.lexicon import CARD_NAMES, CARD_SHORT_FORMS, fold, tables

GODS: tuple[str, ...] = ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Venus")
#: Specialists from the best to the worst ("Tribune": Weaver > Vintner > Smith > Farmer > Mason).
SPECIALIST_ORDER: tuple[str, ...] = ("Weaver", "Vintner", "Smith", "Farmer", "Mason")
#: The specialists Contrarius takes from the display at setup ("Setup": Mason, Farmer or Smith).
SETUP_SPECIALISTS: tuple[str, ...] = ("Mason", "Farmer", "Smith")

_DATA = Path(__file__).resolve().parent / "data"


class Reaction(enum.StrEnum):
    """The reaction keys of ``data/cards.yaml``: which box of Contrarius's reaction a card
    bears ("Solo Personality Cards", "Cooperative Personality Cards"). A member equals its
    key (``Reaction.TRIBUNE == "tribune"``), the value :attr:`Card.reaction` gives; each
    has its statement in :mod:`contrarius.rules.personalities`."""

    PREFECT = "prefect"
    PREFECT_MAGNUS = "prefect_magnus"
    ARCHITECT = "architect"
    MERCATOR = "mercator"
    SENATOR = "senator"
    CONSUL = "consul"
    TRIBUNE = "tribune"
    COLONIST = "colonist"
    SPECIALIST = "specialist"
    DIPLOMAT = "diplomat"
    LEGATUS = "legatus"
    PRAETOR = "praetor"
    PROCONSUL = "proconsul"
    DOUBLE = "double"


@functools.lru_cache(maxsize=None)
def _yaml(name: str) -> dict[str, Any]:
    from contrarius.io.yamlio import safe_load  # yaml.safe_load through libyaml (fast start-up)

    return safe_load((_DATA / name).read_text(encoding="utf-8"))


def catalog() -> dict[str, dict[str, Any]]:
    """Every known personality: name -> {gods, cost, reaction, status, goods?, minerva?}."""
    return _yaml("cards.yaml")["cards"]


def card_facts() -> dict[str, Any]:
    """The whole card data file (stacks, hands, display costs, prices)."""
    return _yaml("cards.yaml")


def dice_faces() -> dict[str, list[Any]]:
    """The default face lists of the four dice (ASSUMED; see ``data/dice.yaml``)."""
    data = _yaml("dice.yaml")
    return {k: list(v) for k, v in data.items() if k != "status"}


def card_name(name: str) -> str:
    """Resolve a personality name, case and accents folded (``"prefect"`` -> ``"Prefect"``),
    by its printed name or any other name of
    :data:`~contrarius.material.lexicon.CARD_NAMES` (Portuguese ``Arquiteto``, the English
    summary's ``Bricklayer``; ``"PM"``/``"Praefectus Magnus"`` for the Prefect with
    Praefectus Magnus). Raises :class:`~contrarius.errors.UnknownNameError` with the
    closest names.
    """
    hit = folded_names().get(fold(name))
    if hit is not None:
        return hit
    raise unknown("card", name, list(catalog()))


@functools.lru_cache(maxsize=None)
def folded_names() -> dict[str, str]:
    """Every name of every personality of the catalog, folded -> as printed (made once):
    the printed names, then their other names (:data:`~contrarius.material.lexicon.CARD_NAMES`)."""
    return card_tables()[0]


@functools.lru_cache(maxsize=None)
def card_tables() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The card names as :func:`~contrarius.material.lexicon.tables` gives them: every
    name, the printed names, the other names (folded -> printed; made once)."""
    return tables(CARD_NAMES, catalog(), CARD_SHORT_FORMS)


class Card(NamedTuple):
    """A personality card someone holds: ``name``, ``gods`` (one or two), ``face_up``.

    ``assumed`` marks a card whose identity is a labelled guess (Contrarius's starting
    cards are not public).
    """

    name: str
    gods: tuple[str, ...]
    face_up: bool = True
    assumed: bool = False

    def __deepcopy__(self, memo: dict) -> "Card":
        """The card itself: it never changes (frozen, its gods a tuple), so copies of a
        snapshot share it."""
        return self

    @classmethod
    def of(cls, name: str, *, face_up: bool = True, assumed: bool = False) -> "Card":
        """The card called ``name`` with its catalog gods."""
        canon = card_name(name)
        return cls(canon, tuple(catalog()[canon]["gods"]), face_up, assumed)

    @property
    def reaction(self) -> str:
        """The reaction key of this personality (``"mercator"``, ``"specialist"``, ...)."""
        return catalog()[self.name]["reaction"]

    @property
    def is_specialist(self) -> bool:
        """True for Mason, Farmer, Smith, Vintner and Weaver."""
        return self.name in SPECIALIST_ORDER

    @property
    def goods(self) -> str | None:
        """The goods type a specialist produces (Mason: brick ... Weaver: cloth), else None."""
        return catalog()[self.name].get("goods")


def best_specialist_goods(cards: list[Card]) -> tuple[str, str] | None:
    """The best specialist among ``cards`` (face up or down) and its goods type.

    Rule: "Tribune" and "Where does Contrarius build?": Weaver > Vintner > Smith >
    Farmer > Mason. Returns ``(specialist, goods)`` or None when there is none.
    """
    owned = {c.name for c in cards}
    for name in SPECIALIST_ORDER:
        if name in owned:
            return name, catalog()[name]["goods"]
    return None


def goods_below(goods: str) -> str:
    """The next lower goods type, wrapping from brick to cloth ("Where does Contrarius build?")."""
    i = GOODS.index(goods)
    return GOODS[i - 1] if i > 0 else GOODS[-1]
