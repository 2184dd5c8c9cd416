"""``python -m swissdesk`` runs the command line (and, bare, the desktop application)."""

import sys

from swissdesk.cli import main

if __name__ == "__main__":
    sys.exit(main())
