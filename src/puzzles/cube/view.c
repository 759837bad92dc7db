/* The cube's unfolded net: U above F, the row L F R B, D below; every
 * sticker a coloured cell that also shows its face letter. A turning layer
 * is highlighted while it turns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/cube/cube.h"
#include "puzzles/registry.h"
#include "ui/draw.h"
#include "ui/view.h"

struct cube_ui {
	int sw, sh, gap;      /* sticker width and height, gap between faces */
	int prefix;           /* a typed layer depth, 0 for none */
	bool wide;            /* 'w' typed after the depth */
};

static const char *const cube_help[] = {
	"t i f d l b", "turn U R F D L B clockwise",
	"T I F D L B", "the same, counter-clockwise",
	"x y z  X Y Z", "turn the whole cube; Shift: back",
	"2 i   3 w i", "prefix: inner slice 2R, wide 3Rw",
	"mouse", "click a face to turn it; right: back",
	NULL, NULL,
};

static const char *const cube_presets[] = {"2", "3", "4", "5", NULL};

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
	return *(const int *)params;
}

static bool
cube_layout(void *uip, const void *params, int h, int w, int *need_h, int *need_w)
{
	static const int sizes[][3] = {{5, 2, 1}, {3, 1, 1}, {2, 1, 1}, {1, 1, 1}, {1, 1, 0}};
	struct cube_ui *ui = uip;
	int n = size_of(params);
	size_t i;

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
	*need_h = 3 * n;
	*need_w = 4 * n;
	return false;
}

/* Where face f's sticker (row, col) goes, relative to the net's corner. */
static void
place(const struct cube_ui *ui, int n, int face, int row, int col, int *y, int *x)
{
	static const int band[6] = {0, 1, 1, 2, 1, 1}, slot[6] = {1, 2, 1, 1, 0, 3};
	int fw = n * ui->sw + ui->gap, fh = n * ui->sh + ui->gap;

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
	if (ui->prefix > 0) {
		char pending[24];

		snprintf(pending, sizeof pending, "layer %d%s_", ui->prefix, ui->wide ? "w" : "");
		ui_text(win, y, x, pending, A_BOLD);
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
	const char *hit;
	char buf[4];

	(void)state;
	*handled = true;
	if (key >= '1' && key <= '9') {
		ui->prefix = ui->prefix * 10 + (key - '0');
		if (ui->prefix > 99)
			ui->prefix = key - '0';
		return NULL;
	}
	if (key == 'w' && ui->prefix > 0) {
		ui->wide = true;
		return NULL;
	}
	if (key > 0 && key < 128 && (hit = strchr(keys, key)) != NULL && key != '\0')
		return turn(ui, size_of(params), faces[hit - keys], false);
	if (key > 0 && key < 128 && (hit = strchr("TIFDLB", key)) != NULL && key != '\0')
		return turn(ui, size_of(params), faces[hit - "TIFDLB"], true);
	if (key == 'x' || key == 'y' || key == 'z' || key == 'X' || key == 'Y' || key == 'Z') {
		ui->prefix = 0;
		snprintf(buf, sizeof buf, "%c%s", key | 0x20, key < 'a' ? "'" : "");
		return strdup(buf);
	}
	*handled = ui->prefix > 0;
	ui->prefix = 0;
	ui->wide = false;
	return NULL;
}

static char *
cube_mouse(void *uip, const void *params, const void *state, const MEVENT *ev,
    int y, int x, bool *handled)
{
	struct cube_ui *ui = uip;
	int n = size_of(params), face, r, k;

	(void)state;
	*handled = false;
	if (!(ev->bstate & (BUTTON1_CLICKED | BUTTON1_RELEASED | BUTTON3_CLICKED |
	    BUTTON3_RELEASED | BUTTON3_PRESSED)))
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
					    (ev->bstate & (BUTTON3_CLICKED | BUTTON3_RELEASED |
					    BUTTON3_PRESSED)) != 0);
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
	.help = cube_help,
	.presets = cube_presets,
	.custom_prompt = "Cube size, 2 to 11:",
	.ui_new = cube_ui_new,
	.ui_free = cube_ui_free,
	.layout = cube_layout,
	.draw = cube_draw,
	.key = cube_key,
	.mouse = cube_mouse,
	.moved = cube_moved,
	.anim_ms = cube_anim_ms,
};
