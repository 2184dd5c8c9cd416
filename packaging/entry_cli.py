"""Entry point of the packaged ``swissdesk-cli`` executable (console).

The same commands as ``swissdesk`` from a Python install (``pair``, ``check``, ``generate``,
...). Portable mode is applied first, so a USB-stick install keeps its files on the stick.
"""

from __future__ import annotations

import multiprocessing
import sys

from swissdesk.cli import main
from swissdesk.paths import apply_portable_mode

if __name__ == "__main__":
    # First of all: in a worker process started by multiprocessing ("spawn"), run the worker
    # and exit instead of parsing its arguments as a command line.
    multiprocessing.freeze_support()
    apply_portable_mode()
    sys.exit(main())
