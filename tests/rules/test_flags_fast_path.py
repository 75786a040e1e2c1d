"""replay-perf: ``layers.has_flag`` answers False without the characteristics when nothing
can give the flag (the card's encoding - memoised per encoding object -, the unit's mods,
an effect in play); ``engine.awaited`` words the main phase's decision lists from a memo.
Both must be what the slow way gives: checked on the states of bot games, then with the
registry patched after the memo was filled."""

from __future__ import annotations

import pytest

from riftlog.cards import abilities
from riftlog.cards.vocab import Encoding
from riftlog.cards.vocab_abilities import Passive
from riftlog.rules import engine
from riftlog.rules.board import hooks, layers
from riftlog.rules.board.state import BOARD_ZONES, GameState
from tests.rules.bot_games import bot_moves
from tests.rules.combat_board import SERGEANT, table, unit

#: every flag the layers or an encoding name, and one nothing gives
FLAGS = sorted({*layers.FLAGS, "any_number_of_buffs", "enters_exhausted", "not_a_flag"})


def _slow_awaited(state: GameState) -> str:
    # the requests themselves, in words (issue 20: a request lists only the decision types
    # that can be legal now, and awaited says the same)
    return engine.describe(engine.pending(state))


@pytest.mark.parametrize("mode,seed", [("duel", 3), ("ffa3", 4), ("2v2", 5)])
def test_has_flag_and_awaited_are_the_slow_answers(mode: str, seed: int) -> None:
    compared = kinds = 0
    for _, state, _log in bot_moves(mode, seed, 400):
        assert engine.awaited(state) == _slow_awaited(state)
        kinds += state.queue[0]["kind"] != "await" if state.queue else 0
        for oid, obj in state.objects.items():
            if obj.zone in BOARD_ZONES and layers.printed_type(obj.card) == "Unit":
                flags = layers.characteristics(state, oid).flags
                for flag in FLAGS:
                    assert layers.has_flag(state, obj, flag) == (flag in flags), (oid, flag)
                compared += 1
    assert compared > 300 and kinds > 20


def test_has_flag_follows_a_patched_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    state = table()
    oid = unit(state, SERGEANT, "p1")
    obj = state.objects[oid]
    assert not layers.has_flag(state, obj, "no_damage")  # the memo now holds False
    monkeypatch.setitem(abilities.ABILITIES, SERGEANT, Encoding(SERGEANT, flags=("no_damage",)))
    layers.clear_cache()
    assert layers.has_flag(state, obj, "no_damage")
    passive = Passive.of(layer="ability", affects={"is_source": True}, flags=["no_damage"])
    monkeypatch.setitem(abilities.ABILITIES, SERGEANT, Encoding(SERGEANT, (passive,)))
    layers.clear_cache()  # a Passive gives it only through an effect: none is in play here
    assert not layers.has_flag(state, obj, "no_damage")
    assert layers._printed_flag(SERGEANT, "no_damage")
    monkeypatch.undo()
    layers.clear_cache()
    assert not layers.has_flag(state, obj, "no_damage")
    obj.mods["flags"] = ["no_damage"]
    assert layers.has_flag(state, obj, "no_damage")


def test_awaited_follows_new_main_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    state = next(s for _, s, _ in bot_moves("duel", 3, 400)
                 if s.queue and s.queue[0]["kind"] != "await" and not s.chain)
    before = engine.awaited(state)
    monkeypatch.setattr(hooks, "MAIN_DECISIONS", [*hooks.MAIN_DECISIONS])
    hooks.main_decision("SomethingNew")
    after = engine.awaited(state)
    assert after == before[:-1] + ", SomethingNew)" == _slow_awaited(state)
    monkeypatch.undo()
    assert engine.awaited(state) == before
