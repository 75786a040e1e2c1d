"""Issue 19: the examples of RUP4's changed combat-damage assignment rules (465.2.c.4-10)
played under RUP4; refusals cite the RUP4 ids (the engine's v1.3 460.2.c checks, re-cited
through the map)."""

from __future__ import annotations

from riftlog.rules import editions
from riftlog.rules.board.layers import add_effect
from riftlog.rules.board.state import GameState
from riftlog.rules.flow.combat_damage import check_assignment, lethal_remaining
from tests.rules.combat_board import (
    CAITLYN,
    HORNS,
    KAYN,
    SKULKER,
    combat,
    effect,
    encoded,
    table,
    unit,
)
from tests.rules.rup4_examples import example

RUP4 = "RUP4"


def rup4_table() -> GameState:
    s = table()
    s.edition = RUP4
    return s


def check(state: GameState, total: int, assignment: dict[str, int], defenders: list[str],
          order: list[str] | None = None) -> list[str]:
    """The RUP4 ids the assignment breaks (the game's edition is RUP4)."""
    found = check_assignment(state, "p1", total, assignment, defenders, order)
    judged = editions.judge_violations(state, found)
    assert all(v.edition == RUP4 for v in judged)
    return [v.rule for v in judged]


@example("465.2.c.4")
def test_rup4_465_2_c_4_five_damage_among_four_damaged_three_might_units() -> None:
    """Four Might 3 units with 1 damage each: 2 is lethal to each, so no unit may be given
    more than 2 while another is left without lethal damage."""
    s = rup4_table()
    d = [unit(s, SKULKER, "p2", damage=1) for _ in range(4)]
    combat(s)
    assert check(s, 5, {d[0]: 2, d[1]: 2, d[2]: 1}, d) == []
    assert check(s, 5, {d[0]: 3, d[1]: 2}, d) == ["465.2.c.4"]


@example("465.2.c.6")
def test_rup4_465_2_c_6_tank_first_then_the_plain_unit_then_backline_last() -> None:
    with encoded(CAITLYN):  # Caitlyn, Patrolling: must be assigned combat damage last
        s = rup4_table()
        tank = unit(s, HORNS, "p2")       # Might 6, Tank
        last = unit(s, CAITLYN, "p2")     # Might 3
        plain = unit(s, SKULKER, "p2")    # Might 3
        d = [tank, last, plain]
        combat(s)
        assert check(s, 12, {tank: 6, plain: 3, last: 3}, d) == []
        assert check(s, 8, {tank: 6, plain: 2}, d) == []
        assert check(s, 8, {tank: 6, last: 2}, d) == ["465.2.c.6"]
        assert check(s, 8, {plain: 3, tank: 5}, d) == ["815.1.c.2"]


@example("465.2.c.8")
def test_rup4_465_2_c_8_caitlyn_given_tank_is_assigned_first_or_last_not_between() -> None:
    with encoded(CAITLYN):
        s = rup4_table()
        cait = unit(s, CAITLYN, "p2")
        a, b = unit(s, SKULKER, "p2"), unit(s, SKULKER, "p2")
        add_effect(s, effect(layer="ability", affects={"oid": cait}, grant=["Tank"]))
        d = [cait, a, b]
        combat(s)
        assert check(s, 4, {cait: 3, a: 1}, d) == []          # first: Tank
        assert check(s, 7, {a: 3, b: 3, cait: 1}, d) == []    # last: her own text
        assert check(s, 4, {a: 3, cait: 1}, d) != []          # between: neither


@example("465.2.c.9")
def test_rup4_465_2_c_9_two_caitlyns_given_tank_may_both_go_first() -> None:
    with encoded(CAITLYN):
        s = rup4_table()
        c1, c2 = unit(s, CAITLYN, "p2"), unit(s, CAITLYN, "p2")
        plain = unit(s, SKULKER, "p2")
        for c in (c1, c2):
            add_effect(s, effect(layer="ability", affects={"oid": c}, grant=["Tank"]))
        d = [c1, c2, plain]
        combat(s)
        assert check(s, 6, {c1: 3, c2: 3}, d) == []           # both Tank, before the other
        assert check(s, 6, {c2: 3, c1: 3}, d) == []           # in either order
        assert check(s, 4, {plain: 3, c1: 1}, d, order=[c1, plain]) != []


@example("465.2.c.10")
def test_rup4_465_2_c_10_a_unit_that_takes_no_damage_is_left_out_of_lethal_assignment() -> None:
    with encoded(KAYN):  # Kayn, Unleashed: takes no damage once he has moved twice
        s = rup4_table()
        kayn = unit(s, KAYN, "p2")
        plain = unit(s, SKULKER, "p2")
        add_effect(s, effect(layer="ability", affects={"oid": kayn}, flags=["no_damage"]))
        d = [kayn, plain]
        combat(s)
        assert lethal_remaining(s, kayn) is None
        assert check(s, 2, {plain: 2}, d) == []
        assert check(s, 2, {kayn: 2}, d) == ["465.2.c.10"]
        assert check(s, 5, {plain: 3, kayn: 2}, d) == []


# --- 324.1: the combat's Special Cleanup adds the Resolution Step's steps (RUP4 466) ------------


@example("324.1")
def test_rup4_324_1_the_combat_cleanup_heals_recalls_and_gives_the_result() -> None:
    from riftlog.events.decisions import PriorityPassed
    from riftlog.events.play import StandardMove
    from tests.rules.combat_board import SERGEANT, put
    from tests.rules.showdown_board import go, main_phase
    from tests.rules.test_combat_flow import assign

    s = rup4_table()
    s.battlefield("bf1").controller = "p2"
    sergeant = put(s, SERGEANT, "p2", "battlefield", "bf1")
    s.objects[sergeant].stunned = True  # deals no combat damage
    skulker = put(s, SKULKER, "p1", "base")
    s = main_phase(s)
    s, _ = go(s, StandardMove(player="p1", units=(skulker,), destination="bf1"),
              PriorityPassed(player="p1"), PriorityPassed(player="p2"))
    s, log = go(s, assign("p1", {sergeant: 3}))
    assert s.objects[skulker].location == "base:p1"   # attackers recalled
    assert s.objects[sergeant].damage == 0            # all healed
    result = next(a for a in log if a.kind == "combat_result")
    assert result.details["winner"] == "p2"
    assert result.rule is not None and result.rule.startswith("466.")  # cited as RUP4's Resolution Step
