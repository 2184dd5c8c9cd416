"""Helpers for the report tests: a small tournament with names in many alphabets, the shared
corpus location, and reading a PDF back as positioned text rows."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from swissdesk.model.tournament import (
    Colour,
    Player,
    ResultCode,
    RoundEntry,
    Tournament,
    TournamentInfo,
)

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"

NAMES = {
    1: "Łukasz Ćwik",
    2: "Иван Петров",
    3: "Γεώργιος Παπαδόπουλος",
    # Written with combining accents (NFD), as some exports do; must print composed.
    4: unicodedata.normalize("NFD", "Nguyễn Thị Ánh"),
    5: "Søren Ødegård",
    6: "Zoë Müller",
    7: "Ağaoğlu, Ahmet",
}
"""Pairing number -> name of the test tournament."""


def seeker_event() -> Tournament:
    """The GM norm of tests/norms (Case A: no. 1 scores 6½/9, Ra 2486, Rp 2652)."""
    from tests.norms import norm_support

    event: Tournament = norm_support.seeker_event(norm_support.CASE_A)
    return event


def corpus_file(name: str) -> Path:
    """A file of the shared corpus; the test is skipped when the corpus is absent."""
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({path})")
    return path


def _game(white: int, black: int, result: str) -> dict[int, RoundEntry]:
    """Entries of one game; ``result`` is from White's side: ``1``, ``=``, ``0``, ``+``, ``-``,
    or ``""`` for a game without a result yet."""
    mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "": " "}
    return {
        white: RoundEntry(black, Colour.WHITE, ResultCode(result or " ")),
        black: RoundEntry(white, Colour.BLACK, ResultCode(mirror[result])),
    }


def multilingual_tournament() -> Tournament:
    """Seven players, five rounds declared: rounds 1 and 2 played (a PAB, a forfeit, a
    requested half-point bye), round 3 paired with no results yet.

    Scores after round 2: 1: 2, 4: 1½, 2, 3, 5 and 7: 1, 6: 0. Round 3 boards by C.04.2
    art. 3.6: 1-3, 4-2, 6-7; 5 gets the PAB.
    """
    rounds: list[dict[int, RoundEntry]] = [{}, {}, {}]
    # Round 1: 1-5 1-0, 6-2 0-1, 3-7 ½-½, 4 PAB.
    rounds[0] |= _game(1, 5, "1") | _game(6, 2, "0") | _game(3, 7, "=")
    rounds[0][4] = RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE)
    # Round 2: 2-1 0-1, 7-4 ½-½, 5-6 won by forfeit; 3 half-point bye.
    rounds[1] |= _game(2, 1, "0") | _game(7, 4, "=") | _game(5, 6, "+")
    rounds[1][3] = RoundEntry.bye(ResultCode.HALF_POINT_BYE)
    # Round 3 (no results yet): 1-3, 4-2, 6-7; 5 PAB.
    rounds[2] |= _game(1, 3, "") | _game(4, 2, "") | _game(6, 7, "")
    rounds[2][5] = RoundEntry.bye(ResultCode.PAIRING_ALLOCATED_BYE)
    titles = {1: "GM", 2: "IM", 5: "FM"}
    players = tuple(
        Player(
            tpn=tpn,
            name=name,
            rating=2600 - 50 * tpn,
            title=titles.get(tpn, ""),
            federation=("POL", "RUS", "GRE", "VIE", "NOR", "GER", "TUR")[tpn - 1],
            fide_id=str(1000000 + tpn),
            rounds=tuple(rounds[r][tpn] for r in range(3)),
        )
        for tpn, name in NAMES.items()
    )
    return Tournament(
        players=players,
        total_rounds=5,
        info=TournamentInfo(
            name="Międzynarodowy Open Kraków 2026",
            city="Kraków",
            federation="POL",
            start_date="2026/11/20",
            end_date="2026/11/24",
        ),
        tiebreaks=("BH/C1", "BH", "SB"),
    )


@dataclass(frozen=True)
class Cell:
    x: float
    text: str


def pdf_pages(path: Path) -> list[list[list[Cell]]]:
    """Every page as rows of text cells, top to bottom, each row left to right."""
    pages: list[list[list[Cell]]] = []
    for page in PdfReader(str(path)).pages:
        found: list[tuple[float, float, str]] = []

        def visit(
            text: str,
            cm: list[float],
            tm: list[float],
            *_: object,
            found: list[tuple[float, float, str]] = found,
        ) -> None:
            if text.strip():
                x = tm[4] * cm[0] + cm[4]
                y = tm[5] * cm[3] + cm[5]
                found.append((round(y), x, text.strip()))

        page.extract_text(visitor_text=visit)
        rows: dict[int, list[Cell]] = {}
        for y, x, text in found:
            key = next((k for k in rows if abs(k - y) <= 2), y)
            rows.setdefault(key, []).append(Cell(x, text))
        pages.append([sorted(rows[y], key=lambda c: c.x) for y in sorted(rows, reverse=True)])
    return pages


def row_texts(row: list[Cell]) -> list[str]:
    return [c.text for c in row]


def all_text(path: Path) -> str:
    """The whole document's text, composed (NFC)."""
    text = "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)
    return unicodedata.normalize("NFC", text)


def find_row(page: list[list[Cell]], first: str) -> list[str]:
    """The row of ``page`` whose first cell is ``first``."""
    for row in page:
        if row and row[0].text == first:
            return row_texts(row)
    raise AssertionError(f"no row starting with {first!r}")
