"""The encoding flags of battlefields that change what may be played there and what it costs
(Rockfall Path, Marai Spire; see :mod:`riftlog.rules.playing.battlefield_rules`).  Reads
encodings only, so the cost and restriction modules can import it without a cycle."""

from __future__ import annotations

from riftlog.cards import vocab as V
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects

__all__ = ["FIRST_GEAR_LESS", "NO_UNITS_HERE", "REPEAT_LESS", "controls_flagged",
           "repeat_discount", "units_played_here"]

NO_UNITS_HERE = "no_units_played_here"
REPEAT_LESS = "repeat_costs_less"
FIRST_GEAR_LESS = "first_gear_costs_less"


def _flags(enc: V.Encoding) -> tuple[str, ...]:
    return enc.flags


_NONE: tuple[str, ...] = ()


def _flagged(card_id: str, flag: str) -> bool:
    return flag in effects.encoding_fact(card_id, _flags, _NONE)


def units_played_here(state: GameState, battlefield: str) -> bool:
    """Whether units may be played to *battlefield* (no ``no_units_played_here`` flag)."""
    bf = next((b for b in state.battlefields if b.oid == battlefield), None)
    return bf is None or not _flagged(bf.card, NO_UNITS_HERE)


def repeat_discount(state: GameState, player: str) -> int:
    """Energy off each Repeat cost *player* pays: one per battlefield they control that has
    the ``repeat_costs_less`` flag."""
    return sum(1 for bf in state.battlefields
               if bf.controller == player and _flagged(bf.card, REPEAT_LESS))


def controls_flagged(state: GameState, player: str, flag: str) -> int:
    """How many battlefields *player* controls whose encoding has *flag*."""
    return sum(1 for bf in state.battlefields if bf.controller == player and _flagged(bf.card, flag))
