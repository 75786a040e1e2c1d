"""Encodings of the Spiritforged (SFD) Body cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    ME,
    AdditionalCost,
    Buff,
    ControlsTag,
    Count,
    Custom,
    Draw,
    EntersReady,
    GiveMight,
    PaidAdditional,
    Passive,
    PlayTo,
    RepeatCost,
    SpellEffect,
    Target,
    card,
    on_play,
)

# Dauntless Vanguard: may be played to a battlefield where enemy units are (355.2.b).
card("SFD-093", PlayTo("occupied_enemy"))

# Direwing: enters ready while its controller has another Dragon.
card("SFD-094", EntersReady(ControlsTag("Dragon", other=True)))

# Punch First [Action]: a chosen unit gets +5 Might this turn.
card("SFD-097", SpellEffect((GiveMight(5, Target("unit")),)))

# Show of Strength [Reaction]: draw one per Mighty unit its controller has (708).
card("SFD-106", SpellEffect((Draw(Count("mighty_units")),)))

# Sea Monkey: one Energy more as it is played, optionally; if paid, it buffs itself.
card("SFD-098", AdditionalCost(energy=1), on_play(Buff(ME), condition=PaidAdditional()))

# Buhru Captain: as it is played, its controller may draw one or buff it.
card("SFD-091", on_play(Custom("may_draw_or_buff_me")))

# Marching Orders [Action][Repeat 3]: a chosen friendly unit (anywhere) and a chosen enemy unit
# at a battlefield hit each other for their Might (the shared Origins fight effect).
card("SFD-114", SpellEffect((Custom("mutual_damage", (Target("unit", "friendly", name="mine"),
                                                      Target("unit", "enemy", "battlefield",
                                                             name="foe"))),)),
     RepeatCost(energy=3))

# Petricite Monument [Temporary] (gear): its controller's units have Deflect.
card("SFD-104", Passive.of(layer="ability", affects={"source_controller": True, "type": "Unit"},
                           grant=["Deflect"]), keywords=("Temporary",))
