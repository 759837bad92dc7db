/* The saved games (Ctrl-O in a game, the menu's "Saved games" and
 * "Replays"): name, puzzle, moves, date, solved or not. To resume, Enter
 * hands the file back to the screen that opened the list (ui/screen.h:
 * revealed); v watches a game in the replay player; d deletes one. The
 * replays list also offers the sample replays that come with twirl. */
#ifndef TWIRL_UI_SAVES_SCREEN_H
#define TWIRL_UI_SAVES_SCREEN_H

#include "ui/screen.h"

enum saves_mode {
	SAVES_TO_RESUME,   /* Enter: back with the file to resume */
	SAVES_TO_WATCH,    /* Enter: the replay player; samples listed too */
};

/* The list, newest first. current (may be NULL) is the file of the game
 * the list was opened from, marked as such. NULL when out of memory. */
struct screen *saves_screen(enum saves_mode mode, const char *current);

#endif
