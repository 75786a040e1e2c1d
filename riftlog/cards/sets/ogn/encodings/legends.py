"""Encodings of the Origins (OGN) Legends.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import (
    IT,
    ME,
    Activated,
    AddResource,
    Buff,
    Channel,
    Cost,
    CreateToken,
    Custom,
    EventBattlefieldYours,
    Exhaust,
    GiveMight,
    GrantKeyword,
    Heal,
    HideCostAlternative,
    If,
    IsReady,
    Legion,
    Mighty,
    Ready,
    Recall,
    Replacement,
    ReplacementCost,
    Target,
    Triggered,
    WasBuffed,
    When,
    card,
)

RECRUIT = "OGN-271"  # the 1 Might Recruit unit token
_MINE_HERE: Any = EventBattlefieldYours()
_LEGION: Any = Legion()

# Daughter of the Void (legend): exhaust, Reaction: add one power of any domain, for spells only.
card("OGN-247", Activated(Cost(exhaust=True), (AddResource(power=(("Any", 1),), spells_only=True),),
                          timing="reaction"))

# Relentless Storm (legend): when you play a Mighty unit, you may exhaust this legend to
# channel one rune exhausted.
card("OGN-249", Triggered(When("played", "you", card_type="Unit"),
                          (If(IsReady(ME),  # type: ignore[arg-type, unused-ignore]
                              (Exhaust(ME), Channel(1, exhausted=True))),),
                          condition=Mighty(IT), optional=True))

# Hand of Noxus: exhaust, Reaction, only with Legion: add 1 Energy.
card("OGN-253", Activated(Cost(exhaust=True), (AddResource(energy=1),), timing="reaction",
                          condition=_LEGION), keywords=())

# Nine-Tailed Fox: an enemy unit attacking a battlefield you control gets -1 Might this
# turn (not below 1).
card("OGN-255", Triggered(When("attacks", "enemy_unit"), (GiveMight(-1, IT, minimum=1),),
                          condition=_MINE_HERE))

# Unforgiven: 2 Energy, exhaust: a friendly unit at a battlefield goes to its base, or one in
# its base goes to a battlefield picked as it resolves (errata: its base).
card("OGN-259", Activated(Cost(energy=2, exhaust=True),
                          (Custom("move_to_or_from_base", ("t",)),),
                          targets=(Target("unit", "friendly"),)))

# Radiant Dawn: stunning enemy units (once per effect) buffs a friendly unit.
card("OGN-261", Triggered(When("stuns_enemies", "you"), (Buff(Target("unit", "friendly")),)))

# Swift Scout: an Energy may pay for hiding in place of [A]; also an ability that takes one
# of its owner's Teemo units back to hand (from the champion slot or play).
card("OGN-263", HideCostAlternative(1),
     Activated(Cost(energy=1, exhaust=True), (Custom("owned_tag_unit_to_hand", ("Teemo",)),)),
     keywords=())

# Herald of the Arcane: 1 Energy, exhaust: make a Recruit token.
card("OGN-265", Activated(Cost(energy=1, exhaust=True), (CreateToken(RECRUIT, 1, "base"),)))

# Bounty Hunter: exhaust: a unit gains Ganking this turn.
card("OGN-267", Activated(Cost(exhaust=True), (GrantKeyword("Ganking", Target("unit")),)),
     keywords=())

# The Boss: may save a buffed unit of its controller's from dying (pay [A], exhaust me, spend its buff:
# heal, exhaust and recall it instead; replacement helper, 367-371), and readies itself
# when you conquer.
card("OGN-269", Replacement("a buffed unit of its controller's would die: pay, exhaust me, spend its buff; "
                            "heal, exhaust and recall it instead", event="die", who="your_unit",
                            effect=(Heal(IT), Exhaust(IT), Recall(IT)), optional=True,
                            condition=WasBuffed(),
                            cost=ReplacementCost(power=(("Any", 1),), exhaust_me=True,
                                                 spend_its_buff=True)),
     Triggered(When("conquers", "you"), (Ready(ME),)))
