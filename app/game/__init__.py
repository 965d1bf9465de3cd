"""The game in progress: the flow that moves it, its saves and records, undo, what is said
of each event, and playing a deal again."""
