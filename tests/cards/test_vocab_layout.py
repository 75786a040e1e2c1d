"""The encoding vocabulary's layout: riftlog.cards.vocab re-exports its private parts.

The nodes live in ``vocab_conditions`` / ``vocab_steps`` / ``vocab_abilities``; every
``from riftlog.cards.vocab import X`` must keep working, ``__all__`` must stay complete, and
the parts' classes present themselves as ``riftlog.cards.vocab`` (reprs, pickles, and tests
that list the vocabulary's classes by module).
"""

from __future__ import annotations

import ast
import pickle
from pathlib import Path
from types import ModuleType

import pytest

from riftlog.cards import vocab as V
from riftlog.cards import vocab_abilities, vocab_conditions, vocab_steps

PARTS = (vocab_conditions, vocab_steps, vocab_abilities)
OWN = {"Encoding", "KEYWORD_ABILITIES", "card", "declared_targets", "walk_nodes"}


def _top_level_names(module: ModuleType) -> set[str]:
    """Public names a module's own source defines at top level (classes, functions, aliases)."""
    assert module.__file__ is not None
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {n for n in names if not n.startswith("_")}


@pytest.mark.parametrize("part", PARTS, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_each_part_lists_every_name_it_defines(part: ModuleType) -> None:
    assert _top_level_names(part) == set(part.__all__)


def test_vocab_all_is_the_parts_plus_its_own_names() -> None:
    expected = set().union(*(set(p.__all__) for p in PARTS)) | OWN
    assert len(V.__all__) == len(set(V.__all__))
    assert set(V.__all__) == expected
    assert _top_level_names(V) - {"KEYWORD_ABILITIES"} <= OWN


def test_every_reexported_name_is_the_parts_object() -> None:
    for part in PARTS:
        for name in part.__all__:
            assert getattr(V, name) is getattr(part, name), name


def test_the_parts_classes_present_themselves_as_vocab() -> None:
    classes = [getattr(p, n) for p in PARTS for n in p.__all__ if isinstance(getattr(p, n), type)]
    assert len(classes) > 90
    assert {c.__module__ for c in classes} == {"riftlog.cards.vocab"}
    assert V.on_play.__module__ == "riftlog.cards.vocab"


def test_an_encoding_pickles_by_the_public_module() -> None:
    enc = V.Encoding("OGN-001", (V.on_play(V.Deal(2, V.Target("unit", "enemy"))),))
    data = pickle.dumps(enc)
    assert b"riftlog.cards.vocab_" not in data
    assert pickle.loads(data) == enc


def test_the_parts_do_not_import_the_rules_layer() -> None:
    for part in (*PARTS, V):
        assert part.__file__ is not None
        tree = ast.parse(Path(part.__file__).read_text(encoding="utf-8"))
        imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [m for m in imported if m.startswith("riftlog.rules")], part.__name__
