"""Encodings of the Spiritforged (SFD) Fury cards.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import (
    Custom,
    Draw,
    EntersReady,
    GrantKeyword,
    HandSize,
    RepeatCost,
    SpellEffect,
    Target,
    Triggered,
    When,
    card,
    on_play,
)

# Blood Rush [Action][Repeat 1]: a chosen unit has Assault 2 until the turn ends (errata:
# the grant lasts this turn).  The catalog lists Assault 2 only because the spell grants it.
card("SFD-003", SpellEffect((GrantKeyword("Assault 2", Target("unit")),)), RepeatCost(energy=1),
     keywords=("Action", "Repeat"))

# Detonate: kill a chosen gear; whoever controlled it draws two.
card("SFD-005", SpellEffect((Custom("detonate", ("t", 2)),), targets=(Target("gear"),)))

# Eager Drakehound (SFD-006, enters ready: EntersReady()) is left out on purpose for now:
# tests/cards/test_support.py, test_deck_support_note.py and
# tests/usecases/test_cli_one_line_errors.py use it as their unsupported card.

# Gem Jammer: as it is played, a chosen unit gains Ganking until the turn ends (Gem Jammer
# itself has no Ganking: the catalog lists the keyword it grants).
card("SFD-007", on_play(GrantKeyword("Ganking", Target("unit"))), keywords=())

# Dunebreaker: enters ready when its controller holds two cards or fewer; draws two on a hold.
card("SFD-027", EntersReady(HandSize(2)), Triggered(When("holds", "me"), (Draw(2),)))
