"""Every word of the game pictures (the race of ``log --svg``, the score of ``score --svg``,
the campaign of ``score --campaign --svg``) in one table, read through :func:`word`: one
place to translate them (each template is looked up by its key; the values filled in are
data: names, numbers).

Names that come from the game (cards, cities, players, gods, boards) are not translated
here; they are the printed names.
"""

from __future__ import annotations

WORDS: dict[str, str] = {
    # ---- shared -----------------------------------------------------------------------
    "side.contrarius": "Contrarius",
    "side.player": "you",
    "side.team": "your team",
    "vp": "{n} VP",
    "mode.solo": "solo",
    "mode.team": "team play",
    "mode.third-player": "third player",
    # ---- the race (log --svg) ---------------------------------------------------------
    "race.heading": "The race: {board}, {mode}, {level}",
    "race.turns": "{n} turns played",
    "race.turns.one": "1 turn played",
    "race.none": "No turn played yet.",
    "race.axis": "VP",
    "race.col.turn": "#",
    "race.col.card": "card",
    "race.legend.contrarius": "Contrarius's VP after each turn",
    "race.legend.player": "{who}: {vp} VP on the track",
    "race.legend.later": "(a player's other points are scored at the end)",
    "race.legend.built": "Contrarius built",
    "race.legend.took": "took a card",
    "race.legend.scored": "+N: scored",
    "race.legend.track": "expert track house (filled: built)",
    "race.turn.title": "turn {turn}: {who} played {card}; Contrarius {did}; VP {before} -> {after}",
    "race.turn.by": "{who} played {card}",
    "race.did.built": "built in {cities}",
    "race.did.took": "took {cards}",
    "race.did.scored": "scored {n} VP",
    "race.did.nothing": "scored nothing",
    "race.track.title": "track house on {pos}: {state}",
    "race.track.reached": "reached in turn {turn}, Contrarius built it",
    "race.track.far": "taken from the far end in turn {turn} (Contrarius's supply was empty)",
    "race.track.left": "still on the track",
    "race.end": "Game over: {reason} (turn {turn})",
    "race.end.pending": "{reason} (turn {turn}): one final card is still to play",
    "race.end.unknown": "The game has ended ({who} ended it)",
    "race.running": "The game is still running",
    "race.final": "final card, no reaction",
    "race.desc": ("The race of a {mode} game on the {board} board over {turns} turns. Contrarius's VP: {path}. "
                  "{players}. {marks} {track}{end}"),
    "race.desc.players": "{who} {vp} VP on the track",
    "race.desc.marks": "Contrarius built in turns {built}; took a card in turns {took}; scored in turns {scored}.",
    "race.desc.track": "Expert track houses: {houses}. ",
    "race.desc.none": "none",
    # ---- the score (score --svg) ------------------------------------------------------
    "score.heading.final": "Final scoring: {board}, {mode}, {level}",
    "score.heading.standing": "Standing (not the final score): {board}, {mode}, {level}",
    "score.part.track": "VP track",
    "score.part.concordia": "Concordia card",
    "score.part.unknown": "not known",
    "score.part.rest": "counted at the table",
    "score.total": "{n} VP",
    "score.total.atleast": "at least {n} VP (not all known)",
    "score.total.given": "{n} VP (counted at the table)",
    "score.team": "Team score: {n} VP (the middle of the partners' totals)",
    "score.winner": "Winner: {who} by {n} VP",
    "score.leading": "Leading: {who} by {n} VP",
    "score.winner.tie": "Winner: {who}, a tie broken by the {rule}",
    "score.leading.tie": "Leading: {who}, a tie broken by the {rule}",
    "score.winner.none": "No winner yet: a tie, and nobody holds the Concordia card",
    "score.winner.unknown": "Winner not known: a side's total is incomplete",
    "score.part.title": "{side}: {part} {points}",
    "score.desc": "{heading}. {sides}. {result}.",
    "score.desc.side": "{side} {total}: {parts}",
    # ---- the campaign (score --campaign --svg) ----------------------------------------
    "camp.heading": "Campaign: {n} games",
    "camp.heading.one": "Campaign: 1 game",
    "camp.heading.none": "Campaign: no game recorded yet",
    "camp.start": "starting VP",
    "camp.axis": "game",
    "camp.axis.next": "next",
    "camp.game": "Game {n}",
    "camp.game.board": "Game {n}: {board}, start {start} VP",
    "camp.won": "won by {n}",
    "camp.lost": "lost by {n}",
    "camp.tie.won": "won the tie (Concordia card)",
    "camp.tie.lost": "lost the tie (Concordia card)",
    "camp.next": "next start {n} VP",
    "camp.you": "you {n}",
    "camp.contrarius": "Contrarius {n}",
    "camp.over": "The campaign is over: ready for {level}",
    "camp.next.game": "Next: game {n} at {vp} VP",
    "camp.would": "(game {n} not recorded: {why})",
    "camp.desc": "{heading}. {games}. {next}.",
    "camp.desc.game": "game {n} on {board}: started at {start} VP, you {player} to Contrarius {contrarius}, {how}, next start {next}",
}


def word(key: str, **values: object) -> str:
    """The picture's words for ``key`` with ``values`` filled in (``word("vp", n=3)`` ->
    ``"3 VP"``). Raises KeyError for a key the table lacks (a programming error)."""
    template = WORDS[key]
    return template.format(**values) if values else template
