"""Spiritforged cards that change what cards cost (issue 24, costs lane; vocab_costs nodes,
interpreted by riftlog.rules.playing.cost_changes).  Ids and our vocabulary only."""

from __future__ import annotations

from riftlog.cards.vocab import Count, Discard, Draw, card, on_play
from riftlog.cards.vocab_costs import (
     ChoosingMeCostsLess,
     CostsLessPer,
     OptionalCostsLess,
     SpellsCost,
)

# Needlessly Large Yordle [Shield 5][Tank]: two Energy and one Calm power cheaper for each
# point its player scored by holding this turn.
card("SFD-055", CostsLessPer(Count("hold_points"), energy=2, power=(("Calm", 1),)))

# Irelia, Graceful: its player's spells that choose her cost one Energy or one power less.
card("SFD-141", ChoosingMeCostsLess())

# Vex, Cheerless: while she is in combat, spells of her side cost one Energy (not below one)
# and one power less, and spells of the other side one Energy and one power more.
card("SFD-146", SpellsCost("friendly", energy=-1, power=-1, minimum=1),
     SpellsCost("enemy", energy=1, power=1))

# Ezreal, Prodigy: as he is played, discard one, then draw two; each optional additional cost
# his player pays costs one Energy or one power less.
card("SFD-149", on_play(Discard(1), Draw(2)), OptionalCostsLess())
