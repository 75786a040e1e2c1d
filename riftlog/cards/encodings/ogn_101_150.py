"""Batch ogn_101_150: OGN-101 to OGN-150 (Origins), except the exemplars (OGN-137).

Ids and vocabulary only; each comment says in our own words what the card does.  Cards
that need something the engine lacks are encoded with ``Unsupported`` naming the rule.
OGN-126 (a rune), OGN-135 (keywords only) and OGN-142 (no text) need no encoding.
"""

from __future__ import annotations

from riftlog.cards.vocab import (
    IT,
    ME,
    Activated,
    AdditionalCost,
    AddResource,
    All,
    Buff,
    Chosen,
    ControlsFacedown,
    Cost,
    CostReduction,
    CostsLess,
    CreateToken,
    Custom,
    Deal,
    Draw,
    Exhaust,
    Exists,
    FirstDeathThisTurn,
    ForTurn,
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
    UnitDiedThisTurn,
    When,
    card,
    on_play,
)
from riftlog.cards.vocab_control import HasFriendlyExhaustAbilities  # issue #5 (K2)

_ = IT

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

# Wraith of Echoes: draw once per turn, the first time one of your units dies.
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

# Arena Bar (gear): exhaust: buff one of your exhausted units.
card("OGN-124", Activated(Cost(exhaust=True), (Buff(Target("unit", "friendly", exhausted=True)),)))

# Bilgewater Bully: has Ganking only while it carries a buff.
card("OGN-125", Passive.of(layer="ability", affects={"is_source": True},
                           condition={"buffed": True}, grant=["Ganking"]), keywords=())

# Cannon Barrage [Reaction]: 2 damage to each enemy unit in the combat.
card("OGN-127", SpellEffect((Deal(2, All("unit", "enemy", at="combat")),)))

# Challenge [Action]: one of your units and an enemy unit hit each other for their Might.
card("OGN-128", SpellEffect((Custom("mutual_damage", (Target("unit", "friendly", name="mine"),
                                                          Target("unit", "enemy", name="foe"))),)))

# Confront [Action]: your units played later this turn enter ready; draw 1.
card("OGN-129", SpellEffect((ForTurn("units_ready"), Draw(1))))

# Crackshot Corsair: when it attacks, 1 damage to an enemy unit at its battlefield.
card("OGN-130", Triggered(When("attacks", "me"), (Deal(1, Target("unit", "enemy", "here")),)))

# Dune Drake: when it attacks, +2 Might this turn if a ready enemy unit is at its battlefield.
card("OGN-131", Triggered(When("attacks", "me"), (If(Exists(Target("unit", "enemy", "here",
                                                                   exhausted=False)),
                                                     (GiveMight(2, ME),)),)))

# First Mate: on play, ready some other unit.
card("OGN-132", on_play(Ready(Target("unit", other=True))))

# Flurry of Blades [Reaction]: 1 damage to every unit at a battlefield.
card("OGN-133", SpellEffect((Deal(1, All("unit", at="battlefields")),)))

# Mobilize: channel 1 exhausted; draw 1 when no rune could be channeled.
card("OGN-134", SpellEffect((Custom("channel_or_draw", (1, 1)),)))

# Pit Rookie: on play, buff another of your units.
card("OGN-136", on_play(Buff(Target("unit", "friendly", other=True))))

# Catalyst of Aeons: channel 2 exhausted; draw 1 when fewer than 2 could be channeled.
card("OGN-138", SpellEffect((Custom("channel_or_draw", (2, 1)),)))

# Cithria of Cloudfield: buff itself whenever its controller plays another unit.
card("OGN-139", Triggered(When("played", "other_friendly_unit"), (Buff(ME),)))

# Herald of Scales: your Dragons cost 2 Energy less (not below 1).
card("OGN-140", CostsLess(2, tag="Dragon", minimum=1))

# Kinkou Monk: on play, buff at most two of your other units.
card("OGN-141", on_play(Buff(Target("unit", "friendly", count=2, up_to=True, other=True))))

# Pirate's Haven (gear): whenever you ready one of your units, it gets +1 Might this turn.
card("OGN-143", Triggered(When("readied", "friendly_unit"), (GiveMight(1, IT),)))

# Spoils of War [Reaction]: 2 Energy cheaper after an enemy unit died this turn; draw 2.
card("OGN-144", CostReduction(2, condition=UnitDiedThisTurn("enemy")), SpellEffect((Draw(2),)))

# Unyielding Spirit [Reaction]: no spell or ability damage this turn (replacement helper:
# prevention by kind of source, 437, 417.6).
card("OGN-145", SpellEffect((Custom("rep_prevent_kinds_this_turn", ("spell", "ability")),)))

# Wallop [Action]: optionally spend a buff to play it for free; ready a unit.
card("OGN-146", AdditionalCost(spend_buff=1, free=True), SpellEffect((Ready(Target("unit")),)))

# Wildclaw Shaman: when played, its controller may spend the buff of a friendly unit they
# choose (a recorded choice, 702.2.b, paid as the ability is finalized, 742.1.b) to buff
# and ready it.
card("OGN-147", Triggered(When("played", "me"), (Buff(ME), Ready(ME)),
                          finalize_cost=(Custom("k1_spend_friendly_buff"),)))

# Anivia, Primal: when it attacks, 3 damage to each enemy unit at its battlefield.
card("OGN-148", Triggered(When("attacks", "me"), (Deal(3, All("unit", "enemy", at="here")),)))

# Carnivorous Snapvine: on play, it and an enemy unit at a battlefield hit each other for
# their Might.
card("OGN-149", Triggered(When("played", "me"),
                          (Custom("mutual_damage", (ME, Chosen("foe"))),),
                          targets=(Target("unit", "enemy", "battlefield", name="foe"),)))

# Kraken Hunter [Accelerate, Assault]: may spend buffs as it is played, each lowering its
# Body power cost by one.
card("OGN-150", AdditionalCost(spend_buff=-1, reduce_power=(("Body", 1),)))
