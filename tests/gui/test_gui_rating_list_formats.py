"""File > Rating list formats… and the import of a national list with one (FIDE's checklist
C.02 Q117): the arbiter maps the columns, previews a sample, saves by name; the import asks
how the file is laid out."""

from __future__ import annotations

import os
from pathlib import Path

from pytestqt.qtbot import QtBot

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.ratinglist_download import DownloadListsDialog
from swissdesk.gui.ratinglist_formats import ListFormatDialog
from swissdesk.gui.ratinglist_widgets import RatingListImportDialog
from swissdesk.ratinglist import RatingList
from swissdesk.ratinglist.formats import saved_formats
from swissdesk.ratinglist.store import ListDownload

CSV_LIST = (
    "ID;Apellidos;Nombre;FED;Elo\nE1001;García Pérez;Ana;ESP;1950\nE1002;Muñoz;Luis;ESP;2105\n"
)


def _fill(dialog: ListFormatDialog) -> None:
    dialog.name.setText("FEDA")
    dialog.list_name.setText("ESP")
    dialog.delimiter.setCurrentIndex(dialog.delimiter.findData(";"))
    for key, spec in {
        "national_id": "ID",
        "surname": "Apellidos",
        "given_name": "Nombre",
        "federation": "FED",
        "standard": "5",
    }.items():
        dialog.set_column(key, spec)


def test_q117_a_format_is_defined_previewed_saved_and_used_by_the_import(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    sample = tmp_path / "elo.csv"
    sample.write_text(CSV_LIST, encoding="utf-8")
    action = window.menu_actions["rating_list_formats"]
    assert action.isEnabled() and "forma&ts" in action.text()
    previews: list[str] = []

    def define(dialog: ListFormatDialog) -> bool:
        dialog.try_accept()
        assert "give the format a name" in dialog.error_label.text()
        _fill(dialog)
        dialog.preview_file()  # the prompter gives the sample file
        previews.append(dialog.preview.toPlainText())
        return True

    window.prompter.files.append(str(sample))  # type: ignore[attr-defined]
    window.prompter.dialogs.append(define)  # type: ignore[attr-defined]
    window.rating_list.edit_formats()
    assert previews == [
        "García Pérez, Ana · ESP · standard 1950 · ID E1001\nMuñoz, Luis · ESP · standard 2105 · ID E1002"
    ]
    rating_list = RatingList(os.environ["SWISSDESK_RATING_LIST"])
    (fmt,) = saved_formats(rating_list).values()
    assert (fmt.name, fmt.list_name, fmt.delimiter, fmt.columns["standard"]) == (
        "FEDA",
        "ESP",
        ";",
        "5",
    )

    def wait_for_import(dialog: RatingListImportDialog) -> bool:
        if dialog.summary is None and not dialog.error:
            with qtbot.waitSignal(dialog.finished, timeout=10_000):
                pass
        return False

    window.prompter.files.append(str(sample))  # type: ignore[attr-defined]
    window.prompter.choices.append(1)  # type: ignore[attr-defined]
    window.prompter.dialogs.append(wait_for_import)  # type: ignore[attr-defined]
    window.rating_list.import_list()
    _title, options = window.prompter.chosen[-1]  # type: ignore[attr-defined]
    assert options == ("FIDE's layout (XML or TXT)", "FEDA: list ESP")
    assert "2 players imported (standard)" in window.prompter.infos[-1][1]  # type: ignore[attr-defined]
    assert rating_list.find("E1002")[0].source == "ESP"

    def delete(dialog: ListFormatDialog) -> bool:
        assert dialog.name.text() == "FEDA"
        dialog.delete_format()
        assert dialog.result() == ListFormatDialog.DialogCode.Accepted
        return True

    window.prompter.choices.append(1)  # type: ignore[attr-defined]
    window.prompter.dialogs.append(delete)  # type: ignore[attr-defined]
    window.rating_list.edit_formats()
    assert saved_formats(rating_list) == {}


def test_the_download_dialog_offers_the_formats(qtbot: QtBot) -> None:
    dialog = DownloadListsDialog(
        [ListDownload("FIDE", "https://ratings.fide.com/download/players_list_xml.zip")],
        keep_fresh=True,
        formats=["FEDA"],
    )
    qtbot.addWidget(dialog)
    dialog.add_list()
    dialog.table.item(1, 0).setText("ESP")  # type: ignore[union-attr]
    dialog.table.item(1, 1).setText("https://example.org/elo.csv")  # type: ignore[union-attr]
    box = dialog.table.cellWidget(1, 2)
    box.setCurrentIndex(box.findData("FEDA"))  # type: ignore[union-attr]
    dialog.try_accept()
    assert [(d.name, d.format) for d in dialog.result_downloads] == [("FIDE", ""), ("ESP", "FEDA")]
