"""Setup (v1.3 111-119) and the game state a :class:`GameCreated` describes.

Object ids are stable for the whole game and derive from the deck specs: for player
``p1`` the Main Deck entries are ``p1.m01``, ``p1.m02`` ... in spec order, runes
``p1.r01`` ..., battlefields ``p1.bf1`` ..., the Champion Legend ``p1.legend`` and the
Chosen Champion ``p1.champ``.

The setup queue: every deck is shuffled (115; a :class:`DeckOrderRecorded` outcome per
deck of two or more cards), the first player is chosen at random (116;
:class:`FirstPlayerChosen`), battlefields are selected as the mode says (114.1 and
480.5-484.5; :class:`BattlefieldSelected` outcomes or, in a match,
:class:`BattlefieldChosen` decisions), everyone draws 4 (117), mulligans follow in turn
order (118; :class:`MulliganChosen`) and the first player's turn begins (119).
"""

from __future__ import annotations

from typing import Any

from riftlog.errors import IllegalDecision, ImpossibleDecision, UnsupportedRule
from riftlog.events.decisions import (
    BattlefieldChosen,
    BattlefieldSelected,
    DeckOrderRecorded,
    FirstPlayerChosen,
    MulliganChosen,
)
from riftlog.events.payloads import GameCreated
from riftlog.rules import editions
from riftlog.rules.board import hooks, unknown_cards
from riftlog.rules.board.core import EDITIONS, GameAction, Violation, handles
from riftlog.rules.board.hooks import await_entry, task
from riftlog.rules.board.modes import mode_spec, turn_order
from riftlog.rules.board.state import BattlefieldState, GameObject, GameState, PlayerState
from riftlog.rules.game_actions import actions
from riftlog.rules.playing import abilities


def _bad_setup(rule: str, message: str, edition: str) -> IllegalDecision:
    v = Violation(rule, message, edition)
    return IllegalDecision(f"GameCreated: {v}", [v])


def build_state(created: GameCreated) -> GameState:
    """The state of a created game before setup runs: places legends and champions
    (112, 113), sets battlefields aside (114) and queues the rest of setup."""
    ed = created.rules_edition
    if ed not in EDITIONS:
        raise UnsupportedRule(f"rules edition {ed!r} is not supported (known: {', '.join(EDITIONS)})")
    spec = mode_spec(created.mode)
    if len(created.players) != spec.players:
        raise _bad_setup(f"{spec.rule}.1", f"{created.mode} needs {spec.players} players, "
                         f"not {len(created.players)}", ed)
    ids = [p.id for p in created.players]
    if len(set(ids)) != len(ids):
        raise _bad_setup("478.1", "two players share one id", ed)
    if created.battlefields_used and ed == editions.RUP4:  # editions helper: RUP4 486.5.a/486.6.a
        rule = "486.6.a" if created.game_number >= 4 else "486.5.a"
        raise editions.unsupported(ed, rule, f"game {created.game_number} of a match excludes the "
                                   "battlefields of earlier games; RUP4 lets a drawn game's (and "
                                   "in games 4-5 any removed) battlefields be used again")
    if spec.teams and ed == "v1.2":  # editions helper: v1.2 466.4.a, one battlefield each
        raise editions.unsupported(ed, "466.4.a", "a 2v2 game: each player brings one "
                                   "battlefield, not three to pick one from")
    if spec.teams:
        teams = [p.team for p in created.players]
        if None in teams or sorted(teams.count(t) for t in set(teams)) != [2, 2]:
            raise _bad_setup("484.2", "2v2 needs two teams of two players", ed)
    state = GameState(edition=ed, mode=created.mode, seating=ids, players={},
                      victory_score=spec.victory_score)
    state.extra["battlefields_used"] = {k: list(v) for k, v in created.battlefields_used.items()}
    for ps in created.players:
        pid = ps.id
        player = PlayerState(id=pid, name=ps.name, team=ps.team)
        state.players[pid] = player
        deck = ps.deck
        if not deck.battlefields:
            raise _bad_setup("103.4", f"{pid} brought no battlefield", ed)

        def put(oid: str, card: str, zone: str, into: list[str], pid: str = pid) -> None:
            state.objects[oid] = GameObject(oid=oid, card=card, owner=pid, controller=pid, zone=zone)
            into.append(oid)

        put(f"{pid}.legend", deck.legend, "legend", player.legend)            # 112
        put(f"{pid}.champ", deck.champion, "champion", player.champion)       # 113
        for i, card in enumerate(deck.main, 1):
            put(f"{pid}.m{i:02d}", card, "main_deck", player.main_deck)       # 115.1
        for i, card in enumerate(deck.runes, 1):
            put(f"{pid}.r{i:02d}", card, "rune_deck", player.rune_deck)       # 115.2
        for i, card in enumerate(deck.battlefields, 1):                       # 114
            put(f"{pid}.bf{i}", card, "battlefield_aside", player.battlefields_aside)

    for pid in ids:
        abilities.start_passives(state, f"{pid}.legend")
    q = state.queue
    for pid in ids:                                                            # 115
        for deck_name, oids in (("main", state.players[pid].main_deck),
                                ("rune", state.players[pid].rune_deck)):
            if len(oids) > 1:
                q.append(await_entry("deck_order", None, ["DeckOrderRecorded"], "115",
                                     {"player": pid, "deck": deck_name, "keep": [],
                                      "randomize": list(oids)}))
    q.append(await_entry("first_player", None, ["FirstPlayerChosen"], "116",
                         {"players": list(ids)}))
    q.append({"kind": "battlefields"})
    q.append({"kind": "opening_hands"})
    q.append({"kind": "mulligans"})
    q.append({"kind": "first_turn"})
    unknown_cards.start(state, created.information, created.recording_seat)  # issue 21
    return state


# --- battlefields (114.1, 480.5-484.5) ------------------------------------------------


@task("battlefields")
def _battlefields(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    spec = mode_spec(state.mode)
    used: dict[str, list[str]] = state.extra.get("battlefields_used", {})
    for pid in state.turn_order:
        if state.players[pid].eliminated:
            continue
        aside = state.players[pid].battlefields_aside
        if spec.selection == "random_not_first" and pid == state.turn_order[0]:
            _remove_aside(state, pid, log, f"{spec.rule}.4.b")               # 483.4.b, 484.5.b
            continue
        options = list(aside)
        if spec.selection == "choose_each":
            options = [o for o in aside if state.objects[o].card not in used.get(pid, [])]
            if not options:
                raise _bad_setup("481.5", f"{pid} has no battlefield left that this match "
                                 "has not used", state.edition)
            if len(options) > 1:
                state.queue.append(await_entry("battlefield", pid, ["BattlefieldChosen"], "481.5",
                                               {"battlefields": options}))
                continue
        elif len(options) > 1:
            state.queue.append(await_entry("battlefield", None, ["BattlefieldSelected"],
                                           f"{spec.rule}.5", {"player": pid, "battlefields": options}))
            continue
        state.queue.append({"kind": "place_battlefield", "player": pid, "battlefield": options[0]})


def _remove_aside(state: GameState, pid: str, log: list[GameAction], rule: str) -> None:
    aside = state.players[pid].battlefields_aside
    for oid in aside:
        state.objects[oid].zone = "removed"
    if aside:
        log.append(GameAction("remove_battlefields", pid, tuple(aside), rule=rule))
    aside.clear()


@task("place_battlefield")
def _place(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    place_battlefield(state, entry["player"], entry["battlefield"], log)


def place_battlefield(state: GameState, pid: str, oid: str, log: list[GameAction]) -> None:
    """Put *pid*'s battlefield *oid* on the board; their others leave the game (480.5)."""
    aside = state.players[pid].battlefields_aside
    if oid not in aside:
        raise ImpossibleDecision(f"{state.edition} 114: {oid!r} is not one of {pid}'s battlefields")
    aside.remove(oid)
    obj = state.objects[oid]
    obj.zone = "battlefield_card"
    obj.location = oid
    state.battlefields.append(BattlefieldState(oid=oid, card=obj.card, owner=pid))

    abilities.start_passives(state, oid)  # a battlefield's passive abilities (363)
    seat = {p: i for i, p in enumerate(state.seating)}
    state.battlefields.sort(key=lambda bf: seat[bf.owner])
    log.append(GameAction("place_battlefield", pid, (oid,), {"card": obj.card}, rule="114.1"))
    _remove_aside(state, pid, log, f"{mode_spec(state.mode).rule}.5")


def _check_battlefield(state: GameState, pid: str, oid: str) -> list[Violation]:
    opts = hooks.answering(state).get("options", {})
    if oid not in opts.get("battlefields", []):
        rule = "481.5" if state.mode == "match" else f"{mode_spec(state.mode).rule}.5"
        return [Violation(rule, f"{oid} is not a battlefield {pid} may select "
                          f"(options: {', '.join(opts.get('battlefields', []))})", state.edition)]
    return []


def _check_selected(state: GameState, d: BattlefieldSelected) -> list[Violation]:
    opts = hooks.answering(state).get("options", {})
    if d.player != opts.get("player"):
        return [Violation("114.1", f"the selection awaited is {opts.get('player')}'s, "
                          f"not {d.player}'s", state.edition)]
    return _check_battlefield(state, d.player, d.battlefield)


@handles(BattlefieldSelected)(_check_selected)
def _apply_selected(state: GameState, d: BattlefieldSelected, log: list[GameAction]) -> None:
    place_battlefield(state, d.player, d.battlefield, log)


def _check_chosen(state: GameState, d: BattlefieldChosen) -> list[Violation]:
    return _check_battlefield(state, d.player, d.battlefield)


@handles(BattlefieldChosen)(_check_chosen)
def _apply_chosen(state: GameState, d: BattlefieldChosen, log: list[GameAction]) -> None:
    place_battlefield(state, d.player, d.battlefield, log)


# --- deck orders (115, 416.5, 431.2.b) ---------------------------------------------------


def _check_order(state: GameState, d: DeckOrderRecorded) -> list[Violation]:
    entry = hooks.answering(state)
    opts = entry.get("options", {})
    rule = entry.get("rule", "115")
    ed = state.edition
    if d.player != opts.get("player") or d.deck != opts.get("deck"):
        return [Violation(rule, f"the order awaited is of {opts.get('player')}'s "
                          f"{opts.get('deck')} deck, not {d.player}'s {d.deck} deck", ed)]
    keep: list[str] = opts.get("keep", [])
    rand: list[str] = opts.get("randomize", [])
    if list(d.order[: len(keep)]) != keep or sorted(d.order[len(keep):]) != sorted(rand):
        return [Violation(rule, f"the recorded order is not an ordering of the {len(rand)} "
                          f"cards randomised (below the {len(keep)} kept in place)", ed)]
    return []


@handles(DeckOrderRecorded)(_check_order)
def _apply_order(state: GameState, d: DeckOrderRecorded, log: list[GameAction]) -> None:
    entry = hooks.answering(state)
    problems = _check_order(state, d)
    if problems:
        raise ImpossibleDecision(str(problems[0]), list[object](problems))
    keep = entry["options"].get("keep", [])
    new_part = list(d.order[len(keep):])
    then = entry.get("then")
    log.append(GameAction("randomize", d.player, (), {"deck": d.deck, "count": len(new_part)},
                          visibility="secret", rule=entry.get("rule", "115")))
    if then is not None:
        then = dict(then)
        then["order"] = new_part
        state.queue.append(then)
        return
    p = state.players[d.player]
    zone = "main_deck" if d.deck == "main" else "rune_deck"
    for oid in new_part:
        if state.objects[oid].zone != zone:
            actions.change_zone(state, state.objects[oid], zone)
    setattr(p, zone, list(d.order))


# --- turn order (116) ------------------------------------------------------------------


def _check_first(state: GameState, d: FirstPlayerChosen) -> list[Violation]:
    if d.player not in state.players:
        return [Violation("116", f"{d.player!r} is not a player of this game", state.edition)]
    return []


@handles(FirstPlayerChosen)(_check_first)
def _apply_first(state: GameState, d: FirstPlayerChosen, log: list[GameAction]) -> None:
    if d.player not in state.players:
        raise ImpossibleDecision(f"{state.edition} 116: {d.player!r} is not a player of this game")
    teams = {p.id: p.team for p in state.players.values()}
    state.turn_order = turn_order(state.mode, state.seating, teams, d.player)
    log.append(GameAction("first_player", d.player, (), {"turn_order": list(state.turn_order)},
                          rule="116.1"))


# --- opening hands and mulligans (117-119) ------------------------------------------------


@task("opening_hands")
def _opening_hands(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    for pid in state.turn_order:
        if not state.players[pid].eliminated:
            actions.draw(state, pid, log, 4)                                       # 117


@task("mulligans")
def _mulligans(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    state.phase = "mulligan"
    for pid in state.turn_order:                                                 # 118
        if not state.players[pid].eliminated:
            state.queue.append(await_entry("mulligan", pid, ["MulliganChosen"], "118", {}))


def _check_mulligan(state: GameState, d: MulliganChosen) -> list[Violation]:
    ed = state.edition
    out: list[Violation] = []
    if len(d.set_aside) > 2:
        out.append(Violation("118.1", f"{d.player} may set aside up to two cards, "
                             f"not {len(d.set_aside)}", ed))
    if len(set(d.set_aside)) != len(d.set_aside):
        out.append(Violation("118.1", "a card is named twice", ed))
    hand = state.players[d.player].hand if d.player in state.players else []
    for oid in d.set_aside:
        if oid not in hand:
            out.append(Violation("118.1", f"{oid} is not in {d.player}'s hand", ed))
    return out


@handles(MulliganChosen)(_check_mulligan)
def _apply_mulligan(state: GameState, d: MulliganChosen, log: list[GameAction]) -> None:
    """118.1-118.3: set aside, draw as many, recycle the set-aside cards to the bottom of
    the Main Deck (416.1.a) in a random order when there are two or more (416.5)."""

    p = state.players[d.player]
    if len(set(d.set_aside)) != len(d.set_aside) or any(o not in p.hand for o in d.set_aside):
        raise ImpossibleDecision(f"{state.edition} 118.1: the cards set aside must be distinct "
                                 f"cards in {d.player}'s hand")
    p.mulliganed = True
    log.append(GameAction("mulligan", d.player, tuple(d.set_aside), {"count": len(d.set_aside)},
                          visibility=f"private:{d.player}", rule="118", responsible=d.player))
    for oid in d.set_aside:
        actions.change_zone(state, state.objects[oid], "setaside")
    actions.draw(state, d.player, log, len(d.set_aside))
    if len(d.set_aside) == 1:
        actions.change_zone(state, state.objects[d.set_aside[0]], "main_deck")
    elif len(d.set_aside) > 1:
        state.queue.append(await_entry(
            "deck_order", None, ["DeckOrderRecorded"], "416.5",
            {"player": d.player, "deck": "main", "keep": list(p.main_deck),
             "randomize": list(d.set_aside)},
        ))


@task("first_turn")
def _first_turn(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """119: the first player takes the first turn."""
    first = next(p for p in state.turn_order if not state.players[p].eliminated)
    state.queue.append({"kind": "turn", "player": first})
