/* The game screen's picture: the title line (or the solution being
 * played), the board through the puzzle's view, the solved box beside
 * the board, the status line, the message line (or a prompt, or the
 * solver's progress) and the help overlay. */
#include "ui/game_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/tablecache.h"
#include "ui/draw.h"

/* Where the board goes on a screen of rows x cols: below the title line,
 * above the status and message lines, centred. The title gives way when
 * the board needs its line. */
bool
game_board_origin(struct game *g, int rows, int cols, int *y, int *x, int *h, int *w)
{
	bool fits = g->view->layout(g->ui, g->hist->params, rows - 3, cols, h, w);

	g->title = true;
	if (!fits && g->view->layout(g->ui, g->hist->params, rows - 2, cols, h, w)) {
		fits = true;
		g->title = false;
	}
	*y = (g->title ? 1 : 0) + (rows - 2 - (g->title ? 1 : 0) - *h) / 2;
	*x = (cols - *w) / 2;
	return fits;
}

/* A separator dot, ASCII when the theme is. */
static const char *
dot(void)
{
	return ui_theme.unicode ? "·" : "-";
}

static const struct help_entry shared_help[] = {
	{"u  Ctrl-Z", "undo"},
	{"r  Ctrl-R", "redo"},
	{"R", "restart (undoable)"},
	{":", "type moves in notation; Enter plays them"},
	{"Ctrl-S", "save this game (name it, Enter); saved again under its name, the save is updated"},
	{"Ctrl-O", "saved games: resume one (this game is kept) or watch one"},
	{"n", "new scramble"},
	{"h", "hint: the solver's next move (worked out while you think, so usually at once)"},
	{"H", "solve: watch the whole solution"},
	{"g", "show the whole game ID (the status bar cuts a long one)"},
	{"O", "hints and solutions: proven shortest (slower) or quick, where the board has an optimal solver; a large table is built only when you say yes"},
	{"  space . + -", "  while it plays: pause, one step, faster, slower"},
	{"  End >", "  while it plays: play the rest at once"},
	{"?  F1", "this help"},
	{"Esc", "back to the menu (an unfinished game is kept)"},
	{"q", "quit (an unfinished game is kept and offered back next time)"},
	{NULL, NULL},
};

void
game_show_help(struct game *g)
{
	game_help_open(g);
}

void
game_help_open(struct game *g)
{
	memset(&g->help, 0, sizeof g->help);
	g->help.title = " Help ";
	g->help.parts[0] = g->view->rules;
	g->help.parts[1] = g->view->help;
	g->help.parts[2] = shared_help;
	g->help_up = true;
}

/* The moves being played, on the top line, the current one highlighted;
 * long lists show a window around it. */
static void
draw_plan(struct game *g, WINDOW *w, int cols)
{
	size_t first = g->plan_pos > 3 ? g->plan_pos - 3 : 0, i;
	int x = 1;

	ui_fill(w, 0, 0, 1, cols, A_NORMAL);
	if (first > 0) {
		ui_text(w, 0, x, "...", A_DIM);
		x += 4;
	}
	for (i = first; i < g->plan.len && x < cols - 4; i++) {
		/* plan_pos is the next move; the one just played is before it. */
		attr_t a = i + 1 == g->plan_pos ? A_REVERSE | A_BOLD :
		    i < g->plan_pos ? A_DIM : A_NORMAL;

		ui_text(w, 0, x, g->plan.moves[i], a);
		x += ui_width(g->plan.moves[i]) + 1;
	}
	if (i < g->plan.len)
		ui_text(w, 0, cols - 4, "...", A_DIM);
}

/* The solved box, beside the board at (by, bx) of bh x bw so that the
 * board stays in view: right of it, or left, or (no room beside) nothing
 * but the message line. */
static void
draw_banner(struct game *g, WINDOW *w, int by, int bx, int bh, int bw)
{
	char l1[64], l2[96], l3[64], t[32];
	int width = 26, y = by + bh / 2 - 3, x, cols = getmaxx(w);
	int right = cols - (bx + bw + 2), left = bx - 2, note;
	attr_t good = ui_pair_attr(PAIR_GOOD, A_BOLD) | A_BOLD;

	/* As wide as its longest line (the record note), on the side with
	 * room; clipped only when neither side has room for all of it. */
	note = ui_width(g->record_note) + 4;
	if (note > width)
		width = note;
	if (right >= width || (left < width && right >= left)) {
		if (right < width)
			width = right;
		x = bx + bw + 2;
	} else {
		if (left < width)
			width = left;
		x = bx - 2 - width;
	}
	if (width < 26)
		return;
	if (y < 0)
		y = 0;
	ui_format_time(g->solved_at - g->started, t, sizeof t);
	snprintf(l1, sizeof l1, ui_theme.unicode ? "★  Solved!  ★" : "*  Solved!  *");
	snprintf(l2, sizeof l2, "%zu move%s in %s", history_moves(g->hist),
	    history_moves(g->hist) == 1 ? "" : "s", t);
	if (g->hints_at_solve > 0)
		snprintf(l3, sizeof l3, "with %zu hint move%s", g->hints_at_solve,
		    g->hints_at_solve == 1 ? "" : "s");
	else
		snprintf(l3, sizeof l3, "no hints used");
	ui_fill(w, y, x, 6, width, A_NORMAL);
	ui_box(w, y, x, 6, width, good);
	ui_text_clip(w, y + 1, x + (width - ui_width(l1)) / 2, l1, good, width - 2);
	ui_text_clip(w, y + 2, x + (width - ui_width(l2)) / 2, l2, A_BOLD, width - 2);
	ui_text_clip(w, y + 3, x + (width - ui_width(l3)) / 2, l3, A_NORMAL, width - 2);
	if (g->record_note[0] != '\0')
		ui_text_clip(w, y + 4, x + (width - ui_width(g->record_note)) / 2 > x + 2 ?
		    x + (width - ui_width(g->record_note)) / 2 : x + 2, g->record_note, good, width - 4);
}

/* "Terminal too small", as much of it as fits, and the size needed. */
static void
draw_too_small(WINDOW *w, int need_w, int need_h)
{
	static const char *const says[] = {"Terminal too small", "Too small", "Small", "!"};
	int rows = getmaxy(w), cols = getmaxx(w);
	char need[48];
	size_t i;

	for (i = 0; i + 1 < sizeof says / sizeof says[0] && ui_width(says[i]) > cols; i++)
		;
	ui_text_centered(w, rows / 2 - (rows > 1), says[i], ui_pair_attr(PAIR_ERROR, A_BOLD));
	snprintf(need, sizeof need, "need %dx%d", need_w, need_h);
	if (ui_width(need) > cols)
		snprintf(need, sizeof need, "%dx%d", need_w, need_h);
	if (rows > 1)
		ui_text_centered(w, rows / 2, need, A_NORMAL);
}

static void
draw_title(struct game *g, WINDOW *w, int cols)
{
	char line[256], *ps = g->p->params_format(g->hist->params, NULL), variant[64];

	puzzle_board_variant(g->p, g->hist->params, variant, sizeof variant);
	if (ps != NULL && strchr(ps, ':') != NULL)
		*strchr(ps, ':') = '\0';   /* the size, not a whole map */
	if (g->level_title[0] != '\0')
		snprintf(line, sizeof line, " twirl %s %s %s %s", dot(), g->p->name,
		    dot(), g->level_title);
	else
		snprintf(line, sizeof line, " twirl %s %s %s%s%s", dot(), g->p->name,
		    ps != NULL ? ps : "", variant[0] != '\0' ? ", " : "", variant);
	free(ps);
	ui_text(w, 0, 0, line, ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD);
	if (g->solved)
		ui_text(w, 0, cols - 10, "* SOLVED *", ui_pair_attr(PAIR_GOOD, A_BOLD) | A_BOLD);
}

static void
draw_status(struct game *g, WINDOW *w, int rows, int cols)
{
	char line[256], t[32];
	/* The board's metric first, then the puzzle's first (or second). */
	int m0 = game_metric(g), m1 = m0 == 0 ? 1 : 0;
	long c0 = history_cost(g->hist, m0), c1 = -1;

	if (g->p->metrics[1] != NULL)
		c1 = history_cost(g->hist, m1);
	ui_format_time(game_play_seconds(g), t, sizeof t);
	if (c1 >= 0)
		snprintf(line, sizeof line, " Moves %ld %s %s %ld %s   Time %s   %s",
		    c0, g->p->metrics[m0], dot(), c1, g->p->metrics[m1], t, g->gameid);
	else
		snprintf(line, sizeof line, " Moves %ld   Time %s   %s", c0, t, g->gameid);
	ui_fill(w, rows - 2, 0, 1, cols, ui_pair_attr(PAIR_STATUS, A_REVERSE));
	ui_text(w, rows - 2, 0, line, ui_pair_attr(PAIR_STATUS, A_REVERSE));
}

/* Room for the longest message: a game ID (a 20x20 torus's is about
 * 1,400 bytes, an 11x11x11's facelets 734). */
#define MESSAGE_MAX 4096

/* The message line's text and attribute: the whole game ID (g), the
 * solver's progress, where the playback is, what a typed key sequence
 * waits for, or the last message; false when there is none (or a prompt,
 * drawn by itself). */
static bool
message_text(struct game *g, double now, char *line, size_t size, attr_t *attr)
{
	const char *pending = g->view->pending != NULL ? g->view->pending(g->ui, g->hist->params) : NULL;

	*attr = A_BOLD;
	if (g->naming || g->typing)
		return false;
	if (g->show_id) {
		snprintf(line, size, "%s", g->gameid);
		*attr = A_NORMAL;
	} else if (g->job != NULL) {
		static const char spin[] = "|/-\\";
		int pct = atomic_load(&g->job->progress) / 10, built;
		const char *phase = atomic_load(&g->job->phase);
		char spinner = spin[(int)((now - g->job_started) * 8) % 4], table[72], purpose[96];

		if (table_cache_building(table, sizeof table, &built)) {
			/* A table build, once for good, on a line of its own
			 * (the message wraps) with its own figure. */
			if (g->p->table_purpose == NULL ||
			    !g->p->table_purpose(table, purpose, sizeof purpose))
				snprintf(purpose, sizeof purpose, "the solver");
			snprintf(line, size, "%c Building tables for the %s: %d%% (once, kept on disk). Solving: %d%%   any key cancels",
			    spinner, purpose, built / 10, pct < 0 ? 0 : pct);
		} else if (phase != NULL)
			snprintf(line, size, "%c Solving: %d%% (%s)   any key cancels",
			    spinner, pct < 0 ? 0 : pct, phase);
		else
			snprintf(line, size, "%c Solving: %d%%   any key cancels", spinner,
			    pct < 0 ? 0 : pct);
	} else if (g->playing && g->paused && g->confirm == CONFIRM_NONE) {
		snprintf(line, size, "Paused at move %zu of %ld: space plays on, . steps, End plays the rest",
		    g->plan_pos, g->plan_total > 0 ? g->plan_total : (long)g->plan.len);
	} else if (pending != NULL && g->confirm == CONFIRM_NONE) {
		snprintf(line, size, "%s", pending);
	} else if (g->msg[0] != '\0') {
		snprintf(line, size, "%s", g->msg);
		*attr = g->msg_error ? ui_pair_attr(PAIR_ERROR, A_BOLD) :
		    g->solved ? ui_pair_attr(PAIR_GOOD, A_BOLD) | A_BOLD : A_NORMAL;
	} else {
		return false;
	}
	return true;
}

/* The rows the message needs at cols columns: one, or as many as it
 * takes when it is longer than a line (it then wraps, never cut), over
 * the board's rows while it shows: any message (at most 479 bytes, the
 * longest a question quoting a long error) fits from 60x16 up. */
static int
message_rows(struct game *g, int rows, int cols, double now)
{
	char line[MESSAGE_MAX];
	attr_t attr;
	int width = cols - 2, need, most = g->show_id ? rows - 3 : rows - 4;

	if (!message_text(g, now, line, sizeof line, &attr) || ui_width(line) <= width || rows < 8)
		return 1;
	need = ui_text_wrap_lines(line, width, most);
	return need > most ? most : need;
}

/* The bottom rows: a prompt or the message, wrapped over lines rows
 * (message_rows) ending on the last row. */
static void
draw_message(struct game *g, WINDOW *w, int rows, int cols, int lines, double now)
{
	char line[MESSAGE_MAX];
	attr_t attr;

	ui_fill(w, rows - lines, 0, lines, cols, A_NORMAL);
	if (g->naming && g->naming_path) {
		ui_text(w, rows - 1, 1, "Save to file", A_BOLD);
		input_draw(&g->name, w, rows - 1, 14);
	} else if (g->naming) {
		ui_text(w, rows - 1, 1, "Save as", A_BOLD);
		input_draw(&g->name, w, rows - 1, 9);
	} else if (g->typing) {
		ui_text(w, rows - 1, 1, "Moves", A_BOLD);
		input_draw(&g->alg, w, rows - 1, 7);
	} else if (message_text(g, now, line, sizeof line, &attr)) {
		ui_text_wrap_up(w, rows - 1, 1, line, attr, cols - 2, lines);
	}
}

void
game_draw(struct game *g, WINDOW *w)
{
	int rows = getmaxy(w), cols = getmaxx(w), y, x, bh, bw, flash = -1, lines;
	struct anim anim = {NULL, 0};
	const void *shown = history_state(g->hist);
	double now = ui_clock();

	werase(w);
	g->too_small = !game_board_origin(g, rows, cols, &y, &x, &bh, &bw);
	/* The clock and a solution being played wait while the board cannot
	 * be seen (too small a terminal, the help over it). */
	game_pause_clock(g, g->too_small || g->help_up);
	if (g->too_small) {
		draw_too_small(w, bw, bh + 3);
		return;
	}
	if (g->playing && g->plan.len > 0)
		draw_plan(g, w, cols);
	else if (g->title)
		draw_title(g, w, cols);
	if (g->anim_move != NULL && now - g->anim_start < g->anim_len) {
		anim.move = g->anim_move;
		anim.t = (now - g->anim_start) / g->anim_len;
		shown = g->anim_from;
	}
	if (g->solved && now - g->solved_at < 2.0 && history_moves(g->hist) > 0)
		flash = (int)((now - g->solved_at) * 12);
	g->view->draw(w, y, x, g->ui, g->hist->params, shown, &anim, flash);
	if (g->solved && g->banner && anim.move == NULL)
		draw_banner(g, w, y, x, bh, bw);
	/* A long message takes the rows above it; the status bar goes up
	 * with it, over the board's bottom edge while the message shows. */
	lines = message_rows(g, rows, cols, now);
	draw_status(g, w, rows - (lines - 1), cols);
	draw_message(g, w, rows, cols, lines, now);
	if (g->help_up)
		help_draw(&g->help, w);
}
