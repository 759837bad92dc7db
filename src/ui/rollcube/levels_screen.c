#include "ui/rollcube/levels_screen.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/registry.h"
#include "ui/draw.h"
#include "ui/game.h"
#include "ui/list.h"
#include "ui/storage.h"

struct level_entry {
	char file[256];
	char key[64];
	char name[64];
	int64_t rows, cols;
	enum rollcube_rule rule;
	long optimum;
	long best;
};

struct levels_screen {
	struct screen screen;   /* first: the chooser is a screen */
	struct level_entry *list;
	size_t count;
	struct list_view view;
	char dir[512];
	char msg[300];
};

static int
by_file(const void *a, const void *b)
{
	return strcmp(((const struct level_entry *)a)->file,
	    ((const struct level_entry *)b)->file);
}

static bool
load_level(const char *path, struct rollcube_params *p, struct rollcube_state *s,
    char **name, struct tw_error *err)
{
	char *text;
	size_t len;
	bool ok;

	if (!storage_read(path, &text, &len, err))
		return false;
	ok = rollcube_level_parse(text, p, s, name, err);
	if (!ok)
		tw_error_prefix(err, "%s", path);
	free(text);
	return ok;
}

struct levels_screen *
levels_open(struct tw_error *err)
{
	struct levels_screen *l = tw_calloc(1, sizeof *l, err);
	char *data = storage_data_dir();
	struct dirent *de;
	size_t cap = 0;
	DIR *d;

	if (l == NULL || data == NULL) {
		free(l);
		free(data);
		return NULL;
	}
	snprintf(l->dir, sizeof l->dir, "%s/rollcube", data);
	free(data);
	d = opendir(l->dir);
	if (d == NULL) {
		tw_error_set(err, "no levels in %s", l->dir);
		free(l);
		return NULL;
	}
	while ((de = readdir(d)) != NULL) {
		size_t n = strlen(de->d_name);
		struct level_entry *e;
		struct rollcube_params p;
		struct rollcube_state s;
		struct movelist path = MOVELIST_EMPTY;
		char full[800], *name = NULL;

		if (n < 7 || strcmp(de->d_name + n - 6, ".level") != 0)
			continue;
		snprintf(full, sizeof full, "%s/%s", l->dir, de->d_name);
		if (!load_level(full, &p, &s, &name, NULL))
			continue;
		if (l->count == cap) {
			struct level_entry *grown;

			cap = cap == 0 ? 32 : cap * 2;
			grown = realloc(l->list, cap * sizeof *grown);
			if (grown == NULL) {
				rollcube_params_clear(&p);
				free(name);
				break;
			}
			l->list = grown;
		}
		e = &l->list[l->count++];
		snprintf(e->file, sizeof e->file, "%.255s", de->d_name);
		snprintf(e->key, sizeof e->key, "rollcube/%.*s",
		    (int)(n - 6 < 50 ? n - 6 : 50), de->d_name);
		snprintf(e->name, sizeof e->name, "%.63s", name != NULL ? name : de->d_name);
		e->rows = p.rows;
		e->cols = p.cols;
		e->rule = p.rule;
		e->optimum = rollcube_bfs(&p, &s, 40000, NULL, &path, NULL) ?
		    (long)path.len : -1;
		movelist_clear(&path);
		rollcube_params_clear(&p);
		free(name);
	}
	closedir(d);
	if (l->count > 0)
		qsort(l->list, l->count, sizeof *l->list, by_file);
	levels_refresh(l);
	return l;
}

void
levels_refresh(struct levels_screen *l)
{
	size_t i;

	for (i = 0; i < l->count; i++)
		l->list[i].best = storage_best(l->list[i].key);
}

void
levels_close(struct levels_screen *l)
{
	if (l == NULL)
		return;
	free(l->list);
	free(l);
}

void
levels_draw(struct levels_screen *l, WINDOW *w)
{
	int rows = getmaxy(w), cols = getmaxx(w), y;
	char line[200];
	size_t i, solved = 0;

	werase(w);
	for (i = 0; i < l->count; i++)
		solved += l->list[i].best > 0;
	snprintf(line, sizeof line, "Rolling cube levels   %zu of %zu solved", solved, l->count);
	ui_text(w, 0, 2, line, ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD);
	/* The rules in two lines that fit 80 columns. */
	ui_text_clip(w, 1, 2, "Roll the die to G with the label on top. A number cell takes the die only",
	    A_DIM, cols - 4);
	ui_text_clip(w, 2, 2, "showing it: after the roll (top-after) or before it (abbott); * takes any.",
	    A_DIM, cols - 4);
	snprintf(line, sizeof line, "%-22s %-7s %-9s %7s %6s", "level", "size", "rule",
	    "optimum", "best");
	ui_text(w, 3, 7, line, A_BOLD | A_UNDERLINE);
	l->view.count = (int)l->count;
	list_layout(&l->view, 4, rows - 7);
	for (i = 0; i < l->count; i++) {
		const struct level_entry *e = &l->list[i];
		bool sel = (int)i == l->view.sel;
		attr_t a = sel ? A_REVERSE | A_BOLD : A_NORMAL;
		char size[48], best[32];

		if (!list_shown(&l->view, (int)i, &y))
			continue;
		snprintf(size, sizeof size, "%lldx%lld", (long long)e->rows, (long long)e->cols);
		if (e->best > 0)
			snprintf(best, sizeof best, "%ld%s", e->best, e->best <= e->optimum ? " *" : "");
		else
			snprintf(best, sizeof best, "-");
		snprintf(line, sizeof line, "%-22.22s %-7s %-9s %7ld %6s", e->name, size,
		    e->rule == RULE_ABBOTT ? "abbott" : "top-after", e->optimum, best);
		if (sel)
			ui_fill(w, y, 1, 1, cols - 2, A_REVERSE);
		/* The mark in its own column: rows line up whatever its width. */
		if (e->best > 0)
			ui_glyph(w, y, 3, "✓", '+', a);
		ui_text(w, y, 7, line, a);
	}
	list_draw_marks(&l->view, w, cols - 8);
	ui_text(w, rows - 2, 2, "Enter play   * best equals the optimum   PgUp PgDn Home End   Esc back",
	    A_DIM);
	if (l->msg[0] != '\0')
		ui_text(w, rows - 1, 2, l->msg, ui_pair_attr(PAIR_ERROR, A_BOLD));
}

static enum levels_action
choose(struct levels_screen *l, struct level_choice *out)
{
	const struct level_entry *e = &l->list[l->view.sel];
	struct tw_error err;
	char path[800], *name = NULL;

	snprintf(path, sizeof path, "%s/%s", l->dir, e->file);
	if (!load_level(path, &out->params, &out->start, &name, &err)) {
		snprintf(l->msg, sizeof l->msg, "%s", err.msg);
		return LEVELS_NONE;
	}
	free(name);
	snprintf(out->key, sizeof out->key, "%s", e->key);
	snprintf(out->title, sizeof out->title, "Level %d: %s", l->view.sel + 1, e->name);
	out->optimum = e->optimum;
	return LEVELS_PLAY;
}

enum levels_action
levels_key(struct levels_screen *l, int key, struct level_choice *out)
{
	l->msg[0] = '\0';
	switch (key) {
	case 27: case 'q': case KEY_LEFT:
		return LEVELS_BACK;
	case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT: case ' ':
		return l->count > 0 ? choose(l, out) : LEVELS_NONE;
	}
	list_key(&l->view, key);
	return LEVELS_NONE;
}

enum levels_action
levels_mouse(struct levels_screen *l, const MEVENT *ev, struct level_choice *out)
{
	int row = list_hit(&l->view, ev);

	if (row < 0)
		return LEVELS_NONE;
	l->view.sel = row;
	if (ev->bstate & BUTTON1_PRESSED)
		return LEVELS_NONE;
	return choose(l, out);
}

/* ---- The screen interface. ---- */

static struct screen_result
play(struct levels_screen *l, struct level_choice *choice)
{
	struct tw_error err;
	struct game *g = game_new(&rollcube_puzzle, &choice->params, &choice->start, NULL, &err);
	long best = storage_best(choice->key);

	rollcube_params_clear(&choice->params);
	if (g == NULL) {
		snprintf(l->msg, sizeof l->msg, "%s", err.msg);
		return screen_stay();
	}
	game_set_level(g, choice->key, choice->title, choice->optimum);
	if (best == 0)
		game_show_help(g);   /* a first try: the rules first */
	return screen_open(game_screen(g));
}

static struct screen_result
screen_key(struct screen *s, int key)
{
	struct levels_screen *l = (struct levels_screen *)s;
	struct level_choice choice;

	memset(&choice, 0, sizeof choice);
	switch (levels_key(l, key, &choice)) {
	case LEVELS_BACK:
		return screen_back(NULL);
	case LEVELS_PLAY:
		return play(l, &choice);
	case LEVELS_NONE:
		break;
	}
	return screen_stay();
}

static struct screen_result
screen_mouse(struct screen *s, const MEVENT *ev)
{
	struct levels_screen *l = (struct levels_screen *)s;
	struct level_choice choice;

	memset(&choice, 0, sizeof choice);
	if (levels_mouse(l, ev, &choice) == LEVELS_PLAY)
		return play(l, &choice);
	return screen_stay();
}

static void
screen_draw(struct screen *s, WINDOW *w)
{
	levels_draw((struct levels_screen *)s, w);
}

static struct screen_result
screen_revealed(struct screen *s, const char *value)
{
	(void)value;
	levels_refresh((struct levels_screen *)s);
	return screen_stay();
}

static void
screen_close(struct screen *s)
{
	levels_close((struct levels_screen *)s);
}

static const struct screen_ops levels_ops = {
	.draw = screen_draw,
	.key = screen_key,
	.mouse = screen_mouse,
	.revealed = screen_revealed,
	.close = screen_close,
};

struct screen *
levels_screen(struct tw_error *err)
{
	struct levels_screen *l = levels_open(err);

	if (l == NULL)
		return NULL;
	l->screen.ops = &levels_ops;
	return &l->screen;
}
