"""The snapshot on disk is never lost or half-written.

- Writes are atomic: a temporary file in the same folder, flushed, then ``os.replace``;
  a write that fails half-way leaves the old file and no temporary file behind.
- A failing command leaves its input file byte for byte as it was, also with ``-i``.
- An in-place write keeps every earlier state in ``PATH.history``: ``contrarius undo PATH``
  restores them, ``contrarius redo PATH`` goes forward again (tests/test_history.py).
- libyaml (when PyYAML has it) reads and writes exactly what the pure-Python YAML does.
- The fast start (only the command invoked is built) behaves as the whole app.
"""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest
import yaml

from contrarius.cli import _app_for, app
from contrarius.errors import InputFileError
from contrarius.rules.setup import SetupOptions, new_game
from contrarius.model.snapshot import Ended
from contrarius.model.reader import read_snapshot
from contrarius.store.snapshot_text import dump_snapshot, load_snapshot
from contrarius.store.history import history, save_in_place
from contrarius.store.atomic import write_text
from contrarius.io.yamlio import dump_yaml, safe_load

ROOT = Path(__file__).resolve().parent.parent


def game_file(tmp_path: Path, name: str = "g.yaml", *, edit=None, **options) -> Path:
    """A new Imperium standard game (seed 7, hand recorded) written to ``tmp_path/name``."""
    snap, _ = new_game(SetupOptions(**{"board": "imperium", "seed": 7, **options}))
    if edit is not None:
        edit(snap)
    path = tmp_path / name
    path.write_text(dump_snapshot(snap), encoding="utf-8")
    return path


def leftovers(folder: Path) -> list[str]:
    """Temporary files left in ``folder`` (their names start with a dot)."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# ----- atomic writes --------------------------------------------------------------------------------
def test_write_goes_through_a_temporary_file_in_the_same_folder(tmp_path, monkeypatch):
    target = tmp_path / "g.yaml"
    target.write_text("old\n", encoding="utf-8")
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append((Path(src), Path(dst), Path(src).read_text(encoding="utf-8"), Path(dst).read_text(encoding="utf-8")))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    write_text(str(target), "new\n")
    (src, dst, src_text, dst_text), = seen
    assert src.parent == target.parent and src != target  # same folder: the rename is atomic
    assert (src_text, dst_text) == ("new\n", "old\n")  # the whole text is written before the rename
    assert dst == target and target.read_text(encoding="utf-8") == "new\n"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_write_that_fails_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch, failing):
    target = tmp_path / "g.yaml"
    target.write_text("old\n", encoding="utf-8")

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, boom)
    with pytest.raises(InputFileError, match="No space left on device.*nothing was written"):
        write_text(str(target), "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert leftovers(tmp_path) == []


def test_in_place_write_keeps_the_previous_file(tmp_path):
    target = tmp_path / "g.yaml"
    target.write_text("one\n", encoding="utf-8")
    save_in_place(str(target), "two\n")
    assert target.read_text(encoding="utf-8") == "two\n"
    assert history(str(target)) == (["one\n", "two\n"], 1)


def test_a_write_keeps_the_file_permissions(tmp_path):
    target = tmp_path / "g.yaml"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    save_in_place(str(target), "new\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert stat.S_IMODE((tmp_path / "g.yaml.history").stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.yaml"
    umask = os.umask(0o022)
    try:
        write_text(str(fresh), "x\n")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644  # as open() would make it, not 0600


def test_a_symbolic_link_stays_a_link(tmp_path):
    real = tmp_path / "real.yaml"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    save_in_place(str(link), "new\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new\n"
    assert (tmp_path / "real.yaml.history").exists()  # beside the real file
    assert history(str(link)) == (["old\n", "new\n"], 1)


def test_a_pipe_is_written_to_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text(encoding="utf-8")), daemon=True)
    reader.start()
    write_text(str(fifo), "through the pipe\n")
    reader.join(10)
    assert got == ["through the pipe\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


# ----- a failing command changes nothing ---------------------------------------------------------
def _over(s):
    s.ended, s.concordia = Ended("player", False), "player"


def _produced(s):
    s.bonus_markers["Italia"] = "coins"


@pytest.mark.parametrize("args,edit,code", [
    (["mercatr"], None, 2),                                   # unknown card
    (["prefect"], None, 2),                                   # the action does not fit the card
    (["mercator", "--copy", "prefect"], None, 2),
    (["prefect", "--produce", "Narnia"], None, 2),            # unknown province
    (["mercator", "--die", "purple"], None, 2),               # unknown die value
    (["colonist", "--money"], None, 4),                       # not in the hand
    (["architect", "--build", "Londinivm"], None, 4),         # no colonist next to it
    (["prefect", "--produce", "Italia"], _produced, 4),       # already produced
    (["prefect", "--reactivate", "--die", "wine"], None, 2),  # a die left over (usage)
    (["mercator"], _over, 4),                                 # the game is over
])
def test_a_failing_in_place_command_leaves_the_file_as_it_was(runner, tmp_path, args, edit, code):
    path = game_file(tmp_path, edit=edit)
    before = path.read_bytes()
    result = runner.invoke(app, ["play", args[0], str(path), *args[1:], "-i"])
    assert result.exit_code == code, result.stderr
    assert path.read_bytes() == before
    assert not (tmp_path / "g.yaml.history").exists()
    assert leftovers(tmp_path) == [] and result.stdout == ""


def test_an_invalid_snapshot_is_left_as_it_was(runner, tmp_path):
    path = tmp_path / "g.yaml"
    broken = game_file(tmp_path).read_text(encoding="utf-8").replace("houses: {}", "houses: {Roma: [player]}")
    path.write_text(broken, encoding="utf-8")
    before = path.read_bytes()
    result = runner.invoke(app, ["play", "mercator", str(path), "-i"])
    assert result.exit_code == 3 and path.read_bytes() == before
    assert not (tmp_path / "g.yaml.history").exists()


def test_a_failing_write_leaves_the_file_as_it_was(runner, tmp_path, monkeypatch):
    path = game_file(tmp_path)
    before = path.read_bytes()

    def boom(*args, **kwargs):
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", boom)
    result = runner.invoke(app, ["play", "mercator", str(path), "-i"])
    assert result.exit_code == 3 and "Permission denied" in result.stderr
    assert path.read_bytes() == before and leftovers(tmp_path) == []


def test_a_failing_command_does_not_touch_an_earlier_previous_version(runner, tmp_path):
    path = game_file(tmp_path)
    assert runner.invoke(app, ["play", "mercator", str(path), "-i"]).exit_code == 0
    prev = tmp_path / "g.yaml.history"
    now, earlier = path.read_bytes(), prev.read_bytes()
    assert runner.invoke(app, ["play", "nonsense", str(path), "-i"]).exit_code == 2
    assert (path.read_bytes(), prev.read_bytes()) == (now, earlier)


# ----- in place, undo and redo -------------------------------------------------------------------
def test_undo_restores_the_previous_snapshot_and_redo_goes_forward(runner, tmp_path):
    path = game_file(tmp_path)
    first = path.read_bytes()
    played = runner.invoke(app, ["play", "mercator", str(path), "-i"])
    assert played.exit_code == 0 and played.stdout == ""  # -i: nothing on stdout
    second = path.read_bytes()
    assert second != first
    assert len(load_snapshot(str(path)).log) == 1
    assert history(str(path)) == ([first.decode(), second.decode()], 1)

    undone = runner.invoke(app, ["undo", str(path)])
    assert undone.exit_code == 0, undone.stderr
    assert path.read_bytes() == first
    assert history(str(path)) == ([first.decode(), second.decode()], 0)
    assert load_snapshot(str(path)).log == []

    redone = runner.invoke(app, ["redo", str(path)])
    assert redone.exit_code == 0
    assert path.read_bytes() == second
    assert history(str(path)) == ([first.decode(), second.decode()], 1)
    assert leftovers(tmp_path) == []


def test_two_turns_in_place_keep_both_earlier_states(runner, tmp_path):
    path = game_file(tmp_path)
    start = path.read_text(encoding="utf-8")
    assert runner.invoke(app, ["play", "mercator", str(path), "-i"]).exit_code == 0
    after_one = path.read_text(encoding="utf-8")
    assert runner.invoke(app, ["play", "senator", str(path), "-i"]).exit_code == 0
    assert history(str(path)) == ([start, after_one, path.read_text(encoding="utf-8")], 2)
    assert len(load_snapshot(str(path)).log) == 2


def test_output_file_and_stdout(runner, tmp_path):
    path = game_file(tmp_path)
    before = path.read_bytes()
    out = tmp_path / "next.yaml"
    r = runner.invoke(app, ["play", "mercator", str(path), "-o", str(out)])
    assert r.exit_code == 0 and r.stdout == ""
    assert path.read_bytes() == before and not (tmp_path / "g.yaml.history").exists()
    r2 = runner.invoke(app, ["play", "mercator", str(path)])
    assert r2.exit_code == 0
    assert r2.stdout == out.read_text(encoding="utf-8")  # the same turn, the same dice from the seed
    assert len(read_snapshot(yaml.safe_load(r2.stdout)).log) == 1


# ----- the YAML layer ------------------------------------------------------------------------------
DATA_FILES = sorted([*(ROOT / "boards").glob("*.yaml"), *(ROOT / "contrarius" / "data").glob("*.yaml"),
                     *(ROOT / "examples").glob("*.yaml")])


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: p.name)
def test_fast_yaml_reads_what_pure_python_yaml_reads(path):
    text = path.read_text(encoding="utf-8")
    assert safe_load(text) == yaml.safe_load(text)


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.yaml")), ids=lambda p: p.name)
def test_examples_dump_the_same_with_and_without_libyaml(path, monkeypatch):
    snap = load_snapshot(str(path))
    fast = dump_snapshot(snap)
    monkeypatch.delattr(yaml, "CSafeDumper", raising=False)
    assert dump_snapshot(snap) == fast
    assert dump_snapshot(read_snapshot(yaml.safe_load(fast))) == fast


def test_dump_of_awkward_strings_round_trips():
    data = {"log": [{"reaction": ["it's \"quoted\": yes", "x" * 150, "Genva -> Roma: 2 steps # not a comment",
                                  "", " lead", "null", "1", "é ü", "- dash", "a\nb"]}]}
    text = dump_yaml(data)
    assert yaml.safe_load(text) == data
    assert dump_yaml(yaml.safe_load(text)) == text


def test_broken_yaml_keeps_the_pure_python_message():
    from contrarius.io.yamlio import parse_yaml

    with pytest.raises(InputFileError) as exc:
        parse_yaml("a: [1,\n", "f.yaml")
    assert str(exc.value) == ("f.yaml: not valid YAML at line 2, column 1: expected the node content, "
                              "but found '<stream end>'; fix the YAML syntax there")


# ----- the fast start ------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["play", "--help"], ["play", "mercator", "{game}"], ["play", "mercator", "{game}", "--bogus"],
    ["play", "prefect", "{game}"], ["--debug", "show", "{game}", "--json"], ["where", "wine", "{game}"],
    ["new", "--seed", "x"], ["roll", "red", "--seed", "3"], ["boards"],
    ["play", "mercator", "{game}", "--install-completion"], ["--debug", "where", "--show-completion"],
])
def test_the_fast_start_behaves_as_the_whole_app(runner, tmp_path, args):
    path = game_file(tmp_path)
    args = [str(path) if a == "{game}" else a for a in args]
    slim = _app_for(args)
    assert slim is not app and len(slim.registered_commands) == 1
    whole, fast = runner.invoke(app, args), runner.invoke(slim, args)
    assert (fast.exit_code, fast.stdout, fast.stderr) == (whole.exit_code, whole.stdout, whole.stderr)


@pytest.mark.parametrize("args", [[], ["--help"], ["--version"], ["nonsense"], ["--debug"]])
def test_anything_else_gets_the_whole_app(args):
    assert _app_for(args) is app


def test_the_fast_start_leaves_out_the_root_options_it_cannot_be_given():
    # typer builds --install-completion and --show-completion on every run; in an
    # app for one command only --debug and --lang LANG can come before the command's name,
    # so the slim app leaves them out; the whole app (contrarius --help, --install-completion) keeps them
    from typer.main import get_command

    def root_options(a):
        return sorted(o for p in get_command(a).params for o in p.opts)

    assert root_options(_app_for(["play", "mercator", "game.yaml"])) == ["--debug", "--lang", "--version"]
    assert root_options(app) == ["--debug", "--install-completion", "--lang", "--show-completion", "--version"]


@pytest.mark.parametrize("args", [["--lang", "pt_BR", "play", "mercator"], ["--lang=pt", "play"], ["--debug", "--lang", "en", "play"]])
def test_the_fast_start_reads_the_command_after_lang(args):
    # contrarius --lang LANG COMMAND: the slim app of that command, as without --lang
    assert _app_for(args) is not app
    assert [c.name for c in _app_for(args).registered_commands] == ["play"]
