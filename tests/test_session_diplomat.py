"""The session's Diplomat and double-card questions offer exactly what the rules allow, by
calling the rules' own functions (:func:`contrarius.rules.personalities.diplomat.copy_targets`,
:func:`contrarius.rules.modes.third_player.diplomat_target`,
:func:`contrarius.rules.modes.twoplayer.double_pick`), on the real Italia board.

The rules: "Solo Personality Cards", Diplomat: "Copy the action of one face-up card of
Contrarius' card display. Flip the card face down afterwards." A Diplomat cannot copy a
Diplomat (README "How the rules are read", **Diplomat**: the base rule "you cannot copy a
player who most recently played a Diplomat"). "Contrarius as a third player": "The Diplomat
follows the rules of regular Concordia, meaning that it copies a card of the other player":
the top card of their played pile. "Double choice cards": "You choose one of the
personalities on the card".
"""

from __future__ import annotations

from contrarius.material.cards import Card
from contrarius.rules.game import SetupOptions, new_game
from contrarius.store.snapshot_text import load_snapshot
from test_session import EXAMPLE, drive
from test_team import ITALIA_TOKENS, team


def _solo(cards: list[tuple[str, bool]]):
    """examples/italia-setup.yaml with Contrarius's cards as given (name, face up)."""
    s = load_snapshot(str(EXAMPLE))
    s.contrarius.cards = [Card(n, Card.of(n).gods, up) for n, up in cards]
    return s


def test_each_copyable_face_up_card_once_and_the_diplomat_left_out_with_why():
    """Contrarius holds two face-up Prefects, a face-up Diplomat (taken from the display), a
    face-down Architect and a face-up Smith. The Diplomat may copy: Prefect (once: both are
    the same choice) and Smith; not the Architect (face down: "you can copy each card of
    Contrarius only once") nor the Diplomat (the reading). The question lists Prefect,
    Smith; its notes say the Diplomat is left out and why; typing Diplomat is refused with
    play's message, and Prefect then asks produce or reactivate."""
    s = _solo([("Prefect", True), ("Prefect", True), ("Diplomat", True), ("Architect", False), ("Smith", True)])
    asked, _ = drive(s, ["diplomat", "Diplomat", "Prefect"], table_dice=True)
    copy_q = asked[1]
    assert copy_q.key == "copy"
    assert [v for v, _ in copy_q.choices] == ["Prefect", "Smith"]
    assert any("not offered: Contrarius's face-up Diplomat (a Diplomat cannot copy a Diplomat" in n for n in copy_q.notes)
    assert asked[2].key == "copy" and "cannot copy" in (asked[2].error or "")
    assert asked[3].key == "action"


def test_a_diplomat_with_nothing_to_copy_is_refused_at_the_card():
    """Contrarius's only face-up card is a Diplomat (the others face down): the Diplomat
    has nothing it may copy, so the card answer itself is refused (as play cannot play it)
    and the card is asked again."""
    s = _solo([("Prefect", False), ("Diplomat", True), ("Smith", False)])
    asked, _ = drive(s, ["diplomat"], table_dice=True)
    assert asked[-1].key == "card"
    assert "the Diplomat has nothing to copy" in asked[-1].error
    assert "face up: Diplomat, which a Diplomat cannot copy" in asked[-1].error


def _third():
    s, _ = new_game(SetupOptions(board="italia", mode="third-player", seed=1, tokens=ITALIA_TOKENS,
                                 display=["Mercator", "Mason", "Prefect", "Colonist", "Farmer", "Architect", "Diplomat"],
                                 refill=["Smith"]))
    s.active = "player2"
    return s


def test_third_player_diplomat_copies_the_top_played_card_or_is_refused():
    """player2 plays the Diplomat. player1's played pile is recorded empty: the rule
    (diplomat_target) says there is nothing to copy, so the card is refused at once, never
    a question. With player1's played pile [Prefect, Mercator] the Diplomat copies the top
    card, the Mercator, without a question: Contrarius reacts as to a Mercator, so the next
    question is the black die."""
    s = _third()
    assert s.player("player1").played == []
    asked, _ = drive(s, ["diplomat"], table_dice=True)
    assert asked[-1].key == "card" and "player1 has no played card face up: the Diplomat has nothing to copy" in asked[-1].error
    s.player("player1").played = [Card.of("Prefect"), Card.of("Mercator")]
    asked, _ = drive(s, ["diplomat"], table_dice=True)
    assert [q.key for q in asked] == ["card", "die"]
    assert asked[-1].text.startswith("black die")


def test_third_player_unrecorded_pile_asks_only_copyable_cards():
    """player1's played cards not recorded (null): the rule cannot say the top card, so the
    session asks, offering only cards a Diplomat may copy (no Diplomat)."""
    s = _third()
    s.player("player1").played = None
    s.player("player1").hand = None
    asked, _ = drive(s, ["diplomat"], table_dice=True)
    assert asked[-1].key == "copy"
    offered = [v for v, _ in asked[-1].choices]
    assert "Diplomat" not in offered and "Mercator" in offered and len(offered) == len(set(offered))


def test_double_card_personality_is_read_by_double_pick():
    """Team play, the double card Prefect / Architect: player1 chooses one of the two
    personalities; any other is refused with double_pick's message ("offers Prefect or
    Architect")."""
    s = team()
    asked, _ = drive(s, ["Prefect/Architect", "mercator", "architect"], table_dice=True)
    assert asked[1].key == "personality"
    assert asked[2].key == "personality" and "offers Prefect or Architect, not Mercator" in asked[2].error
    assert asked[3].key != "personality"
