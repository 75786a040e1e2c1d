"""Encodings of the Spiritforged (SFD) Calm cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    Activated,
    AtBattlefield,
    Cost,
    Custom,
    Draw,
    GiveMight,
    Kill,
    RepeatCost,
    ReturnToHand,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
    on_play,
)

# Disarming Rake: as it is played, its controller may kill a chosen gear.
card("SFD-032", on_play(Kill(Target("gear")), optional=True))

# Feral Strength [Reaction][Repeat 2]: a chosen unit gets +2 Might this turn.
card("SFD-034", SpellEffect((GiveMight(2, Target("unit")),)), RepeatCost(energy=2))

# Poro Snax (gear): its controller draws one as it is played; 1 Energy, one Calm power,
# exhaust it and kill it: draw one.
card("SFD-046", on_play(Draw(1)),
     Activated(Cost(energy=1, power=(("Calm", 1),), exhaust=True, kill_self=True), (Draw(1),)))

# Stellacorn Herder: each time it moves, its controller draws one.
card("SFD-048", Triggered(When("moves", "me"), (Draw(1),)))

# Heart of Dark Ice (gear): exhaust it: a chosen unit gets +3 Might this turn.
card("SFD-052", Activated(Cost(exhaust=True), (GiveMight(3, Target("unit")),)))

# Guardian of the Passage: each time it holds, its controller may take a unit or gear card
# from their trash into their hand.
card("SFD-035", Triggered(When("holds", "me"),
                          (ReturnToHand(Target("permanent", where="your_trash")),),
                          optional=True))  # the card: a target (RUP4 355.10.a)

# Ribbon Dancer: on each move that leaves it at a battlefield, another chosen friendly unit
# gets +1 Might this turn.
card("SFD-038", Triggered(When("moves", "me"), (GiveMight(1, Target("unit", "friendly", other=True)),),
                          condition=AtBattlefield()))

# Royal Entourage: as it is played, a legend (anyone's) is readied or exhausted.  The legend
# is a target chosen as the ability goes on the chain (RUP4 355.10.a); ready or exhaust is
# decided as it resolves (355.17).
card("SFD-039", Triggered(When("played", "me"), (Custom("ready_or_exhaust_a_legend"),),
                          targets=(Target("legend"),)))
