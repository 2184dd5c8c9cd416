"""``swissdesk gui [FILE]``: the desktop application; bare ``swissdesk`` runs it too."""

from __future__ import annotations

import argparse
import os
import sys

from swissdesk.i18n import LANGUAGES, _


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``gui`` command."""
    parser = subparsers.add_parser(
        "gui",
        help=_("open the desktop application"),
        description=_(
            "Open the swissdesk desktop application, optionally with a tournament "
            "file (.swissdesk) or a TRF file to import."
        ),
    )
    parser.add_argument("file", metavar="FILE", nargs="?", help=_("tournament file to open"))
    parser.add_argument(
        "--language",
        metavar="LL",
        choices=[code for code in LANGUAGES],
        help=_(
            "the window's language, an ISO 639-1 code (%(choices)s); default: the one "
            "chosen in Edit > Window language, else the system's"
        ),
    )
    parser.set_defaults(func=lambda args: run_gui(args.file, args.language))


def no_display_message() -> str | None:
    """Why the window cannot open here (a Linux session without a display), else None."""
    if not sys.platform.startswith("linux"):
        return None
    if os.environ.get("QT_QPA_PLATFORM") or os.environ.get("DISPLAY"):
        return None
    if os.environ.get("WAYLAND_DISPLAY"):
        return None
    return _(
        "swissdesk: there is no display here (neither DISPLAY nor WAYLAND_DISPLAY is set), "
        "so the desktop application cannot open its window. Start it from a desktop "
        "session, or use the commands without a window: see 'swissdesk --help'."
    )


def run_gui(path: str | None, language: str | None = None) -> int:
    """Start the desktop application (PySide6), optionally opening ``path``."""
    message = no_display_message()
    if message is not None:
        print(message, file=sys.stderr)
        return 2
    try:
        from swissdesk.gui.app import run_app
    except ImportError as exc:
        print(
            _(
                "swissdesk: the desktop application cannot start ({exc}); see 'swissdesk "
                "--help' for the commands."
            ).format(exc=exc),
            file=sys.stderr,
        )
        return 2
    return run_app(path, language)
