"""installs :func:`riftlog.rules.playing.abilities.costs_less` (vocab.CostsLess,
356.4) into :data:`riftlog.rules.playing.play.COST_MODIFIERS`.  A module of its own, loaded by
``engine.load_extensions`` after play and abilities: play imports abilities before it
defines COST_MODIFIERS, so abilities cannot register itself."""

from __future__ import annotations

from riftlog.rules.playing import abilities, play

if abilities.costs_less not in play.COST_MODIFIERS:
    play.COST_MODIFIERS.append(abilities.costs_less)
