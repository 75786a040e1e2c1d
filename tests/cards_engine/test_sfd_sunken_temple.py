"""Sunken Temple (SFD-218): when its controller conquers it with a Mighty unit of theirs there,
they may pay 1 Energy to draw one.  The Mighty unit is part of the trigger condition (RUP4
383.2.a.1): looked at as the ability triggers, not as it resolves.  The Energy is the
ability's base cost, paid as it is finalized (RUP4 383.3.b, v1.3 742.1.b) (issue 24 audit)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    TOKEN_BATTLEFIELD,
    choose,
    cleanup_with_lethal,
    conquer,
    game,
    pass_all,
    put,
    runes,
    violations,
)

SUNKEN = "SFD-218"
MEGA_MECH = "OGN-088"  # a unit of Might 8 without text (Mighty)


def _conquers_with(unit_card: str) -> tuple[GameState, str, str]:
    s = game(battlefields=(SUNKEN, TOKEN_BATTLEFIELD))
    (rune,) = runes(s, "p1", 1, ORDER_RUNE)
    put(s, SKULKER, "p1", "hand")
    unit = put(s, unit_card, "p1", "base", exhausted=False)
    return pass_all(conquer(s, (unit,))), unit, rune


def test_sunken_temple_energy_is_spent_as_it_goes_on_the_chain() -> None:
    s, _, rune = _conquers_with(MEGA_MECH)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options.get("validator") == "pay_to_finalize"
    hand = len(s.players["p1"].hand)
    s = choose(s, "p1", pay={"exhaust": [rune], "recycle": []})
    assert s.chain and s.objects[rune].exhausted           # paid; the draw waits
    assert len(s.players["p1"].hand) == hand
    s = pass_all(s)
    assert len(s.players["p1"].hand) == hand + 1


def test_sunken_temple_draws_though_its_mighty_unit_left_before_it_resolves() -> None:
    # the Mighty unit is a trigger condition (383.2.a.1): not looked at again as it resolves
    s, unit, rune = _conquers_with(MEGA_MECH)
    hand = len(s.players["p1"].hand)
    s = choose(s, "p1", pay={"exhaust": [rune], "recycle": []})
    cleanup_with_lethal(s, unit)
    assert s.objects[unit].zone == "trash"
    s = pass_all(s)
    assert len(s.players["p1"].hand) == hand + 1


def test_sunken_temple_without_a_mighty_unit_does_not_trigger() -> None:
    s, _, _ = _conquers_with(SKULKER)
    assert not s.chain
    assert all(r.kind != "choice" for r in engine.pending(s))


def test_sunken_temple_refuses_a_may_answer_to_its_cost() -> None:
    s, _, _ = _conquers_with(MEGA_MECH)
    assert "742.1.b" in violations(s, ChoiceMade(player="p1", choice={"use": True}))
