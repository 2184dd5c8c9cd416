"""Cross-check: every player's rating change in the finished reference tournaments of
``../shared/corpus/dutch-full``, computed by :func:`swissdesk.elo.rating_changes` and by a
separate, straightforward calculation written here from the regulation's text.

The second calculation shares nothing with the first but the TRF reader: its own copy of
table 8.1.2 as printed (bands of D with PD of the higher-rated player), the 400-point rule
written out, K = 20 below 2400 and 10 from 2400 (the corpus has no birth dates, no K and
no game counts, so art. 8.3.3 leaves only those two), K x n <= 700, and floats summed game
by game, compared with the exact result to a millionth.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.elo import rating_changes
from swissdesk.trf import read_trf

CORPUS = (Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus").resolve()
FULL = sorted((CORPUS / "dutch-full").glob("*.trf"))

TABLE_8_1_2 = """
0-3 .50  4-10 .51  11-17 .52  18-25 .53  26-32 .54  33-39 .55  40-46 .56  47-53 .57
54-61 .58  62-68 .59  69-76 .60  77-83 .61  84-91 .62  92-98 .63  99-106 .64  107-113 .65
114-121 .66  122-129 .67  130-137 .68  138-145 .69  146-153 .70  154-162 .71  163-170 .72
171-179 .73  180-188 .74  189-197 .75  198-206 .76  207-215 .77  216-225 .78  226-235 .79
236-245 .80  246-256 .81  257-267 .82  268-278 .83  279-290 .84  291-302 .85  303-315 .86
316-328 .87  329-344 .88  345-357 .89  358-374 .90  375-391 .91  392-411 .92  412-432 .93
433-456 .94  457-484 .95  485-517 .96  518-559 .97  560-619 .98  620-735 .99
"""


def probability_of_higher(d: int) -> float:
    """PD of the higher-rated player for a difference ``d >= 0``, read off the table."""
    tokens = TABLE_8_1_2.split()
    for band, pd in zip(tokens[::2], tokens[1::2], strict=True):
        low, high = (int(x) for x in band.split("-"))
        if low <= d <= high:
            return float(pd)
    return 1.0  # "> 735"


def straightforward_change(rating: int, games: list[tuple[int, float]]) -> float:
    """``games``: (opponent rating, score) of the rated games; the rules as written."""
    k = 10 if rating >= 2400 else 20
    if k * len(games) > 700:
        k = 700 // len(games)
    total = 0.0
    for opponent, score in games:
        d = rating - opponent
        if rating < 2650:
            d = max(-400, min(400, d))
        pd = probability_of_higher(d) if d >= 0 else 1.0 - probability_of_higher(-d)
        total += k * (score - pd)
    return total


@pytest.mark.skipif(not FULL, reason=f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({CORPUS})")  # fmt: skip
@pytest.mark.parametrize("path", FULL, ids=[p.stem for p in FULL])
def test_every_players_change_computed_two_ways(path: Path) -> None:
    tournament = read_trf(path)
    ratings = {p.tpn: p.rating for p in tournament.players}
    report = rating_changes(tournament).by_tpn()
    assert len(report) == len(tournament.players)
    for player in tournament.players:
        games = []
        for entry in player.rounds:
            score = {"1": 1.0, "=": 0.5, "0": 0.0}.get(entry.result.value)
            if entry.opponent is None or score is None or ratings[entry.opponent] == 0:
                continue
            games.append((ratings[entry.opponent], score))
        mine = report[player.tpn]
        expected = straightforward_change(player.rating, games)
        assert len(mine.counted_games) == len(games), player.tpn
        assert mine.change is not None
        assert float(mine.change) == pytest.approx(expected, abs=1e-6), (path.name, player.tpn)
