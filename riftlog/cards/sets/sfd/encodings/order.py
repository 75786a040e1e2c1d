"""Encodings of the Spiritforged (SFD) Order cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import (
    AtBattlefield,
    CreateToken,
    Custom,
    DifferentTargets,
    Draw,
    GiveMight,
    Kill,
    RepeatCost,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
    deathknell,
    on_play,
)

#: the Recruit unit token (1 Might), printed in Origins
RECRUIT = "OGN-271"

# Bonds of Strength [Reaction][Repeat 2]: two chosen friendly units get +1 Might each this turn.
card("SFD-151", SpellEffect((GiveMight(1, Target("unit", "friendly", count=2)),)),
     RepeatCost(energy=2))

# Sandshifter: as it is played, kill a chosen enemy unit of Might 3 or less.
card("SFD-158", on_play(Kill(Target("unit", "enemy", max_might=3))))

# Corina Veraza [Accelerate]: on each move that leaves it at a battlefield, three Recruit
# tokens are created there.
card("SFD-179", Triggered(When("moves", "me"), (CreateToken(RECRUIT, 3, "here"),),
                          condition=AtBattlefield()))

# Eminent Benefactor: each time it holds, two Gold tokens are played exhausted.
card("SFD-152", Triggered(When("holds", "me"), (CreateToken(GOLD, 2, exhausted=True),)))

# Honest Broker [Deathknell]: a Gold token is played exhausted.
card("SFD-155", deathknell(CreateToken(GOLD, exhausted=True)))

# Trove Golem: as it is played, four Gold tokens are played exhausted.
card("SFD-174", on_play(CreateToken(GOLD, 4, exhausted=True)))

# Blood Money [Action]: kill a chosen unit at a battlefield with Might 2 or less; its
# controller plays one Gold token exhausted if the unit was an enemy's, two if it was theirs.
card("SFD-162", SpellEffect((Custom("blood_money", ("t",)),),
                            targets=(Target("unit", where="battlefield", max_might=2),)))

# Deathgrip [Reaction] (errata): kill a chosen friendly unit; if it died, another chosen
# friendly unit gets +Might equal to the killed unit's this turn; then draw one.
card("SFD-163", SpellEffect((Custom("deathgrip", ("victim", "other")), Draw(1)),
                            targets=(Target("unit", "friendly", name="victim"),
                                     Target("unit", "friendly", name="other"))),
     DifferentTargets(("victim", "other")))
