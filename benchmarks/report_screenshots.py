"""Screenshots of the HTML reports for the README (docs/report_*.png), taken in headless
Chromium as the report tests take them (tests/report/browser.py):

    PYTHONPATH=src python benchmarks/report_screenshots.py

The tournament page: the bundled real Modern field, 10,000 events, matchup uncertainty, seed 1.
"""
import io
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "report"))

from browser import chromium, look  # noqa: E402

from mtgsim import meta  # noqa: E402
from mtgsim.cli_tournament import example_fields, read_field  # noqa: E402


def main() -> None:
    field, mu, _ = read_field(example_fields()["modern_field"], 1)
    res = meta.simulate_events(field, mu, events=10_000, seed=1, progress=False, matchup_uncertainty=True)
    driver = chromium()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            page = Path(tmp) / "tournament.html"
            res.to_html(page, command="mtgsim tournament --example modern_field --matchup-uncertainty "
                                      "--events 10000 --seed 1 --html tournament.html")
            driver.set_window_size(1280, 3400)
            shot = look(driver, page)["png"]
    finally:
        driver.quit()
    out = ROOT / "docs" / "report_tournament.png"
    from PIL import Image           # (128 colours: a third of the bytes, the same to the eye)
    Image.open(io.BytesIO(shot)).convert("RGB").quantize(colors=128).save(out, optimize=True)
    print(f"{out}: {out.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
