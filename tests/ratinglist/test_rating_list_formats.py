"""Custom rating list formats (FIDE's checklist C.02 Q117): a national list in its
federation's own layout, CSV or fixed width, read through a column mapping kept by name; a
national list needs no FIDE IDs."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from swissdesk.ratinglist import RatingList, RatingListError
from swissdesk.ratinglist.formats import (
    FormatError,
    ListFormat,
    import_custom,
    parse_columns,
    preview,
    save_format,
    saved_format,
    saved_formats,
)
from swissdesk.ratinglist.parse import ImportCancelled

CSV_LIST = (
    "ID;Apellidos;Nombre;FED;Sexo;Elo;Rapido;Nacimiento;FIDE\n"
    "E1001;García Pérez;Ana;ESP;F;1950;1890;12/03/2001;2200001\n"
    "E1002;Muñoz;Luis;ESP;M;2105;;1988;\n"
    "E1003;Sin Elo;Pepe;ESP;M;abc;;1990;\n"
    'E1004;"López, hijo";Juan;AND;M;1620;1700;2010-05-01;\n'
)
FEDA = ListFormat(
    name="FEDA",
    layout="csv",
    delimiter=";",
    columns={
        "national_id": "ID",
        "surname": "Apellidos",
        "given_name": "Nombre",
        "federation": "FED",
        "sex": "Sexo",
        "standard": "Elo",
        "rapid": "7",
        "birth": "Nacimiento",
        "fide_id": "FIDE",
    },
    source="ESP",
)
FIXED_LIST = (
    "NR    NAME                      FED ELO  BORN\n"
    "------------------------------------------------\n"
    "10001 Nagy, Peter               HUN 2010 1975\n"
    "10002 Kovacs, Eva               HUN 1875 2003\n"
)
HUN = ListFormat(
    name="MSSZ",
    layout="fixed",
    skip=2,
    columns={
        "national_id": "1-5",
        "name": "7-31",
        "federation": "33-35",
        "standard": "37-40",
        "birth": "42-45",
    },
)


@pytest.fixture
def rating_list(tmp_path: Path) -> RatingList:
    return RatingList(tmp_path / "lists.sqlite")


def test_q117_a_csv_national_list_without_fide_ids_is_read_through_its_mapping(
    rating_list: RatingList, tmp_path: Path
) -> None:
    path = tmp_path / "elo_nov26.csv"
    path.write_bytes(CSV_LIST.encode("cp1252"))  # the federation's Windows encoding
    summary = import_custom(rating_list, path, FEDA)
    assert (summary.source, summary.players, summary.kinds) == ("ESP", 3, ("standard", "rapid"))
    assert summary.skipped == 1 and "standard 'abc' is not a number" in summary.skipped_examples[0]
    (ana,) = rating_list.find("garcia")
    assert ana.source == "ESP"
    p = ana.player
    assert (p.name, p.fide_id, p.national_id, p.sex, p.standard, p.rapid, p.birth_year) == (
        "García Pérez, Ana",
        2200001,
        "E1001",
        "F",
        1950,
        1890,
        2001,
    )
    (luis,) = rating_list.find("munoz")
    assert (luis.player.name, luis.player.fide_id, luis.player.rapid) == ("Muñoz, Luis", 0, None)
    assert rating_list.find("E1002")[0].player.name == "Muñoz, Luis", "found by the list's ID"
    assert rating_list.find("e1004")[0].player.name == "López, hijo, Juan"
    assert rating_list.find("2200001")[0].player.national_id == "E1001"
    source = rating_list.source("ESP")
    assert source is not None and source.list_date == "2026-11" and source.players == 3


def test_q117_a_fixed_width_list_and_a_zipped_one(rating_list: RatingList, tmp_path: Path) -> None:
    path = tmp_path / "mssz.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("readme.pdf", b"%PDF")
        archive.writestr("hun_rating.txt", FIXED_LIST)
    summary = import_custom(rating_list, path, HUN)
    assert (summary.source, summary.players, summary.skipped) == ("MSSZ", 2, 0)
    nagy = rating_list.find("nagy")[0].player
    assert (nagy.name, nagy.national_id, nagy.standard, nagy.birth_year) == (
        "Nagy, Peter",
        "10001",
        2010,
        1975,
    )
    assert rating_list.find("10002")[0].player.name == "Kovacs, Eva"


def test_a_new_month_of_a_custom_list_replaces_the_old_one_and_a_wrong_file_changes_nothing(
    rating_list: RatingList, tmp_path: Path
) -> None:
    first = tmp_path / "a.csv"
    first.write_text(CSV_LIST, encoding="utf-8")
    import_custom(rating_list, first, FEDA)
    second = tmp_path / "b.csv"
    second.write_text(CSV_LIST.replace("1950", "1975").replace("E1004", "E1005"), "utf-8")
    import_custom(rating_list, second, FEDA)
    assert rating_list.find("garcia")[0].player.standard == 1975
    assert rating_list.find("E1004") == [] and rating_list.source("ESP").players == 3  # type: ignore[union-attr]
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("a,b,c\n" + "x,y,z\n" * 60, encoding="utf-8")
    with pytest.raises(RatingListError, match="no column named 'ID'"):
        import_custom(rating_list, wrong, FEDA)
    by_number = ListFormat("N", "csv", {"name": "1", "national_id": "2", "standard": "3"})
    with pytest.raises(RatingListError, match="reads no player from the first 50 lines"):
        import_custom(rating_list, wrong, by_number)
    with pytest.raises(ImportCancelled):
        big = tmp_path / "big.csv"
        big.write_text("h\n" + "Name X,1,1500\n" * 5000, encoding="utf-8")
        import_custom(rating_list, big, by_number, should_cancel=lambda: True)
    assert rating_list.find("garcia")[0].player.standard == 1975


def test_q117_formats_are_kept_by_name_and_checked(rating_list: RatingList) -> None:
    save_format(rating_list, FEDA)
    save_format(rating_list, HUN)
    assert list(saved_formats(rating_list)) == ["FEDA", "MSSZ"]
    assert saved_format(rating_list, "FEDA") == FEDA
    with pytest.raises(FormatError, match="no list format named 'X' \\(kept: FEDA, MSSZ\\)"):
        saved_format(rating_list, "X")
    assert rating_list.forget_format("MSSZ") and list(saved_formats(rating_list)) == ["FEDA"]
    problems = {
        "map the player's name": ListFormat("A", "csv", {"fide_id": "1", "standard": "2"}),
        "map an ID": ListFormat("A", "csv", {"name": "1", "standard": "2"}),
        "at least one rating": ListFormat("A", "csv", {"name": "1", "fide_id": "2"}),
        "unknown field": ListFormat("A", "csv", {"name": "1", "fide_id": "2", "elo": "3"}),
        "not a column range": ListFormat(
            "A", "fixed", {"name": "1", "fide_id": "9-2", "standard": "3-4"}
        ),
        "needs a header line": ListFormat(
            "A", "csv", {"name": "Name", "fide_id": "2", "standard": "3"}, skip=0
        ),
        "delimiter": ListFormat(
            "A", "csv", {"name": "1", "fide_id": "2", "standard": "3"}, delimiter=":"
        ),
    }
    for message, fmt in problems.items():
        with pytest.raises(FormatError, match=message):
            fmt.check()
    assert parse_columns(["name=2", " standard = Elo "]) == {"name": "2", "standard": "Elo"}
    with pytest.raises(FormatError, match="FIELD=COLUMN"):
        parse_columns(["name"])


def test_preview_shows_the_first_players_and_what_was_skipped(tmp_path: Path) -> None:
    path = tmp_path / "elo.csv"
    path.write_text(CSV_LIST, encoding="utf-8")
    lines = preview(path, FEDA, count=5)
    assert lines[0] == "García Pérez, Ana · ESP · standard 1950 rapid 1890 · FIDE 2200001 ID E1001"
    assert lines[-1].startswith("skipped line 4: standard 'abc'")


def test_a_version_1_list_database_gets_the_national_id_column(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript(
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO meta VALUES ('schema_version', '1');
        CREATE TABLE sources (name TEXT PRIMARY KEY, file TEXT NOT NULL, imported TEXT NOT NULL,
            list_date TEXT NOT NULL, players INTEGER NOT NULL, kinds TEXT NOT NULL);
        INSERT INTO sources VALUES ('FIDE', 'players_list_xml.zip', '2026-10-02 10:00', '2026-10',
            1, 'standard,rapid,blitz');
        CREATE TABLE players (source TEXT NOT NULL, fide_id, name, federation, sex, title,
            women_title, other_titles, foa_title, standard, standard_games, standard_k, rapid,
            rapid_games, rapid_k, blitz, blitz_games, blitz_k, birth_year, flag,
            key_surname TEXT NOT NULL, key_given TEXT, PRIMARY KEY (source, fide_id));
        INSERT INTO players VALUES ('FIDE', 1503014, 'Carlsen, Magnus', 'NOR', 'M', 'GM', '', '',
            '', 2830, 0, 10, 2823, 0, 20, 2886, 0, 20, 1990, '', 'carlsen magnus', 'magnus carlsen');
        """
    )
    conn.close()
    old = RatingList(path)
    carlsen = old.find("carlsen")[0].player
    assert (carlsen.fide_id, carlsen.national_id, carlsen.standard) == (1503014, "", 2830)
    csv_path = tmp_path / "elo.csv"
    csv_path.write_text(CSV_LIST, encoding="utf-8")
    import_custom(old, csv_path, FEDA)
    assert old.find("E1002")[0].player.name == "Muñoz, Luis"
    assert old.find("carlsen")[0].source == "FIDE"
    assert old.downloads() == [] and saved_formats(old) == {}


def _cli(database: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "swissdesk", "rating-list", "--database", str(database), *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_q117_rating_list_format_and_import_format_commands(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite"
    path = tmp_path / "elo_nov26.csv"
    path.write_text(CSV_LIST, encoding="utf-8")
    assert _cli(database, "format").stdout.strip() == "no list format defined yet"
    columns = [
        "--column=national_id=ID",
        "--column=surname=Apellidos",
        "--column=given_name=Nombre",
        "--column=standard=Elo",
        "--column=fide_id=9",
    ]
    defined = _cli(
        database,
        "format",
        "FEDA",
        "--layout",
        "csv",
        "--delimiter",
        "semicolon",
        "--list-name",
        "ESP",
        "--preview",
        str(path),
        *columns,
    )
    assert defined.returncode == 0, defined.stderr
    assert (
        defined.stdout.splitlines()[0]
        == "García Pérez, Ana · - · standard 1950 · FIDE 2200001 ID E1001"
    )
    assert (
        "saved: FEDA: csv (semicolon), 1 line before the players, auto; list ESP"
        in defined.stdout
    )
    imported = _cli(database, "import", str(path), "--format", "FEDA")
    assert imported.returncode == 0, imported.stderr
    assert "imported 3 players (standard) as ESP" in imported.stdout
    assert "standard 'abc' is not a number" in imported.stderr
    found = _cli(database, "find", "E1002")
    assert "Muñoz, Luis" in found.stdout
    bad = _cli(database, "format", "X", "--layout", "csv", "--column", "name=1")
    assert bad.returncode == 2 and "map an ID" in bad.stderr and "Traceback" not in bad.stderr
    unknown = _cli(database, "import", str(path), "--format", "NOPE")
    assert unknown.returncode == 2 and "no list format named 'NOPE' (kept: FEDA)" in unknown.stderr
    assert _cli(database, "format", "FEDA", "--delete").stdout.strip() == "FEDA: deleted"


def test_q117_q136_a_national_list_in_a_custom_format_is_downloaded(
    rating_list: RatingList,
) -> None:
    from swissdesk.ratinglist.download import refresh
    from swissdesk.ratinglist.store import ListDownload
    from tests.ratinglist.list_server import Served, list_server

    save_format(rating_list, FEDA)
    with list_server() as server:
        url = server.serve("/elo_nov26.csv", Served(CSV_LIST.encode("cp1252")))
        done = refresh(rating_list, ListDownload("ESP", url, format="FEDA"))
    assert done.summary is not None and (done.summary.source, done.summary.players) == ("ESP", 3)
    assert done.list_date == "2026-11"
    assert rating_list.find("E1002")[0].player.name == "Muñoz, Luis"
    assert rating_list.downloads()[0].format == "FEDA"
