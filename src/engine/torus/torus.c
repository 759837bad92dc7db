#include "engine/torus/torus.h"

#include "engine/tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const torus_metrics[] = {"drag", "push", NULL};

/* The black-and-white torus's default goal: the top half of the rows
 * (rounded down) black. */
static void
default_goal(struct torus_params *p)
{
	memset(p->goal, 0, sizeof p->goal);
	memset(p->goal, 1, (size_t)(p->rows / 2 * p->cols));
}

/* Reads a pattern of rows x cols cells at text: rows of 'x' (black) and
 * '.' (white) separated by '/'; its length in *used. what opens its
 * errors ("goal: ", or "" for a state, which its caller names). */
static bool
pattern_parse(const char *text, int rows, int cols, const char *what, uint8_t *cells,
    size_t *used, struct tw_error *err)
{
	const char *c = text;

	for (int i = 0; i < rows; i++) {
		for (int j = 0; j < cols; j++, c++) {
			if (*c == 'x' || *c == 'X' || *c == '.') {
				cells[i * cols + j] = *c != '.';
				continue;
			}
			if (*c == '/' || *c == '\0' || *c == ':' || *c == '#')
				tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
				    "%srow %d has %d cell%s, the board has %d columns", what, i + 1, j,
				    j == 1 ? "" : "s", cols);
			else
				tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
				    "%s'%c' in row %d: a cell is x (black) or . (white)", what, *c, i + 1);
			return false;
		}
		if (i + 1 < rows && *c++ != '/') {
			if (c[-1] == '\0' || c[-1] == ':' || c[-1] == '#')
				tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
				    "%s%d row%s, the board has %d", what, i + 1, i == 0 ? "" : "s", rows);
			else
				tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
				    "%srow %d is longer than the board's %d columns", what, i + 1, cols);
			return false;
		}
	}
	if (*c == 'x' || *c == 'X' || *c == '.') {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
		    "%srow %d is longer than the board's %d columns", what, rows, cols);
		return false;
	}
	if (*c == '/') {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "%smore than the board's %d rows", what,
		    rows);
		return false;
	}
	*used = (size_t)(c - text);
	return true;
}

/* Writes a pattern as pattern_parse reads it. */
static void
pattern_write(const uint8_t *cells, int rows, int cols, char *out)
{
	for (int i = 0; i < rows; i++) {
		for (int j = 0; j < cols; j++)
			*out++ = cells[i * cols + j] ? 'x' : '.';
		if (i + 1 < rows)
			*out++ = '/';
	}
	*out = '\0';
}

/* A goal with some black and some white: else every position is the
 * goal, and there is nothing to play. */
static bool
goal_usable(const struct torus_params *p, struct tw_error *err)
{
	int cells = p->rows * p->cols, black = 0;

	for (int i = 0; i < cells; i++)
		black += p->goal[i];
	if (black == 0 || black == cells) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
		    "goal: all %s: a goal needs black and white pieces", black == 0 ? "white" : "black");
		return false;
	}
	return true;
}

int
torus_black_count(const uint16_t *tile, int cells)
{
	int black = 0;

	for (int i = 0; i < cells; i++)
		black += tile[i] != 0;
	return black;
}

int
torus_bw_lower_bound(const struct torus_params *p, const struct torus_state *s)
{
	int m = p->rows, n = p->cols, most_row = 0, most_col = 0;

	for (int i = 0; i < m; i++) {
		int d = 0;

		for (int j = 0; j < n; j++)
			d += (s->tile[i * n + j] != 0) - p->goal[i * n + j];
		most_row = abs(d) > most_row ? abs(d) : most_row;
	}
	for (int j = 0; j < n; j++) {
		int d = 0;

		for (int i = 0; i < m; i++)
			d += (s->tile[i * n + j] != 0) - p->goal[i * n + j];
		most_col = abs(d) > most_col ? abs(d) : most_col;
	}
	return most_row + most_col;
}

void *
torus_params_default(struct tw_error *err)
{
	struct torus_params *p = tw_calloc(1, sizeof *p, err);

	if (p != NULL)
		p->rows = p->cols = 4;
	return p;
}

void *
torus_params_parse(const char *text, size_t *used, struct tw_error *err)
{
	const char *s = text;
	long rows, cols;
	struct torus_params *p;

	const char *rows_text = s, *cols_text;

	rows = tiles_read_number(&s);
	if (rows < 0 || (*s != 'x' && *s != 'X')) {
		tw_error_set(err, "board size should be ROWSxCOLS, e.g. 4x4");
		return NULL;
	}
	s++;
	cols_text = s;
	cols = tiles_read_number(&s);
	if (cols < 0) {
		tw_error_set(err, "board size should be ROWSxCOLS, e.g. 4x4");
		return NULL;
	}
	/* The number as given, however long. */
	if (rows < TORUS_MIN_SIDE || rows > TORUS_MAX_SIDE) {
		tw_error_set(err, "%.*s row%s: the torus has %d to %d rows",
		    (int)(cols_text - 1 - rows_text), rows_text, rows == 1 ? "" : "s",
		    TORUS_MIN_SIDE, TORUS_MAX_SIDE);
		return NULL;
	}
	if (cols < TORUS_MIN_SIDE || cols > TORUS_MAX_SIDE) {
		tw_error_set(err, "%.*s column%s: the torus has %d to %d columns",
		    (int)(s - cols_text), cols_text, cols == 1 ? "" : "s", TORUS_MIN_SIDE,
		    TORUS_MAX_SIDE);
		return NULL;
	}
	p = tw_calloc(1, sizeof *p, err);
	if (p == NULL)
		return NULL;
	p->rows = (int)rows;
	p->cols = (int)cols;
	/* The black-and-white torus: ":bw", ":bw:random" or ":goal=PATTERN". */
	if (strncmp(s, ":bw:random", 10) == 0 && (s[10] == '\0' || s[10] == ':' || s[10] == '#')) {
		p->bw = true;
		p->random_goal = true;
		default_goal(p);
		s += 10;
	} else if (strncmp(s, ":bw", 3) == 0 && (s[3] == '\0' || s[3] == ':' || s[3] == '#')) {
		p->bw = true;
		default_goal(p);
		s += 3;
	} else if (strncmp(s, ":goal=", 6) == 0) {
		size_t len;

		p->bw = true;
		s += 6;
		if (!pattern_parse(s, p->rows, p->cols, "goal: ", p->goal, &len, err)) {
			free(p);
			return NULL;
		}
		s += len;
		if (!goal_usable(p, err)) {
			free(p);
			return NULL;
		}
	}
	*used = (size_t)(s - text);
	return p;
}

void
torus_board_variant(const void *params, char *buf, size_t size)
{
	snprintf(buf, size, "%s", ((const struct torus_params *)params)->bw ? "black and white" : "");
}

void *
torus_params_seeded(const void *params, const char *seed, struct tw_error *err)
{
	struct torus_params *p = tw_memdup(params, sizeof *p, err);
	struct tw_rng rng;
	char *text;
	int cells;

	if (p == NULL || !p->random_goal)
		return p;
	/* Apart from the start's draw, which the same seed makes. */
	text = tw_asprintf(err, "goal:%s", seed);
	if (text == NULL) {
		free(p);
		return NULL;
	}
	tw_rng_seed_text(&rng, text);
	free(text);
	cells = p->rows * p->cols;
	default_goal(p);
	for (int i = cells - 1; i > 0; i--) {
		int j = (int)tw_rng_below(&rng, (uint64_t)i + 1);
		uint8_t t = p->goal[i];

		p->goal[i] = p->goal[j];
		p->goal[j] = t;
	}
	p->random_goal = false;
	return p;
}

char *
torus_params_format(const void *params, struct tw_error *err)
{
	const struct torus_params *p = params;
	struct torus_params standard = {.rows = p->rows, .cols = p->cols, .bw = true};
	char pattern[TORUS_MAX_SIDE * (TORUS_MAX_SIDE + 1) + 1];

	if (!p->bw)
		return tw_asprintf(err, "%dx%d", p->rows, p->cols);
	if (p->random_goal)
		return tw_asprintf(err, "%dx%d:bw:random", p->rows, p->cols);
	default_goal(&standard);
	if (memcmp(standard.goal, p->goal, (size_t)(p->rows * p->cols)) == 0)
		return tw_asprintf(err, "%dx%d:bw", p->rows, p->cols);
	pattern_write(p->goal, p->rows, p->cols, pattern);
	return tw_asprintf(err, "%dx%d:goal=%s", p->rows, p->cols, pattern);
}

void *
torus_params_dup(const void *params, struct tw_error *err)
{
	return tw_memdup(params, sizeof(struct torus_params), err);
}

void
torus_params_free(void *params)
{
	free(params);
}

void *
torus_state_solved(const void *params, struct tw_error *err)
{
	const struct torus_params *p = params;
	struct torus_state *s = tw_calloc(1, sizeof *s, err);
	int i;

	if (s == NULL)
		return NULL;
	s->rows = p->rows;
	s->cols = p->cols;
	for (i = 0; i < p->rows * p->cols; i++)
		s->tile[i] = p->bw ? p->goal[i] : (uint16_t)(i + 1);
	return s;
}

void *
torus_state_parse(const void *params, const char *text, struct tw_error *err)
{
	const struct torus_params *p = params;
	struct torus_state *s = torus_state_solved(params, err);

	if (s != NULL && p->bw) {
		uint8_t cells[TORUS_MAX_SIDE * TORUS_MAX_SIDE];
		size_t used;

		if (!pattern_parse(text, p->rows, p->cols, "", cells, &used, err)) {
			free(s);
			return NULL;
		}
		if (text[used] != '\0') {
			tw_error_set_kind(err, TW_ERROR_BAD_INPUT, "unexpected '%.20s' after the pattern",
			    text + used);
			free(s);
			return NULL;
		}
		for (int i = 0; i < p->rows * p->cols; i++)
			s->tile[i] = cells[i];
		return s;
	}
	if (s != NULL && !tiles_parse(text, p->rows, p->cols, s->tile, NULL, NULL, err)) {
		free(s);
		return NULL;
	}
	return s;
}

char *
torus_state_format(const void *params, const void *state, struct tw_error *err)
{
	const struct torus_params *p = params;
	const struct torus_state *s = state;

	if (p->bw) {
		uint8_t cells[TORUS_MAX_SIDE * TORUS_MAX_SIDE];
		char pattern[TORUS_MAX_SIDE * (TORUS_MAX_SIDE + 1) + 1];

		for (int i = 0; i < s->rows * s->cols; i++)
			cells[i] = s->tile[i] != 0;
		pattern_write(cells, s->rows, s->cols, pattern);
		return tw_strdup(pattern, err);
	}
	return tiles_format(s->tile, NULL, s->rows * s->cols, err);
}

void *
torus_state_dup(const void *params, const void *state, struct tw_error *err)
{
	(void)params;
	return tw_memdup(state, sizeof(struct torus_state), err);
}

void
torus_state_free(void *state)
{
	free(state);
}

bool
torus_state_equal(const void *params, const void *a, const void *b)
{
	const struct torus_state *x = a, *y = b;

	(void)params;
	return x->rows == y->rows && x->cols == y->cols &&
	    memcmp(x->tile, y->tile, (size_t)(x->rows * x->cols) * sizeof x->tile[0]) == 0;
}

int
torus_parity(const struct torus_state *s)
{
	bool visited[TORUS_MAX_SIDE * TORUS_MAX_SIDE] = {false};
	int cells = s->rows * s->cols, i, j, parity = 0;

	/* A cycle of length L is L-1 transpositions. */
	for (i = 0; i < cells; i++) {
		if (visited[i])
			continue;
		for (j = i; !visited[j]; j = s->tile[j] - 1) {
			visited[j] = true;
			if (j != i)
				parity ^= 1;
		}
	}
	return parity;
}

bool
torus_state_solvable(const void *params, const void *state, struct tw_error *why)
{
	const struct torus_params *p = params;
	const struct torus_state *s = state;

	if (p->bw) {
		int cells = s->rows * s->cols, black = torus_black_count(s->tile, cells), want = 0;

		for (int i = 0; i < cells; i++)
			want += p->goal[i];
		/* Shifts only move pieces: the count of black ones stays. */
		if (black != want) {
			tw_error_set(why, "%d black piece%s where the goal has %d: shifts never change "
			    "how many there are", black, black == 1 ? "" : "s", want);
			return false;
		}
		return true;
	}
	/* docs/papers.md, "Torus" ([Amano]): with both sides odd every row and column
	 * shift is an odd-length cycle, an even permutation. */
	if (s->rows % 2 == 1 && s->cols % 2 == 1 && torus_parity(s) == 1) {
		tw_error_set(why, "odd permutation: on a %dx%d board both sides are odd, every shift is an even permutation, so only even positions can be solved",
		    s->rows, s->cols);
		return false;
	}
	return true;
}

bool
torus_state_is_solved(const void *params, const void *state)
{
	const struct torus_params *p = params;
	const struct torus_state *s = state;
	int i;

	for (i = 0; i < s->rows * s->cols; i++)
		if (s->tile[i] != (p->bw ? p->goal[i] : i + 1))
			return false;
	return true;
}

void *
torus_scramble(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	struct torus_state *s = torus_state_solved(params, err);
	int cells, i, j;
	uint16_t t;

	if (s == NULL)
		return NULL;
	cells = s->rows * s->cols;
	do {
		/* Fisher-Yates: every permutation equally likely. */
		for (i = cells - 1; i > 0; i--) {
			j = (int)tw_rng_below(rng, (uint64_t)i + 1);
			t = s->tile[i];
			s->tile[i] = s->tile[j];
			s->tile[j] = t;
		}
		/* Odd x odd: swapping cells 0 and 1 maps the odd permutations
		 * one-to-one onto the even ones, so the result is uniform over
		 * the solvable half. (A black-and-white pattern shuffled is
		 * always solvable: it keeps the goal's pieces.) */
		if (!torus_state_solvable(params, s, NULL)) {
			t = s->tile[0];
			s->tile[0] = s->tile[1];
			s->tile[1] = t;
		}
	} while (torus_state_is_solved(params, s));
	return s;
}

char *
torus_state_render(const void *params, const void *state, struct tw_error *err)
{
	const struct torus_state *s = state;
	const struct torus_params *tp = params;
	int width = tp->bw ? 2 : s->rows * s->cols >= 100 ? 4 : 3, i, j;
	size_t size = (size_t)(s->rows * (s->cols * width + 1)) + 1;
	char *out, *p;

	out = tw_alloc(size, err);
	if (out == NULL)
		return NULL;
	p = out;
	for (i = 0; i < s->rows; i++) {
		for (j = 0; j < s->cols; j++) {
			int t = s->tile[i * s->cols + j], k;
			char num[8];
			int len = 0;

			if (tp->bw) {
				*p++ = ' ';
				*p++ = t ? '#' : '.';
				continue;
			}
			do
				num[len++] = (char)('0' + t % 10);
			while ((t /= 10) > 0);
			for (k = 0; k < width - len; k++)
				*p++ = ' ';
			while (len > 0)
				*p++ = num[--len];
		}
		*p++ = '\n';
	}
	*p = '\0';
	return out;
}

static const char dir_letter[] = {'N', 'E', 'S', 'W'};

bool
torus_move_parse(const struct torus_params *p, const char *text,
    struct torus_move *mv, struct tw_error *err)
{
	const char *c = text, *line_text;
	const char *what;
	long line, amount = 1;
	int lines, length;

	switch (*c) {
	case 'N': mv->dir = TORUS_N; break;
	case 'E': mv->dir = TORUS_E; break;
	case 'S': mv->dir = TORUS_S; break;
	case 'W': mv->dir = TORUS_W; break;
	default:
		tw_error_set(err, "bad move '%.20s': a move is N, E, S or W, then a row or column number and an optional ^AMOUNT (E2, N3^2)",
		    text);
		return false;
	}
	c++;
	if (mv->dir == TORUS_E || mv->dir == TORUS_W) {
		what = "row";
		lines = p->rows;
		length = p->cols;
	} else {
		what = "column";
		lines = p->cols;
		length = p->rows;
	}
	line_text = c;
	line = tiles_read_number(&c);
	if (line < 0) {
		tw_error_set(err, "bad move '%.20s': %c needs a %s number (e.g. %c2)",
		    text, text[0], what, text[0]);
		return false;
	}
	if (line < 1 || line > lines) {
		tw_error_set(err, "bad move '%.20s': %s %.*s does not exist, the board has %d %ss",
		    text, what, (int)(c - line_text), line_text, lines, what);
		return false;
	}
	if (*c == '^') {
		c++;
		amount = tiles_read_number(&c);
		if (amount < 0) {
			tw_error_set(err, "bad move '%.20s': '^' needs an amount (e.g. %c%ld^2)",
			    text, text[0], line);
			return false;
		}
		if (amount < 1 || amount >= length) {
			tw_error_set(err, "bad move '%.20s': a %s has %d tiles, so the amount must be 1..%d",
			    text, what, length, length - 1);
			return false;
		}
	}
	if (*c != '\0') {
		tw_error_set(err, "bad move '%.20s': unexpected '%.10s' at its end", text, c);
		return false;
	}
	mv->line = (int)line;
	mv->amount = (int)amount;
	return true;
}

void
torus_move_format(const struct torus_move *mv, char *buf, size_t size)
{
	if (mv->amount == 1)
		snprintf(buf, size, "%c%d", dir_letter[mv->dir], mv->line);
	else
		snprintf(buf, size, "%c%d^%d", dir_letter[mv->dir], mv->line,
		    mv->amount);
}

void
torus_shift_format(const struct torus_params *p, bool row, int line, int k, char *buf,
    size_t size)
{
	struct torus_move mv;
	int len = row ? p->cols : p->rows;

	mv.line = line;
	if (k <= len - k) {
		mv.dir = row ? TORUS_E : TORUS_S;
		mv.amount = k;
	} else {
		mv.dir = row ? TORUS_W : TORUS_N;
		mv.amount = len - k;
	}
	torus_move_format(&mv, buf, size);
}

long
torus_random_shifts(struct torus_state *s, int count, int max_amount, struct tw_rng *rng)
{
	int m = s->rows, n = s->cols, last = -1;
	long cells = 0;

	for (int j = 0; j < count; j++) {
		struct torus_move mv;
		int line, len;

		do
			line = (int)tw_rng_below(rng, (uint64_t)(m + n));
		while (line == last);
		last = line;
		mv.dir = line < m ? TORUS_E : TORUS_S;
		mv.line = line < m ? line + 1 : line - m + 1;
		len = line < m ? n : m;
		mv.amount = 1 + (int)tw_rng_below(rng, (uint64_t)(max_amount < len - 1 ? max_amount : len - 1));
		cells += mv.amount;
		torus_move_do(s, &mv);
	}
	return cells;
}

void
torus_move_do(struct torus_state *s, const struct torus_move *mv)
{
	uint16_t line[TORUS_MAX_SIDE];
	int m = s->rows, n = s->cols, i, k = mv->amount;
	int idx = mv->line - 1;

	switch (mv->dir) {
	case TORUS_E:
	case TORUS_W:
		if (mv->dir == TORUS_W)
			k = n - k;
		for (i = 0; i < n; i++)
			line[(i + k) % n] = s->tile[idx * n + i];
		memcpy(&s->tile[idx * n], line, (size_t)n * sizeof line[0]);
		break;
	case TORUS_N:
	case TORUS_S:
		if (mv->dir == TORUS_N)
			k = m - k;
		for (i = 0; i < m; i++)
			line[(i + k) % m] = s->tile[i * n + idx];
		for (i = 0; i < m; i++)
			s->tile[i * n + idx] = line[i];
		break;
	}
}

void
torus_find(const struct torus_state *s, int t, int *row, int *col)
{
	int i;

	for (i = 0; i < s->rows * s->cols; i++) {
		if (s->tile[i] == t) {
			*row = i / s->cols + 1;
			*col = i % s->cols + 1;
			return;
		}
	}
	*row = *col = 0;
}

bool
torus_move_apply(const void *params, void *state, const char *move,
    struct tw_error *err)
{
	struct torus_move mv;

	if (!torus_move_parse(params, move, &mv, err))
		return false;
	torus_move_do(state, &mv);
	return true;
}

char *
torus_move_inverse(const void *params, const char *move, struct tw_error *err)
{
	static const enum torus_dir opposite[] = {TORUS_S, TORUS_W, TORUS_N, TORUS_E};
	struct torus_move mv;
	char buf[16];

	if (!torus_move_parse(params, move, &mv, err))
		return NULL;
	mv.dir = opposite[mv.dir];
	torus_move_format(&mv, buf, sizeof buf);
	return tw_strdup(buf, err);
}

long
torus_move_cost(const void *params, const char *move, int metric)
{
	struct torus_move mv;

	if (!torus_move_parse(params, move, &mv, NULL))
		return -1;
	return metric == TORUS_PUSH ? mv.amount : 1;
}

char *
torus_move_random(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	const struct torus_params *p = params;
	struct torus_move mv;
	int len;
	char buf[32];

	mv.dir = (enum torus_dir)tw_rng_below(rng, 4);
	mv.line = 1 + (int)tw_rng_below(rng, (uint64_t)(mv.dir == TORUS_E ||
	    mv.dir == TORUS_W ? p->rows : p->cols));
	len = mv.dir == TORUS_E || mv.dir == TORUS_W ? p->cols : p->rows;
	mv.amount = 1 + (int)tw_rng_below(rng, (uint64_t)(len - 1));
	torus_move_format(&mv, buf, sizeof buf);
	return tw_strdup(buf, err);
}
