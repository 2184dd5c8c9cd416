"""``--language LL`` of the commands that print documents (issue 38).

A document is printed in the tournament's language (``swissdesk settings FILE --language LL``;
English for a TRF, which keeps none) unless ``--language`` names another for this printout.
The code is ISO 639-1 (``fr``, ``de``, ...); one swissdesk does not print in is refused with
the list of the ten, before any work.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from swissdesk.errors import InputError
from swissdesk.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, _

LANGUAGE_HELP = N_(
    "the document's language, an ISO 639-1 code: {codes} (default: the tournament's, "
    "'swissdesk settings FILE --language LL'; English for a TRF)"
)


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """The ``--language LL`` option of a command that prints a document."""
    parser.add_argument("--language", default=None, metavar="LL", help=_(LANGUAGE_HELP).format(codes=" ".join(LANGUAGES)))


def check_language(code: str) -> str:
    """``code`` when swissdesk prints in it (case ignored), else a clear refusal."""
    value = code.strip().lower()
    if value not in LANGUAGES:
        spoken = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        raise InputError(
            _(
                "--language {code!r}: swissdesk does not print in that language; choose one "
                "of: {spoken}"
            ).format(code=code, spoken=spoken)
        )
    return value


def document_language(requested: str | None, source: Path) -> str:
    """The language to print in: ``requested`` (checked), else the tournament's when
    ``source`` is a .swissdesk file, else English."""
    if requested is not None:
        return check_language(requested)
    if source.suffix.lower() != ".swissdesk" or not source.exists():
        return SOURCE_LANGUAGE
    from swissdesk.storage import TournamentFile

    with TournamentFile.open(source) as tf:
        return tf.document_language()
