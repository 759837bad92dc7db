/* The start menu: every puzzle with a screen (its presets, its own extra
 * screens such as a level chooser, a custom size), "Enter a game ID",
 * the saved games, the replays, the statistics, help and quit. Lists
 * scroll with marks when they do not fit (ui/list.h). */
#ifndef TWIRL_UI_MENU_H
#define TWIRL_UI_MENU_H

#include <stdbool.h>

#include "ui/screen.h"

/* The menu as a screen (ui/screen.h). With offer_autosave it first asks
 * whether to resume an unfinished game (ui/keep.h): y resumes it, n keeps
 * it among the saved games. NULL when out of memory. */
struct screen *menu_screen(bool offer_autosave);

/* A message under the menu: an error, or (menu_tell) news. */
void menu_say(struct screen *menu, const char *msg);
void menu_tell(struct screen *menu, const char *msg);

#endif
