"""Encodings of the Origins (OGN) Calm cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    IT,
    ME,
    Activated,
    AdditionalCost,
    AddResource,
    Alone,
    ApplyEffect,
    AtBattlefield,
    Buff,
    Channel,
    ControlsTag,
    Cost,
    CostReduction,
    Count,
    Counter,
    Custom,
    Deal,
    DoubleMight,
    Draw,
    EntersReady,
    Exhaust,
    GainPoints,
    GiveMight,
    GrantKeyword,
    Heal,
    If,
    IsEnemy,
    Kill,
    Move,
    OpponentNearVictory,
    PaidAdditional,
    Passive,
    Ready,
    Recall,
    Replacement,
    ReturnToHand,
    SpellEffect,
    Stun,
    Target,
    Triggered,
    When,
    card,
    deathknell,
    on_play,
)
from riftlog.cards.vocab_control import NoReadyingEnemies, OpponentsPlayUnitsToBase
from riftlog.cards.vocab_kills import EventFlag

# Charm: move an enemy unit (destination chosen as it resolves).
card("OGN-043", SpellEffect((Custom("ogn_move_enemy_unit"),),
                            targets=(Target("unit", "enemy"),)))

# Clockwork Keeper: optional extra Calm power as it is played; if paid, draw 1 on play.
card("OGN-044", AdditionalCost(power=(("Calm", 1),)),
     on_play(Draw(1), condition=PaidAdditional()))

# Defy [Reaction]: counter a spell costing at most 4 Energy and 1 Power.
card("OGN-045", SpellEffect((Counter(Target("spell", max_cost=(4, 1))),)))

# En Garde [Reaction]: a friendly unit +1 Might this turn, +1 more if it is alone there.
card("OGN-046", SpellEffect((GiveMight(1, Target("unit", "friendly")),
                             Custom("ogn_alone_bonus", (1,)))))

# Find Your Center [Action]: 2 Energy less while an opponent is within 3 points of
# winning; draw 1 and channel 1 rune exhausted.
card("OGN-047", CostReduction(2, condition=OpponentNearVictory(3)),
     SpellEffect((Draw(1), Channel(1, exhausted=True))))

# Meditation [Reaction]: may exhaust a friendly unit as an extra cost; draw 2 if so, else 1.
card("OGN-048", AdditionalCost(exhaust=1),
     SpellEffect((If(PaidAdditional(), (Draw(2),), (Draw(1),)),)))

# Rune Prison [Action]: stun a unit.
card("OGN-050", SpellEffect((Stun(Target("unit")),)))

# Solari Shieldbearer: on play, stun one unit.
card("OGN-051", on_play(Stun(Target("unit"))))

# Stand United [Hidden][Action]: buff one of your units; your buffed units get one more
# Might for the rest of the turn.
card("OGN-053",
     SpellEffect((Buff(Target("unit", "friendly")),
                  ApplyEffect.of(layer="arithmetic", affects={"controller": "you", "type": "Unit"},
                                 condition={"buffed": True}, might=1))),
     keywords=("Hidden", "Action"))

# Wielder of Water: +2 Might while it is the only attacker or the only defender.
card("OGN-055", Passive.of(layer="arithmetic", affects={"is_source": True, "alone": True},
                           might=2))

# Adaptatron: when it conquers, optionally destroy a gear; buff itself only if one died.
card("OGN-056", Triggered(When("conquers", "me"), (Custom("ogn_kill_then_buff_me"),),
                          optional=True, targets=(Target("gear"),)))

# Block [Hidden][Action]: a unit gets Shield 3 and Tank until end of turn.
card("OGN-057", SpellEffect((GrantKeyword("Shield 3", Target("unit")),
                             GrantKeyword("Tank", Target("unit")))),
     keywords=("Hidden", "Action"))

# Discipline [Reaction]: a unit +2 Might this turn, then draw one.
card("OGN-058", SpellEffect((GiveMight(2, Target("unit")), Draw(1))))

# Eclipse Herald: whenever its controller stuns an opposing unit, it readies and gets
# +1 Might this turn.
card("OGN-059", Triggered(When("stuns", "you"), (Ready(ME), GiveMight(1, ME)),
                          condition=IsEnemy()))

# Mask of Foresight: a friendly unit that is the lone attacker / lone defender gets
# +1 Might this turn.
card("OGN-060",
     Triggered(When("attacks", "friendly_unit"), (GiveMight(1, IT),), condition=Alone()),
     Triggered(When("defends", "friendly_unit"), (GiveMight(1, IT),), condition=Alone()))

# Poro Herder: on play, with another Poro of yours on the board, buff itself and draw one.
card("OGN-061", on_play(If(ControlsTag("Poro"), (Buff(ME), Draw(1))),
                        condition=ControlsTag("Poro")))

# Reinforce: look at the top five, maybe banish a unit among them and play it five Energy
# cheaper, recycle the rest (issue #5: riftlog/cards/sets/ogn/play_as_effect.py).
card("OGN-062", SpellEffect((Custom("pe_reinforce"), Custom("pe_finish_plays"))))

# Spirit's Refuge (gear): on play buff one of your units; your buffed units have Deflect.
card("OGN-063",
     on_play(Buff(Target("unit", "friendly"))),
     Passive.of(layer="ability", affects={"source_controller": True, "type": "Unit"},
                condition={"buffed": True}, grant=["Deflect"]),
     keywords=())

# Wind Wall [Reaction]: counter one spell on the chain.
card("OGN-064", SpellEffect((Counter(Target("spell")),)))

# Wizened Elder: one extra Might while it has a buff.
card("OGN-065", Passive.of(layer="arithmetic", affects={"is_source": True},
                           condition={"buffed": True}, might=1))

# Ahri, Alluring: when it holds, its controller gains a point.
card("OGN-066", Triggered(When("holds", "me"), (GainPoints(1),)))

# Blitzcrank, Impassive [Tank]: played to a battlefield, may pull an opposing unit there;
# when it holds, it goes back to its owner's hand.
card("OGN-067",
     Triggered(When("played", "me"), (Move(Target("unit", "enemy"), to="here"),),
               condition=AtBattlefield(), optional=True),
     Triggered(When("holds", "me"), (ReturnToHand(ME),)))

# Caitlyn, Patrolling: takes combat damage last; exhaust: deal its Might to a unit at a
# battlefield, only while it stands at a battlefield.
card("OGN-068",
     Activated(Cost(exhaust=True),
               (Deal(Count("source_might"), Target("unit", where="battlefield")),),
               condition=AtBattlefield()),
     flags=("assigned_last",))

# Last Stand [Action]: double one of your units' Might this turn and give it Temporary.
card("OGN-069", SpellEffect((DoubleMight(Target("unit", "friendly")),
                             GrantKeyword("Temporary", Target("unit", "friendly"),
                                          until="permanent"))),
     keywords=("Action",))

# Mageseeker Warden: while it is at a battlefield, opponents play units only to their base
# and spells/abilities do not ready their units and gear (issue #5, K2: rules/playing/restrictions.py).
card("OGN-070", OpponentsPlayUnitsToBase(), NoReadyingEnemies())

# Party Favors: every other player picks cards or runes; per pick, both players draw one
# or both channel one rune exhausted.
card("OGN-071", SpellEffect((Custom("ogn_cards_or_runes"),)))

# Solari Shrine (gear): when its controller kills a stunned enemy unit (any kill credited to
# them, lethal damage at a cleanup included: 428.5.c; riftlog.rules.interpreter.kills), they may exhaust
# it as the ability is finalized (742.1.b) to draw 1.
card("OGN-072", Triggered(When("kills", "you", "Unit"), (Draw(1),),
                          condition=EventFlag("stunned_enemy"),  # type: ignore[arg-type]
                          finalize_cost=(Custom("k1_exhaust_me"),)))

# Sona, Harmonious: at the end of your turn, while at a battlefield, ready up to four of
# your runes (383.3.e: checked as it triggers).
card("OGN-073", Triggered(When("end_of_turn", "you"),
                          (Ready(Target("rune", "friendly", count=4, up_to=True)),),
                          condition=AtBattlefield()))

# Taric, Protector [Shield][Tank]: your other units at the same place have Shield.
card("OGN-074", Passive.of(layer="ability",
                           affects={"source_controller": True, "location": "source",
                                    "other_than_source": True, "type": "Unit"},
                           grant=["Shield"]))

# Tasty Faefolk [Accelerate]: when it dies, channel two runes exhausted and draw one.
card("OGN-075", deathknell(Channel(2, exhausted=True), Draw(1)))

# Yasuo, Remorseful: when it attacks, deals its current Might to an opposing unit there.
card("OGN-076", Triggered(When("attacks", "me"),
                          (Deal(Count("source_might"), Target("unit", "enemy", "here")),)))

# Zhonya's Hourglass [Hidden]: a replacement effect on a friendly unit's death: the gear
# dies in its place; the unit is healed, exhausted and sent back to base (367-373).
card("OGN-077", Replacement("a friendly unit's death: kill me; heal, exhaust and recall it",
                            event="die", who="friendly_unit",
                            effect=(Kill(ME), Heal(IT), Exhaust(IT), Recall(IT))))

# Lee Sin, Ascetic [Shield]: exhaust: buff itself; it may hold any number of buffs, each
# +1 Might (overrides 426.1.b.1 / 702.3 for it only; riftlog.rules.board.buffs).
card("OGN-078", Activated(Cost(exhaust=True), (Buff(ME),)), flags=("any_number_of_buffs",))

# Leona, Zealot: enters ready when an opponent is 3 or fewer points from winning;
# stunned opposing units at her place have -8 Might, never below 1.
card("OGN-079",
     EntersReady(OpponentNearVictory(3)),
     Passive.of(layer="arithmetic",
                affects={"enemy_of_source": True, "location": "source", "type": "Unit"},
                condition={"stunned": True}, might=-8, min=1))

# Mystic Reversal: take control of a spell on the chain; may choose its targets/mode again
# (issue #5, K2: rules/playing/spell_control.py).
card("OGN-080", SpellEffect((Custom("ctl_take_spell", (Target("spell"),)),)))

# Seal of Focus (gear): exhaust, Reaction: add one Calm power.
card("OGN-081", Activated(Cost(exhaust=True), (AddResource(power=(("Calm", 1),)),),
                          timing="reaction"))

# Whiteflame Protector: on play, one unit gets +8 Might this turn.
card("OGN-082", on_play(GiveMight(8, Target("unit"))))
