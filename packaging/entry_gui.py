"""Entry point of the packaged ``swissdesk`` executable (windowed desktop application).

Bare ``swissdesk`` opens the desktop application; ``swissdesk FILE`` (what a double-click on
a ``.swissdesk`` file runs, through the file association) opens the application with that
tournament; anything else is passed to the command line unchanged. Portable mode is applied
first, so a USB-stick install keeps its files on the stick.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Sequence


def gui_arguments(argv: Sequence[str], commands: Sequence[str]) -> list[str]:
    """The command line to run: a lone file argument becomes ``gui FILE``."""
    args = list(argv)
    if len(args) == 1 and not args[0].startswith("-") and args[0] not in commands:
        return ["gui", args[0]]
    return args


def _known_commands() -> list[str]:
    import argparse

    from swissdesk.cli import build_parser

    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []


def _quiet_missing_streams() -> None:
    """A windowed Windows executable has no console: give stray writes somewhere to go."""
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def run(argv: Sequence[str]) -> int:
    """Apply portable mode, then run the desktop application (or a command)."""
    from swissdesk.cli import main
    from swissdesk.paths import apply_portable_mode

    _quiet_missing_streams()
    apply_portable_mode()
    return main(gui_arguments(argv, _known_commands()))


if __name__ == "__main__":
    # First of all: the GUI pairs in a worker process started by multiprocessing ("spawn"),
    # which re-runs this executable; that worker must run its job, not open another window.
    multiprocessing.freeze_support()
    sys.exit(run(sys.argv[1:]))
