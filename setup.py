"""Build hook: ship the top-level ``migrations/`` folder inside the wheel.

The Alembic scripts live in ``migrations/`` at the top of the source tree (the only way
the schema is made or changed).  A wheel gets a copy as the package data folder
``riftlog/_migrations``, which :func:`riftlog.store.migrate.migrations_dir` finds first;
an editable install finds the checkout's ``migrations/`` instead.  Everything else about
the package is declared in ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup  # type: ignore[import-untyped]
from setuptools.command.build_py import build_py  # type: ignore[import-untyped]

HERE = Path(__file__).resolve().parent


class BuildPyWithMigrations(build_py):  # type: ignore[misc]
    """``build_py`` that also copies ``migrations/`` to ``riftlog/_migrations``."""

    def run(self) -> None:
        super().run()
        source = HERE / "migrations"
        if not (source / "env.py").is_file():
            raise SystemExit(f"cannot build riftlog: {source} is missing")
        target = Path(self.build_lib) / "riftlog" / "_migrations"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithMigrations})
