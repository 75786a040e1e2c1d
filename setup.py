"""Build hook: ship the top-level ``migrations/`` and ``replays/`` folders inside the wheel.

The Alembic scripts live in ``migrations/`` at the top of the source tree (the only way
the schema is made or changed).  A wheel gets a copy as the package data folder
``riftlog/_migrations``, which :func:`riftlog.store.migrate.migrations_dir` finds first;
an editable install finds the checkout's ``migrations/`` instead.  Likewise the sample
decks and sample replays of ``replays/`` (made by ``python -m riftlog.samples replays``)
ship as ``riftlog/_replays``, found by :func:`riftlog.cards.decks.samples_dir`, so
``riftlog demo`` and ``--player p1:Alice:annie-dark-child`` work in any directory.
Everything else about the package is declared in ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup  # type: ignore[import-untyped]
from setuptools.command.build_py import build_py  # type: ignore[import-untyped]

HERE = Path(__file__).resolve().parent


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


setup(cmdclass={"build_py": BuildPyWithMigrations})
