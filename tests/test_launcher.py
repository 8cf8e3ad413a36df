"""The ``contrarius`` command is our own launcher (``scripts/contrarius``, shipped through
pyproject.toml's ``[tool.hatch.build.targets.wheel.shared-scripts]``), not the wrapper pip
generates for a ``[project.scripts]`` entry: that wrapper imported ``re`` (enum, functools,
...) before any of contrarius's code, and a Ctrl-C in it was a traceback. The launcher's
first statement installs the Ctrl-C handler: one line, exit 130.

No test here depends on timing: the Ctrl-C is sent from an audit hook at the Nth import the
launcher makes (``sys.addaudithook``), so each run interrupts the same moment every time.
``benchmarks/sigint_window.py`` measures the real thing from outside (a SIGINT after t ms).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER = ROOT / "scripts" / "contrarius"
INSTALLED = Path(sys.executable).parent / "contrarius"
EXAMPLE = ROOT / "examples" / "italia-setup.yaml"
ONE_LINE = "contrarius: interrupted; nothing was written\n"

# What pip writes for `contrarius = "contrarius.__main__:run"` under [project.scripts]
# (pip's own template, less its first line): the control that shows the probe finds the kind.
PIP_WRAPPER = """# -*- coding: utf-8 -*-
import re
import sys
from contrarius.__main__ import run
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(run())
"""

# Runs a launcher's text as the installed script does, and sends this process SIGINT at the
# Nth "import" audit event (N = 0: never); every import event is counted with a byte on the
# file descriptor given. The probe itself imports only modules Python's start-up has loaded.
PROBE = r"""
import sys, _signal, posix
path, n, count_fd = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
seen = 0
def hook(event, args):
    global seen
    if event == "import":
        seen += 1
        posix.write(count_fd, b".")
        if seen == n:
            posix.kill(posix.getpid(), _signal.SIGINT)
with open(path, encoding="utf-8") as f:
    source = f.read()
sys.argv = [path, *sys.argv[4:]]
sys.addaudithook(hook)
exec(compile(source, path, "exec"), {"__name__": "__main__", "__file__": path})
"""


def probe(script: Path, n: int, tmp_path: Path) -> tuple[subprocess.CompletedProcess, int]:
    """Run ``script show EXAMPLE`` interrupted at its ``n``th import; (the process, how many
    imports it made)."""
    counts = tmp_path / f"imports-{n}"
    fd = os.open(counts, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        p = subprocess.run([sys.executable, "-c", PROBE, str(script), str(n), str(fd), "show", str(EXAMPLE)],
                           capture_output=True, text=True, cwd=tmp_path, timeout=120, pass_fds=(fd,),
                           env={k: v for k, v in os.environ.items() if k != "_CONTRARIUS_COMPLETE"})
    finally:
        os.close(fd)
    return p, counts.stat().st_size


def body(text: str) -> str:
    """A script less its first line (the shebang pip rewrites)."""
    return text.split("\n", 1)[1]


# ----- the launcher's text -----------------------------------------------------------------------
def test_the_launcher_installs_the_handler_before_any_import():
    """Before the statement that installs the SIGINT handler: only ``import _signal`` and
    the handler's definition (a function body runs only when called), all three inside the
    launcher's first statement, a ``try`` whose ``except KeyboardInterrupt`` says the same
    one line and exits 130 (a Ctrl-C among them, before the handler takes over)."""
    tree = ast.parse(LAUNCHER.read_text(encoding="utf-8"))
    first = tree.body[0]
    assert isinstance(first, ast.Try) and [ast.unparse(h.type) for h in first.handlers] == ["KeyboardInterrupt"]
    caught = ast.unparse(first.handlers[0])
    assert ONE_LINE.strip() in caught and "os._exit(130)" in caught
    before = []
    for statement in first.body:
        if isinstance(statement, ast.Expr) and ast.unparse(statement).startswith("_signal.signal(_signal.SIGINT,"):
            break
        before.append(statement)
    else:
        pytest.fail("the launcher never installs a SIGINT handler")
    imports = [ast.unparse(s) for s in before if isinstance(s, ast.Import | ast.ImportFrom)]
    assert imports == ["import _signal"]
    assert all(isinstance(s, ast.Import | ast.FunctionDef) for s in before), [ast.unparse(s) for s in before]
    handler = ast.unparse(next(s for s in before if isinstance(s, ast.FunctionDef)))
    assert ONE_LINE.strip().encode() in ast.literal_eval(
        next(n for n in ast.walk(ast.parse(handler)) if isinstance(n, ast.Constant) and isinstance(n.value, bytes)))
    assert "os._exit(130)" in handler
    assert LAUNCHER.read_text(encoding="utf-8").startswith("#!/usr/bin/env python3\n")
    assert os.access(LAUNCHER, os.X_OK)


def test_the_launchers_first_import_and_its_handlers_costs_nothing():
    """``_signal`` (what ``signal`` is built on) and ``os`` are loaded by Python's own
    start-up, before the launcher's first line: importing them reads no file (``signal``
    itself would import enum, functools, collections)."""
    p = subprocess.run([sys.executable, "-c", "import sys; print('_signal' in sys.modules, 'os' in sys.modules, "
                        "'signal' in sys.modules, 'enum' in sys.modules)"],
                       capture_output=True, text=True, timeout=60)
    assert p.stdout.split() == ["True", "True", "False", "False"], p


def test_pyproject_ships_the_launcher_not_a_generated_wrapper():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "scripts" not in config["project"] and "gui-scripts" not in config["project"]
    wheel = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["shared-scripts"] == {"scripts/contrarius": "contrarius"}
    assert "scripts" in config["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]


@pytest.mark.skipif(not INSTALLED.exists(), reason="the contrarius command is not installed beside this python")
def test_the_installed_command_is_the_launcher():
    """``pip install .`` and ``pip install -e .`` alike: the command beside the interpreter
    is the launcher, its first line rewritten to an interpreter, and no entry point."""
    installed = INSTALLED.read_text(encoding="utf-8")
    assert installed.startswith("#!/") and "python" in installed.split("\n", 1)[0]
    assert body(installed) == body(LAUNCHER.read_text(encoding="utf-8"))
    assert os.access(INSTALLED, os.X_OK)
    dist = metadata.distribution("contrarius")
    assert not [e for e in dist.entry_points if e.group in ("console_scripts", "gui_scripts")]
    assert any(str(f).endswith("/contrarius") and "bin" in str(f) for f in dist.files or [])


# ----- a Ctrl-C at each import ----------------------------------------------------------------
def test_the_probe_finds_the_traceback_of_pips_wrapper(tmp_path):
    """The control: pip's generated wrapper, interrupted at its first import (``re``), prints
    a traceback; so the probe below would see one."""
    wrapper = tmp_path / "bin" / "contrarius"
    wrapper.parent.mkdir()
    wrapper.write_text(PIP_WRAPPER, encoding="utf-8")
    p, _ = probe(wrapper, 1, tmp_path)
    assert "Traceback" in p.stderr and "KeyboardInterrupt" in p.stderr, p.stderr


def test_a_ctrl_c_at_any_import_of_the_launcher_is_one_line_exit_130(tmp_path):
    """The launcher run to its end makes some hundreds of imports; a Ctrl-C at the first
    ones, and at others spread over the whole start, is one line and exit 130. (The last
    import comes after the table is printed: the outcome is said, and a Ctrl-C no longer
    changes it, as README's "Scripts" says.)"""
    whole, imports = probe(LAUNCHER, 0, tmp_path)
    assert whole.returncode == 0 and "italia - solo" in whole.stdout, whole
    assert imports > 50
    picks = sorted({1, 2, 3, 4, 5, *range(8, imports - 1, max(1, imports // 12)), imports - 1})
    for n in picks:
        p, _ = probe(LAUNCHER, n, tmp_path)
        assert (p.returncode, p.stderr) == (130, ONE_LINE), (n, imports, p.returncode, p.stderr)
        assert p.stdout == "", n
