"""A forger with write access to the database but not the signing key (issue 16).

:func:`rewrite` replaces a game's events by any others and recomputes everything the
database holds: every prev hash and hash, the head and the seal.  The result is a
legal-looking history that ``EventStore.verify`` accepts; only evidence kept outside the
database (a trusted key's checkpoint, a player's receipt) can tell.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text

from riftlog.events import GENESIS_HASH, canonical_json
from riftlog.store import EventStore
from riftlog.store.codec import body_text, event_hash

#: (type, schema version, actor, payload JSON text, client event id, recorded at)
Body = tuple[str, int, str | None, str, str | None, str]


def bodies(store: EventStore, game_id: str) -> list[Body]:
    """The stored events of *game_id*, in seq order, as the forger reads them."""
    with store.engine.connect() as conn:
        rows = conn.execute(text(
            "SELECT type, schema_version, actor, payload, client_event_id, recorded_at "
            "FROM events WHERE game_id = :g ORDER BY seq"), {"g": game_id}).all()
    return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]


def disarm(store: EventStore) -> None:
    """What the forger does first: switch off the append-only triggers (as the owner)."""
    with store.engine.begin() as conn:
        if store.target.backend == "sqlite":
            for name in ("events_no_update", "events_no_delete", "checkpoints_no_update",
                         "checkpoints_no_delete"):
                conn.execute(text(f"DROP TRIGGER IF EXISTS {name}"))
        else:
            for table in ("events", "games", "checkpoints"):
                conn.execute(text(f"ALTER TABLE {table} DISABLE TRIGGER USER"))


def rewrite(store: EventStore, game_id: str, new: list[Body], *, sealed: bool = True,
            drop_checkpoints: bool = False) -> str:
    """Replace *game_id*'s events by *new*, recompute the chain, head and seal; return the
    new head hash.  With *drop_checkpoints* the game's checkpoints are deleted too."""
    disarm(store)
    pg = store.target.backend == "postgresql"
    with store.engine.begin() as conn:
        g = {"g": game_id}
        conn.execute(text("DELETE FROM snapshots WHERE game_id = :g"), g)
        conn.execute(text("DELETE FROM events WHERE game_id = :g"), g)
        if drop_checkpoints:
            conn.execute(text("DELETE FROM checkpoints WHERE game_id = :g"), g)
        prev = GENESIS_HASH
        position = "nextval('events_position_seq'), " if pg else ""
        for seq, (type_, version, actor, payload, cid, at) in enumerate(new, 1):
            h = event_hash(prev, body_text(game_id, seq, type_, version, actor, payload, cid,
                                           at).encode())
            conn.execute(text(
                f"INSERT INTO events ({'position, ' if pg else ''}game_id, seq, type, "
                "schema_version, actor, payload, client_event_id, recorded_at, prev_hash, hash) "
                f"VALUES ({position}:g, :s, :t, :v, :a, :p, :c, :r, :prev, :h)"),
                {**g, "s": seq, "t": type_, "v": version, "a": actor, "p": payload, "c": cid,
                 "r": at, "prev": prev, "h": h})
            prev = h
        conn.execute(text(
            "UPDATE games SET last_seq = :n, last_hash = :h, status = :st, seal_hash = :seal "
            "WHERE id = :g"),
            {**g, "n": len(new), "h": prev, "st": "sealed" if sealed else "open",
             "seal": prev if sealed else None})
    return prev


def with_payload(body: Body, change: dict[str, Any]) -> Body:
    """A new event like *body* with its payload's top-level fields changed (kept canonical;
    no client event id, since those are unique)."""
    payload = {**json.loads(body[3]), **change}
    return (body[0], body[1], body[2], canonical_json(payload), None, body[5])


def swap_player_names(body: Body) -> Body:
    """A ``GameCreated`` body with its two players' names swapped."""
    players = json.loads(body[3])["players"]
    a, b = players[0]["name"], players[1]["name"]
    players[0]["name"], players[1]["name"] = b, a
    swapped = with_payload(body, {"players": players})
    return (*swapped[:4], body[4], body[5])
