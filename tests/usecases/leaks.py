"""The hidden-identity checker: does a view name an object its viewer may not know?

Written from the rules (v1.3 128), not from riftlog's redaction code: a card in a main or
rune deck is known to nobody but a judge (108.4.d, 108.5.d), one in a hand or set aside
only to its owner (108.7.c), a facedown one only to its controller (128.4, 129.4).  An
event may name an object that was hidden before it and is seen after it (a card played
from a hand is revealed by being played), so an event is checked against the objects
hidden both before and after it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from riftlog.rules.board.state import GameState

# every token shaped like an object id: p2.m08, p1.r11, p3.champ ...
_TOKEN = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z]+[0-9]*")


def unknown_ids(state: GameState | None, viewer: str) -> set[str]:
    """The object ids of *state* whose card *viewer* (engine name) may not know."""
    if state is None or viewer == "judge":
        return set()
    out = set()
    for oid, obj in state.objects.items():
        secret = obj.zone in ("main_deck", "rune_deck")
        private = obj.zone in ("hand", "setaside") and obj.owner != viewer
        face_down = (obj.zone == "facedown" or obj.face_down) and obj.controller != viewer
        if secret or private or face_down:
            out.add(oid)
    return out


def leaked_ids(view: Any, unknown: Iterable[str]) -> set[str]:
    """The ids of *unknown* that *view* (JSON data or text) names anywhere."""
    text = view if isinstance(view, str) else json.dumps(view)
    return set(_TOKEN.findall(text)) & set(unknown)
