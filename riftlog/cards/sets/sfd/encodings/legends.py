"""Encodings of the Spiritforged (SFD) legends.  Ids and our vocabulary only; the comment
above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.sets.sfd.encodings.tokens import GOLD
from riftlog.cards.vocab import (
    ME,
    Channel,
    CreateToken,
    Custom,
    Draw,
    Ready,
    Triggered,
    When,
    card,
)

# Glorious Executioner (Draven): each time its controller wins a combat, they draw one.
card("SFD-185", Triggered(When("player_wins_combat", "you"), (Draw(1),)))

# Battle Mistress (Sivir): each time its controller recycles a rune, they may exhaust it to
# play a Gold token exhausted; each time one or more enemy units die at once, it readies.
# (An "exhaust me to ..." is the ability's base cost, paid as it is finalized: RUP4 383.3.b,
# v1.3 742.1.b; Void Burrower's too.)
card("SFD-203",
     Triggered(When("recycles_rune", "you"), (CreateToken(GOLD, exhausted=True),),
               finalize_cost=(Custom("pay_to_finalize", (0, None, 0, True)),)),
     Triggered(When("units_die", "opponent"), (Ready(ME),)))

# Grand Duelist (Fiora): each time one of its controller's units becomes Mighty, they may
# exhaust it to channel one rune exhausted.  The exhaust is the ability's base cost, paid as it
# is finalized (RUP4 383.3.b, v1.3 742.1.b), as Battle Mistress's is: an exhausted Grand
# Duelist asks nothing (issue 24 audit).
card("SFD-205", Triggered(When("becomes_mighty", "your_unit"), (Channel(1, exhausted=True),),
                          finalize_cost=(Custom("pay_to_finalize", (0, None, 0, True)),)))

# Void Burrower (Rek'Sai; errata): each time its controller conquers, they may exhaust it to
# reveal their top two cards, banish one of them and play it, then recycle the rest.
card("SFD-187", Triggered(When("conquers", "you"),
                          (Custom("reveal_banish_play", (2, 0, "recycle")),
                           Custom("pe_finish_plays")),
                          finalize_cost=(Custom("pay_to_finalize", (0, None, 0, True)),)))
