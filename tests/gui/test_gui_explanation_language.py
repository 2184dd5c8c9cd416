"""Round > Explain… in the arbiter's language (issue 38; C.04.1 art. 9): the engine pairs in
its own process and sends back English lines that remember their message; the window words
them in its language, also when the explanation is read back from the audit log of a round
paired in another language."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from swissdesk.gui import language
from swissdesk.gui.mainwindow import MainWindow
from tests.gui.test_gui_actions import small

pytestmark = pytest.mark.usefixtures("english_afterwards")


def test_the_explanation_dialog_is_in_the_window_language(
    qtbot, make_window: type[MainWindow], tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    language.apply_language(app, "de")
    window = make_window()
    assert window.open_file(small(tmp_path / "small.swissdesk"))
    with qtbot.waitSignal(window.round_paired, timeout=60_000):
        window.pair_next_round()
    window.explain_round()
    title, text = window.prompter.texts[-1]  # type: ignore[attr-defined]
    assert title == "Runde 1 erklären"
    assert "Gruppe 0.0: Residenten 1, 2, 3, 4, 5, 6" in text
    assert "  Paarungen: 1-4, 2-5, 3-6" in text
    # Read back from the audit log (paired in German, stored in English), read in Russian.
    language.apply_language(app, "ru")
    window.explanations.clear()
    window.explain_round()
    _title, text = window.prompter.texts[-1]  # type: ignore[attr-defined]
    assert "Группа 0.0: резиденты 1, 2, 3, 4, 5, 6" in text
    assert "  пары: 1-4, 2-5, 3-6" in text
    assert window.file is not None
    entry = next(e for e in window.file.audit_log() if e.action == "PairNextRound")
    assert "Bracket 0.0: residents 1, 2, 3, 4, 5, 6" in entry.payload["explanation"]
