"""Encodings of the Spiritforged (SFD) cards that trigger when their controller chooses a
friendly unit (the ``"chosen"`` event, fired as a spell or ability choosing it is put on the
chain), and of the abilities paid for as they are finalized (RUP4 204.3.a, v1.3 742.1.b:
``sets/sfd/trigger_costs.py``).  Ids and our vocabulary only; the comment above each card
says what it does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import IT, ME, Custom, Draw, Ready, Triggered, When, card

#: the finalize cost of sets/sfd/trigger_costs.py: (energy, domain, power, exhaust the source)
PAY = "pay_to_finalize"

# Spirit Wheel: each time its controller chooses a friendly unit, they may pay one Energy and
# exhaust the wheel to draw one.
card("SFD-144", Triggered(When("chosen", "friendly_unit"), (Draw(1),),
                          finalize_cost=(Custom(PAY, (1, None, 0, True)),)))

# Blade Dancer (Irelia legend): each time its controller chooses a friendly unit, they may
# exhaust the legend and pay one power of any domain to ready that unit; each time they
# conquer, they may pay one Energy to ready the legend.
card("SFD-195",
     Triggered(When("chosen", "friendly_unit"), (Ready(IT),),
               finalize_cost=(Custom(PAY, (0, "Any", 1, True)),)),
     Triggered(When("conquers", "you"), (Ready(ME),),
               finalize_cost=(Custom(PAY, (1, None, 0, False)),)))
