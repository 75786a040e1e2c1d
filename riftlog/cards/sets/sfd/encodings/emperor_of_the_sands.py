"""Emperor of the Sands (SFD-197, the Azir Legend): Weaponmaster for its controller's Sand
Soldier tokens, and an ability playing one after an Equipment was played this turn.  Ids
and our vocabulary only; the comment says what the card does in our own words."""

from __future__ import annotations

from typing import Any

from riftlog.cards.sets.sfd.encodings.unit_tokens import SAND_SOLDIER
from riftlog.cards.vocab import Activated, Cost, CreateToken, Passive, card
from riftlog.cards.vocab_origin import PlayedTagThisTurn

#: "played an Equipment this turn" (377.2.b: a condition on using the ability)
_EQUIPMENT_PLAYED: Any = PlayedTagThisTurn("Equipment")

# Emperor of the Sands (legend): its controller's Sand Soldier tokens (named by their token
# name, RUP4 187.3) have Weaponmaster; 1 Energy and exhausting it play a Sand Soldier token
# to its controller's base, usable only once they played an Equipment this turn. A played
# token is Played (RUP4 185.2.a), so the Weaponmaster it has triggers on it. The catalog's
# keywords are those it grants and those of its reminder text: it has none of its own.
card("SFD-197",
     Passive.of(layer="ability", affects={"source_controller": True, "type": "Unit",
                                          "token_name": "Sand Soldier"}, grant=["Weaponmaster"]),
     Activated(Cost(energy=1, exhaust=True), (CreateToken(SAND_SOLDIER),),
               condition=_EQUIPMENT_PLAYED),
     keywords=())
