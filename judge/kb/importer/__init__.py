"""Importing a player's own copy of an official document, to show its printed wording.

`text` turns a file (plain text or PDF) into clean lines; `align` finds the knowledge
base's printed headings in those lines and gives each entry the wording between its
heading and the next; `store` keeps the result per user, never in the project;
`compare` marks the words where our restatement and the printed text differ in a way
that matters at the table. `align` and `compare` are pure.
"""
