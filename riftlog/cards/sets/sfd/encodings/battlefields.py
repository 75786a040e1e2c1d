"""Encodings of the Spiritforged (SFD) battlefields.  Ids and our vocabulary only; the
comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import CreateToken, Custom, Draw, GainPoints, Triggered, When, card
from riftlog.cards.vocab_events import YourMightyUnitHere

#: "you may pay 1 Energy to ...": the ability's base cost, paid as it is finalized (RUP4
#: 383.3.b, v1.3 742.1.b; sets/sfd/trigger_costs.py)
_PAY_ONE: tuple[Custom, ...] = (Custom("pay_to_finalize", (1, None, 0, False)),)

# Seat of Power: when its controller conquers it, they draw one per other battlefield they
# (or a teammate) control.
card("SFD-217", Triggered(When("conquers", "here"), (Custom("draw_per_other_battlefield_held"),)))

# The Papertree: when its controller holds it, every player channels one rune exhausted.
card("SFD-219", Triggered(When("holds", "here"), (Custom("each_player_channels", (1,)),)))

# Hall of Legends: when its controller conquers it, they may pay 1 Energy to ready their legend.
card("SFD-210", Triggered(When("conquers", "here"), (Custom("ready_your_legend"),),
                          finalize_cost=_PAY_ONE))

# Treasure Hoard: when its controller conquers it, they may pay 1 Energy to play a Gold token
# exhausted.
card("SFD-220", Triggered(When("conquers", "here"), (CreateToken(GOLD, exhausted=True),),
                          finalize_cost=_PAY_ONE))

# Minefield: when its controller conquers it, their top two cards go to their trash.
card("SFD-212", Triggered(When("conquers", "here"), (Custom("top_of_deck_to_trash", (2,)),)))

# Ravenbloom Conservatory: when its controller defends it, they reveal their top card; a spell
# goes to their hand, anything else to the bottom of their deck.
card("SFD-215", Triggered(When("defends", "here"), (Custom("reveal_top_spell_to_hand"),)))

# Rockfall Path: nobody plays a unit here (riftlog.rules.playing.battlefield_rules).
card("SFD-216", flags=("no_units_played_here",))

# Marai Spire: its controller pays one Energy less for each Repeat cost (the catalog lists
# Repeat only because the card names it).
card("SFD-211", keywords=(), flags=("repeat_costs_less",))

# Sunken Temple: when its controller conquers it with a Mighty unit of theirs there, they may
# pay 1 Energy to draw one.  The Mighty unit is part of the trigger condition (RUP4 383.2.a.1),
# looked at as it triggers; the Energy is the base cost, paid as it is finalized (RUP4 383.3.b,
# v1.3 742.1.b) (issue 24 audit).
card("SFD-218", Triggered(When("conquers", "here"), (Draw(1),), finalize_cost=_PAY_ONE,
                          condition=YourMightyUnitHere()))  # type: ignore[arg-type, unused-ignore]

# Power Nexus: when its controller holds it, they may pay four Power of any domains to gain a
# point (RUP4 194.1.c; the GainPoints step, which honours a "can't gain points": 054).  The
# Power is the base cost, paid as it is finalized (RUP4 383.3.b, v1.3 742.1.b) (issue 24 audit).
card("SFD-214", Triggered(When("holds", "here"), (GainPoints(1),),
                          finalize_cost=(Custom("pay_to_finalize", (0, "Any", 4, False)),)))

# Ornn's Forge: its controller's first gear card (not a token) each turn costs one Energy less.
card("SFD-213", flags=("first_gear_costs_less",))
