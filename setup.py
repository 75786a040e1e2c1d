"""Build hook: ship the top-level ``migrations/`` and ``replays/`` folders inside the wheel.

The Alembic scripts live in ``migrations/`` at the top of the source tree (the only way
the schema is made or changed).  A wheel gets a copy as the package data folder
``riftlog/_migrations``, which :func:`riftlog.store.migrate.migrations_dir` finds first;
an editable install finds the checkout's ``migrations/`` instead.  Likewise the sample
decks and sample replays of ``replays/`` (made by ``python -m riftlog.samples replays``)
ship as ``riftlog/_replays``, found by :func:`riftlog.cards.decks.samples_dir`, so
``riftlog demo`` and ``--player p1:Alice:annie-dark-child`` work in any directory.
Everything else about the package is declared in ``pyproject.toml``.

Optional compiled build (issue 26): with ``RIFTLOG_COMPILE=1`` the rules engine's hot
modules (:data:`COMPILED`) are compiled to C extensions with mypyc (shipped with mypy, so
install without build isolation: ``RIFTLOG_COMPILE=1 pip install --no-build-isolation -e
'.[dev]'``).  If mypyc is missing or compiling fails, the build says why and installs the
pure Python package, which is also the default.  :func:`riftlog.build_info` tells which
build runs.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup  # type: ignore[import-untyped]
from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]
from setuptools.command.build_py import build_py  # type: ignore[import-untyped]

HERE = Path(__file__).resolve().parent

#: the modules the optional build compiles (globs under the project root): the engine's
#: per-decision path; ``riftlog.build_info()`` reads the same list's first module
COMPILED = [
    "riftlog/rules/engine.py",
    "riftlog/rules/board/*.py",
    "riftlog/rules/flow/*.py",
    "riftlog/rules/interpreter/*.py",
    "riftlog/rules/playing/*.py",
    "riftlog/rules/game_actions/*.py",
    "riftlog/snapshot_codec.py",  # a seek's load: the state built from its snapshot
]
#: modules of those globs left pure (see README, "Compiled build"); none now (session 12:
#: a class subclassing ``threading.local`` crashed the interpreter compiled, so none may)
PURE: set[str] = set()
#: the compiled modules' shared library: riftlog/_compiled__mypyc.*.so
GROUP = "riftlog._compiled"


#: top-level folder -> (package data folder, a file it must hold)
SHIPPED = {
    "migrations": ("_migrations", "env.py"),
    "replays": ("_replays", "decks/annie-dark-child.txt"),
}


class BuildPyWithMigrations(build_py):  # type: ignore[misc]
    """``build_py`` that also copies ``migrations/`` to ``riftlog/_migrations`` and
    ``replays/`` to ``riftlog/_replays``."""

    def run(self) -> None:
        super().run()
        for folder, (data, must_hold) in SHIPPED.items():
            source = HERE / folder
            if not (source / must_hold).is_file():
                raise SystemExit(f"cannot build riftlog: {source / must_hold} is missing")
            target = Path(self.build_lib) / "riftlog" / data
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(source, target,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def compiled_sources() -> list[str]:
    """The paths :data:`COMPILED` names, less :data:`PURE`, relative to the project root."""
    found = {str(p.relative_to(HERE)) for pattern in COMPILED for p in HERE.glob(pattern)
             if p.name != "__init__.py"}  # a compiled package gets a wrong __path__
    return sorted(found - PURE)


def stale_extensions() -> list[Path]:
    """Compiled modules a previous ``RIFTLOG_COMPILE=1`` editable install left in the tree."""
    return sorted(p for p in (HERE / "riftlog").rglob("*.so") if p.is_file())


class BuildExtOrPure(build_ext):  # type: ignore[misc]
    """``build_ext`` that falls back to the pure Python package when compiling fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # the compiler's or mypyc's error, whichever it is
            _say(f"compiling failed ({exc}); installing the pure Python build")
            self.extensions: list[Any] = []
            for stale in stale_extensions():
                stale.unlink()


def _say(message: str) -> None:
    print(f"riftlog: {message}", file=sys.stderr)


def compiled_extensions() -> list[Any]:
    """The mypyc extensions when ``RIFTLOG_COMPILE=1``, else none (the pure build); with
    ``RIFTLOG_COMPILE=0`` the compiled modules an earlier editable build left in the tree
    are removed (any other build, e.g. ``pip wheel .``, leaves the tree alone)."""
    wanted = os.environ.get("RIFTLOG_COMPILE")
    if wanted != "1":
        if wanted == "0":
            for stale in stale_extensions():
                stale.unlink()
        return []
    try:
        from mypyc.build import mypycify  # mypy's compiler
    except ImportError:
        _say("RIFTLOG_COMPILE=1 needs mypy (pip install mypy, then install with "
             "--no-build-isolation); installing the pure Python build")
        return []
    for stale in stale_extensions():  # an earlier build's modules (one may be pure now)
        stale.unlink()
    cwd = os.getcwd()
    os.chdir(HERE)  # mypycify names modules from paths relative to the project root
    try:
        return list(mypycify(compiled_sources(), opt_level=os.environ.get("RIFTLOG_OPT", "3"),
                             group_name=GROUP))
    except BaseException as exc:  # mypyc reports type errors by SystemExit
        _say(f"mypyc failed ({exc}); installing the pure Python build")
        return []
    finally:
        os.chdir(cwd)


setup(cmdclass={"build_py": BuildPyWithMigrations, "build_ext": BuildExtOrPure},
      ext_modules=compiled_extensions())
