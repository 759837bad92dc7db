#include "solvers/rollcube_solver.h"

#include <stdlib.h>

/* The standard orientation's label at the face where label l is now. */
static int
standard_label(struct die d, int l)
{
	if (l == d.top) return 1;
	if (l == 7 - d.top) return 6;
	if (l == d.north) return 4;
	if (l == 7 - d.north) return 3;
	if (l == d.east) return 5;
	return 2;
}

bool
rollcube_src(const struct rollcube_params *p, const struct rollcube_state *s,
    struct gps *g, bool *solvable, struct tw_error *err)
{
	int64_t dx = llabs(s->gx - s->x), dy = llabs(s->gy - s->y), best = -1;
	struct gps cand;
	bool ok;
	int l;

	*solvable = false;
	if (p->cells != NULL) {
		tw_error_set(err, "SRC is for open boards (this board has a map)");
		return false;
	}
	for (l = 1; l <= 6; l++) {
		if (s->label != 0 && l != s->label)
			continue;
		if (!src_solve(p->rows, p->cols, s->x, s->y, s->gx, s->gy,
		    standard_label(s->die, l), &cand, &ok, err))
			return false;
		if (ok && (best < 0 || gps_length(&cand, dx, dy) < best)) {
			best = gps_length(&cand, dx, dy);
			*g = cand;
			*solvable = true;
		}
	}
	return true;
}

bool
rollcube_gps_text(const struct rollcube_params *p, const struct rollcube_state *s,
    char *buf, size_t size, struct tw_error *err)
{
	struct gps g;
	bool solvable;

	if (p->cells != NULL) {
		tw_error_set(err, "--gps is for open boards (this board has a map)");
		return false;
	}
	if (!rollcube_src(p, s, &g, &solvable, err))
		return false;
	if (!solvable) {
		tw_error_set(err, "no path");
		return false;
	}
	gps_format(&g, buf, size);
	return true;
}

bool
rollcube_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	const struct rollcube_params *p = params;
	const struct rollcube_state *s = state;
	struct gps g;
	bool solvable;

	if (p->cells != NULL)
		return rollcube_bfs(p, s, ROLLCUBE_SEARCH_CELLS, req->cancel, out, err);
	if (!rollcube_src(p, s, &g, &solvable, err))
		return false;
	if (!solvable) {
		tw_error_set(err, "no path");
		return false;
	}
	if (req->truncated != NULL)
		*req->truncated = gps_length(&g, llabs(s->gx - s->x),
		    llabs(s->gy - s->y)) > ROLLCUBE_MAX_LISTED;
	return gps_expand(&g, llabs(s->gx - s->x), llabs(s->gy - s->y),
	    ROLLCUBE_MAX_LISTED, req->partial_ok, out, err);
}
