"""Seeded randomness with commit-reveal: how riftlog draws a game's random outcomes.

A game created with ``randomness="seeded"`` stores ``sha256(seed)`` as
:attr:`GameCreated.seed_commitment`.  Every random outcome the engine asks for (deck
orders after shuffles, the first player, random battlefields) is then drawn here, outside
the pure engine, from a generator seeded by ``sha256(seed | seq)`` where *seq* is the seq
the outcome event gets.  The outcomes are stored as ordinary events, so the game can be
rebuilt without the seed; when the game ends the seed is revealed (``SeedRevealed``) and
the replayer redraws every outcome and checks it is the one stored.  Nobody can later
claim a different deck order, and nobody could predict one while the seed was secret.

Until the reveal, the seed is kept by a :class:`SeedKeeper`: by default a file per game
in a ``<database>.secrets`` folder next to the SQLite file (mode 0600), or the folder
named by ``RIFTLOG_SECRETS``.  A seed that is guessable (``42``) makes the commitment
worthless; :func:`new_seed` makes an unguessable one.
"""

from __future__ import annotations

import hashlib
import os
import random
import secrets
from pathlib import Path

from riftlog.errors import RecorderError
from riftlog.events.decisions import (
    BattlefieldSelected,
    DeckOrderRecorded,
    FirstPlayerChosen,
    RandomOutcome,
)
from riftlog.rules.board.core import Request
from riftlog.rules.board.state import GameState

__all__ = ["SECRETS_ENV", "SeedKeeper", "commitment", "draw_outcome", "new_seed", "outcome_rng",
           "pick_outcome"]

#: Environment variable naming the folder where unrevealed seeds are kept.
SECRETS_ENV = "RIFTLOG_SECRETS"


def new_seed() -> str:
    """A fresh, unguessable seed (128 random bits as hex)."""
    return secrets.token_hex(16)


def commitment(seed: str) -> str:
    """The SHA-256 (hex) of *seed*: what GameCreated stores before the seed is revealed."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def outcome_rng(seed: str, seq: int) -> random.Random:
    """The generator for the random outcome stored at *seq*: ``sha256(seed|seq)``."""
    digest = hashlib.sha256(f"{seed}|{seq}".encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))


def draw_outcome(state: GameState, request: Request, seed: str, seq: int) -> RandomOutcome:
    """The random outcome answering *request* (``player is None``) when stored at *seq*.

    The derivation is part of the stored format (a replayer redraws it to check a
    commitment): change it only together with a new ``randomness`` kind.
    """
    outcome = pick_outcome(state, request, outcome_rng(seed, seq))
    if outcome is None:
        raise RecorderError(f"riftlog cannot draw a random outcome for {request.kind} "
                            f"({', '.join(request.decisions)})")
    return outcome


def pick_outcome(state: GameState, request: Request, rng: random.Random) -> RandomOutcome | None:
    """The random outcome answering *request* (``player is None``), drawn from *rng*.

    Shared by :func:`draw_outcome` (seeded games) and the bot
    (:func:`riftlog.rules.bot.random_outcome`); None when the request asks for a kind of
    outcome neither can draw (each caller raises its own error).
    """
    opts = request.options
    if "DeckOrderRecorded" in request.decisions:
        rand = list(opts["randomize"])
        rng.shuffle(rand)
        return DeckOrderRecorded(player=opts["player"], deck=opts["deck"],
                                 order=(*opts["keep"], *rand))
    if "FirstPlayerChosen" in request.decisions:
        players = [p for p in opts["players"] if not state.players[p].eliminated]
        return FirstPlayerChosen(player=rng.choice(players))
    if "BattlefieldSelected" in request.decisions:
        return BattlefieldSelected(player=opts["player"], battlefield=rng.choice(list(opts["battlefields"])))
    return None


class SeedKeeper:
    """Keeps each seeded game's seed secret until it is revealed (one file per game)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @classmethod
    def for_database(cls, db_path: Path | None) -> SeedKeeper:
        """The keeper for a store: ``RIFTLOG_SECRETS``, else ``<db file>.secrets``, else ./."""
        env = os.environ.get(SECRETS_ENV)
        if env:
            return cls(Path(env).expanduser())
        if db_path is not None:
            return cls(db_path.with_name(db_path.name + ".secrets"))
        return cls(Path("riftlog.secrets").absolute())

    def _file(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.seed"

    def put(self, game_id: str, seed: str) -> Path:
        """Store *seed* for *game_id* (readable by its owner only); returns the file."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self._file(game_id)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(seed)
        return path

    def get(self, game_id: str) -> str | None:
        """The kept seed of *game_id*, or None."""
        path = self._file(game_id)
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
