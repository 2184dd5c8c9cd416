"""The warning levels of FIDE's checklist (C.02 VCL, #2304 in the audit's sources) and the
pairing-integrity events written to the TRF as ``###`` lines: one mechanism for every action.

An action that could break the pairing rules lists what it would do as
:class:`LevelWarning`\\ s. The highest level decides what the arbiter must do before it is
saved:

=====  ======================  ========================================================
level  name                    what the window / the command line do
=====  ======================  ========================================================
1      information             shown after the action (status bar, ``note:`` lines)
2      confirm                 one question: go on or not
3      confirm with the facts  one question listing every fact (which boards, which rules)
4      double confirmation     two questions: the facts and the consequences, then again
5      refused in FIDE mode    impossible while the tournament is in FIDE mode; possible
                               only after leaving it (which is itself a Level-4 action)
=====  ======================  ========================================================

Levels 2-4 are asked by raising :class:`~swissdesk.storage.errors.ConfirmationRequired`
(nothing changed); the window asks and runs the action again with ``confirmed`` set to the
level the arbiter accepted, the command line takes ``--yes-i-know LEVEL``. No setting
switches a level off or lowers it (Q218-221). The audit log records the warnings the arbiter
confirmed and the level (:func:`require`).

A pairing-integrity event (TEC's PIBE: an imported round that breaks the rules, a setting
changed after the start, a manual pairing that differs from the engine's, a correction of an
earlier round, leaving FIDE mode) is an :class:`IntegrityEvent`: the action returns it in its
audit payload (``payload["integrity"]``), the action lane adds it to the tournament's log,
and every exported TRF carries it as ``### Kind @ Round n: what happened``. Undo removes it
with the action (the lane restores the log as it was).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from swissdesk.i18n import Message, _, worded


class Level(enum.IntEnum):
    """How much the arbiter must confirm (the checklist's levels)."""

    NONE = 0
    INFORMATION = 1
    """Level 1: told, nothing asked."""
    CONFIRM = 2
    """Level 2: confirm (OK / Cancel)."""
    CONFIRM_FACTS = 3
    """Level 3: confirm with the facts listed."""
    DOUBLE = 4
    """Level 4: double confirmation, the consequences stated."""
    REFUSED = 5
    """Level 5: refused in FIDE mode (possible only after leaving it)."""

    @property
    def label(self) -> str:
        """``Level 3`` (``information`` for level 1), in the current language (the reader's:
        it is only shown, never stored)."""
        if self is Level.INFORMATION:
            return _("information")
        return _("Level {number}").format(number=int(self))


@dataclass(frozen=True, slots=True)
class LevelWarning:
    """One fact the arbiter is warned about, at its level.

    ``text`` is the English sentence (what the audit record stores); a sentence marked with
    :func:`~swissdesk.i18n.said` also carries its message and fields, so
    :attr:`shown` words it in the reader's language (issue 38), like the audit summaries."""

    level: Level
    text: str

    @property
    def shown(self) -> str:
        """The sentence in the current language (an unmarked one as it is)."""
        return worded(self.text)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"level": int(self.level), "text": str(self.text)}
        if isinstance(self.text, Message):
            data["said"] = self.text.to_json()
        return data

    @staticmethod
    def from_json(data: Any) -> LevelWarning:
        if isinstance(data, dict):
            text = str(data.get("text", ""))
            return LevelWarning(
                Level(int(data.get("level", 3))), Message.from_json(data.get("said"), text)
            )
        return LevelWarning(Level.CONFIRM_FACTS, str(data))  # an older file's plain sentence


def highest(warnings: Iterable[LevelWarning]) -> Level:
    """The highest level among ``warnings`` (``NONE`` for none)."""
    return max((w.level for w in warnings), default=Level.NONE)


def require(
    confirmed: int,
    message: str,
    warnings: Sequence[LevelWarning],
    *,
    consequences: str = "",
) -> dict[str, Any]:
    """Raise :class:`~swissdesk.storage.errors.ConfirmationRequired` unless the arbiter
    confirmed at least the highest level of ``warnings`` (levels 2-4; information never
    needs it); otherwise return what the audit payload records of them."""
    from swissdesk.storage.errors import ConfirmationRequired

    level = highest(warnings)
    if level >= Level.CONFIRM and confirmed < level:
        raise ConfirmationRequired(message, warnings, consequences=consequences)
    if not warnings:
        return {}
    return {
        "warnings": [w.to_json() for w in warnings],
        "confirmed": int(level) if level >= Level.CONFIRM else 0,
    }


def information(warnings: Sequence[LevelWarning]) -> tuple[str, ...]:
    """The sentences to show after the action (every warning, its level named when asked),
    in the current language: the reader's, the action runs in it."""
    return tuple(
        w.shown
        if w.level <= Level.INFORMATION
        else _("{label} confirmed: {text}").format(label=w.level.label, text=w.shown)
        for w in warnings
    )


# ---------------------------------------------------------------------------------------
# Pairing-integrity events (the TRF's ### lines)

IMPORT = "Import"
CONFIGURATION = "Configuration"
MPA = "MPA"
CORRECTION = "Correction"
FIDE_MODE_LEFT = "FIDE mode left"
ADJOURNMENT = "Adjournment"
"""An adjourned game's result that is not the draw the pairings counted (C.02 VCL Q163)."""

FPB = "FPB"
"""A full-point bye given on request (deprecated by FIDE's Swiss rules; C.02 VCL Q177-179)."""

KINDS = (IMPORT, CONFIGURATION, MPA, CORRECTION, FIDE_MODE_LEFT, ADJOURNMENT, FPB)
"""The events this version records (the checklist's names; MPA: manual pairing
alteration)."""


@dataclass(frozen=True, slots=True)
class IntegrityEvent:
    """One pairing-integrity event: its kind, the round it concerns, what happened."""

    kind: str
    round_number: int
    text: str

    @property
    def trf_line(self) -> str:
        """The TRF comment line: ``### MPA @ Round 4: ...`` (one line, no line breaks)."""
        text = " ".join(self.text.split())
        return f"### {self.kind} @ Round {self.round_number}: {text}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "round": self.round_number, "text": self.text}

    @staticmethod
    def from_json(data: Any) -> IntegrityEvent:
        return IntegrityEvent(str(data["kind"]), int(data["round"]), str(data["text"]))


def integrity_payload(*events: IntegrityEvent) -> dict[str, Any]:
    """What an action's audit payload carries for the lane to log (``payload["integrity"]``)."""
    return {"integrity": [e.to_json() for e in events]} if events else {}


def updated_log(log: Sequence[IntegrityEvent], payload: Mapping[str, Any]) -> list[IntegrityEvent]:
    """The tournament's log after an action whose audit payload is ``payload``: the events
    of its ``integrity_drop`` (kind and round) removed, those of ``integrity`` added."""
    drop = {(d["kind"], int(d["round"])) for d in payload.get("integrity_drop", ())}
    kept = [e for e in log if (e.kind, e.round_number) not in drop]
    return kept + [IntegrityEvent.from_json(e) for e in payload.get("integrity", ())]


def left_fide_mode(lines: Iterable[str]) -> bool:
    """Whether TRF lines (a tournament's log or the comments kept from an imported file)
    record that the tournament left FIDE mode."""
    marker = f"### {FIDE_MODE_LEFT} @"
    return any(line.startswith(marker) for line in lines)
