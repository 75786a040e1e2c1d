"""The domains of a game object now (RUP4 185.3.b, 185.3.b.1; v1.3 182.2.b is the first).

A card has its printed domains; a token has none of its own (185.3.b), whatever its catalog
entry says.  A trait-layer continuous effect with ``"add_domains"`` (a list of domain names;
for instance a vocab.Passive ``Passive.of(layer="trait", affects={"type": "Unit"},
add_domains=["Fury"])``) appends those domains to each object on the board it affects, a
token included (185.3.b.1).  Domains are not part of :class:`layers.Characteristics`; this
module reads the same effects with the same filter (``layers._affects``).  An appending
effect with a condition is not interpreted (it raises, naming the rule).
"""

from __future__ import annotations

from riftlog.errors import UnsupportedRule
from riftlog.rules.board import layers
from riftlog.rules.board.resources import DOMAINS, card_facts
from riftlog.rules.board.state import BOARD_ZONES, GameState

__all__ = ["domains_of"]


def domains_of(state: GameState, oid: str) -> tuple[str, ...]:
    """The domains of *oid* now, in rules order (see the module docstring)."""
    obj = state.objects[oid]
    found = set() if obj.token else set(card_facts(obj.card).domains)
    if obj.zone in BOARD_ZONES:
        for e in state.effects:
            added = e.get("add_domains")
            if not added or not layers._affects(state, e, obj):
                continue
            if e.get("condition"):
                raise UnsupportedRule(f"RUP4 185.3.b.1: effect {e.get('id')!r} "
                                      "appends domains under a condition; not interpreted")
            unknown = [d for d in added if d not in DOMAINS]
            if unknown:
                raise UnsupportedRule(f"RUP4 185.3.b.1: effect {e.get('id')!r} "
                                      f"appends unknown domains {', '.join(unknown)}")
            found.update(added)
    return tuple(d for d in DOMAINS if d in found)
