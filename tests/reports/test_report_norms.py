"""The norm report and the rating changes read back from the PDF (issue 37): the norm
certificate's opponents in any script, its figures and conditions; the rating changes' game
by game figures."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from pypdf import PdfReader
from report_test_support import seeker_event

from swissdesk.elo import hundredths, rating_changes
from swissdesk.reports import render

NAMES = ["Łukasz Ćwik", "Иван Петров", "Γεώργιος Παπαδόπουλος", "Sharma, शर्मा",
         "الشمري, محمد", "כהן, דוד", "ศรีสุข, สมชาย", "Nguyễn Thị Ánh", "Zoë Müller"]  # fmt: skip


def _event():  # type: ignore[no-untyped-def]
    t = seeker_event()
    players = [
        p if p.tpn == 1 else dataclasses.replace(p, name=NAMES[p.tpn - 2]) for p in t.players
    ]
    return dataclasses.replace(t, players=tuple(players))


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


def test_norm_certificate_lists_every_opponent_and_the_figures(tmp_path: Path) -> None:
    out = render("norms", _event(), tmp_path / "norms.pdf")
    reader = PdfReader(str(out))
    assert len(reader.pages) == 2  # the summary, one certificate (the GM norm)
    text = _text(out)
    assert "GM norm: certificate data" in text
    assert "2652 = 2486 +166 (art. 1.4.8, 1.4.9)" in text
    for name in NAMES:
        for word in name.replace(",", " ").split():
            assert word in text or word[::-1] in text, word
    for article in ("1.4.1", "1.4.3", "1.4.4", "1.4.5a", "1.4.5b", "1.4.8a", "1.4.8b", "1.4.8"):
        assert article in text
    assert "Chief Arbiter: name" in text


def test_rating_changes_document_game_by_game(tmp_path: Path) -> None:
    event = _event()
    out = render("ratings", event, tmp_path / "ratings.pdf")
    text = _text(out)
    report = rating_changes(event).by_tpn()
    for game in report[1].games:
        assert hundredths(game.change, sign=True) in text
    assert "Game by game" in text and "Rating changes" in text
