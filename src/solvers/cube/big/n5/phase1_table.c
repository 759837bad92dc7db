/* Phase 1's symmetries, X classes and combined table (phase1_table.h). */
#include "solvers/cube/big/n5/phase1_table.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 2

static const struct r5_syms *syms;   /* in the cached block (make_syms) */
static const char *syms_problem;
static pthread_once_t syms_once = PTHREAD_ONCE_INIT;
static const struct r5_coords *build_coords;   /* for the builder (set before table_get) */

/* The place (of 24) of each facelet of one centre kind, -1 for others. */
static void
places_of(const uint8_t *facelet, int *of)
{
	int p;

	for (p = 0; p < R5_FACELETS; p++)
		of[p] = -1;
	for (p = 0; p < 24; p++)
		of[facelet[p]] = p;
}

/* Bytes tables of a place map: out[b][byte] is the mask of the images
 * of byte b's places. */
static void
byte_tables(const int *to, uint32_t (*out)[256])
{
	unsigned x;
	int b, i;

	for (b = 0; b < 3; b++)
		for (x = 0; x < 256; x++) {
			uint32_t o = 0;

			for (i = 0; i < 8; i++)
				if (x >> i & 1)
					o |= 1u << to[b * 8 + i];
			out[b][x] = o;
		}
}

/* The maps of space that keep the R-L places of both centre kinds (so
 * keep the R-L axis), each checked to send every facelet to a facelet and
 * to conjugate every turn into a turn. */
static const char *
build_syms(struct r5_syms *sy, const struct r5_model *md, uint32_t goal)
{
	int pos[R5_FACELETS][3], x_of[R5_FACELETS], t_of[R5_FACELETS], a, d, m, j, p, n = 0;

	for (d = 0; d < R5_FACELETS; d++)
		cube_facelet_position(R5_N, d, pos[d]);
	places_of(md->x_facelet, x_of);
	places_of(md->t_facelet, t_of);
	for (a = 0; a < 48; a++) {
		int axis[3], sign[3], to[R5_FACELETS], xto[24], tto[24];
		uint32_t xg = 0, tg = 0;

		cube_space_map(a, axis, sign);
		for (d = 0; d < R5_FACELETS; d++) {
			int w[3] = {sign[0] * pos[d][axis[0]], sign[1] * pos[d][axis[1]], sign[2] * pos[d][axis[2]]};

			for (to[d] = 0; to[d] < R5_FACELETS && memcmp(pos[to[d]], w, sizeof w) != 0; to[d]++)
				;
			if (to[d] == R5_FACELETS)
				return "a map of space that sends a facelet off the cube";
		}
		for (p = 0; p < 24; p++) {
			xto[p] = x_of[to[md->x_facelet[p]]];
			tto[p] = t_of[to[md->t_facelet[p]]];
			if (xto[p] < 0 || tto[p] < 0)
				return "a map of space that sends a centre to another kind";
			xg |= (uint32_t)(goal >> p & 1) << xto[p];
			tg |= (uint32_t)(goal >> p & 1) << tto[p];
		}
		if (xg != goal || tg != goal)
			continue;
		if (n == R5_SYMS)
			return "more than 16 symmetries keep the R-L places";
		for (m = 0; m < R5_MOVES; m++) {
			uint8_t conj[R5_FACELETS];

			/* s m s^-1: facelet to[d] shows what to[src[d]] showed. */
			for (d = 0; d < R5_FACELETS; d++)
				conj[to[d]] = (uint8_t)to[md->src[m][d]];
			for (j = 0; j < R5_MOVES && memcmp(md->src[j], conj, sizeof conj) != 0; j++)
				;
			if (j == R5_MOVES)
				return "a symmetry that does not conjugate a turn into a turn";
			sy->move_conj[n][m] = (uint8_t)j;
		}
		for (d = 0; d < R5_FACELETS; d++)
			sy->facelet_to[n][d] = (uint8_t)to[d];
		byte_tables(xto, sy->x_sym1[n]);
		byte_tables(tto, sy->t_sym1[n]);
		n++;
	}
	return n == R5_SYMS ? NULL : "fewer than 16 symmetries keep the R-L places";
}

/* The X classes: masks of 8 of 24 bits in increasing order are in colex
 * rank order, so a class's representative (its smallest rank) comes
 * before the rest of it. */
static const char *
build_classes(struct r5_syms *sy, const struct r5_coords *k)
{
	const struct r5_syms *cs = sy;
	uint32_t mask = 0xff, r;
	int s;

	sy->nclasses = 0;
	for (r = 0; r < R5_N1; r++) {
		uint32_t best = r, image, low;
		int best_s = 0;

		for (s = 1; s < R5_SYMS; s++) {
			image = r5_rank1(k, r5_move_mask(cs->x_sym1[s], mask));
			if (image < best) {
				best = image;
				best_s = s;
			}
		}
		sy->x_sym[r] = (uint8_t)best_s;
		if (best == r) {
			if (sy->nclasses == R5_XCLASSES_MAX)
				return "more X classes than cube555's 46,371";
			sy->rep_mask[sy->nclasses] = mask;
			sy->stab[sy->nclasses] = 0;
			for (s = 1; s < R5_SYMS; s++)
				if (r5_move_mask(cs->x_sym1[s], mask) == mask)
					sy->stab[sy->nclasses] |= (uint16_t)(1u << s);
			sy->x_class[r] = (uint16_t)sy->nclasses++;
		} else {
			sy->x_class[r] = sy->x_class[best];
		}
		/* The next mask with 8 bits (Gosper). */
		low = mask & -mask;
		image = mask + low;
		mask = image | (((image ^ mask) / low) >> 2);
	}
	return sy->nclasses == R5_XCLASSES_MAX ? NULL : "fewer X classes than cube555's 46,371";
}

/* The symmetries and X classes into buf (a struct r5_syms), for the
 * coordinates ctx. */
static bool
build_syms_block(void *buf, size_t size, void *ctx, const struct table_progress *prog, struct tw_error *err)
{
	const struct r5_model *md = r5_model_get(err);
	const struct r5_coords *k = ctx;
	struct r5_syms *sy = buf;
	const char *problem;

	(void)size;
	(void)prog;
	if (md == NULL)
		return false;
	problem = build_syms(sy, md, k->goal1);
	if (problem == NULL)
		problem = build_classes(sy, k);
	if (problem != NULL) {
		tw_error_set(err, "%s", problem);
		return false;
	}
	return true;
}

/* About 50 ms to build, so cached: every 5x5x5 and larger process reads
 * them. */
static void
make_syms(void)
{
	struct table_spec spec = {
		.name = "cube5-phase1-syms",
		.version = 1,
		.params = "16 symmetries keeping the R-L places; X classes of C(24,8)",
		.size = sizeof(struct r5_syms),
		.build = build_syms_block,
		.ctx = (void *)(uintptr_t)build_coords,
	};
	static char why[sizeof ((struct tw_error *)0)->msg];
	struct tw_error err = {0};

	syms = table_get(&spec, NULL, &err);
	if (syms == NULL) {
		snprintf(why, sizeof why, "%s", err.msg);
		syms_problem = why;
	}
}

/* Inserts key at distance d unless present; true if inserted. */
static bool
hash_insert(uint64_t *hash, uint64_t key, int d)
{
	uint32_t at;

	for (at = r5_xt_hash_slot(key);; at = (at + 1) & (R5_XT_HASH_SLOTS - 1)) {
		if (hash[at] == 0) {
			hash[at] = (key + 1) | (uint64_t)d << 40;
			return true;
		}
		if ((hash[at] & 0xffffffffffull) == key + 1)
			return false;
	}
}

static bool
hash_has(const uint64_t *hash, uint64_t key)
{
	uint32_t at;

	for (at = r5_xt_hash_slot(key);; at = (at + 1) & (R5_XT_HASH_SLOTS - 1)) {
		if (hash[at] == 0)
			return false;
		if ((hash[at] & 0xffffffffffull) == key + 1)
			return true;
	}
}

static void
filter_set(uint64_t *filter, uint64_t key)
{
	uint64_t bit = r5_xt_filter_bit(key);

	__atomic_fetch_or(&filter[bit >> 6], 1ull << (bit & 63), __ATOMIC_RELAXED);
}

/* The 36 children's keys of the state of key. */
static void
children(const struct r5_coords *k, uint64_t key, uint64_t *out)
{
	uint32_t x = syms->rep_mask[key / R5_N1], t = r5_unrank1((uint32_t)(key % R5_N1));
	int m;

	for (m = 0; m < R5_MOVES; m++)
		out[m] = r5_xt_key(syms, k, r5_rank1(k, r5_move_mask(k->x_move1[m], x)),
		    r5_move_mask(k->t_move1[m], t));
}

/* The last depth's scan: part of the frontier (depth R5_XT_EXACT), each
 * child not in the hash (so at R5_XT_EXACT + 1) setting its filter bit. */
struct part {
	const struct r5_coords *k;
	uint64_t *table;
	const uint64_t *frontier;
	size_t from, to;
	const atomic_bool *cancel;
	const struct table_progress *prog;  /* part 0 reports */
	bool cancelled;
};

static void *
scan(void *arg)
{
	struct part *w = arg;
	uint64_t kids[R5_MOVES];
	size_t q;
	int m;

	for (q = w->from; q < w->to; q++) {
		if ((q & 0x3fff) == 0) {
			if (w->cancel != NULL && atomic_load(w->cancel)) {
				w->cancelled = true;
				return NULL;
			}
			if (w->prog != NULL)
				table_progress_report(w->prog, 300 + (int)(700 * (q - w->from) / (w->to - w->from)));
		}
		children(w->k, w->frontier[q], kids);
		for (m = 0; m < R5_MOVES; m++)
			if (!hash_has(w->table, kids[m]))
				filter_set(w->table + R5_XT_HASH_SLOTS, kids[m]);
	}
	return NULL;
}

/* Breadth first over keys from the goal: frontier lists, the hash as the
 * set of states seen (one thread, in a fixed order, so the same slots on
 * every machine), then the last depth on two threads (filter bits are
 * OR-ed: the order does not matter). */
static bool
build_table(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	const struct r5_coords *k = ctx;
	uint64_t *table = buf, *filter = table + R5_XT_HASH_SLOTS, *frontier, *next, kids[R5_MOVES];
	size_t nf = 1, nn, cap = R5_XT_HASH_SLOTS * 3 / 4, i, stored = 1;
	struct part part[THREADS];
	pthread_t thread[THREADS];
	int d, m, started;
	bool failed = false;

	(void)size;
	frontier = malloc(cap * sizeof *frontier);
	next = malloc(cap * sizeof *next);
	if (frontier == NULL || next == NULL) {
		free(frontier);
		free(next);
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	frontier[0] = r5_xt_key(syms, k, r5_rank1(k, k->goal1), k->goal1);
	hash_insert(table, frontier[0], 0);
	filter_set(filter, frontier[0]);
	for (d = 0; d < R5_XT_EXACT && !failed; d++) {
		uint64_t *swap;

		if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
			tw_error_cancelled(err);
			failed = true;
		}
		for (i = 0, nn = 0; i < nf && !failed; i++) {
			children(k, frontier[i], kids);
			for (m = 0; m < R5_MOVES && !failed; m++) {
				if (!hash_insert(table, kids[m], d + 1))
					continue;
				filter_set(filter, kids[m]);
				/* Three quarters full at most, so that probes stay short. */
				if (++stored > R5_XT_HASH_SLOTS * 3 / 4) {
					tw_error_set(err, "internal error: the 5x5x5 phase-1 hash overflows");
					failed = true;
				} else {
					next[nn++] = kids[m];
				}
			}
		}
		swap = frontier;
		frontier = next;
		next = swap;
		nf = nn;
		table_progress_report(prog, 300 * (d + 1) / R5_XT_EXACT);
	}
	free(next);
	for (i = 0; i < THREADS && !failed; i++)
		part[i] = (struct part){k, table, frontier, nf * i / THREADS, nf * (i + 1) / THREADS,
		    prog != NULL ? prog->cancel : NULL, i == 0 ? prog : NULL,
		    false};
	for (started = 1; started < THREADS && !failed; started++)
		if (pthread_create(&thread[started], NULL, scan, &part[started]) != 0)
			break;
	if (!failed) {
		/* Parts whose thread did not start run here. */
		for (i = (size_t)started; i < THREADS; i++)
			part[0].to = part[i].to, part[i].from = part[i].to;
		scan(&part[0]);
		for (i = 1; i < (size_t)started; i++)
			pthread_join(thread[i], NULL);
		for (i = 0; i < THREADS; i++)
			if (part[i].cancelled && !failed) {
				tw_error_cancelled(err);
				failed = true;
			}
	}
	free(frontier);
	return !failed;
}

size_t
r5_xt_table_bytes(void)
{
	return (size_t)R5_XT_HASH_SLOTS * sizeof(uint64_t) + R5_XT_FILTER_WORDS * sizeof(uint64_t);
}

const uint64_t *
r5_xt_table_get(const struct r5_syms **sy, const struct r5_coords *k,
    const struct table_progress *prog, struct tw_error *err)
{
	char params[128];
	struct table_spec spec = {"cube5-phase1-xt", 1, params, r5_xt_table_bytes(), build_table,
	    (void *)k, false};
	const uint64_t *t;

	build_coords = k;
	pthread_once(&syms_once, make_syms);
	if (syms_problem != NULL) {
		tw_error_set(err, "internal error: the 5x5x5 phase-1 symmetries: %s", syms_problem);
		return NULL;
	}
	snprintf(params, sizeof params,
	    "%d syms, %d X classes x T raw, exact to %d in 2^%d slots, depth %d in 2^%d bits",
	    R5_SYMS, syms->nclasses, R5_XT_EXACT, R5_XT_HASH_BITS, R5_XT_EXACT + 1, R5_XT_FILTER_BITS);
	t = table_get_huge(&spec, prog, err);
	if (t != NULL && sy != NULL)
		*sy = syms;
	return t;
}
