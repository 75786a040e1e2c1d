"""issue 26: ``game_cards.game_has(state, fact)`` (whether a card of the game has a fact of
its encoding, each distinct card asked once, remembered) must be the scan of every object
it replaced: compared on the states of seeded bot games with every sample deck, for the
facts the engine asks it and for facts that hold of some cards; and a registry changed
under it (a card given or losing the fact) changes the answer without clearing."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from riftlog.cards import abilities
from riftlog.cards import vocab as V
from riftlog.cards.decks import read_deck
from riftlog.errors import UnsupportedCard, UnsupportedRule
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.rules import bot, engine
from riftlog.rules.board import game_cards, power_spent
from riftlog.rules.board.state import GameState
from riftlog.rules.flow import turn_limits
from riftlog.rules.playing import cost_changes

DECKS = sorted((Path(__file__).resolve().parents[2] / "replays" / "decks").glob("*.txt"))
Fact = Callable[[V.Encoding], object]


def _triggered(enc: V.Encoding) -> bool:
    return any(isinstance(a, V.Triggered) for a in enc.abilities)


def _passive(enc: V.Encoding) -> bool:
    return any(type(a).__name__ == "Passive" for a in enc.abilities)


def _never(enc: V.Encoding) -> bool:
    return False


FACTS: tuple[Fact, ...] = (
    power_spent._reads_total, cost_changes._reads_hold_points, turn_limits._conquered_only,
    _triggered, _passive, _never,
)


def _scan(state: GameState, fact: Fact) -> bool:
    """The scan ``game_has`` replaced: every object asked."""
    for o in state.objects.values():
        enc = abilities.ABILITIES.get(o.card)
        if isinstance(enc, V.Encoding) and fact(enc):
            return True
    return False


def _states(mode: str, seed: int, steps: int) -> Iterator[GameState]:
    seats = {"duel": 2, "ffa3": 3, "ffa4": 4}[mode]
    players = tuple(PlayerSpec(id=f"p{k + 1}", name=f"p{k + 1}",
                               deck=read_deck(DECKS[(seed + k) % len(DECKS)]).to_spec())
                    for k in range(seats))
    state = engine.new_game(GameCreated(mode=mode, catalog_version="test",
                                        engine_version="test", players=players))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            return
        try:
            engine.apply_in_place(state, bot.choose(state, rng))
        except (UnsupportedRule, UnsupportedCard):
            return
        yield state


@pytest.mark.parametrize("mode,seed", [("duel", k) for k in range(len(DECKS))] + [("ffa4", 3)])
def test_game_has_is_the_scan_of_every_object(mode: str, seed: int) -> None:
    seen: dict[Fact, set[bool]] = {f: set() for f in FACTS}
    states = 0
    for state in _states(mode, seed, 300):
        states += 1
        for fact in FACTS:
            slow = _scan(state, fact)
            assert game_cards.game_has(state, fact) is slow, (fact.__name__, state.turn)
            seen[fact].add(slow)
    assert states >= 50
    assert seen[_triggered] == {True} and seen[_never] == {False}


@pytest.mark.parametrize("fact", FACTS[:3])
def test_a_game_with_a_card_that_has_the_fact(fact: Fact) -> None:
    """The sample decks hold no card with the facts the engine asks (the scans found
    nothing in them): an object of a card with the fact, added to a bot game's state, is
    found, as the scan finds it."""
    card = next(c for c, e in sorted(abilities.ABILITIES.items()) if fact(e))
    for state in _states("duel", 1, 40):
        assert game_cards.game_has(state, fact) is _scan(state, fact) is False
        obj = next(iter(state.objects.values())).copy()
        obj.oid, obj.card = "p1.t99", card
        state.objects[obj.oid] = obj
        assert game_cards.game_has(state, fact) is _scan(state, fact) is True
        del state.objects[obj.oid]


def _flagged(enc: V.Encoding) -> bool:
    return "issue26-test-flag" in enc.flags


def test_a_changed_registry_changes_the_answer_without_clearing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = next(_states("duel", 0, 1))
    assert game_cards.game_has(state, _flagged) is False
    card = next(o.card for o in state.objects.values() if o.card in abilities.ABILITIES)
    entry = abilities.ABILITIES[card]
    monkeypatch.setitem(abilities.ABILITIES, card,
                        dataclasses.replace(entry, flags=(*entry.flags, "issue26-test-flag")))
    assert game_cards.game_has(state, _flagged) is True  # a new entry for a card of the game
    monkeypatch.undo()
    assert game_cards.game_has(state, _flagged) is False


def test_a_token_added_to_the_game_is_asked() -> None:
    state = next(_states("duel", 0, 1))
    obj = next(iter(state.objects.values()))
    assert game_cards.game_has(state, _triggered) is True
    before = game_cards.game_has(state, _passive)
    token = obj.copy()
    token.oid, token.card = "p1.t99", next(c for c, e in abilities.ABILITIES.items()
                                           if _passive(e))
    state.objects[token.oid] = token
    assert game_cards.game_has(state, _passive) is True
    del state.objects[token.oid]
    assert game_cards.game_has(state, _passive) is before
