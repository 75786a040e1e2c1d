"""``riftlog deck code`` and ``riftlog deck bans``: deck codes and the dated ban lists.

Thin over :mod:`riftlog.cards.deckcodes` and :mod:`riftlog.cards.banlists`.
"""

from __future__ import annotations

import click

from riftlog.cli import handle_errors
from riftlog.cli.cards import deck_group

#: riftlog.cards.deckcodes.VERSIONS and DEFAULT_VERSION (a test checks they agree): the
#: deck codes are imported lazily, inside the commands, for start-up time
VERSIONS = (1, 2, 3, 4, 5)
DEFAULT_VERSION = 5


@deck_group.command("code")
@click.argument("file")
@click.option("--version", "version", type=click.Choice([str(v) for v in VERSIONS]),
              default=str(DEFAULT_VERSION), show_default=True,
              help="Piltover Archive code version to write (1-5).")
@click.option("--tts", is_flag=True, help="Print the Tabletop Simulator string instead.")
@click.option("--text", is_flag=True, help="Print the deck as a text list instead.")
@handle_errors
def code(file: str, version: str, tts: bool, text: bool) -> None:
    """Print the Piltover Archive code of a deck FILE (a text list, a code or a TTS string).

    \b
    Example:
        riftlog deck code replays/decks/annie-dark-child.txt
        riftlog deck code replays/decks/annie-dark-child.txt --tts
        riftlog deck code CUCAMAICAAAA... --text      # a code back to a text list
    """
    from riftlog.cards.deckcodes import (  # lazy: start-up time
        code_from_deck,
        read_any_deck,
        tts_from_deck,
    )

    deck = read_any_deck(file)
    if text:
        click.echo(deck.to_text(), nl=False)
    elif tts:
        click.echo(tts_from_deck(deck))
    else:
        click.echo(code_from_deck(deck, int(version)))


@deck_group.command("bans")
@click.option("--ban-lists", default=None, metavar="FILE",
              help="A ban-list file (default: $RIFTLOG_BAN_LISTS, else the shipped lists).")
@handle_errors
def bans(ban_lists: str | None) -> None:
    """List the dated ban lists: format, the date each takes effect, what it bans.

    \b
    Example:
        riftlog deck bans
    """
    from riftlog.cards import load_catalog  # lazy: start-up time
    from riftlog.cards.banlists import load_ban_lists

    lists = load_ban_lists(ban_lists)
    cat = load_catalog()
    click.echo(f"ban lists from {lists.source}")
    for b in lists.lists:
        also = f" (with {', '.join(b.also)})" if b.also else ""
        click.echo(f"{b.format} from {b.effective.isoformat()}{also}:")
        for kind in ("legends", "cards", "battlefields"):
            for cid in sorted(b.banned(kind)):
                click.echo(f"  {kind[:-1]:<11} {cid}  {cat.get(cid).name}")
