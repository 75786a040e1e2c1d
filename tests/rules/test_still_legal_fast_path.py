"""replay-perf: ``effects.still_legal`` judges only the chosen targets (``_candidates`` with
*only*) instead of listing every candidate; the answer must be the chosen ones among the
full ``target_candidates``, for every kind of object target, on the states of bot games."""

from __future__ import annotations

import random

import pytest

from riftlog.cards import vocab as V
from riftlog.rules import bot, effects, engine
from riftlog.rules.effects_targets import _candidates
from tests.rules.test_cleanup_settled import _created

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
    state = engine.new_game(_created(mode, seed))
    compared = 0
    for step in range(300):
        if state.is_over():
            break
        engine.apply_in_place(state, bot.choose(state, rng))
        if step % 5:
            continue
        oids = list(state.objects)
        for spec in _SPECS:
            for controller in state.turn_order:
                source = rng.choice(oids)
                chosen = rng.sample(oids, min(8, len(oids)))
                full = effects.target_candidates(state, controller, source, spec)
                chosen += rng.sample(full, min(3, len(full))) * 2  # legal ones, twice
                fast = set(_candidates(state, controller, source, spec, chosen))
                assert fast == set(full) & set(chosen), (mode, seed, spec, chosen)
                ctx = {"controller": controller, "source": source, "targets": {"t": chosen}}
                assert effects.still_legal(state, ctx, spec) == [o for o in chosen if o in full]
                compared += 1
    assert compared > 1000
