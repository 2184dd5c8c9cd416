"""The ``swissdesk`` command line.

Each command group lives in its own module of this package and exposes
``register(subparsers) -> None``, which adds its sub-commands with ``set_defaults(func=...)``;
``func(args) -> int`` returns the exit code (0 ok, 1 no valid pairing / differences found,
2 bad input). Errors derived from :class:`swissdesk.errors.SwissdeskError` are printed as a
message, never as a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import warnings
from collections.abc import Sequence
from typing import Any, TextIO

import swissdesk.translations  # noqa: F401  (installs CLDR's number formats: swissdesk.i18n)
from swissdesk import __version__, i18n
from swissdesk.errors import SwissdeskError
from swissdesk.i18n import N_, _

COMMAND_MODULES = (
    "swissdesk.cli.trf_commands",
    "swissdesk.cli.pairing_commands",
    "swissdesk.cli.verification_commands",
    "swissdesk.cli.standings_commands",
    "swissdesk.cli.storage_commands",
    "swissdesk.cli.event_commands",
    "swissdesk.cli.fide_commands",
    "swissdesk.cli.section_commands",
    "swissdesk.cli.team_commands",
    "swissdesk.cli.report_commands",
    "swissdesk.cli.ratinglist_commands",
    "swissdesk.cli.rating_commands",
    "swissdesk.cli.venue_commands",
    "swissdesk.cli.phone_commands",
    "swissdesk.cli.prize_commands",
    "swissdesk.cli.manual_commands",
    "swissdesk.cli.gui_commands",
)


ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)
"""The words argparse itself prints around our help texts and in its errors (Python 3.11's
messages, marked here so the catalog holds them): argparse asks ``gettext`` for them, which
:func:`_speak_argparse` points at swissdesk's catalogs. A Python whose argparse words differ
prints those in English; ``%(name)s`` fields stay as they are in every translation."""


def _speak_argparse() -> None:
    """Let argparse's own words ("usage:", "options", its errors) follow the process
    language: argparse looks ``_`` and ``ngettext`` up in its module when it prints."""
    argparse._ = i18n.gettext  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]
    # (argparse's "expected %s argument(s)" uses ngettext with the stdlib's catalog words.)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every available command group."""
    parser = argparse.ArgumentParser(
        prog="swissdesk",
        description=_("Swiss-system chess tournament manager for arbiters."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"swissdesk {__version__}",
        help=_("show program's version number and exit"),
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # command group not built yet
            raise
        module.register(subparsers)
    return parser


DOCUMENT_SUFFIXES = (".swissdesk", ".trf", ".trfx")


def _is_document(arg: str, parser: argparse.ArgumentParser) -> bool:
    """Whether ``arg`` names a tournament or TRF file rather than a command."""
    if arg.startswith("-"):
        return False
    commands = {
        name
        for action in parser._subparsers._group_actions  # type: ignore[union-attr]
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    }
    if arg in commands:
        return False
    return arg.lower().endswith(DOCUMENT_SUFFIXES) or os.path.isfile(arg)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code.

    The command line speaks the system's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them): its help, messages and errors. ``--language LL`` where
    a command has it is the language of the *document* it writes, not of these messages.
    Machine-readable output (TRF, JSON, CSV, exit codes) is the same in every language."""
    previous = i18n.process_language()
    i18n.set_process_language(i18n.language_from_environment())
    _speak_argparse()
    try:
        return _main(argv)
    finally:
        i18n.set_process_language(previous)  # a caller in this process keeps its own


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) == 1 and _is_document(argv[0], parser):
        argv = ["gui", argv[0]]  # "swissdesk FILE" opens it, as double-clicking does
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        # Bare ``swissdesk``: open the desktop application when it is there.
        gui = getattr(args, "default_gui", None)
        if gui is not None:
            return int(gui(args))
        try:
            from swissdesk.cli.gui_commands import run_gui
        except ModuleNotFoundError:
            print(
                _(
                    "The swissdesk desktop application is not available in this build yet; see "
                    "'swissdesk --help' for the commands."
                ),
                file=sys.stderr,
            )
            return 0
        return run_gui(None)
    from swissdesk.cli.terminal import EscapingStream, escape_on_terminals

    # Names come from files strangers write: on a terminal, their control characters are
    # printed escaped, never obeyed (swissdesk.cli.terminal).
    saved = escape_on_terminals()
    try:
        with warnings.catch_warnings():
            _show_notes()
            return int(func(args))
    except SwissdeskError as exc:
        print(f"swissdesk: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(_("swissdesk: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``swissdesk standings X | head``): not an error.
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silences the final flush
        return 0
    finally:
        if isinstance(sys.stdout, EscapingStream):
            sys.stdout = saved[0]
        if isinstance(sys.stderr, EscapingStream):
            sys.stderr = saved[1]


def _show_notes() -> None:
    """Print the readers' warnings (a TRF line that was not UTF-8) as ``swissdesk: note:``
    lines on standard error, each time, without Python's file and line."""
    from swissdesk.trf.reader import TrfEncodingWarning

    warnings.simplefilter("always", TrfEncodingWarning)

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
        *_rest: Any,
    ) -> None:
        if issubclass(category, TrfEncodingWarning):
            print(_("swissdesk: note: {message}").format(message=message), file=sys.stderr)
        else:
            original(message, category, filename, lineno, file, line)

    original = warnings.showwarning
    warnings.showwarning = show
