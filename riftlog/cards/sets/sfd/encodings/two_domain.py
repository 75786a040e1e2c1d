"""Encodings of the Spiritforged (SFD) cards of two domains (legends' signature cards among
them).  Ids and our vocabulary only; the comment above each card says what it does in our
own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    All,
    DifferentTargets,
    GiveMight,
    Passive,
    Ready,
    SpellEffect,
    Target,
    card,
)

# On the Hunt: ready every unit its controller controls.
card("SFD-204", SpellEffect((Ready(All("unit", "yours")),)))

# Mechanized Menace (legend): its controller's Mechs have Shield (the legend itself has none).
card("SFD-181", Passive.of(layer="ability", affects={"source_controller": True, "type": "Unit",
                                                      "tag": "Mech"}, grant=["Shield"]),
     keywords=())

# Defiant Dance [Reaction]: one chosen unit gets +2 Might this turn and another chosen unit -2.
card("SFD-196", SpellEffect((GiveMight(2, Target("unit", name="up")),
                             GiveMight(-2, Target("unit", name="down")))),
     DifferentTargets(("up", "down")))
