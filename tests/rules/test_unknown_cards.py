"""Unknown cards of paper and seat games (issue 21): one mechanic per test, with the
refusals (riftlog.rules.board.unknown_cards)."""

from __future__ import annotations

from collections import Counter

import pytest

from riftlog.cards.catalog import load_catalog
from riftlog.cards.decks import read_deck
from riftlog.errors import IllegalDecision, ImpossibleDecision
from riftlog.events.abilities import CardHidden
from riftlog.events.decisions import (
    BattlefieldSelected,
    CardsIdentified,
    FirstPlayerChosen,
    MulliganChosen,
    TurnEnded,
)
from riftlog.events.payloads import GameCreated, PlayerSpec
from riftlog.rules import engine
from riftlog.rules.auto_payment import complete_payment
from riftlog.rules.board import unknown_cards
from riftlog.rules.board.state import GameState
from riftlog.rules.legal_moves import legal_moves
from riftlog.rules.partial_information import Judged, judge
from riftlog.rules.privacy import can_see, view

DECKS = {"p1": "replays/decks/annie-dark-child.txt", "p2": "replays/decks/garen-might-of-demacia.txt"}
FURY, CHAOS = "OGN-007", "OGN-166"


def _created(information: str = "paper", seat: str | None = None) -> GameCreated:
    return GameCreated(
        mode="duel", catalog_version="t", engine_version="t", randomness="recorded",
        information=information, recording_seat=seat,  # type: ignore[arg-type]
        players=tuple(PlayerSpec(id=p, name=p, deck=read_deck(path).to_spec())
                      for p, path in DECKS.items()))


def _to_mulligans(information: str = "paper", seat: str | None = None) -> GameState:
    s = engine.new_game(_created(information, seat))
    for d in (FirstPlayerChosen(player="p1"), BattlefieldSelected(player="p1", battlefield="p1.bf1"),
              BattlefieldSelected(player="p2", battlefield="p2.bf1")):
        s, _ = engine.apply(s, d)
    return s


def _main_counts(s: GameState, pid: str) -> Counter[str]:
    return Counter(o.card for k, o in s.objects.items() if k.startswith(f"{pid}.m"))


def test_a_paper_game_records_no_shuffle() -> None:
    s = engine.new_game(_created())
    assert engine.pending(s)[0].kind == "first_player"  # no deck_order request: 115 unrecorded
    full = engine.new_game(_created("full"))
    assert engine.pending(full)[0].kind == "deck_order"


def test_a_full_game_state_has_no_information_entry() -> None:
    assert "information" not in engine.new_game(_created("full")).extra


def test_hidden_cards_start_unknown_and_public_ones_known() -> None:
    s = engine.new_game(_created())
    known = set(s.extra["information"]["known"])
    assert {"p1.legend", "p1.champ", "p1.bf1"} <= known
    assert not any(k.startswith(("p1.m", "p1.r")) for k in known)


def test_naming_a_card_in_hand_swaps_placeholders_and_keeps_the_deck_list() -> None:
    s, _ = engine.apply(_to_mulligans(), MulliganChosen(player="p1", set_aside=()))
    counts = _main_counts(s, "p1")
    oid = s.players["p1"].hand[0]
    wanted = next(c for c in counts if c != s.objects[oid].card)
    s, _ = engine.apply(s, CardsIdentified(player="p1", cards={oid: wanted}))
    assert s.objects[oid].card == wanted
    assert _main_counts(s, "p1") == counts
    assert oid in s.extra["information"]["known"]


def test_a_fourth_copy_is_refused_naming_the_copies_accounted_for() -> None:
    s = _to_mulligans()
    hand = s.players["p1"].hand
    card = next(c for c, n in _main_counts(s, "p1").items() if n == 3)
    s, _ = engine.apply(s, CardsIdentified(player="p1", cards=dict.fromkeys(hand[:3], card)))
    [v] = engine.check(s, CardsIdentified(player="p1", cards={hand[3]: card}))
    assert v.rule == "103.2.b"
    assert "has 3" in v.message and "3 already accounted for" in v.message
    assert all(oid in v.message for oid in hand[:3])
    with pytest.raises(IllegalDecision, match=r"103\.2\.b"):
        engine.apply(s, CardsIdentified(player="p1", cards={hand[3]: card}))


def test_a_card_not_in_the_deck_list_is_refused() -> None:
    s = _to_mulligans()
    [v] = engine.check(s, CardsIdentified(player="p1", cards={s.players["p1"].hand[0]: CHAOS}))
    assert v.rule == "103.2.b" and "not in p1's registered Main Deck list" in v.message


def test_contradicting_an_earlier_identification_is_refused() -> None:
    s = _to_mulligans()
    rune = s.players["p1"].rune_deck[0]
    s, _ = engine.apply(s, CardsIdentified(player="p1", cards={rune: FURY}, how="channeled"))
    [v] = engine.check(s, CardsIdentified(player="p1", cards={rune: CHAOS}))
    assert v.rule == "103.2.b" and "already known to be Fury Rune" in v.message
    assert engine.check(s, CardsIdentified(player="p1", cards={rune: FURY})) == []


def test_another_players_card_is_refused() -> None:
    s = _to_mulligans()
    [v] = engine.check(s, CardsIdentified(player="p1", cards={s.players["p2"].hand[0]: FURY}))
    assert v.rule == "103.2.b" and "not a card of p1's" in v.message


def test_a_full_game_refuses_identification() -> None:
    s = engine.new_game(_created("full"))
    [v] = engine.check(s, CardsIdentified(player="p1", cards={"p1.m01": "OGN-001"}))
    assert v.rule == "128" and "full game" in v.message


def test_a_look_is_known_only_in_the_recording_seats_game() -> None:
    paper = _to_mulligans()
    oid = paper.players["p1"].hand[0]
    card = paper.objects[oid].card
    [v] = engine.check(paper, CardsIdentified(player="p1", cards={oid: card}, how="looked_at"))
    assert v.rule == "108.7.c"
    seat = _to_mulligans("seat", "p1")
    assert engine.check(seat, CardsIdentified(player="p1", cards={oid: card}, how="looked_at")) == []
    [v] = engine.check(seat, CardsIdentified(player="p2", cards={seat.players["p2"].hand[0]:
                                                                  seat.objects[seat.players["p2"].hand[0]].card},
                                             how="looked_at"))
    assert v.rule == "108.7.c"


def test_making_an_unknown_card_public_unnamed_cannot_be_carried_out() -> None:
    s, _ = engine.apply(_to_mulligans(), MulliganChosen(player="p1", set_aside=()))
    # the first turn channels two runes (public): nobody named them
    with pytest.raises(ImpossibleDecision, match=r"109: MulliganChosen makes p1\.r01 .* public"):
        engine.apply(s, MulliganChosen(player="p2", set_aside=()))
    top = s.players["p1"].rune_deck[:2]
    s, _ = engine.apply(s, CardsIdentified(player="p1", cards=dict.fromkeys(top, CHAOS), how="channeled"))
    s, _ = engine.apply(s, MulliganChosen(player="p2", set_aside=()))
    assert [s.objects[o].card for o in top] == [CHAOS, CHAOS]
    assert set(top) <= set(s.players["p1"].base)


def test_a_mulligan_recycles_unknown_cards_unrecorded() -> None:
    s = _to_mulligans()
    two = s.players["p1"].hand[:2]
    s, _ = engine.apply(s, MulliganChosen(player="p1", set_aside=tuple(two)))
    assert engine.pending(s)[0].kind == "mulligan"  # no deck_order (416.5) to record
    assert s.players["p1"].main_deck[-2:] == two and len(s.players["p1"].hand) == 4


def test_views_never_show_an_unknown_card_even_to_the_judge() -> None:
    s = _to_mulligans()
    hand = s.players["p1"].hand
    assert not can_see(s, "judge", hand[0]) and not can_see(s, "p1", hand[0])
    judge = view(s, "judge")
    assert judge["players"]["p1"]["hand"] == {"count": 4}
    assert not any(k.startswith("p1.m") for k in judge["objects"])
    s, _ = engine.apply(s, CardsIdentified(player="p1", cards={hand[0]: s.objects[hand[0]].card}))
    assert view(s, "judge")["players"]["p1"]["hand"] == {"count": 4, "known": [hand[0]]}
    assert view(s, "p1")["players"]["p1"]["hand"] == {"count": 4, "known": [hand[0]]}
    assert view(s, "p2")["players"]["p1"]["hand"] == {"count": 4}


def test_a_full_game_view_is_unchanged() -> None:
    s = engine.new_game(_created("full"))
    assert view(s, "judge") == s.to_json()


def test_information_seat_needs_a_seat_and_seeded_paper_is_refused() -> None:
    with pytest.raises(ValueError, match="recording_seat"):
        _created("seat")
    with pytest.raises(ValueError, match="never seeded"):
        GameCreated(mode="duel", catalog_version="t", engine_version="t", information="paper",
                    players=_created().players, randomness="seeded")


# --- verdicts under partial information (riftlog.rules.partial_information) ----------


def _p1_main_with_a_battlefield() -> GameState:
    """p1's first main phase in a paper game, the runes named, p1 controlling p1.bf1 (set
    directly: what matters here is that hiding a card there can be legal)."""
    s, _ = engine.apply(_to_mulligans(), MulliganChosen(player="p1", set_aside=()))
    top = s.players["p1"].rune_deck[:2]
    s, _ = engine.apply(s, CardsIdentified(player="p1", cards=dict.fromkeys(top, CHAOS), how="channeled"))
    s, _ = engine.apply(s, MulliganChosen(player="p2", set_aside=()))
    s.battlefields[0].controller = "p1"
    assert engine.pending(s)[0].kind == "main"
    return s


def _hide(s: GameState, oid: str) -> CardHidden:
    s.battlefields[0].controller = "p1"  # again: a cleanup after an event takes it back
    return complete_payment(s, CardHidden(player="p1", card=oid, battlefield=s.battlefields[0].oid))


def test_hiding_an_unknown_card_is_unverifiable_and_names_what_is_missing() -> None:
    s = _p1_main_with_a_battlefield()
    oid = s.players["p1"].hand[0]
    judged = judge(s, _hide(s, oid))
    assert judged.missing.startswith(f"needs p1's hand ({oid})")


def test_hiding_a_named_card_is_judged_from_the_record() -> None:
    s = _p1_main_with_a_battlefield()
    oid = s.players["p1"].hand[0]
    s, _ = engine.apply(s, CardsIdentified(player="p1", cards={oid: "OGN-167"}))  # has Hidden
    assert judge(s, _hide(s, oid)).missing == "" and judge(s, _hide(s, oid)).violations == []
    other = s.players["p1"].hand[1]
    s, _ = engine.apply(s, CardsIdentified(player="p1", cards={other: "OGN-001"}))  # no Hidden
    judged = judge(s, _hide(s, other))
    assert judged.missing == "" and [v.rule for v in judged.violations] == ["421.2.a"]


def test_an_illegal_decision_stays_illegal_whatever_the_unknown_card_is() -> None:
    s = _p1_main_with_a_battlefield()
    oid = s.players["p1"].hand[0]
    wrong = CardHidden(player="p1", card=oid, battlefield=s.battlefields[1].oid)  # not p1's
    judged = judge(s, complete_payment(s, wrong))
    assert judged.missing == "" and "811.1.b" in [v.rule for v in judged.violations]
    placeholder = s.objects[oid].card
    assert all(load_catalog().get(placeholder).name not in v.message for v in judged.violations)


def test_a_mulligan_of_unknown_cards_is_legal_whatever_they_are() -> None:
    s = _to_mulligans()
    judged = judge(s, MulliganChosen(player="p1", set_aside=tuple(s.players["p1"].hand[:2])))
    assert judged == Judged([], "")


def test_a_draw_past_an_empty_deck_burns_out_and_the_trash_is_forgotten() -> None:
    """431 in a paper game: the trash becomes the deck (its new order unrecorded, its cards
    unknown again), the opponent gains a point, and the draw goes on."""
    s = _p1_main_with_a_battlefield()
    trash = list(s.players["p2"].main_deck)
    s, _ = engine.apply(s, CardsIdentified(player="p2", cards={o: s.objects[o].card for o in trash},
                                           how="trashed"))
    runes = s.players["p2"].rune_deck  # named now: p2's turn channels some
    s, _ = engine.apply(s, CardsIdentified(player="p2", cards={o: s.objects[o].card for o in runes},
                                           how="channeled"))
    p2 = s.players["p2"]
    for oid in trash:  # set directly: p2's whole deck in the trash (public, known)
        s.objects[oid].zone = "trash"
    p2.trash, p2.main_deck = trash, []
    s.extra["information"]["known"] = sorted(set(s.extra["information"]["known"]) | set(trash))
    s, actions = engine.apply(s, TurnEnded(player="p1"))
    while s.turn_player != "p2":  # p1's end of turn (what it asks, answered legally)
        move = next(m.decision for m in legal_moves(s) if m.decision.type != "GameConceded")
        s, more = engine.apply(s, move)
        actions += more
    # p2's turn began with a draw (315.4.b) from an empty deck: a burn out (431)
    assert s.players["p2"].burn_outs == 1
    assert s.players["p1"].points == 1  # 431.2.c: the opponent gains the point
    assert len(s.players["p2"].main_deck) == len(trash) - 1
    drawn = s.players["p2"].hand[-1]
    assert unknown_cards.is_unknown(s, drawn)
    assert all(unknown_cards.is_unknown(s, o) for o in s.players["p2"].main_deck)
