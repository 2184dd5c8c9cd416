"""Numbers in the window's tables in the arbiter's language (issue 38), as the documents
print them: points with ``½`` in every language, tie-break values, expected scores and
rating changes with the language's decimal sign (``41,25``, ``+7,40`` in German and
Russian); English unchanged. The models' texts are read as a view reads them."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import column_texts, norm_event

from swissdesk.elo import rating_changes
from swissdesk.gui.player_card import compute_extras, player_card_html
from swissdesk.gui.round_robin import RoundRobinGridModel
from swissdesk.gui.standings_models import StandingsModel
from swissdesk.gui.team_models import StandingLine, TeamStandingsModel
from swissdesk.i18n import using_language
from swissdesk.lists.round_robin_grid import round_robin_grid
from swissdesk.model.tournament import Tournament
from swissdesk.storage import TournamentFile
from swissdesk.tiebreaks import compute_standings

ROOT = Path(__file__).resolve().parents[2]
DECIMAL_SIGN = {"en": ".", "de": ",", "ru": ","}


def _seeker(tmp_path: Path) -> tuple[Tournament, object]:
    """The GM-norm event (no. 1 scores 6½/9; K 40 set by the arbiter) and its extras."""
    with TournamentFile.open(norm_event(tmp_path)) as tf:
        snapshot = tf.snapshot()
        extras = compute_extras(snapshot, tf.rating_inputs(), tf.norm_settings(), 9)
    return snapshot, extras


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_standings_page_tiebreaks_and_rating_changes_in_the_arbiters_language(
    qtmodeltester, tmp_path: Path, language: str  # type: ignore[no-untyped-def]
) -> None:
    snapshot, extras = _seeker(tmp_path)
    standings = compute_standings(snapshot, ("BH", "SB", "ARO"), after_round=9)
    model = StandingsModel()
    model.set_standings(standings, extras)  # type: ignore[arg-type]
    qtmodeltester.check(model)
    sign = DECIMAL_SIGN[language]
    with using_language(language):
        points = column_texts(model, 4)
        bh, sb, aro = (column_texts(model, 5 + i) for i in range(3))
        changes = column_texts(model, 8)
    assert points[0] == "6½"  # the seeker
    assert all("." not in p and "," not in p for p in points)
    shown = [row.values for row in standings.rows]
    assert bh == [v[0].display.replace(".", sign) for v in shown]
    assert sb == [v[1].display.replace(".", sign) for v in shown]
    assert all(sign in value for value in bh + sb)  # Buchholz 1 decimal, SB 2
    assert aro == [v[2].display for v in shown]  # a whole rating: plain digits, never 2.486
    assert all(a.isdigit() and len(a) == 4 for a in aro)
    seeker = rating_changes(snapshot, None).by_tpn()[1]  # type: ignore[arg-type]
    assert seeker.k is not None
    assert changes[0] == "+97" + sign + "20"  # 40 x (6.5 - 4.07)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("6½ from 9 rated games, expected 4.07: change +97.20", "+8.00", "0.30", "-1.60")),
        ("de", ("6½ aus 9 Elo-Partien, erwartet 4,07: Änderung +97,20", "+8,00", "0,30", "-1,60")),
        ("ru", ("+97,20", "+8,00", "0,30", "-1,60", "4,07")),
    ],
)
def test_player_card_in_the_arbiters_language(
    tmp_path: Path, language: str, words: tuple[str, ...]
) -> None:
    snapshot, extras = _seeker(tmp_path)
    with using_language(language):
        html = player_card_html(snapshot, extras, 1)  # type: ignore[arg-type]
    for word in words:
        assert word in html, word
    assert "6½/9" in html  # the norm's result
    if language != "en":
        assert "+97.20" not in html and "4.07" not in html


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_team_standings_tiebreaks_in_the_arbiters_language(
    qtmodeltester, language: str  # type: ignore[no-untyped-def]
) -> None:
    from swissdesk.tiebreaks.team import format_team_value, team_standings
    from swissdesk.trf.team_records import read_team_trf

    event = read_team_trf(ROOT / "tests" / "trf" / "team_hand.trf")
    t = event.tournament
    codes = ("BH:MP", "SB:MPxGP")
    lines = [
        StandingLine(
            r.rank_label, r.tpn, t.player(r.tpn).name, r.match_points, r.game_points,
            tuple(format_team_value(c, v) for c, v in zip(codes, r.values, strict=True)),
        )
        for r in team_standings(t, codes)
    ]  # fmt: skip
    model = TeamStandingsModel()
    model.set_standings(codes, lines)
    qtmodeltester.check(model)
    with using_language(language):
        gp, bh, sb = (column_texts(model, c) for c in (4, 5, 6))
    sign = DECIMAL_SIGN[language]
    assert "2½" in gp and "1½" in gp
    assert bh == [line.values[0].replace(".", sign) for line in lines]
    assert "4" + sign + "5" in sb


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_round_robin_table_points_and_tiebreaks_in_the_arbiters_language(
    qtmodeltester, language: str  # type: ignore[no-untyped-def]
) -> None:
    from swissdesk.model.tournament import ResultCode
    from tests.engines.round_robin.support import rr_tournament

    t = rr_tournament(4, played=3, result=lambda _rnd, _white, _black: ResultCode.DRAW)
    grid = round_robin_grid(t, compute_standings(t, ["SB"]))
    model = RoundRobinGridModel()
    model.set_grid(grid)
    qtmodeltester.check(model)
    last = model.columnCount() - 1  # points, place, SB
    with using_language(language):
        points, sb = column_texts(model, last - 2), column_texts(model, last)
    assert points == ["1½"] * 4  # three draws each
    assert sb == ["2" + DECIMAL_SIGN[language] + "25"] * 4  # 3 x ½ x 1½
