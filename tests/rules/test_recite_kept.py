"""issue 26: ``editions.recite_actions`` keeps an action whose rule id its edition cites
the same (instead of building an equal copy) and remembers each id's citation
(``_RECITED_BY``).  Compared with the plain re-citation (every action rebuilt with its
edition's id) on the raw v1.3 logs of seeded bot games judged under RUP4 and v1.2."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from riftlog.cards.decks import read_deck
from riftlog.errors import RiftlogError
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.rules import bot, editions, engine
from riftlog.rules.board.core import GameAction

DECKS = sorted((Path(__file__).resolve().parents[2] / "replays" / "decks").glob("*.txt"))


def _plain(log: list[GameAction], edition: str) -> list[GameAction]:
    """The re-citation without the kept actions or the remembered ids."""
    own = f"{edition} "
    out = []
    for a in log:
        if not a.rule:
            out.append(a)
        elif a.rule.startswith(own):
            out.append(editions._with_rule(a, a.rule[len(own):]))
        else:
            out.append(editions._with_rule(a, editions._recited(a.rule, edition)))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_recited_actions_equal_the_plain_recitation(seed: int) -> None:
    players = tuple(PlayerSpec(id=f"p{k + 1}", name=f"p{k + 1}",
                               deck=read_deck(DECKS[(seed + k) % len(DECKS)]).to_spec())
                    for k in range(2))
    state = engine.new_game(GameCreated(mode="duel", catalog_version="test",
                                        engine_version="test", players=players))
    rng = random.Random(seed)
    kept = changed = 0
    for _ in range(250):
        if state.is_over():
            break
        decision = bot.choose(state, rng)
        try:
            raw = engine._apply_in_place(state, decision)  # the v1.3 log, not re-cited
        except RiftlogError:
            break
        for edition in (editions.RUP4, editions.V12):
            try:
                got = editions.recite_actions(raw, edition)
            except RiftlogError:  # an action the edition refuses (v1.2: v1.3-only rules)
                continue
            want = _plain(raw, edition)
            assert got == want
            again = editions.recite_actions(raw, edition)  # from the remembered ids
            assert again == want
            kept += sum(1 for a, b in zip(raw, got, strict=True) if a is b and a.rule)
            changed += sum(1 for a, b in zip(raw, got, strict=True) if a is not b)
    assert kept > 100 and changed > 20, (kept, changed)
