"""After a card is played (v1.3 359, 363-366, 390, 812): Legion's note, passives, "played"
and "chooses" triggers, effects lasting the rest of the turn (vocab.ForTurn), units entering
ready, and permissions to play units elsewhere (vocab.PlayTo, 355.2.b).  Part of
:mod:`riftlog.rules.playing.abilities`, which re-exports every name here."""

from __future__ import annotations

from typing import Any

from riftlog.cards import vocab as V
from riftlog.events.play import CardPlayed
from riftlog.rules.board import hooks, layers
from riftlog.rules.board.core import GameAction, Violation
from riftlog.rules.board.resources import Cost
from riftlog.rules.board.seats import friendly
from riftlog.rules.board.state import GameState
from riftlog.rules.game_actions import actions, movement
from riftlog.rules.interpreter import effects, triggers
from riftlog.rules.playing import granted_repeat


def after_play(state: GameState, oid: str, player: str, log: list[GameAction],
               origin: str | None = None) -> None:
    """A card was played (its process finished, 359): note it for Legion (812), start its
    passives (363) if it is a permanent, and fire "played" (383.4.a)."""
    marks = state.players[player].turn_marks
    if marks.get("played_turn") != state.turn:
        marks["played_turn"] = state.turn
        marks["played"] = []
    marks["played"].append(oid)
    obj = state.objects[oid]
    enc = effects.encoding(obj.card)
    if enc is not None and obj.zone in ("base", "battlefield"):
        start_passives(state, oid)
    if enc is not None and "enters_exhausted" in enc.flags and obj.zone in ("base", "battlefield") \
            and not obj.exhausted:  # a permanent that enters exhausted
        obj.exhausted = True
    _turn_effects_after_play(state, obj, player, log)
    if enc is not None and obj.zone in ("base", "battlefield") and obj.exhausted and any(
            isinstance(a, V.EntersReady) and effects.condition_holds(state, player, oid, a.condition)
            for a in enc.abilities):  # enters ready while a condition holds
        obj.exhausted = False
        log.append(GameAction("enter_ready", player, (oid,), {"card": obj.card}, "public",
                              "390", player))
    _fire_spell_chooses(state, oid, player)
    item = next((i for i in state.chain if i.source == oid and i.kind == "spell"), None) \
        if state.chain else None
    if item is not None and item.targets:  # issue 24: "chosen", once per chosen permanent
        triggers.fire_chosen(state, item.targets, player, spell=True)
    # "from_hidden" when played from facedown (811), for EventFlag("from_hidden")
    triggers.fire(state, "played", obj=oid, player=player,
                  **({"from_hidden": True} if origin == "facedown" else {}))


def start_passives(state: GameState, oid: str) -> None:
    """Add the source's passive abilities as layers effects lasting while it is on the
    board (363-366)."""
    enc = effects.encoding(state.objects[oid].card)
    if enc is None:
        return
    state.effects[:] = [e for e in state.effects
                        if not (e.get("source") == oid and e.get("until") == "source_leaves")]
    text = getattr(enc, "effect_text", ())
    for index, ab in enumerate(enc.abilities):
        if isinstance(ab, V.Passive):
            if index in text:  # 136.2.b: an Equipment's Effect Text only while attached
                continue
            effect = {**dict(ab.effect), "source": oid, "until": "source_leaves"}
            if effect.get("layer") == "arithmetic" and ("min" in effect or "max" in effect):
                effect["passive"] = True  # a passive's limit is never snapshotted (477.3.b)
            layers.add_effect(state, effect)
        elif isinstance(ab, V.RaiseVictoryScore):  # once per source
            raised = state.extra.setdefault("victory_raised", {})
            if oid not in raised:
                raised[oid] = ab.n
                state.victory_score += ab.n
        elif isinstance(ab, V.HideCapacity):  # 107.3.b
            state.extra.setdefault("facedown_capacity", {})[oid] = 1 + ab.extra


def _no_move_to_base(state: GameState, obj: Any, destination: str) -> tuple[str, str] | None:
    """vocab.NoMoveToBase of the battlefield a unit is at (054)."""
    if not destination.startswith("base:") or obj.zone != "battlefield" or not obj.location:
        return None
    bf = state.objects.get(obj.location)
    if bf is None:
        return None
    if effects.encoding_fact(bf.card, _has_no_move_to_base, False):
        return "054", f"{obj.oid} is at {obj.location}, which units cannot leave for base"
    return None


def _has_no_move_to_base(enc: V.Encoding) -> bool:
    return any(isinstance(a, V.NoMoveToBase) for a in enc.abilities)


def _register_move_restrictions() -> None:
    if _no_move_to_base not in movement.MOVE_RESTRICTIONS:
        movement.MOVE_RESTRICTIONS.append(_no_move_to_base)


_register_move_restrictions()


def _fire_spell_chooses(state: GameState, oid: str, player: str) -> None:
    """a spell just played chose units as targets: fire "chooses" once per
    battlefield where it chose units friendly to *player* (obj = the first of them), with
    ``first`` = the player's first such choice at that battlefield this turn."""
    if not state.chain:  # replay-perf: no spell item to look for
        return
    item = next((i for i in state.chain if i.source == oid and i.kind == "spell"), None)
    if item is None or not item.targets:
        return
    chosen = item.targets
    if "targets" in chosen:  # a plain target list (CardPlayed.targets as a list)
        chosen = {"t": chosen["targets"]}
    places: dict[str, str] = {}
    for ids in chosen.values():
        for target in ids if isinstance(ids, list | tuple) else ():
            obj = state.objects.get(target)
            if obj is not None and obj.zone == "battlefield" and obj.controller == player and \
                    obj.location and layers.printed_type(obj.card) == "Unit":
                places.setdefault(obj.location, target)
    marks = state.players[player].turn_marks
    if marks.get("chose_turn") != state.turn:
        marks["chose_turn"] = state.turn
        marks["chose_here"] = []
    for where, first_unit in places.items():
        first = where not in marks["chose_here"]
        if first:
            marks["chose_here"].append(where)
        triggers.fire(state, "chooses", obj=first_unit, player=player, battlefield=where,
                      spell=oid, first=first)


# --- effects for the rest of the turn (vocab.ForTurn) -------------------------


def _turn_effects(state: GameState, player: str, kind: str) -> list[dict[str, Any]]:
    """The live ForTurn effects of *kind* applying to *player* (older turns are ignored)."""
    live = state.extra.get("turn_effects")
    if not live:  # replay-perf: the usual case
        return []
    return [e for e in live
            if e["turn"] == state.turn and e["kind"] == kind and e["player"] == player]


@effects.step(V.ForTurn)
def _for_turn(state: GameState, ctx: dict[str, Any], node: V.ForTurn,
              log: list[GameAction]) -> None:
    me = ctx["controller"]
    if node.kind not in ("cannot_play", "next_unit_ready", "next_spell_cheaper",
                         "next_spell_bonus", granted_repeat.KIND,  # issue 24
                         "units_ready"):  # units_ready
        raise effects.unsupported(ctx["card"], f"ForTurn({node.kind!r}) is not interpreted")
    if node.players == "you":
        players = [me]
    elif node.players == "opponents":
        players = list(state.opponents(me))
    else:
        raise effects.unsupported(ctx["card"], f"ForTurn(players={node.players!r})")
    kept = [e for e in state.extra.get("turn_effects", []) if e["turn"] == state.turn]
    for pid in players:
        kept.append({"kind": node.kind, "player": pid, "turn": state.turn, "n": node.n,
                     "source": ctx.get("source")})
    state.extra["turn_effects"] = kept
    log.append(GameAction("turn_effect", me, (), {"kind": node.kind, "players": players,
                                                  "n": node.n}, "public", "390", me))


def play_restrictions(state: GameState, d: CardPlayed) -> list[Violation]:
    """A ForTurn "cannot_play" on the player this turn refuses every play (no rule of its
    own: the effect's restriction, 355)."""
    if _turn_effects(state, d.player, "cannot_play"):
        return [Violation("355", f"{d.player} cannot play cards this turn (an effect says so)",
                          state.edition)]
    return []


def _next_spell_cheaper(state: GameState, player: str, oid: str, cost: Cost) -> Cost:
    obj = state.objects[oid]
    if obj.zone == "chain" or layers.printed_type(obj.card) != "Spell":
        return cost
    less = sum(e["n"] for e in _turn_effects(state, player, "next_spell_cheaper"))
    return Cost(cost.energy - less, dict(cost.power)) if less else cost


def _turn_effects_after_play(state: GameState, obj: Any, player: str,
                             log: list[GameAction]) -> None:
    """Use up the "next unit / next spell" ForTurn effects of *player* (the played card is
    the next one); a unit entering while its controller has a "friendly_units_enter_ready"
    permanent enters ready."""
    kind = layers.printed_type(obj.card)
    if kind == "Unit" and obj.zone in ("base", "battlefield") and obj.exhausted and \
            _turn_effects(state, player, "units_ready"):  # Confront
        obj.exhausted = False
        log.append(GameAction("enter_ready", player, (obj.oid,), {"card": obj.card}, "public",
                              "390", player))
    if kind == "Unit" and obj.zone in ("base", "battlefield") and obj.exhausted and \
            _friendly_units_enter_ready(state, player, obj.oid):  # Magma Wurm
        obj.exhausted = False
        log.append(GameAction("enter_ready", player, (obj.oid,), {"card": obj.card}, "public",
                              "363", player))
    bonus = _turn_effects(state, player, "next_spell_bonus") if kind == "Spell" else []
    if bonus and state.chain and state.chain[-1].source == obj.oid:  # Ravenborn Tome
        state.extra["turn_effects"] = [e for e in state.extra["turn_effects"] if e not in bonus]
        marks = {k: v for k, v in (state.extra.get("spell_bonus") or {}).items()
                 if any(it.id == k for it in state.chain)}  # forget resolved spells
        marks[state.chain[-1].id] = sum(e["n"] for e in bonus)
        state.extra["spell_bonus"] = marks
    if kind == "Spell":  # issue 24: a Repeat given to the next spell is used up by this one
        granted_repeat.use_up(state, player)
    used = "next_unit_ready" if kind == "Unit" else "next_spell_cheaper" if kind == "Spell" else None
    mine = _turn_effects(state, player, used) if used else []
    if not mine:
        return
    state.extra["turn_effects"] = [e for e in state.extra["turn_effects"] if e not in mine]
    if used == "next_unit_ready" and obj.zone in ("base", "battlefield") and obj.exhausted:
        obj.exhausted = False
        log.append(GameAction("enter_ready", player, (obj.oid,), {"card": obj.card}, "public",
                              "390", player))


def _friendly_units_enter_ready(state: GameState, player: str, oid: str) -> bool:
    """Another permanent on the board friendly to *player* (theirs or, in team modes, a
    teammate's: RUP4 489.8.e) has the flag "friendly_units_enter_ready" (Magma Wurm)."""
    objects = state.objects
    nothing: set[str] = set()  # cards already found without the flag
    for lst in effects._board_lists(state):
        for other in lst:
            o = objects[other]
            card = o.card
            if card in nothing:
                continue
            if not effects.encoding_fact(card, _makes_units_enter_ready, False):
                nothing.add(card)
            elif other != oid and friendly(state, player, o.controller):
                return True
    return False


def _makes_units_enter_ready(enc: V.Encoding) -> bool:
    return "friendly_units_enter_ready" in enc.flags


if _friendly_units_enter_ready not in actions.UNITS_ENTER_READY:
    actions.UNITS_ENTER_READY.append(_friendly_units_enter_ready)


@hooks.task("ogn_expire_watch")
def _expire_kill_watch(state: GameState, entry: dict[str, Any], log: list[GameAction]) -> None:
    """The cleanup after a "did this kill it" check is over: forget the watch (387)."""
    left = [d for d in state.extra.get("delayed", []) if d != entry["watch"]]
    if left:
        state.extra["delayed"] = left
    else:
        state.extra.pop("delayed", None)




# --- permissions to play units elsewhere (355.2.b) ---------------------------


def may_play_to(state: GameState, player: str, oid: str, bf: Any) -> bool:
    """Whether a :class:`~riftlog.cards.vocab.PlayTo` permission lets *player* play unit *oid*
    to battlefield *bf*, which they do not control: the unit's own, or one of another friendly
    permanent on the board with ``others``."""
    obj = state.objects.get(oid)
    if obj is None or effects._type(obj.card) != "Unit":
        return False
    is_open = bf.controller is None and not bf.units  # 169.10.c
    enemy = bf.controller is not None and bf.controller in state.opponents(player) and bool(bf.units)
    sd = state.showdown  # issue 24: "attacking", a battlefield where the player attacks now
    attacking = sd is not None and sd.combat and sd.battlefield == bf.oid and sd.attacker == player

    def allows(ab: Any, others: bool) -> bool:
        return isinstance(ab, V.PlayTo) and ab.others == others and (
            (ab.where == "open" and is_open) or (ab.where == "occupied_enemy" and enemy)
            or (ab.where == "attacking" and attacking))

    own = effects.encoding(obj.card)
    if own is not None and any(allows(ab, False) for ab in own.abilities):
        return True
    for lst in effects._board_lists(state):
        for o in lst:
            src = state.objects[o]
            if o == oid or src.controller != player:
                continue
            enc = effects.encoding(src.card)
            if enc is not None and any(allows(ab, True) for ab in enc.abilities):
                return True
    return False
