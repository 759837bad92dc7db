/* The rolling cube board: north up, (1,1) bottom-left, blocked and
 * labelled cells, the goal with its wanted label, the die showing its top;
 * beside it the die's net as in the paper's Figure 2 (north; west, bottom,
 * east; south; top). Boards larger than the screen scroll with the die. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rollcube/rollcube.h"
#include "solvers/registry.h"
#include "solvers/rollcube/solve.h"
#include "ui/rollcube/levels_screen.h"
#include "ui/draw.h"
#include "ui/view.h"

#define NET_W_MIN 22

/* The side panel's width: room for the net and for the goal's and the
 * die's coordinates, however large the board ("goal (2147483647,2147483647)"). */
static int
net_width(const struct rollcube_params *p)
{
	char buf[64];
	int w = snprintf(buf, sizeof buf, "goal (%lld,%lld)", (long long)p->cols,
	    (long long)p->rows) + 2;

	return w > NET_W_MIN ? w : NET_W_MIN;
}

struct rollcube_ui {
	int cw, ch;             /* cell size in characters */
	int vis_cols, vis_rows; /* cells shown */
	int64_t x0, y0;         /* cell shown at the bottom-left of the view */
	struct rollcube_state gps_for;  /* the position gps describes */
	bool gps_valid;
	char gps[300];          /* the SRC path from there, open boards only */
	bool show_path;         /* p: the shortest path beside the board */
};

static const struct help_entry rollcube_rules[] = {
	{NULL, "Rolling cube: roll a die over the board to the goal G so that the "
	    "wanted label is on top when it arrives; it may stand on the goal only "
	    "after its last roll. # is blocked. A cell with a label takes the die "
	    "only with that label on top: after the roll (the top-after rule), or "
	    "before it (Abbott's rule). Under Abbott's rule a * cell is wild: any "
	    "label may roll onto it."},
	{NULL, NULL},
};

static const struct help_entry rollcube_help[] = {
	{"← → ↑ ↓  a d w s", "roll the die west, east, north, south"},
	{"j k l", "vi keys: roll south, north, east (h is the hint)"},
	{"mouse", "click a cell next to the die to roll onto it"},
	{"p", "open boards: show or hide the shortest path (the paper's generalized path string)"},
	{"the net", "beside the board, the die unfolded as in the paper: north; west, bottom, east; south; top"},
	{NULL, NULL},
};

static const char *const rollcube_presets[] = {"8x8", "12x9", NULL};

static const struct view_extra rollcube_extras[] = {
	{"Rolling cube levels...", levels_screen},
	{NULL, NULL},
};

static void *
rc_ui_new(const void *params)
{
	struct rollcube_ui *ui = calloc(1, sizeof *ui);

	(void)params;
	if (ui != NULL) {
		ui->cw = 4;
		ui->ch = 2;
	}
	return ui;
}

static void
rc_ui_free(void *ui)
{
	free(ui);
}

static bool
rc_layout(void *uip, const void *params, int h, int w, int *need_h, int *need_w)
{
	static const int sizes[][2] = {{2, 5}, {2, 4}, {1, 3}, {1, 2}};
	const size_t nsizes = sizeof sizes / sizeof sizes[0];
	const struct rollcube_params *p = params;
	struct rollcube_ui *ui = uip;
	size_t i;

	/* The roomiest cells that show the whole board; a board that never
	 * fits scrolls, with the roomiest cells that still show 5 x 5. */
	for (i = 0; i < 2 * nsizes; i++) {
		bool whole = i < nsizes;
		int ch = sizes[i % nsizes][0], cw = sizes[i % nsizes][1];
		int64_t cols = (w - net_width(p) - 2) / cw, rows = (h - 2) / ch;

		if (cols > p->cols)
			cols = p->cols;
		if (rows > p->rows)
			rows = p->rows;
		if (whole ? (cols == p->cols && rows == p->rows) :
		    (cols >= (p->cols < 5 ? p->cols : 5) && rows >= (p->rows < 5 ? p->rows : 5))) {
			ui->ch = ch;
			ui->cw = cw;
			ui->vis_cols = (int)cols;
			ui->vis_rows = (int)rows;
			*need_h = (int)rows * ch + 2 > 13 ? (int)rows * ch + 2 : 13;
			*need_w = (int)cols * cw + 2 + net_width(p);
			return true;
		}
	}
	*need_h = 13;
	*need_w = 3 * 2 + 2 + net_width(p);
	return false;
}

/* Scrolls so the die stays in view with a margin. */
static void
follow(struct rollcube_ui *ui, const struct rollcube_params *p, int64_t x, int64_t y)
{
	int64_t mx = ui->vis_cols / 4, my = ui->vis_rows / 4;

	if (x < ui->x0 + mx)
		ui->x0 = x - mx;
	if (x > ui->x0 + ui->vis_cols - 1 - mx)
		ui->x0 = x - (ui->vis_cols - 1 - mx);
	if (y < ui->y0 + my)
		ui->y0 = y - my;
	if (y > ui->y0 + ui->vis_rows - 1 - my)
		ui->y0 = y - (ui->vis_rows - 1 - my);
	if (ui->x0 > p->cols - ui->vis_cols + 1)
		ui->x0 = p->cols - ui->vis_cols + 1;
	if (ui->y0 > p->rows - ui->vis_rows + 1)
		ui->y0 = p->rows - ui->vis_rows + 1;
	if (ui->x0 < 1)
		ui->x0 = 1;
	if (ui->y0 < 1)
		ui->y0 = 1;
}

/* On open boards the hint panel shows the generalized path string from
 * the die's position (SRC, constant time; recomputed when the die moves). */
static void
draw_gps(WINDOW *win, int y, int x, struct rollcube_ui *ui,
    const struct rollcube_params *p, const struct rollcube_state *s)
{
	struct tw_error err;

	const char *c;
	int width = net_width(p) - 1, row = 0, col = 0;

	if (p->cells != NULL)
		return;
	/* Hidden until asked for: it is the answer. */
	if (!ui->show_path) {
		ui_text(win, y, x, "p: shortest path", A_DIM);
		return;
	}
	if (!ui->gps_valid || !rollcube_state_equal(p, &ui->gps_for, s)) {
		if (!rollcube_gps_text(p, s, ui->gps, sizeof ui->gps, &err))
			snprintf(ui->gps, sizeof ui->gps, "%s", err.msg);
		ui->gps_for = *s;
		ui->gps_valid = true;
	}
	ui_text(win, y, x, "shortest path (p hides):", A_DIM);
	/* Wrapped between tokens (a roll, or a run such as (E){dx-2}),
	 * never inside one. */
	for (c = ui->gps; *c != '\0' && row < 4; ) {
		const char *end = c + 1;
		char token[64];
		int len;

		if (*c == '(') {
			end = strchr(c, '}');
			end = end != NULL ? end + 1 : c + strlen(c);
		}
		len = (int)(end - c) < (int)sizeof token - 1 ? (int)(end - c) : (int)sizeof token - 1;
		if (col > 0 && col + len > width) {
			row++;
			col = 0;
			if (row == 4)
				break;
		}
		memcpy(token, c, (size_t)len);
		token[len] = '\0';
		ui_text_clip(win, y + 1 + row, x + col, token, A_BOLD, width - col);
		col += len;
		c = end;
	}
}

/* A board larger than the view is drawn as a window onto it: each side
 * of the frame beyond which the board goes on is dotted, with an arrow
 * at its middle. */
static void
window_marks(WINDOW *win, int y, int x, int H, int W, const struct rollcube_ui *ui,
    const struct rollcube_params *p)
{
	attr_t a = ui_pair_attr(PAIR_FRAME, A_BOLD);
	bool west = ui->x0 > 1, east = ui->x0 + ui->vis_cols - 1 < p->cols;
	bool south = ui->y0 > 1, north = ui->y0 + ui->vis_rows - 1 < p->rows;
	int i;

	for (i = 1; i <= W; i += 2) {
		if (north)
			ui_glyph(win, y, x + i, "┄", '.', a);
		if (south)
			ui_glyph(win, y + H + 1, x + i, "┄", '.', a);
	}
	for (i = 1; i <= H; i += 2) {
		if (west)
			ui_glyph(win, y + i, x, "┆", ':', a);
		if (east)
			ui_glyph(win, y + i, x + W + 1, "┆", ':', a);
	}
	if (north)
		ui_glyph(win, y, x + 1 + W / 2, "▲", '^', a);
	if (south)
		ui_glyph(win, y + H + 1, x + 1 + W / 2, "▼", 'v', a);
	if (west)
		ui_glyph(win, y + 1 + H / 2, x, "◀", '<', a);
	if (east)
		ui_glyph(win, y + 1 + H / 2, x + W + 1, "▶", '>', a);
}

static void
draw_net(WINDOW *win, int y, int x, const struct die *d, const struct rollcube_state *s,
    const struct rollcube_params *p)
{
	char buf[64];
	attr_t box = A_BOLD;

	ui_text(win, y, x, "die", A_BOLD | A_UNDERLINE);
	snprintf(buf, sizeof buf, "N [%d]", d->north);
	ui_text(win, y + 1, x + 2, buf, box);
	snprintf(buf, sizeof buf, "W [%d][%d][%d] E", 7 - d->east, 7 - d->top, d->east);
	ui_text(win, y + 2, x, buf, box);
	snprintf(buf, sizeof buf, "S [%d]", 7 - d->north);
	ui_text(win, y + 3, x + 2, buf, box);
	snprintf(buf, sizeof buf, "    [%d] top", d->top);
	ui_text(win, y + 4, x, buf, ui_pair_attr(PAIR_DIE, A_REVERSE) | A_BOLD);
	snprintf(buf, sizeof buf, "goal (%lld,%lld)", (long long)s->gx, (long long)s->gy);
	ui_text(win, y + 6, x, buf, A_NORMAL);
	if (s->label != 0)
		snprintf(buf, sizeof buf, "with %d on top", s->label);
	else
		snprintf(buf, sizeof buf, "any label on top");
	ui_text(win, y + 7, x, buf, A_NORMAL);
	snprintf(buf, sizeof buf, "die  (%lld,%lld)", (long long)s->x, (long long)s->y);
	ui_text(win, y + 8, x, buf, A_DIM);
	if (p->cells != NULL)   /* the rule decides which labelled cells take the die */
		ui_text(win, y + 9, x, p->rule == RULE_ABBOTT ? "rule: Abbott's" : "rule: top after",
		    A_DIM);
}

static void
rc_draw(WINDOW *win, int y, int x, void *uip, const void *params,
    const void *statep, const struct anim *anim, int flash)
{
	const struct rollcube_params *p = params;
	const struct rollcube_state *s = statep;
	struct rollcube_ui *ui = uip;
	int cw = ui->cw, ch = ui->ch, W = ui->vis_cols * cw, H = ui->vis_rows * ch;
	int i, j, dx = 0, dy = 0;
	struct die shown = s->die;
	char buf[16], blank[16];

	follow(ui, p, s->x, s->y);
	if (anim != NULL && anim->move != NULL && anim->move[0] != '\0' && anim->move[1] == '\0' &&
	    strchr("NESW", anim->move[0]) != NULL) {
		enum rollcube_dir dir = (enum rollcube_dir)(strchr("NESW", anim->move[0]) - "NESW");

		/* Slide towards the next cell; the new top shows halfway. */
		dx = dir == DIR_E ? 1 : dir == DIR_W ? -1 : 0;
		dy = dir == DIR_N ? 1 : dir == DIR_S ? -1 : 0;
		dx = (int)(anim->t * cw + 0.5) * dx;
		dy = (int)(anim->t * ch + 0.5) * dy;
		if (anim->t >= 0.5)
			shown = die_roll(s->die, dir);
	}
	ui_box(win, y, x, H + 2, W + 2, ui_pair_attr(PAIR_FRAME, A_NORMAL));
	window_marks(win, y, x, H, W, ui, p);
	for (i = 0; i < ui->vis_rows; i++) {
		int64_t cy = ui->y0 + ui->vis_rows - 1 - i;

		for (j = 0; j < ui->vis_cols; j++) {
			int64_t cx = ui->x0 + j;
			int v = rollcube_cell(p, cx, cy), k;
			attr_t attr = ((cx + cy) % 2 == 0) ?
			    ui_pair_attr(PAIR_CELL_DARK, A_NORMAL) :
			    ui_pair_attr(PAIR_CELL_LIGHT, A_NORMAL);
			bool goal = cx == s->gx && cy == s->gy;

			memset(buf, ' ', (size_t)cw);
			buf[cw] = '\0';
			if (v == CELL_BLOCKED) {
				attr = ui_pair_attr(PAIR_BLOCKED, A_REVERSE);
				for (k = 0; k < cw; k++)
					buf[k] = '#';
			} else if (goal) {
				attr = ui_pair_attr(PAIR_GOAL, A_BOLD) | A_BOLD;
				buf[0] = 'G';
				buf[cw > 2 ? cw / 2 : 1 % cw] = s->label == 0 ? '*' : (char)('0' + s->label);
				if (cw == 1)
					buf[0] = 'G';
			} else if (v >= 1 && v <= 6) {
				buf[cw / 2] = (char)('0' + v);
				attr |= A_BOLD;
			} else if (v == CELL_WILD) {
				buf[cw / 2] = '*';
			}
			if (flash >= 0 && (i + j) % 6 == flash % 6)
				attr ^= A_REVERSE;
			memset(blank, v == CELL_BLOCKED ? '#' : ' ', (size_t)cw);
			blank[cw] = '\0';
			for (k = 0; k < ch; k++)
				ui_text(win, y + 1 + i * ch + k, x + 1 + j * cw,
				    k == (ch - 1) / 2 ? buf : blank, attr);
		}
	}
	/* The die, sliding during a roll. */
	if (s->x >= ui->x0 && s->x < ui->x0 + ui->vis_cols &&
	    s->y >= ui->y0 && s->y < ui->y0 + ui->vis_rows) {
		int sx = x + 1 + (int)(s->x - ui->x0) * cw + dx;
		int sy = y + 1 + (int)(ui->y0 + ui->vis_rows - 1 - s->y) * ch - dy;
		attr_t die = ui_pair_attr(PAIR_DIE, A_REVERSE) | A_BOLD;

		if (cw >= 3)
			snprintf(buf, sizeof buf, "%*s[%d]%*s", (cw - 3) / 2, "", shown.top,
			    cw - 3 - (cw - 3) / 2, "");
		else
			snprintf(buf, sizeof buf, "%d%s", shown.top, cw == 2 ? " " : "");
		for (i = 0; i < ch; i++)
			ui_text_clip(win, sy + i, sx, i == (ch - 1) / 2 ? buf : "     ", die, cw);
	}
	draw_net(win, y, x + W + 4, &shown, s, p);
	if (anim == NULL || anim->move == NULL)
		draw_gps(win, y + 10, x + W + 4, ui, p, s);
}

static char *
roll(enum rollcube_dir d)
{
	static const char *const names[] = {"N", "E", "S", "W"};

	return strdup(names[d]);
}

static char *
rc_key(void *uip, const void *params, const void *state, int key, bool *handled)
{
	(void)params;
	(void)state;
	*handled = true;
	switch (key) {
	case 'p':
		((struct rollcube_ui *)uip)->show_path = !((struct rollcube_ui *)uip)->show_path;
		return NULL;
	case KEY_UP: case 'w': case 'k': return roll(DIR_N);
	case KEY_DOWN: case 's': case 'j': return roll(DIR_S);
	case KEY_LEFT: case 'a': return roll(DIR_W);
	case KEY_RIGHT: case 'd': case 'l': return roll(DIR_E);
	}
	*handled = false;
	return NULL;
}

static char *
rc_mouse(void *uip, const void *params, const void *state, const MEVENT *ev,
    int y, int x, bool *handled)
{
	const struct rollcube_state *s = state;
	struct rollcube_ui *ui = uip;
	int64_t cx, cy;
	int col, row;

	(void)params;
	*handled = false;
	if (!(ev->bstate & (BUTTON1_CLICKED | BUTTON1_RELEASED)))
		return NULL;
	col = (ev->x - x - 1) / ui->cw;
	row = (ev->y - y - 1) / ui->ch;
	if (ev->x <= x || ev->y <= y || col >= ui->vis_cols || row >= ui->vis_rows)
		return NULL;
	cx = ui->x0 + col;
	cy = ui->y0 + ui->vis_rows - 1 - row;
	/* Only a cell next to the die rolls it; another is not taken, and
	 * the game says so. */
	*handled = true;
	if (cx == s->x + 1 && cy == s->y) return roll(DIR_E);
	if (cx == s->x - 1 && cy == s->y) return roll(DIR_W);
	if (cy == s->y + 1 && cx == s->x) return roll(DIR_N);
	if (cy == s->y - 1 && cx == s->x) return roll(DIR_S);
	*handled = false;
	return NULL;
}

static void
rc_moved(void *ui, const void *params, const char *move)
{
	(void)ui;
	(void)params;
	(void)move;
}

/* A roll slides; a path of rolls (a run of the fast-forward) lands at
 * once. */
static int
rc_anim_ms(const void *params, const char *move)
{
	(void)params;
	return strlen(move) == 1 ? 160 : 0;
}

const struct puzzle_view rollcube_view = {
	.puzzle = &rollcube_puzzle,
	.rules = rollcube_rules,
	.help = rollcube_help,
	.presets = rollcube_presets,
	.extras = rollcube_extras,
	.custom_prompt = "Open board, rows x columns (up to 2147483647 each), e.g. 12x9:",
	.ui_new = rc_ui_new,
	.ui_free = rc_ui_free,
	.layout = rc_layout,
	.draw = rc_draw,
	.key = rc_key,
	.mouse = rc_mouse,
	.moved = rc_moved,
	.anim_ms = rc_anim_ms,
};
