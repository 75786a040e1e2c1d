"""triggers.fire's per-game index of what the cards listen to (issue 7, replay-perf:
triggers._game) must take in the objects added to a state it has already indexed, in place:
both when their cards listen to an event the game already heard (the index is extended) and
when they add one (it is rebuilt); it is forgotten with the card caches."""

from __future__ import annotations

from collections.abc import Callable

from riftlog.cards import vocab as V
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import triggers
from tests.cards_engine.helpers import ORDER_RUNE, game, put

ROOKIE = "OGN-136"  # Pit Rookie: a unit with text, not encoded in the project (tests only)
ROCKET = "OGN-252"  # Super Mega Death Rocket!: a conquer trigger that works from the trash


def _fire_end_of_turn(state: GameState) -> int:
    """How many triggers an end of turn of p1 finds; the same on every firing (the index
    is only built once it is used again and again)."""
    counts = set()
    for _ in range(6):
        counts.add(triggers.fire(state, "end_of_turn", player="p1"))
        state.extra.pop("triggers", None)
    assert len(counts) == 1
    return counts.pop()


def test_objects_added_in_place_are_indexed(encode: Callable[..., V.Encoding]) -> None:
    encode(ROOKIE, V.Triggered(V.When("end_of_turn", "you"), (V.Draw(1),)))
    s = game()
    assert _fire_end_of_turn(s) == 0  # indexed: nobody listens
    index = triggers._game(s)
    put(s, ORDER_RUNE, "p1", "base")  # an object whose card adds no event
    assert _fire_end_of_turn(s) == 0
    assert triggers._game(s) is index  # extended, not rebuilt
    first = put(s, ROOKIE, "p1", "base")  # a card listening to a new event
    assert _fire_end_of_turn(s) == 1
    index = triggers._game(s)
    assert index.oids("end_of_turn") == frozenset({first})
    second = put(s, ROOKIE, "p1", "base")  # a card adding no new event: the index is extended
    assert _fire_end_of_turn(s) == 2
    assert triggers._game(s) is index
    assert index.oids("end_of_turn") == frozenset({first, second})
    put(s, ROOKIE, "p2", "base")  # p2's: "you" is p1 here
    assert _fire_end_of_turn(s) == 2
    s.players["p1"].base.remove(first)  # off the board: not a source any more
    assert _fire_end_of_turn(s) == 1


def test_the_index_is_forgotten_with_the_card_caches(encode: Callable[..., V.Encoding]) -> None:
    s = game()
    rookie = put(s, ROOKIE, "p1", "base")
    assert _fire_end_of_turn(s) == 0  # not encoded yet: it listens to nothing
    encode(ROOKIE, V.Triggered(V.When("end_of_turn", "you"), (V.Draw(1),)))  # clears the caches
    assert _fire_end_of_turn(s) == 1
    assert triggers._game(s).oids("end_of_turn") == frozenset({rookie})


def _conquer(state: GameState) -> int:
    return triggers.fire(state, "conquers", player="p1", battlefield="bf1")


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
