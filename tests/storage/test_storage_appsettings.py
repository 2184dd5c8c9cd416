"""The per-user settings store: recent files and the default folder for new tournaments."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.storage import AppSettings, default_tournament_directory
from swissdesk.storage.appsettings import MAX_RECENT


def test_recent_files_most_recent_first_without_duplicates(tmp_path: Path) -> None:
    store = AppSettings(tmp_path / "config")
    files = []
    for name in ("a", "b", "c"):
        f = tmp_path / f"{name}.swissdesk"
        f.write_bytes(b"")
        files.append(f)
        store.add_recent(f)
    store.add_recent(files[0])
    again = AppSettings(tmp_path / "config")  # a new program start reads the file
    assert again.recent_files() == [files[0].resolve(), files[2].resolve(), files[1].resolve()]
    files[2].unlink()
    assert files[2].resolve() not in again.recent_files()
    assert files[2].resolve() in again.recent_files(existing_only=False)
    again.remove_recent(files[1])
    assert again.recent_files() == [files[0].resolve()]


def test_recent_list_is_bounded_and_survives_a_damaged_settings_file(tmp_path: Path) -> None:
    store = AppSettings(tmp_path)
    for i in range(MAX_RECENT + 5):
        store.add_recent(tmp_path / f"t{i}.swissdesk")
    assert len(store.recent_files(existing_only=False)) == MAX_RECENT
    store.path.write_text("{not json")
    assert store.recent_files() == []
    store.set("paper", "letter")
    assert AppSettings(tmp_path).get("paper") == "letter"


def test_default_directory_can_be_overridden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWISSDESK_DATA_DIR", str(tmp_path / "data"))
    assert default_tournament_directory() == tmp_path / "data"
    monkeypatch.delenv("SWISSDESK_DATA_DIR")
    assert default_tournament_directory().name == "swissdesk"
