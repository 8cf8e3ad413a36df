"""Each personality card's rules, stated once: one module per card.

A module states its card ("Solo Personality Cards", "Cooperative Personality Cards"; the
base rules for the action "as in Concordia") in the same shape: a docstring quoting the
rulebook, the :class:`~.statement.Statement` ``STATEMENT`` (what the player may record
for the card, its limits), and the function ``react`` (Contrarius's reaction to it).
Solo play, both two-player modes, ``preview`` and ``session`` read the statement through
:func:`statement_of`; :func:`~.statement.check_record` checks a recorded action against
it for every mode.

    prefect, prefect_magnus, architect, mercator, senator, consul, tribune, colonist,
    specialists (Mason, Farmer, Smith, Vintner, Weaver), diplomat;
    team play: legatus, praetor, proconsul, double_choice (the cards with two personalities)

A card's module is imported when a game first needs it (start-up time).
"""

from __future__ import annotations

from contrarius.rules.personalities.statement import Statement, statement_of

__all__ = ["Statement", "copyable", "statement_of", "team_only"]

def copyable(reaction: str) -> bool:
    """Whether a Diplomat may copy a card with the reaction key ``reaction``: not a
    Diplomat ("Solo Personality Cards", Diplomat), not a Legatus (a reading)."""
    return statement_of(reaction).copyable


def team_only(reaction: str) -> bool:
    """Whether the cards with the reaction key ``reaction`` are cards of team play only
    ("Cooperative Personality Cards": the Legatus, Praetor, Proconsul, double cards)."""
    return statement_of(reaction).team_only
