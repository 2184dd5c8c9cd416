"""Numbers in the reader's locale inside the lower layers' texts (issue 38): prize money as
the reader's language writes it (CLDR through Babel, installed into :mod:`swissdesk.i18n` by
:mod:`swissdesk.translations`, since the prize list may not import Babel), half points as
``½`` in the prize sentences, and the machine-readable forms (CSV, JSON, TOML) and what the
arbiter types back unchanged in meaning."""

from __future__ import annotations

import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

import swissdesk.translations  # noqa: F401  (installs the formats under test)
from swissdesk.errors import InputError
from swissdesk.i18n import (
    EnglishNumbers,
    format_decimal,
    format_money,
    number_symbols,
    using_language,
)
from swissdesk.model.tournament import Tournament
from swissdesk.prizes import PrizeList
from swissdesk.prizes.compute import Standing
from swissdesk.prizes.money import Currency

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "swissdesk" / "resources" / "sample" / "riverside-open-2026.swissdesk"
PLAN = ROOT / "docs" / "samples" / "riverside-prizes.toml"
NBSP, NNBSP = "\u00a0", "\u202f"
LANGUAGES = ("en", "fr", "de", "es", "it", "pt", "pl", "ru", "tr", "nl")


def _sample_prizes(tmp_path: Path) -> tuple[Tournament, PrizeList]:
    from swissdesk.prizes import read_plan, tournament_prizes
    from swissdesk.storage import TournamentFile

    copy = Path(shutil.copyfile(SAMPLE, tmp_path / SAMPLE.name))
    with TournamentFile.open(copy) as tf:
        tournament = tf.snapshot()
    return tournament, tournament_prizes(tournament, read_plan(PLAN))


def _spaces_plain(text: str) -> str:
    return text.replace(NBSP, " ").replace(NNBSP, " ")


def test_cldr_writes_amounts_as_each_language_does() -> None:
    chf, eur = Currency("CHF"), Currency("EUR", 2)
    expected = {
        "en": ("1,500 CHF", "1,250.50 EUR"),
        "de": ("1.500 CHF", "1.250,50 EUR"),
        "fr": ("1 500 CHF", "1 250,50 EUR"),
        "ru": ("1 500 CHF", "1 250,50 EUR"),
        "nl": ("CHF 1.500", "EUR 1.250,50"),
    }
    for language, (whole, cents) in expected.items():
        with using_language(language):
            assert _spaces_plain(chf.text(150000 // 100, code=True)) == whole
            assert _spaces_plain(eur.text(125050, code=True)) == cents
            assert _spaces_plain(eur.text(125050)) == cents.replace(" EUR", "").replace("EUR ", "")
    with using_language("fr"):  # French groups with a narrow no-break space, as CLDR writes
        assert chf.text(1500, code=True) == f"1{NNBSP}500{NBSP}CHF"
    assert format_decimal("1234567.5", 2, "de") == "1.234.567,50"
    assert format_money(0, 0, "", "de") == "0"


def test_before_the_translations_are_imported_the_lower_layer_writes_english() -> None:
    """The hook's fallback: a process that never imports swissdesk.translations (an engine
    child, a script on the prize list alone) writes English digits in every language; the
    installation is what brings CLDR's."""
    script = (
        "from swissdesk.i18n import using_language\n"
        "from swissdesk.prizes.money import Currency\n"
        "with using_language('de'):\n"
        "    print(Currency('CHF').text(1500, code=True))\n"
        "    import swissdesk.translations\n"
        "    print(Currency('CHF').text(1500, code=True).replace('\\xa0', '_'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True,
        cwd=ROOT, encoding="utf-8",
    ).stdout.splitlines()  # fmt: skip
    assert out == ["1,500 CHF", "1.500_CHF"]
    assert EnglishNumbers().money(Decimal("1500.5"), 2, "EUR", "de") == "1,500.50 EUR"


def test_what_the_window_shows_reads_back_as_the_same_amount_in_every_language() -> None:
    for language in LANGUAGES:
        with using_language(language):
            for money in (Currency("CHF"), Currency("EUR", 2), Currency("", 2)):
                for amount in (0, 25, 1500, 150050, 1234567):
                    for shown in (money.text(amount), money.text(amount, code=True)):
                        assert money.parse_typed(shown) == amount, (language, shown)


def test_a_german_arbiter_typing_1_500_means_fifteen_hundred_never_one_and_a_half() -> None:
    cents = Currency("EUR", 2)
    with using_language("de"):
        assert number_symbols() == (",", ".")
        assert cents.parse_typed("1.500") == 150000
        assert cents.parse_typed("1.500,50") == 150050
        assert Currency("EUR").parse_typed("1.500") == 1500
        assert cents.parse_typed("12.50") == 1250  # a dot before two digits: a decimal point
        assert cents.parse_typed("25,50") == 2550
        assert cents.parse_typed("1,500") == 150  # a German comma is a decimal comma
        with pytest.raises(InputError):  # finer than the cent: refused, never read as 1,505
            cents.parse_typed("1,505")
    with using_language("fr"):
        assert cents.parse_typed("1 500,50") == 150050
        assert cents.parse_typed("1.5") == 150
    # English as before: a dot is the decimal point, a comma groups
    assert cents.parse_typed("1.500") == 150
    assert cents.parse_typed("1,500") == 150000
    assert cents.parse_typed("1,250.50") == 125050


def test_the_prize_lists_files_keep_their_machine_form_in_every_language(tmp_path: Path) -> None:
    from swissdesk.prizes import award_rows, csv_text
    from swissdesk.prizes.tomlfile import dumps

    _tournament, prizes = _sample_prizes(tmp_path)
    english = award_rows(prizes), csv_text(prizes), dumps(prizes.plan)
    for language in ("de", "fr", "nl"):
        with using_language(language):
            assert (award_rows(prizes), csv_text(prizes), dumps(prizes.plan)) == english
            assert Currency("EUR", 2).plain(125050) == "1250.50"
    assert "1500" in english[1] and "1,500" not in english[1]


def test_prize_sentences_write_half_points_as_the_lists_do() -> None:
    assert Standing("", 1, 1, 9).text() == "1st in the standings (4½ points)"
    assert Standing("", 1, 1, 10).text() == "1st in the standings (5 points)"
    assert Standing("U1800", 2, 4, 1).text() == "2nd in U1800 (4th overall, ½ points)"
    with using_language("de"):
        assert "4½" in Standing("", 1, 1, 9).text()


def test_the_prize_pdf_writes_amounts_in_the_documents_language(tmp_path: Path) -> None:
    from swissdesk.reports.prizes import render_prizes

    tournament, prizes = _sample_prizes(tmp_path)
    texts = {}
    for language in ("en", "de", "fr"):
        with using_language(language):
            render_prizes(tournament, prizes, tmp_path / f"{language}.pdf")
        pages = PdfReader(str(tmp_path / f"{language}.pdf")).pages
        texts[language] = " ".join(_spaces_plain(" ".join(p.extract_text() for p in pages)).split())
    assert "1,500 CHF" in texts["en"] and "5,000 CHF" in texts["en"]
    assert "1.500 CHF" in texts["de"] and "Preisfonds 5.000 CHF; ausgezahlt 5.000 CHF" in texts["de"]
    assert "1 500 CHF" in texts["fr"] and "5 000 CHF" in texts["fr"]
    assert "1,500" not in texts["de"] + texts["fr"]


def test_the_check_in_lists_fees_are_written_in_the_documents_language(tmp_path: Path) -> None:
    from swissdesk.reports.phones import render_checkin_list

    tournament, _prizes = _sample_prizes(tmp_path)
    first = min(p.tpn for p in tournament.players)
    fees = {first: (150050, 2000)}
    texts = {}
    for language in ("en", "de"):
        with using_language(language):
            path = render_checkin_list(
                tournament, tmp_path / f"{language}.pdf", fees=fees, currency="EUR"
            )
        pages = PdfReader(str(path)).pages
        texts[language] = " ".join(_spaces_plain(" ".join(p.extract_text() for p in pages)).split())
    assert "1,500.50" in texts["en"] and "20.00" in texts["en"]
    assert "1.500,50" in texts["de"] and "20,00" in texts["de"]
    assert "1.500,50 EUR" in texts["de"]  # the totals' sentence, with the code


@pytest.mark.parametrize("reader", ["swissdesk.reports", "swissdesk.venue", "swissdesk.cli"])
def test_every_reader_of_the_prize_list_installs_the_locales_numbers(reader: str) -> None:
    """The PDFs, the venue's pages and the command line (the window imports the reports)
    write amounts in their reader's language: importing them installs CLDR's formats."""
    script = (
        f"import {reader}\n"
        "from swissdesk.i18n import using_language\n"
        "from swissdesk.prizes.money import Currency\n"
        "with using_language('fr'):\n"
        "    print(ascii(Currency('CHF').text(1500, code=True)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.strip()
    assert out == "'1\\u202f500\\xa0CHF'"
