"""The manual describes swissdesk's own pairing systems: engines that other tests register
in the same process (``slow-test``, ``test-trivial``...) are hidden from these tests."""

from __future__ import annotations

import pytest

from swissdesk.engines import base


@pytest.fixture(autouse=True)
def builtin_engines_only(monkeypatch: pytest.MonkeyPatch) -> None:
    base.system_names()  # the built-in engines registered first
    own = {
        name: factory
        for name, factory in base._REGISTRY.items()
        if getattr(factory, "__module__", "").startswith("swissdesk.")
    }
    monkeypatch.setattr(base, "_REGISTRY", own)
