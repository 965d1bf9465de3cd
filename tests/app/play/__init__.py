"""Tests of app/play/."""
