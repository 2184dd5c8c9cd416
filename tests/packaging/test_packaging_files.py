"""The packaging files agree with each other and with the bundle layout (fast, always run).

The PyInstaller spec, the NSIS script, the .deb staging and the Linux desktop files each name
executables, folders and icons; a rename in one and not the others gives an installer that
installs a shortcut to nothing. These tests hold them to ``packaging/bundle_layout.py``.
"""

from __future__ import annotations

import ast
import configparser
import importlib.util
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
NSIS_SCRIPT = ROOT / "installer" / "swissdesk.nsi"
DESKTOP_FILE = PACKAGING / "linux" / "swissdesk.desktop"
MIME_FILE = PACKAGING / "linux" / "swissdesk-mime.xml"
SOURCE_ICONS = ROOT / "resources" / "icons"
PACKAGE_ICONS = ROOT / "swissdesk" / "resources" / "icons"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def load(name: str, path: Path) -> ModuleType:
    """Import a packaging script by path (``packaging/`` is not a package)."""
    if str(PACKAGING) not in sys.path:
        sys.path.insert(0, str(PACKAGING))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


layout = load("swissdesk_bundle_layout", PACKAGING / "bundle_layout.py")
build = load("swissdesk_packaging_build", PACKAGING / "build.py")
entry_gui = load("swissdesk_entry_gui", PACKAGING / "entry_gui.py")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def ico_sizes(path: Path) -> set[int]:
    data = path.read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1), f"{path.name} is not an .ico"
    sizes = set()
    for i in range(count):
        width = data[6 + 16 * i] or 256
        height = data[7 + 16 * i] or 256
        assert width == height
        sizes.add(width)
    return sizes


def fake_bundle(folder: Path, *, windows: bool) -> Path:
    """A bundle with the layout PyInstaller gives, tiny stand-ins for the executables."""
    bundle: Path = folder / layout.BUNDLE_NAME
    icons = bundle / layout.ICONS_IN_BUNDLE
    icons.parent.mkdir(parents=True)
    shutil.copytree(PACKAGE_ICONS, icons)
    for name in (layout.GUI_NAME, layout.CLI_NAME):
        exe = bundle / layout.executable(name, windows)
        exe.write_text("#!/bin/sh\n", encoding="utf-8")
        exe.chmod(0o755)
    (bundle / layout.CONTENTS_DIR / "libpython3.11.so.1.0").write_bytes(b"\0" * 64)
    return bundle


# --------------------------------------------------------------------------- spec


def spec_executables() -> dict[str, dict[str, ast.expr]]:
    tree = ast.parse(PACKAGING.joinpath("swissdesk.spec").read_text(encoding="utf-8"))
    found: dict[str, dict[str, ast.expr]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "EXE":
                keywords = {k.arg: k.value for k in node.keywords if k.arg}
                name = keywords["name"]
                assert isinstance(name, ast.Name)
                found[name.id] = keywords
            elif node.func.id == "COLLECT":
                found["COLLECT"] = {k.arg: k.value for k in node.keywords if k.arg}
    return found


def test_spec_builds_a_windowed_gui_and_a_console_cli_in_one_folder() -> None:
    found = spec_executables()
    assert set(found) == {"GUI_NAME", "CLI_NAME", "COLLECT"}
    gui, cli = found["GUI_NAME"], found["CLI_NAME"]
    assert ast.literal_eval(gui["console"]) is False
    assert ast.literal_eval(cli["console"]) is True
    # one-folder: binaries go to COLLECT, not into the executables
    assert ast.literal_eval(gui["exclude_binaries"]) is True
    assert ast.literal_eval(cli["exclude_binaries"]) is True
    assert layout.GUI_NAME == "swissdesk" and layout.CLI_NAME == "swissdesk-cli"


def test_spec_collects_package_data_and_every_submodule() -> None:
    text = PACKAGING.joinpath("swissdesk.spec").read_text(encoding="utf-8")
    assert 'collect_data_files("swissdesk"' in text
    assert 'collect_submodules("swissdesk")' in text
    assert "from swissdesk import __version__" in text
    assert "entry_gui.py" in text and "entry_cli.py" in text


def test_a_double_clicked_tournament_file_opens_in_the_gui() -> None:
    commands = ["pair", "check", "gui", "import"]
    assert entry_gui.gui_arguments(["C:\\Open 2026.swissdesk"], commands) == [
        "gui",
        "C:\\Open 2026.swissdesk",
    ]
    assert entry_gui.gui_arguments([], commands) == []
    assert entry_gui.gui_arguments(["pair", "x.trf"], commands) == ["pair", "x.trf"]
    assert entry_gui.gui_arguments(["--version"], commands) == ["--version"]
    assert entry_gui.gui_arguments(["check"], commands) == ["check"]


# --------------------------------------------------------------------------- versions


@pytest.mark.parametrize(
    ("version", "numeric", "debian"),
    [
        ("0.1.0", "0.1.0.0", "0.1.0"),
        ("1.2.0rc1", "1.2.0.0", "1.2.0~rc1"),
        ("2.0.dev3", "2.0.0.0", "2.0~dev3"),
        ("3.1.4.1", "3.1.4.1", "3.1.4.1"),
    ],
)
def test_version_forms_for_windows_and_debian(version: str, numeric: str, debian: str) -> None:
    assert layout.numeric_version(version) == numeric
    assert layout.debian_version(version) == debian


def test_debian_prerelease_sorts_before_the_release() -> None:
    dpkg = shutil.which("dpkg")
    if dpkg is None:
        pytest.skip("dpkg not installed")
    ok = subprocess.run(
        [dpkg, "--compare-versions", layout.debian_version("1.2.0rc1"), "lt", "1.2.0"],
        check=False,
    )
    assert ok.returncode == 0


# --------------------------------------------------------------------------- icons


@pytest.mark.parametrize("name", [layout.APP_ICON, layout.DOCUMENT_ICON])
def test_icons_exist_in_every_size_and_the_package_has_the_same_files(name: str) -> None:
    for size in layout.ICON_SIZES:
        source = SOURCE_ICONS / f"{name}-{size}.png"
        assert png_size(source) == (size, size)
        assert (PACKAGE_ICONS / source.name).read_bytes() == source.read_bytes()
    ico = SOURCE_ICONS / f"{name}.ico"
    assert ico_sizes(ico) == set(ICO_SIZES)
    assert (PACKAGE_ICONS / ico.name).read_bytes() == ico.read_bytes()
    svg = SOURCE_ICONS / f"{name}.svg"
    root = ET.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert (PACKAGE_ICONS / svg.name).read_bytes() == svg.read_bytes()


# --------------------------------------------------------------------------- Linux files


def test_desktop_entry_is_valid_and_opens_tournament_files() -> None:
    validator = shutil.which("desktop-file-validate")
    if validator is not None:
        result = subprocess.run([validator, str(DESKTOP_FILE)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(DESKTOP_FILE, encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application"
    assert desktop["Exec"].split()[0] == layout.GUI_NAME
    assert "%f" in desktop["Exec"].split()
    assert desktop["Icon"] == layout.APP_ICON
    assert layout.MIME_TYPE in desktop["MimeType"].split(";")


def test_mime_type_claims_the_swissdesk_extension() -> None:
    root = ET.parse(MIME_FILE).getroot()
    assert root.tag == f"{MIME_NS}mime-info"
    (mime,) = root.findall(f"{MIME_NS}mime-type")
    assert mime.get("type") == layout.MIME_TYPE
    globs = [g.get("pattern") for g in mime.findall(f"{MIME_NS}glob")]
    assert globs == [f"*{layout.FILE_EXTENSION}"]
    icon = mime.find(f"{MIME_NS}icon")
    assert icon is not None and icon.get("name") == layout.MIME_TYPE.replace("/", "-")


def test_mime_database_accepts_the_type(tmp_path: Path) -> None:
    updater = shutil.which("update-mime-database")
    if updater is None:
        pytest.skip("update-mime-database not installed (Debian package shared-mime-info)")
    mime_dir = tmp_path / "share" / "mime"
    (mime_dir / "packages").mkdir(parents=True)
    shutil.copyfile(MIME_FILE, mime_dir / "packages" / "swissdesk.xml")
    env = {**os.environ, "XDG_DATA_DIRS": str(tmp_path / "share")}
    result = subprocess.run([updater, str(mime_dir)], capture_output=True, text=True, env=env)
    assert result.returncode == 0 and not result.stderr, result.stderr
    globs = (mime_dir / "globs2").read_text(encoding="utf-8")
    assert f"{layout.MIME_TYPE}:*{layout.FILE_EXTENSION}" in globs


def test_deb_tree_has_launchers_desktop_entry_icons_and_mime_type(tmp_path: Path) -> None:
    bundle = fake_bundle(tmp_path, windows=False)
    staging = build.stage_deb(bundle, tmp_path / "deb-root", "1.2.0rc1", "amd64")
    control = (staging / "DEBIAN" / "control").read_text(encoding="utf-8")
    assert "Package: swissdesk\n" in control and "Version: 1.2.0~rc1\n" in control
    assert "Architecture: amd64\n" in control and "Depends: libc6" in control
    assert "Recommends: poppler-utils\n" in control  # pages for Print and Print preview
    for name in (layout.GUI_NAME, layout.CLI_NAME):
        link = staging / "usr" / "bin" / name
        assert link.is_symlink()
        assert link.resolve() == (staging / layout.DEB_INSTALL_DIR / name).resolve()
    share = staging / "usr" / "share"
    assert (share / "applications" / "swissdesk.desktop").read_bytes() == DESKTOP_FILE.read_bytes()
    assert (share / "mime" / "packages" / "swissdesk.xml").read_bytes() == MIME_FILE.read_bytes()
    hicolor = share / "icons" / "hicolor"
    for size in layout.ICON_SIZES:
        assert png_size(hicolor / f"{size}x{size}" / "apps" / "swissdesk.png") == (size, size)
        mime_icon = hicolor / f"{size}x{size}" / "mimetypes" / "application-x-swissdesk.png"
        assert png_size(mime_icon) == (size, size)
    assert (hicolor / "scalable" / "apps" / "swissdesk.svg").is_file()


def test_dpkg_deb_builds_the_package(tmp_path: Path) -> None:
    dpkg_deb = shutil.which("dpkg-deb")
    if dpkg_deb is None:
        pytest.skip("dpkg-deb not installed")
    bundle = fake_bundle(tmp_path, windows=False)
    deb = build.build_deb(bundle, tmp_path, tmp_path / "work", "0.1.0", fast=True)
    assert deb.name.startswith("swissdesk_0.1.0_") and deb.suffix == ".deb"
    listing = subprocess.run(
        [dpkg_deb, "--contents", str(deb)], capture_output=True, text=True, check=True
    ).stdout
    assert "./usr/share/applications/swissdesk.desktop" in listing
    assert "./usr/bin/swissdesk -> ../../opt/swissdesk/swissdesk" in listing
    assert "./opt/swissdesk/swissdesk-cli" in listing
    assert re.search(r"^-rwxr-xr-x root/root .* \./opt/swissdesk/swissdesk$", listing, re.M)


# --------------------------------------------------------------------------- NSIS


def nsis_defines() -> dict[str, str]:
    text = NSIS_SCRIPT.read_text(encoding="utf-8")
    return dict(re.findall(r'^\s*!define\s+(\w+)\s+"([^"]*)"', text, re.M))


def test_nsis_script_installs_what_the_bundle_layout_has() -> None:
    defines = nsis_defines()
    suffix = "${EXE_SUFFIX}"
    assert defines["EXE_SUFFIX"] == ".exe"
    assert defines["GUI_EXE"] == layout.GUI_NAME + suffix
    assert defines["CLI_EXE"] == layout.CLI_NAME + suffix
    assert defines["CONTENTS_DIR"] == layout.CONTENTS_DIR
    icons_dir = defines["ICONS_DIR"].replace("${CONTENTS_DIR}", layout.CONTENTS_DIR)
    assert icons_dir.replace("\\", "/") == layout.ICONS_IN_BUNDLE
    for key in ("APP_ICON", "DOCUMENT_ICON"):
        icon = defines[key].replace("${ICONS_DIR}\\", "")
        assert (PACKAGE_ICONS / icon).is_file(), icon
    assert defines["EXTENSION"] == layout.FILE_EXTENSION
    assert defines["MIME_TYPE"] == layout.MIME_TYPE
    text = NSIS_SCRIPT.read_text(encoding="utf-8")
    for required in (
        'File "${BUNDLE_DIR}\\${GUI_EXE}"',
        'File "${BUNDLE_DIR}\\${CLI_EXE}"',
        'File /r "${BUNDLE_DIR}\\${CONTENTS_DIR}"',
        "WriteUninstaller",
        '"$SMPROGRAMS\\${APP_NAME}\\${APP_NAME}.lnk"',
        '"$DESKTOP\\${APP_NAME}.lnk"',
        '"Software\\Classes\\${PROGID}\\DefaultIcon"',
        "$PROGRAMFILES64",
    ):
        assert required in text, required


def makensis_or_skip() -> str:
    makensis = shutil.which("makensis")
    if makensis is None:
        pytest.skip("makensis not installed (Debian package nsis)")
    return makensis


@pytest.mark.parametrize("windows", [True, False], ids=["windows-layout", "linux-layout"])
def test_makensis_compiles_the_installer_against_the_bundle_layout(
    tmp_path: Path, windows: bool
) -> None:
    makensis_or_skip()
    bundle = fake_bundle(tmp_path, windows=windows)
    out_file = tmp_path / "swissdesk-0.1.0-setup.exe"
    command = build.nsis_command(bundle, out_file, "0.1.0", windows=windows, fast=True)
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert out_file.read_bytes()[:2] == b"MZ"


def test_makensis_refuses_a_bundle_without_the_console_executable(tmp_path: Path) -> None:
    makensis_or_skip()
    bundle = fake_bundle(tmp_path, windows=True)
    (bundle / "swissdesk-cli.exe").unlink()
    out_file = tmp_path / "swissdesk-0.1.0-setup.exe"
    command = build.nsis_command(bundle, out_file, "0.1.0", windows=True, fast=True)
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode != 0
    assert "swissdesk-cli.exe is missing" in result.stdout + result.stderr
    assert not out_file.exists()


def test_bundle_layout_check_names_what_is_missing(tmp_path: Path) -> None:
    bundle = fake_bundle(tmp_path, windows=False)
    build.check_bundle_layout(bundle, windows=False)
    (bundle / layout.ICONS_IN_BUNDLE / "swissdesk-document.ico").unlink()
    with pytest.raises(build.BuildError, match=r"swissdesk-document\.ico"):
        build.check_bundle_layout(bundle, windows=False)


def test_bundle_must_carry_every_data_file_of_the_package(tmp_path: Path) -> None:
    """Fonts, icons, the sample tournament: a file left out is named, not discovered later."""
    package = tmp_path / "src" / "swissdesk"
    (package / "resources" / "fonts").mkdir(parents=True)
    (package / "resources" / "fonts" / "Font.ttf").write_bytes(b"ttf")
    (package / "__init__.py").write_text("", encoding="utf-8")
    bundle = tmp_path / "bundle"
    assert build.missing_package_data(bundle, package) == ["swissdesk/resources/fonts/Font.ttf"]
    inside = bundle / layout.CONTENTS_DIR / "swissdesk" / "resources" / "fonts"
    inside.mkdir(parents=True)
    (inside / "Font.ttf").write_bytes(b"ttf")
    assert build.missing_package_data(bundle, package) == []


def test_smoke_comparison_ignores_spacing_but_not_pairs() -> None:
    assert build.pairing_lines("2\n1  2\n\n3 4\n") == ["2", "1 2", "3 4"]
    assert build.pairing_lines("1 2") != build.pairing_lines("2 1")


# --------------------------------------------------------------------------- manual


def test_the_manual_pdf_is_built_beside_the_installers_and_into_the_bundle(
    tmp_path: Path,
) -> None:
    """C.02 Q13: the manual is also available separately (issue 30)."""
    from pypdf import PdfReader

    bundle = fake_bundle(tmp_path, windows=False)
    dist = tmp_path / "dist"
    dist.mkdir()
    out = build.build_manual(bundle, dist, "1.2.0")
    assert out == dist / "swissdesk-1.2.0-manual.pdf"
    assert (bundle / layout.MANUAL_PDF).read_bytes() == out.read_bytes()
    reader = PdfReader(out)
    assert "swissdesk" in reader.pages[0].extract_text()
    staging = build.stage_deb(bundle, tmp_path / "deb-root", "1.2.0", "amd64")
    doc = staging / "usr" / "share" / "doc" / "swissdesk" / layout.MANUAL_PDF
    assert doc.is_symlink()
    assert doc.resolve() == (staging / layout.DEB_INSTALL_DIR / layout.MANUAL_PDF).resolve()


def test_makensis_installs_the_manual_when_the_bundle_has_it(tmp_path: Path) -> None:
    makensis_or_skip()
    bundle = fake_bundle(tmp_path, windows=True)
    (bundle / layout.MANUAL_PDF).write_bytes(b"%PDF-1.4 stand-in\n")
    out_file = tmp_path / "swissdesk-0.1.0-setup.exe"
    command = build.nsis_command(bundle, out_file, "0.1.0", windows=True, fast=True)
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert out_file.read_bytes()[:2] == b"MZ"
    script = build.NSIS_SCRIPT.read_text(encoding="utf-8")
    assert 'File "${BUNDLE_DIR}\\${MANUAL_PDF}"' in script
    assert 'Delete "$INSTDIR\\${MANUAL_PDF}"' in script
