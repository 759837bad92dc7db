/* The 5x5x5 phase reduction's phase-3 wings x midges table, reduced by
 * symmetry (phase3_wm.h). */
#include "solvers/cube/big/n5/phase3_wm.h"
#include "solvers/cube/big/n5/phase1_table.h"
#include "solvers/cube/big/n5/tables.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct r5_p3_wm_syms wm_syms;
static const char *syms_problem;
static const struct r5_p3_wm_table *wm_table;
static const struct r5_model *model;
static const struct r5_p3_coords *p3;
static const struct r5_syms *syms16;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool syms_built;

static uint32_t
wing_map(const uint32_t (*w)[256], uint32_t mask)
{
	return w[0][mask & 0xff] | w[1][mask >> 8 & 0xff] | w[2][mask >> 16];
}

/* The place (of n pairs of facelets) holding facelets a and b, or -1. */
static int
pair_of(const uint8_t (*pairs)[2], int n, int a, int b)
{
	int i;

	for (i = 0; i < n; i++)
		if ((pairs[i][0] == a && pairs[i][1] == b) || (pairs[i][0] == b && pairs[i][1] == a))
			return i;
	return -1;
}

struct state {
	uint32_t w;
	unsigned m;
};

/* W mapped by symmetry u (with the complement for u >= 16). */
static uint32_t
sym_w(const struct r5_p3_wm_syms *sy, int u, uint32_t w)
{
	return wing_map(sy->wing_sym[u], w) ^ (u >= R5_SYMS ? 0xffffffu : 0);
}

static struct state
sym_state(const struct r5_p3_wm_syms *sy, int u, struct state s)
{
	struct state o = {sym_w(sy, u, s.w), sy->midge_sym[u][s.m]};

	return o;
}

static int
sy16_facelet(int s, int d)
{
	return syms16->facelet_to[s][d];
}

static struct state
move_state(int j, struct state s)
{
	struct state o = {wing_map(p3->wing_move[j], s.w), p3->midge_move[j][s.m]};

	return o;
}

/* The 32 symmetries' action, checked: each conjugates every phase-3
 * turn into a phase-3 turn (on pseudo-random states) and keeps the goal
 * set {(half 0, 0), (half 1, 0xfff)}. */
static const char *
build_syms(struct r5_p3_wm_syms *sy)
{
	const struct r5_model *md = model;
	int s, u, p, j, i, q;
	uint32_t seed = 777, x;
	struct state test[16];

	for (s = 0; s < R5_SYMS; s++) {
		int wto[R5_WINGS], mto[R5_SLOTS], swap = -1;

		for (p = 0; p < R5_WINGS; p++) {
			wto[p] = pair_of(md->wing_facelet, R5_WINGS, sy16_facelet(s, md->wing_facelet[p][0]),
			    sy16_facelet(s, md->wing_facelet[p][1]));
			if (wto[p] < 0)
				return "a symmetry that takes a wing place to no wing place";
			if (swap < 0)
				swap = md->half_of[wto[p]] != md->half_of[p];
			else if (swap != (md->half_of[wto[p]] != md->half_of[p]))
				return "a symmetry that splits a half";
		}
		for (p = 0; p < R5_SLOTS; p++) {
			mto[p] = pair_of(md->midge_facelet, R5_SLOTS, sy16_facelet(s, md->midge_facelet[p][0]),
			    sy16_facelet(s, md->midge_facelet[p][1]));
			if (mto[p] < 0)
				return "a symmetry that takes a midge place to no midge place";
		}
		for (u = s; u < R5_P3_WSYMS; u += R5_SYMS) {
			bool comp = u >= R5_SYMS;

			for (i = 0; i < 3; i++)
				for (x = 0; x < 256; x++) {
					uint32_t o = 0;

					for (q = 0; q < 8; q++)
						if (x >> q & 1)
							o |= 1u << wto[i * 8 + q];
					sy->wing_sym[u][i][x] = o;
				}
			for (x = 0; x < 4096; x++) {
				unsigned o = 0;

				for (q = 0; q < R5_SLOTS; q++)
					o |= (x >> q & 1u) << mto[q];
				sy->midge_sym[u][x] = (uint16_t)(o ^ ((unsigned)swap ^ comp ? 0xfffu : 0));
			}
		}
	}
	for (i = 0; i < 16; i++) {
		uint32_t w = 0;
		int n = 0;

		while (n < 12) {
			seed = seed * 1103515245u + 12345u;
			p = (int)(seed >> 16) % 24;
			if (!(w >> p & 1)) {
				w |= 1u << p;
				n++;
			}
		}
		seed = seed * 1103515245u + 12345u;
		x = seed >> 16 & 0x7ff;
		test[i].w = w;
		test[i].m = x | (unsigned)(__builtin_popcount(x) & 1) << 11;
	}
	for (u = 0; u < R5_P3_WSYMS; u++) {
		struct state g0 = {p3->half0, 0}, g;

		g = sym_state(sy, u, g0);
		if (!((g.w == p3->half0 && g.m == 0) || (g.w == (p3->half0 ^ 0xffffffu) && g.m == 0xfff)))
			return "a symmetry that moves the goal";
		for (j = 0; j < R5_P3_MOVES; j++) {
			int found = -1;

			for (q = 0; q < R5_P3_MOVES && found < 0; q++) {
				bool all = true;

				for (i = 0; i < 16 && all; i++) {
					struct state a = sym_state(sy, u, move_state(j, test[i]));
					struct state b = move_state(q, sym_state(sy, u, test[i]));

					all = a.w == b.w && a.m == b.m;
				}
				if (all)
					found = q;
			}
			if (found < 0)
				return "a symmetry that does not conjugate a phase-3 turn into one";
			sy->move_conj[u][j] = (uint8_t)found;
		}
	}
	return NULL;
}

static void
set_entry(struct r5_p3_wm_table *t, uint32_t i, int v)
{
	t->prune[i >> 1] = (uint8_t)((t->prune[i >> 1] & (0xf0 >> ((i & 1) * 4))) | v << ((i & 1) * 4));
}

static int
get_entry(const struct r5_p3_wm_table *t, uint32_t i)
{
	return t->prune[i >> 1] >> ((i & 1) * 4) & 15;
}

/* Entry (class, midges m) at v, and its images under the class's
 * stabiliser; returns how many were newly set. */
static long
fill(struct r5_p3_wm_table *t, uint32_t cls, unsigned m, int v)
{
	uint32_t st = t->stab[cls];
	long n = 0;
	uint32_t i = cls * R5_P3_MIDGES + (m & 0x7ff);

	if (get_entry(t, i) == 15) {
		set_entry(t, i, v);
		n++;
	}
	while (st != 0) {
		int u = __builtin_ctz(st);

		st &= st - 1;
		i = cls * R5_P3_MIDGES + (wm_syms.midge_sym[u][m] & 0x7ffu);
		if (get_entry(t, i) == 15) {
			set_entry(t, i, v);
			n++;
		}
	}
	return n;
}

static bool
build_wm(void *buf, size_t size, void *ctx, const struct table_progress *prog, struct tw_error *err)
{
	struct r5_p3_wm_table *t = buf;
	const struct r5_p3_wm_syms *sy = &wm_syms;
	uint32_t r, ncls = 0, i;
	int u, d, j;
	long filled = 0, limit = R5_P3_WM / 8;

	(void)size;
	(void)ctx;
	table_progress_report(prog, 0);
	for (r = 0; r < R5_P3_WINGS; r++) {
		uint32_t w = cube_colex_unrank(r, 24, 12), best = r, bu = 0, st = 0;

		for (u = 1; u < R5_P3_WSYMS; u++) {
			uint32_t ir = r5_p3_rank12(p3, sym_w(sy, u, w));

			if (ir < best) {
				best = ir;
				bu = (uint32_t)u;
			}
			if (ir == r)
				st |= 1u << u;
		}
		if (best == r) {
			if (ncls == R5_P3_WCLASSES) {
				tw_error_set(err, "internal error: more than %d wing classes", R5_P3_WCLASSES);
				return false;
			}
			t->rep[ncls] = w;
			t->stab[ncls] = st;
			t->wclass[r] = ncls++ << 5;
		} else {
			t->wclass[r] = (t->wclass[best] & ~31u) | bu;
		}
	}
	if (ncls != R5_P3_WCLASSES) {
		tw_error_set(err, "internal error: %u wing classes, not cube555's %d", ncls, R5_P3_WCLASSES);
		return false;
	}
	table_progress_report(prog, 100);
	memset(t->prune, 0xff, sizeof t->prune);
	r = r5_p3_rank12(p3, p3->half0);
	filled += fill(t, t->wclass[r] >> 5, sy->midge_sym[t->wclass[r] & 31][0], 0);
	/* Forward, level by level, to R5_P3_WM_DEPTH (or until an eighth
	 * of the entries is set); the rest one further. */
	for (d = 0; d < R5_P3_WM_DEPTH && filled < limit; d++) {
		if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
			tw_error_cancelled(err);
			return false;
		}
		for (i = 0; i < R5_P3_WM; i++) {
			uint32_t w;
			unsigned m;

			if (get_entry(t, i) != d)
				continue;
			w = t->rep[i / R5_P3_MIDGES];
			m = i % R5_P3_MIDGES;
			m |= (unsigned)(__builtin_popcount(m) & 1) << 11;
			for (j = 0; j < R5_P3_MOVES; j++) {
				uint32_t w2 = wing_map(p3->wing_move[j], w), cw = t->wclass[r5_p3_rank12(p3, w2)];

				filled += fill(t, cw >> 5, sy->midge_sym[cw & 31][p3->midge_move[j][m]], d + 1);
			}
		}
		table_progress_report(prog, 100 + 100 * (d + 1));
	}
	for (i = 0; i < R5_P3_WM / 2; i++) {
		uint8_t b = t->prune[i];

		if ((b & 15) == 15)
			b = (uint8_t)((b & 0xf0) | (d + 1));
		if (b >> 4 == 15)
			b = (uint8_t)((b & 15) | (d + 1) << 4);
		t->prune[i] = b;
	}
	table_progress_report(prog, 1000);
	return true;
}

const struct r5_p3_wm_table *
r5_p3_wm_get(const struct r5_p3_wm_syms **sy, const struct table_progress *prog, struct tw_error *err)
{
	struct tw_error why = {0};
	char params[96];
	struct table_spec spec = {"cube5-phase3-wm", 1, params, sizeof(struct r5_p3_wm_table), build_wm,
	    NULL, false};
	const struct r5_p3_wm_table *t;

	pthread_mutex_lock(&lock);
	if (!syms_built) {
		model = r5_model_get(&why);
		if (model != NULL && r5_tables_get(NULL, NULL, &why) != NULL &&
		    r5_p3_tables_get(&p3, NULL, &why) != NULL) {
			r5_xt_table(&syms16);
			syms_problem = build_syms(&wm_syms);
			syms_built = true;
			if (syms_problem != NULL)
				tw_error_set(&why, "internal error: phase 3's symmetries: %s", syms_problem);
		}
	} else if (syms_problem != NULL) {
		tw_error_set(&why, "internal error: phase 3's symmetries: %s", syms_problem);
	}
	if (syms_built && syms_problem == NULL && wm_table == NULL) {
		snprintf(params, sizeof params, "classes %d midges %d depth %d moves %d", R5_P3_WCLASSES,
		    R5_P3_MIDGES, R5_P3_WM_DEPTH, R5_P3_MOVES);
		wm_table = table_get(&spec, prog, &why);
	}
	t = wm_table;
	pthread_mutex_unlock(&lock);
	if (t == NULL) {
		tw_error_wrap(err, &why, "the 5x5x5 phase-3 wing table");
		return NULL;
	}
	if (sy != NULL)
		*sy = &wm_syms;
	return t;
}
