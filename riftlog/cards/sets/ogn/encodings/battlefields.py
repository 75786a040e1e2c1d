"""Encodings of the Origins (OGN) Battlefields.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import (
    IT,
    BonusDamageHere,
    Buff,
    Channel,
    CreateToken,
    Custom,
    Delay,
    Discard,
    Draw,
    EventFlag,
    FirstTurn,
    GiveMight,
    HideCapacity,
    Move,
    NoMoveToBase,
    Passive,
    RaiseVictoryScore,
    Target,
    Triggered,
    When,
    card,
)

RECRUIT = "OGN-271"  # the 1 Might Recruit unit token
_FIRST: Any = FirstTurn()
_FIRST_CHOICE: Any = EventFlag("first")

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
