"""Issue 27, items 3 and 4: right-to-left and mixed text on paper, and the text layer of
shaped names.

Item 3: in an Arabic "Surname, Given" name the comma sat beside the given name; a result
slip printed the pairing number to the right of an Arabic name; a heading mixing Latin and
Arabic printed "Altstetten" with the discretionary "st" ligature (U+FB06); a match heading
whose first team is Arabic was mirrored. Every field now has its own direction (UAX #9
isolates), numbers and columns stay in table order, and no discretionary ligature is used.

Item 4: Devanagari and Thai names were drawn right but could not be found in the PDF
("शर्मा" extracted as "शमार्", "ศรีสุข" split). Every printed name is read back from every
document, by pypdf (content order) and, where poppler-utils is installed, by pdftotext
(positions, ``/ActualText``).
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from report_test_support import multilingual_tournament, pdf_pages

from swissdesk.model.tournament import Tournament
from swissdesk.reports import KINDS, render
from swissdesk.reports.scripts import _shaped, isolate, layout_runs

MIXED = {
    1: "Sharma, शर्मा",
    2: "ศรีสุข, สมชาย",
    3: "الشمري, محمد",
    4: "Zürich Altstetten",
    5: "विश्वनाथन आनंद",
    6: "כהן, דוד",
    7: "علاء عبد الله, أحمد",
}
LEFT_TO_RIGHT = (1, 2, 4, 5)
EVENT = "Altstetten Open — كأس الأندية"



def phone_codes(kind: str, tournament: object) -> dict[int, str] | None:
    """The code slips (issue 35) print the players who have a personal code: all of them."""
    if kind != "codes":
        return None
    return {p.tpn: f"ACD{p.tpn:03d}" for p in tournament.players}  # type: ignore[attr-defined]

def mixed_tournament() -> Tournament:
    t = multilingual_tournament()
    players = tuple(dataclasses.replace(p, name=MIXED[p.tpn]) for p in t.players)
    return dataclasses.replace(t, players=players, info=dataclasses.replace(t.info, name=EVENT))


def _printed_names(kind: str) -> list[int]:
    if kind == "norms":
        return []  # no norm in two rounds: only the event prints (the certificate's names:
        # tests/reports/test_report_norms.py)
    return [tpn for tpn in MIXED if not (kind == "slips" and tpn == 5)]  # 5 has the PAB


def _words(name: str) -> list[str]:
    return name.replace(",", " ").split()


def _pypdf_text(path: Path) -> str:
    return unicodedata.normalize("NFC", "\n".join(p.extract_text() for p in PdfReader(path).pages))


@pytest.mark.parametrize("kind", KINDS)
def test_every_printed_name_is_extracted_as_typed(kind: str, tmp_path: Path) -> None:
    """Left-to-right names (Devanagari, Thai, Latin) come back whole; right-to-left names
    word by word, each word in its letters' order (never the presentation forms)."""
    text = _pypdf_text(render(kind, mixed_tournament(), tmp_path / f"{kind}.pdf", codes=phone_codes(kind, mixed_tournament())))
    for tpn in _printed_names(kind):
        if tpn in LEFT_TO_RIGHT:
            assert MIXED[tpn] in text, (kind, MIXED[tpn])
        else:
            for word in _words(MIXED[tpn]):
                assert word in text, (kind, word)
    assert "\ufb06" not in text and "Altstetten" in text


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils (pdftotext)")
@pytest.mark.parametrize("kind", KINDS)
def test_every_printed_name_is_found_by_pdftotext(kind: str, tmp_path: Path) -> None:
    """poppler reads by position and honours ``/ActualText``: the reph of शर्मा, drawn
    last, and Thai marks above and below the line come back in the name's order."""
    out = render(kind, mixed_tournament(), tmp_path / f"{kind}.pdf", codes=phone_codes(kind, mixed_tournament()))
    done = subprocess.run(["pdftotext", "-enc", "UTF-8", str(out), "-"], capture_output=True,
                          text=True, check=True)  # fmt: skip
    text = unicodedata.normalize("NFC", done.stdout)
    for tpn in _printed_names(kind):
        for word in _words(MIXED[tpn]):
            assert word in text, (kind, word, text[:300])
    assert "\ufb06" not in text


def test_devanagari_reph_is_written_in_the_names_order() -> None:
    """शर्मा: HarfBuzz draws श, म, ा and then the reph (र्) above them; the page writes
    श, र्, म, ा (and says so in /ActualText)."""
    run = next(r for r in layout_runs("शर्मा"))
    shaped = _shaped(run, 10)
    assert shaped is not None
    visual = [ord(g.char) for g in shaped.glyphs]
    assert visual[:3] == [0x936, 0x92E, 0x93E] and visual[3] >= 0xE000  # the reph last


def test_comma_of_an_arabic_surname_stays_with_the_surname() -> None:
    """ "الشمري, محمد" (Surname, Given): read right to left, the comma follows the surname,
    so drawn left to right it is محمد, space, comma, الشمري: the comma touches the surname."""
    runs = [r for r in layout_runs("الشمري, محمد")]
    assert [r.text for r in runs] == ["محمد", ", ", "الشمري"]
    assert all(r.rtl for r in runs)
    punctuation = _shaped(runs[1], 10)
    assert punctuation is not None
    assert [g.char for g in punctuation.glyphs] == [" ", ","]  # turned with the Arabic


def test_isolated_fields_keep_their_order_and_their_own_direction() -> None:
    """A number before an Arabic name stays left of it; two team names keep their order."""
    runs = [r.text.strip() for r in layout_runs(f"3  {isolate('الشمري, محمد')}") if r.text.strip()]
    assert runs[0] == "3" and runs[1:] == ["محمد", ",", "الشمري"]
    heading = f"{isolate('الشمري الرياض')} – {isolate('Kings 6')}"
    runs = [r.text.strip() for r in layout_runs(heading) if r.text.strip()]
    assert runs == ["الرياض", "الشمري", "– Kings 6"]  # first team on the left
    unisolated = [r.text.strip() for r in layout_runs("الشمري الرياض – Kings 6") if r.text.strip()]
    assert unisolated[0] == "Kings 6"  # what a plain string does: a right-to-left line
    assert isolate("Zürich Altstetten") == "Zürich Altstetten"  # nothing to isolate


def test_result_slip_prints_the_pairing_number_left_of_an_arabic_name(tmp_path: Path) -> None:
    out = render("slips", mixed_tournament(), tmp_path / "slips.pdf")
    cells = [c for row in pdf_pages(out)[0] for c in row]
    number = next(c for c in cells if c.text.startswith("3") and "2450" not in c.text)
    arabic = [c for c in cells if "الشمري" in c.text or "محمد" in c.text]
    assert arabic and all(number.x < c.x for c in arabic)


def test_team_match_heading_keeps_the_first_team_on_the_left(tmp_path: Path) -> None:
    from swissdesk.reports.team import render_match_sheets, round_matches
    from swissdesk.trf.team_records import read_team_trf

    event = read_team_trf(Path(__file__).resolve().parents[1] / "trf" / "team_hand.trf")
    first, second = round_matches(event.tournament, 1)[0]
    names = {first: "الشمري الرياض", second: "Zürich Altstetten"}
    teams = tuple(dataclasses.replace(t, name=names.get(t.tpn, t.name)) for t in
                  event.tournament.players)  # fmt: skip
    event = dataclasses.replace(event, tournament=event.tournament.with_players(teams))
    out = render_match_sheets(event, tmp_path / "sheets.pdf", round_number=1)
    page = pdf_pages(out)[0]
    heading = next(row for row in page if row and row[0].text.startswith("Match 1"))
    texts = [c.text for c in heading]
    arabic = next(i for i, t in enumerate(texts) if "الرياض" in t or "الشمري" in t)
    latin = next(i for i, t in enumerate(texts) if "Altstetten" in t)
    assert arabic < latin, texts
    assert "\ufb06" not in "".join(texts)


def test_reportlab_paragraphs_never_use_discretionary_ligatures() -> None:
    from reportlab.pdfbase import ttfonts

    import swissdesk.reports.scripts  # noqa: F401  (sets the features)

    defaults = ttfonts.shapeFragWord.__defaults__
    assert defaults is not None and not defaults[0].get("dlig")
