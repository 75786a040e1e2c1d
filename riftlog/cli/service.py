"""``riftlog serve`` (the HTTP service) and ``riftlog token`` (its tokens).

Thin: parse, call :mod:`riftlog.service.server` / :mod:`riftlog.service.access`, format.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from riftlog.cli import db_url, handle_errors, main, open_store

if TYPE_CHECKING:
    from riftlog.store import EventStore


@main.command("serve")
@click.option("--db", "db", metavar="URL", default=None,
              help="Database URL or SQLite file (default: $RIFTLOG_DB, else ./riftlog.db).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (behind a reverse proxy, keep 127.0.0.1).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (more than one on PostgreSQL only).")
@click.option("--secrets", "secrets_dir", metavar="DIR", default=None,
              help="Folder keeping the seeds of seeded games (as for riftlog --secrets).")
@click.option("--log-level", type=click.Choice(["critical", "error", "warning", "info", "debug"]),
              default="info", show_default=True, help="How much the server logs.")
@handle_errors
def serve_cmd(db: str | None, host: str, port: int, workers: int, secrets_dir: str | None,
              log_level: str) -> None:
    """Serve the store over HTTP: the replay service (OpenAPI at /openapi.json, docs at
    /docs).  Needs the service extra: pip install 'riftlog[service]'.

    Callers authenticate with a token (`riftlog token create`) as
    'Authorization: Bearer TOKEN'.  Several --workers need PostgreSQL.

    The same server serves the web pages: open http://127.0.0.1:8000/ for the game
    list, /replay/GAME for a replay, /record/GAME to record by clicking.  Without a
    token a visitor sees only finished games made public; paste a token in the page's
    Token box to see more (e.g. one from
    `riftlog token create --role judge --name Ann --game demo-dispute`).

    \b
    Example:
        riftlog serve                                  # ./riftlog.db on 127.0.0.1:8000
        riftlog serve --db postgresql://riftlog@/riftlog --workers 4
    """
    try:
        from riftlog.service.server import serve
    except ImportError as exc:
        raise click.ClickException(f"riftlog serve needs the service extra ({exc.name} is "
                                   "missing): pip install 'riftlog[service]'") from None
    ctx: click.Context | None = click.get_current_context()
    url = db or db_url(ctx)
    while secrets_dir is None and ctx is not None:  # the group's --secrets
        if isinstance(ctx.obj, dict):
            secrets_dir = ctx.obj.get("secrets")
        ctx = ctx.parent
    serve(url, host=host, port=port, workers=workers, secrets_dir=secrets_dir,
          log_level=log_level)


@main.group("token")
def token_group() -> None:
    """Tokens of the HTTP service: create (the secret is shown once), list, revoke.

    \b
    Example:
        riftlog token create --role organiser --name "Open 2026" --tournament t1
        riftlog token create --role player --name Alice --game g1 --seat p1
        riftlog token list
        riftlog token revoke 3f2a9c1b7d04
    """


@token_group.command("create")
@click.option("--role", required=True,
              type=click.Choice(["organiser", "recorder", "player", "judge", "spectator"]),
              help="What the token may do (see riftlog.service.access).")
@click.option("--name", required=True, help="Who holds it (a judge's name signs judge events).")
@click.option("--tournament", "tournament_id", default=None, metavar="T",
              help="Scope: tournament T (organiser; judge or spectator).")
@click.option("--game", "game_id", default=None, metavar="G",
              help="Scope: game G (recorder, player; judge or spectator).")
@click.option("--seat", default=None, metavar="P", help="A player's seat (p1).")
@click.option("--json", "as_json", is_flag=True, help="Print the token as JSON.")
@click.option("--db", "db", metavar="URL", default=None, help="Database URL or SQLite file.")
@handle_errors
def token_create(role: str, name: str, tournament_id: str | None, game_id: str | None,
                 seat: str | None, as_json: bool, db: str | None) -> None:
    """Create a token; its secret is printed once (only its SHA-256 is stored).

    \b
    Example:
        riftlog token create --role judge --name "J. Doe" --tournament t1
        riftlog token create --role spectator --name stream --game g1
    """
    from riftlog.service.access import create_token

    store = _store(db)
    if game_id is not None:
        store.game(game_id)  # an unknown game is refused here, naming it
    info, secret = create_token(store, role, name, tournament_id=tournament_id,
                                game_id=game_id, seat=seat)
    if as_json:
        click.echo(json.dumps({**info.to_json(), "secret": secret}, indent=2))
        return
    click.echo(f"token {info.id}: {info.grant().describe()}")
    click.echo(f"secret (shown once, keep it safe): {secret}")


@token_group.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--db", "db", metavar="URL", default=None, help="Database URL or SQLite file.")
@handle_errors
def token_list(as_json: bool, db: str | None) -> None:
    """List the tokens (never their secrets).

    \b
    Example:
        riftlog token list
    """
    from riftlog.service.access import list_tokens

    tokens = list_tokens(_store(db))
    if as_json:
        click.echo(json.dumps([t.to_json() for t in tokens], indent=2))
        return
    if not tokens:
        click.echo("no tokens yet (riftlog token create)")
    for t in tokens:
        state = f"revoked {t.revoked_at[:19]}" if t.revoked_at else "active"
        click.echo(f"{t.id}  {t.grant().describe()}  created {t.created_at[:19]}  {state}")


@token_group.command("revoke")
@click.argument("token_id")
@click.option("--db", "db", metavar="URL", default=None, help="Database URL or SQLite file.")
@handle_errors
def token_revoke(token_id: str, db: str | None) -> None:
    """Revoke the token TOKEN_ID: refused from the next request on.

    \b
    Example:
        riftlog token revoke 3f2a9c1b7d04
    """
    from riftlog.service.access import revoke_token

    info = revoke_token(_store(db), token_id)
    click.echo(f"token {info.id} ({info.grant().describe()}) revoked at {info.revoked_at}")


def _store(db: str | None) -> EventStore:
    ctx = click.get_current_context()
    if db is not None:
        ctx.ensure_object(dict)
        ctx.obj["db"] = db
    return open_store(ctx)
