"""Spiritforged cards that recycle a unit to play a Mech (issue 24, costs lane).  Ids and our
vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import Custom, Passive, Triggered, When, card

# Rumble, Hotheaded (a Mech): his player's Mechs have Assault; as he conquers, his player may
# recycle another unit of theirs (paid as the ability goes on the chain) to play a Mech from
# their trash for that unit's Might less Energy.
card("SFD-026",
     Passive.of(layer="ability", affects={"source_controller": True, "type": "Unit",
                                          "tag": "Mech"}, grant=["Assault"]),
     Triggered(When("conquers", "me"),
               (Custom("rumble_play_mech_from_trash"), Custom("pe_finish_plays")),
               finalize_cost=(Custom("rumble_recycle_friendly_unit"),)),
     keywords=())
