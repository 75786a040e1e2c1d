"""triggers.fire's per-game index of what the cards listen to (issue 7, replay-perf): the
index must take in objects added after it was built, both when their cards listen to an
event the game already heard and when they add one (then it is rebuilt)."""

from __future__ import annotations

from riftlog.rules import triggers
from tests.cards_engine.helpers import game, put

ROCKET = "OGN-252"  # Super Mega Death Rocket!: a conquer trigger that works from the trash


def _conquer(state: object) -> int:
    return triggers.fire(state, "conquers", player="p1", battlefield="bf1")  # type: ignore[arg-type]


def test_index_in_use_takes_in_a_card_added_later_that_listens_to_a_heard_event() -> None:
    s = game()
    put(s, ROCKET, "p1", "hand")  # the game hears "conquers"; not live in the hand
    for _ in range(6):  # often enough for the per-event index to be built
        assert _conquer(s) == 0
    put(s, ROCKET, "p1", "trash")
    assert _conquer(s) == 1


def test_index_is_rebuilt_when_a_card_added_later_listens_to_a_new_event() -> None:
    s = game()
    for _ in range(6):  # no card of the game listens to "conquers": no scan at all
        assert _conquer(s) == 0
    put(s, ROCKET, "p1", "trash")
    assert _conquer(s) == 1


def test_index_is_forgotten_with_the_card_caches() -> None:
    s = game()
    _conquer(s)
    assert triggers._GAMES
    triggers.listeners.cache_clear()
    assert not triggers._GAMES and not triggers._EVENTS_OF and not triggers._CARD_INFO
