"""Generate the shell completion scripts in ``completions/`` from the program itself.

    python scripts/gen_completions.py          # (re)write completions/contrarius.{bash,zsh,fish}
    python scripts/gen_completions.py --check  # exit 1 when a committed script is out of date

Each script is what ``contrarius`` prints with ``_CONTRARIUS_COMPLETE=source_SHELL``, run
through typer's CliRunner with the program name ``contrarius``, without the leading blank
line (the zsh script must start with ``#compdef contrarius`` for ``compinit``). The
scripts only call the program back (``_CONTRARIUS_COMPLETE=complete_SHELL``); the values
offered come from ``contrarius/cli/completion.py``, so they need regenerating only when
typer changes its templates. ``tests/test_completions.py`` fails when they drift.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "completions"
PROG = "contrarius"
SHELLS = ("bash", "zsh", "fish")


def render(shell: str) -> str:
    """The completion script for ``shell`` (bash, zsh or fish), ending in one newline.

    Raises :class:`RuntimeError` when the program does not produce one.
    """
    from typer.testing import CliRunner

    from contrarius.cli import app

    result = CliRunner().invoke(app, [], prog_name=PROG, env={f"_{PROG.upper()}_COMPLETE": f"source_{shell}"})
    if result.exit_code != 0 or not result.stdout.strip():
        raise RuntimeError(f"no {shell} completion script (exit {result.exit_code}): {result.stderr or result.stdout}")
    text = result.stdout
    if text.startswith("\n"):
        text = text[1:]
    text = text.rstrip("\n") + "\n"
    if shell == "zsh" and not text.startswith(f"#compdef {PROG}\n"):
        raise RuntimeError(f"the zsh script must start with '#compdef {PROG}', got {text.splitlines()[0]!r}")
    return text


def path_for(shell: str) -> Path:
    """Where the script for ``shell`` is committed."""
    return OUT_DIR / f"{PROG}.{shell}"


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, compare) every script; return the exit code."""
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    stale = []
    for shell in SHELLS:
        text, path = render(shell), path_for(shell)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if check:
            stale.append(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)
    if stale:
        print("out of date: " + ", ".join(str(p.relative_to(ROOT)) for p in stale)
              + "; run: python scripts/gen_completions.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
