"""Encodings of the Spiritforged (SFD) Fury units.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.sets.sfd.encodings.unit_tokens import MECH
from riftlog.cards.vocab import (
    ME,
    CostReduction,
    Count,
    CreateToken,
    Custom,
    GiveMight,
    PlayTo,
    Target,
    Triggered,
    When,
    card,
    deathknell,
)
from riftlog.cards.vocab_events import NotFromHand
from riftlog.cards.vocab_restrictions import NoUnitMovesToBase

# Ferrous Forerunner [Deathknell]: as it dies, two Mech unit tokens are played to its
# controller's base.
card("SFD-021", deathknell(CreateToken(MECH, 2, "base")))

# Lucian, Gunslinger [Assault]: as he attacks, damage equal to his Assault value to a chosen
# enemy unit where he is.
card("SFD-028", Triggered(When("attacks", "me"),
                          (Custom("deal_my_assault", (Target("unit", "enemy", "here"),)),)))

# Minotaur Reckoner: while it is on the board, no unit may move to a base.
card("SFD-014", NoUnitMovesToBase())

# Rengar, Pouncing [Reaction][Assault 2]: may also be played to a battlefield where its
# controller is the attacker in the combat now.
card("SFD-025", PlayTo("attacking"))

# Void Drone: two Energy less when it is played from anywhere but its controller's hand.
card("SFD-010", CostReduction(2, condition=NotFromHand()))  # type: ignore[arg-type]

# Battering Ram: one Energy less per card its controller played this turn, not below one.
card("SFD-012", CostReduction(Count("played_this_turn"), minimum=1))

# Draven, Vanquisher (as errata'd 2026-07-24: the Fury power is a cost paid as the ability goes
# on the chain, 204.3.a): each time he wins a combat, a Gold token is played exhausted; as he
# attacks and as he defends, his controller may pay one Fury power to give him +2 Might this
# turn.
_DRAVEN_PAYS = (Custom("pe_pay_power", ("Fury", 1)),)
card("SFD-020", Triggered(When("wins_combat", "me"), (CreateToken(GOLD, exhausted=True),)),
     Triggered(When("attacks", "me"), (GiveMight(2, ME),), finalize_cost=_DRAVEN_PAYS),
     Triggered(When("defends", "me"), (GiveMight(2, ME),), finalize_cost=_DRAVEN_PAYS))
