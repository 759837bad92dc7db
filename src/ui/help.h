/* Help overlays (the menu's, a game's, a puzzle's): a box over the
 * screen with the text wrapped to its width and scrolled when it is
 * longer than the screen. Entries are (keys, text) pairs: keys in a
 * left column, text wrapped beside them; a NULL keys makes text a
 * paragraph of its own; both "" make a blank line. */
#ifndef TWIRL_UI_HELP_H
#define TWIRL_UI_HELP_H

#include <curses.h>
#include <stdbool.h>

struct help_entry {
	const char *keys;
	const char *text;
};

/* Up to four lists of entries, each ended by {NULL, NULL}, shown one after
 * another with a blank line between. */
struct help_view {
	const char *title;
	const struct help_entry *parts[4];
	int top;                /* first wrapped line shown */
	int lines, shown;       /* at the last draw: wrapped lines, rows shown */
};

void help_draw(struct help_view *hv, WINDOW *w);

/* A key while the help is up: scroll keys (arrows, j/k, PageUp,
 * PageDown, Home, End, space) scroll and return true; any other key
 * returns false: the caller closes the help. */
bool help_key(struct help_view *hv, int key);

#endif
