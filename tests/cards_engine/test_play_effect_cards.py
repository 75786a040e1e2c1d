"""Issue #5: cards that play a card as an effect (v1.3 419.3), through the engine: Blind
Fury, Reinforce, Ava Achiever, Kai'Sa Evolutionary, Promising Future, Baited Hook; the
rules on ignoring costs (356.1.b.1-3) and a discount (356.4); a triggered ability's power
cost paid as it is finalized (742.1.b).  Each card: what it does, and a refused use."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import DeckOrderRecorded
from riftlog.rules import engine
from riftlog.rules.state import GameState
from tests.cards_engine.helpers import (
    CALM_RUNE,
    ORDER_RUNE,
    SKULKER,
    choose,
    game,
    pass_all,
    play,
    put,
    runes,
    violations,
)

BLIND_FURY, REINFORCE, AVA, KAISA, PROMISING, HOOK = (
    "OGN-025", "OGN-062", "OGN-107", "OGN-112", "OGN-115", "OGN-242")
PHANTOM, MEGA_MECH, DRAKE, REARGUARD, SERGEANT = "OGN-049", "OGN-088", "OGN-142", "OGN-010", "OGN-219"
PAKAA, STAND_UNITED, VOID_SEEKER, HEXTECH_RAY = "OGN-135", "OGN-053", "OGN-024", "OGN-009"
MIND_RUNE = "OGN-089"


def top(s: GameState, pid: str, *cards: str) -> list[str]:
    """Put *cards* on top of *pid*'s Main Deck, the first one topmost."""
    oids = [put(s, c, pid, "main_deck") for c in cards]
    deck = s.players[pid].main_deck
    s.players[pid].main_deck = oids + [o for o in deck if o not in oids]
    return oids


def req(s: GameState):  # type: ignore[no-untyped-def]
    (r,) = engine.pending(s)
    return r


def order(s: GameState) -> GameState:
    """Answer the awaited recorded random order (416.5) with the cards as listed."""
    r = req(s)
    assert r.kind == "deck_order" and r.rule == "416.5"
    s, _ = engine.apply(s, DeckOrderRecorded(player=r.options["player"], deck="main",
                                             order=(*r.options["keep"], *r.options["randomize"])))
    return s


# --- Reinforce (OGN-062): look at five, a unit 5 Energy cheaper (356.4) ------------------------


def _reinforce(s: GameState) -> GameState:
    runes(s, "p1", 5, CALM_RUNE)
    spell = put(s, REINFORCE, "p1", "hand")
    return pass_all(play(s, spell, destination=None))


def test_reinforce_plays_a_looked_at_unit_five_energy_cheaper() -> None:
    s = game()
    mech, skulker, *_ = top(s, "p1", MEGA_MECH, SKULKER, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    runes(s, "p1", 2, ORDER_RUNE)  # Mega-Mech costs 7: 2 left to pay after the discount
    s = _reinforce(s)
    r = req(s)
    assert r.kind == "choice" and r.options["kind"] == "cards" and r.options["up_to"]
    assert set(r.options["from"]) == {mech, skulker}  # units only, of the five looked at
    s = choose(s, "p1", cards=[mech])
    assert s.objects[mech].zone == "banishment"
    s = order(s)  # the four others go to the bottom in a recorded random order
    r = req(s)
    assert r.options["validator"] == "effect_play" and r.rule == "419.3"
    answer = next(a for a in r.options["choices"] if a["destination"] == "base")
    assert len(answer["payment"]["exhaust"]) == 2  # 7 - 5 (356.4)
    s = choose(s, "p1", **answer)
    assert s.objects[mech].zone == "base" and s.objects[mech].exhausted
    assert s.players["p1"].main_deck[-4:].count(skulker) == 1
    assert mech in s.players["p1"].turn_marks["played"]  # played (419.1): Legion counts it


def test_reinforce_refuses_a_non_unit_pick_and_an_underpaid_play() -> None:
    s = game()
    mech, ray, *_ = top(s, "p1", MEGA_MECH, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY, HEXTECH_RAY)
    runes(s, "p1", 2, ORDER_RUNE)
    s = _reinforce(s)
    assert req(s).options["from"] == [mech]
    assert "419.3" in violations(s, ChoiceMade(player="p1", choice={"cards": [ray]}))  # no unit
    s = order(choose(s, "p1", cards=[mech]))
    # the discount leaves 2 Energy to pay (356.4): one rune is not enough (357.1)
    rune = s.players["p1"].base[-1]
    bad = ChoiceMade(player="p1", choice={"destination": "base",
                                          "payment": {"exhaust": [rune], "recycle": []}})
    assert violations(s, bad) == ["419.3"]
    assert "357.1" in str(engine.check(s, bad)[0]) or "165" in str(engine.check(s, bad)[0])
    far = ChoiceMade(player="p1", choice={"destination": "bf1",
                                          "payment": {"exhaust": list(s.players["p1"].base[-2:])}})
    assert "355.2.a" in str(engine.check(s, far)[0])  # p1 does not control bf1


def test_reinforce_cancels_a_play_that_cannot_be_paid_358_4() -> None:
    s = game()
    (mech,) = top(s, "p1", MEGA_MECH)
    s = _reinforce(s)  # no rune left for the 2 Energy still due
    s = choose(s, "p1", cards=[mech])
    r = req(s)
    s, acts = engine.apply(s, DeckOrderRecorded(player="p1", deck="main",
                                                order=(*r.options["keep"], *r.options["randomize"])))
    assert s.objects[mech].zone == "banishment"
    assert any(a.kind == "play_cancelled" and a.rule == "358.4" for a in acts)


def test_reinforce_may_play_nothing() -> None:
    s = game()
    (mech,) = top(s, "p1", MEGA_MECH)
    s = _reinforce(s)
    s = choose(s, "p1", cards=[])
    s = order(s)
    assert s.objects[mech].zone == "main_deck" and not s.chain
    assert not engine.pending(s) or req(s).kind == "main"


