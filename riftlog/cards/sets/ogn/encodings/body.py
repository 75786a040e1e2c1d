"""Encodings of the Origins (OGN) Body cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    IT,
    ME,
    Activated,
    AdditionalCost,
    All,
    Buff,
    Chosen,
    Cost,
    CostReduction,
    CostsLess,
    Custom,
    Deal,
    Draw,
    EntersReady,
    Exists,
    ForTurn,
    GiveMight,
    GrantKeyword,
    If,
    MovedTimes,
    MovedToOtherBattlefield,
    NotActivatedThisTurn,
    Passive,
    PlayTo,
    Ready,
    SpellEffect,
    Stun,
    Target,
    Triggered,
    UnitDiedThisTurn,
    When,
    card,
    on_play,
)

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
card("OGN-139", Triggered(When("played", "other_your_unit"), (Buff(ME),)))

# Herald of Scales: your Dragons cost 2 Energy less (not below 1).
card("OGN-140", CostsLess(2, tag="Dragon", minimum=1))

# Kinkou Monk: on play, buff at most two of your other units.
card("OGN-141", on_play(Buff(Target("unit", "friendly", count=2, up_to=True, other=True))))

# Pirate's Haven (gear): whenever you ready a friendly unit, it gets +1 Might this turn.
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

# Lee Sin, Centered: my other buffed units at the same battlefield as me get +2 Might.
card("OGN-151", Passive.of(layer="arithmetic",
                           affects={"location": "source_battlefield", "type": "Unit",
                                    "source_controller": True, "other_than_source": True},
                           condition={"buffed": True}, might=2))

# Mistfall: reacting to my buffing a friendly unit with an optional pay-and-exhaust to ready it.
card("OGN-152", Triggered(When("buffed", "friendly_unit"),
                          (Custom("pay_exhaust_to_ready_it", ("Body",)),)))

# Overt Operation [Action]: each buffed unit of mine may trade its buff to ready; then buff all mine.
card("OGN-153", SpellEffect((Custom("overt_operation"),)))

# Primal Strength [Action]: one unit gets +7 Might this turn.
card("OGN-154", SpellEffect((GiveMight(7, Target("unit")),)))

# Qiyana, Victorious [Deflect]: on conquering, pick drawing 1 or channelling 1 exhausted.
card("OGN-155", Triggered(When("conquers", "me"), (Custom("draw_or_channel"),)))

# Sabotage: pick an opponent; see their hand; pick a non-unit card there to recycle.
card("OGN-156", SpellEffect((Custom("hand_pick", ("opp", "recycle_non_unit")),),
                            targets=(Target("player", "enemy", name="opp"),)))

# Udyr, Wildman: spend his buff for one of four modes (each an ability here), each mode at
# most once per turn: 2 damage or a stun to a unit at a battlefield, ready himself, or
# Ganking this turn.
card("OGN-157",
     Activated(Cost(spend_buff=True), (Deal(2, Target("unit", where="battlefield")),),
               condition=NotActivatedThisTurn(0)),  # type: ignore[arg-type, unused-ignore]
     Activated(Cost(spend_buff=True), (Stun(Target("unit", where="battlefield")),),
               condition=NotActivatedThisTurn(1)),  # type: ignore[arg-type, unused-ignore]
     Activated(Cost(spend_buff=True), (Ready(ME),),
               condition=NotActivatedThisTurn(2)),  # type: ignore[arg-type, unused-ignore]
     Activated(Cost(spend_buff=True), (GrantKeyword("Ganking", ME),),
               condition=NotActivatedThisTurn(3)))  # type: ignore[arg-type, unused-ignore]

# Volibear, Imposing: draws when an opponent moves to another battlefield.
card("OGN-158", Triggered(When("moves", "enemy_unit"), (Draw(1),),
                          condition=MovedToOtherBattlefield()))  # type: ignore[arg-type, unused-ignore]

# Warwick, Hunter: enters ready; attacking kills every damaged enemy unit at its battlefield.
card("OGN-159", EntersReady(),
     Triggered(When("attacks", "me"), (Custom("kill_damaged_enemies_here"),)))

# Dazzling Aurora: end of turn, reveal to a unit, banish it and play it free.
card("OGN-160", Triggered(When("end_of_turn", "you"), (Custom("reveal_until_unit_and_play"),)))

# Deadbloom Predator [Deflect]: may be played to an occupied enemy battlefield.
card("OGN-161", PlayTo("occupied_enemy"))

# Miss Fortune, Captain: first move each turn readies something else.
card("OGN-162", Triggered(When("moves", "me"), (Ready(Target("anything", exhausted=True, other=True)),),
                          condition=MovedTimes(1), optional=True))  # type: ignore[arg-type, unused-ignore]

# Sett, Brawler: buff on play and on conquer; spend its buff for +4 Might this turn.
card("OGN-164", on_play(Buff(ME)), Triggered(When("conquers", "me"), (Buff(ME),)),
     Activated(Cost(spend_buff=True), (GiveMight(4, ME),)))
