"""The words apart from the rules (issue "Portuguese at the table"): no layer below the
words builds an English sentence for a person to read. Every refusal contrarius raises (a
:class:`~contrarius.errors.ContrariusError` of any kind), every event and note of a turn and
every snapshot problem is given a message made with ``N_`` or ``NP_`` (a msgid of the
catalog, said in the language chosen), never an f-string, a concatenation or a literal
sentence, which would print in English under pt_BR."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "contrarius"


def error_classes() -> set[str]:
    """The names of ContrariusError and its subclasses in ``contrarius/errors.py``."""
    tree = ast.parse((PACKAGE / "errors.py").read_text(encoding="utf-8"))
    names = {"ContrariusError"}
    grew = True
    while grew:
        grew = False
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name not in names and \
                    any(isinstance(b, ast.Name) and b.id in names for b in node.bases):
                names.add(node.name)
                grew = True
    return names


#: Calls whose first argument is what a person reads: the refusals, a turn's events and
#: notes (``Event``, ``Note``, ``t.note``, ``t.say``), a snapshot problem (``Problem``,
#: the readers' ``bad``).
SAID = {"Event", "Note", "note", "say", "Problem", "bad"}


def sentence(arg: ast.expr) -> bool:
    """An argument that is English text built in place: an f-string, a concatenation or
    ``%`` of text, or a literal of several words."""
    if isinstance(arg, ast.JoinedStr):
        return True
    if isinstance(arg, ast.BinOp) and isinstance(arg.op, (ast.Add, ast.Mod)):
        return any(isinstance(side, (ast.JoinedStr, ast.Constant)) and not isinstance(getattr(side, "value", ""), (int, float))
                   for side in (arg.left, arg.right))
    return isinstance(arg, ast.Constant) and isinstance(arg.value, str) and " " in arg.value.strip()


def test_every_refusal_event_and_problem_is_a_catalog_message():
    errors = error_classes()
    assert {"ContrariusError", "RuleError", "InputFileError", "UnknownNameError", "TiedMovesError"} <= errors
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name not in errors and name not in SAID:
                continue
            if name in ("note", "say") and not isinstance(f, ast.Attribute):
                continue  # a function of that name (the session's say prints what the words layer made)
            args = list(node.args) + [k.value for k in node.keywords if k.arg in ("message", "text", "what", "fix")]
            if name in ("Event", "Note", "note", "Problem", "bad"):
                args = args[1:] if name in ("Event", "note") else args  # Event(kind, text), t.note(kind, text)
            if name == "Note":
                args = args[2:]  # Note(side, kind, text, data)
            if name in ("Problem", "bad"):
                args = args[1:]  # Problem(path, message, fix), bad(path, message, fix)
            if any(sentence(a) for a in args):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {name}")
    assert not found, found
