"""Regenerate the screenshots of an event of several sections (issue 33) and the hall's
board list.

Usage: ``python docs/screenshots/make_sections_screenshots.py [OUT_FOLDER]`` (default: this
folder). Runs offscreen on temporary settings: builds a weekend event of three sections (an
A open, a B open under 1800, a junior section under 14), players checked in, the A open in
round 2, the others in round 1, then takes the window with its section bar, the "All
sections" page, the desk's Add player dialog warning about the B open's rating limit, the
audit log with each action's section, and draws the hall's board list with ``pdftoppm``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

OPEN_A = [
    ("Holloway, Margaret", 2310, "ENG", "WIM"),
    ("Okafor, Chidi", 2285, "NGR", "FM"),
    ("Lindqvist, Sven", 2260, "SWE", "FM"),
    ("Fernández, Lucía", 2240, "ESP", "WFM"),
    ("Nakamura, Kenji", 2215, "JPN", ""),
    ("Petrova, Anna", 2190, "BUL", "WFM"),
    ("Schneider, Paul", 2170, "GER", ""),
    ("Dubois, Claire", 2140, "FRA", ""),
    ("Rossi, Marco", 2105, "ITA", ""),
    ("Kowalski, Piotr", 2080, "POL", ""),
]
OPEN_B = [
    ("Meier, Ursula", 1790, "SUI", ""),
    ("Brunner, Lukas", 1745, "SUI", ""),
    ("Keller, Sandra", 1710, "SUI", ""),
    ("Frei, Thomas", 1680, "SUI", ""),
    ("Gerber, Anita", 1655, "SUI", ""),
    ("Baumann, Reto", 1610, "SUI", ""),
    ("Zimmermann, Eva", 1575, "SUI", ""),
    ("Moser, Daniel", 1540, "SUI", ""),
]
JUNIOR = [
    ("Hofer, Nina", 1480, "SUI", "2013/04/11"),
    ("Widmer, Luca", 1420, "SUI", "2014/09/02"),
    ("Schmid, Lea", 1365, "SUI", "2013/12/20"),
    ("Graf, Jonas", 1290, "SUI", "2015/06/30"),
    ("Huber, Mia", 1210, "SUI", "2014/01/15"),
    ("Steiner, Noah", 1150, "SUI", "2016/03/08"),
]
RESULTS = ("1-0", "1/2", "0-1", "1-0", "1/2")


def build(path: Path) -> None:
    from swissdesk.storage import (
        AddPlayer,
        AddSection,
        AssignPairingNumbers,
        CheckIn,
        EnterResult,
        MarkAbsentees,
        PlayerData,
        RenameEvent,
        SectionRules,
        TournamentFile,
        TournamentSettings,
        parse_result,
    )

    weekend = {"city": "Bern", "federation": "SUI", "start_date": "2026/06/06",
               "end_date": "2026/06/07", "organiser": "Schachklub Bern",
               "chief_arbiter": "IA Erika Muster"}  # fmt: skip
    with TournamentFile.create(
        path, TournamentSettings(name="Bern Open A", total_rounds=5, **weekend)
    ) as a:
        a.execute(RenameEvent("Bern Chess Weekend 2026"))
        a.execute(
            AddSection(
                TournamentSettings(
                    name="Bern Open B", total_rounds=5, rules=SectionRules(rating_below=1800),
                    **weekend,
                )
            )
        )
        a.execute(
            AddSection(
                TournamentSettings(
                    name="Bern Junior U14", total_rounds=4, rules=SectionRules(age_under=14),
                    time_control_code="1500+10", **weekend,
                )
            )
        )
        b, j = a.section("Bern Open B"), a.section("Bern Junior U14")
        for tf, people in ((a, OPEN_A), (b, OPEN_B)):
            for name, rating, fed, title in people:
                tf.execute(AddPlayer(PlayerData(name, rating, federation=fed, title=title)))
        for name, rating, fed, born in JUNIOR:
            j.execute(AddPlayer(PlayerData(name, rating, federation=fed, birth_date=born)))
        for tf, count in ((a, 10), (b, 7), (j, 6)):
            tf.execute(AssignPairingNumbers())
            tf.execute(CheckIn(tuple(range(1, count + 1))))
        b.execute(MarkAbsentees(1))  # no. 8 did not check in: absent in round 1
        for tf, rounds in ((a, 2), (b, 1), (j, 1)):
            for rnd in range(1, rounds + 1):
                pairing, _ = tf.pair_next_round()
                if rnd < rounds or tf is j:
                    for board in range(1, len(pairing.pairs) + 1):
                        text = RESULTS[(rnd * 3 + board) % len(RESULTS)]
                        tf.execute(EnterResult(rnd, board, parse_result(text)))
        a.execute(EnterResult(2, 1, parse_result("1/2")))


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent
    tmp = Path(tempfile.mkdtemp(prefix="swissdesk-sections-shots-"))
    os.environ["SWISSDESK_CONFIG_DIR"] = str(tmp / "config")
    os.environ["SWISSDESK_DATA_DIR"] = str(tmp / "Tournaments")

    from PySide6.QtCore import QSettings

    from swissdesk.gui.app import create_application
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.gui.player_dialogs import DeskPlayerDialog
    from swissdesk.storage import AppSettings

    app = create_application()
    window = MainWindow(
        AppSettings(tmp / "config"), QSettings(str(tmp / "gui.ini"), QSettings.Format.IniFormat)
    )
    window.resize(1280, 720)
    window.show()

    def shot(widget: object, name: str) -> None:
        app.processEvents()
        path = out / name
        widget.grab().save(str(path))  # type: ignore[attr-defined]
        print("wrote", path)

    path = tmp / "bern-weekend.swissdesk"
    build(path)
    window.open_file(path)
    window.show_page(window.PAGE_ROUNDS)
    shot(window, "sections-round.png")

    window.show_page(window.PAGE_DESK)
    window.desk_page.table.selectRow(3)
    shot(window, "sections-all-sections.png")

    tf = window.file
    assert tf is not None
    b = next(s.id for s in window.sections if s.name == "Bern Open B")
    dialog = DeskPlayerDialog(window.sections, tf.section_id, tf.desk_warnings, window)
    dialog.section.setCurrentIndex(dialog.section.findData(b))
    dialog.player.name.setText("Lindqvist, Sven")
    dialog.player.rating.setText("2260")
    dialog.player.federation.setText("SWE")
    dialog.update_notes()
    dialog.show()
    shot(dialog, "sections-add-player.png")
    dialog.close()

    window.switch_section(b)
    window.show_page(window.PAGE_AUDIT)
    shot(window, "sections-audit.png")

    pdf = window.export_pdf_to("hall-boards:continuous", tmp / "hall.pdf", None)
    if pdf is not None and shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "90", "-f", "1", "-singlefile", str(pdf),
             str(out / "sections-hall-boards-pdf")],
            check=True,
        )  # fmt: skip
        print("wrote", out / "sections-hall-boards-pdf.png")
    window.close()
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
