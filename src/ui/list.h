/* A list the user moves through (the menu, saved games, levels,
 * statistics): the selection stays in view, marks show when rows are
 * hidden above or below, and every list takes the same keys (arrows, j/k,
 * PageUp/PageDown, Home/End, g/G) and mouse clicks. */
#ifndef TWIRL_UI_LIST_H
#define TWIRL_UI_LIST_H

#include <curses.h>
#include <stdbool.h>

struct list_view {
	int count;            /* rows */
	int sel;              /* the selected row, 0..count-1 */
	int top;              /* the first row shown */
	int y, h;             /* where the rows went at the last layout */
	/* May be NULL (every row can be selected): headers say no. */
	bool (*selectable)(const void *ctx, int row);
	const void *ctx;
};

/* Lays the list out in h screen rows from y: scrolls so the selection is
 * in view (with a row of context above it when there is room). */
void list_layout(struct list_view *l, int y, int h);

/* Whether row is shown, and its screen row. */
bool list_shown(const struct list_view *l, int row, int *y);

/* "more" marks at column x of the first and last rows shown when rows
 * are hidden above or below ("↑ more" / "↓ more", ASCII per theme). */
void list_draw_marks(const struct list_view *l, WINDOW *w, int x);

/* A key: moves the selection and returns true, or false for keys that
 * are not a list's. */
bool list_key(struct list_view *l, int key);

/* The row under a mouse event (first button), or -1. */
int list_hit(const struct list_view *l, const MEVENT *ev);

/* Puts the selection on the first selectable row at or after row
 * (before it when none follows). */
void list_select(struct list_view *l, int row);

#endif
