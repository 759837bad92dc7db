#include "engine/torus/torus.h"

#include "engine/tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const torus_metrics[] = {"drag", "push", NULL};

void *
torus_params_default(struct tw_error *err)
{
	struct torus_params *p = tw_alloc(sizeof *p, err);

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
	p = tw_alloc(sizeof *p, err);
	if (p == NULL)
		return NULL;
	p->rows = (int)rows;
	p->cols = (int)cols;
	*used = (size_t)(s - text);
	return p;
}

char *
torus_params_format(const void *params, struct tw_error *err)
{
	const struct torus_params *p = params;

	return tw_asprintf(err, "%dx%d", p->rows, p->cols);
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
		s->tile[i] = (uint16_t)(i + 1);
	return s;
}

void *
torus_state_parse(const void *params, const char *text, struct tw_error *err)
{
	const struct torus_params *p = params;
	struct torus_state *s = torus_state_solved(params, err);

	if (s != NULL && !tiles_parse(text, p->rows, p->cols, s->tile, NULL, NULL, err)) {
		free(s);
		return NULL;
	}
	return s;
}

char *
torus_state_format(const void *params, const void *state, struct tw_error *err)
{
	const struct torus_state *s = state;

	(void)params;
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
	const struct torus_state *s = state;

	(void)params;
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
	const struct torus_state *s = state;
	int i;

	(void)params;
	for (i = 0; i < s->rows * s->cols; i++)
		if (s->tile[i] != i + 1)
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
		 * the solvable half. */
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
	int width = s->rows * s->cols >= 100 ? 4 : 3, i, j;
	size_t size = (size_t)(s->rows * (s->cols * width + 1)) + 1;
	char *out, *p;

	(void)params;
	out = tw_alloc(size, err);
	if (out == NULL)
		return NULL;
	p = out;
	for (i = 0; i < s->rows; i++) {
		for (j = 0; j < s->cols; j++) {
			int t = s->tile[i * s->cols + j], k;
			char num[8];
			int len = 0;

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
