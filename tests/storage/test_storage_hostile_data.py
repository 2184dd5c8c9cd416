"""Hostile data in a file whose schema is swissdesk's (issue 39's closing note, "the next
hole"): rows planted with ``sqlite3`` ended commands in tracebacks (``KeyError: 'Q'``, a
``TypeError`` for a name stored as bytes, a ``JSONDecodeError`` for the scoring) or silently
changed the standings (an entry of round ``'abc'`` or of kind ``'zzz'`` was left out). The
file is now refused in words when it is opened, and an audit record changed by another
program is refused by Undo and Redo instead of breaking them."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from storage_support import NAMES, settings

from swissdesk.cli import main
from swissdesk.storage import EnterResult, PlayerData, Redo, TournamentFile, Undo, database
from swissdesk.storage.commands.encoding import decode, encode
from swissdesk.storage.errors import ActionRefused, DamagedDataError
from swissdesk.storage.results import BoardResult

SAMPLE = Path(__file__).parents[2] / "swissdesk/resources/sample/riverside-open-2026.swissdesk"


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A closed tournament file: nine players, round 1 paired, board 1's result in."""
    path = tmp_path / "saved.swissdesk"
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    with TournamentFile.create(path, settings(), players=players) as tf:
        tf.pair_next_round()
        tf.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))
    return path


def _plant(path: Path, *statements: str) -> None:
    con = sqlite3.connect(path, isolation_level=None)
    try:
        for sql in statements:
            con.execute(sql)
    finally:
        con.close()


FIRST_GAME = "(SELECT min(id) FROM entry WHERE kind = 'game')"

PLANTED = [
    pytest.param(
        f"UPDATE entry SET result = 'Q' WHERE id = {FIRST_GAME}",
        "result 'Q' is not a result code",
        id="unknown-result-code",
    ),
    pytest.param(
        "UPDATE player SET name = x'00ff' WHERE tpn = 1",
        "name holds X'00FF' (blob), where swissdesk writes text",
        id="name-as-bytes",
    ),
    pytest.param(
        "UPDATE player SET name = CAST(x'ff41' AS TEXT) WHERE tpn = 2",
        "name holds text that is not UTF-8",
        id="name-not-utf8",
    ),
    pytest.param(
        "UPDATE tournament SET name = CAST(x'c328' AS TEXT)",
        "tournament row 1: name holds text that is not UTF-8",
        id="event-name-not-utf8",
    ),
    pytest.param(
        "UPDATE tournament SET scoring = 'not json'",
        "its settings cannot be read",
        id="scoring-not-json",
    ),
    pytest.param(
        f"UPDATE entry SET opponent_id = 99999 WHERE id = {FIRST_GAME}",
        "refers to a row of player that is not in the file",
        id="opponent-not-in-file",
    ),
    pytest.param(
        "UPDATE entry SET round_number = 'abc' WHERE id = 1",
        "round_number holds 'abc' (text), where swissdesk writes a whole number",
        id="round-as-text",
    ),
    pytest.param(
        "UPDATE player SET rating = 1e400 WHERE tpn = 3",
        "rating holds Inf (real)",
        id="rating-infinite",
    ),
    pytest.param(
        "UPDATE entry SET kind = 'zzz' WHERE id = 1",
        "kind 'zzz' is not an entry kind",
        id="unknown-entry-kind",
    ),
    pytest.param(
        f"UPDATE entry SET colour = 'x' WHERE id = {FIRST_GAME}",
        "colour 'x' is not a colour",
        id="unknown-colour",
    ),
    pytest.param(
        "UPDATE tournament SET tiebreaks = '[1, 2]'",
        "tie-break 1 is not a tie-break code",
        id="tiebreak-not-text",
    ),
    pytest.param(
        """UPDATE tournament SET tiebreaks = '["XYZ"]'""",
        "unknown tie-break 'XYZ'",
        id="unknown-tiebreak",
    ),
    pytest.param(
        "UPDATE player SET tpn = -5 WHERE tpn = 3",
        "tpn -5 is out of range",
        id="negative-pairing-number",
    ),
    pytest.param(
        "UPDATE player SET group_a = 7 WHERE tpn = 1",
        "group_a holds 7, not 0 or 1",
        id="flag-not-boolean",
    ),
    pytest.param(
        "UPDATE player SET members = '{}' WHERE tpn = 1",
        "members '{}' is not a list of names",
        id="members-not-a-list",
    ),
    pytest.param(
        "UPDATE audit SET payload = 'xx' WHERE id = (SELECT max(id) FROM audit)",
        "payload 'xx' is not JSON",
        id="audit-payload-not-json",
    ),
    pytest.param(
        """UPDATE tournament SET integrity_log = '[{"kind": "MPA", "round": "4"}]'""",
        "is not a list of ### events",
        id="integrity-log-of-the-wrong-shape",
    ),
    pytest.param(
        """UPDATE tournament SET manual_pairing = '{"players": [1]}'""",
        "is not a round being paired by hand",
        id="manual-phase-without-its-round",
    ),
    pytest.param(
        "INSERT INTO prize_plan (section_id, content) VALUES ((SELECT min(id) FROM "
        """tournament), '{"plan": {"prize": [{"place": 1, "amount": 1.5}]}}')""",
        "is not a prize plan",
        id="prize-plan-float-amount",
    ),
    pytest.param(
        "INSERT INTO prize_plan (section_id, content) VALUES ((SELECT min(id) FROM "
        """tournament), '{"ticked": {"1": "Club"}}')""",
        "is not a prize plan",
        id="prize-ticks-not-a-list",
    ),
    pytest.param(
        "INSERT INTO result_report (round_number, board, reporter_id, result, state, "
        "reported_at, device, section_id) SELECT 1, 1, min(id), '1-0', 'hacked', '', '', "
        "min(section_id) FROM player",
        "state 'hacked' is not a report state",
        id="phone-report-of-an-unknown-state",
    ),
    pytest.param(
        "INSERT INTO result_report (round_number, board, reporter_id, result, state, "
        "reported_at, device, section_id) SELECT 1, 1, min(id), '+-', 'reported', '', '', "
        "min(section_id) FROM player",
        "result '+-' is not a reported result",
        id="phone-report-of-a-forfeit",
    ),
    pytest.param(
        "INSERT INTO rating_correction (round_number, white_id, black_id, result, reason, "
        "section_id) SELECT 1, player_id, opponent_id, '2-0', '', section_id FROM entry "
        f"WHERE id = {FIRST_GAME}",
        "result '2-0' is not a rating-report result",
        id="rating-correction-unknown-result",
    ),
    pytest.param(
        "INSERT INTO rating_correction (round_number, white_id, black_id, result, reason, "
        "section_id) SELECT 0, player_id, opponent_id, '0-1', '', section_id FROM entry "
        f"WHERE id = {FIRST_GAME}",
        "round_number 0 is out of range",
        id="rating-correction-round-0",
    ),
]


@pytest.mark.parametrize(("statement", "words"), PLANTED)
def test_planted_data_is_refused_in_words_when_the_file_is_opened(
    saved: Path, statement: str, words: str
) -> None:
    _plant(saved, statement)
    before = saved.read_bytes()
    with pytest.raises(DamagedDataError) as info:
        TournamentFile.open(saved)
    message = str(info.value)
    assert words in message
    assert "swissdesk never writes" in message and "it was not changed" in message
    assert saved.read_bytes() == before


@pytest.mark.parametrize(("statement", "words"), PLANTED[:3])
def test_the_command_line_prints_the_refusal_not_a_traceback(
    saved: Path, statement: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _plant(saved, statement)
    assert main(["standings", str(saved)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_player_of_one_section_paired_in_another_is_refused(saved: Path) -> None:
    assert main(["section", "add", str(saved), "--name", "B"]) == 0
    _plant(
        saved,
        "UPDATE player SET section_id = (SELECT max(id) FROM tournament) WHERE tpn = 9",
    )
    with pytest.raises(DamagedDataError) as info:
        TournamentFile.open(saved)
    assert "of section 1:" in str(info.value) and "names player" in str(info.value)


def test_files_swissdesk_writes_pass_the_check(saved: Path, tmp_path: Path) -> None:
    """No false refusals: the shipped sample (every kind of entry, an audit log with undo)
    and a file after undo and redo open without a problem."""
    copy = tmp_path / "sample.swissdesk"
    shutil.copyfile(SAMPLE, copy)
    with TournamentFile.open(copy) as tf:
        assert tf.snapshot().players
    with TournamentFile.open(saved) as tf:
        tf.execute(Undo())
        tf.execute(Redo())
    con = database.connect_checked(saved, 1000)
    try:
        assert database.datacheck.problems(con) == []
    finally:
        con.close()


def test_undo_refuses_an_audit_record_changed_by_another_program(saved: Path) -> None:
    _plant(saved, "UPDATE audit SET payload = '{}' WHERE id = (SELECT max(id) FROM audit)")
    with TournamentFile.open(saved) as tf:
        before = tf.audit_log()
        with pytest.raises(ActionRefused) as info:
            tf.execute(Undo())
        assert "its audit record is not what swissdesk wrote" in str(info.value)
        assert tf.audit_log() == before  # nothing undone, nothing recorded


def test_redo_never_imports_a_module_or_builds_a_class_a_record_names() -> None:
    recorded = encode(EnterResult(1, 1, BoardResult.WHITE_WINS))
    assert decode(recorded) == EnterResult(1, 1, BoardResult.WHITE_WINS)
    for name in (
        "swissdesk.__main__:main",  # not imported: never imported by a record
        "swissdesk.storage.commands.results:json",  # a module, not a class defined there
        "swissdesk.storage.commands.results:Session",  # a class imported from elsewhere
        "os:system",
    ):
        with pytest.raises(ActionRefused):
            decode({**recorded, "class": name})
    with pytest.raises(ActionRefused, match="cannot be read back"):
        decode({**recorded, "fields": {"no_such_field": 1}})
    bad_enum = encode(BoardResult.WHITE_WINS) | {"value": "nonsense"}
    with pytest.raises(ActionRefused, match="cannot be read back"):
        decode(bad_enum)


def test_a_team_event_made_with_the_individual_default_tiebreaks_opens(tmp_path: Path) -> None:
    """TournamentFile.create writes the individual defaults when a team event names none:
    a file swissdesk wrote is never refused; an unknown code in a team event still is."""
    from swissdesk.storage import TournamentSettings

    path = tmp_path / "cup.swissdesk"
    with TournamentFile.create(
        path, TournamentSettings(name="Cup", total_rounds=3, system="team", is_team=True)
    ):
        pass
    with TournamentFile.open(path) as tf:
        assert tf.settings().is_team
    _plant(path, """UPDATE tournament SET tiebreaks = '["GP", "NOPE"]'""")
    with pytest.raises(DamagedDataError, match="unknown tie-break 'NOPE'"):
        TournamentFile.open(path)
