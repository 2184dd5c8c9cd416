"""Every discrepancy the cross-test against bbpPairings and TieBreakServer found, kept as a
case and classified (C.02 Q34-39; docs/engines/crosstest.md)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from swissdesk.engines import get_engine
from swissdesk.engines.acceleration import baku_group_a_size, with_baku_acceleration
from swissdesk.trf import parse_trf, read_trf
from swissdesk.verification.check import check_file

DATA = Path(__file__).parent / "data"
BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_other_engine_bbppairings_baku_code_puts_ceil_n_over_2_players_in_group_a() -> None:
    """bbpPairings 6 generated this 10-player tournament from a model whose record 192 is
    ``FIDE_DUTCH_2025_BAKU``. Its rounds are the Dutch pairings with group GA = the first
    ceil(10 / 2) = 5 players, while C.04.7 art. 1.2 puts "the first half of the
    participants, rounded up to the nearest even number" in GA: 2 * ceil(10 / 4) = 6. Given
    bbpPairings' group, swissdesk pairs every round as bbpPairings did; given the article's,
    rounds 1-4 differ. Classified: the other engine (the article is explicit; its note
    works 161 players to 82)."""
    t = read_trf(DATA / "bbp-baku-n10-r7.trf")
    assert baku_group_a_size(10) == 6
    theirs = with_baku_acceleration(replace(t, acceleration={}), last_ga_tpn=5)
    article = with_baku_acceleration(replace(t, acceleration={}))
    assert sorted(article.acceleration) == [1, 2, 3, 4, 5, 6]
    assert check_file(theirs, get_engine("dutch")).pairings.agrees
    differing = check_file(article, get_engine("dutch")).pairings.differing_rounds
    assert differing == (1, 2, 3, 4)


def test_other_engine_the_same_file_with_the_192_code_is_read_by_the_article() -> None:
    """With bbpPairings' ``192 FIDE_DUTCH_2025_BAKU`` and no XXA/250 lines, swissdesk's reader
    builds the article's group (6 players), so its check reports rounds 1-4: the cross-test
    counts such a tournament as explained by bbpPairings' group."""
    text = (DATA / "bbp-baku-n10-r7.trf").read_text(encoding="utf-8")
    t = parse_trf(text + "192 FIDE_DUTCH_2025_BAKU\n")
    assert sorted(t.acceleration) == [1, 2, 3, 4, 5, 6]
    assert check_file(t, get_engine("dutch")).pairings.differing_rounds == (1, 2, 3, 4)
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from crosstest_bbp import _bbp_baku_group_explains, baku_192_understood
    finally:
        sys.path.remove(str(BENCHMARKS))
    assert _bbp_baku_group_explains(t)
    assert baku_192_understood()  # so the cross-test makes bbpPairings Baku tournaments


def test_crosstest_reads_tiebreakserver_minus_zero_as_undefined() -> None:
    """TieBreakServer prints an undefined value (AOB of a player without a played game, a
    rating tie-break of an unrated player) as ``-0`` (its changelog, 1.9.54); swissdesk
    leaves it empty. Not a discrepancy: the same value, written two ways."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from crosstest_bbp import _same_number
    finally:
        sys.path.remove(str(BENCHMARKS))
    assert _same_number("", "-0")
    assert not _same_number("0", "-0") and not _same_number("", "0.0")
    assert _same_number("24.36", "24.36") and not _same_number("24.36", "24.37")
