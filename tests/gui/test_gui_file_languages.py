"""The window's files in the arbiter's language (issue 38): a TRF the reader refuses is
explained in the message box in the window's language (the reader words it when it raises,
in the process language); English is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import window_in

from swissdesk.gui.mainwindow import MainWindow
from tests.cli.cli_support import player

pytestmark = pytest.mark.usefixtures("english_afterwards")


@pytest.fixture
def both_white(tmp_path: Path) -> Path:
    """A TRF whose players 1 and 2 both have White in round 1 (line 3, column 97)."""
    path = tmp_path / "open.trf"
    lines = ("012 Open", "XXR 5", player(1, "1.0", "   2 w 1"), player(2, "0.0", "   1 w 0"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("code", "title", "reason"),
    [
        ("en", "Import TRF", "round 1: impossible colours: players 1 and 2 both have white"),
        ("de", "TRF importieren", "Runde 1: unmögliche Farben: die Spieler 1 und 2 haben beide Weiß"),
        ("ru", "Импорт TRF", "тур 1: невозможные цвета: у участников 1 и 2 оба белые"),
    ],
)
def test_a_refused_trf_import_is_explained_in_the_window_language(
    make_window: type[MainWindow], both_white: Path, tmp_path: Path, code: str, title: str,
    reason: str,
) -> None:  # fmt: skip
    window = window_in(make_window, code)
    assert not window.files.import_trf_from(both_white, tmp_path / "open.swissdesk")
    shown_title, message = window.prompter.errors[-1]  # type: ignore[attr-defined]
    assert shown_title == title
    assert message.startswith(f"{both_white}:3:97: {reason}")
    assert window.file is None
    assert not (tmp_path / "open.swissdesk").exists()


def test_the_file_dialogs_filters_in_german_keep_their_patterns(
    make_window: type[MainWindow], sample_copy: Path
) -> None:
    window = window_in(make_window, "de")
    asked: list[tuple[str, str]] = []

    def dialog(title: str, _where: str, filters: str) -> str:
        asked.append((title, filters))
        return ""

    window.prompter.open_file = dialog  # type: ignore[method-assign]
    window.prompter.save_file = dialog  # type: ignore[method-assign]
    window.files.import_trf()
    window.files.open_dialog()
    assert window.open_file(sample_copy)
    window.printing.export_pdf("standings")
    assert [filters for _title, filters in asked] == [
        "FIDE-TRF-Dateien (*.trf *.txt);;Alle Dateien (*)",
        "swissdesk-Turniere (*.swissdesk);;Alle Dateien (*)",
        "PDF-Dokumente (*.pdf)",
    ]


def test_the_status_line_after_an_import_in_german(
    make_window: type[MainWindow], tmp_path: Path
) -> None:
    path = tmp_path / "club.trf"
    lines = ("012 Club", "XXR 5", player(1, "1.0", "   2 w 1"), player(2, "0.0", "   1 b 0"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    window = window_in(make_window, "de")
    assert window.files.import_trf_from(path, tmp_path / "club.swissdesk")
    assert window.saved_label.toolTip() == "club.trf importiert"


def test_the_crash_dialog_says_in_russian_that_no_report_could_be_written(
    make_window: type[MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from swissdesk.gui import app

    window = window_in(make_window, "ru")
    shown: list[str] = []
    monkeypatch.setattr(app, "write_crash_log", lambda _text: None)
    monkeypatch.setattr(QMessageBox, "setInformativeText", lambda _box, text: shown.append(text))
    handler = app.CrashHandler(window)
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        handler(RuntimeError, exc, exc.__traceback__)
    assert handler.last_log is None
    assert shown == [
        "Отчёт записать не удалось (ни в одну папку журналов нельзя записать). Подробности "
        "ниже говорят, что произошло."
    ]
