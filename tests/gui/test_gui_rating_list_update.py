"""Update ratings from the rating list before round 1 (issue 20): the changes are shown
(old → new, title changes) and applied as one audited action that undo reverts."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_gui_rating_list import LIST

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.ratinglist_widgets import RatingListImportDialog, RatingUpdateDialog
from swissdesk.ratinglist import RatingList
from swissdesk.ratinglist.update import proposed_updates
from swissdesk.storage import AddPlayer, PlayerData, TournamentFile, TournamentSettings, Undo


def _tournament(tmp_path: Path) -> Path:
    path = tmp_path / "open.swissdesk"
    with TournamentFile.create(path, TournamentSettings(name="Open", total_rounds=5)) as tf:
        tf.execute(
            AddPlayer(PlayerData("Carlsen, Magnus", rating=2800, title="IM", fide_id="1503014"))
        )
        tf.execute(
            AddPlayer(
                PlayerData(
                    "Müller, Eva", rating=2210, title="WIM", federation="GER", fide_id="3000001"
                )
            )
        )
        tf.execute(AddPlayer(PlayerData("Nobody, Known", rating=1500)))
        tf.execute(AddPlayer(PlayerData("Gone, Long", rating=1600, fide_id="999")))
    return path


def test_proposed_updates_match_by_fide_id_only(tmp_path: Path) -> None:
    source = tmp_path / "players_list_xml_foa.xml"
    source.write_text(LIST, encoding="utf-8")
    rating_list = RatingList(tmp_path / "list.sqlite")
    rating_list.import_file(source)
    with TournamentFile.open(_tournament(tmp_path)) as tf:
        proposal = proposed_updates(tf.players(), rating_list, "standard")
    assert [u.describe() for u in proposal.updates] == [
        "no. 1 Carlsen, Magnus: rating 2800 → 2830, title IM → GM, federation - → NOR, K by the rules → 10"
    ]
    assert proposal.without_id == (3,) and proposal.not_found == (4,)


def test_update_ratings_shows_the_changes_and_undo_reverts_them(
    window: MainWindow, tmp_path: Path
) -> None:
    source = tmp_path / "players_list_xml_foa.xml"
    source.write_text(LIST, encoding="utf-8")
    RatingList(os.environ["SWISSDESK_RATING_LIST"]).import_file(source)
    assert window.open_file(_tournament(tmp_path))
    assert window.menu_actions["update_ratings"].isEnabled()
    seen: list[RatingUpdateDialog] = []

    def look(dialog: RatingUpdateDialog) -> bool:
        seen.append(dialog)
        return True

    window.prompter.dialogs.append(look)  # type: ignore[attr-defined]
    window.rating_list.update_ratings()
    (dialog,) = seen
    assert dialog.windowTitle() == "Update ratings"
    # The list's date is not known: the list in force cannot be checked (checklist Q141).
    assert "cannot be checked" in dialog.warning.text()
    lines = [dialog.changes.item(i).text() for i in range(dialog.changes.count())]
    assert lines == [
        "no. 1 Carlsen, Magnus: rating 2800 → 2830, title IM → GM, federation - → NOR, K by the rules → 10",
    ]
    assert dialog.chosen() == (1,)
    carlsen = next(p for p in window.player_rows if p.tpn == 1)
    assert (carlsen.rating, carlsen.title) == (2830, "GM")
    assert window.file is not None
    assert window.file.audit_log()[-1].summary == "ratings updated from the rating list: 1 player"
    window.run_action(Undo(), "Undo")
    carlsen = next(p for p in window.player_rows if p.tpn == 1)
    assert (carlsen.rating, carlsen.title) == (2800, "IM")


def test_the_dialogs_use_the_rating_of_the_tournaments_time_control(
    window: MainWindow, tmp_path: Path
) -> None:
    source = tmp_path / "players_list_xml_foa.xml"
    source.write_text(LIST, encoding="utf-8")
    RatingList(os.environ["SWISSDESK_RATING_LIST"]).import_file(source)
    path = tmp_path / "rapid.swissdesk"
    rapid = TournamentSettings(name="Rapid", total_rounds=7, time_control_code="900+10")
    TournamentFile.create(path, rapid).close()
    assert window.open_file(path)
    assert window.rating_list.rating_kind() == "rapid"
    seen: list[str] = []

    def look(dialog: object) -> bool:
        lookup = getattr(dialog, "lookup", None)
        seen.append(lookup.kind if lookup is not None else "none")
        return False

    window.prompter.dialogs.append(look)  # type: ignore[attr-defined]
    window.players.add_player()
    assert seen == ["rapid"]


def test_checklist_q144_the_arbiter_accepts_some_changes_and_not_others(
    window: MainWindow, tmp_path: Path
) -> None:
    source = tmp_path / "players_list_xml_foa.xml"
    source.write_text(LIST, encoding="utf-8")
    RatingList(os.environ["SWISSDESK_RATING_LIST"]).import_file(source)
    path = _tournament(tmp_path)
    with TournamentFile.open(path) as tf:
        tf.execute(AddPlayer(PlayerData("Müller, Eva", rating=2000, fide_id="3000001")))
    assert window.open_file(path)

    def untick_carlsen(dialog: RatingUpdateDialog) -> bool:
        assert dialog.chosen() == (1, 5)
        dialog.changes.item(0).setCheckState(Qt.CheckState.Unchecked)
        assert dialog.apply_button.isEnabled()
        dialog.tick_all(False)
        assert not dialog.apply_button.isEnabled()
        dialog.changes.item(1).setCheckState(Qt.CheckState.Checked)
        return True

    window.prompter.dialogs.append(untick_carlsen)  # type: ignore[attr-defined]
    window.rating_list.update_ratings()
    ratings = {p.tpn: p.rating for p in window.player_rows}
    assert ratings[1] == 2800 and ratings[5] != 2000  # Carlsen kept, Müller updated
    window.prompter.dialogs.append(lambda dialog: False)  # type: ignore[attr-defined]
    window.rating_list.update_ratings()  # cancelled: nothing changes
    assert {p.tpn: p.rating for p in window.player_rows} == ratings


def test_checklist_q139_a_new_list_is_checked_against_the_players_at_once(
    window: MainWindow, tmp_path: Path, qtbot: QtBot
) -> None:
    source = tmp_path / "players_list_xml_foa.xml"
    source.write_text(LIST, encoding="utf-8")
    assert window.open_file(_tournament(tmp_path))
    prompter = window.prompter
    prompter.files.append(str(source))  # type: ignore[attr-defined]

    def wait_for_import(dialog: RatingListImportDialog) -> bool:
        if dialog.summary is None:
            with qtbot.waitSignal(dialog.finished, timeout=10_000):
                pass
        return False  # the dialog closed itself: the import is done

    seen: list[RatingUpdateDialog] = []

    def look(dialog: RatingUpdateDialog) -> bool:
        seen.append(dialog)
        return False  # the arbiter keeps every rating this time

    prompter.dialogs += [wait_for_import, look]  # type: ignore[attr-defined]
    window.rating_list.import_list()
    assert len(seen) == 1 and seen[0].chosen() == (1,)
    assert next(p for p in window.player_rows if p.tpn == 1).rating == 2800


def test_checklist_q138_the_automatic_check_after_a_new_list_can_be_switched_off(
    window: MainWindow, tmp_path: Path, qtbot: QtBot
) -> None:
    source = tmp_path / "players_list_xml_foa.xml"
    source.write_text(LIST, encoding="utf-8")
    assert window.open_file(_tournament(tmp_path))
    prompter = window.prompter

    def wait_for_import(dialog: RatingListImportDialog) -> bool:
        if dialog.summary is None:
            with qtbot.waitSignal(dialog.finished, timeout=10_000):
                pass
        return False

    def switch_off(dialog: RatingUpdateDialog) -> bool:
        assert not dialog.check_after_lists.isHidden() and dialog.check_after_lists.isChecked()
        dialog.check_after_lists.setChecked(False)
        return False

    prompter.files.append(str(source))  # type: ignore[attr-defined]
    prompter.dialogs += [wait_for_import, switch_off]  # type: ignore[attr-defined]
    window.rating_list.import_list()
    assert not window.rating_list.check_after_lists()
    prompter.files.append(str(source))  # type: ignore[attr-defined]
    prompter.dialogs += [wait_for_import]  # type: ignore[attr-defined]
    window.rating_list.import_list()  # no check this time: no further dialog expected
    assert prompter.dialogs == []  # type: ignore[attr-defined]

    def switch_on(dialog: RatingUpdateDialog) -> bool:
        dialog.check_after_lists.setChecked(True)
        return False

    prompter.dialogs.append(switch_on)  # type: ignore[attr-defined]
    window.rating_list.update_ratings()  # on request, whatever the switch
    assert window.rating_list.check_after_lists()
