"""Who acts (issue 17) and the raw append path (issue 16), through the recorder, on SQLite
and PostgreSQL: a player decides only for their own seat, judge events come from a judge
signed with the identity's name, game events never skip the engine, and old events (no
identities) still import, verify and read."""

from __future__ import annotations

from pathlib import Path

import pytest

from riftlog.bundle import import_file
from riftlog.errors import IllegalDecision, ImpossibleDecision, NotPermitted, RecorderError
from riftlog.events import Actor
from riftlog.events.decisions import DeckOrderRecorded, FirstPlayerChosen, GameConceded, TurnEnded
from riftlog.events.payloads import GameLossIssued, RulingGiven
from riftlog.recorder import Recorder, append_event
from riftlog.replay import replay_game
from riftlog.seeding import SeedKeeper
from riftlog.store import EventStore
from tests.store.helpers import snapshot
from tests.usecases.helpers import duel

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
ANN = Actor.judge("Ann")



@pytest.fixture
def keeper(tmp_path: Path) -> SeedKeeper:
    return SeedKeeper(tmp_path / "secrets")


def _open(store: EventStore, keeper: SeedKeeper, actor: Actor, game: str = "g1") -> Recorder:
    return Recorder.open(store, game, keeper=keeper, actor=actor)


# --- players, recorders, judges ------------------------------------------------------------


def test_a_player_concedes_only_for_their_own_seat(store: EventStore, keeper: SeedKeeper) -> None:
    duel(store, "g1", keeper=keeper)
    p1 = _open(store, keeper, Actor.player("p1"))
    before = snapshot(store)
    with pytest.raises(NotPermitted, match=r"game g1 seq \d+: player p1 may not append "
                                           r"GameConceded: it is player p2's decision; a player "
                                           r"makes only their own seat's decisions"):
        p1.record(GameConceded(player="p2"))
    assert snapshot(store) == before
    done = p1.record(GameConceded(player="p1"))
    assert done.events[0].actor == "p1"
    assert all(ev.actor == "p1" for ev in done.events)  # the seed reveal it caused, too


def test_a_recorder_records_any_seat_and_the_verdict_names_the_seat(
    store: EventStore, keeper: SeedKeeper
) -> None:
    duel(store, "g1", keeper=keeper)
    desk = _open(store, keeper, Actor.recorder("desk"))
    done = desk.record(GameConceded(player="p2"))
    assert done.events[0].actor == "recorder:desk"
    verdict = replay_game(store, "g1").verdicts[done.events[0].seq - 1]
    assert (verdict.type, verdict.actor) == ("GameConceded", "p2")


def test_a_player_who_is_not_a_seat_is_refused(store: EventStore, keeper: SeedKeeper) -> None:
    duel(store, "g1", keeper=keeper)
    with pytest.raises(NotPermitted, match="p3 is not a seat of this game"):
        _open(store, keeper, Actor.player("p3")).record(GameConceded(player="p3"))


def test_an_identity_for_another_game_is_refused(store: EventStore, keeper: SeedKeeper) -> None:
    duel(store, "g1", keeper=keeper)
    with pytest.raises(NotPermitted, match="the identity is for game g2 only"):
        _open(store, keeper, Actor.recorder("desk", game_id="g2")).record(
            GameConceded(player="p1"))


def test_judge_events_need_a_judge_and_carry_its_name(
    store: EventStore, keeper: SeedKeeper
) -> None:
    duel(store, "g1", keeper=keeper)
    desk = _open(store, keeper, Actor.recorder("desk"))
    before = snapshot(store)
    with pytest.raises(NotPermitted, match=r"recorder 'desk' may not append judge events"):
        desk.game_loss(None, "p2", "marked cards")
    with pytest.raises(NotPermitted, match=r"recorder 'desk' may not append GameLossIssued: "
                                           r"judge events are appended by a judge only"):
        desk.judge(GameLossIssued(judge="Ann", player="p2"))
    with pytest.raises(NotPermitted, match=r"player p1 may not append GameLossIssued"):
        desk.judge(GameLossIssued(judge="Ann", player="p2"), Actor.player("p1"))
    with pytest.raises(NotPermitted, match=r"judge 'Bob' may not append GameLossIssued: it is "
                                           r"signed by judge 'Ann'; the judge's name comes "
                                           r"from the identity \('Bob'\)"):
        desk.judge(GameLossIssued(judge="Ann", player="p2"), Actor.judge("Bob"))
    assert snapshot(store) == before
    done = desk.ruling(ANN, "play on", ["v1.3 316.6"])
    ev = done.events[0]
    assert (ev.type, ev.actor, ev.payload["judge"]) == ("RulingGiven", "judge:Ann", "Ann")
    assert Actor.from_envelope(ev.actor, ev.type) == ANN


def test_a_game_that_is_over_takes_no_rewind_correction_or_loss(
    store: EventStore, keeper: SeedKeeper
) -> None:
    duel(store, "g1", keeper=keeper)
    rec = _open(store, keeper, ANN)
    rec.record(GameConceded(player="p2"))
    before = snapshot(store)
    with pytest.raises(RecorderError, match=r"the game is over .* GameRewound can no longer"):
        rec.rewind(2)
    with pytest.raises(RecorderError, match="GameLossIssued can no longer change it"):
        rec.game_loss(None, "p1")
    assert snapshot(store) == before
    assert rec.ruling(None, "the concession stands").events[0].type == "RulingGiven"


def test_random_outcomes_come_from_a_recorder_not_a_player(
    store: EventStore, keeper: SeedKeeper
) -> None:
    duel(store, "g1", randomness="recorded", keeper=keeper)
    p1 = _open(store, keeper, Actor.player("p1"))
    with pytest.raises(NotPermitted, match="random outcomes are reported by a recorder or judge"):
        p1.record(FirstPlayerChosen(player="p1"))


# --- the generic append (riftlog append) never skips the engine ----------------------------


@pytest.mark.parametrize(
    ("type_", "payload", "error", "message"),
    [
        ("GameCreated", {"mode": "duel"}, RecorderError, "a game is created once"),
        ("DeckOrderRecorded", DeckOrderRecorded(player="p1", deck="main", order=("p1.m01",)
                                                ).model_dump(mode="json"),
         RecorderError, "draws its random outcomes from its committed seed"),
        ("SeedRevealed", {"seed": "seed"}, NotPermitted, "riftlog reveals the seed itself"),
        ("RulingGiven", RulingGiven(judge="Ann", text="x").model_dump(mode="json"),
         NotPermitted, "judge events are appended by a judge only"),
        ("TurnEnded", {"player": "p2"}, IllegalDecision, "is illegal"),
    ],
    ids=["GameCreated", "DeckOrderRecorded", "SeedRevealed", "judge-event", "illegal"],
)
def test_append_event_judges_what_it_appends(
    store: EventStore, keeper: SeedKeeper, type_: str, payload: dict[str, object],
    error: type[Exception], message: str,
) -> None:
    duel(store, "g1", keeper=keeper)
    before = snapshot(store)
    with pytest.raises(error, match=message):
        append_event(store, "g1", type_, payload, actor=Actor.recorder("desk"), keeper=keeper)
    assert snapshot(store) == before


def test_append_event_after_the_end_is_refused(store: EventStore, keeper: SeedKeeper) -> None:
    duel(store, "g1", keeper=keeper)
    _open(store, keeper, ANN).record(GameConceded(player="p2"))
    before = snapshot(store)
    with pytest.raises(RecorderError, match="the game is over"):
        append_event(store, "g1", "GameRewound", {"judge": "Ann", "to_seq": 2}, actor=ANN,
                     keeper=keeper)
    with pytest.raises(ImpossibleDecision, match="the game is over"):
        append_event(store, "g1", "TurnEnded", TurnEnded(player="p1").model_dump(mode="json"),
                     actor=ANN, keeper=keeper)
    assert snapshot(store) == before


# --- old events: no identities, read as they were --------------------------------------------


def test_sample_bundles_without_identities_import_verify_and_upcast(store: EventStore) -> None:
    for path in sorted(REPLAYS.glob("*.json")):
        import_file(store, path)
    judged = 0
    for info in store.games():
        assert store.verify(info.id).ok
        for ev in store.read(info.id, verify=True):
            who = Actor.from_envelope(ev.actor, ev.type)
            if ev.type in ("RulingGiven", "PenaltyIssued", "GameRewound"):
                assert who == Actor.judge(ev.payload["judge"])  # a bare name was the judge's
                judged += 1
            elif ev.payload.get("player") and ev.actor is not None and ev.type != "NoteAdded":
                # a bare name (recorded before identities) was the player's; samples
                # recorded since carry the recorder's identity, which may record decisions
                assert who is not None and who.role == (
                    "player" if ":" not in ev.actor else "recorder")
    assert judged > 0


def test_a_player_creates_no_game(store: EventStore, keeper: SeedKeeper) -> None:
    from riftlog.recorder import create_game
    from tests.usecases.helpers import seat

    with pytest.raises(NotPermitted, match="player p1 may not append GameCreated"):
        create_game(store, "g1", mode="duel", rules_edition="v1.3", keeper=keeper, actor=Actor.player("p1"),
                    players=[seat("p1", "annie-dark-child.txt"),
                             seat("p2", "garen-might-of-demacia.txt")])
    assert store.games() == []
