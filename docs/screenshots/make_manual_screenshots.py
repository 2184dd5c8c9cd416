"""Make the screenshots of the user manual (``swissdesk/manual/images``).

Usage: ``python docs/screenshots/make_manual_screenshots.py``. Runs offscreen on temporary
settings, never on the shipped sample in place. It runs the project's screenshot scripts
(the window, sections, round robin) into a temporary folder, takes the views only the
manual shows (the manual itself, requested byes, prohibited pairs, a change of pairing, the
round dates, a team event's pages), and copies into the package the images the chapters show; the
venue's, the prizes', the ratings' and the print preview come from ``docs/screenshots``
(their scripts need a browser or write there). Look at every image after running it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
IMAGES = ROOT / "swissdesk" / "manual" / "images"
CHAPTERS = ROOT / "swissdesk" / "manual" / "chapters"
SCRIPTS = (
    "make_screenshots.py",
    "make_sections_screenshots.py",
    "make_round_robin_screenshots.py",
)


def manual_dialogs(out: Path) -> None:
    """The dialogs and windows no other script takes."""
    tmp = Path(tempfile.mkdtemp(prefix="swissdesk-manual-shots-"))
    os.environ["SWISSDESK_CONFIG_DIR"] = str(tmp / "config")
    os.environ["SWISSDESK_DATA_DIR"] = str(tmp / "Tournaments")

    from PySide6.QtCore import QSettings

    from swissdesk.gui.app import create_application
    from swissdesk.gui.dialogs import ByeDialog, ManualPairingDialog
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.gui.player_dialogs import ProhibitedPairsDialog
    from swissdesk.storage import AppSettings

    app = create_application()
    window = MainWindow(
        AppSettings(tmp / "config"), QSettings(str(tmp / "gui.ini"), QSettings.Format.IniFormat)
    )
    window.resize(1200, 720)
    window.show()

    def shot(widget: object, name: str) -> None:
        app.processEvents()
        widget.grab().save(str(out / name))  # type: ignore[attr-defined]
        print("wrote", out / name)

    window.open_sample()
    shot(window, "window-players.png")
    manual = window.show_manual("pairing-a-round")
    manual.resize(1100, 700)
    shot(manual, "manual-window.png")
    manual.close()
    tf = window.file
    assert tf is not None
    settings = window.tournament_settings
    assert settings is not None
    rows = window.player_rows
    bye = ByeDialog(rows, window.rounds_paired + 1, settings.total_rounds, settings.scoring,
                    rows[4].tpn, window)  # fmt: skip
    bye.show()
    shot(bye, "bye.png")
    bye.done(0)
    prohibited = ProhibitedPairsDialog(
        rows, [(rows[2].tpn, rows[7].tpn)], started=False, fide_mode=True, parent=window
    )
    prohibited.show()
    shot(prohibited, "prohibited-pairs.png")
    prohibited.done(0)
    view = window.round_view
    assert view is not None
    players = [(r.tpn, r.name, "") for r in rows[:12]]
    change = ManualPairingDialog(players, window.rounds_paired, window)
    change.reason.setText("players from the same family (organiser's rule)")
    change.show()
    shot(change, "change-pairing.png")
    change.done(0)
    from swissdesk.engines import system_names
    from swissdesk.gui.dialogs import TournamentDialog
    from swissdesk.gui.team_pages import TeamTournamentDialog

    dates = TournamentDialog(system_names(), settings, window, title="Tournament settings")
    dates.show()
    # Tall enough for every row, the ranking rating's (lists, events over 30 days) too.
    dates.resize(dates.width(), dates.form_widget.sizeHint().height() + 90)
    dates.form_scroll.ensureWidgetVisible(dates.round_dates)
    dates.round_dates.setFocus()
    shot(dates, "settings-round-dates.png")
    dates.done(0)
    from swissdesk.gui.controllers.standings import _compute
    from swissdesk.gui.external_tiebreak import ExternalTiebreakDialog

    _snapshot, standings = _compute(tf, None, False)[None]
    external = ExternalTiebreakDialog(
        [(r.tpn, r.name) for r in rows], tf.external_tiebreak(), settings.tiebreaks, standings,
        window,
    )  # fmt: skip
    places = [external.table.item(i, external.PLACE).text()
              for i in range(external.table.rowCount())]  # fmt: skip
    points = [external.table.item(i, external.POINTS).text()
              for i in range(external.table.rowCount())]  # fmt: skip
    # a tied pair if the sample has one, else the first two players equal on points
    tied = [i for i, place in enumerate(places) if "-" in place][:2] or next(
        [i, i + 1] for i in range(len(points) - 1) if points[i] == points[i + 1]
    )
    for value, i in zip(("2", "1"), tied, strict=False):
        external.table.item(i, external.VALUE).setText(value)
    external.show()
    shot(external, "external-tiebreak.png")
    external.done(0)
    team_dialog = TeamTournamentDialog(system_names(), window)
    team_dialog.name.setText("Riverside Club Team Cup")
    team_dialog.system.setCurrentIndex(team_dialog.system.findData("team"))
    team_dialog.show()
    team_dialog.form_scroll.ensureWidgetVisible(team_dialog.team_tiebreaks)
    shot(team_dialog, "team-new-tournament.png")
    team_dialog.done(0)
    from swissdesk.cli import main as cli

    cup = tmp / "cup.swissdesk"
    cli(
        [
            "import",
            str(ROOT / "tests" / "trf" / "team_hand.trf"),
            "-o",
            str(cup),
            "--yes-i-know",
            "3",
        ]
    )
    window.open_file(cup)
    window.show_page(window.PAGE_TEAMS)
    window.teams_page.table.selectRow(0)
    shot(window, "team-teams.png")
    window.show_page(window.PAGE_MATCHES)
    shot(window, "team-matches.png")
    window.show_page(window.PAGE_TEAM_STANDINGS)
    shot(window, "team-standings.png")
    window.close()


def referenced_images() -> set[str]:
    names: set[str] = set()
    for chapter in CHAPTERS.glob("*.md"):
        names.update(re.findall(r"\]\(images/([^)]+\.png)\)", chapter.read_text(encoding="utf-8")))
    return names


def main() -> int:
    taken = Path(tempfile.mkdtemp(prefix="swissdesk-manual-images-"))
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for script in SCRIPTS:
        subprocess.run([sys.executable, str(HERE / script), str(taken)], check=True, env=env,
                       cwd=ROOT)  # fmt: skip
    manual_dialogs(taken)
    IMAGES.mkdir(parents=True, exist_ok=True)
    missing = []
    for name in sorted(referenced_images()):
        source = taken / name if (taken / name).is_file() else HERE / name
        if not source.is_file():
            missing.append(name)
            continue
        shutil.copyfile(source, IMAGES / name)
    for stale in IMAGES.glob("*.png"):
        if stale.name not in referenced_images():
            stale.unlink()
    if missing:
        print("no screenshot for:", ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
