"""``encode`` fixture: give a card a test-only encoding for the duration of a test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from riftlog.cards import abilities
from riftlog.cards.vocab import Encoding
from tests.cards_engine.helpers import clear_caches


@pytest.fixture
def encode(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Encoding]]:
    def give(card_id: str, *abs_: Any, **kw: Any) -> Encoding:
        enc = Encoding(card_id, tuple(abs_), kw.get("keywords"), kw.get("might_bonus"),
                       kw.get("flags", ()), kw.get("effect_text", ()))
        monkeypatch.setitem(abilities.ABILITIES, card_id, enc)
        clear_caches()
        return enc

    yield give
    clear_caches()
