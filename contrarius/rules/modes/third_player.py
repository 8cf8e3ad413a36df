"""Contrarius as a third player: a regular two-player game of Concordia with Contrarius as
a dummy (solo booklet: "Contrarius as a third player"), the setup and one turn.

The players, ``player1`` and ``player2``, take turns (the snapshot's ``active``);
Contrarius reacts to the cards of ``player2`` only. :func:`new_game` sets the variant up;
:func:`play` plays one turn (:func:`contrarius.rules.game.play` picks this module for
third-player games). Both are pure: nothing is printed and the snapshot given is never
changed. The two-player mechanism is :mod:`.twoplayer`'s (shared with :mod:`.team`), over
the turn mechanism of :mod:`contrarius.rules.contrarius_part` that solo play uses too.

Third-player variant ("Contrarius as a third player"):

- The starting player (``player1``: the base Concordia starting cards, 6 sestertii) causes
  no reaction; Contrarius reacts to the cards of ``player2`` (the 7 turquoise cards, 7
  sestertii, the Praefectus Magnus).
- The Praefectus Magnus passes between the two players only: its holder producing with a
  Prefect takes 2 bonus goods and passes it on (base Concordia). The Prefect with
  Praefectus Magnus cards count as plain Prefects (1 bonus good, at least 1 VP).
- The Diplomat copies the other player's top played card (base Concordia), so no card of
  Contrarius is turned face down; Contrarius reacts as to the copied personality.
- Each player has one veto card (``Player.veto`` true while unused): it re-rolls one die
  result of Contrarius; here, the last die of this reaction (``veto``, ``veto_face``).

Readings where the rulebook leaves room (the same notes belong in the README):

- Third-player variant, Diplomat: Contrarius reacts as the Solitaria card of the copied
  personality prescribes (the base cards carry no reaction box). Legatus: not playable
  (there is no partner); double card: the other personality is unused; Proconsul: no
  second card.
- Third-player variant, end of game (base Concordia: every other player takes one final
  turn): player1 ends it -> player2 plays a final card (Contrarius reacts); player2 ends
  it -> Contrarius reacts to that card, then player1 plays a final card; Contrarius ends it
  -> player1 and player2 each play a final card, without reactions.
- Third-player variant, starting VP: both players start where the difficulty level puts
  "you" (20/10/0; ``--start-vp`` overrides); the veto may be used by either player.
- Third-player setup: unknown cards stay unknown (``?``): the stack III.
"""

from __future__ import annotations

from contrarius.messages import N_, Term
from contrarius.material.cards import Card, Reaction, card_facts, card_name
from contrarius.material.dice import DIE_COLOURS, parse_face, roll
from contrarius.errors import ContrariusError, RuleError
from contrarius.rules.setup import SetupOptions, _hand_card
from contrarius.model.snapshot import CONTRARIUS, Snapshot
from contrarius.rules.personalities import copyable
from contrarius.rules.contrarius_part import Event, PlayerAction, Roll, TurnResult
from contrarius.rules.modes.twoplayer import (THIRD, Plan, TeamAction, TwoPlayerTurn, begin, carry_out, double_pick, finish, from_hand,
                        other_player, run, seat_players, setup_table)

#: Starting sestertii in the third-player variant: the starting player 6, the other 7.
THIRD_PLAYER_SESTERTII = {"player1": 6, "player2": 7}

def players_part(t: TwoPlayerTurn, ta: TeamAction, card: Card, recorded: bool) -> tuple[Plan, bool]:
    """One player's card in the third-player variant (regular Concordia rules) and whether
    Contrarius reacts: to player2's cards only, and not to the final cards after Contrarius
    ended the game (the end-of-game reading above). ``recorded`` is unused (no partner)."""
    plan = _own_card(t, ta, card)
    s, pid = t.s, t.pid
    reacts = pid == "player2" and not (t.final and s.ended is not None and s.ended.by == CONTRARIUS)
    if pid != "player2":
        t.note("no-reaction", N_("{player} is the starting player: Contrarius does not react to their cards", player=pid))
    return plan, reacts


def diplomat_target(s: Snapshot, pid: str) -> str | None:
    """The card ``pid``'s Diplomat copies in the third-player variant ("The Diplomat follows
    the rules of regular Concordia, meaning that it copies a card of the other player and
    not of Contrarius"): the other player's top played card; None when their played cards
    are not recorded. Raises :class:`RuleError` when they have none face up."""
    them = other_player(s, pid)
    q = s.player(them)
    if q.played is None:
        return None
    if not q.played:
        raise RuleError(N_("{them} has no played card face up: the Diplomat has nothing to copy", them=them))
    return q.played[-1].name


def _own_card(t: TwoPlayerTurn, ta: TeamAction, card: Card) -> Plan:
    """The active player carries out their card alone (regular Concordia rules)."""
    s = t.s
    me = t.pid
    them = other_player(s, me)
    if ta.partner is not None and not ta.partner.is_empty():
        raise ContrariusError(N_("the --partner-* options are for team play: in the third-player variant each player plays their own cards (give --player)"))
    if card.reaction == Reaction.LEGATUS:
        raise RuleError(N_("the Legatus asks a partner for a card; the third-player variant has no partners"))
    mine = ta.own_part()
    from_hand(t, me, card.name)
    eff = card
    if card.reaction == Reaction.DIPLOMAT:
        top = diplomat_target(s, me)
        if top is not None:
            if mine.copy and card_name(mine.copy) != top:
                raise RuleError(N_("the Diplomat copies the top card of {them}'s played cards, {top}, not {value}", them=them, top=Term("card", top), value=Term("card", card_name(mine.copy))))
            name = top
        elif mine.copy:
            name = card_name(mine.copy)
        else:
            raise ContrariusError(N_("which card of {them} does the Diplomat copy (their top played card)? add --copy CARD", them=them))
        eff = Card.of(name)
        if not copyable(eff.reaction):
            raise RuleError(N_("a Diplomat cannot copy a {name}", name=Term("card", name)))
        t.note("copy", N_("{player} copies {other}'s {card} with the Diplomat (regular Concordia: no card of Contrarius "
                          "is turned face down)", player=me, other=them, card=Term("card", name)), card=name, player=me)
    elif mine.copy:
        raise ContrariusError(N_("--copy is for a Diplomat, not the {card}", card=Term("card", card.name)))
    f_card = eff
    if eff.reaction == Reaction.DOUBLE:
        f_card, unused = double_pick(eff, mine.personality, me, "")
        t.note("choose", N_("{player} chooses the {card} of the {double} (no partner: the {other} is unused)", player=me,
                            card=Term("card", f_card.name), double=Term("card", eff.name), other=Term("card", unused.name)),
               player=me, personality=f_card.name)
    elif mine.personality:
        raise ContrariusError(N_("--personality is for a double card, not the {eff}", eff=Term("card", eff.name)))
    act, province = carry_out(t, me, f_card, mine, "")
    if eff.reaction == Reaction.PROCONSUL:
        t.note("proconsul", N_("no partner in the third-player variant: nobody plays a second card"))
    return Plan(f_card, act, province, None)


def play(snapshot: Snapshot, action: PlayerAction) -> TurnResult:
    """Play one turn of the third-player variant.

    ``action`` is a :class:`~contrarius.rules.modes.twoplayer.TeamAction` (or a plain
    :class:`~contrarius.rules.contrarius_part.PlayerAction`); its ``veto`` and ``veto_face`` name the player
    using their veto card and the re-rolled result (None: rolled from the seed).
    ``snapshot`` is not changed; the result holds the new snapshot with the turn logged and
    ``active`` passed to the other player. Raises :class:`GameOverError` after the end of
    the game, :class:`RuleError` for what the rules forbid (including a used veto) and
    :class:`ContrariusError` for an action that does not fit the card.
    """
    ta, recorded, pid = begin(snapshot, action, THIRD)
    vetoer = None
    if ta.veto is not None:
        vetoer = snapshot.player(ta.veto)
        if vetoer.veto is not True:
            raise RuleError(N_("{id} has already used their veto card (players.{id}.veto is false)", id=vetoer.id))
    elif ta.veto_face is not None:
        raise ContrariusError(N_("a veto face needs the player who vetoes: --veto PLAYER=FACE"))
    t, plan, reacts = run(snapshot, ta, recorded, pid, players_part)
    veto_record = None
    if vetoer is not None:
        if not reacts:
            raise RuleError(N_("Contrarius does not react to this card of {pid}: there is no die to veto", pid=pid))
        if not t.rolls:
            raise RuleError(N_("Contrarius rolled no die in this reaction: there is nothing to veto"))
        last = t.rolls[-1]
        counter = t.s.rolls
        if ta.veto_face is None and snapshot.dice == "table":
            raise RuleError(N_("this is a table game (dice: table): re-roll the {colour} die at the table and give its new result, --veto {id}=FACE; nothing was written", colour=Term("colour", DIE_COLOURS[last.die]), id=vetoer.id))
        if ta.veto_face is not None:
            new = Roll(last.die, parse_face(last.die, ta.veto_face), "table")
        else:
            new = Roll(last.die, parse_face(last.die, roll(snapshot.faces(last.die), snapshot.seed, counter)), "rolled")
            counter += 1
        t, plan, reacts = run(snapshot, ta, recorded, pid, players_part, preset=t.rolls[:-1] + [new],
                              leftover=t.table_dice, use_table=t.use_table, counter=counter)
        t.s.player(vetoer.id).veto = False
        t.events.insert(0, Event("veto", N_("{player} uses their veto card: the {colour} {die} die result {vetoed} is "
                                            "re-rolled -> {face}", player=vetoer.id, colour=Term("colour", DIE_COLOURS[last.die]),
                                            die=Term("die", last.die), vetoed=Term("face", last.face), face=Term("face", new.face)),
                                 {"player": vetoer.id, "die": last.die, "vetoed": last.face, "face": new.face}))
        veto_record = {"player": vetoer.id, "die": last.die, "vetoed": last.face, "face": new.face, "source": new.source}
    return finish(snapshot, t, plan, reacts, ta, recorded, veto_record)


def new_game(opts: SetupOptions) -> tuple[Snapshot, list[str]]:
    """Set up the third-player variant ("Contrarius as a third player"); return the snapshot
    and notes on what was decided and why.

    player1 (starting player) the base Concordia starting cards and 6 sestertii, player2 the
    7 turquoise cards, 7 sestertii and the Praefectus Magnus; each an unused veto card, 1
    land and 1 sea colonist in the capital, 6 goods. Contrarius: as in solo setup for the
    level. Raises :class:`ContrariusError` for options that do not fit.
    """
    if opts.mode != THIRD:
        raise ContrariusError(N_("third_player.new_game sets up third-player games, not {mode}", mode=opts.mode))
    s, notes, vp = setup_table(opts)
    def hand(pid: str) -> list[Card] | None:
        key = "base_hand" if pid == "player1" else "player_hand"
        return [_hand_card(c) for c in card_facts()[key]] if opts.record_hand else None

    seat_players(s, vp, hand, THIRD_PLAYER_SESTERTII.__getitem__, veto=True)
    s.praefectus_magnus = "player2"
    notes.append(N_("player1 (starting player): the base Concordia starting cards, 6 sestertii; Contrarius does not "
                    "react to player1's cards"))
    notes.append(N_("player2: the 7 turquoise Solitaria cards, 7 sestertii and the Praefectus Magnus; Contrarius reacts "
                    "to player2's cards"))
    notes.append(N_("both players start with {vp} VP (the level's starting VP; --start-vp to change) and an unused veto card", vp=vp))
    return s, notes
