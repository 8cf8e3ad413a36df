"""The shape of a personality card's statement, and the one check of what a player records.

Every module of :mod:`contrarius.rules.personalities` states one card (or one group of
cards the rulebook treats together, the specialists and the double choice cards) as a
:class:`Statement`: what the player may record for it (a choice of action, colonist
moves and houses, cards bought, colonists placed, a card copied), its limits, the
rulebook section it is read from, and Contrarius's reaction to it. Solo play, team play,
the third-player variant, ``preview`` and ``session`` all read these statements;
:func:`check_record` is the check of a recorded action against its card for every mode
(base rules, "Personality cards": a card's action is carried out "as in Concordia").
"""

from __future__ import annotations

import functools
import importlib
from typing import Any, Callable, NamedTuple

from contrarius.messages import N_, NP_, Term
from contrarius.errors import ContrariusError, RuleError

#: ``(value, help)``: one action of a card's choice, as a question offers it.
Choice = tuple[str, str]


class Statement(NamedTuple):
    """One card's rules, as the rulebook states them (a frozen value: a ``NamedTuple``, as
    :mod:`contrarius.records` says why).

    ``reaction``: the card's reaction key (:class:`~contrarius.material.cards.Reaction`).
    ``card``: its printed name (the group's names for the specialists and double cards).
    ``section``: the rulebook section its action and reaction are read from.

    What the player may record for it:

    - ``choice``: the two actions the card chooses between (Prefect: produce or
      reactivate; Colonist: place colonists or earn money), each with the words a
      question offers; ``choice_question`` and ``choice_refusal`` are the words of the
      session's question and of its refusal of anything else; ``default_choice``: the
      action taken when none is recorded (the Colonist places); ``produces_in``: the
      action that names a province (the Prefect's produce); ``places_with``: the action
      that places colonists (the Colonist's place);
    - ``moves``: colonist moves and houses built (the Architect);
    - ``buys``: the most cards bought from the display (0: none);
    - ``places``: the most colonists placed (0: none; None: as many as the supply
      holds); ``place_words``: how a question names one; ``places_at_start``: they are
      placed where new colonists start (the Tribune's "placed in Roma"), not also in a
      city with the player's house;
    - ``copies``: the card copies another (the Diplomat); ``copyable``: a Diplomat may
      copy this card; ``halves``: a double choice card (two personalities);
      ``calls_partner``: the partner plays a card first (the Legatus);
      ``partner_plays``: the partner then plays a card for themselves (the Proconsul);
      ``printed``: the reactions printed on the copies of this card, one of which the
      player names (the Praetor);
    - ``team_only``: a card of team play ("Cooperative Personality Cards"), not of the solo
      game.

    ``react``: Contrarius's reaction, ``react(turn, card, action, province, printed)``
    (None: the card itself causes none, a Diplomat's copy or a double card's half does).
    """

    reaction: str
    card: str
    section: str
    choice: tuple[Choice, Choice] | None = None
    choice_question: str = ""
    choice_refusal: str = ""
    default_choice: str | None = None
    produces_in: str | None = None
    places_with: str | None = None
    moves: bool = False
    buys: int = 0
    places: int | None = 0
    place_words: str = ""
    places_at_start: bool = False
    copies: bool = False
    copyable: bool = True
    halves: bool = False
    calls_partner: bool = False
    partner_plays: bool = False
    printed: tuple[Choice, ...] = ()
    team_only: bool = False
    react: Callable[..., None] | None = None

    @property
    def actions(self) -> tuple[str, ...]:
        """The values of the card's choice of action (empty: no choice)."""
        return tuple(v for v, _ in self.choice) if self.choice else ()


#: The module of a reaction key, where its name is not the key itself.
_MODULES = {"specialist": "specialists", "double": "double_choice"}


@functools.lru_cache(maxsize=None)
def statement_of(reaction: str) -> Statement:
    """The statement of the cards with the reaction key ``reaction`` (``card.reaction``,
    one of :class:`~contrarius.material.cards.Reaction`)."""
    return importlib.import_module(f"{__package__}.{_MODULES.get(reaction, reaction)}").STATEMENT


def check_record(st: Statement, card: Any, rec: Any, s: Any, who: str | None = None, opt: str = "") -> tuple[str | None, str | None]:
    """Refuse what ``rec`` records that the card ``card`` (stated by ``st``) does not allow;
    return ``(the action chosen, the province produced in)``.

    ``rec``: a :class:`~contrarius.rules.contrarius_part.PlayerAction` or a two-player
    :class:`~contrarius.rules.modes.twoplayer.Part` (``action``, ``province``, ``builds``,
    ``moves``, ``buys``, ``places``). ``who``: None in solo play (the messages say "you"),
    else the player carrying the card out, and ``opt`` the prefix of their options
    (``""`` or ``"partner-"``). Raises :class:`ContrariusError` for an option the card has
    no use for and :class:`RuleError` for more than its limit.
    """
    solo = who is None
    act = rec.action.casefold() if rec.action else None
    province = None
    if st.produces_in is not None:
        if act is None and rec.province:
            act = st.produces_in
        if act not in st.actions:
            raise ContrariusError(N_("the {card} either produces or reactivates: add --produce PROVINCE or --reactivate", card=Term("card", card.name)) if solo else N_("{who} carries out the {card}: add --{opt}produce PROVINCE or --{opt}reactivate", who=who, card=Term("card", card.name), opt=opt))
        if act == st.produces_in:
            if not rec.province:
                raise ContrariusError(N_("which province did you produce in? add --produce PROVINCE") if solo else N_("which province did {who} produce in? add --{opt}produce PROVINCE", who=who, opt=opt))
            province = s.board.province(rec.province)
        elif rec.province:
            raise ContrariusError(N_("--{opt}reactivate takes no province", opt=opt))
    elif st.choice is not None:
        act = act or st.default_choice
        if act not in st.actions:
            raise ContrariusError(N_("the Colonist either places colonists or earns money: add --place KIND:CITY (or nothing: placing is the default) or --money") if solo else N_("the Colonist either places colonists or earns money: --{opt}place KIND:CITY or --{opt}money", opt=opt))
        if act != st.places_with and rec.places:
            raise ContrariusError(N_("you took money with the Colonist: remove --place") if solo else N_("{who} took money with the Colonist: remove --{opt}place", who=who, opt=opt))
    else:
        if act is not None:
            raise ContrariusError(N_("the {card} has no choice of action; remove --{act}", card=Term("card", card.name), act=act) if solo else N_("the {card} has no choice of action: remove --{opt}{act} for {who}", card=Term("card", card.name), opt=opt, act=act, who=who))
        if rec.province:
            raise ContrariusError(N_("--produce is for a Prefect, not the {card}", card=Term("card", card.name)) if solo else N_("--{opt}produce is for a Prefect, not the {card} ({who})", opt=opt, card=Term("card", card.name), who=who))
    if (rec.builds or rec.moves) and not st.moves:
        raise ContrariusError(N_("--build and --move record an Architect's action, not the {card}'s", card=Term("card", card.name)) if solo else N_("--{opt}build and --{opt}move are for an Architect; {who} carries out the {card}", opt=opt, who=who, card=Term("card", card.name)))
    if rec.buys:
        most = 0 if solo and st.team_only else st.buys  # a solo game uses the solo cards
        if not most:
            raise ContrariusError(N_("--buy records a Senator's or Consul's purchase, not the {card}'s", card=Term("card", card.name)) if solo else N_("--{opt}buy is for a Senator, Consul, Praetor or Proconsul; {who} carries out the {card}", opt=opt, who=who, card=Term("card", card.name)))
        if len(rec.buys) > most:
            cards = NP_("{n} card", "{n} cards", most)
            raise RuleError(N_("the {card} buys at most {cards}; got {n_buys}", card=Term("card", card.name), cards=cards, n_buys=len(rec.buys)) if solo else N_("the {card} buys at most {cards}; {who} gave {n_buys}", card=Term("card", card.name), cards=cards, who=who, n_buys=len(rec.buys)))
    if rec.places:
        if st.places == 0:
            raise ContrariusError(N_("--place records colonists placed with a Colonist or bought with a Tribune, not the {card}", card=Term("card", card.name)) if solo else N_("--{opt}place is for a Colonist or a Tribune; {who} carries out the {card}", opt=opt, who=who, card=Term("card", card.name)))
        if st.places is not None and len(rec.places) > st.places:
            most = N_("one") if st.places == 1 else str(st.places)
            raise RuleError(N_("the {card} buys at most {most} colonist; got {n_places}", card=Term("card", card.name), most=most, n_places=len(rec.places)) if solo else N_("with the {card} {who} may buy {most} colonist, not {n_places}", card=Term("card", card.name), who=who, most=most, n_places=len(rec.places)))
    return act, province
