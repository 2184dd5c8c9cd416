"""The small per-user settings store: recent tournament files and the default folder.

Kept as a JSON file in the user's configuration directory (platformdirs), written
atomically (temporary file + rename) so a crash never leaves it half-written. The
``SWISSDESK_CONFIG_DIR`` and ``SWISSDESK_DATA_DIR`` environment variables override the
locations (tests, portable installs).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path
from typing import Any

import platformdirs

from swissdesk.paths import portable_settings_directory, portable_tournament_directory

APP_NAME = "swissdesk"
MAX_RECENT = 10


def config_directory() -> Path:
    """Where the settings file lives."""
    override = os.environ.get("SWISSDESK_CONFIG_DIR")
    if override:
        return Path(override)
    portable = portable_settings_directory()
    if portable is not None:
        return portable
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def default_tournament_directory() -> Path:
    """Where new tournament files go by default: ``Documents/swissdesk`` (created on demand,
    the documents folder too), where the arbiter finds them; never a hidden folder.

    Falls back to the user's data directory only where the platform names no documents
    folder at all.
    """
    override = os.environ.get("SWISSDESK_DATA_DIR")
    if override:
        return Path(override)
    portable = portable_tournament_directory()
    if portable is not None:
        return portable
    try:
        docs = Path(platformdirs.user_documents_dir())
    except Exception:
        docs = Path()
    if docs.is_absolute():
        return docs / APP_NAME
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class AppSettings:
    """Recent files and a few preferences, persisted in ``settings.json``."""

    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or config_directory()) / "settings.json"
        self._lock = threading.Lock()

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _save(self, data: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, self.path)

    def recent_files(self, *, existing_only: bool = True) -> list[Path]:
        """Recently opened tournament files, most recent first."""
        with self._lock:
            names = self._load().get("recent_files", [])
        paths = [Path(n) for n in names if isinstance(n, str)]
        return [p for p in paths if p.exists()] if existing_only else paths

    def add_recent(self, path: Path) -> None:
        """Put ``path`` at the top of the recent files list."""
        full = str(Path(path).resolve())
        with self._lock:
            data = self._load()
            names = [n for n in data.get("recent_files", []) if n != full]
            data["recent_files"] = [full, *names][:MAX_RECENT]
            # A read-only profile must not stop the arbiter from working.
            with contextlib.suppress(OSError):
                self._save(data)

    def remove_recent(self, path: Path) -> None:
        full = str(Path(path).resolve())
        with self._lock:
            data = self._load()
            data["recent_files"] = [n for n in data.get("recent_files", []) if n != full]
            with contextlib.suppress(OSError):
                self._save(data)

    def get(self, key: str, default: Any = None) -> Any:
        """A stored preference."""
        with self._lock:
            return self._load().get(key, default)

    def set(self, key: str, value: Any) -> None:
        """Store a preference (JSON-able value)."""
        with self._lock:
            data = self._load()
            data[key] = value
            with contextlib.suppress(OSError):
                self._save(data)
