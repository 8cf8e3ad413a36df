"""The libyaml fast path (contrarius/io/yaml_fast.py) gives the same data, the same text,
the same refusals and the same errors as the general way.

``parse_yaml`` composes plain text (no ``&``, ``*``, ``!``: what contrarius writes) once with
libyaml, checks it against the table of refusals and builds it from that node tree
(``yaml_fast.plain_data``); anything else is scanned by ``check_plain`` over the parser's
events, then loaded by the strict loader. ``dump_yaml`` makes the nodes of plain data itself
(``yaml_fast.plain_nodes``). Each fast way is compared here with the general way (forced by
making the fast one decline), on the shipped files and on random and hostile texts, data and
refusals.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contrarius.io import refusals, yaml_fast, yaml_strict
from contrarius.errors import InputFileError
from contrarius.rules.game import new_game, play
from contrarius.rules.modes.solo import PlayerAction
from contrarius.rules.setup import SetupOptions
from contrarius.store.snapshot_text import dump_snapshot
from contrarius.io.refusals import check_plain
from contrarius.io.yaml_fast import Fallback
from contrarius.io.yamlio import dump_yaml, parse_yaml, safe_load

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted([*(ROOT / "boards").glob("*.yaml"), *(ROOT / "contrarius" / "data").glob("*.yaml")])
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def outcome(fn, *args):
    """What calling ``fn(*args)`` gives: the data (as its repr, so 1, True and 1.0 differ)
    or the exception's type and message."""
    try:
        return "data", repr(fn(*args))
    except Exception as exc:  # noqa: BLE001 - compared, not handled
        return type(exc).__name__, str(exc)


def declined(*args, **kwargs):
    raise Fallback


def the_general_way(fn, fast: str):
    """``fn`` called with the fast way ``yaml_fast.<fast>`` declining every text or data."""
    def call(*args):
        kept = getattr(yaml_fast, fast)
        setattr(yaml_fast, fast, declined)
        try:
            return fn(*args)
        finally:
            setattr(yaml_fast, fast, kept)
    return call


#: ``parse_yaml`` the old way: check_plain's event scan, then the strict loader
general_parse = the_general_way(parse_yaml, "plain_data")
#: ``dump_yaml`` through PyYAML's own representer
general_dump = the_general_way(dump_yaml, "plain_nodes")


def same_read(text: str) -> None:
    """Both reads of ``text`` (checked, as a snapshot; unchecked, as a shipped file) give
    what the general way gives."""
    assert outcome(parse_yaml, text, "f.yaml") == outcome(general_parse, text, "f.yaml"), text
    assert outcome(safe_load, text) == outcome(yaml_strict.general_load, text), text


# ----- the shipped files and the snapshots contrarius writes take the fast way -----------------------
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_files_are_built_in_one_parse_as_yaml_safe_load_builds_them(path):
    text = path.read_text(encoding="utf-8")
    assert yaml_fast.plain_data(text) == yaml.safe_load(text)  # no Fallback: the fast way took it
    assert repr(safe_load(text)) == repr(yaml.safe_load(text))


def _snapshot_texts() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in EXAMPLES]
    for board, mode in (("italia", "solo"), ("imperium", "team"), ("germania", "third-player")):
        snap, _ = new_game(SetupOptions(board=board, level="expert", mode=mode, seed=3))
        texts.append(dump_snapshot(snap))
        texts.append(dump_snapshot(play(snap, PlayerAction(card="Mercator")).snapshot))
    return texts


SNAPSHOTS = _snapshot_texts()
WRITTEN = SNAPSHOTS[len(EXAMPLES):]  # written by dump_snapshot (the examples have comments)


@pytest.mark.parametrize("text", SNAPSHOTS, ids=range(len(SNAPSHOTS)))
def test_snapshots_are_checked_and_built_in_one_parse(text):
    assert yaml_fast.plain_data(text, "g.yaml") == yaml.safe_load(text)  # checked, no Fallback
    assert repr(parse_yaml(text, "g.yaml")) == repr(general_parse(text, "g.yaml"))
    data = yaml.safe_load(text)
    yaml_fast.plain_nodes(data, True)  # no Fallback: written the fast way
    assert dump_yaml(data) == general_dump(data)
    if text in WRITTEN:
        assert dump_yaml(data) == text


# ----- refusals: the same message, key path and line as check_plain's -------------------------------
@pytest.mark.parametrize("text,message", [
    # "010" is octal 8 in YAML 1.1 (check_plain: "integers that YAML 1.1 reads differently"),
    # under the key b on line 3; the key a given twice before it does not matter: the check
    # refuses the file before anything is built
    ("a: 1\na: 2\nb: 010\n", "f.yaml: b (line 3): '010' is not written as a plain decimal number (YAML would read "
                             "an octal number); write it in decimal digits without leading zeros, e.g. 10"),
    # the second item of the list under players, its key goods, then food: 41 digits > MAX_DIGITS (40)
    ("players:\n- {name: A}\n- goods:\n    food: " + "1" * 41 + "\n",
     "f.yaml: players[1].goods.food (line 4): a number of 41 digits; numbers have at most 40 digits"),
    # a key read as a bool: the path is still the previous key of that mapping (a), as the scan had it
    ("a: 1\nyes: 2\n", "f.yaml: a (line 2): the key 'yes' is read as a bool, not a name; quote it ('yes') or correct it"),
    # the first key of the top mapping is a number: no key yet, so "the top level"
    ("1: x\n", "f.yaml: the top level (line 1): the key '1' is read as a int, not a name; quote it ('1') or correct it"),
    ("~: x\n", "f.yaml: the top level (line 1): the key '~' is read as a null, not a name; quote it ('~') or correct it"),
    ("a:\n  [1]: x\n", "f.yaml: a (line 2): a list or mapping used as a key; keys are names"),
    # 17 nested lists under x: the 17th (line 1) is one too deep; the path shows 8 levels, then ...
    ("x: " + "[" * 17 + "]" * 17 + "\n", "f.yaml: x[0][0][0][0][0][0][0]... (line 1): nested more than 16 levels deep; "
                                          "a snapshot is never nested that deep: correct the file"),
    ("- 0x1F\n", "f.yaml: [0] (line 1): '0x1F' is not written as a plain decimal number (YAML would read a hex "
                 "number); write it in decimal digits"),
])
def test_refusals_keep_their_message_path_and_line(text, message):
    with pytest.raises(InputFileError) as fast:
        parse_yaml(text, "f.yaml")
    assert str(fast.value) == message
    with pytest.raises(InputFileError) as scan:
        check_plain(text, "f.yaml")
    assert str(scan.value) == message


def test_a_refusal_after_a_syntax_error_is_the_syntax_error():
    # the event scan stops at the broken line 1 (the file is not YAML), so the error is the
    # parser's, though line 3 holds an octal number
    text = "a: b: c\nc: 010\n"
    assert outcome(parse_yaml, text, "f.yaml") == outcome(general_parse, text, "f.yaml")
    assert "not valid YAML" in outcome(parse_yaml, text, "f.yaml")[1]


def test_a_key_given_twice_is_named_as_before():
    for text in ("a: 1\nb: 2\na: 3\n", "x:\n  '1': 1\n  '1': 2\n"):
        assert outcome(parse_yaml, text, "f.yaml") == outcome(general_parse, text, "f.yaml")
        assert "is given twice" in outcome(parse_yaml, text, "f.yaml")[1]
    # unchecked (a shipped file): 1 and true are one key to Python (True == 1)
    assert outcome(safe_load, "1: a\ntrue: b\n") == outcome(yaml_strict.general_load, "1: a\ntrue: b\n")
    assert "given twice" in outcome(safe_load, "1: a\ntrue: b\n")[1]


@pytest.mark.parametrize("text", [
    "", "# nothing\n", "---\n...\n", "a: 1\n---\nb: 2\n", "just text\n", "010\n", "- 1\n- 2\n",
    "a: !!int 3\n", "a: &x 1\nb: *x\n", "a: [1, *x]\n", "a: 2001-13-45\n", "a: 2001-12-14\n", "a: <<\n", "a: =\n",
    "<<: {b: 1}\n", "a: .nan\nb: -.inf\nc: 1e400\nd: 1.5\n", "a: 'it''s'\nb: \"\\u00e9\"\n", "a: |\n  two\n  lines\n",
    "a: [1,\n", "a: b: c\n", "\tx: 1\n", "a: \"\\x00\"\n", "x: " + "[" * 16 + "]" * 16 + "\n", "[1, 2]: x\n",
    "{a: 1}\n", "a: 1_000\nb: 1:30\nc: 0b11\nd: 0o17\ne: -0\nf: +5\n", "a: 9" + "9" * 5000 + "\n",
])
def test_odd_texts_read_as_before(text):
    same_read(text)


# ----- random texts ----------------------------------------------------------------------------------
TOKENS = ["a", "b", "a", "name", "Roma", "'Roma'", "\"x y\"", "1", "-1", "0", "010", "0x1F", "1_000", "1:30",
          "9" * 41, "yes", "no", "on", "~", "null", "''", "true", "1.5", ".nan", "2001-12-14", "2001-13-45",
          "<<", "=", "[]", "{}", "[1, 2]", "{a: 1}", "{a: 1, a: 2}", "[[1]]", "&x 3", "*x", "!!str 5", "'1'"]


@st.composite
def documents(draw, depth=0):
    """A YAML text in block style whose keys and values are drawn from TOKENS, nested."""
    pad = "  " * depth
    lines = []
    as_list = draw(st.booleans())
    for _ in range(draw(st.integers(1, 4))):
        head = f"{pad}- " if as_list else f"{pad}{draw(st.sampled_from(TOKENS))}: "
        if depth < 3 and draw(st.integers(0, 3)) == 0:
            lines.append(head.rstrip() + "\n" + draw(documents(depth + 1)))
        else:
            lines.append(head + draw(st.sampled_from(TOKENS)) + "\n")
    return "".join(lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=documents())
def test_random_texts_read_as_before(text):
    same_read(text)


# ----- writing -----------------------------------------------------------------------------------
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 45, 10 ** 45), st.text(max_size=12),
                    st.sampled_from(["yes", "1", "~", "", "a: b", "- x", "010", "é", "x" * 70]),
                    st.floats(allow_nan=False))
DATA = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=6) | st.integers(0, 3), inner, max_size=5),
    st.tuples(inner)), max_leaves=25)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA)
def test_random_data_is_written_as_before(data):
    assert outcome(dump_yaml, data) == outcome(general_dump, data)
    assert outcome(dump_yaml, data, "the new snapshot") == outcome(general_dump, data, "the new snapshot")


def test_a_number_too_long_is_refused_before_writing_as_before():
    # 41 digits at players[1].vp (check_digits: "a whole number longer than MAX_DIGITS digits")
    data = {"players": [{"vp": 1}, {"vp": -10 ** 40}], "x": (1, 2)}
    for fn in (dump_yaml, general_dump):
        with pytest.raises(InputFileError) as exc:
            fn(data, "the new snapshot")
        assert str(exc.value) == ("the new snapshot would hold a number of 41 digits at 'players[1].vp' (numbers have at "
                                  "most 40 digits, or the file could not be read again); nothing was written; correct "
                                  "'players[1].vp' by hand to a shorter number")


# ----- what the fast read takes: text with no anchor, alias or tag -----------------------------------
def _properties(text: str) -> bool:
    """Whether libyaml's parser finds an anchor, an alias or a tag in ``text`` (up to its
    first error, as check_plain's scan)."""
    loader = yaml.CSafeLoader(text)
    try:
        while loader.check_event():
            ev = loader.get_event()
            if isinstance(ev, yaml.AliasEvent) or getattr(ev, "anchor", None) or getattr(ev, "tag", None):
                return True
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()
    return False


@settings(max_examples=1500, deadline=None)
@given(text=st.text(alphabet=list("&*!&*! \n\t[]{},:?-'\"#|>%.ab1\u2028\ufeff"), max_size=14))
def test_every_anchor_alias_or_tag_libyaml_finds_is_seen(text):
    if _properties(text):
        assert yaml_fast.may_hold_properties(text), repr(text)
    same_read(text)


def test_one_memo_of_tags_serves_every_loader_and_dumper():
    # yaml_strict._quick_resolver keeps one memo of the tag of each plain scalar for the safe
    # loaders and dumpers: right only while they share one table of implicit resolvers
    tables = {id(cls.yaml_implicit_resolvers) for cls in (yaml.SafeLoader, yaml.CSafeLoader, yaml.SafeDumper,
                                                          yaml.CSafeDumper, yaml.resolver.Resolver)}
    assert len(tables) == 1
    assert not yaml.CSafeLoader.yaml_path_resolvers and not yaml.CSafeDumper.yaml_path_resolvers


@pytest.mark.parametrize("text", [
    "a: --partner-* options\n", "a: it's! done\n", "a: 'x*y&z!'\n", "a: [b*, c!]\n", "a: x&y\n",
])
def test_stars_and_bangs_inside_values_take_the_fast_way(text):
    assert not yaml_fast.may_hold_properties(text)
    assert yaml_fast.plain_data(text, "f.yaml") == yaml.safe_load(text)
    same_read(text)


@given(text=st.text(alphabet=list("+-0123456789_xob:.é٣ \n"), max_size=8) | st.text(max_size=6))
def test_plain_decimal_is_the_regular_expression(text):
    import re

    assert refusals.plain_decimal(text) == bool(re.fullmatch(r"[-+]?(0|[1-9][0-9]*)", text))


def test_boards_are_found_by_name_without_listing_the_folder_as_before():
    from contrarius.material.board import board_names, load_board
    from contrarius.errors import UnknownNameError

    for name in board_names():
        assert load_board(name.upper()).name.casefold() == name
    # not a board: the same refusal naming the known boards, whatever the name looks like
    for name in ("nope", "x" * 300, "../boards/italia", "", "ital ia", "itália"):
        with pytest.raises(UnknownNameError) as exc:
            load_board(name)
        assert str(exc.value).startswith(f"unknown board {name!r}; "), str(exc.value)


def test_the_memo_of_tags_stays_small_and_right(monkeypatch):
    # a text with more different plain scalars than the memo keeps: it starts again, and
    # every value still gets its tag (1..300 are ints, k1.. are texts, yes is a bool)
    monkeypatch.setattr(yaml_strict, "_MEMO_SIZE", 100)
    text = "".join(f"k{i}: [{i}, yes, x{i}]\n" for i in range(300))
    assert safe_load(text) == yaml.safe_load(text)
    assert parse_yaml(text.replace("yes", "'yes'"), "f.yaml") == yaml.safe_load(text.replace("yes", "'yes'"))


def test_without_libyaml_the_same_data_text_and_refusals(monkeypatch):
    # PyYAML built without libyaml: no fast read (the general way, pure Python), and the
    # pure-Python emitter writes the same text
    texts = [*SNAPSHOTS[:3], "a: 1\nyes: 2\n", "x: " + "[" * 17 + "]" * 17 + "\n", "a: 1\na: 2\n"]
    expected = [outcome(parse_yaml, t, "f.yaml") for t in texts]
    written = [dump_yaml(yaml.safe_load(t)) for t in SNAPSHOTS[:3]]
    monkeypatch.delattr(yaml, "CSafeLoader")
    monkeypatch.delattr(yaml, "CSafeDumper")
    assert yaml.SafeDumper in yaml_strict.dumper().__mro__
    with pytest.raises(Fallback):
        yaml_fast.plain_data(SNAPSHOTS[0], "f.yaml")
    assert [outcome(parse_yaml, t, "f.yaml") for t in texts] == expected
    assert [dump_yaml(yaml.safe_load(t)) for t in SNAPSHOTS[:3]] == written
