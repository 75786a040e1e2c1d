"""Fixtures for the showdown and combat flow tests (v1.3 323.8-323.14, 341-348, 454-461).

* :func:`main_phase` - give a hand-built board (:func:`tests.rules.board.table`) the queue
  of p1's Main Phase, so it runs through ``engine.check`` / ``engine.apply``.
* :func:`plain_battlefields` - while the block runs, the given battlefield cards count as
  having no abilities (a stand-in encoding with nothing in it), so games can conquer and
  hold them; the engine refuses unencoded battlefield abilities (466.2) otherwise.  The
  turn tests do the same by giving a battlefield the no-ability token card (652.2.a).
* :func:`stand_ins` - register test encodings (by card id) while a block runs; what
  :func:`plain_battlefields` and :func:`tests.rules.combat_board.encoded` share.
* :func:`go` - apply decisions strictly, checking the zones after each.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from riftlog.cards import abilities
from riftlog.events.registry import Payload
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.flow.turn import TOKEN_BATTLEFIELD

__all__ = ["TOKEN_BATTLEFIELD", "go", "main_phase", "plain_battlefields", "stand_ins"]


@dataclass(frozen=True)
class NoAbilities:
    """Stand-in encoding: this battlefield's abilities are left out of these tests."""

    card_id: str
    keywords: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()


@contextmanager
def stand_ins(encodings: Mapping[str, Any]) -> Iterator[None]:
    """Register *encodings* (card id to test encoding) while the block runs; cards that
    already have an encoding keep it."""
    added = [c for c in encodings if c not in abilities.ABILITIES]
    for c in added:
        abilities.ABILITIES[c] = encodings[c]
    layers.clear_cache()
    try:
        yield
    finally:
        for c in added:
            abilities.ABILITIES.pop(c, None)
        layers.clear_cache()


@contextmanager
def plain_battlefields(card_ids: Iterable[str]) -> Iterator[None]:
    with stand_ins({c: NoAbilities(c) for c in card_ids}):
        yield


def go(state: GameState, *decisions: Payload) -> tuple[GameState, list[GameAction]]:
    """Apply *decisions* strictly, one after the other; returns the last actions too."""
    log: list[GameAction] = []
    for d in decisions:
        state, log = engine.apply(state, d)
        assert engine.zone_problems(state) == []
    return state, log


def main_phase(state: GameState, *, plain: bool = True) -> GameState:
    """p1's Main Phase queue on a :func:`tests.rules.board.table` board; with *plain*,
    its battlefields get the no-ability token card (652.2.a) so they can be scored."""
    tp = state.turn_player or "p1"
    state.queue = [{"kind": "main", "player": tp, "consumed_by": ["TurnEnded"]},
                   {"kind": "ending", "player": tp}, {"kind": "next_turn", "player": tp}]
    state.extra.setdefault("had_turn", [tp])
    if plain:
        for bf in state.battlefields:
            bf.card = TOKEN_BATTLEFIELD
    return state
