"""replay-perf: ``effects.fact_holders`` remembers, per game, which objects' cards have a
fact (CostsLess givers, "friendly units enter ready", BonusDamageYours); the board scans
of ``abilities.costs_less``, ``_ogn_units_enter_ready`` and ``controller_bonus_damage``
skip every other object.  The
remembered answer must be what a fresh look at every object gives, on the states of bot
games (tokens and other objects added on the way) and after the registry is patched."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from riftlog.cards import abilities as card_abilities
from riftlog.cards import vocab as V
from riftlog.rules import abilities, bot, effects, engine, layers
from riftlog.rules.abilities_after_play import _makes_units_enter_ready
from riftlog.rules.abilities_costs import (
    _b051_own_reduction,
    _b150_gives_costs_less,
    _costs_less_of,
)
from riftlog.rules.effects_steps import _bonus_damage_yours
from riftlog.rules.resources import Cost
from riftlog.rules.state import GameState
from tests.rules.test_cleanup_settled import _created


def _has_abilities(enc: V.Encoding) -> bool:
    return bool(enc.abilities)


_FACTS = (_costs_less_of, _makes_units_enter_ready, _bonus_damage_yours, _has_abilities)


def _fresh(state: GameState, fact: Callable[[V.Encoding], object]) -> frozenset[str]:
    encodings = {card: effects.encoding(card) for card in {o.card for o in state.objects.values()}}
    return frozenset(oid for oid, o in state.objects.items()
                     if (enc := encodings[o.card]) is not None and fact(enc))


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


def _costs_less_by_scan(state: GameState, player: str, oid: str, cost: Cost) -> Cost:
    """abilities.costs_less as it was before fact_holders: every object on the lists."""
    less, floor, tags = 0, 0, None
    p = state.players[player]
    for lst in (p.base, *[x for bf in state.battlefields for x in (bf.units, bf.gear)]):
        for src in lst:
            obj = state.objects[src]
            if obj.controller != player or src == oid:
                continue
            for ab in _b150_gives_costs_less(obj.card):
                if (ab.at_battlefield and obj.zone != "battlefield") or (
                        ab.card_type is not None
                        and layers.printed_type(state.objects[oid].card) != ab.card_type):
                    continue
                if ab.tag is not None:
                    tags = tags or frozenset(layers.characteristics(state, oid).tags)
                    if ab.tag not in tags:
                        continue
                less += ab.energy
                floor = max(floor, ab.minimum)
    if not less:
        return cost
    energy = cost.energy if cost.energy <= floor else max(floor, cost.energy - less)
    own = _b051_own_reduction(state, player, oid)
    if own and cost.energy > 0:
        before = cost.energy + own
        first = before if before <= floor else max(floor, before - less)
        energy = min(energy, max(0, first - own))
    return cost if energy == cost.energy else Cost(energy, dict(cost.power))


def test_costs_less_is_the_scan_of_every_board_object() -> None:
    lowered = 0
    for seed in range(30, 42):  # half of these games hold a CostsLess card
        rng = random.Random(seed)
        state = engine.new_game(_created("duel", seed))
        for _ in range(400):
            if state.is_over():
                break
            engine.apply_in_place(state, bot.choose(state, rng))
            for pid, p in state.players.items():
                for oid in p.hand:
                    for cost in (Cost(0), Cost(2), Cost(5, {"Fury": 1})):
                        fast = abilities.costs_less(state, pid, oid, cost)
                        assert fast == _costs_less_by_scan(state, pid, oid, cost), (seed, oid)
                        lowered += fast != cost
    assert lowered > 0
