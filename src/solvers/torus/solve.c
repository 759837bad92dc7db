#include "solvers/torus/solve.h"

#include <stdlib.h>
#include <string.h>

#define CELLS (TORUS_MAX_SIDE * TORUS_MAX_SIDE)
/* Generous: the method needs at most about 4mn + 8 max(m, n) shifts. */
#define MAX_SHIFTS (8 * CELLS + 64)

enum axis { ROW, COL };

/* One shift: rows move east by amount, columns south by amount, both taken
 * modulo the line's length; lines from 0. */
struct shift {
	unsigned char axis;
	unsigned char line;
	signed char amount;
};

struct work {
	int m, n;
	int board[CELLS];             /* 0-based home index of the tile on each cell */
	struct shift shifts[MAX_SHIFTS];
	size_t len;
	bool overflow;
};

static int
mod(int a, int b)
{
	int r = a % b;

	return r < 0 ? r + b : r;
}

static int
at(const struct work *w, int r, int c)
{
	return w->board[r * w->n + c];
}

static void
shift_board(int *board, int m, int n, enum axis axis, int line, int k)
{
	int tmp[TORUS_MAX_SIDE], i;

	if (axis == ROW) {
		for (i = 0; i < n; i++)
			tmp[mod(i + k, n)] = board[line * n + i];
		memcpy(&board[line * n], tmp, (size_t)n * sizeof tmp[0]);
	} else {
		for (i = 0; i < m; i++)
			tmp[mod(i + k, m)] = board[i * n + line];
		for (i = 0; i < m; i++)
			board[i * n + line] = tmp[i];
	}
}

/* Applies a shift and records it, merged with the previous shift of the
 * same line (a zero net shift disappears). */
static void
do_shift(struct work *w, enum axis axis, int line, int k)
{
	int len = axis == ROW ? w->n : w->m;
	struct shift *top;

	k = mod(k, len);
	if (k == 0)
		return;
	shift_board(w->board, w->m, w->n, axis, line, k);
	if (w->len > 0) {
		top = &w->shifts[w->len - 1];
		if (top->axis == axis && top->line == line) {
			k = mod(top->amount + k, len);
			if (k == 0)
				w->len--;
			else
				top->amount = (signed char)k;
			return;
		}
	}
	if (w->len == MAX_SHIFTS) {
		w->overflow = true;
		return;
	}
	w->shifts[w->len].axis = (unsigned char)axis;
	w->shifts[w->len].line = (unsigned char)line;
	w->shifts[w->len].amount = (signed char)k;
	w->len++;
}

static void
locate(const struct work *w, int tile, int *r, int *c)
{
	int i;

	for (i = 0; i < w->m * w->n; i++) {
		if (w->board[i] == tile) {
			*r = i / w->n;
			*c = i % w->n;
			return;
		}
	}
	*r = *c = 0;
}

/* The tile that ends on cell after applying seq to a copy of the board. */
static int
sequence_result(const struct work *w, const struct shift *seq, int len, int cell)
{
	int board[CELLS], i;

	memcpy(board, w->board, (size_t)(w->m * w->n) * sizeof board[0]);
	for (i = 0; i < len; i++)
		shift_board(board, w->m, w->n, seq[i].axis, seq[i].line,
		    seq[i].amount);
	return board[cell];
}

static void
do_sequence(struct work *w, const struct shift *seq, int len)
{
	int i;

	for (i = 0; i < len; i++)
		do_shift(w, seq[i].axis, seq[i].line, seq[i].amount);
}

/* Where tile lands after the conjugated row shift of row p through cell
 * (s, t) by k: column t up by s-p, row p by k, column t down by s-p. */
static void
preview_conjugate(const struct work *w, int p, int s, int t, int k, int tile,
    int *tr, int *tc)
{
	int board[CELLS];
	int r, c, i;

	memcpy(board, w->board, (size_t)(w->m * w->n) * sizeof board[0]);
	shift_board(board, w->m, w->n, COL, t, -(s - p));
	shift_board(board, w->m, w->n, ROW, p, k);
	shift_board(board, w->m, w->n, COL, t, s - p);
	for (i = 0; i < w->m * w->n; i++)
		if (board[i] == tile)
			break;
	r = i / w->n;
	c = i % w->n;
	*tr = r;
	*tc = c;
}

/* Expected drags to insert the tile at (r, c) into row p whose next free
 * slot is column slot; used to choose among equivalent shifts. */
static int
insert_cost(int p, int slot, int r, int c, int prev_col)
{
	if (r == p)
		return c == slot ? 0 : 3;
	if (c == slot)
		return c == prev_col ? 2 : 3;
	return 4;
}

/* Row p (rows above solved, p < m-1), tiles p*n .. p*n+L-1 placed as a
 * contiguous block starting at column *a: adds tile p*n+L after it. */
static void
insert_tile(struct work *w, int p, int L, int *a)
{
	int n = w->n, x = p * n + L, s, t, slot, k, best_k, best_cost;

	locate(w, x, &s, &t);
	if (L == 0 && s == p) {
		*a = t;
		return;
	}
	slot = L == 0 ? t : mod(*a + L, n);
	if (s == p && t == slot)
		return;

	if (p == 0) {
		/* No solved rows above: columns move freely. */
		if (s == 0) {
			do_shift(w, COL, t, 1);
			s = 1;
		}
		if (L == 0)
			*a = t;
		else if (t != slot) {
			do_shift(w, ROW, 0, t - slot);
			*a = mod(*a + t - slot, n);
		}
		do_shift(w, COL, t, -s);
		return;
	}

	if (s == p) {
		/* X is loose in row p: cycle row p through (p+1, t), which
		 * leaves X's cell alone, until the block ends beside X. */
		k = mod(t - L - *a, n);
		do_shift(w, COL, t, -1);
		do_shift(w, ROW, p, k);
		do_shift(w, COL, t, 1);
		*a = mod(t - L, n);
		return;
	}

	if (L == n - 1) {
		/* The row's last tile: a triangle rotation of (p, slot),
		 * (s, slot) and (s, t) (or (s, slot+1) if X is at (s, slot)).
		 * The commutator's direction is found by trying both. */
		int delta = t != slot ? t - slot : 1, d = s - p, i, j;
		static const int sign[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

		for (i = 0; i < 2; i++) {
			for (j = 0; j < 4; j++) {
				struct shift seq[4];
				int g = sign[j][0] * delta, h = sign[j][1] * d;

				seq[i] = (struct shift){ROW, (unsigned char)s, 0};
				seq[1 - i] = (struct shift){COL, (unsigned char)slot, 0};
				seq[2 + i] = seq[i];
				seq[3 - i] = seq[1 - i];
				seq[i].amount = (signed char)g;
				seq[2 + i].amount = (signed char)-g;
				seq[1 - i].amount = (signed char)h;
				seq[3 - i].amount = (signed char)-h;
				if (sequence_result(w, seq, 4, p * w->n + slot) == x) {
					do_sequence(w, seq, 4);
					return;
				}
			}
		}
		return; /* unreachable: one of the eight is the right cycle */
	}

	/* Bring X under the slot with one shift: of row p if that merges with
	 * the previous shift, else of X's own row. */
	if (t != slot) {
		if (w->len > 0 && w->shifts[w->len - 1].axis == ROW &&
		    w->shifts[w->len - 1].line == p) {
			do_shift(w, ROW, p, t - slot);
			*a = mod(*a + t - slot, n);
			slot = t;
		} else {
			do_shift(w, ROW, s, slot - t);
			t = slot;
		}
	}
	if (L == 0)
		*a = t;
	/* Any k in L+1 .. n-1 keeps the block whole; pick the one that best
	 * prepares the next tile, then the shortest push. */
	best_k = n - 1;
	best_cost = 1 << 20;
	for (k = L + 1; k <= n - 1; k++) {
		int cost, r, c, push = k <= n - k ? k : n - k;

		if (L + 1 < n) {
			preview_conjugate(w, p, s, t, k, x + 1, &r, &c);
			cost = insert_cost(p, mod(t + k + 1, n), r, c, t);
		} else {
			cost = 0;
		}
		cost = cost * 64 + push;
		if (cost < best_cost) {
			best_cost = cost;
			best_k = k;
		}
	}
	do_shift(w, COL, t, -(s - p));
	do_shift(w, ROW, p, best_k);
	do_shift(w, COL, t, s - p);
	*a = mod(*a + best_k, n);
}

/* The paper's three-element rotation (section 2.2) on row i: the tile at
 * column j goes to j-a, the one at j+b to j, the one at j-a to j+b.
 * (The paper's text swaps p and q relative to its move sequence
 * S E^q N W^(q+p) S E^p N; this is the form the sequence really has.) */
static void
three_rotation(struct work *w, int i, int j, int a, int b)
{
	do_shift(w, COL, j, 1);
	do_shift(w, ROW, i, a);
	do_shift(w, COL, j, -1);
	do_shift(w, ROW, i, -(a + b));
	do_shift(w, COL, j, 1);
	do_shift(w, ROW, i, b);
	do_shift(w, COL, j, -1);
}

static int
row_parity(const int *tiles, int n, int base)
{
	bool seen[TORUS_MAX_SIDE] = {false};
	int i, j, parity = 0;

	for (i = 0; i < n; i++) {
		if (seen[i])
			continue;
		for (j = i; !seen[j]; j = tiles[j] - base) {
			seen[j] = true;
			if (j != i)
				parity ^= 1;
		}
	}
	return parity;
}

static void
finish_last_row(struct work *w)
{
	int m = w->m, n = w->n, p = m - 1, base = p * n;
	int best_r = 0, best_score = 1 << 20, r, q, i;
	int row[TORUS_MAX_SIDE];

	/* Rows above are solved, so the last row holds exactly its own
	 * tiles. Choose its rotation: even remaining permutation (3-cycles
	 * are even), most tiles home, shortest push. */
	for (r = 0; r < n; r++) {
		int home = 0, push = r <= n - r ? r : n - r;

		for (i = 0; i < n; i++)
			row[mod(i + r, n)] = at(w, p, i);
		if (row_parity(row, n, base) != 0)
			continue;
		for (i = 0; i < n; i++)
			home += row[i] == base + i;
		if ((n - home) * 64 + push < best_score) {
			best_score = (n - home) * 64 + push;
			best_r = r;
		}
	}
	do_shift(w, ROW, p, best_r);

	for (q = 0; q + 2 < n; q++) {
		int t = -1, u = -1;

		if (at(w, p, q) == base + q)
			continue;
		for (i = q + 1; i < n; i++)
			if (at(w, p, i) == base + q)
				t = i;
		/* Third cell: where the tile now on q belongs if that is free,
		 * fixing two tiles at once; else the first other cell. */
		if (at(w, p, q) - base != t && at(w, p, q) - base > q)
			u = at(w, p, q) - base;
		for (i = q + 1; u < 0 && i < n; i++)
			if (i != t)
				u = i;
		three_rotation(w, p, t, t - q, u - t);
	}
}

static bool
cancelled(atomic_bool *cancel)
{
	return cancel != NULL && atomic_load(cancel);
}

/* Solves w in place; false if cancelled. */
static bool
solve_work(struct work *w, atomic_bool *cancel, atomic_int *progress,
    int progress_base, int progress_span)
{
	int p, L, a = 0;

	for (p = 0; p + 1 < w->m; p++) {
		for (L = 0; L < w->n; L++) {
			insert_tile(w, p, L, &a);
			if (cancelled(cancel))
				return false;
		}
		do_shift(w, ROW, p, -a);
		if (progress != NULL)
			atomic_store(progress, progress_base +
			    progress_span * (p + 1) / w->m);
	}
	finish_last_row(w);
	return true;
}

static bool
work_solved(const struct work *w)
{
	int i;

	for (i = 0; i < w->m * w->n; i++)
		if (w->board[i] != i)
			return false;
	return true;
}

static long
work_cost(const struct work *w, int metric)
{
	long total = 0;
	size_t i;

	if (metric != TORUS_PUSH)
		return (long)w->len;
	for (i = 0; i < w->len; i++) {
		int len = w->shifts[i].axis == ROW ? w->n : w->m;
		int k = w->shifts[i].amount;

		total += k <= len - k ? k : len - k;
	}
	return total;
}

/* Writes shift sh of a board with m rows and n columns, the short way
 * round; transposed shifts swap rows and columns back. */
static char *
format_shift(const struct shift *sh, int m, int n, bool transposed,
    struct tw_error *err)
{
	struct torus_params p = {.rows = m, .cols = n};
	char buf[16];

	torus_shift_format(&p, (sh->axis == ROW) != transposed, sh->line + 1, sh->amount, buf,
	    sizeof buf);
	return tw_strdup(buf, err);
}

bool
torus_solve(const struct torus_params *params, const struct torus_state *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	int metric = req->metric;
	atomic_bool *cancel = req->cancel;
	atomic_int *progress = req->progress;
	int m = params->rows, n = params->cols, i, j, variant;
	struct work *cand[2] = {NULL, NULL};
	bool ok = false;
	int best = -1;
	size_t s;

	if (state->rows != m || state->cols != n) {
		tw_error_set(err, "state is %dx%d, params say %dx%d",
		    state->rows, state->cols, m, n);
		return false;
	}
	if (!torus_state_solvable(params, state, err))
		return false;

	/* Variant 0 solves the board as it is (needs n even or both sides
	 * odd), variant 1 its transpose (needs m even or both odd). */
	for (variant = 0; variant < 2; variant++) {
		bool transposed = variant == 1;
		int wm = transposed ? n : m, wn = transposed ? m : n;
		struct work *w;

		if (wn % 2 == 1 && wm % 2 == 0)
			continue;
		w = cand[variant] = tw_calloc(1, sizeof *w, err);
		if (w == NULL)
			goto done;
		w->m = wm;
		w->n = wn;
		for (i = 0; i < m; i++) {
			for (j = 0; j < n; j++) {
				int x = state->tile[i * n + j] - 1;

				if (!transposed)
					w->board[i * n + j] = x;
				else
					w->board[j * m + i] = (x % n) * m + x / n;
			}
		}
		if (!solve_work(w, cancel, progress, variant * 500, 500)) {
			tw_error_cancelled(err);
			goto done;
		}
		if (w->overflow || !work_solved(w)) {
			tw_error_set(err, "internal error: torus solver failed on a %dx%d board (please report the game ID)",
			    m, n);
			goto done;
		}
		if (best < 0 || work_cost(w, metric) < work_cost(cand[best], metric))
			best = variant;
	}
	for (s = 0; s < cand[best]->len; s++) {
		if (!movelist_push_owned(out, format_shift(&cand[best]->shifts[s],
		    m, n, best == 1, err), err))
			goto done;
	}
	if (progress != NULL)
		atomic_store(progress, 1000);
	ok = true;
done:
	free(cand[0]);
	free(cand[1]);
	return ok;
}
