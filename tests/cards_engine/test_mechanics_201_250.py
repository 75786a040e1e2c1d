"""Batch ogn_201_250 cards the mechanics helper converted: Imperial Decree (OGN-221, a
delayed ability for the rest of the turn, 389-390 + the "damaged" event) and Karma,
Channeler (OGN-235, the "recycles" event: cards recycled to a Main Deck, 416)."""

from __future__ import annotations

from riftlog.cards import load_catalog
from riftlog.events.play import CardPlayed
from riftlog.rules import engine
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions
from tests.cards_engine.helpers import (
    ORDER_RUNE,
    SKULKER,
    Encode,
    activate,
    choose,
    game,
    give_ping,
    pass_all,
    pay_for,
    ping,
    play,
    put,
    runes,
    violations,
)

DECREE = "OGN-221"
KARMA = "OGN-235"
BIG = "OGN-219"  # a unit with Might 4: 1 damage is not lethal


def _decree(s: GameState) -> GameState:
    runes(s, "p1", 7, ORDER_RUNE)
    return pass_all(play(s, put(s, DECREE, "p1", "hand"), destination=None))


# --- OGN-221 Imperial Decree -----------------------------------------------------------------


def test_imperial_decree_kills_every_unit_dealt_damage_this_turn(encode: Encode) -> None:
    assert load_catalog().get(DECREE).supported
    give_ping(encode)
    s = game()
    a = put(s, BIG, "p2", "battlefield", "bf1")
    b = put(s, BIG, "p1", "battlefield", "bf2")
    s = _decree(s)
    assert s.objects[a].zone == "battlefield"  # nothing happens until damage
    s = ping(s, a)
    assert s.objects[a].zone == "trash"
    s = ping(s, b)  # again: it triggers every time this turn (friendly units too)
    assert s.objects[b].zone == "trash"


def test_imperial_decree_ends_with_the_turn(encode: Encode) -> None:
    give_ping(encode)
    s = game()
    a = put(s, BIG, "p2", "battlefield", "bf1")
    s = _decree(s)
    s.turn += 1  # "this turn" is over
    s = ping(s, a)
    assert s.objects[a].zone == "battlefield"


def test_imperial_decree_cannot_be_played_unpaid() -> None:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    decree = put(s, DECREE, "p1", "hand")
    assert "165.2" in violations(s, CardPlayed(player="p1", card=decree, payment=pay_for(
        s, "p1", cost=Cost(2))))


# --- OGN-235 Karma, Channeler ----------------------------------------------------------------


def _karma(s: GameState) -> str:
    karma = put(s, KARMA, "p1", "base")
    return karma


def test_karma_buffs_a_friendly_unit_when_you_recycle_cards_to_your_main_deck() -> None:
    assert load_catalog().get(KARMA).supported
    s = game()
    karma = _karma(s)
    recycler = put(s, "OGN-036", "p1", "base")  # its ability's cost recycles a trash card
    junk = put(s, SKULKER, "p1", "trash")
    s = activate(s, recycler, choices={"recycle": [junk]})
    assert s.objects[junk].zone == "main_deck"
    req = engine.pending(s)[0]
    assert req.kind == "choice"  # Karma's trigger: which friendly unit (two of them)
    s = pass_all(choose(s, "p1", targets={"t": [recycler]}))
    assert s.objects[recycler].buffed and not s.objects[karma].buffed


def test_karma_ignores_runes_and_opponents_recycling() -> None:
    s = game()
    _karma(s)
    rune = put(s, ORDER_RUNE, "p1", "base")
    actions.recycle(s, [rune], [])  # runes are not cards of the Main Deck (416.1.a)
    theirs = put(s, SKULKER, "p2", "trash")
    actions.recycle(s, [theirs], [])  # to p2's Main Deck, not Karma's controller's
    assert not s.extra.get("triggers") and not s.chain
