"""A campaign: a sequence of solo games at falling starting VP (the rulebook's "Campaign").

The rule: *"Start with a game of standard difficulty and thus with 20 victory points. If
you win, reduce your starting victory points for the next game by a fifth of your advance
over Contrarius (rounded down). If you lose, play the next game with the same number of
starting victory points. Whenever you would start the next game with 0 or below victory
points you have reached the end of the campaign and you are now ready for difficulty
level veteran."*

The advance (``margin``) is the player's final total minus Contrarius's; the player's VP
track already holds the starting VP, so the totals are compared as they stand. A tie won
with the Concordia card is a win by 0 (the starting VP stays).

A campaign record is a small YAML file (``format``, ``start_vp``, ``games``), read with
``yaml.safe_load`` and written atomically (:mod:`contrarius.store.campaign_file`). Each game
holds the facts (board, seed, starting VP, both totals, winner) and the derived margin
and next starting VP, which loading checks, so a hand edit that breaks the chain is
reported with the key and the expected value.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from contrarius.messages import N_, NP_, Joined, Term
from contrarius.errors import ContrariusError, InputFileError, Problem, RuleError
from contrarius.io.yamlio import shown
from contrarius.rules.scoring import FinalScore
from contrarius.model.snapshot import CONTRARIUS, SOLO

CAMPAIGN_FORMAT = 1
#: "Start with a game of standard difficulty and thus with 20 victory points".
CAMPAIGN_START_VP = 20
#: "... you are now ready for difficulty level veteran".
NEXT_LEVEL = "veteran"
PLAYER = "player"

_TOP_KEYS = ("format", "start_vp", "games")
_GAME_KEYS = ("game", "board", "seed", "start_vp", "player", "contrarius", "margin", "winner", "next_start_vp", "game_id")


def next_start_vp(start_vp: int, margin: int, won: bool) -> int:
    """The next game's starting VP ("Campaign"): a win lowers it by ``margin // 5``
    (a fifth of the advance, rounded down); a loss keeps it.

    >>> next_start_vp(20, 10, True)
    18
    >>> next_start_vp(18, -4, False)
    18
    """
    if not won:
        return start_vp
    if margin < 0:
        raise ContrariusError(N_("a win with a negative advance ({margin}) is impossible", margin=margin))
    return start_vp - margin // 5


@dataclass(frozen=True)
class CampaignGame:
    """One finished game of a campaign: where it was played, the starting VP, both totals
    and the winner (``"player"`` or ``"contrarius"``: ties go to the Concordia card)."""

    start_vp: int
    player: int
    contrarius: int
    winner: str
    board: str | None = None
    seed: int | None = None
    game_id: str | None = None

    @property
    def margin(self) -> int:
        """The player's advance over Contrarius (negative for a loss)."""
        return self.player - self.contrarius

    @property
    def won(self) -> bool:
        """True when the player won (a tie counts as the Concordia card decided it)."""
        return self.winner == PLAYER

    @property
    def next_start_vp(self) -> int:
        """The starting VP of the game after this one."""
        return next_start_vp(self.start_vp, self.margin, self.won)

    def to_dict(self, number: int) -> dict[str, Any]:
        """Plain data of game ``number`` (1-based) in the campaign file's key order."""
        out = {"game": number, "board": self.board, "seed": self.seed, "start_vp": self.start_vp,
               "player": self.player, "contrarius": self.contrarius, "margin": self.margin,
               "winner": self.winner, "next_start_vp": self.next_start_vp}
        if self.game_id is not None:
            out["game_id"] = self.game_id
        return out


@dataclass(frozen=True)
class Campaign:
    """A campaign record: the first game's starting VP and the games played, in order."""

    start_vp: int = CAMPAIGN_START_VP
    games: tuple[CampaignGame, ...] = ()

    @property
    def next_start_vp(self) -> int:
        """The starting VP of the next game."""
        return self.games[-1].next_start_vp if self.games else self.start_vp

    @property
    def over(self) -> bool:
        """True when the next game would start at 0 VP or below: veteran comes next."""
        return self.next_start_vp <= 0

    @property
    def next_game(self) -> int:
        """The number of the next game (1-based)."""
        return len(self.games) + 1

    def add(self, game: CampaignGame) -> "Campaign":
        """This campaign with ``game`` appended.

        Raises :class:`RuleError` when the campaign is over, when the game's starting VP
        is not the campaign's next one, or when the same game is already recorded.
        """
        if self.over:
            raise RuleError(NP_("the campaign is over after {n} game (next start {start} VP): you are ready for {level}; "
                                "start a new campaign file for a new campaign",
                                "the campaign is over after {n} games (next start {start} VP): you are ready for {level}; "
                                "start a new campaign file for a new campaign",
                                len(self.games), start=self.next_start_vp, level=Term("level", NEXT_LEVEL)))
        if game.start_vp != self.next_start_vp:
            raise RuleError(N_("this game started at {start} VP but game {game} of the campaign starts at {next} VP",
                               start=game.start_vp, game=self.next_game, next=self.next_start_vp))
        for i, old in enumerate(self.games, 1):
            same_play = game.game_id is not None and old.game_id == game.game_id
            if same_play or game.seed is not None and (old.board, old.seed, old.player, old.contrarius) == \
                    (game.board, game.seed, game.player, game.contrarius):
                raise RuleError(N_("this game ({board}, seed {seed}, {player} to {contrarius}) is already recorded as game {i}; "
                                   "a game is recorded once (to correct its result: --replace)", board=game.board,
                                   seed=game.seed, player=game.player, contrarius=game.contrarius, i=i))
        return replace(self, games=self.games + (game,))

    def index_of(self, game_id: str | None, board: str | None = None, seed: int | None = None) -> int | None:
        """The 0-based index of the recorded game that is this play (same ``game_id``, see
        :func:`game_fingerprint`; for games recorded without one: the only game with this
        ``board`` and ``seed``), or None."""
        for i, old in enumerate(self.games):
            if game_id is not None and old.game_id == game_id:
                return i
        if seed is not None:
            hits = [i for i, old in enumerate(self.games) if old.game_id is None and (old.board, old.seed) == (board, seed)]
            if len(hits) == 1:
                return hits[0]
        return None

    def replace_game(self, index: int, game: CampaignGame) -> tuple["Campaign", list[str]]:
        """This campaign with game ``index`` (0-based) replaced by ``game`` (a corrected
        result: ``score --campaign FILE --replace``), and the list of what changed, one
        phrase each (``your total: 140 -> 104``).

        "Campaign": each game's result sets the next game's starting VP, so a correction
        that changes the next starting VP is refused (:class:`RuleError`) when games were
        recorded after it: they were played at the old starting VP.
        """
        old = self.games[index]
        if game.start_vp != old.start_vp:
            raise RuleError(N_("game {game} started at {old} VP, this result at {new} VP", game=index + 1, old=old.start_vp,
                               new=game.start_vp))
        later = len(self.games) - index - 1
        if later and game.next_start_vp != old.next_start_vp:
            raise RuleError(NP_("correcting game {game} changes the next starting VP ({old} -> {new}), but {n} later game was "
                                "played at {old}; correct the campaign file by hand or start it afresh",
                                "correcting game {game} changes the next starting VP ({old} -> {new}), but {n} later games were "
                                "played at {old}; correct the campaign file by hand or start it afresh",
                                later, game=index + 1, old=old.next_start_vp, new=game.next_start_vp))
        changes = [N_("{what}: {old} -> {new}", what=what, old=a, new=b) for what, a, b in (
            (N_("your total"), old.player, game.player), (N_("Contrarius's total"), old.contrarius, game.contrarius),
            (N_("advance"), old.margin, game.margin), (N_("winner"), Term("side", old.winner), Term("side", game.winner)),
            (N_("next starting VP"), old.next_start_vp, game.next_start_vp)) if a != b]
        games = list(self.games)
        games[index] = replace(game, game_id=game.game_id or old.game_id)
        return replace(self, games=tuple(games)), changes

    def standing(self) -> dict[str, Any]:
        """Where the campaign stands: games played, next game and start VP, over or not."""
        return {"games_played": len(self.games), "next_game": None if self.over else self.next_game,
                "next_start_vp": self.next_start_vp, "over": self.over,
                "next_level": NEXT_LEVEL if self.over else "standard"}

    def to_dict(self) -> dict[str, Any]:
        """Plain data in the campaign file's key order."""
        return {"format": CAMPAIGN_FORMAT, "start_vp": self.start_vp,
                "games": [g.to_dict(i) for i, g in enumerate(self.games, 1)]}

    @classmethod
    def from_dict(cls, data: Any, source: str = "<campaign>") -> "Campaign":
        """Read and check a campaign record (as ``yaml.safe_load`` gives it).

        Raises :class:`InputFileError` naming the file, the key, what is wrong and the
        fix (the first problem; the count of the others).
        """
        problems: list[Problem] = []

        def bad(path: str, message: str, fix: str) -> None:
            problems.append(Problem(path, message, fix))

        def whole(value: Any, path: str, minimum: int | None = None, allow_none: bool = False) -> int | None:
            if value is None and allow_none:
                return None
            if isinstance(value, bool) or not isinstance(value, int):
                bad(path, N_("expected a whole number, got {value}", value=shown(value)), N_("write a number"))
                return None
            if minimum is not None and value < minimum:
                bad(path, N_("expected {minimum} or more, got {value}", minimum=minimum, value=value),
                    N_("set it to {minimum} or more", minimum=minimum))
                return None
            return value

        if not isinstance(data, dict):
            raise InputFileError(N_("{source}: not a campaign record (expected a mapping with format, start_vp and games); "
                                    "'contrarius score GAME --campaign {source}' writes one", source=source))
        for key in data:
            if key not in _TOP_KEYS:
                bad(str(key), N_("unknown key"), N_("allowed keys: {keys}", keys=", ".join(_TOP_KEYS)))
        fmt = data.get("format", CAMPAIGN_FORMAT)
        if fmt != CAMPAIGN_FORMAT:
            bad("format", N_("unknown campaign format {fmt!r}", fmt=fmt), N_("this contrarius reads format {format}", format=CAMPAIGN_FORMAT))
        start = whole(data.get("start_vp", CAMPAIGN_START_VP), "start_vp", minimum=1)
        raw = data.get("games") or []
        if not isinstance(raw, list):
            bad("games", N_("expected a list of games, got {type}", type=type(raw).__name__), N_("write games: [] for a new campaign"))
            raw = []
        games: list[CampaignGame] = []
        expected = start
        for i, item in enumerate(raw):
            path = f"games[{i}]"
            if not isinstance(item, dict):
                bad(path, N_("expected a mapping, got {value}", value=shown(item)), N_("write the keys {keys}", keys=", ".join(_GAME_KEYS)))
                break
            for key in item:
                if key not in _GAME_KEYS:
                    bad(f"{path}.{key}", N_("unknown key"), N_("allowed keys: {keys}", keys=", ".join(_GAME_KEYS)))
            if expected is not None and expected <= 0:
                bad(path, N_("the campaign was over before this game (start {start} VP)", start=expected), N_("remove the game"))
                break
            if item.get("game", i + 1) != i + 1:
                bad(f"{path}.game", N_("expected game {game}, got {value}", game=i + 1, value=shown(item.get("game"))),
                    N_("number the games 1, 2, 3, ... in order"))
            sv = whole(item.get("start_vp"), f"{path}.start_vp", minimum=1)
            pv = whole(item.get("player"), f"{path}.player", minimum=0)
            cv = whole(item.get("contrarius"), f"{path}.contrarius", minimum=0)
            seed = whole(item.get("seed"), f"{path}.seed", allow_none=True)
            board = item.get("board")
            if board is not None and not isinstance(board, str):
                bad(f"{path}.board", N_("expected a board name, got {value}", value=shown(board)), N_("write e.g. board: italia"))
            winner = item.get("winner")
            if winner not in (PLAYER, CONTRARIUS):
                bad(f"{path}.winner", N_("expected player or contrarius, got {value}", value=shown(winner)),
                    N_("write winner: player or winner: contrarius"))
                break
            if sv is None or pv is None or cv is None:
                break
            if expected is not None and sv != expected:
                bad(f"{path}.start_vp", N_("expected {want} (the starting VP this game follows from), got {value}", want=expected,
                                           value=sv), N_("set it to {want}", want=expected))
                break
            game_id = item.get("game_id")
            if game_id is not None and not isinstance(game_id, str):
                bad(f"{path}.game_id", N_("expected the game's fingerprint (text), got {value}", value=shown(game_id)),
                    N_("remove it or quote it"))
                game_id = None
            game = CampaignGame(sv, pv, cv, winner, board, seed, game_id)
            if (pv > cv and winner != PLAYER) or (pv < cv and winner != CONTRARIUS):
                bad(f"{path}.winner", N_("{winner} cannot win {player} to {contrarius}", winner=Term("side", winner), player=pv,
                                         contrarius=cv), N_("correct the totals or the winner"))
                break
            for key, want in (("margin", game.margin), ("next_start_vp", game.next_start_vp)):
                if key in item and item[key] != want:
                    bad(f"{path}.{key}", N_("expected {want}, got {value}", want=want, value=shown(item[key])),
                        N_("set it to {want} (or remove it: it is derived)", want=want))
            games.append(game)
            expected = game.next_start_vp
        if problems:
            first = problems[0].render(source)
            more = len(problems) - 1
            raise InputFileError(N_("{first}{more}", first=first, more=NP_(" (and {n} more problem)", " (and {n} more problems)", more)
                                    if more else ""))
        return cls(start or CAMPAIGN_START_VP, tuple(games))


def game_fingerprint(snapshot) -> str:
    """A short fingerprint of a played game: its board, seed and every turn of its log (card,
    action, dice). The same game scored twice has the same fingerprint, whatever totals
    were given, so a campaign records it once."""
    import hashlib
    import json

    turns = [[e.get("player"), e.get("card"), e.get("action"), e.get("dice")] for e in snapshot.log]
    text = json.dumps([snapshot.board.name, snapshot.seed, turns], sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def game_from_score(final: FinalScore, start_vp: int, board: str | None = None, seed: int | None = None,
                    *, require_end: bool = True, game_id: str | None = None) -> CampaignGame:
    """The campaign entry of a scored game that started at ``start_vp``.

    Raises :class:`RuleError` unless the game is a finished (with ``require_end=False``:
    any) solo game at standard level ("Campaign": "Start with a game of standard
    difficulty"), and
    :class:`ContrariusError` when the player's total is not known.
    """
    if final.mode != SOLO:
        raise RuleError(N_("a campaign is a sequence of solo games; this is a {mode} game", mode=Term("mode", final.mode)))
    if final.level != "standard":
        raise RuleError(N_("a campaign is played at standard level; this game is {level}", level=Term("level", final.level)))
    if require_end and not final.ended:
        raise RuleError(N_("the game has not ended: a campaign records finished games only "
                           "(use --no-record to see what this standing would mean)"))
    if not final.complete or final.winner is None:
        what = [Joined(": ", [Term("side", s.owner), Joined(", ", list(s.missing))]) for s in final.sides if not s.complete]
        raise ContrariusError(N_("the winner is not known ({what}); give the missing facts or --player-total, or set concordia in "
                                 "the snapshot", what=Joined("; ", what) if what else N_("a tie with nobody holding the Concordia card")))
    me = final.sides[1]
    return CampaignGame(start_vp, me.total or 0, final.sides[0].total or 0,
                        PLAYER if final.winner == me.owner else CONTRARIUS, board or final.board, seed, game_id)


def load_campaign(path: str, *, missing_ok: bool = False) -> tuple[Campaign, bool]:
    """Load the campaign record at ``path`` (:func:`contrarius.store.campaign_file.read_campaign_data`);
    returns ``(campaign, existed)``.

    With ``missing_ok`` a file that does not exist yet is a new campaign (20 VP).
    Raises :class:`InputFileError` for an unreadable, non-YAML or invalid file.
    """
    from contrarius.store.campaign_file import read_campaign_data

    data, existed = read_campaign_data(path, missing_ok=missing_ok)
    return _campaign_of(data, path), existed


def _campaign_of(data: Any, path: str) -> Campaign:
    """The campaign of the record's plain ``data`` read from ``path`` (None: no file yet or
    an empty one, a new campaign). Raises :class:`InputFileError`."""
    return Campaign() if data is None else Campaign.from_dict(data, path)


def update_campaign(path: str, change, before_commit=None) -> Campaign:
    """Record a game in the campaign file at ``path`` (created if missing): read, change and
    write it under the file's lock (:func:`contrarius.store.campaign_file.update_campaign_data`), so
    that two ``score --campaign`` at the same time both keep their game. ``change(campaign,
    existed)`` returns the new campaign (or None: nothing is written). Returns the campaign
    as it is afterwards. Raises :class:`InputFileError` for an unreadable, invalid or
    unwritable file, and what ``change`` raises (nothing is then written).
    ``before_commit(campaign)`` (the command's report of the campaign as it will be) runs
    just before the file is written; if it raises, nothing is written."""
    from contrarius.store.campaign_file import update_campaign_data

    result: list[Campaign] = []

    def step(data: Any, existed: bool) -> dict | None:
        camp = _campaign_of(data, path)
        new = change(camp, existed)
        result.append(camp if new is None else new)
        return None if new is None else new.to_dict()

    update_campaign_data(path, step, None if before_commit is None else lambda: before_commit(result[-1]))
    return result[-1]


def save_campaign(path: str, campaign: Campaign) -> None:
    """Write the campaign record to ``path`` atomically (:func:`contrarius.store.campaign_file.save_campaign_data`)."""
    from contrarius.store.campaign_file import save_campaign_data

    save_campaign_data(path, campaign.to_dict())


def campaign_start(path: str, *, level: str, mode: str) -> tuple[int, str]:
    """The starting VP of the next game of the campaign at ``path`` and a note saying so.

    A file that does not exist yet starts a new campaign (20 VP; ``contrarius score
    --campaign`` creates it). Raises :class:`RuleError` when the campaign is over or the
    game is not a standard solo game, :class:`InputFileError` for a bad file.
    """
    if mode != SOLO:
        raise RuleError(N_("a campaign is a sequence of solo games; drop --mode {mode} or --campaign", mode=mode))
    if level != "standard":
        raise RuleError(N_("a campaign is played at standard level; drop --level {level} or --campaign", level=level))
    camp, existed = load_campaign(path, missing_ok=True)
    if camp.over:
        raise RuleError(NP_("{path}: the campaign is over after {n} game (next start {start} VP): you are ready for {level} "
                            "(contrarius new --level {next})",
                            "{path}: the campaign is over after {n} games (next start {start} VP): you are ready for {level} "
                            "(contrarius new --level {next})", len(camp.games), path=path, start=camp.next_start_vp,
                            level=Term("level", NEXT_LEVEL), next=NEXT_LEVEL))
    if not existed:
        return camp.next_start_vp, N_("campaign {path} (new; 'contrarius score GAME --campaign {path}' creates it): "
                                      "game 1 at {start} VP", path=path, start=camp.next_start_vp)
    return camp.next_start_vp, N_("campaign {path}: game {game} at {start} VP", path=path, game=camp.next_game,
                                  start=camp.next_start_vp)
