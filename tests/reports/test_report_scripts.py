"""Issue 18, item 2: printed names in any script. Chinese and Japanese names printed as empty
boxes and Arabic backwards with unjoined letters. Every document is rendered with names in
CJK, Arabic, Hebrew (mixed with Latin), Devanagari, Thai, Georgian, Armenian, Cyrillic,
Greek and Vietnamese; the text is read back, and every character printed is in the
character map of the font that prints it (no missing-glyph box)."""

from __future__ import annotations

import dataclasses
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from report_test_support import multilingual_tournament

from swissdesk.model.tournament import Tournament
from swissdesk.reports import KINDS, render
from swissdesk.reports.fonts import ARABIC_REGULAR, BOLD, CJK, DEVANAGARI_REGULAR, REGULAR
from swissdesk.reports.scripts import layout_runs, missing_characters, text_width

WORLD_NAMES = {
    1: "王小明 Wang Xiaoming",
    2: "山田 太郎",
    3: "محمد الشمري",
    4: "David דוד בן-גוריון",
    5: "विश्वनाथन आनंद",
    6: "สมชาย ใจดี",
    7: "Nguyễn Thị Ánh",
}
OTHER_SCRIPTS = ["ნინო გურიელი", "Տիգրան Պետրոսյան", "Иван Петров", "Γεώργιος Παπαδόπουλος",
                 "김민수", "Łódź Ćwik"]  # fmt: skip
EVENT = "Open 2026 — أولمبياد Ջերմուկ თბილისი"



def phone_codes(kind: str, tournament: object) -> dict[int, str] | None:
    """The code slips (issue 35) print the players who have a personal code: all of them."""
    if kind != "codes":
        return None
    return {p.tpn: f"ACD{p.tpn:03d}" for p in tournament.players}  # type: ignore[attr-defined]

def world_tournament() -> Tournament:
    t = multilingual_tournament()
    players = tuple(dataclasses.replace(p, name=WORLD_NAMES[p.tpn]) for p in t.players)
    return dataclasses.replace(
        t, players=players, info=dataclasses.replace(t.info, name=EVENT)
    )


def _read_back(path: Path) -> str:
    """The document's text, compatibility-composed (Arabic presentation forms -> letters)."""
    text = "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)
    return unicodedata.normalize("NFKC", text)


def _printed(word: str, text: str) -> bool:
    """``word`` is in ``text`` in logical order or, for a right-to-left word, in visual
    (reversed) order, as extraction may give it; a Devanagari word may come back with its
    pre-base vowel sign (ि) first, where it is drawn (same characters, visual order)."""
    word = unicodedata.normalize("NFKC", word)
    if word in text or word[::-1] in text:
        return True
    return "\u093f" in word and sorted(word) in (sorted(t) for t in text.split())


@pytest.mark.parametrize("kind", KINDS)
def test_names_in_every_script_read_back_from_each_document(kind: str, tmp_path: Path) -> None:
    out = render(kind, world_tournament(), tmp_path / f"{kind}.pdf", codes=phone_codes(kind, world_tournament()))
    text = _read_back(out)
    names = [WORLD_NAMES[tpn] for tpn in (1, 2, 3, 4, 5, 6, 7)]
    if kind in ("boards", "slips"):
        names = [n for tpn, n in WORLD_NAMES.items() if tpn != 5]  # no. 5 has the PAB
    if kind == "norms":
        names = []  # no norm after two rounds: only the event prints (see tests/norms)
    for name in names:
        for word in name.split():
            assert _printed(word, text), (kind, word, text[:400])
    assert all(_printed(w, text) for w in EVENT.split()), text[:200]


@pytest.mark.parametrize("name", [*WORLD_NAMES.values(), *OTHER_SCRIPTS, EVENT])
def test_every_character_printed_is_in_its_fonts_character_map(name: str) -> None:
    assert missing_characters(name) == set()
    assert missing_characters(name, bold=True) == set()


def test_fallback_fonts_chosen_by_script() -> None:
    fonts = {run.text.strip(): run.font for run in layout_runs("王小明 محمد विश्वनाथन Ali")}
    assert fonts["王小明"] == CJK
    assert fonts["محمد"] == ARABIC_REGULAR
    assert fonts["विश्वनाथन"] == DEVANAGARI_REGULAR
    assert fonts["Ali"] == REGULAR


def test_right_to_left_words_are_laid_out_right_to_left_with_latin_and_numbers_inside() -> None:
    # UAX #9: an Arabic line puts its first word at the right; a left-to-right line keeps
    # Latin first and turns the Arabic part (with the number after it) around.
    visual = [run.text for run in layout_runs("محمد الشمري") if run.text.strip()]
    assert visual == ["الشمري", "محمد"]
    assert all(run.rtl for run in layout_runs("محمد الشمري") if run.text.strip())
    visual = [run.text.strip() for run in layout_runs("Ali علي 2026") if run.text.strip()]
    assert visual == ["Ali", "2026", "علي"]
    visual = [run.text.strip() for run in layout_runs("David דוד בן-גוריון") if run.text.strip()]
    assert visual == ["David", "דוד בן-גוריון"]  # one right-to-left run, turned by HarfBuzz
    assert layout_runs("David דוד בן-גוריון")[-1].rtl


def test_shaped_arabic_is_narrower_than_its_isolated_letters() -> None:
    # Joined letters: the shaped width differs from the sum of isolated forms.
    joined = text_width("الشمري", REGULAR, 10)
    isolated = sum(text_width(ch, REGULAR, 10) for ch in "الشمري")
    assert joined != pytest.approx(isolated)


def test_latin_text_is_measured_as_before() -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    for text in ("Łukasz Ćwik", "Иван Петров", "Nguyễn Thị Ánh"):
        assert text_width(text, BOLD, 9) == pytest.approx(stringWidth(text, BOLD, 9))
