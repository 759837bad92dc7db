/* The dial's view: the position in a box, "[ 3 / 12 ]", with a bar
 * showing how far round the dial is; the arrow keys turn it and a click
 * left or right of the middle turns it down or up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/contract/dial/engine/dial.h"
#include "solvers/registry.h"
#include "ui/draw.h"
#include "ui/view.h"

enum { DIAL_H = 5, DIAL_W = 24 };

static const struct help_entry dial_rules[] = {
	{NULL, "Dial: a dial of N positions shows a number from 0 to N - 1. "
	    "Turn it up or down one step at a time until it shows 0."},
	{NULL, NULL},
};

static const struct help_entry dial_help[] = {
	{"↑ →  k l", "turn the dial up"},
	{"↓ ←  j h", "turn the dial down"},
	{"mouse", "click right of the middle turns up, left of it down"},
	{NULL, NULL},
};

static const char *const dial_presets[] = {"12", "60", NULL};

static void *
dial_ui_new(const void *params)
{
	(void)params;
	return calloc(1, 1);
}

static bool
dial_layout(void *ui, const void *params, int h, int w, int *need_h, int *need_w)
{
	(void)ui;
	(void)params;
	*need_h = DIAL_H;
	*need_w = DIAL_W;
	return h >= DIAL_H && w >= DIAL_W;
}

static void
dial_draw(WINDOW *win, int y, int x, void *ui, const void *params, const void *state,
    const struct anim *anim, int flash)
{
	const struct dial_params *p = params;
	const struct dial_state *s = state;
	int bar = DIAL_W - 4, filled = s->at * bar / p->n;
	char text[32];

	(void)ui;
	/* Mid-move, the bar leans half a step the way the dial turns. */
	if (anim != NULL && anim->move != NULL && anim->t >= 0.5)
		filled = (anim->move[0] == 'U' ? s->at + 1 : s->at + p->n - 1) % p->n * bar / p->n;
	ui_box(win, y, x, DIAL_H, DIAL_W, ui_pair_attr(PAIR_FRAME, A_NORMAL));
	snprintf(text, sizeof text, "[ %d / %d ]", s->at, p->n);
	ui_text(win, y + 1, x + (DIAL_W - (int)strlen(text)) / 2, text,
	    flash >= 0 ? ui_pair_attr(PAIR_GOOD, A_BOLD) : A_BOLD);
	for (int i = 0; i < bar; i++)
		ui_glyph(win, y + 3, x + 2 + i, i < filled ? "█" : "·", i < filled ? '#' : '.',
		    A_NORMAL);
}

static char *
dial_key(void *ui, const void *params, const void *state, int key, bool *handled)
{
	(void)ui;
	(void)params;
	(void)state;
	*handled = true;
	switch (key) {
	case KEY_UP: case KEY_RIGHT: case 'k': case 'l':
		return strdup("U");
	case KEY_DOWN: case KEY_LEFT: case 'j': case 'h':
		return strdup("D");
	}
	*handled = false;
	return NULL;
}

static char *
dial_mouse(void *ui, const void *params, const void *state, const MEVENT *ev, int y, int x,
    bool *handled)
{
	(void)ui;
	(void)params;
	(void)state;
	*handled = false;
	if (!(ev->bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) ||
	    ev->y < y || ev->y >= y + DIAL_H || ev->x < x || ev->x >= x + DIAL_W)
		return NULL;
	*handled = true;
	return strdup(ev->x >= x + DIAL_W / 2 ? "U" : "D");
}

static void
dial_moved(void *ui, const void *params, const char *move)
{
	(void)ui;
	(void)params;
	(void)move;
}

static int
dial_anim_ms(const void *params, const char *move)
{
	(void)params;
	(void)move;
	return 120;
}

const struct puzzle_view dial_view = {
	.puzzle = &dial_puzzle,
	.rules = dial_rules,
	.help = dial_help,
	.presets = dial_presets,
	.custom_prompt = "Positions on the dial (2..99), e.g. 12:",
	.ui_new = dial_ui_new,
	.ui_free = free,
	.layout = dial_layout,
	.draw = dial_draw,
	.key = dial_key,
	.mouse = dial_mouse,
	.moved = dial_moved,
	.anim_ms = dial_anim_ms,
};
