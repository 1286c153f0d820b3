"""Helpers for the app tests: wait for workers, read what the screen shows, fake reports."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

#: the terminal size every Pilot and snapshot test uses
SIZE = (100, 30)


#: worker groups that run for a widget's whole life (DirectoryTree's load queue)
LIFELONG = {"_loader"}


async def settle(pilot, delay: float = 0.2) -> None:
    """Wait out the debounce, then every worker, then the messages they posted."""
    await pilot.pause(delay)
    for _ in range(2):
        workers = [w for w in pilot.app.workers if w.group not in LIFELONG]
        if workers:  # an empty list would mean "all of them"
            await pilot.app.workers.wait_for_complete(workers)
        await pilot.pause()


def screen_text(app) -> str:
    """What the terminal shows now, as plain text lines."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return "\n".join("".join(segment.text for segment in strip) for strip in update.strips)


def option_texts(option_list) -> list[str]:
    """The plain text of every option of an OptionList."""
    return [str(option_list.get_option_at_index(i).prompt) for i in range(option_list.option_count)]


# -- a stand-in report, shaped like judge.model.report.Report ---------------------------


@dataclass(frozen=True)
class FakeFinding:
    rule: str
    severity: str
    message: str
    path: str
    cites: tuple[str, ...]


@dataclass(frozen=True)
class FakeEvent:
    event: str
    step: str
    message: str
    data: dict
    cites: tuple[str, ...]


@dataclass(frozen=True)
class FakeReport:
    game: str = "lcg"
    findings: tuple = ()
    next: tuple = ()
    extra: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not any(f.severity == "violation" for f in self.findings)


def judge_available() -> bool:
    try:
        import judge.checking  # noqa: F401
    except ModuleNotFoundError:
        return False
    return True


needs_judge = pytest.mark.skipif(not judge_available(), reason="judge.checking is not written yet")
