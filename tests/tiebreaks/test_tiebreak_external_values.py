"""External tie-break values (FIDE's checklist for tournament programs, C.02 VCL Q207): a
value decided outside the program (a play-off, the chief arbiter's decision) ranks the
players the declared tie-breaks leave tied, or ranks at a position the arbiter chose."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest

from swissdesk.model.external_tiebreak import (
    ExternalTiebreak,
    format_value,
    parse_trf_line,
    parse_value,
    trf_line,
)
from swissdesk.model.tournament import Tournament
from swissdesk.tiebreaks import compute_standings

Builder = Callable[..., Tournament]


@pytest.fixture
def all_tied(crosstable: Builder) -> Tournament:
    """Four players, two rounds, every game drawn: all 1 point, all Buchholz 2."""
    return crosstable(
        {1: "2w= 3b=", 2: "1b= 4w=", 3: "4w= 1w=", 4: "3b= 2b="}, tiebreaks=("BH",)
    )


def labels(t: Tournament, codes: tuple[str, ...] = ("BH",)) -> list[tuple[int, str]]:
    return [(row.tpn, row.rank_label) for row in compute_standings(t, codes).rows]


def test_q207_values_rank_the_players_the_declared_tiebreaks_leave_tied(
    all_tied: Tournament,
) -> None:
    assert labels(all_tied) == [(1, "1-4"), (2, "1-4"), (3, "1-4"), (4, "1-4")]
    play_off = ExternalTiebreak("Play-off", values={3: Fraction(2), 1: Fraction(3, 2)})
    t = replace(all_tied, external_tiebreak=play_off)
    # the winner of the play-off first, then the runner-up; no value: still tied, after them
    assert labels(t) == [(3, "1"), (1, "2"), (2, "3-4"), (4, "3-4")]
    standings = compute_standings(t, ("BH",))
    assert standings.codes == ("BH", "Play-off")
    assert [v.display for v in standings.rows[1].values] == ["2.0", "1.5"]
    assert standings.rows[2].values[1].display == ""


def test_q207_a_place_ranks_lower_first(all_tied: Tournament) -> None:
    places = ExternalTiebreak("Place", lower_first=True, values={4: Fraction(1), 2: Fraction(2)})
    t = replace(all_tied, external_tiebreak=places)
    assert labels(t)[:2] == [(4, "1"), (2, "2")]


def test_q207_at_a_declared_position_it_decides_before_the_later_tiebreaks(
    crosstable: Builder,
) -> None:
    # 1 beats 2, 3 beats 4, 1-3 drawn, 2 beats 4: 1 and 3 on 1.5, Buchholz 2.5 and 1.5.
    t = crosstable({1: "2w1 3b=", 2: "1b0 4w1", 3: "4w1 1w=", 4: "3b0 2b0"})
    before = labels(t, ("BH", "SB"))
    assert before[:2] == [(1, "1"), (3, "2")]
    first, second = 1, 3
    decision = {second: Fraction(1)}
    after_all = replace(t, external_tiebreak=ExternalTiebreak(values=decision))
    assert labels(after_all, ("BH", "SB"))[:2] == before[:2]  # after BH/SB: no change
    at_zero = replace(t, external_tiebreak=ExternalTiebreak(after=0, values=decision))
    assert labels(at_zero, ("BH", "SB"))[:2] == [(second, "1"), (first, "2")]
    standings = compute_standings(at_zero, ("BH", "SB"))
    assert standings.codes == ("Play-off", "BH", "SB")


def test_q207_no_values_no_column(all_tied: Tournament) -> None:
    t = replace(all_tied, external_tiebreak=ExternalTiebreak())
    assert compute_standings(t, ("BH",)).codes == ("BH",)


def test_q207_values_are_exact_decimals() -> None:
    assert parse_value("1,5") == Fraction(3, 2)
    assert parse_value("2½") == Fraction(5, 2)
    assert parse_value("-0.25") == Fraction(-1, 4)
    for bad in ("", "x", "1.234", "1e3", "nan"):
        with pytest.raises(ValueError):
            parse_value(bad)
    assert [format_value(v) for v in (Fraction(2), Fraction(3, 2), Fraction(-1, 4))] == [
        "2",
        "1.5",
        "-0.25",
    ]


def test_q207_the_trf_comment_round_trips() -> None:
    ext = ExternalTiebreak("Armageddon", True, 2, {7: Fraction(1), 3: Fraction(5, 2)})
    line = trf_line(ext)
    assert line == "### External tie-break (after 2, lower first) Armageddon: 3=2.5 7=1"
    assert parse_trf_line(line) == ext
    assert parse_trf_line(trf_line(replace(ext, after=None))) == replace(ext, after=None)
    assert parse_trf_line("### External tie-break (after 2, lower first) X: 3=abc") is None
    assert parse_trf_line("### MPA @ Round 4: something") is None


def test_q207_an_export_states_the_values_and_the_checker_accepts_its_ranks(
    crosstable: Builder,
) -> None:
    """TRF-2026 records 202/212 carry C.07 codes only: the export keeps them and states the
    values in a ``###`` line; read back, the checker ranks with them (``swissdesk check``
    accepts swissdesk's own export even when the values decide before Buchholz)."""
    from swissdesk.tiebreaks.trf_ranks import with_current_ranks
    from swissdesk.trf import format_trf, parse_trf
    from swissdesk.verification.standings import check_standings

    t = crosstable(
        {1: "2w1 3b=", 2: "1b0 4w1", 3: "4w1 1w=", 4: "3b0 2b0"}, tiebreaks=("BH", "SB")
    )
    t = replace(t, external_tiebreak=ExternalTiebreak(after=0, values={3: Fraction(1)}))
    text = format_trf(with_current_ranks(t))
    assert "202 BH, SB" in text
    assert "### External tie-break (after 0, higher first) Play-off: 3=1" in text
    back = parse_trf(text)
    assert back.external_tiebreak == t.external_tiebreak
    assert {p.tpn: p.declared_rank for p in back.players}[3] == 1
    report = check_standings(back)
    assert report.checked and report.agrees, [p.text for p in report.problems]
    assert report.order.codes == ("PTS", "EXT", "BH", "SB")
    # Without the line the same ranks break the declared list: the line is what holds them.
    bare = parse_trf("\n".join(x for x in text.splitlines() if not x.startswith("### Ext")))
    assert not check_standings(bare).agrees
