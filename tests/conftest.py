"""Test session setup shared by every area: Qt runs without a display; the system's
language for the command line's tests."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def system_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Choose the system's language for the command line (``LANGUAGE``, the other locale
    variables cleared); the process language is English again afterwards."""
    from swissdesk.i18n import set_process_language

    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)

    def choose(code: str) -> None:
        monkeypatch.setenv("LANGUAGE", code)

    yield choose
    set_process_language("en")
