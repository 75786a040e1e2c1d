"""Batch ogn_251_298: OGN legends, their signature spells and the battlefields 275-298.

Ids and names only; each comment says in our own words what the card does (read the
card in the reference data, with its errata).  Already encoded elsewhere (exemplars):
OGN-251, 257, 279, 280, 294.  OGN-271..274 are tokens without rules text of their own
(Sprite's Temporary works by itself).
"""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import (
    IT,
    ME,
    Activated,
    AddResource,
    All,
    BonusDamageHere,
    Buff,
    Channel,
    Chosen,
    Cost,
    CreateToken,
    Custom,
    Deal,
    Delay,
    Discard,
    Draw,
    EventBattlefieldYours,
    EventFlag,
    Exhaust,
    FirstTurn,
    GiveMight,
    GrantKeyword,
    Heal,
    HideCapacity,
    HideCostAlternative,
    If,
    Kill,
    Legion,
    MaxTotalMight,
    Move,
    NoMoveToBase,
    Passive,
    PayAnyPower,
    RaiseVictoryScore,
    Ready,
    Recall,
    Replacement,
    ReplacementCost,
    SameLocation,
    SpellEffect,
    Stun,
    Target,
    Triggered,
    WasBuffed,
    When,
    card,
)

RECRUIT = "OGN-271"  # the 1 Might Recruit unit token
_FIRST: Any = FirstTurn()
_MINE_HERE: Any = EventBattlefieldYours()
_LEGION: Any = Legion()
_FIRST_CHOICE: Any = EventFlag("first")

# --- battlefields ---------------------------------------------------------------------------

# Altar to Unity: whoever holds it makes a Recruit token in their base.
card("OGN-275", Triggered(When("holds", "here"), (CreateToken(RECRUIT, 1, "base"),)))

# Aspirant's Climb: the game needs one more point to win.
card("OGN-276", RaiseVictoryScore(1))

# Back-Alley Bar: a unit leaving it (by a move) gets +1 Might this turn.
card("OGN-277", Triggered(When("moves", "here"), (GiveMight(1, IT),)))

# Bandle Tree: one more facedown card fits here.
card("OGN-278", HideCapacity(1))

# Hallowed Tomb: the holder may bring their Chosen Champion back from the trash to an
# empty Champion Zone.
card("OGN-281", Triggered(When("holds", "here"), (Custom("champion_back"),)))

# Monastery of Hirana: the conqueror may spend one of their buffs to draw a card.
card("OGN-282", Triggered(When("conquers", "here"), (Custom("spend_buff_to_draw", (1,)),)))

# Navori Fighting Pit: the holder buffs a unit at this battlefield.
card("OGN-283", Triggered(When("holds", "here"), (Buff(Target("unit", where="here")),)))

# Obelisk of Power: on each player's first Beginning Phase, they channel a rune.
card("OGN-284", Triggered(When("beginning_phase", "each_player"),
                          (Custom("that_player_channels", (1,)),), condition=_FIRST))

# Reaver's Row: the defender here may move one of their units here back to base.
card("OGN-285", Triggered(When("defends", "here"),
                          (Move(Target("unit", "friendly", "here"), "base"),), optional=True))

# Reckoner's Arena: holding it triggers the conquer abilities of the units here.
card("OGN-286", Triggered(When("holds", "here"), (Custom("conquer_effects_here"),)))

# Sigil of the Storm: the conqueror must recycle one of their runes.
card("OGN-287", Triggered(When("conquers", "here"), (Custom("recycle_a_rune"),)))

# Startipped Peak: the holder may channel a rune, exhausted.
card("OGN-288", Triggered(When("holds", "here"), (Channel(1, exhausted=True),), optional=True))

# Targon's Peak: after a conquer here, at the end of that turn the conqueror readies up to
# two runes (errata: "up to").
card("OGN-289",
     Triggered(When("conquers", "here"), (Delay(1),)),
     Triggered(When("end_of_turn", "delayed"), (Custom("ready_up_to_runes", (2,)),)))

# The Arena's Greatest: on each player's first Beginning Phase, they gain a point.
card("OGN-290", Triggered(When("beginning_phase", "each_player"),
                          (Custom("that_player_gains_points", (1,)),), condition=_FIRST))

# The Candlelit Sanctum: the conqueror looks at their top two cards, recycles any of them
# and puts the others back in the order they like.
card("OGN-291", Triggered(When("conquers", "here"), (Custom("look_two_recycle_any", (2,)),)))

# The Dreaming Tree: a player's first spell each turn that chooses one of their own units
# here draws them a card (errata).
card("OGN-292", Triggered(When("chooses", "here"), (Draw(1),), condition=_FIRST_CHOICE))

# The Grand Plaza: the holder wins if they have seven or more units here.
card("OGN-293", Triggered(When("holds", "here"), (Custom("win_with_units_here", (7,)),)))

# Vilemaw's Lair: units here cannot move to a base.
card("OGN-295", NoMoveToBase())

# Void Gate: damage from spells/abilities to units at this place is one higher (errata).
card("OGN-296", BonusDamageHere(1))

# Windswept Hillock: units here have Ganking.
card("OGN-297", Passive.of(layer="ability", affects={"location": "source", "type": "Unit"},
                           grant=["Ganking"]), keywords=())

# Zaun Warrens: the conqueror discards a card, then draws one.
card("OGN-298", Triggered(When("conquers", "here"), (Discard(1), Draw(1))))

# --- legends --------------------------------------------------------------------------------

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

# The Boss: may save a buffed friendly unit from dying (pay [A], exhaust me, spend its buff:
# heal, exhaust and recall it instead; replacement helper, 367-371), and readies itself
# when you conquer.
card("OGN-269", Replacement("a buffed friendly unit would die: pay, exhaust me, spend its buff; "
                            "heal, exhaust and recall it instead", event="die", who="friendly_unit",
                            effect=(Heal(IT), Exhaust(IT), Recall(IT)), optional=True,
                            condition=WasBuffed(),
                            cost=ReplacementCost(power=(("Any", 1),), exhaust_me=True,
                                                 spend_its_buff=True)),
     Triggered(When("conquers", "you"), (Ready(ME),)))

# --- signature spells -----------------------------------------------------------------------

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
card("OGN-270", SpellEffect((Buff(Target("unit", "friendly", "base")), Move(Chosen("t"), Chosen("bf"))),
                            targets=(Target("unit", "friendly", "base"),
                                     Target("battlefield", name="bf"))))
