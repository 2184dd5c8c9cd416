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
    second_day(app, window, tmp, shot)
    window.close()
    return 0


def second_day(app: object, window: object, tmp: Path, shot: object) -> None:
    """The views issue 27 changed: Lim options and team tie-breaks in the tournament dialog,
    the window and the team dialog on a 1366x768 screen, a Double-Swiss round, a team
    match with an Arabic team name, the team documents to print, an import that names its
    acceleration in record 192, inactive players in the rating-list search."""
    from PySide6.QtCore import QSize

    from swissdesk.cli import main as cli
    from swissdesk.engines import system_names
    from swissdesk.gui import dialog_base
    from swissdesk.gui.dialogs import TournamentDialog
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.gui.printing import PrintOptionsDialog
    from swissdesk.gui.prompter import Prompter
    from swissdesk.gui.team_pages import TeamTournamentDialog
    from swissdesk.storage import EditTeam

    assert isinstance(window, MainWindow)

    class Quiet(Prompter):
        """Messages to the status bar, not modal boxes (nobody is there to close them)."""

        def info(self, title: str, message: str) -> None:
            window.statusBar().showMessage(message.replace("\n", " "))

        error = info

    window.prompter = Quiet(window)
    # Lim's edition and Maxi-tournament.
    lim = TournamentDialog(system_names(), parent=window)
    lim.name.setText("Lim Open")
    lim.system.setCurrentIndex(lim.system.findData("lim"))
    lim.lim_edition.setCurrentIndex(lim.lim_edition.findData("2003"))
    lim.lim_maxi.setChecked(True)
    lim.show()
    lim.form_scroll.ensureWidgetVisible(lim.lim_options)
    shot(lim, "new-tournament-lim.png")
    lim.close()
    # A 1366x768 screen (a 40-pixel panel): the window and the team options scroll.
    room = QSize(1366 - 24, 768 - 40 - 48)
    real = dialog_base.available_size
    dialog_base.available_size = lambda _widget: QSize(room)  # type: ignore[assignment]
    try:
        team_dialog = TeamTournamentDialog(system_names(), window)
        team_dialog.name.setText("Club Team Cup")
        team_dialog.system.setCurrentIndex(team_dialog.system.findData("team"))
        team_dialog.show()
        team_dialog.form_scroll.ensureWidgetVisible(team_dialog.team_tiebreaks)
        shot(team_dialog, "small-screen-team-new-tournament.png")
        team_dialog.close()
        size = window.size()
        window.resize(room)
        window.show_page(window.PAGE_ROUNDS)
        shot(window, "small-screen-window.png")
        window.resize(size)
    finally:
        dialog_base.available_size = real  # type: ignore[assignment]
    # A Double-Swiss round, the match score first.
    ds_trf = tmp / "double-swiss.trf"
    cli(["generate", "--system", "double-swiss", "--players", "12", "--rounds", "4",
         "--seed", "3", "-o", str(ds_trf)])  # fmt: skip
    window.files.import_trf_from(ds_trf, tmp / "double-swiss.swissdesk")
    window.show_page(window.PAGE_ROUNDS)
    window.rounds.show_round(4)
    shot(window, "double-swiss-round.png")
    # A record 192 that names the Baku acceleration: what the import understood.
    baku = tmp / "baku.trf"
    lines = ["012 Baku by code", "XXR 7"]
    for n in range(1, 25):
        name = f"Player{n:04d}, Test"
        lines.append(f"001 {n:>4}      {name:33} {2500 - 10 * n:>4} {'':3} {'':>11} {'':10}  0.0")
    baku.write_text("\n".join([*lines, "192 FIDE_DUTCH_2025_BAKU"]) + "\n", encoding="utf-8")
    window.files.import_trf_from(baku, tmp / "baku.swissdesk")
    window.show_page(window.PAGE_PLAYERS)
    shot(window, "import-baku-code.png")
    # A team event: an Arabic first team keeps its place; the team documents to print.
    hand = Path(__file__).resolve().parents[2] / "tests" / "trf" / "team_hand.trf"
    cup = tmp / "cup.swissdesk"
    cli(["import", str(hand), "-o", str(cup), "--yes-i-know", "3"])  # its round 1 is not C.04.6's
    window.open_file(cup)
    tf = window.file
    assert tf is not None
    first = tf.team_round_view(2).matches[0]
    team = next(t for t in tf.teams() if t.tpn == first.first_tpn)
    from dataclasses import replace

    window.run_action(EditTeam(team.tpn, replace(team.data, name="نادي الرياض")))
    window.teams.go_to_match(2, first.number)
    shot(window, "team-matches-rtl.png")
    window.show_page(window.PAGE_TEAM_STANDINGS)
    shot(window, "team-standings-print.png")
    options = PrintOptionsDialog("team-boards", 3, 2, window, team=True)
    options.show()
    shot(options, "print-team.png")
    options.done(0)
    rating_list_popup(window, tmp, shot)


def rating_list_popup(window: object, tmp: Path, shot: object) -> None:
    """Inactive players (FIDE flag i) listed last, and marked so."""
    from swissdesk.gui.dialogs import PlayerDialog
    from swissdesk.ratinglist import RatingList

    source = tmp / "players_list_xml_foa.xml"
    rows = [
        ("900001", "Strong, Sam", "USA", "GM", "2533", "i"),
        ("900002", "Strand, Tom", "USA", "", "1471", ""),
        ("900003", "Stromberg, Eva", "SWE", "WIM", "2210", ""),
    ]
    players = "".join(
        f"<player><fideid>{i}</fideid><name>{n}</name><country>{c}</country><sex>M</sex>"
        f"<title>{t}</title><rating>{r}</rating><birthday>1990</birthday><flag>{f}</flag>"
        "</player>"
        for i, n, c, t, r, f in rows
    )
    source.write_text(f"<playerslist>{players}</playerslist>", encoding="utf-8")
    rating_list = RatingList(tmp / "rating-list.sqlite")
    rating_list.import_file(source)
    dialog = PlayerDialog(parent=window, rating_list=rating_list)  # type: ignore[arg-type]
    dialog.show()
    assert dialog.lookup is not None
    dialog.lookup.query.setText("str")
    dialog.lookup.search()
    shot(dialog, "rating-list-inactive.png")
    dialog.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
