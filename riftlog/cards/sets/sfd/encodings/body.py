"""Encodings of the Spiritforged (SFD) Body cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    ControlsTag,
    Count,
    Draw,
    EntersReady,
    GiveMight,
    PlayTo,
    SpellEffect,
    Target,
    card,
)

# Dauntless Vanguard: may be played to a battlefield where enemy units are (355.2.b).
card("SFD-093", PlayTo("occupied_enemy"))

# Direwing: enters ready while its controller has another Dragon.
card("SFD-094", EntersReady(ControlsTag("Dragon", other=True)))

# Punch First [Action]: a chosen unit gets +5 Might this turn.
card("SFD-097", SpellEffect((GiveMight(5, Target("unit")),)))

# Show of Strength [Reaction]: draw one per Mighty unit its controller has (708).
card("SFD-106", SpellEffect((Draw(Count("mighty_units")),)))
