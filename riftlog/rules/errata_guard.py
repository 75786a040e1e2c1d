"""Cards a game may not be judged by (:mod:`riftlog.cards.errata`): a game pinned to a dated
catalog version from before an erratum of one of its cards plays that card by its printed
text, which riftlog does not encode.  :func:`note` records those cards as the game is
created (``state.extra["pre_errata"]``, only when there are any: other games are
untouched); :func:`guard` raises ``UnsupportedCard`` when such a card is in play (on the
board, in a Legend Zone, facedown, on the chain, a battlefield) or is the card of the
decision, so the replay says *unverifiable* and names the card and the erratum."""

from __future__ import annotations

from typing import Any

from riftlog.cards import errata
from riftlog.errors import UnsupportedCard
from riftlog.rules.board.resources import card_facts
from riftlog.rules.board.state import GameState

__all__ = ["guard", "note"]

#: the zones where a card's text may act
_LIVE = frozenset({"base", "battlefield", "legend", "chain", "facedown"})


def note(state: GameState, catalog_version: str) -> None:
    """Record the game's cards whose errata are not in force under *catalog_version*."""
    cards = {o.card for o in state.objects.values()} | {bf.card for bf in state.battlefields}
    late = errata.not_in_force(cards, catalog_version)
    if late:
        state.extra["pre_errata"] = {"catalog_version": catalog_version,
                                     "cards": {c: list(d) for c, d in late.items()}}


def guard(state: GameState, decision: Any = None) -> None:
    """Raise ``UnsupportedCard`` when a card noted by :func:`note` is in play or is the
    card (or source) of *decision*; nothing when the game noted none."""
    pre = state.extra.get("pre_errata")
    if not pre:
        return
    late: dict[str, list[str]] = pre["cards"]
    found: str | None = None
    for key in ("card", "source"):
        oid = getattr(decision, key, None)
        obj = state.objects.get(oid) if isinstance(oid, str) else None
        if obj is not None and obj.card in late:
            found = obj.card
    if found is None:
        found = next((bf.card for bf in state.battlefields if bf.card in late), None)
    if found is None:
        found = next((o.card for o in state.objects.values()
                      if o.card in late and o.zone in _LIVE), None)
    if found is not None:
        raise UnsupportedCard(str(card_facts(found)),
                              errata.why_not_in_force(found, late[found], pre["catalog_version"]))
