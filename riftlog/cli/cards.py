"""``riftlog cards ...`` and ``riftlog deck ...``: look up cards, engine coverage, deck checks.

Thin: each command parses its arguments, calls :mod:`riftlog.cards`, and formats the
result with rich.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from riftlog import plural
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
        *_might_bonus_row(card.id),
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
    """Check deck lists against the deck-building rules; list the sample decks.

    A deck is a deck-list file or the name of a sample deck riftlog ships (riftlog deck
    samples lists them), wherever a deck is asked for.

    \b
    Example:
        riftlog deck samples
        riftlog deck check annie-dark-child --mode duel
    """


@deck_group.command("samples")
@handle_errors
def samples() -> None:
    """List the sample decks riftlog ships: give a name wherever a deck file goes.

    \b
    Example:
        riftlog deck samples
        riftlog new g1 --player p1:Alice:annie-dark-child --player p2:Bob:garen-might-of-demacia
    """
    from riftlog.cards import load_catalog, read_deck  # lazy: start-up time
    from riftlog.cards.decks import SAMPLE_DECKS, deck_file, samples_dir

    catalog = load_catalog()
    width = max(len(name) for name in SAMPLE_DECKS)
    for name in SAMPLE_DECKS:
        deck = read_deck(name)
        click.echo(f"{name:<{width}}  legend {catalog.get(deck.legend).name}, champion "
                   f"{catalog.get(deck.champion).name}")
    click.echo(f"deck-list files: {deck_file(SAMPLE_DECKS[0]).parent}")
    click.echo(f"sample replays (bundles for riftlog import): {samples_dir()}")


@deck_group.command("check")
@click.argument("file", metavar="DECK")
@click.option(
    "--mode",
    type=click.Choice(list(MODES)),
    default="duel",
    show_default=True,
    help="Mode of play (sets how many battlefields the deck brings).",
)
@click.option("--format", "fmt", default=None, metavar="FORMAT",
              help="Ban lists to check against: standard, 2v2 or none "
                   "(default: the mode's format, standard or 2v2).")
@click.option("--on", "on", default="today", show_default=True, metavar="DATE",
              help="The day (YYYY-MM-DD) whose ban lists are in force.")
@click.option("--ban-lists", default=None, metavar="FILE",
              help="A ban-list file to use (default: $RIFTLOG_BAN_LISTS, else the shipped lists).")
@handle_errors
def check(file: str, mode: str, fmt: str | None, on: str, ban_lists: str | None) -> None:
    """Check a DECK (a deck-list file, a sample deck's name, a Piltover Archive deck code or a
    Tabletop Simulator string); print each broken rule, exit 1 if there is any.

    A banned card, battlefield or legend is refused citing the ban list and its date. Also
    names the deck's cards the engine does not support yet, and what that means for the
    verdicts of its games.

    A deck-list file is plain text, one item a line; '#' starts a comment and blank lines
    are ignored.  'Legend:' and 'Champion:' each name one card (on the same line or the
    next); the Chosen Champion is one of the Main Deck's 40 cards and is not listed again
    under 'Main Deck:'.  'Main Deck:', 'Runes:', 'Battlefields:' (and an optional
    'Sideboard:') each start a list of lines 'COUNT NAME' ('3 Flash', '3x Flash'; no count
    means 1).  A card is named by its name (any case), its id (OGN-001) or a printing code
    (OGN-007a/298).  A file may instead hold a deck code or a Tabletop Simulator string.

    \b
        Legend: Dark Child
        Champion: Annie, Fiery
        Main Deck:
        2 Annie, Fiery     # with the Champion: 3 copies
        3 Flash
        ...
        Runes:
        6 Fury Rune
        6 Chaos Rune
        Battlefields:
        Zaun Warrens
        ...

    \b
    Example:
        riftlog deck check annie-dark-child --mode duel
        riftlog deck check my-deck.txt --format standard --on 2026-08-01
    """
    # lazy: start-up time
    from riftlog.cards import support_note, validate_deck
    from riftlog.cards.banlists import (
        FORMAT_BY_MODE,
        BanList,
        deck_bans,
        load_ban_lists,
        parse_date,
    )
    from riftlog.cards.deckcodes import read_any_deck
    from riftlog.cards.sideboards import sideboard_violations

    deck = read_any_deck(file)
    violations = validate_deck(deck, mode) + sideboard_violations(deck)
    fmt = FORMAT_BY_MODE[mode] if fmt is None else fmt.lower()
    lists: list[BanList] = []
    if fmt != "none":
        lists, banned = deck_bans(deck, fmt, parse_date(on), load_ban_lists(ban_lists))
        violations += banned
    console = _console()
    summary = (
        f"{deck.main_count} Main Deck cards, {deck.rune_count} runes, "
        f"{deck.battlefield_count} battlefields"
    )
    note = support_note(deck)
    if fmt != "none":
        summary += "; " + (", ".join(b.label for b in lists) if lists
                           else f"no {fmt} ban list in force on {parse_date(on).isoformat()}")
    if deck.sideboard:
        summary += f"; sideboard of {sum(e.count for e in deck.sideboard)}"
    if not violations:
        console.print(f"{file}: legal for {mode} ({summary})")
    else:
        console.print(f"{file}: {plural(len(violations), 'problem')} for {mode} ({summary})")
        for v in violations:
            where = f"line {v.line}: " if v.line else ""
            console.print(f"  {v.rule}  {where}{v.message}")
    if note:
        console.print(f"note: {note}")
    if violations:
        sys.exit(EXIT_ERROR)


def _might_bonus_row(card_id: str) -> list[tuple[str, str]]:
    """An Equipment's Might bonus (137), our encoding's record (the catalog has none)."""
    from riftlog.cards.abilities import ABILITIES  # lazy: start-up time

    bonus = getattr(ABILITIES.get(card_id), "might_bonus", None)
    return [] if bonus is None else [("might bonus", f"+{bonus} (while attached)")]
