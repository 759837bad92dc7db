#include "ui/saves_screen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ui/draw.h"
#include "ui/list.h"
#include "ui/replay.h"
#include "ui/storage.h"

struct saves_screen {
	struct screen screen;
	enum saves_mode mode;
	char *current;            /* the opener's own save, or NULL */
	struct save_info *list;   /* the user's saves, then (watching) the samples */
	size_t count, user;       /* all of them; the user's first */
	struct list_view view;
	bool confirm_delete;
	char msg[300];
	bool msg_error;
};

static void
say(struct saves_screen *s, bool error, const char *msg)
{
	snprintf(s->msg, sizeof s->msg, "%s", msg);
	s->msg_error = error;
}

static void
reload(struct saves_screen *s)
{
	struct tw_error err = {0};
	struct save_info *samples = NULL, *all;
	size_t nsamples = 0;
	char *data, *dir;

	storage_list_free(s->list, s->count);
	s->list = storage_list(&s->user, &err);
	s->count = s->user;
	if (err.msg[0] != '\0')
		say(s, true, err.msg);
	if (s->mode == SAVES_TO_WATCH && (data = storage_data_dir()) != NULL) {
		dir = tw_asprintf(NULL, "%s/replays", data);
		if (dir != NULL)
			samples = storage_list_in(dir, &nsamples);
		free(dir);
		free(data);
	}
	if (nsamples > 0) {
		all = realloc(s->list, (s->user + nsamples) * sizeof *all);
		if (all != NULL) {
			memcpy(all + s->user, samples, nsamples * sizeof *samples);
			s->list = all;
			s->count = s->user + nsamples;
			free(samples);
		} else {
			storage_list_free(samples, nsamples);
		}
	}
	s->view.count = (int)s->count;
	list_select(&s->view, s->view.sel);
}

static struct saves_screen *
of(struct screen *scr)
{
	return (struct saves_screen *)scr;
}

static void
draw(struct screen *scr, WINDOW *w)
{
	struct saves_screen *s = of(scr);
	int rows = getmaxy(w), cols = getmaxx(w), y, title_w, fixed, name_w, when_w, marks_w;
	char line[320], when[32];
	const char *foot;

	werase(w);
	ui_text(w, 0, 2, s->mode == SAVES_TO_RESUME ? "Saved games" : "Replays",
	    ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD);
	if (s->count == 0) {
		char *dir = storage_dir(STORAGE_SAVES, false, NULL);

		ui_text(w, 2, 2, "No saved games yet: Ctrl-S in a game saves it.", A_NORMAL);
		if (dir != NULL) {
			snprintf(line, sizeof line, "(saves go to %s)", dir);
			ui_text(w, 3, 2, line, A_DIM);
			free(dir);
		}
		ui_text(w, rows - 1, 2, "Esc back", A_DIM);
		return;
	}
	/* Columns: the puzzle as wide as its longest title, moves, when,
	 * solved; the name takes the rest (at least 12) and is cut with
	 * "..."; the right 8 columns are the more marks'. */
	title_w = 6;
	for (size_t i = 0; i < s->count; i++)
		if (ui_width(s->list[i].title) > title_w)
			title_w = ui_width(s->list[i].title);
	if (title_w > 24)
		title_w = 24;
	/* The year is left out when narrow; the marks' 8 columns are kept
	 * only when the list scrolls. */
	when_w = cols >= 100 ? 16 : 11;
	marks_w = s->view.count > rows - 6 ? 8 : 0;
	/* The name from column 2, a space, then the columns, which end
	 * before the right border's two columns and the marks. */
	fixed = 1 + title_w + 2 + 5 + 2 + when_w + 2 + 8;
	name_w = cols - 4 - marks_w - fixed;
	if (name_w < 12)
		name_w = 12;
	if (name_w > 40)
		name_w = 40;
	ui_text(w, 2, 2, "name", A_BOLD | A_UNDERLINE);
	snprintf(line, sizeof line, "%-*s  %5s  %-*s  %s", title_w, "puzzle", "moves", when_w,
	    "saved", "");
	ui_text(w, 2, 2 + name_w + 1, line, A_BOLD | A_UNDERLINE);
	list_layout(&s->view, 3, rows - 6);
	for (int i = 0; i < s->view.count; i++) {
		const struct save_info *si = &s->list[i];
		bool sel = i == s->view.sel;
		attr_t a = sel ? A_REVERSE | A_BOLD : A_NORMAL;
		struct tm tm;
		char count[24];

		if (!list_shown(&s->view, i, &y))
			continue;
		localtime_r(&si->mtime, &tm);
		strftime(when, sizeof when, when_w == 16 ? "%Y-%m-%d %H:%M" : "%m-%d %H:%M", &tm);
		if (sel)
			ui_fill(w, y, 1, 1, cols - 2, A_REVERSE);
		ui_text_fit(w, y, 2, si->name, a, name_w);
		if (si->moves == SAVE_MOVES_UNKNOWN)
			snprintf(count, sizeof count, "?");
		else
			snprintf(count, sizeof count, "%zu", si->moves);
		snprintf(line, sizeof line, "%-*s  %5s  %-*s  %s%s", title_w, si->title,
		    count, when_w, (size_t)i >= s->user ? "sample" : when,
		    si->moves == SAVE_MOVES_UNKNOWN ? "?" : si->solved ? "solved" : "unsolved",
		    s->current != NULL && strcmp(si->path, s->current) == 0 ? "  (this game)" : "");
		ui_text_clip(w, y, 2 + name_w + 1, line, a, cols - 2 - marks_w - (2 + name_w + 1));
	}
	list_draw_marks(&s->view, w, cols - 8);
	if (s->confirm_delete) {
		snprintf(line, sizeof line, "Delete \"%s\"? (y/n)", s->list[s->view.sel].name);
		ui_text_wrap_up(w, rows - 2, 2, line, A_BOLD, cols - 4, rows / 3);
	} else {
		foot = s->mode == SAVES_TO_RESUME ?
		    "Enter resume   v watch   d delete   PgUp PgDn Home End   Esc back" :
		    "Enter watch   d delete   PgUp PgDn Home End   Esc back";
		ui_text(w, rows - 2, 2, foot, A_DIM);
	}
	if (s->msg[0] != '\0')    /* wrapped over the keys' line when long */
		ui_text_wrap_up(w, rows - 1, 2, s->msg, s->msg_error ?
		    ui_pair_attr(PAIR_ERROR, A_BOLD) : A_NORMAL, cols - 4, rows / 3);
}

static struct screen_result
watch(struct saves_screen *s, const char *path)
{
	struct tw_error err;
	struct screen *r = replay_screen(path, &err);

	if (r == NULL)
		say(s, true, err.msg);
	return screen_open(r);
}

static struct screen_result
key(struct screen *scr, int k)
{
	struct saves_screen *s = of(scr);
	const struct save_info *si;

	if (s->confirm_delete) {
		s->confirm_delete = false;
		si = &s->list[s->view.sel];
		if (k == 'y' || k == 'Y') {
			char msg[300];

			if (unlink(si->path) == 0) {
				snprintf(msg, sizeof msg, "Deleted %s", si->name);
				say(s, false, msg);
			} else {
				say(s, true, "Could not delete that file");
			}
			reload(s);
		}
		return screen_stay();
	}
	s->msg[0] = '\0';
	if (k == 27 || k == 'q' || k == KEY_LEFT)
		return screen_back(NULL);
	if (list_key(&s->view, k) || s->count == 0)
		return screen_stay();
	si = &s->list[s->view.sel];
	switch (k) {
	case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT: case ' ':
		if (s->mode == SAVES_TO_WATCH)
			return watch(s, si->path);
		return screen_back(strdup(si->path));
	case 'v': case 'w':
		return watch(s, si->path);
	case 'd': case KEY_DC:
		if ((size_t)s->view.sel >= s->user)
			say(s, true, "The sample replays come with twirl: they stay");
		else
			s->confirm_delete = true;
		return screen_stay();
	}
	return screen_stay();
}

static struct screen_result
mouse(struct screen *scr, const MEVENT *ev)
{
	struct saves_screen *s = of(scr);
	int row;

	if (s->confirm_delete || (row = list_hit(&s->view, ev)) < 0)
		return screen_stay();
	s->view.sel = row;
	if (ev->bstate & BUTTON1_PRESSED)
		return screen_stay();
	return key(scr, '\n');
}

static struct screen_result
revealed(struct screen *scr, const char *value)
{
	(void)value;
	reload(of(scr));     /* a replay may have been deleted meanwhile */
	return screen_stay();
}

static void
close_screen(struct screen *scr)
{
	struct saves_screen *s = of(scr);

	storage_list_free(s->list, s->count);
	free(s->current);
	free(s);
}

static const struct screen_ops saves_ops = {
	.draw = draw,
	.key = key,
	.mouse = mouse,
	.revealed = revealed,
	.close = close_screen,
};

struct screen *
saves_screen(enum saves_mode mode, const char *current)
{
	struct saves_screen *s = calloc(1, sizeof *s);

	if (s == NULL)
		return NULL;
	s->screen.ops = &saves_ops;
	s->mode = mode;
	s->current = current != NULL ? strdup(current) : NULL;
	reload(s);
	return &s->screen;
}
