"""Property-based tests (hypothesis): whole random games and random broken files.

- A random game (any board, level, seed) followed by random ``play`` turns, each chosen
  to be legal in the current state, dice rolled from the seed: every snapshot on the way
  round-trips exactly; nothing but a :class:`ContrariusError` is ever raised (and a legal
  turn raises nothing); the invariants of the table hold; replaying the same turns from
  the same snapshot gives the same snapshots (determinism).
- Random, truncated or mutated YAML text never gives a traceback, only an
  :class:`InputFileError` or a :class:`SnapshotError`.
- The fast path that spares typer's pydantic layer returns what typer returns.

Kept fast: few examples, no deadline.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contrarius.material.board import board_names, load_board
from contrarius.errors import ContrariusError, GameOverError, InputFileError, SnapshotError
from contrarius.rules.modes.solo import PlayerAction, play
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.card_counts import card_count_problems
from contrarius.model.snapshot import CONTRARIUS, LEVELS, UNKNOWN_CARD, Snapshot
from contrarius.model.reader import read_snapshot
from contrarius.store.snapshot_text import dump_snapshot, load_snapshot
from contrarius.io.yamlio import parse_yaml

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
BOARDS = board_names()
#: The solo cards a player can play when the hand is not recorded.
SOLO_CARDS = ["Tribune", "Architect", "Prefect", "Prefect with Praefectus Magnus", "Mercator", "Diplomat",
              "Senator", "Consul", "Colonist", "Mason", "Farmer", "Smith", "Vintner", "Weaver"]


# ----- random games -------------------------------------------------------------------------------
@st.composite
def fresh_games(draw) -> Snapshot:
    """A snapshot just set up: any board, level and seed, hand recorded or not."""
    level = draw(st.sampled_from(LEVELS))
    board = draw(st.sampled_from(BOARDS))
    # Roma prints no start: the player names a city (new --start)
    start = draw(st.sampled_from(sorted(load_board(board).cities))) if load_board(board).asks_start else None
    opts = SetupOptions(board=board, level=level, seed=draw(st.integers(0, 10 ** 9)),
                        strong=level != "standard" and draw(st.booleans()), record_hand=draw(st.booleans()),
                        start=start)
    snap, _ = new_game(opts)
    return snap


def legal_action(draw, s: Snapshot) -> PlayerAction | None:
    """A turn the rules allow in ``s`` (None when no card can be played: never in practice)."""
    p = s.player()
    cards = sorted({c.name for c in p.hand}) if p.hand is not None else SOLO_CARDS
    face_up = sorted({c.name for c in s.contrarius.cards if c.face_up and c.name != "Diplomat"})
    if not face_up:
        cards = [c for c in cards if c != "Diplomat"]
    if not cards:
        return None
    card = draw(st.sampled_from(cards))
    a = PlayerAction(card=card)
    reacts_as = card
    if card == "Diplomat":
        a.copy = reacts_as = draw(st.sampled_from(face_up))
    if reacts_as in ("Prefect", "Prefect with Praefectus Magnus"):
        fresh = sorted(prov for prov, side in s.bonus_markers.items() if side == "goods")
        if fresh and draw(st.booleans()):
            a.action, a.province = "produce", draw(st.sampled_from(fresh))
        else:
            a.action = "reactivate"
    elif reacts_as == "Colonist":
        kinds = [k for k in ("land", "sea") if s.colonists_in_supply(p.id, k) > 0 and s.homes(k)]
        if kinds and draw(st.booleans()):
            a.action = "place"
            kind = draw(st.sampled_from(kinds))
            a.places = [(kind, s.homes(kind)[0])]  # the capital, or where that kind starts
        else:
            a.action = "money"
    if card in ("Senator", "Consul"):
        known = [i + 1 for i, c in enumerate(s.display_cards()) if c != UNKNOWN_CARD]
        if known and draw(st.booleans()):
            a.buys = [str(draw(st.sampled_from(known)))]
    return a


@dataclass
class Game:
    """A random game played out: the snapshots after each turn and the turns played."""

    start: Snapshot
    actions: list[PlayerAction] = field(default_factory=list)
    snapshots: list[Snapshot] = field(default_factory=list)
    reports: list[dict] = field(default_factory=list)


@st.composite
def played_games(draw, max_turns: int = 14) -> Game:
    """A fresh game and up to ``max_turns`` legal turns (fewer if the game ends)."""
    start = draw(fresh_games())
    game = Game(start)
    s = start
    for _ in range(draw(st.integers(0, max_turns))):
        if s.ended is not None and not s.ended.final_turn_pending:
            break
        a = legal_action(draw, s)
        if a is None:
            break
        result = play(s, a)  # a legal turn must not raise anything
        game.actions.append(a)
        game.snapshots.append(result.snapshot)
        game.reports.append(result.to_dict())
        s = result.snapshot
    return game


def check_invariants(s: Snapshot) -> None:
    """What every snapshot of a game must satisfy, whatever was played."""
    board = s.board
    for owner in s.owners:
        built = s.houses_of(owner)
        assert len(built) <= 15
        assert all(board.is_city(c) for c in built)  # never the capital, an arch, a castle
        assert len(s.colonists_of(owner)) <= 6
        for kind in ("land", "sea"):
            assert len(s.colonists_of(owner, kind)) <= 3
    for city, owners in s.houses.items():
        assert len(owners) == len(set(owners)), f"two houses of one owner in {city}"
    track = len(s.contrarius.track)
    on_board = len(s.houses_of(CONTRARIUS))
    assert s.houses_in_supply(CONTRARIUS) >= 0
    assert on_board + s.houses_in_supply(CONTRARIUS) + track == 15
    lines = [c.line for c in s.colonists if c.line is not None]
    assert len(lines) == len(set(lines)), "two colonists on one line"
    # `contrarius check` counts the personality cards: a legal game never shows too many
    assert card_count_problems(s) == [], [p.render() for p in card_count_problems(s)]
    for c in s.colonists:
        if c.line is not None:
            assert c.line.kind == c.kind, f"a {c.kind} colonist on {c.line.describe()}"
        else:
            assert board.place(c.city) == c.city


def round_trips(s: Snapshot) -> None:
    text = dump_snapshot(s)
    again = read_snapshot(parse_yaml(text, "<test>"), "<test>")
    assert again == s
    assert dump_snapshot(again) == text
    assert again.to_dict() == s.to_dict()


@FAST
@given(fresh_games())
def test_a_new_game_on_any_board_round_trips_exactly(s):
    round_trips(s)
    check_invariants(s)


@FAST
@given(played_games())
def test_random_legal_turns_keep_the_invariants_and_round_trip(game):
    previous = game.start
    for s in game.snapshots:
        check_invariants(s)
        round_trips(s)
        # Contrarius never loses VP, a house it built, or regains a track house
        assert s.contrarius.vp >= previous.contrarius.vp
        assert set(previous.houses_of(CONTRARIUS)) <= set(s.houses_of(CONTRARIUS))
        assert set(s.contrarius.track) <= set(previous.contrarius.track)
        assert len(s.log) == len(previous.log) + 1
        previous = s
    if game.snapshots:
        assert game.start.log == []  # play() never changes the snapshot it is given


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games(max_turns=90))
def test_long_games_stay_consistent_up_to_the_end(game):
    vp = game.start.contrarius.vp
    for s in game.snapshots:
        check_invariants(s)
        assert s.contrarius.vp >= vp
        vp = s.contrarius.vp
        if s.ended is not None:
            assert s.concordia == s.ended.by
    if game.snapshots:
        round_trips(game.snapshots[-1])


@FAST
@given(played_games(max_turns=8))
def test_replaying_the_same_turns_gives_the_same_game(game):
    s = game.start
    for action, want, report in zip(game.actions, game.snapshots, game.reports):
        again = play(s, action)
        assert dump_snapshot(again.snapshot) == dump_snapshot(want)
        assert again.to_dict() == report
        s = again.snapshot
    # and a snapshot written to disk and read back plays on identically
    if game.actions:
        reread = read_snapshot(yaml.safe_load(dump_snapshot(game.start)))
        assert dump_snapshot(play(reread, game.actions[0]).snapshot) == dump_snapshot(game.snapshots[0])


@st.composite
def any_action(draw, s: Snapshot) -> PlayerAction:
    """A turn with random, often wrong, options: unknown names, options of other cards."""
    names = SOLO_CARDS + ["Legatus", "nonsense", "pm"]
    places = list(s.board.places) + ["Atlantis"]
    provinces = list(s.board.provinces) + ["Narnia"]
    a = PlayerAction(card=draw(st.sampled_from(names)))
    a.action = draw(st.sampled_from([None, None, "produce", "reactivate", "place", "money", "bogus"]))
    if draw(st.booleans()):
        a.province = draw(st.sampled_from(provinces))
    if draw(st.integers(0, 3)) == 0:
        a.copy = draw(st.sampled_from(names))
    if draw(st.integers(0, 3)) == 0:
        a.builds = [draw(st.sampled_from(places))]
    if draw(st.integers(0, 3)) == 0:
        a.places = [(draw(st.sampled_from(["land", "sea"])), draw(st.sampled_from(places)))]
    if draw(st.integers(0, 3)) == 0:
        a.buys = [draw(st.sampled_from(["0", "1", "3", "7", "9", "Weaver", "Tribune"]))]
    if draw(st.integers(0, 3)) == 0:
        a.dice = [(None, draw(st.sampled_from(["wine", "S", "1", "6", "land", "card", "x"])))]
    if draw(st.integers(0, 4)) == 0:
        a.choices = [draw(st.integers(-1, 4))]
    return a


@FAST
@given(fresh_games(), st.data())
def test_random_turns_fail_only_with_contrarius_errors(s, data):
    vp = s.contrarius.vp
    for _ in range(data.draw(st.integers(1, 12))):
        before = dump_snapshot(s)
        try:
            result = play(s, data.draw(any_action(s)))
        except ContrariusError:
            assert dump_snapshot(s) == before  # a failed turn changes nothing
            continue
        s = result.snapshot
        check_invariants(s)
        assert s.contrarius.vp >= vp
        vp = s.contrarius.vp
    round_trips(s)


def test_a_finished_game_refuses_every_further_turn():
    s, _ = new_game(SetupOptions(board="italia", seed=4, record_hand=False))
    from contrarius.model.snapshot import Ended

    s.ended, s.concordia = Ended("player", False), "player"
    for card in SOLO_CARDS:
        with pytest.raises(GameOverError):
            play(s, PlayerAction(card=card, action="reactivate" if "Prefect" in card else None))


# ----- broken files -------------------------------------------------------------------------------
def load_bytes(tmp_path, data: bytes):
    path = tmp_path / "g.yaml"
    path.write_bytes(data)
    try:
        return load_snapshot(str(path))
    except (InputFileError, SnapshotError) as exc:
        text = str(exc)
        assert "\n" not in text and text.startswith(str(path)), text
        return exc


VALID = dump_snapshot(new_game(SetupOptions(board="imperium", level="veteran", seed=5))[0]).encode()


@FAST
@given(st.integers(0, len(VALID)))
def test_a_snapshot_cut_at_any_byte_gives_a_clear_error(tmp_path_factory, cut):
    tmp = tmp_path_factory.mktemp("cut")
    out = load_bytes(tmp, VALID[:cut])
    if cut == len(VALID):
        assert isinstance(out, Snapshot)
    else:
        assert isinstance(out, (Snapshot, InputFileError, SnapshotError))


@FAST
@given(st.lists(st.tuples(st.integers(0, len(VALID) - 1), st.binary(min_size=0, max_size=3)), min_size=1, max_size=4))
def test_a_snapshot_with_bytes_changed_gives_a_clear_error(tmp_path_factory, edits):
    data = bytearray(VALID)
    for pos, new in edits:
        data[pos:pos + 1] = new
    out = load_bytes(tmp_path_factory.mktemp("edit"), bytes(data))
    assert isinstance(out, (Snapshot, InputFileError, SnapshotError))


YAMLISH = st.lists(st.sampled_from(list("ab:- []{}'\"#&*!|>?%@,\n\t0.\u00e9") + ["format: 1\n", "board: imperium\n"]),
                   max_size=40).map("".join)


@FAST
@given(st.one_of(YAMLISH, st.text(max_size=60)))
def test_random_text_gives_a_clear_error(tmp_path_factory, text):
    out = load_bytes(tmp_path_factory.mktemp("text"), text.encode("utf-8"))
    assert isinstance(out, (InputFileError, SnapshotError))  # never a valid snapshot


# ----- typer without pydantic ----------------------------------------------------------------------
def _typer_coercion(annotation, value, multiple):
    """What typer itself (its pydantic adapter) makes of ``value``."""
    from typer._coercion import build_runtime_param, resolve_type_descriptor
    from typer.models import OptionInfo

    desc = resolve_type_descriptor(annotation, OptionInfo())

    class Param:
        nargs = 1

    Param.multiple = multiple
    return build_runtime_param(desc).coerce(value, param=Param(), ctx=None), desc


@settings(max_examples=40, deadline=None)
@given(st.one_of(
    st.tuples(st.just(str), st.one_of(st.none(), st.text(max_size=20)), st.just(False)),
    st.tuples(st.just(bool), st.one_of(st.none(), st.booleans()), st.just(False)),
    st.tuples(st.just(list[str]), st.one_of(st.none(), st.lists(st.text(max_size=8), max_size=3).map(tuple)), st.just(True)),
    st.tuples(st.just(list[int]), st.one_of(st.none(), st.just(())), st.just(True)),
))
def test_the_fast_parameter_path_returns_what_typer_returns(case):
    from contrarius.cli.typer_hooks import _NOT_PLAIN, plain_value

    annotation, value, multiple = case
    want, desc = _typer_coercion(annotation, value, multiple)
    got = plain_value(desc, value, multiple)
    assert got is not _NOT_PLAIN
    assert got == want and type(got) is type(want)


def test_values_that_need_converting_go_to_typer():
    from contrarius.cli.typer_hooks import _NOT_PLAIN, plain_value

    _, desc = _typer_coercion(int, None, False)
    assert plain_value(desc, "3", False) is _NOT_PLAIN
    _, desc = _typer_coercion(list[int], None, True)
    assert plain_value(desc, ("1", "2"), True) is _NOT_PLAIN
    _, desc = _typer_coercion(list[str], None, True)
    assert plain_value(desc, "abc", True) is _NOT_PLAIN  # typer: "Value must be an iterable."
