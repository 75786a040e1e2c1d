"""Card code, set by set: ``riftlog/cards/sets/<set>/`` holds what is particular to the
cards of one set -- the custom effects of the cards the vocabulary cannot say (see
ENCODING.md, "Adding a card").  Card code reaches the engine through
:mod:`riftlog.rules.card_api` only (tests/test_layering.py checks it).

:data:`EFFECT_MODULES` lists the modules holding custom effects; the engine facade
(:func:`riftlog.rules.engine.load_extensions`) imports them, which registers every
effect.  This package itself imports nothing, so the card catalog can be used without
the engine.
"""

from __future__ import annotations

#: the modules of custom effects, set by set (each registers its effects on import)
EFFECT_MODULES: tuple[str, ...] = (
    "riftlog.cards.sets.ogn.effects_001_100",
    "riftlog.cards.sets.ogn.effects_101_150",
    "riftlog.cards.sets.ogn.effects_201_250",
    "riftlog.cards.sets.ogn.effects_151_200",
    "riftlog.cards.sets.ogn.effects_251_298",
    "riftlog.cards.sets.ogs.effects",
    "riftlog.cards.sets.ogn.play_as_effect",
)
