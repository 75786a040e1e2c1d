"""``riftlog cards ...`` and ``riftlog deck ...``: look up cards, engine coverage, deck checks.

Thin: each command parses its arguments, calls :mod:`riftlog.cards`, and formats the
result with rich.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from riftlog.cli import EXIT_ERROR, handle_errors, main

if TYPE_CHECKING:
    from rich.console import Console

    from riftlog.cards.model import Card

#: the modes of riftlog.cards.deckcheck.BATTLEFIELDS_BY_MODE (a test checks they agree): the
#: card catalog is imported lazily, inside the commands, for start-up time
MODES = ("duel", "match", "ffa3", "ffa4", "2v2")


def _console() -> Console:
    from rich.console import Console  # lazy: start-up time

    return Console(highlight=False, markup=False, soft_wrap=True)


def _cost(card: Card) -> str:
    if card.energy is None and card.power is None:
        return "-"
    parts = [f"{card.energy or 0} energy"]
    if card.power:
        domain = "/".join(card.domains) or "any"
        parts.append(f"{card.power} {domain} power")
    return " + ".join(parts)


def _join(items: tuple[str, ...] | list[str]) -> str:
    return ", ".join(items) if items else "-"


@main.group("cards")
def cards_group() -> None:
    """Look up card facts and what the engine supports.

    \b
    Example:
        riftlog cards show "Annie, Fiery"
        riftlog cards coverage --set OGS --missing
    """


@cards_group.command("show")
@click.argument("name", nargs=-1, required=True)
@handle_errors
def show(name: tuple[str, ...]) -> None:
    """Show the facts of one card and whether the engine supports it.

    NAME is a card name (any case), an id such as OGN-001, or any printing code such as
    OGN-007a/298.

    \b
    Example:
        riftlog cards show Annie, Fiery
        riftlog cards show OGS-017
    """
    from riftlog.cards import load_catalog  # lazy: start-up time

    catalog = load_catalog()
    card = catalog.resolve(" ".join(name))
    supported, why = card.support_reason()
    from rich.table import Table  # lazy: start-up time

    table = Table(title=f"{card.name} ({card.id})", show_header=False, title_justify="left")
    table.add_column("fact", style="bold")
    table.add_column("value")
    kind = f"{card.supertype} {card.type}" if card.supertype else card.type
    rows: list[tuple[str, str]] = [
        ("type", kind),
        ("domains", _join(card.domains) if card.domains else "none (colorless)"),
        ("cost", _cost(card)),
        ("might", "-" if card.might is None else str(card.might)),
        ("tags", _join(card.tags)),
        ("champion tags", _join(card.champion_tags)),
        ("keywords", _join(card.keywords)),
        ("rarity", card.rarity or "-"),
        (
            "rules text",
            "none"
            if not card.has_text
            else ("keywords only" if card.text_is_keywords_only else "yes"),
        ),
        ("errata", _join(card.errata) if card.errata else "none"),
        (
            "printings",
            _join([p.code + (f" ({p.variant})" if p.variant else "") for p in card.printings]),
        ),
        ("supported", f"{'yes' if supported else 'no'}: {why}"),
        ("catalog", catalog.version),
    ]
    for key, value in rows:
        table.add_row(key, value)
    _console().print(table)


@cards_group.command("coverage")
@click.option("--set", "set_id", metavar="SET", help="Only this set (e.g. OGN).")
@click.option(
    "--missing", is_flag=True, help="Also list the cards the engine does not support yet."
)
@handle_errors
def coverage(set_id: str | None, missing: bool) -> None:
    """How many cards of each set the engine supports (card identities, not printings).

    A card reprinted in several sets counts in each; the "all" row counts each card once.

    \b
    Example:
        riftlog cards coverage
        riftlog cards coverage --set OGN --missing
    """
    from riftlog.cards import load_catalog  # lazy: start-up time

    catalog = load_catalog()
    report = catalog.coverage(set_id)
    console = _console()
    from rich.table import Table  # lazy: start-up time

    table = Table(title=f"Engine coverage, catalog {catalog.version}", title_justify="left")
    table.add_column("set")
    table.add_column("supported", justify="right")
    table.add_column("total", justify="right")
    table.add_column("%", justify="right")
    for row in report:
        table.add_row(row.set_id, str(row.supported), str(row.total), f"{row.percent:.1f}")
    if set_id is None:
        total = len(catalog)
        done = sum(1 for c in catalog if c.supported)
        table.add_row("all", str(done), str(total), f"{100.0 * done / total:.1f}", style="bold")
    console.print(table)
    if missing:
        for row in report:
            if not row.missing:
                continue
            listing = Table(title=f"{row.set_id}: not supported yet", title_justify="left")
            listing.add_column("id")
            listing.add_column("name")
            listing.add_column("type")
            listing.add_column("why")
            for card in row.missing:
                listing.add_row(card.id, card.name, card.type, card.support_reason()[1])
            console.print(listing)


@main.group("deck")
def deck_group() -> None:
    """Check deck lists against the deck-building rules.

    \b
    Example:
        riftlog deck check replays/decks/annie-dark-child.txt --mode duel
    """


@deck_group.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--mode",
    type=click.Choice(list(MODES)),
    default="duel",
    show_default=True,
    help="Mode of play (sets how many battlefields the deck brings).",
)
@handle_errors
def check(file: str, mode: str) -> None:
    """Check a deck-list FILE; print each broken rule, exit 1 if there is any.

    The file lists 'Legend:', 'Champion:', 'Main Deck:', 'Runes:' and 'Battlefields:'
    (see riftlog.cards.decks for the format).

    \b
    Example:
        riftlog deck check replays/decks/annie-dark-child.txt --mode duel
    """
    from riftlog.cards import read_deck, validate_deck  # lazy: start-up time

    deck = read_deck(file)
    violations = validate_deck(deck, mode)
    console = _console()
    summary = (
        f"{deck.main_count} Main Deck cards, {deck.rune_count} runes, "
        f"{deck.battlefield_count} battlefields"
    )
    if not violations:
        console.print(f"{file}: legal for {mode} ({summary})")
        return
    console.print(f"{file}: {len(violations)} problem(s) for {mode} ({summary})")
    for v in violations:
        where = f"line {v.line}: " if v.line else ""
        console.print(f"  {v.rule}  {where}{v.message}")
    sys.exit(EXIT_ERROR)
