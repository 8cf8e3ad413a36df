"""The file-safety layer (contrarius/store/atomic.py, history.py, snapshot_text.py,
the write path of cli/common.py, io/textfiles.py), each tested as a kind, not as the sample:

- commands creating the same new file at the same time: exactly one does, the others are
  refused as ``-o`` onto an existing file (exit 3, nothing written);
- a hand edit after ``undo`` keeps the undone turns for ``redo`` (README: "an edited seed, VP
  or hand stays the same game"), and ``play -i`` says when it drops them;
- ``score --campaign`` run in parallel keeps every record;
- a city named by an accepted alias is the same city: the same game;
- contrarius never writes a number it would refuse to read (40 digits);
- devices and huge files are refused, never read on and on;
- Ctrl-C at the end of a command: exit as decided, never killed without a word;
- a damaged history is exit 3 however it is damaged (nesting);
- no temporary file is left by Ctrl-C, and stale ones of ``-o`` targets are cleaned;
- a read-only snapshot or history (no write bit for anyone) is refused, for root too;
- names too long to keep a history beside them: one message naming the limit.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contrarius.cli import app

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def cli(*args, cwd: Path | None = None, **kw) -> subprocess.Popen:
    return subprocess.Popen([PY, "-m", "contrarius", *map(str, args)], cwd=cwd or ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def new(runner: CliRunner, path: Path, *extra: str, seed: int = 8, hand: bool = False) -> Path:
    """A solo italia game; without ``hand`` no hand is recorded (any card may be played)."""
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", str(seed), *([] if hand else ["--no-hand"]),
                            "-o", str(path), *extra])
    assert r.exit_code == 0, r.stderr
    return path


def ok(runner: CliRunner, *args: str):
    r = runner.invoke(app, list(args))
    assert r.exit_code == 0, (args, r.stderr)
    return r


def temps(folder: Path) -> list[str]:
    return sorted(x for x in os.listdir(folder) if x.endswith(".tmp"))


# ----- 1. parallel writers to a new -o path -----------------------------------------------------
def test_parallel_new_onto_a_missing_path_exactly_one_wins(tmp_path):
    target = tmp_path / "g.yaml"
    procs = {seed: cli("new", "--board", "italia", "--seed", seed, "-o", target) for seed in range(1, 7)}
    done = {seed: (p.wait(60), p.stderr.read()) for seed, p in procs.items()}
    winners = [seed for seed, (rc, _) in done.items() if rc == 0]
    assert len(winners) == 1, done
    for seed, (rc, err) in done.items():
        if seed != winners[0]:
            assert rc == 3 and "g.yaml already exists and holds a game" in err and "nothing was written" in err, err
    assert re.search(rf"^seed: {winners[0]}$", target.read_text(encoding="utf-8"), re.M)
    assert temps(tmp_path) == []


def test_parallel_play_onto_one_missing_path_keeps_one_game(runner, tmp_path):
    a = tmp_path / "a.yaml"
    b = tmp_path / "b.yaml"
    new(runner, a)
    ok(runner, "new", "--board", "hellas", "--seed", "12", "--no-hand", "-o", str(b))
    out = tmp_path / "out.yaml"
    procs = [(src, cli("play", "mercator", src, "-o", out)) for src in (a, b, a, b)]
    done = [(src, p.wait(60), p.stderr.read()) for src, p in procs]
    board = re.search(r"^board: (\w+)$", out.read_text(encoding="utf-8"), re.M).group(1)
    winner = a if board == "italia" else b
    for src, rc, err in done:
        if src == winner:
            assert rc == 0, err  # the same game run again: replaced, as README says
        else:  # the other game: refused like an existing file of another game
            assert rc == 3 and "already exists and holds another game" in err, err
    assert temps(tmp_path) == []


# ----- 2. a hand edit after undo ---------------------------------------------------------------
def three_turns_two_undone(runner: CliRunner, tmp_path: Path) -> Path:
    g = new(runner, tmp_path / "g.yaml")
    for card in ("mercator", "tribune", "architect"):
        ok(runner, "play", card, str(g), "-i")
    ok(runner, "undo", str(g), "--turns", "2")
    text = g.read_text(encoding="utf-8")
    edited = re.sub(r"^(  vp: )0$", r"\g<1>5", text, count=1, flags=re.M)  # Contrarius's VP, by hand
    assert edited != text
    g.write_text(edited, encoding="utf-8")
    return g


def test_a_hand_edit_after_undo_keeps_the_undone_turns_for_redo(runner, tmp_path):
    g = three_turns_two_undone(runner, tmp_path)
    edited = g.read_text(encoding="utf-8")
    # the edit is a state right after the position; the 2 undone turns still follow it
    r = ok(runner, "redo", str(g), "--turns", "2")
    assert "redid 2 steps" in r.output and "0 can be redone" in r.output
    assert "log:" in g.read_text(encoding="utf-8") and g.read_text(encoding="utf-8").count("card:") >= 3
    r = ok(runner, "undo", str(g), "--turns", "2")
    assert g.read_text(encoding="utf-8") == edited and "2 can be redone" in r.output


def test_a_turn_after_a_hand_edit_after_undo_says_it_drops_the_undone_turns(runner, tmp_path):
    g = three_turns_two_undone(runner, tmp_path)
    r = ok(runner, "play", "senator", str(g), "-i")
    assert "the 2 steps undone before this turn can no longer be redone" in r.stderr


# ----- 3. score --campaign in parallel -----------------------------------------------------------
def test_parallel_score_campaign_keeps_every_record(runner, tmp_path):
    games = []
    for seed in (1, 2, 3):
        g = new(runner, tmp_path / f"c{seed}.yaml", seed=seed, hand=True)
        text = g.read_text(encoding="utf-8")
        text = text.replace("ended: null", "ended: {by: player, final_turn_pending: false}")
        g.write_text(text.replace("concordia: null", "concordia: player"), encoding="utf-8")
        games.append(g)
    camp = tmp_path / "camp.yaml"
    procs = [cli("score", g, "--goods", "none", "--sestertii", "3", "--campaign", camp) for g in games]
    assert [(p.wait(60), p.stderr.read()) for p in procs] == [(0, "")] * 3
    import yaml

    assert len(yaml.safe_load(camp.read_text(encoding="utf-8"))["games"]) == 3
    assert temps(tmp_path) == []


# ----- 4. game identity: names resolved on the board --------------------------------------------
def test_an_accepted_city_alias_is_the_same_game_and_a_real_change_says_what_differs(runner, tmp_path):
    g = new(runner, tmp_path / "g.yaml", seed=1)
    ok(runner, "play", "mercator", str(g), "-i")
    text = g.read_text(encoding="utf-8")
    goods = re.search(r"^  Genva: (\w+)$", text, re.M).group(1)
    g.write_text(text.replace(f"  Genva: {goods}", f"  Genua: {goods}"), encoding="utf-8")  # README's alias
    ok(runner, "check", str(g))
    ok(runner, "undo", str(g))  # the same game: the history still holds it
    ok(runner, "redo", str(g))
    other = "cloth" if goods != "cloth" else "wine"
    g.write_text(g.read_text(encoding="utf-8").replace(f"  Genua: {goods}", f"  Genua: {other}"), encoding="utf-8")
    r = runner.invoke(app, ["undo", str(g)])
    assert r.exit_code == 3, r.stderr
    assert f"Genva: {other} in the snapshot, {goods} in the history" in r.stderr, r.stderr
    descs = re.findall(r"board \w+, \w+, \w+, seed \d+", r.stderr)
    assert len(descs) == len(set(descs)), r.stderr  # never two identical descriptions


# ----- 5. numbers: never written longer than read -----------------------------------------------
def test_new_refuses_a_seed_longer_than_a_snapshot_holds(runner, tmp_path):
    for opt in ("--seed", "--start-vp"):
        r = runner.invoke(app, ["new", "--board", "italia", opt, "1" * 41, "-o", str(tmp_path / "g.yaml")])
        assert r.exit_code == 2 and opt in r.stderr and "at most 40 digits" in r.stderr, r.stderr
    assert not (tmp_path / "g.yaml").exists()
    new(runner, tmp_path / "g.yaml", "--force", seed=int("9" * 40))  # 40 digits: read back fine
    ok(runner, "check", str(tmp_path / "g.yaml"))


def test_a_counter_that_would_grow_past_40_digits_is_refused_not_written(runner, tmp_path):
    g = new(runner, tmp_path / "g.yaml")
    text = re.sub(r"^rolls: \d+$", "rolls: " + "9" * 40, g.read_text(encoding="utf-8"), flags=re.M)
    g.write_text(text, encoding="utf-8")
    ok(runner, "check", str(g))
    for args in (["play", "mercator", str(g), "-i"], ["play", "mercator", str(g), "-o", str(tmp_path / "o.yaml")]):
        r = runner.invoke(app, args)
        assert r.exit_code == 3 and "'rolls'" in r.stderr and "at most 40 digits" in r.stderr, r.stderr
        assert "Mercator" not in r.stdout  # refused before the report
    assert g.read_text(encoding="utf-8") == text and not (tmp_path / "o.yaml").exists()


# ----- 6. devices and huge files ----------------------------------------------------------------
@pytest.mark.parametrize("args", [["check", "/dev/zero"], ["show", "/dev/urandom"],
                                  ["new", "--board", "italia", "--tokens", "/dev/zero"],
                                  ["new", "--board", "italia", "--campaign", "/dev/zero"]])
def test_a_device_is_refused_not_read(args):
    p = subprocess.run([PY, "-m", "contrarius", *args], capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert p.returncode == 3 and "is a device, not a file" in p.stderr and p.stderr.count("\n") == 1, p.stderr


def test_a_history_that_is_a_device_or_too_big_is_exit_3(runner, tmp_path, monkeypatch):
    import contrarius.io.textfiles as textfiles

    g = new(runner, tmp_path / "g.yaml")
    ok(runner, "play", "mercator", str(g), "-i")
    hist = tmp_path / "g.yaml.history"
    hist.rename(tmp_path / "keep")
    hist.symlink_to("/dev/zero")
    r = runner.invoke(app, ["undo", str(g)])
    assert r.exit_code == 3 and "is a device" in r.stderr, r.stderr
    hist.unlink()
    (tmp_path / "keep").rename(hist)
    monkeypatch.setattr(textfiles, "MAX_FILE_BYTES", hist.stat().st_size - 1)  # the cap, made small to test it
    for args in (["undo", str(g)], ["show", str(tmp_path / "big.yaml")]):
        (tmp_path / "big.yaml").write_text("x" * (hist.stat().st_size + 10), encoding="utf-8")
        r = runner.invoke(app, args)
        assert r.exit_code == 3 and "far more than any game holds" in r.stderr, r.stderr


# ----- 7. Ctrl-C at the end ---------------------------------------------------------------------
def test_ctrl_c_during_the_interpreters_exit_is_no_kill(tmp_path, runner):
    """A SIGINT at the moment main() exits (where Python resets the handlers) does not kill the
    process by the signal (returncode -2, no line): it exits as decided. Main ends a
    one-shot command with ``os._exit``: the SIGINT arrives just before it."""
    g = new(runner, tmp_path / "g.yaml")
    script = textwrap.dedent(f"""
        import os, signal, sys
        real = os._exit
        def late_exit(code):
            caller = sys._getframe(1).f_code
            if caller.co_name == "exit_now" and caller.co_filename.endswith(os.path.join("cli", "process.py")):
                os.kill(os.getpid(), signal.SIGINT)  # main's last step: arrives as the process exits
                print("SIGINT sent", file=sys.stderr)
            real(code)
        os._exit = late_exit
        sys.argv = ["contrarius", "play", "mercator", {str(g)!r}, "-i"]
        from contrarius.__main__ import run
        run()
    """)
    p = subprocess.run([PY, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 0, (p.returncode, p.stderr)
    assert "SIGINT sent" in p.stderr  # the hook ran: the test is not vacuous
    assert "Traceback" not in p.stderr and "card: Mercator" in g.read_text(encoding="utf-8")


# ----- 8. a damaged history, however damaged ----------------------------------------------------
def test_a_history_nested_thousands_deep_is_damaged_exit_3(runner, tmp_path):
    g = new(runner, tmp_path / "g.yaml")
    (tmp_path / "g.yaml.history").write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    before = g.read_bytes()
    for args in (["undo", str(g)], ["redo", str(g)], ["play", "mercator", str(g), "-i"]):
        r = runner.invoke(app, args)
        assert r.exit_code == 3 and "not a usable contrarius history (nested too deep)" in r.stderr, (args, r.stderr)
    assert g.read_bytes() == before


# ----- 9. temporary files ------------------------------------------------------------------------
@pytest.mark.parametrize("args", [["play", "mercator", "{g}", "-o", "{o}"], ["new", "--board", "italia", "-o", "{o}"],
                                  ["play", "mercator", "{g}", "-i"]])
def test_ctrl_c_while_the_folder_is_probed_leaves_no_temporary_file(runner, tmp_path, args):
    g = new(runner, tmp_path / "g.yaml")
    argv = [a.format(g=g, o=tmp_path / "out.yaml") for a in args]
    script = textwrap.dedent(f"""
        import os, signal, sys, tempfile
        real = tempfile.mkstemp
        def mkstemp(*a, **k):
            r = real(*a, **k)
            if sys._getframe(1).f_code.co_name == "_probe_folder":
                os.kill(os.getpid(), signal.SIGINT)
            return r
        tempfile.mkstemp = mkstemp
        sys.argv = ["contrarius"] + {argv!r}
        from contrarius.__main__ import run
        run()
    """)
    p = subprocess.run([PY, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 130 and p.stderr.strip().splitlines()[-1].startswith("contrarius: interrupted"), p.stderr
    assert temps(tmp_path) == []


def test_stale_temporary_files_of_an_output_path_are_cleaned(runner, tmp_path):
    g = new(runner, tmp_path / "g.yaml")
    out = tmp_path / "out.yaml"
    for exists in (False, True):  # a new -o file, then the same game written again
        stale = tmp_path / ".out.yaml.k1ll3d00.tmp"
        stale.write_text("left by a killed process", encoding="utf-8")
        ok(runner, "play", "mercator", str(g), "-o", str(out))
        assert out.exists() and temps(tmp_path) == [], exists


# ----- 10. read-only files ------------------------------------------------------------------------
def _as_normal_user(argv: list[str], folder: Path) -> subprocess.CompletedProcess:
    """Run ``contrarius ARGV`` as a normal user: as this one, or as ``nobody`` when the
    tests run as root (root may write any file), ``folder`` then given to ``nobody``."""
    prefix: list[str] = []
    if os.geteuid() == 0:
        import shutil

        folder.chmod(0o755)
        for p in [folder, *folder.iterdir()]:
            shutil.chown(p, "nobody")
        prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    return subprocess.run([*prefix, PY, "-m", "contrarius", *argv], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_a_read_only_snapshot_or_history_is_refused_and_keeps_its_mode(runner):
    """chmod a-w: a user who may not write the snapshot, or the history beside it, is refused
    (exit 3) by play -i and undo, and nothing changes (the history keeps its mode). Root may
    write any file, so the test runs only as another user."""
    import tempfile

    tmp_path = Path(tempfile.mkdtemp())  # pytest's own folders are closed to other users
    g = new(runner, tmp_path / "g.yaml")
    ok(runner, "play", "mercator", str(g), "-i")  # a history exists from here on
    g.chmod(0o444)
    r = _as_normal_user(["play", "tribune", str(g), "-i"], tmp_path)
    assert r.returncode == 3 and "g.yaml: the file is read-only" in r.stderr, r.stderr
    g.chmod(0o644)
    hist = tmp_path / "g.yaml.history"
    hist.chmod(0o444)
    before = (g.read_bytes(), hist.read_bytes())
    for args in (["play", "tribune", str(g), "-i"], ["undo", str(g)]):
        r = _as_normal_user(args, tmp_path)
        assert r.returncode == 3 and "g.yaml.history: the history is read-only" in r.stderr, r.stderr
    assert (g.read_bytes(), hist.read_bytes()) == before and hist.stat().st_mode & 0o777 == 0o444
    if os.geteuid() == 0:  # root may write any file, as with sed -i
        g.chmod(0o444)
        ok(runner, "play", "tribune", str(g), "-i")
        assert g.read_bytes() != before[0]


# ----- 11. long names ---------------------------------------------------------------------------------
def test_a_name_too_long_for_a_history_beside_it_is_one_message_naming_the_limit(runner, tmp_path):
    g = new(runner, tmp_path / "g.yaml")
    long_name = tmp_path / ("a" * 250)
    long_name.write_bytes(g.read_bytes())
    limit = os.pathconf(tmp_path, "PC_NAME_MAX") - len(".x.history.XXXXXXXX.tmp") + 1
    for args in (["undo", str(long_name)], ["play", "mercator", str(long_name), "-i"],
                 ["play", "mercator", str(g), "-o", str(tmp_path / ("b" * 240))],
                 ["new", "--board", "italia", "-o", str(tmp_path / ("c" * 240))]):
        r = runner.invoke(app, args)
        assert r.exit_code == 3 and r.stderr.count("\n") == 1, (args, r.stderr)
        assert "the name is too long" in r.stderr and f"at most {limit} bytes" in r.stderr, r.stderr
        assert "history (File name too long)" not in r.stderr
    assert sorted(os.listdir(tmp_path)) == sorted(["g.yaml", "a" * 250])


def test_same_game_resolves_names_only_when_the_written_keys_differ(runner, tmp_path):
    """store.same_game: identical game keys compare as written (no board loaded); an alias
    (Genua for Genva, README's spelling list) is the same city; another token is another game."""
    from contrarius.store.snapshot_text import game_identity, same_game

    text = new(runner, tmp_path / "g.yaml", seed=1).read_text(encoding="utf-8")
    goods = re.search(r"^  Genva: (\w+)$", text, re.M).group(1)
    alias = text.replace(f"  Genva: {goods}", f"  Genua: {goods}")
    assert game_identity(alias) != game_identity(text)  # written differently ...
    assert same_game(text, alias) and same_game(alias, text)  # ... one game
    other = alias.replace(f"  Genua: {goods}", f"  Genua: {'cloth' if goods != 'cloth' else 'wine'}")
    assert not same_game(text, other) and not same_game(text, "not: [a, snapshot")
