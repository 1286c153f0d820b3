"""Round structure: every framework step, where the action windows are, each step's rule."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from judge.app.turn_chart import phase_name, turn_chart
from tui.widgets.labels import ACTION_WINDOW, MUTED, entry_line, is_window_step
from tui.widgets.nav_bar import NavBar
from tui.widgets.step_tree import StepTree

LEGEND = Content.assemble(
    (ACTION_WINDOW, "bold $text-warning"),
    " after a step: once it resolves, players may take actions. No mark: no actions",
    " before the next step. Enter opens a step's rule.",
)


class RoundScreen(Screen):
    """The Appendix I timing chart as a tree, with the highlighted step explained beside it."""

    SUB_TITLE = "Round structure"
    AUTO_FOCUS = "StepTree"

    def __init__(self, game=None) -> None:
        """`game`: the ruleset whose round or turn to chart (default: the default game)."""
        super().__init__()
        self.game = game
        self._follows_switch = game is None  # no game given: follow the app's game switch

    def compose(self) -> ComposeResult:
        if self.game is None:
            self.game = self.app.chart_game()
            self.watch(
                self.app, "game", lambda _game: self.chart(self.app.chart_game()), init=False
            )
        yield NavBar("round")
        yield Static(LEGEND, id="round-legend")
        with Horizontal(id="round-main"):
            yield StepTree(turn_chart(self.app.library.kb, self.game), id="round-tree")
            with VerticalScroll(id="round-preview"):
                yield Static(id="round-step")
                yield Markdown(open_links=False, id="round-markdown")
        yield Footer()

    def on_mount(self) -> None:
        if self._follows_switch:
            self.watch(
                self.app, "game", lambda _game: self.chart(self.app.chart_game()), init=False
            )

    async def chart(self, game) -> None:
        """Chart another game's turn (the app's game switch)."""
        if game is self.game:
            return
        self.game = game
        await self.query_one(StepTree).remove()
        tree = StepTree(turn_chart(self.app.library.kb, game), id="round-tree")
        await self.query_one("#round-main", Horizontal).mount(tree, before="#round-preview")
        tree.focus()

    def show_step(self, entry_id: str) -> None:
        self.query_one(StepTree).show_step(entry_id)

    def on_step_tree_step_highlighted(self, message: StepTree.StepHighlighted) -> None:
        entry = self.app.library.kb.get(message.entry_id) if message.entry_id else None
        heading = self.query_one("#round-step", Static)
        markdown = self.query_one("#round-markdown", Markdown)
        if entry is None:
            heading.update(Content.styled("Space folds or unfolds a phase.", MUTED))
            markdown.update("")
            return
        lines = [entry_line(entry.listed_kind, entry.title)]
        if entry.kind == "step":
            lines.append(Content.styled(f"Step {entry.number} · {phase_name(entry.phase)}", MUTED))
            lines.append(_window_answer(entry))
        lines.append(Content.styled("Enter opens the full entry with its links.", MUTED))
        heading.update(Content("\n").join(lines))
        markdown.update(entry.body)


def _window_answer(step) -> Content:
    """Can a player act around this step? What the chart says, in a sentence."""
    if step.action_window:
        return Content.assemble(
            (ACTION_WINDOW, "bold $text-warning"),
            (
                f": not while {step.number} resolves, but as soon as it has, players may play"
                " actions and use action abilities.",
                "bold",
            ),
        )
    if is_window_step(step.title):
        return Content.assemble(
            ("⚡", "bold $text-warning"),
            (f" {step.number} is itself an action window: players may act during it.", "bold"),
        )
    return Content.styled(
        f"No action window after {step.number}: the game moves straight on to the next step.",
        "bold",
    )
