"""Board numbers on printed lists follow C.04.2 art. 3.6, as the endorsed engine orders them."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from report_test_support import CORPUS, corpus_file, multilingual_tournament

from swissdesk.errors import InputError
from swissdesk.lists.board_order import (
    board_result,
    boards_of_round,
    check_round,
    sort_pairs,
    unpaired_of_round,
)
from swissdesk.model.tournament import ResultCode, Tournament
from swissdesk.trf import read_trf


def _expected_pairs(path: str) -> list[tuple[int, int]]:
    lines = Path(path).read_text(encoding="utf-8").split("\n")[1:]
    pairs = [tuple(int(x) for x in line.split()) for line in lines if line.strip()]
    return [(w, b) for w, b in pairs if b != 0]


def test_board_order_matches_bbppairings_on_every_corpus_round() -> None:
    """Every round of every complete corpus tournament, read back from the results, gets the
    boards in the order bbpPairings published them (1,046 rounds)."""
    corpus_file("dutch")
    compared = 0
    for pairs_file in sorted((CORPUS / "dutch").glob("*.pairs")):
        match = re.match(r"(.*)-p(\d+)\.pairs$", pairs_file.name)
        assert match is not None
        full = corpus_file(f"dutch-full/{match.group(1)}.trf")
        tournament = _read_cached(str(full))
        round_number = int(match.group(2))
        got = [(b.white, b.black) for b in boards_of_round(tournament, round_number)]
        assert got == _expected_pairs(str(pairs_file)), pairs_file.name
        compared += 1
    assert compared > 1000


@functools.lru_cache(maxsize=4)
def _read_cached(path: str) -> Tournament:
    return read_trf(path)


def test_sort_uses_real_scores_then_sum_then_smaller_tpn() -> None:
    scores = {1: 4, 2: 4, 3: 2, 4: 2, 5: 4, 6: 0}
    # Pair (5, 3): higher-ranked 5 with 4 -> sum 6; pair (2, 6): higher 2 with 4 -> sum 4;
    # pair (4, 1): higher 1 with 4 -> sum 6, TPN 1 beats TPN 5.
    assert sort_pairs([(2, 6), (5, 3), (4, 1)], scores) == [(4, 1), (5, 3), (2, 6)]


def test_boards_and_byes_of_a_round_in_progress() -> None:
    t = multilingual_tournament()
    boards = boards_of_round(t, 3)
    assert [(b.number, b.white, b.black) for b in boards] == [(1, 1, 3), (2, 4, 2), (3, 6, 7)]
    assert all(board_result(b) == "" for b in boards)
    assert [(u.tpn, u.result) for u in unpaired_of_round(t, 3)] == [
        (5, ResultCode.PAIRING_ALLOCATED_BYE)
    ]


def test_results_as_printed() -> None:
    t = multilingual_tournament()
    by_white = {b.white: board_result(b) for b in boards_of_round(t, 2)}
    assert by_white == {2: "0 - 1", 7: "½ - ½", 5: "+ - -"}


def test_board_order_given_by_the_caller_is_kept() -> None:
    t = multilingual_tournament()
    boards = boards_of_round(t, 3, order=[(6, 7), (1, 3), (4, 2)])
    assert [(b.number, b.white) for b in boards] == [(1, 6), (2, 1), (3, 4)]


@pytest.mark.parametrize("round_number", [0, 4, 9])
def test_unpaired_round_is_refused_with_a_message(round_number: int) -> None:
    with pytest.raises(InputError, match="has not been paired"):
        check_round(multilingual_tournament(), round_number)


def test_a_game_missing_from_the_given_order_still_gets_a_board() -> None:
    boards = boards_of_round(multilingual_tournament(), 3, order=[(6, 7), (4, 2)])
    assert [(b.number, b.white, b.black) for b in boards] == [(1, 6, 7), (2, 4, 2), (3, 1, 3)]
