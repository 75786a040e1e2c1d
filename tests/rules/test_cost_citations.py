"""Issue 19: a refused payment names the rule of what made the cost, in every edition
(riftlog/rules/playing/cost_blame.py): Accelerate (805.1.a), a Deflect tax (809.1.c), an
additional cost (356.2), a Legion reduction taken without its condition (812.1.c); the
pool rule (165.2) only when no single part is to blame.  Under RUP4 and v1.2 the same
rules are re-cited with their own ids.
"""

from __future__ import annotations

import pytest

from riftlog.events.decisions import Payment
from riftlog.events.play import CardPlayed
from riftlog.rules import editions, engine
from riftlog.rules.board.state import GameState
from riftlog.rules.playing.play import total_cost
from tests.cards_engine.helpers import ORDER_RUNE, game, put, runes

FURY_RUNE = "OGN-007"
REARGUARD = "OGN-010"  # Legion Rearguard: Fury unit, 2 Energy, Accelerate
HOPEFUL = "OGN-012"    # Noxus Hopeful: Fury unit, 4 Energy, Legion: costs 2 less
PORO = "OGN-013"       # a Fury unit with Deflect
CLEAVE = "OGN-004"     # a Fury spell that chooses a unit
EDITIONS = ("v1.3", "RUP4", "v1.2")


def _cites(state: GameState, d: CardPlayed) -> list[str]:
    return [v.citation for v in engine.check(state, d)]


def _in(edition: str, rule: str) -> str:
    return editions.cite(rule, edition) if edition != "v1.3" else f"v1.3 {rule}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_accelerate_paid_with_the_wrong_domain_cites_accelerate(edition: str) -> None:
    s = game()
    s.edition = edition
    unit = put(s, REARGUARD, "p1", "hand")
    exhaust = runes(s, "p1", 3, ORDER_RUNE)
    d = CardPlayed(player="p1", card=unit, destination="base", accelerate=True,
                   payment=Payment(exhaust=exhaust[:3], recycle=()))
    assert _cites(s, d) == [_in(edition, "805.1.a")]
    plain = CardPlayed(player="p1", card=unit, destination="base", payment=Payment(exhaust=exhaust[:2]))
    assert _cites(s, plain) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_legion_reduction_without_its_condition_cites_legion(edition: str) -> None:
    s = game()
    s.edition = edition
    unit = put(s, HOPEFUL, "p1", "hand")
    exhaust = runes(s, "p1", 2, ORDER_RUNE)
    assert total_cost(s, "p1", unit).energy == 4  # nothing played this turn: no reduction
    d = CardPlayed(player="p1", card=unit, destination="base", payment=Payment(exhaust=exhaust))
    assert _cites(s, d) == [_in(edition, "812.1.c")]


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_unpaid_deflect_tax_cites_deflect(edition: str) -> None:
    s = game()
    s.edition = edition
    energy = runes(s, "p1", 3, ORDER_RUNE)
    poro = put(s, PORO, "p2", "battlefield", "bf1")
    spell = put(s, CLEAVE, "p1", "hand")
    cost = total_cost(s, "p1", spell, targets=(poro,))
    fury = [put(s, FURY_RUNE, "p1", "base") for _ in range(cost.power.get("Fury", 0))]
    d = CardPlayed(player="p1", card=spell, targets=(poro,),
                   payment=Payment(exhaust=energy[:cost.energy], recycle=tuple(fury)))
    assert _cites(s, d) == [_in(edition, "809.1.c")]


def test_a_cost_no_single_part_explains_still_cites_the_pool() -> None:
    s = game()
    unit = put(s, REARGUARD, "p1", "hand")
    d = CardPlayed(player="p1", card=unit, destination="base", payment=Payment())
    assert _cites(s, d) == ["v1.3 165.2"]


KEEPER = "OGN-044"     # Clockwork Keeper: may pay 1 Calm Power more as it is played


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_unpaid_additional_cost_cites_the_additional_cost_rule(edition: str) -> None:
    s = game()
    s.edition = edition
    energy = runes(s, "p1", 2, "OGN-042")  # Calm runes: Energy only, no Power recycled
    keeper = put(s, KEEPER, "p1", "hand")
    d = CardPlayed(player="p1", card=keeper, destination="base", choices={"additional": True},
                   payment=Payment(exhaust=energy))
    assert _cites(s, d) == [_in(edition, "356.2")]
    plain = CardPlayed(player="p1", card=keeper, destination="base", payment=Payment(exhaust=energy))
    assert _cites(s, plain) == []
