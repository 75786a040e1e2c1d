"""Encodings of the Origins (OGN) Order cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    IT,
    ME,
    Activated,
    AdditionalCost,
    AddResource,
    All,
    AtBattlefield,
    Buff,
    Channel,
    Cost,
    CreateToken,
    Custom,
    Delay,
    Draw,
    ExtraDeathknell,
    GiveMight,
    HasTag,
    If,
    Kill,
    Legion,
    Not,
    Passive,
    Ready,
    Replacement,
    SameLocation,
    SpellEffect,
    Stun,
    Target,
    Triggered,
    WasBuffed,
    When,
    card,
    deathknell,
    on_play,
)

RECRUIT = "OGN-271"  # the 1 Might Recruit unit token

# Back to Back [Reaction]: two friendly units get +2 Might this turn.
card("OGN-206", SpellEffect((GiveMight(2, Target("unit", "friendly", count=2)),)))

# Call to Glory [Reaction]: +3 Might this turn to a unit; may spend a friendly unit's buff
# as it is played to pay no cost.
card("OGN-207", AdditionalCost(spend_buff=1, free=True),
     SpellEffect((GiveMight(3, Target("unit")),)))

# Cruel Patron: must kill one of your units to be played.
card("OGN-208", AdditionalCost(kill=1, optional=False))

# Cull the Weak: every player picks one of their own units; they all die.
card("OGN-209", SpellEffect((Custom("each_player_kills_own_unit"),)))

# Faithful Manufactor: when played, a Recruit token where it is.
card("OGN-211", on_play(CreateToken(RECRUIT, 1, "here")))

# Forge of the Future: when played, a Recruit token in your base; kill it to recycle up to
# four cards taken from any trashes.
card("OGN-212", on_play(CreateToken(RECRUIT, 1, "base")),
     Activated(Cost(kill_self=True), (Custom("recycle_up_to_from_trashes", (4,)),)))

# Hidden Blade [Hidden][Action]: kill a unit at a battlefield; the player who had it draws 2.
card("OGN-213", SpellEffect((Custom("kill_then_its_controller_draws", ("t", 2)),),
                            targets=(Target("unit", where="battlefield"),)))

# Soaring Scout [Deathknell]: channel a rune, exhausted.
card("OGN-216", deathknell(Channel(1, exhausted=True)))

# Vanguard Captain [Legion]: when played, two Recruit tokens where it is.
card("OGN-218", on_play(CreateToken(RECRUIT, 2, "here"), condition=Legion()))

# Facebreaker [Hidden][Action]: stun one of yours and one enemy, both at one battlefield.
card("OGN-220", SpellEffect((Custom("require_same_location", ("f", "e")),
                             Stun(Target("unit", "friendly", where="battlefield", name="f")),
                             Stun(Target("unit", "enemy", where="battlefield", name="e")))),
     SameLocation(("f", "e")))

# Imperial Decree [Action]: this turn, any unit dealt damage is killed (a delayed ability
# that triggers on every "damaged" event for the rest of the turn, 389-390).
card("OGN-221", SpellEffect((Delay(1, every=True),)),
     Triggered(When("damaged", "delayed"), (Kill(IT),)))

# Noxian Drummer: moving to a battlefield makes a Recruit token there.
card("OGN-222", Triggered(When("moves", "me"), (CreateToken(RECRUIT, 1, "here"),),
                          condition=AtBattlefield()))  # type: ignore[arg-type, unused-ignore]

# Peak Guardian: when played, buff itself; if it is at a battlefield, also buff each other
# friendly unit there.
card("OGN-223", on_play(Buff(ME), If(AtBattlefield(),  # type: ignore[arg-type, unused-ignore]
                                     (Buff(All("unit", "friendly", at="here", other=True)),))))

# Salvage [Action] (errata: "up to one"): optionally kill a gear, then draw 1.
card("OGN-224", SpellEffect((Kill(Target("gear", up_to=True)), Draw(1))))

# Solari Chief: when played, pick an enemy unit: kill it if stunned, stun it if not.
card("OGN-225", Triggered(When("played", "me"), (Custom("kill_if_stunned_else_stun", ("t",)),),
                          targets=(Target("unit", "enemy"),)))

# Spectral Matron: when played, may play a unit costing at most 3 Energy and 1 Power from
# your trash, for free.
card("OGN-226", on_play(Custom("play_unit_from_trash", (3, 1))))

# Symbol of the Solari: a tied combat you attacked in recalls everything there instead of
# only the attackers (replacement helper: 461.1.a.2 replaced, 367).
card("OGN-227", Replacement("a tied attack recalls all units instead", event="tie_recall", who="you",
                            effect=(Custom("rep_recall_all_units_here"),)))

# Vanguard Helm: a friendly unit (a teammate's too) with a buff dies: another friendly unit gets a buff.
card("OGN-228", Triggered(When("dies", "friendly_unit"), (Buff(Target("unit", "friendly")),),
                          condition=WasBuffed()))  # type: ignore[arg-type, unused-ignore]

# Albus Ferros: when played, spend any number of your buffs; channel an exhausted rune each.
card("OGN-230", on_play(Custom("spend_buffs_to_channel")))

# Commander Ledros [Deflect][Ganking]: may kill friendly units as it is played, each one
# lowering its Order power cost.
card("OGN-231", AdditionalCost(kill=-1, reduce_power=(("Order", 1),)))

# Fiora, Victorious: while Mighty she has Deflect, Ganking and Shield (471.3).
card("OGN-232", Passive.of(layer="ability", affects={"is_source": True},
                           condition={"mighty": True}, grant=["Deflect", "Ganking", "Shield"]),
     keywords=())

# Grand Strategem [Action]: every friendly unit gets +5 Might this turn.
card("OGN-233", SpellEffect((GiveMight(5, All("unit", "friendly")),)))

# Harnessed Dragon: when played, kill an enemy unit.
card("OGN-234", on_play(Kill(Target("unit", "enemy"))))

# Karma, Channeler [Vision]: recycling cards into your Main Deck buffs a friendly unit.
card("OGN-235", Triggered(When("recycles", "you"), (Buff(Target("unit", "friendly")),)))

# Karthus, Eternal: while he is on the board, your Deathknells trigger one extra time.
card("OGN-236", ExtraDeathknell(), keywords=())

# King's Edict: each opponent, from the next player on, picks a unit you do not control
# that was not picked yet; those die.
card("OGN-237", SpellEffect((Custom("others_pick_units_to_kill"),)))

# Leona, Determined [Shield]: when she attacks, stun an enemy unit at her battlefield.
card("OGN-238", Triggered(When("attacks", "me"), (Stun(Target("unit", "enemy", where="here")),)))

# Machine Evangel [Deathknell]: three Recruit tokens in your base.
card("OGN-239", deathknell(CreateToken(RECRUIT, 3, "base")))

# Sett, Kingpin [Tank]: +1 Might per buffed friendly unit at his battlefield.
card("OGN-240", Passive.of(layer="arithmetic", affects={"is_source": True}, might=1,
                           per="buffed_friendly_at_source_battlefield"))

# Baited Hook: kill a friendly unit, look at five, maybe banish a unit at most one Might
# bigger and play it free, recycle the rest (issue #5: riftlog/cards/sets/ogn/play_as_effect.py).
card("OGN-242", Activated(Cost(energy=1, power=(("Order", 1),), exhaust=True), (
    Custom("pe_baited_hook", (Target("unit", "friendly"),)), Custom("pe_finish_plays"))))

# Darius, Executioner [Legion]: readies when played with Legion; other friendly units at
# his location get +1 Might.
card("OGN-243", on_play(Ready(ME), condition=Legion()),
     Passive.of(layer="arithmetic", affects={"location": "source", "type": "Unit",
                                             "other_than_source": True,
                                             "source_controller": True}, might=1))

# Divine Judgment: everyone keeps two of each kind of thing and recycles the rest.
# (issue #5, K2: rules/playing/spell_control.py; each player's keep-choice, then one recycle)
card("OGN-244", SpellEffect((Custom("ctl_each_keeps", (2,)),)))

# Seal of Unity: exhaust, Reaction: add one Order power.
card("OGN-245", Activated(Cost(exhaust=True), (AddResource(power=(("Order", 1),)),),
                          timing="reaction"))

# Viktor, Leader: another of your units that is not a Recruit dies: a Recruit token in base.
card("OGN-246", Triggered(When("dies", "other_your_unit"), (CreateToken(RECRUIT, 1, "base"),),
                          condition=Not(HasTag("Recruit", IT))))
