"""Writing TRF-2026 and TRF16: records, round trips, atomic writes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from trf_support import SMALL, block, player, trf

from swissdesk.errors import InputError
from swissdesk.model.tournament import Colour, ResultCode, RoundEntry, ScoringSystem
from swissdesk.trf import format_trf, parse_trf, read_trf, write_trf


def player_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("001")]


def test_2026_is_the_default_and_16_uses_extension_codes() -> None:
    t = parse_trf(SMALL)
    modern = format_trf(t)
    old = format_trf(t, version="16")
    assert "142 5" in modern.splitlines() and "152 W" in modern.splitlines()
    assert "XXR 5" in old.splitlines() and "XXC white1" in old.splitlines()
    assert player_lines(modern) == player_lines(old) == player_lines(SMALL)


def test_unknown_version_is_refused() -> None:
    with pytest.raises(InputError, match="unknown TRF version"):
        format_trf(parse_trf(SMALL), version="2006")


@pytest.mark.parametrize("version", ["2026", "16"])
def test_scoring_acceleration_forbidden_pairs_survive_a_round_trip(version: str) -> None:
    text = trf(
        "XXR 6",
        "BBW  3.0",
        "BBD  1.0",
        "XXA    1  1.0  1.0  0.5",
        "XXA    2  1.0  1.0  0.5",
        "XXP 3 4",
        player(1, "0.0"),
        player(2, "0.0"),
        player(3, "0.0"),
        player(4, "0.0"),
    )
    t = parse_trf(text)
    again = parse_trf(format_trf(t, version=version))
    assert again.scoring == t.scoring
    assert again.forbidden_pairs == t.forbidden_pairs
    for tpn in (1, 2, 3, 4):
        for r in range(1, 7):
            assert again.acceleration_for(tpn, r) == t.acceleration_for(tpn, r)


def test_scoring_that_162_cannot_say_is_kept_with_xxs() -> None:
    t = replace(parse_trf(SMALL), scoring=ScoringSystem(forfeit_win=1, full_point_bye=1))
    text = format_trf(t)
    assert any(line.startswith("XXS ") for line in text.splitlines())
    assert parse_trf(text).scoring == t.scoring


def test_points_column_is_recomputed_when_results_changed() -> None:
    t = parse_trf(SMALL)
    p3 = t.player(3)
    changed = replace(p3, rounds=(p3.rounds[0], RoundEntry(1, Colour.BLACK, ResultCode.DRAW)))
    p1 = t.player(1)
    p1 = replace(p1, rounds=(p1.rounds[0], RoundEntry(3, Colour.WHITE, ResultCode.DRAW)))
    t = t.with_players([p1, t.player(2), changed, t.player(4)])
    again = parse_trf(format_trf(t))  # would be refused if the points column were stale
    assert again.player(3).declared_points == 2
    assert again.player(1).declared_points == 3


def test_absence_as_last_block_stays_an_absence() -> None:
    t = parse_trf(SMALL)
    p4 = t.player(4)
    p4 = replace(p4, rounds=(*p4.rounds, RoundEntry.bye(ResultCode.NOT_PAIRED)))
    t = t.with_players([*t.players[:3], p4])
    again = parse_trf(format_trf(t))
    assert again.player(4).entry(3) == RoundEntry.bye(ResultCode.NOT_PAIRED)


def test_names_in_any_alphabet_round_trip_as_utf8(tmp_path: Path) -> None:
    text = trf(
        "012 Турнир Ñandú 2026",
        player(1, "1.0", block(2, "w", "1"), name="Łukasiewicz, Żaneta"),
        player(2, "0.0", block(1, "b", "0"), name="Иванов, Пётр"),
    )
    path = tmp_path / "names.trf"
    write_trf(parse_trf(text), path)
    again = read_trf(path)
    assert again.info.name == "Турнир Ñandú 2026"
    assert [p.name for p in again.players] == ["Łukasiewicz, Żaneta", "Иванов, Пётр"]
    assert player_lines(path.read_text(encoding="utf-8")) == player_lines(text)


def test_write_is_atomic_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text("old content\n")
    write_trf(parse_trf(SMALL), path, version="16")
    assert player_lines(path.read_text()) == player_lines(SMALL)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.trf"]


def test_written_file_is_readable_by_others(tmp_path: Path) -> None:
    path = tmp_path / "new.trf"
    write_trf(parse_trf(SMALL), path)
    assert path.stat().st_mode & 0o777 == 0o644


def test_write_failure_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text("old content\n")
    bad = replace(parse_trf(SMALL), players=(replace(parse_trf(SMALL).player(1), tpn=10000),))
    with pytest.raises(InputError, match="pairing number 10000"):
        write_trf(bad, path)
    assert path.read_text() == "old content\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.trf"]


def test_write_into_missing_directory_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot write"):
        write_trf(parse_trf(SMALL), tmp_path / "no" / "such" / "dir.trf")
