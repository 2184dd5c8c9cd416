"""A prize plan as a TOML file the arbiter keeps and reuses across events.

Read with the standard library's :mod:`tomllib`; written by :func:`dumps`, which knows
the plan's few shapes (a ``[rules]`` table, ``[[category]]`` and ``[[prize]]`` arrays of
tables holding text, whole numbers, true/false and lists of text). Amounts with decimals
are written as text (``"12.50"``) so that no floating-point number ever holds money.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.prizes.plan import PrizePlan, plan_from_mapping, plan_to_mapping

HEADER = "# swissdesk prize plan: categories, prizes and the event's rules (README: Prizes)\n"


def loads(text: str, where: str = "the prize plan") -> PrizePlan:
    """The plan a TOML text describes; :class:`InputError` naming the problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(
            _("{where}: not a TOML file ({exc})").format(where=where, exc=exc)
        ) from None
    try:
        return plan_from_mapping(data)
    except InputError as exc:
        raise InputError(_("{where}: {exc}").format(where=where, exc=exc)) from None


def read_plan(path: Path) -> PrizePlan:
    """The plan kept in the file ``path``."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(_("{path}: no such file").format(path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(
            _("{path}: cannot read the prize plan ({exc})").format(path=path, exc=exc)
        ) from None
    return loads(text, str(path))


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        escaped = (
            value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\t", "\\t").replace("\r", "\\r")
        )  # fmt: skip
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(_("a prize plan holds no {name}").format(name=type(value).__name__))


def _table(lines: list[str], table: Mapping[str, Any]) -> None:
    for key, value in table.items():
        lines.append(f"{key} = {_value(value)}")


def dumps(plan: PrizePlan) -> str:
    """``plan`` as the text of a plan file (read back by :func:`loads` as the same plan)."""
    data = plan_to_mapping(plan)
    lines = [HEADER.rstrip("\n"), f"version = {data['version']}", "", "[rules]"]
    _table(lines, data["rules"])
    for kind in ("category", "prize"):
        for entry in data.get(kind, []):
            lines += ["", f"[[{kind}]]"]
            _table(lines, entry)
    return "\n".join(lines) + "\n"


def write_plan(plan: PrizePlan, path: Path) -> None:
    """Write ``plan`` to ``path`` (a plan file)."""
    path.write_text(dumps(plan), encoding="utf-8")
