"""Azir, Sovereign (SFD-177): whether to use his attack trigger is decided as it is
finalized (RUP4 383.3.a); the token units it moves are targets (355.10, 355.12, 355.13: any
number), chosen as the ability goes on the chain and refused when not token units of his
controller (355.5)."""

from __future__ import annotations

from riftlog.events.abilities import ChoiceMade
from riftlog.events.decisions import PriorityPassed
from riftlog.rules import engine
from riftlog.rules.board.state import GameState
from tests.cards_engine.helpers import SKULKER, choose, control, game, move, put, violations

AZIR = "SFD-177"
RECRUIT = "OGN-271"
BIG = "OGN-219"  # a unit of Might 4


def _passes_until_choice(s: GameState, limit: int = 10) -> GameState:
    for _ in range(limit):
        req = engine.pending(s)[0]
        if req.kind == "choice" or "PriorityPassed" not in req.decisions:
            return s
        s, _ = engine.apply(s, PriorityPassed(player=req.player or ""))
    return s


def _attack() -> tuple[GameState, str, list[str], str]:
    s = game()
    azir = put(s, AZIR, "p1", "base")
    tokens = [put(s, RECRUIT, "p1", "base") for _ in range(2)]
    for t in tokens:
        s.objects[t].token = True
    plain = put(s, SKULKER, "p1", "base")
    put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = _passes_until_choice(move(s, (azir,)))
    assert engine.pending(s)[0].options.get("kind") != "targets"  # first: use it or not
    return choose(s, "p1", use=True), azir, tokens, plain


def test_the_tokens_are_chosen_as_targets_as_the_ability_goes_on_the_chain() -> None:
    s, azir, tokens, _ = _attack()
    req = engine.pending(s)[0]
    assert req.rule == "355.5" and req.options["kind"] == "targets"
    assert sorted(req.options["targets"]["t"]["from"]) == sorted(tokens)  # the card is not
    s = choose(s, "p1", targets={"t": tokens[:1]})
    item = s.chain[-1]
    assert item.source == azir and list(item.targets["t"]) == tokens[:1]  # on the chain
    s = _passes_until_choice(s)
    assert s.objects[tokens[0]].location == "bf1"
    assert s.objects[tokens[1]].location == "base:p1"


def test_a_unit_that_is_not_a_token_is_refused_citing_355_5() -> None:
    s, _, _, plain = _attack()
    assert "355.5" in violations(s, ChoiceMade(player="p1", choice={"targets": {"t": [plain]}}))


def test_none_may_be_chosen() -> None:
    s, _, tokens, _ = _attack()
    s = _passes_until_choice(choose(s, "p1", targets={"t": []}))
    assert all(s.objects[t].location == "base:p1" for t in tokens)


def test_declining_it_puts_nothing_on_the_chain() -> None:
    s = game()
    azir = put(s, AZIR, "p1", "base")
    token = put(s, RECRUIT, "p1", "base")
    s.objects[token].token = True
    put(s, BIG, "p2", "battlefield", "bf1")
    control(s, "bf1", "p2")
    s = choose(_passes_until_choice(move(s, (azir,))), "p1", use=False)
    assert not any(item.source == azir for item in s.chain)  # 383.3.a.2
    s = _passes_until_choice(s)
    assert s.objects[token].location == "base:p1"
