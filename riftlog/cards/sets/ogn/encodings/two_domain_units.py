"""Encodings of the Origins (OGN) units of two domains (champions).  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import (
    IT,
    All,
    Buff,
    Chosen,
    Custom,
    Deal,
    Delay,
    GiveMight,
    If,
    Kill,
    Legion,
    MaxTotalMight,
    Move,
    PayAnyPower,
    Ready,
    SameLocation,
    SpellEffect,
    Stun,
    Target,
    Triggered,
    When,
    card,
)

_LEGION: Any = Legion()

# Icathian Rain (errata: six separate instructions): 2 damage to a unit, six times.
card("OGN-248", SpellEffect(tuple(Deal(2, Target("unit", name=f"t{i}")) for i in range(1, 7))))

# Stormbringer: pick a unit of yours in base and a battlefield: enemy units there take damage
# equal to its Might, then it moves there.
card("OGN-250", SpellEffect((Custom("deal_its_might_to_enemies_at", ("u", "bf")),
                             Move(Target("unit", "yours", where="base", name="u"),
                                  to=Chosen("bf"))),
                            targets=(Target("unit", "yours", where="base", name="u"),
                                     Target("battlefield", name="bf"))))

# Super Mega Death Rocket!: 5 damage to a unit; it can come back from the trash on conquers.
card("OGN-252", SpellEffect((Deal(5, Target("unit")),)),
     Triggered(When("conquers", "you_from_trash"), (Custom("discard_to_return_me"),)))

# Noxian Guillotine [Action]: a unit dies the next time it is damaged this turn; with
# Legion it dies at once.
card("OGN-254", SpellEffect((If(_LEGION, (Kill(Target("unit")),), (Delay(1, on="t"),)),)),
     Triggered(When("damaged", "delayed"), (Kill(IT),)))

# Fox-Fire [Hidden, Action]: kill units at one battlefield whose Mights total 4 or less.
card("OGN-256", SpellEffect((Custom("kill_group_max_might", ("t", 4)),),
                            targets=(Target("unit", where="battlefield", count=99, up_to=True),)),
     SameLocation(("t",)), MaxTotalMight(("t",), 4))

# Dragon's Rage: move an enemy unit; then another enemy unit at its destination and it
# deal damage equal to their Mights to each other (errata).
card("OGN-258", SpellEffect((Custom("move_then_duel"),),
                            targets=(Target("unit", "enemy"),)))

# Last Breath [Action]: ready a friendly unit; it deals its Might in damage to an enemy
# unit at a battlefield.
card("OGN-260", SpellEffect((Ready(Target("unit", "friendly")),
                             Custom("might_damage", ("t", "e", False))),
                            targets=(Target("unit", "friendly"),
                                     Target("unit", "enemy", "battlefield", name="e"))))

# Zenith Blade [Action]: an enemy unit on a battlefield is stunned, then optionally one
# of yours joins it there.
card("OGN-262", SpellEffect((Stun(Target("unit", "enemy", "battlefield")),
                             Custom("may_move_friendly_to_its_bf", ("t",)))))

# Guerilla Warfare: up to two Hidden cards from trash to hand; free hiding this turn.
card("OGN-264", SpellEffect((Custom("hidden_cards_from_trash", (2,)),
                             Custom("free_hiding_this_turn"))))

# Siphon Power [Reaction]: at a chosen battlefield, your units +1 Might and enemy units -1
# Might (not below 1) this turn.
card("OGN-266", SpellEffect((GiveMight(1, All("unit", "friendly", at=Chosen("bf"))),
                             GiveMight(-1, All("unit", "enemy", at=Chosen("bf")), minimum=1)),
                            targets=(Target("battlefield", name="bf"),)))

# Bullet Time [Action]: pay any amount of power for that much damage to every enemy unit at
# a battlefield.
card("OGN-268", PayAnyPower("x"),
     SpellEffect((Custom("deal_paid_to_enemies_at", ("x", "bf")),),
                 targets=(Target("battlefield", name="bf"),)))

# Showstopper: one of your units at home gets a buff and goes to the chosen battlefield.
card("OGN-270", SpellEffect((Buff(Target("unit", "yours", "base")), Move(Chosen("t"), Chosen("bf"))),
                            targets=(Target("unit", "yours", "base"),
                                     Target("battlefield", name="bf"))))
