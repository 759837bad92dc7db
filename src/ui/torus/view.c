/* The torus board: tiles coloured by their home cell, numbers always
 * shown, a cursor on one tile whose row and column are marked on the
 * frame; shifts slide the line, wrapping. The black-and-white torus
 * draws its pieces as # (black, in reverse video) and . (white), with
 * the goal pattern beside the board. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/torus/torus.h"
#include "solvers/registry.h"
#include "ui/draw.h"
#include "ui/view.h"

struct torus_ui {
	int crow, ccol;     /* cursor cell, from 0 */
	int cw, ch;         /* cell width and height in characters */
	int frame;          /* 1 with a frame round the board, 0 without */
	bool dragging;
	int drag_row, drag_col;     /* where the drag started */
	int drag_to_row, drag_to_col;   /* where the pointer is now */
};

static const struct help_entry torus_rules[] = {
	{NULL, "Torus: an m x n board of numbered tiles. A move shifts a whole row "
	    "or column by one or more cells, wrapping round. Put 1..mn back in "
	    "reading order. Tiles are coloured by their home cell."},
	{NULL, "Black and white: the pieces are only black (#) or white (.), and the "
	    "board is solved when it shows the goal pattern drawn beside it."},
	{NULL, NULL},
};

static const struct help_entry torus_help[] = {
	{"← → ↑ ↓  a d w s", "shift the cursor tile's row or column"},
	{"j k l", "vi keys: shift down, up, right"},
	{"Shift+arrows  I J K L", "move the cursor only"},
	{"Tab  Shift+Tab", "cursor to the next / previous tile"},
	{"mouse", "click selects a tile; drag it along its row or column to shift it"},
	{NULL, NULL},
};

static const char *const torus_presets[] = {"3x3", "4x4", "5x5", "6x6", "4x4:bw",
	"6x6:bw", "5x5:bw:random", NULL};
static const char *const torus_preset_labels[] = {"Torus 3x3", "Torus 4x4", "Torus 5x5",
	"Torus 6x6", "Torus 4x4, black and white", "Torus 6x6, black and white",
	"Torus 5x5, black and white, random goal", NULL};

/* The goal pattern's place right of the board: a gap, then two columns
 * a cell. */
#define GOAL_GAP 3

static void *
torus_ui_new(const void *params)
{
	struct torus_ui *ui = calloc(1, sizeof *ui);

	(void)params;
	if (ui != NULL) {
		ui->cw = 4;
		ui->ch = 1;
		ui->frame = 1;
	}
	return ui;
}

static void
torus_ui_free(void *ui)
{
	free(ui);
}

static int
digits(int v)
{
	return v >= 100 ? 3 : v >= 10 ? 2 : 1;
}

static bool
torus_layout(void *uip, const void *params, int h, int w, int *need_h,
    int *need_w)
{
	/* Cell height, width and frame, roomiest first; the frame goes
	 * before the gaps between numbers do. */
	static const int sizes[][3] = {{3, 7, 1}, {3, 6, 1}, {1, 5, 1}, {1, 4, 1},
	    {1, 4, 0}, {1, 3, 1}, {1, 3, 0}, {1, 2, 1}, {1, 2, 0}};
	const struct torus_params *p = params;
	struct torus_ui *ui = uip;
	int d = p->bw ? 1 : digits(p->rows * p->cols);
	int goal_w = p->bw ? GOAL_GAP + 2 * p->cols : 0, goal_h = p->bw ? p->rows + 1 : 0;
	size_t i;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		int ch = sizes[i][0], cw = sizes[i][1], f = sizes[i][2];
		int bh = p->rows * ch + 2 * f;

		if (cw < d)
			break;
		if ((bh > goal_h ? bh : goal_h) <= h && p->cols * cw + 2 * f + goal_w <= w) {
			ui->ch = ch;
			ui->cw = cw;
			ui->frame = f;
			*need_h = bh > goal_h ? bh : goal_h;
			*need_w = p->cols * cw + 2 * f + goal_w;
			return true;
		}
	}
	*need_h = p->rows > goal_h ? p->rows : goal_h;
	*need_w = p->cols * d + goal_w;
	return false;
}

/* Line `line` (0..ch-1) of the cell showing tile, cw characters: the
 * number right-aligned in the width of the board's largest (width
 * characters), that field centred, so that columns line up whatever the
 * number of digits. */
static void
cell_line(int tile, bool bw, int width, int cw, int ch, int line, char *buf)
{
	char num[8];
	int len, pad;

	memset(buf, ' ', (size_t)cw);
	buf[cw] = '\0';
	if (line != ch / 2)
		return;
	if (bw)
		len = snprintf(num, sizeof num, "%c", tile ? '#' : '.');
	else
		len = snprintf(num, sizeof num, "%*d", width, tile);
	pad = (cw - len + 1) / 2;
	if (pad < 0)
		pad = 0;
	memcpy(buf + pad, num, (size_t)(len <= cw ? len : cw));
}

static int
modi(int a, int b)
{
	int r = a % b;

	return r < 0 ? r + b : r;
}

/* The shift a drag from (drag_row, drag_col) to the pointer makes: along
 * the row when it went further sideways, else along the column. False
 * when the pointer is back where it started. */
static bool
drag_move(const struct torus_ui *ui, struct torus_move *mv)
{
	int dr = ui->drag_to_row - ui->drag_row, dc = ui->drag_to_col - ui->drag_col;

	if (dr == 0 && dc == 0)
		return false;
	if (abs(dc) >= abs(dr)) {
		mv->dir = dc > 0 ? TORUS_E : TORUS_W;
		mv->line = ui->drag_row + 1;
		mv->amount = abs(dc);
	} else {
		mv->dir = dr > 0 ? TORUS_S : TORUS_N;
		mv->line = ui->drag_col + 1;
		mv->amount = abs(dr);
	}
	return true;
}

static void
torus_draw(WINDOW *win, int y, int x, void *uip, const void *params,
    const void *statep, const struct anim *anim, int flash)
{
	const struct torus_params *p = params;
	const struct torus_state *s = statep;
	struct torus_ui *ui = uip;
	int m = p->rows, n = p->cols, cw = ui->cw, ch = ui->ch, f = ui->frame;
	int W = n * cw, H = m * ch, ly, cx;
	struct torus_move mv;
	bool moving = false;
	int offset = 0;
	attr_t frame = ui_pair_attr(PAIR_FRAME, A_NORMAL);
	char buf[16];

	if (anim != NULL && anim->move != NULL &&
	    torus_move_parse(p, anim->move, &mv, NULL)) {
		bool row = mv.dir == TORUS_E || mv.dir == TORUS_W;
		int sign = mv.dir == TORUS_E || mv.dir == TORUS_S ? 1 : -1;

		moving = true;
		offset = (int)(anim->t * mv.amount * (row ? cw : ch) + 0.5) * sign;
	} else if (ui->dragging && drag_move(ui, &mv)) {
		/* The dragged row or column follows the pointer. */
		bool row = mv.dir == TORUS_E || mv.dir == TORUS_W;
		int sign = mv.dir == TORUS_E || mv.dir == TORUS_S ? 1 : -1;

		moving = true;
		offset = mv.amount * (row ? cw : ch) * sign;
	}

	if (f == 1) {
		ui_box(win, y, x, H + 2, W + 2, frame);
		/* Markers on the frame for the cursor's row and column. */
		ui_glyph(win, y + 1 + ui->crow * ch + ch / 2, x, "▶", '>', A_BOLD);
		ui_glyph(win, y + 1 + ui->crow * ch + ch / 2, x + W + 1, "◀", '<', A_BOLD);
		ui_glyph(win, y, x + 1 + ui->ccol * cw + cw / 2, "▼", 'v', A_BOLD);
		ui_glyph(win, y + H + 1, x + 1 + ui->ccol * cw + cw / 2, "▲", '^', A_BOLD);
	}

	for (ly = 0; ly < H; ly++) {
		for (cx = 0; cx < W; cx++) {
			int sy = ly, sx = cx, r, c, tile;
			attr_t attr;

			if (moving) {
				bool row = mv.dir == TORUS_E || mv.dir == TORUS_W;

				if (row && ly / ch == mv.line - 1)
					sx = modi(cx - offset, W);
				else if (!row && cx / cw == mv.line - 1)
					sy = modi(ly - offset, H);
			}
			r = sy / ch;
			c = sx / cw;
			tile = s->tile[r * n + c];
			if (p->bw) {
				/* Black in reverse video; the cursor turns
				 * it round and is bold. */
				attr = tile ? A_REVERSE : A_NORMAL;
				if (!moving && r == ui->crow && c == ui->ccol)
					attr ^= A_REVERSE | A_BOLD;
			} else {
				attr = ui_tile_attr((tile - 1) / n, (tile - 1) % n, m, n);
				if (!moving && r == ui->crow && c == ui->ccol)
					attr |= A_REVERSE | A_BOLD;
			}
			if (flash >= 0 && (r + c) % (m + n) == flash % (m + n))
				attr ^= A_REVERSE;
			/* Without gaps, alternate columns are told apart. */
			if (!p->bw && cw <= digits(m * n) && c % 2 == 1)
				attr |= A_UNDERLINE;
			cell_line(tile, p->bw, digits(m * n), cw, ch, sy % ch, buf);
			buf[sx % cw + 1] = '\0';
			ui_text(win, y + f + ly, x + f + cx, buf + sx % cw, attr);
		}
	}
	if (p->bw) {
		/* The goal, beside the board, two columns a cell. */
		int gx = x + W + 2 * f + GOAL_GAP;

		ui_text(win, y, gx, "goal", A_BOLD);
		for (int r = 0; r < m; r++)
			for (int c = 0; c < n; c++)
				ui_text(win, y + 1 + r, gx + 2 * c, p->goal[r * n + c] ? "# " : ". ",
				    p->goal[r * n + c] ? A_REVERSE : A_NORMAL);
	}
}

static char *
shift_move(const struct torus_params *p, enum torus_dir dir, int line, int amount)
{
	struct torus_move mv;
	char buf[16];
	int len = dir == TORUS_E || dir == TORUS_W ? p->cols : p->rows;

	amount = modi(amount, len);
	if (amount == 0)
		return NULL;
	mv.dir = dir;
	mv.line = line + 1;
	mv.amount = amount;
	torus_move_format(&mv, buf, sizeof buf);
	return strdup(buf);
}

static char *
torus_key(void *uip, const void *params, const void *state, int key,
    bool *handled)
{
	const struct torus_params *p = params;
	struct torus_ui *ui = uip;

	(void)state;
	*handled = true;
	switch (key) {
	case KEY_UP: case 'w': case 'k':
		return shift_move(p, TORUS_N, ui->ccol, 1);
	case KEY_DOWN: case 's': case 'j':
		return shift_move(p, TORUS_S, ui->ccol, 1);
	case KEY_LEFT: case 'a':
		return shift_move(p, TORUS_W, ui->crow, 1);
	case KEY_RIGHT: case 'd': case 'l':
		return shift_move(p, TORUS_E, ui->crow, 1);
	case KEY_SR: case 'I':
		ui->crow = modi(ui->crow - 1, p->rows);
		return NULL;
	case KEY_SF: case 'K':
		ui->crow = modi(ui->crow + 1, p->rows);
		return NULL;
	case KEY_SLEFT: case 'J':
		ui->ccol = modi(ui->ccol - 1, p->cols);
		return NULL;
	case KEY_SRIGHT: case 'L':
		ui->ccol = modi(ui->ccol + 1, p->cols);
		return NULL;
	case '\t':
		ui->ccol++;
		if (ui->ccol == p->cols) {
			ui->ccol = 0;
			ui->crow = modi(ui->crow + 1, p->rows);
		}
		return NULL;
	case KEY_BTAB:
		ui->ccol--;
		if (ui->ccol < 0) {
			ui->ccol = p->cols - 1;
			ui->crow = modi(ui->crow - 1, p->rows);
		}
		return NULL;
	default:
		*handled = false;
		return NULL;
	}
}

/* Board cell under screen (my, mx), without clamping (floor division). */
static void
cell_at(const struct torus_ui *ui, int my, int mx, int y, int x, int *r, int *c)
{
	int dy = my - (y + ui->frame), dx = mx - (x + ui->frame);

	*r = dy >= 0 ? dy / ui->ch : -((-dy + ui->ch - 1) / ui->ch);
	*c = dx >= 0 ? dx / ui->cw : -((-dx + ui->cw - 1) / ui->cw);
}

static char *
torus_mouse(void *uip, const void *params, const void *state,
    const MEVENT *ev, int y, int x, bool *handled)
{
	const struct torus_params *p = params;
	struct torus_ui *ui = uip;
	int r, c;

	(void)state;
	*handled = false;
	cell_at(ui, ev->y, ev->x, y, x, &r, &c);
	if (ev->bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
		if (r < 0 || r >= p->rows || c < 0 || c >= p->cols)
			return NULL;
		*handled = true;
		ui->crow = r;
		ui->ccol = c;
		ui->dragging = (ev->bstate & BUTTON1_PRESSED) != 0;
		ui->drag_row = ui->drag_to_row = r;
		ui->drag_col = ui->drag_to_col = c;
		return NULL;
	}
	if (ui->dragging && (ev->bstate & (BUTTON1_RELEASED | REPORT_MOUSE_POSITION))) {
		struct torus_move mv;
		char buf[32];

		*handled = true;
		ui->drag_to_row = r < 0 ? 0 : r >= p->rows ? p->rows - 1 : r;
		ui->drag_to_col = c < 0 ? 0 : c >= p->cols ? p->cols - 1 : c;
		if (!(ev->bstate & BUTTON1_RELEASED))
			return NULL;     /* still dragging: the view follows */
		ui->dragging = false;
		if (!drag_move(ui, &mv))
			return NULL;
		torus_move_format(&mv, buf, sizeof buf);
		return strdup(buf);
	}
	return NULL;
}

static void
torus_moved(void *uip, const void *params, const char *move)
{
	const struct torus_params *p = params;
	struct torus_ui *ui = uip;
	struct torus_move mv;

	if (!torus_move_parse(p, move, &mv, NULL))
		return;
	switch (mv.dir) {
	case TORUS_E: case TORUS_W:
		if (mv.line - 1 == ui->crow)
			ui->ccol = modi(ui->ccol + (mv.dir == TORUS_E ? mv.amount : -mv.amount), p->cols);
		break;
	case TORUS_N: case TORUS_S:
		if (mv.line - 1 == ui->ccol)
			ui->crow = modi(ui->crow + (mv.dir == TORUS_S ? mv.amount : -mv.amount), p->rows);
		break;
	}
}

static int
torus_anim_ms(const void *params, const char *move)
{
	struct torus_move mv;

	if (!torus_move_parse(params, move, &mv, NULL))
		return 0;
	return 90 + 40 * mv.amount;
}

const struct puzzle_view torus_view = {
	.puzzle = &torus_puzzle,
	.rules = torus_rules,
	.help = torus_help,
	.presets = torus_presets,
	.preset_labels = torus_preset_labels,
	.custom_prompt = "Board size, rows x columns (2..20 each), e.g. 5x7, or 5x7:bw for black and white (5x7:bw:random: a random goal):",
	.ui_new = torus_ui_new,
	.ui_free = torus_ui_free,
	.layout = torus_layout,
	.draw = torus_draw,
	.key = torus_key,
	.mouse = torus_mouse,
	.moved = torus_moved,
	.anim_ms = torus_anim_ms,
};
