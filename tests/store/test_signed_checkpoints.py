"""Forgery by whoever can write the database (issue 16): signed checkpoints and receipts.

Each forgery (tests/store/forgery.py) recomputes every hash, head and seal, so the chain
check alone accepts it (asserted in every test: that is the hole these close); a checkpoint
signed with a key the database never held, and a player's receipt, do not.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.exc import DBAPIError

from riftlog.bundle import import_file, write_bundle
from riftlog.errors import ImportRefused, StoreError
from riftlog.events import NewEvent
from riftlog.events.actor import Actor
from riftlog.events.payloads import NoteAdded
from riftlog.store import EventStore
from riftlog.store.checkpoints import ReceiptProblem, parse_receipt
from riftlog.store.signing import KEY_ENV, SigningKey
from tests.export.helpers import record_game
from tests.store.forgery import Body, bodies, rewrite, swap_player_names, with_payload
from tests.store.helpers import drop_append_only_triggers, raw

ORGANISER = SigningKey.generate()
FORGER = SigningKey.generate()


@pytest.fixture
def signed(store: EventStore, monkeypatch: pytest.MonkeyPatch) -> EventStore:
    """g1 (GameCreated, 4 notes, a ruling: 6 events) sealed and signed at the seal by the
    organiser's configured key; g2 another legal game, also sealed and signed."""
    monkeypatch.setenv(KEY_ENV, ORGANISER.text)
    record_game(store, "g1", 4)
    record_game(store, "g2", 2, players=("carol", "dan"))
    monkeypatch.delenv(KEY_ENV)
    return store


def trusted_report(store: EventStore, game: str = "g1") -> tuple[bool, int | None, str]:
    report = store.verify_checkpoints(game, [ORGANISER.public], require=True)
    return report.ok, report.bad_seq, " ".join(report.problems)


def forge(store: EventStore, new: list[Body], **kw: bool) -> None:
    rewrite(store, "g1", new, **kw)
    assert store.verify("g1").ok  # the chain alone cannot tell


def test_a_configured_key_signs_every_seal(signed: EventStore) -> None:
    [cp] = signed.checkpoints("g1")
    assert (cp.seq, cp.sealed, cp.key_id) == (6, True, ORGANISER.key_id)
    assert cp.head_hash == signed.game("g1").seal_hash
    assert trusted_report(signed) == (True, None, "")


def test_without_a_configured_key_nothing_is_signed(store: EventStore,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(KEY_ENV, raising=False)
    record_game(store, "g1", 1)
    assert store.checkpoints("g1") == []
    ok, _, problems = trusted_report(store)
    assert not ok and "no checkpoint signed by a trusted key" in problems


def test_a_truncated_game_is_named_with_the_checkpoint_seq(signed: EventStore) -> None:
    forge(signed, bodies(signed, "g1")[:3])
    ok, seq, problems = trusted_report(signed)
    assert not ok and seq == 6
    assert "checkpoint at seq 6" in problems and "no event at seq 6" in problems


def test_an_inserted_event_is_found(signed: EventStore) -> None:
    events = bodies(signed, "g1")
    extra = with_payload(events[2], {"text": "an extra note"})
    forge(signed, [*events[:3], extra, *events[3:5]])  # still 6 events, seq 4 is new
    ok, seq, problems = trusted_report(signed)
    assert not ok and seq == 6 and "history up to seq 6 was rewritten" in problems


def test_swapped_player_names_are_found(signed: EventStore) -> None:
    events = bodies(signed, "g1")
    forge(signed, [swap_player_names(events[0]), *events[1:]])
    ok, seq, problems = trusted_report(signed)
    assert not ok and seq == 6 and "was rewritten" in problems


def test_a_whole_game_replaced_by_another_legal_one_is_found(signed: EventStore) -> None:
    other = [(t, v, a, p, None, r) for t, v, a, p, _c, r in bodies(signed, "g2")]
    forge(signed, other)
    ok, seq, problems = trusted_report(signed)
    assert not ok and seq == 6 and "checkpoint at seq 6" in problems


def test_deleted_checkpoints_leave_the_game_unsigned(signed: EventStore) -> None:
    forge(signed, bodies(signed, "g1")[:3], drop_checkpoints=True)
    ok, seq, problems = trusted_report(signed)
    assert not ok and seq is None
    assert f"no checkpoint signed by a trusted key (trusted: {ORGANISER.key_id})" in problems


def test_a_forger_signing_with_his_own_key_convinces_nobody(signed: EventStore) -> None:
    forge(signed, bodies(signed, "g1")[:3], drop_checkpoints=True)
    signed.sign("g1", FORGER)
    assert signed.verify_checkpoints("g1").ok  # consistent with the key it carries...
    ok, _, problems = trusted_report(signed)  # ...which is not the organiser's
    assert not ok and "no checkpoint signed by a trusted key" in problems


def test_a_checkpoint_edited_to_the_forged_head_fails_its_signature(signed: EventStore) -> None:
    head = rewrite(signed, "g1", bodies(signed, "g1")[:3])
    raw(signed, "UPDATE checkpoints SET seq = 3, head_hash = :h WHERE game_id = 'g1'", h=head)
    ok, seq, problems = trusted_report(signed)
    assert not ok and seq == 3 and "signature does not verify" in problems


def test_an_unsealed_game_after_a_signed_seal_is_found(signed: EventStore) -> None:
    events = bodies(signed, "g1")
    forge(signed, [*events, with_payload(events[1], {"text": "late"})], sealed=False)
    ok, seq, problems = trusted_report(signed)
    assert not ok and seq == 6 and "signed at the seal, but the game is now open at seq 7" in problems


def test_sign_on_demand_covers_an_open_game_so_far(store: EventStore) -> None:
    record_game(store, "g1", 2, sealed=False)
    cp = store.sign("g1", ORGANISER)
    assert (cp.seq, cp.sealed) == (4, False)
    assert store.sign("g1", ORGANISER) == cp  # signing the same head again: the same one
    store.append("g1", [NewEvent.of(NoteAdded(author="x", text="more"))], 4, actor=Actor.judge("x"))
    assert trusted_report(store) == (True, None, "")  # later events: the chain's business
    forge(store, bodies(store, "g1")[:2], sealed=False)
    ok, seq, _ = trusted_report(store)
    assert not ok and seq == 4


def test_a_head_signed_open_and_then_sealed_as_it_stood_keeps_both(
        store: EventStore) -> None:
    record_game(store, "g1", 2, sealed=False)
    store.sign("g1", ORGANISER)
    store.signing_key = ORGANISER
    store.seal("g1")
    assert [(c.seq, c.sealed) for c in store.checkpoints("g1")] == [(4, False), (4, True)]
    assert trusted_report(store) == (True, None, "")


def test_a_broken_chain_is_never_signed(signed: EventStore) -> None:
    record_game(signed, "g3", 2, sealed=False)
    drop_append_only_triggers(signed)
    raw(signed, "UPDATE events SET actor = 'x' WHERE game_id = 'g3' AND seq = 2")
    with pytest.raises(StoreError, match="breaks at seq 2"):
        signed.sign("g3", ORGANISER)


def test_checkpoints_are_append_only(signed: EventStore) -> None:
    with pytest.raises(DBAPIError, match="checkpoints are append-only"):
        raw(signed, "DELETE FROM checkpoints")
    assert len(signed.checkpoints("g1")) == 1


# --- receipts -------------------------------------------------------------------------


def test_a_receipt_names_the_head_in_one_short_line(signed: EventStore) -> None:
    receipt = str(signed.receipt("g1"))
    head = signed.game("g1").last_hash
    assert receipt == f"riftlog:g1:6:{head[:24].upper()}"
    assert "ok: game g1 still has the event of the receipt at seq 6" in signed.check_receipt(
        parse_receipt(receipt[:-24] + receipt[-24:].lower()))


def test_a_receipt_of_an_earlier_seq_holds_after_later_events(store: EventStore) -> None:
    record_game(store, "g1", 2, sealed=False)
    receipt = parse_receipt(str(store.receipt("g1", 3)))
    store.append("g1", [NewEvent.of(NoteAdded(author="x", text="more"))], 4, actor=Actor.judge("x"))
    assert store.check_receipt(receipt).startswith("ok: ")


@pytest.mark.parametrize("how", ["truncated", "inserted", "swapped", "replaced"])
def test_a_receipt_refuses_a_rewritten_game(signed: EventStore, how: str) -> None:
    receipt = parse_receipt(str(signed.receipt("g1")))
    events = bodies(signed, "g1")
    new = {
        "truncated": events[:3],
        "inserted": [*events[:3], with_payload(events[2], {"text": "extra"}), *events[3:5]],
        "swapped": [swap_player_names(events[0]), *events[1:]],
        "replaced": [(t, v, a, p, None, r) for t, v, a, p, _c, r in bodies(signed, "g2")] * 2,
    }[how]
    forge(signed, new, drop_checkpoints=True)
    with pytest.raises(ReceiptProblem, match=r"receipt riftlog:g1:6:") as exc:
        signed.check_receipt(receipt)
    expected = "truncated" if how == "truncated" else "the history was rewritten"
    assert expected in str(exc.value)


def test_a_receipt_of_a_deleted_game_or_a_broken_chain_is_refused(signed: EventStore) -> None:
    with pytest.raises(ReceiptProblem, match="no game 'g9'"):
        signed.check_receipt(parse_receipt("riftlog:g9:3:" + "A" * 24))
    drop_append_only_triggers(signed)
    raw(signed, "UPDATE events SET actor = 'x' WHERE game_id = 'g1' AND seq = 2")
    with pytest.raises(ReceiptProblem, match="chain of game g1 breaks at seq 2"):
        signed.check_receipt(parse_receipt(str(signed.receipt("g1"))))


@pytest.mark.parametrize("bad", ["", "g1:3:ABCDEF", "riftlog:g1:x:ABCDEF0123456789",
                                 "riftlog:g1:3:XYZ", "riftlog:g1:0:" + "A" * 24])
def test_a_malformed_receipt_is_one_clear_error(bad: str) -> None:
    with pytest.raises(ReceiptProblem, match="receipt"):
        parse_receipt(bad)


# --- bundles --------------------------------------------------------------------------


def test_bundles_carry_checkpoints_and_import_checks_them(
        store: EventStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = EventStore.open(str(tmp_path / "src.db"), check=False, create=True)
    src.upgrade()
    monkeypatch.setenv(KEY_ENV, ORGANISER.text)
    record_game(src, "g1", 3)
    monkeypatch.delenv(KEY_ENV)
    path = tmp_path / "g1.json"

    def export() -> None:
        with path.open("w", encoding="utf-8") as out:
            write_bundle(src, [src.game("g1")], out)

    export()
    with pytest.raises(ImportRefused, match=r"game g1: signed checkpoint refused at seq 5: no "
                       r"checkpoint signed by a trusted key"):
        import_file(store, path, trusted=[FORGER.public])
    report = import_file(store, path, trusted=[ORGANISER.public])
    assert report.imported == [("g1", 5)]
    assert store.checkpoints("g1") == src.checkpoints("g1")
    assert store.verify("g1").ok and store.game("g1").sealed
    assert store.verify_checkpoints("g1", [ORGANISER.public], require=True).ok
    # a second signer later: importing again adds only the checkpoint the store lacks
    second = src.sign("g1", FORGER)
    export()
    again = import_file(store, path)
    assert again.checkpoints == [second] and not again.imported
    assert "added the signed checkpoint at seq 5" in " ".join(again.lines())
    assert len(store.checkpoints("g1")) == 2
    src.close()
