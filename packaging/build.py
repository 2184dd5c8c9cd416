"""Build the swissdesk bundle and installers, and smoke-test what was built.

One command, on a Linux machine with the build tools (see packaging/README-install.md)::

    python packaging/build.py

1. **Bundle**: PyInstaller builds the one-folder bundle ``dist/swissdesk/`` from
   ``packaging/swissdesk.spec`` (executables ``swissdesk`` and ``swissdesk-cli``).
2. **Smoke test** of the built executables, on temporary settings and data folders:
   ``swissdesk-cli --version`` gives the package version; ``swissdesk-cli pair`` on a
   reference case (``packaging/smoke/``, from bbpPairings) gives bbpPairings' pairing;
   ``swissdesk-cli generate`` writes a random tournament that ``swissdesk-cli check``
   accepts (FIDE's checker and generator work from the bundle without the window);
   ``import`` and ``report`` write a tournament file and a PDF (SQLite, fonts, reportlab
   inside the bundle); the GUI executable starts offscreen with ``SWISSDESK_SMOKE_TEST=1``,
   opens the sample tournament and exits with code 0 (skipped, with a message, while the
   GUI does not handle that variable); again from a copy of the bundle with a ``portable``
   marker (the sample must land in ``<copy>/tournaments``), and under Xvfb with Qt's real
   xcb plugin when ``xvfb-run`` is there; a "spawn" worker process (how the GUI pairs)
   starts from each executable.
3. **.deb** (Linux): ``dist/swissdesk_<version>_<arch>.deb``, built by ``dpkg-deb`` from the
   bundle, with ``/usr/bin`` links, a ``.desktop`` entry, hicolor icons and the
   ``application/x-swissdesk`` MIME type.
4. **NSIS**: ``makensis`` compiles ``installer/swissdesk.nsi`` against the bundle. On Windows
   that is the installer ``dist/swissdesk-<version>-setup.exe``; on Linux it compiles against
   the Linux bundle's layout (``-DEXE_SUFFIX=``) to prove the script, and the output is named
   ``...-layout-check.exe``: it holds Linux binaries and is not for shipping.

Exit code 0 when every step that ran passed; 1 when a build step or a smoke test failed.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
ROOT = PACKAGING.parent
sys.path.insert(0, str(PACKAGING))
sys.path.insert(0, str(ROOT))

import bundle_layout as layout  # noqa: E402 - packaging/bundle_layout.py

SPEC = PACKAGING / "swissdesk.spec"
NSIS_SCRIPT = ROOT / "installer" / "swissdesk.nsi"
LINUX_FILES = PACKAGING / "linux"
SMOKE_CASE = PACKAGING / "smoke" / "dutch-0059-n013-r09-default-p06"
GUI_SMOKE_VARIABLE = "SWISSDESK_SMOKE_TEST"
"""Set to 1, the GUI opens the sample tournament, starts its event loop and quits (exit 0)."""
GUI_SMOKE_TIMEOUT = 120
WINDOWS = sys.platform == "win32"

DEB_DEPENDS = (
    "libc6 (>= 2.31)",
    "libgl1",
    "libegl1",
    "libfontconfig1",
    "libfreetype6",
    "libglib2.0-0",
    "libdbus-1-3",
    "libxkbcommon0",
    "libxkbcommon-x11-0",
    "libx11-xcb1",
    "libxcb-cursor0",
    "libxcb-icccm4",
    "libxcb-image0",
    "libxcb-keysyms1",
    "libxcb-randr0",
    "libxcb-render-util0",
    "libxcb-shape0",
    "libxcb-xinerama0",
    "libxcb-xkb1",
)
"""System libraries Qt's xcb platform plugin loads that PyInstaller does not bundle."""


class BuildError(Exception):
    """A build step or a smoke test failed; the message says which and why."""


def package_version() -> str:
    """``swissdesk.__version__``, read from the source tree being packaged."""
    from swissdesk import __version__

    return __version__


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(command: Sequence[str | os.PathLike[str]], cwd: Path | None = None) -> None:
    """Run a build tool; a failure becomes a :class:`BuildError` naming the command."""
    log("$ " + " ".join(str(part) for part in command))
    result = subprocess.run([str(part) for part in command], cwd=cwd, check=False)
    if result.returncode != 0:
        raise BuildError(f"{Path(str(command[0])).name} failed with exit code {result.returncode}")


# --------------------------------------------------------------------------- bundle


def build_bundle(dist: Path, work: Path) -> Path:
    """Run PyInstaller on the spec; return the bundle folder ``dist/swissdesk``."""
    if importlib.util.find_spec("PyInstaller") is None:
        raise BuildError("PyInstaller is not installed: pip install -e '.[packaging]'")
    run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            dist,
            "--workpath",
            work,
            SPEC,
        ],
        cwd=ROOT,
    )
    bundle = dist / layout.BUNDLE_NAME
    check_bundle_layout(bundle, windows=WINDOWS)
    missing = missing_package_data(bundle)
    if missing:
        raise BuildError(f"package data missing from the bundle: {', '.join(missing)}")
    return bundle


def check_bundle_layout(bundle: Path, *, windows: bool) -> None:
    """The files the installers copy must be in the bundle."""
    expected = [
        bundle / layout.executable(layout.GUI_NAME, windows),
        bundle / layout.executable(layout.CLI_NAME, windows),
        bundle / layout.ICONS_IN_BUNDLE / f"{layout.APP_ICON}.ico",
        bundle / layout.ICONS_IN_BUNDLE / f"{layout.DOCUMENT_ICON}.ico",
        bundle / layout.ICONS_IN_BUNDLE / f"{layout.APP_ICON}.svg",
        *(
            bundle / layout.ICONS_IN_BUNDLE / f"{name}-{size}.png"
            for name in (layout.APP_ICON, layout.DOCUMENT_ICON)
            for size in layout.ICON_SIZES
        ),
    ]
    missing = [str(path.relative_to(bundle)) for path in expected if not path.exists()]
    if missing:
        raise BuildError(f"the bundle {bundle} lacks: {', '.join(missing)}")


def missing_package_data(bundle: Path, package: Path = ROOT / "swissdesk") -> list[str]:
    """Non-Python files of the package (fonts, icons, sample, ...) the bundle lacks."""
    contents = bundle / layout.CONTENTS_DIR / package.name
    missing = []
    for path in sorted(package.rglob("*")):
        if not path.is_file() or path.suffix in {".py", ".pyc", ".pyi"}:
            continue
        relative = path.relative_to(package)
        if "__pycache__" in relative.parts:
            continue
        if not (contents / relative).is_file():
            missing.append(f"swissdesk/{relative.as_posix()}")
    return missing


# --------------------------------------------------------------------------- smoke test


@dataclass
class SmokeReport:
    """What the smoke test checked, and what it had to skip (with the reason)."""

    passed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def smoke_environment(home: Path) -> dict[str, str]:
    """Environment for the built executables: temporary folders, no display needed."""
    env = dict(os.environ)
    env["SWISSDESK_CONFIG_DIR"] = str(home / "config")
    env["SWISSDESK_DATA_DIR"] = str(home / "data")
    env["HOME"] = str(home)
    env["XDG_CONFIG_HOME"] = str(home / ".config")
    env["XDG_DATA_HOME"] = str(home / ".local" / "share")
    env["QT_QPA_PLATFORM"] = "offscreen"
    env.pop(GUI_SMOKE_VARIABLE, None)
    return env


def run_built(
    command: Sequence[str | os.PathLike[str]],
    env: dict[str, str],
    timeout: float = 120,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    log("$ " + " ".join(str(part) for part in command))
    try:
        return subprocess.run(
            [str(part) for part in command],
            env=env,
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise BuildError(f"{Path(str(command[0])).name} did not finish in {timeout} s") from None


def expect_success(result: subprocess.CompletedProcess[str], what: str) -> None:
    if result.returncode != 0:
        raise BuildError(
            f"{what}: exit code {result.returncode}\nstdout:\n{result.stdout}\n"
            f"stderr:\n{result.stderr}"
        )


def pairing_lines(text: str) -> list[str]:
    """A bbpPairings-style pairing as normalised lines (spacing and blank lines ignored)."""
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


SPAWN_PROBE = """
import multiprocessing, os, sys
from multiprocessing import resource_tracker
from swissdesk.paths import is_frozen
# Start the worker as a frozen swissdesk does: "<exe> --multiprocessing-fork ...".
sys.frozen = True
sys.executable = sys.argv[1]
multiprocessing.set_executable(sys.argv[1])
# A frozen parent also starts its resource tracker with its own executable (handled by
# PyInstaller's runtime hook); a pipe stands in for the tracker here.
_, tracker = os.pipe()
resource_tracker._resource_tracker._fd = tracker
worker = multiprocessing.get_context("spawn").Process(target=is_frozen)
worker.start()
worker.join(60)
sys.exit(0 if worker.exitcode == 0 else 1)
"""


def spawn_probe_command(exe: Path) -> list[str]:
    """Start a "spawn" worker process with the built executable, as the GUI's pairing does.

    The worker re-runs the executable with multiprocessing's arguments; unless the entry
    script calls ``multiprocessing.freeze_support()`` first, it takes them for a command line
    and the worker dies. (Python's own pickling sends the worker a ``swissdesk`` function.)
    """
    return [sys.executable, "-c", SPAWN_PROBE, str(exe)]


def gui_smoke(
    gui: Path,
    env: dict[str, str],
    tournaments: Path,
    command: Sequence[str | os.PathLike[str]] | None = None,
) -> None:
    """Start the GUI offscreen with the smoke hook; it must open the sample and exit 0.

    Opening the sample copies it into the tournaments folder first, so an exit code of 0
    without that copy means the sample was not opened (missing from the bundle, say).
    """
    gui_env = {**env, GUI_SMOKE_VARIABLE: "1"}
    result = run_built(command or [gui], gui_env, timeout=GUI_SMOKE_TIMEOUT)
    expect_success(result, f"swissdesk (GUI) with {GUI_SMOKE_VARIABLE}=1")
    if not any(tournaments.glob(f"*{layout.FILE_EXTENSION}")):
        raise BuildError(
            f"the GUI exited 0 but no sample tournament was copied to {tournaments}: "
            f"it was not opened\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"
        )


def link_or_copy(source: str, target: str) -> object:
    """Hard-link a file (instant, no space) or copy it where links are not possible."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
    return target


def portable_smoke(bundle: Path, home: Path, *, windows: bool) -> None:
    """A copy of the bundle with a ``portable`` marker keeps new tournaments beside it.

    Run without the folder overrides of the other smoke tests, as from a USB stick; the
    sample the GUI opens must land in ``<copy>/tournaments``.
    """
    stick = bundle.parent / f"{layout.BUNDLE_NAME}-portable-smoke"
    if stick.exists():
        shutil.rmtree(stick)
    try:
        shutil.copytree(bundle, stick, symlinks=True, copy_function=link_or_copy)
        (stick / "portable").write_text("", encoding="utf-8")
        env = smoke_environment(home / "portable-home")
        del env["SWISSDESK_CONFIG_DIR"], env["SWISSDESK_DATA_DIR"]
        gui_smoke(stick / layout.executable(layout.GUI_NAME, windows), env, stick / "tournaments")
    finally:
        shutil.rmtree(stick, ignore_errors=True)


def gui_has_smoke_hook() -> bool:
    """Whether the GUI code of this source tree handles ``SWISSDESK_SMOKE_TEST``."""
    places = [ROOT / "swissdesk" / "gui", ROOT / "swissdesk" / "cli" / "gui_commands.py"]
    for place in places:
        files = sorted(place.rglob("*.py")) if place.is_dir() else [place]
        for path in files:
            if path.is_file() and GUI_SMOKE_VARIABLE in path.read_text(encoding="utf-8"):
                return True
    return False


def smoke_test(bundle: Path, version: str, *, windows: bool = WINDOWS) -> SmokeReport:
    """Run the built executables the way an arbiter would; raise BuildError on a failure."""
    report = SmokeReport()
    cli = bundle / layout.executable(layout.CLI_NAME, windows)
    gui = bundle / layout.executable(layout.GUI_NAME, windows)
    with tempfile.TemporaryDirectory(prefix="swissdesk-smoke-") as tmp:
        home = Path(tmp)
        env = smoke_environment(home)

        result = run_built([cli, "--version"], env)
        expect_success(result, "swissdesk-cli --version")
        if result.stdout.strip() != f"swissdesk {version}":
            raise BuildError(f"swissdesk-cli --version printed {result.stdout.strip()!r}")
        report.passed.append(f"swissdesk-cli --version: {result.stdout.strip()}")

        trf = SMOKE_CASE.with_suffix(".trf")
        expected = pairing_lines(SMOKE_CASE.with_suffix(".pairs").read_text(encoding="utf-8"))
        result = run_built([cli, "pair", trf], env)
        expect_success(result, "swissdesk-cli pair")
        if pairing_lines(result.stdout) != expected:
            raise BuildError(
                f"swissdesk-cli pair {trf.name} gave\n{result.stdout}\nexpected\n"
                + "\n".join(expected)
            )
        report.passed.append(f"swissdesk-cli pair {trf.name}: bbpPairings' pairing")

        generated = home / "generated.trf"
        command = [cli, "generate", "--players", "12", "--rounds", "5", "--seed", "1"]
        result = run_built([*command, "-o", generated], env)
        expect_success(result, "swissdesk-cli generate")
        result = run_built([cli, "check", "--json", generated], env)
        expect_success(result, "swissdesk-cli check of the generated tournament")
        report.passed.append(
            "swissdesk-cli generate + check: a random tournament, every round and rank right"
        )

        tournament = home / "smoke.swissdesk"
        result = run_built([cli, "import", trf, "--output", tournament], env)
        expect_success(result, "swissdesk-cli import")
        if not tournament.is_file():
            raise BuildError("swissdesk-cli import wrote no tournament file")
        pdf = home / "standings.pdf"
        result = run_built([cli, "report", tournament, "--kind", "standings", "--output", pdf], env)
        expect_success(result, "swissdesk-cli report")
        if not pdf.is_file() or not pdf.read_bytes().startswith(b"%PDF"):
            raise BuildError("swissdesk-cli report wrote no PDF")
        report.passed.append("swissdesk-cli import + report: tournament file and PDF written")

        for exe in (cli, gui):
            result = run_built(spawn_probe_command(exe), env, cwd=ROOT)
            expect_success(result, f"a multiprocessing worker started by {exe.name}")
        report.passed.append("multiprocessing workers (the GUI's pairing process) start")

        if not gui_has_smoke_hook():
            message = (
                f"GUI smoke test skipped: the GUI does not handle {GUI_SMOKE_VARIABLE} yet "
                "(it should open the sample tournament, start the event loop, quit, exit 0)"
            )
            log(message)
            report.skipped.append(message)
        else:
            gui_smoke(gui, env, home / "data")
            report.passed.append("swissdesk GUI: opened the sample tournament offscreen, exit 0")
            portable_smoke(bundle, home, windows=windows)
            report.passed.append("portable mode: the sample went to tournaments/ on the 'stick'")
            xvfb_run = shutil.which("xvfb-run")
            if windows:
                pass  # no X server there: the offscreen run above is the GUI check
            elif xvfb_run is None:
                message = "X11 smoke test skipped: xvfb-run not found (apt-get install xvfb xauth)"
                log(message)
                report.skipped.append(message)
            else:
                # The real xcb platform plugin, on the system libraries the .deb depends on.
                x11_env = {**env, "QT_QPA_PLATFORM": "xcb", "SWISSDESK_DATA_DIR": str(home / "x11")}
                gui_smoke_command = [xvfb_run, "-a", str(gui)]
                gui_smoke(gui, x11_env, home / "x11", command=gui_smoke_command)
                report.passed.append("swissdesk GUI on an X server (Xvfb, xcb plugin), exit 0")
    for line in report.passed:
        log(f"smoke ok: {line}")
    return report


# --------------------------------------------------------------------------- .deb


def deb_architecture() -> str:
    dpkg = shutil.which("dpkg")
    if dpkg is None:
        return "amd64"
    return subprocess.run(
        [dpkg, "--print-architecture"], capture_output=True, text=True, check=True
    ).stdout.strip()


def folder_size_kib(folder: Path) -> int:
    total = sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() or p.is_symlink())
    return (total + 1023) // 1024


def deb_control(version: str, arch: str, installed_kib: int) -> str:
    """The DEBIAN/control file of the swissdesk package."""
    return (
        f"Package: {layout.DEB_PACKAGE}\n"
        f"Version: {layout.debian_version(version)}\n"
        f"Architecture: {arch}\n"
        "Maintainer: swissdesk developers <swissdesk@localhost>\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: {', '.join(DEB_DEPENDS)}\n"
        # pdftoppm draws the pages for Print and Print preview (gui/printing.py).
        "Recommends: poppler-utils\n"
        "Section: games\n"
        "Priority: optional\n"
        "Description: Swiss-system chess tournament manager for arbiters\n"
        " swissdesk pairs Swiss-system chess tournaments by the FIDE Dutch system,\n"
        " keeps results, computes tie-breaks and prints pairings, standings and cross\n"
        " tables. Self-contained: Python and Qt are bundled in /opt/swissdesk.\n"
    )


def stage_deb(bundle: Path, staging: Path, version: str, arch: str) -> Path:
    """Lay out the package tree (``staging``) from the bundle; return ``staging``."""
    if staging.exists():
        shutil.rmtree(staging)
    opt = staging / layout.DEB_INSTALL_DIR
    shutil.copytree(bundle, opt, symlinks=True)

    bin_dir = staging / "usr" / "bin"
    bin_dir.mkdir(parents=True)
    for name in (layout.GUI_NAME, layout.CLI_NAME):
        (bin_dir / name).symlink_to(Path("..", "..", layout.DEB_INSTALL_DIR, name))

    share = staging / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copyfile(LINUX_FILES / "swissdesk.desktop", share / "applications" / "swissdesk.desktop")
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copyfile(
        LINUX_FILES / "swissdesk-mime.xml", share / "mime" / "packages" / "swissdesk.xml"
    )

    icons = bundle / layout.ICONS_IN_BUNDLE
    hicolor = share / "icons" / "hicolor"
    mime_icon = layout.MIME_TYPE.replace("/", "-")
    for size in layout.ICON_SIZES:
        for source, kind, name in (
            (layout.APP_ICON, "apps", layout.APP_ICON),
            (layout.DOCUMENT_ICON, "mimetypes", mime_icon),
        ):
            target = hicolor / f"{size}x{size}" / kind / f"{name}.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(icons / f"{source}-{size}.png", target)
    for source, kind, name in (
        (layout.APP_ICON, "apps", layout.APP_ICON),
        (layout.DOCUMENT_ICON, "mimetypes", mime_icon),
    ):
        target = hicolor / "scalable" / kind / f"{name}.svg"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(icons / f"{source}.svg", target)

    doc = share / "doc" / layout.DEB_PACKAGE
    doc.mkdir(parents=True)
    if (bundle / layout.MANUAL_PDF).is_file():
        (doc / layout.MANUAL_PDF).symlink_to(
            Path("..", "..", "..", "..", layout.DEB_INSTALL_DIR, layout.MANUAL_PDF)
        )
    (doc / "copyright").write_text(
        "swissdesk is free software: GPL-3.0-or-later.\n"
        "It bundles Python (PSF licence), Qt and PySide6 (LGPL-3.0), SQLAlchemy (MIT),\n"
        "reportlab (BSD), HarfBuzz (MIT), the DejaVu, Noto and Droid fonts (see\n"
        f"/{layout.DEB_INSTALL_DIR}/{layout.CONTENTS_DIR}/swissdesk/resources/fonts).\n",
        encoding="utf-8",
    )

    debian = staging / "DEBIAN"
    debian.mkdir()
    (debian / "control").write_text(
        deb_control(version, arch, folder_size_kib(staging)), encoding="utf-8"
    )
    # dpkg-deb insists on sane permissions whatever the umask of the build machine was.
    for path in [staging, *staging.rglob("*")]:
        if path.is_symlink():
            continue
        mode = path.stat().st_mode
        if path.is_dir() or mode & 0o111:
            path.chmod(0o755)
        else:
            path.chmod(0o644)
    return staging


def build_deb(bundle: Path, dist: Path, work: Path, version: str, *, fast: bool = False) -> Path:
    """Build ``dist/swissdesk_<version>_<arch>.deb`` from the bundle with dpkg-deb."""
    dpkg_deb = shutil.which("dpkg-deb")
    if dpkg_deb is None:
        raise BuildError("dpkg-deb not found: apt-get install dpkg")
    arch = deb_architecture()
    staging = stage_deb(bundle, work / "deb-root", version, arch)
    deb = dist / f"{layout.DEB_PACKAGE}_{layout.debian_version(version)}_{arch}.deb"
    compression = ["-Zgzip", "-z1"] if fast else ["-Zxz"]
    run([dpkg_deb, "--root-owner-group", *compression, "--build", staging, deb])
    return deb


# --------------------------------------------------------------------------- manual


def build_manual(bundle: Path, dist: Path, version: str) -> Path:
    """The user manual as a PDF beside the installers (``dist/swissdesk-<version>-manual.pdf``)
    and in the bundle beside the executables, where the .deb and the Windows installer take
    it from (C.02 Q13: the manual is also available separately)."""
    from swissdesk.manual.pdf import write_pdf

    out = write_pdf(dist / f"swissdesk-{version}-manual.pdf")
    shutil.copyfile(out, bundle / layout.MANUAL_PDF)
    return out


# --------------------------------------------------------------------------- NSIS


def nsis_command(
    bundle: Path, out_file: Path, version: str, *, windows: bool, fast: bool
) -> list[str]:
    """The makensis command line that injects the version and the bundle location."""
    makensis = shutil.which("makensis")
    if makensis is None:
        raise BuildError("makensis not found: apt-get install nsis")
    command = [
        makensis,
        "-V2",
        "-WX",
        f"-DVERSION={version}",
        f"-DNUMERIC_VERSION={layout.numeric_version(version)}",
        f"-DBUNDLE_DIR={bundle}",
        f"-DOUTFILE={out_file}",
    ]
    if not windows:
        command.append("-DEXE_SUFFIX=")
    if fast:
        command.append("-DFAST_COMPRESSION")
    command.append(str(NSIS_SCRIPT))
    return command


def build_nsis(bundle: Path, dist: Path, version: str, *, fast: bool = False) -> Path:
    """Compile the NSIS installer (a layout check when the bundle is a Linux one)."""
    suffix = "setup.exe" if WINDOWS else "setup-linux-layout-check.exe"
    out_file = dist / f"swissdesk-{version}-{suffix}"
    # A layout check is never shipped: spare it minutes of LZMA.
    fast = fast or not WINDOWS
    run(nsis_command(bundle, out_file, version, windows=WINDOWS, fast=fast))
    return out_file


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Build the swissdesk bundle, smoke-test it, build the .deb and NSIS installer."
    )
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument(
        "--work", type=Path, default=ROOT / "build" / "packaging", help="intermediate files"
    )
    parser.add_argument(
        "--skip-bundle", action="store_true", help="reuse the bundle already in --dist"
    )
    parser.add_argument("--no-smoke", action="store_true", help="do not smoke-test the bundle")
    parser.add_argument("--no-deb", action="store_true", help="do not build the .deb")
    parser.add_argument("--no-nsis", action="store_true", help="do not run makensis")
    parser.add_argument(
        "--fast",
        action="store_true",
        help="light compression for the .deb and the installer (for tests, not releases)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    dist: Path = args.dist.resolve()
    work: Path = args.work.resolve()
    version = package_version()
    started = time.monotonic()
    timings: list[tuple[str, float]] = []

    def timed(name: str, start: float) -> None:
        timings.append((name, time.monotonic() - start))

    try:
        dist.mkdir(parents=True, exist_ok=True)
        work.mkdir(parents=True, exist_ok=True)
        bundle = dist / layout.BUNDLE_NAME
        step = time.monotonic()
        if args.skip_bundle:
            check_bundle_layout(bundle, windows=WINDOWS)
            missing = missing_package_data(bundle)
            if missing:
                raise BuildError(f"package data missing from the bundle: {', '.join(missing)}")
        else:
            bundle = build_bundle(dist, work / "pyinstaller")
            timed("bundle", step)
        log(f"bundle: {bundle}")
        report = SmokeReport()
        if not args.no_smoke:
            step = time.monotonic()
            report = smoke_test(bundle, version)
            timed("smoke test", step)
        step = time.monotonic()
        log(f"manual: {build_manual(bundle, dist, version)}")
        timed("manual", step)
        if not args.no_deb and not WINDOWS:
            step = time.monotonic()
            log(f"deb: {build_deb(bundle, dist, work, version, fast=args.fast)}")
            timed(".deb", step)
        if not args.no_nsis:
            step = time.monotonic()
            log(f"installer: {build_nsis(bundle, dist, version, fast=args.fast)}")
            timed("NSIS", step)
    except BuildError as exc:
        print(f"[build] FAILED: {exc}", file=sys.stderr, flush=True)
        return 1
    for name, seconds in timings:
        log(f"{name}: {seconds:.0f} s")
    for message in report.skipped:
        log(f"NOTE: {message}")
    log(f"done in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
