"""Encodings of the Spiritforged (SFD) Mind units.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.unit_tokens import MECH
from riftlog.cards.vocab import (
    ME,
    Activated,
    AdditionalCost,
    AtBattlefield,
    Cost,
    Count,
    CreateToken,
    Custom,
    Deal,
    Draw,
    GainPoints,
    GiveMight,
    Move,
    PaidAdditional,
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

# Ornn, Forge God [Deflect 2][Weaponmaster]: +1 Might per gear its controller controls.  (The
# catalog lists Equip for the Weaponmaster reminder; the card itself has no Equip.)
card("SFD-085", Passive.of(layer="arithmetic", affects={"is_source": True}, might=1,
                           per="controller_gear"),
     keywords=("Deflect 2", "Weaponmaster"))

# Renata Glasc, Mastermind: one Energy and one Mind power: draw one; four Energy, four Mind
# power and exhausting her: her controller gains a point (194.1.c; not a Score, 468).  Either
# only while she is at a battlefield.
card("SFD-088", Activated(Cost(energy=1, power=(("Mind", 1),)), (Draw(1),),
                          condition=AtBattlefield()),
     Activated(Cost(energy=4, power=(("Mind", 4),), exhaust=True), (GainPoints(1),),
               condition=AtBattlefield()))

# Pickpocket: as it is played, its controller may kill a chosen gear of printed Energy cost one
# or less; if it died, a Gold token is played exhausted for them.
card("SFD-074", on_play(Custom("kill_target_then_gold", (Target("gear", max_cost=(1, 99)),)),
                        optional=True))

# Prize of Progress: each time its controller uses an activated ability of a gear, it gets +1
# Might this turn.
card("SFD-075", Triggered(When("activates", "you", card_type="Gear"), (GiveMight(1, ME),)))

# Bard, Mercurial: his controller may exhaust their legend as he is played; if they did, they
# move any number of their units together to an open battlefield.  The units are targets
# (RUP4 355.10, 355.12, 355.13) and the battlefield the move's destination (355.4), both chosen
# as the ability goes on the chain and checked again as it resolves.
_UNITS = Target("unit", "yours", count=99, up_to=True)
_OPEN = Target("battlefield", where="open", name="bf")
card("SFD-079", AdditionalCost(exhaust_legend=True),
     Triggered(When("played", "me"), (Custom("move_units_to_an_open_battlefield", (_UNITS, _OPEN)),),
               PaidAdditional(), targets=(_UNITS, _OPEN)))
