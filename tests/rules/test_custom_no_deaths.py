"""replay-perf: ``effects_steps._custom`` calls the custom effects of ``_NO_DEATHS``
directly, without ``replacement_effects.run_custom``'s guard (a kill meeting a death
replacement; the Deal kind of the running effect).  Their code must not kill, deal damage or
run another card's effect, and bot games must go exactly as with the guard."""

from __future__ import annotations

import inspect

import pytest

from riftlog.rules.board.core import GameAction
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import custom_effects as custom
from riftlog.rules.interpreter import effects_steps
from tests.rules.bot_games import bot_moves

_FORBIDDEN = ("kill", "deal", "damage", "effects.run", "resolve", "deck_seen", "play_effects",
              "trigger_step", "replacement")


@pytest.mark.parametrize("name", sorted(effects_steps._NO_DEATHS))
def test_the_direct_effects_neither_kill_nor_deal(name: str) -> None:
    source = inspect.getsource(custom.CUSTOM[name])
    body = source.split('"""')[-1]  # the code after the docstring
    assert not [w for w in _FORBIDDEN if w in body], name


def _play(seed: int, mode: str) -> tuple[GameState, list[list[GameAction]]]:
    moves = list(bot_moves(mode, seed))
    return moves[-1][1], [log for _, _, log in moves]


def test_bot_games_go_as_with_the_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    for name in effects_steps._NO_DEATHS:
        fn = custom.CUSTOM[name]

        def counted(*args: object, _fn: object = fn, _name: str = name) -> object:
            ran.append(_name)
            return _fn(*args)  # type: ignore[operator]

        monkeypatch.setitem(custom.CUSTOM, name, counted)
    games = [(seed, mode) for seed in range(50, 56) for mode in ("duel", "ffa3")]
    direct = [_play(seed, mode) for seed, mode in games]
    assert ran, "no game ran one of the direct custom effects"
    monkeypatch.setattr(effects_steps, "_NO_DEATHS", frozenset())
    guarded = [_play(seed, mode) for seed, mode in games]
    for (seed, mode), (s1, l1), (s2, l2) in zip(games, direct, guarded, strict=True):
        assert l1 == l2, (seed, mode)
        assert s1 == s2, (seed, mode)
