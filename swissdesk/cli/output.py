"""Writing a command's ``-o`` output: one helper for ``trf``, ``export``, ``report``,
``team report``, ``generate``, ``pair -o`` and ``--explain-file``. None writes over a
tournament file or over the file it reads (:mod:`swissdesk.outputs`).

A regular file (or a new one) is replaced atomically: the text goes to a temporary file
beside it, is flushed to the disk, and is renamed over the target only when complete, so a
full disk or a crash never leaves half a file or a 0-byte file behind. A symbolic link is
followed (its target is written, the link stays); an existing file keeps its permissions
(and, when the owner can be kept, its owner); a new file gets the usual permissions
(``0666`` less the umask), never the temporary file's private ``0600``.

Anything else is written directly, never replaced: ``-`` is standard output, and a device
(``/dev/null``, a printer), a named pipe or a socket stays what it is. Renaming a temporary
file over ``/dev/null`` as root would turn the device node into a regular file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from swissdesk.errors import InputError
from swissdesk.i18n import _
from swissdesk.outputs import refuse_overwriting

STDOUT = "-"
"""The ``-o`` value that means standard output."""


def write_output(
    path: str | os.PathLike[str],
    data: str | bytes,
    *,
    inputs: Iterable[str | os.PathLike[str]] = (),
) -> None:
    """Write ``data`` (text is written as UTF-8, lines as given) to ``path``.

    Raises :class:`~swissdesk.errors.InputError` with the reason in words (full disk,
    no permission, missing folder, a folder in the way); the previous content of a regular
    file is then untouched. Never writes over a tournament file or over one of ``inputs``
    (the files the command reads): :func:`swissdesk.outputs.refuse_overwriting`.
    """
    refuse_overwriting(path, inputs)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    name = os.fspath(path)
    if name == STDOUT:
        _write_stdout(payload)
        return
    target = Path(os.path.realpath(name))
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise InputError(
            _("cannot write {name}: {reason}").format(name=name, reason=_reason(exc))
        ) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise InputError(
            _("cannot write {name}: it is a folder; give a file name").format(name=name)
        )
    if info is not None and not stat.S_ISREG(info.st_mode):
        _write_in_place(name, target, payload)
        return
    _replace_atomically(name, target, payload, info)


def is_stdout(path: str | os.PathLike[str] | None) -> bool:
    """Whether ``-o`` asks for standard output (``-``)."""
    return path is not None and os.fspath(path) == STDOUT


def _write_stdout(payload: bytes) -> None:
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:
        buffer.write(payload)
        buffer.flush()
    else:  # a text-only stream (tests capturing output)
        sys.stdout.write(payload.decode("utf-8", errors="replace"))
        sys.stdout.flush()


def _write_in_place(name: str, target: Path, payload: bytes) -> None:
    """A device, pipe or socket: open it and write, never truncate-and-rename."""
    try:
        with open(target, "wb") as handle:
            handle.write(payload)
    except OSError as exc:
        raise InputError(
            _("cannot write {name}: {reason}").format(name=name, reason=_reason(exc))
        ) from None


def _replace_atomically(
    name: str, target: Path, payload: bytes, info: os.stat_result | None
) -> None:
    directory = target.parent
    if not directory.is_dir():
        raise InputError(
            _("cannot write {name}: the folder {directory} does not exist").format(
                name=name, directory=directory
            )
        )
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        if info is not None and exc.errno in _NO_WRITE and os.access(target, os.W_OK):
            # A writable file in a folder that takes no new file (a shared folder): the
            # only way to update it is in place.
            _write_in_place(name, target, payload)
            return
        raise InputError(
            _("cannot write {name}: {reason}").format(name=name, reason=_reason(exc))
        ) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
            if info is not None:
                os.fchmod(handle.fileno(), stat.S_IMODE(info.st_mode))
                if (info.st_uid, info.st_gid) != (os.geteuid(), os.getegid()):
                    with contextlib.suppress(OSError):
                        os.fchown(handle.fileno(), info.st_uid, info.st_gid)
            else:
                os.fchmod(handle.fileno(), 0o666 & ~current_umask())
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise InputError(
            _("cannot write {name}: {reason}").format(name=name, reason=_reason(exc))
        ) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_directory(directory)


_NO_WRITE = (errno.EACCES, errno.EPERM, errno.EROFS)


def current_umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_directory(directory: Path) -> None:
    """Make the rename durable (POSIX; best effort)."""
    if os.name != "posix":  # pragma: no cover - Windows has no directory fsync
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _reason(exc: OSError) -> str:
    """An operating-system error in the arbiter's words."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return _("the disk is full (nothing was written; free some space and try again)")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return _("no permission to write there (choose another folder)")
    if exc.errno == errno.EROFS:
        return _("the disk is read-only (choose another folder)")
    if exc.errno == errno.ENOENT:
        return _("the folder does not exist")
    if exc.errno == errno.EISDIR:
        return _("it is a folder; give a file name")
    return str(exc.strerror or exc)
