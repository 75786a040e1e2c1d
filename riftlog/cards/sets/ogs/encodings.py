"""Batch ogs: the Proving Grounds cards (OGS), the four sample decks' legends, champions
and signature cards.  Ids and vocabulary only; read each line against the card in the
reference data (errata applied).  OGS-002, OGS-005 and OGS-007 are encoded elsewhere
(exemplars / keywords only).
"""

from __future__ import annotations

from riftlog.cards.vocab import (
    IT,
    ME,
    Activated,
    AddResource,
    All,
    BonusDamageYours,
    Chosen,
    Cost,
    CostAtLeast,
    Custom,
    Deal,
    Draw,
    EntersReady,
    GiveMight,
    Kill,
    Move,
    Passive,
    SaveFromNextDeath,
    SpellEffect,
    Target,
    Triggered,
    UnitsAtEventBattlefield,
    When,
    card,
    on_play,
)

RECRUIT = "OGN-271"  # the 1 Might Recruit unit token (184.1)

# --- legends ---------------------------------------------------------------------------------

# Dark Child (errata applied): as your turn ends, ready as many as two of your runes (your pick).
card("OGS-017", Triggered(When("end_of_turn", "you"), (Custom("ready_up_to_runes", (2,)),)))

# Wuju Bladesman: a unit of yours that is the only defender at its battlefield gets +2 Might.
card("OGS-019", Passive.of(layer="arithmetic",
                           affects={"source_controller": True, "type": "Unit",
                                    "designation": "defender", "alone": True},
                           might=2))

# Lady of Luminosity: whenever you play a spell whose printed cost is 5 Energy or more, draw a card.
card("OGS-021", Triggered(When("played", "you", "Spell"), (Draw(1),), condition=CostAtLeast(5)))  # type: ignore[arg-type]

# Might of Demacia: after you conquer a battlefield where you have four or more units, draw two.
card("OGS-023", Triggered(When("conquers", "you"), (Draw(2),),
                          condition=UnitsAtEventBattlefield(4)))  # type: ignore[arg-type]

# --- champions ------------------------------------------------------------------------------

# Annie, Fiery: each Deal of your spells and abilities does 1 extra damage.
card("OGS-001", BonusDamageYours(1))

# Yi, Meditative: +4 Might while its controller has at least 8 runes.
card("OGS-004", Passive.of(layer="arithmetic", affects={"is_source": True, "min_controller_runes": 8},
                           might=4))

# Lux, Illuminated: gets +3 Might for the turn when you play a spell printed at 5+ Energy.
card("OGS-006", Triggered(When("played", "you", "Spell"), (GiveMight(3, ME),),
                          condition=CostAtLeast(5, IT)))  # type: ignore[arg-type]

# Yi, Honed [Ganking]: comes into play ready.
card("OGS-009", EntersReady())

# Annie, Stubborn: when played, a spell card goes back from your trash to your hand.
card("OGS-010", on_play(Custom("ogs_card_of_type_from_trash", ("Spell",))))

# Garen, Commander: your other units at its location have +1 Might.
card("OGS-013", Passive.of(layer="arithmetic",
                           affects={"location": "source", "type": "Unit", "source_controller": True,
                                    "other_than_source": True},
                           might=1))

# Lux, Crownguard: exhaust, Reaction: 2 Energy that may be spent on spells only.
card("OGS-014", Activated(Cost(exhaust=True), (AddResource(energy=2, spells_only=True),),
                          timing="reaction"))

# --- signature cards -----------------------------------------------------------------------

# Tibbers: when played, 3 damage to every unit at any battlefield (its own side too).
card("OGS-018", on_play(Deal(3, All("unit", at="battlefields"))))

# Highlander [Reaction]: a friendly unit is saved from its next death this turn (healed,
# exhausted and sent to base instead).
card("OGS-020", SpellEffect((SaveFromNextDeath(Target("unit", "friendly")),)))

# Final Spark [Action]: 8 damage to one unit anywhere.
card("OGS-022", SpellEffect((Deal(8, Target("unit")),)))

# Decisive Strike [Action]: all your units get +2 Might this turn.
card("OGS-024", SpellEffect((GiveMight(2, All("unit", "friendly")),)))

# --- the rest ------------------------------------------------------------------------------

# Incinerate [Action]: 2 damage to one unit at a battlefield.
card("OGS-003", SpellEffect((Deal(2, Target("unit", where="battlefield")),)))

# Gentlemen's Duel [Action]: your unit gets +3 Might this turn, then it and an enemy unit
# (both chosen as it is played) damage each other by their Might.
card("OGS-008", SpellEffect((
    GiveMight(3, Target("unit", "friendly", name="mine")),
    Custom("mutual_damage", (Chosen("mine"), Target("unit", "enemy", name="foe"))),
)))

# Flash [Reaction]: send as many as two of your units at battlefields back to base (a move).
card("OGS-011", SpellEffect((Move(Target("unit", "friendly", where="battlefield", count=2,
                                         up_to=True), "base"),)))

# Blast of Power [Action]: kill one unit at a battlefield.
card("OGS-012", SpellEffect((Kill(Target("unit", where="battlefield")),)))

# Recruit the Vanguard [Action]: four Recruit tokens, each to your base or a battlefield you hold.
card("OGS-015", SpellEffect((Custom("ogs_tokens_where_you_control", (RECRUIT, 4)),)))

# Vanguard Attendant: comes into play ready.
card("OGS-016", EntersReady())
