"""Aphelios, Exalted (SFD-049), audited against its card (issue 24): the reward is a mode
picked as the triggered ability is finalized (RUP4/v1.3 355.3, 383.3), with the unit or runes
it acts on as targets (355.5, 355.10), not a question asked as it resolves; a reward already
picked this turn is refused (355.3); only its controller's attach triggers it (383.2.a)."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    FURY_RUNE,
    ORDER_RUNE,
    SKULKER,
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

APHELIOS_EXALTED = "SFD-049"
DORANS_BLADE = "SFD-095"  # Equipment: Equip one Body rune
BF_SWORD = "SFD-161"      # Equipment: Equip one Order rune
ANGLE_SHOT = "SFD-011"    # Reaction spell: attach an Equipment to a unit of its controller
SPIRIT_WHEEL = "SFD-144"  # triggers when its controller chooses a friendly unit
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str) -> GameState:
    s = _plain_game()
    s.edition = edition
    return s


def _equip(s: GameState, gear: str, unit: str, rune: str) -> GameState:
    s = activate(s, gear, targets={"t": (unit,)}, payment=pay_for(s, "p1", cost=Cost(0, {rune: 1})))
    return pass_all(s)


def _first_attach(edition: str) -> tuple[GameState, str]:
    s = game(edition)
    runes(s, "p1", 1, BODY_RUNE)
    runes(s, "p1", 1, ORDER_RUNE)
    aphelios = put(s, APHELIOS_EXALTED, "p1", "base")
    return _equip(s, put(s, DORANS_BLADE, "p1", "base"), aphelios, "Body"), aphelios


@EDITIONS
def test_the_reward_is_picked_before_the_ability_goes_on_the_chain(edition: str) -> None:
    s, _ = _first_attach(edition)
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.rule == "355.3" and not s.chain   # picked as finalized
    assert {"mode": "channel"} in req.options["choices"]
    put(s, CALM_RUNE, "p1", "rune_deck")
    top = s.players["p1"].rune_deck[0]
    s = apply(s, ChoiceMade(player="p1", choice={"mode": "channel"}))
    assert len(s.chain) == 1 and top in s.players["p1"].rune_deck         # now on the chain
    s = pass_all(s)
    assert top in s.players["p1"].base and s.objects[top].exhausted      # channeled exhausted


@EDITIONS
def test_the_buffed_unit_is_a_target_chosen_as_it_is_finalized(edition: str) -> None:
    # the unit is chosen (355.10): Spirit Wheel, which triggers on choosing a friendly unit,
    # asks its own cost right after the pick, before anything resolves
    s = game(edition)
    runes(s, "p1", 1, BODY_RUNE)
    runes(s, "p1", 1, CALM_RUNE)
    put(s, SPIRIT_WHEEL, "p1", "base")
    aphelios = put(s, APHELIOS_EXALTED, "p1", "base")
    other = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    s = activate(s, gear, targets={"t": (aphelios,)}, payment=pay_for(s, "p1", cost=Cost(0, {"Body": 1})))
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"pay": None})))  # the wheel, for the Equip
    s, log = engine.apply(s, ChoiceMade(player="p1", choice={"mode": "buff", "unit": other}))
    assert any(a.kind == "trigger" for a in log) and s.chain[0].targets == {"unit": [other]}
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options.get("validator") == "pay_to_finalize"  # the wheel
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"pay": None})))
    assert s.objects[other].buffed and not s.objects[aphelios].buffed


@EDITIONS
def test_a_reward_picked_this_turn_is_refused_at_the_next_attach(edition: str) -> None:
    s, aphelios = _first_attach(edition)
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"mode": "buff", "unit": aphelios})))
    assert s.objects[aphelios].buffed
    s = _equip(s, put(s, BF_SWORD, "p1", "base"), aphelios, "Order")
    again = ChoiceMade(player="p1", choice={"mode": "buff", "unit": aphelios})
    assert "355.3" in violations(s, again)
    assert not violations(s, ChoiceMade(player="p1", choice={"mode": "channel"}))


@EDITIONS
def test_an_opponent_attaching_an_equipment_to_it_does_not_trigger_it(edition: str) -> None:
    s = game(edition)
    aphelios = put(s, APHELIOS_EXALTED, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    s = to_p2_turn(s)
    runes(s, "p2", 2, FURY_RUNE)
    s = cast(s, ANGLE_SHOT, "p2", targets={"t": (aphelios,), "e": (gear,)})
    s, _ = pass_all_logged(s)
    s, log = engine.apply(s, ChoiceMade(player="p2", choice={"do": "attach"}))
    assert s.objects[gear].attached_to == aphelios
    assert not any(a.kind in ("trigger", "trigger_removed") for a in log)  # 383.2.a: p2 attached
    assert all(r.kind != "choice" or r.player != "p1" for r in engine.pending(s))
