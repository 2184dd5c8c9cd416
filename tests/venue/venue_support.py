"""Tournament files for the venue's tests, built through the storage commands: an open in
progress (accents, a name that looks like HTML, birth dates and FIDE IDs that must not
show), a Double-Swiss, a team event and a round robin."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from swissdesk.model.tournament import DOUBLE_SWISS_SCORING, TEAM_SCORING, TeamSettings
from swissdesk.storage import (
    AddTeam,
    AssignPairingNumbers,
    AssignTeamPairingNumbers,
    BoardResult,
    EnterBoardResult,
    EnterMatchResult,
    EnterResult,
    IssueCodes,
    OpenReporting,
    PlayerData,
    SetLineup,
    SetTeamSettings,
    TeamData,
    TournamentFile,
    TournamentSettings,
)
from swissdesk.storage.teamviews import MemberData
from swissdesk.tiebreaks.team import DEFAULT_TEAM_TIEBREAKS

ROOT = Path(__file__).resolve().parents[2]

HOSTILE = '<script>alert("x")</script>'

OPEN_PLAYERS = [
    PlayerData("Wróbel, Łukasz", 2598, title="GM", federation="POL", fide_id="1124567",
               birth_date="1994/03/02", club="KS Hetman"),
    PlayerData("Müller, Jürgen", 2455, title="IM", federation="GER", fide_id="24652310",
               birth_date="1999/07/11"),
    PlayerData("Иванов, Дмитрий", 2431, federation="RUS", fide_id="4178230",
               birth_date="1990/01/30"),
    PlayerData("Nguyễn, Văn An", 2402, federation="VIE", birth_date="2001/05/05"),
    PlayerData(HOSTILE, 2300, federation="ENG", birth_date="1987/12/24"),
    PlayerData("Smith, John", 2250, federation="USA", birth_date="1977/06/30"),
    PlayerData("Dubois, Camille", 2210, federation="FRA", birth_date="2005/02/14"),
    PlayerData("Rossi, Marco", 2150, federation="ITA", birth_date="1968/10/01"),
    PlayerData("Kowalczyk, Agnieszka", 2100, federation="POL", birth_date="2003/08/08"),
]  # fmt: skip

RESULTS = (BoardResult.WHITE_WINS, BoardResult.DRAW, BoardResult.BLACK_WINS)


def play(tf: TournamentFile, rounds: int, *, last_results: int | None = None) -> None:
    """Pair ``rounds`` rounds and enter their results (the last one: only ``last_results``)."""
    for n in range(1, rounds + 1):
        pairing, _ = tf.pair_next_round()
        boards = tf.round_view(pairing.round_number).boards
        count = len(boards) if n < rounds or last_results is None else last_results
        for board in boards[:count]:
            tf.execute(EnterResult(pairing.round_number, board.board,
                                   RESULTS[(board.board + n) % 3]))  # fmt: skip


def open_event(folder: Path, name: str = "Riverside Open", rounds_played: int = 3) -> Path:
    """A nine-player open, 5 rounds: ``rounds_played - 1`` rounds complete, the next one
    paired with one result in."""
    path = folder / f"{name.lower().replace(' ', '-')}.swissdesk"
    settings = TournamentSettings(name=name, city="Bern", federation="SUI", total_rounds=5)
    with TournamentFile.create(path, settings, players=OPEN_PLAYERS) as tf:
        tf.execute(AssignPairingNumbers())
        play(tf, rounds_played, last_results=1)
    return path


def double_swiss_event(folder: Path) -> Path:
    path = folder / "double.swissdesk"
    settings = TournamentSettings(name="Double Open", total_rounds=4, system="double-swiss",
                                  scoring=DOUBLE_SWISS_SCORING)  # fmt: skip
    with TournamentFile.create(path, settings, players=OPEN_PLAYERS[:6]) as tf:
        tf.execute(AssignPairingNumbers())
        for n in (1, 2):
            tf.pair_next_round()
            for board in tf.round_view(n).boards:
                tf.execute(EnterMatchResult(n, board.board, BoardResult.WHITE_WINS,
                                            BoardResult.DRAW))  # fmt: skip
    return path


def team_event(folder: Path) -> Path:
    path = folder / "cup.swissdesk"
    # A team event's tie-breaks are the team ones (the file check refuses BH/C1 there).
    settings = TournamentSettings(name="Club Cup", total_rounds=3, system="team",
                                  scoring=TEAM_SCORING, is_team=True,
                                  tiebreaks=DEFAULT_TEAM_TIEBREAKS)  # fmt: skip
    with TournamentFile.create(path, settings) as tf:
        tf.execute(SetTeamSettings(TeamSettings(boards=2)))
        for i, club in enumerate(("Riverside", "Hilltop", "Lakeside", "Ñandú Club")):
            members = tuple(
                MemberData(f"{club} Player {j}", 2000 - 40 * i - 10 * j) for j in range(1, 4)
            )
            tf.execute(AddTeam(TeamData(club, federation="SUI", members=members)))
        tf.execute(AssignTeamPairingNumbers())
        tf.pair_next_round()
        for match in tf.team_round_view(1).matches:
            for board in match.boards:
                tf.execute(EnterBoardResult(1, match.number, board.board, BoardResult.WHITE_WINS))
        tf.pair_next_round()
        first = tf.team_round_view(2).matches[0]
        tf.execute(EnterBoardResult(2, first.number, 1, BoardResult.DRAW))
    return path


def reporting_cup(
    path: Path, *, teams: int = 4, rounds: int = 3, first_lineup: tuple[int | None, ...] = ()
) -> Path:
    """A team event whose captains report from their phones: ``teams`` teams of five
    (``Player i.j``), four boards, round 1 paired (the first match's first team lined up as
    ``first_lineup`` when given, ``None`` an empty board), team codes issued, reporting open."""
    settings = TournamentSettings(
        name="Team Cup", total_rounds=rounds, system="team", scoring=TEAM_SCORING, is_team=True
    )
    with TournamentFile.create(path, settings) as tf:
        tf.execute(SetTeamSettings(TeamSettings(boards=4)))
        for i in range(teams):
            members = tuple(MemberData(f"Player {i}.{j}", 2000 + 40 * i - 15 * j)
                            for j in range(1, 6))  # fmt: skip
            tf.execute(AddTeam(TeamData(f"Club {i}", f"C{i}", "GER", members=members)))
        tf.execute(AssignTeamPairingNumbers())
        tf.pair_next_round()
        if first_lineup:
            m = tf.team_round_view(1).matches[0]
            tf.execute(SetLineup(1, m.first_tpn, first_lineup))
        tf.execute(IssueCodes())
        tf.execute(OpenReporting(1))
    return path


def round_robin_event(folder: Path) -> Path:
    path = folder / "rr.swissdesk"
    settings = TournamentSettings(name="Masters", system="round-robin",
                                  tiebreaks=("DE", "WIN", "SB"))  # fmt: skip
    with TournamentFile.create(path, settings, players=OPEN_PLAYERS[:5]) as tf:
        play(tf, 2)
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running_server(*files: Path, extra: tuple[str, ...] = (), port: int = 0) -> Iterator[str]:
    """``swissdesk serve`` in its own process on a free loopback port; yields its address."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "swissdesk", "serve", *map(str, files), "--host", "127.0.0.1",
         "--port", str(port), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        deadline = time.monotonic() + 120
        url = ""
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            if line.startswith("swissdesk-venue-ready "):
                url = line.split()[1]
                break
        if not url:
            proc.kill()
            raise AssertionError(
                f"the server did not start: {proc.stderr.read() if proc.stderr else ''}"
            )
        yield url.rstrip("/")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
