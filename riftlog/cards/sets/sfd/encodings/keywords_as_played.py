"""Encodings of the Spiritforged (SFD) cards that give other cards a keyword as they are
played (``vocab_grants.PlayedWith``, interpreted by ``rules/playing/play_keywords.py``) and,
where the keyword also matters on the board, through layers.  Ids and our vocabulary only;
the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import Passive, card
from riftlog.cards.vocab_grants import PlayedWith

# Rek'Sai, Breacher [Accelerate][Assault]: units her controller plays from anywhere but a hand
# have Accelerate as they are played.
card("SFD-029", PlayedWith("Accelerate", "Unit", not_from_hand=True),
     keywords=("Accelerate", "Assault"))

# Jax, Unmatched [Deflect] (errata 2026-01-14: every zone, not only the hand): his controller's
# Equipment have Quick-Draw wherever they are - as they are played (Reaction timing, attach on
# play) and on the board.
card("SFD-054", PlayedWith("Quick-Draw", "Gear", tag="Equipment"),
     Passive.of(layer="ability", affects={"source_controller": True, "type": "Gear",
                                          "tag": "Equipment"}, grant=["Quick-Draw"]),
     keywords=("Deflect",))
