"""Each personality card's rules are stated once (``contrarius/rules/personalities/``), and
solo play, team play, the third-player variant, ``preview`` and ``session`` read that one
statement.

The proof that every mode reads the same statement: the same over-limit input is refused
with the same error in every mode, on a real board (Italia as ``contrarius new`` lays it);
and when a statement is changed (a test's stand-in, put back afterwards), every mode's
check, the session's questions and the preview's rows change with it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contrarius.errors import ContrariusError, RuleError
from contrarius.material.cards import Card, Reaction, catalog
from contrarius.model.snapshot import MODES, SOLO, TEAM, THIRD_PLAYER
from contrarius.rules import personalities
from contrarius.rules.contrarius_part import PlayerAction
from contrarius.rules.game import SetupOptions, new_game, play
from contrarius.rules.modes.twoplayer import Part, TeamAction
from contrarius.rules.personalities import statement_of
from contrarius.rules.preview import summary

PERSONALITIES = Path(personalities.__file__).resolve().parent


def game(mode: str):
    """A new Italia game of ``mode``: the player (player1 in a two-player game) holds a
    Senator and a Tribune (solo: the turquoise starting cards; third-player: the base
    Concordia cards; team: hands not recorded, so any card may be played)."""
    s, _ = new_game(SetupOptions(board="italia", mode=mode, seed=3))
    return s


def action(mode: str, card: str, **kw):
    """The action of ``card`` with ``kw`` (the partner records nothing in team play)."""
    if mode == SOLO:
        return PlayerAction(card, **kw)
    return TeamAction(card=card, partner=Part() if mode == TEAM else None, **kw)


@pytest.fixture
def restated(monkeypatch):
    """Replace a card's statement for one test: ``restated(module, **changes)``; the real
    statements are back after the test (the lookup's cache is emptied both times)."""
    import importlib

    def change(module: str, **changes):
        mod = importlib.import_module(f"contrarius.rules.personalities.{module}")
        monkeypatch.setattr(mod, "STATEMENT", mod.STATEMENT._replace(**changes))
        statement_of.cache_clear()

    yield change
    statement_of.cache_clear()
    monkeypatch.undo()
    statement_of.cache_clear()


# ----- one statement per card -----------------------------------------------------------------------
def test_every_card_of_the_catalog_has_its_statement():
    # 20 cards, 14 reaction boxes: each box has one module whose statement names it
    kinds = {facts["reaction"] for facts in catalog().values()}
    assert kinds == {r.value for r in Reaction}
    for kind in kinds:
        st = statement_of(kind)
        assert st.reaction == kind and st.section.startswith('"')
    modules = sorted(p.stem for p in PERSONALITIES.glob("*.py") if p.stem not in ("__init__", "statement"))
    assert len(modules) == len(kinds) == 14


def test_each_card_module_has_the_same_shape():
    # a docstring quoting the rulebook, a STATEMENT, and its reaction function when the card has one
    import importlib

    for path in sorted(PERSONALITIES.glob("*.py")):
        if path.stem in ("__init__", "statement"):
            continue
        mod = importlib.import_module(f"contrarius.rules.personalities.{path.stem}")
        assert mod.__doc__ and '"' in mod.__doc__ and "What the player records" in mod.__doc__, path.name
        st = mod.STATEMENT
        assert (st.react is None) == (st.reaction in (Reaction.DIPLOMAT, Reaction.LEGATUS, Reaction.DOUBLE)), path.name


def test_the_tribune_is_found_in_one_file():
    # its reaction and what the player may record for it: personalities/tribune.py
    st = statement_of(Reaction.TRIBUNE)
    assert st.react.__module__ == "contrarius.rules.personalities.tribune"
    assert (st.places, st.places_at_start, st.buys, st.moves, st.choice) == (1, True, 0, False, None)
    text = (PERSONALITIES / "tribune.py").read_text(encoding="utf-8")
    assert "Reaction of Contrarius: Contrarius reacts twofold" in text and "buy one colonist" in text


# ----- every mode reads the same statement ------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_three_cards_bought_with_a_senator_are_refused_in_every_mode(mode):
    # the Senator "buys up to two cards": the same refusal in solo, team and third-player play
    with pytest.raises(RuleError, match=r"^the Senator buys at most 2 cards; (got|player1 gave) 3$"):
        play(game(mode), action(mode, "Senator", buys=["1", "2", "3"]))


@pytest.mark.parametrize("mode", MODES)
def test_two_colonists_bought_with_a_tribune_are_refused_in_every_mode(mode):
    # "you may also buy one colonist": two are refused in every mode, with the Tribune's limit
    with pytest.raises(RuleError, match=r"one colonist"):
        play(game(mode), action(mode, "Tribune", places=[("land", "Roma"), ("sea", "Roma")]))


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_checks_the_senators_limit_from_its_statement(mode, restated):
    # a Senator restated with a limit of 1: every mode now refuses two cards, by the statement's number
    restated("senator", buys=1)
    with pytest.raises(RuleError, match=r"^the Senator buys at most 1 card; (got|player1 gave) 2$"):
        play(game(mode), action(mode, "Senator", buys=["1", "2"]))


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_checks_the_tribunes_colonist_from_its_statement(mode, restated):
    # a Tribune restated without a colonist: every mode refuses the one it allows today
    restated("tribune", places=0)
    with pytest.raises(ContrariusError, match=r"Tribune") as got:
        play(game(mode), action(mode, "Tribune", places=[("land", "Roma")]))
    assert not isinstance(got.value, RuleError) and "place" in str(got.value)


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_reads_the_reaction_from_the_statement(mode, restated):
    # the Mercator restated with the specialists' reaction: Contrarius scores 3 VP in every
    # mode (third-player: player2's card, the one Contrarius reacts to)
    restated("mercator", react=statement_of(Reaction.SPECIALIST).react)
    s = game(mode)
    if mode == THIRD_PLAYER:
        s.active = "player2"
    r = play(s, action(mode, "Mercator"))
    assert r.vp_after - r.vp_before == 3 and any("Contrarius scores 3 VP (Mercator)" in e.text for e in r.events)


def test_the_session_asks_what_the_statement_names(restated):
    from contrarius.cli.session.flow import turn_flow

    def questions(card: str) -> list[str]:
        flow = turn_flow(game(SOLO), table_dice=False)
        next(flow)
        asked = [flow.send(card)]
        while asked[-1].key == "buy":
            asked.append(flow.send(""))  # Enter: no (more) card bought
        return [q.text for q in asked]

    assert questions("Senator")[0] == "A card bought (display position or name), 1 of 2"
    restated("senator", buys=1)
    assert questions("Senator")[0] == "A card bought (display position or name)"


def test_the_preview_rows_are_the_statements_choices(restated):
    # the Prefect's two actions are the summary's rows (produce: the province with the
    # lowest E[VP]); a Prefect restated with reactivate alone has that one row
    def prefect_rows():
        return [r.action for r in summary(game(SOLO)).rows if r.card == "Prefect"]

    assert [a.split()[0] for a in prefect_rows()] == ["produce", "reactivate"]
    restated("prefect", choice=(("reactivate", "take the cash bonus"),))
    assert prefect_rows() == ["reactivate"]


def test_the_double_cards_and_team_cards_are_named_by_their_statements():
    assert [n for n, f in catalog().items() if statement_of(f["reaction"]).team_only] == [
        "Legatus", "Praetor", "Proconsul", "Prefect/Architect", "Architect/Mercator", "Mercator/Prefect"]
    assert [n for n, f in catalog().items() if statement_of(f["reaction"]).buys] == ["Senator", "Consul", "Praetor", "Proconsul"]
    assert all(statement_of(Card.of(n).reaction).halves == ("/" in n) for n in catalog())
    # the names a solo game does not offer (kept as a list there: TAB loads no statement)
    from contrarius.words.names import TEAM_CARDS

    assert set(TEAM_CARDS) == {n for n, f in catalog().items() if statement_of(f["reaction"]).team_only}
    assert re.fullmatch(r"[a-z_]+", Reaction.PREFECT_MAGNUS.value)
