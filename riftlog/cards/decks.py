"""Plain-text deck lists: parse, print, and turn into the engine's :class:`DeckSpec`.

The format (one item per line, ``#`` starts a comment, blank lines are ignored)::

    # Annie -- Dark Child, duel
    Legend: Dark Child
    Champion: Annie, Fiery

    Main Deck:
    3 Blazing Scorcher
    2x Flash
    Incinerate              # no count means 1

    Runes:
    6 Fury Rune
    6 Chaos Rune

    Battlefields:
    The Grand Plaza
    ...

* ``Legend:`` names the Champion Legend (v1.3 103.1) and ``Champion:`` the Chosen
  Champion (v1.3 103.2.a); each takes one card, on the same line or the next.
* ``Main Deck:`` lists the rest of the Main Deck.  The Chosen Champion is **not** listed
  again there: it is one card of the Main Deck's 40 and counts toward its name's 3-copy
  limit (v1.3 103.2.b.1), so ``Champion: Annie, Fiery`` plus ``2 Annie, Fiery`` in the
  Main Deck is three copies and 1 + the Main Deck lines must reach 40.
* ``Runes:`` is the Rune Deck (v1.3 103.3), ``Battlefields:`` the battlefields the player
  brings (v1.3 103.4); an optional ``Sideboard:`` lists the cards swapped in between games
  of a match (Tournament Rules 403, 601.1.c).
* A card is named by its name (any case, curly or straight apostrophes), its identity id
  (``OGN-001``) or any printing code (``OGN-007a/298``); every printing of a name is the
  same card.  A count comes before the name, ``3 Name`` or ``3x Name``; none means 1.

A deck is given as a file path, or by the name of a sample deck riftlog ships
(``annie-dark-child``: :data:`SAMPLE_DECKS`, :func:`deck_file`).

Parsing checks the *format* and that every card exists (:class:`~riftlog.errors.DeckError`
naming file and line); the deck-building *rules* are checked by
:func:`riftlog.cards.deckcheck.validate_deck`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from riftlog.cards.catalog import Catalog, load_catalog
from riftlog.errors import DeckError, UnknownCard
from riftlog.events.payloads import DeckSpec

#: Section header spellings (lower case, without the colon) -> section.
SECTIONS: dict[str, str] = {
    "legend": "legend",
    "champion legend": "legend",
    "champion": "champion",
    "chosen champion": "champion",
    "main deck": "main",
    "main": "main",
    "deck": "main",
    "runes": "runes",
    "rune deck": "runes",
    "battlefields": "battlefields",
    "battlefield": "battlefields",
    "sideboard": "sideboard",
}

#: Section -> how the format writes its header.
LABELS: dict[str, str] = {
    "legend": "Legend:",
    "champion": "Champion:",
    "main": "Main Deck:",
    "runes": "Runes:",
    "battlefields": "Battlefields:",
    "sideboard": "Sideboard:",
}

_HEADER = re.compile(r"^(?P<head>[A-Za-z][A-Za-z ]*?)\s*:\s*(?P<rest>.*)$")
_ENTRY = re.compile(r"^(?:(?P<n>\d+)\s*[xX]?\s+)?(?P<name>\S.*?)$")


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """``count`` copies of the card with identity id ``card_id`` (``line``: where listed)."""

    card_id: str
    count: int
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class DeckList:
    """A parsed deck list, cards as catalog identity ids.

    ``main`` excludes the Chosen Champion (see the module docs); use :attr:`main_count`
    for the Main Deck's size including it.
    """

    legend: str
    champion: str
    main: tuple[DeckEntry, ...] = ()
    runes: tuple[DeckEntry, ...] = ()
    battlefields: tuple[DeckEntry, ...] = ()
    source: str = field(default="<deck>", compare=False)
    legend_line: int | None = field(default=None, compare=False)
    champion_line: int | None = field(default=None, compare=False)
    #: cards outside the starting configuration, swapped in between games (TR 403)
    sideboard: tuple[DeckEntry, ...] = ()

    @property
    def main_count(self) -> int:
        """Cards in the Main Deck, the Chosen Champion included (v1.3 103.2)."""
        return 1 + sum(e.count for e in self.main)

    @property
    def rune_count(self) -> int:
        """Cards in the Rune Deck."""
        return sum(e.count for e in self.runes)

    @property
    def battlefield_count(self) -> int:
        """Battlefields brought."""
        return sum(e.count for e in self.battlefields)

    def to_spec(self) -> DeckSpec:
        """The engine's :class:`~riftlog.events.payloads.DeckSpec`: one id per copy."""
        return DeckSpec(
            legend=self.legend,
            champion=self.champion,
            main=_expand(self.main),
            runes=_expand(self.runes),
            battlefields=_expand(self.battlefields),
        )

    @classmethod
    def from_spec(cls, spec: DeckSpec, source: str = "<spec>") -> DeckList:
        """The deck list of a :class:`DeckSpec` (copies grouped, first-seen order)."""
        return cls(
            legend=spec.legend,
            champion=spec.champion,
            main=_group(spec.main),
            runes=_group(spec.runes),
            battlefields=_group(spec.battlefields),
            source=source,
        )

    def to_text(self, catalog: Catalog | None = None) -> str:
        """The deck list in the text format; :func:`parse_deck` reads it back unchanged."""
        cat = catalog or load_catalog()
        lines = [
            f"Legend: {cat.get(self.legend).name}",
            f"Champion: {cat.get(self.champion).name}",
        ]
        for title, entries in (
            ("Main Deck", self.main),
            ("Runes", self.runes),
            ("Battlefields", self.battlefields),
            *((("Sideboard", self.sideboard),) if self.sideboard else ()),
        ):
            lines += ["", f"{title}:"]
            lines += [f"{e.count} {cat.get(e.card_id).name}" for e in entries]
        return "\n".join(lines) + "\n"


def _expand(entries: Iterable[DeckEntry]) -> tuple[str, ...]:
    return tuple(e.card_id for e in entries for _ in range(e.count))


def _group(ids: Iterable[str]) -> tuple[DeckEntry, ...]:
    counts: dict[str, int] = {}
    for card_id in ids:
        counts[card_id] = counts.get(card_id, 0) + 1
    return tuple(DeckEntry(card_id, n) for card_id, n in counts.items())


class _Parser:
    def __init__(self, source: str, catalog: Catalog) -> None:
        self.source = source
        self.catalog = catalog
        self.section: str | None = None
        self.seen: dict[str, int] = {}
        self.single: dict[str, tuple[str, int]] = {}
        self.lists: dict[str, dict[str, DeckEntry]] = {
            "main": {}, "runes": {}, "battlefields": {}, "sideboard": {}}

    def error(self, line: int, message: str) -> DeckError:
        return DeckError(f"{self.source}, line {line}: {message}")

    def feed(self, number: int, raw: str) -> None:
        text = raw.split("#", 1)[0].strip()
        if not text:
            return
        header = _HEADER.match(text)
        if header and header.group("head").strip().lower() in SECTIONS:
            self.start(number, SECTIONS[header.group("head").strip().lower()])
            rest = header.group("rest").strip()
            if rest:
                self.entry(number, rest)
            return
        if self.section is None:
            raise self.error(
                number,
                f"{text!r} comes before any section; start with 'Legend:', 'Champion:', "
                "'Main Deck:', 'Runes:' or 'Battlefields:'",
            )
        self.entry(number, text)

    def start(self, number: int, section: str) -> None:
        if section in self.seen:
            raise self.error(
                number, f"section '{LABELS[section]}' already started on line {self.seen[section]}"
            )
        self.seen[section] = number
        self.section = section

    def entry(self, number: int, text: str) -> None:
        match = _ENTRY.match(text)
        if match is None:  # pragma: no cover - the pattern accepts any non-blank text
            raise self.error(number, f"cannot read {text!r}")
        count = int(match.group("n")) if match.group("n") else 1
        name = match.group("name").strip()
        if count < 1:
            raise self.error(number, f"count must be at least 1 in {text!r}")
        try:
            card = self.catalog.resolve(name)
        except UnknownCard as exc:
            raise self.error(number, str(exc)) from None
        assert self.section is not None
        if self.section in ("legend", "champion"):
            label = "Legend" if self.section == "legend" else "Champion"
            if count != 1:
                raise self.error(number, f"'{label}:' takes exactly one card, not {count}")
            if self.section in self.single:
                raise self.error(
                    number,
                    f"'{label}:' already names a card on line {self.single[self.section][1]}",
                )
            self.single[self.section] = (card.id, number)
            return
        entries = self.lists[self.section]
        old = entries.get(card.id)
        entries[card.id] = DeckEntry(
            card.id, count + (old.count if old else 0), old.line if old else number
        )

    def finish(self) -> DeckList:
        for section, label in (("legend", "Legend"), ("champion", "Champion")):
            if section not in self.single:
                where = f"line {self.seen[section]}" if section in self.seen else "the file"
                raise DeckError(f"{self.source}: no card given for '{label}:' ({where})")
        return DeckList(
            legend=self.single["legend"][0],
            champion=self.single["champion"][0],
            main=tuple(self.lists["main"].values()),
            runes=tuple(self.lists["runes"].values()),
            battlefields=tuple(self.lists["battlefields"].values()),
            source=self.source,
            legend_line=self.single["legend"][1],
            champion_line=self.single["champion"][1],
            sideboard=tuple(self.lists["sideboard"].values()),
        )


def parse_deck(text: str, source: str = "deck.txt", catalog: Catalog | None = None) -> DeckList:
    """Parse a deck list in the text format; :class:`DeckError` names *source* and line."""
    parser = _Parser(source, catalog or load_catalog())
    for number, raw in enumerate(text.splitlines(), start=1):
        parser.feed(number, raw)
    return parser.finish()


#: The sample deck lists riftlog ships (one per Proving Grounds legend), by name.
SAMPLE_DECKS = ("annie-dark-child", "garen-might-of-demacia", "lux-lady-of-luminosity",
                "master-yi-wuju-bladesman",
                # Spiritforged legends (issue 24)
                "draven-glorious-executioner", "fiora-grand-duelist",
                "rumble-mechanized-menace", "sivir-battle-mistress")


def samples_dir() -> Path:
    """The folder of the sample replays (bundles), the sample decks in its ``decks/``:
    ``replays/`` of the source tree (a checkout, an editable install), else the copy a
    built wheel ships as the package data folder ``riftlog/_replays``."""
    package = Path(__file__).resolve().parents[1]
    for cand in (package.parent / "replays", package / "_replays"):
        if (cand / "decks" / f"{SAMPLE_DECKS[0]}.txt").is_file():
            return cand
    raise DeckError(f"the sample decks and replays are missing from this install of riftlog "
                    f"({package}): reinstall riftlog")


def deck_file(deck: str | Path) -> Path:
    """The deck-list file *deck* names: a file path as given, else a sample deck by name
    (``annie-dark-child``, ``.txt`` optional); :class:`DeckError` naming it otherwise."""
    path = Path(deck)
    if path.is_file():
        return path
    name = path.name.removesuffix(".txt")
    if str(deck) == path.name and name in SAMPLE_DECKS:
        return samples_dir() / "decks" / f"{name}.txt"
    why = "is a folder" if path.is_dir() else "no such file"
    raise DeckError(f"{deck}: cannot read deck list: {why}, and not the name of a sample deck "
                    f"({', '.join(SAMPLE_DECKS)}; see riftlog deck samples)")


def read_deck(path: str | Path, catalog: Catalog | None = None) -> DeckList:
    """Read and parse a deck-list file, or a sample deck given by name (:func:`deck_file`)."""
    try:
        text = deck_file(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(f"{path}: cannot read deck list: {exc}") from None
    return parse_deck(text, source=str(path), catalog=catalog)
