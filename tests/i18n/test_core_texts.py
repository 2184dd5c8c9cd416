"""The core's texts in the reader's language (issue 38): the pairing systems' names, the
prize list's reasons and ties, the norms' verdicts. Each is English in English and the
reader's words elsewhere (the window: the arbiter's language; a PDF: the document's), the
article numbers and FIDE's title abbreviations as FIDE writes them; TRF and JSON keep ids."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from pypdf import PdfReader

from swissdesk.engines import system_title
from swissdesk.i18n import using_language
from swissdesk.reports import render


def _pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def _norm_support() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "norms" / "norm_support.py"
    spec = importlib.util.spec_from_file_location("norm_support_for_core_texts", path)
    assert spec is not None and spec.loader is not None
    module = sys.modules.get(spec.name)
    if module is None:
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
    return module


# -- the pairing systems' names ---------------------------------------------------------------


def test_system_names_are_english_in_english_with_their_articles() -> None:
    assert system_title("dutch") == "Dutch (C.04.3)"
    assert system_title("lim:2003,maxi") == "Lim (C.04.4.3), 2003 edition, Maxi-tournament"
    assert system_title("unknown") == "unknown"


def test_system_names_in_the_current_language_keep_the_article_numbers() -> None:
    with using_language("de"):
        assert system_title("dutch") == "Holländisch (C.04.3)"
        assert system_title("lim:2003") == "Lim (C.04.4.3), Fassung 2003"
        assert system_title("round-robin") == "Rundenturnier (Berger-Tabellen, C.05 Anhang 1)"
    with using_language("ru"):
        assert system_title("dubov") == "Система Дубова (C.04.4.1)"
    with using_language("pl"):
        assert system_title("team") == "Szwajcarski drużynowy (C.04.6)"


def test_the_norm_certificate_names_the_system_in_the_documents_language(
    tmp_path: Path,
) -> None:
    support = _norm_support()
    event = support.seeker_event(support.CASE_A)
    english = _pdf_text(render("norms", event, tmp_path / "en.pdf"))
    assert "Swiss, Dutch (C.04.3)" in english
    with using_language("de"):
        german = _pdf_text(render("norms", event, tmp_path / "de.pdf"))
    assert "Schweizer System, Holländisch (C.04.3)" in german
    assert "Dutch" not in german


def test_the_trf_is_the_same_in_every_language() -> None:
    from swissdesk.trf.writer import format_trf

    support = _norm_support()
    event = support.seeker_event(support.CASE_A)
    with using_language("de"):
        german = format_trf(event)
    assert german == format_trf(event)
    assert "Holländisch" not in german
