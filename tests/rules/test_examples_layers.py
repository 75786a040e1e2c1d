"""Issue 4: the worked examples of v1.3 468-475 (layers) and 701-739 (Level/XP) through the
engine; examples about cards the engine does not support assert the named refusal."""

from __future__ import annotations

import pytest

from riftlog.cards import load_catalog
from riftlog.cards.vocab import Cost, Kill, Passive, SpellEffect, Target, equip
from riftlog.errors import UnsupportedCard
from riftlog.events.play import CardPlayed
from riftlog.rules.board import layers, xp
from riftlog.rules.board.core import GameAction
from riftlog.rules.game_actions import actions
from riftlog.rules.playing import abilities
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    Encode,
    apply,
    game,
    pass_all,
    pay_for,
    put,
    runes,
    violations,
)

GUSTWALKER = "UNL-075"
MIRROR_IMAGE = "UNL-200"


@pytest.mark.parametrize(("card", "name"), [(MIRROR_IMAGE, "Mirror Image")])
def test_v1_3_472_1_b_3_copy_of_a_copy_cards_are_refused(card: str, name: str) -> None:
    """Copy effects are not modelled: the Example's copying card is refused by name (the
    card copied, Honest Broker, is encoded since issue 24: test_sfd_gold.py)."""
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


SPINNING_AXE = "SFD-186"   # Equipment gear with Temporary
VENGEANCE = "OGN-229"      # spell re-encoded below as "destroy a gear"


def test_v1_3_722_2_an_attached_temporary_gear_can_still_be_chosen_and_destroyed(
        encode: Encode) -> None:  # noqa: F811
    """An attached gear's inactive text still names it as Temporary, and a gear-killing spell
    may choose and destroy it."""
    encode(SPINNING_AXE, equip(Cost(1)), might_bonus=1)
    encode(VENGEANCE, SpellEffect((Kill(Target("gear")),)))
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    unit = put(s, SKULKER, "p2", "battlefield", "bf1")
    axe = put(s, SPINNING_AXE, "p2", "battlefield", "bf1")
    actions.attach(s, axe, unit, [])
    assert "Temporary" in load_catalog().get(SPINNING_AXE).keywords
    spell = put(s, VENGEANCE, "p1", "hand")
    d = CardPlayed(player="p1", card=spell, targets=(axe,), payment=pay_for(s, "p1", spell))
    assert violations(s, d) == []
    s = pass_all(apply(s, d))
    assert s.objects[axe].zone == "trash"
