#include "solvers/rollcube/src.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Theorem 3 bounds shortest paths to k cells around the start-goal
 * rectangle when they are 2k longer than the Manhattan distance; the
 * window keeps a wider margin so that thin boards, whose detours can be
 * longer, are answered exactly too. */
#define MARGIN 8
/* A side longer than this is shortened, keeping its residue mod 4. */
#define LONG_SIDE 16

/* A path under construction: concrete counts, in the frame of the
 * sub-problem being solved. */
struct path {
	struct gps_seg seg[GPS_MAX_SEGS];
	int n;
	int64_t len;
};

static void
add_moves(struct path *p, const char *moves)
{
	size_t len = strlen(moves);

	if (len == 0)
		return;
	if (p->n > 0 && !p->seg[p->n - 1].repeat &&
	    strlen(p->seg[p->n - 1].moves) + len < sizeof p->seg[0].moves) {
		strcat(p->seg[p->n - 1].moves, moves);
	} else if (p->n < GPS_MAX_SEGS) {
		memset(&p->seg[p->n], 0, sizeof p->seg[0]);
		snprintf(p->seg[p->n].moves, sizeof p->seg[0].moves, "%s", moves);
		p->n++;
	}
	p->len += (int64_t)len;
}

/* (move){count}; count >= 0. */
static void
add_run(struct path *p, char move, int64_t count)
{
	if (p->n >= GPS_MAX_SEGS)
		return;
	memset(&p->seg[p->n], 0, sizeof p->seg[0]);
	p->seg[p->n].moves[0] = move;
	p->seg[p->n].repeat = true;
	p->seg[p->n].add = count;      /* concrete count until finish() */
	p->n++;
	p->len += count;
}

static void
append(struct path *dst, const struct path *src)
{
	int i;

	for (i = 0; i < src->n; i++) {
		if (src->seg[i].repeat)
			add_run(dst, src->seg[i].moves[0], src->seg[i].add);
		else
			add_moves(dst, src->seg[i].moves);
	}
}

/* Renames moves: from[k] becomes to[k]. */
static void
rename_moves(struct path *p, const char *from, const char *to)
{
	int i;
	char *c;

	for (i = 0; i < p->n; i++)
		for (c = p->seg[i].moves; *c != '\0'; c++) {
			const char *hit = strchr(from, *c);

			if (hit != NULL)
				*c = to[hit - from];
		}
}

/* Bounded search on a window of the board around the start-goal rectangle
 * (x = 1..n, y = 1..m; xf >= xi, yf >= yi), with sides longer than
 * LONG_SIDE shortened to LONG_SIDE..LONG_SIDE+3 cells of the same residue
 * mod 4 and lengthened again as one repeated run. die is the die at the
 * start, label the wanted top. */
static bool
window_search(int64_t m, int64_t n, int64_t xi, int64_t yi, int64_t xf,
    int64_t yf, struct die die, int label, struct path *out)
{
	int64_t dx = xf - xi, dy = yf - yi;
	int64_t cdx = dx > LONG_SIDE ? LONG_SIDE + (dx - LONG_SIDE) % 4 : dx;
	int64_t cdy = dy > LONG_SIDE ? LONG_SIDE + (dy - LONG_SIDE) % 4 : dy;
	int64_t left = xi - 1 < MARGIN ? xi - 1 : MARGIN;
	int64_t right = n - xf < MARGIN ? n - xf : MARGIN;
	int64_t below = yi - 1 < MARGIN ? yi - 1 : MARGIN;
	int64_t above = m - yf < MARGIN ? m - yf : MARGIN;
	struct rollcube_params wp = {below + cdy + above + 1, left + cdx + right + 1,
	    RULE_TOP_AFTER, NULL};
	struct rollcube_state ws = {left + 1, below + 1, die, left + 1 + cdx,
	    below + 1 + cdy, (uint8_t)label};
	struct movelist moves = MOVELIST_EMPTY;
	char buf[2] = {0, 0};
	size_t i, run_at = 0, run_len = 0, best_at = 0, best_len = 0;
	char want = dx > LONG_SIDE ? 'E' : 'N';
	int64_t stretch = dx > LONG_SIDE ? dx - cdx : dy - cdy;

	if (!rollcube_bfs(&wp, &ws, wp.rows * wp.cols, NULL, &moves, NULL))
		return false;
	/* Both sides long never reaches here (that is a large displacement). */
	if (dx > LONG_SIDE || dy > LONG_SIDE) {
		for (i = 0; i <= moves.len; i++) {
			if (i < moves.len && moves.moves[i][0] == want) {
				if (run_len == 0)
					run_at = i;
				run_len++;
			} else {
				if (run_len > best_len) {
					best_len = run_len;
					best_at = run_at;
				}
				run_len = 0;
			}
		}
		if (best_len == 0) {
			movelist_clear(&moves);
			return false;
		}
	}
	out->n = 0;
	out->len = 0;
	for (i = 0; i < moves.len; i++) {
		if (best_len > 0 && i == best_at) {
			add_run(out, want, (int64_t)best_len + stretch);
			i += best_len - 1;
			continue;
		}
		buf[0] = moves.moves[i][0];
		add_moves(out, buf);
	}
	movelist_clear(&moves);
	return true;
}

static bool solve_q1(int64_t m, int64_t n, int64_t xi, int64_t yi, int64_t xf,
    int64_t yf, int label, struct path *out);

/* Any quadrant: reflect into quadrant 1 (section 3.2), solve, reflect the
 * moves back. */
static bool
solve_any(int64_t m, int64_t n, int64_t xi, int64_t yi, int64_t xf, int64_t yf,
    int label, struct path *out)
{
	bool fx = xf < xi, fy = yf < yi;

	if (fx) {
		xi = n + 1 - xi;
		xf = n + 1 - xf;
		label = label == 2 ? 5 : label == 5 ? 2 : label;
	}
	if (fy) {
		yi = m + 1 - yi;
		yf = m + 1 - yf;
		label = label == 3 ? 4 : label == 4 ? 3 : label;
	}
	if (!solve_q1(m, n, xi, yi, xf, yf, label, out))
		return false;
	if (fx)
		rename_moves(out, "EW", "WE");
	if (fy)
		rename_moves(out, "NS", "SN");
	return true;
}

/* Table 3: label 1 (on top) or 6 (on the bottom) when both displacements
 * reach the thresholds of Table 1; the path is exactly dx + dy long. */
static bool
large_template(int64_t dx, int64_t dy, int label, struct path *out)
{
	out->n = 0;
	out->len = 0;
	if (label == 1 && dx >= 2 && dy >= 2) {
		/* N(E){dx-2}NE(N){dy-2}E: 1 saved north, then west. */
		add_moves(out, "N");
		add_run(out, 'E', dx - 2);
		add_moves(out, "NE");
		add_run(out, 'N', dy - 2);
		add_moves(out, "E");
		return true;
	}
	if (label == 6 && dy >= 4 && dx >= 2) {
		/* NNE(N){dy-4}EN(E){dx-2}N: 6 saved east, then south. */
		add_moves(out, "NNE");
		add_run(out, 'N', dy - 4);
		add_moves(out, "EN");
		add_run(out, 'E', dx - 2);
		add_moves(out, "N");
		return true;
	}
	if (label == 6 && dx >= 4 && dy >= 2) {
		/* EEN(E){dx-4}NE(N){dy-2}E: 6 saved north, then west. */
		add_moves(out, "EEN");
		add_run(out, 'E', dx - 4);
		add_moves(out, "NE");
		add_run(out, 'N', dy - 2);
		add_moves(out, "E");
		return true;
	}
	return false;
}

/* Lemma 1: a shortest path for label 3 or 4 (saved on the south or north
 * face along the E-W axis) can start with (E|W){0..3} then N or S, after
 * which the label is on top (label 1) or on the bottom (label 6). Valid
 * when the goal is 2 or more rows away, so that the prefix and the rows it
 * reorders never touch it. */
static bool
lemma1(int64_t m, int64_t n, int64_t xi, int64_t yi, int64_t xf, int64_t yf,
    int label, struct path *out)
{
	static const char horiz[2] = {'E', 'W'}, vert[2] = {'N', 'S'};
	bool found = false;
	int h, v, i;

	for (h = 0; h < 2; h++) {
		for (i = 0; i < 4; i++) {
			int64_t xr = xi + (h == 0 ? i : -i);

			if (xr < 1 || xr > n)
				continue;
			for (v = 0; v < 2; v++) {
				int64_t yr = yi + (v == 0 ? 1 : -1);
				/* N brings the south face (3) up and sends the
				 * north face (4) down; S the other way. */
				bool on_top = (label == 3) == (v == 0);
				struct path rest, cand;
				char prefix[6];
				int k;

				if (yr < 1 || yr > m)
					continue;
				if (!solve_any(m, n, xr, yr, xf, yf, on_top ? 1 : 6, &rest))
					continue;
				for (k = 0; k < i; k++)
					prefix[k] = horiz[h];
				prefix[i] = vert[v];
				prefix[i + 1] = '\0';
				cand.n = 0;
				cand.len = 0;
				add_moves(&cand, prefix);
				append(&cand, &rest);
				if (!found || cand.len < out->len) {
					*out = cand;
					found = true;
				}
			}
		}
	}
	return found;
}

static bool
solve_q1(int64_t m, int64_t n, int64_t xi, int64_t yi, int64_t xf, int64_t yf,
    int label, struct path *out)
{
	int64_t dx = xf - xi, dy = yf - yi;

	out->n = 0;
	out->len = 0;
	if (dx == 0 && dy == 0)
		return label == 1;     /* section 5.2.2: I, or no path */
	if (label == 2 || label == 5) {
		/* Section 3.3: transposing turns west (2) into south (3) and
		 * east (5) into north (4). */
		if (!solve_q1(n, m, yi, xi, yf, xf, label == 2 ? 3 : 4, out))
			return false;
		rename_moves(out, "NESW", "ENWS");
		return true;
	}
	if ((label == 1 || label == 6) && large_template(dx, dy, label, out))
		return true;
	if ((label == 3 || label == 4) && dy >= 2)
		return lemma1(m, n, xi, yi, xf, yf, label, out);
	{
		struct die d = die_standard;

		return window_search(m, n, xi, yi, xf, yf, d, label, out);
	}
}

bool
src_solve(int64_t m, int64_t n, int64_t xi, int64_t yi, int64_t xf, int64_t yf,
    int label, struct gps *g, bool *solvable, struct tw_error *err)
{
	struct path p;
	int64_t dx = xf > xi ? xf - xi : xi - xf, dy = yf > yi ? yf - yi : yi - yf;
	int i;

	memset(g, 0, sizeof *g);
	*solvable = false;
	if (m < 1 || n < 1 || m > ROLLCUBE_MAX_SIDE || n > ROLLCUBE_MAX_SIDE ||
	    xi < 1 || xi > n || xf < 1 || xf > n || yi < 1 || yi > m ||
	    yf < 1 || yf > m || label < 1 || label > 6) {
		tw_error_set(err, "SRC input out of range");
		return false;
	}
	if (!solve_any(m, n, xi, yi, xf, yf, label, &p))
		return true;
	/* Concrete counts become the displacement plus a constant. */
	for (i = 0; i < p.n; i++) {
		g->seg[i] = p.seg[i];
		if (p.seg[i].repeat) {
			bool horizontal = p.seg[i].moves[0] == 'E' || p.seg[i].moves[0] == 'W';

			g->seg[i].var = horizontal ? 1 : 2;
			g->seg[i].add = p.seg[i].add - (horizontal ? dx : dy);
		}
	}
	g->n = p.n;
	*solvable = true;
	return true;
}

int64_t
gps_length(const struct gps *g, int64_t dx, int64_t dy)
{
	int64_t len = 0;
	int i;

	for (i = 0; i < g->n; i++) {
		const struct gps_seg *s = &g->seg[i];

		if (s->repeat)
			len += (int64_t)strlen(s->moves) *
			    ((s->var == 1 ? dx : s->var == 2 ? dy : 0) + s->add);
		else
			len += (int64_t)strlen(s->moves);
	}
	return len;
}

void
gps_format(const struct gps *g, char *buf, size_t size)
{
	size_t used = 0;
	int i;

	if (size == 0)
		return;
	buf[0] = '\0';
	if (g->n == 0) {
		snprintf(buf, size, "I");
		return;
	}
	for (i = 0; i < g->n && used < size; i++) {
		const struct gps_seg *s = &g->seg[i];
		int w;

		if (!s->repeat)
			w = snprintf(buf + used, size - used, "%s", s->moves);
		else if (s->var == 0)
			w = snprintf(buf + used, size - used, "(%s){%lld}", s->moves,
			    (long long)s->add);
		else if (s->add == 0)
			w = snprintf(buf + used, size - used, "(%s){%s}", s->moves,
			    s->var == 1 ? "dx" : "dy");
		else
			w = snprintf(buf + used, size - used, "(%s){%s%+lld}", s->moves,
			    s->var == 1 ? "dx" : "dy", (long long)s->add);
		if (w < 0)
			return;
		used += (size_t)w;
	}
}

bool
gps_expand(const struct gps *g, int64_t dx, int64_t dy, int64_t max_moves,
    bool prefix_ok, atomic_bool *cancel, struct movelist *out, struct tw_error *err)
{
	int64_t total = gps_length(g, dx, dy), k, listed = 0;
	char one[2] = {0, 0};
	int i;
	const char *c;

	if (total > max_moves && !prefix_ok) {
		tw_error_set(err, "solution too long to list (%lld moves); use --gps",
		    (long long)total);
		return false;
	}
	for (i = 0; i < g->n; i++) {
		const struct gps_seg *s = &g->seg[i];
		int64_t times = s->repeat ?
		    (s->var == 1 ? dx : s->var == 2 ? dy : 0) + s->add : 1;

		for (k = 0; k < times; k++)
			for (c = s->moves; *c != '\0'; c++) {
				if (listed++ == max_moves)
					return true;
				if (cancel != NULL && listed % 65536 == 0 && atomic_load(cancel)) {
					tw_error_cancelled(err);
					return false;
				}
				one[0] = *c;
				if (!movelist_push(out, one, err))
					return false;
			}
	}
	return true;
}

bool
gps_expand_runs(const struct gps *g, int64_t dx, int64_t dy, struct movelist *out,
    struct tw_error *err)
{
	char one[2] = {0, 0}, run[GPS_SEG_MOVES + 32];
	const char *c;
	int i;

	for (i = 0; i < g->n; i++) {
		const struct gps_seg *s = &g->seg[i];
		int64_t times = s->repeat ?
		    (s->var == 1 ? dx : s->var == 2 ? dy : 0) + s->add : 1, done = 0, chunk;

		while (done < times) {
			/* Four repetitions roll by roll, then chunks of a
			 * quarter of what is done: about 100 moves for the
			 * longest straight of a 2^31 board. */
			chunk = done < 4 ? 1 : done / 4;
			if (chunk > times - done)
				chunk = times - done;
			if (chunk == 1) {
				for (c = s->moves; *c != '\0'; c++) {
					one[0] = *c;
					if (!movelist_push(out, one, err))
						return false;
				}
			} else {
				snprintf(run, sizeof run, "(%s)^%lld", s->moves, (long long)chunk);
				if (!movelist_push(out, run, err))
					return false;
			}
			done += chunk;
		}
	}
	return true;
}
