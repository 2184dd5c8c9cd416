"""TRF-2026 records 182 and 212 in the final TRF of a tournament swissdesk runs (C.02 VCL
Q217: the final TRF omits no record TRF-2026 defines; TRF26: 182 "Pairing Controller
Identifier", mandatory for title events; 212 "FIDE Tie-Breaks used to define standings",
record 202 plus the code PTS)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from swissdesk import __version__
from swissdesk.cli import main
from swissdesk.model.tournament import Colour, Player, ResultCode, RoundEntry, Tournament
from swissdesk.trf import format_trf, parse_trf


def header(text: str) -> list[str]:
    return [line for line in text.splitlines() if line[:3] in ("182", "202", "212")]


def small(**changes: object) -> Tournament:
    players = tuple(Player(i, f"Player {i}", 2100 - 10 * i) for i in range(1, 5))
    return replace(
        Tournament(players=players, total_rounds=3, tiebreaks=("BH/C1", "SB")), **changes
    )


def test_q217_a_tournament_swissdesk_runs_names_its_pairing_controller_and_order() -> None:
    text = format_trf(small(pairing_controller="swissdesk 9.9"))
    assert header(text) == ["202 BH/C1, SB", "182 swissdesk 9.9", "212 PTS, BH/C1, SB"]
    # TRF16 has neither record
    assert header(format_trf(small(pairing_controller="swissdesk 9.9"), version="16")) == [
        "202 BH/C1, SB"
    ]


def test_q217_a_file_read_and_written_back_keeps_its_own_records() -> None:
    # no pairing controller: a file converted, not run here, gets no 182/212 of ours
    assert header(format_trf(small())) == ["202 BH/C1, SB"]
    theirs = small(
        pairing_controller="swissdesk 9.9",
        extra_records=("182 Another program 4.2", "212 PTS, BH/C1, SB"),
    )
    assert header(format_trf(theirs)) == [
        "202 BH/C1, SB",
        "182 Another program 4.2",
        "212 PTS, BH/C1, SB",
    ]
    # a 212 that no longer agrees with 202 is replaced by ours
    stale = replace(theirs, extra_records=("212 PTS, SB",))
    assert header(format_trf(stale)) == ["202 BH/C1, SB", "182 swissdesk 9.9", "212 PTS, BH/C1, SB"]
    # without a tie-break list there is no 212
    assert header(format_trf(small(pairing_controller="x", tiebreaks=()))) == ["182 x"]


def test_q217_an_exported_event_round_trips_and_checks(tmp_path: Path) -> None:
    path = tmp_path / "t.swissdesk"
    players = [f"--player=Player {i};{2200 - 10 * i}" for i in range(1, 7)]
    assert main(["new", str(path), "--name", "Q217", "--rounds", "3", *players]) == 0
    assert main(["next-round", str(path)]) == 0
    for board in (1, 2, 3):
        assert main(["result", str(path), "1", str(board), "1-0"]) == 0
    out = tmp_path / "t.trf"
    assert main(["export", str(path), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert f"182 swissdesk {__version__}" in text.splitlines()
    assert "212 PTS, BH/C1, BH, SB, DE" in text.splitlines()
    # read back: the records are the file's own and are written once
    again = parse_trf(text)
    assert header(format_trf(replace(again, pairing_controller="swissdesk 9.9"))) == header(text)
    assert main(["check", str(out), "--standings"]) == 0


def test_q217_an_imported_file_names_swissdesk_once_it_pairs_a_round(tmp_path: Path) -> None:
    players = [f"--player=Player {i};{2200 - 10 * i}" for i in range(1, 7)]
    made = tmp_path / "made.swissdesk"
    assert main(["new", str(made), "--name", "Q217", "--rounds", "3", *players]) == 0
    assert main(["next-round", str(made)]) == 0
    for board in (1, 2, 3):
        assert main(["result", str(made), "1", str(board), "1/2"]) == 0
    elsewhere = tmp_path / "elsewhere.trf"
    assert main(["export", str(made), "-o", str(elsewhere)]) == 0
    text = "".join(
        f"{line}\n" for line in elsewhere.read_text().splitlines() if line[:3] not in ("182", "212")
    )
    elsewhere.write_text(text)  # a file another program paired
    imported = tmp_path / "imported.swissdesk"
    assert main(["import", str(elsewhere), "-o", str(imported)]) == 0
    out = tmp_path / "out.trf"
    assert main(["export", str(imported), "-o", str(out)]) == 0
    assert header(out.read_text()) == ["202 BH/C1, BH, SB, DE"]
    assert main(["next-round", str(imported)]) == 0
    assert main(["export", str(imported), "-o", str(out)]) == 0
    assert header(out.read_text()) == [
        "202 BH/C1, BH, SB, DE",
        f"182 swissdesk {__version__}",
        "212 PTS, BH/C1, BH, SB, DE",
    ]


def test_q217_trf26_240_records_state_each_round_s_requested_byes() -> None:
    """TRF26's Bye Section: one 240 line per round and kind (F, H, Z), players from column 11
    in four columns each; the pairing-allocated bye (U) stays in the round columns only."""
    bye = RoundEntry.bye
    game = (
        RoundEntry(2, Colour.WHITE, ResultCode.WIN),
        RoundEntry(1, Colour.BLACK, ResultCode.LOSS),
    )
    t = small(pairing_controller="swissdesk 9.9")
    players = (
        replace(t.players[0], rounds=(game[0], bye(ResultCode.HALF_POINT_BYE))),
        replace(t.players[1], rounds=(game[1], bye(ResultCode.HALF_POINT_BYE))),
        replace(
            t.players[2],
            rounds=(bye(ResultCode.PAIRING_ALLOCATED_BYE), bye(ResultCode.FULL_POINT_BYE)),
        ),
        replace(
            t.players[3], rounds=(bye(ResultCode.ZERO_POINT_BYE), bye(ResultCode.HALF_POINT_BYE))
        ),
    )
    t = replace(t, players=players)
    text = format_trf(t)
    assert [line for line in text.splitlines() if line.startswith("240")] == [
        "240 Z 001 0004",
        "240 F 002 0003",
        "240 H 002 0001 0002 0004",
    ]
    assert text.splitlines()[-3][10:14] == "0004"  # the first player in columns 11-14
    # read back (the reader puts them into the round columns): the same byes, written again
    # the same by the program that runs the event
    again = replace(parse_trf(text), pairing_controller="swissdesk 9.9")
    assert format_trf(again) == text
    # TRF16 has no 240; a file converted, not run here, gets none of ours
    assert "240 " not in format_trf(t, version="16")
    assert "240 " not in format_trf(replace(t, pairing_controller=""))
