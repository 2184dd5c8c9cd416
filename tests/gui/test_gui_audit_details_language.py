"""The audit page's details in the arbiter's language (issue 38): a requested bye's kind and
the summary an Undo reverted were English words inside translated lines ("Runde 2: half
bye", "Rückgängig gemacht: Eintrag #2: no. 3 ...: half bye in round 2")."""

from __future__ import annotations

from pathlib import Path

from swissdesk.gui.audit_model import describe_entry
from swissdesk.i18n import using_language
from swissdesk.storage import (
    ByeKind,
    PlayerData,
    RequestBye,
    TournamentFile,
    TournamentSettings,
    Undo,
)

PLAYERS = [PlayerData(f"Player {i:02d}", rating=2400 - 20 * i) for i in range(1, 7)]
NAMES = {i: p.name for i, p in enumerate(PLAYERS, start=1)}


def test_a_requested_bye_and_its_undo_are_described_in_the_arbiters_language(
    tmp_path: Path,
) -> None:
    path = tmp_path / "b.swissdesk"
    with TournamentFile.create(path, TournamentSettings(name="B", total_rounds=5),
                               players=PLAYERS) as tf:  # fmt: skip
        tf.execute(RequestBye(3, 1, ByeKind.HALF))
        tf.execute(Undo())
        described: dict[str, tuple[str, str, int]] = {}
        for language in ("en", "de"):
            with using_language(language):  # summaries are worded as the log is read
                entries = tf.audit_log()
                bye = next(e for e in entries if e.action == "RequestBye")
                undo = next(e for e in entries if e.action == "Undo")
                described[language] = (
                    describe_entry(bye, NAMES),
                    describe_entry(undo, NAMES),
                    bye.id,
                )
    english, english_undo, bye_id = described["en"]
    assert "Round 1: half-point bye" in english
    assert f"Undid entry #{bye_id}: no. 3 Player 03: half bye in round 1" in english_undo
    german, german_undo, _ = described["de"]
    assert "Runde 1: Halbpunkt-Bye" in german
    assert "half" not in german
    assert "Nr. 3 Player 03" in german_undo
    assert "no. 3" not in german_undo and "half" not in german_undo
