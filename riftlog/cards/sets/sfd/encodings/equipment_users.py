"""Encodings of the Spiritforged (SFD) cards that use Equipment without being one (units,
legends and battlefields that attach, detach or reward Equipment).  Ids and our vocabulary
only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import (
    IT,
    Activated,
    Cost,
    Custom,
    Delay,
    Draw,
    EquipmentTargets,
    Move,
    MoveDestination,
    NotActivatedThisTurn,
    Passive,
    Ready,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
)
from riftlog.cards.vocab_events import EventByYou

#: "when you attach": the "equipped" event's player (who attached, RUP4 434) is the controller
_BY_YOU: Any = EventByYou()

# Jax, Unrelenting: Weaponmaster; each time its controller (not another player) attaches an
# Equipment to it, they may pay 1 Energy to draw one.  The Energy is the ability's base cost,
# paid as it is finalized (RUP4 383.3.b, v1.3 742.1.b): the finalize cost of trigger_costs.py.
card("SFD-119", Triggered(When("equipped", "me"), (Draw(1),), condition=_BY_YOU,
                          finalize_cost=(Custom("pay_to_finalize", (1, None, 0, False)),)),
     keywords=("Weaponmaster",))  # the catalog's Equip is Weaponmaster's reminder

# Veiled Temple: when a player conquers it, they may ready a friendly gear (a teammate's too),
# and may detach it when it is an attached Equipment.  The "may" and the gear (a target) are
# chosen as the ability is finalized (RUP4 383.3.a, 355.5, 355.12); the detach is decided as
# it resolves (383.3.a.3).
card("SFD-221", Triggered(When("conquers", "here"),
                          (Ready(Target("gear", "friendly")), Custom("may_detach_chosen", ("t",))),
                          optional=True))

# Grandmaster at Arms (Jax): pay 1 Energy and exhaust it to attach an unattached Equipment of
# its controller to one of their units; exhaust it to move an attached one to another unit.
# The Equipment and the unit are targets, chosen as it is activated (355.5, 355.10).
card("SFD-193",
     Activated(Cost(energy=1, exhaust=True), (Custom("attach_chosen_equipment", ("e", "t")),),
               targets=(Target("gear", "yours", name="e", tag="Equipment", attached=False),
                        Target("unit", "yours"))),
     Activated(Cost(exhaust=True), (Custom("attach_chosen_equipment", ("e", "t")),),
               targets=(Target("gear", "yours", name="e", tag="Equipment", attached=True),
                        Target("unit", "yours"))))

# Purifier (Lucian): each Equipment its controller controls gives Assault to the unit it is
# attached to (two of them: Assault 2).
card("SFD-183", Passive.of(layer="ability", affects={"type": "Unit"}, grant=["Assault"],
                           per="controller_equipment_on_it"), keywords=())

# Gearhead: Accelerate; the Equipment attached to it give twice their printed Might bonus.
card("SFD-068", flags=("double_equipment_bonus",))

# Angle Shot: Reaction; pick a unit and an Equipment of one controller, attach it to that unit
# or detach it from it, then draw one.
card("SFD-011", SpellEffect((Custom("attach_or_detach", ("t", "e")), Draw(1)),
                            targets=(Target("unit"), Target("gear", name="e"))),
     EquipmentTargets(equipment=("e",), same_controller=("t", "e")))

# Strike Down: a friendly unit wearing Equipment hits an enemy unit for its Might, then one
# Equipment comes off it.
card("SFD-107", SpellEffect((Custom("might_damage", ("t", "foe", False)),
                             Custom("detach_an_equipment", ("t",))),
                            targets=(Target("unit", "friendly"), Target("unit", "enemy", name="foe"))),
     EquipmentTargets(equipped=("t",)))

# Aphelios, Exalted: each time its controller attaches an Equipment to it, one reward not yet
# picked for it this turn: ready two runes, channel one rune exhausted, or buff a friendly
# unit.  The reward (a mode) and what it acts on are picked as the ability is finalized
# (355.3, 355.5; sets/sfd/aphelios_exalted.py), not as it resolves.
card("SFD-049", Triggered(When("equipped", "me"), (Custom("aphelios_exalted"),), condition=_BY_YOU,
                          finalize_cost=(Custom("aphelios_exalted_pick"),)))

# Azir, Ascendant: once a turn, for one Calm power, at Action speed: it trades places with a
# chosen unit of its controller, then may take one of that unit's Equipment.
card("SFD-050", Activated(Cost(power=(("Calm", 1),)), (Custom("azir_ascendant", ("t",)),),
                          timing="action", targets=(Target("unit", "friendly"),),
                          condition=NotActivatedThisTurn(0)),  # type: ignore[arg-type, unused-ignore]
     keywords=())  # the catalog's Action is the ability's timing, not the unit's

# Relentless Pursuit: Action; move a friendly unit to the place chosen as it is played (RUP4
# 355.4, choices["to"]), may attach one
# Equipment of that controller to it, and for the rest of the turn, each time it conquers, it
# may go back to its base (a delayed ability about that unit, #1).
card("SFD-184",
     SpellEffect((Custom("move_chosen_unit_anywhere", ("t",)),
                  Custom("may_attach_equipment_to", ("t",)), Delay(1, on="t", every=True)),
                 targets=(Target("unit", "friendly"),)),
     Triggered(When("conquers", "delayed"), (Move(IT, "base"),), optional=True),
     MoveDestination("t", "to"))

# Rell, Magnetic: Tank; as it attacks, its controller may play an Equipment of Energy cost 2 or
# less from hand for free, and the played one is attached to it (as the errata reads).
card("SFD-024", Triggered(When("attacks", "me"),
                          (Custom("may_play_cheap_equipment_from_hand", (2,)),
                           Custom("pe_finish_plays"), Custom("attach_played_to_me"))))
