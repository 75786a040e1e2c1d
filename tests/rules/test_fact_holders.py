"""replay-perf: ``effects.fact_holders`` remembers, per game, which objects' cards have a
fact (CostsLess givers, "friendly units enter ready"); the board scans of
``abilities.costs_less`` and ``_ogn_units_enter_ready`` skip every other object.  The
remembered answer must be what a fresh look at every object gives, on the states of bot
games (tokens and other objects added on the way) and after the registry is patched."""

from __future__ import annotations

import random

import pytest

from riftlog.cards import abilities as card_abilities
from riftlog.cards import vocab as V
from riftlog.rules import bot, effects, engine
from riftlog.rules.abilities_after_play import _makes_units_enter_ready
from riftlog.rules.abilities_costs import _costs_less_of
from riftlog.rules.state import GameState
from tests.rules.test_cleanup_settled import _created


def _has_abilities(enc: V.Encoding) -> bool:
    return bool(enc.abilities)


_FACTS = (_costs_less_of, _makes_units_enter_ready, _has_abilities)


def _fresh(state: GameState, fact: object) -> frozenset[str]:
    return frozenset(oid for oid, o in state.objects.items()
                     if effects.encoding_fact(o.card, fact, None))  # type: ignore[arg-type]


@pytest.mark.parametrize("mode,seed", [("duel", 11), ("duel", 12), ("ffa3", 13), ("2v2", 14)])
def test_the_remembered_holders_are_a_fresh_look(mode: str, seed: int) -> None:
    rng = random.Random(seed)
    state = engine.new_game(_created(mode, seed))
    seen = 0
    for _ in range(400):
        if state.is_over():
            break
        engine.apply_in_place(state, bot.choose(state, rng))
        for fact in _FACTS:
            assert effects.fact_holders(state, fact) == _fresh(state, fact), (mode, seed, fact)
        seen += bool(effects.fact_holders(state, _has_abilities))
        copy = state.clone()  # another objects dict: its own entry
        assert effects.fact_holders(copy, _has_abilities) == _fresh(copy, _has_abilities)
    assert seen > 50


def test_a_patched_registry_entry_is_seen_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    state = engine.new_game(_created("duel", 3))
    for _ in range(40):
        engine.apply_in_place(state, bot.choose(state, rng))
    assert effects.fact_holders(state, _makes_units_enter_ready) == frozenset()
    oid, obj = next((oid, o) for oid, o in state.objects.items() if o.zone == "main_deck")
    old = card_abilities.ABILITIES.get(obj.card)
    patched = V.Encoding(obj.card, old.abilities if isinstance(old, V.Encoding) else (),
                         flags=("friendly_units_enter_ready",))
    monkeypatch.setitem(card_abilities.ABILITIES, obj.card, patched)
    assert oid in effects.fact_holders(state, _makes_units_enter_ready)
    assert effects.fact_holders(state, _makes_units_enter_ready) == \
        _fresh(state, _makes_units_enter_ready)
