"""``contrarius new``, ``check``, ``show``, ``undo`` and ``redo``: the snapshot commands."""

from __future__ import annotations

import os
from typing import Annotated, Optional

import typer

from contrarius.errors import EXIT_PROBLEMS, ContrariusError, SnapshotError
from contrarius.messages import N_, Joined, Term, plain
from contrarius.cli.common import (SVG_HELP, boundary, check_output, check_svg_target, emit_json, err_console, out_console,
                     report_before_commit, write_snapshot, write_svg)
from contrarius.cli.completion import (
    complete_board_name,
    complete_cards_list,
    complete_kind,
    complete_level,
    complete_mode,
    complete_new_city,
    complete_new_place,
    complete_stack_card,
    complete_stack_cards,
)


def _split(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [t.strip() for t in text.replace(";", ",").split(",") if t.strip()]


def parse_tokens(text: str) -> dict[str, str]:
    """``--tokens``: a YAML file (city: goods) or ``"Aleria=food,Genva=cloth,..."``.

    Raises :class:`ContrariusError` for a malformed entry.
    """
    from contrarius.io.yamlio import load_mapping_file

    if "=" not in text:
        data = load_mapping_file(text, "--tokens")
        return {str(k): _goods(str(v)) for k, v in data.items()}
    out: dict[str, str] = {}
    for item in _split(text) or []:
        city, sep, goods = item.partition("=")
        if not sep or not goods.strip():
            raise ContrariusError(N_("--tokens: cannot read {item}; write CITY=GOODS, e.g. Aleria=food", item=repr(item)))
        out[city.strip()] = _goods(goods)
    return out


def _goods(text: str) -> str:
    """A token's goods as typed: a goods name read as its goods (``wheat``, ``trigo`` -> food);
    anything else folded and left for setup to check."""
    from contrarius.words.names import goods_name

    key = text.strip().casefold()
    return goods_name(key) or key


def show_data(s) -> dict:
    """Everything ``show`` prints, as plain data (also its ``--json``)."""
    from contrarius.material.cards import card_facts
    from contrarius.model.snapshot import CONTRARIUS

    costs = card_facts()["display_costs"]
    board = s.board
    provinces = []
    for prov, cities in board.provinces.items():
        provinces.append({
            "province": prov, "bonus_marker": s.bonus_markers.get(prov),
            "cities": [{"city": c, "goods": s.cities.get(c), "houses": list(s.houses.get(c, []))} for c in cities],
        })
    sides = []
    for owner in s.owners:
        sides.append({
            "owner": owner,
            "vp": s.contrarius.vp if owner == CONTRARIUS else s.player(owner).vp,
            "houses": s.houses_of(owner), "houses_in_supply": s.houses_in_supply(owner),
            "colonists": [c.describe() for c in s.colonists_of(owner)],
            "colonists_in_supply": {k: s.colonists_in_supply(owner, k) for k in ("land", "sea")},
        })
    out = {
        "board": board.name, "mode": s.mode, "level": s.level, "turns": len(s.log), "dice": s.dice, "seed": s.seed,
        "contrarius": {
            "vp": s.contrarius.vp, "track": list(s.contrarius.track),
            "cards": [{"name": c.name, "gods": list(c.gods), "face": "up" if c.face_up else "down", "assumed": c.assumed}
                      for c in s.contrarius.cards],
        },
        "sides": sides,
        "display": [{"position": i + 1, "card": c, "extra_cost": costs[i]} for i, c in enumerate(s.display)],
        **({} if board.display else {"display_note": f"no card display is printed on the {board.name} board: "
                                                     "the extra costs of the other boards are used (reading)"}),
        "stack_remaining": s.stack_remaining,
        "cards_left": s.cards_left,
        "provinces": provinces,
        "concordia": s.concordia,
        "ended": None if s.ended is None else {"by": s.ended.by, "final_turn_pending": s.ended.final_turn_pending},
        "active": s.active,
        "praefectus_magnus": s.praefectus_magnus,
        "players": [{
            "id": p.id, "vp": p.vp, "active": p.id == s.active, "praefectus_magnus": p.id == s.praefectus_magnus,
            "veto": p.veto, "hand": None if p.hand is None else [c.name for c in p.hand],
            "played": None if p.played is None else [c.name for c in p.played],
            "goods": p.goods, "sestertii": p.sestertii,
        } for p in s.players],
    }
    if s.variants:  # the rulebook's "Solo Variants" (absent without them)
        out["variants"] = variants_data(s)
    return out


def variants_data(s) -> dict:
    """The solo variants of ``s`` and their state, for ``show`` (plain data)."""
    from contrarius.rules.scoring import variant_scores
    from contrarius.model.variants import forum_cards

    v = s.variants
    out: dict = {"used": v.names}
    if v.salsa is not None:
        colours = forum_cards()
        out["salsa"] = {
            "contrarius_forum": [{"card": n, "colour": colours[n]} for n in v.salsa.contrarius],
            "forum_row": list(v.salsa.row), "forum_stack": v.salsa.stack_remaining,
            "salt_cities": [{"city": c, "houses": list(s.houses.get(c, []))} for c in s.board.cities if s.cities.get(c) == "salt"],
        }
    if v.fish_market is not None:
        out["fish_market"] = {"contrarius_fish": v.fish_market.contrarius, "player_fish": v.fish_market.player}
    if v.aegyptus is not None:
        out["aegyptus"] = v.aegyptus.to_dict()
    out["contrarius_points"] = [e.to_dict() for e in variant_scores(s)]
    return out


def _n(count: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``0 cards``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def _cards_left(n: int) -> str:
    """``1 card left``, ``14 cards left`` in the language chosen."""
    from contrarius.words.i18n import ngettext

    return ngettext("{n} card left", "{n} cards left", n).format(n=n)


def _colonist_words(c) -> str:
    """``land colonist in Roma``, ``sea colonist on Cosa-Roma`` in the language chosen
    (:meth:`~contrarius.model.snapshot.Colonist.describe`)."""
    from contrarius.words.i18n import _, term_name

    if c.city:
        return _("{kind} colonist in {city}").format(kind=term_name("kind", c.kind), city=c.city)
    return _("{kind} colonist on {line}").format(kind=term_name("kind", c.kind), line=c.line.label)


def _cost_words(cost: str | None) -> str:
    """A display position's extra cost (``1 any + 1 cloth``) in the language chosen."""
    from contrarius.words.i18n import _, term_name

    if not cost:
        return "-"
    parts = []
    anything = _("any")
    for part in cost.split(" + "):
        n, _sep, what = part.partition(" ")
        parts.append(f"{n} {anything if what == 'any' else term_name('goods', what)}")
    return " + ".join(parts)


def render_show(s, con) -> None:
    """Print the state at a glance with rich tables."""
    from rich.table import Table

    from contrarius.rules.end_of_game import closest_to_last_house, final_turn_note
    from contrarius.words.i18n import _, ngettext, term_name

    d = show_data(s)
    solo_note = final_turn_note(s, with_reaction=False) if d["mode"] == "solo" else None
    dice = (_("table game: every die is read from your table (--die)") if d["dice"] == "table"
            else _("virtual game: contrarius rolls a die you do not give (seed {seed})").format(seed=d["seed"]))
    con.print(_("[bold]{board}[/bold] - {mode} - {level} - turn {turn} - {dice}").format(
                  board=d["board"], mode=term_name("mode", d["mode"]), level=term_name("level", d["level"]), turn=d["turns"] + 1,
                  dice=dice)
              + (_(" - [red]game over[/red] ({who} ended it)").format(who=term_name("side", d["ended"]["by"]))
                 if d["ended"] and not d["ended"]["final_turn_pending"] else "")
              + (f" - [yellow]{solo_note}[/yellow]" if solo_note else ""))
    if d["mode"] != "solo":  # team play / third-player: who is who, whose turn, the end
        for p in d["players"]:
            tags = [t for t in (_("to play") if p["active"] else "", "Praefectus Magnus" if p["praefectus_magnus"] else "",
                                {True: _("veto unused"), False: _("veto used")}.get(p["veto"], "")) if t]
            hand = _("not recorded") if p["hand"] is None else (", ".join(term_name("card", c) for c in p["hand"]) or _("empty"))
            con.print(_("{player}{tags}: {vp} VP; hand: {hand}").format(
                          player=p["id"], tags=" (" + ", ".join(tags) + ")" if tags else "", vp=p["vp"], hand=hand)
                      + (_("; played: {cards}").format(cards=", ".join(term_name("card", c) for c in p["played"]) or "-")
                         if p["played"] is not None else ""))
        note = final_turn_note(s)
        if note:
            con.print(f"[yellow]{note}[/yellow]")
    else:  # solo: what you may play (play refuses a card not in your hand) and what lies played
        p = d["players"][0]
        if p["hand"] is None:
            con.print(_("your hand: not recorded (new --no-hand)"))
        else:
            con.print(_("your hand: {cards}").format(cards=", ".join(term_name("card", c) for c in p["hand"]) or _("empty")))
            con.print(_("played: {cards}").format(cards=", ".join(term_name("card", c) for c in p["played"] or []) or "-")
                      + (_(" (the Tribune takes them back)") if p["played"] else ""))
    sides = Table(title=_("Sides"))
    for col in ("", _("VP"), _("houses built"), _("houses in supply"), _("colonists in supply (land/sea)")):
        sides.add_column(col, overflow="fold")
    for side in d["sides"]:
        extra = _(" + track {track}").format(track=d["contrarius"]["track"]) if side["owner"] == "contrarius" and d["contrarius"]["track"] else ""
        sides.add_row(term_name("side", side["owner"]), str(side["vp"]), ", ".join(side["houses"]) or "-", f"{side['houses_in_supply']}{extra}",
                      f"{side['colonists_in_supply']['land']}/{side['colonists_in_supply']['sea']}")
    con.print(sides)
    # colonists as plain lines (not a table cell): a line label is what --move needs typed,
    # so it is never cut or folded at 80 columns
    for side in d["sides"]:
        said = "; ".join(_colonist_words(c) for c in s.colonists_of(side["owner"])) or _("none on the board")
        con.print(_("{owner}'s colonists: {colonists}").format(
            owner="Contrarius" if side["owner"] == "contrarius" else term_name("side", side["owner"]), colonists=said))
    down, assumed = _(", face down"), _(", assumed")
    cards = ", ".join(f"{term_name('card', c['name'])} ({'/'.join(c['gods'])}{down if c['face'] == 'down' else ''}"
                      f"{assumed if c['assumed'] else ''})" for c in d["contrarius"]["cards"])
    con.print(_("Contrarius's cards: {cards}").format(cards=cards or "-"))
    disp = Table(title=_("Display ({n} in the stack, {left})").format(n=d["stack_remaining"], left=_cards_left(d["cards_left"])))
    for col in (_("position"), _("card"), _("extra cost")):
        disp.add_column(col, overflow="fold")
    for item in d["display"]:
        disp.add_row(str(item["position"]), term_name("card", item["card"]) if item["card"] else _("(empty)"),
                     _cost_words(item["extra_cost"]))
    con.print(disp)
    unknown = [str(item["position"]) for item in d["display"] if item["card"] == "?"]
    if unknown:
        con.print(ngettext("unknown (?): display position {positions}, drawn from your stack and not named yet: "
                           "contrarius reveal SNAPSHOT {first}=CARD -i",
                           "unknown (?): display positions {positions}, drawn from your stack and not named yet: "
                           "contrarius reveal SNAPSHOT {first}=CARD -i", len(unknown)).format(
                               positions=", ".join(unknown), first=unknown[0]))
    if d.get("display_note"):
        con.print(_("no card display is printed on the {board} board: the extra costs of the other boards are used (reading)")
                  .format(board=d["board"]))
    prov = Table(title=_("Provinces"))
    fish = "fish_market" in d.get("variants", {})  # fish tiles lie on the bonus spaces instead of the markers
    for col in (_("province"), _("fish tile") if fish else _("bonus marker"), _("cities (goods: houses)")):
        prov.add_column(col, overflow="fold")
    for p in d["provinces"]:
        cities = "; ".join(f"{c['city']} ({term_name('goods', c['goods'])}{': ' + ', '.join(term_name('side', h) for h in c['houses']) if c['houses'] else ''})"
                           for c in p["cities"])
        marker = p["bonus_marker"]
        if fish:
            marker = _("fish") if marker == "goods" else _("turned over") if marker == "coins" else marker
        else:
            marker = {"goods": _("goods"), "coins": _("coins")}.get(marker, marker)
        prov.add_row(p["province"], marker, cities)
    con.print(prov)
    if "variants" in d:
        render_variants(d["variants"], con)
    from contrarius.model.snapshot import MAX_HOUSES

    near, to_build = closest_to_last_house(s)
    con.print(ngettext("End of game: {n} card left to take; closest to a {max}th house: {near} ({to_build} to build).",
                       "End of game: {n} cards left to take; closest to a {max}th house: {near} ({to_build} to build).",
                       d["cards_left"]).format(n=d["cards_left"], max=MAX_HOUSES, near=term_name("side", near), to_build=to_build)
              + (_(" Concordia card: {who}.").format(who=term_name("side", d["concordia"])) if d["concordia"] else ""))


def render_variants(v: dict, con) -> None:
    """Print the solo variants' state (``show``)."""
    from rich.markup import escape

    from contrarius.words.i18n import _, ngettext, term_name

    con.print(_("[bold]Solo variants[/bold]: {variants}").format(variants=", ".join(term_name("variant", u) for u in v["used"])))
    if "salsa" in v:
        sa = v["salsa"]
        own = ", ".join(f"{c['card']} ({term_name('colour', c['colour'])})" for c in sa["contrarius_forum"]) or "-"
        con.print(escape(_("  Salsa: Contrarius's forum cards: {own}; forum row: {row} ({n} in the forum stack)").format(
            own=own, row=", ".join(sa["forum_row"]) or _("(empty)"), n=sa["forum_stack"])))
        salt = "; ".join(f"{c['city']}" + (f" ({', '.join(term_name('side', h) for h in c['houses'])})" if c["houses"] else "") for c in sa["salt_cities"])
        con.print(escape(_("  salt cities: {cities}").format(cities=salt or "-")))
    if "fish_market" in v:
        mine = v['fish_market']['player_fish']
        held = v["fish_market"]["contrarius_fish"]
        con.print(ngettext("  fish market: Contrarius holds {n} fish (1 VP each at the end)",
                           "  fish market: Contrarius holds {n} fish (1 VP each at the end)", held).format(n=held)
                  + ("" if mine is None else _("; your fish (received from production, less what you paid): {n}").format(n=mine)))
    if "aegyptus" in v:
        a = v["aegyptus"]
        first = a.get("first_red_sea")
        if a["red_sea_colonist"] == "placed":
            state = _("placed")
        elif first:
            state = _("due (to {city}, its first Red Sea house)").format(city=first)
        else:
            state = _("due once it has a house at the Red Sea (none yet)")
        con.print(_("  Aegyptus: next new sea colonist to its first Red Sea harbour city: {state}; traders: {traders}").format(
            state=state, traders=", ".join(a["traders"]) or "-"))
    pts = ", ".join(f"{term_name('extra', e['what'])} {e['points']}" for e in v["contrarius_points"])
    if pts:
        con.print(_("  Contrarius's variant points at the end so far: {points}").format(points=pts))


def move_text(moved, word: str) -> str:
    """The line reporting an undo or redo (``word``: ``undid``/``redid``) of a
    :class:`~contrarius.store.history.HistoryMove`: how many steps, the turns the file now holds,
    how many more can be undone and redone (``contrarius undo``/``redo``, the session)."""
    from contrarius.words.i18n import ngettext

    turns = len(moved.snapshot.log)
    if word == "undid":
        did = ngettext("{path}: undid {n} step", "{path}: undid {n} steps", moved.turns)
    else:
        did = ngettext("{path}: redid {n} step", "{path}: redid {n} steps", moved.turns)
    return (did.format(path=moved.path, n=moved.turns)
            + ngettext("; it now holds the game after {n} turn ({undoable} more can be undone, {redoable} can be redone)",
                       "; it now holds the game after {n} turns ({undoable} more can be undone, {redoable} can be redone)",
                       turns).format(n=turns, undoable=moved.undoable, redoable=moved.redoable))


def replaced_game_notes(path: str) -> list:
    """What ``new -o PATH --force`` does to the game PATH held: its undo history stays (the
    new game becomes its next state, so 'contrarius undo' brings the old game back), and
    steps undone there that could still be redone are dropped. Empty without a history."""
    from contrarius.messages import N_, NP_
    from contrarius.store.atomic import history_path
    from contrarius.store.history import redo_waiting

    if not os.path.isfile(path) or not history_path(path).exists():
        return []
    n = redo_waiting(path)
    dropped = (NP_("; the {n} step undone there can no longer be redone", "; the {n} steps undone there can no longer be redone", n)
               if n else "")
    return [N_("{path}'s history keeps the game it held: 'contrarius undo {path}' brings it back{dropped}", path=path,
               dropped=dropped)]


def register(app: typer.Typer) -> None:
    """Add new, check, show, undo and redo to ``app``."""

    @app.command("new")
    @boundary
    def new(
        board: Annotated[str, typer.Option("--board", "-b", help="Board name (see 'contrarius boards').", autocompletion=complete_board_name)] = "imperium",
        level: Annotated[str, typer.Option("--level", "-l", help="standard, veteran or expert.", autocompletion=complete_level)] = "standard",
        mode: Annotated[str, typer.Option("--mode", "-m", help="solo, team or third-player.", autocompletion=complete_mode)] = "solo",
        seed: Annotated[Optional[int], typer.Option("--seed", help="Seed for shuffling and rolling (default: a random one, stored).")] = None,
        start_vp: Annotated[Optional[int], typer.Option("--start-vp", help="Your starting VP (campaign); default 20/10/0 by level.")] = None,
        beginner: Annotated[bool, typer.Option("--beginner", help="Beginner start: 40 VP (\"Variant difficulty levels\").")] = False,
        campaign: Annotated[Optional[str], typer.Option("--campaign", metavar="FILE", help="Campaign file: start its next game at its starting VP (\"Campaign\"; a missing file starts a new campaign).")] = None,
        strong: Annotated[bool, typer.Option("--strong", help="Strong veteran (2 houses) or strong expert (track 9,18,27,36,45).")] = False,
        track: Annotated[Optional[str], typer.Option("--track", metavar="VP,...", help="Expert track positions, e.g. 8,16,24,32,40.")] = None,
        tokens: Annotated[Optional[str], typer.Option("--tokens", metavar="CITY=GOODS,...", help="City tokens as laid: a YAML file (city: goods) or a comma-separated list, e.g. Aleria=food,Genva=cloth.")] = None,
        display: Annotated[Optional[str], typer.Option("--display", metavar="CARD,...", help="The 7 display cards as dealt, left to right, comma-separated.", autocompletion=complete_stack_cards)] = None,
        refill: Annotated[Optional[list[str]], typer.Option("--refill", metavar="CARD", help="Card drawn to refill the display after Contrarius takes its sixth card.", autocompletion=complete_stack_card)] = None,
        contrarius_cards: Annotated[Optional[str], typer.Option("--contrarius-cards", metavar="CARD,...", help="Contrarius's 5 starting cards, comma-separated (not public: default is an assumption).", autocompletion=complete_cards_list)] = None,
        veteran_colonist: Annotated[Optional[str], typer.Option("--veteran-colonist", metavar="KIND", help="Veteran: land or sea colonist when both lines lead to the first city (default land).", autocompletion=complete_kind)] = None,
        veteran_city: Annotated[Optional[str], typer.Option("--veteran-city", metavar="CITY", help="Veteran: the first city, when several are equally valuable.", autocompletion=complete_new_city)] = None,
        veteran_second: Annotated[Optional[str], typer.Option("--veteran-second", metavar="CITY", help="Veteran: the city the second colonist stands next to.", autocompletion=complete_new_city)] = None,
        veteran_second_colonist: Annotated[Optional[str], typer.Option("--veteran-second-colonist", metavar="KIND", help="Veteran: land or sea for the second colonist when both lines lead to its city (default: the other kind than the first).", autocompletion=complete_kind)] = None,
        table: Annotated[bool, typer.Option("--table", help="A game at a real table: you roll every die and give it with --die; contrarius never rolls (implied by --tokens or --display).")] = False,
        start: Annotated[Optional[str], typer.Option("--start", metavar="PLACE", help="Roma: the city where the colonists start (required there: the board prints no start). Balearica: the galley Contrarius's new sea colonists go to (default Galley west).", autocompletion=complete_new_place)] = None,
        no_hand: Annotated[bool, typer.Option("--no-hand", help="Do not record your hand and played cards.")] = False,
        hand: Annotated[Optional[list[str]], typer.Option("--hand", metavar="CARD,...", help="Team play: a player's hand as dealt, PLAYER=CARD,CARD,... (repeat; the team cards are not public, so hands are otherwise not recorded).")] = None,
        salsa: Annotated[bool, typer.Option("--salsa", help="Solo variant Concordia Salsa: salt cities and forum cards (\"Solo Variants\").")] = False,
        forum_card: Annotated[Optional[str], typer.Option("--forum-card", metavar="CARD", help="Salsa: Contrarius's blue forum card as drawn at the table (default: drawn from the seed).")] = None,
        forum_row: Annotated[Optional[str], typer.Option("--forum-row", metavar="CARD,...", help="Salsa: the 4 forum cards as laid, left to right, comma-separated (? for one not recorded).")] = None,
        forum_kept: Annotated[Optional[str], typer.Option("--forum-kept", metavar="CARD,...", help="Salsa: the blue forum card you kept (without --forum-row: left out of the row dealt from the seed).")] = None,
        fish_market: Annotated[bool, typer.Option("--fish-market", help="Solo variant: the fish market of the Balearica expansion (\"Solo Variants\").")] = False,
        output: Annotated[Optional[str], typer.Option("--output", "-o", help="Write the snapshot here instead of stdout.")] = None,
        force: Annotated[bool, typer.Option("--force", help="With -o: replace a file that already exists (refused without it, exit 3).")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Print the setup notes as JSON.")] = False,
    ) -> None:
        """Set up a new game and write its snapshot (stdout, or -o PATH)."""
        from contrarius.rules.game import SetupOptions, new_game
        from contrarius.words.names import card_from_text

        if beginner:
            from contrarius.rules.setup import BEGINNER_LEVEL, BEGINNER_VP, beginner_start_vp

            if start_vp is not None:
                raise ContrariusError(N_("give either --beginner ({vp} VP) or --start-vp, not both", vp=BEGINNER_VP))
            start_vp = beginner_start_vp(level)
            if start_vp is None:
                raise ContrariusError(N_("--beginner is the {vp}-VP start of the {level} game (\"Variant difficulty levels\"); "
                                         "drop --level or --beginner", vp=BEGINNER_VP, level=Term("level", BEGINNER_LEVEL)))
        from contrarius.store.atomic import is_stdout

        if is_stdout(output):
            output = "-"  # -o /dev/stdout is -o -
        check_output("-", output, False)  # usage errors before any rule runs
        from contrarius.io.refusals import MAX_DIGITS

        for opt, val in (("--seed", seed), ("--start-vp", start_vp)):
            if val is not None and len(str(abs(val))) > MAX_DIGITS:
                raise ContrariusError(N_("{option}: a number of {n} digits; a snapshot holds numbers of at most {max} digits; "
                                         "give a shorter one", option=opt, n=len(str(abs(val))), max=MAX_DIGITS))
        if output is not None and not force:
            from contrarius.store.atomic import refuse_existing_output

            refuse_existing_output(output)  # exit 3, like -o onto another game
        campaign_note = None
        if campaign:
            from contrarius.rules.campaign import campaign_start

            if beginner or start_vp is not None:
                raise ContrariusError(N_("give either --campaign (its next starting VP) or --start-vp/--beginner, not both"))
            start_vp, campaign_note = campaign_start(campaign, level=level, mode=mode)
        from contrarius.words.names import kind_from_text

        for opt, val in (("--veteran-colonist", veteran_colonist), ("--veteran-second-colonist", veteran_second_colonist)):
            if val is not None and kind_from_text(val) is None:
                raise ContrariusError(N_("{option} is land or sea, not {value}", option=opt, value=repr(val)))
        veteran_colonist = kind_from_text(veteran_colonist) if veteran_colonist is not None else None
        veteran_second_colonist = kind_from_text(veteran_second_colonist) if veteran_second_colonist is not None else None
        vet = [name for name, v in (("--veteran-colonist", veteran_colonist), ("--veteran-city", veteran_city),
                                    ("--veteran-second", veteran_second),
                                    ("--veteran-second-colonist", veteran_second_colonist)) if v]
        if vet and level != "veteran":
            raise ContrariusError(N_("{option} places Contrarius's veteran setup; add --level veteran or drop it", option=vet[0]))
        track_list = None
        if track is not None:
            try:
                track_list = [int(x) for x in _split(track) or []]
            except ValueError:
                raise ContrariusError(N_("--track: cannot read {track}; write VP positions like 8,16,24,32,40", track=repr(track))) from None
            if not track_list:
                raise ContrariusError(N_("--track names no VP position; write them like 8,16,24,32,40"))
        opts = SetupOptions(
            board=board, level=level, mode=mode, seed=seed, start_vp=start_vp, strong=strong,
            track=track_list, tokens=parse_tokens(tokens) if tokens else None,
            display=[d if d == "?" else card_from_text(d, mode=mode) for d in _split(display) or []] if display is not None else None,
            refill=list(refill or []), contrarius_cards=_split(contrarius_cards), veteran_colonist=veteran_colonist,
            veteran_city=veteran_city, veteran_second=veteran_second,
            veteran_second_colonist=veteran_second_colonist, record_hand=not no_hand, start=start, table=table,
            salsa=salsa, fish_market=fish_market, forum_card=forum_card, forum_row=_split(forum_row), forum_kept=forum_kept,
        )
        snap, notes = new_game(opts)
        for item in hand or []:
            from contrarius.rules.modes.team import record_hand

            pid, sep, names = item.partition("=")
            if not sep or not _split(names):
                raise ContrariusError(N_("--hand {item}: write PLAYER=CARD,CARD,..., e.g. player1=Prefect,Architect", item=repr(item)))
            snap = record_hand(snap, pid.strip(), [card_from_text(n, mode=mode) for n in _split(names) or []])
            notes.append(N_("{player}'s hand recorded as given", player=pid.strip()))
        if hand:  # the setup's "hands not recorded" note now holds only for the hands not given
            missing = [p.id for p in snap.players if p.hand is None]
            notes = [n if not n.startswith("hands not recorded") else
                     N_("{players}'s hand not recorded (not public: give it with --hand, or write players[].hand)",
                        players=N_("{first} and {second}", first=Joined(", ", missing[:-1]), second=missing[-1]) if len(missing) > 1 else missing[0])
                     for n in notes if missing or not n.startswith("hands not recorded")]
        if campaign_note:
            notes.append(campaign_note)
        replaced = replaced_game_notes(output) if output not in (None, "-") and force else []
        notes += replaced
        # validate what we made exactly as a loaded file would be
        from contrarius.model.reader import read_snapshot

        read_snapshot(snap.to_dict(), "<new>")

        def report(used_stdout: bool) -> None:
            if as_json:
                emit_json({"notes": plain(notes), "seed": snap.seed}, to_stderr=used_stdout)
                return
            from contrarius.words.i18n import _, term_name

            con = err_console()
            start = (_("you start with {vp} VP").format(vp=snap.players[0].vp) if snap.mode == "solo"
                     else ", ".join(_("{player} starts with {vp} VP").format(player=p.id, vp=p.vp) for p in snap.players))
            from rich.markup import escape

            said = dict(level=term_name("level", snap.level), mode=term_name("mode", snap.mode), board=snap.board.name, seed=snap.seed)
            con.print((_("New strong {level} {mode} game on {board} (seed {seed})") if strong else
                       _("New {level} {mode} game on {board} (seed {seed})")).format(**said)
                      + (_(", written to {path}").format(path=escape(output)) if output else "") + f"; {start}")
            for n in notes:
                con.print(f"  - {escape(str(n))}")

        if replaced:  # the new game becomes the next state of the history (undo brings the old one back)
            from contrarius.store.snapshot_text import dump_snapshot
            from contrarius.store.history import save_in_place

            save_in_place(output, dump_snapshot(snap), before_commit=report_before_commit(report, False))  # the note says what is dropped
        else:
            write_snapshot(snap, "-", output, False, report, force=force, fresh=True, validated=True)

    @app.command("check")
    @boundary
    def check(
        snapshot: Annotated[str, typer.Argument(help="Snapshot file, or - for stdin.")],
        as_json: Annotated[bool, typer.Option("--json", help="Print the problems as JSON.")] = False,
    ) -> None:
        """Validate a snapshot and list every problem found (exit 1 if any).

        Beyond what every command checks when it reads a snapshot, the personality cards of
        a solo game are counted against the deck (README "How the rules are read").
        """
        from contrarius.model.card_counts import card_count_problems
        from contrarius.store.snapshot_text import load_snapshot
        from contrarius.io.textfiles import source_label

        def report(problems) -> None:
            src = source_label(snapshot)
            if as_json:
                emit_json({"ok": False, "problems": [p.to_dict() for p in problems]})
            else:
                from contrarius.words.i18n import ngettext

                for p in problems:
                    print(p.render(src))
                print(ngettext("{n} problem found in {source}", "{n} problems found in {source}", len(problems)).format(
                    n=len(problems), source=src))
            raise typer.Exit(EXIT_PROBLEMS)

        try:
            snap = load_snapshot(snapshot)
        except SnapshotError as exc:
            report(exc.problems)
        counted = card_count_problems(snap)
        if counted:
            report(counted)
        if as_json:
            emit_json({"ok": True, "problems": [], **({"notes": plain(list(snap.read_notes))} if snap.read_notes else {})})
        else:
            from contrarius.words.i18n import _, ngettext, term_name

            used = _(", variants: {variants}").format(variants=", ".join(snap.variants.names)) if snap.variants else ""
            dice = _("table dice") if snap.dice == "table" else _("virtual dice")
            print(ngettext("{source}: ok ({board}, {mode}, {level}, {dice}, {n} turn played{variants})",
                           "{source}: ok ({board}, {mode}, {level}, {dice}, {n} turns played{variants})", len(snap.log)).format(
                source=source_label(snapshot), board=snap.board.name, mode=term_name("mode", snap.mode),
                level=term_name("level", snap.level), dice=dice, n=len(snap.log), variants=used))
            for note in snap.read_notes:
                print(f"  - {note}")

    @app.command("show")
    @boundary
    def show(
        snapshot: Annotated[str, typer.Argument(help="Snapshot file, or - for stdin.")],
        as_json: Annotated[bool, typer.Option("--json", help="Print the state as JSON.")] = False,
        svg: Annotated[Optional[str], typer.Option("--svg", metavar="FILE", help=SVG_HELP + " Houses, colonists, tokens and bonus markers on the board.")] = None,
    ) -> None:
        """Show the state at a glance: sides, Contrarius's cards, the display, the provinces."""
        from contrarius.store.snapshot_text import load_snapshot

        svg = check_svg_target(svg, as_json, snapshot)
        snap = load_snapshot(snapshot)

        def report() -> None:
            if as_json:
                emit_json(show_data(snap))
            else:
                render_show(snap, out_console())

        if svg is not None:
            from contrarius.pictures.board_svg import picture

            write_svg(svg, picture(snap.board, snap), report=None if svg == "-" else report)
            return
        report()

    def report_move(word: str, moved) -> None:
        from rich.markup import escape

        err_console().print(escape(move_text(moved, word)))

    @app.command("undo")
    @boundary
    def undo(
        snapshot: Annotated[str, typer.Argument(help="Snapshot file written with -i (its history is SNAPSHOT.history).")],
        turns: Annotated[int, typer.Option("--turns", "-n", min=1, help="How many steps back (default 1): each turn played with -i is one step, and so is each 'reveal -i'.")] = 1,
    ) -> None:
        """Go back TURNS steps in the snapshot's history (every state kept since 'play -i'); 'redo' goes forward again."""
        from contrarius.store.history import undo as undo_steps

        undo_steps(snapshot, turns, before_commit=report_before_commit(report_move, "undid"))

    @app.command("redo")
    @boundary
    def redo(
        snapshot: Annotated[str, typer.Argument(help="Snapshot file written with -i (its history is SNAPSHOT.history).")],
        turns: Annotated[int, typer.Option("--turns", "-n", min=1, help="How many steps forward (default 1).")] = 1,
    ) -> None:
        """Go forward again TURNS steps undone with 'undo' (until a new turn is played with -i)."""
        from contrarius.store.history import redo as redo_steps

        redo_steps(snapshot, turns, before_commit=report_before_commit(report_move, "redid"))
