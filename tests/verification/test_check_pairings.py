"""``swissdesk check``, pairings: every round re-paired and compared, the file's own pairing
put through the absolute criteria, and every TRF-2026 record the checklist names read
(C.02 Q21; C.04.A art. A.4; TRF-2026)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from verification_support import block, generated, player, trf_of, write

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.errors import InputError
from swissdesk.model.ratings import RatingMethod
from swissdesk.model.tournament import Colour, ResultCode, RoundEntry, Tournament
from swissdesk.trf import parse_trf
from swissdesk.verification.check import EXIT_OK, EXIT_PROBLEMS, check_file
from swissdesk.verification.generator import with_ranks


def rematch(t: Tournament) -> tuple[Tournament, int, tuple[int, int]]:
    """``t`` with one round changed so that two players who met before meet again (their
    colours kept, White winning both changed games)."""
    by_tpn = t.players_by_tpn
    for r in range(2, t.rounds_with_pairings + 1):
        whites = [
            (p.tpn, e.opponent)
            for p in t.players
            if (e := p.entry(r)) is not None and e.colour is Colour.WHITE and e.opponent
        ]
        for a, b in whites:
            met = {e.opponent for e in by_tpn[a].rounds[: r - 1] if e.played}
            for c, d in whites:
                if c != a and d in met:
                    new = {
                        a: RoundEntry(d, Colour.WHITE, ResultCode.WIN),
                        d: RoundEntry(a, Colour.BLACK, ResultCode.LOSS),
                        c: RoundEntry(b, Colour.WHITE, ResultCode.WIN),
                        b: RoundEntry(c, Colour.BLACK, ResultCode.LOSS),
                    }
                    players = [
                        replace(
                            p,
                            rounds=tuple(
                                new[p.tpn] if i == r - 1 and p.tpn in new else e
                                for i, e in enumerate(p.rounds)
                            ),
                        )
                        for p in t.players
                    ]
                    return with_ranks(t.with_players(players)), r, (a, d)
    raise AssertionError("no rematch could be made")


def test_c1_a_rematch_in_the_file_is_named_as_the_rule_it_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t, r, (a, d) = rematch(generated(4, players=10, rounds=5))
    path = write(tmp_path, trf_of(t))
    assert main(["check", str(path)]) == EXIT_PROBLEMS
    out = capsys.readouterr().out
    assert f"the file's pairing breaks a rule: [C1] {a} and {d} have already played" in out
    report = check_file(parse_trf(path.read_text()), get_engine("dutch"))
    kinds = {d.kind for d in report.pairings.rounds[r - 1].discrepancies}
    assert {"rule", "pair", "missing_pair"} <= kinds


def test_half_zero_and_zero_zero_games_are_read_and_scored() -> None:
    """Laws of Chess art. 12.9 and 11.3 let a game end ½-0, 0-½ or 0-0; TRF records each
    player's own result, so '=' may face '0' and '0' may face '0'."""
    lines = [
        "012 Unusual results",
        "XXR 2",
        player(1, "0.5", block(2, "w", "="), block(3, "b", "0")),
        player(2, "0.5", block(1, "b", "0"), block(4, "w", "=")),
        player(3, "1.0", block(4, "w", "0"), block(1, "w", "1")),
        player(4, "0.0", block(3, "b", "0"), block(2, "b", "0")),
    ]
    t = parse_trf("\n".join(lines) + "\n")
    assert t.player(1).rounds[0].result is ResultCode.DRAW
    assert t.player(2).rounds[0].result is ResultCode.LOSS
    assert t.player(4).rounds[1].result is ResultCode.LOSS


@pytest.mark.parametrize(("mine", "theirs"), [("1", "1"), ("1", "="), ("=", "1"), ("+", "0")])
def test_impossible_result_pairs_are_still_refused(mine: str, theirs: str) -> None:
    lines = [
        player(1, "1.0" if mine in "1+" else "0.5", block(2, "w", mine)),
        player(
            2, "1.0" if theirs == "1" else "0.5" if theirs == "=" else "0.0", block(1, "b", theirs)
        ),
    ]
    with pytest.raises(InputError, match="does not match"):
        parse_trf("\n".join(lines) + "\n")


def record_299(kind: str, points: str, round_number: int | None = None, *tpns: int) -> str:
    """A record 299: type (5), match points (8-11), points (14-17), round (20-22), players."""
    rnd = "" if round_number is None else f"{round_number:03d}"
    return f"299 {kind}  {'':>4}  {points:>4}  {rnd:>3} " + " ".join(f"{t:>4}" for t in tpns)


def every_record(t: Tournament) -> str:
    """``t`` as TRF-2026 with every record the checklist's PTC must read."""
    text = trf_of(t)
    head, _, players = text.partition("001 ")
    nrs = "ESP    3      Garcia, Juan                      1850 MAD    12345678 1990/01/01"
    extra = [
        "### records every TRF-2026 reader must take",
        "132" + " " * 89 + "  ".join(f"26/03/0{r}" for r in range(1, 7)),
        "162  W 1.0    D 0.5    L 0.0    A 0.0",
        "172 ESP FIDON",
        "182 swissdesk test suite",
        "192 FIDE_DUTCH_2026",
        "222 5400+30",
        "240 H 006    5",
        "260 001 006    1   12",
        record_299("H", "0.5"),
        "XXX an unknown record",
    ]
    return head + "\n".join(extra) + "\n001 " + players + nrs + "\n"


def test_q21_a_trf_2026_with_every_record_is_read_and_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """132, 162, 172, 182, 192, 202, 212, 222, 240, 250, 260, 299, a national-rating record
    and ``###`` lines: read, the rounds re-paired, the standings checked."""
    t = replace(generated(6, players=12, rounds=5), total_rounds=6)
    t = replace(t, acceleration={})
    text = every_record(t)
    tournament = parse_trf(text)
    assert tournament.player(5).entry(6) == RoundEntry.bye(ResultCode.HALF_POINT_BYE)
    assert frozenset((1, 12)) in tournament.forbidden_pairs
    # Record 172 and the NRS record are read into the ratings (issue 31), not kept as text.
    assert tournament.rating_method is RatingMethod.FIDON
    (national,) = tournament.player(3).national_ratings
    assert (national.federation, national.value, national.origin, national.national_id) == (
        "ESP", 1850, "MAD", "12345678",
    )  # fmt: skip
    path = write(tmp_path, text)
    assert main(["check", str(path)]) == EXIT_OK
    out = capsys.readouterr().out
    assert "5 rounds checked: the engine agrees with the file in every round." in out
    assert "every rank follows the list" in out


def test_record_299_for_named_players_leaves_the_standings_unchecked(tmp_path: Path) -> None:
    """A bonus or penalty for some players (299 with a blank type and pairing numbers) is
    kept, and their points column is taken as written; the standings are not checked."""
    t = generated(6, players=8, rounds=3)
    text = trf_of(t).replace("212 PTS", record_299(" ", "1.0", 0, 2) + "\n212 PTS")
    lines = [
        line[:80] + f"{float(line[80:84]) + 1:4.1f}" + line[84:]
        if line.startswith("001    2")
        else line
        for line in text.splitlines()
    ]
    report = check_file(parse_trf("\n".join(lines) + "\n"), get_engine("dutch"))
    assert report.pairings.agrees
    assert not report.standings.checked and "record 299" in report.standings.reason
    assert report.exit_code == 3


def test_record_299_for_everyone_revalues_the_result() -> None:
    """``299 F 0.5`` (no round, no player): every full-point bye is worth half a point."""
    lines = [
        "012 Half-valued full-point byes",
        "XXR 2",
        record_299("F", "0.5"),
        player(1, "1.5", block(2, "w", "1"), "0000 - F"),
        player(2, "0.0", block(1, "b", "0"), block(3, "w", "0")),
        player(3, "1.0", "0000 - Z", block(2, "b", "1")),
    ]
    t = parse_trf("\n".join(lines) + "\n")
    assert t.scoring.full_point_bye == 1


def test_team_files_are_checked_round_by_round_and_their_standings_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "team.trf"
    argv = ["generate", "--system", "team", "--players", "8", "--rounds", "3", "--seed", "2"]
    assert main([*argv, "-o", str(path)]) == 0
    assert main(["check", str(path)]) == EXIT_OK
    assert "team standings (record 310) are outside this check" in capsys.readouterr().out
