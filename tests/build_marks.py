"""Marks for tests that only mean something in the pure Python build (issue 26).

The optional compiled build (``RIFTLOG_COMPILE=1``, README "Compiled build") turns the rules
engine's hot modules into C extensions: a compiled module calls the functions of the
modules compiled with it directly, so a test that swaps one of them with ``monkeypatch``
(to count calls or to compare a fast path with the full computation) would see its
replacement ignored.  Such a test is skipped when the module it patches runs compiled;
the behaviour it checks is the same in both builds (the whole suite, the fingerprints of
``python -m tests.fingerprint`` included, runs under the compiled build).
"""

from __future__ import annotations

import pytest

from riftlog import compiled_modules

#: the riftlog modules this interpreter loads compiled (empty for the pure build)
COMPILED = frozenset(compiled_modules())


def pure_only(*modules: str) -> pytest.MarkDecorator:
    """Skip the test when any of *modules* (dotted names) runs compiled."""
    hit = sorted(m for m in modules if m in COMPILED)
    return pytest.mark.skipif(
        bool(hit), reason=f"patches a function of {', '.join(hit)}, which runs compiled: "
                          "compiled callers do not see the patch")


#: skip a test that puts values of other types than the declared ones into a state's fields
#: (marker values to show every field is copied, or a corrupt state): the compiled state
#: classes check the declared type of every field they are given
untyped_state_values = pytest.mark.skipif(
    "riftlog.rules.board.state" in COMPILED,
    reason="puts values of other types than declared into state fields, which the compiled "
           "state classes refuse")
