"""Replacement effects on death (v1.3 367-375; riftlog.rules.interpreter.replacements) and Zhonya's
Hourglass (OGN-077,)."""

from __future__ import annotations

import pytest

from riftlog.cards import load_catalog
from riftlog.cards.vocab import IT, ME, Heal, Kill, Recall, Replacement
from riftlog.errors import UnsupportedRule
from riftlog.events.play import CardPlayed
from riftlog.rules.board.core import GameAction
from riftlog.rules.interpreter import effects
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    Encode,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

ZHONYA = "OGN-077"
VENGEANCE = "OGN-229"  # spell: kill a unit


def test_zhonyas_hourglass_dies_instead_of_a_friendly_unit() -> None:
    assert load_catalog().get(ZHONYA).supported
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    zhonya = put(s, ZHONYA, "p2", "base")
    unit = put(s, SKULKER, "p2", "battlefield", "bf1")
    s.objects[unit].damage = 1
    s = pass_all(play(s, put(s, VENGEANCE, "p1", "hand"), targets=(unit,)))
    u = s.objects[unit]
    assert u.zone == "base" and u.location == "base:p2"      # recalled, not dead (369.1)
    assert u.exhausted and u.damage == 0                      # exhausted and healed
    assert s.objects[zhonya].zone == "trash"                  # the gear died instead


def test_zhonyas_hourglass_does_not_save_an_enemy_unit() -> None:
    s = game()
    runes(s, "p1", 6, ORDER_RUNE)
    zhonya = put(s, ZHONYA, "p1", "base")
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")
    s = pass_all(play(s, put(s, VENGEANCE, "p1", "hand"), targets=(foe,)))
    assert s.objects[foe].zone == "trash" and s.objects[zhonya].zone == "base"


def test_zhonyas_hourglass_saves_from_lethal_damage_in_cleanup() -> None:
    s = game()
    zhonya = put(s, ZHONYA, "p1", "base")
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    log: list[GameAction] = []
    effects.kill(s, [unit], log)  # the path cleanup (323.5) and combat use
    assert s.objects[unit].zone == "base" and s.objects[zhonya].zone == "trash"
    assert [a.rule for a in log if a.kind == "replace"] == ["369"]


def test_one_replacement_for_two_simultaneous_deaths_is_refused_honestly() -> None:
    s = game()
    put(s, ZHONYA, "p1", "base")
    a = put(s, SKULKER, "p1", "base")
    b = put(s, SKULKER, "p1", "base")
    with pytest.raises(UnsupportedRule, match="373"):  # the controller would choose
        effects.kill(s, [a, b], [])


def test_two_replacements_for_one_death_are_refused_honestly() -> None:
    s = game()
    put(s, ZHONYA, "p1", "base")
    put(s, ZHONYA, "p1", "base")
    unit = put(s, SKULKER, "p1", "base")
    with pytest.raises(UnsupportedRule, match="372"):  # the owner would order them
        effects.kill(s, [unit], [])


def test_a_replacement_applies_once_per_sequence_and_once_each_turn(encode: Encode) -> None:
    # test-only: a unit whose own death is replaced by healing and recalling it, once a turn
    encode(SKULKER, Replacement("my death: heal me and recall me", event="die", who="me",
                                effect=(Heal(ME), Recall(ME)), once_each_turn=True))
    s = game()
    unit = put(s, SKULKER, "p1", "battlefield", "bf1")
    effects.kill(s, [unit], [])
    assert s.objects[unit].zone == "base"       # 371: the first time this turn
    effects.kill(s, [unit], [])
    assert s.objects[unit].zone == "trash"      # already applied this turn


def test_a_replacement_killing_its_source_is_not_applied_again(encode: Encode) -> None:
    # test-only: "if I would die, kill me instead" must not loop (370.2)
    encode(SKULKER, Replacement("my death: kill me", event="die", who="me", effect=(Kill(ME),)))
    s = game()
    unit = put(s, SKULKER, "p1", "base")
    effects.kill(s, [unit], [])
    assert s.objects[unit].zone == "trash"


def test_optional_replacements_are_interpreted_other_events_stay_unsupported(encode: Encode) -> None:
    from riftlog.cards.abilities import encoding_problems

    may = encode(SKULKER, Replacement("may save", event="die", who="me",
                                      effect=(Recall(IT),), optional=True))
    assert not encoding_problems(may)  # 371.1: a recorded choice (tests/rules/test_replacements_deaths.py)
    other = encode(SKULKER, Replacement("a move is replaced", event="move"))
    assert encoding_problems(other)


def test_zhonya_played_without_paying_is_refused() -> None:
    s = game()
    zhonya = put(s, ZHONYA, "p1", "hand")
    d = CardPlayed(player="p1", card=zhonya, destination="base")  # no rune to pay with
    assert "165.2" in violations(s, d)
