"""The race of a game as plain data, read from the snapshot's record (``log``): what
Contrarius did in each turn (the houses it built, the cards it took, the VP it scored),
its expert track ("Difficulty level", Expert: the houses on the VP track that it builds
when its marker reaches them), the players' VP tracks, and how the game ended ("Solo End
of Game", "Cooperative End of Game": who ended it and took the Concordia card, in which turn).

A turn's record keeps its report lines as contrarius wrote them (:class:`contrarius.rules.contrarius_part.Turn`
``say``; "Contrarius builds in CITY (PROVINCE, GOODS) for ...", "Contrarius takes CARD from
display position N (face up)", "the VP marker reached the house on N of the track", "...
from the far end of the VP track (N)", "...: the game ends, ..."); the patterns below read
those lines back. Nothing here changes the snapshot or applies a rule again.
"""

from __future__ import annotations

import re
from typing import Any

BUILT = re.compile(r"^Contrarius builds in (.+) \([^()]*, [^()]*\) for ")
TOOK = re.compile(r"^Contrarius takes (.+) from display position (\d+) \(face up\)")
TRACK_REACHED = re.compile(r"the VP marker reached the house on (\d+) of the track")
TRACK_FAR = re.compile(r"from the far end of the VP track \((\d+)\)")
ENDS = re.compile(r"^(.*?): the game ends")


def turn_facts(entry: dict[str, Any]) -> dict[str, Any]:
    """What the turn record ``entry`` says Contrarius did: ``built`` (the cities it built
    in, in order), ``took`` (the display cards it took), ``scored`` (VP after minus VP
    before; None when the record holds no VP), ``track`` (the expert track positions whose
    house it built: ``{"position", "how"}``, how ``reached`` or ``far end``), and ``ends``
    (the reason in the report's words when the game ended in this turn, else None)."""
    lines = [str(x) for x in entry.get("reaction") or []]
    player_lines = [str(x) for x in entry.get("player_did") or []]
    built = [m.group(1) for m in map(BUILT.match, lines) if m]
    took = [m.group(1) for m in map(TOOK.match, lines) if m]
    track = []
    for line in lines:
        for pattern, how in ((TRACK_REACHED, "reached"), (TRACK_FAR, "far end")):
            m = pattern.search(line)
            if m:
                track.append({"position": int(m.group(1)), "how": how})
    ends = next((m.group(1) for m in map(ENDS.match, player_lines + lines) if m), None)
    vp = entry.get("vp")
    scored = vp[1] - vp[0] if isinstance(vp, list) and len(vp) == 2 and all(isinstance(v, int) for v in vp) else None
    return {"built": built, "took": took, "scored": scored, "track": track, "ends": ends}


def race(snapshot) -> dict[str, Any]:
    """The sides of the race in ``snapshot`` as plain data (``log --json`` prints it beside
    the turns):

    - ``contrarius``: ``vp`` (its VP track now), ``track_houses`` (every expert track
      position of the game: the houses still on the track and those its record says were
      built, ``[]`` below expert), ``track_left`` (those still on the track);
    - ``players``: ``id`` and ``vp`` (the player's VP track: the starting VP; a player's
      other points are counted at the end, "Final scoring");
    - ``ended``: None while the game runs, else ``by`` (who ended it), ``turn`` (the turn
      whose record says so, None when the record does not), ``reason`` (the report's
      words) and ``final_turn_pending``.
    """
    built_track: list[int] = []
    end_turn, reason = None, None
    for i, entry in enumerate(snapshot.log):
        facts = turn_facts(entry)
        built_track += [t["position"] for t in facts["track"]]
        if facts["ends"] is not None and end_turn is None:
            end_turn, reason = entry.get("turn", i + 1), facts["ends"]
    left = sorted(snapshot.contrarius.track)
    ended = None
    if snapshot.ended is not None:
        ended = {"by": snapshot.ended.by, "turn": end_turn, "reason": reason,
                 "final_turn_pending": snapshot.ended.final_turn_pending}
    return {
        "contrarius": {"vp": snapshot.contrarius.vp, "track_houses": sorted(set(left) | set(built_track)), "track_left": left},
        "players": [{"id": p.id, "vp": p.vp} for p in snapshot.players],
        "ended": ended,
    }
