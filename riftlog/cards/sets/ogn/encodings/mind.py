"""Encodings of the Origins (OGN) Mind cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    ME,
    Activated,
    AddResource,
    All,
    Chosen,
    ControlsFacedown,
    Cost,
    CostsLess,
    CreateToken,
    Custom,
    Deal,
    Draw,
    Exhaust,
    FirstDeathThisTurn,
    GiveMight,
    If,
    MyTurn,
    Not,
    Passive,
    Ready,
    ReturnToHand,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
    on_play,
)
from riftlog.cards.vocab_control import HasFriendlyExhaustAbilities

# Consult the Past [Hidden][Reaction]: draw two.
card("OGN-083", SpellEffect((Draw(2),)))

# Eager Apprentice: while it stands at a battlefield, its controller's spells cost one
# Energy less, never below one.
card("OGN-084", CostsLess(1, minimum=1, card_type="Spell", at_battlefield=True))

# Falling Comet [Action]: 6 damage to a unit at a battlefield.
card("OGN-085", SpellEffect((Deal(6, Target("unit", where="battlefield")),)))

# Lecturing Yordle [Tank]: on play, draw one.
card("OGN-087", on_play(Draw(1)))

# Orb of Regret (gear): exhaust: a unit gets -1 Might this turn, never below 1.
card("OGN-090", Activated(Cost(exhaust=True), (GiveMight(-1, Target("unit"), minimum=1),)))

# Pit Crew: whenever its controller plays a gear, it readies.
card("OGN-091", Triggered(When("played", "you", card_type="Gear"), (Ready(ME),)))

# Riptide Rex: on play, 6 damage to an opposing unit at a battlefield.
card("OGN-092", on_play(Deal(6, Target("unit", "enemy", "battlefield"))))

# Smoke Screen [Reaction]: a unit gets -4 Might this turn, never below 1.
card("OGN-093", SpellEffect((GiveMight(-4, Target("unit"), minimum=1),)))

# Sprite Call [Hidden][Action]: a ready Sprite token (3 Might, Temporary) in your base.
card("OGN-094", SpellEffect((CreateToken("OGN-274", 1, ready=True),)),
     keywords=("Hidden", "Action"))

# Stupefy [Reaction]: a unit gets -1 Might this turn (never below 1); draw one.
card("OGN-095", SpellEffect((GiveMight(-1, Target("unit"), minimum=1), Draw(1))))

# Blastcone Fae [Hidden]: on play, a unit gets -2 Might this turn, never below 1.
card("OGN-097", on_play(GiveMight(-2, Target("unit"), minimum=1)))

# Energy Conduit (gear): exhaust, Reaction: add one Energy.
card("OGN-098", Activated(Cost(exhaust=True), (AddResource(energy=1),), timing="reaction"))

# Garbage Grabber (gear): pay 1 Energy, exhaust it and put three trash cards back under
# the deck: draw one.
card("OGN-099", Activated(Cost(energy=1, exhaust=True, recycle_trash=3), (Draw(1),)))

# Gemcraft Seer [Vision]: your other units have Vision.
card("OGN-100", Passive.of(layer="ability",
                           affects={"source_controller": True, "other_than_source": True,
                                    "type": "Unit"},
                           grant=["Vision"]))

# Mushroom Pouch (gear): at the start of your Beginning Phase, draw 1 while you control a
# facedown card at a battlefield (checked as it triggers and as it resolves).
card("OGN-101", Triggered(When("beginning_phase", "you"),
                          (If(ControlsFacedown(), (Draw(1),)),), condition=ControlsFacedown()))

# Portal Rescue [Action]: banish one of your units; its owner then plays it into their base
# for free.
card("OGN-102", SpellEffect((Custom("banish_owner_plays", (Target("unit", "friendly"),)),)))

# Ravenbloom Student: whenever its controller plays a spell, it gets +1 Might this turn.
card("OGN-103", Triggered(When("played", "you", card_type="Spell"), (GiveMight(1, ME),)))

# Retreat [Reaction]: one of your units goes back to its owner's hand; that owner channels
# one rune, exhausted.
card("OGN-104", SpellEffect((ReturnToHand(Target("unit", "friendly")),
                             Custom("owner_channels", ("t",)))))

# Singularity: 6 damage to each of at most two chosen units.
card("OGN-105", SpellEffect((Deal(6, Target("unit", count=2, up_to=True)),)))

# Sprite Mother [Temporary]: on play, a ready 3-Might Sprite token (Temporary) joins it
# where it is.
card("OGN-106", on_play(CreateToken("OGN-274", 1, where="here", ready=True)))

# Ava Achiever [Hidden]: attack trigger whose Mind power is paid as it goes on the chain
# (742.1.b), then plays a Hidden card from hand for free, a unit to Ava's battlefield
# (issue #5: riftlog/cards/sets/ogn/play_as_effect.py).
card("OGN-107", Triggered(When("attacks", "me"), (Custom("pe_ava"), Custom("pe_finish_plays")),
                          finalize_cost=(Custom("pe_pay_power", ("Mind", 1)),)))

# Convergent Mutation [Reaction]: pick two of your units, in order: the first is raised
# this turn to the second's Might.
card("OGN-108", SpellEffect((Custom("raise_might_to", (Target("unit", "friendly", count=2),)),)))

# Dr. Mundo, Expert: Might grows with its controller's trash; recycles 3 from the trash at
# the start of each of its controller's Beginning Phases.
card("OGN-109",
     Passive.of(layer="arithmetic", affects={"is_source": True}, might=1, per="controller_trash"),
     Triggered(When("beginning_phase", "you"), (Custom("recycle_from_trash", (3,)),)))

# Ekko, Recurrent [Accelerate]: Deathknell whose cost is recycling the card itself from the
# trash (paid as it goes on the chain); then all of your runes ready.
card("OGN-110", Triggered(When("dies", "me"), (Custom("ready_all_runes"),),
                          finalize_cost=(Custom("recycle_me_from_trash"),)))

# Heimerdinger, Inventor: has the exhaust abilities of your other legends, units and gear
# (issue #5, K2: rules/playing/borrowed.py).
card("OGN-111", HasFriendlyExhaustAbilities())

# Kai'Sa, Evolutionary [Ganking]: on conquer, may play a spell cheaper than your points from
# the trash without its Energy cost, recycled after it resolves (issue #5: custom_play.py).
card("OGN-112", Triggered(When("conquers", "me"), (Custom("pe_kaisa"), Custom("pe_finish_plays"))))

# Malzahar, Fanatic: Action, exhaust it and kill another of your units or gear: add two power
# of any domain (resolves at once).
card("OGN-113", Activated(Cost(exhaust=True, kill_friendly=1), (AddResource(power=(("Any", 2),)),),
                          timing="action"), keywords=())

# Progress Day: draw 4.
card("OGN-114", SpellEffect((Draw(4),)))

# Promising Future: every player banishes one of their top five, recycles the others, then
# each plays their banished card without its Energy cost, the next player first (issue #5:
# riftlog/cards/sets/ogn/play_as_effect.py).
card("OGN-115", SpellEffect((Custom("pe_promising_future"), Custom("pe_finish_plays"))))

# Thousand-Tailed Watcher [Accelerate]: on play, enemy units get -3 Might this turn (not
# below 1).
card("OGN-116", on_play(GiveMight(-3, All("unit", "enemy"), minimum=1)))

# Viktor, Innovator: when its controller plays a card during an opponent's turn, a Recruit
# token (1 Might) enters its controller's base.
card("OGN-117", Triggered(When("played", "you"), (CreateToken("OGN-271", 1, where="base"),),
                          condition=Not(MyTurn())))

# Wraith of Echoes: draw once per turn, the first time a friendly unit dies.
card("OGN-118", Triggered(When("dies", "friendly_unit"), (Draw(1),),
                          condition=FirstDeathThisTurn()))

# Ahri, Inquisitive: attacking or defending, an enemy unit at its battlefield gets -2 Might
# this turn (not below 1).
card("OGN-119",
     Triggered(When("attacks", "me"), (GiveMight(-2, Target("unit", "enemy", "here"), minimum=1),)),
     Triggered(When("defends", "me"), (GiveMight(-2, Target("unit", "enemy", "here"), minimum=1),)))

# Seal of Insight (gear): exhaust, Reaction: add one Mind power (resolves at once).
card("OGN-120", Activated(Cost(exhaust=True), (AddResource(power=(("Mind", 1),)),),
                          timing="reaction"), keywords=())

# Teemo, Strategist [Hidden]: when it defends, pick an enemy unit there; reveal your top 5,
# 1 damage to it per Hidden card among them, then those cards go to the bottom.
card("OGN-121", Triggered(When("defends", "me"),
                          (Custom("reveal_hidden_damage", (Chosen("t"), 5)),),
                          targets=(Target("unit", "enemy", "here"),)))

# Time Warp: an extra turn after this one; the spell is banished.
card("OGN-122", SpellEffect((Custom("additional_turn_banish_self"),)))

# Unchecked Power: your units all exhaust, then 12 damage to every unit at a battlefield.
card("OGN-123", SpellEffect((Exhaust(All("unit", "friendly")),
                             Deal(12, All("unit", at="battlefields")))))
