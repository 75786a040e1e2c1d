"""Card code, set by set: ``riftlog/cards/sets/<set>/`` holds what is particular to the
cards of one set -- the custom effects of the cards the vocabulary cannot say (see
ENCODING.md, "Adding a card").  Card code reaches the engine through
:mod:`riftlog.rules.card_api` only (tests/test_layering.py checks it).

:func:`effect_modules` lists the modules holding custom effects; the engine facade
(:func:`riftlog.rules.engine.load_extensions`) imports them, which registers every
effect.  This package itself imports nothing, so the card catalog can be used without
the engine.
"""

from __future__ import annotations

import pkgutil
from pathlib import Path

#: the card sets with code of their own (a package each)
SETS: tuple[str, ...] = ("ogn", "ogs")


def effect_modules() -> list[str]:
    """The modules of every set package, by set then name (each registers its cards'
    custom effects on import); found by listing the packages, without importing them."""
    out = []
    for set_id in SETS:
        folder = Path(__file__).resolve().parent / set_id
        out += [f"riftlog.cards.sets.{set_id}.{info.name}"
                for info in sorted(pkgutil.iter_modules([str(folder)]), key=lambda m: m.name)]
    return out
