"""``contrarius session SNAPSHOT``: turn after turn on one snapshot file, guided by questions.

The questions and the checking of answers are :mod:`contrarius.cli.session.flow` (pure);
this module is the thin front: it reads the answers (a terminal: prompts, the standard
library's ``readline`` with tab completion of every answer; a pipe: one answer per line,
no prompts), prints the turn's report as ``play`` does, and writes the snapshot with the
same function as ``play -i`` after every whole turn.

Streams: the turn reports and the output of ``show``, ``where``, ``preview``, ``log`` go
to stdout; prompts are shown only in a terminal; a refused answer is one line on stderr
(``contrarius: ...``) and the question comes again. A turn is written only whole:
Ctrl-C during a turn or the end of the input before it is complete leaves the file as it
was (from a pipe, the end of the input mid-turn exits 2: the script lost that turn).
The questions of a turn end when nothing more can be answered (an Architect's moves
once every movement step is used).
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from contrarius.errors import ContrariusError, one_line
from contrarius.cli.common import boundary, out_console, quiet_broken, quiet_stdout
from contrarius.cli.session.flow import COMMANDS, Question, parse_command, session_message, turn_flow
from contrarius.cli.session.flow import answer_words, said_choice
from contrarius.words import language
from contrarius.words.i18n import _, term_name


def asks_dice(snap) -> bool:
    """True when the session asks for each die instead of rolling it: the snapshot's
    ``dice`` key says ``table`` (a table game never rolls, whatever its seed); a
    ``virtual`` game rolls from its seed, and one without a seed cannot roll, so its dice
    are asked too (``play`` refuses it without ``--die``)."""
    return snap.dice == "table" or snap.seed is None


def dice_text(snap) -> str:
    """How the dice of ``snap`` are got, for the turn header."""
    if snap.dice == "table":
        return _("dice read from the table (dice: table)")
    if snap.seed is None:
        return _("dice: virtual but no seed: each die is asked")
    return _("dice rolled by contrarius (dice: virtual)")


def say(line: str) -> None:
    """One line on stderr (a refused answer, a turn not written), best effort: a stderr that
    cannot take it (closed, full, its reader gone) drops it and the session reads on, its
    exit code still counting what was refused (2); a closed stderr never sends it to stdout
    (where ``print`` would put it). Only the turn's report, on stdout, decides exit 3."""
    if sys.stderr is None:  # 2>&-: Python's start-up left no stderr
        return
    try:
        print(line, file=sys.stderr, flush=True)
    except BrokenPipeError:
        quiet_broken()
    except (OSError, ValueError):
        quiet_stdout(2)


class Front:
    """Reads answers from a terminal (with prompts and completion) or a pipe (lines)."""

    def __init__(self, stdin, interactive: bool):
        self.stdin = stdin
        self.interactive = interactive
        self.choices: tuple[tuple[str, str], ...] = ()
        self.more = None  # the question's own completer (the move shorthand), or None
        self.refused = 0
        #: The question whose refusal was said last: asked again (an empty line before a
        #: card), it is not said twice
        self.refusal_said: Question | None = None
        if interactive:
            self._setup_readline()

    def _setup_readline(self) -> None:
        try:
            import readline
        except ImportError:  # pragma: no cover - a Python built without readline
            return
        readline.set_completer_delims(" \t\n")
        if "libedit" in (readline.__doc__ or ""):  # pragma: no cover - macOS
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
        readline.set_completer(self.complete)

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the current question's choices beginning with ``text``
        (ignoring case, U read as V; spaces in names offered as ``_``), and what the
        question's own completer offers for ``text`` (the city after a move's ``>``); in
        Portuguese also the choices' Portuguese words (``produzir``)."""
        key = text.casefold().replace("u", "v")
        values = [v.replace(" ", "_") for v, _ in self.choices]
        if self.more is not None:
            values += [v.replace(" ", "_") for v in self.more(text)]
        if language.current() != language.ENGLISH:  # the choices' Portuguese words complete too (produzir)
            values += [w.replace(" ", "_") for v, _h in self.choices for w in answer_words(v)]
        hits = [v for v in values if v.casefold().replace("u", "v").startswith(key)]
        return hits[state] if state < len(hits) else None

    def ask(self, q: Question, con) -> str | None:
        """The answer to ``q`` (None at the end of the input)."""
        if q.error and q is not self.refusal_said:
            self.refused += 1
            self.refusal_said = q
            say(f"contrarius: {q.error}")
        self.choices = q.choices + (tuple((c, "") for c in COMMANDS) if q.key == "card" else ())
        self.more = q.complete
        if not self.interactive:
            while True:
                line = self.stdin.readline()
                if line == "":
                    return None
                if not line.lstrip().startswith("#"):  # a comment line in a script
                    return line.rstrip("\r\n")
        for note in q.notes:
            con.print(note, markup=False, highlight=False)
        few = [said_choice(v) for v, _h in q.choices] if 1 < len(q.choices) <= 6 and q.key != "card" else []
        prompt = q.prompt()
        if few:
            prompt = prompt[:-2] + f" ({'/'.join(few)}): "
        try:
            return input(prompt)
        except EOFError:
            print()
            return None


class Session:
    """The turn loop on one snapshot file."""

    def __init__(self, path: str, front: Front, con):
        self.path = path
        self.front = front
        self.con = con

    # ----- the commands between turns ------------------------------------------------------------
    def command(self, name: str, args: list[str], snap) -> bool:
        """Run a session command; returns False for ``quit``."""
        from rich.markup import escape

        con = self.con
        if name == "quit":
            return False
        if name == "help":
            con.print(_("Type the card you played (Tab completes; a unique beginning is enough), or a command:"))
            named = {cmd: cmd if language.current() == language.ENGLISH else f"{cmd} / {answer_words(cmd)[0]}" for cmd in COMMANDS}
            width = max(8, *map(len, named.values()))
            for cmd, text in COMMANDS.items():
                con.print(f"  {named[cmd]:{width}} {escape(_(text))}")
            con.print(escape(_("Enter takes the default shown in [brackets]; Ctrl-C abandons the turn in progress (nothing is written).")))
        elif name == "show":
            from contrarius.cli.commands.game import render_show

            render_show(snap, con)
        elif name == "where":
            from contrarius.cli.commands.where import show_where

            if len(args) > 1:
                raise ContrariusError(_("where takes one face at most: where [FACE], e.g. where wine"))
            show_where(snap, args[0] if args else None, con=con)
        elif name == "preview":
            from contrarius.rules.preview import preview, summary
            from contrarius.rules.contrarius_part import PlayerAction
            from contrarius.cli.commands.preview import render_preview, render_summary

            if args:
                render_preview(preview(snap, PlayerAction(card=" ".join(args))), snap, con)
            else:
                render_summary(summary(snap), con)
        elif name == "log":
            from contrarius.cli.commands.record import render_log

            render_log(snap, con)
        elif name in ("undo", "redo"):
            self.undo(name, args)
        elif name == "reveal":
            self.reveal(args, snap)
        return True

    def reveal(self, args: list[str], snap) -> None:
        """``reveal 7=Consul``: name display cards shown as ``?`` (as ``contrarius reveal
        SNAPSHOT 7=Consul -i``; no turn is played)."""
        from contrarius.cli.turn_input import parse_reveal
        from contrarius.cli.common import write_snapshot
        from contrarius.rules.contrarius_part import apply_reveals

        if not args:
            raise ContrariusError(_("reveal needs POSITION=CARD, e.g. reveal 7=Consul"))
        new = snap.copy()
        lines = apply_reveals(new, parse_reveal(args, snap.mode), typed="")
        write_snapshot(new, self.path, None, True, keep_redo=_("or name the card when you play that turn again"))
        for line in lines:
            self.con.print(line, markup=False)

    def undo(self, name: str, args: list[str]) -> None:
        """``undo [N]`` / ``redo [N]``: N steps back or forward in the snapshot's history
        (:func:`contrarius.store.history.undo`, as ``contrarius undo --turns N``)."""
        from contrarius.store import history as store
        from contrarius.cli.commands.game import move_text

        if len(args) > 1 or (args and not (args[0].isascii() and args[0].isdigit() and int(args[0]) >= 1)):
            raise ContrariusError(_("{command}: write {name} or {name} N, N a number of turns, e.g. {name} 2").format(command=" ".join([name, *args]), name=name))
        turns = int(args[0]) if args else 1
        from contrarius.cli.common import report_before_commit

        def report(moved) -> None:  # said before the commit, as every command's report
            self.con.print(move_text(moved, "undid" if name == "undo" else "redid"), markup=False)

        (store.undo if name == "undo" else store.redo)(self.path, turns, before_commit=report_before_commit(report))

    # ----- the turns ----------------------------------------------------------------------------
    def header(self, snap) -> None:
        """Who plays now, in a terminal."""
        if not self.front.interactive:
            return
        who = _("your turn") if snap.mode == "solo" else _("{player}'s turn ({mode})").format(player=snap.active, mode=term_name("mode", snap.mode))
        dice = dice_text(snap)
        final = ""
        if snap.ended is not None and snap.ended.final_turn_pending:
            final = _("; final card")
        self.con.print("\n" + _("[bold]Turn {n}[/bold]: {who}{final}; Contrarius {vp} VP; {dice}").format(
            n=len(snap.log) + 1, who=who, final=final, vp=snap.contrarius.vp, dice=dice))

    def run(self) -> int:
        """Play turns until ``quit`` or the end of the input; returns the exit code."""
        from contrarius.rules.end_of_game import is_over
        from contrarius.store.snapshot_text import holds_loaded_text, load_snapshot, loaded_text

        over_said = False
        while True:
            snap = load_snapshot(self.path)
            seen = loaded_text(self.path)  # the text snap was read from
            over = is_over(snap)
            if over:
                if not over_said:
                    try:
                        self.game_over(snap)
                    except BrokenPipeError:
                        quiet_broken()  # as in dispatch: the scoring is dropped, the session reads on
                    over_said = True
                answer = self.front.ask(Question("card", _("The game is over (score, show, log, undo, quit)")), self.con)
                if answer is None:
                    return 0
                if not self.dispatch(answer, snap, allow_card=False):
                    return 0
                continue
            over_said = False
            self.header(snap)
            flow = turn_flow(snap, table_dice=asks_dice(snap))
            question = next(flow)
            started = False
            try:
                while True:
                    answer = self.front.ask(question, self.con)
                    if answer is None:
                        if started:
                            say("contrarius: " + _("end of input during a turn: that turn was not written; {path} holds the last whole turn").format(path=self.path))
                            # a script that ends mid-turn lost that turn: its exit code says so
                            # (README, exit code 2); Ctrl-D at a terminal is the player's choice
                            return 0 if self.front.interactive else 2
                        return 0
                    if question.key == "card" and not started and not answer.strip():
                        continue  # an empty line before a card: nothing to do
                    if question.key == "card" and not started and parse_command(answer) is not None:
                        if not self.dispatch(answer, snap):
                            return 0
                        if holds_loaded_text(self.path, seen):  # the file is as snap was read: nothing
                            continue  # to parse again (show, where, preview, log answer at once)
                        snap2 = load_snapshot(self.path)
                        if snap2.to_dict() != snap.to_dict():  # undo, redo: the questions start again
                            break
                        seen = loaded_text(self.path)
                        continue
                    if started and parse_command(answer) == ("quit", []):
                        say("contrarius: " + _("quit during a turn: that turn was not written; {path} holds the last whole turn").format(path=self.path))
                        return 0
                    question = flow.send(answer)
                    # a turn has started once its card is taken (a refused card is no turn)
                    started = started or question.key != "card"
            except StopIteration as stop:
                turn = stop.value
            except KeyboardInterrupt:
                if started:
                    say("\ncontrarius: " + _("turn abandoned; {path} is unchanged").format(path=self.path))
                else:
                    say("\ncontrarius: " + _("to end the session type quit (or press Ctrl-D)"))
                continue
            except ContrariusError as exc:
                self.front.refused += 1
                say("contrarius: " + _("{message}; the turn was not played, {path} is unchanged").format(message=session_message(str(exc)), path=self.path))
                continue
            else:
                continue
            self.write(turn.result)

    def write(self, result) -> None:
        """Write a whole turn as ``play -i`` does (the report first, then the snapshot with
        its undo history). A Ctrl-C while writing is told truly: the turn is either
        written completely or not at all."""
        from contrarius.store.snapshot_text import dump_snapshot
        from contrarius.cli.common import ReportUnprinted, write_snapshot
        from contrarius.cli.turn_report import render_turn

        try:
            write_snapshot(result.snapshot, self.path, None, True, lambda _: render_turn(result, self.con), validated=True)
        except KeyboardInterrupt:
            try:
                with open(self.path, encoding="utf-8") as fh:
                    written = fh.read() == dump_snapshot(result.snapshot)
            except OSError:
                written = False
            told = _("the turn was written completely") if written else _("the turn was not written; {path} is unchanged").format(path=self.path)
            say("\ncontrarius: " + _("interrupted: {told}").format(told=told))
        except ReportUnprinted:
            raise  # stdout closed or full: nothing more can be said; the turn was not written (exit 3)
        except ContrariusError as exc:  # e.g. the file was changed by another command meanwhile
            self.front.refused += 1
            say("contrarius: " + _("{message}; the turn was not written").format(message=one_line(str(exc))))

    def dispatch(self, text: str, snap, allow_card: bool = True) -> bool:
        """Run a command line typed between turns; False to end the session."""
        cmd = parse_command(text)
        if cmd is None and text.strip().casefold() == "score":
            cmd = ("score", [])
        if cmd is None:
            if text.strip():
                self.front.refused += 1
                say("contrarius: " + _("the game is over: no card can be played; type score, show, log, undo or quit"))
            return True
        try:
            if cmd[0] == "score":
                self.score(snap)
                return True
            return self.command(cmd[0], cmd[1], snap)
        except BrokenPipeError:
            quiet_broken()  # stdout's reader gone: the rest of that output is dropped, the session reads on
            return True
        except ContrariusError as exc:
            from contrarius.cli.common import ReportUnprinted

            if isinstance(exc, ReportUnprinted):
                raise  # stdout closed or full: the session cannot go on (exit 3), nothing was changed
            self.front.refused += 1
            say(f"contrarius: {one_line(str(exc))}")
            return True

    def game_over(self, snap) -> None:
        """The end of the game: the final scoring from what the snapshot recorded."""
        self.score(snap)
        self.con.print(_("With the goods and sestertii counted on your table: contrarius score {path} --goods ... --sestertii N").format(path=self.path),
                       markup=False)

    def score(self, snap) -> None:
        """The final scoring of ``snap`` (``contrarius score`` without options)."""
        from contrarius.rules.scoring import score
        from contrarius.cli.commands.score import render_score

        render_score(score(snap, {}), None, self.con)


def register(app: typer.Typer) -> None:
    """Add ``session`` to ``app``."""

    @app.command("session")
    @boundary
    def session_cmd(
        snapshot: Annotated[str, typer.Argument(help="Snapshot file to play on (written after every turn, with undo history).")],
    ) -> None:
        """Play turn after turn on SNAPSHOT, answering questions: the card, only what it needs, the dice.

        In a terminal: prompts, Tab completes every answer, Enter takes the default shown.
        From a pipe: one answer per line, no prompts (scripts). Between turns: show, where
        [FACE], preview [CARD], log, undo, redo, help, quit. Each whole turn is written as
        'play -i' writes it; Ctrl-C abandons the turn in progress.
        """
        from contrarius.io.textfiles import STDIO
        from contrarius.store.snapshot_text import load_snapshot

        if snapshot == STDIO:
            raise ContrariusError(_("session needs a snapshot file (the answers come on stdin), not -"))
        load_snapshot(snapshot)  # a missing or invalid file: one line and its exit code, before any question
        interactive = sys.stdin is not None and sys.stdin.isatty()
        session = Session(snapshot, Front(sys.stdin, interactive), out_console())
        # Ctrl-C abandons the turn in progress and the session goes on: the process gives
        # 'session' Python's KeyboardInterrupt (contrarius/cli/process.py, run), where every
        # other command exits at once
        code = session.run()
        if code == 0 and session.front.refused and not interactive:
            code = 2  # a script with a refused answer went out of step: say so in the exit code
        raise typer.Exit(code)

