"""Encodings of the Spiritforged (SFD) battlefields that give legends an activated ability
(``vocab_grants.LegendsHave``, judged by ``rules/playing/borrowed.py``, RUP4/v1.3 471).  Ids
and our vocabulary only; the comment above each card says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import Activated, Cost, Custom, Target, card
from riftlog.cards.vocab_grants import LegendsHave

# Forge of the Fluft (battlefield): while a player controls it, their legends have an ability
# (exhaust the legend): attach an Equipment they control, attached or not, to a unit they
# control.  Ability #0 is the legends' (LegendsHave), not the battlefield's own.  The
# Equipment and the unit are targets, chosen as it is activated (355.5, 355.10).
card("SFD-208", Activated(Cost(exhaust=True), (Custom("attach_chosen_equipment", ("e", "t")),),
                          targets=(Target("gear", "yours", name="e", tag="Equipment"),
                                   Target("unit", "yours"))),
     LegendsHave(0))
