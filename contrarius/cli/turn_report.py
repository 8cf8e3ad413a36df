"""The report of one turn, as ``play`` and ``session`` print it to the terminal."""

from __future__ import annotations


def render_turn(result, con) -> None:
    """Print one turn as a rich panel: what you did, what Contrarius did, VP, the end."""
    from rich.panel import Panel
    from rich.text import Text

    from contrarius.words.i18n import _, term_name

    lines = []
    solo = result.snapshot.mode == "solo"
    for e in result.player_events:
        lines.append(e.text)  # solo texts say "you", team texts name the player
    for e in result.events:
        lines.append(e.text)
    if not result.events and result.reacted_to is not None:
        lines.append(_("Contrarius does nothing"))
    lines.append(_("Contrarius VP: {old} -> {new}").format(old=result.vp_before, new=result.vp_after))
    if result.game_over:
        lines.append(_("[bold red]The game is over.[/bold red] Run 'contrarius score' for the final scoring."))
    elif result.snapshot.ended is not None and result.snapshot.ended.final_turn_pending:
        from contrarius.rules.end_of_game import final_turn_note

        lines.append(f"[bold yellow]{final_turn_note(result.snapshot)}.[/bold yellow]")
    if not solo and not result.game_over:
        lines.append(_("next turn: {player}").format(player=result.snapshot.active))
    title = term_name("card", f"{result.card}")
    if result.reacted_to and result.reacted_to != result.card:
        title = _("{card} -> Contrarius reacts to {reacted}").format(card=title, reacted=term_name("card", result.reacted_to))
    if not solo and result.snapshot.log:
        title = f"{result.snapshot.log[-1]['player']}: {title}"
    con.print(Panel("\n".join(lines), title=Text(title), expand=False))  # the title is plain text, no markup
