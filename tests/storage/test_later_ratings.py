"""Later ratings for a whole section (C.02 VCL Q212-213): one undoable action stores the
ratings of a later rating period, from a round on, in each player's ratings; the snapshot
hands them to the tie-breaks (Q214-216)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from swissdesk.model.ratings import TiebreakRatingMode, TiebreakRatings
from swissdesk.storage import (
    EditSettings,
    PlayerData,
    SetLaterRatings,
    TournamentFile,
    TournamentSettings,
    Undo,
)
from swissdesk.storage.errors import ActionRefused


@pytest.fixture
def league(tmp_path: Path) -> Path:
    path = tmp_path / "league.swissdesk"
    players = [PlayerData(f"Player {i}", 2300 - 100 * i) for i in range(1, 5)]
    settings = TournamentSettings(name="League", total_rounds=5)
    with TournamentFile.create(path, settings, players=players):
        pass
    return path


def flag(tf: TournamentFile, **rules: object) -> None:
    settings = tf.settings()
    new_rules = dataclasses.replace(settings.rating_rules, long_event=True, **rules)
    tf.execute(EditSettings(dataclasses.replace(settings, rating_rules=new_rules)))


def later_of(tf: TournamentFile) -> dict[int, list[tuple[int, int, str, str]]]:
    return {
        p.tpn: [
            (r.from_round, r.rating.value, r.rating.source, r.rating.date)
            for r in (p.ratings.later if p.ratings else ())
        ]
        for p in tf.players()
    }


def test_q213_later_ratings_need_an_event_over_30_days(league: Path) -> None:
    with (
        TournamentFile.open(league) as tf,
        pytest.raises(ActionRefused, match="event over 30 days"),
    ):
        tf.execute(SetLaterRatings(3, ((1, 2210),)))


def test_q212_q213_one_action_sets_a_periods_ratings_and_undo_takes_them_back(
    league: Path,
) -> None:
    with TournamentFile.open(league) as tf:
        flag(tf)
        result = tf.execute(SetLaterRatings(3, ((1, 2210), (2, 2090)), "FIDE", "2027-01"))
        assert result.summary == "ratings from round 3 set: 2 players"
        assert later_of(tf)[1] == [(3, 2210, "FIDE", "2027-01")]
        assert later_of(tf)[3] == []
        tf.execute(SetLaterRatings(5, ((1, 2230),), "FIDE", "2027-02"))
        assert [r[0] for r in later_of(tf)[1]] == [3, 5]
        snapshot = tf.snapshot()
        first = snapshot.player(1)
        assert first.later_ratings == ((3, 2210), (5, 2230))
        assert [first.rating_in(r) for r in (1, 2, 3, 4, 5)] == [2200, 2200, 2210, 2210, 2230]
        assert snapshot.long_event
        # a rating of 0 removes it; nothing changing is refused
        tf.execute(SetLaterRatings(3, ((2, 0),)))
        assert later_of(tf)[2] == []
        with pytest.raises(ActionRefused, match="no rating from round 3 changed"):
            tf.execute(SetLaterRatings(3, ((1, 2210), (2, 0))))
        tf.execute(Undo())
        assert later_of(tf)[2] == [(3, 2090, "FIDE", "2027-01")]
        # the first rating, what pairs and ranks, never moves
        assert [p.rating for p in tf.players()] == [2200, 2100, 2000, 1900]


def test_q213_a_later_rating_starts_after_round_1_and_within_the_event(league: Path) -> None:
    with TournamentFile.open(league) as tf:
        flag(tf)
        for bad in (1, 6):
            with pytest.raises(ActionRefused, match="from 2 to 5"):
                tf.execute(SetLaterRatings(bad, ((1, 2210),)))


def test_q216_the_snapshot_carries_the_choice(league: Path) -> None:
    with TournamentFile.open(league) as tf:
        flag(tf, tiebreak_ratings=TiebreakRatings(TiebreakRatingMode.ROUND, 4))
        assert tf.snapshot().tiebreak_ratings == TiebreakRatings(TiebreakRatingMode.ROUND, 4)
        assert tf.settings().rating_rules.tiebreak_ratings.round == 4
