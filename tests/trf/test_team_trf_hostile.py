"""Issue 39, items 3 and 4: small hostile team TRFs. Every list a team record holds is
bounded by what the tournament can have (players, teams, boards, rounds) and refused at the
line and column beyond it, within a few megabytes; numbers like ``inf``, ``nan`` and ``-2``
are refused where they stand; what the records say must agree (one roster per player, one
match per team and round, never against itself, rounds within record 142)."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from trf_support import block, player, trf

from swissdesk.cli import main
from swissdesk.trf import TrfError
from swissdesk.trf.team_records import format_team_trf, parse_team_trf

HAND = Path(__file__).with_name("team_hand.trf").read_text(encoding="utf-8")


def _lines() -> list[str]:
    return HAND.rstrip("\n").split("\n")


def _with(replace: dict[str, str] | None = None, extra: tuple[str, ...] = ()) -> str:
    text = HAND
    for old, new in (replace or {}).items():
        assert old in text, old
        text = text.replace(old, new)
    return text + "".join(line + "\n" for line in extra)


def _line_of(text: str, prefix: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if line.startswith(prefix))


def _refused(text: str, *, line: int, column: int | None, said: str) -> TrfError:
    with pytest.raises(TrfError) as info:
        parse_team_trf(text, source="hostile.trf")
    err = info.value
    assert said in err.reason, err
    assert (err.line, err.column) == (line, column), err
    assert len(str(err)) < 400
    return err


def _peak_mib(work: Callable[[], object]) -> float:
    tracemalloc.start()
    try:
        work()
    except TrfError:
        pass
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak / 2**20


# --- item 3: lists bounded by what the tournament can have ---------------------------------


def test_a_260_record_of_thousands_of_teams_is_refused_at_the_first_beyond_the_teams() -> None:
    """A 29 KB file with a 260 line of 4,499 ids needed over 4 GB (every pair of ids)."""
    ids = " ".join(f"{i % 9999 + 1:04d}" for i in range(4499))
    text = _with(extra=(f"260 001 003 {ids}",))
    line = _line_of(text, "260")
    _refused(text, line=line, column=13 + 5 * 5, said="more than 5 (the file has 5 teams)")
    assert _peak_mib(lambda: parse_team_trf(text)) < 32


def test_a_260_record_naming_a_team_twice_or_one_that_does_not_exist() -> None:
    text = _with(extra=("260 001 003 0001 0002 0001",))
    _refused(text, line=_line_of(text, "260"), column=23, said="team 1 is named twice")
    text = _with(extra=("260 001 003 0001 0042",))
    _refused(text, line=_line_of(text, "260"), column=18, said="team 42 has no 310 record")


def test_a_320_record_of_two_million_rounds_is_refused_at_the_first_beyond_142() -> None:
    """A 320 record with two million ids ran past a minute."""
    text = _with({"320  1.0  1.0 005 000": "320  1.0  1.0 " + " ".join(["000"] * 2_000_000)})
    line = _line_of(text, "320")
    _refused(text, line=line, column=15 + 3 * 4, said="the tournament has 3 rounds")
    assert _peak_mib(lambda: parse_team_trf(text)) < 64  # the 8 MB text itself


def test_acceleration_lines_are_bounded_by_the_teams_and_rounds() -> None:
    """15 lines ``250`` over 1-999 rounds and 1-9999 teams took 10 s and 708 MB."""
    wide = tuple("250  1.0  0.0 001 999 0001 9999" for _ in range(15))
    text = _with(extra=wide)
    _refused(text, line=_line_of(text, "250"), column=19, said="the tournament has 3 rounds")
    no_142 = _with({"142 3\n": ""}, extra=wide)
    _refused(no_142, line=_line_of(no_142, "250"), column=28, said="from 1 to 999, not 9999")
    assert _peak_mib(lambda: parse_team_trf(no_142)) < 32
    fitting = _with(
        {"142 3\n": ""}, extra=tuple("250  1.0  0.0 001 999 0001 0005" for _ in range(15))
    )
    event = parse_team_trf(fitting)
    assert event.tournament.acceleration_for(5, 999) == 2
    assert _peak_mib(lambda: parse_team_trf(fitting)) < 32


def test_a_roster_of_forty_thousand_entries_is_refused() -> None:
    """A 40,005-entry roster imported (and then the file could not be exported)."""
    roster = " ".join(["0009"] * 40_005)
    text = _with({"0009 0010": roster})
    line = _line_of(text, "310   5")
    _refused(text, line=line, column=79, said="player 9 is on its roster twice")
    assert _peak_mib(lambda: parse_team_trf(text)) < 32
    unknown = " ".join(["0009", "0010"] + [f"{i:04d}" for i in range(12, 40_015)])
    text = _with({"0009 0010": unknown})
    _refused(text, line=line, column=74 + 5 * 2, said="player 12 has no 001 record")


def test_a_line_up_longer_than_the_boards_is_refused() -> None:
    text = _with({"300 002 001 005 0011 0001": "300 002 001 005 0011 0001 0002"})
    _refused(text, line=_line_of(text, "300"), column=27, said="a match has 2 boards")


# --- item 4: numbers and contradictions ------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "prefix", "column"),
    [
        ("    4.0    3.0   1  0001", "    inf    3.0   1  0001", "310   1", 55),
        ("    4.0    3.0   1  0001", "    nan    3.0   1  0001", "310   1", 55),
        ("    4.0    3.0   1  0001", "    4.0   1e99   1  0001", "310   1", 62),
        ("320  1.0  1.0 005 000", "320  inf  1.0 005 000", "320", 5),
        ("320  1.0  1.0 005 000", "320  1.0  nan 005 000", "320", 10),
        ("362 TW  2.0 TD  1.0 TL  0.0", "362 TW  inf TD  1.0 TL  0.0", "362", 9),
        ("362 TW  2.0 TD  1.0 TL  0.0", "362 TW -2.0 TD  1.0 TL  0.0", "362", 8),
        ("362 TW  2.0 TD  1.0 TL  0.0", "362 TW  2.0 TD  nan TL  0.0", "362", 17),
    ],
)
def test_inf_nan_and_negative_points_are_refused_where_they_stand(
    old: str, new: str, prefix: str, column: int
) -> None:
    """``inf`` in records 310, 320 and 362 gave an OverflowError traceback."""
    text = _with({old: new})
    _refused(text, line=_line_of(text, prefix), column=column, said="must be a number of points")


def test_a_win_must_be_worth_more_than_a_loss() -> None:
    text = _with({"362 TW  2.0 TD  1.0 TL  0.0": "362 TW  0.0 TD  1.0 TL  2.0"})
    _refused(text, line=_line_of(text, "362"), column=5, said="worth more than a lost one")


def test_a_player_on_two_rosters_is_refused() -> None:
    text = _with({"0005 0006": "0005 0006 0001"})
    _refused(
        text,
        line=_line_of(text, "310   3"),
        column=84,
        said=f"already on the roster of team 1 (line {_line_of(text, '310   1')})",
    )


def test_rounds_beyond_record_142_are_refused() -> None:
    """1,000 stored rounds when 142 said 3."""
    text = _with({"320  1.0  1.0 005 000": "320  1.0  1.0 005 000 000 " + "000 " * 996 + "004"})
    _refused(text, line=_line_of(text, "320"), column=27, said="the tournament has 3 rounds")
    text = _with({"240 H 002 0004": "240 H 999 0004"})
    _refused(text, line=_line_of(text, "240"), column=7, said="round 999, but the tournament has 3")
    text = _with({"330 +- 002 002 003": "330 +- 007 002 003"})
    _refused(text, line=_line_of(text, "330"), column=8, said="round 7, but the tournament has 3")


def test_a_pab_for_a_team_that_plays_that_round_is_refused() -> None:
    """A 320 record contradicting the matches imported: team 1 had the PAB in round 1 and
    team 2 had played it."""
    text = _with({"320  1.0  1.0 005 000": "320  1.0  1.0 001 000"})
    _refused(
        text,
        line=_line_of(text, "320"),
        column=15,
        said="has the PAB in round 1 but also plays team 2",
    )


def _small_team_file(*players: str, rosters: tuple[str, ...]) -> str:
    return trf("012 Small League", "142 3", *players, "352 WB", *rosters)


def test_a_team_playing_itself_is_refused() -> None:
    text = _with({"330 +- 002 002 003": "330 +- 002 003 003"})
    _refused(text, line=_line_of(text, "330"), column=16, said="team 3 cannot play itself")
    # Two players of team 1 meet each other (their 001 records agree with each other).
    text = _small_team_file(
        player(1, "1.0", block(2, "w", "1")),
        player(2, "0.0", block(1, "b", "0")),
        player(3, "0.5", block(4, "w", "=")),
        player(4, "0.5", block(3, "b", "=")),
        rosters=(
            "310   1 One" + " " * 62 + "0001 0002",
            "310   2 Two" + " " * 62 + "0003 0004",
        ),
    )
    _refused(text, line=3, column=92, said="team 1 plays itself (its players 1 and 2 meet)")


def test_a_team_playing_two_teams_in_one_round_is_refused() -> None:
    text = _small_team_file(
        player(1, "1.0", block(3, "w", "1")),
        player(2, "1.0", block(5, "b", "1")),
        player(3, "0.0", block(1, "b", "0")),
        player(4, "0.5", block(6, "w", "=")),
        player(5, "0.0", block(2, "w", "0")),
        player(6, "0.5", block(4, "b", "=")),
        rosters=(
            "310   1 One" + " " * 62 + "0001 0002",
            "310   2 Two" + " " * 62 + "0003 0004",
            "310   3 Three" + " " * 60 + "0005 0006",
        ),
    )
    _refused(text, line=4, column=92, said="team 1 plays teams 2 and 3")


def test_every_accepted_file_is_written_back_and_read_the_same() -> None:
    event = parse_team_trf(HAND)
    assert parse_team_trf(format_team_trf(event)) == event


def test_the_command_line_names_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hostile.trf"
    path.write_text(
        _with({"362 TW  2.0 TD  1.0 TL  0.0": "362 TW  inf TD  1.0 TL  0.0"}), encoding="utf-8"
    )
    assert main(["import", str(path), "-o", str(tmp_path / "x.swissdesk")]) == 2
    err = capsys.readouterr().err
    assert f"{path}:{_line_of(HAND, '362')}:9: 362 TW must be a number of points" in err
    assert not (tmp_path / "x.swissdesk").exists()
