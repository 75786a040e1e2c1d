"""Linked abilities (RUP4 393-397; issue 24, The Zero Drive SFD-090): objects one ability of
a set affects, which another ability of the same set refers to.

The abilities of a set are linked when they are printed on one object or granted by one
source (395): an Equipment's Effect Text ability that the wearer has (136.2.c) stays linked
with the Equipment's own abilities.  :func:`link` records an object affected by a
component ability under the source of the set (``state.extra["linked"] = {source: [oids]}``,
only in games where it happened); :func:`linked` reads them back, so the component that
refers to "the cards ... with this" interacts only with those (397): a card banished by
anything else is not among them.
"""

from __future__ import annotations

from riftlog.rules.board.state import GameState

__all__ = ["link", "linked", "unlink"]


def link(state: GameState, source: str, oid: str) -> None:
    """*oid* was affected by a component ability of *source*'s linked set (395)."""
    found: list[str] = state.extra.setdefault("linked", {}).setdefault(source, [])
    if oid not in found:
        found.append(oid)


def linked(state: GameState, source: str) -> list[str]:
    """The objects the linked set of *source* affected (397), in order."""
    return list(state.extra.get("linked", {}).get(source, ()))


def unlink(state: GameState, source: str, oids: list[str]) -> None:
    """Forget *oids* for *source* (they were used, or left the zone the link is about)."""
    rec = state.extra.get("linked", {})
    kept = [o for o in rec.get(source, ()) if o not in oids]
    if kept:
        rec[source] = kept
    else:
        rec.pop(source, None)
    if not rec:
        state.extra.pop("linked", None)
