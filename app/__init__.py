"""The moon42 terminal app and its command line."""
