/* The black-and-white torus's solvers (bw.h). */
#include "solvers/torus/bw.h"

#include <stdlib.h>
#include <string.h>

#include "solvers/torus/solve.h"

/* A move as a line (rows 0..m-1, then columns) and a shift east or
 * south by k. */
struct shift {
	int line, k;
};

/* ---- Patterns of at most 16 cells as bit masks. ---- */

static uint32_t
mask_shift(uint32_t mask, int m, int n, struct shift sh)
{
	uint32_t out = mask;

	if (sh.line < m) {
		int r = sh.line;

		for (int j = 0; j < n; j++) {
			uint32_t bit = (mask >> (r * n + j)) & 1;
			int to = r * n + (j + sh.k) % n;

			out = (out & ~(1u << to)) | (bit << to);
		}
	} else {
		int c = sh.line - m;

		for (int i = 0; i < m; i++) {
			uint32_t bit = (mask >> (i * n + c)) & 1;
			int to = (i + sh.k) % m * n + c;

			out = (out & ~(1u << to)) | (bit << to);
		}
	}
	return out;
}

/* Whether shift sh is a move of the metric's breadth-first search: the
 * drag metric's every shift, the push metric's unit ones. */
static bool
bfs_move(int m, int n, int metric, struct shift sh)
{
	int len = sh.line < m ? n : m;

	return metric != TORUS_PUSH || sh.k == 1 || sh.k == len - 1;
}

static uint32_t
mask_of(const uint16_t *cells, int count)
{
	uint32_t mask = 0;

	for (int i = 0; i < count; i++)
		mask |= (uint32_t)(cells[i] != 0) << i;
	return mask;
}

/* Appends shift sh (m x n board) to out, written the short way round. */
static bool
push_shift(struct movelist *out, int m, int n, struct shift sh, struct tw_error *err)
{
	struct torus_params p = {.rows = m, .cols = n};
	bool row = sh.line < m;
	char buf[16];

	torus_shift_format(&p, row, row ? sh.line + 1 : sh.line - m + 1, sh.k, buf, sizeof buf);
	return movelist_push(out, buf, err);
}

/* Appends a run of shifts, those of one line in a row merged into one
 * (the push metric's unit pushes: E2 E2 is E2^2), and gone when they
 * cancel, which may bring two more of one line together: a stack. Uses
 * path as the stack. */
static bool
push_merged(struct movelist *out, int m, int n, struct shift *path, int len,
    struct tw_error *err)
{
	int top = 0;

	for (int i = 0; i < len; i++) {
		int line_len = path[i].line < m ? n : m;

		if (top > 0 && path[top - 1].line == path[i].line) {
			path[top - 1].k = (path[top - 1].k + path[i].k) % line_len;
			if (path[top - 1].k == 0)
				top--;
		} else {
			path[top++] = path[i];
		}
	}
	for (int i = 0; i < top; i++)
		if (!push_shift(out, m, n, path[i], err))
			return false;
	return true;
}

/* Breadth-first search from the goal over every pattern of the board
 * (at most 2^16), then a walk down from the start: a shortest answer. */
static bool
solve_by_search(const struct torus_params *p, const struct torus_state *s, int metric,
    atomic_bool *cancel, struct movelist *out, struct tw_error *err)
{
	int m = p->rows, n = p->cols, cells = m * n, d;
	uint32_t goal = 0, at = mask_of(s->tile, cells), total = 1u << cells;
	uint8_t *dist = malloc(total);
	struct shift path[64];
	int len = 0;
	bool more = true;

	if (dist == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	for (int i = 0; i < cells; i++)
		goal |= (uint32_t)p->goal[i] << i;
	memset(dist, 255, total);
	dist[goal] = 0;
	for (d = 0; more && dist[at] == 255; d++) {
		more = false;
		if (cancel != NULL && atomic_load(cancel)) {
			free(dist);
			tw_error_cancelled(err);
			return false;
		}
		for (uint32_t x = 0; x < total; x++) {
			if (dist[x] != d)
				continue;
			for (int line = 0; line < m + n; line++) {
				for (int k = 1; k < (line < m ? n : m); k++) {
					struct shift sh = {line, k};
					uint32_t y;

					if (!bfs_move(m, n, metric, sh))
						continue;
					y = mask_shift(x, m, n, sh);
					if (dist[y] == 255) {
						dist[y] = (uint8_t)(d + 1);
						more = true;
					}
				}
			}
		}
	}
	if (dist[at] == 255) {
		free(dist);
		tw_error_set(err, "internal error: a black-and-white position out of reach");
		return false;
	}
	/* Down from the start, the first move in a fixed order each time:
	 * the same answer every time. */
	while (dist[at] > 0 && len < 64) {
		bool stepped = false;

		for (int line = 0; line < m + n && !stepped; line++) {
			for (int k = 1; k < (line < m ? n : m) && !stepped; k++) {
				struct shift sh = {line, k};
				uint32_t y;

				if (!bfs_move(m, n, metric, sh))
					continue;
				y = mask_shift(at, m, n, sh);
				if (dist[y] == dist[at] - 1) {
					path[len++] = sh;
					at = y;
					stepped = true;
				}
			}
		}
		if (!stepped)
			break;
	}
	d = dist[at];
	free(dist);
	if (d != 0) {
		tw_error_set(err, "internal error: the walk down the distances failed");
		return false;
	}
	return push_merged(out, m, n, path, len, err);
}

/* ---- Every board: through the numbered solver. ---- */

/* Numbers the pieces so that the numbered solver's answer takes each to
 * a goal cell of its colour: a piece on a cell of its own colour in the
 * goal stays there (the numbered position then has many tiles home),
 * the others go, in reading order, to the goal cells of their colour
 * left over, in reading order; on an odd x odd board, where only even
 * permutations are solvable, two pieces of one colour swap goals when
 * the numbering is odd. */
static void
number_pieces(const struct torus_params *p, const struct torus_state *s, struct torus_state *t)
{
	int cells = p->rows * p->cols, next[2] = {0, 0};

	t->rows = p->rows;
	t->cols = p->cols;
	for (int c = 0; c < cells; c++) {
		int colour = s->tile[c] != 0;

		if (colour == p->goal[c]) {
			t->tile[c] = (uint16_t)(c + 1);
			continue;
		}
		/* The next goal cell of this colour whose piece is elsewhere. */
		while (p->goal[next[colour]] != colour || (s->tile[next[colour]] != 0) == colour)
			next[colour]++;
		t->tile[c] = (uint16_t)(next[colour] + 1);
		next[colour]++;
	}
	if (p->rows % 2 == 1 && p->cols % 2 == 1 && torus_parity(t) == 1) {
		for (int colour = 0; colour < 2; colour++) {
			int first = -1;

			for (int c = 0; c < cells; c++) {
				if ((s->tile[c] != 0) != colour)
					continue;
				if (first < 0) {
					first = c;
					continue;
				}
				uint16_t swap = t->tile[first];

				t->tile[first] = t->tile[c];
				t->tile[c] = swap;
				return;
			}
		}
	}
}

/* The numbered solver's answer, as the pattern sees it: a shift that
 * leaves the pattern as it is can go (the patterns after it are the
 * same without it), the answer ends where the pattern first is the
 * goal, and shifts of one line that come together again merge. */
static bool
solve_by_numbering(const struct torus_params *p, const struct torus_state *s,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	struct torus_params numbered = {.rows = p->rows, .cols = p->cols};
	struct solve_request nreq = {.metric = req->metric, .cancel = req->cancel,
	    .progress = req->progress};
	struct movelist full = MOVELIST_EMPTY;
	struct torus_state t, pattern = *s;
	struct shift *path = NULL;
	int m = p->rows, n = p->cols, len = 0;
	bool ok = false;

	number_pieces(p, s, &t);
	if (!torus_solve(&numbered, &t, &nreq, &full, err))
		return false;
	path = tw_calloc(full.len + 1, sizeof *path, err);
	if (path == NULL)
		goto done;
	for (size_t i = 0; i < full.len && !torus_state_is_solved(p, &pattern); i++) {
		struct torus_move mv;
		struct torus_state before = pattern;

		if (!torus_move_parse(&numbered, full.moves[i], &mv, err))
			goto done;
		torus_move_do(&pattern, &mv);
		if (memcmp(before.tile, pattern.tile, sizeof pattern.tile) == 0)
			continue;
		path[len].line = mv.dir == TORUS_E || mv.dir == TORUS_W ? mv.line - 1 : m + mv.line - 1;
		path[len].k = mv.dir == TORUS_E || mv.dir == TORUS_S ? mv.amount :
		    (path[len].line < m ? n : m) - mv.amount;
		len++;
	}
	ok = push_merged(out, m, n, path, len, err);
done:
	free(path);
	movelist_clear(&full);
	return ok;
}

bool
torus_bw_solve(const struct torus_params *p, const struct torus_state *s,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	int cells = p->rows * p->cols;
	bool ok;

	if (!torus_state_solvable(p, s, err))
		return false;
	if (req->optimal && cells > TORUS_BW_SEARCH_CELLS) {
		tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
		    "no proven shortest answers on a %dx%d black-and-white torus: they are offered on "
		    "boards of at most %d cells", p->rows, p->cols, TORUS_BW_SEARCH_CELLS);
		return false;
	}
	ok = cells <= TORUS_BW_SEARCH_CELLS ?
	    solve_by_search(p, s, req->metric, req->cancel, out, err) :
	    solve_by_numbering(p, s, req, out, err);
	if (ok && req->progress != NULL)
		atomic_store(req->progress, 1000);
	if (ok && req->stats != NULL) {
		req->stats->metric = torus_metrics[req->metric];
		req->stats->lower_bound = torus_bw_lower_bound(p, s);
		req->stats->bound_source = "Amano et al.'s counting bound";
	}
	return ok;
}
