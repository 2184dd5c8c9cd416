"""Debian's Chromium, headless, through Selenium and Debian's chromium-driver (no browser
or driver is downloaded). Without them a test is skipped naming the packages; in CI
(``CI`` set) it fails instead: the browser tests must run there."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
PACKAGES = "Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"


def _first(paths: tuple[str, ...], name: str) -> str | None:
    found = next((p for p in paths if Path(p).is_file()), None)
    return found or shutil.which(name)


def browser_paths() -> tuple[str, str]:
    browser = _first(CHROMIUM, "chromium")
    driver = _first(DRIVER, "chromedriver")
    if browser is None or driver is None:
        missing = "Chromium" if browser is None else "chromedriver"
        message = f"{missing} not found: the venue's browser tests need {PACKAGES}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    try:
        import selenium  # noqa: F401
    except ImportError:
        pytest.fail("selenium is missing: pip install -e '.[test]'")
    return browser, driver


@contextmanager
def chromium(
    profile: Path, width: int, height: int, *, scripts: bool = True, language: str = ""
) -> Iterator[Any]:
    """A headless Chromium window of ``width`` x ``height`` CSS pixels; ``language``: the
    browser's language (its ``Accept-Language``), else Chromium's own."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver_path = browser_paths()
    os.environ.setdefault("SE_AVOID_STATS", "true")  # Selenium Manager: never phone home
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--no-default-browser-check",
                "--hide-scrollbars", "--force-device-scale-factor=1",
                f"--user-data-dir={profile}", f"--window-size={width},{height}"):  # fmt: skip
        options.add_argument(arg)
    prefs: dict[str, object] = {}
    if not scripts:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    if language:
        options.add_argument(f"--lang={language}")
        prefs["intl.accept_languages"] = language
    if prefs:
        options.add_experimental_option("prefs", prefs)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    try:
        driver.set_window_size(width, height)
        # The window's outer size includes nothing in headless mode, but make the page's
        # own viewport exactly the size asked for (the screenshots are this size).
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        if inner != [width, height]:
            driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
        yield driver
    finally:
        driver.quit()
