"""Entry point of the packaged ``swissdesk-cli`` executable (console).

The same commands as ``swissdesk`` from a Python install (``pair``, ``check``, ``generate``,
...). Portable mode is applied first, so a USB-stick install keeps its files on the stick.
"""

from __future__ import annotations

import sys

from swissdesk.cli import main
from swissdesk.paths import apply_portable_mode

if __name__ == "__main__":
    apply_portable_mode()
    sys.exit(main())
