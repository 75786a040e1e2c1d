"""Store commands: ``db upgrade``, ``db status``, ``db grant``, ``games``, ``events``,
``append``, ``verify``, ``seal`` and ``schema``.  Thin over :class:`riftlog.store.EventStore`."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from riftlog.cli import (
    EXIT_ERROR,
    acting,
    as_option,
    db_option,
    db_url,
    handle_errors,
    main,
    open_store,
)


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


@db.command("grant")
@db_option
@click.argument("role")
@click.option("--apply", is_flag=True, help="Run the statements (as the owner role) instead "
              "of printing them.")
@handle_errors
def db_grant(role: str, apply: bool) -> None:
    """Give a PostgreSQL runtime ROLE what recording needs, and no more (it owns no table).

    Run it connected as the owner role (the one that ran `db upgrade`); the service then
    connects as ROLE.  ROLE can append and read, and seal at the head; it cannot change or
    delete events, move a game's head, disable a trigger or truncate.  Without --apply the
    SQL is printed for review.

    \b
    Example:
        riftlog --db postgresql://owner@db/riftlog db grant recorder --apply
    """
    from riftlog.store.roles import grant_runtime_role

    store = open_store()
    for sql in grant_runtime_role(store, role, apply=apply):
        click.echo(sql + ";")
    if apply:
        click.echo(f"-- applied to {store.where}: connect the service as {role}")


# --- games and events --------------------------------------------------------------


@main.command("games")
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@handle_errors
def games(as_json: bool) -> None:
    """List the stored games: information level (full, paper, seat P), players (and
    legends), result and score, status.

    \b
    Example:
        riftlog games
        riftlog games --json
    """
    from riftlog.errors import RiftlogError
    from riftlog.replay import game_overview

    store = open_store()
    rows = store.games()
    overviews: list[dict[str, str]] = []
    for g in rows:
        try:
            overviews.append(game_overview(store, g.id))
        except RiftlogError as exc:  # a game that cannot be folded is still listed
            overviews.append({"players": "", "result": f"cannot be read: {exc}", "score": "",
                              "information": ""})
    if as_json:
        click.echo(json.dumps([{**g.__dict__, **o} for g, o in zip(rows, overviews, strict=True)],
                              indent=2, ensure_ascii=False))
        return
    if not rows:
        click.echo("no games stored yet")
        return
    from rich.table import Table

    table = Table("game", "mode", "information", "players", "result", "score", "events",
                  "status", "rules", "created")
    for g, o in zip(rows, overviews, strict=True):
        table.add_row(
            g.id,
            g.mode,
            o["information"],
            o["players"],
            o["result"],
            o["score"],
            str(g.last_seq),
            g.status,
            g.rules_edition,
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
    """Show the events of GAME, in seq order: the judge's view (every payload whole,
    deck orders included; a note on stderr says so).  For what a player or spectator may
    see, use `riftlog transcript GAME --view WHO`.

    \b
    Example:
        riftlog events g1
        riftlog events g1 --from 10 --to 20 --json
    """
    stream = open_store().read(game, from_seq, to_seq, verify=verify)
    click.echo("note: this is the judge's view, the full record: deck orders, hands and "
               "face-down cards included; `riftlog transcript GAME --view WHO` shows what "
               "others may see", err=True)
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
@as_option
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
    help="Client event id (scoped to GAME): retrying with the same id never stores twice.",
)
@click.option(
    "--record-mode",
    is_flag=True,
    help="Keep an illegal decision (with its verdict) instead of refusing it.",
)
@handle_errors
def append(
    game: str,
    type_: str,
    payload: str,
    expected_seq: int | None,
    client_id: str | None,
    record_mode: bool,
) -> None:
    """Append one event to GAME, as --as WHO (default: $RIFTLOG_AS, else recorder:local).

    Nothing skips the rules engine: a note is stored as it is, a decision or recorded
    random outcome is judged like `riftlog play`, a judge event needs a judge identity
    and is signed with its name.  GameCreated (`riftlog new`) and SeedRevealed (the
    recorder reveals it) are refused.  The store stamps recorded_at.

    \b
    Example:
        riftlog append g1 --type NoteAdded --expected-seq 41 --as judge:judge-1 \\
            --payload '{"author": "judge-1", "text": "deck check at the table"}'
        riftlog append g1 --as p1 --type Conceded --payload '{"player": "p1"}'
    """
    from riftlog.errors import EventError
    from riftlog.events.canonical import loads
    from riftlog.recorder import append_event

    store = open_store()
    data = loads(payload, where="--payload")
    if not isinstance(data, dict):
        raise EventError(f"--payload must be a JSON object, got {type(data).__name__}")
    done = append_event(store, game, type_, data, actor=acting(), expected_seq=expected_seq,
                        client_event_id=client_id, mode="record" if record_mode else "strict")
    for stored in done.events:
        click.echo(f"game {game}: stored seq {stored.seq} ({stored.type}), hash {stored.hash}")
    for v in done.violations:
        click.echo(f"  kept although illegal: {v}")


# --- integrity ---------------------------------------------------------------------


@main.command("verify")
@db_option
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.option("--public-key", "public_keys", multiple=True, metavar="KEY|FILE",
              help="Trust this organiser's public key (riftlog-ed25519:..., or a file of them): "
              "every game must then carry a checkpoint it signed that the store still matches "
              "(default: the keys of $RIFTLOG_TRUSTED_KEYS, if set).")
@click.option("--receipt", "receipts", multiple=True, metavar="RECEIPT",
              help="Check a player's receipt (riftlog:GAME:SEQ:HASH) instead: the store still "
              "has that event at that seq, chain intact up to it.  Repeatable.")
@handle_errors
def verify(game: str | None, as_json: bool, public_keys: tuple[str, ...],
           receipts: tuple[str, ...]) -> None:
    """Recompute the hash chain of GAME (or of every game), check its seal and its signed
    checkpoints, and compare each stored snapshot with the state its events give (and its
    proof).

    Exits 1 and names the first bad seq of each game that does not verify, or the
    snapshot that differs from the events.  With --public-key, a game rewritten after it
    was signed (truncated, an event inserted, the players swapped, replaced) is named with
    the signed checkpoint's seq, and a game no trusted key signed is reported.  Without a
    trusted key, checkpoints are checked only against the keys they carry.

    \b
    Example:
        riftlog verify            # every game
        riftlog verify g1 --public-key organiser.pub
        riftlog verify --receipt riftlog:g1:57:3FA2C09B11D4E5F60718293A
    """
    from riftlog.reducer import check_snapshots
    from riftlog.store.checkpoints import ReceiptProblem, parse_receipt
    from riftlog.store.signing import trusted_keys

    store = open_store()
    if receipts:
        bad = 0
        for text in receipts:
            try:
                click.echo(store.check_receipt(parse_receipt(text)))
            except ReceiptProblem as exc:
                click.echo(f"error: {exc}", err=True)
                bad += 1
        if bad:
            sys.exit(EXIT_ERROR)
        return
    trusted = trusted_keys(public_keys) or None
    results = [store.verify(game)] if game else store.verify_all()
    signed = [store.verify_checkpoints(r.game_id, trusted, require=trusted is not None)
              for r in results]
    # issue 16: snapshots are checked against the events of every game whose chain holds
    snaps = {r.game_id: check_snapshots(store, r.game_id) for r in results if r.ok}
    if as_json:
        click.echo(json.dumps([{**r.__dict__, "checkpoints_ok": c.ok,
                                "checkpoint_problems": c.problems,
                                "checkpoint_bad_seq": c.bad_seq,
                                "signed_seqs": [cp.seq for cp in c.good],
                                "snapshots": {
            "ok": snaps[r.game_id].ok, "checked": snaps[r.game_id].checked,
            "unvouched": snaps[r.game_id].unvouched, "problems": snaps[r.game_id].problems,
        } if r.game_id in snaps else None} for r, c in zip(results, signed, strict=True)],
            indent=2))
    else:
        for r, c in zip(results, signed, strict=True):
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
            for line in c.lines():
                if not c.ok:
                    click.echo(f"error: {line}", err=True)
                elif c.good or trusted:
                    click.echo(line)
        if not results:
            click.echo("no games stored yet")
        elif trusted is None and any(c.good for c in signed):
            click.echo("(checkpoints checked against the keys they carry only: "
                       "pass --public-key to check them against the organiser's key)")
    if not all(r.ok for r in results) or not all(c.ok for c in signed) \
            or not all(c.ok for c in snaps.values()):
        sys.exit(EXIT_ERROR)


@main.command("seal")
@db_option
@click.argument("game")
@handle_errors
def seal(game: str) -> None:
    """Seal a finished GAME with its final hash; it then accepts no more events.

    The seed of a seeded game is revealed first (a SeedRevealed event), so anyone can
    check the commitment stored at its creation.  An unfinished game is refused: to end an
    abandoned game, a judge awards a game loss (`riftlog judge loss`), then seals it.
    With a signing key configured ($RIFTLOG_SIGNING_KEY_FILE) the seal is signed too.  The
    game's receipt is printed for the players to keep.

    \b
    Example:
        riftlog seal g1
    """
    from riftlog.recorder import seal_game

    store = open_store()
    digest = seal_game(store, game)
    click.echo(f"game {game}: sealed with hash {digest}")
    signed = [cp for cp in store.checkpoints(game) if cp.sealed]
    if signed:
        click.echo(f"signed at the seal with key {signed[-1].key_id}")
    click.echo(f"receipt: {store.receipt(game)}")


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
