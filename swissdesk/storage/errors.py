"""Errors the tournament file and the arbiter's actions report, each with a clear message.

Every one derives from :class:`swissdesk.errors.SwissdeskError`, so the command line prints
the message (exit code 2) and the GUI shows it in a dialog; none ever means the file was
left half-changed: an action that raises changed nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from swissdesk.errors import SwissdeskError
from swissdesk.storage.levels import Level, LevelWarning, highest


class StorageError(SwissdeskError):
    """A tournament file could not be opened, read or written; nothing was changed."""


class NotATournamentFileError(StorageError):
    """The file is not a swissdesk tournament file (another program's file, a TRF, ...)."""


class CorruptFileError(StorageError):
    """The tournament file is damaged; it was left untouched and a copy kept aside.

    ``copy_path`` is the copy made next to it (``NAME.corrupt-YYYYmmdd-HHMMSS.swissdesk``),
    or ``None`` if even copying failed.
    """

    def __init__(self, message: str, copy_path: Path | None = None) -> None:
        super().__init__(message)
        self.copy_path = copy_path


class UntrustedFileError(StorageError):
    """The file's schema holds SQL swissdesk never writes (a trigger, a view, a changed
    table...): it is not opened, since such SQL runs inside the file and could change results
    behind the arbiter's back. ``differences`` lists what differs, one phrase each; the
    tournament's data can be copied into a clean file
    (:func:`swissdesk.storage.recover.recover_file`)."""

    def __init__(
        self, message: str, path: Path, differences: tuple[str, ...] = ()
    ) -> None:
        super().__init__(message)
        self.path = path
        self.differences = differences


class DamagedDataError(StorageError):
    """The file's schema is swissdesk's but its rows hold what swissdesk never writes (a
    result code it does not know, a name stored as bytes, an opponent not in the file...):
    not opened, since reading them would end a command half-way or silently change the
    standings (:mod:`swissdesk.storage.datacheck`)."""


class NewerFileError(StorageError):
    """The file was written by a newer swissdesk (a schema version this program does not know)."""


class LockedFileError(StorageError):
    """Another program (or another swissdesk window) is writing the file right now."""


class ReadOnlyFileError(StorageError):
    """The file or its folder cannot be written (read-only medium, permissions)."""


class DiskFullError(StorageError):
    """The disk (or USB stick) is full: the action was not saved."""


class ActionRefused(StorageError):
    """The arbiter's action is impossible in the tournament's current state; nothing changed."""


class ConfirmationRequired(ActionRefused):
    """The action breaks a rule the arbiter may knowingly override, or needs a warning the
    checklist asks for (:mod:`swissdesk.storage.levels`): nothing changed; run it again with
    ``confirmed`` set to :attr:`level` (the window asks, the command line takes
    ``--yes-i-know LEVEL``).

    ``items`` are the warnings with their levels, ``warnings`` their sentences, ``level`` the
    highest (2: confirm, 3: confirm with the facts, 4: double confirmation), ``consequences``
    what the action cannot take back (said with Level 4).
    """

    exit_code = 4

    def __init__(
        self,
        message: str,
        warnings: Sequence[LevelWarning] | Sequence[str],
        *,
        consequences: str = "",
    ) -> None:
        super().__init__(message)
        self.items: tuple[LevelWarning, ...] = tuple(
            w if isinstance(w, LevelWarning) else LevelWarning(Level.CONFIRM_FACTS, w)
            for w in warnings
        )
        self.warnings: tuple[str, ...] = tuple(w.shown for w in self.items)
        self.level: Level = max(highest(self.items), Level.CONFIRM)
        self.consequences = consequences


class RefusedInFideMode(ActionRefused):
    """Level 5: the action is impossible while the tournament is in FIDE mode (C.02 VCL);
    the message says what it would take (leaving FIDE mode, a Level-4 action that cannot be
    undone)."""

    level = 5
