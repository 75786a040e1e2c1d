"""Encodings of the Spiritforged (SFD) Calm units.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import (
    ME,
    AdditionalCost,
    All,
    Custom,
    Draw,
    EventFlag,
    GiveMight,
    Heal,
    Move,
    Ready,
    Target,
    Triggered,
    When,
    card,
    on_play,
)
from riftlog.cards.vocab_events import EventByYou
from riftlog.cards.vocab_restrictions import OpponentsGainNoPoints

_BY_YOU: Any = EventByYou()

# Simian Ancestor: each time its controller buffs it, it readies.
card("SFD-047", Triggered(When("buffed", "me"), (Ready(ME),), condition=_BY_YOU))

# Janna, Savior [Reaction] (errata 2026-01-14: the move is of up to one unit): as it is
# played, its controller's units where it is are healed, then up to one chosen enemy unit
# there goes to its base.
card("SFD-053", on_play(Heal(All("unit", "yours", at="here")),
                        Move(Target("unit", "enemy", "here", up_to=True), "base")))

# Apprentice Smith: each time it moves, its controller reveals their top card: a gear is drawn,
# anything else recycled.
card("SFD-041", Triggered(When("moves", "me"), (Custom("reveal_top_gear_to_hand"),)))

# Ornn, Blacksmith: as he is played and each time he holds, his controller looks at their top
# four, may reveal a gear among them and draw it, and recycles the rest.
_ORNN_LOOK = Custom("look_draw_a_gear_recycle_rest", (4,))
card("SFD-058", on_play(_ORNN_LOOK), Triggered(When("holds", "me"), (_ORNN_LOOK,)))

# Irelia, Fervent [Deflect]: each time her controller chooses her (as a target of a spell or an
# ability) or readies her, she gets +1 Might this turn.
card("SFD-057", Triggered(When("chosen", "me"), (GiveMight(1, ME),), condition=_BY_YOU),
     Triggered(When("readied", "me"), (GiveMight(1, ME),), condition=_BY_YOU))

# Lonely Poro [Deathknell]: if no other unit of its controller was where it died, they draw one.
_DIED_ALONE: Any = EventFlag("died_alone")
card("SFD-036", Triggered(When("dies", "me"), (Draw(1),), condition=_DIED_ALONE))

# Tianna Crownguard [Deflect] (errata 2026-01-14: gaining, not only scoring): while she is at a
# battlefield, her controller's opponents cannot gain points.
card("SFD-060", OpponentsGainNoPoints())

# Legion Quartermaster: playing it also costs returning a gear of its controller to its owner's
# hand (not optional).
card("SFD-044", AdditionalCost(return_gear=1, optional=False))
