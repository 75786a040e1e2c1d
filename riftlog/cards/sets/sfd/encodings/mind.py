"""Encodings of the Spiritforged (SFD) Mind cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import (
    AdditionalCost,
    ControlsTag,
    CreateToken,
    Custom,
    Deal,
    Draw,
    EntersReady,
    GiveMight,
    MyTurn,
    Not,
    PaidAdditional,
    Passive,
    Ready,
    RepeatCost,
    ReturnToHand,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
    on_play,
)

# Frigid Touch [Reaction][Repeat 2]: a chosen unit gets -2 Might this turn.
card("SFD-066", SpellEffect((GiveMight(-2, Target("unit")),)), RepeatCost(energy=2))

# Frostcoat Cub: one Mind power more as it is played, optionally; if paid, a chosen unit
# gets -2 Might this turn.
card("SFD-067", AdditionalCost(power=(("Mind", 1),)),
     on_play(GiveMight(-2, Target("unit")), condition=PaidAdditional()))

# Premonition [Reaction]: draw three.
card("SFD-087", SpellEffect((Draw(3),)))

# Plundering Poro: each time it conquers, a Gold token is played exhausted.
card("SFD-069", Triggered(When("conquers", "me"), (CreateToken(GOLD, exhausted=True),)))

# Wages of Pain [Hidden][Action]: 3 damage to a chosen unit at a battlefield; a Gold token is
# played exhausted.
card("SFD-070", SpellEffect((Deal(3, Target("unit", where="battlefield")),
                             CreateToken(GOLD, exhausted=True))))

# Aspiring Engineer: as it is played, a gear card of its controller's trash goes to their hand
# (the card is a target, chosen as the ability goes on the chain: RUP4 355.10.a).
card("SFD-061", on_play(ReturnToHand(Target("gear", where="your_trash"))))

# Bubble Bot: as it is played, another friendly Mech (a teammate's too) is readied; the Mech is
# a target, chosen as the ability goes on the chain (RUP4 355.5, 355.10).
card("SFD-062", on_play(Ready(Target("unit", "friendly", other=True, tag="Mech"))))

# Dropboarder: as it is played, it readies itself if its controller has two gear or more.
card("SFD-072", on_play(Custom("ready_me_with_gear", (2,))))

# Chemtech Cask (gear): each time its controller plays a spell on an opponent's turn, they
# may exhaust it to play a Gold token exhausted (the exhaust is the ability's base cost, paid
# as it is finalized: RUP4 383.3.b, v1.3 742.1.b).
card("SFD-063", Triggered(When("played", "you", card_type="Spell"),
                          (CreateToken(GOLD, exhausted=True),),
                          condition=Not(MyTurn()), finalize_cost=(Custom("pay_to_finalize", (0, None, 0, True)),)))

# Breakneck Mech: its controller's Mechs (itself included) have Deflect and Ganking; it enters
# ready while its controller has another Mech.
card("SFD-071", Passive.of(layer="ability", affects={"source_controller": True, "type": "Unit",
                                                      "tag": "Mech"}, grant=["Deflect", "Ganking"]),
     EntersReady(ControlsTag("Mech", other=True)), keywords=())
