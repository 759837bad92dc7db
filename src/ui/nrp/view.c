/* The Number Rotation Puzzle board: tiles coloured by their home cell,
 * numbers always shown, orientable tiles with an arrow for where their top
 * points; a cursor block with its k x k outline; turns animated by
 * rotating the block's tiles about its centre. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/nrp/nrp.h"
#include "solvers/registry.h"
#include "ui/draw.h"
#include "ui/view.h"

struct nrp_ui {
	int brow, bcol;   /* cursor block's top-left cell, from 0 */
	int cw, ch;       /* cell width and height in characters */
	bool tight;       /* cells one column wider than the widest number */
	int frame;        /* 1 with a frame round the board, 0 without */
};

static const struct help_entry nrp_rules[] = {
	{NULL, "Number rotation: turn k x k blocks of the board a quarter or a half "
	    "turn until the tiles read 1..mn in order again. On orientable boards "
	    "every tile must also end upright (its arrow pointing up)."},
	{NULL, NULL},
};

static const struct help_entry nrp_help[] = {
	{"← → ↑ ↓  w a s d  k j l", "move the block cursor"},
	{"x  Space  Enter", "turn the block clockwise"},
	{"z  Backspace", "turn it counter-clockwise"},
	{"2", "half turn"},
	{"left / right click", "turn the block under the pointer clockwise / counter-clockwise"},
	{NULL, NULL},
};

static const char *const nrp_presets[] = {
	"3x3k2", "4x4k2", "4x4k3", "5x5k3", "6x6k4", "3x4k3", "3x3k2o", "4x4k3o", NULL,
};

static void *
nrp_ui_new(const void *params)
{
	struct nrp_ui *ui = calloc(1, sizeof *ui);

	(void)params;
	if (ui != NULL) {
		ui->cw = 6;
		ui->ch = 3;
	}
	return ui;
}

static void
nrp_ui_free(void *ui)
{
	free(ui);
}

static int
digits(int v)
{
	return v >= 100 ? 3 : v >= 10 ? 2 : 1;
}

static bool
nrp_layout(void *uip, const void *params, int h, int w, int *need_h, int *need_w)
{
	/* roomiest first: outline rows need ch = 3, the outline's bars and the
	 * rotation arrow need two columns beside the number; the frame goes
	 * last (16x16k7o fits 80 columns without it) */
	static const int sizes[][2] = {{3, 7}, {3, 6}, {1, 6}, {1, 5}, {1, 4}, {1, 3}};
	const struct nrp_params *p = params;
	struct nrp_ui *ui = uip;
	int d = digits(p->rows * p->cols) + (p->orientable ? 1 : 0);

	for (int f = 1; f >= 0; f--) {
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
			int ch = sizes[i][0], cw = sizes[i][1];

			if (cw < d + 1)
				break;
			if (p->rows * ch + 2 * f <= h && p->cols * cw + 2 * f <= w) {
				ui->ch = ch;
				ui->cw = cw;
				ui->tight = cw < d + 2;
				ui->frame = f;
				*need_h = p->rows * ch + 2 * f;
				*need_w = p->cols * cw + 2 * f;
				return true;
			}
		}
	}
	*need_h = p->rows;
	*need_w = p->cols * (d + 1);
	return false;
}

static const char *const arrow_u[] = {"↑", "→", "↓", "←"};
static const char arrow_a[] = {'^', '>', 'v', '<'};

/* Draws one tile with its cell's top-left at (y, x). */
static void
draw_tile(WINDOW *win, int y, int x, const struct nrp_ui *ui, const struct nrp_params *p,
    int tile, int rot, attr_t extra)
{
	int n = p->cols, len, col;
	attr_t attr = ui_tile_attr((tile - 1) / n, (tile - 1) % n, p->rows, n) | extra;
	char num[8];

	ui_fill(win, y, x, ui->ch, ui->cw, attr);
	len = snprintf(num, sizeof num, "%d", tile);
	/* Cells one column wider than the widest number: flush right, so
	 * that the block outline's bars fall in the spare left columns. */
	col = ui->tight ? x + ui->cw - len - (p->orientable ? 1 : 0) :
	    x + (ui->cw - len - (p->orientable ? 1 : 0) + 1) / 2;
	ui_text(win, y + ui->ch / 2, col, num, attr);
	if (p->orientable)
		ui_glyph(win, y + ui->ch / 2, col + len, arrow_u[rot & 3], arrow_a[rot & 3],
		    attr | (rot != 0 ? A_BOLD : 0));
}

static void
nrp_draw(WINDOW *win, int y, int x, void *uip, const void *params,
    const void *statep, const struct anim *anim, int flash)
{
	const struct nrp_params *p = params;
	const struct nrp_state *s = statep;
	struct nrp_ui *ui = uip;
	int m = p->rows, n = p->cols, k = p->k, cw = ui->cw, ch = ui->ch, f = ui->frame;
	struct nrp_move mv;
	bool moving = anim != NULL && anim->move != NULL && nrp_move_parse(p, anim->move, &mv, NULL);
	attr_t frame = ui_pair_attr(PAIR_FRAME, A_NORMAL), outline = ui_pair_attr(PAIR_SELECT, A_BOLD) | A_BOLD;
	int oy, ox;

	if (f == 1)
		ui_box(win, y, x, m * ch + 2, n * cw + 2, frame);
	for (int r = 0; r < m; r++) {
		for (int c = 0; c < n; c++) {
			bool in_block = moving && r >= mv.row - 1 && r < mv.row - 1 + k &&
			    c >= mv.col - 1 && c < mv.col - 1 + k;
			attr_t extra = 0;

			if (in_block) {
				ui_fill(win, y + f + r * ch, x + f + c * cw, ch, cw, A_NORMAL);
				continue;
			}
			if (flash >= 0 && (r + c) % (m + n) == flash % (m + n))
				extra = A_REVERSE;
			draw_tile(win, y + f + r * ch, x + f + c * cw, ui, p, s->tile[r * n + c],
			    s->rot[r * n + c], extra);
		}
	}
	if (moving) {
		/* the block's tiles part way round its centre */
		double angle = anim->t * (mv.turns == 3 ? -1 : mv.turns) * M_PI / 2;
		double cy = (k - 1) / 2.0, cx = (k - 1) / 2.0;

		for (int i = 0; i < k; i++) {
			for (int j = 0; j < k; j++) {
				int cell = (mv.row - 1 + i) * n + mv.col - 1 + j;
				/* clockwise on screen: (i, j) -> (j, k-1-i) at a quarter turn */
				double di = i - cy, dj = j - cx;
				double ri = di * cos(angle) - dj * sin(angle);
				double rj = di * sin(angle) + dj * cos(angle);
				int py = (int)lround((cy + ri) * ch), px = (int)lround((cx + rj) * cw);

				py = py < 0 ? 0 : py > (k - 1) * ch ? (k - 1) * ch : py;
				px = px < 0 ? 0 : px > (k - 1) * cw ? (k - 1) * cw : px;
				draw_tile(win, y + f + (mv.row - 1) * ch + py, x + f + (mv.col - 1) * cw + px,
				    ui, p, s->tile[cell], s->rot[cell], A_BOLD);
			}
		}
		return;
	}
	/* the cursor block's outline: bars in the cells' edge columns, and
	 * lines in their top and bottom rows when cells are three rows high */
	oy = y + f + ui->brow * ch;
	ox = x + f + ui->bcol * cw;
	for (int r = 0; r < k * ch; r++) {
		ui_glyph(win, oy + r, ox, "┃", '|', outline);
		/* tight cells: in the spare column of the next cell (or on the
		 * frame), never over a number */
		ui_glyph(win, oy + r, ox + k * cw - (ui->tight ? 0 : 1), "┃", '|', outline);
	}
	if (ch >= 3) {
		for (int c = 0; c < k * cw; c++) {
			ui_glyph(win, oy, ox + c, "━", '-', outline);
			ui_glyph(win, oy + k * ch - 1, ox + c, "━", '-', outline);
		}
		ui_glyph(win, oy, ox, "┏", '+', outline);
		ui_glyph(win, oy, ox + k * cw - 1, "┓", '+', outline);
		ui_glyph(win, oy + k * ch - 1, ox, "┗", '+', outline);
		ui_glyph(win, oy + k * ch - 1, ox + k * cw - 1, "┛", '+', outline);
	} else {
		/* one row per cell: markers on the frame say which rows */
		ui_glyph(win, oy, x - 1 + f, "▶", '>', outline);
		ui_glyph(win, oy + k - 1, x - 1 + f, "▶", '>', outline);
	}
}

static char *
turn_move(const struct nrp_ui *ui, int turns)
{
	struct nrp_move mv = {ui->brow + 1, ui->bcol + 1, turns};
	char buf[24];

	nrp_move_format(&mv, buf, sizeof buf);
	return strdup(buf);
}

static int
clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static char *
nrp_key(void *uip, const void *params, const void *state, int key, bool *handled)
{
	const struct nrp_params *p = params;
	struct nrp_ui *ui = uip;
	int rows = p->rows - p->k, cols = p->cols - p->k;

	(void)state;
	*handled = true;
	switch (key) {
	case KEY_UP: case 'w': case 'k':
		ui->brow = clamp(ui->brow - 1, 0, rows);
		return NULL;
	case KEY_DOWN: case 's': case 'j':
		ui->brow = clamp(ui->brow + 1, 0, rows);
		return NULL;
	case KEY_LEFT: case 'a':
		ui->bcol = clamp(ui->bcol - 1, 0, cols);
		return NULL;
	case KEY_RIGHT: case 'd': case 'l':
		ui->bcol = clamp(ui->bcol + 1, 0, cols);
		return NULL;
	case 'x': case ' ': case '\n': case '\r': case KEY_ENTER:
		return turn_move(ui, 1);
	case 'z': case KEY_BACKSPACE: case 127: case '\b':
		return turn_move(ui, 3);
	case '2':
		return turn_move(ui, 2);
	default:
		*handled = false;
		return NULL;
	}
}

/* Left click turns the block whose centre is nearest the pointer
 * clockwise, right click counter-clockwise (as in Tatham's Twiddle). */
static char *
nrp_mouse(void *uip, const void *params, const void *state, const MEVENT *ev,
    int y, int x, bool *handled)
{
	const struct nrp_params *p = params;
	struct nrp_ui *ui = uip;
	double u, v;
	int turns;

	(void)state;
	*handled = false;
	if (ev->bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED))
		turns = 1;
	else if (ev->bstate & (BUTTON3_CLICKED | BUTTON3_PRESSED))
		turns = 3;
	else
		return NULL;
	v = (ev->y - (y + ui->frame) + 0.5) / ui->ch;
	u = (ev->x - (x + ui->frame) + 0.5) / ui->cw;
	if (v < 0 || u < 0 || v >= p->rows || u >= p->cols)
		return NULL;
	*handled = true;
	ui->brow = clamp((int)floor(v - p->k / 2.0 + 0.5), 0, p->rows - p->k);
	ui->bcol = clamp((int)floor(u - p->k / 2.0 + 0.5), 0, p->cols - p->k);
	return turn_move(ui, turns);
}

static void
nrp_moved(void *uip, const void *params, const char *move)
{
	(void)uip;
	(void)params;
	(void)move;
}

static int
nrp_anim_ms(const void *params, const char *move)
{
	struct nrp_move mv;

	if (!nrp_move_parse(params, move, &mv, NULL))
		return 0;
	return mv.turns == 2 ? 220 : 140;
}

const struct puzzle_view nrp_view = {
	.puzzle = &nrp_puzzle,
	.rules = nrp_rules,
	.help = nrp_help,
	.presets = nrp_presets,
	.custom_prompt = "Board and blocks, ROWSxCOLSkK (2..16, k 2..min), o for orientable, e.g. 5x6k3o:",
	.ui_new = nrp_ui_new,
	.ui_free = nrp_ui_free,
	.layout = nrp_layout,
	.draw = nrp_draw,
	.key = nrp_key,
	.mouse = nrp_mouse,
	.moved = nrp_moved,
	.anim_ms = nrp_anim_ms,
};
