#include "ui/help.h"

#include <string.h>

#include "ui/draw.h"

/* Column width of the keys: the widest keys, at most a third of width. */
static int
keys_width(const struct help_view *hv, int width)
{
	int kw = 0;

	for (int p = 0; p < 4 && hv->parts[p] != NULL; p++)
		for (const struct help_entry *e = hv->parts[p]; e->text != NULL || e->keys != NULL; e++)
			if (e->keys != NULL && ui_width(e->keys) > kw)
				kw = ui_width(e->keys);
	if (kw > width / 3)
		kw = width / 3;
	return kw;
}

/* Emits line number *n (drawn when it falls in the window of rows). */
static void
emit(WINDOW *w, int y0, int x, int first, int rows, int *n, const char *keys,
    int kw, const char *text, int len, int tx)
{
	char buf[512];

	if (w != NULL && *n >= first && *n < first + rows) {
		if (keys != NULL)
			ui_text_clip(w, y0 + *n - first, x, keys, A_BOLD, kw);
		snprintf(buf, sizeof buf, "%.*s", len, text);
		ui_text(w, y0 + *n - first, tx, buf, A_NORMAL);
	}
	(*n)++;
}

/* Columns of text[0..len). */
static int
span_width(const char *text, int len)
{
	char piece[512];

	snprintf(piece, sizeof piece, "%.*s", len, text);
	return ui_width(piece);
}

/* Wraps text into lines of at most width columns from column tx, at
 * spaces (a word longer than a line is cut), the first line beside keys. */
static void
wrap(WINDOW *w, int y0, int x, int first, int rows, int *n, const char *keys, int kw,
    const char *text, int tx, int width)
{
	const char *line = text;
	bool first_line = true;

	if (keys != NULL && ui_width(keys) > kw) {
		/* Keys too wide for their column: a line of their own. */
		emit(w, y0, x, first, rows, n, NULL, 0, keys, (int)strlen(keys), x);
		keys = NULL;
	}
	if (*text == '\0') {
		emit(w, y0, x, first, rows, n, keys, kw, "", 0, tx);
		return;
	}
	while (*line != '\0') {
		const char *end = line, *next;
		int len;

		/* Take words while the line still fits. */
		for (;;) {
			next = end;
			while (*next == ' ')
				next++;
			while (*next != ' ' && *next != '\0')
				next++;
			if (span_width(line, (int)(next - line)) > width)
				break;
			end = next;
			if (*end == '\0')
				break;
		}
		if (end == line) {
			/* One word wider than the line: as much as fits. */
			len = 1;
			while (line[len] != '\0' && line[len] != ' ' &&
			    span_width(line, len + 1) <= width)
				len++;
			end = line + len;
		}
		emit(w, y0, x, first, rows, n, first_line ? keys : NULL, kw, line,
		    (int)(end - line), tx);
		first_line = false;
		line = end;
		while (*line == ' ')
			line++;
	}
}

/* Lays out (and draws, when w is not NULL) every entry; returns the number
 * of lines. */
static int
layout(const struct help_view *hv, WINDOW *w, int y0, int x, int width, int first, int rows)
{
	int n = 0, kw = keys_width(hv, width);

	for (int p = 0; p < 4 && hv->parts[p] != NULL; p++) {
		if (p > 0)
			emit(w, y0, x, first, rows, &n, NULL, 0, "", 0, x);
		for (const struct help_entry *e = hv->parts[p]; e->text != NULL || e->keys != NULL; e++) {
			if (e->keys == NULL)
				wrap(w, y0, x, first, rows, &n, NULL, 0, e->text, x, width);
			else
				wrap(w, y0, x, first, rows, &n, e->keys, kw,
				    e->text != NULL ? e->text : "", x + kw + 2, width - kw - 2);
		}
	}
	return n;
}

void
help_draw(struct help_view *hv, WINDOW *w)
{
	int rows = getmaxy(w), cols = getmaxx(w), bw = cols < 78 ? cols : 78, bh, y, x;
	int inner = bw - 4, lines;
	char foot[64];

	if (inner < 8)
		inner = bw > 2 ? bw - 2 : 1;
	lines = layout(hv, NULL, 0, 0, inner, 0, 0);
	bh = lines + 4 < rows ? lines + 4 : rows;
	hv->shown = bh - 4 > 0 ? bh - 4 : (bh > 2 ? bh - 2 : 1);
	hv->lines = lines;
	if (hv->top > lines - hv->shown)
		hv->top = lines - hv->shown;
	if (hv->top < 0)
		hv->top = 0;
	y = (rows - bh) / 2;
	x = (cols - bw) / 2;
	ui_fill(w, y, x, bh, bw, A_NORMAL);
	ui_box(w, y, x, bh, bw, ui_pair_attr(PAIR_TITLE, A_BOLD));
	if (hv->title != NULL)
		ui_text_clip(w, y, x + 2, hv->title, A_BOLD, bw - 4);
	layout(hv, w, y + (bh > 4 ? 2 : 1), x + (bw - inner) / 2, inner, hv->top, hv->shown);
	if (lines > hv->shown && bw >= 56)
		snprintf(foot, sizeof foot, " %d-%d of %d: arrows scroll, other keys close ",
		    hv->top + 1, hv->top + hv->shown, lines);
	else if (lines > hv->shown)
		snprintf(foot, sizeof foot, " %d-%d/%d %s ", hv->top + 1, hv->top + hv->shown,
		    lines, ui_theme.unicode ? "↑↓" : "^v");
	else
		snprintf(foot, sizeof foot, bw >= 30 ? " any key closes this help " : " any key ");
	if (bh > 2)
		ui_text_clip(w, y + bh - 1, x + 2, foot, A_DIM, bw - 4);
}

bool
help_key(struct help_view *hv, int key)
{
	int page = hv->shown > 1 ? hv->shown - 1 : 1;

	switch (key) {
	case KEY_UP: case 'k':
		hv->top--;
		break;
	case KEY_DOWN: case 'j':
		hv->top++;
		break;
	case KEY_PPAGE:
		hv->top -= page;
		break;
	case KEY_NPAGE: case ' ':
		if (key == ' ' && hv->top + hv->shown >= hv->lines)
			return false;
		hv->top += page;
		break;
	case KEY_HOME:
		hv->top = 0;
		break;
	case KEY_END:
		hv->top = hv->lines;
		break;
	case KEY_RESIZE:
		break;
	default:
		return false;
	}
	if (hv->top > hv->lines - hv->shown)
		hv->top = hv->lines - hv->shown;
	if (hv->top < 0)
		hv->top = 0;
	return true;
}
