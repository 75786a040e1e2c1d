"""Spiritforged cards that use Equipment without being one (issue 24): each played through
the engine, and a use that must be refused, citing the rule that decides it.

Jax, Unrelenting (SFD-119), Veiled Temple (SFD-221), Grandmaster at Arms (SFD-193),
Purifier (SFD-183), Gearhead (SFD-068), Angle Shot (SFD-011) and Strike Down (SFD-107)."""

from __future__ import annotations

from typing import Any

from riftlog.cards import load_catalog
from riftlog.events.abilities import AbilityActivated, ChoiceMade
from riftlog.events.decisions import PriorityPassed
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    TOKEN_BATTLEFIELD,
    activate,
    apply,
    cast,
    conquer,
    control,
    game,
    move,
    pass_all,
    pay_for,
    put,
    runes,
    spell_played,
    violations,
)

JAX_UNRELENTING = "SFD-119"
VEILED_TEMPLE = "SFD-221"
GRANDMASTER_AT_ARMS = "SFD-193"
PURIFIER = "SFD-183"
GEARHEAD = "SFD-068"
DORANS_BLADE = "SFD-095"  # Equipment: Equip one Body rune, +2 Might
BF_SWORD = "SFD-161"      # Equipment: Equip one Order rune, +3 Might
ANGLE_SHOT = "SFD-011"
STRIKE_DOWN = "SFD-107"
GOLD = "SFD-T03"          # a gear token that is not an Equipment
BIG = "OGN-142"           # a unit without text, Might 10


def _equip(s: GameState, gear: str, unit: str, rune: str = "Body") -> GameState:
    """p1 uses *gear*'s Equip (one *rune* power) on *unit* and everyone passes."""
    s = activate(s, gear, targets={"t": (unit,)}, payment=pay_for(s, "p1", cost=Cost(0, {rune: 1})))
    return pass_all(s)


def _choices(s: GameState) -> list[dict[str, Any]]:
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.player == "p1"
    return list(req.options["choices"])


# --- Jax, Unrelenting: an Equipment attached to it -> may pay 1 Energy to draw ---------------


def _jax_equipped() -> tuple[GameState, str]:
    s = game()
    runes(s, "p1", 1, BODY_RUNE)
    (rune,) = runes(s, "p1", 1, ORDER_RUNE)
    jax = put(s, JAX_UNRELENTING, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    s = activate(s, gear, targets={"t": (jax,)},
                 payment=pay_for(s, "p1", cost=Cost(0, {"Body": 1})))
    return pass_all(s), rune


def test_jax_unrelenting_pays_one_energy_to_draw_when_equipped() -> None:
    s, rune = _jax_equipped()
    hand = len(s.players["p1"].hand)
    pay = next(c for c in _choices(s) if c["pay"] is not None)     # the trigger's offer
    s = pass_all(apply(s, ChoiceMade(player="p1", choice=pay)))
    assert len(s.players["p1"].hand) == hand + 1
    assert s.objects[rune].exhausted


def test_jax_unrelenting_refuses_a_payment_that_is_not_offered() -> None:
    s, _ = _jax_equipped()
    stranger = put(s, SKULKER, "p1", "base")  # not a rune
    assert "742.1.b" in violations(s, ChoiceMade(player="p1", choice={"pay": {"exhaust": [stranger]}}))


# --- Veiled Temple: conquer it -> may ready a gear; an attached Equipment may be detached ---


def _temple_conquered() -> tuple[GameState, str, str]:
    s = game(battlefields=(VEILED_TEMPLE, TOKEN_BATTLEFIELD))
    runes(s, "p1", 1, BODY_RUNE)
    holder = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    s = _equip(s, gear, holder)
    s.objects[gear].exhausted = True
    attacker = put(s, SKULKER, "p1", "base")
    return pass_all(conquer(s, (attacker,))), gear, holder


def test_veiled_temple_readies_and_detaches_an_equipment() -> None:
    s, gear, holder = _temple_conquered()
    s = apply(s, ChoiceMade(player="p1", choice={"use": True}))  # 383.3.a; its only gear: the target
    s = pass_all(apply(pass_all(s), ChoiceMade(player="p1", choice={"detach": True})))
    assert not s.objects[gear].exhausted                  # readied
    assert s.objects[gear].attached_to is None            # RUP4 435: detached
    assert layers.might_of(s, holder) == load_catalog().get(SKULKER).might  # no +2 left


def test_veiled_temple_refuses_a_unit_as_the_gear() -> None:
    s, _, holder = _temple_conquered()
    put(s, GOLD, "p1", "base", token=True)  # a second gear: the target is asked for
    s = apply(s, ChoiceMade(player="p1", choice={"use": True}))
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [holder]}}))


# --- Grandmaster at Arms: attach an Equipment of its controller to one of their units -------


def _armory() -> tuple[GameState, str, str, str, str]:
    s = game()
    runes(s, "p1", 1, BODY_RUNE)
    legend = put(s, GRANDMASTER_AT_ARMS, "p1", "legend")
    first = put(s, SKULKER, "p1", "base")
    second = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    return s, legend, first, second, gear


def test_grandmaster_at_arms_attaches_a_detached_equipment() -> None:
    s, legend, first, _, gear = _armory()
    s = activate(s, legend, ability=0, energy=1, targets={"e": (gear,), "t": (first,)})
    s = pass_all(s)
    assert s.objects[gear].attached_to == first                   # RUP4 434
    assert s.objects[legend].exhausted


def test_grandmaster_at_arms_moves_an_attached_equipment() -> None:
    s, legend, first, second, gear = _armory()
    s = _equip(s, gear, first)
    s = pass_all(activate(s, legend, ability=1, targets={"e": (gear,), "t": (second,)}))
    assert s.objects[gear].attached_to == second                  # RUP4 434.1.f


def test_grandmaster_at_arms_refuses_a_unit_as_the_equipment() -> None:
    s, legend, first, _, gear = _armory()
    bad = AbilityActivated(player="p1", source=legend, ability=0,
                           payment=pay_for(s, "p1", cost=Cost(1)),
                           targets={"e": (first,), "t": (gear,)})
    assert "355.5" in violations(s, bad)                          # targets (355.10)


def test_grandmaster_at_arms_refuses_an_activation_while_exhausted() -> None:
    s, legend, _, _, _ = _armory()
    s.objects[legend].exhausted = True
    d = AbilityActivated(player="p1", source=legend, ability=1)
    assert "377.1" in violations(s, d)  # its exhaust cost cannot be paid


# --- Purifier: each of its controller's Equipment gives Assault to the unit wearing it -----


def test_purifier_gives_assault_per_equipment_of_its_controller() -> None:
    s = game()
    runes(s, "p1", 1, BODY_RUNE)
    runes(s, "p1", 1, ORDER_RUNE)
    legend = put(s, PURIFIER, "p1", "legend")
    abilities.start_passives(s, legend)
    unit = put(s, SKULKER, "p1", "base")
    bare = put(s, SKULKER, "p1", "base")
    s = _equip(s, put(s, DORANS_BLADE, "p1", "base"), unit)
    s = _equip(s, put(s, BF_SWORD, "p1", "base"), unit, rune="Order")
    assert layers.characteristics(s, unit).keywords.get("Assault") == 2  # two Equipment
    assert "Assault" not in layers.characteristics(s, bare).keywords


def test_purifier_ignores_an_opponents_equipment() -> None:
    s = game()
    legend = put(s, PURIFIER, "p1", "legend")
    abilities.start_passives(s, legend)
    foe = put(s, SKULKER, "p2", "base")
    gear = put(s, DORANS_BLADE, "p2", "base")
    s.objects[gear].attached_to = foe  # p2's own equipped unit
    assert "Assault" not in layers.characteristics(s, foe).keywords


# --- Gearhead: its Equipment give twice their printed Might bonus ---------------------------


def test_gearhead_doubles_its_equipment_bonus() -> None:
    s = game()
    runes(s, "p1", 5, MIND_RUNE)
    runes(s, "p1", 1, ORDER_RUNE)
    head = put(s, GEARHEAD, "p1", "hand")
    s = pass_all(apply(s, CardPlayed(player="p1", card=head, payment=pay_for(s, "p1", head),
                                     destination="base:p1")))
    base = layers.might_of(s, head)
    s = _equip(s, put(s, BF_SWORD, "p1", "base"), head, rune="Order")
    assert layers.might_of(s, head) == base + 2 * 3                 # B.F. Sword: +3, doubled
    other = put(s, SKULKER, "p1", "base")
    assert layers.might_of(s, other) == load_catalog().get(SKULKER).might


def test_gearhead_refuses_an_unpaid_play() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    head = put(s, GEARHEAD, "p1", "hand")
    d = CardPlayed(player="p1", card=head, payment=pay_for(s, "p1", cost=Cost(4)),
                   destination="base:p1")
    assert "165.2" in violations(s, d)  # four Energy for a five-Energy unit


# --- Angle Shot: a unit and an Equipment of one controller; attach or detach; draw one -----


def test_angle_shot_attaches_an_equipment_and_draws() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    hand = len(s.players["p1"].hand)
    s = pass_all(cast(s, ANGLE_SHOT, targets={"t": (unit,), "e": (gear,)}))
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"do": "attach"})))
    assert s.objects[gear].attached_to == unit                    # RUP4 434
    assert len(s.players["p1"].hand) == hand + 1


def test_angle_shot_detaches_an_opponents_equipment() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    gear = put(s, DORANS_BLADE, "p2", "base")
    s.objects[gear].attached_to = foe
    s = pass_all(cast(s, ANGLE_SHOT, targets={"t": (foe,), "e": (gear,)}))
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"do": "detach"})))
    assert s.objects[gear].attached_to is None                    # RUP4 435


def test_angle_shot_refuses_targets_of_two_controllers() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p2", "base")
    d = spell_played(s, ANGLE_SHOT, targets={"t": (unit,), "e": (gear,)})
    assert "355.11" in violations(s, d)


def test_angle_shot_refuses_a_gear_that_is_not_an_equipment() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    gold = put(s, GOLD, "p1", "base", token=True)
    d = spell_played(s, ANGLE_SHOT, targets={"t": (unit,), "e": (gold,)})
    assert "355.5" in violations(s, d)


# --- Strike Down: an equipped friendly unit hits an enemy unit, then loses an Equipment ----


def test_strike_down_hits_for_its_might_then_detaches() -> None:
    s = game()
    runes(s, "p1", 5, BODY_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    s = _equip(s, gear, unit)
    might = layers.might_of(s, unit)
    foe = put(s, BIG, "p2", "base")
    s = pass_all(cast(s, STRIKE_DOWN, targets={"t": (unit,), "foe": (foe,)}))
    assert s.objects[foe].damage == might                         # its Might, with the +2
    assert s.objects[gear].attached_to is None                    # RUP4 435
    assert layers.might_of(s, unit) == might - 2


def test_strike_down_refuses_a_unit_without_equipment() -> None:
    s = game()
    runes(s, "p1", 4, BODY_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    foe = put(s, SKULKER, "p2", "base")
    d = spell_played(s, STRIKE_DOWN, targets={"t": (unit,), "foe": (foe,)})
    assert "355.5" in violations(s, d)


# --- Aphelios, Exalted: each attach -> one reward not yet picked this turn -----------------

APHELIOS_EXALTED = "SFD-049"


def _aphelios_equipped_twice() -> tuple[GameState, str]:
    s = game()
    runes(s, "p1", 1, BODY_RUNE)
    runes(s, "p1", 1, ORDER_RUNE)
    aphelios = put(s, APHELIOS_EXALTED, "p1", "base")
    s = _equip(s, put(s, DORANS_BLADE, "p1", "base"), aphelios)
    assert {"mode": "buff", "unit": aphelios} in _choices(s)
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"mode": "buff", "unit": aphelios})))
    assert s.objects[aphelios].buffed
    s = _equip(s, put(s, BF_SWORD, "p1", "base"), aphelios, rune="Order")
    return s, aphelios


def test_aphelios_exalted_offers_only_rewards_not_picked_this_turn() -> None:
    s, _ = _aphelios_equipped_twice()
    modes = {c["mode"] for c in _choices(s)}
    assert "buff" not in modes and "ready_runes" in modes        # both runes are exhausted
    ready = next(c for c in _choices(s) if c["mode"] == "ready_runes")
    s = pass_all(apply(s, ChoiceMade(player="p1", choice=ready)))
    assert all(not s.objects[r].exhausted for r in ready["runes"])


def test_aphelios_exalted_refuses_a_reward_picked_this_turn() -> None:
    s, aphelios = _aphelios_equipped_twice()
    again = ChoiceMade(player="p1", choice={"mode": "buff", "unit": aphelios})
    assert "355.3" in violations(s, again)


# --- Azir, Ascendant: trade places with a friendly unit, then may take one of its Equipment -

AZIR_ASCENDANT = "SFD-050"


def _azir_board() -> tuple[GameState, str, str, str]:
    s = game()
    runes(s, "p1", 1, BODY_RUNE)
    runes(s, "p1", 2, CALM_RUNE)
    azir = put(s, AZIR_ASCENDANT, "p1", "base")
    other = put(s, SKULKER, "p1", "battlefield", "bf1")
    control(s, "bf1", "p1")
    gear = put(s, DORANS_BLADE, "p1", "battlefield", "bf1")
    s = _equip(s, gear, other)
    return s, azir, other, gear


def test_azir_ascendant_trades_places_and_takes_an_equipment() -> None:
    s, azir, other, gear = _azir_board()
    s = pass_all(activate(s, azir, targets={"t": (other,)},
                          payment=pay_for(s, "p1", cost=Cost(0, {"Calm": 1}))))
    assert s.objects[azir].location == "bf1" and s.objects[other].location == "base:p1"
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"gear": gear})))
    assert s.objects[gear].attached_to == azir                     # RUP4 434.1.f


def test_azir_ascendant_refuses_a_second_use_in_a_turn() -> None:
    s, azir, other, _ = _azir_board()
    s = pass_all(activate(s, azir, targets={"t": (other,)},
                          payment=pay_for(s, "p1", cost=Cost(0, {"Calm": 1}))))
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"gear": None})))
    again = AbilityActivated(player="p1", source=azir, ability=0, targets={"t": (other,)},
                             payment=pay_for(s, "p1", cost=Cost(0, {"Calm": 1})))
    assert "377.2.b" in violations(s, again)  # once per turn: its condition no longer holds


# --- Relentless Pursuit: move a friendly unit, may attach an Equipment; conquer -> may go home

RELENTLESS_PURSUIT = "SFD-184"


def _pursuit() -> tuple[GameState, str, str]:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    runes(s, "p1", 1, BODY_RUNE)
    unit = put(s, SKULKER, "p1", "base")
    gear = put(s, DORANS_BLADE, "p1", "base")
    s = pass_all(cast(s, RELENTLESS_PURSUIT, targets={"t": (unit,)}, choices={"to": "bf1"}))
    return s, unit, gear


def test_relentless_pursuit_moves_equips_and_may_return_after_conquering() -> None:
    s, unit, gear = _pursuit()
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"gear": gear})))
    assert s.objects[unit].location == "bf1" and s.objects[gear].attached_to == unit
    for _ in range(4):  # the showdown at bf1: both pass the focus; p1 conquers
        reqs = engine.pending(s)
        if not reqs or reqs[0].kind != "focus":
            break
        s = apply(s, PriorityPassed(player=reqs[0].player or ""))
    assert s.battlefield("bf1").controller == "p1"
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"use": True})))  # the delayed "may"
    assert s.objects[unit].location == "base:p1"                  # home, with its Equipment
    assert s.objects[gear].attached_to == unit and s.objects[gear].location == "base:p1"


def test_relentless_pursuit_refuses_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    runes(s, "p1", 1, BODY_RUNE)
    foe = put(s, SKULKER, "p2", "base")
    d = spell_played(s, RELENTLESS_PURSUIT, targets={"t": (foe,)})
    assert "355.5.b" in violations(s, d)  # not a friendly unit


# --- Rell, Magnetic: attacks -> may play an Equipment of cost 2 or less free, attached to it

RELL_MAGNETIC = "SFD-024"


def _rell_attacks() -> tuple[GameState, str, str]:
    s = game()
    rell = put(s, RELL_MAGNETIC, "p1", "base")
    put(s, SKULKER, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    gear = put(s, DORANS_BLADE, "p1", "hand")
    s = move(s, (rell,))
    for _ in range(6):  # pass the focus until the attack trigger asks
        (req,) = engine.pending(s)
        if req.kind == "choice":
            break
        s = apply(s, PriorityPassed(player=req.player or ""))
    return s, rell, gear


def test_rell_magnetic_plays_an_equipment_free_and_wears_it() -> None:
    s, rell, gear = _rell_attacks()
    s = apply(s, ChoiceMade(player="p1", choice={"cards": [gear]}))
    assert s.objects[gear].attached_to == rell   # played with no rune at all, then RUP4 434
    assert s.objects[gear].location == "bf1"


def test_rell_magnetic_refuses_an_equipment_costing_more_than_two() -> None:
    s, _, _ = _rell_attacks()
    sword = put(s, BF_SWORD, "p1", "hand")                          # four Energy
    assert "419.3" in violations(s, ChoiceMade(player="p1", choice={"cards": [sword]}))
