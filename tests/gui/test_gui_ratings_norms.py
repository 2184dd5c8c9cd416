"""Issue 37 in the window: the standings' rating-change and norm columns, the player card,
the K / rated games / national rating fields of the player form, the national list and
norm declaration of the settings, and the PDFs: all the one computation of
:mod:`swissdesk.elo` and :mod:`swissdesk.norms`."""

from __future__ import annotations

from pathlib import Path

from gui_support import column_texts, norm_event, norm_support
from PySide6.QtCore import Qt

from swissdesk.elo import (
    NationalSystem,
    PlayerRatingInput,
    RatingInputs,
    hundredths,
    rating_changes,
)
from swissdesk.gui.dialogs import TournamentDialog
from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.player_card import compute_extras, player_card_html
from swissdesk.gui.player_dialogs import PlayerDialog
from swissdesk.gui.standings_models import StandingsModel
from swissdesk.norms import NormSettings
from swissdesk.storage import PlayerData, TournamentFile, TournamentSettings
from swissdesk.tiebreaks import compute_standings, declared_tiebreaks


def test_standings_show_the_rating_change_and_the_norm(window: MainWindow, tmp_path: Path) -> None:
    assert window.open_file(norm_event(tmp_path))
    window.show_page(window.PAGE_STANDINGS)
    model = window.standings_page.model
    assert isinstance(model, StandingsModel)
    header = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert header[-2:] == ["Rtg ±", "Norm"]
    assert window.file is not None
    expected = rating_changes(window.file.snapshot(), window.file.rating_inputs()).by_tpn()
    tpns = [int(t) for t in column_texts(model, 1)]
    changes = column_texts(model, model.columnCount() - 2)
    for tpn, shown in zip(tpns, changes, strict=True):
        change = expected[tpn].change
        assert shown == (hundredths(change, sign=True) if change is not None else "")
    norms = dict(zip(tpns, column_texts(model, model.columnCount() - 1), strict=True))
    assert norms[1] == "GM"
    assert expected[1].k is not None and expected[1].k.value == 40  # the arbiter's K


def test_standings_model_with_extras_passes_the_model_tester(qtmodeltester, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    with TournamentFile.open(norm_event(tmp_path)) as tf:
        snapshot = tf.snapshot()
        extras = compute_extras(snapshot, tf.rating_inputs(), tf.norm_settings(), 9)
    standings = compute_standings(snapshot, declared_tiebreaks(snapshot), after_round=9)
    model = StandingsModel()
    model.set_standings(standings, extras)
    qtmodeltester.check(model)
    model.set_standings(None)
    qtmodeltester.check(model)


def test_player_card_shows_the_games_the_change_and_the_norm(
    window: MainWindow, tmp_path: Path
) -> None:
    assert window.open_file(norm_event(tmp_path))
    window.show_page(window.PAGE_STANDINGS)
    window.standings.player_card(1)
    card = window.standings.card
    assert card is not None and card.isVisible()
    text = card.browser.toPlainText()
    assert "No. 1 Seeker (IM, FRA)" in text
    assert "K 40 (set by the arbiter)" in text
    assert "GM norm achieved: 6½/9, Ra 2486, 72 %, Rp 2652" in text
    change = rating_changes(window.file.snapshot(), window.file.rating_inputs()).by_tpn()[1]  # type: ignore[union-attr]
    assert f"change {hundredths(change.change, sign=True)}" in text  # type: ignore[arg-type]
    card.close()
    # the command without a selection says what to do
    window.show_page(window.PAGE_PLAYERS)
    window.players_page.table.clearSelection()
    window.menu_actions["player_card"].trigger()
    assert window.prompter.errors[-1][0] == "Player card"  # type: ignore[attr-defined]


def test_player_card_forecast_before_the_last_rounds(tmp_path: Path) -> None:
    support = norm_support()
    event = support.seeker_event(support.CASE_A[:7], total_rounds=9)
    extras = compute_extras(event, RatingInputs(), NormSettings(), 7)
    text = player_card_html(event, extras, 1)
    assert "GM norm still possible, 2 rounds left: 1 against opponents averaging 2513" in text
    assert "1.4.1: 7 games (at least 9 games)" in text


def test_player_form_keeps_and_sets_k_games_and_national_rating(qtbot) -> None:  # type: ignore[no-untyped-def]
    listed = PlayerData("Seeker", 2450, k_factor=10, k_source="FIDE rating list 2026-11",
                        rated_games=None, national_rating=2388)  # fmt: skip
    dialog = PlayerDialog(listed)
    qtbot.addWidget(dialog)
    assert dialog.data() == listed  # untouched: the list's K keeps its source
    form = dialog.player
    form.k_factor.setText("20")
    form.rated_games.setText("12")
    assert (dialog.data().k_factor, dialog.data().k_source, dialog.data().rated_games) == (
        20, "arbiter", 12,
    )  # fmt: skip
    form.k_factor.setText("")
    assert (dialog.data().k_factor, dialog.data().k_source) == (None, "")
    form.k_factor.setText("0")
    form.national_rating.setText("x")
    problems = dialog.problems()
    assert any("K factor" in p for p in problems) and any("national rating" in p for p in problems)


def test_settings_dialog_keeps_and_sets_the_national_list(qtbot) -> None:  # type: ignore[no-untyped-def]
    base = TournamentSettings(
        name="Open", national_list=NationalSystem("SSB Elo", 25, None), norm_exemption="1.4.3a"
    )
    dialog = TournamentDialog(["dutch"], base)
    qtbot.addWidget(dialog)
    got = dialog.settings()
    assert got.national_list == NationalSystem("SSB Elo", 25, None)
    assert got.norm_exemption == "1.4.3a"
    dialog.national_cap.setValue(350)
    dialog.norm_exemption.setCurrentIndex(0)
    got = dialog.settings()
    assert got.national_list.cap == 350 and got.norm_exemption == ""


def test_rating_and_norm_pdfs_from_the_window_use_the_files_inputs(
    window: MainWindow, tmp_path: Path
) -> None:
    from pypdf import PdfReader

    assert window.open_file(norm_event(tmp_path))
    ratings = window.printing.export_pdf_to("ratings", tmp_path / "ratings.pdf", None)
    norms = window.printing.export_pdf_to("norms", tmp_path / "norms.pdf", None)
    assert ratings is not None and norms is not None
    text = "\n".join(p.extract_text() for p in PdfReader(str(ratings)).pages)
    assert window.file is not None
    seeker = rating_changes(window.file.snapshot(), window.file.rating_inputs()).by_tpn()[1]
    assert seeker.change is not None
    cells = text.splitlines()  # one cell a line; the bold Change column comes separately
    at = cells.index("Seeker")
    assert cells[at + 1 : at + 5] == ["IM", "FRA", "2450", "40"]  # the arbiter's K
    assert hundredths(seeker.change, sign=True) in cells  # +97.20: 40 x (6.5 - 4.07)
    certificate = "\n".join(p.extract_text() for p in PdfReader(str(norms)).pages)
    assert "GM norm: certificate data" in certificate and "2652 = 2486 +166" in certificate
    # without the file's inputs (no K set) the figure would differ: the K is the file's
    default = rating_changes(window.file.snapshot(), RatingInputs({1: PlayerRatingInput()}))
    assert default.by_tpn()[1].k.value != 40  # type: ignore[union-attr]
