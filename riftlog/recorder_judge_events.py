"""Judge events in the recorder: :class:`JudgeEvents`, the part of
:class:`~riftlog.recorder.Recorder` that appends rulings, rewinds, penalties, game losses,
time called and corrections (and notes), each checked against the game before it is
stored and signed with the judge's name.  Who may append them is in
:mod:`riftlog.recorder` ("Who acts").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import ValidationError

from riftlog.errors import GameSealed, NotPermitted, RecorderError
from riftlog.events import parse_payload
from riftlog.events.actor import Actor
from riftlog.events.payloads import (
    GameLossIssued,
    GameRewound,
    NoteAdded,
    OutcomeCorrected,
    PenaltyIssued,
    RulingGiven,
    SeedRevealed,
    SideboardRegistered,
    TimeCalled,
)
from riftlog.events.registry import Payload, short_errors
from riftlog.recorder_appending import Recorded, RecorderAppending
from riftlog.reducer import apply_patch
from riftlog.rules import editions

__all__ = ["JudgeEvents"]

P = TypeVar("P", bound=Payload)


class JudgeEvents(RecorderAppending):
    """The judge events of one game's recorder (a base of
    :class:`~riftlog.recorder.Recorder`)."""

    def judge(self, event: Payload, actor: Actor | None = None) -> Recorded:
        """Append a judge event (ruling, rewind, penalty, game loss, correction) or a note
        as *actor* (default: the recorder's identity).

        Judge events come from a judge only, signed with the identity's name (else
        :class:`NotPermitted`); rewinds, corrections and game losses are refused once the
        game is over (its result stands; its seed may be revealed).
        """
        if self.sealed:
            raise GameSealed(self.sealed)
        actor = actor or self.actor
        self._permit(actor, event)
        line = self.folder.line
        if isinstance(event, GameRewound | OutcomeCorrected | GameLossIssued) and self._over():
            raise RecorderError(f"game {self.game_id} seq {self.seq + 1}: the game is over "
                                f"(seq {self.seq}); {event.type} can no longer change it")
        if isinstance(event, GameRewound):
            if event.to_seq > self.seq:
                raise RecorderError(f"game {self.game_id}: cannot rewind to seq {event.to_seq}: "
                                    f"the game is at seq {self.seq}")
            if event.to_seq not in line:
                raise RecorderError(f"game {self.game_id}: seq {event.to_seq} was voided by an "
                                    "earlier rewind; rewind to a seq that still counts")
        elif isinstance(event, OutcomeCorrected):
            if event.seq not in line or event.seq > self.seq:
                raise RecorderError(f"game {self.game_id}: seq {event.seq} is not an event that "
                                    "counts (missing or voided)")
            target = self.folder.decoded[event.seq]
            parse_payload(target.type, type(target).SCHEMA_VERSION,
                          apply_patch(target.model_dump(mode="json"), event),
                          where=f"seq {event.seq} as corrected")
        elif isinstance(event, PenaltyIssued | GameLossIssued):
            if event.player not in {p.id for p in self.created.players}:
                raise RecorderError(f"game {self.game_id}: {event.player!r} is not a player of it")
        elif isinstance(event, SeedRevealed):
            raise RecorderError("the recorder reveals the seed itself when the game ends")
        elif isinstance(event, RulingGiven):
            self._check_rule_ids(event.rule_ids)
        elif isinstance(event, SideboardRegistered):
            if event.player not in {p.id for p in self.created.players}:
                raise RecorderError(f"game {self.game_id}: {event.player!r} is not a player of it")
        elif not isinstance(event, RulingGiven | NoteAdded | TimeCalled):
            raise RecorderError(f"{event.type} is not a judge event")
        ev = self._store([event], None, actor)
        self._refold(ev)
        more = self._drain()
        return Recorded(ev + more)

    def _event(self, model: type[P], **fields: Any) -> P:
        """A judge event from the caller's fields; a field its schema refuses (a ruling of
        more than 4,000 characters) is a :class:`RecorderError` naming it."""
        try:
            return model(**fields)
        except ValidationError as exc:
            raise RecorderError(f"game {self.game_id}: invalid {model.__name__}: "
                                f"{short_errors(exc)}") from None

    def _check_rule_ids(self, rule_ids: Sequence[str]) -> None:
        """Refuse a cited rule id that is not a rule of the game's edition (an optional
        ``v1.3 `` prefix must name that edition)."""
        edition = self.created.rules_edition
        known = editions.rule_ids(edition)
        for cited in rule_ids:
            prefix, _, rule = cited.strip().rpartition(" ")
            rule = rule.rstrip(".")
            if prefix not in ("", edition) or rule not in known:
                raise RecorderError(
                    f"game {self.game_id}: rule {cited!r} is not a rule of the {edition} Core "
                    f"Rules the game is judged under (cite an id such as 103.2.b or "
                    f"{edition} 316.6)")

    # The helpers below take the judge's identity (default: the recorder's own, which
    # must then be a judge); the event is signed with its name.

    def _judge_identity(self, judge: Actor | None) -> Actor:
        actor = judge or self.actor
        if not isinstance(actor, Actor):
            raise RecorderError(f"a judge event takes the judge's identity (Actor.judge(name)), "
                                f"not {type(actor).__name__} {actor!r}")
        if actor.role != "judge":
            raise NotPermitted(f"game {self.game_id} seq {self.seq + 1}: {actor} may not append "
                               "judge events: judge events are appended by a judge only")
        return actor

    def rewind(self, to_seq: int, judge: Actor | None = None, reason: str = "") -> Recorded:
        """Back the game up to *to_seq*; later events stay stored, voided."""
        who = self._judge_identity(judge)
        return self.judge(GameRewound(judge=who.name, to_seq=to_seq, reason=reason), who)

    def ruling(self, judge: Actor | None, text: str, rule_ids: Sequence[str] = (),
               about_seq: int | None = None) -> Recorded:
        """Record a ruling in the judge's words, citing rule ids."""
        who = self._judge_identity(judge)
        return self.judge(self._event(RulingGiven, judge=who.name, text=text,
                                      rule_ids=tuple(rule_ids), about_seq=about_seq), who)

    def penalty(self, judge: Actor | None, player: str, penalty: str, reason: str = "",
                rule_ids: Sequence[str] = ()) -> Recorded:
        """Record a penalty; it changes nothing in the game."""
        who = self._judge_identity(judge)
        return self.judge(self._event(PenaltyIssued, judge=who.name, player=player,
                                      penalty=penalty, reason=reason,
                                      rule_ids=tuple(rule_ids)), who)

    def game_loss(self, judge: Actor | None, player: str, reason: str = "") -> Recorded:
        """Award *player* a game loss; the game ends (the seed is then revealed)."""
        who = self._judge_identity(judge)
        return self.judge(self._event(GameLossIssued, judge=who.name, player=player,
                                      reason=reason), who)

    def call_time(self, judge: Actor | None, procedure: str = "408.2", additional_turns: int = 3,
                  sudden_death: bool = False, reason: str = "") -> Recorded:
        """Time is called on the round (Tournament Rules 408.2, or 408.4 for timed single
        elimination); the engine ends the game after the additional turns."""
        if self.folder.state is not None and self.folder.state.phase == "over":
            raise RecorderError(f"game {self.game_id} is over; time cannot be called on it")
        who = self._judge_identity(judge)
        return self.judge(TimeCalled(judge=who.name, procedure=procedure,
                                     additional_turns=additional_turns,
                                     sudden_death=sudden_death, reason=reason), who)

    def correct(self, judge: Actor | None, seq: int, field_path: str,
                value: str | int | bool | None, reason: str = "") -> Recorded:
        """Correct a recorded outcome of event *seq* (``field_path`` in its payload)."""
        who = self._judge_identity(judge)
        return self.judge(self._event(OutcomeCorrected, judge=who.name, seq=seq,
                                      field=field_path, value=value, reason=reason), who)
