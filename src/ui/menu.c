#include "ui/menu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/registry.h"
#include "ui/draw.h"
#include "ui/game.h"
#include "ui/help.h"
#include "ui/input.h"
#include "ui/keep.h"
#include "ui/list.h"
#include "ui/saves_screen.h"
#include "ui/stats_screen.h"
#include "ui/view.h"

enum item_kind {
	ITEM_HEADER, ITEM_PRESET, ITEM_CUSTOM, ITEM_EXTRA, ITEM_GAMEID, ITEM_SAVES,
	ITEM_REPLAYS, ITEM_STATS, ITEM_HELP, ITEM_QUIT,
};

struct item {
	enum item_kind kind;
	const struct puzzle *puzzle;
	const char *params;             /* ITEM_PRESET */
	const struct view_extra *extra; /* ITEM_EXTRA */
	char label[120];
};

#define MAX_ITEMS 96

struct menu {
	struct screen screen;   /* first: the menu is a screen */
	struct item items[MAX_ITEMS];
	struct list_view view;
	bool prompting;
	const struct item *prompt_for;
	struct line_input input;
	char msg[300];
	bool msg_error;
	enum { ASK_NONE, ASK_AUTOSAVE, ASK_QUIT } asking;
	char question[200];
	struct help_view help;
	bool help_up;
};

static void
add(struct menu *m, enum item_kind kind, const struct puzzle *p, const char *params,
    const struct view_extra *extra, const char *label)
{
	struct item *it;

	if (m->view.count == MAX_ITEMS)
		return;
	it = &m->items[m->view.count++];
	it->kind = kind;
	it->puzzle = p;
	it->params = params;
	it->extra = extra;
	snprintf(it->label, sizeof it->label, "%s", label);
}

static bool
selectable(const void *ctx, int row)
{
	const struct menu *m = ctx;

	return m->items[row].kind != ITEM_HEADER;
}

static void
say(struct menu *m, bool error, const char *msg)
{
	snprintf(m->msg, sizeof m->msg, "%s", msg);
	m->msg_error = error;
}

void
menu_say(struct screen *menu, const char *msg)
{
	say((struct menu *)menu, true, msg);
}

static void
fill(struct menu *m)
{
	char label[120];

	for (int i = 0; twirl_puzzles[i] != NULL; i++) {
		const struct puzzle *p = twirl_puzzles[i];
		const struct puzzle_view *v = view_for(p);

		if (v == NULL)
			continue;
		add(m, ITEM_HEADER, p, NULL, NULL, p->name);
		for (int j = 0; v->presets[j] != NULL; j++) {
			if (v->preset_labels != NULL)
				snprintf(label, sizeof label, "%s", v->preset_labels[j]);
			else
				snprintf(label, sizeof label, "%s %s", p->name, v->presets[j]);
			add(m, ITEM_PRESET, p, v->presets[j], NULL, label);
		}
		for (int j = 0; v->extras != NULL && v->extras[j].label != NULL; j++)
			add(m, ITEM_EXTRA, p, NULL, &v->extras[j], v->extras[j].label);
		snprintf(label, sizeof label, "%s, custom size...", p->name);
		add(m, ITEM_CUSTOM, p, NULL, NULL, label);
	}
	add(m, ITEM_HEADER, NULL, NULL, NULL, "");
	add(m, ITEM_GAMEID, NULL, NULL, NULL, "Enter a game ID...");
	add(m, ITEM_SAVES, NULL, NULL, NULL, "Saved games...");
	add(m, ITEM_REPLAYS, NULL, NULL, NULL, "Replays...");
	add(m, ITEM_STATS, NULL, NULL, NULL, "Statistics...");
	add(m, ITEM_HELP, NULL, NULL, NULL, "Help");
	add(m, ITEM_QUIT, NULL, NULL, NULL, "Quit");
}

/* ---- Help: every puzzle's rules, then the menu's keys. ---- */

static const struct help_entry menu_intro[] = {
	{NULL, "twirl is a suite of rotation puzzles, each with a solver behind the hint key."},
	{NULL, NULL},
};

static const struct help_entry menu_keys[] = {
	{"↑ ↓  j k", "choose"},
	{"PgUp PgDn Home End", "jump through the list"},
	{"Enter  click", "start, or open"},
	{"?  F1", "this help"},
	{"q  Esc", "quit"},
	{"", ""},
	{NULL, "In a game, ? shows its keys. Ctrl-S saves a game and Ctrl-O lists the "
	    "saved games. An unfinished game is kept when you leave it and offered back "
	    "at the next start."},
	{NULL, "Game IDs name a position exactly: torus:4x4#8812 (a seeded scramble, the "
	    "same on every machine), torus:2x3:6,5,4,3,2,1 (this position), torus:5x7 "
	    "(a random one). The status line of a game shows its ID."},
	{NULL, NULL},
};

/* Every puzzle's rules, one after another: one list of entries. */
static struct help_entry all_rules[64];

static void
open_help(struct menu *m)
{
	size_t n = 0;

	for (int i = 0; twirl_puzzles[i] != NULL; i++) {
		const struct puzzle_view *v = view_for(twirl_puzzles[i]);

		for (const struct help_entry *e = v != NULL ? v->rules : NULL;
		    e != NULL && e->text != NULL && n + 2 < sizeof all_rules / sizeof all_rules[0]; e++)
			all_rules[n++] = *e;
	}
	all_rules[n] = (struct help_entry){NULL, NULL};
	memset(&m->help, 0, sizeof m->help);
	m->help.title = " twirl ";
	m->help.parts[0] = menu_intro;
	m->help.parts[1] = all_rules;
	m->help.parts[2] = menu_keys;
	m->help_up = true;
}

/* ---- Drawing. ---- */

static void
draw(struct screen *scr, WINDOW *w)
{
	struct menu *m = (struct menu *)scr;
	int rows = getmaxy(w), cols = getmaxx(w), y;
	const char *foot = "↑↓ choose   Enter start   ? help   q quit";

	werase(w);
	if (rows < 6 || cols < 24) {
		ui_text_centered(w, rows / 2, cols >= 18 ? "Terminal too small" : "Too small", A_BOLD);
		return;
	}
	ui_text(w, 0, 2, "twirl", ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD);
	ui_text_fit(w, 0, 8, "— rotation puzzles for the terminal", A_DIM, cols - 9);
	list_layout(&m->view, 2, rows - 5);
	for (int i = 0; i < m->view.count; i++) {
		const struct item *it = &m->items[i];

		if (!list_shown(&m->view, i, &y))
			continue;
		if (it->kind == ITEM_HEADER) {
			char line[200];

			if (it->puzzle == NULL)
				continue;
			ui_text(w, y, 2, it->label, ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD);
			snprintf(line, sizeof line, "— %s", it->puzzle->summary);
			ui_text_fit(w, y, 3 + ui_width(it->label), line, A_DIM,
			    cols - 4 - ui_width(it->label) - 8);
			continue;
		}
		if (i == m->view.sel) {
			ui_fill(w, y, 2, 1, 36, A_REVERSE);
			ui_glyph(w, y, 2, "▶", '>', A_REVERSE | A_BOLD);
		}
		ui_text_fit(w, y, 4, it->label, i == m->view.sel ? A_REVERSE | A_BOLD : A_NORMAL,
		    cols - 14);
	}
	list_draw_marks(&m->view, w, cols - 8);
	/* Questions, prompts and messages wrap (over the list's last rows
	 * when they must), never cut: the message takes the last rows it
	 * needs, a prompt's input line and its question stand above it. */
	int most = rows / 3 > 2 ? rows / 3 : 2;
	int msg_lines = m->msg[0] == '\0' ? 0 : ui_text_wrap_lines(m->msg, cols - 4, most);
	int above = rows - 1 - (msg_lines > 0 ? msg_lines : 1);

	if (m->asking != ASK_NONE) {
		ui_text_wrap_up(w, above - 1, 2, m->question, ui_pair_attr(PAIR_GOOD, A_BOLD) | A_BOLD,
		    cols - 4, most);
	} else if (m->prompting) {
		const char *q = m->prompt_for->kind == ITEM_CUSTOM ?
		    view_for(m->prompt_for->puzzle)->custom_prompt :
		    "Game ID (e.g. torus:4x4#8812 or torus:2x3:6,5,4,3,2,1):";

		ui_text_wrap_up(w, above - 1, 2, q, A_BOLD, cols - 4, most);
		input_draw(&m->input, w, above, 2);
	} else if (msg_lines <= 1) {
		ui_text_fit(w, rows - 2, 2, foot, A_DIM, cols - 4);
	}
	if (msg_lines > 0)
		ui_text_wrap_up(w, rows - 1, 2, m->msg, m->msg_error ?
		    ui_pair_attr(PAIR_ERROR, A_BOLD) : ui_pair_attr(PAIR_GOOD, A_BOLD), cols - 4,
		    most);
	if (m->help_up)
		help_draw(&m->help, w);
}

/* ---- Acting. ---- */

static struct screen_result
play(struct menu *m, const struct gameid *gid)
{
	struct tw_error err;
	struct game *g = game_from_id(gid, &err);

	if (g == NULL) {
		say(m, true, err.msg);
		return screen_stay();
	}
	m->msg[0] = '\0';
	return screen_open(game_screen(g));
}

static struct screen_result
submit(struct menu *m)
{
	const struct item *it = m->prompt_for;
	struct tw_error err;
	struct gameid gid;
	struct screen_result r;
	char text[200];

	if (it->kind == ITEM_CUSTOM)
		snprintf(text, sizeof text, "%s:%s", it->puzzle->id, m->input.text);
	else
		snprintf(text, sizeof text, "%s", m->input.text);
	if (!gameid_parse(twirl_puzzles, text, &gid, &err)) {
		say(m, true, err.msg);
		return screen_stay();
	}
	if (it->kind == ITEM_CUSTOM && gid.kind != GAMEID_PARAMS) {
		gameid_free(&gid);
		say(m, true, "just the size, please, as the prompt shows");
		return screen_stay();
	}
	m->prompting = false;
	r = play(m, &gid);
	gameid_free(&gid);
	return r;
}

static struct screen_result
activate(struct menu *m)
{
	const struct item *it = &m->items[m->view.sel];
	struct tw_error err;
	struct gameid gid;
	struct screen_result r;
	struct screen *next;
	char text[128];

	m->msg[0] = '\0';
	switch (it->kind) {
	case ITEM_PRESET:
		snprintf(text, sizeof text, "%s:%s", it->puzzle->id, it->params);
		if (!gameid_parse(twirl_puzzles, text, &gid, &err)) {
			say(m, true, err.msg);
			return screen_stay();
		}
		r = play(m, &gid);
		gameid_free(&gid);
		return r;
	case ITEM_CUSTOM:
	case ITEM_GAMEID:
		m->prompting = true;
		m->prompt_for = it;
		input_start(&m->input, "");
		return screen_stay();
	case ITEM_EXTRA:
		next = it->extra->open(&err);
		if (next == NULL)
			say(m, true, err.msg);
		return screen_open(next);
	case ITEM_SAVES:
		return screen_open(saves_screen(SAVES_TO_RESUME, NULL));
	case ITEM_REPLAYS:
		return screen_open(saves_screen(SAVES_TO_WATCH, NULL));
	case ITEM_STATS:
		return screen_open(stats_screen());
	case ITEM_HELP:
		open_help(m);
		return screen_stay();
	case ITEM_QUIT:
		return screen_quit();
	case ITEM_HEADER:
		break;
	}
	return screen_stay();
}

/* The answer to the start-up question: y resumes the unfinished game,
 * anything else keeps it among the saved games. */
static struct screen_result
answer_autosave(struct menu *m, bool accept)
{
	struct tw_error err;
	char *path = keep_autosave_path(&err), *name, msg[300];
	struct game *g;

	if (path == NULL) {
		say(m, true, err.msg);
		return screen_stay();
	}
	if (accept) {
		g = game_from_file(path, &err);
		free(path);
		if (g == NULL) {
			say(m, true, err.msg);
			return screen_stay();
		}
		return screen_open(game_screen(g));
	}
	free(path);
	if (!keep_autosave_aside(&name, &err)) {
		say(m, true, err.msg);
	} else if (name != NULL) {
		snprintf(msg, sizeof msg, "Kept in Saved games as \"%s\"", name);
		say(m, false, msg);
		free(name);
	}
	return screen_stay();
}

static struct screen_result
key(struct screen *scr, int k)
{
	struct menu *m = (struct menu *)scr;

	if (k == KEY_RESIZE)
		return screen_stay();
	if (m->asking != ASK_NONE) {
		int asked = m->asking;

		m->asking = ASK_NONE;
		m->question[0] = '\0';
		if (asked == ASK_QUIT)
			return k == 'y' || k == 'Y' ? screen_quit() : screen_stay();
		return answer_autosave(m, k == 'y' || k == 'Y');
	}
	if (m->help_up) {
		if (!help_key(&m->help, k))
			m->help_up = false;
		return screen_stay();
	}
	if (m->prompting) {
		switch (input_key(&m->input, k)) {
		case INPUT_CANCEL:
			m->prompting = false;
			m->msg[0] = '\0';
			return screen_stay();
		case INPUT_DONE:
			return submit(m);
		case INPUT_EDITING:
			break;
		}
		return screen_stay();
	}
	if (list_key(&m->view, k == 'w' ? KEY_UP : k == 's' ? KEY_DOWN : k))
		return screen_stay();
	switch (k) {
	case '\n': case '\r': case KEY_ENTER: case ' ': case KEY_RIGHT:
		return activate(m);
	case '?': case KEY_F(1):
		open_help(m);
		break;
	case 'q': case 'Q':
		return screen_quit();
	case 27:
		/* Esc alone (a key the terminal did not describe arrives as
		 * something else): ask, never quit at once. */
		m->asking = ASK_QUIT;
		snprintf(m->question, sizeof m->question, "Quit twirl? (y/n)");
		break;
	}
	return screen_stay();
}

static struct screen_result
mouse(struct screen *scr, const MEVENT *ev)
{
	struct menu *m = (struct menu *)scr;
	int row;

	if (m->help_up || m->prompting || m->asking != ASK_NONE)
		return screen_stay();
	if ((row = list_hit(&m->view, ev)) < 0)
		return screen_stay();
	m->view.sel = row;
	if (ev->bstate & BUTTON1_PRESSED)
		return screen_stay();
	return activate(m);
}

/* Back from the saved games with a file to resume. */
static struct screen_result
revealed(struct screen *scr, const char *value)
{
	struct menu *m = (struct menu *)scr;
	struct tw_error err;
	struct game *g;

	if (value == NULL)
		return screen_stay();
	g = game_from_file(value, &err);
	if (g == NULL) {
		say(m, true, err.msg);
		return screen_stay();
	}
	return screen_open(game_screen(g));
}

static void
close_menu(struct screen *scr)
{
	free(scr);
}

static const struct screen_ops menu_ops = {
	.draw = draw,
	.key = key,
	.mouse = mouse,
	.revealed = revealed,
	.close = close_menu,
};

struct screen *
menu_screen(bool offer_autosave)
{
	struct menu *m = calloc(1, sizeof *m);
	struct tw_error err = {0};

	if (m == NULL)
		return NULL;
	m->screen.ops = &menu_ops;
	m->view.selectable = selectable;
	m->view.ctx = m;
	fill(m);
	list_select(&m->view, 0);
	/* Start on the 4x4 torus if there is one. */
	for (int i = 0; i < m->view.count; i++)
		if (m->items[i].params != NULL && strcmp(m->items[i].params, "4x4") == 0)
			m->view.sel = i;
	if (offer_autosave) {
		if (keep_autosave_offer(m->question, sizeof m->question - 40, &err)) {
			m->asking = ASK_AUTOSAVE;
			strcat(m->question, " (y: resume, n: keep it in Saved games)");
		}
		else if (err.msg[0] != '\0')
			say(m, true, err.msg);
	}
	return &m->screen;
}

void
menu_tell(struct screen *menu, const char *msg)
{
	say((struct menu *)menu, false, msg);
}
