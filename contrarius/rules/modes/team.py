"""Team play: two partners against Contrarius, the setup and one turn.

Teamplay booklet: "Cooperative Teamplay", "Cooperative Setup", "Cooperative Game Play",
"Cooperative Personality Cards", "Cooperative End of Game". The partners, ``player1`` and
``player2``, take turns (the snapshot's ``active``). The active player plays a card and
carries out its action, then the partner carries out the same card without playing one;
Contrarius reacts to the first action only.

:func:`new_game` sets up a team game; :func:`play` plays one turn
(:func:`contrarius.rules.game.play` picks this module for team games). Both are pure: nothing is
printed and the snapshot given is never changed. The two-player mechanism is
:mod:`.twoplayer`'s (shared with :mod:`.third_player`), over the turn mechanism of
:mod:`contrarius.rules.contrarius_part` that solo play uses too; Contrarius reacts as :func:`contrarius.rules.modes.solo.react`
prescribes, plus the Praetor and the Proconsul.

What a turn is told (:class:`~contrarius.rules.modes.twoplayer.TeamAction`): the card the active
player played and that player's own changes (the fields of
:class:`~contrarius.rules.contrarius_part.PlayerAction`), the partner's changes
(:class:`~contrarius.rules.modes.twoplayer.Part`), the personality chosen on a double card and the
Praetor's reaction.

player's own changes (the fields of :class:`~contrarius.rules.contrarius_part.PlayerAction`), the
partner's changes (:class:`Part`), the personality chosen on a double card, the Praetor's
reaction, and a veto (third-player variant).

Rules ("Cooperative Personality Cards", "Cooperative Game Play"):

- Every card: the active player carries it out, then the partner; Contrarius reacts to the
  first action ("Contrarius only reacts to the first action, not to the action of your
  partner").
- Legatus: the partner plays a card from their own hand (``Part.card``) and carries it out
  first, then the Legatus player carries it out; Contrarius reacts to the partner's card.
  The turn order is not affected.
- Praetor: like a Senator, but at most one card each; the display is refilled after both
  bought. Reaction: 2 VP or a white-die house "depending on the card"; which Praetor card
  shows which is not public, so the player says it (``praetor_reaction``: vp|house).
- Proconsul: the active player buys at most one card (as with the Consul); then the
  partner plays another card of their own (not a Legatus) for themselves alone; the
  display is refilled after both. Reaction: a white-die house; none to the partner's card.
- Double cards (Prefect/Architect, Architect/Mercator, Mercator/Prefect): the first player
  chooses one personality (``personality``), the partner carries out the other; Contrarius
  reacts to the chosen one.
- Prefect with Praefectus Magnus: a double bonus good; reaction at least 2 VP by the houses
  of the province the first player produced in.
- Diplomat: copies a face-up card of Contrarius, which is turned face down; the partner
  copies the same card; Contrarius reacts as to the copied card.
- "Cooperative End of Game": whoever takes the last card or builds their 15th house ends
  the game and takes the Concordia card. A player: the partner may still carry out their
  action and the game ends with this reaction. Contrarius: the team plays one final card
  (both carry it out) without a reaction.

Readings where the rulebook leaves room (the same notes belong in the README):

- The partner's own changes are recorded like the active player's (houses, colonists,
  cards bought, the province produced); a Prefect's partner must say produce or
  reactivate, because the bonus markers depend on it.
- Both partners' purchases (Senator, Consul, Praetor, Proconsul, a card a Legatus calls, a
  Diplomat's copy) refer to the display as it lay before either bought, positions and
  costs: the cards slide left and the display is refilled once, after both (base rules: the
  cards slide left "afterwards"; as the rulebook says for the Praetor and the Proconsul).
- A partner who carries out the active player's Tribune takes back their own played
  cards and receives 1 sestertius per card beyond the third of those: the card they carry
  out is not theirs, so it is not counted (base rules: "counting the Tribune itself");
  after a Legatus each counts the card they played (:func:`contrarius.rules.player_part.take_back_cards`).
- A Legatus cannot ask for a Legatus, and asking for a Proconsul is not supported (the
  rulebook does not say how both partners would carry it out); a Diplomat cannot copy a
  Diplomat or a Legatus. The partner's card after a Proconsul is carried out "only for
  themselves": a double card gives them one personality, a Proconsul only its purchase.
- Team and third-player setup: unknown cards stay unknown (``?``) and assumed ones are
  marked ``assumed``: the team stacks' contents, their size (``team_stack_cards`` in
  ``data/cards.yaml``), Contrarius's scarlet cards, the third-player stack III.
"""

from __future__ import annotations

from contrarius.messages import N_, Term
from contrarius.material.cards import Card, Reaction, card_name
from contrarius.errors import ContrariusError, RuleError
from contrarius.rules.setup import START_SESTERTII, SetupOptions, colonists_text
from contrarius.model.snapshot import Snapshot
from contrarius.rules.personalities import copyable
from contrarius.rules.personalities.diplomat import face_up_card
from contrarius.rules.contrarius_part import PlayerAction, TurnResult
from contrarius.rules.modes.twoplayer import (TEAM, Part, Plan, TeamAction, TwoPlayerTurn, begin, carry_out, double_pick, finish,
                        from_hand, other_player, run, seat_players, setup_table, turn_face_down)

def _copy_contrarius(t: TwoPlayerTurn, want: str | None, pid: str, opt: str) -> Card:
    """Team play, Diplomat: the face-up card of Contrarius that ``pid`` copies."""
    s = t.s
    if not want:
        raise ContrariusError(N_("which face-up card of Contrarius does {pid} copy with the Diplomat? add --{opt}copy CARD", pid=pid, opt=opt))
    name = card_name(want)
    copied = face_up_card(s, name)
    if not copyable(copied.reaction):
        raise RuleError(N_("a Diplomat cannot copy a {name} (the rulebook gives no way to carry that out; reading of contrarius.rules.modes.team)", name=Term("card", name)))
    return copied


def _alone(t: TwoPlayerTurn, pid: str, pc: Card, part: Part, opt: str) -> None:
    """A card the partner plays after a Proconsul, carried out "only for themselves"."""
    eff = pc
    if pc.reaction == Reaction.DIPLOMAT:
        copied = _copy_contrarius(t, part.copy, pid, opt)
        t.note("copy", N_("{player} copies Contrarius's face-up {card} with the Diplomat", player=pid, card=Term("card", copied.name)),
               player=pid, card=copied.name)
        turn_face_down(t, copied)
        eff = Card.of(copied.name)
    elif part.copy:
        raise ContrariusError(N_("--{opt}copy is for a Diplomat, not the {pc}", opt=opt, pc=Term("card", pc.name)))
    if eff.reaction == Reaction.DOUBLE:
        eff, _ = double_pick(eff, part.personality, pid, opt)
        t.note("choose", N_("{player} chooses the {card} (only for themselves)", player=pid, card=Term("card", eff.name)),
               player=pid, personality=eff.name)
    elif part.personality:
        raise ContrariusError(N_("--{opt}personality is for a double card, not the {eff}", opt=opt, eff=Term("card", eff.name)))
    if eff.reaction == Reaction.LEGATUS:
        raise RuleError(N_("after a Proconsul the partner cannot play a Legatus"))
    carry_out(t, pid, eff, part, opt)


def players_part(t: TwoPlayerTurn, ta: TeamAction, card: Card, recorded: bool) -> tuple[Plan, bool]:
    """Both partners' actions ("Cooperative Game Play", "Cooperative Personality Cards") and
    whether Contrarius reacts: always, except to the team's final card after Contrarius
    ended the game ("Cooperative End of Game")."""
    return _partners(t, ta, card, recorded), not t.final


def _partners(t: TwoPlayerTurn, ta: TeamAction, card: Card, recorded: bool) -> Plan:
    """Both partners' actions: the first carries out the card, then the second."""
    s = t.s
    me = t.pid
    mate = other_player(s, me)
    mine, theirs = ta.own_part(), ta.partner or Part()
    from_hand(t, me, card.name)
    if card.reaction == Reaction.LEGATUS:
        if not theirs.card:
            raise ContrariusError(N_("Legatus: which card did {mate} play from their hand? add --partner-card CARD", mate=mate))
        called = Card.of(card_name(theirs.card))
        if called.reaction == Reaction.LEGATUS:
            raise RuleError(N_("a Legatus asks the partner for another card, not a Legatus"))
        if called.reaction == Reaction.PROCONSUL:
            raise RuleError(N_("a Legatus asking for a Proconsul is not supported (the rulebook does not say how both partners carry it out); record that turn by editing the snapshot"))
        from_hand(t, mate, called.name)
        t.note("legatus", N_("{player} plays the Legatus: {partner} plays {card} and carries it out first; "
                             "Contrarius reacts to {partner}'s action", player=me, partner=mate, card=Term("card", called.name)),
               card=called.name, player=mate)
        return _both(t, called, (mate, theirs, "partner-", True), (me, mine, "", True))
    if theirs.card and card.reaction != Reaction.PROCONSUL:
        raise ContrariusError(N_("--partner-card is for a Legatus (the card the partner plays) or a Proconsul (the card the partner then plays for themselves), not the {card}", card=Term("card", card.name)))
    return _both(t, card, (me, mine, "", True), (mate, theirs, "partner-", recorded))


def _both(t: TwoPlayerTurn, card: Card, first: tuple[str, Part, str, bool], second: tuple[str, Part, str, bool]) -> Plan:
    """``first`` carries out ``card`` (Contrarius reacts to it), then ``second``."""
    fp, fpart, fopt, _ = first
    sp, spart, sopt, s_recorded = second
    copied = None
    eff = card
    if card.reaction == Reaction.DIPLOMAT:
        copied = _copy_contrarius(t, fpart.copy, fp, fopt)
        if spart.copy and card_name(spart.copy) != copied.name:
            raise ContrariusError(N_("{sp} copies the same card as {fp} ({copied}): remove --{sopt}copy", sp=sp, fp=fp, copied=Term("card", copied.name), sopt=sopt))
        t.note("copy", N_("{player} copies Contrarius's face-up {card} with the Diplomat; {partner} copies it too",
                          player=fp, partner=sp, card=Term("card", copied.name)),
               card=copied.name, player=fp)
        eff = Card.of(copied.name)
    elif fpart.copy:
        raise ContrariusError(N_("--{fopt}copy is for a Diplomat, not the {card}", fopt=fopt, card=Term("card", card.name)))
    kind = eff.reaction
    if kind == Reaction.LEGATUS:  # only reachable through a copy
        raise RuleError(N_("a Diplomat cannot copy a Legatus"))
    if kind == Reaction.DOUBLE:
        f_card, s_card = double_pick(eff, fpart.personality, fp, fopt)
        if spart.personality and card_name(spart.personality) != s_card.name:
            raise ContrariusError(N_("{sp} carries out the other personality of the {eff}, the {s_card}", sp=sp, eff=Term("card", eff.name), s_card=Term("card", s_card.name)))
        t.note("choose", N_("{player} chooses the {card} of the {double}; {partner} takes the {other}", player=fp,
                            card=Term("card", f_card.name), double=Term("card", eff.name), partner=sp,
                            other=Term("card", s_card.name)),
               player=fp, personality=f_card.name)
    else:
        if fpart.personality:
            raise ContrariusError(N_("--{fopt}personality is for a double card (Prefect/Architect, Architect/Mercator, Mercator/Prefect), not the {eff}", fopt=fopt, eff=Term("card", eff.name)))
        if spart.personality and kind != Reaction.PROCONSUL:
            raise ContrariusError(N_("--{sopt}personality is for a double card, not the {eff}", sopt=sopt, eff=Term("card", eff.name)))
        f_card = s_card = eff
    if spart.copy and kind != Reaction.PROCONSUL and card.reaction != Reaction.DIPLOMAT:
        raise ContrariusError(N_("--{sopt}copy is for a Diplomat, not the {card}", sopt=sopt, card=Term("card", card.name)))
    act, province = carry_out(t, fp, f_card, fpart, fopt)
    if kind == Reaction.PROCONSUL:
        if spart.card:
            own = Card.of(card_name(spart.card))
            if own.reaction == Reaction.LEGATUS:
                raise RuleError(N_("after a Proconsul the partner cannot play a Legatus"))
            from_hand(t, sp, own.name)
            t.note("proconsul", N_("{player} plays {card} for themselves alone (no reaction of Contrarius)", player=sp,
                                   card=Term("card", own.name)),
                   card=own.name, player=sp)
            _alone(t, sp, own, spart, sopt)
        elif s_recorded:
            raise ContrariusError(N_("Proconsul: which card did {sp} then play for themselves? add --partner-card CARD", sp=sp))
        else:
            t.note("unrecorded", N_("{player}'s card after the Proconsul is not recorded", player=sp))
    elif s_recorded:
        if spart.card:
            raise ContrariusError(N_("{sp} carries out {fp}'s card and plays none of their own", sp=sp, fp=fp))
        carry_out(t, sp, s_card, spart, sopt)
    else:
        t.note("unrecorded", N_("{player}'s part of this turn is not recorded (give the --partner-* options to keep "
                                "the snapshot in step with the table)", player=sp))
    return Plan(f_card, act, province, copied)


def play(snapshot: Snapshot, action: PlayerAction) -> TurnResult:
    """Play one turn of team play.

    ``action`` is a :class:`~contrarius.rules.modes.twoplayer.TeamAction` (a plain
    :class:`~contrarius.rules.contrarius_part.PlayerAction` records no partner). ``snapshot`` is not changed;
    the result holds the new snapshot with the turn logged and ``active`` passed to the
    other player. Raises :class:`GameOverError` after the end of the game,
    :class:`RuleError` for what the rules forbid (a veto: only with Contrarius as a third
    player) and :class:`ContrariusError` for an action that does not fit the card.
    """
    ta, recorded, pid = begin(snapshot, action, TEAM)
    if ta.veto is not None:
        raise RuleError(N_("veto cards are only used with Contrarius as a third player"))
    if ta.veto_face is not None:
        raise ContrariusError(N_("a veto face needs the player who vetoes: --veto PLAYER=FACE"))
    t, plan, reacts = run(snapshot, ta, recorded, pid, players_part)
    return finish(snapshot, t, plan, reacts, ta, recorded, None)


def new_game(opts: SetupOptions) -> tuple[Snapshot, list[str]]:
    """Set up team play ("Cooperative Setup"); return the snapshot and notes on what was
    decided and why.

    Each player 1 land and 1 sea colonist in the capital, 6 goods, 6 sestertii, the level's
    starting VP; player1's hand (6 pink team I cards) and player2's (6 purple team II
    cards) are not public and not recorded (None). Contrarius: as in solo setup for the
    level. Raises :class:`ContrariusError` for options that do not fit.
    """
    if opts.mode != TEAM:
        raise ContrariusError(N_("team.new_game sets up team games, not {mode}", mode=opts.mode))
    s, notes, vp = setup_table(opts)
    seat_players(s, vp, lambda pid: None, lambda pid: START_SESTERTII)
    notes.append(N_("hands not recorded: player1's 6 pink team I cards and player2's 6 purple team II cards are not "
                    "public (give them with --hand, or write players[].hand)"))
    notes.append(N_("each player: {colonists}, 6 goods, {sestertii} sestertii, {vp} VP; player1 begins", colonists=colonists_text(s),
                    sestertii=START_SESTERTII, vp=vp))
    return s, notes


def record_hand(snapshot: Snapshot, pid: str, names: list[str]) -> Snapshot:
    """A copy of ``snapshot`` with ``pid``'s hand recorded as ``names`` (and nothing played).

    For team hands given at setup (their contents are not public, so they are not recorded
    unless the players name them). Raises :class:`ContrariusError` for an unknown player or card.
    """
    s = snapshot.copy()
    p = s.player(pid)
    p.hand = [Card.of(n) for n in names]
    p.played = []
    return s
