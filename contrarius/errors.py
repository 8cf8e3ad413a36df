"""The exception family of contrarius and the exit codes the CLI maps them to.

Every error the user can cause is a :class:`ContrariusError` (a ``ValueError``) whose
message is one line that names what was wrong and how to fix it. The CLI has one error
boundary that prints ``contrarius: <message>`` on stderr and exits with the class's
``exit_code``:

====  =====================================================================
code  meaning
====  =====================================================================
0     success
1     ``contrarius check`` found problems in a snapshot
2     usage: an unknown option, card, city, province, board or die value; a
      missing argument; options that do not fit the card played (a Prefect
      without ``--produce``/``--reactivate``, ``--copy`` on a card other than
      the Diplomat, ``--money`` on a Mercator); ``--in-place`` with stdin; a
      new snapshot that would go to a terminal (no ``-o``/``-i``)
3     input/output: a missing, unreadable or unwritable file (read-only, a
      name too long), a folder, not YAML, YAML contrarius never writes
      (anchors, tags, deep nesting, odd numbers or keys), not a snapshot, a
      snapshot from a newer format version, an invalid snapshot (every problem
      is listed); stdout closed or full; a damaged history or nothing to
      undo/redo; a snapshot changed by another command meanwhile
4     rule: the rules forbid the action in this state of the game (an illegal
      move or build, a card not in your hand, a face-down card copied, a die
      still to roll, the game is over)
70    internal error (a bug: please report it with ``--debug`` output)
130   interrupted (Ctrl-C); the message says whether a file was already written
====  =====================================================================

Usage errors found by the command-line parser itself (an unknown option, a missing
argument, a value that is not a number) are one line too, with exit code 2.
"""

from __future__ import annotations

from typing import Any, NamedTuple

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2
EXIT_INPUT = 3
EXIT_RULE = 4
EXIT_INTERNAL = 70


class ContrariusError(ValueError):
    """Root of every error contrarius reports to the user (exit code 2 by default)."""

    exit_code = EXIT_USAGE


class UnknownNameError(ContrariusError):
    """A city, province, board, card or die face that does not exist.

    The message quotes the bad name and lists the closest known names.
    """

    exit_code = EXIT_USAGE


class TiedMovesError(UnknownNameError):
    """A move shorthand (``KIND:WHERE>CITY``) that fits several moves which leave the board
    different: the message asks "which move?"; ``moves`` holds each as ``(exact form
    KIND:FROM:TO, steps)``, in the order the message lists them (the session numbers them)."""

    def __init__(self, message: str, moves: list[tuple[str, int]]):
        self.moves = list(moves)
        super().__init__(message)


class InputFileError(ContrariusError):
    """A file that is missing, unreadable, not YAML or not a snapshot, or that cannot be
    written (exit code 3)."""

    exit_code = EXIT_INPUT


class Problem(NamedTuple):
    """One problem found in a snapshot: the key path, what is wrong, and the fix."""

    path: str
    message: Any
    fix: Any = ""

    def render(self, source: str | None = None) -> str:
        """Return the one-line form ``FILE: PATH: MESSAGE; FIX`` (the message and the fix,
        :class:`~contrarius.messages.Message` s, said in the language chosen)."""
        where = f"{source}: " if source else ""
        message, fix = str(self.message), str(self.fix) if self.fix else ""
        if message.endswith("?") and fix:  # after a question ("did you mean ...?"): a new sentence, not "?;"
            fix = f" {fix[:1].upper()}{fix[1:]}"
        elif fix:
            fix = f"; {fix}"
        return one_line(f"{where}{self.path}: {message}{fix}")

    def to_dict(self) -> dict[str, str]:
        """Plain data for ``check --json``: the message and the fix in English."""
        from contrarius.messages import english

        return {"path": self.path, "message": english(self.message), "fix": english(self.fix)}


def one_line(text: str) -> str:
    """``text`` on one line: line breaks and other control characters shown escaped
    (a key or value typed with a newline must not break a one-line message)."""
    return "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii") for ch in text)


class SnapshotError(ContrariusError):
    """A snapshot that does not validate (exit code 3).

    ``problems`` holds every :class:`Problem` found, not only the first.
    """

    exit_code = EXIT_INPUT

    def __init__(self, problems: list[Problem], source: str | None = None):
        self.problems = list(problems)
        self.source = source
        from contrarius.messages import N_, NP_

        first = self.problems[0].render(source) if self.problems else N_("invalid snapshot")
        more = len(self.problems) - 1
        if more > 0:
            super().__init__(NP_("{first} (and {n} more problem: run 'contrarius check')",
                                 "{first} (and {n} more problems: run 'contrarius check')", more, first=first))
        else:
            super().__init__(first)

    def with_source(self, source: str) -> "SnapshotError":
        """Return the same error naming ``source`` (a file path or ``<stdin>``)."""
        return SnapshotError(self.problems, source)


class UnusedInputError(ContrariusError):
    """Input given on the command line that the turn did not use: a ``--die`` result no
    reaction rolled, a ``--choose`` no build asked for, a ``--refill`` no draw took. A usage
    error (exit code 2, like an option that does not fit the card), never a rule error."""

    exit_code = EXIT_USAGE


class RuleError(ContrariusError):
    """An action that the rules do not allow in this state (exit code 4)."""

    exit_code = EXIT_RULE


class NeedDieError(RuleError):
    """Die results were given from the table, but the reaction needs one more die.

    ``die`` names it (architect|tribune|mercator|senator); ``why`` says what rolls it.
    ``state``: the game as it stands when the die is rolled (the turn's working copy, the
    player's action done), or None; ``contrarius preview`` uses this to branch over that
    die's faces, ``contrarius session`` to say what each face means at that moment.
    ``exclude``: faces that would be rolled again (the red die deciding which colonist
    after a failed build: a card face is re-rolled); preview leaves them out.
    """

    def __init__(self, die: str, why: str, message: str, state=None, exclude: tuple = ()):
        self.die = die
        self.why = why
        self.state = state
        self.exclude = tuple(exclude)
        super().__init__(message)


class NeedRevealError(RuleError):
    """The reaction takes a display card the snapshot shows as ``?`` (not recorded).

    ``position`` is the display position (1-7) to name with ``--reveal POSITION=CARD``;
    ``contrarius session`` asks for that card.
    """

    def __init__(self, position: int, message: str):
        self.position = position
        super().__init__(message)


class NeedForumRevealError(ContrariusError):
    """Salsa: Contrarius takes the first forum card, which the snapshot shows as ``?``.

    ``position`` is its forum row position before the player's take (1-4), to name with
    ``--forum-reveal POSITION=NAME`` (a usage error, exit 2: the option the turn needs is
    missing); ``contrarius session`` asks for that card.
    """

    def __init__(self, position: int, message: str):
        self.position = position
        super().__init__(message)


class GameOverError(RuleError):
    """The game in the snapshot has ended; no further turn can be played."""
