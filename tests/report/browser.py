"""Headless Chromium for the report tests (tests/report/): a page opened from its file, its
screenshot, its console's errors and what the page itself says of its images and tables; and
an HTML5 parser's basic checks. Chromium is Debian's `chromium` with `chromium-driver` (.ci/run
installs them where it can); without them the tests are skipped, saying so."""
from __future__ import annotations

import io
import shutil

import pytest

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def chromium():
    """A headless Chromium driven by Selenium, or pytest.skip saying what is missing."""
    binary = next((b for b in map(shutil.which, BROWSERS) if b), None)
    driver = shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.skip("no headless Chromium here (Debian: apt install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1600"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=options)


def look(driver, path) -> dict:
    """Open the page's file; what the browser saw: a screenshot (PNG bytes), the console's
    errors, the images not loaded, the tables without a header row."""
    driver.get(path.resolve().as_uri())
    state = driver.execute_script("""
        const imgs = Array.from(document.images);
        const tables = Array.from(document.querySelectorAll('table'));
        return {images: imgs.length,
                unloaded: imgs.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.alt),
                tables: tables.length,
                headless: tables.filter(t => t.querySelectorAll('thead th').length === 0).length};""")
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    return {**state, "errors": errors, "png": driver.get_screenshot_as_png()}


def blank(png: bytes) -> bool:
    """Is the screenshot one colour (a page that rendered nothing)?"""
    from PIL import Image
    image = Image.open(io.BytesIO(png)).convert("L")
    low, high = image.getextrema()
    return high - low < 16


def html_problems(text: str) -> list[str]:
    """An HTML5 parser's errors (well-formed), and the page's `lang` and images' `alt`."""
    import html5lib
    parser = html5lib.HTMLParser(strict=False)
    doc = parser.parse(text)
    problems = [f"parse error {e}" for e in parser.errors]
    ns = "{http://www.w3.org/1999/xhtml}"
    if not doc.get("lang"):
        problems.append("<html> has no lang")
    problems += [f"an image without alt: {img.get('src', '')[:40]}" for img in doc.iter(f"{ns}img")
                 if not (img.get("alt") or "").strip()]
    return problems


def check_renders(path, images: int, tables: int | None = None) -> None:
    """The page at `path` in headless Chromium: no console error, `images` figures all loaded,
    `tables` tables (None: at least one) each with a header row, a screenshot not blank."""
    driver = chromium()
    try:
        seen = look(driver, path)
    finally:
        driver.quit()
    assert seen["errors"] == []
    assert seen["images"] == images and seen["unloaded"] == []
    assert (seen["tables"] == tables if tables is not None else seen["tables"] > 0) and seen["headless"] == 0
    assert not blank(seen["png"])
