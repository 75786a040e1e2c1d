"""Encodings of the Spiritforged (SFD) Mind units.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.unit_tokens import MECH
from riftlog.cards.vocab import (
    ME,
    Activated,
    Cost,
    Count,
    CreateToken,
    Custom,
    Deal,
    Move,
    Passive,
    Target,
    Triggered,
    When,
    card,
    on_play,
)

# Forecaster: its controller's Mechs (itself included) have Vision; the catalog lists the
# Vision it grants as its own keyword.
card("SFD-065", Passive.of(layer="ability", affects={"source_controller": True, "type": "Unit",
                                                      "tag": "Mech"}, grant=["Vision"]),
     keywords=())

# Ezreal, Dashing: as it attacks and as it defends, damage equal to its Might to a chosen enemy
# unit where it is; it deals no combat damage; one Mind power, Action timing: it moves to its
# controller's base.
_ENEMY_HERE = Target("unit", "enemy", "here")
card("SFD-082", Triggered(When("attacks", "me"), (Deal(Count("source_might"), _ENEMY_HERE),)),
     Triggered(When("defends", "me"), (Deal(Count("source_might"), _ENEMY_HERE),)),
     Activated(Cost(power=(("Mind", 1),)), (Move(ME, "base"),), timing="action"),
     flags=("no_combat_damage",))

# Rumble, Scrapper: its controller's Mechs (itself included) have +1 Might; each time it holds,
# a Mech unit token is played to its controller's base.
card("SFD-089", Passive.of(layer="arithmetic", affects={"source_controller": True, "type": "Unit",
                                                         "tag": "Mech"}, might=1),
     Triggered(When("holds", "me"), (CreateToken(MECH, 1, "base"),)))

# Card Sharp: as it is played, its controller and each opponent may each play a Gold token
# exhausted; its controller plays one more for each opponent who did.
card("SFD-081", on_play(Custom("card_sharp_gold")))
