"""``contrarius score``: the rulebook's "Final scoring", and the campaign record."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from contrarius.messages import N_, Term
from contrarius.errors import ContrariusError, RuleError
from contrarius.cli.common import SVG_HELP, boundary, check_svg_target, emit_json, out_console, put_once, report_before_commit, write_svg


def _items(values: list[str] | None) -> list[str]:
    """Repeated options and comma-separated lists, flattened."""
    out: list[str] = []
    for v in values or []:
        out.extend(t.strip() for t in v.replace(";", ",").split(",") if t.strip())
    return out


def _whole(text: str, option: str, example: str) -> int:
    try:
        n = int(text.strip())
    except ValueError:
        raise ContrariusError(N_("{option}: cannot read {text!r} as a number; write e.g. {example}", option=option, text=text, example=example)) from None
    if n < 0:
        raise ContrariusError(N_("{option}: {n_} is negative; write e.g. {example}", option=option, n_=n, example=example))
    return n


def parse_goods(values: list[str] | None) -> dict[str, int] | None:
    """``--goods brick=1,food=2`` -> ``{"brick": 1, "food": 2}`` (None when not given);
    goods synonyms are read (``grain=2`` -> food)."""
    from contrarius.words.names import goods_from_text

    items = _items(values)
    if not items:
        return None
    out: dict[str, int] = {}
    if [i.strip().casefold() for i in items] == ["none"]:
        return out  # --goods none: an empty storehouse
    for item in items:
        goods, sep, n = item.partition("=")
        if not sep:
            raise ContrariusError(N_("--goods: cannot read {item!r}; write GOODS=COUNT, e.g. brick=1,cloth=2", item=item))
        goods = goods_from_text(goods)  # also grain/wheat for food
        put_once(out, goods, _whole(n, "--goods", "brick=1,cloth=2"), "--goods", goods)
    return out


def parse_points(values: list[str] | None) -> dict[str, int]:
    """``--player-points vesta=4,jupiter=12`` -> ``{"Vesta": 4, "Jupiter": 12}``."""
    from contrarius.material.board import unknown
    from contrarius.rules.scoring import GOD_ORDER

    out: dict[str, int] = {}
    for item in _items(values):
        god, sep, n = item.partition("=")
        if not sep:
            raise ContrariusError(N_("--player-points: cannot read {item!r}; write GOD=POINTS, e.g. vesta=4", item=item))
        hit = next((g for g in GOD_ORDER if g.casefold() == god.strip().casefold()), None)
        if hit is None:
            raise unknown("god", god.strip(), list(GOD_ORDER))
        put_once(out, hit, _whole(n, "--player-points", "vesta=4"), "--player-points", hit)
    return out


def parse_cards(values: list[str] | None):
    """``--player-cards Tribune,Diplomat:Jupiter,Weaver`` -> cards (``NAME:GOD[+GOD]`` sets the gods)."""
    from contrarius.material.board import unknown
    from contrarius.material.cards import GODS, Card

    items = _items(values)
    if not items:
        return None
    out = []
    for item in items:
        name, sep, gods = item.partition(":")
        card = Card.of(name.strip())
        if sep:
            chosen = []
            for g in gods.split("+"):
                hit = next((x for x in GODS if x.casefold() == g.strip().casefold()), None)
                if hit is None:
                    raise unknown("god", g.strip(), list(GODS))
                chosen.append(hit)
            if not 1 <= len(chosen) <= 2:
                raise ContrariusError(N_("--player-cards {item!r}: a card bears one or two gods", item=item))
            card = Card(card.name, tuple(chosen))
        out.append(card)
    return tuple(out)


def parse_salt_for(snap, values: list[str] | None) -> dict[str, str]:
    """``--salt-for Brigantivm=cloth`` -> ``{"Brigantivm": "cloth"}`` (Salsa, Minerva).

    Raises :class:`ContrariusError` for a malformed entry, an unknown city or goods."""
    from contrarius.model.variants import goods_for_salt

    out: dict[str, str] = {}
    for item in _items(values):
        city, sep, goods = item.partition("=")
        if not sep:
            raise ContrariusError(N_("--salt-for {item!r}: write CITY=GOODS, e.g. Brigantivm=cloth", item=item))
        name = snap.board.city(city.strip())
        put_once(out, name, goods_for_salt(goods), "--salt-for", name)
    return out


def parse_totals(values: list[str] | None, default: str | None) -> dict[str, int]:
    """``--player-total 95`` (the only player) or ``--player-total player1=95`` (repeat)."""
    out: dict[str, int] = {}
    for item in _items(values):
        pid, sep, n = item.rpartition("=")
        if not sep:
            if default is None:
                raise ContrariusError(N_("--player-total {item!r}: name the player, e.g. player1={item}", item=item))
            pid = default
        put_once(out, pid.strip(), _whole(n, "--player-total", "95 or player1=95"), "--player-total", pid.strip())
    return out


def score_data(final, campaign: dict[str, Any] | None) -> dict[str, Any]:
    """Everything ``score`` prints, as plain data (its ``--json``)."""
    out = final.to_dict()
    out["campaign"] = campaign
    return out


def games_data(camp) -> list[dict[str, Any]]:
    """The games of campaign ``camp`` as ``score --json`` lists them (``campaign.games``)."""
    return [g.to_dict(i) for i, g in enumerate(camp.games, 1)]


def draw_campaign(svg: str, camp_data: dict[str, Any], report=None) -> None:
    """Write the campaign chart of ``camp_data`` (``score --json``'s ``campaign``) to ``svg``,
    after ``report`` (:func:`~contrarius.cli.common.write_svg`)."""
    from contrarius.pictures.score_svg import campaign_picture

    write_svg(svg, campaign_picture(camp_data), report=report)


def record_campaign(path: str, change, svg: str | None, camp_data: dict[str, Any], before_commit=None):
    """Record the game in the campaign file ``path`` (``change(campaign, existed)`` under
    its lock, :func:`contrarius.rules.campaign.update_campaign`), drawing its chart to
    ``svg`` first when given, from the campaign as it is read now: the report
    (``before_commit(campaign)``), then the picture, then the campaign file, so that a report
    that cannot be printed leaves neither written (:func:`~contrarius.cli.common.write_svg`);
    should another command change the campaign meanwhile, the picture is drawn again from
    the record as written. Without ``svg`` the report runs just before the campaign file is
    written. Returns the campaign afterwards; ``change`` fills in ``camp_data``."""
    from contrarius.rules.campaign import load_campaign, update_campaign

    drawn = None
    if svg is not None:
        after = change(*load_campaign(path, missing_ok=True))
        said = before_commit
        draw_campaign(svg, camp_data, report=(lambda: said(after)) if said is not None else None)
        drawn = camp_data.get("games")
        before_commit = None  # said with the picture
    camp = update_campaign(path, change, before_commit=before_commit)
    if svg is not None and camp_data.get("games") != drawn:
        draw_campaign(svg, camp_data)
    return camp


def same_path(a: str, b: str) -> bool:
    """Whether paths ``a`` and ``b`` name the same place (the file need not exist yet)."""
    import os

    return os.path.realpath(a) == os.path.realpath(b)


def _status_line(final) -> str:
    from contrarius.rules.scoring import ENDED

    from contrarius.words.i18n import _, term_name

    where = f"{final.board} - {term_name('mode', final.mode)} - {term_name('level', final.level)}"
    if final.status == ENDED:
        return _("[bold]Final scoring[/bold] - {where} - {status}").format(where=where, status=final.status_text)
    return _("[bold]Standing[/bold] - {where} - [yellow]{status}[/yellow]").format(where=where, status=final.status_text)


def _fmt(x: float | int | None) -> str:
    if x is None:
        return "?"
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _result_line(final) -> str:
    from contrarius.rules.scoring import TEAM

    from contrarius.words.i18n import _, term_name

    prefix = _("Winner") if final.ended else _("Leading")
    if final.winner is None:
        if final.tie:
            return _("{prefix}: nobody yet - a tie, and nobody holds the Concordia card (its owner wins a tie)").format(prefix=prefix)
        return _("{prefix}: not known - a side's total is incomplete").format(prefix=prefix)
    who = {"contrarius": "Contrarius", TEAM: _("your team")}.get(final.winner) or term_name("side", final.winner)
    if final.tie:
        return _("{prefix}: {who} - a tie, broken by the {decided_by} ({holder})").format(
            prefix=prefix, who=who, decided_by=term_name("tie_by", final.decided_by), holder=final.concordia or _("Praefectus Magnus holder"))
    if final.margin is not None:
        return _("{prefix}: {who} by {margin} VP").format(prefix=prefix, who=who, margin=_fmt(abs(final.margin)))
    return f"{prefix}: {who}"


def _counted(g) -> str:
    """What a god's value counted, for the lines under the table."""
    import re

    from contrarius.words.i18n import _, term_name

    if g.minerva:
        salt = _(" (salt)")
        return "; ".join(f"{term_name('card', m.card)} " + ", ".join(c + (salt if c in m.salt else "") for c in m.cities)
                         for m in g.minerva if m.cities)
    if not g.counted:
        return str(g.detail)
    if g.god == "Mercurius":  # goods types
        return ", ".join(term_name("goods", c) for c in g.counted)
    if g.god == "Mars":  # colonists as Colonist.describe() says them
        said = []
        for c in g.counted:
            m = re.fullmatch(r"(\w+) colonist (in|on) (.+)", c)
            said.append(c if m is None else (_("{kind} colonist in {city}") if m[2] == "in" else _("{kind} colonist on {line}")).format(
                kind=term_name("kind", m[1]), city=m[3], line=m[3]))
        return ", ".join(said)
    return ", ".join(g.counted)


def _value_text(g) -> str:
    """A god's value for a table cell (:attr:`~contrarius.rules.scoring.GodScore.value_text`) in the language chosen."""
    from contrarius.words.i18n import _, term_name

    if g.given:
        return _("given")
    if g.god == "Minerva" and g.minerva:
        return " + ".join(f"{term_name('card', m.card)} {len(m.cities)}x{m.per_city}" + (f" (x{m.copies})" if m.copies > 1 else "")
                          for m in g.minerva)
    return g.value_text


def _score_table(final, sides: list, show_venus: bool, title: str):
    """The score table of ``sides``: one row per god, then VP track, Concordia card, total."""
    from rich.table import Table

    from contrarius.words.i18n import _, capital, term_name

    table = Table(title=title)
    table.add_column("", no_wrap=True)
    for side in sides:
        name = "Contrarius" if side.owner == "contrarius" else term_name("side", side.owner)
        table.add_column(_("{name}\ncards").format(name=name), justify="right")
        table.add_column(_("value"), justify="right")
        table.add_column(_("points"), justify="right")
    for god in [g.god for g in final.sides[0].gods]:
        if god == "Venus" and not show_venus:
            continue
        row = [god]
        for side in sides:
            g = side.god(god)
            row += ["?" if g.cards is None else str(g.cards), _value_text(g), "?" if g.points is None else str(g.points)]
        table.add_row(*row)
    table.add_section()
    table.add_row(_("VP track"), *[c for s in sides for c in ("", "", str(s.track))])
    table.add_row(_("Concordia card"), *[c for s in sides for c in ("", "", str(s.concordia) if s.concordia else "-")])
    for what in dict.fromkeys(e.what for s in sides for e in s.extras):  # the solo variants' points
        cells = []
        for s in sides:
            hit = next((e for e in s.extras if e.what == what), None)
            cells += ["", "", str(hit.points) if hit else "-"]
        table.add_row(capital(term_name("extra", what)), *cells)
    totals = []
    for s in sides:
        text = str(s.total) if s.total is not None else f">= {s.known_points}"
        totals += ["", _("given") if s.given_total is not None else "", f"[bold]{text}[/bold]"]
    table.add_row(_("Total"), *totals)
    return table


def render_score(final, campaign: dict[str, Any] | None, con) -> None:
    """Print the score table: one row per god, card count, value and points per side."""
    from rich.markup import escape

    from contrarius.words.i18n import _, term_name

    con.print(_status_line(final))
    show_venus = final.mode == "team" or any((s.god("Venus").cards or 0) for s in final.sides)
    title = _("Final scoring") if final.ended else _("Standing")
    table = _score_table(final, final.sides, show_venus, title)
    from rich.measure import Measurement

    if Measurement.get(con, con.options.update(max_width=100_000), table).maximum > con.width:  # too wide (team play at 80 columns): one table per side
        for side in final.sides:
            name = "Contrarius" if side.owner == "contrarius" else term_name("side", side.owner)
            con.print(_score_table(final, [side], show_venus, f"{title}: {name}"))
    else:
        con.print(table)
    for side in final.sides:
        parts = [f"    {g.god}: {_counted(g)}" for g in side.gods
                 if (g.points and (g.counted or g.god == "Vesta")) or (g.points is None and g.detail)
                 or (g.god == "Vesta" and "salt at cloth's price" in g.detail)]
        parts += [f"    {term_name('extra', e.what)}: {e.detail}" + (f" ({e.reading})" if e.reading else "") for e in side.extras]
        if parts:
            con.print(_("  Counted for {side}:").format(side="Contrarius" if side.owner == "contrarius" else term_name("side", side.owner)))
            for part in parts:
                con.print(part)
    if final.team_total is not None:
        con.print(_("Team score: {score} (the middle of {totals})").format(
            score=_fmt(final.team_total), totals=_(" and ").join(str(s.total) for s in final.sides[1:])))
    con.print(f"[bold]{_result_line(final)}[/bold]")
    for note in final.notes:
        con.print(f"  - {escape(str(note))}")
    if campaign:
        render_campaign(campaign, con)


def render_campaign(c: dict[str, Any], con) -> None:
    """Print where the campaign stands (and the game just recorded), in the player's
    language ("Campaign")."""
    from rich.markup import escape

    from contrarius.words.i18n import _, ngettext, say

    st = c["standing"]
    g = c.get("game")
    head = (_("Campaign {file}") if c["existed"] else _("Campaign {file} (new)")).format(file=escape(c["file"]))
    if g:
        won = g["winner"] == "player"
        if g["margin"] == 0:
            how = _("won the tie (Concordia card)") if won else _("lost the tie (Concordia card)")
        else:
            how = (_("won by {margin}") if won else _("lost by {margin}")).format(margin=abs(g["margin"]))
        why = (_("({start} - {margin} // 5)").format(start=g["start_vp"], margin=g["margin"]) if won
               else _("(a loss keeps it)"))
        verb = (_("this game corrected as game {game}") if c.get("replaced") else _("this game recorded as game {game}")
                if c["recorded"] else _("this game would be game {game}")).format(game=g["game"])
        con.print(_("{head}: {verb}: started at {start} VP, {how} -> next game starts at {next} VP {why}").format(
            head=head, verb=verb, start=g["start_vp"], how=how, next=g["next_start_vp"], why=why))
    else:
        n = st["games_played"]
        con.print(ngettext("{head}: {n} game played", "{head}: {n} games played", n).format(head=head, n=n))
    if c.get("replaced"):
        changed = "; ".join(escape(say(x)) for x in c["changes"]) or _("nothing (the same result)")
        con.print(_("  - changed: {changes}").format(changes=changed))
    if c.get("reason"):
        con.print(_("  - not recorded: {reason}").format(reason=escape(say(c["reason"]))))
    if st["over"]:
        con.print(_("[bold]The campaign is over[/bold] (next start {start} VP, 0 or below): you are ready for difficulty "
                    "level {level} (contrarius new --level veteran)").format(start=st["next_start_vp"],
                                                                           level=say(Term("level", st["next_level"]))))
    else:
        con.print(_("Next: game {game} at {start} VP (contrarius new --campaign {file} ...)").format(
            game=st["next_game"], start=st["next_start_vp"], file=escape(c["file"])))


def _by_player(values: list[str] | None, pids: list[str], default: str | None, option: str) -> dict[str, list[str]]:
    """Sort an option's values by player: ``player2:brick=1`` names its player, a value
    without one belongs to ``default`` (``--player``, or the only player of a solo game).

    Raises :class:`ContrariusError` for a value whose player is not known.
    """
    out: dict[str, list[str]] = {}
    for value in values or []:
        head, sep, rest = str(value).partition(":")
        if sep and head.strip() in pids:
            pid, text = head.strip(), rest
        elif default is not None:
            pid, text = default, str(value)
        else:
            raise ContrariusError(N_("{option} {value!r}: which player? prefix it, e.g. {option} {pids}:{value}, or give --player", option=option, value=value, pids=pids[-1]))
        out.setdefault(pid, []).append(text)
    return out


def register(app: typer.Typer) -> None:
    """Add ``score`` to ``app``."""

    @app.command("score")
    @boundary
    def score_cmd(
        snapshot: Annotated[str, typer.Argument(help="Snapshot file, or - for stdin (the default).")] = "-",
        player: Annotated[Optional[list[str]], typer.Option("--player", help="Team/third-player: the player the options below describe (once; or prefix each value with ID:, e.g. --sestertii player2:7).")] = None,
        goods: Annotated[Optional[list[str]], typer.Option("--goods", help="Your goods at the end as counted at the table, e.g. brick=1,cloth=2, or none (Vesta); team: player2:brick=1.")] = None,
        sestertii: Annotated[Optional[list[str]], typer.Option("--sestertii", help="Your sestertii at the end as counted at the table (Vesta); team: player2:7.")] = None,
        player_cards: Annotated[Optional[list[str]], typer.Option("--player-cards", help="All your cards (hand and played), e.g. Tribune,Diplomat:Jupiter,Weaver.")] = None,
        player_points: Annotated[Optional[list[str]], typer.Option("--player-points", help="A god's points counted at the table, e.g. vesta=4 (repeat).")] = None,
        salt_for: Annotated[Optional[list[str]], typer.Option("--salt-for", help="Salsa: the goods type a salt city of yours counts for with Minerva, CITY=GOODS (repeat; default: the type worth most to you).")] = None,
        player_total: Annotated[Optional[list[str]], typer.Option("--player-total", help="Your whole final score counted at the table (track, gods, Concordia card); team: ID=N.")] = None,
        campaign: Annotated[Optional[str], typer.Option("--campaign", help="Campaign file: record this finished game in it (created if missing).")] = None,
        no_record: Annotated[bool, typer.Option("--no-record", help="With --campaign: show what this result would mean, write nothing.")] = False,
        replace: Annotated[bool, typer.Option("--replace", help="With --campaign: correct this game's recorded result (e.g. a mistyped --player-total) and say what changed.")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Print the score as JSON.")] = False,
        svg: Annotated[Optional[str], typer.Option("--svg", metavar="FILE", help=SVG_HELP + " Each side's score as a bar split by god, the winner; with --campaign the campaign's games as a chart.")] = None,
    ) -> None:
        """Final scoring: every god on every card (Contrarius: face up and face down), VP track, Concordia card, the winner.

        Works mid-game too (the current standing) and says whether the game has ended.
        What the snapshot does not record of your side can be given with the options.
        """
        from contrarius.rules.campaign import game_fingerprint, game_from_score, load_campaign
        from contrarius.rules.scoring import PlayerInput, score
        from contrarius.store.snapshot_text import load_snapshot

        if no_record and not campaign:
            raise ContrariusError(N_("--no-record goes with --campaign FILE"))
        if replace and (not campaign or no_record):
            raise ContrariusError(N_("--replace goes with --campaign FILE (and without --no-record)"))
        svg = check_svg_target(svg, as_json, snapshot)
        if svg not in (None, "-") and campaign and same_path(svg, campaign):
            raise ContrariusError(N_("--svg {svg} is the campaign file itself: the picture would replace the campaign; give another file, e.g. --svg campaign.svg", svg=svg))
        snap = load_snapshot(snapshot)
        pids = [p.id for p in snap.players]
        if player and len(player) > 1:
            raise ContrariusError(N_("give --player once; to describe both players, prefix each value with its player, e.g. --goods player1:cloth=2 --sestertii player1:16 --goods player2:brick=1 --sestertii player2:7"))
        only = pids[0] if len(pids) == 1 else None
        who = player[0] if player else only
        if who is not None and who not in pids:
            raise ContrariusError(N_("--player {who!r}: no such player in this {mode} game; players: {pids}", who=who, mode=snap.mode, pids=', '.join(pids)))
        per = {option: _by_player(values, pids, who, option) for option, values in
               (("--player-cards", player_cards), ("--goods", goods), ("--sestertii", sestertii), ("--player-points", player_points),
                ("--salt-for", salt_for))}
        given: dict[str, PlayerInput] = {}
        for pid in pids:
            money = per["--sestertii"].get(pid)
            if money is not None and len(money) > 1:
                raise ContrariusError(N_("--sestertii given twice for {pid}; give it once", pid=pid))
            inp = PlayerInput(cards=parse_cards(per["--player-cards"].get(pid)), goods=parse_goods(per["--goods"].get(pid)),
                              sestertii=_whole(money[0], "--sestertii", "14") if money else None,
                              points=parse_points(per["--player-points"].get(pid)),
                              salt=parse_salt_for(snap, per["--salt-for"].get(pid)))
            if inp != PlayerInput():
                given[pid] = inp
        for pid, total in parse_totals(player_total, who).items():
            if pid not in pids:
                raise ContrariusError(N_("--player-total: no player {pid!r} in this {mode} game; players: {pids}", pid=pid, mode=snap.mode, pids=', '.join(pids)))
            base = given.get(pid, PlayerInput())
            given[pid] = PlayerInput(base.cards, base.goods, base.sestertii, base.points, total, base.salt)
        final = score(snap, given)
        camp_data = None
        said: list[bool] = []

        def report() -> None:
            said.append(True)
            if as_json:
                emit_json(score_data(final, camp_data))
            else:
                render_score(final, camp_data, out_console())

        def standing_then_report(after) -> None:  # the campaign as it will be written
            camp_data["standing"] = after.standing()
            report()

        # the report is said before the campaign file is written: one that cannot be printed
        # (stdout closed or full) leaves the file as it was (exit 3)
        say_before = None if svg == "-" else report_before_commit(standing_then_report)  # --svg -: the picture alone
        if campaign:
            camp, existed = load_campaign(campaign, missing_ok=True)
            camp_data = {"file": campaign, "existed": existed, "recorded": False, "game": None, "reason": None}
            if no_record:
                try:
                    game = game_from_score(final, camp.next_start_vp, seed=snap.seed, require_end=False, game_id=game_fingerprint(snap))
                    preview = camp.add(game)
                    camp_data["game"] = game.to_dict(len(preview.games))
                    camp_data["standing"] = preview.standing()
                    camp_data["games"] = games_data(preview)
                except ContrariusError as exc:
                    camp_data["reason"] = exc.args[0] if exc.args else str(exc)
                    camp_data["standing"] = camp.standing()
                    camp_data["games"] = games_data(camp)
                camp_data["reason"] = camp_data["reason"] or N_("--no-record given")
                if svg is not None:
                    draw_campaign(svg, camp_data, report=None if svg == "-" else report)
            elif replace:
                gid = game_fingerprint(snap)

                def replace_it(camp, existed):  # under the file's lock: the record as it is now
                    idx = camp.index_of(gid, snap.board.name, snap.seed)
                    if idx is None:
                        raise RuleError(N_("{campaign}: this game is not recorded yet, so there is nothing to replace; drop --replace to record it", campaign=campaign))
                    game = game_from_score(final, camp.games[idx].start_vp, seed=snap.seed, game_id=gid)
                    camp, changes = camp.replace_game(idx, game)
                    camp_data.update(existed=existed, recorded=True, replaced=True, changes=changes, game=game.to_dict(idx + 1),
                                     standing=camp.standing(), games=games_data(camp))
                    return camp

                camp_data["standing"] = record_campaign(campaign, replace_it, svg, camp_data, say_before).standing()
            else:
                def add_it(camp, existed):  # under the file's lock: the record as it is now
                    game = game_from_score(final, camp.next_start_vp, seed=snap.seed, game_id=game_fingerprint(snap))
                    camp = camp.add(game)
                    camp_data.update(existed=existed, recorded=True, game=game.to_dict(len(camp.games)),
                                     standing=camp.standing(), games=games_data(camp))
                    return camp

                camp_data["standing"] = record_campaign(campaign, add_it, svg, camp_data, say_before).standing()
        if svg is not None and not campaign:
            from contrarius.pictures.score_svg import picture

            write_svg(svg, picture(score_data(final, None)), report=None if svg == "-" else report)
        if svg == "-":
            return
        if not said:
            report()
