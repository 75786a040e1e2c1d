"""Store commands: ``db upgrade``, ``db status``, ``games``, ``events``, ``append``,
``verify``, ``seal`` and ``schema``.  Thin over :class:`riftlog.store.EventStore`."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from riftlog.cli import EXIT_ERROR, db_option, db_url, handle_errors, main, open_store


def _console() -> Any:
    from rich.console import Console

    # a wide console when piped, so tables are not cut to 80 columns
    return Console(width=None if sys.stdout.isatty() else 160, soft_wrap=False)


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- db ----------------------------------------------------------------------------


@main.group("db")
def db() -> None:
    """Create, migrate and inspect the database schema.

    \b
    Example:
        riftlog db upgrade
        riftlog --db postgresql://me@localhost/riftlog db status
    """


@db.command("upgrade")
@db_option
@click.option(
    "--to",
    "revision",
    default="head",
    show_default=True,
    metavar="REV",
    help="Schema revision to migrate to.",
)
@handle_errors
def db_upgrade(revision: str) -> None:
    """Create the database or migrate it to the current schema.

    A SQLite file that does not exist yet is created.  Migrations are the only way the
    schema is made or changed; running this again is harmless.

    \b
    Example:
        riftlog db upgrade                       # ./riftlog.db
        riftlog db upgrade --db games/club.db
    """
    from riftlog.store import EventStore

    with EventStore.open(db_url(), check=False, create=True) as store:
        before, after = store.upgrade(revision)
        if before == after:
            click.echo(f"database {store.where}: schema already at revision {after}")
        else:
            click.echo(
                f"database {store.where}: schema upgraded from {before or 'nothing'} to {after}"
            )


@db.command("status")
@db_option
@handle_errors
def db_status() -> None:
    """Show the database's schema revision and the one this riftlog needs.

    \b
    Example:
        riftlog db status
    """
    from riftlog.store import head_revision

    store = open_store(check=False)
    current = store.revision()
    head = head_revision()
    state = "up to date" if current == head else "run `riftlog db upgrade`"
    click.echo(f"database {store.where}: revision {current or 'none'}, needs {head} ({state})")


# --- games and events --------------------------------------------------------------


@main.command("games")
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@handle_errors
def games(as_json: bool) -> None:
    """List the stored games.

    \b
    Example:
        riftlog games
        riftlog games --json
    """
    rows = open_store().games()
    if as_json:
        click.echo(json.dumps([g.__dict__ for g in rows], indent=2, ensure_ascii=False))
        return
    if not rows:
        click.echo("no games stored yet")
        return
    from rich.table import Table

    table = Table("game", "mode", "rules", "catalog", "engine", "events", "status", "created")
    for g in rows:
        table.add_row(
            g.id,
            g.mode,
            g.rules_edition,
            g.catalog_version,
            g.engine_version,
            str(g.last_seq),
            g.status,
            g.created_at[:19],
        )
    _console().print(table)


@main.command("events")
@db_option
@click.argument("game")
@click.option(
    "--from",
    "from_seq",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="First seq to show.",
)
@click.option(
    "--to",
    "to_seq",
    type=click.IntRange(min=1),
    default=None,
    help="Last seq to show (default: the last).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print every event as one JSON object per line (the whole envelope).",
)
@click.option("--verify", is_flag=True, help="Check the hash chain while reading.")
@handle_errors
def events(game: str, from_seq: int, to_seq: int | None, as_json: bool, verify: bool) -> None:
    """Show the events of GAME, in seq order.

    \b
    Example:
        riftlog events g1
        riftlog events g1 --from 10 --to 20 --json
    """
    stream = open_store().read(game, from_seq, to_seq, verify=verify)
    if as_json:
        for ev in stream:
            click.echo(json.dumps(ev.model_dump(), ensure_ascii=False))
        return
    from rich.table import Table

    table = Table("seq", "type", "actor", "recorded at", "hash", "payload")
    for ev in stream:
        body = {k: v for k, v in ev.payload.items() if k != "type"}
        table.add_row(
            str(ev.seq),
            ev.type,
            ev.actor or "",
            ev.recorded_at[:19],
            ev.hash[:12],
            _short(json.dumps(body, ensure_ascii=False), 70),
        )
    _console().print(table)


@main.command("append")
@db_option
@click.argument("game")
@click.option("--type", "type_", required=True, metavar="TYPE", help="Event type, e.g. NoteAdded.")
@click.option("--payload", required=True, metavar="JSON", help="The payload as a JSON object.")
@click.option(
    "--expected-seq",
    type=click.IntRange(min=0),
    default=None,
    help="Seq of the last event you saw; refused if the game has moved on "
    "(default: the game's current last seq).",
)
@click.option(
    "--client-id",
    default=None,
    metavar="ID",
    help="Client event id: retrying with the same id never stores twice.",
)
@click.option("--actor", default=None, help="Who caused the event (player or judge id).")
@handle_errors
def append(
    game: str,
    type_: str,
    payload: str,
    expected_seq: int | None,
    client_id: str | None,
    actor: str | None,
) -> None:
    """Append one event to GAME (the payload is checked against its schema).

    \b
    Example:
        riftlog append g1 --type NoteAdded --expected-seq 41 \\
            --payload '{"author": "judge-1", "text": "deck check at the table"}'
    """
    from pydantic import ValidationError

    from riftlog.errors import EventError
    from riftlog.events import NewEvent
    from riftlog.events.canonical import loads

    store = open_store()
    data = loads(payload, where="--payload")
    if not isinstance(data, dict):
        raise EventError(f"--payload must be a JSON object, got {type(data).__name__}")
    expected = store.last_seq(game) if expected_seq is None else expected_seq
    try:
        new = NewEvent(type=type_, payload=data, actor=actor, client_event_id=client_id)
    except ValidationError as exc:
        raise EventError(f"event for game {game}: {exc.errors()[0]['msg']}") from None
    stored = store.append_one(game, new, expected)
    click.echo(f"game {game}: stored seq {stored.seq} ({stored.type}), hash {stored.hash}")


# --- integrity ---------------------------------------------------------------------


@main.command("verify")
@db_option
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@handle_errors
def verify(game: str | None, as_json: bool) -> None:
    """Recompute the hash chain of GAME (or of every game), check its seal, and compare
    each stored snapshot with the state its events give (and its proof).

    Exits 1 and names the first bad seq of each game that does not verify, or the
    snapshot that differs from the events.

    \b
    Example:
        riftlog verify            # every game
        riftlog verify g1
    """
    from riftlog.reducer import check_snapshots

    store = open_store()
    results = [store.verify(game)] if game else store.verify_all()
    # issue 16: snapshots are checked against the events of every game whose chain holds
    snaps = {r.game_id: check_snapshots(store, r.game_id) for r in results if r.ok}
    if as_json:
        click.echo(json.dumps([{**r.__dict__, "snapshots": {
            "ok": snaps[r.game_id].ok, "checked": snaps[r.game_id].checked,
            "unvouched": snaps[r.game_id].unvouched, "problems": snaps[r.game_id].problems,
        } if r.game_id in snaps else None} for r in results], indent=2))
    else:
        for r in results:
            if r.ok:
                click.echo(str(r))
            else:
                click.echo(f"error: {r}", err=True)
            check = snaps.get(r.game_id)
            if check is not None and not check.ok:
                for problem in check.problems:
                    click.echo(f"error: game {r.game_id}: {problem}", err=True)
            elif check is not None and check.checked:
                click.echo(f"  {check}")
        if not results:
            click.echo("no games stored yet")
    if not all(r.ok for r in results) or not all(c.ok for c in snaps.values()):
        sys.exit(EXIT_ERROR)


@main.command("seal")
@db_option
@click.argument("game")
@handle_errors
def seal(game: str) -> None:
    """Seal a finished GAME with its final hash; it then accepts no more events.

    \b
    Example:
        riftlog seal g1
    """
    digest = open_store().seal(game)
    click.echo(f"game {game}: sealed with hash {digest}")


@main.command("schema")
@handle_errors
def schema() -> None:
    """Print the JSON Schema of the event format (envelope and every payload type).

    \b
    Example:
        riftlog schema > riftlog-event.schema.json
    """
    from riftlog.events import event_json_schema

    click.echo(json.dumps(event_json_schema(), indent=2, ensure_ascii=False))
