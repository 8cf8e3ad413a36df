"""The one promise of every command, under odd streams: a command that exits non-zero changed
no file, created no file and printed no snapshot; one that did its job exits 0.

Each case runs the real entry point (:func:`contrarius.cli.main`, the process plumbing of
``contrarius/cli/process.py`` included: final flush, ``os._exit``) in a forked copy of this
test process whose file descriptors 1 and 2 are what a shell would give: a file, closed
(``>&-``), full (``> /dev/full``) or a pipe whose reader is gone. Forking skips the start-up
of a new interpreter (imports), so the whole matrix costs a few seconds; a few real
processes check what forking cannot (the console script's Ctrl-C at start-up).

Also here: device paths (``-o /dev/stdout``, ``/dev/fd/N``, ``/dev/null``), encodings (every
help page under Latin-1, a file name that is not UTF-8), and that a snapshot written always
loads (``reveal`` naming a card the game holds no more of).
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from test_campaign import AT_END_ARGS, end_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "italia-setup.yaml"

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not Path("/dev/full").exists(),
                                reason="needs fork and /dev/full (Linux)")


def _stream(fd: int, mode: str, encoding: str, errors: str, tmp: Path):
    """Make file descriptor ``fd`` what ``mode`` says (in the forked child); the Python
    stream Python's start-up would make for it (None when closed)."""
    if mode == "closed":
        os.close(fd)
        return None
    if mode == "file":
        target = os.open(tmp / f"fd{fd}", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    elif mode == "full":
        target = os.open("/dev/full", os.O_WRONLY)
    elif mode == "gone":
        read, target = os.pipe()
        os.close(read)
    elif mode.startswith("pipe:"):  # a pipe read by the parent: mode names its write end
        target = int(mode[5:])
    else:
        raise ValueError(mode)
    os.dup2(target, fd)
    if target != fd:
        os.close(target)
    raw = io.FileIO(fd, "w", closefd=False)
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding=encoding, errors=errors, line_buffering=fd == 2)


def run(args, cwd: Path, out: str = "file", err: str = "file", stdin: bytes = b"",
        encoding: str = "utf-8", errors: str = "strict", keep_fds=()) -> tuple[int, str, str]:
    """``contrarius ARGS`` run in ``cwd`` in a forked child with stdout ``out`` and stderr
    ``err`` (``file``, ``closed``, ``full``, ``gone``, ``pipe:FD``) and ``stdin``'s bytes on
    stdin; stdout and stderr in ``encoding`` (Python's start-up: strict on stdout,
    backslashreplace on stderr unless ``errors`` says otherwise). Returns the exit code and
    what reached stdout and stderr when they were files."""
    io_dir = cwd.parent / f"{cwd.name}.io"
    shutil.rmtree(io_dir, ignore_errors=True)
    io_dir.mkdir()
    (io_dir / "stdin").write_bytes(stdin)
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 70
        try:
            os.chdir(cwd)
            fd0 = os.open(io_dir / "stdin", os.O_RDONLY)
            os.dup2(fd0, 0)
            os.close(fd0)
            sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8")
            for fd in range(3, 256):
                if fd not in keep_fds:
                    try:
                        os.close(fd)
                    except OSError:
                        pass
            sys.stdout = _stream(1, out, encoding, errors, io_dir)
            sys.stderr = _stream(2, err, encoding, "backslashreplace" if errors == "strict" else errors, io_dir)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            sys.argv = ["contrarius", *args]
            from contrarius.cli import main

            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException:  # noqa: BLE001 - a traceback in the child is the finding
            import traceback

            try:
                os.write(2, traceback.format_exc().encode())
            except OSError:
                pass
        finally:
            for stream in (sys.stdout, sys.stderr):
                try:
                    if stream is not None:
                        stream.flush()
                except BaseException:  # noqa: BLE001
                    pass
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)

    def read(fd):
        f = io_dir / f"fd{fd}"
        return f.read_bytes().decode("utf-8", "replace") if f.exists() else ""

    return code, read(1), read(2)


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (name -> bytes)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    """A folder of games made by contrarius itself: ``game.yaml`` with a history of three
    states (two turns played with -i, one undone, so both undo and redo have a step),
    ``display.yaml`` whose display position 7 shows ? (a table game), ``ended.yaml`` (a
    finished game, for ``score --campaign``)."""
    from typer.testing import CliRunner

    from contrarius.cli import app

    folder = tmp_path_factory.mktemp("games")
    r = CliRunner()
    g = str(folder / "game.yaml")
    for args in (["new", "--board", "italia", "--seed", "1", "-o", g], ["play", "mercator", g, "-i"],
                 ["play", "senator", g, "-i"], ["undo", g],
                 ["new", "--board", "italia", "--seed", "2", "--display",
                  "Mercator,Mason,Prefect,Colonist,Farmer,Architect,Diplomat", "-o", str(folder / "display.yaml")]):
        res = r.invoke(app, args)
        assert res.exit_code == 0, (args, res.output)
    assert "'?'" in (folder / "display.yaml").read_text(encoding="utf-8")
    shutil.copy(EXAMPLE, folder / "ended.yaml")
    end_game(folder / "ended.yaml", 88, 74)
    return folder


#: Every command, with the options that make it write somewhere: (name, args, what it
#: writes when it does its job: "file" (a file changes or appears), "stdout" (a snapshot
#: on stdout), None (a report only)), and its stdin.
CASES = [
    ("boards", ["boards"], None),
    ("board", ["board", "italia"], None),
    ("board --svg", ["board", "italia", "--svg", "pic.svg"], "file"),
    ("new", ["new", "--board", "italia", "--seed", "3"], "stdout"),
    ("new -o", ["new", "--board", "italia", "--seed", "3", "-o", "fresh.yaml"], "file"),
    ("new --json -o", ["new", "--board", "italia", "--seed", "3", "-o", "fresh.yaml", "--json"], "file"),
    ("check", ["check", "game.yaml"], None),
    ("show", ["show", "game.yaml"], None),
    ("show --svg", ["show", "game.yaml", "--svg", "pic.svg"], "file"),
    ("show --json --svg", ["show", "game.yaml", "--json", "--svg", "pic.svg"], "file"),
    ("undo", ["undo", "game.yaml"], "file"),
    ("redo", ["redo", "game.yaml"], "file"),
    ("where", ["where", "wine", "game.yaml"], None),
    ("where --svg", ["where", "wine", "game.yaml", "--svg", "pic.svg"], "file"),
    ("play", ["play", "mercator", "display.yaml", "--die", "wine"], "stdout"),
    ("play -i", ["play", "mercator", "display.yaml", "--die", "wine", "-i"], "file"),
    ("play -o --json", ["play", "mercator", "display.yaml", "--die", "wine", "-o", "next.yaml", "--json"], "file"),
    ("roll", ["roll", "mercator", "--seed", "1"], None),
    ("preview", ["preview", "game.yaml"], None),
    ("score", ["score", "game.yaml"], None),
    ("score --campaign", ["score", "ended.yaml", "--campaign", "camp.yaml", *AT_END_ARGS], "file"),
    ("log", ["log", "game.yaml"], None),
    ("log --svg", ["log", "game.yaml", "--svg", "pic.svg"], "file"),
    ("log --json --svg", ["log", "game.yaml", "--json", "--svg", "pic.svg"], "file"),
    ("score --svg", ["score", "game.yaml", "--svg", "pic.svg"], "file"),
    ("score --campaign --svg", ["score", "ended.yaml", "--campaign", "camp.yaml", *AT_END_ARGS, "--svg", "pic.svg"], "file"),
    ("score --campaign --no-record --svg", ["score", "ended.yaml", "--campaign", "camp.yaml", *AT_END_ARGS, "--no-record",
                                            "--svg", "pic.svg"], "file"),
    ("reveal", ["reveal", "display.yaml", "7=Consul"], "stdout"),
    ("reveal -i", ["reveal", "display.yaml", "7=Consul", "-i"], "file"),
    ("reveal -o", ["reveal", "display.yaml", "7=Consul", "-o", "out.yaml"], "file"),
    ("session", ["session", "game.yaml"], "file"),
]

def test_every_case_does_its_job_with_plain_streams(games, tmp_path):
    """The matrix below is not vacuous: with stdout and stderr plain files every case exits
    0 and writes what it writes (a file, a snapshot on stdout) and a report."""
    for name, args, writes in CASES:
        work = tmp_path / name.replace(" ", "_").replace("-", "")
        shutil.copytree(games, work)
        before = tree(work)
        code, out, err = run(args, work, stdin=b"senator\n\n\n\n\n" if name == "session" else b"")
        assert code == 0, (name, err)
        assert (tree(work) != before) == (writes == "file"), name
        assert ("format: 1" in out) == (writes == "stdout"), name
        assert out.strip() or err.strip(), name


ODD = [(stream, mode) for stream in ("stdout", "stderr") for mode in ("closed", "full", "gone")]


@pytest.mark.parametrize("stream,mode", ODD, ids=[f"{s}-{m}" for s, m in ODD])
def test_every_command_keeps_the_promise_under_an_odd_stream(games, tmp_path, stream, mode):
    """Every command x {stdout, stderr} x {closed, full, reader gone}: exit non-zero means
    no file changed or created and no snapshot printed; exit 0 means the job was done (the
    file written); never a traceback, never an exit code outside 0 and 3."""
    found = []
    for name, args, writes in CASES:
        work = tmp_path / name.replace(" ", "_").replace("-", "")
        shutil.copytree(games, work)
        before = tree(work)
        code, out, err = run(args, work, out=mode if stream == "stdout" else "file",
                             err=mode if stream == "stderr" else "file",
                             stdin=b"senator\n\n\n\n\n" if name == "session" else b"")
        after = tree(work)
        why = []
        if code not in (0, 3):
            why.append(f"exit {code}")
        if "Traceback" in err:
            why.append("a traceback")
        if code != 0 and after != before:
            why.append(f"exit {code} with files changed: {sorted(k for k in {**before, **after} if before.get(k) != after.get(k))}")
        if code != 0 and "format: 1" in out:
            why.append(f"exit {code} with a snapshot printed")
        if code == 0 and writes == "file" and after == before:
            why.append("exit 0 but nothing written")
        if code == 0 and writes == "stdout" and stream != "stdout" and "format: 1" not in out:
            why.append("exit 0 but no snapshot printed")
        if why:
            found.append(f"{name} ({stream} {mode}): {'; '.join(why)}; stderr: {err.strip()[-300:]}")
    assert not found, "\n".join(found)


def test_a_report_that_cannot_be_said_leaves_undo_undone(games, tmp_path):
    """``undo`` with stderr full: exit 3 and the game as before (a script that retries on
    exit 3 undoes once, not twice); with the reader of stderr gone, the undo is done (exit 0)."""
    shutil.copytree(games, tmp_path / "w")
    w = tmp_path / "w"
    before = tree(w)
    assert run(["undo", "game.yaml"], w, err="full")[0] == 3
    assert tree(w) == before
    assert run(["undo", "game.yaml"], w, err="gone")[0] == 0
    assert tree(w) != before
    code, out, err = run(["redo", "game.yaml"], w)
    assert code == 0 and "redid 1 step" in err


def test_session_on_a_full_stdout_is_exit_3_not_a_refused_answer(games, tmp_path):
    shutil.copytree(games, tmp_path / "w")
    w = tmp_path / "w"
    before = tree(w)
    code, _, err = run(["session", "game.yaml"], w, out="full", stdin=b"senator\n\n\n\n\n")
    assert code == 3 and "No space left on device" in err, err
    assert tree(w) == before


#: ``session`` fed answers that never make a whole turn: a refused card, the input ending in
#: the middle of a turn, a ``where`` whose output goes to the odd stream before a refused
#: card. Each is exit 2 (README: the script went out of step) with nothing written.
SESSION_OUT_OF_STEP = [b"nosuchcard\n", b"senator\n", b"where wine\nnosuchcard\n"]
SESSION_STREAMS = [("file", "file"), *((m, "file") for m in ("closed", "full", "gone")),
                   *(("file", m) for m in ("closed", "full", "gone"))]


@pytest.mark.parametrize("out,err", SESSION_STREAMS, ids=[f"stdout-{o}-stderr-{e}" for o, e in SESSION_STREAMS])
def test_a_session_out_of_step_is_exit_2_whatever_the_streams(games, tmp_path, out, err):
    """A refused answer or a turn cut short is exit 2 also when its line cannot be said
    (stderr closed, full, or its reader gone: that used to end the session with exit 0) and
    when the output of a ``where`` before it cannot be read (stdout's reader gone: the
    session used to stop there, exit 0, the next answer never read). A closed stderr never
    puts the line on stdout. Exit 3 (the table's code for stdout), also nothing written:
    stdout closed (the session does not start) or full under a ``where``'s output."""
    found = []
    for i, stdin in enumerate(SESSION_OUT_OF_STEP):
        work = tmp_path / f"s{i}"
        shutil.copytree(games, work)
        before = tree(work)
        code, got_out, got_err = run(["session", "game.yaml"], work, out=out, err=err, stdin=stdin)
        wanted = 3 if out == "closed" or stdin.startswith(b"where") and out == "full" else 2
        if code != wanted or tree(work) != before or "Traceback" in got_err or "contrarius:" in got_out:
            found.append(f"{stdin!r}: exit {code} (wanted {wanted}), changed {tree(work) != before}, "
                         f"stdout {got_out[-120:]!r}, stderr {got_err[-200:]!r}")
        if err == "file" and wanted == 2 and "contrarius: " not in got_err:
            found.append(f"{stdin!r}: no line on stderr")
    assert not found, "\n".join(found)


# ----- device paths -------------------------------------------------------------------------
def test_o_dev_stdout_writes_into_stdout_as_o_dash(games, tmp_path):
    """``-o /dev/stdout`` with stdout a file (``> out.yaml``) writes the snapshot there, as
    ``-o -`` does (it used to refuse the file stdout was redirected to as "already exists")."""
    shutil.copytree(games, tmp_path / "w")
    w = tmp_path / "w"
    for target in ("/dev/stdout", "/dev/fd/1", "-"):
        code, out, err = run(["play", "mercator", "display.yaml", "--die", "wine", "-o", target], w)
        assert code == 0, err
        assert out.startswith("format: 1") and "card: Mercator" in out, target
        assert "Contrarius builds" in err  # the report, on stderr


def test_o_dev_fd_of_a_pipe_writes_into_the_pipe(games, tmp_path):
    """``-o /dev/fd/N`` of a pipe (a process substitution, ``-o >(cat > copy.yaml)``) and
    ``-o /dev/stderr`` into a pipe: the snapshot goes into the pipe."""
    shutil.copytree(games, tmp_path / "w")
    w = tmp_path / "w"
    for target, err_mode in (("/dev/fd/{fd}", "file"), ("/dev/stderr", "pipe:{fd}")):
        read, write = os.pipe()
        try:
            code, out, err = run(["play", "mercator", "display.yaml", "--die", "wine", "-o", target.format(fd=write)], w,
                                 err=err_mode.format(fd=write), keep_fds=(write,))
        finally:
            os.close(write)
        with os.fdopen(read, "rb") as fh:
            got = fh.read().decode("utf-8")
        assert code == 0, err
        assert "format: 1" in got and "card: Mercator" in got, (target, got[:200])


def test_o_dev_null_still_says_the_report(games, tmp_path):
    shutil.copytree(games, tmp_path / "w")
    w = tmp_path / "w"
    code, out, err = run(["play", "mercator", "display.yaml", "--die", "wine", "-o", "/dev/null"], w)
    assert code == 0 and "Contrarius builds in" in err and out == ""
    code, out, err = run(["new", "--board", "italia", "--seed", "1", "-o", "/dev/null"], w)
    assert code == 0 and "New standard solo game on italia (seed 1), written to /dev/null" in err


def test_svg_dev_stdout_is_the_picture_alone(games, tmp_path):
    shutil.copytree(games, tmp_path / "w")
    code, out, err = run(["show", "game.yaml", "--svg", "/dev/stdout"], tmp_path / "w")
    assert code == 0 and out.lstrip().startswith("<?xml") and out.rstrip().endswith("</svg>"), (err, out[-100:])


# ----- encodings ----------------------------------------------------------------------------
def test_every_help_page_under_latin_1_degrades_and_exits_0(tmp_path):
    """``--help`` under ``PYTHONIOENCODING=latin-1`` (every help page): rich's boxes drawn in
    ASCII, other characters the encoding lacks degraded; exit 0, never a traceback."""
    from contrarius.cli import COMMAND_MODULES

    (tmp_path / "w").mkdir()
    for page in ([], *([name] for name in COMMAND_MODULES)):
        code, out, err = run([*page, "--help"], tmp_path / "w", encoding="latin-1")
        assert code == 0 and "Traceback" not in err, (page, err)
        assert "Usage: " in out and "+-" in out and "\u2500" not in out, page


def test_a_file_name_that_is_not_utf_8_is_shown_escaped(tmp_path):
    """A name with the byte 0xff: every report shows it as ``\\udcff``, under a strict UTF-8
    stdout too (``check`` used to refuse with advice to set PYTHONIOENCODING=utf-8, the
    setting in force)."""
    w = tmp_path / "w"
    w.mkdir()
    shutil.copy(EXAMPLE, w / os.fsdecode(b"g\xff.yaml"))
    for encoding in ("utf-8", "latin-1"):
        code, out, err = run(["check", os.fsdecode(b"g\xff.yaml")], w, encoding=encoding)
        assert code == 0, err
        assert out.startswith("g\\udcff.yaml: ok (italia"), out
        assert "PYTHONIOENCODING" not in err
    code, out, err = run(["check", os.fsdecode(b"g\xff.yaml"), "--json"], w)
    assert code == 0 and '"ok": true' in out, err


# ----- a written snapshot always loads ------------------------------------------------------
def test_reveal_refuses_a_card_the_game_holds_no_more_of(games, tmp_path):
    """The Italia display already holds the one Diplomat: ``reveal 7=Diplomat`` is refused
    (exit 2, nothing written, with -o and -i), as ``play --reveal 7=Diplomat`` is."""
    shutil.copytree(games, tmp_path / "w")
    w = tmp_path / "w"
    before = tree(w)
    for extra in (["-o", "out.yaml"], ["-i"], []):
        code, out, err = run(["reveal", "display.yaml", "7=Diplomat", *extra], w)
        assert code == 2, (extra, err)
        assert "2 Diplomat cards in the display and stack, but the stacks hold only 1" in err
        assert "nothing was written" in err and "format: 1" not in out
        assert tree(w) == before
    code, out, err = run(["reveal", "display.yaml", "7=Consul", "-o", "out.yaml"], w)
    assert code == 0 and "display position 7 is Consul" in err
    assert run(["check", "out.yaml"], w)[0] == 0


# ----- Ctrl-C at start-up -------------------------------------------------------------------
def test_ctrl_c_right_after_the_package_is_imported_is_one_line_exit_130(tmp_path):
    """Started as the command (``sys.argv[0]`` is the console script), the package installs
    its own SIGINT handler first thing: a Ctrl-C while the rest is imported is one line and
    exit 130, not a traceback."""
    script = ("import sys; sys.argv[0] = '/venv/bin/contrarius'\n"
              "import contrarius, os, signal, time\n"
              "os.kill(os.getpid(), signal.SIGINT)\n"
              "time.sleep(20)\n")
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 130 and p.stderr == "contrarius: interrupted; nothing was written\n", (p.returncode, p.stderr)


def test_imported_as_a_library_the_package_leaves_sigint_alone():
    import contrarius

    assert not contrarius._started_as_command()
    assert signal.getsignal(signal.SIGINT) is not contrarius._interrupted_at_start


def test_the_process_plumbing_lives_in_cli_process():
    """Exit codes, the fast exit and Ctrl-C are the process's, in one fenced module
    (``contrarius/cli/process.py``): no other module ends the process, installs a SIGINT
    handler or blocks signals, except the package's start-up handler (``contrarius/__init__.py``
    and ``__main__.py``, before the module can be imported), the TAB answered before typer
    loads (``contrarius/tab/fast.py``: importing ``contrarius.cli`` would load typer) and
    the commit of ``contrarius/store/atomic.py``, which holds signals back while it renames."""
    import re

    allowed = {
        "os._exit(": {"cli/process.py", "__init__.py", "tab/fast.py"},
        "signal.signal(": {"cli/process.py", "__init__.py", "__main__.py"},
        "pthread_sigmask": {"cli/process.py", "store/atomic.py"},
    }
    package = ROOT / "contrarius"
    for needle, where in allowed.items():
        found = {str(p.relative_to(package)) for p in package.rglob("*.py")
                 if re.search(r"^[^#\n]*" + re.escape(needle), p.read_text(encoding="utf-8"), re.M)}
        assert found <= where, (needle, found - where)
        assert "cli/process.py" in found or needle == "signal.signal(" and found, needle
