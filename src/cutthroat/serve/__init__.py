"""`cutthroat serve`: Cutthroat over ssh. An asyncssh server on the host's port; each player who
logs in (any public key: its fingerprint is who they are) gets their own Cutthroat app process
on a pseudo-terminal of its own, window size and every resize forwarded, so one player's screen,
keys or crash never touch another's. Headless: this package never imports Textual (the app
process does, on its own PTY)."""
