"""Rating-based tie-breaks in an event lasting more than 30 days (FIDE's checklist for
tournament programs, C.02 VCL Q210-216): the players hold later ratings linked to rounds,
and the section chooses which ones ARO, TPR and the other rating tie-breaks read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from swissdesk.i18n import using_language, worded
from swissdesk.model.ratings import (
    TiebreakRatingMode,
    TiebreakRatings,
    UnratedMethod,
    UnratedRule,
)
from swissdesk.model.tournament import Tournament
from swissdesk.tiebreaks import compute_standings, long_event_advice

Builder = Callable[..., Tournament]

EACH = TiebreakRatings(TiebreakRatingMode.EACH_ROUND)


def shown(t: Tournament, code: str, after: int | None = None) -> dict[int, str]:
    return {
        row.tpn: row.values[0].display
        for row in compute_standings(t, [code], after_round=after).rows
    }


@pytest.fixture
def long_event(crosstable: Builder) -> Tournament:
    """Player 1 meets 2 (2000), 3 (2100) and 4 (2200) in rounds 1-3. From round 2 on
    player 2 holds 2030 and player 3 2160; from round 3 on player 4 holds 2260."""
    t = crosstable(
        {
            1: "2w1 3b= 4w=",
            2: "1b0 4b0 3w0",
            3: "4w= 1w= 2b1",
            4: "3b= 2w1 1b=",
        },
        ratings={1: 2150, 2: 2000, 3: 2100, 4: 2200},
    )
    later = {2: ((2, 2030),), 3: ((2, 2160),), 4: ((3, 2260),)}
    players = [replace(p, later_ratings=later.get(p.tpn, ())) for p in t.players]
    return replace(t, players=tuple(players), long_event=True)


def test_q215_the_first_ratings_are_the_default(long_event: Tournament) -> None:
    assert long_event.tiebreak_ratings == TiebreakRatings()
    assert shown(long_event, "ARO")[1] == "2100"  # (2000 + 2100 + 2200) / 3
    assert shown(long_event, "RTNG")[4] == "2200"


def test_q214_each_game_counts_the_opponents_rating_of_its_round(long_event: Tournament) -> None:
    t = replace(long_event, tiebreak_ratings=EACH)
    # round 1: no. 2 at 2000; round 2: no. 3 at 2160; round 3: no. 4 at 2260
    assert shown(t, "ARO")[1] == "2140"
    # after round 2 only the first two games count: (2000 + 2160) / 2
    assert shown(t, "ARO", after=2)[1] == "2080"
    # a player's own rating (RTNG) is the one of the round the standings are after
    assert shown(t, "RTNG")[4] == "2260"
    assert shown(t, "RTNG", after=2)[4] == "2200"


def test_q216_the_arbiter_chooses_a_rounds_ratings(long_event: Tournament) -> None:
    t = replace(long_event, tiebreak_ratings=TiebreakRatings(TiebreakRatingMode.ROUND, 3))
    assert shown(t, "ARO")[1] == "2150"  # (2030 + 2160 + 2260) / 3
    t2 = replace(long_event, tiebreak_ratings=TiebreakRatings(TiebreakRatingMode.ROUND, 2))
    assert shown(t2, "ARO")[1] == "2130"  # (2030 + 2160 + 2200) / 3
    assert shown(t2, "TPR")[1] != shown(long_event, "TPR")[1]


def test_q213_later_ratings_count_only_in_an_event_flagged_over_30_days(
    long_event: Tournament,
) -> None:
    t = replace(long_event, long_event=False, tiebreak_ratings=EACH)
    assert shown(t, "ARO")[1] == "2100"
    assert compute_standings(t, ["ARO"]).rating_note == ""


def test_q208_an_unrated_player_rated_later_counts_with_the_unrated_rule_before(
    long_event: Tournament,
) -> None:
    players = [
        replace(p, rating=0, later_ratings=((3, 1900),)) if p.tpn == 2 else p
        for p in long_event.players
    ]
    t = replace(
        long_event,
        players=tuple(players),
        tiebreak_ratings=EACH,
        unrated_rule=UnratedRule(UnratedMethod.FIXED, 1500),
    )
    # no. 2 was unrated in round 1, when no. 1 met him: the fixed 1500 counts
    assert shown(t, "ARO")[1] == str((1500 + 2160 + 2260 + 1) // 3)
    # left out under C.07's default
    t0 = replace(t, unrated_rule=UnratedRule())
    assert shown(t0, "ARO")[1] == "2210"  # (2160 + 2260) / 2


def test_q211_the_standings_advise_against_rating_tiebreaks(long_event: Tournament) -> None:
    note = compute_standings(long_event, ["BH", "ARO"]).rating_note
    assert note.startswith("ARO computed with the first ratings")
    assert "not recommended in an event over 30 days" in note
    assert compute_standings(long_event, ["BH", "SB"]).rating_note == ""
    assert long_event_advice(["BH/C1", "TPR", "rtg"]) != ""
    assert "TPR, rtg" in long_event_advice(["BH/C1", "TPR", "rtg"])
    assert long_event_advice(["BH", "SB", "DE"]) == ""


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "ARO computed with the ratings of round 3. Rating-based tie-breaks (ARO) are not"),
        ("de", "ARO berechnet nach: die Wertungszahlen der Runde 3. Wertungsbasierte Feinwertungen"),
        ("ru", "ARO рассчитаны по: рейтинги тура 3. Показатели на основе рейтинга (ARO)"),
    ],
)
def test_q211_q216_the_rating_note_is_worded_where_it_is_read(
    long_event: Tournament, language: str, words: str
) -> None:
    """Issue 38: the note is computed once (English, as stored and compared) and worded in
    the reader's language: the window's, the PDF's, the command line's."""
    chosen = replace(long_event, tiebreak_ratings=TiebreakRatings(TiebreakRatingMode.ROUND, 3))
    with using_language("ru" if language == "de" else "de"):
        note = compute_standings(chosen, ["BH", "ARO"]).rating_note
    assert str(note).startswith("ARO computed with the ratings of round 3. Rating-based")
    with using_language(language):
        assert worded(note).startswith(words)
