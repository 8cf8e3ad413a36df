"""The names players type for the game's things, in English and Brazilian Portuguese, and
how a typed text is matched against them (pure data and functions, no output).

Every kind of name (personality cards, goods, dice, die faces, colonist kinds, provinces
named by colour) is a table here: printed English name -> the other names a player may
type for it. Cities and provinces are the boards' own (``boards/*.yaml``: printed names
and ``aliases``); the same matching (:func:`fold`, :func:`choose`) reads them.

Sources of the names, as the comments beside each table say:

- **S2**: the Brazilian Portuguese summary of the solo rules (Concordia Solitaria
  "Resumo das regras": Arquiteto, Tribuno, Prefeito, Mercador, Diplomata, Senador,
  Cônsul, Colono, Pedreiro, Fazendeiro, Ferreiro, Tecelão; tijolo, comida, ferramenta,
  vinho, pano; colono terrestre / marítimo; the dice by colour azul, vermelho, preto,
  branco).
- **S1**: the English summary of the solo rules the project started from, which names
  the specialists Bricklayer (Mason) and Blacksmith (Smith) and the storehouse Warehouse.
- **BR**: the words Brazilian board-game reviews of Concordia use (grão, trigo, pão for
  food; tecido for cloth; terra and mar for the colonist kinds).
- **P**: proposed, for names no Portuguese source prints (the team cards Legado,
  Pretor, Procônsul; salt "sal"; the colour names of the provinces of the boards that
  print no province names): a reading, with the English name always accepted.

Matching (:func:`choose`): case and accents are folded (``tecelao`` is Tecelão,
``Zürich`` is Zurich), ``_`` reads as a space; an exact name of any language wins; else
a unique beginning of a name, where names that mean the same thing count once
(``pre`` in a solo game: Prefect, Prefeito, Prefect with Praefectus Magnus all begin with
it, and Prefect begins the others, so Prefect is meant). A beginning of one or two letters
reads only the English printed names, as it always did (``t`` is the Tribune, ``f`` the
Farmer); from three letters on every name counts (``tec`` is the Weaver, and in team play
``pre`` could be the Prefect or the Praetor, Pretor).
"""

from __future__ import annotations

import unicodedata
from typing import Any, Callable, Iterable

from contrarius.messages import N_, Joined, Term
from contrarius.errors import UnknownNameError


def fold(text: str) -> str:
    """``text`` as names are compared: accents dropped (``Tecelão`` -> ``tecelao``,
    ``Köln`` -> ``koln``), case folded, ``_`` read as a space, runs of spaces as one."""
    text = str(text)
    if not text.isascii():
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(text.casefold().replace("_", " ").split())


# ----- the name tables: printed English name -> other names (any case, accents as written)

#: Personality cards (catalog names of ``data/cards.yaml``) -> other names.
CARD_NAMES: dict[str, tuple[str, ...]] = {
    "Tribune": ("Tribuno",),  # S2
    "Architect": ("Arquiteto", "arq"),  # S2
    "Prefect": ("Prefeito",),  # S2
    "Prefect with Praefectus Magnus": ("Prefeito com Praefectus Magnus",),  # S2
    "Mercator": ("Mercador",),  # S2
    "Diplomat": ("Diplomata",),  # S2
    "Senator": ("Senador",),  # S2
    "Consul": ("Cônsul",),  # S2
    "Colonist": ("Colono",),  # S2
    "Mason": ("Pedreiro", "Bricklayer"),  # S2, S1
    "Farmer": ("Fazendeiro",),  # S2
    "Smith": ("Ferreiro", "Blacksmith"),  # S2, S1
    "Vintner": ("Vinicultor", "viticultor", "vinhateiro"),  # S2 keeps "Vintner"; P
    "Weaver": ("Tecelão",),  # S2
    "Legatus": ("Legado",),  # P
    "Praetor": ("Pretor",),  # P
    "Proconsul": ("Procônsul",),  # P
    "Prefect/Architect": ("Prefeito/Arquiteto",),  # P: the team hands' two-sided cards, from S2's names
    "Architect/Mercator": ("Arquiteto/Mercador",),  # P
    "Mercator/Prefect": ("Mercador/Prefeito",),  # P
}

#: The cards whose pt_BR printed name is the English one (``../shared/reference/glossary-pt_BR.md``:
#: "Legatus / Praetor / Proconsul | as printed"): their Portuguese names above are read, never said.
CARDS_AS_PRINTED: tuple[str, ...] = ("Legatus", "Praetor", "Proconsul")

#: Short forms of card names, read only whole (a beginning of one is no card name): the
#: English forms players use for the Prefect with Praefectus Magnus.
CARD_SHORT_FORMS: dict[str, tuple[str, ...]] = {
    "Prefect with Praefectus Magnus": ("pm", "praefectus magnus", "prefect magnus", "prefect pm"),
}

#: Goods types (``board.TOKEN_GOODS``) -> other names. The English words before the
#: Portuguese (grain, wheat, ... are the words players use; plurals as typed).
GOODS_NAMES: dict[str, tuple[str, ...]] = {
    "brick": ("bricks", "tijolo", "tijolos"),  # S2, BR
    "food": ("grain", "wheat", "corn", "bread", "comida", "trigo", "grão", "pão"),  # S2, BR
    "tool": ("tools", "ferramenta", "ferramentas"),  # S2, BR
    "wine": ("wines", "vinho", "vinhos"),  # S2
    "cloth": ("cloths", "fabric", "pano", "panos", "tecido", "tecidos"),  # S2, BR
    "salt": ("sal",),  # P (Salsa's salt)
}

#: The Portuguese names only of :data:`GOODS_NAMES` (what a pt_BR report will print).
GOODS_PT: dict[str, str] = {"brick": "tijolo", "food": "comida", "tool": "ferramenta", "wine": "vinho",
                            "cloth": "pano", "salt": "sal"}

#: The four dice (``dice.DIE_COLOURS``) -> other names: by card, by colour (S2: dado
#: Arquiteto azul, Tribuno/Colono vermelho, Mercador preto, Senador/Cônsul branco).
DIE_NAMES: dict[str, tuple[str, ...]] = {
    "architect": ("blue", "arquiteto", "azul"),
    "tribune": ("colonist", "red", "tribuno", "colono", "vermelho"),
    "mercator": ("black", "mercador", "preto"),
    "senator": ("consul", "white", "senador", "cônsul", "branco"),
}

#: Colonist kinds and the red die's faces -> other names (S2: colono terrestre /
#: marítimo, carta; BR: terra, mar).
KIND_NAMES: dict[str, tuple[str, ...]] = {
    "land": ("terrestre", "terra"),
    "sea": ("marítimo", "mar"),
}
CARD_FACE_NAMES: dict[str, tuple[str, ...]] = {"card": ("carta",)}

#: Province colours (the province names of the boards that print none: Balearica,
#: Corsica, Creta, Cyprus, Sicilia name them by colour) -> Portuguese colour names (P),
#: the feminine of "província" first, then the masculine a player may say.
COLOUR_NAMES: dict[str, tuple[str, ...]] = {
    "Yellow": ("amarela", "amarelo"), "Red": ("vermelha", "vermelho"), "Blue": ("azul",),
    "Green": ("verde",), "Dark green": ("verde-escura", "verde-escuro"), "Light green": ("verde-clara", "verde-claro"),
    "Brown": ("marrom",), "Dark brown": ("marrom-escura", "marrom-escuro"), "Teal": ("azul-petróleo",),
    "Orange": ("laranja",), "Grey": ("cinza",), "Gray": ("cinza",), "Purple": ("roxa", "roxo"),
    "Olive": ("verde-oliva",), "Mint": ("verde-menta",), "Cyan": ("ciano",), "Maroon": ("bordô",),
    "Gold": ("dourada", "dourado"),
}


#: A beginning of a name other than the English printed one counts from this many letters.
OTHERS_FROM = 3


# ----- matching -------------------------------------------------------------------

def or_list(names: list[Any]) -> Any:
    """``["A", "B", "C"]`` -> "A, B or C" as a :class:`~contrarius.messages.Message`
    (the "or" said in the language chosen); one name is itself. The names may be
    :class:`~contrarius.messages.Term` s."""
    if len(names) == 1:
        return names[0]
    return N_("{names} or {last}", names=Joined(", ", list(names[:-1])), last=names[-1])


#: The kind of :class:`~contrarius.messages.Term` a name of each ``what`` of a refusal is
#: (``card``: a personality card, said in the player's language); any other ``what`` (a
#: city, a province, a board) names what is printed, never translated.
TERM_KINDS = {"card": "card", "goods": "goods", "goods type": "goods", "colonist kind": "kind", "die": "die"}


def term(what: str, name: str) -> Any:
    """``name``, a printed name of a ``what`` (``card``, ``goods``, ``city``, ...), as the
    player's language says it: a :class:`~contrarius.messages.Term` for the kinds of
    :data:`TERM_KINDS`, the name itself for the others."""
    kind = TERM_KINDS.get(what)
    return name if kind is None else Term(kind, name)


def index(table: dict[str, Iterable[str]], printed: Iterable[str] | None = None) -> dict[str, str]:
    """Folded name -> printed name, for the printed names (``printed``, default the
    table's keys, in order) and each one's other names in ``table``; a printed name
    wins over another's alias."""
    out: dict[str, str] = {}
    names = list(table) if printed is None else list(printed)
    for name in names:
        out.setdefault(fold(name), name)
    for name in names:
        for alt in table.get(name, ()):
            out.setdefault(fold(alt), name)
    return out


def choose(text: str, names: dict[str, str], what: str, *, shortest: bool = True, min_prefix: int = 1,
           context: str = "", key: Callable[[str], str] = fold, prefixes: dict[str, str] | None = None,
           others: dict[str, str] | None = None, others_from: int = OTHERS_FROM) -> str | None:
    """The printed name ``text`` names among ``names`` (folded name -> printed name,
    :func:`index`): an exact name, else the one value every name beginning with ``text``
    means.

    Where a beginning is looked for: ``prefixes`` (default ``names``), and from
    ``others_from`` letters on also ``others`` (the other languages' names and other
    spellings: a beginning of one or two letters reads the English printed names as it
    always did, ``t`` is the Tribune and not the Tecelão; ``tec`` is the Weaver). Names
    meaning the same value count once. ``shortest``: when several values remain and one
    printed name begins all the others (``pref``: Prefect, Prefect with Praefectus Magnus,
    Prefect/Architect), that one is meant. A beginning shorter than ``min_prefix``
    letters is no beginning. ``key``: how names are compared (default :func:`fold`; the
    boards read U as V too). ``context``: where (``" on the italia board"``), for the
    message.

    Returns None when no name begins with ``text``; raises :class:`UnknownNameError`
    asking which one (listing every candidate's printed name) when the beginning is
    shared.
    """
    typed = key(str(text))
    if not typed:
        return None
    hit = names.get(typed)
    if hit is not None:
        return hit
    if len(typed) < min_prefix:
        return None
    pool = list((names if prefixes is None else prefixes).items())
    if others is not None and len(typed) >= others_from:
        pool += others.items()
    values = list(dict.fromkeys(v for k, v in pool if k.startswith(typed)))
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    if shortest:
        first = min(values, key=len)
        if all(fold(v).startswith(fold(first)) for v in values):
            return first
    raise UnknownNameError(N_("{what} {text!r}{context} could be {value}: which one? (type more letters)", what=Term("noun", what), text=text, context=context, value=or_list([term(what, v) for v in sorted(values)])))


def tables(table: dict[str, Iterable[str]], printed: Iterable[str], exact_only: dict[str, Iterable[str]] | None = None
           ) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The three lookups :func:`choose` takes for the ``printed`` names and their other
    names in ``table``: every name (with ``exact_only``'s short forms, read only whole),
    the printed names alone, and the other names alone (folded name -> printed name)."""
    printed = list(printed)
    every = index({p: (*table.get(p, ()), *(exact_only or {}).get(p, ())) for p in printed}, printed)
    own = {fold(p): p for p in printed}
    rest = {k: v for k, v in index({p: tuple(table.get(p, ())) for p in printed}, printed).items() if k not in own}
    return every, own, rest


__all__ = ["CARD_FACE_NAMES", "CARD_NAMES", "CARD_SHORT_FORMS", "OTHERS_FROM", "COLOUR_NAMES", "DIE_NAMES", "GOODS_NAMES", "GOODS_PT", "KIND_NAMES",
           "choose", "fold", "index", "or_list", "tables"]
