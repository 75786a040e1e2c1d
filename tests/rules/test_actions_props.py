"""Property: any sequence of primitives keeps every object in exactly one zone list."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions as A
from tests.rules.board import BALLISTA, FURY_RUNE, RECRUIT, SERGEANT, SKULKER, control, put, table

OPS = ("draw", "discard", "kill", "banish", "recycle", "move_bf", "move_base", "recall",
       "channel", "attach", "detach", "create", "replace", "hide", "exhaust", "deal")


def _world() -> GameState:
    s = table()
    control(s, "bf1", "p1")
    for pid in ("p1", "p2"):
        for card in (SKULKER, SERGEANT, BALLISTA, SKULKER):
            put(s, card, pid, "main_deck")
        put(s, SKULKER, pid, "base")
        put(s, FURY_RUNE, pid, "rune_deck")
        put(s, SERGEANT, pid, "hand")
    return s


def _step(s: GameState, op: str, pick: int, log: list[GameAction]) -> None:
    oids = sorted(o for o, obj in s.objects.items() if obj.zone != "removed")
    oid = oids[pick % len(oids)]
    obj = s.objects[oid]
    pid = obj.owner
    units = sorted(o for o in oids if s.objects[o].zone in ("base", "battlefield")
                   and A.card_type(s.objects[o].card) == "Unit")
    if op == "draw":
        A.draw(s, pid, log, beneficiary="p2" if pid == "p1" else "p1",
               burn_out_order=list(s.players[pid].trash))
    elif op == "discard":
        A.discard(s, oid, log)
    elif op == "kill":
        A.kill(s, oid, log)
    elif op == "banish":
        A.banish(s, oid, log)
    elif op == "recycle":
        A.recycle(s, oid, log)
    elif op == "move_bf":
        A.move(s, oid, "bf2", log)
    elif op == "move_base":
        A.move(s, oid, A.base_of(obj.controller), log)
    elif op == "recall":
        A.recall(s, oid, log)
    elif op == "channel":
        A.channel(s, pid, log)
    elif op == "attach" and units:
        A.attach(s, oid, units[pick % len(units)], log)
    elif op == "detach":
        A.detach(s, oid, log)
    elif op == "create":  # not as played: the "played" triggers (RUP4 185.2.a) read the
        # characteristics, which the cards "attach" pins to units here cannot have (137);
        # tests/cards_engine/test_played_tokens.py plays tokens
        A.create(s, RECRUIT, pid, log, location="bf1" if pick % 2 else None, played=False)
    elif op == "replace":
        A.replace(s, oid, RECRUIT, log)
    elif op == "hide":
        A.hide(s, oid, "bf1", log)
    elif op == "exhaust":
        A.exhaust(s, oid, log)
    elif op == "deal":
        A.deal(s, oid, 1, log)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 1000)), max_size=40))
def test_zone_invariant_holds(steps: list[tuple[str, int]]) -> None:
    s = _world()
    log: list[GameAction] = []
    for op, pick in steps:
        with contextlib.suppress(A.ImpossibleAction):
            _step(s, op, pick, log)
        assert A.zone_problems(s) == [], (op, pick)
        if s.phase == "over":
            break
    assert GameState.from_json(s.to_json()) == s
