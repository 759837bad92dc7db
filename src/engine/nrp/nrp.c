#include "engine/nrp/nrp.h"

#include "engine/tiles.h"

static const char rot_suffix[] = {' ', 'r', 'd', 'l'};

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const nrp_metrics[] = {"qtm", "htm", NULL};

static int
cell_colour(int cols, int cell)
{
	return (cell / cols + cell % cols) & 1;
}

void *
nrp_params_default(struct tw_error *err)
{
	struct nrp_params *p = tw_calloc(1, sizeof *p, err);

	if (p != NULL) {
		p->rows = p->cols = 3;
		p->k = 2;
	}
	return p;
}

void *
nrp_params_parse(const char *text, size_t *used, struct tw_error *err)
{
	static const char shape[] = "the board should be ROWSxCOLSkK, e.g. 4x4k3 (3x3k2o for orientable tiles)";
	const char *s = text;
	long rows, cols, k;
	struct nrp_params *p;

	const char *rows_text = s, *cols_text, *k_text;

	rows = tiles_read_number(&s);
	if (rows < 0 || (*s != 'x' && *s != 'X')) {
		tw_error_set(err, "%s", shape);
		return NULL;
	}
	s++;
	cols_text = s;
	cols = tiles_read_number(&s);
	if (cols < 0 || *s != 'k') {
		tw_error_set(err, "%s", shape);
		return NULL;
	}
	s++;
	k_text = s;
	k = tiles_read_number(&s);
	if (k < 0) {
		tw_error_set(err, "%s", shape);
		return NULL;
	}
	/* Each number as given, however long. */
	if (rows < NRP_MIN_SIDE || rows > NRP_MAX_SIDE) {
		tw_error_set(err, "%.*s row%s: the board has %d to %d rows",
		    (int)(cols_text - 1 - rows_text), rows_text, rows == 1 ? "" : "s",
		    NRP_MIN_SIDE, NRP_MAX_SIDE);
		return NULL;
	}
	if (cols < NRP_MIN_SIDE || cols > NRP_MAX_SIDE) {
		tw_error_set(err, "%.*s column%s: the board has %d to %d columns",
		    (int)(k_text - 1 - cols_text), cols_text, cols == 1 ? "" : "s",
		    NRP_MIN_SIDE, NRP_MAX_SIDE);
		return NULL;
	}
	if (k < 2 || k > rows || k > cols) {
		tw_error_set(err, "block size %.*s: on a %ldx%ld board k must be 2..%ld",
		    (int)(s - k_text), k_text, rows, cols, rows < cols ? rows : cols);
		return NULL;
	}
	p = tw_calloc(1, sizeof *p, err);
	if (p == NULL)
		return NULL;
	p->rows = (int)rows;
	p->cols = (int)cols;
	p->k = (int)k;
	if (*s == 'o') {
		p->orientable = true;
		s++;
	}
	*used = (size_t)(s - text);
	return p;
}

char *
nrp_params_format(const void *params, struct tw_error *err)
{
	const struct nrp_params *p = params;

	return tw_asprintf(err, "%dx%dk%d%s", p->rows, p->cols, p->k,
	    p->orientable ? "o" : "");
}

void *
nrp_params_dup(const void *params, struct tw_error *err)
{
	return tw_memdup(params, sizeof(struct nrp_params), err);
}

void
nrp_params_free(void *params)
{
	free(params);
}

void *
nrp_state_solved(const void *params, struct tw_error *err)
{
	const struct nrp_params *p = params;
	struct nrp_state *s = tw_calloc(1, sizeof *s, err);
	int i;

	if (s == NULL)
		return NULL;
	s->rows = p->rows;
	s->cols = p->cols;
	s->k = p->k;
	s->orientable = p->orientable;
	for (i = 0; i < p->rows * p->cols; i++)
		s->tile[i] = (uint16_t)(i + 1);
	return s;
}

void *
nrp_state_parse(const void *params, const char *text, struct tw_error *err)
{
	const struct nrp_params *p = params;
	struct nrp_state *s = nrp_state_solved(params, err);
	char hint[24];

	snprintf(hint, sizeof hint, "%dx%dk%do", p->rows, p->cols, p->k);
	if (s != NULL && !tiles_parse(text, p->rows, p->cols, s->tile,
	    p->orientable ? s->rot : NULL, hint, err)) {
		free(s);
		return NULL;
	}
	return s;
}

char *
nrp_state_format(const void *params, const void *state, struct tw_error *err)
{
	const struct nrp_state *s = state;

	(void)params;
	return tiles_format(s->tile, s->orientable ? s->rot : NULL, s->rows * s->cols, err);
}

void *
nrp_state_dup(const void *params, const void *state, struct tw_error *err)
{
	(void)params;
	return tw_memdup(state, sizeof(struct nrp_state), err);
}

void
nrp_state_free(void *state)
{
	free(state);
}

bool
nrp_state_equal(const void *params, const void *a, const void *b)
{
	const struct nrp_state *x = a, *y = b;
	size_t cells = (size_t)(x->rows * x->cols);

	(void)params;
	return x->rows == y->rows && x->cols == y->cols && x->k == y->k &&
	    memcmp(x->tile, y->tile, cells * sizeof x->tile[0]) == 0 &&
	    memcmp(x->rot, y->rot, cells) == 0;
}

bool
nrp_state_is_solved(const void *params, const void *state)
{
	const struct nrp_state *s = state;
	int i;

	(void)params;
	for (i = 0; i < s->rows * s->cols; i++)
		if (s->tile[i] != i + 1 || s->rot[i] != 0)
			return false;
	return true;
}

void
nrp_block_turn(int k, int turns, int i, int j, int *di, int *dj)
{
	int t, ni;

	*di = i;
	*dj = j;
	for (t = 0; t < turns; t++) {
		ni = *dj;
		*dj = k - 1 - *di;
		*di = ni;
	}
}

void
nrp_move_do(struct nrp_state *s, const struct nrp_move *mv)
{
	uint16_t tile[NRP_MAX_SIDE * NRP_MAX_SIDE];
	uint8_t rot[NRP_MAX_SIDE * NRP_MAX_SIDE];
	int k = s->k, n = s->cols, r0 = mv->row - 1, c0 = mv->col - 1;
	int i, j, src, dst;

	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			int di, dj;

			nrp_block_turn(k, mv->turns, i, j, &di, &dj);
			src = (r0 + i) * n + c0 + j;
			dst = di * k + dj;
			tile[dst] = s->tile[src];
			rot[dst] = (uint8_t)((s->rot[src] + (s->orientable ? mv->turns : 0)) & 3);
		}
	}
	for (i = 0; i < k; i++) {
		memcpy(&s->tile[(r0 + i) * n + c0], &tile[i * k], (size_t)k * sizeof tile[0]);
		memcpy(&s->rot[(r0 + i) * n + c0], &rot[i * k], (size_t)k);
	}
}

int
nrp_parity(const struct nrp_state *s, int colour)
{
	bool visited[NRP_MAX_CELLS] = {false};
	int cells = s->rows * s->cols, i, j, parity = 0;

	for (i = 0; i < cells; i++) {
		if (visited[i] || (colour >= 0 && cell_colour(s->cols, i) != colour))
			continue;
		for (j = i; !visited[j]; j = s->tile[j] - 1) {
			visited[j] = true;
			if (j != i)
				parity ^= 1;
		}
	}
	return parity;
}

static bool
is_special(const struct nrp_params *p)
{
	int lo = p->rows < p->cols ? p->rows : p->cols;
	int hi = p->rows < p->cols ? p->cols : p->rows;

	return (p->k == 2 && lo == 2 && hi == 3) || (p->k == 3 && lo == 3 && hi == 4);
}

/* The exceptional boards' positions, found once per shape by
 * breadth-first search and kept for the process, with a hash set of their
 * packed tiles (4 bits each) for membership. */
#define SPECIAL_MAX 720
#define SPECIAL_HASH 4096

struct special_set {
	int count;
	uint16_t list[SPECIAL_MAX * 12];
	uint64_t hash[SPECIAL_HASH];   /* packed + 1; 0 is empty */
};

static struct special_set special_sets[4];
static pthread_once_t special_once[4] = {
	PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
};
static const int special_shape[4][3] = {{2, 3, 2}, {3, 2, 2}, {3, 4, 3}, {4, 3, 3}};

static uint64_t
pack_tiles(const uint16_t *tile, int cells)
{
	uint64_t key = 0;

	for (int i = 0; i < cells; i++)
		key = key << 4 | (uint64_t)(tile[i] - 1);
	return key + 1;
}

/* Inserts key; false when it was already there. */
static bool
special_insert(struct special_set *set, uint64_t key)
{
	size_t h = (size_t)(key * 0x9e3779b97f4a7c15u >> 52);

	while (set->hash[h] != 0) {
		if (set->hash[h] == key)
			return false;
		h = (h + 1) % SPECIAL_HASH;
	}
	set->hash[h] = key;
	return true;
}

static bool
special_contains(const struct special_set *set, uint64_t key)
{
	size_t h = (size_t)(key * 0x9e3779b97f4a7c15u >> 52);

	while (set->hash[h] != 0) {
		if (set->hash[h] == key)
			return true;
		h = (h + 1) % SPECIAL_HASH;
	}
	return false;
}

static void
special_build(int which)
{
	struct special_set *set = &special_sets[which];
	int m = special_shape[which][0], n = special_shape[which][1], k = special_shape[which][2];
	int cells = m * n, head = 0;
	struct nrp_state s;

	memset(&s, 0, sizeof s);
	s.rows = m;
	s.cols = n;
	s.k = k;
	for (int i = 0; i < cells; i++)
		set->list[i] = (uint16_t)(i + 1);
	set->count = 1;
	special_insert(set, pack_tiles(set->list, cells));
	while (head < set->count) {
		for (int r = 1; r + k - 1 <= m; r++) {
			for (int c = 1; c + k - 1 <= n; c++) {
				struct nrp_move mv = {r, c, 1};

				memcpy(s.tile, &set->list[head * cells], (size_t)cells * sizeof s.tile[0]);
				nrp_move_do(&s, &mv);
				if (set->count < SPECIAL_MAX && special_insert(set, pack_tiles(s.tile, cells)))
					memcpy(&set->list[set->count++ * cells], s.tile, (size_t)cells * sizeof s.tile[0]);
			}
		}
		head++;
	}
}

static void special_build0(void) { special_build(0); }
static void special_build1(void) { special_build(1); }
static void special_build2(void) { special_build(2); }
static void special_build3(void) { special_build(3); }

static const struct special_set *
special_set_for(const struct nrp_params *p)
{
	static void (*const build[4])(void) = {special_build0, special_build1, special_build2, special_build3};

	for (int i = 0; i < 4; i++) {
		if (p->rows == special_shape[i][0] && p->cols == special_shape[i][1] &&
		    p->k == special_shape[i][2]) {
			pthread_once(&special_once[i], build[i]);
			return &special_sets[i];
		}
	}
	return NULL;
}

int
nrp_special_positions(const struct nrp_params *p, uint16_t *out, int cap)
{
	const struct special_set *set = special_set_for(p);
	int cells = p->rows * p->cols;

	if (set == NULL)
		return 0;
	memcpy(out, set->list, (size_t)(set->count < cap ? set->count : cap) * (size_t)cells * sizeof *out);
	return set->count;
}

/* Whether s is the solved board turned q quarter turns (k = m = n). */
static bool
is_board_turn(const struct nrp_state *s, int q)
{
	struct nrp_state solved;
	struct nrp_move mv = {1, 1, q};

	memset(&solved, 0, sizeof solved);
	solved.rows = s->rows;
	solved.cols = s->cols;
	solved.k = s->k;
	solved.orientable = s->orientable;
	for (int i = 0; i < s->rows * s->cols; i++)
		solved.tile[i] = (uint16_t)(i + 1);
	if (q > 0)
		nrp_move_do(&solved, &mv);
	return memcmp(solved.tile, s->tile, sizeof s->tile) == 0 &&
	    memcmp(solved.rot, s->rot, sizeof s->rot) == 0;
}

/* The orientation conditions of the orientable variant, derived from what a
 * quarter turn does (proved by the group-order test in tests/unit):
 * - even k: a quarter turn moves every tile of the block to a cell of the
 *   other colour and turns it once, so a tile's rotation is odd exactly
 *   when it stands on a cell of the other colour than its home; and each
 *   turn adds k^2 = 0 (mod 4) to the sum of rotations.
 * - odd k = 3, 5 (mod 8): a quarter turn adds k^2 = 1 (mod 2) to the sum
 *   and changes the parity of each colour class ((k^2-1)/8 four-cycles,
 *   odd), so the sum's parity equals each class's parity.
 * - odd k = 1, 7 (mod 8): no condition. */
static bool
orientation_ok(const struct nrp_state *s, struct tw_error *why)
{
	int cells = s->rows * s->cols, i, sum = 0;

	for (i = 0; i < cells; i++)
		sum += s->rot[i];
	if (s->k % 2 == 0) {
		for (i = 0; i < cells; i++) {
			int moved = cell_colour(s->cols, i) != cell_colour(s->cols, s->tile[i] - 1);

			if ((s->rot[i] & 1) != moved) {
				tw_error_set(why, "tile %d (row %d, column %d) is turned %s number of quarter turns but stands on a cell of %s colour: with even k every quarter turn moves a tile to the other colour",
				    s->tile[i], i / s->cols + 1, i % s->cols + 1,
				    moved ? "an even" : "an odd", moved ? "the other" : "its own");
				return false;
			}
		}
		if (sum % 4 != 0) {
			tw_error_set(why, "the tiles' rotations add up to 2 quarter turns (mod 4): with even k every move adds a multiple of 4");
			return false;
		}
	} else if (s->k % 8 == 3 || s->k % 8 == 5) {
		if (sum % 2 != nrp_parity(s, 0)) {
			tw_error_set(why, "the tiles' rotations add up to an %s number of quarter turns, but the colour classes are %s permutations: with k = %d every quarter turn changes both",
			    sum % 2 ? "odd" : "even", nrp_parity(s, 0) ? "odd" : "even", s->k);
			return false;
		}
	}
	return true;
}

bool
nrp_state_solvable(const void *params, const void *state, struct tw_error *why)
{
	const struct nrp_params *p = params;
	const struct nrp_state *s = state;
	int cells = s->rows * s->cols, k = s->k, i, q;

	/* Lam's Theorem 1.1 as restated in docs/papers.md, "NRP(m, n, k)". */
	if (k == s->rows && k == s->cols) {
		for (q = 0; q < 4; q++)
			if (is_board_turn(s, q))
				return true;
		tw_error_set(why, "with one %dx%d block on a %dx%d board only the four turns of the solved board can be reached",
		    k, k, s->rows, s->cols);
		return false;
	}
	if (k % 2 == 1) {
		for (i = 0; i < cells; i++) {
			if (cell_colour(s->cols, i) != cell_colour(s->cols, s->tile[i] - 1)) {
				tw_error_set(why, "tile %d is on a cell of the wrong colour (row %d, column %d): with odd k a tile keeps its checkerboard colour",
				    s->tile[i], i / s->cols + 1, i % s->cols + 1);
				return false;
			}
		}
	}
	if (is_special(p)) {
		const struct special_set *set = special_set_for(p);

		if (!special_contains(set, pack_tiles(s->tile, cells))) {
			if (k == 2)
				tw_error_set(why, "not one of the 120 positions of the %dx%d board with k = 2: its two blocks generate a copy of S5 on the 6 cells",
				    s->rows, s->cols);
			else
				tw_error_set(why, "not one of the 720 positions of the %dx%d board with k = 3: the arrangement of one colour class fixes the other's (the outer automorphism of S6)",
				    s->rows, s->cols);
			return false;
		}
	} else if (k % 4 == 0) {
		if (nrp_parity(s, -1) != 0) {
			tw_error_set(why, "odd permutation: k = %d = 0 (mod 4), every quarter turn is an even permutation, so only even positions can be solved",
			    k);
			return false;
		}
	} else if (k % 8 == 3 || k % 8 == 5) {
		if (nrp_parity(s, 0) != nrp_parity(s, 1)) {
			tw_error_set(why, "the two colour classes have different parities: with k = %d every quarter turn changes the parity of both",
			    k);
			return false;
		}
	} else if (k % 2 == 1) {
		for (q = 0; q < 2; q++) {
			if (nrp_parity(s, q) != 0) {
				tw_error_set(why, "the tiles on %s cells are an odd permutation: with k = %d (1 or 7 mod 8) each colour class must be an even permutation",
				    q == 0 ? "dark" : "light", k);
				return false;
			}
		}
	}
	return !s->orientable || orientation_ok(s, why);
}

static void
swap_cells(struct nrp_state *s, int a, int b)
{
	uint16_t t = s->tile[a];
	uint8_t r = s->rot[a];

	s->tile[a] = s->tile[b];
	s->tile[b] = t;
	s->rot[a] = s->rot[b];
	s->rot[b] = r;
}

/* Fisher-Yates over the cells of one colour (colour < 0: all cells). */
static void
shuffle_class(struct nrp_state *s, int colour, struct tw_rng *rng)
{
	int idx[NRP_MAX_CELLS], count = 0, i;

	for (i = 0; i < s->rows * s->cols; i++)
		if (colour < 0 || cell_colour(s->cols, i) == colour)
			idx[count++] = i;
	for (i = count - 1; i > 0; i--)
		swap_cells(s, idx[i], idx[(int)tw_rng_below(rng, (uint64_t)i + 1)]);
}

/* First two cells of a colour class (colour < 0: any), for the parity
 * swaps: swapping two fixed cells maps the odd permutations one-to-one
 * onto the even ones, which keeps the draw uniform. */
static void
first_two(const struct nrp_state *s, int colour, int *a, int *b)
{
	int i, found = 0;

	for (i = 0; i < s->rows * s->cols && found < 2; i++) {
		if (colour < 0 || cell_colour(s->cols, i) == colour) {
			if (found++ == 0)
				*a = i;
			else
				*b = i;
		}
	}
}

/* Draws the permutation part uniformly from the group of Theorem 1.1. */
static bool
scramble_tiles(const struct nrp_params *p, struct nrp_state *s,
    struct tw_rng *rng, struct tw_error *err)
{
	int k = p->k, a = 0, b = 1, cells = p->rows * p->cols;

	if (k == p->rows && k == p->cols) {
		struct nrp_move mv = {1, 1, 1 + (int)tw_rng_below(rng, 3)};

		nrp_move_do(s, &mv);
		return true;
	}
	if (is_special(p)) {
		uint16_t list[720 * 12];
		int count = nrp_special_positions(p, list, 720);

		if (count <= 0) {
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
			return false;
		}
		memcpy(s->tile, &list[(int)tw_rng_below(rng, (uint64_t)count) * cells],
		    (size_t)cells * sizeof list[0]);
		return true;
	}
	if (k % 2 == 0) {
		shuffle_class(s, -1, rng);
		if (k % 4 == 0 && nrp_parity(s, -1) != 0) {
			first_two(s, -1, &a, &b);
			swap_cells(s, a, b);
		}
		return true;
	}
	shuffle_class(s, 0, rng);
	shuffle_class(s, 1, rng);
	if (k % 8 == 3 || k % 8 == 5) {
		if (nrp_parity(s, 0) != nrp_parity(s, 1)) {
			first_two(s, 0, &a, &b);
			swap_cells(s, a, b);
		}
	} else {
		for (int colour = 0; colour < 2; colour++) {
			if (nrp_parity(s, colour) != 0) {
				first_two(s, colour, &a, &b);
				swap_cells(s, a, b);
			}
		}
	}
	return true;
}

/* Draws the rotations uniformly among those orientation_ok accepts: free
 * choices, then one fix that is a bijection between the rejected and the
 * accepted rotation vectors. */
static void
scramble_rotations(const struct nrp_params *p, struct nrp_state *s, struct tw_rng *rng)
{
	int cells = p->rows * p->cols, i, sum = 0;

	if (p->k == p->rows && p->k == p->cols)
		return; /* the board turn already turned every tile */
	for (i = 0; i < cells; i++) {
		if (p->k % 2 == 0) {
			int moved = cell_colour(p->cols, i) != cell_colour(p->cols, s->tile[i] - 1);

			s->rot[i] = (uint8_t)(moved + 2 * (int)tw_rng_below(rng, 2));
		} else {
			s->rot[i] = (uint8_t)tw_rng_below(rng, 4);
		}
		sum += s->rot[i];
	}
	if (p->k % 2 == 0 && sum % 4 != 0)
		s->rot[0] = (uint8_t)((s->rot[0] + 2) & 3);
	else if ((p->k % 8 == 3 || p->k % 8 == 5) && sum % 2 != nrp_parity(s, 0))
		s->rot[0] = (uint8_t)((s->rot[0] + 1) & 3);
}

void *
nrp_scramble(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	const struct nrp_params *p = params;
	struct nrp_state *s;

	for (;;) {
		s = nrp_state_solved(params, err);
		if (s == NULL)
			return NULL;
		if (!scramble_tiles(p, s, rng, err)) {
			free(s);
			return NULL;
		}
		if (p->orientable)
			scramble_rotations(p, s, rng);
		if (!nrp_state_is_solved(params, s))
			return s;
		free(s);
	}
}

char *
nrp_state_render(const void *params, const void *state, struct tw_error *err)
{
	const struct nrp_state *s = state;
	int cells = s->rows * s->cols, i, j;
	int width = (cells >= 100 ? 3 : cells >= 10 ? 2 : 1) + 1 + (s->orientable ? 1 : 0);
	size_t size = (size_t)(s->rows * (s->cols * width + 1)) + 1;
	char *out, *p;

	(void)params;
	out = tw_alloc(size, err);
	if (out == NULL)
		return NULL;
	p = out;
	for (i = 0; i < s->rows; i++) {
		for (j = 0; j < s->cols; j++) {
			int c = i * s->cols + j;
			int len = snprintf(p, 8, "%*d", width - (s->orientable ? 1 : 0), s->tile[c]);

			p += len;
			if (s->orientable)
				*p++ = s->rot[c] == 0 ? ' ' : rot_suffix[s->rot[c]];
		}
		*p++ = '\n';
	}
	*p = '\0';
	return out;
}

bool
nrp_move_parse(const struct nrp_params *p, const char *text,
    struct nrp_move *mv, struct tw_error *err)
{
	const char *c = text, *row_text, *col_text;
	long row, col;

	if (c[0] != 'B' || c[1] != '(') {
		tw_error_set(err, "bad move '%.20s': a move is B(ROW,COL) with an optional ' or 2, e.g. B(1,2)'",
		    text);
		return false;
	}
	c += 2;
	row_text = c;
	row = tiles_read_number(&c);
	if (row < 0 || *c != ',') {
		tw_error_set(err, "bad move '%.20s': expected B(ROW,COL), e.g. B(1,2)", text);
		return false;
	}
	c++;
	col_text = c;
	col = tiles_read_number(&c);
	if (col < 0 || *c != ')') {
		tw_error_set(err, "bad move '%.20s': expected B(ROW,COL), e.g. B(1,2)", text);
		return false;
	}
	c++;
	if (row < 1 || col < 1 || row + p->k - 1 > p->rows || col + p->k - 1 > p->cols) {
		tw_error_set(err, "bad move '%.20s': a %dx%d block at row %.*s, column %.*s does not fit the %dx%d board (rows 1..%d, columns 1..%d)",
		    text, p->k, p->k, (int)(col_text - 1 - row_text), row_text,
		    (int)(c - 1 - col_text), col_text, p->rows, p->cols,
		    p->rows - p->k + 1, p->cols - p->k + 1);
		return false;
	}
	mv->row = (int)row;
	mv->col = (int)col;
	mv->turns = 1;
	if (*c == '\'') {
		mv->turns = 3;
		c++;
	} else if (*c == '2') {
		mv->turns = 2;
		c++;
	}
	if (*c != '\0') {
		tw_error_set(err, "bad move '%.20s': unexpected '%.10s' at its end (only ' or 2 may follow the block)",
		    text, c);
		return false;
	}
	return true;
}

void
nrp_move_format(const struct nrp_move *mv, char *buf, size_t size)
{
	snprintf(buf, size, "B(%d,%d)%s", mv->row, mv->col,
	    mv->turns == 3 ? "'" : mv->turns == 2 ? "2" : "");
}

bool
nrp_move_apply(const void *params, void *state, const char *move, struct tw_error *err)
{
	struct nrp_move mv;

	if (!nrp_move_parse(params, move, &mv, err))
		return false;
	nrp_move_do(state, &mv);
	return true;
}

char *
nrp_move_inverse(const void *params, const char *move, struct tw_error *err)
{
	struct nrp_move mv;
	char buf[24];

	if (!nrp_move_parse(params, move, &mv, err))
		return NULL;
	mv.turns = 4 - mv.turns;
	nrp_move_format(&mv, buf, sizeof buf);
	return tw_strdup(buf, err);
}

long
nrp_move_cost(const void *params, const char *move, int metric)
{
	struct nrp_move mv;

	if (!nrp_move_parse(params, move, &mv, NULL))
		return -1;
	return metric == NRP_QTM && mv.turns == 2 ? 2 : 1;
}

char *
nrp_move_random(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	const struct nrp_params *p = params;
	struct nrp_move mv;
	char buf[32];

	mv.row = 1 + (int)tw_rng_below(rng, (uint64_t)(p->rows - p->k + 1));
	mv.col = 1 + (int)tw_rng_below(rng, (uint64_t)(p->cols - p->k + 1));
	mv.turns = 1 + (int)tw_rng_below(rng, 3);
	nrp_move_format(&mv, buf, sizeof buf);
	return tw_strdup(buf, err);
}
