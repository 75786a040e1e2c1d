"""Encodings of the Origins (OGN) Fury cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    ME,
    Activated,
    AddResource,
    All,
    Cost,
    CostReduction,
    Count,
    Custom,
    Deal,
    Discard,
    Draw,
    EntersReady,
    Exists,
    ForTurn,
    GiveMight,
    Kill,
    Legion,
    Passive,
    PlayedCount,
    Ready,
    ReplacementCost,
    ShieldNextDeath,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
    on_play,
)
from riftlog.cards.vocab_kills import EventFlag, ExcessDamageAtLeast, GainPoints

AT_BF = Target("unit", where="battlefield")

# Chemtech Enforcer [Assault 2]: when played, its controller discards a card.
card("OGN-003", on_play(Discard(1)))

# Disintegrate [Action]: 3 damage to a unit at a battlefield, then a draw if that killed it.
card("OGN-005", SpellEffect((Custom("ogn_deal_then_if_it_dies", (3, 1)),), targets=(AT_BF,)),
     Triggered(When("dies", "delayed"), (Draw(1),)))

# Flame Chompers: when discarded, may be played from the trash for a Fury power.
card("OGN-006", Triggered(When("discarded", "me"),
                          (Custom("ogn_may_pay_play_me_from_trash", ((("Fury", 1),),)),)))

# Get Excited! [Action]: discard a card, then damage a unit at a battlefield equal to the
# discarded card's printed Energy cost.
card("OGN-008", SpellEffect((Custom("ogn_discard_then_deal_energy"),), targets=(AT_BF,)))

# Hextech Ray [Action]: 3 damage to a unit at a battlefield.
card("OGN-009", SpellEffect((Deal(3, AT_BF),)))

# Magma Wurm: its controller's other units come onto the board ready (played units and
# created unit tokens).
card("OGN-011", flags=("friendly_units_enter_ready",))

# Sky Splitter [Action]: cheaper by the highest Might among your units; 5 damage to a unit
# at a battlefield.
card("OGN-014", CostReduction(Count("highest_might")), SpellEffect((Deal(5, AT_BF),)))

# Captain Farron: your other units at its location have Assault (the catalog lists the
# granted keyword; Farron itself has none).
card("OGN-015", Passive.of(layer="ability", affects={
    "location": "source", "type": "Unit", "other_than_source": True, "source_controller": True},
    grant=["Assault"]), keywords=())

# Dangerous Duo [Legion]: when played, a unit gets +2 Might this turn.
card("OGN-016", on_play(GiveMight(2, Target("unit")), condition=Legion()))

# Iron Ballista: enters exhausted; exhaust: 2 damage to a unit at a battlefield.
card("OGN-017", Activated(Cost(exhaust=True), (Deal(2, AT_BF),)), flags=("enters_exhausted",))

# Noxus Saboteur [Hidden]: stops opponents' hidden cards being revealed at its battlefield
# (so they cannot be played from facedown there).
card("OGN-018", flags=("no_enemy_reveal_here",))

# Raging Soul: Assault and Ganking while its controller has discarded a card this turn (the
# catalog lists both keywords; it has them only then).
card("OGN-019", Passive.of(layer="ability", grant=["Assault", "Ganking"],
                           affects={"is_source": True, "discarded_this_turn": True}), keywords=())

# Scrapyard Champion [Legion]: when played, discard 2 then draw 2.
card("OGN-020", on_play(Discard(2), Draw(2), condition=Legion()))

# Sun Disc: exhaust (Legion only): a unit played later in the turn comes in ready.
card("OGN-021", Activated(Cost(exhaust=True), (ForTurn("next_unit_ready"),), condition=Legion()))

# Thermo Beam [Action]: kill every gear.
card("OGN-022", SpellEffect((Kill(All("gear")),)))

# Unlicensed Armory: discard + exhaust: a friendly unit's next death this turn may be
# replaced (pay Fury) by heal, exhaust and recall (replacement helper: a shield, 367-373).
card("OGN-023", Activated(Cost(exhaust=True, discard=1),
                          (ShieldNextDeath(Target("unit", "friendly"),
                                           cost=ReplacementCost(power=(("Fury", 1),))),)))

# Void Seeker [Action]: 4 damage to a unit at a battlefield, then draw 1.
card("OGN-024", SpellEffect((Deal(4, AT_BF), Draw(1))))

# Blind Fury [Action]: reveal opponents' top cards, banish and play one free, recycle others
# (issue #5: riftlog/cards/sets/ogn/play_as_effect.py).
card("OGN-025", SpellEffect((Custom("pe_blind_fury"), Custom("pe_finish_plays"))))

# Brynhir Thundersong: when played, opponents cannot play cards for the rest of the turn.
card("OGN-026", on_play(ForTurn("cannot_play", "opponents")))

# Darius, Trifarian: when its controller plays their second card of a turn, +2 Might this
# turn and ready itself.
card("OGN-027", Triggered(When("played", "you"), (GiveMight(2, ME), Ready(ME)),
                          condition=PlayedCount(2)))

# Draven, Showboat: Might raised by its controller's points.
card("OGN-028", Passive.of(layer="arithmetic", affects={"is_source": True}, might=1,
                           per="controller_points"))

# Falling Star (errata 2026-01-14): 3 damage to a unit, and 3 damage to a unit (two
# separate choices, the same unit may be chosen twice).
card("OGN-029", SpellEffect((Deal(3, Target("unit", name="first")),
                             Deal(3, Target("unit", name="second")))))

# Jinx, Demolitionist [Accelerate, Assault 2]: when played, discard 2.
card("OGN-030", on_play(Discard(2)))

# Raging Firebrand: when played, the next spell this turn costs 5 Energy less.
card("OGN-031", on_play(ForTurn("next_spell_cheaper", n=5)))

# Ravenborn Tome: exhaust: the next spell this turn deals 1 Bonus Damage.
card("OGN-032", Activated(Cost(exhaust=True), (ForTurn("next_spell_bonus", n=1),)))

# Shakedown [Reaction]: an enemy unit takes 6 unless its controller lets you draw 2.
card("OGN-033", SpellEffect((Custom("ogn_unless_lets_draw", (6, 2)),),
                            targets=(Target("unit", "enemy"),)))

# Tryndamere, Barbarian: when it conquers after attacking, if its controller assigned 5 or
# more damage beyond lethal to the defending units in that combat (460.2.c.2, 460.2.c.4;
# riftlog.rules.interpreter.kills), its controller gains 1 point (not a Score, 466.1.a.1).
card("OGN-034", Triggered(When("conquers", "me"), (GainPoints(1),),
                          condition=ExcessDamageAtLeast(5)))  # type: ignore[arg-type]

# Vayne, Hunter [Assault 3]: enters ready if an opponent controls a battlefield; on
# conquer, may pay 1 Energy to go back to its owner's hand.
card("OGN-035", EntersReady(Exists(Target("battlefield", "enemy"))),
     Triggered(When("conquers", "me"), (Custom("ogn_may_pay_to_return_me", (1,)),)))

# Vi, Destructive [Ganking]: recycle a card from your trash: +1 Might this turn.
card("OGN-036", Activated(Cost(recycle_trash=1), (GiveMight(1, ME),)))

# Immortal Phoenix [Assault 2]: from its owner's trash, when they kill a unit with a spell
# (428.5.e; riftlog.rules.interpreter.kills, also when it was the unit killed, 383.2.c.1), they may pay
# 1 Energy and 1 Fury as the ability is finalized (742.1.b) to play it from the trash.
card("OGN-037", Triggered(When("kills", "you_from_trash", "Unit"),
                          (Custom("k1_play_me_from_trash"),),
                          condition=EventFlag("spell"),  # type: ignore[arg-type]
                          finalize_cost=(Custom("k1_pay_to_play_me", (1, (("Fury", 1),))),)))

# Kadregrin the Infernal: when played, draw one per Mighty unit you control.
card("OGN-038", on_play(Draw(Count("mighty_units"))))

# Kai'Sa, Survivor [Accelerate]: when it conquers, draw 1.
card("OGN-039", Triggered(When("conquers", "me"), (Draw(1),)))

# Seal of Rage: exhaust, Reaction: add one Fury power (resolves at once, 429).
card("OGN-040", Activated(Cost(exhaust=True), (AddResource(power=(("Fury", 1),)),),
                          timing="reaction"))

# Volibear, Furious [Deflect 2]: when it attacks, 5 damage divided among enemy units at
# its battlefield (a recorded split).
card("OGN-041", Triggered(When("attacks", "me"), (Custom("ogn_split_damage_here", (5,)),)))
