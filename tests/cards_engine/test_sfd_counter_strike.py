"""Counter Strike (SFD-194): the next damage the chosen unit would be dealt this turn is
prevented (a one-shot replacement effect), then its controller draws one - and the RUP4
Example of 465.2.c.10: the unit can still be dealt damage, so it is not exempt from
mandatory combat damage assignment."""

from __future__ import annotations

from riftlog.events.combat import CombatDamageAssigned
from riftlog.events.decisions import PriorityPassed
from riftlog.events.play import StandardMove
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    SKULKER,
    cast,
    control,
    game,
    pass_all,
    put,
    request,
    runes,
    spell_played,
    to_p2_turn,
    violations,
)

COUNTER_STRIKE = "SFD-194"
SEA_MONKEY = "SFD-098"  # a unit of Might 2
PING = "SFD-017"        # Sudden Storm: 2 damage to a unit at a battlefield


def test_counter_strike_prevents_only_the_next_damage_and_draws() -> None:
    s = game()
    runes(s, "p1", 8, BODY_RUNE)
    foe = put(s, SEA_MONKEY, "p2", "battlefield", "bf1")
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, COUNTER_STRIKE, targets={"t": (foe,)}))
    assert len(s.players["p1"].hand) == hand + 1
    s = pass_all(cast(s, PING, targets={"t": (foe,)}))
    assert s.objects[foe].damage == 0 and s.objects[foe].zone == "battlefield"  # prevented
    s = pass_all(cast(s, PING, targets={"t": (foe,)}))
    assert s.objects[foe].zone == "trash"  # the second time is not prevented


def test_counter_strike_ends_with_the_turn() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    mine = put(s, SEA_MONKEY, "p1", "battlefield", "bf1")
    s = pass_all(cast(s, COUNTER_STRIKE, targets={"t": (mine,)}))
    s = to_p2_turn(s)
    runes(s, "p2", 3, BODY_RUNE)
    s = pass_all(cast(s, PING, player="p2", targets={"t": (mine,)}))
    assert s.objects[mine].zone == "trash"


def test_counter_strike_refuses_a_battlefield_as_its_target() -> None:
    s = game()
    runes(s, "p1", 2, BODY_RUNE)
    put(s, SEA_MONKEY, "p2", "battlefield", "bf1")
    assert "355.5" in violations(s, spell_played(s, COUNTER_STRIKE, targets={"t": ("bf1",)}))


def _combat_with_a_counter_struck_defender() -> tuple[GameState, str, str]:
    """p1 attacks p2's bf1 (two defenders of Might 2) with a unit of Might 3, after
    Counter Strike on defender *a*; returns the state at p1's damage assignment."""
    s = game()
    s.edition = "RUP4"
    runes(s, "p1", 2, BODY_RUNE)
    control(s, "bf1", "p2")
    a, b = put(s, SEA_MONKEY, "p2", "battlefield", "bf1"), put(s, SEA_MONKEY, "p2", "battlefield", "bf1")
    s = pass_all(cast(s, COUNTER_STRIKE, targets={"t": (a,)}))
    attacker = put(s, SKULKER, "p1", "base", exhausted=False)
    s, _ = engine.apply(s, StandardMove(player="p1", units=(attacker,), destination="bf1"))
    for _ in range(10):
        req = request(s)
        if req.kind == "combat_damage" and req.player == "p1":
            return s, a, b
        s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    raise AssertionError("no damage assignment for p1")


def test_rup4_465_2_c_10_a_counter_struck_unit_is_not_exempt_from_mandatory_assignment() -> None:
    s, a, b = _combat_with_a_counter_struck_defender()
    bf = "bf1"
    # all 3 to the other unit would be excess while a unit remains: refused (465.2.c.4)
    refused = CombatDamageAssigned(player="p1", battlefield=bf, assignment={b: 3})
    assert "465.2.c.4" in violations(s, refused)
    legal = CombatDamageAssigned(player="p1", battlefield=bf, assignment={a: 2, b: 1})
    assert violations(s, legal) == []
    s, _ = engine.apply(s, legal)
    s = pass_all(s)
    assert s.objects[a].zone == "battlefield" and s.objects[a].damage == 0  # prevented
