"""Issue 19, item 8: ``pair`` on a round where nobody can be paired says so."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import player

from swissdesk.cli import main


def test_pair_says_that_nobody_is_to_be_paired(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gone.trf"
    lines = (
        "012 Everybody withdrew",
        "XXR 5",
        player(1, "1.0", "   2 w 1", "0000 - Z"),
        player(2, "0.0", "   1 b 0", "0000 - H"),
    )
    path.write_text("\n".join(lines) + "\n")
    assert main(["pair", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "0\n"  # the bbpPairings/JaVaFo format is kept for scripts
    assert "nobody is to be paired in round 2" in captured.err
