"""Vocabulary for kill credit, excess damage and buffs (issue #5, K1).

Interpreted by :mod:`riftlog.rules.interpreter.kills` (conditions, through ``effects.CONDITIONS``)
and :mod:`riftlog.rules.playing.kill_costs` (custom effects).  Related encoding facts:

* trigger event ``"kills"`` (``When("kills", "you" | "you_from_trash", "Unit")``): a
  player killed a permanent; its data flags ``spell`` / ``stunned`` / ``enemy`` /
  ``stunned_enemy`` are read with ``EventFlag(...)`` (see riftlog.rules.interpreter.kills);
* encoding flag ``"any_number_of_buffs"`` (``card(..., flags=(...))``): the unit may have
  any number of buffs (riftlog.rules.board.buffs).
"""

from __future__ import annotations

from dataclasses import dataclass

from riftlog.cards.vocab import EventFlag, GainPoints

__all__ = ["EventFlag", "ExcessDamageAtLeast", "GainPoints"]  # re-exported for encodings


@dataclass(frozen=True, slots=True)
class ExcessDamageAtLeast:
    """Condition: the source was an attacker in the latest combat at the trigger event's
    battlefield this turn, and its controller assigned *n* or more excess damage (beyond
    lethal, v1.3 460.2.c.2/460.2.c.4) to the opposing units there."""

    n: int
