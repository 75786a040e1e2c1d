"""Encodings of the Spiritforged (SFD) signature spells of two domains that were missing
from two_domain.py.  Ids and our vocabulary only; the comment above each card says what it
does in our own words."""

from __future__ import annotations

from riftlog.cards.vocab import Custom, Deal, Draw, RepeatCost, SpellEffect, Target, card

# Danger Zone [Reaction][Repeat 1 + one power of any domain]: the Mechs its controller has
# as it resolves get +1 Might this turn.
card("SFD-182", SpellEffect((Custom("might_to_friendly_tag", ("Mech", 1)),)),
     RepeatCost(energy=1, power=(("Any", 1),)))

# Riposte [Reaction]: counter a chosen spell; a chosen friendly unit gets +Might equal to that
# spell's printed Energy cost this turn.
card("SFD-206", SpellEffect((Custom("riposte", ("u", "s")),),
                            targets=(Target("unit", "friendly", name="u"),
                                     Target("spell", name="s"))))

# Counter Strike [Reaction]: the next damage a chosen unit would be dealt this turn is
# prevented; then draw one.
card("SFD-194", SpellEffect((Custom("prevent_next_damage_this_turn", ("t",)), Draw(1)),
                            targets=(Target("unit"),)))

# Void Rush (errata): reveal the top two cards; its controller may banish one of them and play
# it, 2 Energy less; they draw the others.
card("SFD-188", SpellEffect((Custom("reveal_banish_play", (2, 2, "draw")),
                             Custom("pe_finish_plays"))))

# Arcane Shift [Action]: a chosen friendly unit is banished and its owner plays it again for
# free; 3 damage to a chosen enemy unit at a battlefield; the spell is banished.
card("SFD-200", SpellEffect((Custom("banish_then_owner_plays_free",
                                    (Target("unit", "friendly", name="mine"),)),
                             Deal(3, Target("unit", "enemy", "battlefield", name="foe")),
                             Custom("banish_this_spell"), Custom("pe_finish_plays"))))
