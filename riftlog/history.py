"""Match histories as people read them: CSV (per game, per player) and transcripts.

These formats need the game as the engine sees it (the reducer, the replayer's verdicts
and the per-viewer redaction); they are filled in once those use cases exist.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import IO

from riftlog.export import ExportError
from riftlog.store import EventStore, GameInfo

OnGame = Callable[[GameInfo, int], None]


def _missing(fmt: str) -> ExportError:
    return ExportError(f"--format {fmt} needs the reducer and replayer, not in this build yet")


def write_csv(store: EventStore, games: Iterable[GameInfo], out: IO[str], *,
              view: str | None = None, on_game: OnGame | None = None) -> int:
    """One row per game."""
    raise _missing("csv")


def write_csv_players(store: EventStore, games: Iterable[GameInfo], out: IO[str], *,
                      view: str | None = None, on_game: OnGame | None = None) -> int:
    """One row per player and game."""
    raise _missing("csv-players")


def write_transcripts(store: EventStore, games: Iterable[GameInfo], out: IO[str], *,
                      view: str | None = None, on_game: OnGame | None = None) -> int:
    """Turn by turn transcripts."""
    raise _missing("transcript")
