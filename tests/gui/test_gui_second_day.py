"""The arbiter's second day (issue 27): what a new user still tripped over in the window."""

from __future__ import annotations

from pathlib import Path

from swissdesk.gui.mainwindow import MainWindow


def _baku_trf(path: Path) -> Path:
    lines = ["012 Baku by code", "XXR 5"]
    for n in range(1, 11):
        name = f"Player{n:04d}, Test"
        lines.append(f"001 {n:>4}      {name:33} {2500 - 10 * n:>4} {'':3} {'':>11} {'':10}  0.0")
    lines.append("192 FIDE_DUTCH_2025_BAKU")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_import_says_in_the_window_which_system_and_acceleration_it_read(
    window: MainWindow, tmp_path: Path
) -> None:
    """Item 12: a record 192 code is understood, and the window says how."""
    source = _baku_trf(tmp_path / "baku.trf")
    assert window.files.import_trf_from(source, tmp_path / "baku.swissdesk")
    title, text = window.prompter.infos[-1]  # type: ignore[attr-defined]
    assert title == "Imported"
    assert "10 players, 0 rounds paired" in text
    assert "Pairing system: Dutch (C.04.3), as record 192 FIDE_DUTCH_2025_BAKU names it." in text
    assert "Acceleration: Baku (C.04.7 art. 1), as record 192 asks: group A = pairing " in text
    assert "Baku" in window.statusBar().currentMessage()
