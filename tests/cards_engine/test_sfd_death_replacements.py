"""Soraka, Wanderer (SFD-173): assigned combat damage last (v1.3 460.2.c.5, RUP4 465.2.c),
and her death replacement (RUP4 367-375): another weaker unit of hers where she is that
would die is healed, exhausted and recalled instead - one application for all such units
dying at once (373.2), still applied as she leaves with them (370.4).  The RUP4 Examples of
370.4 and 373.2 are played with the real cards."""

from __future__ import annotations

import pytest

from riftlog.events.abilities import ChoiceMade
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.flow.combat_damage import check_assignment
from riftlog.rules.playing.keyword_mechanics import attach_equipment
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    awaited_choice,
    choose,
    cleanup_with_lethal,
    pass_all,
    pay_for,
    put,
    runes,
)
from tests.cards_engine.helpers import game as _plain_game
from tests.rules.combat_board import combat
from tests.rules.rup4_examples import example

SORAKA = "SFD-173"        # Might 4
GUARDIAN_ANGEL = "SFD-051"  # Equipment (+1 Might): the wearer's death is replaced
RECRUIT = "OGN-271"       # 1-Might Recruit token
BIG = "OGN-088"           # Might 8
VENGEANCE = "OGN-229"     # kill a unit
EDITIONS = pytest.mark.parametrize("edition", ["RUP4", "v1.3"])


def game(edition: str = "RUP4") -> GameState:
    s = _plain_game()
    s.edition = edition
    return s


def _recalled(s: GameState, oid: str) -> bool:
    o = s.objects[oid]
    return o.zone == "base" and o.exhausted and o.damage == 0


def _options(s: GameState) -> list[tuple[str, list[str]]]:
    return [(o["replacement"], o["events"]) for o in awaited_choice(s)["options"]["options"]]


def _pick(s: GameState, key: str, events: list[str]) -> GameState:
    return choose(s, "p1", apply={"replacement": key, "events": events})


@EDITIONS
def test_soraka_saves_a_weaker_unit_of_hers_there_from_a_spell(edition: str) -> None:
    s = game(edition)
    runes(s, "p2", 6, ORDER_RUNE)
    put(s, SORAKA, "p1", "battlefield", "bf1")
    friend = put(s, SKULKER, "p1", "battlefield", "bf1")  # Might 3 < 4
    spell = put(s, VENGEANCE, "p2", "hand")
    s.turn_player = "p2"
    s.priority = "p2"
    s, _ = engine.apply(s, CardPlayed(player="p2", card=spell, targets=(friend,),
                                      payment=pay_for(s, "p2", spell)))
    s = pass_all(s)
    assert _recalled(s, friend)


@EDITIONS
def test_soraka_does_not_save_a_stronger_unit_one_elsewhere_or_an_enemy(edition: str) -> None:
    s = game(edition)
    put(s, SORAKA, "p1", "battlefield", "bf1")
    strong = put(s, BIG, "p1", "battlefield", "bf1")      # Might 8: not less than hers
    away = put(s, SKULKER, "p1", "battlefield", "bf2")    # not where she is
    foe = put(s, SKULKER, "p2", "battlefield", "bf1")     # not hers
    cleanup_with_lethal(s, strong, away, foe)
    for oid in (strong, away, foe):
        assert s.objects[oid].zone == "trash"


@EDITIONS
def test_soraka_must_be_assigned_combat_damage_last(edition: str) -> None:
    s = game(edition)
    soraka = put(s, SORAKA, "p2", "battlefield", "bf1")
    other = put(s, SKULKER, "p2", "battlefield", "bf1")
    combat(s)
    defenders = [soraka, other]
    assert check_assignment(s, "p1", 4, {other: 3, soraka: 1}, defenders) == []
    refused = [v.rule for v in check_assignment(s, "p1", 4, {soraka: 4}, defenders)]
    assert refused == ["460.2.c.5"]  # v1.3 460.2.c.5 (RUP4 465.2.c.8 through the map)


@example("370.4")
def test_rup4_370_4_soraka_saves_units_dying_at_the_same_time_as_she_leaves() -> None:
    s = game()
    soraka = put(s, SORAKA, "p1", "battlefield", "bf1")
    here = [put(s, RECRUIT, "p1", "battlefield", "bf1") for _ in range(2)]
    cleanup_with_lethal(s, soraka, *here)  # she dies with them, in one cleanup
    s = pass_all(s)
    assert s.objects[soraka].zone == "trash"
    assert all(_recalled(s, r) for r in here)


def _angel_board() -> tuple[GameState, str, list[str], list[str]]:
    """The Example of RUP4 373.2: Soraka wearing Guardian Angel dies with two Recruits at her
    battlefield and two in base."""
    s = game()
    soraka = put(s, SORAKA, "p1", "battlefield", "bf1")
    angel = put(s, GUARDIAN_ANGEL, "p1", "base")
    log: list[GameAction] = []
    assert attach_equipment(s, angel, soraka, log, "p1")
    here = [put(s, RECRUIT, "p1", "battlefield", "bf1") for _ in range(2)]
    base = [put(s, RECRUIT, "p1", "base") for _ in range(2)]
    cleanup_with_lethal(s, soraka, *here, *base)
    return s, soraka, here, base


def test_rup4_373_2_soraka_first_saves_those_here_then_the_angel_saves_her() -> None:
    s, soraka, here, base = _angel_board()
    keys = dict(_options(s))
    mine = next(k for k, events in keys.items() if set(events) == set(here))
    s = pass_all(_pick(s, mine, here))
    assert _recalled(s, soraka) and all(_recalled(s, r) for r in here)
    assert all(s.objects[r].zone != "base" for r in base)  # her sequence was used (373.2)


def test_rup4_373_2_the_angel_first_then_soraka_saves_only_those_in_base() -> None:
    s, soraka, here, base = _angel_board()
    keys = dict(_options(s))
    angel = next(k for k, events in keys.items() if events == [soraka])
    s = _pick(s, angel, [soraka])
    s = pass_all(s)
    assert _recalled(s, soraka) and all(_recalled(s, r) for r in base)
    assert all(s.objects[r].zone != "battlefield" for r in here)


def test_soraka_refuses_an_answer_naming_a_unit_she_cannot_save() -> None:
    s, _, here, base = _angel_board()
    keys = dict(_options(s))
    mine = next(k for k, events in keys.items() if set(events) == set(here))
    bad = ChoiceMade(player="p1", choice={"apply": {"replacement": mine, "events": base}})
    assert [v.rule for v in engine.check(s, bad)] == ["373"]  # those in base: not her option
