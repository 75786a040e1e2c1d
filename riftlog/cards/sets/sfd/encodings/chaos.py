"""Encodings of the Spiritforged (SFD) Chaos cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import (
    All,
    CreateToken,
    EventFlag,
    ReturnToHand,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
    on_play,
)

# Beast Below: as it is played, another friendly unit and an enemy unit, both chosen, go back
# to their owners' hands.
card("SFD-132", on_play(ReturnToHand(Target("unit", "friendly", other=True, name="mine")),
                        ReturnToHand(Target("unit", "enemy", name="theirs"))))

# Factory Recall [Action]: a chosen gear goes back to its owner's hand.
card("SFD-135", SpellEffect((ReturnToHand(Target("gear")),)))

# Windsinger [Hidden]: as it is played, its controller may send another unit at a battlefield
# with Might 3 or less back to its owner's hand.  (The catalog misses its Hidden keyword,
# printed without its brackets.)
card("SFD-138", on_play(ReturnToHand(Target("unit", where="battlefield", other=True,
                                            max_might=3)), optional=True),
     keywords=("Hidden",))

# Downwell: every unit and gear on the board goes back to its owner's hand.
card("SFD-147", SpellEffect((ReturnToHand(All("permanent")),)))

# Treasure Hunter: each time it moves, a Gold token is played exhausted.
card("SFD-130", Triggered(When("moves", "me"), (CreateToken(GOLD, exhausted=True),)))

# Black Market Broker: each time its controller plays a card from face down, a Gold token is
# played exhausted.
card("SFD-121", Triggered(When("played", "you"), (CreateToken(GOLD, exhausted=True),),
                          condition=EventFlag("from_hidden")))  # type: ignore[arg-type, unused-ignore]
