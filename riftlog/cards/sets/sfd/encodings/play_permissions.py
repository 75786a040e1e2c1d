"""Encodings of the Spiritforged (SFD) cards that give their controller a permission to play
a card later this turn on other terms (``rules/playing/play_permissions.py``).  Ids and our
vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import Custom, Target, Triggered, When, card

# Jayce, Man of Progress: as he is played, his controller may kill a chosen friendly gear; if
# it dies, once this turn they may play a gear of Energy cost 7 or less from their hand
# without paying its Energy (its Power still paid).
card("SFD-084", Triggered(When("played", "me"), (Custom("kill_gear_for_a_free_gear", ("g", 7)),),
                          optional=True, targets=(Target("gear", "friendly", name="g"),)))
