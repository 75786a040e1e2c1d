"""Triggered abilities performed at most N times each turn (``vocab_limits.OnceEachTurn``).

* RUP4 383.3.e.1: an ability already performed that many times this turn does not trigger
  (the condition, checked as it would trigger); RUP4 383.3.e.2.a-b: a "you may" is chosen
  on finalization and, declined, the ability leaves the chain unperformed, so a later event
  may trigger it again.  A use is counted as the ability resolves
  (:func:`performing`, from ``abilities_spells.resolve_item``); one that is about to resolve
  after the limit was reached elsewhere (two triggered at once) is not performed.
* v1.3 383.3.f: the controller chooses whether to put it on the chain; a use is counted as
  it is put there (:func:`finalizing`, from ``triggers._targets_then_chain`` /
  ``triggers.put_on_chain``): the second of two triggered at once is not put on the chain.

``state.extra["performed_this_turn"]`` = ``{"turn": n, "uses": {source oid: count}}``.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.vocab_limits import OnceEachTurn
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.editions import is_rup4, native
from riftlog.rules.interpreter import effects

__all__ = ["finalizing", "limit_of", "performing", "uses"]

_KEY = "performed_this_turn"


def limit_of(card: str, index: int | str) -> int | None:
    """How many times each turn ability *index* of *card* may be performed (None: no limit)."""
    ab = effects.ability(card, index)
    cond = getattr(ab, "condition", None)
    conds = cond.conds if isinstance(cond, V.AllOf) else (cond,)
    for c in conds:
        if isinstance(c, OnceEachTurn):
            return c.times
    return None


def uses(state: GameState, source: str | None) -> int:
    """The uses of *source*'s limited ability counted this turn."""
    marks = state.extra.get(_KEY)
    if not marks or marks.get("turn") != state.turn or source is None:
        return 0
    return int(marks["uses"].get(source, 0))


def _count(state: GameState, source: str) -> None:
    marks = state.extra.get(_KEY)
    if not marks or marks.get("turn") != state.turn:
        marks = state.extra[_KEY] = {"turn": state.turn, "uses": {}}
    marks["uses"][source] = marks["uses"].get(source, 0) + 1


def _removed(state: GameState, source: str, controller: str, card: str, index: int | str,
             rule: str, log: list[GameAction]) -> None:
    log.append(GameAction("trigger_removed", controller, (source,),
                          {"ability": index, "card": card, "why": "used up this turn"},
                          "public", rule))


def holds(state: GameState, player: str, source: str | None, cond: Any,
          event: dict[str, Any] | None) -> bool:
    """:class:`OnceEachTurn` as the ability would trigger: used fewer than *times* times."""
    return uses(state, source) < int(cond.times)


def finalizing(state: GameState, t: dict[str, Any], log: list[GameAction], *,
               count: bool) -> bool:
    """v1.3 383.3.f, for a pending trigger *t* being finalized: False (and the trigger is
    dropped, logged) when its ability is used up this turn; with *count*, a use is counted
    as it goes on the chain.  Under RUP4 nothing is counted here (True)."""
    if is_rup4(state) or t.get("source") is None:
        return True
    limit = limit_of(t["card"], t["ability"])
    if limit is None:
        return True
    if uses(state, t["source"]) >= limit:
        _removed(state, t["source"], t["controller"], t["card"], t["ability"], "383.3.f", log)
        return False
    if count:
        _count(state, t["source"])
    return True


def performing(state: GameState, source: str | None, controller: str, card: str,
               index: int | str, log: list[GameAction]) -> bool:
    """RUP4 383.3.e.1, as a triggered ability starts to resolve: False (logged; the ability
    is not performed) when it was performed its number of times this turn already, else
    its use is counted.  Under v1.3 it was counted as it went on the chain (True)."""
    if not is_rup4(state) or source is None:
        return True
    limit = limit_of(card, index)
    if limit is None:
        return True
    if uses(state, source) >= limit:
        _removed(state, source, controller, card, index, native(state, "383.3.e.1"), log)
        return False
    _count(state, source)
    return True


effects.CONDITIONS[OnceEachTurn] = holds
