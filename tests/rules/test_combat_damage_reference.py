"""The combat damage checker against a brute-force reading of v1.3 460.2.c.

For small random boards (Might, damage marked, Tank, "assigned last", cannot be dealt
damage), every way of splitting the damage is judged by :func:`check_assignment` and by
a reference that literally walks every allowed order: units one after another, each
given lethal damage in full before the next (460.2.c.3), Tank units first and
"assigned last" units last (460.2.c.5), either for a unit with both (460.2.c.7), units
that cannot be dealt damage outside the order (460.2.c.9), and the excess anywhere once
every unit has lethal (460.2.c.4).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from riftlog.rules.board.layers import add_effect
from riftlog.rules.flow.combat_damage import FIRST, LAST, NORMAL, check_assignment
from tests.rules.combat_board import SKULKER, effect, table, unit

Profile = tuple[int, int, bool, bool, bool]  # might, damage, tank, last, no_damage

profiles = st.tuples(st.integers(0, 4), st.integers(0, 2), st.booleans(), st.booleans(),
                     st.integers(0, 5).map(lambda n: n == 0))


def reference_legal(profs: list[Profile], total: int) -> set[tuple[int, ...]]:
    n = len(profs)
    lethal = [None if p[4] else max(1, p[0] - p[1]) for p in profs]
    dmg = [i for i in range(n) if lethal[i] is not None]
    need = sum(lethal[i] or 0 for i in dmg)
    out: set[tuple[int, ...]] = set()
    if total >= need:
        for split in _splits(total, n):
            if all(split[i] >= (lethal[i] or 0) for i in dmg):
                out.add(split)
        return out
    options = [sorted(({FIRST} if p[2] else set()) | ({LAST} if p[3] else set()) or {NORMAL})
               for p in profs]
    for perm in itertools.permutations(dmg):
        for levels in itertools.product(*(options[i] for i in perm)):
            if any(a > b for a, b in itertools.pairwise(levels)):
                continue
            given = [0] * n
            left = total
            for i in perm:
                give = min(left, lethal[i] or 0)
                given[i] = give
                left -= give
            out.add(tuple(given))
    return out


def _splits(total: int, n: int) -> Iterator[tuple[int, ...]]:
    if n == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _splits(total - first, n - 1):
            yield (first, *rest)


@settings(max_examples=150, deadline=None)
@given(st.lists(profiles, min_size=1, max_size=4), st.integers(0, 9))
def test_v1_3_460_2_c_checker_matches_the_reference(profs: list[Profile], total: int) -> None:
    state = table()
    oids = []
    for might, damage, tank, last, no_damage in profs:
        oid = unit(state, SKULKER, "p2", damage=damage)
        add_effect(state, effect(layer="trait", affects={"oid": oid}, set_might=might))
        flags = (["assigned_last"] if last else []) + (["no_damage"] if no_damage else [])
        add_effect(state, effect(layer="ability", affects={"oid": oid},
                                 grant=["Tank"] if tank else [], flags=flags))
        oids.append(oid)
    legal = reference_legal(profs, total)
    for split in _splits(total, len(oids)):
        verdict = check_assignment(state, "p1", total, dict(zip(oids, split, strict=True)), oids)
        assert (not verdict) == (split in legal), (profs, total, split, verdict)
