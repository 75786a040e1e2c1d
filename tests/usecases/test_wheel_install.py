"""A built wheel works outside the checkout: ``riftlog demo`` and the README tour's deck
names run in an empty directory after the wheel is installed into a fresh venv.

The wheel is built from a copy of the source tree (setuptools, no build isolation: no
download) and installed with pip into a new venv without its dependencies; the venv sees
the dependencies of the environment running the tests through a ``.pth`` file (listed
after its own site-packages, so the installed riftlog is the one imported, never the
checkout's).  The checkout's ``replays/`` and ``migrations/`` are not reachable from the
temp directory: the wheel must ship them.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "alembic.ini", "riftlog",
           "migrations", "replays")


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    res = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, f"{args}: exit {res.returncode}\n{res.stdout}\n{res.stderr}"
    return res


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The bin folder of a fresh venv with the built wheel installed, and its environment."""
    top = tmp_path_factory.mktemp("wheel")
    src = top / "src"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.pyc", "*.egg-info", "_migrations", "_replays"))
        else:
            src.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "RIFTLOG_DB", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
          "-w", str(top / "dist"), str(src)], top, env)
    [wheel] = (top / "dist").glob("riftlog-*.whl")
    venv = top / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], top, env)
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
          "--no-index", str(wheel)], top, env)
    purelib = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                   top, env).stdout.strip()
    (Path(purelib) / "_riftlog_test_deps.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    return venv / "bin", env


def test_the_installed_riftlog_is_the_wheel_not_the_checkout(
        installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    bin_dir, env = installed
    where = _run([str(bin_dir / "python"), "-c", "import riftlog; print(riftlog.__file__)"],
                 tmp_path, env).stdout.strip()
    assert Path(where).is_relative_to(bin_dir.parent) and not Path(where).is_relative_to(ROOT)


def test_demo_runs_in_an_empty_directory_after_installing_the_wheel(
        installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    bin_dir, env = installed
    res = _run([str(bin_dir / "riftlog"), "demo"], tmp_path, env)
    assert "verified the hash chains of 4 games: all intact" in res.stdout
    assert "imported duel-01.json" in res.stdout and "replayed duel-disputed-rewind" in res.stdout
    assert (tmp_path / "riftlog-demo" / "exports" / "library.csv").is_file()
    assert "Traceback" not in res.stderr


def test_the_tour_takes_sample_decks_by_name_after_installing_the_wheel(
        installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    bin_dir, env = installed
    riftlog = str(bin_dir / "riftlog")
    samples = _run([riftlog, "deck", "samples"], tmp_path, env).stdout
    assert "annie-dark-child" in samples and str(bin_dir.parent) in samples
    check = _run([riftlog, "deck", "check", "annie-dark-child", "--mode", "duel"],
                 tmp_path, env).stdout
    assert check.startswith("annie-dark-child: legal for duel")
    _run([riftlog, "db", "upgrade"], tmp_path, env)
    made = _run([riftlog, "new", "g1", "--player", "p1:Alice:annie-dark-child",
                 "--player", "p2:Bob:garen-might-of-demacia", "--seed", "s3cret"], tmp_path, env)
    assert "game g1: created at seq" in made.stdout


def test_the_wheel_ships_the_web_pages(installed: tuple[Path, dict[str, str]],
                                       tmp_path: Path) -> None:
    bin_dir, env = installed
    listing = _run([str(bin_dir / "python"), "-c",
                    "from riftlog.web import STATIC; "
                    "print(STATIC); print(sorted(p.name for p in STATIC.iterdir()))"],
                   tmp_path, env).stdout
    where, names = listing.splitlines()
    assert Path(where).is_relative_to(bin_dir.parent)
    for name in ("index.html", "replay.html", "api.js", "board.js", "list.js", "replay.js",
                 "style.css"):
        assert name in names, name
