"""Every printed document, read back from the PDF: the right names, boards, results and
totals in the right rows, any alphabet, headers and page numbers on every page."""

from __future__ import annotations

import math
import unicodedata
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from report_test_support import (
    NAMES,
    all_text,
    corpus_file,
    find_row,
    multilingual_tournament,
    pdf_pages,
    row_texts,
)

from swissdesk.errors import InputError
from swissdesk.lists.board_order import board_result, boards_of_round
from swissdesk.lists.crosstable import score_text
from swissdesk.reports import KINDS, RANKED_KINDS, render
from swissdesk.trf import read_trf

COMPOSED = {tpn: unicodedata.normalize("NFC", name) for tpn, name in NAMES.items()}


def _round_for(kind: str) -> int:
    return 2 if kind in RANKED_KINDS else 3


@pytest.mark.parametrize("kind", KINDS)
def test_every_alphabet_prints_with_the_embedded_font(kind: str, tmp_path: Path) -> None:
    t = multilingual_tournament()
    # The code slips print the players who have a personal code (issue 35): all of them.
    codes = {p.tpn: f"ACD{p.tpn:03d}" for p in t.players} if kind == "codes" else None
    out = render(kind, t, tmp_path / f"{kind}.pdf", round_number=_round_for(kind), codes=codes)
    text = all_text(out)
    expected = dict(COMPOSED)
    if kind == "slips":
        del expected[5]  # the PAB has no board, hence no slip
    if kind == "norms":
        expected = {}  # no norm after two rounds: only the event prints (see tests/norms)
    for name in expected.values():
        assert name in text, f"{name} missing from the {kind} document"
    assert "Międzynarodowy Open Kraków 2026" in text
    fonts = set()
    for page in PdfReader(str(out)).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    assert fonts and all("DejaVuSans" in f for f in fonts), fonts


def test_names_typed_with_combining_accents_print_composed(tmp_path: Path) -> None:
    out = render("boards", multilingual_tournament(), tmp_path / "b.pdf", round_number=3)
    raw = "\n".join(p.extract_text() for p in PdfReader(str(out)).pages)
    assert "Nguyễn Thị Ánh" in raw  # precomposed, as typed in this source file
    assert unicodedata.normalize("NFD", "Nguyễn") not in raw


def test_board_list_rows(tmp_path: Path) -> None:
    t = multilingual_tournament()
    page = pdf_pages(render("boards", t, tmp_path / "b.pdf", round_number=3))[0]
    assert find_row(page, "Bd") == [
        "Bd", "No.", "Tit", "White", "Rtg", "Pts", "Result", "Pts", "Tit", "Black", "Rtg", "No.",
    ]  # fmt: skip
    # Round 3 has no results yet: the result column is blank.
    assert find_row(page, "1") == [
        "1",
        "1",
        "GM",
        COMPOSED[1],
        "2550",
        "2",
        "1",
        COMPOSED[3],
        "2450",
        "3",
    ]
    assert find_row(page, "2") == [
        "2",
        "4",
        COMPOSED[4],
        "2400",
        "1½",
        "1",
        "IM",
        COMPOSED[2],
        "2500",
        "2",
    ]
    assert find_row(page, "3") == [
        "3",
        "6",
        COMPOSED[6],
        "2300",
        "0",
        "1",
        COMPOSED[7],
        "2250",
        "7",
    ]
    assert find_row(page, "5") == ["5", COMPOSED[5], "2350", "1", "pairing-allocated bye", "1"]


def test_board_list_with_results_filled_in(tmp_path: Path) -> None:
    t = multilingual_tournament()
    page = pdf_pages(render("boards", t, tmp_path / "b.pdf", round_number=2))[0]
    # Scores before round 2: 1, 2 and 4 on 1 point; 3 and 7 on ½; 5 and 6 on 0.
    assert find_row(page, "1") == [
        "1",
        "2",
        "IM",
        COMPOSED[2],
        "2500",
        "1",
        "0 - 1",
        "1",
        "GM",
        COMPOSED[1],
        "2550",
        "1",
    ]
    assert find_row(page, "2") == [
        "2",
        "7",
        COMPOSED[7],
        "2250",
        "½",
        "½ - ½",
        "1",
        COMPOSED[4],
        "2400",
        "4",
    ]
    assert find_row(page, "3") == [
        "3",
        "5",
        "FM",
        COMPOSED[5],
        "2350",
        "0",
        "+ - -",
        "0",
        COMPOSED[6],
        "2300",
        "6",
    ]
    assert ["3", COMPOSED[3], "2450", "½", "half-point bye", "½"] in [row_texts(r) for r in page]


def test_alphabetical_list_tells_each_player_where_to_play(tmp_path: Path) -> None:
    page = pdf_pages(
        render("alphabetical", multilingual_tournament(), tmp_path / "a.pdf", round_number=3)
    )[0]
    names = [r[0].text for r in page[3:10]]
    # Accents and case ignored: Ağaoğlu, Łukasz (under L), Nguyễn, Søren, Zoë; then other scripts.
    assert names == [
        COMPOSED[7],
        COMPOSED[1],
        COMPOSED[4],
        COMPOSED[5],
        COMPOSED[6],
        COMPOSED[3],
        COMPOSED[2],
    ]
    assert find_row(page, COMPOSED[1]) == [COMPOSED[1], "1", "2", "1", "White", "3", COMPOSED[3]]
    assert find_row(page, COMPOSED[2]) == [COMPOSED[2], "2", "1", "2", "Black", "4", COMPOSED[4]]
    assert find_row(page, COMPOSED[5]) == [COMPOSED[5], "5", "1", "–", "pairing-allocated bye (1)"]


def test_pairing_cards_show_opponent_colour_float_result_and_score(tmp_path: Path) -> None:
    pages = pdf_pages(
        render("cards", multilingual_tournament(), tmp_path / "c.pdf", round_number=3)
    )
    rows = [row_texts(r) for r in pages[0]]
    # Cards 3 (left) and 4 (right) side by side. Card 4: PAB in round 1 (a downfloat,
    # C.04.3 art. 1.4.3), Black against 7 in round 2 with more points (a downfloat), White
    # against 2 in round 3 (no result yet). Card 3: a half-point bye in round 2 (downfloat).
    start = rows.index([COMPOSED[3], COMPOSED[4]])
    assert rows[start + 1] == ["3", "4"]
    # Each round names the opponent too (issue 27: cards showed only numbers).
    assert rows[start + 4] == ["Rd", "Opp.", "Opponent", "Col", "Float", "Res", "Score"] * 2
    assert rows[start + 5] == ["1", "7", COMPOSED[7], "W", "½", "½", "1", "–", "↓", "PAB", "1"]
    assert rows[start + 6] == [
        *("2", "–", "↓", "bye ½", "1"),
        *("2", "7", COMPOSED[7], "B", "↓", "½", "1½"),
    ]
    assert rows[start + 7] == ["3", "1", COMPOSED[1], "B", "3", "2", COMPOSED[2], "W"]
    assert rows[start + 8] == ["4", "4"]  # rounds to come: blank lines to fill in by hand


def test_standings_share_places_as_a_range(tmp_path: Path) -> None:
    t = multilingual_tournament()
    page = pdf_pages(render("standings", t, tmp_path / "s.pdf", round_number=2, tiebreaks=[]))[0]
    header = find_row(page, "Rk")
    assert header == ["Rk", "No.", "Tit", "Name", "FED", "Rtg", "Pts"]
    body = [row_texts(r) for r in page if r[0].text[:1].isdigit() and len(r) >= 5]
    assert [(r[0], r[-1]) for r in body] == [
        ("1", "2"), ("2", "1½"), ("3-6", "1"), ("3-6", "1"), ("3-6", "1"), ("3-6", "1"),
        ("7", "0"),
    ]  # fmt: skip: points with ½ (issue 38), in every language


def test_standings_with_tiebreak_columns(tmp_path: Path) -> None:
    t = multilingual_tournament()
    page = pdf_pages(render("standings", t, tmp_path / "s.pdf", round_number=2))[0]
    assert find_row(page, "Rk")[-3:] == ["BH/C1", "BH", "SB"]  # the tournament's tie-breaks
    assert find_row(page, "1") == [
        "1",
        "1",
        "GM",
        COMPOSED[1],
        "POL",
        "2550",
        "2",
        "1.0",
        "2.0",
        "2.00",
    ]  # the points with ½; the tie-breaks with their decimals (issue 38)


def test_cross_table_rows_refer_to_opponents_by_line(tmp_path: Path) -> None:
    out = render("crosstable", multilingual_tournament(), tmp_path / "x.pdf", round_number=2)
    reader = PdfReader(str(out))
    box = reader.pages[0].mediabox
    assert box.width > box.height  # landscape
    page = pdf_pages(out)[0]
    assert find_row(page, "Rk")[:12] == [
        "Rk",
        "No.",
        "Name",
        "Tit",
        "FED",
        "Rtg",
        "1",
        "2",
        "3",
        "4",
        "5",
        "Pts",
    ]
    # Line 1 (TPN 1) beat TPN 5 (line 4) with White, then TPN 2 (line 3) with Black.
    assert find_row(page, "1")[:9] == [
        "1",
        "1",
        COMPOSED[1],
        "GM",
        "POL",
        "2550",
        "4w1",
        "3b1",
        "2",
    ]
    assert find_row(page, "2")[:8] == ["2", "4", COMPOSED[4], "VIE", "2400", "PAB", "5b½", "1½"]
    assert find_row(page, "7")[:8] == ["7", "6", COMPOSED[6], "GER", "2300", "3w0", "4b-", "0"]


def test_result_slips_one_per_board(tmp_path: Path) -> None:
    out = render("slips", multilingual_tournament(), tmp_path / "r.pdf", round_number=3)
    rows = [row_texts(r) for r in pdf_pages(out)[0]]
    boards = [r for r in rows if r and r[0] == "Round 3" and r[-1].startswith("Board ")]
    assert [r[-1] for r in boards] == ["Board 1", "Board 2", "Board 3"]
    assert ["1  " + COMPOSED[1], "2550", "3  " + COMPOSED[3], "2450"] in rows
    assert sum(r == ["Signature", "Signature"] for r in rows) == 3


@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
@pytest.mark.parametrize("kind", KINDS)
def test_paper_sizes(kind: str, paper: str, size: tuple[int, int], tmp_path: Path) -> None:
    out = render(
        kind,
        multilingual_tournament(),
        tmp_path / "p.pdf",
        paper=paper,
        round_number=_round_for(kind),
    )
    box = PdfReader(str(out)).pages[0].mediabox
    got = sorted((round(float(box.width)), round(float(box.height))))
    assert got == sorted(size)
    assert (box.width > box.height) == (kind == "crosstable")


# --- corpus tournaments -------------------------------------------------------------------


def test_corpus_board_list_pages_numbers_and_results(tmp_path: Path) -> None:
    trf = corpus_file("dutch-full/dutch-0017-n183-r05-default.trf")
    t = read_trf(trf)
    out = render("boards", t, tmp_path / "b.pdf", round_number=4)
    pages = pdf_pages(out)
    boards = boards_of_round(t, 4)
    assert 2 <= len(pages) <= math.ceil(len(boards) / 30) + 1
    seen: list[list[str]] = []
    for number, page in enumerate(pages, start=1):
        texts = [row_texts(r) for r in page]
        assert texts[0][0] == t.info.name or texts[0][0].startswith("AutoTest")
        assert texts[-1][-1] == f"Page {number} of {len(pages)}"
        # (No player of this corpus file has a title: the empty title columns are left out.)
        assert ["Bd", "No.", "White", "Rtg", "Pts", "Result", "Pts", "Black", "Rtg", "No."] in texts
        seen += [r for r in texts if r and r[0].isdigit() and len(r) >= 10]
    assert [int(r[0]) for r in seen] == [b.number for b in boards]
    for row, board in zip(seen, boards, strict=True):
        assert int(row[1]) == board.white and int(row[-1]) == board.black
        assert board_result(board) in row


def test_corpus_standings_totals_and_repeated_headers(tmp_path: Path) -> None:
    t = read_trf(corpus_file("dutch-full/dutch-0017-n183-r05-default.trf"))
    out = render("standings", t, tmp_path / "s.pdf")
    pages = pdf_pages(out)
    assert 3 <= len(pages) <= 6
    points: dict[int, str] = {}
    for number, page in enumerate(pages, start=1):
        texts = [row_texts(r) for r in page]
        assert texts[1][-1].startswith("after round 5")
        assert texts[2][:4] == ["Rk", "No.", "Tit", "Name"]  # header repeated on every page
        assert texts[-1][-1] == f"Page {number} of {len(pages)}"
        tiebreaks = len(texts[2]) - texts[2].index("Pts") - 1
        for r in texts[3:-1]:
            if r[0][:1].isdigit() and len(r) > 8:
                points[int(r[1])] = r[-tiebreaks - 1]
    assert len(points) == len(t.players)
    for p in t.players:
        assert p.declared_points is not None
        # Points with ½ (issue 38): "13½", "3".
        assert points[p.tpn] == score_text(p.declared_points), p.tpn


def test_corpus_cross_table_eleven_rounds_fit(tmp_path: Path) -> None:
    t = read_trf(corpus_file("dutch-full/dutch-0005-n040-r11-default.trf"))
    out = render("crosstable", t, tmp_path / "x.pdf")
    pages = pdf_pages(out)
    header = [row_texts(r) for r in pages[0]][2]
    assert header[:3] == ["Rk", "No.", "Name"]
    assert header[6:18] == [str(r) for r in range(1, 12)] + ["Pts"]
    lines = [row_texts(r) for page in pages for r in page if r[0].text.isdigit() and len(r) > 15]
    assert len(lines) == 40
    line_of = {int(r[1]): int(r[0]) for r in lines}
    for r in lines:
        player = t.player(int(r[1]))
        assert player.declared_points is not None
        # No titles or federations in this file: Rk, No., Name, Rtg, 11 rounds, Pts, 4 TBs.
        assert len(r) == 20
        assert r[15] == score_text(player.declared_points)
        entry = player.entry(1)
        assert entry is not None and entry.opponent is not None
        assert r[4].startswith(
            f"{line_of[entry.opponent]}{entry.colour.value if entry.colour else ''}"
        )


def test_corpus_cards_every_player_once(tmp_path: Path) -> None:
    t = read_trf(corpus_file("dutch-full/dutch-0005-n040-r11-default.trf"))
    out = render("cards", t, tmp_path / "c.pdf")
    heads: list[str] = []  # the names at the head of the cards (bold, 10 pt)

    def visit(text: str, cm: object, tm: list[float], font: object, size: float) -> None:
        if text.strip() and size * tm[0] == 10:
            heads.append(text.strip())

    for page in PdfReader(str(out)).pages:
        page.extract_text(visitor_text=visit)
    names = [p.name for p in t.players]
    assert sorted(h for h in heads if h in names) == sorted(names)  # each card once
    text = all_text(out)
    assert all(text.count(p.name) > 1 for p in t.players)  # and named as an opponent
    assert len(PdfReader(str(out)).pages) == math.ceil(40 / 6)


# --- errors an arbiter can make ------------------------------------------------------------


def test_unknown_kind_and_paper_are_refused(tmp_path: Path) -> None:
    t = multilingual_tournament()
    with pytest.raises(InputError, match="unknown document"):
        render("wallchart", t, tmp_path / "x.pdf")
    with pytest.raises(InputError, match="unknown paper"):
        render("boards", t, tmp_path / "x.pdf", paper="a3")


def test_failed_print_keeps_the_previous_file(tmp_path: Path) -> None:
    out = tmp_path / "pairings.pdf"
    out.write_bytes(b"previous pairings")
    with pytest.raises(InputError, match="round 4 has not been paired"):
        render("boards", multilingual_tournament(), out, round_number=4)
    assert out.read_bytes() == b"previous pairings"
    assert [p.name for p in tmp_path.iterdir()] == ["pairings.pdf"]


def test_unknown_tiebreak_is_a_message(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="unknown tie-break"):
        render("standings", multilingual_tournament(), tmp_path / "s.pdf", tiebreaks=["XYZ"])


def test_missing_folder_is_a_message(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        render("boards", multilingual_tournament(), tmp_path / "nowhere" / "b.pdf")


def test_header_shows_the_round_date_from_trf_record_132(tmp_path: Path) -> None:
    dates = "132" + " " * 88 + "26/11/20  26/11/21  26/11/22"
    t = replace(multilingual_tournament(), extra_records=(dates,))
    page = pdf_pages(render("boards", t, tmp_path / "b.pdf", round_number=2))[0]
    assert row_texts(page[1])[-1] == "Round 2   November 21, 2026"  # CLDR, issue 38


@pytest.mark.parametrize("kind", ["standings", "crosstable"])
def test_unfinished_round_cannot_be_ranked(kind: str, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="round 3 is not finished: 3 results missing"):
        render(kind, multilingual_tournament(), tmp_path / "s.pdf", round_number=3)
