"""One event, several sections (issue 33): each section a complete tournament in one file.

The central proof is differential: a tournament played in the second section of an event,
beside a first section with other players, rounds and results, reads, pairs, scores,
exports and undoes exactly as the same tournament alone in its own file.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest
from storage_support import NAMES, settings
from test_sections_upgrade import plain

from swissdesk.model.tournament import ResultCode
from swissdesk.storage import (
    ActionRefused,
    AddPlayer,
    AddSection,
    AssignPairingNumbers,
    BoardResult,
    ByeKind,
    CancelBye,
    CheckIn,
    CorrectResult,
    EditSettings,
    EnterResult,
    LateEntry,
    MarkAbsentees,
    MovePlayer,
    OrderSections,
    PlayerData,
    Redo,
    RemoveSection,
    RequestBye,
    SectionRules,
    TournamentFile,
    Undo,
    UnpairLastRound,
    Withdraw,
)

STORAGE = Path(__file__).resolve().parents[2] / "swissdesk" / "storage"


def register(tf: TournamentFile, names: list[tuple[str, int, str]]) -> None:
    for name, rating, title in names:
        tf.execute(AddPlayer(PlayerData(name, rating=rating, title=title)))
    tf.execute(AssignPairingNumbers())


def play(tf: TournamentFile) -> None:
    """A small tournament's life: registration, three rounds with results, a correction, a
    late entry, a withdrawal, byes, an unpaired round, undo and redo."""
    register(tf, NAMES)
    tf.execute(RequestBye(9, 1, ByeKind.HALF))
    tf.pair_next_round()
    for b in tf.round_view(1).boards:
        tf.execute(EnterResult(1, b.board, BoardResult.WHITE_WINS))
    tf.pair_next_round()
    for b in tf.round_view(2).boards:
        tf.execute(EnterResult(2, b.board, BoardResult.DRAW))
    tf.execute(CorrectResult(1, 2, BoardResult.BLACK_WINS, confirmed=3))
    tf.execute(LateEntry(PlayerData("Late, Lou", rating=2050), 3))
    tf.execute(Withdraw(4, 3))
    tf.execute(RequestBye(2, 3, ByeKind.ZERO))
    tf.execute(RequestBye(3, 4, ByeKind.HALF))
    tf.execute(CancelBye(3, 4))
    tf.pair_next_round()
    tf.execute(UnpairLastRound())
    tf.execute(Undo())  # the round is paired again
    for b in tf.round_view(3).boards[:-1]:
        tf.execute(EnterResult(3, b.board, BoardResult.BLACK_WINS))
    tf.execute(Undo())
    tf.execute(Redo())


def decoy(tf: TournamentFile) -> None:
    """Another section's life in the same file: other players, more rounds, other TPNs."""
    register(tf, [(f"Decoy {i:02d}", 1500 + 10 * i, "") for i in range(1, 15)])
    for r in range(1, 5):
        tf.pair_next_round()
        for b in tf.round_view(r).boards:
            tf.execute(
                EnterResult(r, b.board, BoardResult.DRAW if b.board % 3 else BoardResult.WHITE_WINS)
            )
    tf.execute(LateEntry(PlayerData("Decoy late", rating=1700), 5))
    tf.execute(Withdraw(2, 5))
    tf.execute(RequestBye(3, 5, ByeKind.HALF))


def seen(tf: TournamentFile) -> dict[str, object]:
    """Everything a section shows (players, rounds, snapshots, what can be paired)."""
    last = tf.rounds_paired()
    return {
        "players": plain(tf.players()),
        "rounds": [plain(tf.round_view(r)) for r in range(1, last + 2)],
        "snapshot": plain(tf.snapshot()),
        "pending": plain(tf.snapshot(include_pending=True)),
        "pairable": tf.can_pair_next_round(),
        "next": plain(tf.compute_next_pairing()) if tf.can_pair_next_round()[0] else None,
    }


def test_a_section_beside_another_plays_exactly_as_a_tournament_alone(tmp_path: Path) -> None:
    alone = TournamentFile.create(tmp_path / "alone.swissdesk", settings(name="Open B"))
    play(alone)
    event = TournamentFile.create(tmp_path / "event.swissdesk", settings(name="Open A"))
    decoy(event)
    first_before = seen(event)
    event.execute(AddSection(settings(name="Open B")))
    second = event.section("Open B")
    # The two sections' actions interleave, as at a real desk.
    decoy_more = event.section("Open A")
    play(second)
    assert seen(second) == seen(alone)
    assert seen(decoy_more) == first_before
    assert second.settings() == alone.settings()
    # Pairing numbers 1..n in each section, player ids unique in the file.
    assert [p.tpn for p in second.players()] == list(range(1, 11))
    assert [p.tpn for p in event.players()] == list(range(1, 16))
    alone.close()
    event.close()


def test_undo_goes_back_through_the_event_whichever_section_acted(tmp_path: Path) -> None:
    a = TournamentFile.create(tmp_path / "e.swissdesk", settings(name="Open A"))
    a.execute(AddSection(settings(name="Open B")))
    b = a.section("Open B")
    a.execute(AddPlayer(PlayerData("Anna", rating=2000)))
    b.execute(AddPlayer(PlayerData("Bert", rating=1500)))
    a.execute(AddPlayer(PlayerData("Carl", rating=1900)))
    log = a.audit_log()
    assert [(e.action, e.section) for e in log] == [
        ("CreateTournament", "Open A"),
        ("AddSection", ""),
        ("AddPlayer", "Open A"),
        ("AddPlayer", "Open B"),
        ("AddPlayer", "Open A"),
    ]
    assert b.audit_log() == log  # the event's one log, from either section
    # From section B, Undo reverts the event's last action: A's.
    result = b.execute(Undo())
    assert "Carl" in result.summary
    assert [p.name for p in a.players()] == ["Anna"]
    undone = b.audit_log()[-1]
    assert (undone.action, undone.section) == ("Undo", "Open A")
    a.execute(Undo())
    assert b.players() == []
    a.execute(Redo())
    assert [p.name for p in b.players()] == ["Bert"]
    assert a.audit_log()[-1].section == "Open B"
    a.close()


def test_sections_are_found_by_name_number_or_id_and_a_wrong_name_lists_them(
    tmp_path: Path,
) -> None:
    tf = TournamentFile.create(tmp_path / "e.swissdesk", settings(name="Open A"))
    tf.execute(AddSection(settings(name="Open B")))
    tf.execute(AddSection(settings(name="Junior U14")))
    ids = [s.id for s in tf.sections()]
    assert [s.name for s in tf.sections()] == ["Open A", "Open B", "Junior U14"]
    assert tf.section("junior  u14").section_id == ids[2]
    assert tf.section("2").section_id == ids[1]
    assert tf.section(ids[1]).section_name == "Open B"
    with pytest.raises(ActionRefused, match="'Open A', 'Open B', 'Junior U14'"):
        tf.section("Open C")
    with pytest.raises(ActionRefused, match="already has a section called 'Open B'"):
        tf.execute(AddSection(settings(name="open b")))
    with pytest.raises(ActionRefused, match="already has a section called 'Open A'"):
        tf.section("Open B").execute(
            EditSettings(dataclasses.replace(tf.settings(), name="OPEN A"))
        )
    tf.execute(OrderSections((ids[2], ids[0], ids[1])))
    assert [s.name for s in tf.sections()] == ["Junior U14", "Open A", "Open B"]
    tf.section("Open A").execute(AddPlayer(PlayerData("X")))
    with pytest.raises(ActionRefused, match="has players"):
        tf.execute(RemoveSection(ids[0]))
    tf.execute(RemoveSection(ids[1]))
    assert [s.name for s in tf.sections()] == ["Junior U14", "Open A"]
    tf.execute(Undo())
    assert [s.name for s in tf.sections()] == ["Junior U14", "Open A", "Open B"]
    tf.execute(Undo())
    assert tf.players() == []
    tf.execute(Undo())
    assert [s.name for s in tf.sections()] == ["Open A", "Open B", "Junior U14"]
    tf.close()


def test_a_player_moves_to_another_section_before_round_1_with_the_audit_saying_so(
    tmp_path: Path,
) -> None:
    a = TournamentFile.create(tmp_path / "e.swissdesk", settings(name="Open A"))
    register(a, NAMES[:5])
    a.execute(AddSection(settings(name="Open B")))
    b = a.section("Open B")
    register(b, NAMES[5:])
    a.execute(RequestBye(2, 2, ByeKind.HALF))
    before_a, before_b = a.players(), b.players()
    result = a.execute(MovePlayer(2, b.section_id))
    assert result.summary == "no. 2 Adams, Anna moved from Open A to Open B as no. 5"
    assert any("not carried over" in w for w in result.warnings)
    names = [p.name for p in before_a if p.tpn != 2]
    assert [(p.tpn, p.name) for p in a.players()] == list(enumerate(names, start=1))
    moved = b.players()[-1]
    assert (moved.tpn, moved.name, moved.rating, moved.byes) == (5, "Adams, Anna", 2400, ())
    entry = a.audit_log()[-1]
    assert (entry.action, entry.section) == ("MovePlayer", "Open A")
    a.execute(Undo())
    assert a.players() == before_a and b.players() == before_b
    a.close()


def test_moving_a_player_with_results_is_refused(tmp_path: Path) -> None:
    a = TournamentFile.create(tmp_path / "e.swissdesk", settings(name="Open A"))
    register(a, NAMES[:6])
    a.execute(AddSection(settings(name="Open B")))
    a.pair_next_round()
    a.execute(EnterResult(1, 1, BoardResult.WHITE_WINS))
    with pytest.raises(ActionRefused, match=r"Open A has paired round 1: .* can no longer move"):
        a.execute(MovePlayer(1, a.section("Open B").section_id))
    with pytest.raises(ActionRefused, match="already in this section"):
        a.execute(MovePlayer(1, a.section_id))
    a.close()


def test_a_player_moved_into_a_started_section_enters_late(tmp_path: Path) -> None:
    b = TournamentFile.create(tmp_path / "e.swissdesk", settings(name="Open B"))
    register(b, NAMES[:6])
    b.pair_next_round()
    for board in b.round_view(1).boards:
        b.execute(EnterResult(1, board.board, BoardResult.DRAW))
    b.execute(AddSection(settings(name="Open A")))
    a = b.section("Open A")
    a.execute(AddPlayer(PlayerData("Wrong, Wanda", rating=2390)))
    result = a.execute(MovePlayer(1, b.section_id))
    assert "late entry from round 2" in result.summary
    wanda = next(p for p in b.players() if p.name == "Wrong, Wanda")
    assert wanda.tpn == 3 and wanda.late_entry_round == 2  # C.04.2 art. 2.4: her place
    assert b.snapshot().player(3).rounds[0].result is ResultCode.NOT_PAIRED
    b.execute(Undo())
    assert [p.name for p in a.players()] == ["Wrong, Wanda"]
    assert sorted(p.name for p in b.players()) == sorted(n for n, _r, _t in NAMES[:6])
    b.close()


def test_section_rules_and_the_same_person_twice_warn_the_desk(tmp_path: Path) -> None:
    rules = SectionRules(rating_below=1800, age_under=16)
    b = TournamentFile.create(
        tmp_path / "e.swissdesk",
        settings(name="Open B", start_date="2026/06/06", end_date="2026/06/07", rules=rules),
    )
    b.execute(AddSection(settings(name="Blitz", start_date="2026/06/06")))
    b.execute(AddSection(settings(name="Rapid", start_date="2026/06/13")))
    blitz, rapid = b.section("Blitz"), b.section("Rapid")
    kid = PlayerData("Kid, Kim", rating=1750, fide_id="123", birth_date="2011/03/01")
    assert b.execute(AddPlayer(kid)).warnings[:1] == ()
    old = PlayerData("Old, Ole", rating=1900, birth_date="1950/01/01")
    warnings = b.execute(AddPlayer(old)).warnings
    assert "Old, Ole is rated 1900: Open B is for players rated under 1800" in warnings
    assert "Old, Ole is 76 on 1 January 2026: Open B is for players under 16" in warnings
    same_day = blitz.execute(AddPlayer(dataclasses.replace(kid, name="Kim Kid"))).warnings
    assert same_day == (
        "Kim Kid also plays Open B (no. 1, same FIDE ID), played at the same time (2026/06/06)",
    )
    assert rapid.execute(AddPlayer(kid)).warnings == ()  # another weekend
    again = b.execute(AddPlayer(dataclasses.replace(old, rating=1700))).warnings
    assert any(
        "already registered in Open B as no. 2 (same name and birth date)" in w for w in again
    )
    # The desk asks before registering, too.
    assert blitz.desk_warnings(kid) == b.desk_warnings(kid, blitz.section_id)
    b.close()


def test_check_in_and_absentees_for_round_1(tmp_path: Path) -> None:
    tf = TournamentFile.create(tmp_path / "e.swissdesk", settings(name="Open A"))
    register(tf, NAMES)
    with pytest.raises(ActionRefused, match="nobody is checked in"):
        tf.execute(MarkAbsentees(1))
    tf.execute(CheckIn((1, 2, 3, 4, 5, 6)))
    tf.execute(RequestBye(7, 1, ByeKind.HALF))
    assert [p.tpn for p in tf.players() if p.checked_in] == [1, 2, 3, 4, 5, 6]
    result = tf.execute(MarkAbsentees(1))
    assert result.summary == "round 1: 2 not checked in set absent"
    assert {u.tpn for u in tf.round_view(1).unpaired} == {7, 8, 9}
    tf.execute(Undo())
    assert {u.tpn for u in tf.round_view(1).unpaired} == {7}
    tf.execute(CheckIn((6,), present=False))
    assert not tf.players()[5].checked_in
    tf.close()


def test_importing_several_trfs_makes_one_event_a_section_per_file(tmp_path: Path) -> None:
    fixtures = Path(__file__).parent / "fixtures"
    sources = [
        fixtures / "v3_desk.trf",
        fixtures / "v2_individual.trf",
        fixtures / "v3_team.trf",
    ]
    with TournamentFile.import_event(sources, tmp_path / "event.swissdesk", confirmed=3) as tf:
        assert [s.name for s in tf.sections()] == [
            "Frozen v3 Open",
            "Frozen v2 Open",
            "Hand League",
        ]
        assert [s.is_team for s in tf.sections()] == [False, False, True]
        team = tf.section("Hand League")
        assert team.trf_version() == "2026" and len(team.teams()) == 5
        assert len(tf.players()) == 11


def test_storage_sql_outside_the_orm_names_the_section() -> None:
    """Plain SQL and Core statements run on the session's connection are not scoped by the
    session (storage/sections.py): each function of the storage package running one must
    name the section itself; plain SQL text run through a session is a PRAGMA."""
    offenders = []
    for path in sorted(STORAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef):
                continue
            body = ast.get_source_segment(source, func) or ""
            for node in ast.walk(func):
                if not isinstance(node, ast.Call):
                    continue
                name = node.func.attr if isinstance(node.func, ast.Attribute) else ""
                target = node.func.value if isinstance(node.func, ast.Attribute) else None
                on_connection = (
                    isinstance(target, ast.Call)
                    and isinstance(target.func, ast.Attribute)
                    and target.func.attr == "connection"
                )
                runs_sql = on_connection and name in ("execute", "exec_driver_sql")
                if runs_sql and "section_id" not in body:
                    offenders.append(f"{path.name}:{node.lineno} {func.name}")
                called = node.func.id if isinstance(node.func, ast.Name) else name
                if called in ("text", "sql_text") and node.args:
                    arg = node.args[0]
                    literal = arg.value if isinstance(arg, ast.Constant) else ""
                    if isinstance(arg, ast.JoinedStr):
                        literal = str(getattr(arg.values[0], "value", ""))
                    pragma = isinstance(literal, str) and literal.startswith("PRAGMA")
                    if not pragma and func.name != "_pragma":
                        offenders.append(f"{path.name}:{node.lineno} {func.name} text()")
    assert offenders == []


def test_recovering_a_planted_event_keeps_every_section(tmp_path: Path) -> None:
    """A file refused for a planted trigger: 'recover' copies every section's rows."""
    import sqlite3

    from swissdesk.storage.errors import UntrustedFileError
    from swissdesk.storage.recover import recover_file

    path = tmp_path / "event.swissdesk"
    with TournamentFile.create(path, settings(name="Open A")) as a:
        decoy(a)
        a.execute(AddSection(settings(name="Open B")))
        register(a.section("Open B"), NAMES[:4])
        before = {s.name: (seen(a.section(s.id))) for s in a.sections()}
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("CREATE TRIGGER tamper AFTER UPDATE ON entry BEGIN SELECT 1; END")
    con.close()
    with pytest.raises(UntrustedFileError):
        TournamentFile.open(path)
    clean = tmp_path / "clean.swissdesk"
    recover_file(path, clean)
    with TournamentFile.open(clean) as tf:
        assert {s.name: seen(tf.section(s.id)) for s in tf.sections()} == before
