"""Deck codes players share: Piltover Archive codes and Tabletop Simulator strings.

Our own reading and writing of two public formats (no third-party code):

**Piltover Archive codes** (the Legends of Runeterra deck-code scheme, adapted): RFC 4648
base32 without padding of a byte string that starts with one header byte (format in the
high four bits, always 1; version 1-5 in the low four) followed by unsigned LEB128
varints (seven bits a byte, low group first, high bit set on every byte but the last):

* a *card* is ``set, variant, [kind,] number``: sets OGN 0, OGS 1, ARC 2, SFD 3, UNL 4,
  VEN 5, RAD 6; variants none 0, ``a`` 1, ``s`` 2, ``b`` 3; from version 4 a kind says how
  the number is printed (0 ``007``, 1 ``R07`` for the runes of later sets);
* a *count group* is every card with the same number of copies, split into lists of one
  set and variant (shortest list first, then by set and variant; each list by number):
  ``[lists] ([cards in list] set variant ([kind] number)*)*`` -- the card's set and
  variant are written once per list;
* versions 1-4 write the main deck as the count groups 12, 11, ... 1 (the list count
  is 0 for an empty group); versions 2-4 add the sideboard as groups 3, 2, 1;
* version 5 writes counts explicitly: ``[groups] ([count] group)*`` for the main deck and
  again for the sideboard, so any count can be written;
* from version 3 the chosen champion follows: ``0`` (none) or ``1`` and the card.

The main deck of a code holds every card of the list: legend, chosen champion, Main Deck,
runes and battlefields; :func:`deck_from_code` sorts them by card type.

**Tabletop Simulator strings**: whitespace-separated ``SET-NNN-ART`` tokens, one a copy
(``ART`` is the printing's art number and does not change the card); the first Champion
unit of the legend's champion tag listed is the Chosen Champion.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from riftlog import plural
from riftlog.cards.catalog import Catalog, load_catalog
from riftlog.cards.decks import SAMPLE_DECKS, DeckEntry, DeckList, deck_file, parse_deck
from riftlog.cards.model import Card
from riftlog.errors import DeckError, UnknownCard

FORMAT = 1
VERSIONS = (1, 2, 3, 4, 5)
#: The version :func:`encode_code` writes unless told otherwise.
DEFAULT_VERSION = 5

SETS: tuple[str, ...] = ("OGN", "OGS", "ARC", "SFD", "UNL", "VEN", "RAD")
VARIANTS: tuple[str, ...] = ("", "a", "s", "b")
#: How a card number is printed, by kind (version 4 and later).
KINDS: tuple[str, ...] = ("", "R")

_CODE = re.compile(r"^(?P<set>[A-Z]{3})-(?P<kind>R?)(?P<num>\d{1,4})(?P<var>[a-z*]?)$")
_TTS = re.compile(r"^(?P<set>[A-Za-z]{3})-(?P<num>[A-Za-z]?\d{1,4}[a-z]?)-(?P<art>\d{1,3})$")
_B32 = re.compile(r"^[A-Z2-7]+$")


@dataclass(frozen=True, slots=True, order=True)
class CodeCard:
    """One card as a code writes it: ``OGN-007a`` is set 0, variant 1, kind 0, number 7."""

    set: int
    variant: int
    kind: int
    number: int

    @property
    def code(self) -> str:
        """The printed code, ``SET-NNN`` with the kind's prefix and the variant's suffix."""
        digits = f"{self.number:03d}" if self.kind == 0 else f"{self.number:02d}"
        return f"{SETS[self.set]}-{KINDS[self.kind]}{digits}{VARIANTS[self.variant]}"

    @classmethod
    def parse(cls, text: str) -> CodeCard:
        """A card from its printed code (``OGN-007``, ``OGN-007a``, ``SFD-R02``)."""
        match = _CODE.match(text.strip())
        if match is None or match.group("set") not in SETS:
            raise DeckError(f"{text!r} is not a card code a deck code can hold "
                            f"(SET-NNN with a set of {', '.join(SETS)})")
        var = match.group("var").replace("*", "s")
        return cls(SETS.index(match.group("set")), VARIANTS.index(var),
                   KINDS.index(match.group("kind")), int(match.group("num")))


@dataclass(frozen=True, slots=True)
class DeckCode:
    """What a Piltover Archive code holds: cards and counts, sideboard, chosen champion."""

    main: tuple[tuple[CodeCard, int], ...]
    sideboard: tuple[tuple[CodeCard, int], ...] = ()
    champion: CodeCard | None = None
    version: int = DEFAULT_VERSION
    source: str = field(default="<code>", compare=False)


# --- bytes --------------------------------------------------------------------------------


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes, source: str) -> None:
        self.data = data
        self.at = 0
        self.source = source

    def int(self, what: str) -> int:
        value, shift = 0, 0
        while True:
            if self.at >= len(self.data):
                raise DeckError(f"{self.source}: the code ends in the middle of {what} "
                                f"(byte {self.at})")
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value
            if shift > 35:
                raise DeckError(f"{self.source}: {what} at byte {self.at} is not a varint")

    def done(self) -> bool:
        return self.at >= len(self.data)


def _b32decode(code: str, source: str) -> bytes:
    text = "".join(code.split()).upper().rstrip("=")
    if not text or not _B32.match(text):
        raise DeckError(f"{source}: {code[:40]!r} is not a base32 deck code (A-Z, 2-7)")
    try:
        return base64.b32decode(text + "=" * (-len(text) % 8))
    except ValueError as exc:
        raise DeckError(f"{source}: cannot read the deck code: {exc}") from None


def _b32encode(data: bytes) -> str:
    return base64.b32encode(data).decode("ascii").rstrip("=")


# --- decoding ------------------------------------------------------------------------------


def _read_card(r: _Reader, version: int, set_id: int, variant: int) -> CodeCard:
    kind = r.int("a card's kind") if version >= 4 else 0
    number = r.int("a card number")
    if set_id >= len(SETS):
        raise DeckError(f"{r.source}: unknown set number {set_id} (known: 0-{len(SETS) - 1})")
    if variant >= len(VARIANTS):
        raise DeckError(f"{r.source}: unknown variant number {variant} "
                        f"(known: 0-{len(VARIANTS) - 1})")
    if kind >= len(KINDS):
        raise DeckError(f"{r.source}: unknown card-number kind {kind} (known: 0-{len(KINDS) - 1})")
    return CodeCard(set_id, variant, kind, number)


def _read_group(r: _Reader, version: int, count: int, out: list[tuple[CodeCard, int]]) -> None:
    for _ in range(r.int(f"the lists of {count}-copy cards")):
        n = r.int("a list's length")
        set_id = r.int("a list's set")
        variant = r.int("a list's variant")
        for _ in range(n):
            out.append((_read_card(r, version, set_id, variant), count))


def _read_body(r: _Reader, version: int, top: int) -> list[tuple[CodeCard, int]]:
    out: list[tuple[CodeCard, int]] = []
    if version >= 5:
        for _ in range(r.int("the number of count groups")):
            count = r.int("a group's count")
            if count < 1:
                raise DeckError(f"{r.source}: a count group of {count} copies")
            _read_group(r, version, count, out)
    else:
        for count in range(top, 0, -1):
            _read_group(r, version, count, out)
    return out


def decode_code(code: str, source: str = "<code>") -> DeckCode:
    """Read a Piltover Archive deck code; :class:`DeckError` says what is wrong and where."""
    data = _b32decode(code, source)
    fmt, version = data[0] >> 4, data[0] & 0x0F
    if fmt != FORMAT:
        raise DeckError(f"{source}: deck-code format {fmt}; only format {FORMAT} is known")
    if version not in VERSIONS:
        raise DeckError(f"{source}: deck-code version {version}; this reader knows versions "
                        f"{VERSIONS[0]}-{VERSIONS[-1]}")
    r = _Reader(data[1:], source)
    main = _read_body(r, version, 12)
    side = _read_body(r, version, 3) if version >= 2 else []
    champion = None
    if version >= 3 and r.int("the chosen-champion flag"):
        set_id, variant = r.int("the champion's set"), r.int("the champion's variant")
        champion = _read_card(r, version, set_id, variant)
    if not r.done():
        raise DeckError(f"{source}: {plural(len(r.data) - r.at, 'unread byte')} after the deck "
                        f"(byte {r.at + 1})")
    seen: set[CodeCard] = set()
    for card, _ in main:
        if card in seen:
            raise DeckError(f"{source}: {card.code} is listed twice in the main deck")
        seen.add(card)
    return DeckCode(tuple(main), tuple(side), champion, version, source)


# --- encoding ------------------------------------------------------------------------------


def _write_group(cards: Sequence[CodeCard], version: int) -> bytes:
    lists: dict[tuple[int, int], list[CodeCard]] = {}
    for card in sorted(cards, key=lambda c: (c.kind, c.number)):
        lists.setdefault((card.set, card.variant), []).append(card)
    ordered = sorted(lists.items(), key=lambda kv: (len(kv[1]), kv[0]))
    out = bytearray(_varint(len(ordered)))
    for (set_id, variant), members in ordered:
        out += _varint(len(members)) + _varint(set_id) + _varint(variant)
        for card in members:
            out += (_varint(card.kind) if version >= 4 else b"") + _varint(card.number)
    return bytes(out)


def _write_body(entries: Sequence[tuple[CodeCard, int]], version: int, top: int,
                what: str) -> bytes:
    by_count: dict[int, list[CodeCard]] = {}
    for card, count in entries:
        by_count.setdefault(count, []).append(card)
    if version >= 5:
        out = bytearray(_varint(len(by_count)))
        for count in sorted(by_count, reverse=True):
            out += _varint(count) + _write_group(by_count[count], version)
        return bytes(out)
    if any(c > top or c < 1 for c in by_count):
        raise DeckError(f"version {version} codes hold {what} counts 1-{top}; "
                        f"use version 5 for {max(by_count)}")
    return b"".join(_write_group(by_count.get(c, []), version) for c in range(top, 0, -1))


def encode_code(deck: DeckCode, version: int | None = None) -> str:
    """The Piltover Archive code of *deck* (version 5 unless told; older when asked)."""
    v = version or deck.version
    if v not in VERSIONS:
        raise DeckError(f"deck-code version {v}; one of {', '.join(map(str, VERSIONS))}")
    cards = [c for c, _ in deck.main] + [c for c, _ in deck.sideboard]
    cards += [deck.champion] if deck.champion else []
    if v < 4 and any(c.kind for c in cards):
        raise DeckError(f"version {v} codes cannot hold rune numbers like "
                        f"{next(c for c in cards if c.kind).code}; use version 4 or later")
    if v < 2 and deck.sideboard:
        raise DeckError("version 1 codes have no sideboard; use version 2 or later")
    data = bytearray([FORMAT << 4 | v])
    data += _write_body(deck.main, v, 12, "main deck")
    if v >= 2:
        data += _write_body(deck.sideboard, v, 3, "sideboard")
    if v >= 3:
        if deck.champion is None:
            data += _varint(0)
        else:
            c = deck.champion
            data += _varint(1) + _varint(c.set) + _varint(c.variant)
            data += (_varint(c.kind) if v >= 4 else b"") + _varint(c.number)
    return _b32encode(bytes(data))


# --- deck lists ----------------------------------------------------------------------------


def _card_of(code: CodeCard, catalog: Catalog, source: str) -> Card:
    plain = CodeCard(code.set, 0, code.kind, code.number).code
    for text in (code.code, plain):
        try:
            return catalog.resolve(text)
        except UnknownCard:
            continue
    raise DeckError(f"{source}: card {code.code} is not in the card catalog")


def _code_card(card_id: str) -> CodeCard:
    try:
        return CodeCard.parse(card_id)
    except DeckError:
        raise DeckError(f"card {card_id} has no Piltover Archive set number "
                        f"(sets: {', '.join(SETS)})") from None


def _assemble(cards: Iterable[tuple[Card, int]], champion: Card | None, source: str,
              cat: Catalog, sideboard: Iterable[tuple[Card, int]] = ()) -> DeckList:
    """A deck list from whole-deck cards sorted by type (the champion chosen or guessed)."""
    legends: list[Card] = []
    sections: dict[str, dict[str, int]] = {"main": {}, "runes": {}, "battlefields": {}}
    for card, n in cards:
        if card.type == "Legend":
            legends += [card] * n
            continue
        part = {"Rune": "runes", "Battlefield": "battlefields"}.get(card.type, "main")
        sections[part][card.id] = sections[part].get(card.id, 0) + n
    if len(legends) != 1:
        raise DeckError(f"{source}: a deck has one Champion Legend; this one has "
                        f"{len(legends)}" + (f" ({', '.join(c.name for c in legends)})"
                                             if legends else ""))
    legend = legends[0]
    if champion is None:
        tags = set(legend.champion_tags)
        names = [cid for cid in sections["main"]
                 if (c := cat.get(cid)).is_champion_unit and tags & set(c.tags)]
        if not names:
            raise DeckError(f"{source}: no Champion unit of {legend.name} to be the Chosen "
                            "Champion")
        champion = cat.get(names[0])
    main = sections["main"]
    if main.get(champion.id, 0) < 1:
        raise DeckError(f"{source}: the chosen champion {champion.name} is not in the deck")
    main[champion.id] -= 1
    side: dict[str, int] = {}
    for card, n in sideboard:
        side[card.id] = side.get(card.id, 0) + n
    return DeckList(
        legend=legend.id, champion=champion.id,
        main=tuple(DeckEntry(cid, n) for cid, n in main.items() if n),
        runes=tuple(DeckEntry(cid, n) for cid, n in sections["runes"].items()),
        battlefields=tuple(DeckEntry(cid, n) for cid, n in sections["battlefields"].items()),
        source=source, sideboard=tuple(DeckEntry(cid, n) for cid, n in side.items()),
    )


def deck_from_code(code: str, source: str = "<code>", catalog: Catalog | None = None) -> DeckList:
    """The deck list of a Piltover Archive code.

    Without a chosen champion (versions 1-2), the Champion unit of the legend's tag is
    taken when the deck has one such name; :class:`DeckError` asks otherwise.
    """
    cat = catalog or load_catalog()
    decoded = decode_code(code, source)
    cards = [(_card_of(c, cat, source), n) for c, n in decoded.main]
    side = [(_card_of(c, cat, source), n) for c, n in decoded.sideboard]
    champion = _card_of(decoded.champion, cat, source) if decoded.champion else None
    if champion is None:
        legend = next((c for c, _ in cards if c.type == "Legend"), None)
        tags = set(legend.champion_tags) if legend else set()
        names = {c.id for c, _ in cards if c.is_champion_unit and tags & set(c.tags)}
        if len(names) > 1:
            raise DeckError(f"{source}: the code names no chosen champion and the deck has "
                            f"{len(names)} candidates ({', '.join(sorted(names))}); "
                            "write the list as text with 'Champion:'")
    return _assemble(cards, champion, source, cat, side)


def code_from_deck(deck: DeckList, version: int = DEFAULT_VERSION) -> str:
    """The Piltover Archive code of a deck list (every card as its identity's printing)."""
    main: dict[CodeCard, int] = {}
    entries = [(deck.legend, 1), (deck.champion, 1)]
    for part in (deck.main, deck.runes, deck.battlefields):
        entries += [(e.card_id, e.count) for e in part]
    for card_id, n in entries:
        card = _code_card(card_id)
        main[card] = main.get(card, 0) + n
    side = [(_code_card(e.card_id), e.count) for e in deck.sideboard]
    return encode_code(DeckCode(tuple(main.items()), tuple(side),
                                _code_card(deck.champion), version), version)


def deck_from_tts(text: str, source: str = "<tts>", catalog: Catalog | None = None) -> DeckList:
    """The deck list of a Tabletop Simulator string (``OGN-251-1 OGN-007-1 ...``)."""
    cat = catalog or load_catalog()
    cards: list[tuple[Card, int]] = []
    for n, token in enumerate(text.split(), start=1):
        match = _TTS.match(token)
        if match is None:
            raise DeckError(f"{source}: token {n} {token!r} is not SET-NNN-ART")
        code = f"{match.group('set').upper()}-{match.group('num')}"
        try:
            cards.append((cat.resolve(code), 1))
        except UnknownCard:
            raise DeckError(f"{source}: token {n} {token!r}: no card {code} in the catalog") \
                from None
    if not cards:
        raise DeckError(f"{source}: no cards")
    return _assemble(cards, None, source, cat)


def tts_from_deck(deck: DeckList) -> str:
    """The Tabletop Simulator string of a deck list (legend, champion, then the rest)."""
    ids = [deck.legend, deck.champion]
    for part in (deck.main, deck.runes, deck.battlefields):
        ids += [e.card_id for e in part for _ in range(e.count)]
    return " ".join(f"{cid}-1" for cid in ids)


def looks_like_tts(text: str) -> bool:
    """Whether *text* is a Tabletop Simulator string (every token ``SET-NNN-ART``)."""
    tokens = text.split()
    return bool(tokens) and all(_TTS.match(t) for t in tokens)


def looks_like_code(text: str) -> bool:
    """Whether *text* is one base32 word, as Piltover Archive codes are."""
    word = "".join(text.split())
    return len(text.split()) == 1 and len(word) >= 8 and bool(_B32.match(word.upper().rstrip("=")))


def parse_any_deck(text: str, source: str = "<deck>", catalog: Catalog | None = None) -> DeckList:
    """A deck list from a text list, a Piltover Archive code or a Tabletop Simulator string."""
    stripped = "\n".join(line.split("#", 1)[0] for line in text.splitlines()).strip()
    if looks_like_code(stripped) and ":" not in stripped:
        return deck_from_code(stripped, source, catalog)
    if looks_like_tts(stripped):
        return deck_from_tts(stripped, source, catalog)
    return parse_deck(text, source, catalog)


def read_any_deck(path_or_code: str | Path, catalog: Catalog | None = None) -> DeckList:
    """A deck list from a file (any of the three forms), a sample deck by name
    (``annie-dark-child``) or a code given inline."""
    path = Path(path_or_code)
    text = str(path_or_code)
    if not path.is_file() and text == path.name and path.name.removesuffix(".txt") in SAMPLE_DECKS:
        path = deck_file(text)
    try:
        if path.is_file():
            return parse_any_deck(path.read_text(encoding="utf-8"), str(path_or_code), catalog)
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(f"{path}: cannot read deck list: {exc}") from None
    if looks_like_code(text) or looks_like_tts(text):
        return parse_any_deck(text, "deck code", catalog)
    raise DeckError(f"{text}: no such deck file, not a sample deck ({', '.join(SAMPLE_DECKS)}; "
                    "see riftlog deck samples) and not a deck code")
