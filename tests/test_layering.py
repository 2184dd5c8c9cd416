"""The lower layers (model, engines, trf, tiebreaks, verification, and the rating and norm
computations elo and norms, the prize list prizes) use the standard library only.

They must run anywhere (a pairing engine checked by FIDE's tools, a headless server), and never
reach up into storage, the GUI or the reports: checked twice, statically on every ``import``
statement of every file, and dynamically by importing them in a fresh interpreter.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "swissdesk"
LOWER_LAYERS = (
    "model", "engines", "trf", "tiebreaks", "verification", "elo", "norms", "prizes", "lists",
    "i18n",
)  # fmt: skip
BELOW_VERIFICATION = ("model", "engines", "trf", "tiebreaks")
"""``verification`` (the checker and the generator FIDE's checklist asks for) stands on these;
they never import it."""
UPPER_LAYERS = ("storage", "gui", "reports", "cli")
FORBIDDEN_MODULES = ("sqlalchemy", "PySide6", "reportlab", "platformdirs", "pypdf")
ALLOWED_SWISSDESK = {"swissdesk", "swissdesk.errors", *(f"swissdesk.{n}" for n in LOWER_LAYERS)}


def layer_files(layer: str) -> list[Path]:
    folder = PACKAGE / layer
    if not folder.is_dir():
        pytest.skip(f"swissdesk/{layer} does not exist yet")
    return sorted(folder.rglob("*.py"))


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` for every import in ``path``; relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.append((node.lineno, module))
    return found


def allowed(module: str) -> bool:
    top = module.split(".")[0]
    if top == "swissdesk":
        return module in ALLOWED_SWISSDESK or any(
            module.startswith(a + ".") for a in ALLOWED_SWISSDESK - {"swissdesk"}
        )
    return top in sys.stdlib_module_names or top == "__future__"


@pytest.mark.parametrize("layer", LOWER_LAYERS)
def test_lower_layer_imports_only_the_standard_library(layer: str) -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: imports {module}"
        for path in layer_files(layer)
        for line, module in imported_modules(path)
        if not allowed(module)
    ]
    assert not offenders, "\n".join(offenders)


def test_import_checker_sees_what_it_must() -> None:
    """The checker itself: finds the reader's imports, refuses the upper layers."""
    sample = PACKAGE / "trf" / "reader.py"
    modules = {m for _, m in imported_modules(sample)}
    assert "swissdesk.model.tournament" in modules
    assert not allowed("sqlalchemy.orm") and not allowed("swissdesk.storage.service")
    assert not allowed("PySide6.QtWidgets") and allowed("dataclasses")


def test_lower_layers_load_without_third_party_modules() -> None:
    packages = [f"swissdesk.{n}" for n in LOWER_LAYERS if (PACKAGE / n).is_dir()]
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for n in LOWER_LAYERS
        if (PACKAGE / n).is_dir()
        for p in (PACKAGE / n).rglob("*.py")
    )
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "from swissdesk.engines.base import system_names\n"
        "system_names()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    loaded = json.loads(proc.stdout.strip().splitlines()[-1])
    bad = [
        m
        for m in loaded
        if m.split(".")[0] in FORBIDDEN_MODULES
        or any(m == f"swissdesk.{u}" or m.startswith(f"swissdesk.{u}.") for u in UPPER_LAYERS)
    ]
    assert packages and not bad, f"lower layers pulled in: {bad[:10]}"


@pytest.mark.parametrize("layer", BELOW_VERIFICATION)
def test_layers_below_verification_never_import_it(layer: str) -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: imports {module}"
        for path in layer_files(layer)
        for line, module in imported_modules(path)
        if module == "swissdesk.verification" or module.startswith("swissdesk.verification.")
    ]
    assert not offenders, "\n".join(offenders)


VENUE_ALLOWED_THIRD_PARTY = (
    "starlette", "uvicorn", "jinja2", "markupsafe", "segno", "anyio", "h11",
)  # fmt: skip
"""The venue's web stack; it may also use the storage below it (and SQLAlchemy through it)."""
VENUE_FORBIDDEN = ("swissdesk.gui", "swissdesk.cli", "swissdesk.reports", "PySide6", "reportlab")


def test_venue_stands_on_storage_and_below_never_on_the_gui_cli_or_reports() -> None:
    """The venue (issue 34) is beside ``reports`` and ``gui``'s lower neighbour: it reads the
    storage read models and the wall lists (``swissdesk.lists``), never the window, the
    command line or the PDF code."""
    offenders = []
    for path in layer_files("venue"):
        for line, module in imported_modules(path):
            top = module.split(".")[0]
            if any(module == f or module.startswith(f + ".") for f in VENUE_FORBIDDEN):
                offenders.append(f"{path.relative_to(ROOT)}:{line}: imports {module}")
            elif top == "swissdesk":
                continue
            elif top not in sys.stdlib_module_names and top not in (
                "__future__",
                *VENUE_ALLOWED_THIRD_PARTY,
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{line}: imports {module}")
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("layer", ["storage", "reports", *LOWER_LAYERS])
def test_nothing_below_the_gui_imports_the_venue(layer: str) -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: imports {module}"
        for path in layer_files(layer)
        for line, module in imported_modules(path)
        if module == "swissdesk.venue" or module.startswith("swissdesk.venue.")
    ]
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("module", ["errors.py", "paths.py", "outputs.py"])
def test_the_shared_top_level_modules_use_the_standard_library_only(module: str) -> None:
    """``swissdesk/outputs.py`` (where an export may be written, issue 39) and its siblings
    are used by the command line, the window and the storage alike."""
    offenders = [
        f"swissdesk/{module}:{line}: imports {name}"
        for line, name in imported_modules(PACKAGE / module)
        if not (name == "swissdesk.errors" or (allowed(name) and not name.startswith("swissdesk.")))
    ]
    assert not offenders, "\n".join(offenders)


MANUAL_ALLOWED_THIRD_PARTY = ("markdown_it", "reportlab")
"""The user manual's Markdown parser and its PDF."""


def test_the_manual_stands_on_its_own_package_data_never_on_the_layers_above() -> None:
    """``swissdesk.manual`` (issue 30, C.02 Q11-15) is read by the window and the command
    line: it imports neither of them, nor the storage, the reports or the venue; its
    command chapter is generated by the command line (``swissdesk.cli.reference``) and
    shipped as package data."""
    offenders = []
    for path in layer_files("manual"):
        for line, module in imported_modules(path):
            top = module.split(".")[0]
            if top == "swissdesk":
                if module not in ("swissdesk", "swissdesk.errors") and not (
                    module == "swissdesk.manual" or module.startswith("swissdesk.manual.")
                ):
                    offenders.append(f"{path.relative_to(ROOT)}:{line}: imports {module}")
            elif top not in sys.stdlib_module_names and top not in (
                "__future__",
                *MANUAL_ALLOWED_THIRD_PARTY,
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{line}: imports {module}")
    assert not offenders, "\n".join(offenders)


TRANSLATIONS_ALLOWED_THIRD_PARTY = ("babel",)
"""Babel: the catalogs' toolchain (extract, update, compile) and CLDR's dates and numbers."""


def test_the_catalog_toolchain_stands_on_babel_and_the_message_functions_only() -> None:
    """``swissdesk.translations`` (issue 38) is used by the reports, the venue, the window and
    the command line to format dates and numbers, and by CI to check the catalogs; it never
    reaches into them (``swissdesk.i18n``, the message functions, is a lower layer)."""
    offenders = []
    for path in layer_files("translations"):
        for line, module in imported_modules(path):
            top = module.split(".")[0]
            if top == "swissdesk":
                if not (
                    module in ("swissdesk", "swissdesk.errors", "swissdesk.i18n")
                    or module.startswith("swissdesk.translations")
                ):
                    offenders.append(f"{path.relative_to(ROOT)}:{line}: imports {module}")
            elif top not in sys.stdlib_module_names and top not in (
                "__future__",
                *TRANSLATIONS_ALLOWED_THIRD_PARTY,
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{line}: imports {module}")
    assert not offenders, "\n".join(offenders)
