/* The cube's unfolded net: U above F, the row L F R B, D below; every
 * sticker a coloured cell that also shows its face letter. A turning layer
 * is highlighted while it turns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cube/cube.h"
#include "solvers/registry.h"
#include "engine/cube/rules.h"
#include "ui/draw.h"
#include "ui/view.h"

struct cube_ui {
	int sw, sh, gap;      /* sticker width and height, gap between faces */
	bool strip;           /* the six faces in a row (U R F D L B), when the net does not fit */
	int prefix;           /* a typed layer depth, 0 for none */
	bool wide;            /* 'w' typed after the depth */
	/* The last layer number refused: > 0 a layer that does not exist,
	 * -1 a digit after w, < -1 a wide turn of -refused-1 layers. */
	int refused;
	char pending[128];    /* cube_pending's text */
};

static const struct help_entry cube_rules[] = {
	{NULL, "Cube: the N x N x N Rubik's cube, unfolded as a net (U on top, "
	    "L F R B across, D below) or, where the net does not fit, as the six "
	    "faces in a row (U R F D L B), each sticker in its WCA colour with its "
	    "face letter. Turn faces and slices until every face is one colour."},
	{NULL, NULL},
};

static const struct help_entry cube_help[] = {
	{"t i f d l b", "turn U R F D L B clockwise"},
	{"T I F D L B", "the same, counter-clockwise"},
	{"x y z  X Y Z", "turn the whole cube; Shift: back"},
	{"2 i   3 w i", "a number first: inner slice 2R, wide 3Rw (shown while you type; Esc drops it)"},
	{"mouse", "click a face to turn it clockwise; right click: counter-clockwise"},
	{NULL, NULL},
};

static const char *const cube_presets[] = {"2", "3", "4", "5", "4:turns=8", NULL};
static const char *const cube_preset_labels[] = {"Cube 2x2x2", "Cube 3x3x3", "Cube 4x4x4",
	"Cube 5x5x5", "Cube 4x4x4, practice: 8 turns", NULL};

static void *
cube_ui_new(const void *params)
{
	struct cube_ui *ui = calloc(1, sizeof *ui);

	(void)params;
	if (ui != NULL) {
		ui->sw = 3;
		ui->sh = 1;
		ui->gap = 1;
	}
	return ui;
}

static void
cube_ui_free(void *ui)
{
	free(ui);
}

static int
size_of(const void *params)
{
	return cube_params_size(params);
}

/* The net (U above L F R B, D below) at the roomiest sticker size that
 * fits; when none does (an 11x11x11 needs 33 rows), the six faces in one
 * row under their letters, a character a sticker: 71 x 12 at most, so
 * every size plays at 80 x 24. */
static bool
cube_layout(void *uip, const void *params, int h, int w, int *need_h, int *need_w)
{
	static const int sizes[][3] = {{5, 2, 1}, {3, 1, 1}, {2, 1, 1}, {1, 1, 1}, {1, 1, 0}};
	struct cube_ui *ui = uip;
	int n = size_of(params);
	size_t i;

	ui->strip = false;
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		int sw = sizes[i][0], sh = sizes[i][1], gap = sizes[i][2];
		int nw = 4 * n * sw + 3 * gap, nh = 3 * n * sh + 2 * gap;

		if (nw <= w && nh <= h) {
			ui->sw = sw;
			ui->sh = sh;
			ui->gap = gap;
			*need_h = nh;
			*need_w = nw;
			return true;
		}
	}
	ui->strip = true;
	ui->sw = ui->sh = ui->gap = 1;
	*need_h = n + 1;
	*need_w = 6 * n + 5;
	if (6 * n + 5 <= w && n + 1 <= h)
		return true;
	ui->gap = 0;
	*need_w = 6 * n;
	return 6 * n <= w && n + 1 <= h;
}

/* Where face f's sticker (row, col) goes, relative to the net's corner. */
static void
place(const struct cube_ui *ui, int n, int face, int row, int col, int *y, int *x)
{
	static const int band[6] = {0, 1, 1, 2, 1, 1}, slot[6] = {1, 2, 1, 1, 0, 3};
	int fw = n * ui->sw + ui->gap, fh = n * ui->sh + ui->gap;

	if (ui->strip) {
		*y = 1 + row;
		*x = face * fw + col;
		return;
	}
	*y = band[face] * fh + row * ui->sh;
	*x = slot[face] * fw + col * ui->sw;
}

/* Stickers in the layers that move turns. */
static void
moving(const struct cube *c, const char *move, bool *out)
{
	struct cube_move mv;
	int i, total = 6 * c->n * c->n;

	memset(out, 0, (size_t)total);
	if (move == NULL || !cube_move_parse(c->n, move, &mv, NULL))
		return;
	for (i = 0; i < total; i++)
		out[i] = cube_move_touches(c->n, &mv, i);
}

static void
cube_draw(WINDOW *win, int y, int x, void *uip, const void *params,
    const void *state, const struct anim *anim, int flash)
{
	const struct cube *c = state;
	struct cube_ui *ui = uip;
	int n = size_of(params), face, r, k;
	bool turning[CUBE_MAX_FACELETS];
	struct cube shown = *c;

	moving(c, anim != NULL ? anim->move : NULL, turning);
	/* The turn happens halfway through its animation. */
	if (anim != NULL && anim->move != NULL && anim->t >= 0.5)
		cube_apply_alg(&shown, anim->move, NULL);
	for (face = 0; ui->strip && face < 6; face++) {
		char name[2] = {"URFDLB"[face], '\0'};
		int sy, sx;

		place(ui, n, face, 0, 0, &sy, &sx);
		ui_text(win, y, x + sx + (n - 1) / 2, name, A_BOLD);
	}
	for (face = 0; face < 6; face++) {
		for (r = 0; r < n; r++) {
			for (k = 0; k < n; k++) {
				int idx = face * n * n + r * n + k, sy, sx, line;
				char letter = shown.f[idx], cell[8], blank[8];
				attr_t attr = ui_sticker_attr(letter);

				place(ui, n, face, r, k, &sy, &sx);
				memset(cell, ' ', (size_t)ui->sw);
				cell[ui->sw] = '\0';
				cell[(ui->sw - 1) / 2] = letter;
				if (turning[idx])
					attr |= A_REVERSE | A_BOLD;
				if (flash >= 0 && (r + k + face) % 4 == flash % 4)
					attr ^= A_REVERSE;
				if (!ui_theme.color && ui->sw == 1 && ui->gap == 0 && (face % 2) == 1)
					attr |= A_UNDERLINE;   /* faces apart without colour */
				memset(blank, ' ', (size_t)ui->sw);
				blank[ui->sw] = '\0';
				for (line = 0; line < ui->sh; line++)
					ui_text(win, y + sy + line, x + sx,
					    line == (ui->sh - 1) / 2 ? cell : blank, attr);
			}
		}
	}
}

static char *
turn(struct cube_ui *ui, int n, char face, bool back)
{
	char buf[16];

	if (ui->prefix > 0 && ui->prefix <= n) {
		if (ui->wide)
			snprintf(buf, sizeof buf, "%d%cw%s", ui->prefix, face, back ? "'" : "");
		else
			snprintf(buf, sizeof buf, "%d%c%s", ui->prefix, face, back ? "'" : "");
	} else {
		snprintf(buf, sizeof buf, "%c%s", face, back ? "'" : "");
	}
	ui->prefix = 0;
	ui->wide = false;
	return strdup(buf);
}

static char *
cube_key(void *uip, const void *params, const void *state, int key, bool *handled)
{
	static const char keys[] = "tifdlb", faces[] = "URFDLB";
	struct cube_ui *ui = uip;
	int n = size_of(params);
	const char *hit;
	char buf[4];

	(void)state;
	*handled = true;
	ui->refused = 0;
	if (key >= '0' && key <= '9' && !(key == '0' && ui->prefix == 0)) {
		int next = ui->prefix * 10 + (key - '0');

		if (ui->wide) {
			ui->prefix = 0;
			ui->wide = false;
			ui->refused = -1;
			return NULL;
		}
		/* A layer that does not exist is refused here, with the
		 * reason, not dropped when the face key comes. */
		if (next > n || next < 1) {
			ui->refused = next;
			ui->prefix = 0;
			return NULL;
		}
		ui->prefix = next;
		return NULL;
	}
	if (key == 'w' && ui->prefix > 0) {
		if (ui->prefix >= n) {
			ui->refused = -ui->prefix - 1;
			ui->prefix = 0;
			return NULL;
		}
		ui->wide = true;
		return NULL;
	}
	if (key == 27 && ui->prefix > 0) {
		ui->prefix = 0;
		ui->wide = false;
		return NULL;
	}
	if (key > 0 && key < 128 && (hit = strchr(keys, key)) != NULL)
		return turn(ui, n, faces[hit - keys], false);
	if (key > 0 && key < 128 && (hit = strchr("TIFDLB", key)) != NULL)
		return turn(ui, n, faces[hit - "TIFDLB"], true);
	if (key == 'x' || key == 'y' || key == 'z' || key == 'X' || key == 'Y' || key == 'Z') {
		ui->prefix = 0;
		ui->wide = false;
		snprintf(buf, sizeof buf, "%c%s", key | 0x20, key < 'a' ? "'" : "");
		return strdup(buf);
	}
	*handled = ui->prefix > 0;
	ui->prefix = 0;
	ui->wide = false;
	return NULL;
}

/* The layer number being typed, or why the last one was refused. */
static const char *
cube_pending(void *uip, const void *params)
{
	struct cube_ui *ui = uip;
	int n = size_of(params);

	if (ui->refused > 0)
		snprintf(ui->pending, sizeof ui->pending,
		    "No layer %d on a %dx%dx%d cube: a layer is 1 to %d", ui->refused, n, n, n, n);
	else if (ui->refused == -1)
		snprintf(ui->pending, sizeof ui->pending, "A wide turn's number comes before the w (3wi is 3Rw)");
	else if (ui->refused < -1)
		snprintf(ui->pending, sizeof ui->pending,
		    "A wide turn of %d layers is a turn of the whole cube on a %dx%dx%d: wide turns take 2 to %d",
		    -ui->refused - 1, n, n, n, n - 1);
	else if (ui->prefix > 0 && ui->wide)
		snprintf(ui->pending, sizeof ui->pending,
		    "%dw: a face key (t i f d l b) turns its %d outer layers; Esc drops it",
		    ui->prefix, ui->prefix);
	else if (ui->prefix > 0)
		snprintf(ui->pending, sizeof ui->pending,
		    "%d: a face key (t i f d l b) turns layer %d from that face, w makes it wide; Esc drops it",
		    ui->prefix, ui->prefix);
	else
		return NULL;
	return ui->pending;
}

static char *
cube_mouse(void *uip, const void *params, const void *state, const MEVENT *ev,
    int y, int x, bool *handled)
{
	struct cube_ui *ui = uip;
	int n = size_of(params), face, r, k;

	(void)state;
	*handled = false;
	/* One event a click: the left button's release (or click), the
	 * right button's press (or click), as the other views take them; a
	 * terminal reports a press and a release for one click. */
	if (!(ev->bstate & (BUTTON1_CLICKED | BUTTON1_RELEASED | BUTTON3_CLICKED |
	    BUTTON3_PRESSED)))
		return NULL;
	for (face = 0; face < 6; face++)
		for (r = 0; r < n; r++)
			for (k = 0; k < n; k++) {
				int sy, sx;

				place(ui, n, face, r, k, &sy, &sx);
				if (ev->y >= y + sy && ev->y < y + sy + ui->sh &&
				    ev->x >= x + sx && ev->x < x + sx + ui->sw) {
					*handled = true;
					return turn(ui, n, "URFDLB"[face],
					    (ev->bstate & (BUTTON3_CLICKED | BUTTON3_PRESSED)) != 0);
				}
			}
	return NULL;
}

static void
cube_moved(void *ui, const void *params, const char *move)
{
	(void)ui;
	(void)params;
	(void)move;
}

static int
cube_anim_ms(const void *params, const char *move)
{
	(void)params;
	return strchr(move, '2') != NULL && move[0] != '2' ? 260 : 180;
}

const struct puzzle_view cube_view = {
	.puzzle = &cube_puzzle,
	.rules = cube_rules,
	.help = cube_help,
	.presets = cube_presets,
	.preset_labels = cube_preset_labels,
	.custom_prompt = "Cube size, 2 to 11, e.g. 6, or 6:turns=5 to practise on 5 random turns:",
	.ui_new = cube_ui_new,
	.ui_free = cube_ui_free,
	.layout = cube_layout,
	.draw = cube_draw,
	.key = cube_key,
	.mouse = cube_mouse,
	.moved = cube_moved,
	.anim_ms = cube_anim_ms,
	.pending = cube_pending,
};
