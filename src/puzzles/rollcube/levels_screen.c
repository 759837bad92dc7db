#include "puzzles/rollcube/levels_screen.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/draw.h"
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
	struct level_entry *list;
	size_t count, sel, top;
	int first_y;
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
	int rows = getmaxy(w), cols = getmaxx(w), y, visible;
	char line[200];
	size_t i, solved = 0;

	werase(w);
	for (i = 0; i < l->count; i++)
		solved += l->list[i].best > 0;
	snprintf(line, sizeof line, "Rolling cube levels   %zu of %zu solved", solved, l->count);
	ui_text(w, 0, 2, line, ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD);
	snprintf(line, sizeof line, "%-4s %-22s %-7s %-9s %7s %6s", "", "level", "size",
	    "rule", "optimum", "best");
	ui_text(w, 2, 2, line, A_BOLD | A_UNDERLINE);
	visible = rows - 6;
	if (visible < 1)
		visible = 1;
	if (l->sel < l->top)
		l->top = l->sel;
	if (l->sel >= l->top + (size_t)visible)
		l->top = l->sel - (size_t)visible + 1;
	l->first_y = 3;
	for (i = l->top, y = 3; i < l->count && y < 3 + visible; i++, y++) {
		const struct level_entry *e = &l->list[i];
		char size[48], best[32];

		snprintf(size, sizeof size, "%lldx%lld", (long long)e->rows, (long long)e->cols);
		if (e->best > 0)
			snprintf(best, sizeof best, "%ld%s", e->best, e->best <= e->optimum ? " *" : "");
		else
			snprintf(best, sizeof best, "-");
		snprintf(line, sizeof line, "%-4s %-22.22s %-7s %-9s %7ld %6s",
		    e->best > 0 ? (ui_theme.unicode ? "✓" : "ok") : "", e->name, size,
		    e->rule == RULE_ABBOTT ? "abbott" : "top-after", e->optimum, best);
		if (i == l->sel)
			ui_fill(w, y, 1, 1, cols - 2, A_REVERSE);
		ui_text(w, y, 2, line, i == l->sel ? A_REVERSE | A_BOLD : A_NORMAL);
	}
	ui_text(w, rows - 2, 2, "Enter play   * best equals the optimum   Esc back", A_DIM);
	if (l->msg[0] != '\0')
		ui_text(w, rows - 1, 2, l->msg, ui_pair_attr(PAIR_ERROR, A_BOLD));
}

static enum levels_action
choose(struct levels_screen *l, struct level_choice *out)
{
	const struct level_entry *e = &l->list[l->sel];
	struct tw_error err;
	char path[800], *name = NULL;

	snprintf(path, sizeof path, "%s/%s", l->dir, e->file);
	if (!load_level(path, &out->params, &out->start, &name, &err)) {
		snprintf(l->msg, sizeof l->msg, "%s", err.msg);
		return LEVELS_NONE;
	}
	free(name);
	snprintf(out->key, sizeof out->key, "%s", e->key);
	snprintf(out->title, sizeof out->title, "Level %zu: %s", l->sel + 1, e->name);
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
	case KEY_UP: case 'k':
		if (l->sel > 0)
			l->sel--;
		return LEVELS_NONE;
	case KEY_DOWN: case 'j':
		if (l->sel + 1 < l->count)
			l->sel++;
		return LEVELS_NONE;
	case KEY_HOME:
		l->sel = 0;
		return LEVELS_NONE;
	case KEY_END:
		l->sel = l->count > 0 ? l->count - 1 : 0;
		return LEVELS_NONE;
	case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT: case ' ':
		return l->count > 0 ? choose(l, out) : LEVELS_NONE;
	}
	return LEVELS_NONE;
}

enum levels_action
levels_mouse(struct levels_screen *l, const MEVENT *ev, struct level_choice *out)
{
	long i = (long)l->top + (ev->y - l->first_y);

	if (!(ev->bstate & (BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED)))
		return LEVELS_NONE;
	if (ev->y < l->first_y || i < 0 || (size_t)i >= l->count)
		return LEVELS_NONE;
	l->sel = (size_t)i;
	if (ev->bstate & BUTTON1_PRESSED)
		return LEVELS_NONE;
	return choose(l, out);
}
