"""Save SVG screenshots of the app's main screens to docs/screenshots/ (100x30).

Drives the real app with Pilot: a question, an entry, a misspelt card, the round
chart, the campaign rules and a campaign log, a board with violations and one with a
YAML error (written to a temporary folder), the help. Run after changing a screen:

    .venv/bin/python bench/screenshots.py [--out DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SIZE = (100, 30)

BOARD = """\
game: lcg
phase: quest
step: "3.4"
players:
  - name: Ann
    threat: 52
    heroes:
      - {title: Aragorn, willpower: 2, hit_points: 5, damage: 5, committed: true, exhausted: true}
    allies:
      - {title: Gandalf, resources: 2}
staging_area:
  - {type: enemy, title: Forest Spider, threat: 2, engagement_cost: 25}
quest: {title: Flies and Spiders, quest_points: 8, progress: 0}
"""

BROKEN_BOARD = """\
game: lcg
players:
  - name: Ann
    thret: 31
    heroes: [{title: Aragorn, willpower: 2}]
"""

CAMPAIGN_LOG = """\
expert: true
fallen_heroes: [Boromir]
players:
  - name: Ann
    heroes: [Aragorn, Boromir]
    hero_damage: {Aragorn: 2}
  - name: Bob
    heroes: [Legolas]
campaign_pool:
  - {title: Mithril Shirt, kind: boon, permanent: true, attached_to: Aragorn}
  - {title: Grievous Wound, kind: burden, deck: encounter}
"""


async def _settle(pilot, delay: float = 0.3) -> None:
    await pilot.pause(delay)
    for _ in range(2):
        workers = [w for w in pilot.app.workers if w.group != "_loader"]
        if workers:
            await pilot.app.workers.wait_for_complete(workers)
        await pilot.pause()


def _steady(app) -> None:
    from textual.widgets import Input

    for box in app.screen.query(Input):
        box.cursor_blink = False


async def _shoot(out: Path) -> list[Path]:
    from tui.app import LoremasterApp

    saved: list[Path] = []
    app = LoremasterApp()

    def save(name: str) -> None:
        _steady(app)
        saved.append(Path(app.save_screenshot(filename=f"{name}.svg", path=str(out))))

    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        app.screen.ask("can I play an action during staging")
        await _settle(pilot)
        save("ask")
        await app.open_link("rr/step-3.3")
        await _settle(pilot)
        save("entry")
        await pilot.press("f4")
        await _settle(pilot)
        app.screen.look_up("beravore")
        await _settle(pilot)
        save("cards")
        await pilot.press("f5")
        await _settle(pilot)
        app.screen.show_step("rr/step-3.3")
        await _settle(pilot)
        save("round")
        await pilot.press("f6")
        await _settle(pilot)
        save("campaign")
        app.screen.check("campaign.yaml")
        await _settle(pilot)
        save("campaign-log")
        await pilot.press("f7")
        await _settle(pilot)
        app.screen.check("board.yaml")
        await _settle(pilot)
        save("judge")
        app.screen.check("broken.yaml")
        await _settle(pilot)
        save("judge-input-error")
        await pilot.press("f5")
        await _settle(pilot)
        await pilot.press("f1")
        await _settle(pilot)
        save("help")
        await pilot.press("escape", "ctrl+t")
        await _settle(pilot)
        save("round-light")
    return saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    args = parser.parse_args()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("LOREMASTER_CACHE_DIR", tempfile.mkdtemp(prefix="loremaster-shots-"))
    sys.path.insert(0, str(REPO))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "board.yaml").write_text(BOARD, encoding="utf-8")
        (folder / "broken.yaml").write_text(BROKEN_BOARD, encoding="utf-8")
        (folder / "campaign.yaml").write_text(CAMPAIGN_LOG, encoding="utf-8")
        os.chdir(folder)  # the screens show the short relative paths
        saved = asyncio.run(_shoot(out))
    for path in saved:
        print(path.relative_to(REPO) if path.is_relative_to(REPO) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
