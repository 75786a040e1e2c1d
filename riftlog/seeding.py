"""Seeded randomness with commit-reveal: how riftlog draws a game's random outcomes.

A game created with ``randomness="seeded"`` stores ``sha256(seed)`` as
:attr:`GameCreated.seed_commitment`.  Every random outcome the engine asks for (deck
orders after shuffles, the first player, random battlefields) is then drawn here, outside
the pure engine, from a generator seeded by ``sha256(seed | seq)`` where *seq* is the seq
the outcome event gets.  The outcomes are stored as ordinary events, so the game can be
rebuilt without the seed; when the game ends the seed is revealed (``SeedRevealed``) and
the replayer redraws every outcome and checks it is the one stored.  Nobody can later
claim a different deck order, and nobody could predict one while the seed was secret.

Until the reveal, the seed is kept by a :class:`SeedKeeper`, outside the database (which
every recorder and judge of the store reads), one file per game:
``<keeper folder>/<store id>/<game id>.seed``, readable by its owner only (folders 0700,
files 0600).  The store id is a random id the store records when it is created
(:attr:`riftlog.store.EventStore.store_id`), so two stores with a game ``g1`` never share
a seed.  The keeper folder is, first found: ``--secrets DIR``, ``RIFTLOG_SECRETS``, a
``<file>.secrets`` folder next to a SQLite store, else the user's own
``$XDG_DATA_HOME/riftlog/secrets`` (``~/.local/share/riftlog/secrets``).  A kept seed is
never overwritten.  A second recorder (another machine writing to the same PostgreSQL
store) continues a seeded game once it has the seed file: copy
``<store id>/<game id>.seed`` into its keeper folder, or point ``RIFTLOG_SECRETS`` at a
folder both can read.  A seed that is guessable (``42``) makes the commitment worthless;
:func:`new_seed` makes an unguessable one.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import secrets
from pathlib import Path
from typing import Any

from riftlog.errors import RecorderError
from riftlog.events.decisions import (
    BattlefieldSelected,
    DeckOrderRecorded,
    FirstPlayerChosen,
    RandomOutcome,
)
from riftlog.rules.board.core import Request
from riftlog.rules.board.state import GameState
from riftlog.store.snapshot_key import SECRETS_ENV, default_secrets_folder, secrets_folder

__all__ = ["SECRETS_ENV", "SeedKeeper", "commitment", "default_secrets_folder", "draw_outcome",
           "new_seed", "outcome_rng", "pick_outcome"]

#: Environment variable naming the folder where unrevealed seeds are kept.
_STORE_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")


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
    """Keeps each seeded game's seed secret until it is revealed: one file per game, under
    a folder per store (``<folder>/<store id>/<game id>.seed``, see the module docstring).

    A keeper made without a store id (``SeedKeeper(folder)``) is bound to one by the
    recorder (:meth:`bound`) before it keeps or finds anything.
    """

    def __init__(self, folder: Path, store_id: str | None = None) -> None:
        self.folder = folder
        if store_id is not None and not _STORE_ID.fullmatch(store_id):
            raise RecorderError(f"store id {store_id!r} cannot name a seed folder")
        self.store_id = store_id

    @classmethod
    def for_store(cls, store: Any, folder: str | Path | None = None) -> SeedKeeper:
        """The keeper of *store*'s seeds, in its secrets folder
        (:func:`riftlog.store.snapshot_key.secrets_folder`: *folder* (``--secrets``), else
        ``RIFTLOG_SECRETS``, else ``<db file>.secrets`` for a SQLite store, else the user's
        own folder)."""
        path = getattr(getattr(store, "target", None), "path", None)
        return cls(secrets_folder(path, folder), store.store_id)

    def bound(self, store_id: str) -> SeedKeeper:
        """This keeper, for the seeds of the store *store_id*."""
        return self if self.store_id == store_id else SeedKeeper(self.folder, store_id)

    def file(self, game_id: str) -> Path:
        """Where the seed of *game_id* is kept."""
        if self.store_id is None:
            raise RecorderError("the seed keeper is not bound to a store")
        return self.folder / self.store_id / f"{game_id}.seed"

    def put(self, game_id: str, seed: str) -> Path:
        """Keep *seed* for *game_id* (readable by its owner only); returns the file.

        A seed already kept for the game is never overwritten: the same seed again is
        fine, a different one is refused.
        """
        path = self.file(game_id)
        for folder in (self.folder, path.parent):
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            if self._read(path) == seed:
                return path
            raise RecorderError(f"a different seed of game {game_id} is already kept in {path}; "
                                "riftlog never overwrites a kept seed (it would break that "
                                "game's commitment)") from None
        except OSError as exc:
            raise RecorderError(f"cannot keep the seed of game {game_id} in {path}: "
                                f"{exc.strerror or exc}") from None
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(seed)
        return path

    def get(self, game_id: str, commitment_: str | None = None) -> str | None:
        """The kept seed of *game_id*, or None.  With *commitment_*, a seed kept where
        riftlog kept seeds before store ids (``<folder>/<game id>.seed``, or
        ``./riftlog.secrets/<game id>.seed`` for a server store) is found too, if it
        matches the commitment."""
        seed = self._read(self.file(game_id))
        if seed is not None or commitment_ is None:
            return seed
        for old_folder in (self.folder, Path("riftlog.secrets")):
            old = self._read(old_folder / f"{game_id}.seed")
            if old is not None and commitment(old) == commitment_:
                return old
        return None

    @staticmethod
    def _read(path: Path) -> str | None:
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise RecorderError(f"cannot read the seed in {path}: {exc.strerror or exc}") from None
