#include "ui/list.h"

#include "ui/draw.h"

static bool
can_select(const struct list_view *l, int row)
{
	return row >= 0 && row < l->count &&
	    (l->selectable == NULL || l->selectable(l->ctx, row));
}

void
list_select(struct list_view *l, int row)
{
	int i;

	if (l->count == 0) {
		l->sel = 0;
		return;
	}
	if (row < 0)
		row = 0;
	if (row >= l->count)
		row = l->count - 1;
	for (i = row; i < l->count; i++)
		if (can_select(l, i)) {
			l->sel = i;
			return;
		}
	for (i = row; i >= 0; i--)
		if (can_select(l, i)) {
			l->sel = i;
			return;
		}
}

/* Moves the selection by step rows (skipping what cannot be selected),
 * stopping at the ends. */
static void
move_by(struct list_view *l, int step)
{
	int dir = step < 0 ? -1 : 1, i = l->sel, moved = 0, target = l->sel;

	while (moved < (step < 0 ? -step : step)) {
		i += dir;
		if (i < 0 || i >= l->count)
			break;
		if (can_select(l, i)) {
			target = i;
			moved++;
		}
	}
	l->sel = target;
}

void
list_layout(struct list_view *l, int y, int h)
{
	l->y = y;
	l->h = h < 1 ? 1 : h;
	if (l->count <= l->h) {
		l->top = 0;
		return;
	}
	/* Keep a header just above the selection in view too. */
	if (l->sel - 1 < l->top)
		l->top = l->sel > 0 ? l->sel - 1 : 0;
	if (l->sel >= l->top + l->h)
		l->top = l->sel - l->h + 1;
	if (l->top > l->count - l->h)
		l->top = l->count - l->h;
	if (l->top < 0)
		l->top = 0;
}

bool
list_shown(const struct list_view *l, int row, int *y)
{
	if (row < l->top || row >= l->top + l->h || row >= l->count)
		return false;
	*y = l->y + row - l->top;
	return true;
}

void
list_draw_marks(const struct list_view *l, WINDOW *w, int x)
{
	attr_t a = ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD;

	if (l->top > 0)
		ui_text(w, l->y, x, ui_theme.unicode ? "↑ more" : "^ more", a);
	if (l->top + l->h < l->count)
		ui_text(w, l->y + l->h - 1, x, ui_theme.unicode ? "↓ more" : "v more", a);
}

bool
list_key(struct list_view *l, int key)
{
	int page = l->h > 2 ? l->h - 1 : 1;

	switch (key) {
	case KEY_UP: case 'k':
		move_by(l, -1);
		return true;
	case KEY_DOWN: case 'j': case '\t':
		move_by(l, 1);
		return true;
	case KEY_PPAGE:
		move_by(l, -page);
		return true;
	case KEY_NPAGE:
		move_by(l, page);
		return true;
	case KEY_HOME: case 'g':
		list_select(l, 0);
		return true;
	case KEY_END: case 'G':
		list_select(l, l->count - 1);
		return true;
	}
	return false;
}

int
list_hit(const struct list_view *l, const MEVENT *ev)
{
	int row = l->top + (ev->y - l->y);

	if (!(ev->bstate & (BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED)))
		return -1;
	if (ev->y < l->y || ev->y >= l->y + l->h || !can_select(l, row))
		return -1;
	return row;
}
