"""TAB completion on typer's path: the callbacks of :mod:`contrarius.tab.values` (what a TAB
offers: cards, boards, dice faces, places); contrarius's bash completion class is
:func:`contrarius.cli.typer_hooks.register_shells`'s.

The callbacks live in :mod:`contrarius.tab` so that the fast path
(:mod:`contrarius.tab.fast`, entered from ``contrarius/__main__.py``) can call the same ones
without importing typer and rich; the command modules name them from here.

The scripts in ``completions/`` only call the program back; regenerate them with
``python scripts/gen_completions.py`` (``tests/test_completions.py`` checks they match).
"""

from contrarius.tab.values import (  # noqa: F401 - the callbacks the command modules name
    bash_line, bash_reply, complete_board_name, complete_buy, complete_card, complete_cards_list,
    complete_city, complete_copy, complete_die, complete_die_face, complete_goods_face, complete_kind,
    complete_level, complete_mode, complete_new_city, complete_new_place, complete_place,
    complete_player, complete_province, complete_reveal, complete_stack_card, complete_stack_cards,
    completed_words,
)

