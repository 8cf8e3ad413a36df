"""The names of the game's material in each language contrarius speaks, as reports print
them: a card (``Weaver`` -> ``Tecelão``), a goods type (``wine`` -> ``vinho``), a colonist
kind (``land`` -> ``terrestre``), a die face, a die colour (``black`` -> ``preto``), a die by its
card (``mercator`` -> ``Mercador``), a card's choice of action (``reactivate`` -> ``reativar``), a side
(``player`` -> ``jogador``; team ids stay), a solo variant (``fish_market``), the points a variant adds
(``forum cards``) and what broke a tie (``Concordia card``). The
Portuguese names are the first of each table of :mod:`contrarius.material.lexicon` (the
glossary's printed names), except the team cards the glossary prints as in English
(:data:`~contrarius.material.lexicon.CARDS_AS_PRINTED`: Legatus, Praetor, Proconsul); city,
province, god and forum-card names are never translated.
"""

from __future__ import annotations

_PT: dict[str, dict[str, str]] = {}


def pt_names() -> dict[str, dict[str, str]]:
    """kind -> printed English name -> the pt_BR name (built on first use)."""
    if not _PT:
        from contrarius.material.lexicon import CARD_FACE_NAMES, CARD_NAMES, CARDS_AS_PRINTED, GOODS_PT, KIND_NAMES

        kinds = {k: v[0] for k, v in KIND_NAMES.items()}
        _PT.update(
            card={name: name if name in CARDS_AS_PRINTED else names[0] for name, names in CARD_NAMES.items()},
            goods=dict(GOODS_PT),
            kind=kinds,
            face={**GOODS_PT, **kinds, **{k: v[0] for k, v in CARD_FACE_NAMES.items()}},
            colour={"blue": "azul", "red": "vermelho", "black": "preto", "white": "branco", "green": "verde"},
            # the solo variants (model/variants.py) and the points they add to Contrarius (rules/scoring.py ExtraScore.what)
            variant={"salsa": "Salsa", "fish_market": "mercado de peixe", "gallia": "Gallia", "aegyptus": "Aegyptus"},
            # what broke a tie (rules/scoring.py FinalScore.decided_by), said after "broken" ("desfeito pela carta Concordia")
            tie_by={"points": "pelos pontos", "Concordia card": "pela carta Concordia", "Praefectus Magnus": "pelo Praefectus Magnus"},
            extra={"forum cards": "cartas do fórum", "fish": "peixes", "traders": "comerciantes"},
            noun={"board": "tabuleiro", "card": "carta", "city": "cidade", "forum card": "carta do fórum", "god": "deus",
                  "goods": "mercadoria", "goods type": "tipo de mercadoria", "province": "província", "die": "dado",
                  "colonist kind": "tipo de colono", "answer": "resposta", "place": "lugar",
                  "start place": "lugar de partida"},
            mode={"solo": "solo", "team": "equipe", "third-player": "terceiro jogador", "third_player": "terceiro jogador"},
            level={"standard": "padrão", "veteran": "veterano", "expert": "experiente"},
            side={"player": "jogador", "contrarius": "Contrarius"},
            die={"architect": "Arquiteto", "tribune": "Tribuno", "mercator": "Mercador", "senator": "Senador"},
            # a die by its colour and card ("the blue architect die (Architect)"), said beside the card that rolls
            # it: Portuguese names it by its colour alone ("dado azul (Arquiteto)"), the card is not repeated
            **{"coloured die": {"blue architect": "azul", "red tribune": "vermelho", "black mercator": "preto",
                                "white senator": "branco"}},
            # a card's choice of action, as the session's answers name it (cli/session/flow.py ANSWER_WORDS)
            action={"produce": "produzir", "reactivate": "reativar", "place": "colocar", "money": "dinheiro"},
        )
    return _PT


def term_name(kind: str, value: str, lang: str) -> str:
    """``value`` (a printed English name of the ``kind``: ``card``, ``goods``, ``kind``,
    ``face``, ``colour``) in ``lang``; a name the table does not hold (a forum card, ``S``)
    as printed."""
    if lang != "pt_BR":
        return value
    return pt_names().get(kind, {}).get(value, value)


__all__ = ["pt_names", "term_name"]
