"""Encodings of the Spiritforged (SFD) Order units.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.sfd.encodings.unit_tokens import SAND_SOLDIER
from riftlog.cards.vocab import (
    AdditionalCost,
    All,
    CreateToken,
    Custom,
    Draw,
    EntersReady,
    EventFlag,
    GiveMight,
    Kill,
    PaidAdditional,
    Passive,
    Target,
    Triggered,
    When,
    card,
    deathknell,
    on_play,
)
from riftlog.cards.vocab_events import OtherUnitsInBase
from riftlog.cards.vocab_reveal import AsRevealedAdd

_TWO_IN_BASE: Any = OtherUnitsInBase(2)

# Royal Guard: as it is played, a Sand Soldier unit token is played where it is.
card("SFD-157", on_play(CreateToken(SAND_SOLDIER, 1, "here")))

# Xin Zhao, Vigilant [Tank]: enters ready when its controller has two other units or more in
# their base.
card("SFD-176", EntersReady(_TWO_IN_BASE))

# Azir, Sovereign [Accelerate]: as he attacks, his controller moves any number of their token
# units to his battlefield ("may" decided as it is finalized, RUP4 383.3.a; the tokens are
# targets chosen as the ability goes on the chain: 355.10, 355.12, 355.13).
_YOUR_TOKENS = Target("unit", "yours", "elsewhere", count=99, up_to=True, token=True)
card("SFD-177", Triggered(When("attacks", "me"), (Custom("move_my_tokens_here", (_YOUR_TOKENS,)),),
                          targets=(_YOUR_TOKENS,), optional=True))

# Trusty Ramhound: +1 Might while another unit of its controller is where it is.
card("SFD-159", Passive.of(layer="arithmetic", affects={"is_source": True, "friend_here": True},
                           might=1))

# Glasc Mixologist [Deathknell]: as it dies, its controller may play a unit of their trash
# costing at most 3 Energy and 1 Power, without paying its cost.
card("SFD-165", deathknell(Custom("play_cheap_unit_from_trash", (3, 1)), Custom("pe_finish_plays")))

# Undertitan: as it is played, its controller's other units get +2 Might this turn; as it is
# revealed from its owner's Main Deck, they add 2 Energy (a replacement of the reveal).
card("SFD-175", on_play(GiveMight(2, All("unit", "yours", other=True))), AsRevealedAdd(2))

# Rek'Sai, Swarm Queen (errata 2026-01-14): as she attacks, her controller may reveal their top
# two, banish one and play it (paid as usual; a unit may go to her battlefield), and recycles
# the rest.
card("SFD-170", Triggered(When("attacks", "me"), (Custom("reveal_two_banish_and_play"),
                                                  Custom("pe_finish_plays")), optional=True))

# Unsung Hero [Deathknell]: if it was Mighty as it died, its controller draws two.
_DIED_MIGHTY: Any = EventFlag("died_mighty")
card("SFD-167", Triggered(When("dies", "me"), (Draw(2),), condition=_DIED_MIGHTY))

# Zaun Punk: its controller may kill a gear of theirs as it is played; if they did, a chosen gear
# is killed as it comes in.
card("SFD-160", AdditionalCost(kill=1, kill_kind="Gear"),
     on_play(Kill(Target("gear")), condition=PaidAdditional()))

# Renata Glasc, Industrialist: while she is on the board, every token her controller plays enters
# ready (a replacement of how it enters, even one played exhausted).
card("SFD-171", flags=("friendly_tokens_enter_ready",))
