"""Issue 18, item 3: FIDE rates from the exported TRF, so a whole tournament's export is
checked field by field against the TRF-2026 layout: header records, then every player
record's columns (TPN 5-8, sex 10, title 11-13, name 15-47, rating 49-52, federation
54-56, FIDE ID 58-68, birth date 70-79, points 81-84, rank 86-89, rounds from 92)."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

from swissdesk.cli import main
from swissdesk.gui.sample import sample_file
from swissdesk.model import schedule
from swissdesk.storage import EditSettings, TournamentFile
from swissdesk.tiebreaks import compute_standings, declared_tiebreaks
from swissdesk.trf import read_trf

BLOCK = re.compile(r"[ \d]{4} [wb\- ] [-+WDL1=0HFUZ ]")


def test_a_whole_tournament_exports_in_the_trf_2026_columns(tmp_path: Path) -> None:
    source = sample_file()
    assert source is not None
    path = tmp_path / "sample.swissdesk"
    shutil.copyfile(source, path)
    dates = tuple(f"2026/03/{day}" for day in (14, 14, 15, 15, 16, 16, 17, 17, 18))
    with TournamentFile.open(path) as tf:
        new = dataclasses.replace(tf.settings(), round_dates=dates, time_control_code="5400+30")
        tf.execute(EditSettings(new))
    assert main(["export", str(path), "-o", str(tmp_path / "out.trf")]) == 0
    lines = (tmp_path / "out.trf").read_text(encoding="utf-8").splitlines()
    header = {line[:3]: line[4:] for line in lines if not line.startswith("001")}
    assert re.fullmatch(r"\d{4}/\d\d/\d\d", header["042"])
    assert re.fullmatch(r"\d{4}/\d\d/\d\d", header["052"])
    assert header["102"] and header["112"] and header["122"]
    assert header["222"] == "5400+30"
    assert schedule.parse_record("132 " + header["132"]) == dates
    exported = read_trf(tmp_path / "out.trf")
    ranks = {r.tpn: r.rank for r in compute_standings(exported, declared_tiebreaks(exported)).rows}
    players = [line for line in lines if line.startswith("001")]
    assert len(players) == len(exported.players) == 40
    for line in players:
        tpn = int(line[4:8])
        assert line[3] == line[8] == line[13] == line[47] == " "
        assert line[9] in " mw"
        assert line[10:13].strip() in ("", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
        assert line[14:47].strip()
        assert line[48:52].strip().isdigit() or not line[48:52].strip()
        assert line[53:56].isalpha()
        assert line[57:68].strip().isdigit() or not line[57:68].strip()
        assert re.fullmatch(r"(\d{4}(/\d\d/\d\d)?)?", line[69:79].strip())
        assert re.fullmatch(r" *\d+\.\d", line[80:84])
        assert int(line[85:89]) == ranks[tpn]
        assert line[89:91] == "  "
        for start in range(91, len(line), 10):
            assert BLOCK.fullmatch(line[start : start + 8].ljust(8)), (tpn, start + 1)
