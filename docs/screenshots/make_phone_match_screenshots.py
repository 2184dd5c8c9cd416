"""Regenerate the screenshots of matches reported from the phones and of the check-in
kiosk (issue 35).

Usage: ``python docs/screenshots/make_phone_match_screenshots.py [OUT_FOLDER]`` (default:
this folder). Needs Debian's ``chromium`` and ``chromium-driver`` and the test extras
(Selenium). Builds small events in a temporary folder, serves each with ``swissdesk serve``
on loopback, and takes (phones 360x780, the kiosk tablet 800x1000):

- ``phones-team.png``: a team captain's phone, the match's boards chosen (the fourth board
  an empty place in the line-up: a forfeited game, not reported);
- ``phones-team-confirm.png``: the other captain's phone, the results chosen already;
- ``phones-double.png``: a Double-Swiss player's phone, both games;
- ``phones-kiosk.png``: the check-in kiosk on the desk's tablet, a name searched.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "screenshots"))

from make_venue_screenshots import browser  # noqa: E402

CLUBS = [
    ("SK Zürich", ["Meier, Lukas", "Keller, Anna", "Brunner, Jonas", "Frei, Sara", "Huber, Nico"]),
    ("Échiquier Lausanne", ["Rochat, Émile", "Favre, Léa", "Bonvin, Hugo", "Morel, Chloé",
                            "Girard, Théo"]),
    ("SG Basel", ["Schmid, Tim", "Weber, Lara", "Graf, Elias", "Moser, Nina", "Baumann, Leo"]),
    ("Club Lugano", ["Rossi, Marco", "Bernasconi, Giulia", "Ferrari, Luca", "Colombo, Sofia",
                     "Galli, Matteo"]),
]


def team_event(path: Path) -> Path:
    from swissdesk.model.tournament import TEAM_SCORING, TeamSettings
    from swissdesk.storage import (
        AddTeam,
        AssignTeamPairingNumbers,
        IssueCodes,
        MemberData,
        OpenReporting,
        SetLineup,
        SetTeamSettings,
        TeamData,
        TournamentFile,
        TournamentSettings,
    )

    settings = TournamentSettings(name="Swiss Team Cup 2026", total_rounds=3, system="team",
                                  scoring=TEAM_SCORING, is_team=True)  # fmt: skip
    with TournamentFile.create(path, settings) as tf:
        tf.execute(SetTeamSettings(TeamSettings(boards=4)))
        for i, (club, names) in enumerate(CLUBS):
            members = tuple(MemberData(n, 2250 - 60 * i - 25 * j) for j, n in enumerate(names))
            tf.execute(AddTeam(TeamData(club, club[:3].upper(), "SUI", members=members)))
        tf.execute(AssignTeamPairingNumbers())
        tf.pair_next_round()
        m = tf.team_round_view(1).matches[0]
        tf.execute(SetLineup(1, m.second_tpn, (1, 2, 3, None)))
        tf.execute(IssueCodes())
        tf.execute(OpenReporting(1))
    return path


def main(out: Path) -> None:
    from selenium.webdriver.common.by import By

    from swissdesk.engines import get_engine
    from swissdesk.model.tournament import truncated
    from swissdesk.storage import IssueCodes, OpenCheckIn, OpenReporting, TournamentFile
    from swissdesk.trf import write_trf
    from swissdesk.verification.generator import GeneratorSettings, generate_tournament
    from tests.venue.venue_support import open_event, running_server

    work = Path(tempfile.mkdtemp(prefix="match-shots-"))
    try:
        cup = team_event(work / "cup.swissdesk")
        with TournamentFile.open(cup) as tf:
            m = tf.team_round_view(1).matches[0]
            codes = tf.player_codes()
        with running_server(cup) as url:
            phone = browser(work / "p1", 360, 780)
            try:
                phone.get(f"{url}/me?code={codes[m.first_tpn]}")
                phone.find_element(By.ID, "send").click()
                time.sleep(0.4)
                for gi, choice in ((1, 1), (2, 2), (3, 3)):
                    phone.find_element(By.CSS_SELECTOR, f"label:has(#g{gi}-{choice})").click()
                phone.save_screenshot(str(out / "phones-team.png"))
                phone.find_element(By.ID, "send-games").click()
                time.sleep(0.4)
                phone.delete_all_cookies()
                phone.get(f"{url}/me?code={codes[m.second_tpn]}")
                phone.find_element(By.ID, "send").click()
                time.sleep(0.4)
                phone.save_screenshot(str(out / "phones-team-confirm.png"))
            finally:
                phone.quit()

        full = generate_tournament(GeneratorSettings(players=12, rounds=5, seed=3,
                                                     system="double-swiss"),
                                   get_engine("double-swiss"))  # fmt: skip
        trf = work / "ds.trf"
        write_trf(truncated(full, 3), trf)
        double = work / "double.swissdesk"
        with TournamentFile.import_trf(trf, double) as tf:
            tf.pair_next_round(None)
            tf.execute(IssueCodes())
            tf.execute(OpenReporting(3))
            board = tf.round_view(3).boards[0]
            code = tf.player_codes()[board.white_tpn]
        with running_server(double) as url:
            phone = browser(work / "p2", 360, 780)
            try:
                phone.get(f"{url}/report?code={code}")
                phone.find_element(By.ID, "send").click()
                time.sleep(0.4)
                phone.find_element(By.CSS_SELECTOR, "label:has(#g1-1)").click()
                phone.find_element(By.CSS_SELECTOR, "label:has(#g2-2)").click()
                phone.save_screenshot(str(out / "phones-double.png"))
            finally:
                phone.quit()

        spring = open_event(work, "Spring Open", rounds_played=0)
        with TournamentFile.open(spring) as tf:
            tf.execute(OpenCheckIn(1))
        key = "desk-tablet-key-for-the-screenshot"
        with running_server(spring, extra=("--kiosk-key", key)) as url:
            tablet = browser(work / "p3", 800, 1000)
            try:
                tablet.get(f"{url}/kiosk?key={key}&q=m")
                tablet.find_element(By.CSS_SELECTOR, "button[id^='checkin-']").click()
                time.sleep(0.4)
                tablet.find_element(By.ID, "q").send_keys("mü")
                tablet.find_element(By.ID, "find").click()
                time.sleep(0.4)
                tablet.save_screenshot(str(out / "phones-kiosk.png"))
            finally:
                tablet.quit()
        for name in ("team", "team-confirm", "double", "kiosk"):
            print("wrote", out / f"phones-{name}.png")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent)
