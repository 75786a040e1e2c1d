"""Encodings of the Spiritforged (SFD) Fury cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    AdditionalCost,
    Custom,
    Deal,
    DifferentTargets,
    Draw,
    EntersReady,
    GrantKeyword,
    HandSize,
    PaidAdditional,
    RepeatCost,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
    on_play,
)

# Blood Rush [Action][Repeat 1]: a chosen unit has Assault 2 until the turn ends (errata:
# the grant lasts this turn).  The catalog lists Assault 2 only because the spell grants it.
card("SFD-003", SpellEffect((GrantKeyword("Assault 2", Target("unit")),)), RepeatCost(energy=1),
     keywords=("Action", "Repeat"))

# Detonate: kill a chosen gear; whoever controlled it draws two.
card("SFD-005", SpellEffect((Custom("detonate", ("t", 2)),), targets=(Target("gear"),)))

# Gem Jammer: as it is played, a chosen unit gains Ganking until the turn ends (Gem Jammer
# itself has no Ganking: the catalog lists the keyword it grants).
card("SFD-007", on_play(GrantKeyword("Ganking", Target("unit"))), keywords=())

# Blast Corps Cadet: one Energy and one Fury power more as it is played, optionally; if paid,
# 2 damage to a chosen unit at a battlefield.
card("SFD-013", AdditionalCost(energy=1, power=(("Fury", 1),)),
     on_play(Deal(2, Target("unit", where="battlefield")), condition=PaidAdditional()))

# Dunebreaker: enters ready when its controller holds two cards or fewer; draws two on a hold.
card("SFD-027", EntersReady(HandSize(2)), Triggered(When("holds", "me"), (Draw(2),)))

# Against the Odds [Reaction]: a chosen friendly unit at a battlefield gets +2 Might this turn
# per enemy unit at that battlefield.
card("SFD-001", SpellEffect((Custom("might_per_enemy_there", ("t", 2)),),
                            targets=(Target("unit", "friendly", "battlefield"),)))

# Sudden Storm [Hidden][Action]: 2 damage to a chosen unit at a battlefield, 4 if it is
# attacking.
card("SFD-017", SpellEffect((Custom("more_damage_to_an_attacker", ("t", 2, 4)),),
                            targets=(Target("unit", where="battlefield"),)))

# Piercing Light [Repeat 2 + one Fury power]: 2 damage to a chosen unit at a battlefield, then 2
# to up to one other chosen unit.
card("SFD-023", SpellEffect((Deal(2, Target("unit", where="battlefield", name="first")),
                             Deal(2, Target("unit", up_to=True, name="second")))),
     DifferentTargets(("first", "second")), RepeatCost(energy=2, power=(("Fury", 1),)))
