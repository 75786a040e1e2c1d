"""Helpers of the service tests: what the store holds, to show a request wrote nothing."""

from __future__ import annotations

from sqlalchemy import func, select

from riftlog.store.models import Event, Game, GameAccess, Match, ServiceToken, Tournament
from tests.service.conftest import World


def fingerprint(world: World) -> tuple[int, ...]:
    """Counts of every table a request could write."""
    with world.store.engine.connect() as conn:
        return tuple(int(conn.execute(select(func.count()).select_from(t)).scalar_one())
                     for t in (Event, Game, Match, Tournament, GameAccess, ServiceToken))
