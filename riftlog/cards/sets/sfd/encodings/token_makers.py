"""Encodings of the Spiritforged (SFD) cards that play the Sand Soldier and Mech unit tokens
(our own token data, see ``unit_tokens.py``).  Ids and our vocabulary only; the comment
above each card says what it does in our own words.

Emperor of the Sands (SFD-197), which also plays Sand Soldiers, has its own module
(``emperor_of_the_sands.py``)."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.unit_tokens import MECH, SAND_SOLDIER
from riftlog.cards.vocab import (
    Activated,
    ControlsTag,
    Cost,
    CostReduction,
    CreateToken,
    Custom,
    Draw,
    RepeatCost,
    SpellEffect,
    Triggered,
    When,
    card,
)

# Production Surge: two Energy cheaper while its controller has a Mech; a Mech token joins
# its controller's base, then they draw one.
card("SFD-076", CostReduction(2, condition=ControlsTag("Mech", other=False)),
     SpellEffect((CreateToken(MECH), Draw(1))))

# Desert's Call [Repeat 2]: a Sand Soldier token joins its controller's base.
card("SFD-031", SpellEffect((CreateToken(SAND_SOLDIER),)), RepeatCost(energy=2))

# Assembly Rig (gear): 1 Energy, one Fury power, recycle a unit card of the trash and exhaust
# it: a Mech token joins its controller's base.
card("SFD-019", Activated(Cost(energy=1, power=(("Fury", 1),), exhaust=True, recycle_trash=1,
                               recycle_kind="Unit"), (CreateToken(MECH),)))

# Guards! [Hidden]: a Sand Soldier token joins its controller's base; then they may pay one
# Order power to ready it (as its errata of 2026-04-03 reads).
card("SFD-154", SpellEffect((Custom("token_then_may_pay_to_ready_it", (SAND_SOLDIER, "Order")),)))

# Emperor's Dais (battlefield): when its controller conquers it, they may pay 1 Energy and
# return one of their units there to its owner's hand for a Sand Soldier token there.
card("SFD-207", Triggered(When("conquers", "here"), (
    Custom("may_pay_and_return_a_unit_here_for_token", (1, SAND_SOLDIER)),)))

# Arise! (Azir's signature spell): a Sand Soldier token in base per Equipment its controller
# controls; then they ready up to two of them (as its errata of 2026-01-14 reads).
card("SFD-198", SpellEffect((Custom("token_per_equipment_then_ready_some", (SAND_SOLDIER, 2)),)))
