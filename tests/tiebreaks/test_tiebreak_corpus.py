"""Every value of FIDE TEC's reference tie-break checker for the complete corpus tournaments.

``shared/corpus/tiebreaks/*.csv`` (beside the repository) holds what TieBreakServer computes
under C.07 (2026) for ``shared/corpus/dutch-full/*.trf``: points and BH, BH/C1, BH/M1, SB,
SB/C1, ARO, TPR, PTP, AOB, FB, DE, WIN, WON, BPG, BWG, PS, REP, STD, KS. DE there is the
position within the group tied on points (0: not separated), which is what swissdesk shows.
Values are compared as numbers (the checker prints an untouched zero KS as ``0``).
"""

from __future__ import annotations

import csv
from decimal import Decimal
from pathlib import Path

import pytest

from swissdesk.tiebreaks import compute_standings

CORPUS = (Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus").resolve()
CSV_FILES = sorted((CORPUS / "tiebreaks").glob("*.csv"))
CODES = [
    "BH", "BH/C1", "BH/M1", "SB", "SB/C1", "ARO", "TPR", "PTP", "AOB", "FB",
    "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "KS",
]  # fmt: skip


def _compare(csv_path: Path) -> tuple[int, list[str]]:
    from swissdesk.trf import read_trf

    tournament = read_trf(CORPUS / "dutch-full" / (csv_path.stem + ".trf"))
    mine: dict[int, dict[str, str]] = {}
    # Every tie-break except DE is independent of the others: one run for all of them.
    for row in compute_standings(tournament, CODES).rows:
        mine[row.tpn] = {"points": row.points_display}
        mine[row.tpn].update({v.code: v.display for v in row.values})
    # DE ranks inside the groups tied on points only: its own run, as the checker's.
    for row in compute_standings(tournament, ["DE"]).rows:
        mine[row.tpn]["DE"] = row.values[0].display
    agreed = 0
    differences: list[str] = []
    with csv_path.open(newline="") as handle:
        for expected in csv.DictReader(handle):
            tpn = int(expected["pairing_number"])
            for column in ["points", *CODES, "DE"]:
                if Decimal(mine[tpn][column]) == Decimal(expected[column]):
                    agreed += 1
                else:
                    differences.append(
                        f"{csv_path.stem} TPN {tpn} {column}: "
                        f"checker {expected[column]}, swissdesk {mine[tpn][column]}"
                    )
    return agreed, differences


@pytest.mark.skipif(not CSV_FILES, reason=f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({CORPUS})")
def test_every_reference_value_agrees() -> None:
    pytest.importorskip("swissdesk.trf", reason="the TRF reader is not there yet")
    agreed = 0
    differences: list[str] = []
    for path in CSV_FILES:
        ok, diffs = _compare(path)
        agreed += ok
        differences.extend(diffs)
    total = agreed + len(differences)
    print(f"tie-break corpus: {agreed}/{total} values agree over {len(CSV_FILES)} tournaments")
    assert not differences, f"{len(differences)} of {total} differ:\n" + "\n".join(differences[:40])
