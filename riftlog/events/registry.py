"""The registry of event payload types, their schema versions and upcasters.

Every layer that defines events registers its payload models here with
:func:`event_payload` (the events layer for game creation, random outcomes and judge
events; the rules engine for player decisions).  The union of everything registered is
the event format (:func:`payload_json_schema`).

An old schema version is upgraded on read by the chain of :func:`upcaster` functions
registered for that type; stored rows are never rewritten.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, TypeVar, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from riftlog.errors import EventError, UnknownEventType
from riftlog.events.canonical import (
    canonical_json,
    check_plain_limits,
    plain_canonical_json,
)


class Payload(BaseModel):
    """Base of every event payload: immutable, strict about unknown fields.

    Subclasses declare ``type: Literal["SomethingHappened"] = "SomethingHappened"`` (past
    tense) and may raise ``SCHEMA_VERSION`` when their shape changes, registering an
    upcaster from the previous version.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    SCHEMA_VERSION: ClassVar[int] = 1
    #: True for the payloads that are a player's decision (judged by the engine).
    IS_DECISION: ClassVar[bool] = False

    type: str


P = TypeVar("P", bound=type[Payload])
Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

_PAYLOADS: dict[str, type[Payload]] = {}
_UPCASTERS: dict[tuple[str, int], Upcaster] = {}
_union_cache: dict[str, Any] = {}


def event_payload(cls: P) -> P:
    """Class decorator: register a payload model under its ``type`` literal."""
    model: type[Payload] = cls
    field = model.model_fields.get("type")
    name = field.default if field is not None else None
    if not isinstance(name, str) or not name:
        raise TypeError(f"{cls.__name__} needs a default for its 'type' literal")
    other = _PAYLOADS.get(name)
    if other is not None and other is not cls:
        raise TypeError(f"event type {name!r} is registered twice ({other.__name__}, {cls.__name__})")
    _PAYLOADS[name] = cls
    _union_cache.clear()
    return cls


def upcaster(event_type: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
    """Decorator: register a function turning version *from_version* into the next."""

    def register(fn: Upcaster) -> Upcaster:
        _UPCASTERS[(event_type, from_version)] = fn
        return fn

    return register


def payload_types() -> dict[str, type[Payload]]:
    """All registered payload models by event type (a copy)."""
    _load_default_payloads()
    return dict(_PAYLOADS)


def payload_model(event_type: str, where: str = "event") -> type[Payload]:
    """The model registered for *event_type*, or :class:`UnknownEventType`."""
    _load_default_payloads()
    try:
        return _PAYLOADS[event_type]
    except KeyError:
        raise UnknownEventType(f"{where}: unknown event type {event_type!r}") from None


def current_version(event_type: str) -> int:
    """The schema version new events of *event_type* are written at."""
    return payload_model(event_type).SCHEMA_VERSION


def upcast(event_type: str, version: int, data: dict[str, Any], where: str = "event") -> dict[str, Any]:
    """Upgrade a stored payload dict from *version* to the current schema version."""
    model = payload_model(event_type, where)
    if version > model.SCHEMA_VERSION:
        raise EventError(
            f"{where}: {event_type} schema version {version} is newer than this riftlog "
            f"understands ({model.SCHEMA_VERSION}); upgrade riftlog"
        )
    if version < 1:
        raise EventError(f"{where}: schema version must be 1 or more, got {version}")
    while version < model.SCHEMA_VERSION:
        step = _UPCASTERS.get((event_type, version))
        if step is None:
            raise EventError(f"{where}: no upcaster for {event_type} from schema version {version}")
        data = step(dict(data))
        version += 1
    return data


def parse_payload(event_type: str, version: int, data: Any, where: str = "event") -> Payload:
    """Validate a payload dict (upcast first) and return its frozen model."""
    if not isinstance(data, dict):
        raise EventError(f"{where}: payload must be a JSON object, got {type(data).__name__}")
    data = upcast(event_type, version, data, where)
    if data.get("type", event_type) != event_type:
        raise EventError(f"{where}: payload type {data.get('type')!r} differs from event type {event_type!r}")
    data = {**data, "type": event_type}
    try:
        return payload_model(event_type, where).model_validate(data)
    except ValidationError as exc:
        raise EventError(f"{where}: invalid {event_type} payload: {short_errors(exc)}") from None


def canonical_payload(event_type: str, version: int, data: Any, where: str = "event") -> str:
    """The one byte form riftlog stores for a new payload: validated strictly, as canonical JSON.

    Strict (pydantic strict mode, on the JSON form): an integer field takes only a JSON
    integer (not ``true``, ``"7"`` or ``7.0``), a boolean only ``true``/``false``, a string
    only a string.  At the current schema version the result is the canonical JSON of the
    validated model (defaults written out), so one payload has one form and one hash; an
    older schema version is validated after upcasting and kept as given (canonical JSON).
    Raises :class:`EventError` naming *where*.
    """
    if not isinstance(data, dict):
        raise EventError(f"{where}: payload must be a JSON object, got {type(data).__name__}")
    model = _PAYLOADS.get(event_type) if _loaded else None
    if model is None:
        model = payload_model(event_type, where)
    # the limits every input has (nesting, 64-bit integers); plain: JSON types only
    plain = check_plain_limits(data, where)
    current = data if version == model.SCHEMA_VERSION else upcast(event_type, version, data, where)
    given = current.get("type", event_type)
    if given != event_type:
        shown = repr(given)[:60] if isinstance(given, str) else f"a {type(given).__name__}"
        raise EventError(f"{where}: payload type {shown} differs from event type {event_type!r}")
    try:
        if plain and current is data and type(event_type) is str:  # batch-perf: orjson
            text = plain_canonical_json({**current, "type": event_type})
        else:
            text = canonical_json({**current, "type": event_type})
    except EventError as exc:
        raise EventError(f"{where}: invalid {event_type} payload: {exc}") from None
    try:
        payload: Payload = model.__pydantic_validator__.validate_json(text, strict=True)
    except ValidationError as exc:
        raise EventError(f"{where}: invalid {event_type} payload: {short_errors(exc)}") from None
    if version != model.SCHEMA_VERSION:
        return canonical_json(data)
    if len(payload.__pydantic_fields_set__) == _flat(model):
        return text  # every field given, none coerced (strict), none nested: already the form
    return canonical_json(payload.model_dump(mode="json"))


def parse_new_payload(event_type: str, data: Any, where: str = "event") -> Payload:
    """A payload given by a client at the current schema version, validated strictly as the
    store will store it (:func:`canonical_payload`): ``"to_seq": "3"`` is refused here, not
    coerced into a rewind."""
    version = payload_model(event_type, where).SCHEMA_VERSION
    text = canonical_payload(event_type, version, data, where)
    return parse_payload(event_type, version, json.loads(text), where)


_FLAT: dict[type[Payload], int] = {}


def _flat(model: type[Payload]) -> int:
    """The number of fields of *model* when none holds a model (whose defaults the dump
    would add) or a float (which strict mode fills from an integer), else -1: a payload
    that gives every field of such a model dumps to exactly what it gave (replay-perf: the
    append path then skips the dump)."""
    flat = _FLAT.get(model)
    if flat is None:
        def plain(tp: Any) -> bool:
            if isinstance(tp, type) and (issubclass(tp, BaseModel) or tp is float):
                return False
            return all(plain(arg) for arg in get_args(tp))
        fields = model.model_fields
        flat = _FLAT[model] = len(fields) if all(plain(f.annotation) for f in fields.values()) \
            else -1
    return flat


def parse_stored(event_type: str, version: int, data: Any, game_id: str, seq: int) -> Payload:
    """:func:`parse_payload` of a stored event's payload, ``where`` naming its game and seq.

    replay-perf: the common case (a JSON object at the current schema version that names
    its type) goes straight to the model's validator, without building the ``where`` text;
    anything else, and any payload the model rejects, takes :func:`parse_payload`, which
    validates it again and raises the same errors as always.
    """
    if not _loaded:
        _load_default_payloads()
    model = _PAYLOADS.get(event_type)
    if (model is not None and type(data) is dict and version == model.SCHEMA_VERSION
            and data.get("type") == event_type):
        try:
            payload: Payload = model.__pydantic_validator__.validate_python(data)
            return payload
        except ValidationError:
            pass
    return parse_payload(event_type, version, data, where=f"game {game_id} seq {seq}")


def any_payload_adapter() -> TypeAdapter[Any]:
    """A pydantic adapter for the discriminated union of every registered payload."""
    _load_default_payloads()
    key = ",".join(sorted(_PAYLOADS))
    adapter = _union_cache.get(key)
    if adapter is None:
        models = tuple(_PAYLOADS[k] for k in sorted(_PAYLOADS))
        union: Any = models[0] if len(models) == 1 else Union[models]  # noqa: UP007
        adapter = TypeAdapter(Annotated[union, Field(discriminator="type")])
        _union_cache.clear()
        _union_cache[key] = adapter
    return adapter


def payload_json_schema() -> dict[str, Any]:
    """JSON Schema of the discriminated union of all payloads."""
    schema: dict[str, Any] = any_payload_adapter().json_schema()
    return schema


def short_errors(exc: ValidationError) -> str:
    """A pydantic error in one line: up to three ``field: message`` parts."""
    parts = []
    for err in exc.errors()[:3]:
        loc = ".".join(str(x) for x in err["loc"]) or "(root)"
        if not loc.isprintable():  # a hostile key (a line break, say) stays on one line
            loc = json.dumps(loc)  # escaped: no line separator of any kind survives
        parts.append(f"{loc}: {err['msg']}")
    more = len(exc.errors()) - 3
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


_loaded = False


def _load_default_payloads() -> None:
    """Import the modules of this package that register payloads (on first use)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib

    for module in ("riftlog.events.payloads", "riftlog.events.decisions", "riftlog.events.play",
                   "riftlog.events.combat", "riftlog.events.showdown",
                   "riftlog.events.abilities"):
        importlib.import_module(module)
