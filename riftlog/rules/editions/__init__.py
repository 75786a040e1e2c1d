"""Judging under another edition of the core rules (issue 6: ``--rules v1.2``; issue 19:
``--rules RUP4``, the Core Rules of 2026-07-16 and the default for new games).

The engine is encoded with v1.3 rule ids.  Judging a game under v1.2 (or RUP4: read
"RUP4" for "v1.2" below, with ``v13_to_rup4.json`` and
:mod:`riftlog.rules.editions.differences_rup4`) means:

* **citations** - every rule the engine cites (violations, error messages) is turned into
  the v1.2 id of the same rule through the correspondence shipped in ``v13_to_v12.json``
  (built by :mod:`riftlog.rules.editions.build_map`; ids and scores only), with the hand
  corrections of :data:`riftlog.rules.editions.differences.ID_FIXES`;
* **behaviour** - where the two editions' rules differ in what the engine checks or does,
  the engine reads ``state.edition`` (see :mod:`riftlog.rules.editions.differences` for
  the table of every difference found, each implemented or unsupported);
* a v1.3 rule that has no v1.2 counterpart and is new behaviour is not enforced under
  v1.2 (its violations are dropped, :data:`differences.NOT_IN_V12`); where the engine
  would need a v1.2 behaviour it does not implement, :func:`unsupported` raises
  :class:`EditionUnsupported` naming the v1.2 rule.

Public API: :func:`counterpart`, :func:`cite`, :func:`judge_violations`,
:func:`retell`, :func:`unsupported`, :func:`note`, :func:`explain`, :func:`is_v12`,
:data:`ENCODED`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from riftlog.errors import RiftlogError, UnsupportedRule
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.editions import differences_rup4
from riftlog.rules.editions.differences import DIFFERENCES, ID_FIXES, NOT_IN_V12

if TYPE_CHECKING:
    from riftlog.cards.model import Card
    from riftlog.rules.board.state import GameState

__all__ = [
    "ENCODED",
    "EditionUnsupported",
    "Pair",
    "cite",
    "correspondence",
    "counterpart",
    "explain",
    "is_rup4",
    "is_v12",
    "judge_violations",
    "native",
    "new_in_v13",
    "note",
    "recite_actions",
    "refuse_rup4_card",
    "retell",
    "retell_text",
    "rule_ids",
    "unsupported",
]

#: the edition whose rule ids the engine's code cites
ENCODED = "v1.3"
V12 = "v1.2"
RUP4 = "RUP4"
MAP_FILE = Path(__file__).with_name("v13_to_v12.json")
RUP4_MAP_FILE = Path(__file__).with_name("v13_to_rup4.json")
#: the shipped v1.3 -> other edition map of each edition judged through one
MAP_FILES: dict[str, Path] = {V12: MAP_FILE, RUP4: RUP4_MAP_FILE}
_FIXES: dict[str, dict[str, str | None]] = {V12: ID_FIXES, RUP4: differences_rup4.ID_FIXES}
_NOT_IN: dict[str, frozenset[str]] = {V12: NOT_IN_V12, RUP4: differences_rup4.NOT_IN_RUP4}


class EditionUnsupported(UnsupportedRule):
    """A behaviour of an older edition the engine does not implement.  Its message
    already cites the older edition's ids, so it is never re-cited."""


class Pair(NamedTuple):
    """One row of the correspondence: a v1.3 id, its id in the other edition (v1.2 or
    RUP4; the field keeps its first name), the match class, the score."""

    v13: str | None
    v12: str | None
    kind: str       # "same" | "changed" | "new" | "removed"
    score: float


@cache
def correspondence(edition: str = V12) -> dict[str, Pair]:
    """The shipped v1.3 -> *edition* rows by v1.3 id (``removed`` rows, rules of *edition*
    only, are under ``"-" + its id``)."""
    data = json.loads(MAP_FILES[edition].read_text(encoding="utf-8"))
    out: dict[str, Pair] = {}
    for a, b, kind, score in data["pairs"]:
        pair = Pair(a, b, kind, float(score))
        out[a if a is not None else f"-{b}"] = pair
    return out


@cache
def rule_ids(edition: str) -> frozenset[str]:
    """Every rule id of *edition*'s Core Rules (v1.3, v1.2 or RUP4; ids are facts, from
    the shipped correspondences, which list every rule of both editions).  Empty for an
    edition riftlog does not know."""
    path = MAP_FILES.get(edition, MAP_FILE)
    data = json.loads(path.read_text(encoding="utf-8"))
    column = {data["from"]: 0, data["to"]: 1}.get(edition)
    if column is None:
        return frozenset()
    return frozenset(row[column] for row in data["pairs"] if row[column] is not None)


def counterpart(rule: str, edition: str = V12) -> str | None:
    """The *edition* (v1.2 or RUP4) id of v1.3 rule *rule*, or None when it has no such rule.

    Hand corrections (``ID_FIXES`` of the edition's differences) win over the generated
    map; an id the map does not know (a sub-rule the engine names loosely) takes its
    nearest parent's.
    """

    fixes = _FIXES[edition]
    if rule in fixes:
        return fixes[rule]
    rows = correspondence(edition)
    row = rows.get(rule)
    if row is not None:
        return row.v12
    parent = rule.rsplit(".", 1)[0] if "." in rule else None
    return counterpart(parent, edition) if parent else None


def cite(rule: str, edition: str) -> str:
    """The citation (``"v1.2 443.1.d.3"``) of v1.3 rule *rule* under *edition*."""
    if edition == ENCODED:
        return f"{edition} {rule}"
    other = counterpart(rule, edition)
    return f"{edition} {other}" if other else f"{ENCODED} {rule} (no {edition} counterpart)"


_ID = re.compile(r"(?<![\w.])(?:(v1\.[23]|RUP4) )?(\d{3}(?:\.[0-9a-z]+)*)(?![\w.])")


def retell_text(text: str, edition: str) -> str:
    """*text* with the engine's citations (v1.3 ids labelled with either edition, and
    bare dotted ids such as ``316.6``) re-cited under *edition*."""
    if edition == ENCODED:
        return text

    def one(m: re.Match[str]) -> str:
        prefix, rule = m.group(1), m.group(2)
        if prefix:
            return cite(rule, edition)
        if "." in rule and rule in correspondence(edition):
            return counterpart(rule, edition) or f"v1.3 {rule}"
        return m.group(0)

    return _ID.sub(one, text)


def judge_violations(state: GameState, found: list[Violation]) -> list[Violation]:
    """The violations *found* by the (v1.3-encoded) checks, as judged under the game's
    edition: re-cited, and dropped when the rule is new in v1.3 (:data:`NOT_IN_V12`)."""

    edition = state.edition
    if edition == ENCODED or not found:
        return found
    out: list[Violation] = []
    dropped = _NOT_IN[edition]
    for v in found:
        if v.rule in dropped:
            continue
        other = counterpart(v.rule, edition)
        message = retell_text(v.message, edition)
        if other is None:
            out.append(Violation(v.rule, f"{message} (v1.3 {v.rule} has no {edition} counterpart)",
                                 ENCODED))
        else:
            out.append(Violation(other, message, edition))
    return out


def retell(exc: RiftlogError, edition: str) -> None:
    """Re-cite the rule ids in the message of *exc* (raised by v1.3-encoded code) under
    *edition*, in place.  :class:`EditionUnsupported` messages are left as they are."""
    if edition == ENCODED or isinstance(exc, EditionUnsupported) or not exc.args:
        return
    if getattr(exc, "_retold", False):
        return
    exc.args = (retell_text(str(exc.args[0]), edition), *exc.args[1:])
    exc._retold = True  # type: ignore[attr-defined]


#: Game actions defined only from v1.3, by the rule id they cite -> the difference key: a
#: game judged under v1.2 that performs one is refused by name (editions helper: one
#: central guard for mechanics coded in files that must not grow, e.g. rules/custom.py).
V13_ONLY_ACTIONS: dict[str, str] = {
    "735": "additional-turns", "436.1": "predict", "438.1": "replace", "437.2": "prevent",
    "730.1": "xp", "730.2": "xp",
}


def recite_actions(log: list[GameAction], edition: str = V12) -> list[GameAction]:
    """The game actions of *log* with the v1.3 id each cites replaced by its *edition* id
    (``"v1.3 <id>"`` where *edition* has none), for a game judged under v1.2 or RUP4.  An
    action of a mechanic v1.2 does not have (:data:`V13_ONLY_ACTIONS`), or one whose RUP4
    rule the engine does not implement (``differences_rup4.REFUSED_ACTIONS``), raises
    :class:`EditionUnsupported` naming the rule."""
    out = []
    refused = differences_rup4.REFUSED_ACTIONS if edition == RUP4 else {}
    own = f"{edition} "
    done = _RECITED_BY.get(edition)  # issue 26: rule id -> the id it is cited by (no refusal)
    if done is None:
        done = _RECITED_BY[edition] = {}
    for a in log:
        if not a.rule:
            out.append(a)
            continue
        known = done.get(a.rule)
        if known is not None:
            out.append(a if known == a.rule else _with_rule(a, known))
            continue
        if a.rule.startswith(own):  # already cited by the edition's own id
            done[a.rule] = a.rule[len(own):]
            out.append(_with_rule(a, a.rule[len(own):]))
            continue
        if a.rule in refused:
            key, rule = refused[a.rule]
            raise EditionUnsupported(
                f"{edition} {rule}: the game action {a.kind!r} (v1.3 {a.rule}) follows a rule "
                f"{edition} changed ({key}); the engine implements the v1.3 behaviour only "
                f"and will not apply it to a game judged under {edition}")
        if edition == V12 and a.rule in V13_ONLY_ACTIONS:
            raise EditionUnsupported(
                f"{edition} has no rule for this (v1.3 {a.rule} is new in v1.3): the game action "
                f"{a.kind!r} ({V13_ONLY_ACTIONS[a.rule]}); the engine will not apply the v1.3 "
                f"rule to a game judged under {edition}")
        rule = done[a.rule] = _recited(a.rule, edition)
        # issue 26: most ids are the same under RUP4 (~84% of a replay's actions): such an
        # action is kept as it is (frozen; an equal one would be built)
        out.append(a if rule == a.rule else _with_rule(a, rule))
    return out


#: edition -> v1.3 rule id (or the edition's own, prefixed) -> the id :func:`recite_actions`
#: gives it; only ids it did not refuse (the tables it reads are fixed at import)
_RECITED_BY: dict[str, dict[str, str]] = {}


@lru_cache(maxsize=4096)
def _recited(rule: str, edition: str) -> str:
    """The id :func:`recite_actions` gives v1.3 rule *rule* under *edition* (cached: a
    replay recites the same few dozen ids thousands of times)."""
    return counterpart(rule, edition) or f"{ENCODED} {rule}"


def _with_rule(a: GameAction, rule: str) -> GameAction:
    """*a* citing *rule* (``dataclasses.replace`` without its per-call field walk)."""
    return GameAction(a.kind, a.player, a.objects, a.details, a.visibility, rule, a.responsible)


def is_v12(state: GameState) -> bool:
    """Whether *state*'s game is judged under v1.2."""
    return state.edition == V12


def is_rup4(state: GameState) -> bool:
    """Whether *state*'s game is judged under RUP4 (2026-07-16)."""
    return state.edition == RUP4


def native(state: GameState, rule: str) -> str:
    """A game action's rule given by the judging edition's own id (an editions helper
    citing a rule the v1.3 text does not have): :func:`recite_actions` keeps it as is."""
    return f"{state.edition} {rule}"


#: RUP4-only keywords (827-829) -> the RUP4 rule that defines them
RUP4_KEYWORDS: dict[str, str] = {"Empower": "827", "Empowered": "828", "Flow": "829"}


def refuse_rup4_card(state: GameState, card_id: str, keywords: Collection[str],
                     types: int = 1, *, card: Card | None = None) -> None:
    """Raise :class:`EditionUnsupported` when a game judged under RUP4 meets a card with a
    RUP4-only keyword (827-829), of several types (177-178), or listed in
    :data:`differences_rup4.REFUSED_CARDS` (*card*: its catalog facts) for a RUP4 action or section the engine does not implement
    (204.3.b, 440-444, 750-767); nothing otherwise.  *card_id* is the card as named in the
    message."""
    if state.edition != RUP4:
        return
    for kw in sorted(keywords):
        if kw in RUP4_KEYWORDS:
            raise unsupported(state, RUP4_KEYWORDS[kw], f"{card_id} has {kw}")
    if types > 1:
        raise unsupported(state, "178", f"{card_id} has several types")
    if card is None:
        return
    row = differences_rup4.REFUSED_CARDS.get(card.id)
    if row is not None and (row.always or not card.supported):
        raise unsupported(state, row.rule, f"{card_id} {row.what}")


def unsupported(state: GameState | str, v12_rule: str, what: str) -> EditionUnsupported:
    """The error for a v1.2 behaviour the engine does not implement (raise it); *state*
    is the game's state or its edition."""
    edition = state if isinstance(state, str) else state.edition
    return EditionUnsupported(
        f"{edition} {v12_rule}: {what}; the engine implements the v1.3 behaviour only "
        f"and will not apply it to a game judged under {edition}")


def _rows(edition: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...], str]]:
    """(key, v1.3 ids, *edition* ids, status) of each row of *edition*'s differences."""
    if edition == RUP4:
        return [(d.key, d.v13, d.rup4, d.status) for d in differences_rup4.DIFFERENCES]
    return [(d.key, d.v13, d.v12, d.status) for d in DIFFERENCES]


def note(state: GameState, log: list[GameAction], key: str) -> None:
    """Log that the engine followed the judging edition's rule where v1.3 says otherwise
    (*key* names the row of :data:`differences.DIFFERENCES`); transcripts and the
    replayer's edition comparison show it."""

    row = next(d for d in _rows(state.edition) if d[0] == key)
    log.append(GameAction("edition_rule", None, (), {
        "difference": key, "edition": state.edition,
        "rules": [f"{state.edition} {r}" for r in row[2]]}))


def explain(reasons: list[str], actions: list[dict[str, Any]],
            judged: tuple[str, ...] = (V12, RUP4)) -> list[str]:
    """The keys of the differences that *reasons* (verdict reasons) cite or *actions*
    (game actions as JSON) record with :func:`note`."""

    found: set[str] = {str(a["details"]["difference"]) for a in actions
                       if a.get("kind") == "edition_rule"}
    cited = {m.group(0) for r in reasons for m in _ID.finditer(r) if m.group(1)}
    for edition in judged:
        for key, v13, other, status in _rows(edition):
            if status == "equivalent":
                continue
            if any(f"{edition} {r}" in cited for r in other) \
                    or any(f"v1.3 {r}" in cited for r in v13):
                found.add(key)
    return sorted(found)


def new_in_v13(state: GameState, v13_rules: str, what: str) -> EditionUnsupported:
    """The error for a mechanic the judging edition does not have at all (raise it)."""
    return EditionUnsupported(
        f"{state.edition} has no rule for this (v1.3 {v13_rules} is new in v1.3): {what}; "
        f"the engine will not apply the v1.3 rule to a game judged under {state.edition}")
