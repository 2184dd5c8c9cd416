"""Every discrepancy the cross-test against bbpPairings and TieBreakServer found, kept as a
case and classified (C.02 Q34-39; docs/engines/crosstest.md)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from swissdesk.engines import get_engine
from swissdesk.engines.acceleration import baku_group_a_size, with_baku_acceleration
from swissdesk.model.tournament import Tournament
from swissdesk.tiebreaks.standings import compute_standings
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


def _values(tournament: Tournament, codes: list[str], code: str) -> dict[int, str]:
    rows = compute_standings(tournament, codes).rows
    return {r.tpn: next(v.display for v in r.values if v.code == code) for r in rows}


def test_other_checker_tiebreakserver_bh_after_fb_counts_a_trailing_bye_by_its_points() -> None:
    """Cross-test seed 10202 (direction swissdesk; 88 players, 9 rounds, tie-breaks FB, BH/C1,
    WON): player 39 took a requested zero-point bye in round 8 and lost round 9 by forfeit.
    A forfeit loss is a voluntary unplayed round (C.07 2026, art. 16.1.2), so the bye is
    followed only by VURs: category 16.2.5, evaluated as a draw in the opponents' tie-breaks
    (16.3.2), and player 39 counts 5 (4½ + ½) in the Buchholz of each of the eight
    opponents. TieBreakServer computes the same when BH/C1 is asked alone (``-t BH/C1``:
    player 4 35.0) but ½ less when FB is listed first (34.5): computing FB changes the
    opponents' "last round that is not a VUR" in place (its tiebreak.py,
    compute_buchholz_sonneborn_berger_ver), and BH reads the changed value. A tie-break is
    one definition whatever is listed before it. Classified: the other checker."""
    t = read_trf(DATA / "crosstest-s10202-fb-bh-c1.trf")
    rows = {r.tpn: r for r in compute_standings(t, ["BH/C1"]).rows}
    assert rows[39].points == 9  # 4½ in half-points
    listed = _values(t, ["FB", "BH/C1", "WON"], "BH/C1")
    alone = _values(t, ["BH/C1"], "BH/C1")
    assert listed == alone
    assert (listed[4], listed[24], listed[82]) == ("35.0", "36.5", "28.0")


def test_crosstest_classifies_a_value_that_tiebreakserver_computes_alone_as_swissdesk_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The cross-test's classification: a value difference is put down to TieBreakServer's
    list dependence only when TieBreakServer, asked for that tie-break alone, gives
    swissdesk's values for every player; otherwise it stays a discrepancy."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import crosstest_bbp as xt
    finally:
        sys.path.remove(str(BENCHMARKS))
    path = DATA / "crosstest-s10202-fb-bh-c1.trf"
    t = read_trf(path)
    ours = _values(t, ["BH/C1"], "BH/C1")
    diffs = ["player 4 BH/C1: swissdesk 35.0, TieBreakServer 34.5"]
    config = xt.Config(bbp="", tbs="tbs", keep=None, baku_in_bbp=False)

    def agreeing(config: object, path: Path, codes: list[str] | None = None) -> object:
        return xt.TbsResult(["BH/C1"], {}, {tpn: [v] for tpn, v in ours.items()}, None)

    monkeypatch.setattr(xt, "tbs_run", agreeing)
    assert xt.differing_codes(diffs) == ["BH/C1"]
    assert xt.tbs_alone_explains(config, path, t, diffs)
    ours[4] = "34.5"
    assert not xt.tbs_alone_explains(config, path, t, diffs)
    assert not xt.tbs_alone_explains(config, path, t, [])


def test_other_generator_bbppairings_could_not_pair_round_9_and_neither_can_swissdesk() -> None:
    """Cross-test seed 21545, direction bbp: bbpPairings' generator, making a 19-player,
    9-round Baku tournament (``192 FIDE_DUTCH_2025_BAKU``) from a model, stopped with "No
    valid pairing exists for round 9 of the generated tournament". The file it left holds
    rounds 1-8. swissdesk pairs those eight rounds as bbpPairings did and also finds no
    pairing for round 9 that keeps C1-C3 (C.04.3 art. 1.9.3: the arbiter decides). Classified:
    an unpairable tournament, which both programs agree on; not a crash of either."""
    from swissdesk.engines.base import NoValidPairing

    path = DATA / "crosstest-b21545-bbp-unpairable-r9.trf"
    t = read_trf(path)
    assert len(t.players) == 19 and t.acceleration
    assert check_file(t, get_engine("dutch")).pairings.agrees
    with pytest.raises(NoValidPairing):
        get_engine("dutch").pair(t)
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from crosstest_bbp import BbpUnpairable, _bbp_unpairable
    finally:
        sys.path.remove(str(BENCHMARKS))
    outcome = _bbp_unpairable(path, BbpUnpairable("No valid pairing exists for round 9", 9))
    assert outcome["swissdesk_agrees"] is True
    assert outcome["rounds"] == 8 and outcome["pairing_rounds"] == []
