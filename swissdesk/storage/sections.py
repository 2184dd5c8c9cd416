"""One section at a time: the session every read and write of a section goes through.

An event file holds several sections (schema version 6), each a complete tournament; every
command, read model and snapshot of swissdesk was written for one tournament and stays so:
it runs in a :class:`SectionSession` whose ``info["section"]`` names the section, and

- every ORM ``SELECT``, ``UPDATE`` and ``DELETE`` of a :class:`~swissdesk.storage.schema.
  SectionScoped` table (players, rounds, entries, team rows) gets the criterion
  ``section_id = <section>`` (``with_loader_criteria``, also for ``Session.get`` when it
  reads the row, and for column and aggregate selects);
- every new row of such a table gets the section's id: ORM objects at flush
  (``before_flush``), bulk ``insert(...)`` parameter lists in ``do_orm_execute``.

What this cannot see is plain SQL and Core statements run on the session's *connection*
(``session.connection().exec_driver_sql(...)``, ``.execute(select(...))``): the few fast
paths that use them (snapshots, player lists, scores) name ``section_id`` themselves, and
``tests/storage/test_sections_scope.py`` fails when one in the storage package does not.
A section's ``tournament`` row is ``Session.get(TournamentRecord, section)``.

:func:`in_section` switches a session to another section for an action that spans two
(moving a player); :func:`event_wide` reads across all sections (the registration desk's
"All sections" lists) — an event-wide session cannot insert section rows (no section id).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState, Session, with_loader_criteria

from swissdesk.i18n import _
from swissdesk.storage.errors import StorageError
from swissdesk.storage.schema import SectionScoped

SECTION = "section"
"""The key of ``Session.info`` naming the section a session reads and writes."""
AUDIT_SECTION = "audit_section"
"""Set by an action whose audit row names another section than the session's (``None``:
an action on the event itself, such as adding a section)."""


class SectionSession(Session):
    """A session scoped to the section in ``info["section"]`` (``None``: the whole event)."""


def section_of(session: Session) -> int:
    """The section ``session`` acts on; an event-wide session has none (a bug: raise)."""
    value = session.info.get(SECTION)
    if value is None:
        raise StorageError(_("internal error: a section's action ran without a section"))
    return int(value)


def audit_section(session: Session) -> int | None:
    """The section the audit row of the session's action names."""
    if AUDIT_SECTION in session.info:
        value = session.info[AUDIT_SECTION]
    else:
        value = session.info.get(SECTION)
    return int(value) if value is not None else None


def act_in_section(session: Session, section_id: int | None) -> None:
    """From here on, ``session`` acts on ``section_id`` (``None``: the event) and its audit
    row names it (Undo and Redo of another section's action)."""
    session.flush()
    session.info[SECTION] = section_id
    session.info.pop(AUDIT_SECTION, None)


@contextlib.contextmanager
def in_section(session: Session, section_id: int | None) -> Iterator[None]:
    """Let ``session`` act on ``section_id`` inside the block (``None``: the whole event),
    then on its own section again. Pending changes are flushed on both sides, so each is
    written with the section it was made in."""
    previous = session.info.get(SECTION)
    session.flush()
    session.info[SECTION] = section_id
    try:
        yield
        session.flush()
    finally:
        session.info[SECTION] = previous


@event.listens_for(SectionSession, "do_orm_execute")
def _scope_statement(state: ORMExecuteState) -> Any:
    section = state.session.info.get(SECTION)
    if section is None:
        return None
    if state.is_select or state.is_update or state.is_delete:
        state.statement = state.statement.options(
            with_loader_criteria(
                SectionScoped,
                lambda cls: cls.section_id == section,
                include_aliases=True,
            )
        )
        return None
    if state.is_insert:
        table = getattr(state.statement, "table", None)
        params: Any = state.parameters
        if table is not None and "section_id" in table.c and params:
            if isinstance(params, dict):
                return state.invoke_statement(params={"section_id": section, **params})
            rows = [{"section_id": section, **p} for p in params]
            return state.invoke_statement(params=rows)
    return None


@event.listens_for(SectionSession, "before_flush")
def _fill_section(session: Session, _context: Any, _instances: Any) -> None:
    section = session.info.get(SECTION)
    for obj in session.new:
        if isinstance(obj, SectionScoped) and getattr(obj, "section_id", None) is None:
            if section is None:
                raise StorageError(
                    _("internal error: a section's row was added outside any section")
                )
            obj.section_id = int(section)
