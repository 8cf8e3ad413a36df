"""The session offers only what it will accept (README "A guided session"), on the real
Italia board of examples/italia-setup.yaml."""

from __future__ import annotations

from contrarius.cli.session.flow import Question, turn_flow
from contrarius.store.snapshot_text import load_snapshot


def _questions(snap, answers: list[str]) -> Question:
    flow = turn_flow(snap, table_dice=True)
    q = next(flow)
    for a in answers:
        q = flow.send(a)
    return q


def test_the_tribunes_colonist_is_offered_only_in_roma(examples_dir):
    """Base rules (refresher), the Tribune: the colonist bought is "placed in Roma". With
    a house of the player in Casinvm, a Colonist card may place there, the Tribune may not:
    the Tribune's question offers land:Roma and sea:Roma only."""
    snap = load_snapshot(str(examples_dir / "italia-setup.yaml"))
    snap.houses["Casinvm"] = ["player"]
    q = _questions(snap, ["tribune"])
    assert q.key == "place"
    assert [c for c, _ in q.choices] == ["land:Roma", "sea:Roma"]


def test_a_house_is_offered_only_next_to_the_colonists_lines(examples_dir):
    """The Architect: after land:Roma:Casinvm-Roma the player's colonists stand on
    Casinvm-Roma (land) and in Roma (sea, on no line); a house may go only next to a line
    a colonist stands on (base rules, the Architect): Casinvm (Roma is the capital, no
    city). Not the 25 cities of the board."""
    snap = load_snapshot(str(examples_dir / "italia-setup.yaml"))
    q = _questions(snap, ["architect", "land:Roma:Casinvm-Roma", ""])
    assert q.key == "build"
    assert [c for c, _ in q.choices] == ["Casinvm"]


def test_the_diplomat_offers_each_face_up_card_once(examples_dir):
    """Contrarius holding two face-up Prefects: the Diplomat ("copy the action of one
    face-up card of Contrarius' card display") offers Prefect once."""
    from contrarius.material.cards import Card

    snap = load_snapshot(str(examples_dir / "italia-setup.yaml"))
    snap.contrarius.cards.append(Card.of("Prefect"))
    q = _questions(snap, ["diplomat"])
    names = [c for c, _ in q.choices]
    assert names.count("Prefect") == 1 and "Mercator" in names
