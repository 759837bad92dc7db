#include "ui/menu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/registry.h"
#include "ui/draw.h"
#include "ui/input.h"
#include "ui/view.h"

enum item_kind {
	ITEM_HEADER, ITEM_PRESET, ITEM_CUSTOM, ITEM_LEVELS, ITEM_GAMEID, ITEM_SAVES,
	ITEM_REPLAYS,
	ITEM_HELP, ITEM_QUIT,
};

struct item {
	enum item_kind kind;
	const struct puzzle *puzzle;
	const char *params;     /* ITEM_PRESET */
	char label[120];
};

#define MAX_ITEMS 64

struct menu {
	struct item items[MAX_ITEMS];
	int count;
	int sel;
	int first_y;            /* screen row of items[0] at the last draw */
	bool prompting;
	const struct item *prompt_for;
	struct line_input input;
	char msg[200];
	char question[200];     /* a yes/no question is up when not empty */
	bool help;
};

static void
add(struct menu *m, enum item_kind kind, const struct puzzle *p,
    const char *params, const char *label)
{
	struct item *it;

	if (m->count == MAX_ITEMS)
		return;
	it = &m->items[m->count++];
	it->kind = kind;
	it->puzzle = p;
	it->params = params;
	snprintf(it->label, sizeof it->label, "%s", label);
}

static bool
selectable(const struct item *it)
{
	return it->kind != ITEM_HEADER;
}

struct menu *
menu_new(void)
{
	struct menu *m = calloc(1, sizeof *m);
	char label[120];
	int i, j;

	if (m == NULL)
		return NULL;
	for (i = 0; twirl_puzzles[i] != NULL; i++) {
		const struct puzzle *p = twirl_puzzles[i];
		const struct puzzle_view *v = view_for(p);

		if (v == NULL)
			continue;
		snprintf(label, sizeof label, "%s — %s", p->name, p->summary);
		add(m, ITEM_HEADER, p, NULL, label);
		for (j = 0; v->presets[j] != NULL; j++) {
			if (p == &cube_puzzle)
				snprintf(label, sizeof label, "%s %sx%sx%s", p->name,
				    v->presets[j], v->presets[j], v->presets[j]);
			else
				snprintf(label, sizeof label, "%s %s", p->name, v->presets[j]);
			add(m, ITEM_PRESET, p, v->presets[j], label);
		}
		if (p == &rollcube_puzzle)
			add(m, ITEM_LEVELS, p, NULL, "Rolling cube levels...");
		snprintf(label, sizeof label, "%s, custom size...", p->name);
		add(m, ITEM_CUSTOM, p, NULL, label);
	}
	add(m, ITEM_HEADER, NULL, NULL, "");
	add(m, ITEM_GAMEID, NULL, NULL, "Enter a game ID...");
	add(m, ITEM_SAVES, NULL, NULL, "Saved games...");
	add(m, ITEM_REPLAYS, NULL, NULL, "Replays...");
	add(m, ITEM_HELP, NULL, NULL, "Help");
	add(m, ITEM_QUIT, NULL, NULL, "Quit");
	for (m->sel = 0; !selectable(&m->items[m->sel]); m->sel++)
		;
	/* Start on the 4x4 torus if there is one. */
	for (i = 0; i < m->count; i++)
		if (m->items[i].params != NULL && strcmp(m->items[i].params, "4x4") == 0)
			m->sel = i;
	return m;
}

void
menu_free(struct menu *m)
{
	free(m);
}

void
menu_say(struct menu *m, const char *msg)
{
	snprintf(m->msg, sizeof m->msg, "%s", msg);
}

void
menu_ask(struct menu *m, const char *question)
{
	snprintf(m->question, sizeof m->question, "%s (y/n)", question);
}

static const char *const menu_help[] = {
	"twirl is a suite of rotation puzzles.",
	"",
	"Torus: an m x n board of numbered tiles. A move shifts a whole row",
	"or column by one or more cells, wrapping round. Put 1..mn back in",
	"reading order. Tiles are coloured by their home cell.",
	"",
	"Rolling cube: roll a die over a board to the goal G so that the",
	"wanted label is on top when it arrives. Labelled cells take the die",
	"only with their label on top (after the roll, or before it under",
	"Abbott's rule); # is blocked. The net beside the board shows all six",
	"faces. Levels keep your best against the optimum.",
	"",
	"Menu: arrows or j/k choose, Enter starts, q quits; mouse clicks too.",
	"In a game press ? for its keys. Ctrl-S saves a game, Ctrl-O lists",
	"the saves; an unfinished game is kept when you quit and offered back.",
	"",
	"Game IDs name a position exactly: torus:4x4#8812 (a seeded",
	"scramble), torus:2x3:6,5,4,3,2,1 (this position), torus:5x7 (random).",
	"",
	"any key returns to the menu",
	NULL,
};

void
menu_draw(struct menu *m, WINDOW *w)
{
	int rows = getmaxy(w), cols = getmaxx(w), i, y, x = 4;
	int need = m->count + 6;

	werase(w);
	if (rows < 8 || cols < 30) {
		ui_text_centered(w, rows / 2, "Terminal too small", A_BOLD);
		return;
	}
	if (m->help) {
		for (i = 0; menu_help[i] != NULL; i++)
			ui_text(w, 1 + i, 2, menu_help[i], i == 0 ? A_BOLD : A_NORMAL);
		return;
	}
	ui_text(w, 0, 2, "twirl", ui_pair_attr(PAIR_TITLE, A_BOLD) | A_BOLD);
	ui_text(w, 0, 8, "— rotation puzzles for the terminal", A_DIM);
	/* Scroll so the selection stays visible on short screens. */
	y = 2;
	if (need > rows && m->sel + 4 > rows - 3)
		y -= m->sel + 4 - (rows - 3);
	m->first_y = y;
	for (i = 0; i < m->count; i++, y++) {
		const struct item *it = &m->items[i];

		if (y < 1 || y >= rows - 3)
			continue;
		if (it->kind == ITEM_HEADER) {
			ui_text(w, y, 2, it->label, ui_pair_attr(PAIR_TITLE, A_BOLD));
			continue;
		}
		if (i == m->sel) {
			ui_fill(w, y, x - 2, 1, 36, A_REVERSE);
			ui_glyph(w, y, x - 2, "▶", '>', A_REVERSE | A_BOLD);
		}
		ui_text(w, y, x, it->label, i == m->sel ? A_REVERSE | A_BOLD : A_NORMAL);
	}
	if (m->question[0] != '\0') {
		ui_text(w, rows - 3, 2, m->question, ui_pair_attr(PAIR_GOOD, A_BOLD) | A_BOLD);
	} else if (m->prompting) {
		const char *q = m->prompt_for->kind == ITEM_CUSTOM ?
		    view_for(m->prompt_for->puzzle)->custom_prompt :
		    "Game ID (e.g. torus:4x4#8812 or torus:2x3:6,5,4,3,2,1):";

		ui_text(w, rows - 3, 2, q, A_BOLD);
		input_draw(&m->input, w, rows - 2, 2);
	} else {
		ui_text(w, rows - 2, 2, "↑↓ choose   Enter start   ? help   q quit",
		    A_DIM);
	}
	if (m->msg[0] != '\0')
		ui_text(w, rows - 1, 2, m->msg, ui_pair_attr(PAIR_ERROR, A_BOLD));
}

static void
move_sel(struct menu *m, int dir)
{
	int i = m->sel;

	do {
		i += dir;
		if (i < 0 || i >= m->count)
			return;
	} while (!selectable(&m->items[i]));
	m->sel = i;
}

static enum menu_action
submit(struct menu *m, struct gameid *gid)
{
	const struct item *it = m->prompt_for;
	struct tw_error err;
	char text[200];

	if (it->kind == ITEM_CUSTOM)
		snprintf(text, sizeof text, "%s:%s", it->puzzle->id, m->input.text);
	else
		snprintf(text, sizeof text, "%s", m->input.text);
	if (!gameid_parse(twirl_puzzles, text, gid, &err)) {
		menu_say(m, err.msg);
		return MENU_NONE;
	}
	if (it->kind == ITEM_CUSTOM && gid->kind != GAMEID_PARAMS) {
		gameid_free(gid);
		menu_say(m, "just the size, please: rows x columns, e.g. 5x7");
		return MENU_NONE;
	}
	m->prompting = false;
	m->msg[0] = '\0';
	return MENU_PLAY;
}

static enum menu_action
prompt_key(struct menu *m, int key, struct gameid *gid)
{
	switch (input_key(&m->input, key)) {
	case INPUT_CANCEL:
		m->prompting = false;
		m->msg[0] = '\0';
		return MENU_NONE;
	case INPUT_DONE:
		return submit(m, gid);
	case INPUT_EDITING:
		break;
	}
	return MENU_NONE;
}

static enum menu_action
activate(struct menu *m, struct gameid *gid)
{
	const struct item *it = &m->items[m->sel];
	struct tw_error err;
	char text[128];

	m->msg[0] = '\0';
	switch (it->kind) {
	case ITEM_PRESET:
		snprintf(text, sizeof text, "%s:%s", it->puzzle->id, it->params);
		if (!gameid_parse(twirl_puzzles, text, gid, &err)) {
			menu_say(m, err.msg);
			return MENU_NONE;
		}
		return MENU_PLAY;
	case ITEM_CUSTOM:
	case ITEM_GAMEID:
		m->prompting = true;
		m->prompt_for = it;
		input_start(&m->input, "");
		return MENU_NONE;
	case ITEM_LEVELS:
		return MENU_LEVELS;
	case ITEM_SAVES:
		return MENU_SAVES;
	case ITEM_REPLAYS:
		return MENU_REPLAYS;
	case ITEM_HELP:
		m->help = true;
		return MENU_NONE;
	case ITEM_QUIT:
		return MENU_QUIT;
	case ITEM_HEADER:
		break;
	}
	return MENU_NONE;
}

enum menu_action
menu_key(struct menu *m, int key, struct gameid *gid)
{
	if (m->question[0] != '\0') {
		m->question[0] = '\0';
		return key == 'y' || key == 'Y' ? MENU_ACCEPT : MENU_DECLINE;
	}
	if (m->help) {
		m->help = false;
		return MENU_NONE;
	}
	if (m->prompting)
		return prompt_key(m, key, gid);
	switch (key) {
	case KEY_UP: case 'k': case 'w':
		move_sel(m, -1);
		break;
	case KEY_DOWN: case 'j': case 's': case '\t':
		move_sel(m, 1);
		break;
	case KEY_HOME: case 'g':
		m->sel = 0;
		while (!selectable(&m->items[m->sel]))
			m->sel++;
		break;
	case KEY_END: case 'G':
		m->sel = m->count - 1;
		break;
	case '\n': case '\r': case KEY_ENTER: case ' ': case KEY_RIGHT:
		return activate(m, gid);
	case '?': case KEY_F(1):
		m->help = true;
		break;
	case 'q': case 'Q': case 27:
		return MENU_QUIT;
	}
	return MENU_NONE;
}

enum menu_action
menu_mouse(struct menu *m, const MEVENT *ev, struct gameid *gid)
{
	int i = ev->y - m->first_y;

	if (m->help || m->prompting || m->question[0] != '\0')
		return MENU_NONE;
	if (!(ev->bstate & (BUTTON1_CLICKED | BUTTON1_RELEASED | BUTTON1_PRESSED)))
		return MENU_NONE;
	if (i < 0 || i >= m->count || !selectable(&m->items[i]))
		return MENU_NONE;
	m->sel = i;
	if (ev->bstate & BUTTON1_PRESSED)
		return MENU_NONE;
	return activate(m, gid);
}
