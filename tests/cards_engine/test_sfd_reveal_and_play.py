"""Void Rush (SFD-188) and Void Burrower (SFD-187), as the Spiritforged errata reads: reveal
the top two cards, banish one and play it (Void Rush: 2 Energy less, the other drawn; Void
Burrower: on a conquer, exhausting it, the other recycled) - through the engine, declined,
and a refused pick; and Arcane Shift (SFD-200), which banishes a friendly unit for its owner
to play again for free."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import abilities
from tests.cards_engine.helpers import (
    MIND_RUNE,
    ORDER_RUNE,
    SKULKER,
    apply,
    cast,
    choose,
    conquer,
    game,
    pass_all,
    put,
    request,
    runes,
    spell_played,
    violations,
)

VOID_RUSH, BURROWER = "SFD-188", "SFD-187"
VENGEANCE = "OGN-229"


def _stack(s: GameState, *cards: str) -> list[str]:
    """Put *cards* on top of p1's Main Deck, in order; their oids."""
    oids = [put(s, c, "p1", "main_deck") for c in cards]
    deck = s.players["p1"].main_deck
    for oid in reversed(oids):
        deck.remove(oid)
        deck.insert(0, oid)
    return oids


def _finish(s: GameState) -> GameState:
    """Answer the finalization of the play with its first listed answer, if it is asked."""
    reqs = engine.pending(s)
    if reqs and reqs[0].kind == "choice" and reqs[0].options.get("choices"):
        s = apply(s, ChoiceMade(player="p1", choice=dict(reqs[0].options["choices"][0])))
    return pass_all(s)


def test_void_rush_plays_the_banished_card_for_two_less_and_draws_the_other() -> None:
    s = game()
    runes(s, "p1", 4, ORDER_RUNE)
    unit, spell = _stack(s, SKULKER, VENGEANCE)
    s = pass_all(cast(s, VOID_RUSH))
    assert request(s).options["from"] == [unit, spell]
    s = _finish(apply(s, ChoiceMade(player="p1", choice={"cards": [unit]})))
    assert s.objects[unit].zone in ("base", "battlefield")  # played: 3 - 2 = 1 Energy
    assert s.objects[spell].zone == "hand"


def test_void_rush_declined_draws_both() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)
    unit, spell = _stack(s, SKULKER, VENGEANCE)
    s = pass_all(cast(s, VOID_RUSH))
    s = pass_all(apply(s, ChoiceMade(player="p1", choice={"cards": []})))
    assert s.objects[unit].zone == s.objects[spell].zone == "hand"


def test_void_rush_refuses_a_card_it_did_not_reveal() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)
    _stack(s, SKULKER, VENGEANCE)
    third = s.players["p1"].main_deck[2]
    s = pass_all(cast(s, VOID_RUSH))
    assert violations(s, ChoiceMade(player="p1", choice={"cards": [third]}))


def _burrower_conquers(s: GameState) -> tuple[GameState, str]:
    legend = put(s, BURROWER, "p1", "legend")
    abilities.start_passives(s, legend)
    attacker = put(s, SKULKER, "p1", "base", exhausted=False)
    return conquer(s, (attacker,)), legend


def test_void_burrower_exhausts_to_banish_and_play_and_recycles_the_rest() -> None:
    s = game()
    runes(s, "p1", 3, ORDER_RUNE)
    unit, spell = _stack(s, SKULKER, VENGEANCE)
    s, legend = _burrower_conquers(s)
    s = pass_all(choose(s, "p1", pay={"exhaust": [], "recycle": []}))
    s = _finish(apply(s, ChoiceMade(player="p1", choice={"cards": [unit]})))
    assert s.objects[legend].exhausted
    assert s.objects[unit].zone in ("base", "battlefield")
    assert s.players["p1"].main_deck[-1] == spell  # recycled


def test_void_burrower_declined_stays_ready_and_reveals_nothing() -> None:
    s = game()
    _stack(s, SKULKER, VENGEANCE)
    deck = list(s.players["p1"].main_deck)
    s, legend = _burrower_conquers(s)
    s = pass_all(choose(s, "p1", pay=None))
    assert not s.objects[legend].exhausted and s.players["p1"].main_deck == deck


def test_void_burrower_exhausted_does_not_trigger() -> None:
    s = game()
    legend = put(s, BURROWER, "p1", "legend", exhausted=True)
    abilities.start_passives(s, legend)
    attacker = put(s, SKULKER, "p1", "base", exhausted=False)
    s = pass_all(conquer(s, (attacker,)))
    assert all(r.kind != "choice" for r in engine.pending(s))


# --- Arcane Shift: banish a friendly unit, its owner plays it free; 3 to an enemy; banished --

ARCANE_SHIFT = "SFD-200"


def test_arcane_shift_replays_a_friendly_unit_free_deals_three_and_is_banished() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s.objects[mine].damage = 2
    foe = put(s, SKULKER, "p2", "battlefield", "bf2")
    s = cast(s, ARCANE_SHIFT, targets={"mine": (mine,), "foe": (foe,)})
    spell = s.chain[-1].source
    s = _finish(pass_all(s))
    assert s.objects[mine].zone in ("base", "battlefield") and s.objects[mine].damage == 0
    assert s.objects[foe].zone == "trash"
    assert s.objects[spell or ""].zone == "banishment"


def test_arcane_shift_refuses_an_enemy_unit_as_the_one_it_replays() -> None:
    s = game()
    runes(s, "p1", 4, MIND_RUNE)
    put(s, SKULKER, "p1", "battlefield", "bf1")
    foe = put(s, SKULKER, "p2", "battlefield", "bf2")
    d = spell_played(s, ARCANE_SHIFT, targets={"mine": (foe,), "foe": (foe,)})
    assert "355.5" in violations(s, d)
