"""Shared fixtures of the Svellsongur (SFD-059) copy tests: a board judged under an edition
(RUP4, the default of new games) and a unit of a real card wearing Svellsongur."""

from __future__ import annotations

from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from tests.cards_engine import helpers
from tests.cards_engine.helpers import put

SVELLSONGUR = "SFD-059"


def game(edition: str = "RUP4", deck: int = 5) -> GameState:
    """The helpers' board, judged under *edition*."""
    s = helpers.game(deck=deck)
    s.edition = edition
    return s


def wear(s: GameState, unit_card: str, player: str = "p1", where: str = "base",
         at: str | None = None) -> tuple[str, str]:
    """A ready unit of *unit_card* at *where* (*at*) with Svellsongur attached (the attach
    game action: its Effect Text becomes the copy, RUP4 434.1.c / 718.3)."""
    unit = put(s, unit_card, player, where, at)
    s.objects[unit].exhausted = False
    gear = put(s, SVELLSONGUR, player, where, at)
    actions.attach(s, gear, unit, [])
    return unit, gear
