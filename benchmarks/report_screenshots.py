"""Screenshots of the HTML reports for the README (docs/report_*.png), taken in headless
Chromium as the report tests take them (tests/report/browser.py):

    PYTHONPATH=src python benchmarks/report_screenshots.py

The tournament page: the bundled real Modern field, 10,000 events, matchup uncertainty, seed 1.
The simulation page: the bundled mono_green_henge deck, 20,000 games, seed 1.
The optimization page: the README's "How many lands?" command (the Henge deck, 18 to 24 lands,
raced, seed 1). Name pages to take only those (`... report_screenshots.py optimization`).
"""
import contextlib
import io
import sys
import tempfile
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "report"))

from browser import chromium, look  # noqa: E402

from mtgsim import meta  # noqa: E402
from mtgsim.cli import main as cli_main  # noqa: E402
from mtgsim.cli_tournament import example_fields, read_field  # noqa: E402


def _save(shot: bytes, name: str) -> None:
    out = ROOT / "docs" / f"report_{name}.png"
    from PIL import Image           # (128 colours: a third of the bytes, the same to the eye)
    Image.open(io.BytesIO(shot)).convert("RGB").quantize(colors=128).save(out, optimize=True)
    print(f"{out}: {out.stat().st_size:,} bytes")


def _shoot(name: str, height: int, write) -> None:
    """`write(path)` writes the page; its screenshot, `height` pixels tall, goes to docs/report_NAME.png."""
    driver = chromium()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            page = Path(tmp) / f"{name}.html"
            write(page)
            driver.set_window_size(1280, height)
            shot = look(driver, page)["png"]
    finally:
        driver.quit()
    _save(shot, name)


def optimization() -> None:
    from mtgsim import Deck, Objective, optimize
    from mtgsim.cli_common import example_decks
    from mtgsim.errors import UnmodeledTextWarning
    deck = Deck.from_file(example_decks()["mono_green_henge"])
    variants = optimize.land_counts(deck, range(18, 25), land="Forest", cut=["Kalonian Tusker", "Lovestruck Beast"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UnmodeledTextWarning)     # (the CLI says them under its table)
        res = optimize.sweep(variants, Objective.castable({"The Great Henge": 1}, turn=5), race=True, seed=1,
                             progress=False)
    _shoot("optimization", 3100, lambda page: res.to_html(
        page, command='mtgsim optimize --example mono_green_henge --lands 18..24 --land Forest --cut "Kalonian '
                      'Tusker" --cut "Lovestruck Beast" --objective "castable:The Great Henge@5" --race --seed 1 '
                      '--html optimization.html'))


def tournament() -> None:
    field, mu, _ = read_field(example_fields()["modern_field"], 1)
    res = meta.simulate_events(field, mu, events=10_000, seed=1, progress=False, matchup_uncertainty=True)
    _shoot("tournament", 3400, lambda page: res.to_html(
        page, command="mtgsim tournament --example modern_field --matchup-uncertainty --events 10000 --seed 1 "
                      "--html tournament.html"))


def simulation() -> None:
    """`mtgsim simulate --example mono_green_henge --games 20000 --seed 1 --html simulation.html`."""
    argv = ["simulate", "--example", "mono_green_henge", "--games", "20000", "--seed", "1"]

    def write(page: Path) -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            assert cli_main([*argv, "--html", str(page)]) == 0
        text = page.read_text(encoding="utf-8")      # (the footer's command names the file as the README does)
        page.write_text(text.replace(f"--html {page}", "--html simulation.html"), encoding="utf-8")
    _shoot("simulation", 4200, write)


PAGES = {"tournament": tournament, "simulation": simulation, "optimization": optimization}


def main() -> None:
    for name in sys.argv[1:] or PAGES:
        PAGES[name]()


if __name__ == "__main__":
    main()
