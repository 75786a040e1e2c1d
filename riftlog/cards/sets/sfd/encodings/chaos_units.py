"""Encodings of the Spiritforged (SFD) Chaos units.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import (
    ME,
    AtBattlefield,
    Custom,
    Discard,
    Draw,
    GiveMight,
    Move,
    Passive,
    Target,
    Triggered,
    When,
    card,
    on_play,
)
from riftlog.cards.vocab_events import EventByYou, FromBattlefield

_FROM_BATTLEFIELD: Any = FromBattlefield()

# Harpoon Squad: each time it moves away from a battlefield, it gets +2 Might this turn.
card("SFD-137", Triggered(When("moves", "me"), (GiveMight(2, ME),), condition=_FROM_BATTLEFIELD))

# Loyal Pup: each time its controller defends at a battlefield, they may move it there.
card("SFD-126", Triggered(When("defends", "you"), (Custom("move_me_to_event_battlefield"),),
                          optional=True))

# Overzealous Fan: as it defends, its controller may kill it (a cost paid as the ability goes on
# the chain) to send an attacking unit there to its base.
card("SFD-128", Triggered(When("defends", "me"), (Custom("attacker_here_to_its_base"),),
                          optional=True, finalize_cost=(Custom("kill_me_as_cost"),)))

# Fae Porter: each time it moves to a battlefield, its controller may pay one Chaos power (as
# the ability goes on the chain, 742.1.b) to move another chosen unit of theirs there.
card("SFD-125", Triggered(When("moves", "me"), (Move(Target("unit", "yours", other=True), "here"),),
                          condition=AtBattlefield(),
                          finalize_cost=(Custom("pe_pay_power", ("Chaos", 1)),)))

# Fizz, Trickster (errata 2026-07-24, same effect): as he is played, his controller may play a
# spell of their trash costing at most 3 Energy without paying its Energy cost (Power is
# paid); the spell is recycled after it resolves.
card("SFD-140", on_play(Custom("play_cheap_spell_from_trash", (3,)), Custom("pe_finish_plays")))

# Jae Medarda: each time a spell of her controller chooses her, they draw one.
_BY_YOUR_SPELL: Any = EventByYou("spell")
card("SFD-142", Triggered(When("chosen", "me"), (Draw(1),), condition=_BY_YOUR_SPELL))

# Ancient Warmonger [Accelerate]: Assault equal to the number of enemy units where it is (none
# in a base; the catalog lists the Assault as if printed).
card("SFD-131", Passive.of(layer="ability", affects={"is_source": True}, grant=["Assault"],
                           per="enemy_units_here"),
     keywords=("Accelerate",))

# Corrupt Enforcer: each time it moves to a battlefield, its controller discards one; each time
# it wins a combat (RUP4 466.3.a/c: its controller won, it is still there), they draw one.
card("SFD-123", Triggered(When("moves", "me"), (Discard(1),), condition=AtBattlefield()),
     Triggered(When("wins_combat", "me"), (Draw(1),)))
