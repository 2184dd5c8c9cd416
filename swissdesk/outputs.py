"""Where an export may be written: never over a tournament file, never over what is read
(standard library only: the command line and the window both use it).

``swissdesk export t.swissdesk -o t.swissdesk`` used to write the TRF over the tournament
and return 0; ``generate``, ``trf`` and ``report`` did the same to any ``.swissdesk`` file,
and the window's Export TRF and Export PDF would do it after the save dialog's "replace?".
Every output (the command line's ``-o`` and ``--explain-file``, the window's exports) is
checked here first. There is no ``--force``: a tournament file is only ever changed through
its actions, and a copy goes through Save a copy.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from swissdesk.errors import InputError

SUFFIX = ".swissdesk"
SQLITE_HEADER = b"SQLite format 3\x00"
_SIDE_FILES = ("-wal", "-shm", "-journal")


def refuse_overwriting(
    target: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = ()
) -> None:
    """Raise :class:`InputError` when writing ``target`` would replace a tournament file
    (a ``.swissdesk`` name, an SQLite database, the ``-wal``/``-shm``/``-journal`` beside
    one) or one of ``inputs`` (the files the command reads). ``-`` (standard output) and
    devices, pipes and sockets are never refused."""
    name = os.fspath(target)
    if name == "-":
        return
    real = Path(os.path.realpath(name))
    lowered = real.name.lower()
    if lowered.endswith(SUFFIX) or any(lowered.endswith(SUFFIX + s) for s in _SIDE_FILES):
        raise InputError(
            f"cannot write {name}: a {SUFFIX} name belongs to tournament files, and swissdesk "
            "never writes an export over one (nothing was written); choose another name"
        )
    try:
        info = os.stat(real)
    except OSError:
        info = None
    if info is not None and stat.S_ISREG(info.st_mode) and _is_database(real):
        raise InputError(
            f"cannot write {name}: it is a tournament file (an SQLite database), and swissdesk "
            "never writes an export over one (nothing was written); choose another name"
        )
    for source in inputs:
        try:
            same = info is not None and os.path.samefile(real, source)
        except OSError:
            same = False
        if same:
            raise InputError(
                f"cannot write {name}: it is the file being read ({os.fspath(source)}); "
                "nothing was written; choose another name"
            )


def _is_database(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False
