"""Helpers for the app tests: wait for workers, read what the screen shows, fake reports."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

#: the terminal size every Pilot and snapshot test uses
SIZE = (100, 30)


#: worker groups that run for a widget's whole life (DirectoryTree's load queue)
LIFELONG = {"_loader"}


async def settle(pilot, timeout: float = 10.0) -> None:
    """Wait until the app is idle: no debounce timer pending, no worker running, no message.

    Polls the condition instead of sleeping a fixed time, so a test waits only as long as
    the app really needs; idle must hold on two polls in a row (a finishing worker posts
    messages that may start another).
    """
    deadline = time.monotonic() + timeout
    idle_polls = 0
    while idle_polls < 2:
        await pilot.pause()
        if _busy(pilot.app):
            idle_polls = 0
            await pilot.pause(0.01)
        else:
            idle_polls += 1
        assert time.monotonic() < deadline, f"the app was still busy after {timeout} s"
    # a list scrolled to its highlight animates there: a loaded machine draws it mid-way
    await pilot.wait_for_scheduled_animations()


def _busy(app) -> bool:
    """A screen's debounce timer (`_timer`) is pending or a short-lived worker runs."""
    if any(getattr(screen, "_timer", None) is not None for screen in app.screen_stack):
        return True
    return any(not w.is_finished for w in app.workers if w.group not in LIFELONG)


def screen_text(app) -> str:
    """What the terminal shows now, as plain text lines."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return "\n".join("".join(segment.text for segment in strip) for strip in update.strips)


def option_texts(option_list) -> list[str]:
    """The plain text of every option of an OptionList."""
    return [str(option_list.get_option_at_index(i).prompt) for i in range(option_list.option_count)]


# -- a stand-in report, shaped like judge.rules.report.Report ---------------------------


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
