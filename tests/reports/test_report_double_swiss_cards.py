"""Pairing cards of a Double-Swiss event (C.04.5): the float column follows art. 1.5 (a
floater plays a match against an opponent with a different score: the higher one
downfloats, the other upfloats), so a PAB, a bye or a match ended by forfeit is no float,
unlike the individual systems (C.04.3 art. 1.4.3); the result column is the match score."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from swissdesk.reports.boards import render_boards
from swissdesk.reports.cards import render_cards
from swissdesk.reports.fonts import BOLD, REGULAR
from swissdesk.trf.reader import parse_trf

# swissdesk generate --system double-swiss --players 5 --rounds 2 --seed 1: round 1 no. 5
# has the PAB; round 2 no. 1 (2 points) meets no. 5 (1½), no. 4 the PAB, no. 2 an HPB.
TRF = """\
012 swissdesk random tournament (seed 1)
142 4
162  P 1.5
XXS W=1.0 D=0.5 L=0.0 FW=1.0 FL=0.0 ZPB=0.0 HPB=1.0 FPB=2.0 PAB=1.5
192 FIDE_DOUBLE_SWISS_2026
001    1      Random0001, Player                2137                             4.0    1     3 b 1     3 w 1     5 w 1     5 b 1
001    2      Random0002, Player                1789                             2.5    2     4 w 1     4 b =  0000 - H
001    3      Random0003, Player                1730                             0.0    5     1 w 0     1 b 0  0000 - Z
001    4      Random0004, Player                1520                             2.0    3     2 b 0     2 w =  0000 - U
001    5      Random0005, Player                1328                             1.5    4  0000 - U               1 b 0     1 w 0
"""


def card_lines(tmp_path: Path) -> dict[int, list[str]]:
    pdf = render_cards(parse_trf(TRF), tmp_path / "cards.pdf")
    words = PdfReader(pdf).pages[0].extract_text().split("\n")
    cards: dict[int, list[str]] = {}
    start = [i for i, w in enumerate(words) if w == "Score"]
    for k, i in enumerate(start):
        end = start[k + 1] - 9 if k + 1 < len(start) else len(words) - 2
        cards[k + 1] = words[i + 1 : end]
    return cards


def test_c045_art_1_5_float_only_in_a_match_between_different_scores(tmp_path: Path) -> None:
    cards = card_lines(tmp_path)
    assert "↑" in cards[5] and "↓" not in cards[5]  # round 1 PAB: no float; round 2 up
    assert "↓" in cards[1] and "↑" not in cards[1]  # round 2: 2 points against 1½
    assert "↓" not in cards[4] and "↓" not in cards[2]  # a PAB, an HPB: no float
    assert all("↑" not in cards[t] and "↓" not in cards[t] for t in (2, 3, 4))


def test_c045_card_result_column_is_the_match_score(tmp_path: Path) -> None:
    cards = card_lines(tmp_path)
    # Card of no. 1: round 1 against no. 3 with Black, won 2-0, score 2; round 2 the same.
    assert cards[1] == [
        *("1", "3", "Random0003, Player", "B", "2", "2"),
        *("2", "5", "Random0005, Player", "W", "↓", "2", "4"),
    ]
    assert cards[4][:7] == ["1", "2", "Random0002, Player", "B", "½", "½", "2"]


def test_c045_board_list_keeps_both_games_clear_of_the_scores(tmp_path: Path) -> None:
    """The result column holds the match and both games: they must not run into the score
    columns beside (``2½1 - 0  1 - 02½`` in a narrow column); a note says how the games
    read (issue 27: all from the White player's side, the match score first)."""
    pdf = render_boards(parse_trf(TRF), tmp_path / "boards.pdf", round_number=2)
    page = PdfReader(pdf).pages[0]
    spans: list[tuple[str, float, float, float]] = []  # text, x, y, font size

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
            spans.append((text.strip(), x, round(y, 1), size * tm[0]))

    text = page.extract_text(visitor_text=visit)
    assert "all from the White player's side" in text
    (result, res_x, y, size) = next(sp for sp in spans if sp[0] == "2 – 0 (1:0, 1:0)")
    row = {t: x for t, x, y2, _ in spans if y2 == y}  # board 1: Pts 2, result, Pts 1½
    pts_x, other_x = row["2"], row["1½"]
    assert result == "2 – 0 (1:0, 1:0)"  # game 2 was 0-1 in its own colours
    assert res_x >= pts_x + stringWidth("2", REGULAR, size) + 2
    assert res_x + stringWidth(result, BOLD, size) + 2 <= other_x


def test_issue_27_long_names_print_whole_on_the_double_swiss_board_list(tmp_path: Path) -> None:
    """The result column holding a whole match left the names little room: they were cut
    ("Papadopoulou-Kon…") although the page had room (two empty title columns, a result
    column wider than its results). Now the title columns go when nobody has a title, the
    result column is as wide as its results, and a slightly smaller font (not below 7½
    points) keeps a long name whole."""
    from dataclasses import replace

    t = parse_trf(TRF)
    long_names = {1: "Fernández de la Vega, María José", 5: "Papadopoulou, Alexandra"}
    players = tuple(replace(p, name=long_names.get(p.tpn, p.name)) for p in t.players)
    pdf = render_boards(replace(t, players=players), tmp_path / "b.pdf", round_number=2)
    text = PdfReader(pdf).pages[0].extract_text()
    assert all(name in text for name in long_names.values()), text[:300]
    assert "…" not in text and "Tit" not in text
