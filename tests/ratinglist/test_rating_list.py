"""The FIDE rating list offline (issue 20): both layouts, damage, merging, lookups."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from swissdesk.ratinglist import RatingList, RatingListError, search_key
from swissdesk.ratinglist.parse import ImportCancelled, txt_columns

XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n'
XML_TAIL = "</playerslist>\n"


def xml_player(
    fide_id: object,
    name: str,
    fed: str,
    sex: str = "M",
    title: str = "",
    std: object = "",
    rapid: object = "",
    blitz: object = "",
    birth: object = "",
    flag: str = "",
    w_title: str = "",
) -> str:
    name = name.replace("&", "&amp;").replace("'", "&apos;")
    return (
        f"<player><fideid>{fide_id}</fideid><name>{name}</name><country>{fed}</country>"
        f"<sex>{sex}</sex><title>{title}</title><w_title>{w_title}</w_title><o_title></o_title>"
        f"<foa_title></foa_title><rating>{std}</rating><games>0</games><k>20</k>"
        f"<rapid_rating>{rapid}</rapid_rating><rapid_games></rapid_games><rapid_k></rapid_k>"
        f"<blitz_rating>{blitz}</blitz_rating><blitz_games></blitz_games><blitz_k></blitz_k>"
        f"<birthday>{birth}</birthday><flag>{flag}</flag></player>\n"
    )


PLAYERS = [
    xml_player(
        1503014, "Carlsen, Magnus", "NOR", title="GM", std=2830, rapid=2823, blitz=2886, birth=1990
    ),
    xml_player(4100018, "Müller, Karl-Heinz", "GER", title="IM", std=2400, birth=1975, flag="i"),
    xml_player(1100001, "Carlos, Juan", "ESP", std=1900, birth=2001),
    xml_player(2000001, "O'Brien, Seán", "IRL", std=2100, birth=1988),
    xml_player(3000001, "Łódź-Wójcik, Zoë", "POL", sex="F", w_title="WIM", std=2200, flag="w"),
    xml_player(4000001, "Nepomniachtchi, Ian", "FID", title="GM", std=2760, birth=1990),
    xml_player(5000001, "Rapidless, Unrated", "ENG", birth=2010),
]


def write_xml(path: Path, players: list[str]) -> Path:
    path.write_text(XML_HEAD + "".join(players) + XML_TAIL, encoding="utf-8")
    return path


TXT_HEADER = (
    f"{'ID Number':<15}{'Name':<61}{'Fed':<4}{'Sex':<4}{'Tit':<5}{'WTit':<5}{'OTit':<15}"
    f"{'FOA':<4}{'SRtng':<6}{'SGm':<4}{'SK':<3}{'RRtng':<6}{'RGm':<4}{'Rk':<3}{'BRtng':<6}"
    f"{'BGm':<4}{'BK':<3}{'B-day':<6}Flag"
)


def txt_line(
    fide_id: int,
    name: str,
    fed: str,
    sex: str,
    tit: str,
    s: str,
    r: str,
    b: str,
    bd: str,
    flag: str = "",
) -> str:
    return (
        f"{fide_id:<15}{name:<61}{fed:<4}{sex:<4}{tit:<5}{'':<5}{'':<15}{'':<4}{s:<6}{'0':<4}"
        f"{'20':<3}{r:<6}{'':<4}{'':<3}{b:<6}{'':<4}{'':<3}{bd:<6}{flag}"
    )


@pytest.fixture
def rating_list(tmp_path: Path) -> RatingList:
    return RatingList(tmp_path / "list.sqlite")


def test_search_key_ignores_case_accents_and_punctuation() -> None:
    assert search_key("Müller, Karl-Heinz") == "muller karl heinz"
    assert search_key("Łódź") == "lodz"
    assert search_key("O'Brien, Seán") == "o brien sean"
    assert search_key("Straße Øre Æsir") == "strasse ore aesir"
    assert search_key("ИВАНОВ, Иван") == "иванов иван"


def test_xml_list_imports_and_finds_by_prefix_id_and_federation(
    rating_list: RatingList, tmp_path: Path
) -> None:
    summary = rating_list.import_file(write_xml(tmp_path / "players_list_xml_foa.xml", PLAYERS))
    assert summary.players == 7 and summary.skipped == 0
    assert [m.player.fide_id for m in rating_list.find("carl")] == [1503014, 1100001]
    magnus = rating_list.find("carlsen m")[0]
    assert magnus.label() == "Carlsen, Magnus · NOR · 2830 · GM"
    assert magnus.player.rapid == 2823 and magnus.player.birth_year == 1990
    assert rating_list.find("magnus c")[0].player.fide_id == 1503014
    assert rating_list.find("muller")[0].player.name == "Müller, Karl-Heinz"
    assert rating_list.find("MÜLLER KARL H")[0].player.inactive
    assert rating_list.find("lodz wo")[0].player.women_title == "WIM"
    assert rating_list.find("o'brien")[0].player.federation == "IRL"
    assert rating_list.find("4100018")[0].player.name.startswith("Müller")
    assert rating_list.find("carl", federation="esp")[0].player.fide_id == 1100001
    assert rating_list.find("nobody") == []
    unrated = rating_list.find("rapidless")[0]
    assert unrated.player.standard is None and unrated.label() == (
        "Rapidless, Unrated · ENG · unrated"
    )


def test_active_and_higher_rated_players_come_first(
    rating_list: RatingList, tmp_path: Path
) -> None:
    players = [
        xml_player(10, "Smith, Adam", "ENG", std=1500),
        xml_player(11, "Smith, Bob", "ENG", std=2500, flag="i"),
        xml_player(12, "Smith, Carl", "ENG", std=2000),
    ]
    rating_list.import_file(write_xml(tmp_path / "l.xml", players))
    assert [m.player.fide_id for m in rating_list.find("smith")] == [12, 10, 11]


def test_txt_list_columns_come_from_the_header(rating_list: RatingList, tmp_path: Path) -> None:
    lines = [
        TXT_HEADER,
        txt_line(1503014, "Carlsen, Magnus", "NOR", "M", "GM", "2830", "2823", "2886", "1990"),
        txt_line(4100018, "Müller, Karl", "GER", "M", "IM", "2400", "", "", "1975", "i"),
        txt_line(24100018, "Петров, Иван", "RUS", "M", "", "", "1800", "", "0"),
    ]
    path = tmp_path / "players_list_foa.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    summary = rating_list.import_file(path)
    assert summary.players == 3 and summary.kinds == ("standard", "rapid", "blitz")
    carlsen = rating_list.find("carlsen")[0].player
    assert (carlsen.standard, carlsen.rapid, carlsen.blitz, carlsen.title) == (
        2830,
        2823,
        2886,
        "GM",
    )
    petrov = rating_list.find("петров")[0].player
    assert petrov.standard is None and petrov.rapid == 1800 and petrov.birth_year is None
    assert rating_list.find("muller")[0].player.inactive


def test_a_separate_list_replaces_only_its_rating_type(
    rating_list: RatingList, tmp_path: Path
) -> None:
    rating_list.import_file(write_xml(tmp_path / "players_list_xml.xml", PLAYERS))
    header = f"{'ID Number':<15}{'Name':<61}{'Fed':<4}{'Sex':<4}{'Tit':<5}{'WTit':<5}{'OTit':<15}{'FOA':<4}{'NOV25':<6}{'Gms':<4}{'K':<3}{'B-day':<6}Flag"
    rapid = tmp_path / "rapid_nov25frl.txt"
    rapid.write_text(
        header
        + "\n"
        + f"{1503014:<15}{'Carlsen, Magnus':<61}{'NOR':<4}{'M':<4}{'GM':<5}{'':<5}{'':<15}{'':<4}{'2799':<6}{'5':<4}{'20':<3}{'1990':<6}\n"
        + f"{9999999:<15}{'Newcomer, Nia':<61}{'KEN':<4}{'F':<4}{'':<5}{'':<5}{'':<15}{'':<4}{'1650':<6}{'9':<4}{'40':<3}{'2005':<6}\n",
        encoding="utf-8",
    )
    summary = rating_list.import_file(rapid)
    assert summary.kinds == ("rapid",)
    carlsen = rating_list.find("carlsen")[0].player
    assert (carlsen.standard, carlsen.rapid, carlsen.blitz) == (2830, 2799, 2886)
    assert rating_list.find("karl")[0].player.rapid is None
    assert rating_list.find("newcomer")[0].player.rapid == 1650
    (info,) = rating_list.sources()
    assert info.players == 8 and info.list_date == "2025-11"


def test_a_national_list_is_kept_beside_the_fide_list(
    rating_list: RatingList, tmp_path: Path
) -> None:
    rating_list.import_file(write_xml(tmp_path / "fide.xml", PLAYERS))
    national = tmp_path / "national.txt"
    national.write_text(
        TXT_HEADER
        + "\n"
        + txt_line(77, "Carlsen, Magnus", "NOR", "M", "GM", "2850", "", "", "1990")
        + "\n",
        encoding="utf-8",
    )
    rating_list.import_file(national, source="NOR")
    sources = {m.source for m in rating_list.find("carlsen magnus")}
    assert sources == {"FIDE", "NOR"}
    assert [s.name for s in rating_list.sources()] == ["FIDE", "NOR"]


def test_truncated_zip_leaves_the_previous_list_usable(
    rating_list: RatingList, tmp_path: Path
) -> None:
    rating_list.import_file(write_xml(tmp_path / "ok.xml", PLAYERS))
    source = write_xml(tmp_path / "players_list_xml_foa.xml", PLAYERS * 50)
    archive = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(source, source.name)
    data = archive.read_bytes()
    truncated = tmp_path / "truncated.zip"
    truncated.write_bytes(data[: len(data) // 2])
    with pytest.raises(RatingListError, match="damaged or incomplete"):
        rating_list.import_file(truncated)
    # A whole zip imports, a truncated one changed nothing.
    assert rating_list.find("carlsen")[0].player.standard == 2830
    assert rating_list.import_file(archive).players == 350


def test_truncated_xml_changes_nothing(rating_list: RatingList, tmp_path: Path) -> None:
    rating_list.import_file(write_xml(tmp_path / "ok.xml", PLAYERS))
    text = XML_HEAD + xml_player(1503014, "Carlsen, Magnus", "NOR", std=1000) + PLAYERS[1][:40]
    broken = tmp_path / "broken.xml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(RatingListError, match="previous list is kept"):
        rating_list.import_file(broken)
    assert rating_list.find("carlsen")[0].player.standard == 2830


def test_xml_with_a_broken_record_skips_it_and_says_so(
    rating_list: RatingList, tmp_path: Path
) -> None:
    players = [
        *PLAYERS[:2],
        xml_player("x12", "Broken, Id", "ENG"),
        xml_player(42, "Bad, Rating", "ENG", std="twenty"),
    ]
    summary = rating_list.import_file(write_xml(tmp_path / "l.xml", players))
    assert summary.players == 2 and summary.skipped == 2
    assert "FIDE ID x12" in summary.skipped_examples[0]
    assert "rating 'twenty'" in summary.skipped_examples[1]


def test_not_a_list_and_no_database_give_messages(rating_list: RatingList, tmp_path: Path) -> None:
    with pytest.raises(RatingListError, match="no rating list has been imported"):
        rating_list.find("carl")
    other = tmp_path / "notes.txt"
    other.write_text("hello\nworld\n", encoding="utf-8")
    with pytest.raises(RatingListError, match="not a rating list header"):
        rating_list.import_file(other)
    with pytest.raises(RatingListError, match="cannot open"):
        rating_list.import_file(tmp_path / "missing.zip")


def test_cancel_keeps_the_previous_list(rating_list: RatingList, tmp_path: Path) -> None:
    rating_list.import_file(write_xml(tmp_path / "ok.xml", PLAYERS))
    big = [xml_player(100 + i, f"Player, Number{i}", "ENG", std=1500) for i in range(5000)]
    with pytest.raises(ImportCancelled):
        rating_list.import_file(write_xml(tmp_path / "big.xml", big), should_cancel=lambda: True)
    assert rating_list.sources()[0].players == 7


def test_txt_columns_of_a_separate_list_name_the_rating_type() -> None:
    header = "ID Number      Name     Fed Sex Tit  WTit OTit FOA SEP25 Gms  K  B-day Flag"
    names = [c[0] for c in txt_columns(header, "blitz")]
    assert names[-5:] == ["blitz", "blitz_games", "blitz_k", "birth_year", "flag"]


def test_rating_list_commands(tmp_path: Path) -> None:
    source = write_xml(tmp_path / "players_list_xml_foa.xml", PLAYERS)
    database = tmp_path / "db.sqlite"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "swissdesk", "rating-list", "--database", str(database), *args],
            capture_output=True,
            text=True,
            check=False,
        )

    imported = run("import", str(source))
    assert imported.returncode == 0, imported.stderr
    assert "imported 7 players" in imported.stdout and "100 %" in imported.stderr
    found = run("find", "carlsen", "m")
    assert found.returncode == 0
    assert found.stdout.split() == [
        "1503014",
        "Carlsen,",
        "Magnus",
        "NOR",
        "GM",
        "2830",
        "2823",
        "2886",
        "1990",
    ]
    assert run("find", "muller", "--federation", "GER").stdout.startswith("   4100018")
    info = run("info")
    assert "FIDE: 7 players" in info.stdout
    missing = run("import", str(tmp_path / "nope.xml"))
    assert (
        missing.returncode == 2
        and "cannot open" in missing.stderr
        and "Traceback" not in missing.stderr
    )
