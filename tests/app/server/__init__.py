"""Tests of app/server/."""
