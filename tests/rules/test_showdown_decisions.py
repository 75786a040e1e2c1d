"""Replay-perf: ``showdown._decisions`` remembers the Focus and Priority decision lists;
they must follow ``hooks.MAIN_DECISIONS`` / ``REACTION_DECISIONS`` when those change."""

from __future__ import annotations

from riftlog.rules import hooks, showdown


def _slow(focus: bool) -> list[str]:
    if focus:
        return ["PriorityPassed", "TurnEnded",
                *showdown._unique([*hooks.MAIN_DECISIONS, *hooks.REACTION_DECISIONS])]
    return ["PriorityPassed", *showdown._unique(hooks.REACTION_DECISIONS)]


def test_decision_lists_follow_the_registries() -> None:
    for focus in (True, False):
        assert showdown._decisions(focus) == _slow(focus)
        got = showdown._decisions(focus)
        got.append("Mutated")  # a new list each time: callers may keep it
        assert showdown._decisions(focus) == _slow(focus)
    saved = (list(hooks.MAIN_DECISIONS), list(hooks.REACTION_DECISIONS))
    try:
        hooks.MAIN_DECISIONS.append("ZzMainOnly")
        assert showdown._decisions(True)[-1] == "ZzMainOnly"
        assert "ZzMainOnly" not in showdown._decisions(False)
        hooks.REACTION_DECISIONS.insert(0, "ZzReaction")
        assert showdown._decisions(False) == _slow(False)
        assert showdown._decisions(True) == _slow(True)
        hooks.REACTION_DECISIONS[0] = "ZzOther"  # same length, another name
        assert showdown._decisions(False) == _slow(False)
        assert "ZzOther" in showdown._decisions(True)
    finally:
        hooks.MAIN_DECISIONS[:] = saved[0]
        hooks.REACTION_DECISIONS[:] = saved[1]
    for focus in (True, False):
        assert showdown._decisions(focus) == _slow(focus)
