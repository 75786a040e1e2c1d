"""The unit tokens Spiritforged units play that have no printed card: our own definitions,
as data in ``riftlog/cards/data/rules_tokens.json`` (RUP4 187.3, 187.4), named here."""

from __future__ import annotations

#: the 2 Might Sand Soldier unit token, tag Shurima (RUP4 187.3)
SAND_SOLDIER = "TOKEN-SAND-SOLDIER"
#: the 3 Might Mech unit token, tag Mech (RUP4 187.4)
MECH = "TOKEN-MECH"
