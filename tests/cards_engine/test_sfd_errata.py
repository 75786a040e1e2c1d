"""Errata and the catalog version a game pins (issue 24): every card is encoded as its
errata read; a game pinned to a dated catalog from before an erratum of one of its cards is
not judged by the errata text - the engine says so (unverifiable, naming the card and the
erratum) - while games under the shipped catalog are judged as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from riftlog.bundle import load_bundle
from riftlog.cards import load_catalog
from riftlog.cards._version import CATALOG_VERSION
from riftlog.cards.errata import DOCUMENTS, catalog_date, not_in_force
from riftlog.errors import UnsupportedCard
from riftlog.events.decisions import PriorityPassed
from riftlog.events.envelope import StoredEvent
from riftlog.replay import replay_events
from riftlog.rules import engine
from riftlog.rules.errata_guard import note
from tests.cards_engine.helpers import (
    FURY_RUNE,
    ORDER_RUNE,
    SKULKER,
    cast,
    game,
    pass_all,
    put,
    request,
    runes,
    spell_played,
)

DEATHGRIP = "SFD-163"   # Spiritforged errata of 2026-01-14
BLOOD_RUSH = "SFD-003"  # Spiritforged errata of 2026-01-14
GUARDS = "SFD-154"      # Unleashed errata of 2026-04-03
REPLAYS = Path(__file__).parents[2] / "replays"


def test_every_errata_document_of_the_catalog_has_a_date() -> None:
    slugs = {d for c in load_catalog() for d in c.errata}
    assert slugs <= set(DOCUMENTS)
    assert {c.id for c in load_catalog().cards("SFD") if "spiritforged" in c.errata} >= {
        DEATHGRIP, BLOOD_RUSH, "SFD-188", "SFD-187", "SFD-198"}


@pytest.mark.parametrize(("version", "late"), [
    (CATALOG_VERSION, {}),                                  # the shipped catalog: all in force
    ("test", {}),                                           # undated: all in force
    ("2026-01-13+riftcodex.0", {DEATHGRIP: ("spiritforged",), GUARDS: ("unleashed",)}),
    ("2026-01-14", {GUARDS: ("unleashed",)}),               # in force from its day
    ("2026-01", {DEATHGRIP: ("spiritforged",), GUARDS: ("unleashed",)}),  # month: undecided
    ("2026-03", {GUARDS: ("unleashed",)}),
    ("2026-04-03", {}),
])
def test_the_catalog_version_decides_which_errata_are_in_force(
        version: str, late: dict[str, tuple[str, ...]]) -> None:
    assert not_in_force([DEATHGRIP, GUARDS, SKULKER], version) == late


def test_catalog_date_reads_the_date_a_version_names() -> None:
    assert catalog_date("2026-02-20+riftcodex.abc") == "2026-02-20"
    assert catalog_date(CATALOG_VERSION) is None and catalog_date("v7") is None


def _deathgrip_board(version: str) -> tuple[Any, Any]:
    s = game()
    runes(s, "p1", 2, ORDER_RUNE)
    victim, other = put(s, SKULKER, "p1", "battlefield", "bf1"), put(s, SKULKER, "p1", "battlefield", "bf1")
    d = spell_played(s, DEATHGRIP, targets={"victim": (victim,), "other": (other,)})
    note(s, version)
    return s, d


def test_a_card_played_under_a_catalog_before_its_errata_is_not_judged() -> None:
    s, d = _deathgrip_board("2026-01-01")
    with pytest.raises(UnsupportedCard, match=r"Deathgrip.*Riftbound Spiritforged Errata of 2026-01-14"):
        engine.check(s, d)
    with pytest.raises(UnsupportedCard, match="Deathgrip"):
        engine.apply(s, d)


def test_the_same_play_under_a_catalog_with_the_errata_is_judged_as_the_errata_reads() -> None:
    s, d = _deathgrip_board("2026-02-01")
    assert "pre_errata" not in s.extra
    assert engine.check(s, d) == []
    s = pass_all(engine.apply(s, d)[0])
    assert len([o for o in s.players["p1"].trash if s.objects[o].card == SKULKER]) == 1


def test_a_card_before_its_errata_already_in_play_stops_the_judging() -> None:
    s = game()
    runes(s, "p1", 2, FURY_RUNE)
    mine = put(s, SKULKER, "p1", "battlefield", "bf1")
    s = cast(s, BLOOD_RUSH, targets={"t": (mine,)})  # on the chain when the game is noted
    note(s, "2025-12-01")
    with pytest.raises(UnsupportedCard, match="Blood Rush"):
        engine.check(s, PriorityPassed(player=request(s).player or ""))


def _events(game_: Any, version: str) -> list[StoredEvent]:
    out = []
    for e in game_.events:
        payload = dict(e.payload)
        if e.seq == 1:
            payload["catalog_version"] = version
        out.append(StoredEvent(game_id=game_.id, seq=e.seq, type=e.type,
                               schema_version=e.schema_version, actor=e.actor, payload=payload,
                               client_event_id=e.client_event_id, recorded_at=e.recorded_at,
                               prev_hash=e.prev_hash, hash=e.hash))
    return out


def test_a_stored_game_is_judged_under_the_errata_its_catalog_version_has() -> None:
    """The SFD sample duel (Draven's deck plays Blood Rush) judged under its own catalog is
    legal throughout; the same events pinned to a catalog of 2026-01-01 are unverifiable from
    the first decision Blood Rush takes part in, and the verdict names the erratum."""
    [game_] = load_bundle(REPLAYS / "duel-sfd-01.json").games
    own = replay_events(_events(game_, game_.events[0].payload["catalog_version"]), game_id=game_.id)
    assert own.ok and not [v for v in own.verdicts if v.verdict != "legal"]
    old = replay_events(_events(game_, "2026-01-01"), game_id=game_.id)
    first = next(v for v in old.verdicts if v.verdict == "unverifiable")
    assert "Blood Rush" in " ".join(first.reasons) and "2026-01-14" in " ".join(first.reasons)
    assert all(v.verdict == "legal" for v in old.verdicts if v.seq < first.seq)
