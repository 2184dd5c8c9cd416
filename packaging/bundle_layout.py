"""Names shared by the PyInstaller spec, build.py, the installers and their tests.

The one-folder bundle is the single input of both installers; these constants say what is
in it, so the NSIS script, the .deb and the spec cannot drift apart unnoticed (the tests in
``tests/packaging`` check the NSIS script and the Linux files against them).
"""

from __future__ import annotations

import re

BUNDLE_NAME = "swissdesk"
"""Folder PyInstaller writes into ``dist/``."""
GUI_NAME = "swissdesk"
"""Windowed desktop application (``swissdesk.exe`` on Windows)."""
CLI_NAME = "swissdesk-cli"
"""Console commands (``swissdesk-cli.exe`` on Windows)."""
CONTENTS_DIR = "_internal"
"""PyInstaller 6's folder for Python, Qt and package data, beside the executables."""
ICONS_IN_BUNDLE = f"{CONTENTS_DIR}/swissdesk/resources/icons"
"""Where the package's icons land inside the bundle."""
APP_ICON = "swissdesk"
DOCUMENT_ICON = "swissdesk-document"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

MIME_TYPE = "application/x-swissdesk"
FILE_EXTENSION = ".swissdesk"
DEB_PACKAGE = "swissdesk"
DEB_INSTALL_DIR = "opt/swissdesk"
MANUAL_PDF = "swissdesk-manual.pdf"
"""The user manual's PDF: beside the executables in the bundle (so both installers carry
it), as ``dist/swissdesk-<version>-manual.pdf`` beside the installers, and in the .deb's
``/usr/share/doc/swissdesk``."""
"""Where the .deb puts the bundle (relative to /)."""


def executable(name: str, windows: bool) -> str:
    """File name of an executable of the bundle on the target platform."""
    return f"{name}.exe" if windows else name


def numeric_version(version: str) -> str:
    """``a.b.c.d`` for Windows version resources: the leading numbers, padded with zeros.

    ``0.1.0`` -> ``0.1.0.0``; ``1.2.0rc1`` -> ``1.2.0.0``; ``2.0.dev3`` -> ``2.0.0.0``.
    """
    numbers: list[str] = []
    for part in version.split("."):
        match = re.match(r"\d+", part)
        if match is None:
            break
        numbers.append(str(int(match.group())))
        if match.end() != len(part):
            break
    numbers = [*numbers, "0", "0", "0", "0"][:4]
    return ".".join(numbers)


def debian_version(version: str) -> str:
    """A Debian version that sorts like the Python one: pre-releases before the release.

    ``1.2.0rc1`` -> ``1.2.0~rc1``; ``1.2.0.dev3`` -> ``1.2.0~dev3``; ``0.1.0`` unchanged.
    """
    return re.sub(r"\.?(a|b|rc|dev)(\d*)", r"~\1\2", version, count=1)
