"""Friendly objects in team modes: a teammate's objects are friendly (RUP4 489.8.e, v1.3
484.8.d, v1.2 466.8.d), never enemy; what a card says "you control" stays its
controller's own.

The 2v2 board: p1 and p3 are team A, p2 and p4 team B; p1 is in their Main Phase.
"""

from __future__ import annotations

import pytest

from riftlog.cards.vocab import Kill, Ready, Target, on_play
from riftlog.events.abilities import ChoiceMade
from riftlog.rules import editions, engine
from riftlog.rules.board.seats import friendly
from riftlog.rules.board.state import GameObject, GameState
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import (
    BODY_RUNE,
    CALM_RUNE,
    CHAOS_RUNE,
    FURY_RUNE,
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    Encode,
    apply,
    cast,
    pass_all,
    play,
    put,
    runes,
)
from tests.rules.board import table
from tests.rules.rup4_examples import example
from tests.rules.showdown_board import main_phase

BIG = "OGN-219"              # a plain unit, given a stand-in play effect below
READY_YOUR_UNITS = "SFD-204"  # a spell that readies the units its controller controls
EDITIONS = (editions.RUP4, "v1.3", "v1.2")
#: the rule of a target's legality (v1.3 355.5) as each edition numbers it
TARGET_RULE = {editions.RUP4: "355.5", "v1.3": "355.5", "v1.2": "352.4"}


def team_game(edition: str) -> GameState:
    """A 2v2 board (teams A: p1, p3; B: p2, p4) in p1's Main Phase, judged under *edition*,
    with runes of every domain for p1."""
    engine.load_extensions()
    s = main_phase(table(4, mode="2v2"), plain=True)
    s.edition = edition
    for pid, team in (("p1", "A"), ("p2", "B"), ("p3", "A"), ("p4", "B")):
        s.players[pid].team = team
    for bf in s.battlefields:
        s.objects[bf.oid] = GameObject(oid=bf.oid, card=bf.card, owner=bf.owner,
                                       controller=bf.owner, zone="battlefield_card",
                                       location=bf.oid)
    for pid in s.players:
        for _ in range(5):
            put(s, SKULKER, pid, "main_deck")
    for rune in (FURY_RUNE, BODY_RUNE, ORDER_RUNE, CHAOS_RUNE, CALM_RUNE, MIND_RUNE):
        runes(s, "p1", 2, rune)
    return s


def target_request(s: GameState) -> dict[str, object]:
    (req,) = engine.pending(s)
    assert req.kind == "choice" and req.options["kind"] == "targets"
    return dict(req.options["targets"]["t"])


def test_friendly_is_the_player_and_their_teammate_only() -> None:
    s = team_game(editions.RUP4)
    assert [p for p in s.players if friendly(s, "p1", p)] == ["p1", "p3"]
    assert [p for p in s.players if friendly(s, "p2", p)] == ["p2", "p4"]
    assert not friendly(s, "p1", None)


@example("489.8.e")
@pytest.mark.parametrize("edition", EDITIONS)
def test_489_8_e_a_play_effect_readies_a_teammates_unit(encode: Encode,  # noqa: F811
                                                         edition: str) -> None:
    """The rule's example: a unit whose play effect readies a friendly unit may choose a
    unit of its controller's teammate (each edition: RUP4 489.8.e, v1.3 484.8.d, v1.2
    466.8.d); an opponent's unit is refused."""
    encode(BIG, on_play(Ready(Target("unit", "friendly"))))
    s = team_game(edition)
    mate = put(s, SKULKER, "p3", "base", exhausted=True)
    foe = put(s, SKULKER, "p2", "base", exhausted=True)
    s = play(s, put(s, BIG, "p1", "hand"))
    offered = target_request(s)["from"]
    assert mate in offered and foe not in offered  # type: ignore[operator]
    wrong = ChoiceMade(player="p1", choice={"targets": {"t": [foe]}})
    assert [v.rule for v in engine.check(s, wrong)] == [TARGET_RULE[edition]]
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"targets": {"t": [mate]}})))
    assert s.objects[mate].exhausted is False and s.objects[foe].exhausted is True
    assert s.objects[mate].controller == "p3"  # readied, still the teammate's


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_teammates_unit_is_not_an_enemy_unit(encode: Encode, edition: str) -> None:  # noqa: F811
    """An 'enemy unit' target refuses the teammate's unit (355.5) and takes the opponent's."""
    encode(BIG, on_play(Kill(Target("unit", "enemy"))))
    s = team_game(edition)
    mate = put(s, SKULKER, "p3", "base")
    foe = put(s, SKULKER, "p4", "base")
    other_foe = put(s, SKULKER, "p2", "base")
    s = play(s, put(s, BIG, "p1", "hand"))
    assert sorted(target_request(s)["from"]) == sorted([foe, other_foe])  # type: ignore[type-var]
    wrong = ChoiceMade(player="p1", choice={"targets": {"t": [mate]}})
    assert [v.rule for v in engine.check(s, wrong)] == [TARGET_RULE[edition]]
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"targets": {"t": [foe]}})))
    assert s.objects[foe].zone == "trash" and s.objects[mate].zone == "base"


def test_units_you_control_stay_your_own_in_a_team(encode: Encode) -> None:  # noqa: F811
    """A spell that readies the units its player controls does not ready a teammate's:
    "friendly" reaches the teammate (489.8.e), control is not shared (489.8.c)."""
    s = team_game(editions.RUP4)
    mine = put(s, SKULKER, "p1", "base", exhausted=True)
    mate = put(s, SKULKER, "p3", "base", exhausted=True)
    s = pass_all(cast(s, READY_YOUR_UNITS))
    assert s.objects[mine].exhausted is False
    assert s.objects[mate].exhausted is True
