"""Issue 4: the worked examples of v1.3 364-391 (abilities) as boards through the engine.

Examples about cards the engine does not support assert that it refuses them by name
(UnsupportedCard) instead of guessing.
"""

from __future__ import annotations

import pytest

from riftlog.cards import load_catalog
from riftlog.cards.abilities import encoding_problems
from riftlog.cards.vocab import (
    IT,
    Activated,
    Cost,
    Draw,
    Encoding,
    Exhaust,
    Heal,
    Passive,
    Recall,
    Replacement,
)
from riftlog.errors import UnsupportedRule
from riftlog.events.abilities import AbilityActivated
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board import layers
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from riftlog.rules.interpreter import effects
from riftlog.rules.playing import abilities
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    Encode,
    activate,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

YORDLE = "OGN-111"       # a Yordle unit without keywords
HUB = "OGN-219"          # a plain 4-Might unit, used as a passive's source below
WIELDER = "OGN-055"      # +2 Might while the only attacker or defender where it is
RECRUIT = "OGN-271"      # 1-Might Recruit token
SORAKA = "SFD-173"       # Soraka, Wanderer
PHOENIX = "OGN-037"      # Immortal Phoenix
ROCKET = "OGN-252"       # Super Mega Death Rocket!


def _keywords(state: GameState, oid: str) -> set[str]:
    return {k.split()[0] for k in layers.characteristics(state, oid).keywords}


def test_v1_3_364_1_a_passive_grants_a_keyword_to_tagged_friends_at_its_battlefield(
        encode: Encode) -> None:  # noqa: F811
    """A static grant reaches friendly Yordles where its source is, and no one else."""
    encode(HUB, Passive.of(layer="ability", affects={"source_controller": True, "tag": "Yordle",
                                                     "location": "source"}, grant=["Shield"]))
    s = game()
    abilities.start_passives(s, put(s, HUB, "p1", "battlefield", "bf1"))
    near = put(s, YORDLE, "p1", "battlefield", "bf1")
    far = put(s, YORDLE, "p1", "battlefield", "bf2")
    enemy = put(s, YORDLE, "p2", "battlefield", "bf1")
    plain = put(s, SKULKER, "p1", "battlefield", "bf1")
    assert "Shield" in _keywords(s, near)
    assert "Shield" not in _keywords(s, far) | _keywords(s, enemy) | _keywords(s, plain)


def test_v1_3_364_3_a_conditional_bonus_only_while_attacking_alone() -> None:
    """Wielder of Water gets its bonus only while it is the lone attacker."""
    s = game()
    w = put(s, WIELDER, "p1", "battlefield", "bf1")
    abilities.start_passives(s, w)
    put(s, SKULKER, "p2", "battlefield", "bf1")
    printed = layers.might_of(s, w)
    s.objects[w].designation = "attacker"
    layers.clear_cache()
    assert layers.might_of(s, w) == printed + 2
    mate = put(s, SKULKER, "p1", "battlefield", "bf1")
    s.objects[mate].designation = "attacker"
    layers.clear_cache()
    assert layers.might_of(s, w) == printed


def test_v1_3_369_2_burning_out_replaces_a_draw_from_an_empty_deck() -> None:
    """Drawing with no Main Deck left burns out instead, and an opponent scores."""
    s = game(deck=0)
    put(s, SKULKER, "p1", "trash")
    before = s.players["p2"].points
    log: list[GameAction] = []
    actions.draw(s, "p1", log, 1)
    kinds = [a.kind for a in log]
    assert "burn_out" in kinds and kinds.index("burn_out") < kinds.index("draw")
    assert s.players["p1"].burn_outs == 1 and s.players["p2"].points == before + 1


def test_v1_3_373_2_soraka_is_played_by_the_engine() -> None:
    """Soraka, Wanderer is encoded (issue 24): the Example's sequences are played with the
    real cards in tests/cards_engine/test_sfd_death_replacements.py (and with a test-only
    stand-in in tests/rules/test_replacements_deaths.py)."""
    load_catalog().get(SORAKA).require_supported()


def test_v1_3_383_2_c_1_phoenix_killed_by_its_controllers_spell_triggers_from_the_trash() -> None:
    """383.2.c.1: Immortal Phoenix killed by its controller's spell is in the trash as the
    kill is credited (428.5.c), so its trash trigger is evaluated and triggers (issue #5)."""
    s = game()
    runes(s, "p1", 6, "OGN-007")
    phoenix = put(s, PHOENIX, "p1", "base")
    star = put(s, "OGN-029", "p1", "hand")  # Falling Star: two Deal 3 steps
    s = pass_all(play(s, star, destination=None,
                      targets={"first": (phoenix,), "second": (phoenix,)}))
    assert s.objects[phoenix].zone == "trash"
    (req,) = engine.pending(s)
    assert (req.kind, req.rule, req.options["source"]) == ("choice", "742.1.b", phoenix)


def test_v1_3_385_2_a_trash_conquer_trigger_works_from_the_trash_only() -> None:
    """The Example's card (Super Mega Death Rocket!): its conquer trigger is live in the
    trash and nowhere else (v1.3 385.2)."""
    from riftlog.rules.interpreter import triggers

    s = game()
    put(s, ROCKET, "p1", "hand")
    put(s, ROCKET, "p1", "main_deck")
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf1") == 0
    put(s, ROCKET, "p1", "trash")
    assert triggers.fire(s, "conquers", player="p1", battlefield="bf1") == 1


def test_v1_3_370_3_a_board_replacement_does_nothing_from_the_trash(encode: Encode) -> None:  # noqa: F811
    """A saver whose replacement works on the board is inactive once it sits in the trash."""
    encode(HUB, Replacement("save another friend", event="die", who="other_friendly_unit",
                            effect=(Heal(IT), Exhaust(IT), Recall(IT))))
    s = game()
    hub = put(s, HUB, "p1", "trash")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    log: list[GameAction] = []
    effects.kill(s, [unit], log)
    assert s.objects[unit].zone == "trash" and s.objects[hub].zone == "trash"


def test_v1_3_366_1_a_play_restriction_applies_from_the_hand() -> None:
    """The Example's kind of passive (a "play me only ..." restriction) works in the zone the
    card is played from: Perched Grimwyrm (SFD-015) in hand may go only to a battlefield its
    player conquered this turn, so with no conquest it is refused everywhere."""
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    wyrm = put(s, "SFD-015", "p1", "hand")
    for dest in ("base", "bf1"):
        d = CardPlayed(player="p1", card=wyrm, destination=dest,
                       payment=Payment(exhaust=tuple(s.players["p1"].base)))
        assert "366.1" in violations(s, d)


ZHONYA = "OGN-077"
TREASURE_HUNTER = "SFD-130"


def test_v1_3_370_2_two_hourglasses_for_one_death_are_not_guessed_where_no_choice_can_wait() -> None:
    """Two Hourglasses that could both replace one death: the owner orders them (372), a
    recorded choice (the Example through the engine: tests/rules/test_replacements_deaths.py);
    a kill that cannot wait for it refuses instead of guessing."""
    s = game()
    put(s, ZHONYA, "p1", "base")
    put(s, ZHONYA, "p1", "base")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    with pytest.raises(UnsupportedRule, match="372"):
        effects.kill(s, [unit], [])


def test_v1_3_375_treasure_hunter_inherited_modification_is_refused() -> None:
    """Treasure Hunter itself is encoded (its Gold played exhausted on a move:
    tests/cards_engine/test_sfd_gold.py); the Example's replacement of a token being played
    is not modelled, so an encoding of it stays unsupported (issue 24)."""
    assert load_catalog().get(TREASURE_HUNTER).supported
    doubling = Encoding("OGN-229", (Replacement("play that token and a copy", event="play_token"),))
    assert encoding_problems(doubling)


def test_v1_3_377_1_cost_colon_effect_pays_two_and_draws_one(encode: Encode) -> None:  # noqa: F811
    """An activated ability with a two-Energy cost draws a card once paid, not before."""
    encode(HUB, Activated(Cost(2), (Draw(1),)))
    s = game()
    hub = put(s, HUB, "p1", "base")
    assert violations(s, AbilityActivated(player="p1", source=hub, ability=0))
    runes(s, "p1", 2, ORDER_RUNE)
    hand = len(s.players["p1"].hand)
    s = pass_all(activate(s, hub, energy=2))
    assert len(s.players["p1"].hand) == hand + 1
    assert all(s.objects[r].exhausted for r in s.players["p1"].base if r != hub)
