"""TRF import/export through tournament files, and the headless commands."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from storage_support import NAMES, settings

from swissdesk.cli import main
from swissdesk.engines import get_engine
from swissdesk.storage import BoardResult, EnterResult, PlayerData, TournamentFile
from swissdesk.tiebreaks import compute_standings, declared_tiebreaks
from swissdesk.tiebreaks.trf_ranks import with_current_ranks
from swissdesk.trf import format_trf, parse_trf, read_trf

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
ROUND_TRIP = [
    # (file, whether swissdesk.trf writes it back byte for byte on its own)
    ("dutch-full/dutch-0001-n010-r07-clean.trf", False),  # 092 after the players
    ("dutch-full/dutch-0003-n064-r05-heavy.trf", False),
    ("dutch/dutch-0003-n064-r05-heavy-p03.trf", True),  # pre-set byes for the next round
    ("baku/baku-0001-n010-r07-clean-p02.trf", True),  # XXA virtual points
]

needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"reference corpus not found: the corpus tests read the reference cases from ../shared/corpus beside the checkout ({CORPUS})")


def run(*argv: object) -> int:
    return main([str(a) for a in argv])


@needs_corpus
@pytest.mark.parametrize(("name", "verbatim"), ROUND_TRIP)
def test_trf_import_export_is_exact(tmp_path: Path, name: str, verbatim: bool) -> None:
    source = CORPUS / name
    # The Baku case's round 1 was paired without the virtual points its XXA lines give for
    # round 2 on: the import checks it (Level 3) and logs '### Import @ Round 1' (Q55).
    assert run("import", source, "-o", tmp_path / "t.swissdesk", "--yes-i-know", "3") == 0
    assert run("export", tmp_path / "t.swissdesk", "-o", tmp_path / "out.trf") == 0
    written = (tmp_path / "out.trf").read_text()
    logged = [line for line in written.splitlines() if line.startswith("### Import @ Round")]
    assert bool(logged) == name.startswith("baku/")
    exported = "".join(f"{line}\n" for line in written.splitlines() if line not in logged)
    # Exactly what the TRF writer makes of the file itself (TRF16 kept as TRF16), with the
    # ranks of today's standings (issue 18, item 3) ...
    assert exported == format_trf(with_current_ranks(read_trf(source)), version="16")
    if verbatim:  # ... which is the very same text for files already in canonical order.
        assert _without_ranks(exported) == _without_ranks(source.read_text())
    with TournamentFile.open(tmp_path / "t.swissdesk") as tf:
        assert dataclasses.replace(tf.snapshot(), integrity_log=()) == read_trf(source)


@needs_corpus
def test_trf_2026_round_trip_keeps_its_format(tmp_path: Path) -> None:
    text = format_trf(read_trf(CORPUS / ROUND_TRIP[1][0]), version="2026")
    (tmp_path / "in.trf").write_text(text)
    assert run("import", tmp_path / "in.trf", "-o", tmp_path / "t.swissdesk") == 0
    assert run("export", tmp_path / "t.swissdesk", "-o", tmp_path / "out.trf") == 0
    exported = (tmp_path / "out.trf").read_text()
    assert exported == format_trf(with_current_ranks(read_trf(tmp_path / "in.trf")))
    assert _without_ranks(exported) == _without_ranks(text)


def _without_ranks(text: str) -> list[str]:
    """The lines with the rank column of the player records (columns 86-89) blanked."""
    return [
        f"{line[:85]}    {line[89:]}".rstrip() if line.startswith("001") else line
        for line in text.splitlines()
    ]


@needs_corpus
def test_export_writes_the_current_rank_not_the_imported_one(tmp_path: Path) -> None:
    """Issue 18, item 3: an imported file kept its stale ranks (player 5, now 27th, exported
    as 3rd). The rank column must be the rank by the tournament's tie-breaks now."""
    source = CORPUS / ROUND_TRIP[1][0]
    stale = []
    for line in source.read_text().splitlines():
        if line.startswith("001"):
            line = f"{line[:85]}{'1':>4}{line[89:]}"  # everyone "first"
        stale.append(line)
    (tmp_path / "stale.trf").write_text("\n".join(stale) + "\n")
    assert run("import", tmp_path / "stale.trf", "-o", tmp_path / "t.swissdesk") == 0
    assert run("export", tmp_path / "t.swissdesk", "-o", tmp_path / "out.trf") == 0
    exported = read_trf(tmp_path / "out.trf")
    standings = compute_standings(exported, declared_tiebreaks(exported))
    expected = {row.tpn: row.rank for row in standings.rows}
    assert {p.tpn: p.declared_rank for p in exported.players} == expected
    assert len(set(expected.values())) > 1


def test_export_of_a_new_tournament_writes_ranks(tmp_path: Path) -> None:
    """A tournament made in swissdesk exported empty rank columns."""
    path = tmp_path / "new.swissdesk"
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    with TournamentFile.create(path, settings(), players=players):
        pass
    assert run("next-round", path) == 0
    with TournamentFile.open(path) as tf:
        for board in tf.round_view(1).boards:
            tf.execute(EnterResult(1, board.board, BoardResult.WHITE_WINS))
    assert run("export", path, "-o", tmp_path / "out.trf") == 0
    ranks = sorted(p.declared_rank or 0 for p in read_trf(tmp_path / "out.trf").players)
    assert ranks[0] == 1 and all(ranks)


@needs_corpus
def test_next_round_prints_and_stores_the_engines_pairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = CORPUS / "dutch/dutch-0001-n010-r07-clean-p03.trf"
    expected = get_engine("dutch").pair(read_trf(source)).to_text()
    run("import", source, "-o", tmp_path / "t.swissdesk")
    capsys.readouterr()
    assert run("next-round", tmp_path / "t.swissdesk") == 0
    assert capsys.readouterr().out == expected
    with TournamentFile.open(tmp_path / "t.swissdesk") as tf:
        view = tf.round_view(3)
        lines = [f"{b.white_tpn} {b.black_tpn}" for b in view.boards]
        if view.pab is not None:
            lines.append(f"{view.pab.tpn} 0")
        assert expected.splitlines()[1:] == lines


@pytest.fixture
def paired(tmp_path: Path) -> Path:
    """A tournament file with nine players and round 1 paired (trivial engine)."""
    path = tmp_path / "cli.swissdesk"
    players = [PlayerData(n, r, title=t) for n, r, t in NAMES]
    with TournamentFile.create(path, settings(), players=players):
        pass
    assert run("next-round", path) == 0
    return path


def audit_size(path: Path) -> int:
    with TournamentFile.open(path) as tf:
        return len(tf.audit_log())


def test_result_command(paired: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("result", paired, 1, 2, "1/2") == 0
    assert "round 1 board 2: result 1/2" in capsys.readouterr().out
    size = audit_size(paired)
    assert run("result", paired, 1, 9, "1-0") == 2
    assert "round 1 has no board 9" in capsys.readouterr().err
    assert run("result", paired, 1, 1, "2-0") == 2
    assert "unknown result '2-0'" in capsys.readouterr().err
    assert audit_size(paired) == size


def test_next_round_refused_while_results_missing(
    paired: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("next-round", paired) == 2
    assert "round 1 still lacks results on boards 1, 2, 3, 4" in capsys.readouterr().err
    for board, result in enumerate(("1-0", "0-1", "+-", "--"), start=1):
        assert run("result", paired, 1, board, result) == 0
    capsys.readouterr()
    assert run("next-round", paired) == 0
    assert capsys.readouterr().out.startswith("5\n")


def test_withdraw_and_bye_commands(paired: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("withdraw", paired, 3) == 0
    assert "withdrawn from round 2" in capsys.readouterr().out
    assert run("withdraw", paired, 3, "--from-round", 3) == 2
    assert "already withdrawn" in capsys.readouterr().err
    assert run("bye", paired, 4, 2, "half") == 0
    assert run("bye", paired, 5, 1, "zero") == 2
    assert "round 1 is already paired" in capsys.readouterr().err
    with TournamentFile.open(paired) as tf:
        rows = {p.tpn: p for p in tf.players()}
        assert rows[3].withdrawn_from_round == 2
        assert rows[4].byes[0][0] == 2


def test_undo_and_audit_commands(paired: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run("result", paired, 1, 1, "0-1")
    assert run("undo", paired) == 0
    assert "undone: round 1 board 1" in capsys.readouterr().out
    assert run("audit", paired) == 0
    out = capsys.readouterr().out
    assert "CreateTournament" in out and "(undone)" in out


def test_export_with_results_missing_says_so(
    paired: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("export", paired, "-o", tmp_path / "out.trf") == 0
    assert "exported through round 0" in capsys.readouterr().err
    assert parse_trf((tmp_path / "out.trf").read_text()).rounds_with_pairings == 0


def test_import_refuses_bad_input_and_existing_output(
    tmp_path: Path, paired: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("001 this is not a player line\n")
    assert run("import", bad, "-o", tmp_path / "new.swissdesk") == 2
    assert not (tmp_path / "new.swissdesk").exists()
    assert capsys.readouterr().err.startswith("swissdesk: ")
    before = paired.read_bytes()
    good = tmp_path / "good.trf"
    with TournamentFile.open(paired) as tf:
        good.write_text(format_trf(tf.snapshot()))
    assert run("import", good, "-o", paired) == 2
    assert "already exists" in capsys.readouterr().err
    assert paired.read_bytes() == before
    assert run("import", tmp_path / "missing.trf", "-o", tmp_path / "x.swissdesk") == 2


def test_commands_on_a_damaged_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "damaged.swissdesk"
    path.write_bytes(b"\x00garbage" * 100)
    assert run("result", path, 1, 1, "1-0") == 2
    err = capsys.readouterr().err
    assert "damaged" in err and "corrupt-" in err
    assert path.read_bytes() == b"\x00garbage" * 100
