"""Helpers shared by the team-play and third-player tests."""

from __future__ import annotations

import yaml

from contrarius.model.snapshot import Snapshot
from contrarius.model.reader import read_snapshot


def texts(result) -> str:
    """Every report line of a turn, the player's part first."""
    return "\n".join(e.text for e in result.player_events + result.events)


def reload(s: Snapshot) -> Snapshot:
    """Dump and load: every snapshot a turn writes must load again."""
    return read_snapshot(yaml.safe_load(yaml.safe_dump(s.to_dict(), sort_keys=False)))
