"""TAB completion on typer's path: the callbacks of :mod:`contrarius.tab.values` (what a TAB
offers: cards, boards, dice faces, places), and contrarius's bash completion class.

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


def register_shells() -> None:
    """Use contrarius's bash completion (:func:`bash_line`, :func:`bash_reply`) instead of
    typer's, whose script passes only ``COMP_WORDS``: values after ``:`` or ``=``
    (``--place land:Co``, ``--die white=``, ``reveal g.yaml 7=``) never completed. Its
    script also passes ``COMP_LINE``, ``COMP_POINT`` and ``COMP_WORDBREAKS``. Called when a
    completion runs or a script is printed (``_CONTRARIUS_COMPLETE=...``). typer's classes
    for every shell are registered first: the app built for one command leaves out the
    root's completion options, with which typer would register them (zsh and fish then
    answered "Shell zsh not supported.")."""
    from typer._completion_classes import BashComplete, completion_init
    from typer._completion_shared import COMPLETION_SCRIPT_BASH
    from typer._click.shell_completion import add_completion_class

    completion_init()
    passed = "COMP_CWORD=$COMP_CWORD \\\n"
    if passed not in COMPLETION_SCRIPT_BASH:  # pragma: no cover - typer's template changed
        return

    class ContrariusBash(BashComplete):
        source_template = COMPLETION_SCRIPT_BASH.replace(
            passed, passed + ' ' * 19 + 'COMP_LINE="$COMP_LINE" COMP_POINT=$COMP_POINT \\\n'
            + ' ' * 19 + 'COMP_WORDBREAKS="$COMP_WORDBREAKS" \\\n')

        def get_completion_args(self) -> tuple[list[str], str]:  # noqa: D102 - click hook
            split = bash_line()
            if split is None:
                return super().get_completion_args()
            words, incomplete = split
            return words[1:], incomplete

        def format_completion(self, item) -> str:  # noqa: D102 - click hook
            split = bash_line()
            return bash_reply(item.value, split[1]) if split is not None else item.value

    add_completion_class(ContrariusBash, "bash")
