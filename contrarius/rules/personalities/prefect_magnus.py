"""The Prefect with Praefectus Magnus.

"Solo Personality Cards", Prefect with Praefectus Magnus: "Action: Same as the Prefect in
Concordia, however with a double goods bonus (2 instead of 1). Reaction of Contrarius:
Contrarius reacts depending on which action you have chosen: a) produce: Contrarius
scores 1 victory point for each house in this province, however at least 2 victory
points. b) reactivate: Contrarius scores 2 victory points."

What the player records: as for the Prefect. In the third-player variant the card counts
as a plain Prefect ("Contrarius as a third player": the Praefectus Magnus passes between
the players), so the reaction's least is 1 there.
"""

from __future__ import annotations

from typing import Any

from contrarius.material.cards import Reaction
from contrarius.model.snapshot import THIRD_PLAYER
from contrarius.rules.personalities import prefect
from contrarius.rules.personalities.statement import Statement


def react(t: Any, card: Any, action: str | None, province: str | None, printed: str | None = None) -> None:
    """As the Prefect's reaction, at least 2 VP when producing (1 in the third-player variant)."""
    prefect.react(t, card, action, province, least=1 if t.s.mode == THIRD_PLAYER else 2)


STATEMENT = Statement(Reaction.PREFECT_MAGNUS, "Prefect with Praefectus Magnus",
                      '"Solo Personality Cards", Prefect with Praefectus Magnus',
                      choice=prefect.CHOICE, choice_question="produce or reactivate?",
                      choice_refusal="the Prefect either produces or reactivates", produces_in="produce", react=react)
