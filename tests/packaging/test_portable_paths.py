"""Portable mode (``swissdesk.paths``): a USB-stick install keeps its files on the stick.

A ``portable`` file beside the executable of a packaged build moves settings and new
tournaments next to it; nothing else (a Python install, no marker) changes where they go.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from swissdesk import paths


@pytest.fixture
def frozen_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake packaged install: ``tmp/swissdesk-stick/swissdesk.exe``, frozen."""
    folder = tmp_path / "swissdesk-stick"
    folder.mkdir()
    exe = folder / "swissdesk.exe"
    exe.write_bytes(b"")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(exe))
    for variable in (paths.CONFIG_DIR_VARIABLE, paths.DATA_DIR_VARIABLE):
        # setenv first so that the undo also removes what apply_portable_mode() sets
        monkeypatch.setenv(variable, "unset-by-the-test")
        monkeypatch.delenv(variable)
    return folder


def test_marker_beside_the_executable_turns_portable_mode_on(frozen_install: Path) -> None:
    (frozen_install / "portable").write_text("", encoding="utf-8")
    root = frozen_install.resolve()
    assert paths.portable_root() == root
    assert paths.portable_settings_directory() == root / "settings"
    assert paths.portable_tournament_directory() == root / "tournaments"


def test_a_text_file_made_in_explorer_is_a_marker_too(frozen_install: Path) -> None:
    """Explorer hides ".txt": an arbiter who creates "portable" there gets portable.txt."""
    (frozen_install / "portable.txt").write_text("", encoding="utf-8")
    assert paths.portable_root() == frozen_install.resolve()


def test_without_marker_the_packaged_build_is_not_portable(frozen_install: Path) -> None:
    assert paths.executable_directory() == frozen_install.resolve()
    assert paths.portable_root() is None
    assert paths.portable_settings_directory() is None
    assert paths.portable_tournament_directory() is None
    assert paths.apply_portable_mode() is None


def test_a_folder_named_portable_is_not_the_marker(frozen_install: Path) -> None:
    (frozen_install / "portable").mkdir()
    assert paths.portable_root() is None


def test_a_python_install_ignores_a_marker_beside_the_interpreter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    python = tmp_path / "python.exe"
    python.write_bytes(b"")
    (tmp_path / "portable").write_text("", encoding="utf-8")
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(sys, "executable", str(python))
    assert not paths.is_frozen()
    assert paths.executable_directory() is None
    assert paths.portable_root() is None


def test_portable_mode_moves_settings_and_new_tournaments_to_the_stick(
    frozen_install: Path,
) -> None:
    """What the arbiter sees: the storage layer's folders are on the stick."""
    from swissdesk.storage import appsettings

    (frozen_install / "portable").write_text("", encoding="utf-8")
    root = frozen_install.resolve()
    assert paths.apply_portable_mode() == root
    assert appsettings.config_directory() == root / "settings"
    assert appsettings.default_tournament_directory() == root / "tournaments"
    settings = appsettings.AppSettings()
    settings.set("paper", "a4")
    assert (root / "settings" / "settings.json").is_file()


def test_an_explicit_folder_wins_over_portable_mode(
    frozen_install: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (frozen_install / "portable").write_text("", encoding="utf-8")
    chosen = tmp_path / "chosen-settings"
    monkeypatch.setenv(paths.CONFIG_DIR_VARIABLE, str(chosen))
    paths.apply_portable_mode()
    from swissdesk.storage import appsettings

    assert appsettings.config_directory() == chosen
    assert appsettings.default_tournament_directory() == frozen_install.resolve() / "tournaments"


def test_application_icons_are_found_through_importlib_resources() -> None:
    icons = paths.app_icon_files()
    assert [p.name for p in icons] == [f"swissdesk-{size}.png" for size in paths.ICON_SIZES]
    assert all(p.stat().st_size > 0 for p in icons)
    assert paths.resource_path("fonts", "DejaVuSans.ttf").is_file()
