"""The rating-change PDF's K reasons in the document's language (issue 38), not the
arbiter's: one line per K and reason (art. 8.3.3) with the players' numbers, read back with
pypdf. English unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from report_test_support import all_text, seeker_event

from swissdesk.i18n import set_process_language, using_language
from swissdesk.reports import render


@pytest.mark.parametrize(
    ("document", "arbiter", "top", "tenth"),
    [
        ("en", "de", "K 10 (rated 2400 or more): no. 1, 2, 3, 4, 5, 6, 7, 8, 9",
         "K 20 (rated under 2400 (number of rated games not known: 30 or more assumed)): no. 10"),
        ("de", "ru", "K 10 (Elo 2400 oder mehr): Nr. 1, 2, 3, 4, 5, 6, 7, 8, 9",
         "K 20 (Elo unter 2400 (Zahl der Elo-Partien unbekannt: 30 oder mehr angenommen)): Nr. 10"),
        ("ru", "de", "K 10 (рейтинг 2400 или выше): № 1, 2, 3, 4, 5, 6, 7, 8, 9",
         "K 20 (рейтинг ниже 2400 (число обсчитанных партий неизвестно: принято 30 или больше)): "
         "№ 10"),
    ],
)  # fmt: skip
def test_rating_changes_pdf_k_reasons_in_the_document_language(
    tmp_path: Path, document: str, arbiter: str, top: str, tenth: str
) -> None:
    set_process_language(arbiter)
    try:
        with using_language(document):
            out = render("ratings", seeker_event(), tmp_path / "r.pdf")
    finally:
        set_process_language("en")
    text = " ".join(all_text(out).split())
    assert top in text and tenth in text, text
