"""``swissdesk ratings FILE [--json]`` and the commands that set its inputs (issue 37)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swissdesk.cli import main
from swissdesk.elo import rating_changes
from swissdesk.storage import TournamentFile
from swissdesk.trf import read_trf

CORPUS = (Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus").resolve()
EVENT = CORPUS / "dutch-full" / "dutch-0007-n046-r06-clean.trf"
needs_corpus = pytest.mark.skipif(not EVENT.exists(), reason=f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({CORPUS})")  # fmt: skip


@needs_corpus
def test_ratings_json_lists_tpn_k_and_change_for_every_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["ratings", str(EVENT), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    report = rating_changes(read_trf(EVENT)).by_tpn()
    assert [r["tpn"] for r in rows] == sorted(report)
    for row in rows:
        mine = report[row["tpn"]]
        assert row["k"] == mine.k.value  # type: ignore[union-attr]
        assert row["change"] == pytest.approx(float(mine.change))  # type: ignore[arg-type]
        assert row["new_rating"] == mine.rating + mine.change_rounded  # type: ignore[operator]
    first = rows[0]
    assert (first["k"], first["change"], first["change_rounded"]) == (10, -7.2, -7)
    assert len(first["per_game"]) == 6 and first["per_game"][0]["expected"] == 0.87


@needs_corpus
def test_ratings_table_and_one_player_game_by_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", str(EVENT)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rating changes after round 6: FIDE standard\n")
    assert "FIDE Rating Regulations effective from 1 March 2024" in out
    assert main(["ratings", str(EVENT), "--player", "1", "--round", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "K 10 (rated 2400 or more)"
    assert out[2] == "R1   Test0024 Player0024 (2160)  1  D +325  PD 0.87  +1.30"
    assert out[-1] == "Change +3.60 (rounded +4): new rating 2489"


@needs_corpus
def test_ratings_refuses_bad_requests_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ratings", str(EVENT), "--round", "7"]) == 2
    assert "round 7 is not complete" in capsys.readouterr().err
    assert main(["ratings", str(EVENT), "--player", "99"]) == 2
    assert "no player with pairing number 99" in capsys.readouterr().err
    assert main(["ratings", str(EVENT), "--national"]) == 2
    assert "no national rating list" in capsys.readouterr().err
    assert main(["ratings", str(tmp_path / "missing.swissdesk")]) == 2


@needs_corpus
def test_k_rated_games_and_the_national_list_set_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "event.swissdesk"
    assert main(["import", str(EVENT), "-o", str(path)]) == 0
    assert main(["player-rating", str(path), "5", "--k", "40"]) == 0
    assert main(["player-rating", str(path), "9", "--rated-games", "12"]) == 0
    assert main(["player-rating", str(path), "1", "--national", "2400"]) == 0
    assert main(["player-rating", str(path), "2", "--national", "2300"]) == 0
    assert main(["rating-rules", str(path), "--national-list", "NAT", "--national-k", "15",
                 "--national-cap", "none"]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["player-rating", str(path), "5"]) == 0
    assert capsys.readouterr().out.startswith("no. 5 Test0005 Player0005: K 40 (arbiter)")
    assert main(["ratings", str(path), "--json"]) == 0
    rows = {r["tpn"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows[5]["k"] == 40 and rows[5]["k_reason"] == "set by the arbiter"
    assert rows[9]["k"] == 40 and "12 rated games" in rows[9]["k_reason"]
    assert main(["ratings", str(path), "--national", "--json"]) == 0
    national = {r["tpn"]: r for r in json.loads(capsys.readouterr().out)}
    assert national[1]["k"] == 15 and national[3]["change"] is None
    with TournamentFile.open(path) as tf:
        assert tf.settings().national_list.cap is None
    assert main(["player-rating", str(path), "5", "--k", "rules"]) == 0
    assert main(["player-rating", str(path), "5", "--k", "many"]) == 2
    assert main(["rating-rules", str(path), "--norm-exemption", "1.4.3c"]) == 0
    capsys.readouterr()
    assert main(["rating-rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert "national list: NAT (K 15, no limit)" in out and "zonal" in out
