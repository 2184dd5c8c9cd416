"""Audit summaries whose words used to be English fields inside a translated sentence (issue
38): a player's changed fields, check-in and its taking back with "and 2 more", Chess960 on
and off, a prize tick, an entry fee, a team match's score. Each is one whole sentence per
case: stored in English as before (the file and the TRF's readers see no change), worded in
the reader's language when shown."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from swissdesk.i18n import using_language
from swissdesk.storage import (
    CheckIn,
    EditPlayer,
    PlayerData,
    SetChess960,
    TournamentFile,
    TournamentSettings,
)

PLAYERS = [PlayerData(f"Player {i:02d}", rating=2400 - 20 * i) for i in range(1, 7)]


def summaries(tf: TournamentFile, language: str) -> list[str]:
    with using_language(language):
        return [e.summary for e in tf.audit_log()][1:]


def test_summaries_are_whole_sentences_in_each_language(tmp_path: Path) -> None:
    path = tmp_path / "s.swissdesk"
    with TournamentFile.create(path, TournamentSettings(name="S", total_rounds=5),
                               players=PLAYERS) as tf:  # fmt: skip
        tf.execute(EditPlayer(1, replace(PLAYERS[0], rating=2390, federation="FRA")))
        tf.execute(CheckIn((1, 2, 3, 4, 5)))
        tf.execute(CheckIn((2,), present=False))
        tf.execute(SetChess960(True))
        tf.execute(SetChess960(False))
        assert summaries(tf, "en") == [
            "no. 1 Player 01: changed rating, federation",
            "checked in: no. 1 Player 01, no. 2 Player 02, no. 3 Player 03 and 2 more",
            "check-in taken back: no. 2 Player 02",
            "the tournament plays Chess960 from the next round paired",
            "the tournament no longer plays Chess960 from the next round paired",
        ]
        german = summaries(tf, "de")
        assert german[0].endswith("Elo, Föderation")
        assert german[1] == (
            "angemeldet: Nr. 1 Player 01, Nr. 2 Player 02, Nr. 3 Player 03 und 2 weitere"
        )
        assert german[2] == "Anmeldung zurückgenommen: Nr. 2 Player 02"
        assert german[3] == "das Turnier spielt ab der nächsten gepaarten Runde Chess960"
        assert german[4] == "das Turnier spielt ab der nächsten gepaarten Runde kein Chess960 mehr"
        polish = summaries(tf, "pl")
        assert polish[1].endswith("nr 3 Player 03 i 2 inni")
        russian = summaries(tf, "ru")
        assert russian[1] == "отмечены: № 1 Player 01, № 2 Player 02, № 3 Player 03 и ещё 2"
        assert russian[3] == "турнир играет Chess960 со следующего составленного тура"
        for worded in (german, polish, russian):
            assert not any("changed rating" in s or "checked in" in s for s in worded)
