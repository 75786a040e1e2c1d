"""Generate the packaged card catalog (facts only) from the reference ``cards.json``.

Usage::

    python -m riftlog.cards.build /path/to/cards.json [--errata errata.json] [--out DIR]

Writes ``riftlog/cards/data/catalog.json`` and ``riftlog/cards/_version.py``.  The catalog
holds card *facts* (name, type, supertype, domains, cost, Might, tags, keywords, rarity,
printings) and two booleans about the rules text (``has_text``,
``text_is_keywords_only``); it never holds the text itself, flavor, artist or images.

Identity: every printing with the same name is one card (v1.3 132.1).  Names are compared
with :func:`~riftlog.cards.model.name_key`; a starter printing's " - Starter" suffix and a
token's " (XX)" art suffix are not part of the name.  The identity id is the short collector
code (``OGN-001``, ``OGS-017``, ``SFD-T03``) of the card's earliest printing, ordering
printings by set release, plain printings before variants, then collector number; it stays
stable when later sets reprint a card.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from riftlog.cards.model import SET_ORDER, name_key

#: Version of the catalog.json layout.
CATALOG_FORMAT = 1

PACKAGE_DIR = Path(__file__).resolve().parent
DEFAULT_OUT = PACKAGE_DIR / "data" / "catalog.json"
VERSION_MODULE = PACKAGE_DIR / "_version.py"

_STARTER_SUFFIX = re.compile(r"\s+-\s+Starter$")
_TOKEN_ART_SUFFIX = re.compile(r"\s+\([A-Z]{2}\)$")
_VARIANT_SUFFIX = re.compile(r"\s+\([^)]*\)$")
_PARENS = re.compile(r"\([^()]*\)")
_SEPARATORS = re.compile(r"[\s,.;:\-\u2014\u2013]+")

Json = dict[str, Any]


def _set_rank(set_id: str) -> tuple[int, str]:
    try:
        return SET_ORDER.index(set_id), set_id
    except ValueError:
        return len(SET_ORDER), set_id


def _is_variant(row: Mapping[str, Any]) -> bool:
    return bool(
        row.get("variant_label")
        or row.get("alternate_art")
        or row.get("overnumbered")
        or row.get("signature")
    )


def printing_order(row: Mapping[str, Any]) -> tuple[Any, ...]:
    """Sort key: set release order, plain before variant, collector number, code."""
    return (
        _set_rank(str(row["set_id"])),
        _is_variant(row),
        int(row.get("collector_number") or 0),
        str(row["public_code"]),
    )


def identity_name(row: Mapping[str, Any]) -> str:
    """The card's name without printing decorations (starter suffix, token art code)."""
    name = str(row["name"]).strip()
    if row.get("variant_label") == "Starter":
        name = _STARTER_SUFFIX.sub("", name)
    if row.get("supertype") == "Token":
        name = _TOKEN_ART_SUFFIX.sub("", name)
    return name


def short_code(public_code: str) -> str:
    """``OGN-001/298`` -> ``OGN-001``."""
    return public_code.split("/", 1)[0]


def keyword_glossary(rows: Iterable[Mapping[str, Any]]) -> frozenset[str]:
    """Every keyword name (without value) that appears in the data."""
    names: set[str] = set()
    for row in rows:
        for kw in row.get("keywords") or ():
            names.add(re.sub(r"\s+\d+$", "", str(kw)))
    return frozenset(names)


def text_facts(text: str | None, glossary: frozenset[str]) -> tuple[bool, bool]:
    """``(has_text, text_is_keywords_only)`` for a rules text; the text is not kept.

    Keywords-only: after removing bracketed keywords (``[Assault 2]``), bare keyword
    names, reminder text in parentheses and separators, nothing is left, and at least one
    keyword was there.
    """
    if not text or not text.strip():
        return False, False
    rest = text
    while True:
        stripped = _PARENS.sub(" ", rest)
        if stripped == rest:
            break
        rest = stripped
    found = 0
    alternatives = "|".join(re.escape(k) for k in sorted(glossary, key=len, reverse=True))
    if alternatives:
        pattern = re.compile(
            rf"\[(?:{alternatives})(?:\s+\d+)?\]|\b(?:{alternatives})(?:\s+\d+)?\b"
        )
        rest, found = pattern.subn(" ", rest)
    rest = _SEPARATORS.sub("", rest)
    return True, (rest == "" and found > 0)


def _aliases(raw: object) -> set[str]:
    """Other spellings of a name from the source ("Annie - Dark Child", "Annie, Dark Child")."""
    if not raw:
        return set()
    base = _VARIANT_SUFFIX.sub("", str(raw).split(" // ", 1)[0]).strip()
    out = {base}
    if " - " in base:
        out.add(base.replace(" - ", ", ", 1))
    return out


def _ordered_union(lists: Iterable[Sequence[str]]) -> list[str]:
    out: list[str] = []
    for items in lists:
        for item in items:
            if item not in out:
                out.append(item)
    return out


def _errata_by_code(
    errata: Mapping[str, Any] | None,
) -> tuple[dict[str, set[str]], dict[str, str], dict[str, str]]:
    """(printing short code -> document slugs, slug -> date, document label -> slug)."""
    by_code: dict[str, set[str]] = defaultdict(set)
    dates: dict[str, str] = {}
    slugs: dict[str, str] = {}
    if not errata:
        return by_code, dates, slugs
    for doc in errata.get("errata_documents") or ():
        dates[str(doc["slug"])] = str(doc.get("announced_on") or "")
        slugs[str(doc.get("label") or doc["slug"])] = str(doc["slug"])
    for entry in errata.get("entries") or ():
        for code in entry.get("card_ids") or ():
            by_code[str(code).upper()].add(str(entry["document"]))
    return by_code, dates, slugs


def build_cards(
    rows: Sequence[Mapping[str, Any]], errata: Mapping[str, Any] | None = None
) -> list[Json]:
    """Group printings into card identities and return their fact records (no text)."""
    groups: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[name_key(identity_name(row))].append(row)
    glossary = keyword_glossary(rows)
    errata_codes, errata_dates, errata_slugs = _errata_by_code(errata)

    # Champion tags link Legends, Champion units and Signature cards (v1.3 133.8.b): the
    # tags those cards carry that no other card carries (so not regions or tribes).
    linked = {
        t
        for r in rows
        if r["type"] == "Legend" or r.get("supertype") in ("Champion", "Signature")
        for t in r.get("tags") or ()
    }
    group_tags = {
        t
        for r in rows
        if r["type"] != "Legend" and r.get("supertype") not in ("Champion", "Signature")
        for t in r.get("tags") or ()
    }
    prefixes: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        if r.get("supertype") == "Champion" and r["type"] == "Unit":
            for t in r.get("tags") or ():
                raw = str(r.get("riftcodex_name") or r["name"])
                prefixes[t].add(raw.split(" - ", 1)[0] if " - " in raw else raw.split(",", 1)[0])
    shared = {t for t, names in prefixes.items() if len(names) > 1}  # e.g. a region
    champion_tags = linked - group_tags - shared

    cards: list[Json] = []
    for members in groups.values():
        members = sorted(members, key=printing_order)
        first = members[0]
        official = [m for m in members if m.get("name_source") == "official-gallery"]
        name = identity_name(official[0] if official else first)
        texted = [m for m in members if m.get("text_source") == "official-gallery"] or members
        has_text, keywords_only = text_facts(texted[0].get("text"), glossary)
        tags = _ordered_union(m.get("tags") or () for m in members)
        docs: set[str] = set()
        for m in members:
            for e in m.get("errata") or ():
                doc = errata_slugs.get(str(e["document"]), str(e["document"]))
                docs.add(doc)
                errata_dates.setdefault(doc, str(e.get("announced_on") or ""))
            docs.update(errata_codes.get(short_code(str(m["public_code"])).upper(), ()))
        aliases = sorted({a for m in members for a in _aliases(m.get("riftcodex_name"))} - {name})
        cards.append(
            {
                "id": short_code(str(first["public_code"])),
                "name": name,
                "type": first["type"],
                "supertype": first.get("supertype") if first["type"] != "Legend" else None,
                "domains": list(first.get("domains") or ()),
                "energy": first.get("energy"),
                "power": first.get("power"),
                "might": first.get("might"),
                "tags": tags,
                "champion_tags": [t for t in tags if t in champion_tags],
                "keywords": _ordered_union(m.get("keywords") or () for m in members),
                "rarity": first.get("rarity"),
                "has_text": has_text,
                "text_is_keywords_only": keywords_only,
                "errata": sorted(docs, key=lambda d: (errata_dates.get(d, ""), d)),
                "aliases": aliases,
                "printings": [
                    [
                        str(m["id"]),
                        str(m["public_code"]),
                        str(m["set_id"]),
                        int(m.get("collector_number") or 0),
                        m.get("variant_label"),
                        m.get("rarity"),
                    ]
                    for m in members
                ],
            }
        )
    cards.sort(key=lambda c: printing_order_of_card(c))
    _check_unique_codes(cards)
    return cards


def printing_order_of_card(card: Mapping[str, Any]) -> tuple[Any, ...]:
    """Sort identities like their first printing."""
    _pid, code, set_id, number, variant, _rarity = card["printings"][0]
    return (_set_rank(set_id), variant is not None, number, code)


def _check_unique_codes(cards: Sequence[Mapping[str, Any]]) -> None:
    """Identity ids, printing ids and full printed codes must each name one card.

    (Short codes need not: ``OPP-001/298`` and ``OPP-001/024`` are different promos.)
    """
    seen: dict[str, str] = {}
    for card in cards:
        keys = {card["id"].upper()}
        for pid, code, *_ in card["printings"]:
            keys.update({pid.upper(), code.upper()})
        for key in keys:
            other = seen.setdefault(key, card["id"])
            if other != card["id"]:
                raise ValueError(f"code {key} names two cards: {other} and {card['id']}")


def catalog_version(cards: Sequence[Mapping[str, Any]], rows: Sequence[Mapping[str, Any]]) -> str:
    """``<newest source date>+riftcodex.<content hash>``, e.g. ``2026-07-21+riftcodex.1a2b3c4d``."""
    dates = [str(r.get("source_updated_on") or "")[:10] for r in rows]
    as_of = max((d for d in dates if d), default="unknown")
    blob = json.dumps(cards, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"{as_of}+riftcodex.{hashlib.sha256(blob.encode()).hexdigest()[:8]}"


def render(cards: Sequence[Mapping[str, Any]], version: str) -> str:
    """The catalog.json text: one card per line so diffs stay readable."""
    head = json.dumps({"format": CATALOG_FORMAT, "version": version}, ensure_ascii=False)
    lines = [json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in cards]
    return head[:-1] + ',"cards":[\n' + ",\n".join(lines) + "\n]}\n"


def write_catalog(
    cards_json: Path, errata_json: Path | None = None, out: Path = DEFAULT_OUT
) -> tuple[str, int]:
    """Build and write the catalog (and the version module next to the package).

    Returns ``(version, number of card identities)``.
    """
    rows = json.loads(cards_json.read_text(encoding="utf-8"))
    if errata_json is None and (cards_json.parent / "errata.json").exists():
        errata_json = cards_json.parent / "errata.json"
    errata = json.loads(errata_json.read_text(encoding="utf-8")) if errata_json else None
    cards = build_cards(rows, errata)
    version = catalog_version(cards, rows)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(cards, version), encoding="utf-8")
    if out == DEFAULT_OUT:
        VERSION_MODULE.write_text(
            '"""Generated by riftlog.cards.build: the version of data/catalog.json."""\n\n'
            "from __future__ import annotations\n\n"
            f'CATALOG_VERSION = "{version}"\n',
            encoding="utf-8",
        )
    return version, len(cards)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point (``python -m riftlog.cards.build``)."""
    parser = argparse.ArgumentParser(
        prog="python -m riftlog.cards.build", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "cards_json", type=Path, help="reference cards.json (one object per printing)"
    )
    parser.add_argument(
        "--errata", type=Path, default=None, help="errata.json (default: next to cards.json)"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write catalog.json")
    args = parser.parse_args(argv)
    version, count = write_catalog(args.cards_json, args.errata, args.out)
    print(f"wrote {args.out}: {count} cards, version {version}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
