"""Dependency inside the arithmetic layer (RUP4 478-479, v1.3 473-474): a change whose
outcome depends on another change of the same layer is applied right after it, whatever
their timestamps; when both outcomes depend on the order, timestamps decide (479.1).

The examples' "increase its Might to 5" passive is a stand-in encoding (no card of the
catalog has one): a passive arithmetic change of +5 limited to a maximum of 5, applied
live (a passive's limit is never snapshotted, RUP4 477.3.b).
"""

from __future__ import annotations

import pytest

from riftlog.cards.vocab import Passive
from riftlog.rules import editions
from riftlog.rules.board import layers
from riftlog.rules.board.state import GameState
from riftlog.rules.playing import abilities
from tests.cards_engine.conftest import encode  # noqa: F401  (fixture)
from tests.cards_engine.helpers import (
    CALM_RUNE,
    SKULKER,
    Encode,
    cast,
    control,
    game,
    pass_all,
    put,
    runes,
)
from tests.rules.rup4_examples import example

BIG = "OGN-219"          # a plain unit of Might 4
DISCIPLINE = "OGN-058"   # a spell: +2 Might this turn to a unit (and draw 1)
RAISER = SKULKER         # given the stand-in passive below
EDITIONS = (editions.RUP4, "v1.3")

#: "units their controller controls here have their Might increased to 5" (stand-in)
RAISE_TO_5 = Passive.of(layer="arithmetic", might=5, max=5,
                        affects={"source_controller": True, "location": "source",
                                 "type": "Unit", "other_than_source": True})


def board(give: Encode, edition: str) -> tuple[GameState, str]:
    """p1's unit of Might 4 at bf1 next to p1's unit with the raising passive."""
    give(RAISER, RAISE_TO_5)
    s = game()
    s.edition = edition
    runes(s, "p1", 4, CALM_RUNE)
    control(s, "bf1", "p1")
    unit = put(s, BIG, "p1", "battlefield", "bf1")
    abilities.start_passives(s, put(s, RAISER, "p1", "battlefield", "bf1"))
    return s, unit


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_raising_passive_alone_raises_might_to_5(encode: Encode,  # noqa: F811
                                                     edition: str) -> None:
    s, unit = board(encode, edition)
    passive = next(e for e in s.effects if e.get("max") == 5)
    assert passive.get("passive") is True and "snapshot" not in passive  # live (477.3.b)
    assert layers.might_of(s, unit) == 5


@example("479", "479.2")
@pytest.mark.parametrize("edition", EDITIONS)
def test_479_2_the_passive_depends_on_a_later_plus_two(encode: Encode,  # noqa: F811
                                                       edition: str) -> None:
    """479's example: the passive (older) gives +1 before the +2 and +0 after it, the +2
    gives +2 either way, so the passive depends on the +2 (RUP4 479, v1.3 474); the +2
    applies first and the passive right after it (479.2, v1.3 474.1): 6 Might, not the 7
    of timestamp order."""
    s, unit = board(encode, edition)
    s = pass_all(cast(s, DISCIPLINE, targets={"t": (unit,)}))
    plus_two = next(e for e in s.effects if e.get("might") == 2)
    passive = next(e for e in s.effects if e.get("max") == 5)
    assert int(passive["timestamp"]) < int(plus_two["timestamp"])
    a = (5, int(passive["timestamp"]), passive)
    b = (2, int(plus_two["timestamp"]), plus_two)
    assert layers.depends_on(a, b, unit, 4) and not layers.depends_on(b, a, unit, 4)
    assert layers.might_of(s, unit) == 6


@example("479.1")
@pytest.mark.parametrize("edition", EDITIONS)
def test_479_1_two_changes_altered_by_each_other_have_no_dependency(
        encode: Encode, edition: str) -> None:  # noqa: F811
    """479.1's example: next to the passive, a "+2 to a maximum of 5" change.  Applied live,
    each gives +1 first and +0 second, so neither depends on the other (RUP4 479.1; v1.3
    474 needs one to be altered and the other not) and timestamps decide: 5 Might.  The
    spell's change itself snapshots as it begins (477.3.b): +0 on a unit already at 5."""
    s, unit = board(encode, edition)
    passive = next(e for e in s.effects if e.get("max") == 5)
    live = {"layer": "arithmetic", "might": 2, "max": 5, "passive": True}
    a = (5, int(passive["timestamp"]), passive)
    b = (2, int(passive["timestamp"]) + 1, live)
    assert not layers.depends_on(a, b, unit, 4) and not layers.depends_on(b, a, unit, 4)
    spell = layers.add_effect(s, {"layer": "arithmetic", "might": 2, "max": 5,
                                  "affects": {"oid": unit}, "until": "end_of_turn"})
    assert spell["snapshot"] == {unit: 0}
    assert layers.might_of(s, unit) == 5


def test_unlimited_and_snapshotted_changes_keep_timestamp_order() -> None:
    """Changes that give the same in any order never depend on each other."""
    plain = (2, 1, None)
    snapped = (3, 2, {"might": 3, "max": 5, "snapshot": {"u": 1}})
    assert not layers.depends_on(plain, snapped, "u", 4)
    assert not layers.depends_on(snapped, plain, "u", 4)
