#include "solvers/rollcube/solve.h"

#include <stdlib.h>
#include <string.h>

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
		tw_error_set_kind(err, TW_ERROR_NO_SOLUTION, "no path");
		return false;
	}
	gps_format(&g, buf, size);
	return true;
}

int64_t
rollcube_gps_moves(const struct rollcube_params *p, const struct rollcube_state *s)
{
	struct gps g;
	bool solvable;

	if (p->cells != NULL || !rollcube_src(p, s, &g, &solvable, NULL) || !solvable)
		return 0;
	return gps_length(&g, llabs(s->gx - s->x), llabs(s->gy - s->y));
}

bool
rollcube_path_string(const void *params, const void *state, char *buf, size_t size,
    long long *moves, struct tw_error *err)
{
	if (!rollcube_gps_text(params, state, buf, size, err))
		return false;
	*moves = (long long)rollcube_gps_moves(params, state);
	return true;
}

bool
rollcube_solve_entry(const void *params, const void *state,
    const struct solve_request *req, struct movelist *out, struct tw_error *err)
{
	const struct rollcube_params *p = params;
	const struct rollcube_state *s = state;
	size_t listed = out->len;
	struct gps g;
	bool solvable;
	int64_t total;

	if (p->cells != NULL)
		return rollcube_bfs(p, s, ROLLCUBE_SEARCH_CELLS, req->cancel, out, err);
	if (!rollcube_src(p, s, &g, &solvable, err))
		return false;
	if (!solvable) {
		tw_error_set_kind(err, TW_ERROR_NO_SOLUTION, "no path");
		return false;
	}
	total = gps_length(&g, llabs(s->gx - s->x), llabs(s->gy - s->y));
	if (req->total_length != NULL)
		*req->total_length = (long)total;
	if (req->partial_ok && total > ROLLCUBE_GAME_LISTED) {
		/* The game: the whole answer, its long straights as runs. */
		if (req->truncated != NULL)
			*req->truncated = false;
		if (gps_expand_runs(&g, llabs(s->gx - s->x), llabs(s->gy - s->y), out, err))
			return true;
		while (out->len > listed)
			free(out->moves[--out->len]);
		if (listed == 0)
			movelist_clear(out);
		return false;
	}
	if (req->truncated != NULL)
		*req->truncated = total > ROLLCUBE_MAX_LISTED;
	if (!gps_expand(&g, llabs(s->gx - s->x), llabs(s->gy - s->y),
	    ROLLCUBE_MAX_LISTED, req->partial_ok, req->cancel, out, err)) {
		while (out->len > listed)   /* nothing listed on failure */
			free(out->moves[--out->len]);
		if (listed == 0)
			movelist_clear(out);
		return false;
	}
	return true;
}

bool
rollcube_state_solvable(const void *params, const void *state, struct tw_error *why)
{
	const struct rollcube_params *p = params;
	const struct rollcube_state *s = state;
	struct movelist path = MOVELIST_EMPTY;
	struct tw_error err;
	struct gps g;
	bool ok;

	if (rollcube_state_is_solved(p, s))
		return true;
	if (s->x == s->gx && s->y == s->gy) {
		tw_error_set(why, "the die starts on the goal without %d on top, and may stand there only after its last move",
		    s->label);
		return false;
	}
	if (p->cells != NULL) {
		ok = rollcube_bfs(p, s, ROLLCUBE_SEARCH_CELLS, NULL, &path, &err);
		movelist_clear(&path);
		if (!ok)
			tw_error_wrap(why, &err, NULL);
		return ok;
	}
	if (!rollcube_src(p, s, &g, &ok, why))
		return false;
	if (!ok && (p->rows == 1 || p->cols == 1)) {
		/* On one row or column the top follows from the distance. */
		struct die d = s->die;
		int64_t dist = p->rows == 1 ? s->gx - s->x : s->gy - s->y;

		for (int64_t k = 0; k < (dist % 4 + 4) % 4; k++)
			d = die_roll(d, p->rows == 1 ? (dist > 0 ? DIR_E : DIR_W) :
			    (dist > 0 ? DIR_N : DIR_S));
		tw_error_set_kind(why, TW_ERROR_NO_SOLUTION, "no path: on a single line the die shows %d at the goal",
		    d.top);
	} else if (!ok) {
		tw_error_set_kind(why, TW_ERROR_NO_SOLUTION, "no path");
	}
	return ok;
}

/* Maps: cells searched (summed over the draws) before the goal is drawn
 * from what a start reaches: eight searches of the largest map, about
 * 0.7 s; on small maps the 10,000 draws come first. */
#define SCRAMBLE_SEARCHED_CELLS (8 * ROLLCUBE_SEARCH_CELLS)
#define SCRAMBLE_REACHED_DRAWS 4

/* Every (cell, top) the standard die reaches from start on a map, as a
 * bit set of tops (bit t for top t) per cell; goals ignored. Caller frees.
 * NULL when out of memory. */
static uint8_t *
reached_tops(const struct rollcube_params *p, int64_t sx, int64_t sy)
{
	int64_t cells = p->rows * p->cols, head = 0, tail = 0;
	uint8_t *tops = calloc((size_t)cells, 1), *seen = calloc((size_t)cells * 24, 1);
	int32_t *queue = malloc((size_t)cells * 24 * sizeof *queue);
	struct die dice[24];
	struct rollcube_state cur = {sx, sy, die_standard, 0, 0, 0};

	if (tops == NULL || seen == NULL || queue == NULL) {
		free(tops);
		free(seen);
		free(queue);
		return NULL;
	}
	dice[die_index(die_standard)] = die_standard;
	queue[tail] = (int32_t)(((sy - 1) * p->cols + sx - 1) * 24 + die_index(die_standard));
	seen[queue[tail++]] = 1;
	while (head < tail) {
		int32_t id = queue[head++];

		cur.x = id / 24 % p->cols + 1;
		cur.y = id / 24 / p->cols + 1;
		cur.die = dice[id % 24];
		tops[id / 24] |= (uint8_t)(1u << cur.die.top);
		for (int d = 0; d < 4; d++) {
			struct rollcube_state next = cur;
			int32_t nid;

			if (!rollcube_roll(p, &next, (enum rollcube_dir)d, NULL))
				continue;
			nid = (int32_t)(((next.y - 1) * p->cols + next.x - 1) * 24 +
			    die_index(next.die));
			dice[nid % 24] = next.die;
			if (!seen[nid]) {
				seen[nid] = 1;
				queue[tail++] = nid;
			}
		}
	}
	free(seen);
	free(queue);
	return tops;
}

/* The fallback for maps where the drawn goals failed: a start drawn as
 * before, then goals drawn from the (cell, top) pairs it reaches (the
 * goal cell must not be needed on the way, so each is still checked). */
static bool
scramble_from_reached(const struct rollcube_params *p, struct tw_rng *rng,
    struct rollcube_state *s)
{
	int64_t cells = p->rows * p->cols, count = 0, c;
	uint8_t *tops;
	int tries;

	do {
		s->x = 1 + (int64_t)tw_rng_below(rng, (uint64_t)p->cols);
		s->y = 1 + (int64_t)tw_rng_below(rng, (uint64_t)p->rows);
	} while (rollcube_cell(p, s->x, s->y) != CELL_FREE &&
	    ++count < 64 * cells);
	if (rollcube_cell(p, s->x, s->y) != CELL_FREE)
		return false;
	tops = reached_tops(p, s->x, s->y);
	if (tops == NULL)
		return false;
	count = 0;
	for (c = 0; c < cells; c++)
		if (c != (s->y - 1) * p->cols + s->x - 1)
			count += __builtin_popcount(tops[c]);
	for (tries = 0; count > 0 && tries < SCRAMBLE_REACHED_DRAWS; tries++) {
		int64_t pick = (int64_t)tw_rng_below(rng, (uint64_t)count);

		for (c = 0; c < cells; c++) {
			if (c == (s->y - 1) * p->cols + s->x - 1)
				continue;
			for (int t = 1; t <= 6; t++) {
				if (!(tops[c] >> t & 1) || pick-- > 0)
					continue;
				s->gx = c % p->cols + 1;
				s->gy = c / p->cols + 1;
				s->label = (uint8_t)t;
				goto picked;
			}
		}
picked:
		s->die = die_standard;
		if (rollcube_state_solvable(p, s, NULL)) {
			free(tops);
			return true;
		}
	}
	free(tops);
	return false;
}

void *
rollcube_scramble(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	const struct rollcube_params *p = params;
	struct rollcube_state *s = tw_calloc(1, sizeof *s, err);
	int64_t searched = 0;
	int tries;

	if (s == NULL)
		return NULL;
	for (tries = 0; tries < 10000; tries++) {
		s->x = 1 + (int64_t)tw_rng_below(rng, (uint64_t)p->cols);
		s->y = 1 + (int64_t)tw_rng_below(rng, (uint64_t)p->rows);
		s->gx = 1 + (int64_t)tw_rng_below(rng, (uint64_t)p->cols);
		s->gy = 1 + (int64_t)tw_rng_below(rng, (uint64_t)p->rows);
		s->label = (uint8_t)(1 + tw_rng_below(rng, 6));
		s->die = die_standard;
		if (s->x == s->gx && s->y == s->gy)
			continue;
		if (rollcube_cell(p, s->x, s->y) != CELL_FREE ||
		    rollcube_cell(p, s->gx, s->gy) == CELL_BLOCKED)
			continue;
		if (rollcube_state_solvable(p, s, NULL))
			return s;
		if (p->cells != NULL &&
		    (searched += p->rows * p->cols) >= SCRAMBLE_SEARCHED_CELLS)
			break;
	}
	if (p->cells != NULL && scramble_from_reached(p, rng, s))
		return s;
	tw_error_set(err, "no solvable start and goal found on this board");
	free(s);
	return NULL;
}
