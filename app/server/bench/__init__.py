"""Benchmarks of the servers (`python -m moon42.app.server.bench`): not part of the running
program, and not imported by it or the tests."""
