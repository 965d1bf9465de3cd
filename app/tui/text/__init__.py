"""What the screens write, with no widget in it: tiles drawn in characters, events and
contracts in words, what may be chosen now and why, hints, and the status lines."""
