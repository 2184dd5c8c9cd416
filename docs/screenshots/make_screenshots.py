"""Regenerate the screenshots of the desktop application with the sample tournament.

Usage: ``python docs/screenshots/make_screenshots.py [OUT_FOLDER]`` (default: this folder).
Runs offscreen on temporary settings; the sample is copied, never changed in place.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent
    tmp = Path(tempfile.mkdtemp(prefix="swissdesk-shots-"))
    os.environ["SWISSDESK_CONFIG_DIR"] = str(tmp / "config")
    os.environ["SWISSDESK_DATA_DIR"] = str(tmp / "Tournaments")

    from PySide6.QtCore import QSettings

    from swissdesk.gui.app import create_application
    from swissdesk.gui.dialogs import LateEntryDialog, TournamentDialog
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.storage import AppSettings

    app = create_application()
    window = MainWindow(
        AppSettings(tmp / "config"), QSettings(str(tmp / "gui.ini"), QSettings.Format.IniFormat)
    )
    window.resize(1200, 720)
    window.show()

    def shot(widget: object, name: str) -> None:
        app.processEvents()
        path = out / name
        widget.grab().save(str(path))  # type: ignore[attr-defined]
        print("wrote", path)

    window.open_sample()
    window.close_tournament()
    shot(window, "welcome.png")
    assert window.welcome.recent.count() == 1
    window.open_file(window.app_settings.recent_files()[0])
    window.show_page(window.PAGE_PLAYERS)
    window.players_page.table.selectRow(2)
    shot(window, "players.png")
    window.show_page(window.PAGE_ROUNDS)
    window.rounds_page.table.setFocus()
    window.rounds_page.find_field.setText("fernandez")
    window.rounds_page.find_typed("fernandez")  # accents ignored: finds Fernández's board
    shot(window, "round.png")
    window.rounds_page.find_field.clear()
    window.show_page(window.PAGE_STANDINGS)
    shot(window, "standings.png")
    window.show_page(window.PAGE_CROSS)
    shot(window, "crosstable.png")
    window.show_page(window.PAGE_AUDIT)
    window.audit_page.table.setCurrentIndex(window.audit_page.model.index(12, 0))
    shot(window, "audit-log.png")
    from swissdesk.engines import system_names

    dialog = TournamentDialog(system_names(), parent=window)
    dialog.name.setText("Riverside Autumn Open")
    dialog.city.setText("Riverside")
    dialog.organiser.setText("Riverside Chess Club")
    dialog.arbiter.setText("IA Margaret Holloway")
    dialog.show()
    shot(dialog, "new-tournament.png")
    dialog.close()
    assert window.tournament_settings is not None
    settings = TournamentDialog(
        system_names(), window.tournament_settings, window, title="Tournament settings"
    )
    settings.show()
    settings.organiser.setFocus()
    settings.organiser.selectAll()
    settings.name.deselect()
    shot(settings, "settings-organiser.png")
    settings.close()
    late = LateEntryDialog(window.player_rows, 6, 9, "0 points", window)
    late.player.name.setText("Kim, Ji-woo")
    late.player.rating.setText("2050")
    late.player.federation.setText("KOR")
    late.from_round.setValue(7)
    late.show()
    shot(late, "late-entry.png")
    late.close()
    from swissdesk.gui.dialogs import WithdrawDialog
    from swissdesk.gui.printing import PrintOptionsDialog

    withdraw = WithdrawDialog(window.player_rows, 7, 9, None, window)
    withdraw.show()
    withdraw.search.setText("lukasz")
    withdraw.filter_players("lukasz")  # one match ("Wróbel, Łukasz"): chosen
    shot(withdraw, "withdraw.png")
    withdraw.done(0)
    options = PrintOptionsDialog("cards", 6, 6, window)
    options.show()
    shot(options, "print.png")
    options.done(0)
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
