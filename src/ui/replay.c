#include "ui/replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/savegame.h"
#include "ui/draw.h"
#include "ui/game.h"
#include "ui/storage.h"
#include "ui/view.h"

/* Longest pause the player waits through, in recorded milliseconds. */
#define MAX_GAP_MS 3000

static const double speeds[] = {0.5, 1, 2, 4, 8, 16};
#define SPEEDS ((int)(sizeof speeds / sizeof speeds[0]))

struct replay {
	struct screen screen;   /* first: the player is a screen */
	struct savegame sg;
	const struct puzzle_view *view;
	void *ui;
	struct history *h;      /* the first pos events, replayed */
	size_t pos;
	bool playing;
	int speed;
	double clock_ms;        /* recorded time the player has reached */
	double last_real;
	void *anim_from;
	char *anim_move;
	double anim_start, anim_len;
	char what[120];         /* the last event, in words */
};

static void
clear_anim(struct replay *r)
{
	if (r->anim_from != NULL)
		r->sg.puzzle->state_free(r->anim_from);
	free(r->anim_move);
	r->anim_from = NULL;
	r->anim_move = NULL;
}

struct replay *
replay_open(const char *path, struct tw_error *err)
{
	struct replay *r = tw_calloc(1, sizeof *r, err);
	struct history *full;

	if (r == NULL)
		return NULL;
	if (!storage_load(path, &r->sg, &full, err)) {
		free(r);
		return NULL;
	}
	history_free(full);
	r->view = view_for(r->sg.puzzle);
	r->ui = r->view != NULL ? r->view->ui_new(r->sg.params) : NULL;
	r->h = history_new(r->sg.puzzle, r->sg.params, r->sg.start, err);
	if (r->view == NULL || r->ui == NULL || r->h == NULL) {
		if (r->view == NULL)
			tw_error_set(err, "%s: %s has no screen", path, r->sg.puzzle->name);
		replay_close(r);
		return NULL;
	}
	r->speed = 1;
	r->playing = true;
	r->last_real = ui_clock();
	snprintf(r->what, sizeof r->what, "start position");
	return r;
}

void
replay_close(struct replay *r)
{
	if (r == NULL)
		return;
	clear_anim(r);
	history_free(r->h);
	if (r->ui != NULL)
		r->view->ui_free(r->ui);
	savegame_free(&r->sg);
	free(r);
}

size_t
replay_position(const struct replay *r, size_t *total)
{
	*total = r->sg.nevents;
	return r->pos;
}

static void
animate(struct replay *r, const void *before, const char *move)
{
	clear_anim(r);
	r->anim_from = r->sg.puzzle->state_dup(r->sg.params, before, NULL);
	r->anim_move = strdup(move);
	r->anim_start = ui_clock();
	r->anim_len = r->view->anim_ms(r->sg.params, move) / 1000.0 /
	    (speeds[r->speed] > 1 ? speeds[r->speed] : 1);
	if (r->anim_from == NULL || r->anim_move == NULL)
		clear_anim(r);
}

/* Applies event pos, animated, and describes it. */
static void
step_forward(struct replay *r)
{
	const struct save_event *e;
	void *before;
	const struct history_entry *he;

	if (r->pos >= r->sg.nevents)
		return;
	e = &r->sg.events[r->pos];
	before = r->sg.puzzle->state_dup(r->sg.params, history_state(r->h), NULL);
	switch (e->kind) {
	case SAVE_MOVE:
	case SAVE_HINT:
		history_move(r->h, e->move, e->kind == SAVE_HINT ? HISTORY_HINT :
		    HISTORY_MOVE, NULL);
		if (before != NULL)
			animate(r, before, e->move);
		snprintf(r->what, sizeof r->what, "%s %s", e->move,
		    e->kind == SAVE_HINT ? "(hint)" : "");
		break;
	case SAVE_UNDO:
		he = history_undo(r->h);
		if (he != NULL && he->move != NULL) {
			char *inv = r->sg.puzzle->move_inverse(r->sg.params, he->move, NULL);

			if (inv != NULL && before != NULL)
				animate(r, before, inv);
			free(inv);
		}
		snprintf(r->what, sizeof r->what, "undo %s",
		    he != NULL && he->move != NULL ? he->move : "restart");
		break;
	case SAVE_REDO:
		he = history_redo(r->h);
		if (he != NULL && he->move != NULL && before != NULL)
			animate(r, before, he->move);
		snprintf(r->what, sizeof r->what, "redo %s",
		    he != NULL && he->move != NULL ? he->move : "restart");
		break;
	case SAVE_RESTART:
		history_restart(r->h, NULL);
		clear_anim(r);
		snprintf(r->what, sizeof r->what, "restart");
		break;
	}
	if (before != NULL)
		r->sg.puzzle->state_free(before);
	r->pos++;
	r->clock_ms = (double)e->ms;
}

/* Rebuilds the history at event n (no animation). */
static void
jump_to(struct replay *r, size_t n)
{
	struct history *h = savegame_replay(&r->sg, n, NULL);

	if (h == NULL)
		return;
	history_free(r->h);
	r->h = h;
	r->pos = n;
	r->clock_ms = n > 0 ? (double)r->sg.events[n - 1].ms : 0;
	clear_anim(r);
	snprintf(r->what, sizeof r->what, n == 0 ? "start position" :
	    n == r->sg.nevents ? "end" : "jumped");
}

bool
replay_key(struct replay *r, int key)
{
	switch (key) {
	case 27: case 'q': case 'Q':
		return false;
	case ' ':
		r->playing = !r->playing;
		if (r->playing && r->pos >= r->sg.nevents)
			jump_to(r, 0);
		r->last_real = ui_clock();
		break;
	case KEY_RIGHT: case 'l': case '.':
		r->playing = false;
		step_forward(r);
		break;
	case KEY_LEFT: case 'h': case ',':
		r->playing = false;
		if (r->pos > 0)
			jump_to(r, r->pos - 1);
		break;
	case '+': case '=':
		if (r->speed + 1 < SPEEDS)
			r->speed++;
		break;
	case '-': case '_':
		if (r->speed > 0)
			r->speed--;
		break;
	case KEY_HOME: case 'g':
		r->playing = false;
		jump_to(r, 0);
		break;
	case KEY_END: case 'G':
		r->playing = false;
		jump_to(r, r->sg.nevents);
		break;
	}
	return true;
}

void
replay_tick(struct replay *r)
{
	double now = ui_clock();

	if (r->anim_move != NULL && now - r->anim_start >= r->anim_len)
		clear_anim(r);
	if (!r->playing) {
		r->last_real = now;
		return;
	}
	r->clock_ms += (now - r->last_real) * 1000 * speeds[r->speed];
	r->last_real = now;
	while (r->pos < r->sg.nevents) {
		double due = (double)r->sg.events[r->pos].ms;
		double prev = r->pos > 0 ? (double)r->sg.events[r->pos - 1].ms : 0;

		if (due - prev > MAX_GAP_MS)
			due = prev + MAX_GAP_MS;
		if (r->clock_ms < due)
			break;
		step_forward(r);
		r->clock_ms = due;
		if (r->anim_move != NULL)
			break;      /* one animated event per tick */
	}
	if (r->pos >= r->sg.nevents)
		r->playing = false;
}

int
replay_timeout_ms(const struct replay *r)
{
	return r->playing || r->anim_move != NULL ? 16 : 250;
}

void
replay_draw(struct replay *r, WINDOW *w)
{
	int rows = getmaxy(w), cols = getmaxx(w), bh, bw, y, x;
	struct anim anim = {NULL, 0};
	const void *shown = history_state(r->h);
	char line[256], *ps;
	double now = ui_clock();

	werase(w);
	if (!r->view->layout(r->ui, r->sg.params, rows - 3, cols, &bh, &bw)) {
		ui_text_centered(w, rows / 2, cols >= 18 ? "Terminal too small" : "Too small", A_BOLD);
		r->playing = false;
		return;
	}
	ps = r->sg.puzzle->params_format(r->sg.params, NULL);
	snprintf(line, sizeof line, " Replay: %s (%s %s)",
	    r->sg.name != NULL ? r->sg.name : "saved game", r->sg.puzzle->name,
	    ps != NULL ? ps : "");
	free(ps);
	ui_text(w, 0, 0, line, ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD);
	if (r->anim_move != NULL && now - r->anim_start < r->anim_len) {
		anim.move = r->anim_move;
		anim.t = (now - r->anim_start) / r->anim_len;
		shown = r->anim_from;
	}
	y = 1 + (rows - 3 - bh) / 2;
	x = (cols - bw) / 2;
	r->view->draw(w, y, x, r->ui, r->sg.params, shown, &anim, -1);
	snprintf(line, sizeof line, " Event %zu/%zu: %s   Moves %zu   %s x%g",
	    r->pos, r->sg.nevents, r->what, history_moves(r->h),
	    r->playing ? "playing" : "paused", speeds[r->speed]);
	ui_fill(w, rows - 2, 0, 1, cols, ui_pair_attr(PAIR_STATUS, A_REVERSE));
	ui_text(w, rows - 2, 0, line, ui_pair_attr(PAIR_STATUS, A_REVERSE));
	if (r->pos >= r->sg.nevents && r->sg.nevents > 0) {
		/* The end: how the game went. */
		size_t hints = 0;
		char t[32];

		for (size_t i = 0; i < r->h->cursor; i++)
			hints += r->h->entries[i].kind == HISTORY_HINT;
		ui_format_time(r->sg.elapsed_ms / 1000.0, t, sizeof t);
		snprintf(line, sizeof line, " End: %s, %zu move%s in %s, %zu hint move%s.  Home: again, Esc: back",
		    r->sg.puzzle->state_is_solved(r->sg.params, history_state(r->h)) ?
		    "solved" : "not solved", history_moves(r->h), history_moves(r->h) == 1 ? "" : "s",
		    t, hints, hints == 1 ? "" : "s");
		ui_text(w, rows - 1, 0, line, ui_pair_attr(PAIR_GOOD, A_BOLD) | A_BOLD);
	} else {
		/* In ASCII the arrows' stand-ins would read as keys: name
		 * the keys that step instead. */
		ui_text(w, rows - 1, 1, ui_theme.unicode ?
		    "space play/pause  ← → step  + - speed  Home End  Esc back" :
		    "space play/pause  Left Right , . step  + - speed  Home End  Esc back", A_DIM);
	}
}

/* ---- The screen interface. ---- */

static void
screen_draw(struct screen *s, WINDOW *w)
{
	replay_draw((struct replay *)s, w);
}

static struct screen_result
screen_key(struct screen *s, int key)
{
	struct replay *r = (struct replay *)s;

	if (!replay_key(r, key))
		return screen_back(NULL);
	replay_tick(r);
	return screen_stay();
}

static struct screen_result
screen_mouse(struct screen *s, const MEVENT *ev)
{
	(void)s;
	(void)ev;
	return screen_stay();
}

static struct screen_result
screen_tick(struct screen *s)
{
	replay_tick((struct replay *)s);
	return screen_stay();
}

static int
screen_timeout(const struct screen *s)
{
	return replay_timeout_ms((const struct replay *)s);
}

static void
screen_close(struct screen *s)
{
	replay_close((struct replay *)s);
}

static const struct screen_ops replay_ops = {
	.draw = screen_draw,
	.key = screen_key,
	.mouse = screen_mouse,
	.tick = screen_tick,
	.timeout_ms = screen_timeout,
	.close = screen_close,
};

struct screen *
replay_screen(const char *path, struct tw_error *err)
{
	struct replay *r = replay_open(path, err);

	if (r == NULL)
		return NULL;
	r->screen.ops = &replay_ops;
	return &r->screen;
}
