"""riftlog: an event-sourced match recorder, replayer and judge for Riftbound.

Layers (imports point down only)::

    riftlog.cli                      thin command line over the library
    riftlog.recorder / replay / ...  use cases
    riftlog.rules                    pure rules engine (no I/O, clock or randomness)
    riftlog.cards                    card catalog: facts + our own ability encoding
    riftlog.events                   event payloads, envelope, canonical JSON, hashing
    riftlog.store                    append-only persistence (never imports rules)
"""

from __future__ import annotations

__version__ = "0.1.0"
ENGINE_VERSION = __version__

__all__ = ["ENGINE_VERSION", "__version__", "build_info", "compiled_modules", "plural"]


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """*n* and the noun in the number it takes: ``1 game``, ``2 games``, ``0 games``
    (*nouns*: the plural when it is not *noun* + ``s``)."""
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"


def compiled_modules() -> list[str]:
    """The riftlog modules this interpreter loads compiled (mypyc's C extensions, made by
    ``RIFTLOG_COMPILE=1 pip install ...``; see README, "Compiled build"), by name; empty for
    the pure Python build.  Nothing is imported to tell."""
    from importlib.machinery import EXTENSION_SUFFIXES  # lazy: only the benchmarks ask
    from pathlib import Path

    root = Path(__file__).resolve().parent
    found = []
    for suffix in EXTENSION_SUFFIXES:
        for ext in root.rglob(f"*{suffix}"):
            source = ext.with_name(ext.name[: -len(suffix)] + ".py")
            if source.is_file():  # a module's extension shadows its source
                found.append(".".join(source.relative_to(root.parent).with_suffix("").parts))
    return sorted(set(found))


def build_info() -> str:
    """Which build runs, in words: ``"compiled (mypyc): 70 modules"`` or ``"pure Python"``."""
    compiled = compiled_modules()
    return f"compiled (mypyc): {plural(len(compiled), 'module')}" if compiled else "pure Python"
