"""The Qt binding the GUI runs on: a defect of the binding itself that would crash a session."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QTimer


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12 on")
def test_void_qt_calls_keep_the_references_to_none(qapp: object) -> None:
    """PySide6 6.12.0 dropped one reference to ``None`` per call of a Qt function returning
    nothing; a working session makes millions of them and then aborts with "deallocating
    None" (found while measuring the print job). pyproject.toml keeps such a binding out on
    Python 3.11."""
    timer = QTimer()
    before = sys.getrefcount(None)
    for _ in range(1000):
        timer.setInterval(10)
    assert sys.getrefcount(None) >= before - 10
