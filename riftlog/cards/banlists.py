"""Dated ban lists: which cards, battlefields and legends a format bans from a date on.

The lists are facts (a format name, the date a list takes effect, card identity ids) kept
in the packaged ``data/banlists.json``.  Each list is complete as of its date, so the list
*in force* for a format on a day is the newest one whose date has come; a list may name
other formats whose lists apply as well (the 2v2 legend ban applies on top of Standard).

* :func:`load_ban_lists` -- the shipped lists, or a file given by path or by the
  ``RIFTLOG_BAN_LISTS`` environment variable (an organiser's newer lists);
* :meth:`BanLists.in_force` -- the lists a format uses on a date;
* :func:`check_bans` -- a deck's banned cards, battlefields and legend as
  :class:`~riftlog.cards.deckcheck.DeckViolation`, each citing the list and its date;
* :func:`import_ban_lists` -- turn a list file (ours, or the reference layout with
  printed codes and names) into ours, checked against the catalog, to update the data.

Update the shipped data with ``python -m riftlog.cards.banlists update SOURCE``.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from riftlog.cards.catalog import Catalog, load_catalog
from riftlog.cards.deckcheck import DeckViolation
from riftlog.cards.decks import DeckList
from riftlog.errors import DeckError, UnknownCard
from riftlog.events.payloads import GameCreated

#: Environment variable naming a ban-list file to use instead of the shipped one.
ENV_VAR = "RIFTLOG_BAN_LISTS"

#: The kinds of things a list bans, in the order a deck list shows them.
KINDS: tuple[str, ...] = ("legends", "cards", "battlefields")

#: Which format a mode of play is organised under, for the ban lists.
FORMAT_BY_MODE: dict[str, str] = {
    "duel": "standard", "match": "standard", "ffa3": "standard", "ffa4": "standard",
    "2v2": "2v2",
}


@dataclass(frozen=True, slots=True)
class BanList:
    """One dated list: *format* bans these identity ids from *effective* on."""

    format: str
    effective: dt.date
    cards: frozenset[str] = frozenset()
    battlefields: frozenset[str] = frozenset()
    legends: frozenset[str] = frozenset()
    also: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """How a refusal cites the list: ``ban list standard 2026-09-18``."""
        return f"ban list {self.format} {self.effective.isoformat()}"

    def banned(self, kind: str) -> frozenset[str]:
        """The ids of *kind* (``cards``, ``battlefields`` or ``legends``) this list bans."""
        return {"cards": self.cards, "battlefields": self.battlefields,
                "legends": self.legends}[kind]

    def to_json(self) -> dict[str, Any]:
        """The list as the data file stores it (ids sorted)."""
        return {"format": self.format, "effective": self.effective.isoformat(),
                "also": list(self.also), "cards": sorted(self.cards),
                "battlefields": sorted(self.battlefields), "legends": sorted(self.legends)}


@dataclass(frozen=True, slots=True)
class BanLists:
    """Every known list, oldest first; ``source`` says where they were read from."""

    lists: tuple[BanList, ...]
    source: str = "<ban lists>"

    @property
    def formats(self) -> list[str]:
        """Format names with at least one list."""
        return sorted({b.format for b in self.lists})

    def latest(self, fmt: str, on: dt.date) -> BanList | None:
        """The newest list of *fmt* in effect on *on* (None: no list of it yet)."""
        if fmt not in self.formats:
            raise DeckError(f"no ban lists for format {fmt!r} in {self.source}; "
                            f"known: {', '.join(self.formats)}")
        found = [b for b in self.lists if b.format == fmt and b.effective <= on]
        return max(found, key=lambda b: b.effective) if found else None

    def in_force(self, fmt: str, on: dt.date) -> list[BanList]:
        """The lists *fmt* uses on *on*: its own newest one and those of the formats it adds."""
        out: list[BanList] = []
        todo, seen = [fmt], set()
        while todo:
            name = todo.pop(0)
            if name in seen:
                continue
            seen.add(name)
            current = self.latest(name, on)
            if current is not None:
                out.append(current)
                todo.extend(current.also)
        return out

    def to_json(self) -> dict[str, Any]:
        """The data-file form (``about`` note and the lists, oldest first)."""
        return {"about": ABOUT, "lists": [b.to_json() for b in self.lists]}


ABOUT = ("Dated ban lists as facts: format, effective date, card identity ids. Each list is "
         "complete as of its date; the newest list of a format whose date has come is in force. "
         "'also' names formats whose list applies as well. Update with: "
         "python -m riftlog.cards.banlists update FILE.")


def _date(text: object, where: str) -> dt.date:
    try:
        return dt.date.fromisoformat(str(text))
    except ValueError:
        raise DeckError(f"{where}: {text!r} is not a date (YYYY-MM-DD)") from None


def parse_date(text: str) -> dt.date:
    """A ``YYYY-MM-DD`` date from a command line (``today`` is today)."""
    if text.strip().lower() == "today":
        return dt.date.today()
    return _date(text, "--on")


def _ids(raw: object, where: str, catalog: Catalog) -> frozenset[str]:
    if not isinstance(raw, list):
        raise DeckError(f"{where}: expected a list of card ids")
    out = set()
    for item in raw:
        code = item.get("code") if isinstance(item, Mapping) else item
        if not isinstance(code, str):
            raise DeckError(f"{where}: {item!r} names no card")
        try:
            out.add(catalog.resolve(code).id)
        except UnknownCard as exc:
            raise DeckError(f"{where}: {exc}") from None
    return frozenset(out)


def parse_ban_lists(data: object, source: str = "<ban lists>",
                    catalog: Catalog | None = None) -> BanLists:
    """Ban lists from parsed JSON: ours, or the reference layout (``code``/``name`` items).

    Every card must be in the catalog; a :class:`DeckError` names the source, the list and
    the entry otherwise.
    """
    cat = catalog or load_catalog()
    if not isinstance(data, Mapping) or not isinstance(data.get("lists"), list):
        raise DeckError(f"{source}: expected an object with a 'lists' array")
    out = []
    for n, raw in enumerate(data["lists"], start=1):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("format"), str):
            raise DeckError(f"{source}: list {n} has no 'format'")
        where = f"{source}: list {n} ({raw['format']})"
        also = raw.get("also")
        if also is None:  # the reference layout says so in words
            also = ["standard"] if raw["format"] != "standard" and "standard list" in \
                str(raw.get("announced_with", "")).lower() else []
        out.append(BanList(
            format=raw["format"].lower(), effective=_date(raw.get("effective"), where),
            also=tuple(str(a).lower() for a in also),
            **{kind: _ids(raw.get(kind, []), f"{where} {kind}", cat) for kind in KINDS},
        ))
    out.sort(key=lambda b: (b.effective, b.format))
    return BanLists(tuple(out), source)


def read_ban_lists(path: str | Path, catalog: Catalog | None = None) -> BanLists:
    """Read a ban-list file (see :func:`parse_ban_lists`)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise DeckError(f"{path}: cannot read ban lists: {exc}") from None
    return parse_ban_lists(data, str(path), catalog)


def load_ban_lists(path: str | Path | None = None, catalog: Catalog | None = None) -> BanLists:
    """The ban lists of *path*, else of ``$RIFTLOG_BAN_LISTS``, else the shipped ones."""
    chosen = path or os.environ.get(ENV_VAR)
    if chosen:
        return read_ban_lists(chosen, catalog)
    text = resources.files("riftlog.cards").joinpath("data/banlists.json").read_text("utf-8")
    return parse_ban_lists(json.loads(text), "riftlog/cards/data/banlists.json", catalog)


def import_ban_lists(source: str | Path, catalog: Catalog | None = None) -> str:
    """The data-file text for the lists in *source* (ours or the reference layout)."""
    return json.dumps(read_ban_lists(source, catalog).to_json(), indent=2) + "\n"


def _deck_items(deck: DeckList) -> Iterable[tuple[str, str, int | None]]:
    yield "legends", deck.legend, deck.legend_line
    yield "cards", deck.champion, deck.champion_line
    for e in deck.main:
        yield "cards", e.card_id, e.line
    for e in deck.battlefields:
        yield "battlefields", e.card_id, e.line


_WHAT = {"legends": "legend", "cards": "card", "battlefields": "battlefield"}


def check_bans(deck: DeckList, lists: Sequence[BanList],
               catalog: Catalog | None = None) -> list[DeckViolation]:
    """Every card, battlefield or legend of *deck* that one of *lists* bans."""
    cat = catalog or load_catalog()
    out = []
    for kind, card_id, line in _deck_items(deck):
        for ban in lists:
            if card_id in ban.banned(kind):
                name = cat.get(card_id).name
                out.append(DeckViolation(
                    ban.label,
                    f"{_WHAT[kind]} {name} ({card_id}) is banned: it is on the {ban.format} "
                    f"ban list of {ban.effective.isoformat()}",
                    card_id, line))
                break
    return out


def deck_bans(deck: DeckList, fmt: str, on: dt.date, lists: BanLists | None = None,
              catalog: Catalog | None = None) -> tuple[list[BanList], list[DeckViolation]]:
    """The lists *fmt* uses on *on* and what in *deck* they ban."""
    current = (lists or load_ban_lists(catalog=catalog)).in_force(fmt, on)
    return current, check_bans(deck, current, catalog)


def game_ban_warnings(created: GameCreated, on: dt.date, lists: BanLists | None = None,
                      catalog: Catalog | None = None) -> list[str]:
    """One line per seat whose deck breaks the lists in force for the game's mode on *on*."""
    fmt = FORMAT_BY_MODE.get(str(created.mode), "standard")
    out = []
    for p in created.players:
        _lists, banned = deck_bans(DeckList.from_spec(p.deck), fmt, on, lists, catalog)
        out += [f"{p.id} ({p.name}): {v.message} ({v.rule}, in force on {on.isoformat()})"
                for v in banned]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m riftlog.cards.banlists update SOURCE [OUT]``: rewrite the data file."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) not in (2, 3) or args[0] != "update":
        print("usage: python -m riftlog.cards.banlists update SOURCE [OUT]", file=sys.stderr)
        return 2
    out = Path(args[2]) if len(args) == 3 else Path(__file__).parent / "data" / "banlists.json"
    try:
        text = import_ban_lists(args[1])
    except DeckError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
