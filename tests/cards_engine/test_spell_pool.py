"""Resources that may only be spent to play spells (v1.3 165, 429; riftlog.rules.board.spell_pool):
Lux, Crownguard (OGS-014,) and Daughter of the Void (OGN-247,)."""

from __future__ import annotations

from riftlog.cards import load_catalog
from riftlog.events.play import CardPlayed
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.spell_pool import spell_pool
from riftlog.rules.flow import turn
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    activate,
    apply,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)

LUX = "OGS-014"
DAUGHTER = "OGN-247"
VENGEANCE = "OGN-229"   # spell: kill a unit (4 Energy, 2 Order power)
SCORCHER = "OGN-001"    # unit: 5 Energy


def _vengeance(s, cost: Cost) -> CardPlayed:  # type: ignore[no-untyped-def]
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    spell = put(s, VENGEANCE, "p1", "hand")
    return CardPlayed(player="p1", card=spell, targets=(foe,), payment=pay_for(s, "p1", cost=cost))


def test_lux_crownguard_energy_pays_for_a_spell() -> None:
    assert load_catalog().get(LUX).supported
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    s = activate(s, put(s, LUX, "p1", "base"))
    assert spell_pool(s, "p1") == {"energy": 2, "power": {}} and s.players["p1"].pool.is_empty()
    d = _vengeance(s, Cost(2, {"Order": 2}))  # the other 2 Energy come from Lux
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert s.objects[d.targets[0]].zone == "trash"  # type: ignore[index]
    assert spell_pool(s, "p1")["energy"] == 0


def test_without_lux_the_same_payment_is_short() -> None:
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    assert "165.2" in violations(s, _vengeance(s, Cost(2, {"Order": 2})))


def test_lux_energy_cannot_pay_for_a_unit() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)
    s = activate(s, put(s, LUX, "p1", "base"))
    unit = put(s, SCORCHER, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="base",
                   payment=pay_for(s, "p1", cost=Cost(3)))
    assert "165.2" in violations(s, d)  # 5 Energy owed, only 3 usable: spells only


def test_daughter_of_the_void_power_pays_a_spells_power_cost() -> None:
    assert load_catalog().get(DAUGHTER).supported
    s = game()
    runes(s, "p1", 5, ORDER_RUNE)
    s = activate(s, put(s, DAUGHTER, "p1", "legend"))
    assert spell_pool(s, "p1")["power"] == {"Any": 1}
    d = _vengeance(s, Cost(4, {"Order": 1}))  # the second Order power is the universal one
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert spell_pool(s, "p1")["power"] == {}


def test_spell_only_resources_empty_with_the_rune_pool() -> None:
    s = game()
    s = activate(s, put(s, LUX, "p1", "base"))
    turn.empty_pools(s, [], "166")
    assert spell_pool(s, "p1") == {"energy": 0, "power": {}}
