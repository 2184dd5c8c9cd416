"""The printed standings list the expelled players below the table (C.02 VCL Q197-198, as
``swissdesk standings`` does) and, in an event over 30 days, name the ratings the rating
tie-breaks read with FIDE's advice against them (Q211, Q214-216)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from pypdf import PdfReader

from swissdesk.model.ratings import RatingRules
from swissdesk.reports.standings import render_standings
from swissdesk.storage import (
    BoardResult,
    EnterResult,
    ExpelPlayer,
    PlayerData,
    TournamentFile,
    TournamentSettings,
)

PLAYERS = [PlayerData(f"Player {i:02d}", rating=2400 - 20 * i) for i in range(1, 9)]


def text_of(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)


def test_q197_q198_the_standings_pdf_lists_the_expelled_players(tmp_path: Path) -> None:
    settings = TournamentSettings(name="Expel Open", total_rounds=5, tiebreaks=("BH",))
    with TournamentFile.create(tmp_path / "e.swissdesk", settings, players=PLAYERS) as tf:
        pairing, _ = tf.pair_next_round(confirmed=2)
        for board in range(1, len(pairing.pairs) + 1):
            tf.execute(EnterResult(1, board, BoardResult.WHITE_WINS))
        expelled = tf.round_view(1).boards[0].black_tpn
        tf.execute(ExpelPlayer(expelled, reason="misconduct"))
        snapshot = tf.snapshot()
    name = snapshot.player(expelled).name
    text = text_of(render_standings(snapshot, tmp_path / "s.pdf"))
    assert f"Expelled, not in the standings: no. {expelled} {name}." in text
    assert text.count(name) == 1  # only below the table


def test_q211_q215_the_standings_pdf_names_the_ratings_read_in_a_long_event(
    tmp_path: Path,
) -> None:
    rules = RatingRules(long_event=True)
    settings = TournamentSettings(
        name="League", total_rounds=5, tiebreaks=("BH", "ARO"), rating_rules=rules
    )
    with TournamentFile.create(tmp_path / "l.swissdesk", settings, players=PLAYERS) as tf:
        pairing, _ = tf.pair_next_round(confirmed=2)
        for board in range(1, len(pairing.pairs) + 1):
            tf.execute(EnterResult(1, board, BoardResult.DRAW))
        snapshot = tf.snapshot()
    text = text_of(render_standings(snapshot, tmp_path / "s.pdf"))
    assert "ARO computed with the first ratings (of the start)." in text
    assert "not recommended in an event over 30 days" in text
    plain = dataclasses.replace(snapshot, long_event=False)
    assert "not recommended" not in text_of(render_standings(plain, tmp_path / "p.pdf"))
