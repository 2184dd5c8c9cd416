"""Errors the tournament file and the arbiter's actions report, each with a clear message.

Every one derives from :class:`swissdesk.errors.SwissdeskError`, so the command line prints
the message (exit code 2) and the GUI shows it in a dialog; none ever means the file was
left half-changed: an action that raises changed nothing.
"""

from __future__ import annotations

from pathlib import Path

from swissdesk.errors import SwissdeskError


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
    """The action breaks a rule the arbiter may knowingly override (e.g. a manual pairing that
    violates an absolute criterion). Nothing changed; repeat it with ``confirmed=True``.

    ``warnings`` lists what the arbiter must confirm, one sentence each.
    """

    def __init__(self, message: str, warnings: tuple[str, ...]) -> None:
        super().__init__(message)
        self.warnings = warnings
