"""Where swissdesk keeps its files: portable mode, and the resources shipped in the package.

Portable mode is for the arbiter who carries swissdesk on a USB stick from venue to venue:
when a file named ``portable`` sits next to the executable of a packaged (frozen) swissdesk,
the settings and new tournaments are kept next to it, in ``settings/`` and ``tournaments/``,
instead of in the profile of whichever laptop the stick is plugged into.

Only a frozen build (PyInstaller sets ``sys.frozen``) honours the marker: for a Python
install ``sys.executable`` is the interpreter, and a stray ``portable`` file beside
``python.exe`` must not move an arbiter's settings.

Resources (icons, fonts, the sample tournament) are found through :mod:`importlib.resources`,
never through paths relative to the source tree, so they are found in a wheel, an
installed package and the PyInstaller bundle alike.

Standard library only: the storage layer and the launchers of the packaged build both use it.
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

PORTABLE_MARKER = "portable"
"""Name of the file whose presence next to the executable turns portable mode on."""
PORTABLE_MARKERS = (PORTABLE_MARKER, f"{PORTABLE_MARKER}.txt")
"""Also ``portable.txt``: Windows Explorer's "New text document", extension hidden."""

PORTABLE_SETTINGS_FOLDER = "settings"
PORTABLE_TOURNAMENTS_FOLDER = "tournaments"

CONFIG_DIR_VARIABLE = "SWISSDESK_CONFIG_DIR"
DATA_DIR_VARIABLE = "SWISSDESK_DATA_DIR"
"""Environment variables that ``swissdesk.storage.appsettings`` reads to override locations."""

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""Pixel sizes of the application icon PNGs shipped in ``swissdesk/resources/icons``."""


def is_frozen() -> bool:
    """True when running from a packaged (PyInstaller) build rather than a Python install."""
    return bool(getattr(sys, "frozen", False))


def executable_directory() -> Path | None:
    """The folder holding the running swissdesk executable, or None for a Python install."""
    if not is_frozen():
        return None
    return Path(sys.executable).resolve().parent


def portable_root() -> Path | None:
    """The folder of a portable install (file ``portable`` or ``portable.txt`` beside the exe).

    None when not frozen or when there is no marker: settings and tournaments then go to the
    user's profile as usual.
    """
    folder = executable_directory()
    if folder is None:
        return None
    marked = any((folder / name).is_file() for name in PORTABLE_MARKERS)
    return folder if marked else None


def portable_settings_directory() -> Path | None:
    """Where the settings file goes in portable mode (``<root>/settings``), else None."""
    root = portable_root()
    return None if root is None else root / PORTABLE_SETTINGS_FOLDER


def portable_tournament_directory() -> Path | None:
    """Where new tournament files go in portable mode (``<root>/tournaments``), else None."""
    root = portable_root()
    return None if root is None else root / PORTABLE_TOURNAMENTS_FOLDER


def apply_portable_mode() -> Path | None:
    """Point the storage layer at the portable folders, when in portable mode.

    Sets ``SWISSDESK_CONFIG_DIR`` and ``SWISSDESK_DATA_DIR`` unless the arbiter already set
    them (an explicit choice wins), so this process and any worker process it starts keep
    their files on the stick. Called first thing by the packaged executables. Returns the
    portable root, or None when not portable.
    """
    root = portable_root()
    if root is not None:
        os.environ.setdefault(CONFIG_DIR_VARIABLE, str(root / PORTABLE_SETTINGS_FOLDER))
        os.environ.setdefault(DATA_DIR_VARIABLE, str(root / PORTABLE_TOURNAMENTS_FOLDER))
    return root


def resource_path(*parts: str) -> Path:
    """A file or folder shipped inside the package, e.g. ``resource_path("icons", "x.png")``.

    Resolved through :func:`importlib.resources.files`, so it works for a source checkout,
    an installed wheel and the one-folder PyInstaller bundle (all keep real files on disk).
    """
    return Path(str(resources.files("swissdesk").joinpath("resources", *parts)))


def app_icon_files() -> list[Path]:
    """The application icon PNGs that exist, smallest first (for ``QIcon.addFile``)."""
    candidates = (resource_path("icons", f"swissdesk-{size}.png") for size in ICON_SIZES)
    return [path for path in candidates if path.is_file()]
