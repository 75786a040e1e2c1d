"""Imports point one way (issue 18): a new import that breaks the layering fails here.

Every module of ``riftlog/`` is parsed with :mod:`ast`; each ``import`` (at module level
or inside a function, and the late ``rules_module("name")`` look-ups of the engine) is
checked against the map of ENGINE.md ("Who may import whom"):

* between the engine's subpackages, only downwards (``LAYERS``, lowest first);
* card code (``riftlog/cards/sets/*``, the custom effects) reaches the engine only
  through :mod:`riftlog.rules.card_api`;
* the store, the events and the card catalog never import the engine, the use cases or
  the interfaces;
* no function-level import of a ``riftlog`` module inside the engine or the card sets
  unless it says why on its line (``# lazy: ...``, for start-up time).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "riftlog"

#: the engine's layers, lowest first: a module may import its own layer and the ones below
LAYERS: tuple[tuple[str, ...], ...] = (
    ("riftlog.rules.board", "riftlog.rules.editions"),  # the edition tables sit beside the state
    ("riftlog.rules.game_actions",),
    ("riftlog.rules.interpreter",),
    ("riftlog.rules.playing",),
    ("riftlog.rules.flow",),
    ("riftlog.rules.card_api",),
    ("riftlog.cards.sets",),
    ("riftlog.rules",),  # the facade: engine, privacy, bot (and the package itself)
)
#: packages that must never import these (the lower side of the project's layering)
NEVER = {
    "riftlog.store": ("riftlog.rules", "riftlog.cards", "riftlog.recorder", "riftlog.replay",
                      "riftlog.reducer", "riftlog.cli", "riftlog.bulk", "riftlog.views"),
    "riftlog.events": ("riftlog.rules", "riftlog.cards", "riftlog.store", "riftlog.recorder",
                       "riftlog.replay", "riftlog.reducer", "riftlog.cli"),
    "riftlog.cards": ("riftlog.rules", "riftlog.store", "riftlog.recorder", "riftlog.replay",
                      "riftlog.reducer", "riftlog.cli"),
    "riftlog.rules": ("riftlog.store", "riftlog.recorder", "riftlog.replay", "riftlog.reducer",
                      "riftlog.cli", "riftlog.bulk", "riftlog.views", "riftlog.bundle"),
}
#: a late import is fine when its line says why (start-up time), e.g. ``# lazy: start-up``
LAZY_MARK = "# lazy:"
#: Late imports that still close a cycle *inside one layer* (never across layers): the
#: debt left by issue 18, listed so that it only shrinks.  A new late import fails the
#: test; one removed from the code must be removed here too (the list is checked both ways).
KNOWN_CYCLES = frozenset({
    # movement <-> actions: actions re-exports the movement actions; a move exhausts
    ("riftlog.rules.game_actions.movement", "riftlog.rules.game_actions.actions"),
    # the interpreter: a kill fires "dies"/"kills" triggers and meets death replacements,
    # whose effects run through the interpreter again
    ("riftlog.rules.interpreter.effects_steps", "riftlog.rules.interpreter.kills"),
    ("riftlog.rules.interpreter.effects_steps", "riftlog.rules.interpreter.replacement_effects"),
    ("riftlog.rules.interpreter.effects_steps",
     "riftlog.rules.interpreter.replacement_effects.resumable"),
    ("riftlog.rules.interpreter.effects_steps", "riftlog.rules.interpreter.triggers"),
    ("riftlog.rules.interpreter.kills", "riftlog.rules.interpreter.effects"),
    ("riftlog.rules.interpreter.kills", "riftlog.rules.interpreter.replacement_effects"),
    ("riftlog.rules.interpreter.kills", "riftlog.rules.interpreter.triggers"),
})


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def layer_of(name: str) -> int | None:
    """The index in :data:`LAYERS` of the most specific layer holding *name*."""
    best: tuple[int, int] | None = None   # (length of the package, layer)
    for i, packages in enumerate(LAYERS):
        for pkg in packages:
            if _within(name, pkg) and (best is None or len(pkg) > best[0]):
                best = (len(pkg), i)
    return None if best is None else best[1]


def late_module(name: str) -> str:
    """The module a late ``rules_module(name)`` look-up gives."""
    from riftlog.rules.board import core

    packages: dict[str, str] = getattr(core, "_PACKAGES", {})
    return f"riftlog.rules.{packages[name]}.{name}" if name in packages else f"riftlog.rules.{name}"


def imports(path: Path, me: str | None = None) -> Iterator[tuple[int, str, bool, str]]:
    """``(line, imported module, inside a function, source line)`` for every riftlog import
    of the module at *path* (named *me*, else by its place under ``riftlog/``)."""
    text = path.read_text()
    lines = text.splitlines()
    tree = ast.parse(text)
    me = me or module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]

    def visit(node: ast.AST, in_function: bool) -> Iterator[tuple[int, str, bool, str]]:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            names: list[str] = []
            if isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*up, base] if base else up)
                names = [f"{base}.{a.name}" for a in child.names]
            elif (isinstance(child, ast.Call) and isinstance(child.func, ast.Name)
                  and child.func.id in ("rules_module", "_mod") and child.args
                  and isinstance(child.args[0], ast.Constant)):
                names = [late_module(str(child.args[0].value))]
            for n in names:
                if n.startswith("riftlog"):
                    yield child.lineno, n, in_function, lines[child.lineno - 1]
            yield from visit(child, inner)

    yield from visit(tree, False)


def _is_encoding(name: str) -> bool:
    return _within(name, "riftlog.cards.sets") and (
        ".encodings" in name or name.endswith(".exemplars"))


def problems(seen_cycles: set[tuple[str, str]] | None = None) -> list[str]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        me = module_name(path)
        where = path.relative_to(ROOT.parent)
        for line, target, in_function, source in imports(path):
            for low, banned in NEVER.items():
                if _within(me, low) and not _within(me, "riftlog.cards.sets"):
                    for b in banned:
                        if _within(target, b):
                            out.append(f"{where}:{line}: {me} imports {target} ({low} never imports {b})")
            mine, theirs = layer_of(me), layer_of(target)
            if mine is not None and theirs is not None and theirs > mine:
                out.append(f"{where}:{line}: {LAYERS[mine][0]} imports {target} from the higher layer "
                           f"{LAYERS[theirs][0]}")
            if (_is_encoding(me) and _within(target, "riftlog.rules")):
                out.append(f"{where}:{line}: the encodings {me} import {target}; encodings are "
                           "plain vocabulary data (the card catalog loads them without the engine)")
            elif (_within(me, "riftlog.cards.sets") and _within(target, "riftlog.rules")
                    and not _within(target, "riftlog.rules.card_api")):
                out.append(f"{where}:{line}: card code imports {target}; card code reaches the "
                           "engine through riftlog.rules.card_api only")
            if in_function and (me, target) in KNOWN_CYCLES and layer_of(target) == mine:
                if seen_cycles is not None:
                    seen_cycles.add((me, target))
                continue
            if (in_function and mine is not None and LAZY_MARK not in source):
                out.append(f"{where}:{line}: function-level import of {target} (import at the top, "
                           f"or say why on the line: '{LAZY_MARK} ...')")
    return out


def test_imports_point_one_way() -> None:
    seen: set[tuple[str, str]] = set()
    found = problems(seen)
    assert not found, "layering broken:\n" + "\n".join(found)
    assert seen == KNOWN_CYCLES, f"late imports gone from the code, drop them: {KNOWN_CYCLES - seen}"


@pytest.mark.parametrize(("importer", "imported", "ok"), [
    ("riftlog.rules.board.state", "riftlog.rules.flow.turn", False),
    ("riftlog.rules.flow.turn", "riftlog.rules.board.state", True),
    ("riftlog.rules.interpreter.triggers", "riftlog.rules.playing.abilities", False),
    ("riftlog.rules.engine", "riftlog.rules.flow.turn", True),
    ("riftlog.cards.sets.ogn.kill_effects", "riftlog.rules.card_api", True),
])
def test_layer_order(importer: str, imported: str, ok: bool) -> None:
    """The checker itself: what it accepts and what it refuses."""
    mine, theirs = layer_of(importer), layer_of(imported)
    assert mine is not None and theirs is not None
    assert (theirs <= mine) is ok


def test_checker_sees_a_late_upward_import(tmp_path: Path) -> None:
    """A function-level import is seen (so a dodge cannot hide from the test), and so is a
    late ``rules_module`` look-up."""
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from riftlog.rules.flow import turn\n    return turn\n\n\n"
                     "def g():\n    return rules_module('triggers').fire\n")
    found = [(n, inner) for _, n, inner, _ in imports(probe, "riftlog.rules.board.probe")]
    assert found == [("riftlog.rules.flow.turn", True), ("riftlog.rules.interpreter.triggers", True)]
    assert layer_of("riftlog.rules.board.probe") < layer_of("riftlog.rules.flow.turn")  # type: ignore[operator]
