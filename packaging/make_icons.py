"""Render the swissdesk icons from their SVG sources (maintainers only; outputs are committed).

``resources/icons/*.svg`` are the sources: the application icon (``swissdesk``) and the icon
of a ``.swissdesk`` tournament file (``swissdesk-document``). This script renders every PNG
size the platforms need (hicolor theme on Linux, the window and taskbar on Windows), packs
the Windows ``.ico`` files, and copies everything into ``swissdesk/resources/icons`` where
the running program finds them through :mod:`importlib.resources`.

Needs ``rsvg-convert`` (Debian package librsvg2-bin) and Pillow. Run from anywhere::

    python packaging/make_icons.py
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE_DIR = ROOT / "resources" / "icons"
PACKAGE_DIR = ROOT / "swissdesk" / "resources" / "icons"

ICONS = ("swissdesk", "swissdesk-document")
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""PNG sizes rendered for each icon (hicolor theme directories on Linux, QIcon on all)."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""Sizes packed into each ``.ico`` (Windows Explorer, taskbar, Start menu, installer)."""


def render_png(svg: Path, size: int) -> bytes:
    """The SVG rendered to a ``size`` x ``size`` PNG by rsvg-convert."""
    rsvg = shutil.which("rsvg-convert")
    if rsvg is None:
        raise SystemExit("rsvg-convert not found: apt-get install librsvg2-bin")
    return subprocess.run(
        [rsvg, "--width", str(size), "--height", str(size), "--format", "png", str(svg)],
        check=True,
        capture_output=True,
    ).stdout


def write_ico(pngs: dict[int, bytes], target: Path) -> None:
    """Pack the pre-rendered PNGs into one ``.ico`` (exact renders, no down-scaling)."""
    try:
        from PIL import Image
    except ImportError:
        raise SystemExit("Pillow not found: pip install pillow") from None
    images = [Image.open(io.BytesIO(pngs[size])).convert("RGBA") for size in ICO_SIZES]
    largest = images[-1]
    largest.save(
        target,
        format="ICO",
        sizes=[(size, size) for size in ICO_SIZES],
        append_images=images[:-1],
    )


def build(source_dir: Path = SOURCE_DIR, package_dir: Path = PACKAGE_DIR) -> list[Path]:
    """Render all outputs into ``source_dir`` and copy sources and outputs to the package."""
    written: list[Path] = []
    for name in ICONS:
        svg = source_dir / f"{name}.svg"
        pngs = {size: render_png(svg, size) for size in PNG_SIZES}
        for size, data in pngs.items():
            target = source_dir / f"{name}-{size}.png"
            target.write_bytes(data)
            written.append(target)
        ico = source_dir / f"{name}.ico"
        write_ico(pngs, ico)
        written.append(ico)
        written.append(svg)
    package_dir.mkdir(parents=True, exist_ok=True)
    for path in written:
        shutil.copyfile(path, package_dir / path.name)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    for path in build():
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
