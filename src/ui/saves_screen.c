#include "ui/saves_screen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui/draw.h"
#include "ui/storage.h"

struct saves_screen {
	enum saves_mode mode;
	struct save_info *list;
	size_t count;
	size_t sel, top;
	int first_y;
	bool confirm_delete;
	char msg[200];
	bool msg_error;
};

void
saves_reload(struct saves_screen *s)
{
	struct tw_error err = {""};

	storage_list_free(s->list, s->count);
	s->list = storage_list(&s->count, &err);
	if (s->sel >= s->count)
		s->sel = s->count > 0 ? s->count - 1 : 0;
	if (err.msg[0] != '\0')
		saves_say(s, err.msg);
}

struct saves_screen *
saves_open(enum saves_mode mode)
{
	struct saves_screen *s = calloc(1, sizeof *s);

	if (s == NULL)
		return NULL;
	s->mode = mode;
	saves_reload(s);
	return s;
}

void
saves_close(struct saves_screen *s)
{
	if (s == NULL)
		return;
	storage_list_free(s->list, s->count);
	free(s);
}

void
saves_say(struct saves_screen *s, const char *msg)
{
	snprintf(s->msg, sizeof s->msg, "%s", msg);
	s->msg_error = true;
}

void
saves_draw(struct saves_screen *s, WINDOW *w)
{
	int rows = getmaxy(w), cols = getmaxx(w), y, visible;
	char line[256], when[32];
	size_t i;

	werase(w);
	ui_text(w, 0, 2, s->mode == SAVES_FOR_RESUME ? "Saved games" : "Replays",
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
	snprintf(line, sizeof line, "%-32s %-12s %6s  %-16s  %s", "name", "puzzle",
	    "moves", "saved", "");
	ui_text(w, 2, 2, line, A_BOLD | A_UNDERLINE);
	visible = rows - 6;
	if (visible < 1)
		visible = 1;
	if (s->sel < s->top)
		s->top = s->sel;
	if (s->sel >= s->top + (size_t)visible)
		s->top = s->sel - (size_t)visible + 1;
	s->first_y = 3;
	for (i = s->top, y = 3; i < s->count && y < 3 + visible; i++, y++) {
		const struct save_info *si = &s->list[i];
		struct tm tm;

		localtime_r(&si->mtime, &tm);
		strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
		snprintf(line, sizeof line, "%-32.32s %-12.12s %6zu  %-16s  %s",
		    si->name, si->title, si->moves, when,
		    si->solved ? "solved" : "unsolved");
		if (i == s->sel)
			ui_fill(w, y, 1, 1, cols - 2, A_REVERSE);
		ui_text(w, y, 2, line, i == s->sel ? A_REVERSE | A_BOLD : A_NORMAL);
	}
	if (s->confirm_delete)
		snprintf(line, sizeof line, "Delete \"%s\"? (y/n)", s->list[s->sel].name);
	else
		snprintf(line, sizeof line, "%s   v watch   d delete   Esc back",
		    s->mode == SAVES_FOR_RESUME ? "Enter resume" : "Enter watch");
	ui_text(w, rows - 2, 2, line, s->confirm_delete ? A_BOLD : A_DIM);
	if (s->msg[0] != '\0')
		ui_text(w, rows - 1, 2, s->msg, s->msg_error ?
		    ui_pair_attr(PAIR_ERROR, A_BOLD) : A_NORMAL);
}

enum saves_action
saves_key(struct saves_screen *s, int key, const char **path)
{
	if (s->confirm_delete) {
		s->confirm_delete = false;
		if (key == 'y' || key == 'Y') {
			if (unlink(s->list[s->sel].path) == 0) {
				snprintf(s->msg, sizeof s->msg, "Deleted %s", s->list[s->sel].name);
				s->msg_error = false;
			} else {
				saves_say(s, "Could not delete that file");
			}
			saves_reload(s);
		}
		return SAVES_NONE;
	}
	s->msg[0] = '\0';
	switch (key) {
	case 27: case 'q': case KEY_LEFT:
		return SAVES_BACK;
	case KEY_UP: case 'k':
		if (s->sel > 0)
			s->sel--;
		return SAVES_NONE;
	case KEY_DOWN: case 'j':
		if (s->sel + 1 < s->count)
			s->sel++;
		return SAVES_NONE;
	case KEY_HOME:
		s->sel = 0;
		return SAVES_NONE;
	case KEY_END:
		s->sel = s->count > 0 ? s->count - 1 : 0;
		return SAVES_NONE;
	}
	if (s->count == 0)
		return SAVES_NONE;
	*path = s->list[s->sel].path;
	switch (key) {
	case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT:
		return s->mode == SAVES_FOR_RESUME ? SAVES_RESUME : SAVES_WATCH;
	case 'v': case 'w':
		return SAVES_WATCH;
	case 'd': case KEY_DC:
		s->confirm_delete = true;
		return SAVES_NONE;
	}
	return SAVES_NONE;
}

enum saves_action
saves_mouse(struct saves_screen *s, const MEVENT *ev, const char **path)
{
	long i = (long)s->top + (ev->y - s->first_y);

	if (!(ev->bstate & (BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED)))
		return SAVES_NONE;
	if (s->confirm_delete || ev->y < s->first_y || i < 0 || (size_t)i >= s->count)
		return SAVES_NONE;
	s->sel = (size_t)i;
	if (ev->bstate & BUTTON1_PRESSED)
		return SAVES_NONE;
	return saves_key(s, '\n', path);
}
