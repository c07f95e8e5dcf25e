"""Every link in the README and docs/ resolves inside the repository: a reader of the repository
(or of the sdist, which ships docs/) never meets a dead link or a path outside it."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def links(page: Path) -> list[str]:
    return LINK.findall(page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(page):
    bad = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue                                   # a web address or an anchor on the page
        path = (page.parent / target.split("#")[0]).resolve()
        if not path.is_relative_to(ROOT) or not path.exists():
            bad.append(target)
    assert bad == [], f"{page.name}: links that don't resolve inside the repository: {bad}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_points_outside_the_repository(page):
    """The project's own notes beside the repository (../shared) are not the reader's."""
    assert "../shared" not in page.read_text(encoding="utf-8")


def test_the_link_scan_sees_links(tmp_path):
    page = tmp_path / "p.md"
    page.write_text('See [a](docs/a.md), [b](https://x.org "t"), [c](#here) and [d](../e.md#f).')
    assert links(page) == ["docs/a.md", "https://x.org", "#here", "../e.md#f"]
