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

__all__ = ["ENGINE_VERSION", "__version__", "plural"]


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """*n* and the noun in the number it takes: ``1 game``, ``2 games``, ``0 games``
    (*nouns*: the plural when it is not *noun* + ``s``)."""
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"
