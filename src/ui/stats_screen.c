#include "ui/stats_screen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/draw.h"
#include "ui/game.h"
#include "ui/list.h"
#include "ui/stats.h"

struct stats_screen {
	struct screen screen;
	struct stats_entry *list;
	size_t count;
	struct list_view view;
	char msg[300];
};

/* One group's columns: solves, fewest moves, best time ("-" for none). */
static void
group_text(const struct stats_best *b, char *buf, size_t size)
{
	char t[32];

	if (b->solves == 0) {
		snprintf(buf, size, "%6d  %6s  %9s", 0, "-", "-");
		return;
	}
	snprintf(buf, size, "%6ld  %6ld  %9s", b->solves, b->moves,
	    ui_format_time(b->ms / 1000.0, t, sizeof t));
}

static void
draw(struct screen *scr, WINDOW *w)
{
	struct stats_screen *s = (struct stats_screen *)scr;
	int rows = getmaxy(w), cols = getmaxx(w), y;
	char line[300], all[48], unaided[48];

	werase(w);
	ui_text(w, 0, 2, "Statistics", ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD);
	if (s->count == 0) {
		ui_text(w, 2, 2, "No puzzle solved yet: solve one and its best time and moves show here.",
		    A_NORMAL);
		ui_text(w, rows - 1, 2, "Esc back", A_DIM);
		if (s->msg[0] != '\0')
			ui_text_wrap_up(w, rows - 2, 2, s->msg, ui_pair_attr(PAIR_ERROR, A_BOLD), cols - 4,
			    rows / 3);
		return;
	}
	/* Two groups of three columns under a heading each: 20 + 2 x 27
	 * columns, so that 80 columns hold it with the more marks. */
	ui_text(w, 2, 2 + 20 + 3, "all solves", A_BOLD);
	ui_text(w, 2, 2 + 20 + 27 + 3, "unhelped (no hint)", A_BOLD);
	snprintf(line, sizeof line, "%-20s   %6s  %6s  %9s   %6s  %6s  %9s", "board", "solves",
	    "fewest", "best time", "solves", "fewest", "best time");
	ui_text(w, 3, 2, line, A_BOLD | A_UNDERLINE);
	list_layout(&s->view, 4, rows - 7);
	for (int i = 0; i < s->view.count; i++) {
		const struct stats_entry *e = &s->list[i];
		bool sel = i == s->view.sel;
		attr_t a = sel ? A_REVERSE | A_BOLD : A_NORMAL;

		if (!list_shown(&s->view, i, &y))
			continue;
		group_text(&e->all, all, sizeof all);
		group_text(&e->unaided, unaided, sizeof unaided);
		if (sel)
			ui_fill(w, y, 1, 1, cols - 2, A_REVERSE);
		ui_text_fit(w, y, 2, e->board, a, 20);
		snprintf(line, sizeof line, "   %s   %s", all, unaided);
		ui_text(w, y, 22, line, a);
	}
	list_draw_marks(&s->view, w, cols - 8);
	ui_text(w, rows - 2, 2, "moves in the board's metric; unhelped: no hint move used",
	    A_DIM);
	ui_text(w, rows - 1, 2, "PgUp PgDn Home End   Esc back", A_DIM);
}

static struct screen_result
key(struct screen *scr, int k)
{
	struct stats_screen *s = (struct stats_screen *)scr;

	if (k == 27 || k == 'q' || k == KEY_LEFT || k == '\n' || k == '\r' || k == KEY_ENTER)
		return screen_back(NULL);
	list_key(&s->view, k);
	return screen_stay();
}

static struct screen_result
mouse(struct screen *scr, const MEVENT *ev)
{
	struct stats_screen *s = (struct stats_screen *)scr;
	int row = list_hit(&s->view, ev);

	if (row >= 0)
		s->view.sel = row;
	return screen_stay();
}

static void
close_screen(struct screen *scr)
{
	struct stats_screen *s = (struct stats_screen *)scr;

	free(s->list);
	free(s);
}

static const struct screen_ops stats_ops = {
	.draw = draw,
	.key = key,
	.mouse = mouse,
	.close = close_screen,
};

struct screen *
stats_screen(void)
{
	struct stats_screen *s = calloc(1, sizeof *s);
	struct tw_error err = {0};

	if (s == NULL)
		return NULL;
	s->screen.ops = &stats_ops;
	if (!stats_load(&s->list, &s->count, &err))
		snprintf(s->msg, sizeof s->msg, "%s", err.msg);
	s->view.count = (int)s->count;
	return &s->screen;
}
