"""Phones and the window writing at once (issue 35), over loopback, bounded: 48 phones check
in through a running ``swissdesk serve`` while this process writes 24 actions of its own on
the same file (as the window does): nothing is lost, nothing is written twice, and neither
side is refused for a locked file. Then 24 boards reported and confirmed the same way."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from swissdesk.storage import (
    AssignPairingNumbers,
    IssueCodes,
    OpenCheckIn,
    OpenReporting,
    PlayerData,
    RenameEvent,
    TournamentFile,
    TournamentSettings,
)
from tests.venue.phone_load import Phone
from tests.venue.venue_support import running_server

PLAYERS = 48
WINDOW_ACTIONS = 24


def event(folder: Path) -> Path:
    path = folder / "big.swissdesk"
    players = [PlayerData(f"Player {i:03d}", 2400 - 5 * i) for i in range(PLAYERS)]
    with TournamentFile.create(path, TournamentSettings(name="Big Open", total_rounds=5),
                               players=players) as tf:  # fmt: skip
        tf.execute(AssignPairingNumbers())
        tf.execute(IssueCodes())
        tf.execute(OpenCheckIn(1))
    return path


def test_phones_and_the_window_write_at_once_and_nothing_is_lost(tmp_path: Path) -> None:
    path = event(tmp_path)
    with TournamentFile.open(path) as tf:
        codes = tf.player_codes()
        first_audit = tf.last_change()
    with running_server(path) as url, ThreadPoolExecutor(16) as pool:
        futures = [pool.submit(Phone(url).form, "/checkin", code=codes[tpn]) for tpn in codes]
        with TournamentFile.open(path) as window:  # the window's lane, another connection
            for i in range(WINDOW_ACTIONS):
                window.execute(RenameEvent(f"Big Open {i}"))
        sent = [f.result() for f in futures]
    assert [s.done for s in sent] == [True] * PLAYERS
    assert all("You are checked in" in s.text for s in sent)
    with TournamentFile.open(path) as tf:
        assert sum(p.checked_in for p in tf.players()) == PLAYERS
        log = [e for e in tf.audit_log() if e.id > first_audit]
        assert tf.event_name() == f"Big Open {WINDOW_ACTIONS - 1}"
    phone_rows = [e for e in log if e.action == "PhoneCheckIn"]
    assert len(phone_rows) == PLAYERS
    assert len({e.summary for e in phone_rows}) == PLAYERS  # one each, none twice
    assert all(str(e.payload["by"]).endswith("from a phone (127.0.0.1 Firefox Android)")
               for e in phone_rows)  # fmt: skip
    assert sum(e.action == "RenameEvent" for e in log) == WINDOW_ACTIONS


def test_boards_reported_and_confirmed_at_once_are_all_kept(tmp_path: Path) -> None:
    path = event(tmp_path)
    with TournamentFile.open(path) as tf:
        tf.pair_next_round()
        tf.execute(OpenReporting(1))
        codes = tf.player_codes()
        boards = tf.round_view(1).boards
    results = ("1-0", "1/2", "0-1")
    with running_server(path) as url, ThreadPoolExecutor(16) as pool:
        whites = [pool.submit(Phone(url).report, codes[b.white_tpn], results[b.board % 3])
                  for b in boards]  # fmt: skip
        assert all(f.result().done for f in whites)
        blacks = [pool.submit(Phone(url).report, codes[b.black_tpn], results[b.board % 3])
                  for b in boards]  # fmt: skip
        assert all(f.result().done for f in blacks)
    with TournamentFile.open(path) as tf:
        reports = tf.reports(1)
    assert len(reports) == len(boards) == PLAYERS // 2
    assert {r.state for r in reports} == {"confirmed"}
    assert [r.result for r in reports] == [results[b.board % 3] for b in boards]
