"""How many times a player has chosen enemy units and/or gear this turn with a spell or an
ability of a unit (issue 24: Prodigal Explorer, SFD-199, :class:`ChoseEnemiesThisTurn`).

Choosing is targeting (RUP4 355.7): each spell, and each ability whose source is a unit,
that chose one or more enemy units or gear as it was put on the chain counts once for its
controller (:func:`riftlog.rules.interpreter.triggers.fire_chosen` tells :func:`note`).  The
count lives in ``state.extra["enemy_choices"]`` (``{"turn": n, "by": {pid: count}}``) and
only games holding a card that reads it keep it (the pseudo event :data:`EVENT`), so other
games' states are unchanged.
"""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.cards.vocab_events import ChoseEnemiesThisTurn
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects, triggers

__all__ = ["EVENT", "chosen_this_turn", "note"]

#: the pseudo event of :data:`triggers.PSEUDO_EVENTS` a game with such a card hears
EVENT = "\x00enemy_choices"


def _reads_it(enc: V.Encoding) -> bool:
    return any(isinstance(getattr(a, "condition", None), ChoseEnemiesThisTurn)
               for a in enc.abilities)


def _card_reads_it(card_id: str) -> bool:
    return bool(effects.encoding_fact(card_id, _reads_it, False))


def note(state: GameState, chosen: list[str], player: str, spell: bool,
         source: str | None) -> None:
    """Count one choice of enemies for *player* when a spell, or an ability of a unit, chose
    an enemy unit or gear (see the module doc)."""
    if not triggers.hears(state, EVENT):
        return
    if not spell:
        src = state.objects.get(source or "")
        if src is None or effects._type(src.card) != "Unit":
            return  # a gear's, a legend's or a battlefield's ability does not count
    enemies = state.opponents(player)
    if not any(state.objects[o].controller in enemies
               and effects._type(state.objects[o].card) in ("Unit", "Gear") for o in chosen):
        return
    record = state.extra.get("enemy_choices")
    if not record or record.get("turn") != state.turn:
        record = state.extra["enemy_choices"] = {"turn": state.turn, "by": {}}
    record["by"][player] = record["by"].get(player, 0) + 1


def chosen_this_turn(state: GameState, player: str) -> int:
    """How many times *player* has chosen enemies this turn (see the module doc)."""
    record = state.extra.get("enemy_choices")
    if not record or record.get("turn") != state.turn:
        return 0
    count: int = record["by"].get(player, 0)
    return count


def _condition(state: GameState, player: str, source: str | None, cond: Any,
               event: dict[str, Any] | None) -> bool:
    times: int = cond.times
    return chosen_this_turn(state, player) >= times


triggers.CHOSEN_WATCHERS.append(note)
triggers.PSEUDO_EVENTS.append((EVENT, _card_reads_it))
effects.CONDITIONS[ChoseEnemiesThisTurn] = _condition
