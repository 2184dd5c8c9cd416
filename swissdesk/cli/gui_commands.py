"""``swissdesk gui [FILE]``: the desktop application (placeholder until the GUI lands).

The GUI engineer replaces this module; ``run_gui(path)`` is what bare ``swissdesk`` calls.
"""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``gui`` command."""
    parser = subparsers.add_parser(
        "gui",
        help="open the desktop application",
        description="Open the swissdesk desktop application, optionally with a tournament file.",
    )
    parser.add_argument("file", metavar="FILE", nargs="?", help="tournament file to open")
    parser.set_defaults(func=lambda args: run_gui(args.file))


def run_gui(path: str | None) -> int:
    """Start the desktop application; for now, say that it is not there yet."""
    print(
        "The swissdesk desktop application is not available in this build yet; "
        "see 'swissdesk --help' for the commands.",
        file=sys.stderr,
    )
    return 0
