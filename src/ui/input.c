#include "ui/input.h"

#include <stdio.h>
#include <string.h>

#include "ui/draw.h"

void
input_start(struct line_input *in, const char *initial)
{
	snprintf(in->text, sizeof in->text, "%s", initial);
}

enum input_result
input_key(struct line_input *in, int key)
{
	size_t len = strlen(in->text);

	switch (key) {
	case 27:
		return INPUT_CANCEL;
	case '\n': case '\r': case KEY_ENTER:
		return INPUT_DONE;
	case KEY_BACKSPACE: case 127: case 8:
		if (len > 0)
			in->text[len - 1] = '\0';
		return INPUT_EDITING;
	case 21: /* Ctrl-U */
		in->text[0] = '\0';
		return INPUT_EDITING;
	default:
		if (key >= 32 && key < 127 && len + 1 < sizeof in->text) {
			in->text[len] = (char)key;
			in->text[len + 1] = '\0';
		}
		return INPUT_EDITING;
	}
}

void
input_draw(const struct line_input *in, WINDOW *w, int y, int x)
{
	char line[sizeof in->text + 4];

	snprintf(line, sizeof line, "> %s", in->text);
	ui_text(w, y, x, line, A_NORMAL);
	ui_text(w, y, x + ui_width(line), "_", A_BLINK);
}
