"""replay-perf: the per-game index of listening objects (triggers._game) must see the
objects added to a state it has already indexed, in place."""

from __future__ import annotations

from collections.abc import Callable

from riftlog.cards import vocab as V
from riftlog.rules import triggers
from riftlog.rules.state import GameState
from tests.cards_engine.helpers import ORDER_RUNE, game, put

ROOKIE = "OGN-136"  # Pit Rookie: a unit with text, not encoded in the project (tests only)


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
