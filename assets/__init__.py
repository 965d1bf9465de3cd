"""Styles, help text and other data the app loads (shipped with the package)."""
