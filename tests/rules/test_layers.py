"""Layers (v1.3 468-475), buffs (701), Mighty (706), attachments (716, 137), 143.2.b."""

from __future__ import annotations

import time

import pytest

from riftlog.errors import UnsupportedCard, UnsupportedRule
from riftlog.rules.board import layers
from riftlog.rules.board.layers import add_effect, characteristics, expire_effects, might_of
from riftlog.rules.board.state import GameState
from tests.build_marks import pure_only
from tests.rules.combat_board import (
    DARING_PORO,
    DORANS_BLADE,
    DORANS_SHIELD,
    FIORA,
    GAREN,
    MEGA_MECH,
    PETTY_OFFICER,
    SERGEANT,
    SERRATED_DIRK,
    SKULKER,
    STALWART_PORO,
    attach,
    effect,
    encoded,
    put,
    table,
    unit,
)


@pytest.fixture
def state() -> GameState:
    return table()


def test_printed_facts_on_the_board(state: GameState) -> None:
    oid = unit(state, SERGEANT, "p1")
    ch = characteristics(state, oid)
    assert (ch.might, ch.printed_might, ch.type, ch.controller) == (4, 4, "Unit", "p1")
    assert ch.keywords == {} and ch.exact and not ch.mighty


def test_v1_3_703_buff_gives_plus_one(state: GameState) -> None:
    oid = unit(state, SERGEANT, "p1", buffed=True)
    assert might_of(state, oid) == 5


def test_v1_3_709_example_four_plus_one_becomes_mighty(state: GameState) -> None:
    oid = unit(state, SERGEANT, "p1")
    before = characteristics(state, oid)
    state.objects[oid].mods["might"] = 1
    after = characteristics(state, oid)
    assert after.mighty and layers.became_mighty(before, after)


def test_v1_3_709_example_five_plus_one_does_not_become_mighty(state: GameState) -> None:
    oid = unit(state, PETTY_OFFICER, "p1")
    before = characteristics(state, oid)
    state.objects[oid].buffed = True
    after = characteristics(state, oid)
    assert before.mighty and after.mighty and not layers.became_mighty(before, after)


def test_v1_3_710_example_plus_three_this_turn_then_expires(state: GameState) -> None:
    oid = unit(state, SKULKER, "p1")
    add_effect(state, effect(layer="arithmetic", affects={"oid": oid}, might=3))
    assert characteristics(state, oid).might == 6 and layers.is_mighty(state, oid)
    expire_effects(state, "end_of_turn")
    assert characteristics(state, oid).might == 3 and not layers.is_mighty(state, oid)


def test_v1_3_711_example_off_the_board_only_printed_might(state: GameState) -> None:
    oid = put(state, PETTY_OFFICER, "p1", "trash")
    state.objects[oid].buffed = True  # stale, must not count
    state.objects[oid].mods["might"] = -3
    add_effect(state, effect(layer="arithmetic", affects={"oid": oid}, might=-4))
    ch = characteristics(state, oid)
    assert ch.might == 5 and ch.mighty and not ch.on_board


def test_v1_3_472_1_a_1_example_might_becomes_four(state: GameState) -> None:
    oid = unit(state, MEGA_MECH, "p1", buffed=True)
    add_effect(state, effect(layer="trait", affects={"oid": oid}, set_might=4))
    # set in the trait layer, the buff still adds in the arithmetic layer
    assert characteristics(state, oid).might == 5


def test_v1_3_472_1_c_example_other_friendly_units_gain_a_tag(state: GameState) -> None:
    source = unit(state, SERGEANT, "p1")
    other = unit(state, SKULKER, "p1")
    enemy = unit(state, SKULKER, "p2")
    add_effect(state, effect(layer="trait", source=source, until="source_leaves", tags=["Yordle"],
                             affects={"controller": "p1", "type": "Unit",
                                      "other_than_source": True}))
    assert "Yordle" in characteristics(state, other).tags
    assert "Yordle" not in characteristics(state, source).tags
    assert "Yordle" not in characteristics(state, enemy).tags


def test_v1_3_472_2_b_example_other_friendly_units_have_a_keyword(state: GameState) -> None:
    source = unit(state, SERGEANT, "p1")
    other = unit(state, SKULKER, "p1", "base")
    add_effect(state, effect(layer="ability", source=source, until="source_leaves",
                             grant=["Vision"], affects={"controller": "p1",
                                                        "other_than_source": True}))
    assert characteristics(state, other).has("Vision")
    assert not characteristics(state, source).has("Vision")


def test_source_leaves_ends_a_static_effect(state: GameState) -> None:
    source = unit(state, SERGEANT, "p1")
    other = unit(state, SKULKER, "p1")
    add_effect(state, effect(layer="arithmetic", source=source, until="source_leaves", might=1,
                             affects={"controller": "p1", "other_than_source": True}))
    assert might_of(state, other) == 4
    state.objects[source].zone = "trash"
    assert might_of(state, other) == 3


def test_v1_3_472_3_b_example_snapshot_minus_four_to_a_minimum_of_one(state: GameState) -> None:
    oid = unit(state, DARING_PORO, "p1")
    e = add_effect(state, effect(layer="arithmetic", affects={"oid": oid}, might=-4, min=1))
    assert e["snapshot"] == {oid: -1}
    assert might_of(state, oid) == 1
    state.objects[oid].buffed = True  # the -1 is remembered, not recomputed
    assert might_of(state, oid) == 2


def test_v1_3_472_3_d_increases_before_decreases(state: GameState) -> None:
    # a limited decrease that began before the unit arrived (no snapshot for it yet)
    add_effect(state, effect(layer="arithmetic", affects={"controller": "p1"}, might=-5, min=1))
    oid = unit(state, DARING_PORO, "p1")  # Might 2
    add_effect(state, effect(layer="arithmetic", affects={"oid": oid}, might=3))
    # the later +3 applies first (increases sublayer): 5, then -5 limited to min 1 -> 1
    assert might_of(state, oid) == 1


def test_v1_3_143_2_b_negative_might_is_referenced_as_zero(state: GameState) -> None:
    oid = unit(state, DARING_PORO, "p1")
    add_effect(state, effect(layer="arithmetic", affects={"oid": oid}, might=-4))
    ch = characteristics(state, oid)
    assert ch.might == -2 and ch.effective_might == 0
    # 143.2.b.1: increases work from the actual value
    add_effect(state, effect(layer="arithmetic", affects={"oid": oid}, might=3))
    assert characteristics(state, oid).might == 1


def test_v1_3_471_3_example_buffed_fiora_gains_keywords_then_shield(state: GameState) -> None:
    with encoded(FIORA):
        oid = unit(state, FIORA, "p2", designation="defender", buffed=True)
        add_effect(state, effect(layer="ability", source=oid, until="source_leaves",
                                 affects={"oid": oid}, condition={"mighty": True},
                                 grant=["Deflect", "Ganking", "Shield"]))
        ch = characteristics(state, oid)
        assert ch.might == 6
        assert {"Deflect", "Ganking", "Shield"} <= set(ch.keywords)
        state.objects[oid].designation = None
        assert characteristics(state, oid).might == 5


def test_v1_3_471_3_example_fiora_loses_buff_goes_from_six_to_four(state: GameState) -> None:
    with encoded(FIORA):
        oid = unit(state, FIORA, "p2", designation="defender", buffed=True)
        add_effect(state, effect(layer="ability", source=oid, until="source_leaves",
                                 affects={"oid": oid}, condition={"mighty": True},
                                 grant=["Deflect", "Ganking", "Shield"]))
        assert characteristics(state, oid).might == 6
        state.objects[oid].buffed = False
        ch = characteristics(state, oid)
        assert ch.might == 4 and ch.keywords == {}


def test_v1_3_471_3_an_effect_removed_once_is_not_reapplied(state: GameState) -> None:
    oid = unit(state, PETTY_OFFICER, "p1")  # Might 5
    add_effect(state, effect(layer="arithmetic", affects={"oid": oid}, condition={"mighty": True},
                             might=-2))
    # applies (5 -> 3), is then disqualified (not Mighty) and removed; it stays removed
    assert might_of(state, oid) == 5


def test_v1_3_473_dependency_tag_grant_before_tag_filter(state: GameState) -> None:
    oid = unit(state, SKULKER, "p1")
    # the keyword effect (earlier timestamp) reads a tag the later trait effect gives:
    # different layers, so the trait layer applies first anyway
    add_effect(state, effect(layer="ability", affects={"controller": "p1", "tag": "Mech"},
                             grant=["Assault"]))
    add_effect(state, effect(layer="trait", affects={"oid": oid}, tags=["Mech"]))
    assert characteristics(state, oid).has("Assault")


def test_v1_3_474_dependency_in_the_same_layer(state: GameState) -> None:
    oid = unit(state, SKULKER, "p1")
    # same layer: "Mechs become Yordles" depends on "this becomes a Mech" (473.1.b)
    add_effect(state, effect(layer="trait", affects={"controller": "p1", "tag": "Mech"},
                             tags=["Yordle"], timestamp=1))
    add_effect(state, effect(layer="trait", affects={"oid": oid}, tags=["Mech"], timestamp=2))
    assert {"Mech", "Yordle"} <= characteristics(state, oid).tags


def test_v1_3_474_1_dependency_in_the_ability_layer(state: GameState) -> None:
    oid = unit(state, SKULKER, "p2", designation="defender")
    # earlier: "units with Tank have Shield"; later: "this unit has Tank" -> applied first
    add_effect(state, effect(layer="ability", affects={"controller": "p2", "keyword": "Tank"},
                             grant=["Shield 2"], timestamp=1))
    add_effect(state, effect(layer="ability", affects={"oid": oid}, grant=["Tank"], timestamp=2))
    ch = characteristics(state, oid)
    assert ch.has("Tank") and ch.value("Shield") == 2 and ch.might == 5


def test_v1_3_475_timestamp_order_for_might_assignments(state: GameState) -> None:
    oid = unit(state, SKULKER, "p1")
    add_effect(state, effect(layer="trait", affects={"oid": oid}, set_might=7))
    add_effect(state, effect(layer="trait", affects={"oid": oid}, set_might=2))
    assert might_of(state, oid) == 2  # the later timestamp applies last


def test_v1_3_807_2_example_assault_values_sum(state: GameState) -> None:
    oid = unit(state, PETTY_OFFICER, "p1", designation="attacker")
    add_effect(state, effect(layer="ability", affects={"oid": oid}, grant=["Assault 3"]))
    ch = characteristics(state, oid)
    assert ch.value("Assault") == 4 and ch.might == 9


def test_v1_3_814_2_example_shield_values_sum_and_tank(state: GameState) -> None:
    oid = unit(state, STALWART_PORO, "p2", designation="defender")
    add_effect(state, effect(layer="ability", affects={"oid": oid}, grant=["Shield 3", "Tank"]))
    ch = characteristics(state, oid)
    assert ch.value("Shield") == 4 and ch.has("Tank") and ch.might == 6


def test_v1_3_807_1_c_assault_only_while_attacker(state: GameState) -> None:
    oid = unit(state, GAREN, "p1")
    assert might_of(state, oid) == 5
    state.objects[oid].designation = "attacker"
    assert might_of(state, oid) == 7
    state.objects[oid].designation = "defender"
    assert might_of(state, oid) == 7  # Shield 2 this time (814.1.c)


def test_mods_grant_keywords_and_might(state: GameState) -> None:
    oid = unit(state, SKULKER, "p1", designation="attacker")
    state.objects[oid].mods.update({"might": 2, "keywords": ["Assault 2"], "flags": ["no_damage"]})
    ch = characteristics(state, oid)
    assert ch.might == 7 and "no_damage" in ch.flags
    expire_effects(state, "end_of_turn")
    assert might_of(state, oid) == 3


def test_v1_3_472_2_c_attached_equipment_appends_its_effect_keywords(state: GameState) -> None:
    oid = unit(state, SKULKER, "p2")
    attach(state, DORANS_SHIELD, oid)
    ch = characteristics(state, oid)  # its Might bonus (137) is encoded: +1
    assert "Tank" in ch.keywords and ch.might == 3 + 1


def test_v1_3_137_an_unencoded_might_bonus_is_refused(
        state: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    from riftlog.cards import abilities

    monkeypatch.delitem(abilities.ABILITIES, DORANS_SHIELD)  # as if it had no encoding
    layers.clear_cache()
    try:
        oid = unit(state, SKULKER, "p2")
        attach(state, DORANS_SHIELD, oid)
        with pytest.raises(UnsupportedCard, match="Might bonus"):  # 137: never guessed
            characteristics(state, oid)
    finally:
        monkeypatch.undo()
        layers.clear_cache()


@pure_only("riftlog.rules.board.layers")
def test_v1_3_472_3_c_attached_might_bonus(state: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    real = layers._card

    class WithBonus:
        def __init__(self, card: object, bonus: int) -> None:
            self._card, self.might_bonus = card, bonus

        def __getattr__(self, name: str) -> object:
            return getattr(self._card, name)

    # the encoding's bonus comes first (Serrated Dirk +0, Doran's Blade +2); a card
    # without one would read the catalog's (none carries it today)
    bonuses = {SERRATED_DIRK: 1, DORANS_BLADE: 2}
    monkeypatch.setattr(layers, "_card", lambda cid: WithBonus(real(cid), bonuses[cid])
                        if cid in bonuses else real(cid))
    layers.clear_cache()
    try:
        oid = unit(state, SKULKER, "p1", designation="attacker")
        attach(state, SERRATED_DIRK, oid)
        ch = characteristics(state, oid)
        assert ch.value("Assault") == 2 and ch.might == 3 + 0 + 2
        base_unit = unit(state, SKULKER, "p1", "base")
        attach(state, DORANS_BLADE, base_unit)
        assert might_of(state, base_unit) == 5
        gear = characteristics(state, next(o for o, x in state.objects.items()
                                       if x.card == SERRATED_DIRK))
        assert gear.might is None and "Equip" in gear.keywords and "Assault" not in gear.keywords
    finally:
        monkeypatch.undo()
        layers.clear_cache()


def test_malformed_effects_are_refused(state: GameState) -> None:
    oid = unit(state, SKULKER, "p1")
    for bad in (
        {"layer": "colour", "affects": {"oid": oid}},
        {"layer": "arithmetic", "affects": {}, "might": 1},
        {"layer": "arithmetic", "affects": {"oid": oid}, "grant": ["Tank"]},
        {"layer": "ability", "affects": {"oid": oid}, "flags": ["flying"]},
        {"layer": "ability", "affects": {"oid": oid}, "grant": ["Tank 2"]},
        {"layer": "trait", "affects": {"oid": oid}, "until": "forever"},
    ):
        with pytest.raises(ValueError, match="malformed effect"):
            add_effect(state, bad)
    state.effects.append({"layer": "ability", "affects": {"oid": oid},
                          "condition": {"phase_of_moon": 1}, "grant": ["Tank"]})
    with pytest.raises(UnsupportedRule):
        characteristics(state, oid)


def test_effects_round_trip_through_json(state: GameState) -> None:
    oid = unit(state, DARING_PORO, "p1")
    add_effect(state, effect(layer="arithmetic", affects={"oid": oid}, might=-4, min=1))
    again = GameState.from_json(state.to_json())
    assert again == state and might_of(again, oid) == 1


def test_characteristics_are_fast(state: GameState) -> None:
    oids = [unit(state, SKULKER, "p1", designation="attacker") for _ in range(8)]
    for i in range(6):
        add_effect(state, effect(layer="arithmetic", affects={"controller": "p1"}, might=1,
                                 timestamp=i + 1))
    add_effect(state, effect(layer="ability", affects={"oid": oids[0]},
                             condition={"mighty": True}, grant=["Assault 2"]))
    start = time.perf_counter()
    for _ in range(200):
        for oid in oids:
            characteristics(state, oid)
    per_call = (time.perf_counter() - start) / 1600
    assert per_call < 0.0005
