"""Tests of app/tui/."""
