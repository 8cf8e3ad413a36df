"""The Prefect.

Base rules (refresher): "The Prefect does one of two things. Either pick an active
province, meaning one whose bonus marker still shows a good, flip that marker to its coin
side, take one unit of the pictured good, and then every house in that province, whoever
owns it, produces one unit of its city's good. Or take the cash bonus instead: one
sestertius for every visible coin on the bonus markers, then flip all of those markers
back to their goods side."

"Solo Personality Cards", Prefect: "Reaction of Contrarius: Contrarius reacts depending
on which action you have chosen: a) produce: Contrarius scores 1 victory point for each
house in this province, however at least 1 victory point. b) reactivate: Contrarius
scores 2 victory points."

What the player records: produce (the province) or reactivate; nothing else.
"""

from __future__ import annotations

from typing import Any

from contrarius.material.cards import Reaction
from contrarius.messages import N_, NP_, Term
from contrarius.rules.personalities.statement import Statement

#: The Prefect's choice ("produce or reactivate"), shared with the Prefect with Praefectus Magnus.
CHOICE = (("produce", "produce in a province"), ("reactivate", "take the cash bonus"))


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None, *, least: int = 1) -> None:
    """Contrarius scores 2 VP after a reactivation, else 1 VP per house in the province
    produced in, at least ``least``."""
    if action == "reactivate":
        t.gain_vp(2, N_("{card}: you reactivated", card=Term("card", card.name)))
        return
    assert province is not None
    n = t.s.houses_in_province(province)
    t.gain_vp(max(least, n), NP_("{card}: {n} house in {province}, at least {least}", "{card}: {n} houses in {province}, at least {least}", n,
                                 card=Term("card", card.name), province=province, least=least))


STATEMENT = Statement(Reaction.PREFECT, "Prefect", '"Solo Personality Cards", Prefect',
                      choice=CHOICE, choice_question="produce or reactivate?",
                      choice_refusal="the Prefect either produces or reactivates", produces_in="produce", react=react)
