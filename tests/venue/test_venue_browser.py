"""The venue's pages in a real browser (Debian's Chromium, headless): a phone on a player's
page sees a result entered through the storage commands appear without reloading, comes
back after the server was restarted, the pages work with scripts off, and the hall's
display rotates at 1920x1080 and 1280x720."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from swissdesk.storage import BoardResult, EnterResult, TournamentFile
from tests.venue.browser_support import browser_paths, chromium
from tests.venue.venue_support import running_server

WAIT = 30.0
"""How long a test waits for the page to change before failing (not a speed target: the
benchmark measures the time; this only bounds a broken test)."""


def wait_for(condition: object, what: str) -> None:
    """Polls ``condition`` until it holds; an element the live update replaced while it was
    being read (Selenium's stale element) is read again on the next poll."""
    from selenium.common.exceptions import StaleElementReferenceException

    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            if condition():  # type: ignore[operator]
                return
        except StaleElementReferenceException:
            pass
        time.sleep(0.1)
    raise AssertionError(f"waited {WAIT} s for {what}")


def pending(path: Path) -> tuple[int, int, int]:
    with TournamentFile.open(path) as tf:
        n = tf.rounds_paired()
        board = next(b for b in tf.round_view(n).boards if not b.has_result)
        return n, board.board, board.white_tpn


def result_cell(driver: object, round_number: int) -> str:
    from selenium.webdriver.common.by import By

    rows = driver.find_elements(By.CSS_SELECTOR, "table.rounds-table tbody tr")  # type: ignore[attr-defined]
    return str(rows[round_number - 1].find_elements(By.TAG_NAME, "td")[4].text)


def test_a_players_page_changes_without_reload_when_a_result_is_saved(
    events: dict[str, Path], tmp_path: Path
) -> None:
    browser_paths()
    path = Path(shutil.copy(events["open"], tmp_path / "open.swissdesk"))
    n, board, white = pending(path)
    with running_server(path) as url, chromium(tmp_path / "profile", 360, 780) as driver:
        driver.get(f"{url}/s/riverside-open/player/{white}")
        assert "Board" in driver.find_element("css selector", ".seat").text
        wait_for(lambda: driver.execute_script(
            "return document.getElementById('live').getAttribute('data-state')") == "live",
            "the live connection")  # fmt: skip
        driver.execute_script("window.sameDocument = 'yes';")
        assert result_cell(driver, n) == ""
        with TournamentFile.open(path) as tf:
            tf.execute(EnterResult(n, board, BoardResult.WHITE_WINS))
        wait_for(lambda: result_cell(driver, n) == "1", "the result on the page")
        assert driver.execute_script("return window.sameDocument") == "yes"  # no reload
        wait_for(lambda: "Result: 1" in driver.find_element("css selector", ".seat").text,
                 "the result beside the board")  # fmt: skip


def test_the_page_comes_back_after_the_server_restarts(
    events: dict[str, Path], tmp_path: Path
) -> None:
    """A phone that lost the server (Wi-Fi gone, laptop restarted the server) reconnects by
    itself and gets the result saved meanwhile."""
    browser_paths()
    path = Path(shutil.copy(events["open"], tmp_path / "open.swissdesk"))
    n, board, white = pending(path)
    with chromium(tmp_path / "profile", 360, 780) as driver:
        with running_server(path) as url:
            port = url.rsplit(":", 1)[1]
            driver.get(f"{url}/s/riverside-open/player/{white}")
            wait_for(lambda: driver.execute_script(
                "return document.getElementById('live').getAttribute('data-state')") == "live",
                "the live connection")  # fmt: skip
            driver.execute_script("window.sameDocument = 'yes';")
        wait_for(lambda: driver.execute_script(
            "return document.getElementById('live').getAttribute('data-state')") == "retry",
            "the page to notice the server is gone")  # fmt: skip
        with TournamentFile.open(path) as tf:
            tf.execute(EnterResult(n, board, BoardResult.BLACK_WINS))
        with running_server(path, port=int(port)):
            wait_for(lambda: result_cell(driver, n) == "0", "the result after reconnecting")
        assert driver.execute_script("return window.sameDocument") == "yes"


def test_the_pages_work_with_scripts_off(events: dict[str, Path], tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    browser_paths()
    with running_server(events["open"]) as url, chromium(
        tmp_path / "profile", 360, 780, scripts=False
    ) as driver:
        driver.get(f"{url}/s/riverside-open/")
        box = driver.find_element(By.ID, "q")
        box.send_keys("muller")
        box.submit()
        wait_for(lambda: "/find?q=muller" in driver.current_url, "the search page")
        seat = driver.find_element(By.CSS_SELECTOR, "section.found")
        assert "Müller, Jürgen" in seat.text
        refresh = driver.find_elements(By.CSS_SELECTOR, "noscript")
        assert refresh  # the page reloads itself every 30 s instead of the live updates


def test_display_mode_renders_and_rotates(events: dict[str, Path], tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    browser_paths()
    with running_server(events["open"]) as url:
        for width, height in ((1920, 1080), (1280, 720)):
            with chromium(tmp_path / f"p{width}", width, height) as driver:
                driver.get(f"{url}/display?section=riverside-open&rows=6&every=5")
                current = driver.find_element(By.CSS_SELECTOR, "section.slide.current")
                assert current.is_displayed() and "Round 3" in current.text
                first = current.get_attribute("data-index")
                # Every line of the slide is on the screen (legible, nothing cut off).
                bottom = driver.execute_script(
                    "var r = document.querySelector('section.slide.current table')"
                    ".getBoundingClientRect(); return r.bottom;"
                )
                assert bottom <= height
                wait_for(lambda d=driver, f=first: d.find_element(
                    By.CSS_SELECTOR, "section.slide.current").get_attribute("data-index") != f,
                    "the next slide")  # fmt: skip


def test_display_mode_fits_every_line_between_the_bars(tmp_path: Path) -> None:
    """The shipped sample (19 boards): at every number of lines a page the arbiter may ask
    for, the last line of the page ends above the announcement bar, at both TV sizes."""
    from selenium.webdriver.common.by import By

    from swissdesk.gui.sample import sample_file

    browser_paths()
    source = sample_file()
    assert source is not None
    path = Path(shutil.copy(source, tmp_path / "sample.swissdesk"))
    with TournamentFile.open(path) as tf:  # also brings it to the current file format
        boards = len(tf.round_view(tf.rounds_paired()).boards)
    assert boards >= 19
    with running_server(path, extra=("--announce", "Round 7 starts at 14:00")) as url:
        for width, height in ((1920, 1080), (1280, 720)):
            with chromium(tmp_path / f"p{width}", width, height) as driver:
                for rows in (6, 10, 15, 20, 30):
                    driver.get(f"{url}/display?rows={rows}&every=120&show=pairings")
                    lines = driver.find_elements(By.CSS_SELECTOR, "section.slide.current tr")
                    assert len(lines) == min(rows, boards)
                    last, bar = driver.execute_script(
                        "return [document.querySelector('section.slide.current tr:last-child')"
                        ".getBoundingClientRect().bottom, document.querySelector("
                        "'footer.notice').getBoundingClientRect().top];"
                    )
                    assert last <= bar, (width, height, rows, last, bar)


def test_phone_standings_fit_the_screen_with_every_tie_break(tmp_path: Path) -> None:
    """Issue 34: on a phone (360 CSS pixels, a 5-inch screen) the standings' tie-break
    columns beyond the first ran off the screen and had to be scrolled sideways. The table
    keeps rank, name, points and the first tie-break; the rating and the other tie-breaks
    are under the name with their names. A wide screen keeps every column."""
    from selenium.webdriver.common.by import By

    from swissdesk.gui.sample import sample_file

    browser_paths()
    source = sample_file()
    assert source is not None
    path = Path(shutil.copy(source, tmp_path / "sample.swissdesk"))
    with TournamentFile.open(path) as tf:
        columns = list(tf.settings().tiebreaks)
        rows = len(tf.players())
    assert len(columns) >= 3
    with running_server(path) as url:
        with chromium(tmp_path / "phone", 360, 780) as driver:
            driver.get(f"{url}/s/riverside-open-2026/standings")
            table = driver.find_element(By.CSS_SELECTOR, "table.standings")
            overflow = driver.execute_script(
                "const t = arguments[0]; return [t.scrollWidth, t.parentElement.clientWidth,"
                " document.documentElement.scrollWidth, window.innerWidth];", table
            )
            assert overflow[0] <= overflow[1] and overflow[2] <= overflow[3], overflow
            heads = [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")
                     if th.is_displayed()]  # fmt: skip
            assert heads == ["Rk", "Name", "Pts", columns[0]]
            stacks = table.find_elements(By.CSS_SELECTOR, "tbody .stack")
            assert len(stacks) == rows and all(s.is_displayed() for s in stacks)
            labels = [s.text.split()[0::2] for s in stacks]
            assert labels[0] == ["Rtg", *columns[1:]], labels[0]
        with chromium(tmp_path / "wide", 1280, 800) as driver:
            driver.get(f"{url}/s/riverside-open-2026/standings")
            table = driver.find_element(By.CSS_SELECTOR, "table.standings")
            heads = [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")
                     if th.is_displayed()]  # fmt: skip
            assert heads == ["Rk", "Name", "Rtg", "Pts", *columns]
            assert not any(s.is_displayed() for s in table.find_elements(By.CSS_SELECTOR, ".stack"))


def test_the_longest_languages_fit_a_phone(events: dict[str, Path], tmp_path: Path) -> None:
    """Issue 38: German and Russian, the longest words, on a 360-pixel phone: the browser's
    language picks the page's, every page fits the screen's width (nothing to scroll
    sideways), the page says it in the right language, the switch leads to another one.
    With SWISSDESK_SCREENSHOTS set, the pages are saved there to be looked at."""
    import os

    from selenium.webdriver.common.by import By

    browser_paths()
    shots = os.environ.get("SWISSDESK_SCREENSHOTS")
    pages = ("/", "/player/2", "/standings", "/crosstable", "/players")
    expected = {
        "de": ("Wo spiele ich?", "Feinwertungen (FIDE C.07)"),
        "ru": ("Где я играю?", "Дополнительные показатели (FIDE C.07)"),
    }
    with running_server(events["open"], events["team"]) as url:
        for language, words in expected.items():
            with chromium(tmp_path / language, 360, 780, language=language) as driver:
                for page in pages:
                    driver.get(f"{url}/s/riverside-open{page}")
                    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
                    width = driver.execute_script(
                        "return [document.documentElement.scrollWidth, window.innerWidth]"
                    )
                    assert width[0] <= width[1], (language, page, width)
                    if page == "/standings":
                        assert words[1] in driver.find_element(By.TAG_NAME, "main").text
                    if shots:
                        name = page.strip("/").replace("/", "-") or "round"
                        driver.save_screenshot(str(Path(shots) / f"venue-{language}-{name}.png"))
                driver.get(f"{url}/s/riverside-open/")
                assert words[0] in driver.find_element(By.TAG_NAME, "body").text
                driver.get(f"{url}/checkin")
                assert driver.execute_script(
                    "return document.documentElement.scrollWidth <= window.innerWidth"
                )
                if shots:
                    driver.save_screenshot(str(Path(shots) / f"venue-{language}-checkin.png"))
                driver.get(f"{url}/s/riverside-open/")
                driver.find_element(By.CSS_SELECTOR, "nav.languages a[lang='pl']").click()
                wait_for(lambda: "Gdzie gram?" in driver.find_element(By.TAG_NAME, "body").text,
                         "the page in Polish after the switch")  # fmt: skip
                assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "pl"


PLAN = (
    'version = 1\n[rules]\ncurrency = "EUR"\n\n'
    '[[category]]\nname = "Under 2300"\nrating_below = 2300\n\n'
    '[[category]]\nname = "Women"\nsex = "F"\n\n'
    '[[prize]]\nplace = 1\namount = 100\n\n'
    '[[prize]]\ncategory = "Under 2300"\nplace = 1\namount = 50\n'
)


def test_phone_cross_table_scrolls_in_its_box_with_the_names_kept_and_categories_fit(
    tmp_path: Path,
) -> None:
    """Issue 34: on a phone (360 CSS pixels) the cross table's nine rounds do not fit. Only
    its own box scrolls sideways, never the page, and the number and name stay at the left
    while the rounds scroll under them (a line never loses its player). The category
    standings fit the screen without scrolling."""
    from selenium.webdriver.common.by import By

    from swissdesk.cli import main
    from swissdesk.gui.sample import sample_file

    browser_paths()
    source = sample_file()
    assert source is not None
    path = Path(shutil.copy(source, tmp_path / "sample.swissdesk"))
    plan = tmp_path / "plan.toml"
    plan.write_text(PLAN, encoding="utf-8")
    assert main(["prizes", str(path), "--plan", str(plan), "--save"]) == 0
    page = "/s/riverside-open-2026/"
    box_js = ("const b = arguments[0]; return [b.scrollWidth, b.clientWidth,"
              " document.documentElement.scrollWidth, window.innerWidth];")  # fmt: skip
    cells_js = ("return Array.from(arguments[0].querySelectorAll('td')).slice(0, 2).map(c => {"
                " const r = c.getBoundingClientRect();"
                " const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                " return [Math.round(r.left), Math.round(r.right), c.contains(top)]; });")  # fmt: skip
    with running_server(path) as url, chromium(tmp_path / "phone", 360, 780) as driver:
        driver.get(f"{url}{page}crosstable")
        box = driver.find_element(By.CSS_SELECTOR, ".scroll")
        inner, outer, document, window = driver.execute_script(box_js, box)
        assert document <= window, "the page itself scrolls sideways"
        assert inner > outer, "nine rounds on 360 pixels: the table's box scrolls"
        first = driver.find_element(By.CSS_SELECTOR, "table.cross tbody tr")
        before = driver.execute_script(cells_js, first)
        assert all(shown for _l, _r, shown in before) and before[1][1] < window / 2
        driver.execute_script("arguments[0].scrollLeft = arguments[0].scrollWidth", box)
        assert driver.execute_script("return arguments[0].scrollLeft", box) > 0
        after = driver.execute_script(cells_js, first)
        assert after == before, "the number and the name scrolled away"
        rounds = first.find_elements(By.CSS_SELECTOR, "td.c")
        last = driver.execute_script("return arguments[0].getBoundingClientRect().right", rounds[-1])
        assert last <= window, "the last round is reached"

        driver.get(f"{url}{page}categories")
        boxes = driver.find_elements(By.CSS_SELECTOR, ".scroll")
        assert len(boxes) == 2  # Under 2300, Women
        for box in boxes:
            inner, outer, document, window = driver.execute_script(box_js, box)
            assert inner <= outer and document <= window, (inner, outer, document, window)


def test_the_start_page_says_live_and_shows_a_section_added_without_reload(
    tmp_path: Path,
) -> None:
    """Issue 34: the start page's live stream was refused, so its footer said
    "Reconnecting…" for ever and a section added to the event appeared only on reload."""
    from swissdesk.storage import AddSection, TournamentSettings
    from tests.venue.test_venue_sections import event_of_two_sections

    browser_paths()
    path = event_of_two_sections(tmp_path)
    with running_server(path) as url, chromium(tmp_path / "profile", 360, 780) as driver:
        driver.get(f"{url}/")
        live = driver.find_element("css selector", "#live")
        wait_for(lambda: live.get_attribute("data-state") == "live", "the start page to go live")
        driver.execute_script("window.stillTheSamePage = true")
        with TournamentFile.open(path) as writer:
            writer.execute(AddSection(TournamentSettings(name="Blitz Sunday", total_rounds=9)))
        wait_for(lambda: "Blitz Sunday" in driver.find_element("css selector", "main").text,
                 "the new section on the start page")  # fmt: skip
        assert driver.execute_script("return window.stillTheSamePage") is True
        assert live.get_attribute("data-state") == "live"
