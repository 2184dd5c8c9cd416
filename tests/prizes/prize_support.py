"""The prize tests' event and plans, shared by the prize command's tests and the documents'
column measurements (tests/reports): one event, plans built from the same pieces."""

from __future__ import annotations

from pathlib import Path

EVENT = Path(__file__).resolve().parents[1] / "verification" / "data" / "bbp-baku-n10-r7.trf"
"""Ten players, seven rounds: 3 wins with 6.5, 4 has 5, then 5, 2 and 1 tied on 4.5."""

HORT_EUR = """version = 1
[rules]
sharing = "hort"
hort_percent = 50
currency = "EUR"
"""
"""A plan's head: money in euros, tied players' money shared by the Hort system (50 %)."""


def category(name: str, **rule: int | str) -> str:
    """A ``[[category]]`` table: its name and its rule (``rating_below = 2000``, ...)."""
    values = {key: f'"{value}"' if isinstance(value, str) else str(value) for key, value in rule.items()}
    lines = [f'name = "{name}"', *(f"{key} = {value}" for key, value in values.items())]
    return "[[category]]\n" + "\n".join(lines) + "\n"


def prize(place: int, amount: int, *, category: str | None = None, item: str | None = None) -> str:
    """A ``[[prize]]`` table: a place's amount, in the overall standings or ``category``."""
    lines = [f'category = "{category}"'] if category else []
    lines += [f"place = {place}", f"amount = {amount}"]
    lines += [f'item = "{item}"'] if item else []
    return "[[prize]]\n" + "\n".join(lines) + "\n"


def plan_text(*tables: str) -> str:
    """A plan's TOML: :data:`HORT_EUR` and the ``tables`` in their order."""
    return "\n".join([HORT_EUR, *tables])


def write_plan(folder: Path, text: str) -> Path:
    """``text`` as ``folder/plan.toml``."""
    path = folder / "plan.toml"
    path.write_text(text, encoding="utf-8")
    return path
