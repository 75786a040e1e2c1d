"""Encodings of the Spiritforged (SFD) cards that trigger on how a combat ends for them: a
won combat (``"wins_combat"``) and a death in combat (the ``died_in_combat`` fact noted as
the unit dies, RUP4 808.1.d.3; a trigger on its own death works as Deathknell does under
RUP4, 808.1.d, 428.1.a.1.b).  Ids and our vocabulary only; the comment above each card says
what it does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.vocab import Custom, EventFlag, GainPoints, Target, Triggered, When, card
from riftlog.cards.vocab_events import FirstTimeThisTurn

_FIRST_WIN: Any = FirstTimeThisTurn("wins_combat")
_IN_COMBAT: Any = EventFlag("died_in_combat")

# Draven, Audacious [Deflect]: the first combat he wins each turn gains his controller a
# point; when he dies as an attacker or defender of a combat, his controller picks an
# opponent, who gains a point.
card("SFD-148",
     Triggered(When("wins_combat", "me"), (GainPoints(1),), condition=_FIRST_WIN),
     Triggered(When("dies", "me"), (Custom("chosen_opponent_gains_points", (1,)),),
               condition=_IN_COMBAT, targets=(Target("player", "enemy"),)))  # 355.9.a
