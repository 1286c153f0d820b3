"""Modal dialogs: help and the file picker."""
