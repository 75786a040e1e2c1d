"""Paper games through the service (issue 21): the information level at creation, in the
game's JSON, and a state that shows unknown cards as unknown."""

from __future__ import annotations

from riftlog.events.decisions import (
    BattlefieldSelected,
    CardsIdentified,
    FirstPlayerChosen,
    MulliganChosen,
)
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


def _to_first_main(world: World, game_id: str) -> None:
    """Setup of a paper game through the library, the runes the first turn channels named."""
    rec = world.recorder(game_id)
    rec.record(FirstPlayerChosen(player="p1"))
    for pid in ("p1", "p2"):
        req = engine.pending(rec.state)[0]
        rec.record(BattlefieldSelected(player=pid, battlefield=req.options["battlefields"][0]))
    rec.record(MulliganChosen(player="p1", set_aside=()))
    top = rec.state.players["p1"].rune_deck[:2]
    rec.record(CardsIdentified(player="p1", cards={o: rec.state.objects[o].card for o in top},
                               how="channeled"))
    rec.record(MulliganChosen(player="p2", set_aside=()))


def test_a_line_naming_a_hidden_card_appends_its_name_then_the_decision(world: World) -> None:
    new_game(world, "g-paper-line", information="paper")
    _to_first_main(world, "g-paper-line")
    res = world.post("/games/g-paper-line/events", "judge",
                     {"events": [{"notation": "play Pouty Poro @ base"}]})
    assert res.status_code == 201, res.text
    assert [e["type"] for e in res.json()["events"]] == ["CardsIdentified", "CardPlayed"]
    # the runes are spent: the next play is illegal, and its name is not written either
    before = world.recorder("g-paper-line").seq
    res = world.post("/games/g-paper-line/events", "judge",
                     {"events": [{"notation": "play Pouty Poro @ base"}]})
    assert res.status_code == 422 and "165.2" in res.text and res.json()["stored"] == [], res.text
    assert world.recorder("g-paper-line").seq == before


def test_a_name_the_deck_list_does_not_allow_is_refused(world: World) -> None:
    new_game(world, "g-paper-bad", information="paper")
    _to_first_main(world, "g-paper-bad")
    before = world.recorder("g-paper-bad").seq
    res = world.post("/games/g-paper-bad/events", "judge",
                     {"events": [{"notation": "p2: reveal hand Zzz"}]})
    assert res.status_code == 422 and "103.2.b" in res.text, res.text
    res = world.post("/games/g-paper-bad/events", "judge",
                     {"events": [{"notation": 'p2: reveal hand "Garen, Rugged", "Garen, Rugged", '
                                              '"Garen, Rugged"'}]})
    assert res.status_code == 422 and "103.2.b" in res.text, res.text
    assert world.recorder("g-paper-bad").seq == before  # nothing written
