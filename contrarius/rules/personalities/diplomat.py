"""The Diplomat.

"Solo Personality Cards", Diplomat: "Action: Copy the action of one face-up card of
Contrarius' card display. Flip the card face down afterwards. Thus, you can copy each card
of Contrarius only once during the game. Reaction of Contrarius: Contrarius reacts
according to the reaction on the card you have copied."

"Cooperative Personality Cards", Diplomat: "Your partner also copies the same card that
you copy." "Contrarius as a third player": "The Diplomat follows the rules of regular
Concordia, meaning that it copies a card of the other player and not of Contrarius."

What the player records: the card copied (``--copy CARD``), then what that card lets
them record. A Diplomat cannot copy a Diplomat (nor, in team play, a Legatus: a reading).
"""

from __future__ import annotations

from typing import Any

from contrarius.messages import N_, Joined, Term
from contrarius.errors import RuleError
from contrarius.material.cards import Card, Reaction
from contrarius.rules.personalities.statement import Statement


def face_up_card(s: Any, name: str) -> Card:
    """The face-up card ``name`` of Contrarius that a Diplomat copies ("copy one of
    Contrarius's face-up cards"; each is turned face down once copied). Raises
    :class:`RuleError` naming why and the face-up cards when it lies face down or
    Contrarius has no such card."""
    up = [c for c in s.contrarius.cards if c.name == name and c.face_up]
    if not up:
        down = any(c.name == name for c in s.contrarius.cards)
        why = N_("it lies face down (each card can be copied once)") if down else N_("Contrarius has no such card")
        face_up = [Term("card", c.name) for c in s.contrarius.cards if c.face_up]
        have = Joined(", ", face_up) if face_up else N_("none")
        raise RuleError(N_("the Diplomat cannot copy {name}: {why}; face-up cards: {have}", name=Term("card", name), why=why, have=have))
    return up[0]


def copy_targets(s: Any) -> list[str]:
    """The cards a Diplomat may copy in solo and team play: Contrarius's face-up cards
    that a Diplomat may copy (not a Diplomat, nor a Legatus: the statements' ``copyable``),
    each name once (two face-up Prefects are one choice), in the order Contrarius holds
    them. What ``play`` accepts as ``--copy`` (:func:`face_up_card` and ``copyable``)."""
    from contrarius.rules.personalities import copyable

    return list(dict.fromkeys(c.name for c in s.contrarius.cards if c.face_up and copyable(c.reaction)))


def not_copyable(s: Any) -> list[str]:
    """Contrarius's face-up cards that a Diplomat may not copy (a Diplomat; in team play a
    Legatus), each name once: left out of :func:`copy_targets`, so a question can say why."""
    from contrarius.rules.personalities import copyable

    return list(dict.fromkeys(c.name for c in s.contrarius.cards if c.face_up and not copyable(c.reaction)))


def nothing_to_copy(s: Any) -> RuleError:
    """The refusal of a Diplomat when :func:`copy_targets` is empty, naming the face-up
    cards it may not copy."""
    left = not_copyable(s)
    why = N_(" (face up: {cards}, which a Diplomat cannot copy)", cards=Joined(", ", [Term("card", c) for c in left])) if left else ""
    return RuleError(N_("the Diplomat has nothing to copy: Contrarius has no face-up card a Diplomat may copy{why}", why=why))


STATEMENT = Statement(Reaction.DIPLOMAT, "Diplomat", '"Solo Personality Cards", Diplomat', copies=True, copyable=False)
