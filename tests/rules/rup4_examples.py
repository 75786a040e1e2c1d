"""Issue 19: the RUP4 (2026-07-16) rules that are new or changed against v1.3 and hold an
example - each must have a test (the example played through the engine under RUP4, or the
card or rule it needs refused by name).

:data:`CHANGED_WITH_EXAMPLE` is the list, written out so it cannot silently shrink; it is
what :func:`changed_with_example` finds in the reference texts (checked when they are
present): a RUP4 rule whose class in the shipped ``v13_to_rup4.json`` is ``changed`` (its
v1.3 counterpart's text differs) or ``removed`` (no v1.3 counterpart: new in RUP4) and whose
text has an example.

A test names the rule whose example it plays with :func:`example` (test functions) or by
a row of a refusal table; ``tests/rules/test_rup4_examples_list.py`` checks that every id
of the list is named.  No example text is copied here: tests describe them in our words.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from riftlog.rules import editions

F = TypeVar("F", bound=Callable[..., Any])

#: RUP4 ids of the new or changed rules with an example, in the order of the RUP4 text
CHANGED_WITH_EXAMPLE: tuple[str, ...] = (
    "103.2.b.1", "124.1", "127.1", "128.6", "135.2.b.5.a", "135.2.b.6", "135.2.e.6.c",
    "136.2.d", "142.3.b", "142.4.b", "142.4.c", "152.2", "158.2", "178.3", "185.3.a.2",
    "185.3.b.1", "190.6.b", "190.6.c", "204.3.a", "204.3.b", "204.4", "205", "206", "206.1",
    "324.1", "346.1", "355.5.b", "355.14.h.1", "357.2", "358.3", "358.3.a", "358.4",
    "359.3.e.4", "359.3.e.5", "359.3.e.6", "359.3.e.8", "359.3.e.9.a", "359.3.e.11",
    "359.3.e.12", "359.3.e.14", "359.3.e.14.a", "359.3.e.14.b", "359.3.e.14.c", "359.3.e.16",
    "359.3.f.3.b", "364.3.a", "366.1", "369.1", "369.3", "370.1.a", "370.1.a.1", "370.1.a.2",
    "370.1.b.1", "370.4", "371.2.b", "373.1.a", "375", "377.2.b", "383.1", "383.2.a.1",
    "383.2.c.1", "383.2.c.2", "383.3.a", "383.3.a.3", "383.3.b", "383.3.e.2.b", "383.4.g.1",
    "391", "395", "397", "410.2.b", "411.1", "416.6", "417.1.e.1", "417.6.b.3", "417.6.b.4",
    "419.4.b", "424.3", "424.3.a", "424.4.a", "426.1.c", "428.1.a.1.b", "429.3", "431.3.c",
    "434.5", "437.5.a", "438.1.a", "439.2.c", "443.1.a", "444.2", "457.1", "465.2.c.4",
    "465.2.c.4.a", "465.2.c.5", "465.2.c.6", "465.2.c.8", "465.2.c.9", "465.2.c.10",
    "477.1.b.1.b", "477.3.b", "477.3.c", "479", "479.1", "479.2", "489.8.e", "711", "715.4",
    "715.4.a", "719.4.a", "727.1.a.1", "727.1.b.2", "727.1.b.3", "757.1", "758.2", "758.2.a",
    "761.1", "761.2", "766", "767", "808.1.d.1", "811.1.d.2", "811.1.d.2.a", "812.2",
    "820.1.d.1", "820.2.a", "822.1.d",
)

#: RUP4 id -> names of the test functions that play (or refuse) its example
TESTED: dict[str, list[str]] = {}


def example(*rup4_ids: str) -> Callable[[F], F]:
    """Mark a test as playing the examples of *rup4_ids* (each must be in the list)."""

    def mark(fn: F) -> F:
        for rid in rup4_ids:
            assert rid in CHANGED_WITH_EXAMPLE, f"RUP4 {rid} is not a changed rule with an example"
            TESTED.setdefault(rid, []).append(fn.__name__)
        return fn

    return mark


def changed_with_example(reference: Path) -> tuple[str, ...]:
    """The list, computed from the RUP4 text in *reference* and the shipped map."""
    rup4 = json.loads((reference / "core-rules-2026-07-16.json").read_text(encoding="utf-8"))
    classes = {p.v12: p.kind for p in editions.correspondence(editions.RUP4).values()
               if p.v12 is not None}
    out: list[str] = []
    for rule in rup4["rules"]:
        text = " ".join([rule.get("text", ""), *rule.get("unnumbered_continuations", [])])
        if "Example" in text and classes.get(rule["id"]) in {"changed", "removed"}:
            out.append(rule["id"])
    return tuple(out)
