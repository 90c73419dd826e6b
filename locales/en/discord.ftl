# What the Discord front end itself says to the person who acted (croupier-discord, handler.rs):
# private notes, in their own language.

discord-restarting = ⏳ Croupier is restarting; nothing was done. Try again in a moment.
discord-done-already = ✅ This was done already; its answer was posted in the channel.
discord-answer-lost = ⚠️ Croupier did this, but could not show the answer; `/game status` or `/game log` shows where things stand.
discord-unknown-button = ⛔ this button is no longer known; use `/game status` for the current ones.
discord-disk-full = ⚠️ Croupier's database is out of disk space, so this was not saved and nothing was changed. Tell whoever runs Croupier; try again once there is room.
discord-busy = ⏳ Croupier's database was busy and could not save this; nothing was changed. Try again in a moment.
discord-not-saved = ⚠️ Croupier could not save this just now (a database error); nothing was changed. Try again.
