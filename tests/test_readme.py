"""Every command shown in README.md still works and still prints what the README shows.

The ``console`` blocks of the README are one session, run in order in a temporary folder
holding a copy of ``examples/``: each ``$ contrarius ...`` line is run by bash (so pipes
work) with ``contrarius`` meaning this checkout's ``python -m contrarius``. A command must
exit 0, or the code written after it as ``# exits N``. Every line shown under a command
must appear in its output (stdout and stderr together), compared without the box-drawing
characters and extra spaces; lines may be cut short in the README, and a line ``...``
stands for output left out (it is not looked for). Without a ``...`` line the README shows
all of the output: every line printed must be in the block (wrapped or cut short there),
so a line the program adds cannot go missing from the manual. The two opening ``sh``
commands (install, test) are what CI runs itself.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BOX = re.compile(r"[│╭╮╰╯─━┃┏┓┗┛┡┩╇┳┻╋┣┫└┘┌┐├┤┬┴┼]")


def _norm(text: str) -> str:
    return " ".join(BOX.sub(" ", text).split())


def console_commands() -> list[tuple[str, int, list[str]]]:
    """(command, expected exit code, expected output lines) for every ``$`` line, in order."""
    text = README.read_text(encoding="utf-8")
    out: list[tuple[str, int, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                cmd = line[2:]
                code = 0
                m = re.search(r"#\s*exits\s+(\d+)\s*$", cmd)
                if m:
                    code = int(m.group(1))
                    cmd = cmd[: m.start()].rstrip()
                out.append((cmd, code, []))
            elif out and line.strip():
                out[-1][2].append(line)
    return out


COMMANDS = console_commands()


def test_the_readme_shows_commands_of_every_kind():
    # the manual walks through a game, a dispute, pipes and an error
    verbs = {c.split()[1] for c, _, _ in COMMANDS if c.startswith("contrarius ")}
    assert {"new", "play", "where", "undo"} <= verbs
    assert any("|" in c for c, _, _ in COMMANDS)
    assert any(code != 0 for _, code, _ in COMMANDS)


def test_the_opening_commands_are_the_install_and_test_commands_ci_runs():
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    assert "pip install -q '.[test]'" in blocks[0] and "contrarius play" in blocks[0]
    test_cmd = blocks[1].strip()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_cmd in ci.splitlines()


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    """A folder with examples/ and a ``contrarius`` on PATH that runs this checkout."""
    work = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "examples", work / "examples")
    bindir = work / "bin"
    bindir.mkdir()
    wrapper = bindir / "contrarius"
    wrapper.write_text(f'#!/usr/bin/env bash\nexec "{sys.executable}" -m contrarius "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    env = dict(os.environ)
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = f"{ROOT}{os.pathsep}{env.get('PYTHONPATH', '')}"
    env["COLUMNS"] = "100"
    env.pop("NO_COLOR", None)
    env["TERM"] = "dumb"
    return work, env


def test_every_readme_command_runs_as_shown(session):
    work, env = session
    for cmd, code, expected in COMMANDS:
        run = subprocess.run(["bash", "-c", cmd], cwd=work, env=env, capture_output=True, text=True,
                             stdin=subprocess.DEVNULL, timeout=60)
        output = run.stdout + run.stderr
        assert run.returncode == code, f"README command {cmd!r} exited {run.returncode}, expected {code}:\n{output}"
        assert "Traceback" not in output, cmd
        have = _norm(output)
        for line in expected:
            if line.strip() == "...":  # output left out in the README
                continue
            want = _norm(line)
            assert want in have, f"README command {cmd!r} no longer prints {line!r}; it printed:\n{output}"
        if expected and not any(line.strip() == "..." for line in expected):
            shown = _norm("\n".join(expected))
            cut = [_norm(line) for line in expected]
            for printed in filter(None, map(_norm, output.splitlines())):
                assert printed in shown or any(c and c in printed for c in cut), (
                    f"README command {cmd!r} prints {printed!r}, which README does not show (add it, or a ... line)")
