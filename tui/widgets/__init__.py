"""Widgets that receive engine models and post typed messages upward."""
