"""Importing a TRF (FIDE's checklist, C.02 VCL Q47-56): every imported round checked against
the pairing rules with the checker of ``swissdesk check`` (Q54), a Level-3 warning and
``### Import @ Round n`` for a round that breaks them (Q55), every adjustment made while
reading listed (Q48, Q50), TRF06 read (Q47)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swissdesk.model.tournament import Colour, Player, ResultCode, RoundEntry, Tournament
from swissdesk.storage import ConfirmationRequired, Level, TournamentFile, prepare_import
from swissdesk.tiebreaks.trf_ranks import with_current_ranks
from swissdesk.trf import format_trf

W, B = Colour.WHITE, Colour.BLACK


def game(opponent: int, colour: Colour, result: ResultCode) -> RoundEntry:
    return RoundEntry(opponent, colour, result)


def rematch_tournament() -> Tournament:
    """Four players; round 2 repeats round 1's games: a rematch [C1] on both boards."""
    win, loss = ResultCode.WIN, ResultCode.LOSS
    rounds = {
        1: (game(3, W, win), game(3, B, loss)),
        2: (game(4, B, win), game(4, W, loss)),
        3: (game(1, B, loss), game(1, W, win)),
        4: (game(2, W, loss), game(2, B, win)),
    }
    players = tuple(
        Player(tpn=t, name=f"Player {t}", rating=2300 - 10 * t, rounds=rounds[t]) for t in range(1, 5)
    )
    return Tournament(players=players, total_rounds=3, tiebreaks=("BH", "SB"))


def write(tmp_path: Path, text: str, name: str = "in.trf") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_q54_q55_a_round_that_breaks_the_rules_is_level_3_and_logged(tmp_path: Path) -> None:
    trf = write(tmp_path, format_trf(rematch_tournament()))
    prepared = prepare_import(trf)
    assert prepared.checked_rounds == 2
    assert [n for n, _ in prepared.broken] == [2]
    with pytest.raises(ConfirmationRequired) as asked:
        TournamentFile.import_trf(trf, tmp_path / "t.swissdesk")
    assert asked.value.level is Level.CONFIRM_FACTS
    assert "round 2 breaks the pairing rules of Dutch (C.04.3)" in asked.value.warnings[0]
    assert "[C1]" in asked.value.warnings[0]
    assert not (tmp_path / "t.swissdesk").exists()  # nothing written without the answer
    with TournamentFile.import_trf(trf, tmp_path / "t.swissdesk", confirmed=3) as tf:
        log = tf.integrity_log()
        assert [(e.kind, e.round_number) for e in log] == [("Import", 2)]
        exported = format_trf(with_current_ranks(tf.snapshot()))
        first = tf.audit_log()[0]
    lines = [line for line in exported.splitlines() if line.startswith("### Import @ Round 2: ")]
    assert len(lines) == 1 and "[C1]" in lines[0]
    assert first.action == "ImportTournament"
    assert first.payload["integrity"][0]["round"] == 2
    assert first.payload["rounds_breaking_rules"] == [2]


def test_q54_a_file_that_follows_the_rules_imports_without_a_question(tmp_path: Path) -> None:
    from swissdesk.storage import BoardResult, EnterResult, PlayerData, TournamentSettings

    settings = TournamentSettings(name="Clean", total_rounds=3, system="dutch")
    people = [PlayerData(f"P{i}", rating=2000 - i) for i in range(1, 8)]
    with TournamentFile.create(tmp_path / "c.swissdesk", settings, players=people) as tf:
        for _ in range(2):
            pairing, _ = tf.pair_next_round()
            for board in range(1, len(pairing.pairs) + 1):
                tf.execute(EnterResult(pairing.round_number, board, BoardResult.DRAW))
        text = format_trf(with_current_ranks(tf.snapshot()))
    prepared = prepare_import(write(tmp_path, text))
    assert prepared.checked_rounds == 2 and prepared.broken == () and prepared.warnings() == []
    with TournamentFile.from_prepared(tmp_path / "d.swissdesk", prepared) as tf:
        assert tf.integrity_log() == [] and tf.settings().fide_mode


def test_q50_every_value_reading_assumed_is_listed(tmp_path: Path) -> None:
    """A bare TRF16 (no 142, 152, 162, 192, 202; a record swissdesk keeps unread)."""
    t = rematch_tournament()
    text = format_trf(t, version="16")
    bare = "\n".join(
        line for line in text.splitlines() if line[:3] not in ("XXR", "XXC", "202", "192")
    )
    bare = "XYZ something another program wrote\n" + bare + "\n"
    prepared = prepare_import(write(tmp_path, bare))
    notes = " | ".join(prepared.notes)
    assert "read as TRF16" in notes
    assert "the number of rounds is not in the file (record 142 or XXR)" in notes
    assert "the initial colour is not in the file (record 152 or XXC): read from round 1" in notes
    assert "the points of each result are not in the file (record 162)" in notes
    assert "the pairing system is not in the file (record 192): dutch taken" in notes
    assert "the tie-breaks are not in the file (record 202)" in notes
    assert "records kept as they are, not read: XYZ (1 line)" in notes
    with TournamentFile.from_prepared(tmp_path / "t.swissdesk", prepared, confirmed=3) as tf:
        assert tf.import_notes() == list(prepared.notes)


def trf06_text() -> str:
    """A file the way TRF06 wrote unplayed rounds: opponent 0000 and the points scored
    (``+`` a point, ``=`` half a point), no TRF16 bye code and no 142/152/162 records."""
    draw, win, loss = ResultCode.DRAW, ResultCode.WIN, ResultCode.LOSS
    rounds = {
        1: (RoundEntry(None, None, ResultCode.FORFEIT_WIN), game(2, W, draw)),
        2: (game(3, W, win), game(1, B, draw)),
        3: (game(2, B, loss), RoundEntry(None, None, draw)),
    }
    players = tuple(
        Player(tpn=t, name=f"Old {t}", rating=2200 - 100 * t, rounds=rounds[t]) for t in (1, 2, 3)
    )
    text = format_trf(Tournament(players=players, tiebreaks=("BH",)), version="16")
    kept = [line for line in text.splitlines() if line[:3] not in ("XXR", "XXC", "202")]
    assert any(" 0000 - + " in f"{line} " for line in kept)
    return "\n".join(kept) + "\n"


def test_q47_q48_a_trf06_file_is_read_and_its_byes_explained(tmp_path: Path) -> None:
    """TRF06 wrote an unplayed round as opponent 0000 with the points it scored (+ or =);
    TRF16 added H, F, U and Z. swissdesk reads it and says how it took those rounds."""
    prepared = prepare_import(write(tmp_path, trf06_text(), "old.trf"))
    notes = " | ".join(prepared.notes)
    assert "read as TRF06" in notes
    assert "1 unplayed round written '0000 - +'" in notes and "(U)" in notes
    assert "1 unplayed round written '0000 - ='" in notes
    with TournamentFile.from_prepared(tmp_path / "old.swissdesk", prepared, confirmed=3) as tf:
        t = tf.snapshot()
        assert t.player(1).rounds[0].result is ResultCode.FORFEIT_WIN
        assert [tf.players()[i].score for i in range(3)] == [3, 3, 1]
