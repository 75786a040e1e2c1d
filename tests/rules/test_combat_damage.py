"""Combat damage (v1.3 460.2, 423.1.b, 143.2.b; Tank 815, Backline 826): every Example of
460.2.c and the refusals."""

from __future__ import annotations

import pytest

from riftlog.errors import UnsupportedCard
from riftlog.events import parse_payload
from riftlog.events.combat import CombatDamageAssigned
from riftlog.rules.board.layers import add_effect
from riftlog.rules.board.state import GameState
from riftlog.rules.flow.combat_damage import (
    check_assignment,
    legal_assignment,
    lethal_remaining,
    total_combat_damage,
)
from tests.rules.board import rules
from tests.rules.combat_board import (
    CAITLYN,
    DARING_PORO,
    GAREN,
    GUARDIAN,
    HORNS,
    KAYN,
    PROMOTER,
    SERGEANT,
    SKULKER,
    STALWART_PORO,
    combat,
    effect,
    encoded,
    table,
    unit,
)


def check(state: GameState, total: int, assignment: dict[str, int], defenders: list[str],
          order: list[str] | None = None) -> list[str]:
    return rules(check_assignment(state, "p1", total, assignment, defenders, order))


@pytest.fixture
def state() -> GameState:
    return table()


# --- 460.2.a-b: the total -----------------------------------------------------------------


def test_v1_3_460_2_a_total_is_summed_might_with_assault(state: GameState) -> None:
    a = unit(state, DARING_PORO, "p1")       # 2 + Assault 1
    b = unit(state, SERGEANT, "p1")          # 4
    unit(state, SKULKER, "p2")
    combat(state)
    assert total_combat_damage(state, [a, b]) == 7


def test_v1_3_423_1_b_stunned_units_deal_no_combat_damage(state: GameState) -> None:
    a = unit(state, SERGEANT, "p1", stunned=True)
    b = unit(state, SKULKER, "p1")
    combat(state)
    assert total_combat_damage(state, [a, b]) == 3


def test_v1_3_143_2_b_negative_might_adds_zero(state: GameState) -> None:
    a = unit(state, DARING_PORO, "p1")
    b = unit(state, SKULKER, "p1")
    add_effect(state, effect(layer="arithmetic", affects={"oid": a}, might=-6))
    combat(state)
    assert total_combat_damage(state, [a, b]) == 3


# --- 460.2.c: the Examples ----------------------------------------------------------------


def test_v1_3_460_2_c_3_example_five_damage_among_four_three_might_units(state: GameState) -> None:
    d = [unit(state, SKULKER, "p2") for _ in range(4)]
    combat(state)
    assert check(state, 5, {d[0]: 2, d[1]: 1, d[2]: 1, d[3]: 1}, d)[0] == "460.2.c.3"
    assert check(state, 5, {d[0]: 3, d[1]: 2}, d) == []
    assert check(state, 5, {d[2]: 3, d[0]: 2}, d) == []  # any unit may be first
    assert check(state, 5, {d[0]: 2, d[1]: 3}, d) == []


def test_v1_3_460_2_c_5_example_tank_then_plain_then_assigned_last(state: GameState) -> None:
    with encoded(CAITLYN):
        tank = unit(state, HORNS, "p2")        # 6, Tank
        cait = unit(state, CAITLYN, "p2")      # 3, must be assigned last
        plain = unit(state, SKULKER, "p2")     # 3
        d = [tank, cait, plain]
        combat(state)
        assert check(state, 8, {tank: 6, plain: 2}, d) == []
        assert check(state, 8, {tank: 6, cait: 2}, d) == ["460.2.c.5"]
        assert check(state, 8, {plain: 3, tank: 5}, d) == ["815.1.c.2"]
        assert check(state, 12, {tank: 6, plain: 3, cait: 3}, d) == []
        assert check(state, 8, {tank: 6, plain: 2}, d, order=[tank, plain]) == []
        assert check(state, 8, {tank: 6, cait: 2}, d, order=[tank, cait]) == ["460.2.c.5"]


def test_v1_3_460_2_c_6_example_two_tanks_in_any_order(state: GameState) -> None:
    t1 = unit(state, HORNS, "p2")       # 6, Tank
    t2 = unit(state, GUARDIAN, "p2")    # 3 + Shield 1 as defender, Tank
    plain = unit(state, SKULKER, "p2")
    d = [t1, t2, plain]
    combat(state)
    assert check(state, 5, {t2: 4, t1: 1}, d) == []
    assert check(state, 5, {t1: 5}, d) == []
    assert check(state, 12, {t1: 6, t2: 4, plain: 2}, d) == []
    assert check(state, 12, {t2: 4, plain: 3, t1: 5}, d) == ["815.1.c.2"]
    assert check(state, 5, {plain: 3, t2: 2}, d) == ["815.1.c.2"]


def test_v1_3_460_2_c_7_example_caitlyn_with_tank_first_or_last(state: GameState) -> None:
    with encoded(CAITLYN):
        cait = unit(state, CAITLYN, "p2")
        a = unit(state, SKULKER, "p2")
        b = unit(state, SKULKER, "p2")
        add_effect(state, effect(layer="ability", affects={"oid": cait}, grant=["Tank"]))
        d = [cait, a, b]
        combat(state)
        assert check(state, 4, {cait: 3, a: 1}, d) == []     # first: Tank fulfilled
        assert check(state, 7, {a: 3, b: 3, cait: 1}, d) == []  # last: printed text fulfilled
        assert check(state, 4, {a: 3, cait: 1}, d) != []     # in between: neither
        assert check(state, 4, {a: 3, cait: 1}, d, order=[a, cait]) != []
        assert check(state, 4, {a: 3, b: 1}, d) == []        # Caitlyn last, untouched


def test_v1_3_460_2_c_8_example_two_caitlyns_with_tank(state: GameState) -> None:
    with encoded(CAITLYN):
        c1 = unit(state, CAITLYN, "p2")
        c2 = unit(state, CAITLYN, "p2")
        plain = unit(state, SKULKER, "p2")
        for c in (c1, c2):
            add_effect(state, effect(layer="ability", affects={"oid": c}, grant=["Tank"]))
        d = [c1, c2, plain]
        combat(state)
        assert check(state, 6, {c1: 3, c2: 3}, d) == []      # both Tank-first
        assert check(state, 6, {c2: 3, plain: 3}, d) == []   # c2 first, c1 last
        assert check(state, 4, {c1: 3, c2: 1}, d) == []
        assert check(state, 4, {c1: 3, c2: 1}, d, order=[c1, c2]) == []
        assert check(state, 4, {c1: 3, plain: 1}, d) == []   # c1 first, c2 last
        assert check(state, 4, {plain: 3, c1: 1}, d) == []   # both chose "last" (460.2.c.8)
        assert check(state, 7, {plain: 3, c1: 3, c2: 1}, d) == []
        assert check(state, 4, {plain: 3, c1: 1}, d, order=[c1, plain]) != []


def test_v1_3_460_2_c_9_example_unit_that_cannot_take_damage_is_ignored(state: GameState) -> None:
    with encoded(KAYN):
        kayn = unit(state, KAYN, "p2")
        plain = unit(state, SKULKER, "p2")
        add_effect(state, effect(layer="ability", affects={"oid": kayn}, flags=["no_damage"]))
        d = [kayn, plain]
        combat(state)
        assert lethal_remaining(state, kayn) is None
        assert check(state, 2, {plain: 2}, d) == []
        assert check(state, 2, {kayn: 2}, d) == ["460.2.c.9"]
        assert check(state, 5, {plain: 3, kayn: 2}, d) == []  # nothing else left to assign to


# --- refusals ---------------------------------------------------------------------------


def test_v1_3_460_2_c_4_no_excess_while_other_units_remain(state: GameState) -> None:
    a, b = unit(state, SKULKER, "p2"), unit(state, SERGEANT, "p2")
    combat(state)
    assert check(state, 5, {a: 5}, [a, b]) == ["460.2.c.4"]
    assert check(state, 9, {a: 5, b: 4}, [a, b]) == []  # all lethal: excess may go anywhere


def test_v1_3_460_2_c_whole_amount_must_be_assigned(state: GameState) -> None:
    a = unit(state, SKULKER, "p2")
    combat(state)
    assert check(state, 5, {a: 3}, [a]) == ["460.2.c"]
    assert check(state, 5, {a: 5}, [a]) == []
    assert check(state, 3, {"p1.zz": 3}, [a]) == ["460.2.c"]
    assert check(state, 3, {a: -1}, [a]) == ["460.2.c"]


def test_v1_3_460_2_c_2_lethal_counts_damage_already_marked(state: GameState) -> None:
    a = unit(state, SERGEANT, "p2", damage=3)
    b = unit(state, SKULKER, "p2")
    combat(state)
    assert lethal_remaining(state, a) == 1
    assert check(state, 3, {a: 1, b: 2}, [a, b]) == []
    assert check(state, 3, {a: 2, b: 1}, [a, b]) == ["460.2.c.4"]


def test_v1_3_814_shield_raises_lethal_while_defending(state: GameState) -> None:
    poro = unit(state, STALWART_PORO, "p2")
    plain = unit(state, SKULKER, "p2")
    combat(state)
    assert lethal_remaining(state, poro) == 3
    assert check(state, 4, {poro: 2, plain: 2}, [poro, plain]) == ["460.2.c.3"]
    assert check(state, 4, {poro: 3, plain: 1}, [poro, plain]) == []


def test_v1_3_815_tank_refuses_damage_to_others_first(state: GameState) -> None:
    tank = unit(state, GUARDIAN, "p2")
    plain = unit(state, SKULKER, "p2")
    combat(state)
    found = check_assignment(state, "p1", 3, {plain: 3}, [tank, plain])
    assert [v.rule for v in found] == ["815.1.c.2"] and "Tank" in found[0].message
    assert found[0].citation == "v1.3 815.1.c.2"


def test_v1_3_826_backline_is_assigned_after_the_others(state: GameState) -> None:
    with encoded(PROMOTER):
        back = unit(state, PROMOTER, "p2")   # 2, Backline
        plain = unit(state, SKULKER, "p2")
        d = [back, plain]
        combat(state)
        assert check(state, 2, {back: 2}, d) == ["826.4.b"]
        assert check(state, 4, {plain: 3, back: 1}, d) == []
        assert check(state, 4, {back: 2, plain: 2}, d) == ["826.4.b"]


def test_v1_3_826_backline_and_tank_units(state: GameState) -> None:
    with encoded(PROMOTER):
        back = unit(state, PROMOTER, "p2")
        tank = unit(state, HORNS, "p2")
        plain = unit(state, SKULKER, "p2")
        d = [back, tank, plain]
        combat(state)
        assert check(state, 9, {tank: 6, plain: 3}, d) == []
        assert check(state, 9, {tank: 6, back: 2, plain: 1}, d) != []


def test_unencoded_card_text_refuses_to_judge(state: GameState) -> None:
    # Blitzcrank is encoded now: Arena Kingpin (UNL-001) has rules
    # text and no encoding.
    kingpin = unit(state, "UNL-001", "p2")
    combat(state)
    with pytest.raises(UnsupportedCard, match="Arena Kingpin"):
        check_assignment(state, "p1", 3, {kingpin: 3}, [kingpin])


def test_legal_assignment_is_legal(state: GameState) -> None:
    with encoded(CAITLYN, PROMOTER):
        d = [unit(state, c, "p2") for c in (CAITLYN, PROMOTER, SKULKER, HORNS, GAREN)]
        combat(state)
        for total in range(0, 30):
            got = legal_assignment(state, total, d)
            assert check(state, total, got, d) == [], (total, got)


def test_decision_payload_is_registered_and_round_trips() -> None:
    d = CombatDamageAssigned(player="p1", battlefield="bf1", assignment={"p2.c1": 3},
                             order=("p2.c1",))
    again = parse_payload("CombatDamageAssigned", 1, d.model_dump(mode="json"))
    assert again == d and again.IS_DECISION
