/* A one-line text editor for prompts (game ID, board size, save name). */
#ifndef TWIRL_UI_INPUT_H
#define TWIRL_UI_INPUT_H

#include <curses.h>
#include <stdbool.h>

enum input_result { INPUT_EDITING, INPUT_DONE, INPUT_CANCEL };

struct line_input {
	char text[128];
};

/* Starts editing with initial text (may be ""). */
void input_start(struct line_input *in, const char *initial);

/* One key: printable ASCII appends, Backspace deletes, Ctrl-U clears,
 * Enter finishes, Esc cancels. */
enum input_result input_key(struct line_input *in, int key);

/* Draws "> text_" at (y, x). */
void input_draw(const struct line_input *in, WINDOW *w, int y, int x);

#endif
