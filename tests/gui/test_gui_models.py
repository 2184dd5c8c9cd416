"""The Qt models pass Qt's model tester and show what the arbiter expects; the players
table refuses bad data with a reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import column_texts
from PySide6.QtCore import Qt

from swissdesk.gui.mainwindow import MainWindow
from swissdesk.gui.models import (
    AuditModel,
    BoardsModel,
    CrossTableModel,
    PlayersFilterModel,
    PlayersModel,
    StandingsModel,
    cross_rows,
    points,
)
from swissdesk.storage import PlayerData, TournamentFile
from swissdesk.tiebreaks import compute_standings, declared_tiebreaks


@pytest.fixture
def sample(sample_copy: Path):  # type: ignore[no-untyped-def]
    with TournamentFile.open(sample_copy) as tf:
        yield tf


def test_points_are_shown_with_halves() -> None:
    assert [points(v) for v in (0, 1, 2, 7, 10)] == ["0", "½", "1", "3½", "5"]


def test_every_model_passes_the_model_tester(qtmodeltester, sample: TournamentFile) -> None:  # type: ignore[no-untyped-def]
    players = PlayersModel()
    qtmodeltester.check(players)  # empty
    players.set_players(sample.players())
    qtmodeltester.check(players)
    proxy = PlayersFilterModel()
    proxy.setSourceModel(players)
    proxy.set_search("pol")
    qtmodeltester.check(proxy)
    proxy.sort(PlayersModel.RATING, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(proxy)

    boards = BoardsModel()
    qtmodeltester.check(boards)
    boards.set_round(sample.round_view(6))
    qtmodeltester.check(boards)

    snapshot = sample.snapshot()
    standings = compute_standings(snapshot, declared_tiebreaks(snapshot), after_round=5)
    table = StandingsModel()
    qtmodeltester.check(table)
    table.set_standings(standings)
    qtmodeltester.check(table)
    cross = CrossTableModel()
    qtmodeltester.check(cross)
    cross.set_cross(cross_rows(snapshot, standings), 5)
    qtmodeltester.check(cross)

    audit = AuditModel()
    audit.set_entries(sample.audit_log())
    qtmodeltester.check(audit)


def test_players_search_and_numeric_sort(sample: TournamentFile) -> None:
    players = PlayersModel()
    players.set_players(sample.players())
    proxy = PlayersFilterModel()
    proxy.setSourceModel(players)
    proxy.set_search("Łukasz")
    assert proxy.rowCount() == 1
    proxy.set_search("pol")  # federation
    names = {proxy.index(r, PlayersModel.NAME).data() for r in range(proxy.rowCount())}
    assert names == {"Wróbel, Łukasz", "Kowalczyk, Agnieszka"}
    proxy.set_search("")
    proxy.sort(PlayersModel.RATING, Qt.SortOrder.AscendingOrder)
    ratings = [
        players.row_at(proxy.mapToSource(proxy.index(r, 0)).row()).rating
        for r in range(proxy.rowCount())
    ]
    assert ratings == sorted(ratings)  # 0 (unrated) first, numerically, not as text
    proxy.sort(PlayersModel.POINTS, Qt.SortOrder.DescendingOrder)
    scores = [
        players.row_at(proxy.mapToSource(proxy.index(r, 0)).row()).score
        for r in range(proxy.rowCount())
    ]
    assert scores == sorted(scores, reverse=True)


def test_numbers_are_right_aligned_and_names_left(sample: TournamentFile) -> None:
    boards = BoardsModel()
    boards.set_round(sample.round_view(1))
    align = Qt.ItemDataRole.TextAlignmentRole
    right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    assert boards.index(0, BoardsModel.W_RATING).data(align) == right
    assert boards.index(0, BoardsModel.BOARD).data(align) == right
    assert boards.index(0, BoardsModel.WHITE).data(align) != right


@pytest.mark.parametrize(
    ("column", "value", "reason"),
    [
        (PlayersModel.RATING, "4000", "between 0 and 3500"),
        (PlayersModel.RATING, "abc", "whole number"),
        (PlayersModel.TITLE, "XM", "unknown title"),
        (PlayersModel.FED, "Germany", "three-letter"),
        (PlayersModel.FIDE_ID, "12a45", "digits only"),
        (PlayersModel.NAME, "  ", "needs a name"),
        (PlayersModel.BIRTH, "14.3.1990", "YYYY"),
    ],
)
def test_bad_cells_are_refused_with_the_reason(
    qtbot,
    sample: TournamentFile,
    column: int,
    value: str,
    reason: str,  # type: ignore[no-untyped-def]
) -> None:
    players = PlayersModel()
    players.set_players(sample.players())
    committed: list[tuple[int, PlayerData]] = []
    players.commit = lambda tpn, data: committed.append((tpn, data)) is None
    with qtbot.waitSignal(players.invalid_edit) as blocker:
        assert not players.setData(players.index(0, column), value)
    assert reason in blocker.args[0]
    assert committed == []


def test_good_cells_are_normalised_and_committed(sample: TournamentFile) -> None:
    players = PlayersModel()
    players.set_players(sample.players())
    committed: list[tuple[int, PlayerData]] = []
    players.commit = lambda tpn, data: committed.append((tpn, data)) is None
    assert players.setData(players.index(2, PlayersModel.FED), "cyp")
    assert players.setData(players.index(2, PlayersModel.TITLE), "gm")
    assert committed[0][0] == 3 and committed[0][1].federation == "CYP"
    assert committed[1][1].title == "GM"


def test_editing_a_cell_in_the_window_saves_it(
    qtbot, window: MainWindow, sample_copy: Path
) -> None:  # type: ignore[no-untyped-def]
    assert window.open_file(sample_copy)
    window.show_page(window.PAGE_PLAYERS)
    page = window.players_page
    source = page.model.index(0, PlayersModel.RATING)
    assert page.model.setData(source, "2601")
    with TournamentFile.open(sample_copy) as tf:
        assert tf.players()[0].rating == 2601
        assert tf.audit_log()[-1].action == "EditPlayer"
    qtbot.waitUntil(lambda: column_texts(page.model, PlayersModel.RATING)[0] == "2601")
    assert window.saved_label.text().startswith("Saved")
