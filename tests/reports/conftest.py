"""Make the report tests' helper module (``report_test_support``) importable whatever
import mode pytest runs in."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
