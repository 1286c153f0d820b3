"""The round structure as a tree: phases, framework steps, action windows marked."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from judge.app.turn_chart import ChartPhase, ChartStep
from tui.messages import OpenLink
from tui.widgets.labels import step_label


class StepTree(Tree[str]):
    """Every step of the round; Enter opens a step's entry, space folds a phase."""

    class StepHighlighted(Message):
        """The cursor rests on a step or a phase (`entry_id` of its entry)."""

        def __init__(self, entry_id: str | None) -> None:
            super().__init__()
            self.entry_id = entry_id

    def __init__(self, chart: list[ChartPhase], *, id: str | None = None) -> None:
        super().__init__("Round", id=id)
        self.show_root = False
        self.auto_expand = False
        self._chart = chart
        self.step_nodes: dict[str, TreeNode[str]] = {}

    def on_mount(self) -> None:
        for phase in self._chart:
            if phase.key is None:
                for step in phase.steps:
                    self._add_step(self.root, step)
                continue
            label = Text(phase.title, "bold")
            node = self.root.add(label, data=phase.entry_id, expand=True)
            for step in phase.steps:
                self._add_step(node, step)
        self.move_cursor(self.root.children[0] if self.root.children else None)

    def _add_step(self, parent: TreeNode[str], chart_step: ChartStep) -> None:
        step = chart_step.step
        label = step_label(step.number, step.title, step.action_window)
        if chart_step.children:
            node = parent.add(label, data=step.entry_id, expand=True)
            for child in chart_step.children:
                self._add_step(node, child)
        else:
            node = parent.add_leaf(label, data=step.entry_id)
        self.step_nodes[step.entry_id] = node

    def show_step(self, entry_id: str) -> None:
        """Move the cursor to a step."""
        node = self.step_nodes.get(entry_id)
        if node is not None:
            self.move_cursor(node)
            self.scroll_to_node(node, animate=False)

    def _on_tree_node_selected(self, event: Tree.NodeSelected[str]) -> None:
        event.stop()
        if event.node.data:
            self.post_message(OpenLink(event.node.data))
        else:
            event.node.toggle()

    def _on_tree_node_highlighted(self, event: Tree.NodeHighlighted[str]) -> None:
        event.stop()
        self.post_message(self.StepHighlighted(event.node.data))
