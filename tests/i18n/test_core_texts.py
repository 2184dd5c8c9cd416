"""The core's texts in the reader's language (issue 38): the pairing systems' names, the
prize list's reasons and ties, the norms' verdicts. Each is English in English and the
reader's words elsewhere (the window: the arbiter's language; a PDF: the document's), the
article numbers and FIDE's title abbreviations as FIDE writes them; TRF and JSON keep ids."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from swissdesk.engines import system_title
from swissdesk.i18n import using_language
from swissdesk.model.tournament import Tournament
from swissdesk.prizes import PrizeList
from swissdesk.reports import render
from tests.norms import norm_support

ROOT = Path(__file__).resolve().parents[2]


def _pdf_text(path: Path | str) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)


# -- the pairing systems' names ---------------------------------------------------------------


def test_system_names_are_english_in_english_with_their_articles() -> None:
    assert system_title("dutch") == "Dutch (C.04.3)"
    assert system_title("lim:2003,maxi") == "Lim (C.04.4.3), 2003 edition, Maxi-tournament"
    assert system_title("unknown") == "unknown"


def test_system_names_in_the_current_language_keep_the_article_numbers() -> None:
    with using_language("de"):
        assert system_title("dutch") == "Holländisch (C.04.3)"
        assert system_title("lim:2003") == "Lim (C.04.4.3), Fassung 2003"
        assert system_title("round-robin") == "Rundenturnier (Berger-Tabellen, C.05 Anhang 1)"
    with using_language("ru"):
        assert system_title("dubov") == "Система Дубова (C.04.4.1)"
    with using_language("pl"):
        assert system_title("team") == "Szwajcarski drużynowy (C.04.6)"


def test_the_norm_certificate_names_the_system_in_the_documents_language(
    tmp_path: Path,
) -> None:
    event = norm_support.seeker_event(norm_support.CASE_A)
    english = _pdf_text(render("norms", event, tmp_path / "en.pdf"))
    assert "Swiss, Dutch (C.04.3)" in english
    with using_language("de"):
        german = _pdf_text(render("norms", event, tmp_path / "de.pdf"))
    assert "Schweizer System, Holländisch (C.04.3)" in german
    assert "Dutch" not in german


def test_the_trf_is_the_same_in_every_language() -> None:
    from swissdesk.trf.writer import format_trf

    event = norm_support.seeker_event(norm_support.CASE_A)
    with using_language("de"):
        german = format_trf(event)
    assert german == format_trf(event)
    assert "Holländisch" not in german


# -- the prize list's words -------------------------------------------------------------------

SAMPLE = ROOT / "swissdesk" / "resources" / "sample" / "riverside-open-2026.swissdesk"
PLAN = ROOT / "docs" / "samples" / "riverside-prizes.toml"


def _sample_prizes(tmp_path: Path) -> tuple[Tournament, PrizeList]:
    from swissdesk.prizes import read_plan, tournament_prizes
    from swissdesk.storage import TournamentFile

    copy = Path(shutil.copyfile(SAMPLE, tmp_path / SAMPLE.name))
    with TournamentFile.open(copy) as tf:
        tournament = tf.snapshot()
    return tournament, tournament_prizes(tournament, read_plan(PLAN))


def test_ordinals_follow_each_languages_rule() -> None:
    from swissdesk.prizes.plan import ordinal

    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st",
        "111th",
    ]  # fmt: skip
    with using_language("fr"):
        assert [ordinal(n) for n in (1, 2, 21)] == ["1er", "2e", "21e"]
    with using_language("de"):
        assert [ordinal(n) for n in (1, 2, 11, 23)] == ["1.", "2.", "11.", "23."]
    with using_language("ru"):
        assert ordinal(3) == "3-е"


def test_one_prize_list_is_worded_in_the_language_it_is_read_in(tmp_path: Path) -> None:
    """The list is computed once; its names, reasons, ties, notes and category conditions
    are made when read: English in English, German in German, from the same object."""
    _tournament, prizes = _sample_prizes(tmp_path)
    first = prizes.awards[0]
    assert first.label == "1st place"
    assert first.reason.startswith("1st in the standings (")
    tie = next(a.tie for a in prizes.awards if a.tie)
    assert tie.startswith("tied on 4 points for places 2-4: the money of places 2-4")
    assert any("takes U2000 1st rather than a prize of U18" in n for n in prizes.notes)
    u18 = next(c for c in prizes.categories if c.name == "U18")
    assert u18.description == "U18 (born 2008 or later)"
    with using_language("de"):
        assert first.label == "1. Preis"
        assert first.reason.startswith("1. Platz der Rangliste (")
        german_tie = next(a.tie for a in prizes.awards if a.tie)
        assert german_tie.startswith("punktgleich mit 4 Punkten auf den Plätzen 2-4")
        assert "nach dem Hort-System geteilt" in german_tie
        assert any("erhält U2000: 1. Preis statt eines Preises von U18" in n for n in prizes.notes)
        assert u18.description == "U18 (Jahrgang 2008 und jünger)"
    assert first.label == "1st place"  # and English again afterwards


def test_the_prize_pdf_is_worded_in_the_documents_language(tmp_path: Path) -> None:
    from swissdesk.reports.prizes import render_prizes

    tournament, prizes = _sample_prizes(tmp_path)
    english = " ".join(_pdf_text(render_prizes(tournament, prizes, tmp_path / "en.pdf")).split())
    assert "1st place" in english and "Tied on 4 points for places 2-4" in english
    assert "U18: U18 (born 2008 or later)" in english
    with using_language("de"):
        render_prizes(tournament, prizes, tmp_path / "de.pdf")
    german = " ".join(_pdf_text(tmp_path / "de.pdf").split())
    assert "1. Preis" in german and "U2000: 1. Preis" in german
    assert "Women: 1. Preis (Anteil)" in german  # the column widens to the longest name
    assert "Punktgleich mit 4 Punkten auf den Plätzen 2-4" in german
    assert "U18: U18 (Jahrgang 2008 und jünger)" in german
    for english_words in ("1st place", "Tied on", "rather than", "born 2008"):
        assert english_words not in german


def test_polish_and_russian_count_the_players_of_a_category_in_their_forms() -> None:
    from swissdesk.prizes.compute import Remark

    few = [Remark("few", "U12", count=n, need=5) for n in (1, 2, 5)]
    with using_language("pl"):
        assert [r.text().split(",")[0] for r in few] == [
            "U12: 1 zawodnik", "U12: 2 zawodnicy", "U12: 5 zawodników",
        ]
    with using_language("ru"):
        assert [r.text().split(",")[0] for r in few] == [
            "U12: 1 участник", "U12: 2 участника", "U12: 5 участников",
        ]
    assert few[0].text().startswith("U12: 1 player, fewer than the 5 the plan asks for")


def test_the_prize_lists_json_and_csv_stay_english(tmp_path: Path) -> None:
    from swissdesk.prizes import award_rows, csv_text

    _tournament, prizes = _sample_prizes(tmp_path)
    english_rows, english_csv = award_rows(prizes), csv_text(prizes)
    with using_language("de"):
        assert award_rows(prizes) == english_rows
        assert csv_text(prizes) == english_csv
    assert english_rows[0]["prize"] == "1st place"


def test_the_venues_category_page_describes_each_category_in_the_pages_language(
    tmp_path: Path,
) -> None:
    from starlette.testclient import TestClient

    from swissdesk.cli import main
    from swissdesk.venue.app import Hub, create_app
    from swissdesk.venue.render import Renderer
    from swissdesk.venue.source import Venue

    copy = Path(shutil.copyfile(SAMPLE, tmp_path / SAMPLE.name))
    assert main(["prizes", str(copy), "--plan", str(PLAN), "--save"]) == 0
    venue = Venue([copy])
    try:
        with TestClient(create_app(Hub(venue, Renderer()))) as client:
            index = client.get("/", headers={"Accept-Language": "en"}).text
            slug = index.split('href="/s/', 1)[1].split("/", 1)[0]
            page = f"/s/{slug}/categories"
            english = client.get(page, headers={"Accept-Language": "en"}).text
            german = client.get(page, headers={"Accept-Language": "de"}).text
    finally:
        venue.close()
    assert "U18 (born 2008 or later)" in english
    assert "U18 (Jahrgang 2008 und jünger)" in german
    assert "born 2008" not in german


# -- the norms' texts -------------------------------------------------------------------------


def _norm_trf(tmp_path: Path, rounds: int | None = None) -> Path:
    from swissdesk.trf.writer import format_trf

    case = norm_support.CASE_A if rounds is None else norm_support.CASE_A[:rounds]
    event = norm_support.seeker_event(case, total_rounds=9)
    path = tmp_path / "norm.trf"
    path.write_text(format_trf(event), encoding="utf-8")
    return path


def test_the_norm_checks_and_forecast_are_worded_in_the_current_language() -> None:
    from swissdesk.norms import describe_forecast, evaluate_norms

    event = norm_support.seeker_event(norm_support.CASE_A[:7], total_rounds=9)
    english = evaluate_norms(event).by_tpn()[1]
    gm = english.latest[0]
    assert [c.requirement for c in gm.checks][:1] == ["at least 9 games"]
    assert describe_forecast(english.forecasts[0]).startswith(
        "GM norm still possible, 2 rounds left: 1 against opponents averaging 2513 as so far"
    )
    with using_language("de"):
        german = evaluate_norms(event).by_tpn()[1]
        forecast = describe_forecast(german.forecasts[0])
    checks = {c.article: c for c in german.latest[0].checks}
    assert checks["1.4.1"].requirement == "mindestens 9 Partien"
    assert checks["1.4.1"].actual == "7 Partien"
    assert checks["1.4.8"].requirement == "eine Turnierleistung (Performance) von mindestens 2600"
    assert forecast.startswith("GM-Norm noch möglich, 2 Runden übrig: 1 gegen Gegner mit einem")
    assert "Punkte → nötiger Schnitt der restlichen Gegner: ½ → 2543" in forecast
    with using_language("ru"):
        russian = describe_forecast(evaluate_norms(event).by_tpn()[1].forecasts[0])
    assert russian.startswith("норма GM ещё возможна, осталось 2 тура")


def test_the_norm_report_is_worded_in_the_documents_language(tmp_path: Path) -> None:
    event = norm_support.seeker_event(norm_support.CASE_A[:7], total_rounds=9)
    english = " ".join(_pdf_text(render("norms", event, tmp_path / "en.pdf")).split())
    assert "FIDE Title Regulations effective from 1 January 2024" in english
    assert "GM norm still possible, 2 rounds left" in english
    with using_language("de"):
        render("norms", event, tmp_path / "de.pdf")
    german = " ".join(_pdf_text(tmp_path / "de.pdf").split())
    assert "FIDE-Titelordnung, gültig ab 1. Januar 2024" in german
    assert "GM-Norm noch möglich, 2 Runden übrig" in german
    assert "still possible" not in german and "Title Regulations" not in german


def test_swissdesk_norms_speaks_the_arbiters_language_and_its_json_stays_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from swissdesk.cli import main

    path = _norm_trf(tmp_path)
    assert main(["norms", str(path)]) == 0
    english = capsys.readouterr().out
    assert "GM norm: no. 1 Seeker (IM, FRA): 6½/9, Ra 2486, 72 %, Rp 2652; counts as 9 games" in english
    assert main(["norms", str(path), "--json"]) == 0
    english_json = capsys.readouterr().out
    monkeypatch.setenv("LANGUAGE", "de")
    assert main(["norms", str(path)]) == 0
    german = capsys.readouterr().out
    assert german.startswith("Titelnormen nach Runde 9 von 9 (FIDE-Titelordnung, gültig ab")
    assert "GM-Norm: Nr. 1 Seeker (IM, FRA): 6½/9, Ra 2486, 72 %, Rp 2652; zählt als 9 Partien" in german
    assert main(["norms", str(path), "--json"]) == 0
    assert capsys.readouterr().out == english_json
    assert "at least 9 games" in english_json


def test_swissdesk_prizes_prints_the_list_in_the_arbiters_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from swissdesk.cli import main

    copy = Path(shutil.copyfile(SAMPLE, tmp_path / SAMPLE.name))
    assert main(["prizes", str(copy), "--plan", str(PLAN)]) == 0
    english = capsys.readouterr().out
    assert english.startswith("Prize list after round 5\n")
    assert "1st in the standings (" in english and "Paid 5,000 CHF of 5,000 CHF" in english
    monkeypatch.setenv("LANGUAGE", "de")
    assert main(["prizes", str(copy), "--plan", str(PLAN)]) == 0
    german = capsys.readouterr().out
    assert german.startswith("Preisliste nach Runde 5\n")
    assert "1. Platz der Rangliste (" in german and "Ausgezahlt 5.000\u00a0CHF von 5.000\u00a0CHF" in german
    assert "Hinweis: Müller, Anna (Nr. 19) erhält" in german
    assert "in the standings" not in german and "rather than" not in german


def test_a_prize_plans_refusal_is_worded_in_the_arbiters_language() -> None:
    """The plan's checks name the place in the reader's words, the plan file's keys as the
    file writes them."""
    from swissdesk.errors import InputError
    from swissdesk.prizes import Category, Prize, PrizePlan, check_plan

    plan = PrizePlan(
        categories=(Category("U1800", rating_from=1900, rating_below=1800),),
        prizes=(Prize(1, amount=100), Prize(3, amount=50)),
    )
    with pytest.raises(InputError) as english:
        check_plan(plan)
    assert "category 1 ('U1800'): rating_from must be below rating_below" in str(english.value)
    assert "the standings: the prizes' places must be 1, 2, 3, ... each once" in str(english.value)
    with using_language("de"), pytest.raises(InputError) as german:
        check_plan(plan)
    text = str(german.value)
    assert text.startswith("der Preisplan ist nicht verwendbar: ")
    assert "Kategorie 1 ('U1800'): rating_from muss unter rating_below liegen" in text
    assert "die Rangliste: die Plätze der Preise müssen 1, 2, 3, ... je einmal sein" in text
    from swissdesk.prizes import plan_from_mapping

    written = {"version": 1, "category": [{"name": "U18", "bogus": 1}]}
    with pytest.raises(InputError, match=r"^category 1: unknown keys bogus"):
        plan_from_mapping(written)
    with using_language("de"), pytest.raises(InputError, match=r"^Kategorie 1: ") as place:
        plan_from_mapping(written)
    assert "bogus" in str(place.value)
