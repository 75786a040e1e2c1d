"""Playing cards (v1.3 349-359, 419, 805): allowed plays and refused ones."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from riftlog.cards import abilities
from riftlog.errors import ImpossibleDecision, UnsupportedCard
from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules.board import hooks
from riftlog.rules.board.core import GameAction, handler_for
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import ChainItem, GameState, Showdown
from riftlog.rules.game_actions import actions as A
from riftlog.rules.playing import play as P
from tests.rules.board import (
    BALLISTA,
    CHAOS_RUNE,
    FURY_RUNE,
    REARGUARD,
    SKULKER,
    control,
    put,
    rules,
    table,
)

MOBILIZE = "OGN-134"   # Spell, Body, 2 energy, no Action/Reaction
EN_GARDE = "OGN-046"   # Spell, Calm, 1 energy, Reaction


@dataclass(frozen=True)
class DrawOne:
    """A stand-in ability encoding for tests: the spell's effect is "draw 1"."""

    card_id: str

    def resolve(self, state: GameState, item: ChainItem, log: list[GameAction]) -> None:
        A.draw(state, item.controller, log)


@pytest.fixture
def encoded_spells(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(abilities.ABILITIES, MOBILIZE, DrawOne(MOBILIZE))
    monkeypatch.setitem(abilities.ABILITIES, EN_GARDE, DrawOne(EN_GARDE))
    yield


@pytest.fixture
def unencoded_mobilize(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """ encodes Mobilize: these tests need it without an encoding."""
    from riftlog.rules.board import layers

    monkeypatch.delitem(abilities.ABILITIES, MOBILIZE, raising=False)  # not encoded before that batch lands
    layers.clear_cache()
    yield
    layers.clear_cache()


@pytest.fixture
def accelerate_known(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(abilities, "ENGINE_KEYWORDS", abilities.ENGINE_KEYWORDS | {"Accelerate"})


def runes(state: GameState, pid: str, n: int, card: str = CHAOS_RUNE) -> tuple[str, ...]:
    return tuple(put(state, card, pid, "base") for _ in range(n))


def play(state: GameState, d: CardPlayed) -> list[GameAction]:
    assert P.check_card_played(state, d) == []
    handler = handler_for("CardPlayed")
    assert handler is not None
    log: list[GameAction] = []
    handler.apply(state, d, log)
    assert A.zone_problems(state) == []
    return log


# --- units and gear ----------------------------------------------------------------------


def test_unit_to_base_enters_exhausted_and_costs_are_paid() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "hand")
    r = runes(s, "p1", 3)
    log = play(s, CardPlayed(player="p1", card=u, destination="base", payment=Payment(exhaust=r)))
    obj = s.objects[u]
    assert obj.zone == "base" and obj.location == "base:p1" and obj.controller == "p1"
    assert obj.exhausted  # v1.3 143.4
    assert all(s.objects[x].exhausted for x in r)
    assert s.players["p1"].hand == []
    played = next(a for a in log if a.kind == "play")
    assert played.rule == "419.1" and played.details["cost"] == {"energy": 3, "power": {}}


def test_unit_to_a_battlefield_you_control() -> None:
    s = table()
    control(s, "bf1", "p1")
    put(s, SKULKER, "p1", "battlefield", "bf1")
    u = put(s, SKULKER, "p1", "hand")
    r = runes(s, "p1", 3)
    play(s, CardPlayed(player="p1", card=u, destination="bf1", payment=Payment(exhaust=r)))
    assert s.objects[u].location == "bf1" and u in s.battlefield("bf1").units
    assert s.battlefield("bf1").contested_by is None


def test_unit_to_a_battlefield_you_do_not_control_is_refused() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "hand")
    r = runes(s, "p1", 3)
    d = CardPlayed(player="p1", card=u, destination="bf1", payment=Payment(exhaust=r))
    assert rules(P.check_card_played(s, d)) == ["355.2.a"]


def test_unit_to_another_players_base_is_refused() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "hand")
    r = runes(s, "p1", 3)
    d = CardPlayed(player="p1", card=u, destination="base:p2", payment=Payment(exhaust=r))
    assert rules(P.check_card_played(s, d)) == ["355.2.a"]


def test_accelerated_unit_enters_ready(accelerate_known: None) -> None:
    s = table()
    u = put(s, REARGUARD, "p1", "hand")  # 2 energy, Fury, Accelerate: +1 energy +1 Fury
    r = runes(s, "p1", 3, FURY_RUNE)
    d = CardPlayed(player="p1", card=u, destination="base", accelerate=True,
                   payment=Payment(exhaust=r, recycle=(r[0],)))
    assert P.total_cost(s, "p1", u, accelerate=True) == Cost(3, {"Fury": 1})  # v1.3 805.1.a.1
    log = play(s, d)
    assert not s.objects[u].exhausted  # v1.3 805.6
    assert next(a for a in log if a.kind == "play").details["accelerate"] is True


def test_accelerate_needs_the_power(accelerate_known: None) -> None:
    s = table()
    u = put(s, REARGUARD, "p1", "hand")
    r = runes(s, "p1", 3, CHAOS_RUNE)  # no Fury power available
    d = CardPlayed(player="p1", card=u, destination="base", accelerate=True,
                   payment=Payment(exhaust=r))
    # issue 19: the refusal names what made the cost: Accelerate (805.1.a), not the pool
    assert rules(P.check_card_played(s, d)) == ["805.1.a"]


def test_accelerate_on_a_unit_without_it() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "hand")
    r = runes(s, "p1", 3)
    d = CardPlayed(player="p1", card=u, destination="base", accelerate=True, payment=Payment(exhaust=r))
    assert rules(P.check_card_played(s, d)) == ["805.1"]


UNENCODED_UNIT = "UNL-001"  # Arena Kingpin: a unit of a set whose abilities are not encoded


def test_unit_whose_abilities_are_not_encoded_is_unsupported_when_played() -> None:
    s = table()
    u = put(s, UNENCODED_UNIT, "p1", "hand")
    d = CardPlayed(player="p1", card=u, destination="base")
    with pytest.raises(UnsupportedCard, match="Arena Kingpin"):
        P.check_card_played(s, d)


UNSUPPORTED_GEAR = "UNL-011"  # Fresh Beans (not encoded; Unlicensed Armory, Iron Ballista
# and Assembly Rig are encoded now)


def test_gear_with_unencoded_text_is_unsupported_when_played() -> None:
    s = table()
    g = put(s, UNSUPPORTED_GEAR, "p1", "hand")
    handler = handler_for("CardPlayed")
    assert handler is not None
    with pytest.raises(UnsupportedCard, match="Fresh Beans"):
        handler.apply(s, CardPlayed(player="p1", card=g), [])
    assert s.objects[g].zone == "hand"


def test_cost_modifiers_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    s = table()
    u = put(s, SKULKER, "p1", "hand")
    monkeypatch.setattr(P, "COST_MODIFIERS", [lambda st, pl, oid, c: Cost(c.energy - 5, c.power)])
    assert P.total_cost(s, "p1", u) == Cost(0)  # v1.3 356.5: never below 0
    play(s, CardPlayed(player="p1", card=u, destination="base"))


# --- refused: payment, timing, zone ------------------------------------------------------------


def test_cannot_pay() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "hand")
    r = runes(s, "p1", 2)
    d = CardPlayed(player="p1", card=u, destination="base", payment=Payment(exhaust=r))
    violations = P.check_card_played(s, d)
    assert rules(violations) == ["165.2"]
    handler = handler_for("CardPlayed")
    assert handler is not None
    with pytest.raises(ImpossibleDecision):
        handler.apply(s, d, [])
    assert s.objects[u].zone == "hand" and not any(s.objects[x].exhausted for x in r)


def test_card_not_in_hand_is_impossible() -> None:
    s = table()
    u = put(s, SKULKER, "p1", "main_deck")
    d = CardPlayed(player="p1", card=u, destination="base")
    assert rules(P.check_card_played(s, d)) == ["419.1.a"]
    handler = handler_for("CardPlayed")
    assert handler is not None
    with pytest.raises(ImpossibleDecision, match=r"v1\.3 419\.1\.a"):
        handler.apply(s, d, [])


def test_card_in_someone_elses_hand() -> None:
    s = table()
    u = put(s, SKULKER, "p2", "hand")
    assert rules(P.check_card_played(s, CardPlayed(player="p1", card=u))) == ["419.1.a"]


def test_unknown_card() -> None:
    assert rules(P.check_card_played(table(), CardPlayed(player="p1", card="p1.zz"))) == ["419.1.a"]


def test_runes_are_not_played() -> None:
    s = table()
    r = put(s, FURY_RUNE, "p1", "hand")
    assert rules(P.check_card_played(s, CardPlayed(player="p1", card=r))) == ["133.5.a.1"]


def test_not_your_turn() -> None:
    s = table()
    u = put(s, SKULKER, "p2", "hand")
    r = runes(s, "p2", 3)
    d = CardPlayed(player="p2", card=u, destination="base", payment=Payment(exhaust=r))
    assert rules(P.check_card_played(s, d)) == ["310.1.a"]


def test_not_in_main_phase() -> None:
    s = table()
    s.phase = "beginning"
    u = put(s, SKULKER, "p1", "hand")
    r = runes(s, "p1", 3)
    d = CardPlayed(player="p1", card=u, destination="base", payment=Payment(exhaust=r))
    assert rules(P.check_card_played(s, d)) == ["310.1.a"]


def test_unit_during_a_showdown_needs_action() -> None:
    s = table()
    s.showdown = Showdown(battlefield="bf1")
    u = put(s, SKULKER, "p1", "hand")
    r = runes(s, "p1", 3)
    d = CardPlayed(player="p1", card=u, destination="base", payment=Payment(exhaust=r))
    assert rules(P.check_card_played(s, d)) == ["308.1.a"]


def test_without_priority() -> None:
    s = table()
    s.priority = None
    u = put(s, SKULKER, "p1", "hand")
    r = runes(s, "p1", 3)
    d = CardPlayed(player="p1", card=u, destination="base", payment=Payment(exhaust=r))
    assert rules(P.check_card_played(s, d)) == ["312.1"]


def test_spell_with_a_destination(unencoded_mobilize: None) -> None:
    s = table()
    c = put(s, MOBILIZE, "p1", "hand")
    with pytest.raises(UnsupportedCard):  # unencoded: unsupported before anything else
        P.check_card_played(s, CardPlayed(player="p1", card=c, destination="base"))


def test_gear_to_a_battlefield_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    s = table()
    control(s, "bf1", "p1")
    g = put(s, BALLISTA, "p1", "hand")
    monkeypatch.setitem(abilities.ABILITIES, "OGN-017", DrawOne("OGN-017"))
    r = runes(s, "p1", 3)
    d = CardPlayed(player="p1", card=g, destination="bf1", payment=Payment(exhaust=r))
    assert rules(P.check_card_played(s, d)) == ["148.1.a.1"]
    d = CardPlayed(player="p1", card=g, payment=Payment(exhaust=r))
    play(s, d)
    assert s.objects[g].zone == "base" and not s.objects[g].exhausted  # v1.3 359.2.d


# --- spells and the chain ------------------------------------------------------------------


def test_spell_goes_on_the_chain_then_resolves_to_trash(encoded_spells: None) -> None:
    s = table()
    c = put(s, MOBILIZE, "p1", "hand")
    top = put(s, SKULKER, "p1", "main_deck")
    r = runes(s, "p1", 2)
    play(s, CardPlayed(player="p1", card=c, payment=Payment(exhaust=r)))
    assert s.objects[c].zone == "chain" and [i.source for i in s.chain] == [c]
    assert s.priority == "p1"  # v1.3 337.1.c.3
    log: list[GameAction] = []
    P.resolve_top(s, log)
    assert s.chain == [] and s.players["p1"].trash == [c]  # 359.3.d
    assert s.players["p1"].hand == [top]  # the stand-in effect
    assert [a.kind for a in log] == ["draw", "resolve"]
    assert A.zone_problems(s) == []


def test_spell_resolves_after_every_player_passes(encoded_spells: None) -> None:
    from riftlog.events.decisions import PriorityPassed
    from riftlog.rules.flow import turn

    assert turn.__name__  # importing it registers the PriorityPassed handler

    s = table()
    c = put(s, MOBILIZE, "p1", "hand")
    put(s, SKULKER, "p1", "main_deck")
    r = runes(s, "p1", 2)
    play(s, CardPlayed(player="p1", card=c, payment=Payment(exhaust=r)))
    passed = handler_for("PriorityPassed")
    assert passed is not None and hooks.CHAIN
    log: list[GameAction] = []
    passed.apply(s, PriorityPassed(player="p1"), log)
    assert s.chain and s.priority == "p2"  # v1.3 339.2
    passed.apply(s, PriorityPassed(player="p2"), log)
    assert not s.chain and s.players["p1"].trash == [c]  # 339.1, 340
    assert s.priority == "p1"


def test_only_reactions_while_the_chain_has_items(encoded_spells: None) -> None:
    s = table()
    c = put(s, MOBILIZE, "p1", "hand")
    runes(s, "p1", 2)
    play(s, CardPlayed(player="p1", card=c, payment=Payment(exhaust=tuple(s.players["p1"].base))))
    s.priority = "p2"
    u = put(s, SKULKER, "p2", "hand")
    assert "309.1.a" in rules(P.check_card_played(s, CardPlayed(player="p2", card=u, destination="base")))
    g = put(s, EN_GARDE, "p2", "hand")
    rr = runes(s, "p2", 1)
    d = CardPlayed(player="p2", card=g, payment=Payment(exhaust=rr))
    assert P.check_card_played(s, d) == []  # v1.3 813.1.c.1: Reaction on any player's turn
    play(s, d)
    assert [i.source for i in s.chain] == [c, g]


def test_spell_targets_without_an_encoding_check(encoded_spells: None) -> None:
    s = table()
    c = put(s, MOBILIZE, "p1", "hand")
    r = runes(s, "p1", 2)
    d = CardPlayed(player="p1", card=c, targets=("p2.c1",), payment=Payment(exhaust=r))
    assert rules(P.check_card_played(s, d)) == ["355.8"]


def test_unencoded_spell_raises_when_resolving(unencoded_mobilize: None) -> None:
    s = table()
    c = put(s, MOBILIZE, "p1", "hand")
    A.change_zone(s, s.objects[c], "chain")
    s.chain.append(ChainItem(id="c1", kind="spell", controller="p1", source=c))
    with pytest.raises(UnsupportedCard, match="Mobilize"):
        P.resolve_top(s, [])


def test_candidates_are_legal(encoded_spells: None) -> None:
    s = table()
    put(s, SKULKER, "p1", "hand")
    put(s, MOBILIZE, "p1", "hand")
    put(s, UNSUPPORTED_GEAR, "p1", "hand")  # unsupported: never proposed
    runes(s, "p1", 3)
    cands = P.candidates(s, "p1")
    assert {s.objects[d.card].card for d in cands} == {SKULKER, MOBILIZE}
    for d in cands:
        assert P.check_card_played(s, d) == []


def test_after_resolving_the_newest_items_controller_gets_priority(encoded_spells: None) -> None:
    s = table()
    c = put(s, MOBILIZE, "p1", "hand")
    put(s, SKULKER, "p1", "main_deck")
    put(s, SKULKER, "p2", "main_deck")
    play(s, CardPlayed(player="p1", card=c, payment=Payment(exhaust=runes(s, "p1", 2))))
    s.priority = "p2"
    g = put(s, EN_GARDE, "p2", "hand")
    play(s, CardPlayed(player="p2", card=g, payment=Payment(exhaust=runes(s, "p2", 1))))
    P.resolve_top(s, [])
    assert [i.source for i in s.chain] == [c]
    assert s.priority == "p1"  # v1.3 340.4
