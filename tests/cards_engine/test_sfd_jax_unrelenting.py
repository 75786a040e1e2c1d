"""Jax, Unrelenting (SFD-119), audited against its card (issue 24): its draw triggers only when
its controller attaches an Equipment to it (the trigger condition, RUP4 383.2.a), and the
Energy is the ability's base cost, paid as the ability is finalized (RUP4 383.3.b, 204.3.a;
v1.3 742.1.b), not a question asked as it resolves."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    FURY_RUNE,
    ORDER_RUNE,
    activate,
    apply,
    cast,
    pass_all,
    pass_all_logged,
    pay_for,
    put,
    runes,
    to_p2_turn,
    violations,
)
from tests.cards_engine.helpers import game as _plain_game

JAX_UNRELENTING = "SFD-119"
DORANS_BLADE = "SFD-095"  # Equipment: Equip one Body rune
ANGLE_SHOT = "SFD-011"    # Reaction spell: attach an Equipment to a unit of its controller

#: the rule a cost paid as a triggered ability is finalized cites, per edition
COST_RULE = {"v1.3": "742.1.b", "RUP4": "740.4.a.2"}
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str) -> GameState:
    s = _plain_game()
    s.edition = edition
    return s


def _equipped_by_p1(edition: str) -> tuple[GameState, str, str]:
    """p1 equips Doran's Blade to their Jax; the Equip resolves (the trigger is finalizing).
    Returns the state, Jax and p1's spare Order rune (the Energy for the draw)."""
    s = game(edition)
    runes(s, "p1", 1, BODY_RUNE)
    (spare,) = runes(s, "p1", 1, ORDER_RUNE)
    jax = put(s, JAX_UNRELENTING, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    s = activate(s, gear, targets={"t": (jax,)}, payment=pay_for(s, "p1", cost=Cost(0, {"Body": 1})))
    return pass_all(s), jax, spare


@EDITIONS
def test_the_energy_is_paid_as_the_trigger_is_finalized_then_it_draws(edition: str) -> None:
    s, _, spare = _equipped_by_p1(edition)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.rule in COST_RULE.values()  # asked as it is finalized
    assert not s.chain                                                # not on the chain yet
    hand = len(s.players["p1"].hand)
    s = apply(s, ChoiceMade(player="p1", choice={"pay": {"exhaust": [spare], "recycle": []}}))
    assert s.objects[spare].exhausted                                 # paid before it resolves
    assert [item.source for item in s.chain] and len(s.players["p1"].hand) == hand
    s = pass_all(s)
    assert len(s.players["p1"].hand) == hand + 1


@EDITIONS
def test_declining_the_energy_means_it_never_goes_on_the_chain(edition: str) -> None:
    s, _, spare = _equipped_by_p1(edition)
    hand = len(s.players["p1"].hand)
    s, log = engine.apply(s, ChoiceMade(player="p1", choice={"pay": None}))
    assert any(a.kind == "trigger_removed" for a in log)             # 383.3.b.1: not finalized
    assert not s.chain and not s.objects[spare].exhausted
    assert len(s.players["p1"].hand) == hand


@EDITIONS
def test_a_payment_that_cannot_pay_is_refused(edition: str) -> None:
    s, jax, _ = _equipped_by_p1(edition)
    d = ChoiceMade(player="p1", choice={"pay": {"exhaust": [jax], "recycle": []}})  # not a rune
    assert COST_RULE[edition] in violations(s, d)


@EDITIONS
def test_an_opponent_attaching_an_equipment_to_it_does_not_trigger_it(edition: str) -> None:
    # p2's Angle Shot attaches p1's Equipment to p1's Jax: p2 attached it, not p1 (RUP4 383.2.a:
    # "you attach" is part of the trigger condition), so nothing is offered to p1
    s = game(edition)
    runes(s, "p1", 1, ORDER_RUNE)
    jax = put(s, JAX_UNRELENTING, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    s = to_p2_turn(s)
    runes(s, "p2", 2, FURY_RUNE)
    hand = len(s.players["p1"].hand)
    s = cast(s, ANGLE_SHOT, "p2", targets={"t": (jax,), "e": (gear,)})
    s, _ = pass_all_logged(s)
    s, log = engine.apply(s, ChoiceMade(player="p2", choice={"do": "attach"}))
    assert s.objects[gear].attached_to == jax                         # attached (RUP4 434)
    assert not any(a.kind in ("trigger", "trigger_removed") for a in log)
    assert all(r.kind != "choice" or r.player != "p1" for r in engine.pending(s))
    s = pass_all(s)
    assert len(s.players["p1"].hand) == hand                          # no draw for p1
