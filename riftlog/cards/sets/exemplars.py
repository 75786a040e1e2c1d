"""Exemplar encodings: one card for each common shape (issue 5).  Ids and names only;
read each line against the card in the reference data (never copy its text here).

Shapes: a targeted spell (Vengeance), a spell on all enemy units at a chosen battlefield
(Firestorm), a spell granting a keyword this turn (Cleave), a play effect (Stormclaw
Ursine), a Legion play effect (Trifarian Gloryseeker), a Legion cost reduction (Noxus
Hopeful), a counted cost reduction (Rhasa the Sunderer), an optional additional cost
(Brazen Buccaneer), an exhaust Add ability (Seal of Strength), a Deathknell (Watchful
Sentry), a battlefield hold trigger (Grove of the God-Willow), a battlefield passive
(Trifarian War Camp), a battlefield defend trigger with a target (Fortified Position),
a legend activated ability (Blind Monk) and a legend trigger with a condition (Loose
Cannon).
"""

from __future__ import annotations

from riftlog.cards.vocab import (
    ME,
    Activated,
    AdditionalCost,
    AddResource,
    All,
    Buff,
    Channel,
    Chosen,
    Cost,
    CostReduction,
    Count,
    Deal,
    Draw,
    GrantKeyword,
    HandSize,
    Kill,
    Legion,
    Passive,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
    deathknell,
    on_play,
)

# Vengeance: kill a unit.
card("OGN-229", SpellEffect((Kill(Target("unit")),)))

# Firestorm: 3 damage to each enemy unit at the chosen battlefield.
card("OGS-002", SpellEffect((Deal(3, All("unit", "enemy", at=Chosen("bf"))),),
                            targets=(Target("battlefield", name="bf"),)))

# Cleave [Action]: a unit gets Assault 3 this turn.
card("OGN-004", SpellEffect((GrantKeyword("Assault 3", Target("unit")),)))

# Stormclaw Ursine [Tank]: when played, channel 1 rune exhausted.
card("OGN-137", on_play(Channel(1, exhausted=True)))

# Trifarian Gloryseeker [Legion]: when played, buff itself.
card("OGN-217", on_play(Buff(ME), condition=Legion()))

# Noxus Hopeful [Legion]: costs 2 Energy less.
card("OGN-012", CostReduction(2, condition=Legion()))

# Rhasa the Sunderer: 1 Energy less per card in its controller's trash.
card("OGN-195", CostReduction(Count("trash")))

# Brazen Buccaneer: may discard 1 as it is played; if so, 2 Energy less.
card("OGN-002", AdditionalCost(discard=1, reduce=2))

# Seal of Strength: exhaust, Reaction: Add one Body power (resolves at once, 429).
card("OGN-163", Activated(Cost(exhaust=True), (AddResource(power=(("Body", 1),)),),
                          timing="reaction"))

# Watchful Sentry [Deathknell]: draw 1.
card("OGN-096", deathknell(Draw(1)))

# Grove of the God-Willow (battlefield): when you hold here, draw 1.
card("OGN-280", Triggered(When("holds", "here"), (Draw(1),)))

# Trifarian War Camp (battlefield): units here have +1 Might.
card("OGN-294", Passive.of(layer="arithmetic", affects={"location": "source", "type": "Unit"},
                           might=1))

# Blind Monk (legend): 1 Energy, exhaust: buff a friendly unit.
card("OGN-257", Activated(Cost(energy=1, exhaust=True), (Buff(Target("unit", "friendly")),)))

# Loose Cannon (legend): as your Beginning Phase starts, you draw a card when your hand holds one card or none.
card("OGN-251", Triggered(When("beginning_phase", "you"), (Draw(1),), condition=HandSize(1)))

# Fortified Position (battlefield): when you defend here, a chosen unit gains Shield 2 this combat.
card("OGN-279", Triggered(When("defends", "here"),
                          (GrantKeyword("Shield 2", Target("unit"), until="end_of_combat"),)))
