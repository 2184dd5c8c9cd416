"""The command line on an event of several sections (issue 33).

``swissdesk import A.trf B.trf -o EVENT.swissdesk`` makes one event with a section per file,
named by its record 012; every command acting on one tournament takes ``--section NAME``
and, where the event has several sections, refuses to guess.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import SMALL_LINES, TPN_ORDER, player
from pypdf import PdfReader

from swissdesk.cli import main
from swissdesk.storage import TournamentFile

TEAM_TRF = Path(__file__).resolve().parents[1] / "trf" / "team_hand.trf"

JUNIOR_LINES = (
    "012 Junior Cup",
    "XXR 5",
    "XXC white1",
    player(1, "1.0", "   4 w 1"),
    player(2, "1.0", "   5 w 1"),
    player(3, "1.0", "   6 w 1"),
    player(4, "0.0", "   1 b 0"),
    player(5, "0.0", "   2 b 0"),
    player(6, "0.0", "   3 b 0"),
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def sources(tmp_path: Path) -> list[Path]:
    a = tmp_path / "open.trf"
    a.write_text("\n".join(SMALL_LINES) + "\n", encoding="utf-8")
    b = tmp_path / "junior.trf"
    b.write_text("\n".join(JUNIOR_LINES) + "\n", encoding="utf-8")
    return [a, b]


@pytest.fixture
def event(tmp_path: Path, sources: list[Path], capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "event.swissdesk"
    code, out, _err = run(
        capsys,
        "import",
        *map(str, sources),
        str(TEAM_TRF),
        "-o",
        str(path),
        "--system",
        TPN_ORDER,
        "--yes-i-know",
        "3",
    )
    assert code == 0, out
    return path


def test_import_of_several_trfs_makes_a_section_per_file_named_by_record_012(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(capsys, "sections", str(event))
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith(" 1. Small Open: test-tpn-order, individual, round 2 of 5")
    assert lines[2].startswith(" 2. Junior Cup: test-tpn-order, individual, round 1 of 5")
    assert lines[3].startswith(" 3. Hand League:") and "team" in lines[3]


@pytest.mark.parametrize(
    "argv",
    [
        ("export", "{}", "-o", "{tmp}/x.trf"),
        ("standings", "{}"),
        ("next-round", "{}"),
        ("pair", "{}"),
        ("result", "{}", "2", "1", "1-0"),
        ("report", "{}", "--kind", "boards", "-o", "{tmp}/x.pdf"),
        ("withdraw", "{}", "1"),
        ("bye", "{}", "1", "3", "half"),
        ("check", "{}"),
        ("numbers", "{}"),
        ("move", "{}", "1", "--to", "Junior Cup"),
        ("checkin", "{}", "1"),
        ("team", "list", "{}"),
        ("team", "standings", "{}"),
    ],
)
def test_a_command_on_one_tournament_refuses_to_guess_the_section(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    before = event.read_bytes()
    args = [a.format(event, tmp=tmp_path) for a in argv]
    code, _out, err = run(capsys, *args)
    assert code == 2
    assert "holds 3 sections; name one with --section NAME" in err
    assert "1. 'Small Open', 2. 'Junior Cup', 3. 'Hand League'" in err
    assert event.read_bytes() == before


def test_an_unknown_section_is_refused_with_the_list(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = run(capsys, "standings", str(event), "--section", "Open C")
    assert code == 2
    assert "no section 'Open C'; its sections are: 'Small Open', 'Junior Cup', 'Hand League'" in err


def test_each_section_exports_the_trf_its_file_alone_would(
    event: Path, tmp_path: Path, sources: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """FIDE rates each section as its own tournament: its TRF is the one a file holding only
    that tournament writes, and reads back to the same section."""
    for source, name in [(sources[0], "Small Open"), (sources[1], "2"), (TEAM_TRF, "hand league")]:
        alone = tmp_path / f"{source.stem}.swissdesk"
        assert (
            run(
                capsys,
                "import",
                str(source),
                "-o",
                str(alone),
                "--system",
                TPN_ORDER,
                "--yes-i-know",
                "3",
            )[0]
            == 0
        )
        mine, theirs = tmp_path / "section.trf", tmp_path / "alone.trf"
        assert run(capsys, "export", str(event), "--section", name, "-o", str(mine))[0] == 0
        assert run(capsys, "export", str(alone), "-o", str(theirs))[0] == 0
        assert mine.read_bytes() == theirs.read_bytes()
        again = tmp_path / f"{source.stem}-again.swissdesk"
        assert (
            run(
                capsys,
                "import",
                str(mine),
                "-o",
                str(again),
                "--system",
                TPN_ORDER,
                "--yes-i-know",
                "3",
            )[0]
            == 0
        )
        with TournamentFile.open(event, section=name) as a, TournamentFile.open(again) as b:
            key = [(p.tpn, p.name, p.rating, p.rounds) for p in a.snapshot().players]
            assert key == [(p.tpn, p.name, p.rating, p.rounds) for p in b.snapshot().players]
        for path in (alone, again, mine, theirs):
            path.unlink()


def test_a_section_is_paired_scored_and_printed_by_name(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(capsys, "pair", str(event), "--section", "Junior Cup")
    assert (code, out) == (0, "3\n1 2\n3 4\n5 6\n")
    assert TournamentFile.open(event, section="Junior Cup").rounds_paired() == 1  # dry run
    code, out, _err = run(capsys, "next-round", str(event), "--section", "Junior Cup")
    assert (code, out) == (0, "3\n1 2\n3 4\n5 6\n")
    # A result: --section also after the result (the result takes the rest of the line).
    code, out, _err = run(capsys, "result", str(event), "2", "1", "--", "--section", "Junior Cup")
    assert code == 0 and "round 2 board 1" in out
    code, out, _err = run(capsys, "standings", str(event), "--section", "Small Open")
    assert code == 0 and "Player0001" in out and "Player0005" not in out
    pdf = tmp_path / "junior.pdf"
    code, _out, _err = run(
        capsys, "report", str(event), "--section", "junior cup", "--kind", "boards", "-o", str(pdf)
    )
    assert code == 0
    text = PdfReader(pdf).pages[0].extract_text()
    assert "Junior Cup" in text and "Round 2" in text and "Small Open" not in text
    with TournamentFile.open(event) as tf:
        log = tf.audit_log()
    assert [(e.action, e.section) for e in log[-2:]] == [
        ("PairNextRound", "Junior Cup"),
        ("EnterResult", "Junior Cup"),
    ]


def test_the_hall_list_shows_every_section_with_boards_numbered_on(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "next-round", str(event), "--section", "Small Open")[0] == 0
    assert run(capsys, "next-round", str(event), "--section", "Junior Cup")[0] == 0
    pdf = tmp_path / "hall.pdf"

    def boards_of(section: str) -> list[str]:
        pages = PdfReader(pdf).pages
        text = "\n".join(page.extract_text(extraction_mode="layout") for page in pages)
        lines = text[text.index(section) :].splitlines()[3:]
        return [line.split()[0] for line in lines[: lines.index("")] if line.strip()]

    code, _out, err = run(
        capsys, "report", str(event), "--kind", "boards", "--all-sections", "--continuous",
        "-o", str(pdf),
    )  # fmt: skip
    assert code == 0, err
    assert boards_of("Small Open – Round 3") == ["1", "2"]
    assert boards_of("Junior Cup – Round 2") == ["3", "4", "5"]  # numbered on
    assert "Small Open / Junior Cup / Hand League" in PdfReader(pdf).pages[0].extract_text()
    assert run(capsys, "report", str(event), "--kind", "boards", "--all-sections", "-o", str(pdf))
    assert boards_of("Junior Cup – Round 2") == ["1", "2", "3"]  # each section its own


def test_sections_move_check_in_and_the_audit_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "weekend.swissdesk"
    code, _out, err = run(
        capsys, "new", str(path), "--name", "Open A", "--player", "Anna;2100", "--player",
        "Bert;1650", "--player", "Carl;2000", "--player", "Dora;1950",
    )  # fmt: skip
    assert code == 0, err
    code, out, _err = run(
        capsys, "section", "add", str(path), "--name", "Open B", "--rating-below", "1800",
        "--rounds", "5",
    )  # fmt: skip
    assert (code, out) == (0, "section 'Open B' added\n")
    code, out, err = run(capsys, "move", str(path), "2", "--section", "Open A", "--to", "Open B")
    assert code == 0 and "no. 2 Bert moved from Open A to Open B as no. 1" in out
    code, out, err = run(capsys, "move", str(path), "1", "--section", "Open A", "--to", "Open B")
    assert "Anna is rated 2100: Open B is for players rated under 1800" in err
    code, out, _err = run(capsys, "checkin", str(path), "--section", "Open B", "1")
    assert out == "checked in: no. 1 Bert\n"
    code, out, _err = run(capsys, "absentees", str(path), "--section", "Open B")
    assert out == "round 1: 1 not checked in set absent\n"
    code, out, _err = run(capsys, "players", str(path))
    assert [line.split() for line in out.splitlines()] == [
        ["Open", "A:"],
        ["1", "Carl", "2000"],
        ["2", "Dora", "1950"],
        ["Open", "B:"],
        ["1", "in", "Bert", "1650"],
        ["2", "Anna", "2100"],
    ]
    code, out, _err = run(capsys, "audit", str(path))
    assert "[Open B] round 1: 1 not checked in set absent" in out
    assert "[event] section 'Open B' added" in out
    code, _out, err = run(capsys, "undo", str(path), "--section", "Open A")
    assert code == 2 and "the event's last action was in 'Open B'" in err
    code, out, _err = run(capsys, "undo", str(path))
    assert out == "undone: round 1: 1 not checked in set absent\n"
    code, out, _err = run(capsys, "section", "order", str(path), "Open B", "Open A")
    assert out == "sections ordered: Open B, Open A\n"
    code, out, _err = run(capsys, "sections", str(path), "--event-name", "Bern Weekend")
    assert out.splitlines()[:3] == [
        "event named 'Bern Weekend'",
        "Bern Weekend: 2 sections",
        " 1. Open B: dutch, individual, round 0 of 5 paired, 2 players, rated under 1800",
    ]


def test_the_desk_registers_from_the_rating_list_with_the_sections_rating_type(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'register --fide-id' takes the player from the rating list, with the rating of the
    section's rating type (a rapid section: the rapid rating); --check only warns."""
    from swissdesk.ratinglist import RatingList

    listed = tmp_path / "players_list_xml_foa.xml"
    listed.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n'
        "<player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country>"
        "<sex>M</sex><title>GM</title><w_title></w_title><o_title></o_title>"
        "<foa_title></foa_title><rating>2830</rating><games>0</games><k>10</k>"
        "<rapid_rating>2823</rapid_rating><rapid_games></rapid_games><rapid_k></rapid_k>"
        "<blitz_rating>2886</blitz_rating><blitz_games></blitz_games><blitz_k></blitz_k>"
        "<birthday>1990</birthday><flag></flag></player>\n</playerslist>\n",
        encoding="utf-8",
    )
    database = tmp_path / "list.sqlite"
    RatingList(database).import_file(listed)
    monkeypatch.setenv("SWISSDESK_RATING_LIST", str(database))
    path = tmp_path / "event.swissdesk"
    assert run(capsys, "new", str(path), "--name", "Open", "--player", "Anna;2000")[0] == 0
    run(capsys, "section", "add", str(path), "--name", "Rapid", "--time-control", "900+10")
    code, _out, err = run(
        capsys, "register", str(path), "--section", "Open", "--fide-id", "1503014", "--check"
    )
    assert code == 0 and err == ""
    code, out, _err = run(
        capsys, "register", str(path), "--section", "Rapid", "--fide-id", "1503014"
    )
    assert out == "added Carlsen, Magnus as no. 1\n"
    with TournamentFile.open(path, section="Rapid") as tf:
        magnus = tf.players()[0]
    assert (magnus.rating, magnus.title, magnus.fide_id) == (2823, "GM", "1503014")
    code, _out, err = run(
        capsys, "register", str(path), "--section", "Open", "--fide-id", "1503014", "--check"
    )
    assert "Carlsen, Magnus is also registered in Rapid (no. 1, same FIDE ID)" in err
