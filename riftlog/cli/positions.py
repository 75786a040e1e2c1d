"""``riftlog position check`` and ``riftlog position moves``: a judge's questions about a
board set up as a position (``docs/positions.md``).  Thin over :mod:`riftlog.positions`."""

from __future__ import annotations

import sys

import click

from riftlog.cli import handle_errors, main

#: Exit status of ``position check`` when the decision is illegal.
EXIT_ILLEGAL = 2


@main.group("position")
def position_group() -> None:
    """Positions: one moment of a game as text, and the rules' answers about it.

    \b
    Example:
        riftlog state g1 --at 40 --position > board.txt
        riftlog position moves board.txt
        riftlog position check board.txt '{"type": "TurnEnded", "player": "p1"}'
    """


@position_group.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("decision")
@handle_errors
def position_check(file: str, decision: str) -> None:
    """Is DECISION (JSON with a "type") legal in the position of FILE?  Prints the verdict
    with each rule it breaks; exit 2 when it is illegal.

    \b
    Example:
        riftlog position check board.txt '{"type": "TurnEnded", "player": "p2"}'
    """
    from riftlog.positions import check_decision, read_position

    verdict = check_decision(read_position(file), decision)
    click.echo(f"position awaits: {verdict.awaited}")
    for line in verdict.lines():
        click.echo(line)
    if verdict.verdict != "legal":
        sys.exit(EXIT_ILLEGAL)


@position_group.command("moves")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--limit", type=click.IntRange(min=1), default=200, show_default=True,
              help="List at most this many decisions.")
@handle_errors
def position_moves(file: str, limit: int) -> None:
    """List what the position of FILE awaits and every legal decision of the player awaited,
    in the notation and as JSON (one payment per play; a damage split as one legal split
    and the constraint every other must keep).

    \b
    Example:
        riftlog position moves board.txt
    """
    from riftlog.positions import legal_moves, read_position

    moves = legal_moves(read_position(file), limit)
    click.echo(f"awaits: {moves.awaited}")
    for r in moves.requests:
        click.echo(f"  request: {r}")
    if not moves.moves:
        click.echo("no legal decision now")
    for line, data in zip(moves.notation, moves.moves, strict=True):
        click.echo(f"  {line}    {data}")
    if not moves.complete:
        click.echo(f"(the first {limit} legal decisions: --limit lists more)")
