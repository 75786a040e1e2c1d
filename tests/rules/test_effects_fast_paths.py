"""replay-perf fast paths of the effect interpreter, compared with the slow way on the states
of bot games: ``effects.still_legal`` judges only the chosen targets (``_candidates`` with
*only*) - the answer must be the chosen ones among the full ``target_candidates``, for every
kind of object target; ``controller_bonus_damage`` sums a per-card fact - it must be the
sum over every encoding's BonusDamageYours."""

from __future__ import annotations

import dataclasses
import random

import pytest

from riftlog.cards import abilities as card_abilities
from riftlog.cards import vocab as V
from riftlog.rules.board.core import Violation
from riftlog.rules.board.state import GameState
from riftlog.rules.interpreter import effects, effects_targets
from riftlog.rules.interpreter.effects_targets import _candidates
from tests.rules.bot_games import bot_moves

_SPECS = [V.Target(kind, side, where, other=other, exhausted=ex, buffed=bf, max_might=mm)
          for kind in ("unit", "gear", "permanent", "rune", "anything", "permanent_or_facedown")
          for side in ("any", "friendly", "enemy")
          for where, other, ex, bf, mm in (("board", False, None, None, None),
                                           ("battlefield", True, True, None, None),
                                           ("base", False, False, True, None),
                                           ("here", True, None, None, 3),
                                           ("elsewhere", False, None, False, None),
                                           ("board_or_facedown", False, None, None, None),
                                           ("unit_at_battlefield_or_gear", False, None, None, 5))]


@pytest.mark.parametrize("mode,seed", [("duel", 21), ("ffa3", 22), ("2v2", 23)])
def test_judging_the_chosen_ones_is_the_full_look(mode: str, seed: int) -> None:
    rng = random.Random(seed)
    compared = 0
    for step, state, _log in bot_moves(mode, seed, 300, rng):
        if step % 5:
            continue
        oids = list(state.objects)
        for spec in _SPECS:
            for controller in state.turn_order:
                source = rng.choice(oids)
                chosen = rng.sample(oids, min(8, len(oids)))
                full = effects.target_candidates(state, controller, source, spec)
                chosen += rng.sample(full, min(3, len(full))) * 2  # legal ones, twice
                fast = set(_candidates(state, controller, source, spec, chosen)) & set(chosen)
                assert fast == set(full) & set(chosen), (mode, seed, spec, chosen)
                ctx = {"controller": controller, "source": source, "targets": {"t": chosen}}
                assert effects.still_legal(state, ctx, spec) == [o for o in chosen if o in full]
                compared += 1
    assert compared > 1000


def _bonus_by_scan(state: GameState, player: str) -> int:
    total = 0
    for lst in effects._board_lists(state):
        for oid in lst:
            obj = state.objects[oid]
            enc = effects.encoding(obj.card)
            if obj.controller == player and enc is not None:
                total += sum(a.n for a in enc.abilities if isinstance(a, V.BonusDamageYours))
    return max(0, total)


@pytest.mark.parametrize("mode,seed", [("duel", 24), ("ffa3", 25)])
def test_controller_bonus_damage_is_the_scan(mode: str, seed: int,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    for step, state, _log in bot_moves(mode, seed, 300):
        if step == 100:  # a board card gains Bonus Damage: the fact follows the registry
            oid = next(o for lst in effects._board_lists(state) for o in lst)
            card = state.objects[oid].card
            old = card_abilities.ABILITIES.get(card)
            abilities = old.abilities if isinstance(old, V.Encoding) else ()
            monkeypatch.setitem(card_abilities.ABILITIES, card,
                                V.Encoding(card, (*abilities, V.BonusDamageYours(2))))
        for pid in state.players:
            assert effects.controller_bonus_damage(state, pid) == _bonus_by_scan(state, pid)


@pytest.mark.parametrize("mode,seed", [("duel", 26), ("ffa4", 27)])
def test_target_violations_are_the_full_look(mode: str, seed: int) -> None:
    def full_look(*args: object) -> list[Violation]:
        """effects.target_violations without its fast path (every spec: the full look)."""
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(effects_targets, "_picks_legal", lambda *a: False)
            return effects.target_violations(*args)  # type: ignore[arg-type]

    rng = random.Random(seed)
    clean = 0
    for step, state, _log in bot_moves(mode, seed, 300, rng):
        if step % 7:
            continue
        oids = list(state.objects)
        for spec in _SPECS[::3]:
            for count, up_to in ((1, False), (2, False), (2, True), (0, False)):
                s = dataclasses.replace(spec, count=count, up_to=up_to)
                controller = rng.choice(list(state.players))
                source = rng.choice(oids)
                full = effects.target_candidates(state, controller, source, s)
                for picked in (rng.sample(full, min(count, len(full))), [],
                               rng.sample(oids, 2), full[:1] * 2, full[:count + 1]):
                    chosen = {"t": picked}
                    got = effects.target_violations(state, controller, source, [s], chosen, "x")
                    assert got == full_look(state, controller, source, [s],
                                            chosen, "x"), (s, picked)
                    clean += not got
    assert clean > 100
