"""Issue 4: the worked examples of v1.3 468-475 (layers) and 701-739 (Level/XP) through the
engine; examples about cards the engine does not support assert the named refusal."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from riftlog.cards import load_catalog
from riftlog.cards.vocab import Encoding, Passive
from riftlog.errors import UnsupportedCard
from riftlog.rules import abilities, layers, xp
from riftlog.rules.core import GameAction
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import game, put

Encode = Callable[..., Encoding]

GUSTWALKER = "UNL-075"
MIRROR_IMAGE = "UNL-200"
HONEST_BROKER = "SFD-155"


@pytest.mark.parametrize(("card", "name"), [(MIRROR_IMAGE, "Mirror Image"),
                                            (HONEST_BROKER, "Honest Broker")])
def test_v1_3_472_1_b_3_copy_of_a_copy_cards_are_refused(card: str, name: str) -> None:
    """Copy effects are not modelled: the Example's cards are refused by name."""
    with pytest.raises(UnsupportedCard, match=name):
        load_catalog().get(card).require_supported()


def test_v1_3_727_1_b_2_level_three_switches_on_ganking_and_might(encode: Encode) -> None:  # noqa: F811
    """Gustwalker's Level 3 part counts only once its controller reaches 3 XP."""
    level3 = {"is_source": True, "source_controller_xp": 3}
    encode(GUSTWALKER, Passive.of(layer="ability", affects=level3, grant=["Ganking"]),
           Passive.of(layer="arithmetic", affects=level3, might=1), keywords=("Hunt 2",))
    s = game()
    g = put(s, GUSTWALKER, "p1", "battlefield", "bf1")
    abilities.start_passives(s, g)
    printed = layers.characteristics(s, g).printed_might
    assert printed is not None
    log: list[GameAction] = []
    xp.gain_xp(s, "p1", 2, log)
    layers.clear_cache()
    c = layers.characteristics(s, g)
    assert "Ganking" not in c.keywords and c.might == printed
    xp.gain_xp(s, "p1", 1, log)
    layers.clear_cache()
    c = layers.characteristics(s, g)
    assert "Ganking" in c.keywords and c.might == printed + 1


def test_v1_3_727_1_b_2_the_real_gustwalker_is_refused_until_encoded() -> None:
    """Without an encoding the card itself is refused by name."""
    with pytest.raises(UnsupportedCard, match="Gustwalker"):
        load_catalog().get(GUSTWALKER).require_supported()
