"""Shell-completion callbacks: the values a TAB offers (cards, boards, dice faces, places).

Each ``complete_*`` function is a typer ``autocompletion=`` callback: it takes the word
being completed (``incomplete``) and, where the answer depends on the snapshot or the
board in use, the :class:`typer.Context`, whose ``params`` hold the arguments already
parsed on the command line (``play prefect game.yaml --produce <TAB>`` sees
``snapshot="game.yaml"``). A callback returns ``(value, help)`` pairs; zsh and fish show
the help beside the value, bash the value alone.

Rules every callback keeps:

- it never fails and never prints: on any error (no snapshot yet, ``-`` for stdin, a file
  that is missing, not YAML, or names an unknown board) it offers the values it can
  without the snapshot, or nothing;
- matching ignores case and reads U as V, as the program does, and keeps what was typed
  (``ligu`` -> ``liguria``, ``pre`` -> ``prefect``), so a shell that filters candidates
  by the typed prefix (zsh) keeps them;
- comma-separated options (``new --display``) complete the item after the last comma;
- names with spaces are offered with underscores (``Prefect_with_Praefectus_Magnus``),
  which :func:`contrarius.material.cards.card_name` reads back.

This module is imported by every command module at start-up (through
:mod:`contrarius.cli.completion`) and by the fast TAB path (:mod:`contrarius.tab.fast`)
before typer and rich: it imports nothing heavy at module level, not even typer (YAML,
boards and cards are loaded only when a TAB asks for them).

The scripts in ``completions/`` only call the program back; regenerate them with
``python scripts/gen_completions.py`` (``tests/test_completions.py`` checks they match).
"""

# No ``from __future__ import annotations`` here: typer reads the signature of every
# ``autocompletion=`` callback while it builds a command, and then reads these annotations
# as objects instead of eval'ing their text (start-up time; see benchmarks/README.md).

import os
from collections.abc import Iterable

Item = tuple[str, str]
#: What the callbacks receive as ``ctx``: typer's context (``typer.Context``) or, on the
#: fast path, :class:`contrarius.tab.fast.Context`; typer passes it by the parameter's name.
Context = object

GOODS_FACES: tuple[Item, ...] = (
    ("cloth", "goods type"), ("wine", "goods type"), ("tool", "goods type"),
    ("food", "goods type"), ("brick", "goods type"), ("S", "best specialist Contrarius owns"),
)
LEVELS: tuple[Item, ...] = (
    ("standard", "Contrarius starts as in the basic game"),
    ("veteran", "Contrarius starts with a house and colonists"),
    ("expert", "houses on Contrarius's VP track"),
)
MODES: tuple[Item, ...] = (
    ("solo", "you against Contrarius"),
    ("team", "two players against Contrarius"),
    ("third-player", "Contrarius as a third player"),
)
KINDS: tuple[Item, ...] = (("land", "land colonist"), ("sea", "sea colonist"))
DICE: tuple[Item, ...] = (
    ("architect", "blue die: a display position 1-5"), ("blue", "the Architect die"),
    ("tribune", "red die: land, sea or card"), ("red", "the Tribune/Colonist die"),
    ("colonist", "the Tribune/Colonist die (red)"),
    ("mercator", "black die: a goods type or S"), ("black", "the Mercator die"),
    ("senator", "white die: a goods type or S"), ("consul", "the Senator/Consul die (white)"),
    ("white", "the Senator/Consul die"),
)
#: Every face of every die, for ``play --die`` (which die is rolled depends on the reaction).
ALL_FACES: tuple[Item, ...] = (
    *((v, f"{h} (black/white die)") for v, h in GOODS_FACES),
    ("land", "red die: land colonist"), ("sea", "red die: sea colonist"), ("card", "red die: card"),
    *((str(n), "blue die: display position") for n in range(1, 6)),
)


# ----- matching ------------------------------------------------------------------------
def _fold(text: str) -> str:
    """Case-folded, U read as V: how the program looks names up (``Genua`` is ``Genva``)."""
    return text.casefold().replace("u", "v")


def _matching(items: Iterable[Item | str], incomplete: str | None) -> list[Item]:
    """Items whose value starts with ``incomplete`` (ignoring case, U read as V), each
    value rewritten to begin with exactly what was typed (all in lower case when that was
    typed in lower case: ``pre`` -> ``prefect``); duplicates dropped, order kept."""
    typed = incomplete or ""
    key = _fold(typed)
    out: list[Item] = []
    seen: set[str] = set()
    for item in items:
        value, help_text = (item, "") if isinstance(item, str) else item
        if not _fold(value).startswith(key):
            continue
        if not value.startswith(typed):
            rest = value[len(typed):]
            value = typed + (rest.lower() if typed == typed.lower() else rest)
        if value not in seen:
            seen.add(value)
            out.append((value, help_text))
    return out


def _matching_list(items: Iterable[Item | str], incomplete: str | None) -> list[Item]:
    """Like :func:`_matching` for a comma-separated value: completes the last item."""
    head, sep, last = (incomplete or "").rpartition(",")
    return [(head + sep + v, h) for v, h in _matching(items, last)]


# ----- data, loaded lazily and never failing ----------------------------------------------
def _word(name: str) -> str:
    return name.replace(" ", "_")


def _card_items(names: Iterable[str] | None = None) -> list[Item]:
    try:
        from contrarius.material.cards import catalog

        cat = catalog()
        names = list(cat) if names is None else list(names)
        return [(_word(n), "/".join(cat.get(n, {}).get("gods") or ())) for n in names]
    except Exception:  # noqa: BLE001 - completion never fails
        return []


def _stack_cards() -> list[str] | None:
    """The cards of the display stacks (what can be dealt or drawn), in catalog order."""
    try:
        from contrarius.material.cards import catalog, card_facts

        pool = {n for cards in (card_facts().get("stacks") or {}).values() for n in cards}
        return [n for n in catalog() if n in pool] or None
    except Exception:  # noqa: BLE001
        return None


def _board(name: object):
    try:
        from contrarius.material.board import load_board

        return load_board(str(name))
    except Exception:  # noqa: BLE001
        return None


def _split_words(text: str) -> list[str]:
    """Split a command line like the shell did, keeping an unfinished quote (as click does)."""
    import shlex

    lex = shlex.shlex(text, posix=True)
    lex.whitespace_split = True
    lex.commenters = ""
    out: list[str] = []
    try:
        out.extend(lex)
    except ValueError:
        out.append(lex.token)
    return out


def bash_line() -> tuple[list[str], str] | None:
    """bash: the words before the one being completed (program name included) and that
    word, from ``COMP_LINE`` up to ``COMP_POINT`` split as the shell splits arguments.

    Not from ``COMP_WORDS``: bash also splits there at the characters of
    ``COMP_WORDBREAKS`` (``:`` and ``=``), so ``--place land:Co`` arrives as ``--place``,
    ``land``, ``:``, ``Co``. None when the script did not pass ``COMP_LINE`` (an older one).
    """
    env = os.environ
    if "COMP_LINE" not in env:
        return None
    line = env["COMP_LINE"]
    try:
        line = line[:max(0, int(env.get("COMP_POINT", len(line))))]
    except ValueError:
        pass
    words = _split_words(line)
    if words and line and not line[-1].isspace():
        return words[:-1], words[-1]
    return words, ""


def bash_reply(value: str, incomplete: str) -> str:
    """What bash must insert for the completion ``value`` of ``incomplete``: readline
    replaces only the text after the last ``COMP_WORDBREAKS`` character (``:``, ``=``) of
    the word, so ``land:Como`` for ``land:Co`` is answered ``Como`` (the idea of
    bash-completion's ``__ltrim_colon_completions``). A value that click already gave
    without its ``--option=`` prefix is cut the same way at its own break characters."""
    breaks = set(os.environ.get("COMP_WORDBREAKS", "=:")) - set("\"' \t\n")
    last = max((i for i, ch in enumerate(incomplete) if ch in breaks), default=-1)
    head = incomplete[:last + 1]  # the part of the word readline keeps
    cut = max(k for k in range(min(len(head), len(value)) + 1)
              if (k == 0 or value[k - 1] in breaks) and head.endswith(value[:k]))
    return value[cut:]


def completed_words() -> list[str]:
    """The words before the one being completed, program name excluded, from the
    environment the completion scripts set (bash: ``COMP_LINE``/``COMP_POINT``, else
    ``COMP_WORDS``/``COMP_CWORD``; zsh, fish, PowerShell: ``_TYPER_COMPLETE_ARGS``).
    Empty outside a completion."""
    env = os.environ
    shell = env.get("_CONTRARIUS_COMPLETE", "").partition("_")[2]
    split = bash_line() if shell == "bash" else None
    if split is not None:
        return split[0][1:]
    if shell == "bash" and "COMP_WORDS" in env:
        words = _split_words(env["COMP_WORDS"])
        return words[1:int(env.get("COMP_CWORD", len(words)))]
    line = env.get("_TYPER_COMPLETE_ARGS", "")
    words = _split_words(line)[1:]
    if shell in ("zsh", "fish") and words and not line.endswith(" "):
        words = words[:-1]
    elif shell in ("powershell", "pwsh") and env.get("_TYPER_COMPLETE_WORD_TO_COMPLETE"):
        words = words[:-1]
    return words


def _reparsed_params(ctx: Context) -> dict[str, object]:
    """The command's parameters parsed again from :func:`completed_words`.

    Needed because the parser stops at an option still waiting for its value
    (``play prefect game.yaml --produce <TAB>``) before it reads the positional
    arguments, so ``ctx.params`` has ``snapshot=None`` there. The option awaiting its
    value is dropped and the rest parsed as the command would.
    """
    words = completed_words()
    name = getattr(ctx, "info_name", None)
    if not name or name not in words:
        return {}
    args = words[words.index(name) + 1:]
    if args and args[-1].startswith("-") and args[-1] != "-":
        args = args[:-1]
    sub = ctx.command.make_context(name, args, parent=ctx.parent, resilient_parsing=True)
    return dict(sub.params)


def _param(ctx: Context, name: str) -> object:
    """The value of parameter ``name`` on the command line being completed.

    Taken from the line parsed again (:func:`_reparsed_params`) when that works, since
    ``ctx.params`` may hold a mere default (an optional ``SNAPSHOT`` defaulting to ``-``)
    where the parser skipped the argument; else from ``ctx.params``. None when unknown.
    """
    if ctx is None:
        return None
    try:
        value = _reparsed_params(ctx).get(name)
    except Exception:  # noqa: BLE001
        value = None
    if value is None:
        try:
            value = (ctx.params or {}).get(name)
        except Exception:  # noqa: BLE001
            value = None
    return value


_SNAPSHOT_CACHE: dict[tuple[str, float, int], dict | None] = {}
#: The largest snapshot a TAB reads (bytes): a game's snapshot is a few kilobytes.
SNAPSHOT_MAX_BYTES = 1 << 20


def snapshot_data(ctx: Context, param: str = "snapshot") -> dict | None:
    """The snapshot file named by ``ctx.params[param]`` as plain YAML data, or None.

    Never reads stdin (``-``), never blocks, never raises: a missing, unreadable or
    malformed file, anything but a regular file (a FIFO, a device) and a file larger than
    :data:`SNAPSHOT_MAX_BYTES` give None. Read as ``yaml.safe_load`` reads it (through
    libyaml: :func:`contrarius.io.yamlio.pyyaml_safe_load`); the snapshot is not validated.
    """
    import stat

    path = _param(ctx, param)
    if not isinstance(path, str) or not path or path == "-":
        return None
    try:
        # opened without blocking (a FIFO or a device would wait for a writer or never
        # end) and read only when it is a regular file of at most SNAPSHOT_MAX_BYTES
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode) or st.st_size > SNAPSHOT_MAX_BYTES:
                return None
            key = (os.path.abspath(path), st.st_mtime, st.st_size)
            if key not in _SNAPSHOT_CACHE:
                from contrarius.io.yamlio import pyyaml_safe_load

                data = pyyaml_safe_load(fh.read(SNAPSHOT_MAX_BYTES).decode("utf-8"))
                _SNAPSHOT_CACHE[key] = data if isinstance(data, dict) else None
        return _SNAPSHOT_CACHE[key]
    except Exception:  # noqa: BLE001
        return None


def snapshot_board(ctx: Context, param: str = "snapshot"):
    """The :class:`~contrarius.material.board.Board` named by the snapshot's ``board:`` key, or None."""
    data = snapshot_data(ctx, param)
    if not data or not data.get("board"):
        return None
    return _board(data["board"])


def _city_items(board, data: dict | None, *, capital: bool = False) -> list[Item]:
    goods = (data or {}).get("cities") if isinstance((data or {}).get("cities"), dict) else {}
    items: list[Item] = []
    if capital:  # the capital and the other places new colonists may go (arches, galleys)
        items.extend((n, node.type) for n, node in board.nodes.items() if n in board.standing_places)
    for name in sorted(board.cities, key=str.casefold):
        g = goods.get(name)
        prov = board.cities[name].province
        items.append((name, f"{prov}, {g}" if isinstance(g, str) else prov))
    return items


# ----- callbacks without context ----------------------------------------------------------
def complete_board_name(incomplete: str) -> list[Item]:
    """Board names (``board NAME``, ``new --board``)."""
    try:
        from contrarius.material.board import board_names

        names = board_names()
    except Exception:  # noqa: BLE001
        return []
    return _matching(names, incomplete)


def complete_card(ctx: Context, incomplete: str) -> list[Item]:
    """The personality cards (``play CARD``): in a solo game (the snapshot already typed,
    or not known: ``play CARD SNAPSHOT`` comes before it) the solo cards; the team-play
    cards (Legatus, Praetor, Proconsul, the double cards) in a team or third-player game,
    and when only a team card fits what was typed (``Leg``)."""
    from contrarius.words.names import TEAM_CARDS

    data = snapshot_data(ctx)
    mode = data.get("mode") if isinstance(data, dict) else None
    every = [*_card_items(), ("pm", "Prefect with Praefectus Magnus")]
    if mode in ("team", "third-player"):
        return _matching(every, incomplete)
    team = {_word(n).casefold() for n in TEAM_CARDS}
    solo = _matching([i for i in every if i[0].casefold() not in team], incomplete)
    return solo if solo or mode == "solo" else _matching(every, incomplete)


def complete_stack_card(incomplete: str) -> list[Item]:
    """Cards of the display stacks (``--refill``)."""
    return _matching(_card_items(_stack_cards()), incomplete)


def complete_stack_cards(incomplete: str) -> list[Item]:
    """Comma-separated cards of the display stacks (``new --display``)."""
    return _matching_list(_card_items(_stack_cards()), incomplete)


def complete_cards_list(incomplete: str) -> list[Item]:
    """Comma-separated personality cards (``new --contrarius-cards``)."""
    return _matching_list(_card_items(), incomplete)


def complete_level(incomplete: str) -> list[Item]:
    """``standard``, ``veteran``, ``expert``."""
    return _matching(LEVELS, incomplete)


def complete_mode(incomplete: str) -> list[Item]:
    """``solo``, ``team``, ``third-player``."""
    return _matching(MODES, incomplete)


def complete_kind(incomplete: str) -> list[Item]:
    """``land`` or ``sea``."""
    return _matching(KINDS, incomplete)


def complete_goods_face(incomplete: str) -> list[Item]:
    """A face of the Mercator/Senator dice: a goods type or S (``where FACE``, ``where --die``)."""
    return _matching(GOODS_FACES, incomplete)


def complete_die_face(incomplete: str) -> list[Item]:
    """A face of any die (``play --die``): goods or S, land/sea/card, 1-5; after
    ``DIE=`` the faces of that die (``white=`` -> ``white=cloth``, ..., ``blue=`` -> 1-5)."""
    die, sep, face = (incomplete or "").partition("=")
    if not sep:
        return _matching(ALL_FACES, incomplete)
    try:
        from contrarius.material.dice import die_name

        name = die_name(die)
    except Exception:  # noqa: BLE001 - an unknown die: nothing to offer
        return []
    faces = {"architect": [(str(n), "display position") for n in range(1, 6)],
             "tribune": [(k, "red die") for k in ("land", "sea", "card")]}.get(name, list(GOODS_FACES))
    return [(f"{die}={v}", h) for v, h in _matching(faces, face)]


def complete_die(incomplete: str) -> list[Item]:
    """A die by card or colour (``roll DIE``)."""
    return _matching(DICE, incomplete)


# ----- callbacks reading the snapshot or the board in use -------------------------------
def complete_province(ctx: Context, incomplete: str) -> list[Item]:
    """Provinces of the snapshot's board (``play --produce``)."""
    board = snapshot_board(ctx)
    if board is None:
        return []
    items = [(p, ", ".join(cs)) for p, cs in sorted(board.provinces.items(), key=lambda kv: kv[0].casefold())]
    return _matching(items, incomplete)


def complete_city(ctx: Context, incomplete: str) -> list[Item]:
    """Cities of the snapshot's board, the capital excluded (``play --build``)."""
    board = snapshot_board(ctx)
    if board is None:
        return []
    return _matching(_city_items(board, snapshot_data(ctx)), incomplete)


def complete_place(ctx: Context, incomplete: str) -> list[Item]:
    """``KIND:CITY`` with the cities and capital of the snapshot's board (``play --place``).

    bash splits words at ``:`` (``COMP_WORDBREAKS``): there only the part after the colon
    is inserted (:func:`bash_reply`), so ``--place sea:R<TAB>`` completes in every shell.
    """
    board = snapshot_board(ctx)
    if board is None:
        return _matching(((f"{k}:", h) for k, h in KINDS), incomplete)
    places = _city_items(board, snapshot_data(ctx), capital=True)
    return _matching(((f"{k}:{c}", h) for k, _ in KINDS for c, h in places), incomplete)


def complete_copy(ctx: Context, incomplete: str) -> list[Item]:
    """Contrarius's face-up cards in the snapshot (``play --copy``); every card without one."""
    data = snapshot_data(ctx)
    names: list[str] = []
    try:
        for c in (data or {}).get("contrarius", {}).get("cards") or []:
            if isinstance(c, str):
                names.append(c)
            elif isinstance(c, dict) and c.get("name") and str(c.get("face", "up")) == "up":
                names.append(str(c["name"]))
    except Exception:  # noqa: BLE001
        names = []
    names = [n for n in names if n.casefold() != "diplomat"]
    if not names:
        return _matching(_card_items(), incomplete)
    return _matching(((_word(n), "Contrarius's face-up card") for n in names), incomplete)


def complete_buy(ctx: Context, incomplete: str) -> list[Item]:
    """The display of the snapshot, by card and by position (``play --buy``)."""
    data = snapshot_data(ctx)
    display = (data or {}).get("display")
    if not isinstance(display, list):
        return _matching(_card_items(_stack_cards()), incomplete)
    cards = [c for c in display if c is not None]
    items: list[Item] = [(_word(str(c)), f"display position {i}") for i, c in enumerate(cards, 1) if str(c) != "?"]
    items += [(str(i), str(c)) for i, c in enumerate(cards, 1)]
    return _matching(items, incomplete)


def complete_reveal(ctx: Context, incomplete: str) -> list[Item]:
    """``POSITION=CARD`` for a display card shown as ``?`` (``reveal``, ``play --reveal``):
    the positions of the snapshot's display showing ``?`` as ``7=``; after ``7=`` the cards
    of the display stacks (``7=Cons`` -> ``7=Consul``)."""
    pos, sep, name = (incomplete or "").partition("=")
    if sep:
        return [(f"{pos}={v}", h) for v, h in _matching(_card_items(_stack_cards()), name)]
    display = (snapshot_data(ctx) or {}).get("display")
    shown = list(enumerate(display, 1)) if isinstance(display, list) else []
    unknown = [(f"{i}=", "display position shown as ?") for i, c in shown if str(c) == "?"]
    return _matching(unknown or [(f"{i}=", "display position") for i in range(1, 8)], incomplete)


def complete_player(ctx: Context, incomplete: str) -> list[Item]:
    """The player ids of the snapshot (``play --player``, team play)."""
    data = snapshot_data(ctx)
    try:
        ids = [str(p["id"]) for p in (data or {}).get("players") or [] if isinstance(p, dict) and p.get("id")]
    except Exception:  # noqa: BLE001
        ids = []
    return _matching(((i, "player") for i in ids), incomplete)


def complete_new_place(ctx: Context, incomplete: str) -> list[Item]:
    """``new --start``: on Roma its cities, on Balearica its galleys (the board chosen
    with ``new --board``); nothing on boards that print one start."""
    board = _board(_param(ctx, "board") or "imperium")
    if board is None:
        return []
    if board.asks_start:
        return _matching(_city_items(board, None), incomplete)
    several = [(p, "galley") for k in ("land", "sea") for p in board.starts.get(k, ()) if len(board.starts[k]) > 1]
    return _matching(several, incomplete)


def complete_new_city(ctx: Context, incomplete: str) -> list[Item]:
    """Cities of the board chosen with ``new --board`` (default imperium)."""
    board = _board(_param(ctx, "board") or "imperium")
    if board is None:
        return []
    return _matching(_city_items(board, None), incomplete)
