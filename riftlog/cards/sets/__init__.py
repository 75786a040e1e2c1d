"""Card code, set by set: ``riftlog/cards/sets/<set>/`` holds what is particular to the
cards of one set -- their encodings (``encodings``, in the vocabulary of
:mod:`riftlog.cards.vocab`) and the custom effects of the cards the vocabulary cannot say,
one module per card (see ENCODING.md, "Adding a card").  Card code reaches the engine through
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
SETS: tuple[str, ...] = ("ogn", "ogs", "sfd")


#: the encodings of the exemplar cards, one of each common shape (several sets)
EXEMPLARS = "riftlog.cards.sets.exemplars"
_HERE = Path(__file__).resolve().parent


def _modules(folder: Path, package: str) -> list[str]:
    return [f"{package}.{info.name}"
            for info in sorted(pkgutil.iter_modules([str(folder)]), key=lambda m: m.name)]


def effect_modules() -> list[str]:
    """The modules of custom effects of every set, by set then name (each registers its
    cards' effects on import); found by listing the packages, without importing them."""
    return [name for set_id in SETS
            for name in _modules(_HERE / set_id, f"riftlog.cards.sets.{set_id}")
            if name.rpartition(".")[2] != "encodings"]


def encoding_modules() -> list[str]:
    """The modules of card encodings: the exemplars, then each set's ``encodings``
    (a module, or a package of modules)."""
    out = [EXEMPLARS]
    for set_id in SETS:
        package = f"riftlog.cards.sets.{set_id}.encodings"
        folder = _HERE / set_id / "encodings"
        out += _modules(folder, package) if folder.is_dir() else [package]
    return out
