"""The options that describe a turn, declared once for ``play`` and ``preview``.

Each name below is a parameter type (``Annotated[..., typer.Option(...)]``); a command
declares ``produce: Produce = None`` and gets the same flag, help text, completion and
help panel as every other command that uses it. ``play`` declares the solo options first
(your action, dice, the display, output), then the options of :data:`TWO_PLAYER_PANEL`,
:data:`TEAM_PANEL`, :data:`THIRD_PLAYER_PANEL` and :data:`VARIANTS_PANEL`: ``--help``
shows each panel under its title, in that order (typer's rich help, rendered by
:mod:`contrarius.cli.helptext`).
"""

# No ``from __future__ import annotations`` here: typer then reads the parameter annotations
# as objects instead of eval'ing their text once per parameter (start-up time; see
# benchmarks/README.md).

from typing import Annotated, Optional

import typer

from contrarius.cli.completion import (
    complete_buy,
    complete_card,
    complete_city,
    complete_copy,
    complete_die_face,
    complete_place,
    complete_player,
    complete_province,
    complete_reveal,
    complete_stack_card,
)

#: Help panels of ``play`` after the solo options.
TWO_PLAYER_PANEL = "Team play and third-player variant"
TEAM_PANEL = "Team play: your partner's part"
THIRD_PLAYER_PANEL = "Third-player variant"
VARIANTS_PANEL = "Solo variants (Salsa, fish market)"

# ----- your action (solo play, and the active player in the two-player modes) -----
Produce = Annotated[Optional[str], typer.Option(
    "--produce", metavar="PROVINCE", help="Prefect: the province produced in.", autocompletion=complete_province)]
Reactivate = Annotated[bool, typer.Option(
    "--reactivate", help="Prefect: the cash bonus instead (reactivate).")]
Money = Annotated[bool, typer.Option(
    "--money", help="Colonist: money instead of placing colonists.")]
Place = Annotated[Optional[list[str]], typer.Option(
    "--place", metavar="KIND:CITY", help="Colonist/Tribune: a colonist placed, KIND:CITY (repeat).", autocompletion=complete_place)]
Copy = Annotated[Optional[str], typer.Option(
    "--copy", metavar="CARD", help="Diplomat: the face-up card of Contrarius copied.", autocompletion=complete_copy)]
Build = Annotated[Optional[list[str]], typer.Option(
    "--build", metavar="CITY", help="Architect: a city where you build a house (repeat).", autocompletion=complete_city)]
Move = Annotated[Optional[list[str]], typer.Option(
    "--move", metavar="KIND:FROM:TO", help="Architect: a colonist move KIND:FROM:TO (repeat).")]
Buy = Annotated[Optional[list[str]], typer.Option(
    "--buy", metavar="POS|CARD", help="Senator/Consul: a display position or card bought (repeat).", autocompletion=complete_buy)]

# ----- dice and the display -----
Refill = Annotated[Optional[list[str]], typer.Option(
    "--refill", metavar="CARD", help="A card drawn to refill the display, in order (repeat).", autocompletion=complete_stack_card)]
Reveal = Annotated[Optional[list[str]], typer.Option(
    "--reveal", metavar="POS=CARD", help="Name a display card shown as ?, POSITION=CARD.", autocompletion=complete_reveal)]
Die = Annotated[Optional[list[str]], typer.Option(
    "--die", metavar="FACE|DIE=FACE", help="A die result read from the table, FACE or DIE=FACE, in the order rolled (repeat; preview: "
                  "the dice not given are previewed).", autocompletion=complete_die_face)]
Choose = Annotated[Optional[list[int]], typer.Option(
    "--choose", metavar="N", help="Pick option N among tied colonist moves (repeat per build).")]

# ----- two players (team play, Contrarius as a third player) -----
PlayerOpt = Annotated[Optional[str], typer.Option(
    "--player", metavar="PLAYER", help="Which player plays the card (default: the one whose turn it is).",
    autocompletion=complete_player, rich_help_panel=TWO_PLAYER_PANEL)]
Personality = Annotated[Optional[str], typer.Option(
    "--personality", metavar="PERSONALITY", help="Double card (Prefect/Architect, Architect/Mercator, "
    "Mercator/Prefect): the personality you chose; your partner carries out the other.",
    rich_help_panel=TWO_PLAYER_PANEL)]
#: ``--choose-personality``, the older name of ``--personality``: still read, not listed
#: (beside it the name column of the help panel would not fit 80 columns).
ChoosePersonality = Annotated[Optional[str], typer.Option(
    "--choose-personality", metavar="PERSONALITY", hidden=True, help="The same as --personality.")]
PraetorReaction = Annotated[Optional[str], typer.Option(
    "--praetor-reaction", metavar="vp|house", help="Praetor: the reaction printed on this card, vp (2 VP) or house (white die); "
    "which Praetor shows which is not public.", rich_help_panel=TWO_PLAYER_PANEL)]

# ----- team play: the partner's part -----
PartnerCard = Annotated[Optional[str], typer.Option(
    "--partner-card", metavar="CARD", help="The card your partner played (Legatus: the card they played on your request; "
    "Proconsul: their own card, for themselves alone).", autocompletion=complete_card, rich_help_panel=TEAM_PANEL)]
PartnerPersonality = Annotated[Optional[str], typer.Option(
    "--partner-personality", metavar="PERSONALITY", help="Double card: the personality your partner chose (when they carried it out "
    "first, after a Legatus, or as their own card).", rich_help_panel=TEAM_PANEL)]
PartnerProduce = Annotated[Optional[str], typer.Option(
    "--partner-produce", metavar="PROVINCE", help="Prefect: the province your partner produced in.", autocompletion=complete_province,
    rich_help_panel=TEAM_PANEL)]
PartnerReactivate = Annotated[bool, typer.Option(
    "--partner-reactivate", help="Prefect: your partner took the cash bonus.", rich_help_panel=TEAM_PANEL)]
PartnerMoney = Annotated[bool, typer.Option(
    "--partner-money", help="Colonist: your partner took money.", rich_help_panel=TEAM_PANEL)]
PartnerPlace = Annotated[Optional[list[str]], typer.Option(
    "--partner-place", metavar="KIND:CITY", help="A colonist your partner placed, KIND:CITY (repeat).", autocompletion=complete_place,
    rich_help_panel=TEAM_PANEL)]
PartnerCopy = Annotated[Optional[str], typer.Option(
    "--partner-copy", metavar="CARD", help="Diplomat: the card of Contrarius your partner copied (when they played the Diplomat).",
    autocompletion=complete_copy, rich_help_panel=TEAM_PANEL)]
PartnerBuild = Annotated[Optional[list[str]], typer.Option(
    "--partner-build", metavar="CITY", help="Architect: a city where your partner built (repeat).", autocompletion=complete_city,
    rich_help_panel=TEAM_PANEL)]
PartnerMove = Annotated[Optional[list[str]], typer.Option(
    "--partner-move", metavar="KIND:FROM:TO", help="Architect: a colonist move of your partner KIND:FROM:TO (repeat).",
    rich_help_panel=TEAM_PANEL)]
PartnerBuy = Annotated[Optional[list[str]], typer.Option(
    "--partner-buy", metavar="POS|CARD", help="A display position or card your partner bought (repeat).", autocompletion=complete_buy,
    rich_help_panel=TEAM_PANEL)]

# ----- Contrarius as a third player -----
Veto = Annotated[Optional[str], typer.Option(
    "--veto", metavar="PLAYER[=FACE]", help="PLAYER or PLAYER=FACE uses their veto card: the last die of this reaction is re-rolled "
    "(FACE: the new result read from the table).", autocompletion=complete_player, rich_help_panel=THIRD_PLAYER_PANEL)]

# ----- the solo variants (a game set up with new --salsa / --fish-market) -----
Forum = Annotated[Optional[str], typer.Option(
    "--forum", metavar="CARD", help="Salsa: the forum card you took with the Tribune (NAME, row position, or POSITION=NAME); "
    "Contrarius takes the first.", rich_help_panel=VARIANTS_PANEL)]
ForumRefill = Annotated[Optional[list[str]], typer.Option(
    "--forum-refill", metavar="CARD", help="Salsa: a forum card drawn to refill the forum row, in order (repeat).",
    rich_help_panel=VARIANTS_PANEL)]
ForumReveal = Annotated[Optional[list[str]], typer.Option(
    "--forum-reveal", metavar="POS=CARD", help="Salsa: name a forum row card shown as ?, POSITION=CARD.", rich_help_panel=VARIANTS_PANEL)]
Fish = Annotated[int, typer.Option(
    "--fish", metavar="N", help="Fish market: the fish you paid at the fish market this turn (they go to Contrarius).",
    rich_help_panel=VARIANTS_PANEL)]
