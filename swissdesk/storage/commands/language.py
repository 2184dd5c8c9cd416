"""The tournament's language: the language of its printed documents and venue pages (issue 38).

One per event (the players of all its sections read the same wall), independent of the
arbiter's own language (the window's and the command line's). Kept in the file's ``meta``
table under ``document_language`` (an ISO 639-1 code of :data:`swissdesk.i18n.LANGUAGES`),
beside the event's name: no schema step. A file that never chose one (every file made before
issue 38) prints in English.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from swissdesk.i18n import LANGUAGES, SOURCE_LANGUAGE, _, said
from swissdesk.storage.commands.base import Action, Outcome
from swissdesk.storage.errors import ActionRefused
from swissdesk.storage.schema import MetaRecord
from swissdesk.storage.sections import AUDIT_SECTION

DOCUMENT_LANGUAGE = "document_language"
"""The ``meta`` key of the tournament's language."""


def check_language_code(code: str) -> str:
    """``code`` as stored (lower case) when swissdesk speaks it, else a refusal naming the ten
    codes (an ISO 639-1 code, not a locale name: ``de``, not ``de_DE`` or ``German``)."""
    value = code.strip().lower()
    if value not in LANGUAGES:
        spoken = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        raise ActionRefused(
            _("{code!r} is not a language swissdesk prints in; choose one of: {spoken}").format(
                code=code, spoken=spoken
            )
        )
    return value


def document_language(s: Session) -> str:
    """The tournament's language (English when none was chosen, or when the stored value is
    one this version does not speak)."""
    rec = s.get(MetaRecord, DOCUMENT_LANGUAGE)
    if rec is None:
        return SOURCE_LANGUAGE
    value = rec.value.strip().lower()
    return value if value in LANGUAGES else SOURCE_LANGUAGE


@dataclass(frozen=True, slots=True)
class SetDocumentLanguage(Action):
    """Print the tournament's documents (pairings, standings, cards, cross tables, prize
    lists...) and show its venue pages in ``language`` (ISO 639-1: ``fr``, ``de``, ...)."""

    language: str


def set_document_language(s: Session, a: SetDocumentLanguage) -> Outcome:
    language = check_language_code(a.language)
    before = document_language(s)
    rec = s.get(MetaRecord, DOCUMENT_LANGUAGE)
    stored = rec.value if rec is not None else None
    if rec is None:
        s.add(MetaRecord(key=DOCUMENT_LANGUAGE, value=language))
    else:
        rec.value = language
    s.info[AUDIT_SECTION] = None
    if before == language:
        summary = said(
            "the tournament's documents stay in {LANGUAGES} ({language})",
            LANGUAGES=LANGUAGES[language],
            language=language,
        )
    else:
        summary = said(
            "the tournament's documents are printed in {LANGUAGES} ({language})",
            LANGUAGES=LANGUAGES[language],
            language=language,
        )
    return summary, {"before": stored}, ()


def undo_set_document_language(s: Session, payload: Mapping[str, Any]) -> None:
    rec = s.get(MetaRecord, DOCUMENT_LANGUAGE)
    if payload["before"] is None:
        if rec is not None:
            s.delete(rec)
    elif rec is not None:
        rec.value = payload["before"]
    else:
        s.add(MetaRecord(key=DOCUMENT_LANGUAGE, value=payload["before"]))
