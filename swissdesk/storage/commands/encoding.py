"""A command as plain JSON data in its audit record, so that Redo can run it again.

Only swissdesk's own frozen dataclasses and enums are written and read back (by module and
class name, checked on the way back): the audit log of a tournament file received from
someone else can never name an arbitrary class or run code.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
from typing import Any

from swissdesk.i18n import _
from swissdesk.storage.errors import ActionRefused

_PACKAGE = "swissdesk."


def encode(value: Any) -> Any:
    """``value`` (a command and what it holds) as JSON data."""
    if isinstance(value, enum.Enum):
        return {"enum": _name(type(value)), "value": value.value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"class": _name(type(value)), "fields": fields}
    if isinstance(value, tuple | list):
        return {"tuple": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(_("cannot record {name} in the audit log").format(name=type(value).__name__))


def decode(data: Any) -> Any:
    """The value :func:`encode` wrote (ActionRefused for anything else)."""
    if data is None or isinstance(data, bool | int | str):
        return data
    if not isinstance(data, dict):
        raise ActionRefused(_("the audit record of this action cannot be read back"))
    try:
        if "tuple" in data:
            return tuple(decode(v) for v in data["tuple"])
        if "dict" in data:
            return {decode(k): decode(v) for k, v in data["dict"]}
        if "enum" in data:
            cls = _resolve(data["enum"])
            if not (isinstance(cls, type) and issubclass(cls, enum.Enum)):
                raise ActionRefused(_("the audit record names an unknown value"))
            return cls(data["value"])
        if "class" in data:
            cls = _resolve(data["class"])
            if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
                raise ActionRefused(_("the audit record names an unknown command"))
            return cls(**{str(k): decode(v) for k, v in data["fields"].items()})
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        # A record changed by another program: a missing key, a field the class does not
        # have, a value its enum does not know.
        raise ActionRefused(
            _("the audit record of this action cannot be read back ({name})").format(
                name=type(exc).__name__
            )
        ) from exc
    raise ActionRefused(_("the audit record of this action cannot be read back"))


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _resolve(name: Any) -> Any:
    """The class ``module:qualname`` names, looked up among swissdesk's modules already
    imported (the commands and what they hold are, by the lane): a record never makes
    swissdesk import a module, and a class must be defined where the record says."""
    module, _colon, qualname = str(name).partition(":")
    if not module.startswith(_PACKAGE) or not qualname.isidentifier():
        raise ActionRefused(_("the audit record names a class outside swissdesk"))
    loaded = sys.modules.get(module)
    cls = getattr(loaded, qualname, None) if loaded is not None else None
    if not isinstance(cls, type) or cls.__module__ != module:
        raise ActionRefused(_("the audit record names a class swissdesk does not record"))
    return cls
