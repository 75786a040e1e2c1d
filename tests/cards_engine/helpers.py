"""Fixtures for card-encoding tests: a hand-built board run through the real engine.

* :func:`game` - tests.rules.board.table() in p1's Main Phase (Neutral Open), with a real
  turn queue, battlefields bf1/bf2 as game objects of the given cards (default: the
  no-ability token battlefield), and a few cards in each main deck (so draws work).
* :func:`put` (re-exported), :func:`runes` (ready runes in a base), :func:`pay_for` (a Payment
  for a total cost, found by the engine), :func:`play` / :func:`activate` (strict
  ``engine.apply``), :func:`pass_all` (everyone passes until the chain is empty;
  :func:`pass_all_logged` also returns the actions logged), :func:`violations` (rule ids the
  checker cites), :func:`to_p2_turn` (p1 ends the turn; p2's turn runs to its first
  decision), :func:`hide_pakaa` (p1 hides a Pakaa Cub at bf1), :func:`hold_both` (a player
  holds both battlefields), :func:`move` (a standard move), :func:`conquer` (p1 conquers the
  empty bf1), :func:`give_ping` / :func:`ping` (a test-only "1 damage to a unit" spell, and
  p1 casting it), :func:`spell_played` (the decision to play a spell put in hand, not
  applied), :func:`cast` (the same, applied), :func:`request` (the one pending decision
  request), :func:`awaited_choice` (the queued choice await), :func:`cleanup_with_lethal`
  (lethal damage, then a cleanup).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riftlog.cards.vocab import Deal, Encoding, SpellEffect, Target
from riftlog.events.abilities import AbilityActivated, CardHidden, ChoiceMade
from riftlog.events.decisions import Payment, PriorityPassed, TurnEnded
from riftlog.events.play import CardPlayed, StandardMove
from riftlog.events.registry import Payload
from riftlog.rules import engine
from riftlog.rules.board.core import GameAction, Request
from riftlog.rules.board.resources import Cost, find_payment
from riftlog.rules.board.state import GameObject, GameState
from riftlog.rules.flow import turn
from riftlog.rules.playing import abilities
from riftlog.rules.playing.abilities import HIDE_COST
from riftlog.rules.playing.play import total_cost
from tests.rules.board import PAKAA, SKULKER, control, put, table
from tests.rules.showdown_board import TOKEN_BATTLEFIELD, main_phase

__all__ = [
    "BODY_RUNE",
    "CALM_RUNE",
    "CHAOS_RUNE",
    "FURY_RUNE",
    "MIND_RUNE",
    "ORDER_RUNE",
    "PAKAA",
    "PING_SPELL",
    "SKULKER",
    "Encode",
    "activate",
    "apply",
    "awaited_choice",
    "cast",
    "choose",
    "cleanup_with_lethal",
    "conquer",
    "control",
    "game",
    "give_ping",
    "hide_pakaa",
    "hold_both",
    "move",
    "pass_all",
    "pass_all_logged",
    "pay_for",
    "ping",
    "play",
    "put",
    "request",
    "runes",
    "spell_played",
    "to_p2_turn",
    "violations",
]

FURY_RUNE = "OGN-007"
BODY_RUNE = "OGN-126"
ORDER_RUNE = "OGN-214"
CHAOS_RUNE = "OGN-166"
CALM_RUNE = "OGN-042"
MIND_RUNE = "OGN-089"

#: the type of the ``encode`` fixture (tests/cards_engine/conftest.py)
Encode = Callable[..., Encoding]


def game(battlefields: tuple[str, str] = (TOKEN_BATTLEFIELD, TOKEN_BATTLEFIELD),
         deck: int = 5) -> GameState:
    engine.load_extensions()
    state = main_phase(table(), plain=True)
    for bf, card in zip(state.battlefields, battlefields, strict=True):
        bf.card = card
        state.objects[bf.oid] = GameObject(oid=bf.oid, card=card, owner=bf.owner,
                                           controller=bf.owner, zone="battlefield_card",
                                           location=bf.oid)
        if card != TOKEN_BATTLEFIELD:
            abilities.start_passives(state, bf.oid)
    for pid in state.players:
        for _ in range(deck):
            put(state, SKULKER, pid, "main_deck")
    return state


def runes(state: GameState, pid: str, n: int, card: str = ORDER_RUNE) -> tuple[str, ...]:
    return tuple(put(state, card, pid, "base") for _ in range(n))


def pay_for(state: GameState, pid: str, oid: str | None = None, *, cost: Cost | None = None,
            choices: dict[str, Any] | None = None) -> Payment:
    if cost is None:
        assert oid is not None
        cost = total_cost(state, pid, oid, choices=choices)
    payment = find_payment(state, pid, cost)
    assert payment is not None, f"{pid} cannot pay {cost}"
    return payment


def apply(state: GameState, *decisions: Payload) -> GameState:
    for d in decisions:
        state, _ = engine.apply(state, d)
    return state


def play(state: GameState, card: str, player: str = "p1", **kw: Any) -> GameState:
    """p1 (or *player*) plays *card* (an oid), paying with a payment the engine finds."""
    if "payment" not in kw:
        kw["payment"] = pay_for(state, player, card, choices=kw.get("choices"))
    if "destination" not in kw and state.objects[card].card not in _SPELLS:
        kw["destination"] = "base"
    return apply(state, CardPlayed(player=player, card=card, **kw))


_SPELLS = {"OGN-229", "OGS-002", "OGN-004"}


def cast(state: GameState, card: str, player: str = "p1", **kw: Any) -> GameState:
    """*player* plays spell *card* (a card id, put in their hand first; no destination),
    paying with a payment the engine finds (as :func:`play`)."""
    return play(state, put(state, card, player, "hand"), player, destination=None, **kw)


def spell_played(state: GameState, card: str, player: str = "p1", **kw: Any) -> CardPlayed:
    """The decision by which *player* plays spell *card* (a card id, put in their hand
    first), paid with a payment the engine finds for its cost; not applied."""
    oid = put(state, card, player, "hand")
    return CardPlayed(player=player, card=oid, payment=pay_for(state, player, oid), **kw)


def activate(state: GameState, source: str, ability: int = 0, player: str = "p1",
             energy: int = 0, **kw: Any) -> GameState:
    if "payment" not in kw:
        kw["payment"] = pay_for(state, player, cost=Cost(energy)) if energy else Payment()
    return apply(state, AbilityActivated(player=player, source=source, ability=ability, **kw))


def choose(state: GameState, player: str, **choice: Any) -> GameState:
    return apply(state, ChoiceMade(player=player, choice=choice))


def request(state: GameState) -> Request:
    """The one decision the engine awaits (fails if none or several are pending)."""
    (req,) = engine.pending(state)
    return req


def awaited_choice(state: GameState) -> dict[str, Any]:
    """The queued await of a choice at the front of the turn queue (fails if it is not one)."""
    front = state.queue[0]
    assert front["kind"] == "await" and front["request"] == "choice", front
    return dict(front)


def cleanup_with_lethal(state: GameState, *oids: str) -> None:
    """Mark *oids* with lethal damage (9) and run a cleanup: their deaths happen there."""
    for oid in oids:
        state.objects[oid].damage = 9
    turn.cleanup(state, [])


def pass_all_logged(state: GameState, limit: int = 20) -> tuple[GameState, list[GameAction]]:
    """:func:`pass_all`, also returning every action logged on the way."""
    out: list[GameAction] = []
    for _ in range(limit):
        reqs = engine.pending(state)
        if not state.chain or not reqs or "PriorityPassed" not in reqs[0].decisions:
            return state, out
        state, log = engine.apply(state, PriorityPassed(player=reqs[0].player or ""))
        out += log
    raise AssertionError("the chain does not empty")


def pass_all(state: GameState, limit: int = 20) -> GameState:
    """Pass priority until the chain is empty (and no choice is awaited)."""
    return pass_all_logged(state, limit)[0]


def to_p2_turn(state: GameState) -> GameState:
    """End p1's turn: p2's turn runs to its first decision.

    Two Body runes go into each rune deck first, so the Channel Phase has runes to channel.
    """
    for pid in state.players:
        for _ in range(2):
            put(state, BODY_RUNE, pid, "rune_deck")
    state, _ = engine.apply(state, TurnEnded(player="p1"))
    return state


def hide_pakaa(state: GameState, rune: str = CHAOS_RUNE) -> tuple[GameState, str]:
    """p1 holds bf1 (a unit of theirs there) and hides a Pakaa Cub (OGN-135, Hidden) there,
    paying the hide cost with one new *rune*; returns the state and the cub's oid."""
    control(state, "bf1", "p1")
    put(state, SKULKER, "p1", "battlefield", "bf1")  # a facedown card needs a held battlefield
    runes(state, "p1", 1, rune)
    cub = put(state, PAKAA, "p1", "hand")
    state, _ = engine.apply(state, CardHidden(player="p1", card=cub, battlefield="bf1",
                                              payment=pay_for(state, "p1", cost=HIDE_COST)))
    return state, cub


def hold_both(state: GameState, pid: str = "p1") -> None:
    """*pid* controls bf1 and bf2 with a Shipyard Skulker at each, so their units move
    between the battlefields without starting a showdown."""
    for bf in ("bf1", "bf2"):
        control(state, bf, pid)
        put(state, SKULKER, pid, "battlefield", bf)


def move(state: GameState, units: tuple[str, ...], to: str = "bf1",
         player: str = "p1") -> GameState:
    """*player* makes a standard move of *units* to *to* (strict ``engine.apply``)."""
    state, _ = engine.apply(state, StandardMove(player=player, units=units, destination=to))
    return state


def conquer(state: GameState, units: tuple[str, ...]) -> GameState:
    """p1 moves *units* to the empty, uncontrolled bf1 and both players pass the focus of
    the showdown there: p1 conquers bf1 (its conquer triggers are on the chain, or asked)."""
    state = move(state, units)
    for _ in range(2):
        (req,) = engine.pending(state)
        assert req.kind == "focus"
        state = apply(state, PriorityPassed(player=req.player or ""))
    assert state.battlefield("bf1").controller == "p1"
    return state


#: the spell :func:`give_ping` encodes for a test (Vengeance, OGN-229)
PING_SPELL = "OGN-229"


def give_ping(encode: Encode) -> None:
    """Give :data:`PING_SPELL` a test-only encoding, through the ``encode`` fixture: it
    deals 1 damage to a unit."""
    encode(PING_SPELL, SpellEffect((Deal(1, Target("unit")),)))


def ping(state: GameState, unit: str) -> GameState:
    """p1 (given 6 Order runes) plays the :func:`give_ping` spell at *unit*; everyone passes."""
    runes(state, "p1", 6, ORDER_RUNE)
    return pass_all(apply(state, spell_played(state, PING_SPELL, targets=(unit,))))


def violations(state: GameState, decision: Payload) -> list[str]:
    return [v.rule for v in engine.check(state, decision)]


def clear_caches() -> None:
    """Forget compiled encodings (after a test changed the registry)."""
    from riftlog.rules.board import layers, resources
    from riftlog.rules.interpreter import effects, triggers

    effects.compiled.cache_clear()
    effects.targets_of.cache_clear()
    triggers.listeners.cache_clear()
    triggers.keyword_listeners.cache_clear()
    layers.clear_cache()
    resources._PRINTED_COST.clear()
