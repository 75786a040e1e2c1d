"""Paper games through the service (issue 21): the information level at creation, in the
game's JSON, and a state that shows unknown cards as unknown."""

from __future__ import annotations

from riftlog.events.decisions import BattlefieldSelected, FirstPlayerChosen
from riftlog.rules import engine
from tests.service.conftest import World, new_game


def test_a_paper_game_is_created_and_listed_with_its_level(world: World) -> None:
    game = new_game(world, "g-paper", information="paper")
    assert game["information"] == "paper"
    listed = {g["id"]: g for g in world.get("/games", "organiser").json()["items"]}
    assert listed["g-paper"]["information"] == "paper"
    seat = new_game(world, "g-seat", information="seat:p1")
    assert seat["information"] == "seat p1"


def test_a_bad_information_level_is_refused(world: World) -> None:
    res = world.post("/games", "organiser", {"id": "g-bad", "tournament_id": "t1",
                                             "players": [], "information": "half"})
    assert res.status_code == 422


def test_a_paper_games_state_shows_no_guess(world: World) -> None:
    new_game(world, "g-paper-state", information="paper")
    rec = world.recorder("g-paper-state")
    rec.record(FirstPlayerChosen(player="p1"))
    for pid in ("p1", "p2"):
        req = engine.pending(rec.state)[0]
        rec.record(BattlefieldSelected(player=pid, battlefield=req.options["battlefields"][0]))
    state = world.get("/games/g-paper-state/state", "organiser").json()
    hand = state["state"]["players"]["p1"]["hand"] if "state" in state else state["players"]["p1"]["hand"]
    assert hand == {"count": 4}
