"""The player's code as a QR code (issue 35): on the code slips and the pairing cards, with
the venue's address, a QR code of the player's own address (``/me?code=…``), read back from
the PDF module by module and compared with the code it must carry; no code on the cards
without codes given; the venue's ``/me`` leads on to check-in or the board."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import segno
from cli_support import club_event
from pypdf import PdfReader
from pypdf.generic import ContentStream
from starlette.testclient import TestClient

from swissdesk.cli import main
from swissdesk.reports.phones import phone_url
from swissdesk.storage import (
    IssueCodes,
    OpenCheckIn,
    OpenReporting,
    TournamentFile,
    TournamentSettings,
)
from swissdesk.venue.app import Hub, create_app
from swissdesk.venue.render import Renderer
from swissdesk.venue.source import Venue

URL = "http://192.168.1.20:8080/"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = club_event(tmp_path / "club.swissdesk")
    return path


def qr_codes_drawn(pdf: Path) -> list[set[tuple[int, int]]]:
    """Every QR code drawn on the first page, as its dark modules (row, column), in the
    order drawn: the small squares of one filled path each."""
    page = PdfReader(str(pdf)).pages[0]
    ops = ContentStream(page.get_contents(), page.pdf).operations
    found: list[set[tuple[int, int]]] = []
    rects: list[tuple[float, float, float]] = []
    for operands, op in ops:
        if op == b"re":
            x, y, w, h = (float(v) for v in operands)
            if abs(w - h) < 1e-6 and w < 5.0:  # a module: at most ~1.7 mm
                rects.append((x, y, w))
        elif op in (b"f", b"F", b"f*", b"B", b"b"):
            if len(rects) > 40:
                module = rects[0][2]
                left = min(r[0] for r in rects)
                top = max(r[1] for r in rects) + module
                found.append({(round((top - y - module) / module), round((x - left) / module))
                              for x, y, _ in rects})  # fmt: skip
            rects = []
    return found


def expected(text: str) -> set[tuple[int, int]]:
    matrix = segno.make(text, error="m", micro=False).matrix
    return {(r, c) for r, row in enumerate(matrix) for c, dark in enumerate(row) if dark}


def test_each_code_slip_carries_the_players_own_address_as_a_qr_code(
    event: Path, tmp_path: Path
) -> None:
    assert main(["codes", str(event)]) == 0
    with TournamentFile.open(event) as tf:
        codes = tf.player_codes()
    slips = tmp_path / "codes.pdf"
    assert main(["report", str(event), "--kind", "codes", "--venue-url", URL,
                 "-o", str(slips)]) == 0  # fmt: skip
    drawn = qr_codes_drawn(slips)
    assert drawn == [expected(f"{URL}me?code={codes[tpn]}") for tpn in sorted(codes)]
    assert phone_url(URL.rstrip("/"), "ACD346") == f"{URL}me?code=ACD346"
    text = PdfReader(str(slips)).pages[0].extract_text()
    assert "Scan the square" in text and f"{URL}report (your result)" in text


def test_pairing_cards_print_the_code_and_its_qr_code_only_when_codes_are_given(
    event: Path, tmp_path: Path
) -> None:
    plain = tmp_path / "plain.pdf"
    assert main(["report", str(event), "--kind", "cards", "--venue-url", URL,
                 "-o", str(plain)]) == 0  # fmt: skip
    assert qr_codes_drawn(plain) == [] and "Code " not in PdfReader(str(plain)).pages[0].extract_text()
    with TournamentFile.open(event) as tf:
        tf.execute(IssueCodes())
        codes = tf.player_codes()
    cards = tmp_path / "cards.pdf"
    assert main(["report", str(event), "--kind", "cards", "--venue-url", URL,
                 "-o", str(cards)]) == 0  # fmt: skip
    assert qr_codes_drawn(cards) == [expected(f"{URL}me?code={codes[t]}") for t in sorted(codes)]
    text = PdfReader(str(cards)).pages[0].extract_text()
    assert all(f"Code {c[:3]} {c[3:]}" in text for c in codes.values())
    # Without the venue's address the code is printed, no QR code.
    bare = tmp_path / "bare.pdf"
    assert main(["report", str(event), "--kind", "cards", "-o", str(bare)]) == 0
    assert qr_codes_drawn(bare) == []
    # The public check-in list never shows a code.
    listed = tmp_path / "checkin.pdf"
    assert main(["report", str(event), "--kind", "checkin", "-o", str(listed)]) == 0
    assert not any(c in PdfReader(str(listed)).pages[0].extract_text() for c in codes.values())


def serve(path: Path) -> Iterator[TestClient]:
    venue = Venue([path])
    with TestClient(create_app(Hub(venue, Renderer())), follow_redirects=False) as c:
        yield c
    venue.close()


def test_the_qr_address_leads_to_check_in_then_to_the_board(event: Path) -> None:
    with TournamentFile.open(event) as tf:
        tf.execute(IssueCodes())
        tf.execute(OpenCheckIn(1))
        code = tf.player_codes()[2]
    for client in serve(event):
        r = client.get(f"/me?code={code}")
        assert r.status_code == 303 and r.headers["location"] == f"/checkin?code={code}"
        assert r.headers["cache-control"] == "no-store"
        page = client.get(r.headers["location"])
        assert f'value="{code}"' in page.text  # filled in: one tap checks in
        odd = client.get('/me?code=AB"><script>')
        assert odd.headers["location"] == "/checkin?code=ABscript"
    with TournamentFile.open(event) as tf:
        tf.pair_next_round()
        tf.execute(OpenReporting(1))
        assert tf.audit_log()[-1].action == "OpenReporting"  # /me wrote nothing
    for client in serve(event):
        r = client.get(f"/me?code={code}")
        assert r.headers["location"] == f"/report?code={code}"


def test_a_team_events_code_slips_are_the_captains(tmp_path: Path) -> None:
    from swissdesk.model.tournament import TEAM_SCORING, TeamSettings
    from swissdesk.storage import (
        AddTeam,
        AssignTeamPairingNumbers,
        MemberData,
        SetTeamSettings,
        TeamData,
    )

    path = tmp_path / "cup.swissdesk"
    settings = TournamentSettings(name="Team Cup", total_rounds=3, system="team",
                                  scoring=TEAM_SCORING, is_team=True)  # fmt: skip
    with TournamentFile.create(path, settings) as tf:
        tf.execute(SetTeamSettings(TeamSettings(boards=4)))
        for i in range(4):
            members = tuple(MemberData(f"Player {i}.{j}", 2000 - j) for j in range(1, 5))
            tf.execute(AddTeam(TeamData(f"Club {i}", f"C{i}", "GER", members=members)))
        tf.execute(AssignTeamPairingNumbers())
        tf.execute(IssueCodes())
        codes = tf.player_codes()
    slips = tmp_path / "codes.pdf"
    assert main(["report", str(path), "--kind", "codes", "--venue-url", URL,
                 "-o", str(slips)]) == 0  # fmt: skip
    text = PdfReader(str(slips)).pages[0].extract_text()
    assert "The team's code, for its captain" in text and "Club 0" in text
    assert qr_codes_drawn(slips) == [expected(f"{URL}me?code={codes[t]}") for t in sorted(codes)]
    # Other documents of a team event stay 'swissdesk team report''s.
    assert main(["report", str(path), "--kind", "standings", "-o", str(tmp_path / "s.pdf")]) == 2
