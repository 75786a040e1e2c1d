"""Which card errata a game is judged under, from the catalog version it pins.

Riot's errata documents change the text of cards from the day they are announced; the
catalog (``riftlog/cards/data/catalog.json``) lists, per card, the documents that changed it
(``Card.errata``), and riftlog encodes every card **as its errata read** (the catalog's text).

A game pins the catalog version it is judged under (``GameCreated.catalog_version``):

* the catalog riftlog ships (:data:`riftlog.cards._version.CATALOG_VERSION`), or a version
  that names no date (e.g. ``"test"``): every erratum the catalog lists is in force;
* a version that starts with a date (``"2026-01-01+..."``, ``"2026-03"``): an erratum
  announced after that date is **not** in force for the game: its cards are judged under
  their printed text, which riftlog does not encode, so the engine refuses to judge them
  (``UnsupportedCard`` naming the card, the catalog version and the erratum: the replay
  verdict is *unverifiable*), never judging them by a text that did not apply yet.  A
  version dated by month only (``"2026-01"``) cannot tell an erratum of that month: it is
  taken as not in force.

:data:`DOCUMENTS` holds the errata documents (slug, title, announcement date), facts from
the official announcements (``../shared/reference/errata.json``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from riftlog.cards._version import CATALOG_VERSION
from riftlog.cards.catalog import Catalog, load_catalog

__all__ = ["DOCUMENTS", "ErratumDocument", "catalog_date", "not_in_force", "why_not_in_force"]


@dataclass(frozen=True, slots=True)
class ErratumDocument:
    """One official errata document: its slug (as ``Card.errata`` names it), its title and
    the day it was announced (``YYYY-MM-DD``), from which its texts apply."""

    slug: str
    title: str
    announced_on: str


DOCUMENTS: Mapping[str, ErratumDocument] = {d.slug: d for d in (
    ErratumDocument("origins", "Riftbound: Origins Card Errata", "2025-10-28"),
    ErratumDocument("spiritforged", "Riftbound Spiritforged Errata", "2026-01-14"),
    ErratumDocument("unleashed", "Unleashed Errata Updates", "2026-04-03"),
    ErratumDocument("vendetta", "Vendetta Errata Updates", "2026-07-24"),
)}

_DATED = re.compile(r"^(\d{4}-\d{2}(?:-\d{2})?)(?:$|[^\d])")


def catalog_date(version: str) -> str | None:
    """The date a catalog version names (``YYYY-MM-DD`` or ``YYYY-MM``), or None: the
    shipped catalog and undated versions (every erratum of the catalog applies)."""
    if version == CATALOG_VERSION:
        return None
    m = _DATED.match(version)
    return m.group(1) if m else None


def _in_force(document: str, date: str) -> bool:
    doc = DOCUMENTS.get(document)
    if doc is None:
        raise KeyError(f"errata document {document!r} is not in riftlog.cards.errata.DOCUMENTS")
    return doc.announced_on[:len(date)] < date or (
        len(date) == 10 and doc.announced_on <= date)


def not_in_force(card_ids: Iterable[str], version: str,
                 catalog: Catalog | None = None) -> dict[str, tuple[str, ...]]:
    """The cards of *card_ids* with an erratum not in force under catalog *version*, each
    with those errata documents' slugs (empty for the shipped catalog and undated versions)."""
    date = catalog_date(version)
    if date is None:
        return {}
    cat = catalog or load_catalog()
    out: dict[str, tuple[str, ...]] = {}
    for cid in sorted(set(card_ids)):
        if cid not in cat:
            continue
        late = tuple(d for d in cat.get(cid).errata if not _in_force(d, date))
        if late:
            out[cid] = late
    return out


def why_not_in_force(card_id: str, documents: Iterable[str], version: str) -> str:
    """Plain words: why a card with errata *documents* not in force cannot be judged."""
    docs = [DOCUMENTS[d] for d in documents]
    named = ", ".join(f"{d.title} of {d.announced_on}" for d in docs)
    return (f"this game is judged under catalog {version}, before the errata ({named}) that "
            "changed the card's text; riftlog encodes the card only as the errata read, and "
            "does not judge it by a text that did not apply yet")
