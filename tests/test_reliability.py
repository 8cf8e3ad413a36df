"""Reliability beyond the history (see tests/test_history.py): hostile YAML at every key
path, output streams (closed, full, a pipe closed early), Ctrl-C at any moment, names and
paths the system refuses. Each kind is tested as a kind: random positions, every command.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from contrarius.cli import app
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.store.snapshot_text import dump_snapshot
from contrarius.io.yamlio import dump_yaml

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def _game_dict() -> dict:
    import yaml

    snap, _ = new_game(SetupOptions(board="italia", level="veteran", seed=1))
    from contrarius.rules.modes.solo import PlayerAction, play

    snap = play(snap, PlayerAction(card="Mercator")).snapshot
    return yaml.safe_load(dump_snapshot(snap))


GAME = _game_dict()


def key_paths(data, prefix=()) -> list[tuple]:
    """Every key path of ``data``: mapping keys and list positions."""
    out = []
    if isinstance(data, dict):
        for k, v in data.items():
            out.append(prefix + (k,))
            out.extend(key_paths(v, prefix + (k,)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.append(prefix + (i,))
            out.extend(key_paths(v, prefix + (i,)))
    return out


PATHS = key_paths(GAME)
MARK = "MUTATION-HERE"

# YAML put in place of a value: what contrarius never writes, and plain values of every type
RAW = [
    "[&a [1,1,1,1,1,1,1,1,1], &b [*a,*a,*a,*a,*a,*a,*a,*a,*a], &c [*b,*b,*b,*b,*b,*b,*b,*b,*b], [*c,*c,*c,*c,*c,*c,*c,*c,*c]]",
    "&x 3", "*x", "[" * 200 + "]" * 200, "!!bool maybe", "!!float 0x1F", "!!int abc", "!!set {a, b}", "!!binary aGk=",
    "!!python/object:os.system echo", "9" * 5000, "-" + "9" * 60, "010", "0x1F", "0o17", "1_000", "1:30", "0b11",
    "yes", "no", "~", "null", "''", "-1", "0", "99999", "1.5", ".nan", "-.inf", "1e400", "2001-12-14", "2001-13-45",
    "[]", "{}", "[1, 2]", "{a: 1}", "{yes: 1}", "{1: 2}", "[[1]]", '"\\u0000"', "Roma", "'Roma'", "true",
    "{card: Mercator}", "[Mercator, Mason]", "{land: 0, sea: 0}",
]


def mutated(path: tuple, raw: str, as_key: bool) -> str:
    """The game's YAML with the value (or the key) at ``path`` replaced by ``raw``."""
    import copy

    data = copy.deepcopy(GAME)
    node = data
    for step in path[:-1]:
        node = node[step]
    last = path[-1]
    if as_key and isinstance(node, dict):
        node = {(MARK if k == last else k): v for k, v in node.items()}
        parent = data
        for step in path[:-2]:
            parent = parent[step]
        if len(path) == 1:
            data = node
        else:
            parent[path[-2]] = node
    else:
        node[last] = MARK
    return dump_yaml(data).replace(MARK, raw, 1)


def one_line(result) -> str:
    assert isinstance(result.exception, SystemExit) or result.exception is None, repr(result.exception)
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) <= 1 or result.exit_code == 0, result.stderr
    assert not lines or result.exit_code == 0 or lines[0].startswith("contrarius: ")
    return result.stderr


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(PATHS), raw=st.sampled_from(RAW), as_key=st.booleans())
def test_hostile_yaml_at_every_key_path(tmp_path, path, raw, as_key):
    """``check`` answers fast with 0, 1 or 3 and one line; a snapshot ``check`` passes plays
    (or is refused by a rule), never an internal error; a failing ``play -i`` writes nothing."""
    runner = CliRunner()
    # tmp_path is shared by every example hypothesis draws: a folder of each example's own
    tmp_path = Path(tempfile.mkdtemp(dir=tmp_path))
    g = tmp_path / "g.yaml"
    g.write_text(mutated(path, raw, as_key), encoding="utf-8")
    before = g.read_bytes()
    start = time.monotonic()
    r = runner.invoke(app, ["check", str(g)])
    # a hang guard, not a timing test: an alias bomb hung for minutes; a refusal takes
    # milliseconds, so even a loaded machine stays far below this
    assert time.monotonic() - start < 10.0, (path, raw)
    assert r.exit_code in (0, 1, 3), (path, raw, r.exit_code, r.stderr, r.stdout[-300:])
    if r.exit_code != 1:
        one_line(r)
    if raw in ("010", "0x1F", "0o17", "1_000", "1:30", "0b11", "9" * 5000, "yes", "no", "~") and r.exit_code == 3:
        assert "line" in r.stderr  # names the place
    commands = [["play", "mercator", str(g), "-i"], ["show", str(g)]] + ([["preview", str(g)]] if r.exit_code == 0 else [])
    for args in commands:
        r2 = runner.invoke(app, args)
        assert r2.exit_code in (0, 2, 3, 4), (path, raw, args, r2.exit_code, r2.stderr)
        one_line(r2)
        if r.exit_code == 0:
            assert r2.exit_code != 3, (path, raw, args, r2.stderr)  # a check that passes means it loads
        if args[0] == "play" and r2.exit_code != 0:
            assert g.read_bytes() == before and not (tmp_path / "g.yaml.history").exists()


@pytest.mark.parametrize("raw,words", [
    ("010", "leading zeros, e.g. 10"), ("0x1F", "decimal"), ("1:30", "base-60"), ("9" * 5000, "5000 digits"),
    ("!!bool maybe", "explicit YAML tag (!!bool)"), ("!!float 0x1F", "explicit YAML tag (!!float)"),
    ("&a 3", "anchor or alias"), ("[" * 50 + "]" * 50, "nested more than 16 levels"),
])
def test_each_hostile_value_is_named_with_its_key(runner, tmp_path, raw, words):
    g = tmp_path / "g.yaml"
    g.write_text(mutated(("players", 0, "vp"), raw, False), encoding="utf-8")
    r = runner.invoke(app, ["check", str(g)])
    assert r.exit_code == 3 and words in r.stderr and ": players[0].vp" in r.stderr and "(line 68)" in r.stderr, r.stderr  # line 68: the snapshot gained its dice: key


def test_a_yes_key_in_a_log_entry_is_refused_by_check(runner, tmp_path):
    # a log entry with a YAML `yes` key passed check, then failed to play
    g = tmp_path / "g.yaml"
    g.write_text(mutated(("log", 0, "card"), "yes", True), encoding="utf-8")
    r = runner.invoke(app, ["check", str(g)])
    assert r.exit_code == 3 and "the key 'yes' is read as a bool" in r.stderr


# ----- output streams ---------------------------------------------------------------------------
def game_file(tmp_path: Path) -> Path:
    g = tmp_path / "g.yaml"
    snap, _ = new_game(SetupOptions(board="italia", seed=1, record_hand=False))
    g.write_text(dump_snapshot(snap), encoding="utf-8")
    return g


def proc(args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([PY, "-m", "contrarius", *map(str, args)], capture_output=True, text=True, cwd=ROOT,
                          timeout=60, **kw)


READ_ONLY = [["show", "{g}"], ["check", "{g}"], ["boards"], ["roll", "red", "--seed", "1"], ["preview", "{g}"],
             ["--help"], ["show", "{g}", "--json"]]
WRITING = [["play", "mercator", "{g}", "-i", "--json"], ["play", "mercator", "{g}", "-o", "{o}", "--json"],
           ["new", "--board", "italia", "-o", "{o}", "--json"], ["play", "mercator", "{g}"], ["new", "--board", "italia"]]


@pytest.mark.parametrize("args", READ_ONLY + WRITING)
def test_stdout_full_or_closed_is_exit_3_and_writes_nothing(tmp_path, args):
    g = game_file(tmp_path)
    o = tmp_path / "out.yaml"
    argv = [a.format(g=g, o=o) for a in args]
    before = g.read_bytes()
    with open("/dev/full", "w") as full:
        p = subprocess.run([PY, "-m", "contrarius", *argv], stdout=full, stderr=subprocess.PIPE, text=True,
                           cwd=ROOT, timeout=60)
    assert p.returncode == 3, (argv, p.returncode, p.stderr)
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("contrarius: ") and "Traceback" not in p.stderr
    # stdout closed (>&-)
    p2 = subprocess.run([PY, "-m", "contrarius", *argv], stdout=None, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                        timeout=60, preexec_fn=lambda: os.close(1))
    assert p2.returncode == 3, (argv, p2.returncode, p2.stderr)
    assert p2.stderr.count("\n") == 1 and "Traceback" not in p2.stderr
    assert g.read_bytes() == before and not o.exists() and not (tmp_path / "g.yaml.history").exists()


@pytest.mark.parametrize("args", [["show", "{g}"], ["boards"], ["--help"], ["play", "mercator", "{g}"],
                                  ["preview", "{g}", "--json"], ["play", "mercator", "{g}", "-i", "--json"]])
def test_a_pipe_closed_after_the_data_is_exit_0(tmp_path, args):
    g = game_file(tmp_path)
    argv = " ".join(f"'{a.format(g=g)}'" for a in args)
    p = subprocess.run(["bash", "-c", f"set -o pipefail; '{PY}' -m contrarius {argv} | head -c 10 >/dev/null"],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 0, (args, p.stderr)
    assert "contrarius:" not in p.stderr and "Traceback" not in p.stderr


# ----- Ctrl-C ----------------------------------------------------------------------------------------
def test_ctrl_c_at_any_moment_is_130_one_true_line_and_no_temporary_file(tmp_path):
    g = game_file(tmp_path)
    script = f"{PY} -m contrarius play mercator '{g}' -i"
    for delay in (0.15, 0.25, 0.35, 0.45, 0.6, 0.8):
        before = g.read_bytes()
        p = subprocess.Popen(["bash", "-c", f"exec {script}"], cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
        time.sleep(delay)
        os.killpg(p.pid, signal.SIGINT)
        err = p.communicate(timeout=60)[1]
        if p.returncode == 0:
            continue  # it finished first
        assert p.returncode == 130, (delay, err)
        assert "Traceback" not in err
        last = err.strip().splitlines()[-1]
        if g.read_bytes() == before:
            assert last == "contrarius: interrupted; nothing was written", (delay, err)
        else:
            assert last.startswith(f"contrarius: interrupted after {g} was written"), (delay, err)
        assert [x for x in os.listdir(tmp_path) if x.endswith(".tmp")] == []


def test_ctrl_c_in_the_commit_is_held_until_the_files_are_complete(tmp_path, monkeypatch):
    """A Ctrl-C (KeyboardInterrupt) raised while the history or the snapshot is renamed: the
    commit is all or nothing, the temporary files are gone, the message says which."""
    import contrarius.store.atomic as store

    runner = CliRunner()
    g = game_file(tmp_path)
    for n in (1, 2):
        real = os.replace
        calls = []

        def replace(a, b, n=n, real=real, calls=calls):
            calls.append(b)
            if len(calls) == n:
                raise KeyboardInterrupt
            return real(a, b)

        monkeypatch.setattr(store.os, "replace", replace)
        before = g.read_bytes()
        r = runner.invoke(app, ["play", "mercator", str(g), "-i"])
        monkeypatch.setattr(store.os, "replace", real)
        assert r.exit_code == 130 and "nothing was written" in r.stderr
        assert g.read_bytes() == before
        assert [x for x in os.listdir(tmp_path) if x.endswith(".tmp")] == []


# ----- names and paths --------------------------------------------------------------------------
@pytest.mark.parametrize("args", [["new", "--board", "italia", "-o", "x" * 300], ["undo", "x" * 300],
                                  ["show", "x" * 300], ["undo", "."], ["undo", "/"], ["redo", ".."],
                                  ["play", "mercator", "x" * 300, "-i"], ["new", "-o", "/", "--force"]])
def test_names_the_system_refuses_are_exit_3_one_line(runner, tmp_path, args):
    os.chdir(tmp_path)
    r = runner.invoke(app, args)
    assert r.exit_code == 3, (args, r.stderr)
    one_line(r)


def test_completion_install_outside_a_known_shell(tmp_path, monkeypatch):
    """No shell detected (e.g. run from a script or an IDE): one line pointing to completions/,
    exit 2, nothing installed (HOME in tmp_path, so a real install would show there)."""
    import typer.completion

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(typer.completion, "_get_shell_name", lambda: None)
    r = CliRunner().invoke(app, ["--install-completion"])
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    assert r.stdout == "" and r.stderr.count("\n") == 1 and r.stderr.startswith("contrarius: ")
    assert "completions/" in r.stderr and "cannot tell which shell" in r.stderr
    assert list(tmp_path.iterdir()) == []


def _run_with_reader_gone(argv: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """Run ``contrarius ARGV`` with stdout and stderr on a pipe whose reader has already
    closed it (``... 2>&1 | head -0``, deterministic): every print fails with EPIPE."""
    r, w = os.pipe()
    os.close(r)
    try:
        return subprocess.run([PY, "-m", "contrarius", *argv], stdout=w, stderr=w, cwd=cwd, timeout=60)
    finally:
        os.close(w)


def test_a_report_whose_reader_is_gone_still_writes_what_it_says(tmp_path):
    """A reader that stops early (``| head -2``) must never cost the write: the report says
    "written", so the file is written and the exit code is 0 (README "Scripts"). Found by a
    test session: ``new --force`` over a game with a history printed "written" and wrote
    nothing, because its report ran unguarded before the commit."""
    g = tmp_path / "g.yaml"
    assert subprocess.run([PY, "-m", "contrarius", "new", "--board", "italia", "--seed", "1", "-o", str(g)],
                          capture_output=True, cwd=tmp_path, timeout=60).returncode == 0
    before = g.read_text()
    # a turn in place: written, and the history exists from here on
    p = _run_with_reader_gone(["play", "mercator", str(g), "-i"], tmp_path)
    assert p.returncode == 0 and (tmp_path / "g.yaml.history").exists()
    after_turn = g.read_text()
    assert after_turn != before
    # a new game over it with --force: replaced (seed 2), the old game kept for undo
    p = _run_with_reader_gone(["new", "--board", "italia", "--seed", "2", "-o", str(g), "--force"], tmp_path)
    assert p.returncode == 0
    assert "seed: 2" in g.read_text()
    undo = subprocess.run([PY, "-m", "contrarius", "undo", str(g)], capture_output=True, cwd=tmp_path, timeout=60)
    assert undo.returncode == 0 and g.read_text() == after_turn
    # -o to a new path
    o = tmp_path / "o.yaml"
    p = _run_with_reader_gone(["play", "architect", str(g), "-o", str(o)], tmp_path)
    assert p.returncode == 0 and o.exists() and o.read_text() != after_turn
