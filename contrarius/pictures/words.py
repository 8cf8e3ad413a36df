"""Every word of the game pictures (the race of ``log --svg``, the score of ``score --svg``,
the campaign of ``score --campaign --svg``) in one table, read through :func:`word`: one
place to translate them (each template is looked up by its key and said in the language
chosen: its msgid is in the catalogs; the values filled in are data: names, numbers).

Names that come from the game (cards, cities, players, gods, boards) are not translated
here; they are the printed names.
"""

from __future__ import annotations

from contrarius.messages import N_, Message

WORDS: dict[str, Message] = {
    # ---- shared -----------------------------------------------------------------------
    "side.contrarius": N_("Contrarius"),
    "side.player": N_("you"),
    "side.team": N_("your team"),
    "vp": N_("{n} VP"),
    "mode.solo": N_("solo"),
    "mode.team": N_("team play"),
    "mode.third-player": N_("third player"),
    # ---- the race (log --svg) ---------------------------------------------------------
    "race.heading": N_("The race: {board}, {mode}, {level}"),
    "race.turns": N_("{n} turns played"),
    "race.turns.one": N_("1 turn played"),
    "race.none": N_("No turn played yet."),
    "race.axis": N_("VP"),
    "race.col.turn": N_("#"),
    "race.col.card": N_("card"),
    "race.legend.contrarius": N_("Contrarius's VP after each turn"),
    "race.legend.player": N_("{who}: {vp} VP on the track"),
    "race.legend.later": N_("(a player's other points are scored at the end)"),
    "race.legend.built": N_("Contrarius built"),
    "race.legend.took": N_("took a card"),
    "race.legend.scored": N_("+N: scored"),
    "race.legend.track": N_("expert track house (filled: built)"),
    "race.turn.title": N_("turn {turn}: {who} played {card}; Contrarius {did}; VP {before} -> {after}"),
    "race.turn.by": N_("{who} played {card}"),
    "race.did.built": N_("built in {cities}"),
    "race.did.took": N_("took {cards}"),
    "race.did.scored": N_("scored {n} VP"),
    "race.did.nothing": N_("scored nothing"),
    "race.track.title": N_("track house on {pos}: {state}"),
    "race.track.reached": N_("reached in turn {turn}, Contrarius built it"),
    "race.track.far": N_("taken from the far end in turn {turn} (Contrarius's supply was empty)"),
    "race.track.left": N_("still on the track"),
    "race.end": N_("Game over: {reason} (turn {turn})"),
    "race.end.pending": N_("{reason} (turn {turn}): one final card is still to play"),
    "race.end.unknown": N_("The game has ended ({who} ended it)"),
    "race.running": N_("The game is still running"),
    "race.final": N_("final card, no reaction"),
    "race.desc": N_("The race of a {mode} game on the {board} board over {turns} turns. Contrarius's VP: {path}. "
                  "{players}. {marks} {track}{end}"),
    "race.desc.players": N_("{who} {vp} VP on the track"),
    "race.desc.marks": N_("Contrarius built in turns {built}; took a card in turns {took}; scored in turns {scored}."),
    "race.desc.track": N_("Expert track houses: {houses}. "),
    "race.desc.none": N_("none"),
    # ---- the score (score --svg) ------------------------------------------------------
    "score.heading.final": N_("Final scoring: {board}, {mode}, {level}"),
    "score.heading.standing": N_("Standing (not the final score): {board}, {mode}, {level}"),
    "score.part.track": N_("VP track"),
    "score.part.concordia": N_("Concordia card"),
    "score.part.unknown": N_("not known"),
    "score.part.rest": N_("counted at the table"),
    "score.total": N_("{n} VP"),
    "score.total.atleast": N_("at least {n} VP (not all known)"),
    "score.total.given": N_("{n} VP (counted at the table)"),
    "score.team": N_("Team score: {n} VP (the middle of the partners' totals)"),
    "score.winner": N_("Winner: {who} by {n} VP"),
    "score.leading": N_("Leading: {who} by {n} VP"),
    "score.winner.tie": N_("Winner: {who}, a tie broken by the {rule}"),
    "score.leading.tie": N_("Leading: {who}, a tie broken by the {rule}"),
    "score.winner.none": N_("No winner yet: a tie, and nobody holds the Concordia card"),
    "score.winner.unknown": N_("Winner not known: a side's total is incomplete"),
    "score.part.title": N_("{side}: {part} {points}"),
    "score.desc": N_("{heading}. {sides}. {result}."),
    "score.desc.side": N_("{side} {total}: {parts}"),
    # ---- the campaign (score --campaign --svg) ----------------------------------------
    "camp.heading": N_("Campaign: {n} games"),
    "camp.heading.one": N_("Campaign: 1 game"),
    "camp.heading.none": N_("Campaign: no game recorded yet"),
    "camp.start": N_("starting VP"),
    "camp.axis": N_("game"),
    "camp.axis.next": N_("next"),
    "camp.game": N_("Game {n}"),
    "camp.game.board": N_("Game {n}: {board}, start {start} VP"),
    "camp.won": N_("won by {n}"),
    "camp.lost": N_("lost by {n}"),
    "camp.tie.won": N_("won the tie (Concordia card)"),
    "camp.tie.lost": N_("lost the tie (Concordia card)"),
    "camp.next": N_("next start {n} VP"),
    "camp.you": N_("you {n}"),
    "camp.contrarius": N_("Contrarius {n}"),
    "camp.over": N_("The campaign is over: ready for {level}"),
    "camp.next.game": N_("Next: game {n} at {vp} VP"),
    "camp.would": N_("(game {n} not recorded: {why})"),
    "camp.desc": N_("{heading}. {games}. {next}."),
    "camp.desc.game": N_("game {n} on {board}: started at {start} VP, you {player} to Contrarius {contrarius}, {how}, next start {next}"),
}


def word(key: str, **values: object) -> str:
    """The picture's words for ``key`` with ``values`` filled in (``word("vp", n=3)`` ->
    ``"3 VP"``). Raises KeyError for a key the table lacks (a programming error)."""
    template = WORDS[key].template
    return str(Message(template, args=values)) if values else str(Message(template))
