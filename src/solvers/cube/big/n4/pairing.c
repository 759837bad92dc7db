/* Phase 3's pairing coordinate and table (pairing.h). */
#include "solvers/cube/big/n4/pairing.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* While building, an entry not yet reached holds this. */
#define UNSET 15
#define THREADS 2

/* out = sigma_k pi sigma_k^-1: out(sigma(s)) = sigma(pi(s)). */
static void
conjugate(const struct r4_pairing *p, int k, const uint8_t *pi, uint8_t *out)
{
	const uint8_t *sigma = p->sym_slot[k];
	int s;

	for (s = 0; s < R4_SLOTS; s++)
		out[sigma[s]] = sigma[pi[s]];
}

/* The symmetries: the maps of space that send wing places to wing places
 * of the same half and conjugate every phase-3 turn into a phase-3 turn
 * (tried on the wing places), with their action on the slots; then the
 * ring, the one orbit of four slots under them. */
static const char *
build_syms(struct r4_pairing *p, const struct r4_model *md)
{
	int pos[R4_FACELETS][3], place_of[R4_FACELETS], a, f, q, k, s, i;
	int orbit[R4_SLOTS], size[R4_SLOTS] = {0}, nring = 0, nrest = 0;

	memset(place_of, -1, sizeof place_of);
	for (f = 0; f < R4_FACELETS; f++)
		cube_facelet_position(4, f, pos[f]);
	for (q = 0; q < R4_WINGS; q++)
		place_of[md->wing_facelet[q][0]] = place_of[md->wing_facelet[q][1]] = q;
	p->nsyms = 0;
	for (a = 0; a < 48; a++) {
		int axis[3], sign[3], to[R4_WINGS];
		bool ok = true;

		cube_space_map(a, axis, sign);
		for (q = 0; q < R4_WINGS && ok; q++) {
			int got[2];

			for (i = 0; i < 2; i++) {
				const int *v = pos[md->wing_facelet[q][i]];
				int w[3] = {sign[0] * v[axis[0]], sign[1] * v[axis[1]], sign[2] * v[axis[2]]};

				for (f = 0; f < R4_FACELETS && memcmp(pos[f], w, sizeof w) != 0; f++)
					;
				got[i] = f < R4_FACELETS ? place_of[f] : -1;
			}
			to[q] = got[0];
			ok = got[0] >= 0 && got[0] == got[1] && md->half_of[got[0]] == md->half_of[q];
		}
		for (k = 0; k < R4_PHASE3_MOVES && ok; k++) {
			int conj[R4_WINGS], j;

			for (q = 0; q < R4_WINGS; q++)
				conj[to[q]] = to[md->wing_to[md->phase3_moves[k]][q]];
			for (j = 0; j < R4_PHASE3_MOVES; j++) {
				for (q = 0; q < R4_WINGS && md->wing_to[md->phase3_moves[j]][q] == conj[q]; q++)
					;
				if (q == R4_WINGS)
					break;
			}
			ok = j < R4_PHASE3_MOVES;
		}
		if (!ok)
			continue;
		if (p->nsyms == R4_PAIR_SYMS_MAX)
			return "too many pairing symmetries";
		for (s = 0; s < R4_SLOTS; s++) {
			int t0 = md->wing_slot[to[md->half_place[0][s]]];

			if (md->wing_slot[to[md->half_place[1][s]]] != t0)
				return "a symmetry that splits a slot";
			p->sym_slot[p->nsyms][s] = (uint8_t)t0;
			p->sym_slot_inv[p->nsyms][t0] = (uint8_t)s;
		}
		p->nsyms++;
	}
	if (p->nsyms == 0)
		return "no identity among the pairing symmetries";
	for (s = 0; s < R4_SLOTS; s++) {
		orbit[s] = s;
		for (k = 0; k < p->nsyms; k++)
			if (p->sym_slot[k][s] < orbit[s])
				orbit[s] = p->sym_slot[k][s];
		size[orbit[s]]++;
	}
	for (s = 0; s < R4_SLOTS; s++) {
		if (size[orbit[s]] == 4 && (nring == 0 || orbit[s] == orbit[p->ring[0]]) && nring < 4)
			p->ring[nring++] = (uint8_t)s;
		else
			p->rest[nrest < 8 ? nrest : 7] = (uint8_t)s, nrest++;
	}
	return nring == 4 && nrest == 8 ? NULL : "no ring of four slots";
}

static unsigned
tuple_of(const uint8_t *v)
{
	return ((v[0] * 12u + v[1]) * 12u + v[2]) * 12u + v[3];
}

/* A tuple's conjugate by k: at ring place i, sigma(value at sigma^-1(ring[i])). */
static void
conjugate_tuple(const struct r4_pairing *p, int k, const uint8_t *v, uint8_t *out)
{
	int i, j;

	for (i = 0; i < 4; i++) {
		int from = p->sym_slot_inv[k][p->ring[i]];

		for (j = 0; p->ring[j] != from; j++)
			;
		out[i] = p->sym_slot[k][v[j]];
	}
}

/* The classes of tuples, each represented by its smallest index. */
static const char *
build_classes(struct r4_pairing *p)
{
	unsigned t;
	int k;

	for (t = 0; t < 1u << 12; t++)
		p->popcount12[t] = (uint8_t)__builtin_popcount(t);
	p->nclasses = 0;
	for (t = 0; t < R4_PAIR_TUPLES; t++) {
		uint8_t v[4] = {(uint8_t)(t / 1728), (uint8_t)(t / 144 % 12), (uint8_t)(t / 12 % 12),
		    (uint8_t)(t % 12)};
		unsigned best = t, best_k = 0;

		p->tuple_class[t] = 0xffff;
		p->tuple_sym[t] = 0;
		if (v[0] == v[1] || v[0] == v[2] || v[0] == v[3] || v[1] == v[2] || v[1] == v[3] ||
		    v[2] == v[3])
			continue;
		for (k = 1; k < p->nsyms; k++) {
			uint8_t w[4];

			conjugate_tuple(p, k, v, w);
			if (tuple_of(w) < best) {
				best = tuple_of(w);
				best_k = (unsigned)k;
			}
		}
		p->tuple_sym[t] = (uint8_t)best_k;
		if (best == t) {
			if (p->nclasses == R4_PAIR_CLASSES_MAX)
				return "too many pairing classes";
			memcpy(p->rep[p->nclasses], v, 4);
			p->rep_mask[p->nclasses] = (uint16_t)(1u << v[0] | 1u << v[1] | 1u << v[2] | 1u << v[3]);
			p->stab[p->nclasses] = 0;
			for (k = 1; k < p->nsyms; k++) {
				uint8_t w[4];

				conjugate_tuple(p, k, v, w);
				if (tuple_of(w) == t)
					p->stab[p->nclasses] |= (uint16_t)(1u << k);
			}
			p->tuple_class[t] = (uint16_t)p->nclasses++;
		}
	}
	/* Representatives come first in index order, so a tuple's class is
	 * known by the time it is needed. */
	for (t = 0; t < R4_PAIR_TUPLES; t++) {
		uint8_t v[4] = {(uint8_t)(t / 1728), (uint8_t)(t / 144 % 12), (uint8_t)(t / 12 % 12),
		    (uint8_t)(t % 12)}, w[4];

		if (p->tuple_sym[t] == 0 && p->tuple_class[t] != 0xffff)
			continue;
		if (v[0] == v[1] || v[0] == v[2] || v[0] == v[3] || v[1] == v[2] || v[1] == v[3] ||
		    v[2] == v[3])
			continue;
		conjugate_tuple(p, p->tuple_sym[t], v, w);
		p->tuple_class[t] = p->tuple_class[tuple_of(w)];
		if (p->tuple_class[t] == 0xffff)
			return "a tuple whose representative has no class";
	}
	return NULL;
}

/* The pairing of index i (the one whose tuple is its class's
 * representative); its parity is the index's lowest bit. */
static void
unrank(const struct r4_pairing *p, uint32_t index, uint8_t *pi)
{
	static const unsigned weight[6] = {2520, 360, 60, 12, 3, 1};
	unsigned cls = index / 2 / R4_PAIR_REST, r = index / 2 % R4_PAIR_REST, used = 0, value_of[8];
	bool odd = false;
	int i, j, n = 0;

	for (j = 0; j < R4_SLOTS; j++)
		if (!(p->rep_mask[cls] >> j & 1))
			value_of[n++] = (unsigned)j;
	for (i = 0; i < 4; i++)
		pi[p->ring[i]] = p->rep[cls][i];
	for (i = 0; i < 8; i++) {
		unsigned d = i < 6 ? r / weight[i] : 0, v;

		if (i < 6)
			r %= weight[i];
		for (v = 0; (used >> v & 1) || d-- > 0; v++)
			;
		used |= 1u << v;
		pi[p->rest[i]] = (uint8_t)value_of[v];
	}
	for (i = 0; i < R4_SLOTS; i++)
		for (j = i + 1; j < R4_SLOTS; j++)
			odd ^= pi[j] < pi[i];
	if (odd) {
		uint8_t x = pi[p->rest[6]];

		pi[p->rest[6]] = pi[p->rest[7]];
		pi[p->rest[7]] = x;
	}
}

/* Breadth first from the identity, each depth split between threads:
 * forwards over frontier lists while the frontier is smaller than what
 * is left, then backwards (every entry not yet reached looks for a
 * neighbour at the last depth, its own entry and no other written). An
 * entry is claimed by a
 * compare-and-swap on its byte (whose other nibble another thread may be
 * writing), so of two threads that reach it one sets it; both would set
 * the same depth, so the table does not depend on the order. A claimed
 * entry whose class's representative some symmetry fixes gets its
 * images under those symmetries claimed too: they are the same pairing
 * class, and expanding one of them reaches the others' neighbours. */
struct part {
	const struct r4_pairing *p;
	const struct r4_model *md;
	uint8_t *t;
	const uint32_t *frontier;
	size_t from, to;
	int depth;
	bool backwards;               /* from..to are entries, not frontier places */
	const atomic_bool *cancel;
	size_t claimed;               /* entries this part set */
	uint32_t *next;
	size_t nn, cap;
	bool failed;                  /* out of memory or cancelled */
	/* Part 0 (run on the building thread) moves the shown progress from
	 * lo towards hi as it scans; never down (*shown). */
	const struct table_progress *prog;
	int lo, hi, *shown;
};

/* Shows v (0..1000 of the build) unless a larger figure was shown. */
static void
show(const struct table_progress *prog, int *shown, int v)
{
	if (v > *shown) {
		*shown = v;
		table_progress_report(prog, v);
	}
}

static bool
claim(uint8_t *t, uint32_t r, int value)
{
	uint8_t *byte = &t[r >> 1];
	int shift = (int)(r & 1) * 4;
	uint8_t old = __atomic_load_n(byte, __ATOMIC_RELAXED);

	for (;;) {
		uint8_t now;

		if ((old >> shift & 15) != UNSET)
			return false;
		now = (uint8_t)((old & ~(15 << shift)) | value << shift);
		if (__atomic_compare_exchange_n(byte, &old, now, true, __ATOMIC_RELAXED,
		    __ATOMIC_RELAXED))
			return true;
	}
}

/* Claims pi's entry and its images; the number of entries set (0 if
 * pi's own entry was set before). */
static size_t
claim_class(const struct r4_pairing *p, uint8_t *t, const uint8_t *pi, uint32_t index, int value)
{
	unsigned cls = index / 2 / R4_PAIR_REST, tuple, k;
	uint8_t canon[R4_SLOTS], image[R4_SLOTS];
	size_t n = 1;

	if (!claim(t, index, value))
		return 0;
	if (p->stab[cls] == 0)
		return 1;
	tuple = ((pi[p->ring[0]] * 12u + pi[p->ring[1]]) * 12u + pi[p->ring[2]]) * 12u + pi[p->ring[3]];
	conjugate(p, p->tuple_sym[tuple], pi, canon);
	for (k = 1; k < (unsigned)p->nsyms; k++)
		if (p->stab[cls] >> k & 1) {
			conjugate(p, (int)k, canon, image);
			n += claim(t, r4_pairing_index(p, image, index & 1), value);
		}
	return n;
}

static int
entry(const uint8_t *t, uint32_t index)
{
	return __atomic_load_n(&t[index >> 1], __ATOMIC_RELAXED) >> (index & 1) * 4 & 15;
}

static void *
expand(void *arg)
{
	struct part *w = arg;
	const struct r4_model *md = w->md;
	size_t q;
	int j, s;

	for (q = w->from; q < w->to; q++) {
		uint8_t pi[R4_SLOTS], kids[R4_PHASE3_MOVES][R4_SLOTS];
		uint32_t index[R4_PHASE3_MOVES], at;
		size_t got;

		if ((q & 0xffff) == 0 && w->cancel != NULL && atomic_load(w->cancel)) {
			w->failed = true;
			return NULL;
		}
		if ((q & 0xffff) == 0 && w->prog != NULL && w->to > w->from)
			show(w->prog, w->shown, w->lo + (int)((uint64_t)(w->hi - w->lo) * (q - w->from) / (w->to - w->from)));
		if (w->backwards && entry(w->t, (uint32_t)q) != UNSET)
			continue;
		/* The children's entries are fetched together: the build
		 * waits on memory, not on arithmetic. */
		at = w->backwards ? (uint32_t)q : w->frontier[q];
		unrank(w->p, at, pi);
		for (j = 0; j < R4_PHASE3_MOVES; j++) {
			for (s = 0; s < R4_SLOTS; s++)
				kids[j][md->half_slot_to[0][j][s]] = md->half_slot_to[1][j][pi[s]];
			index[j] = r4_pairing_index(w->p, kids[j], (at & 1) ^ md->parity_flip[j]);
			__builtin_prefetch(&w->t[index[j] >> 1], 1);
		}
		if (w->backwards) {
			for (j = 0; j < R4_PHASE3_MOVES && entry(w->t, index[j]) != w->depth; j++)
				;
			if (j < R4_PHASE3_MOVES && claim(w->t, (uint32_t)q, w->depth + 1))
				w->claimed++;
			continue;
		}
		for (j = 0; j < R4_PHASE3_MOVES; j++) {
			if ((got = claim_class(w->p, w->t, kids[j], index[j], w->depth + 1)) == 0)
				continue;
			w->claimed += got;
			if (w->nn == w->cap) {
				size_t cap = w->cap * 2 + 1024;
				uint32_t *grown = realloc(w->next, cap * sizeof *grown);

				if (grown == NULL) {
					w->failed = true;
					return NULL;
				}
				w->next = grown;
				w->cap = cap;
			}
			w->next[w->nn++] = index[j];
		}
	}
	return NULL;
}

static bool
build_table(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	const struct r4_pairing *p = ctx;
	const struct r4_model *md = r4_model_get(err);
	struct part part[THREADS];
	pthread_t thread[THREADS];
	uint8_t *t = buf, identity[R4_SLOTS];
	uint32_t *frontier = malloc(sizeof *frontier);
	size_t nf = 1, entries = (size_t)p->nclasses * R4_PAIR_REST * 2, left = entries;
	int depth, k, started, shown = 0;
	bool backwards = false;
	bool failed = frontier == NULL || md == NULL;

	memset(t, UNSET * 17, size);
	for (k = 0; k < R4_SLOTS; k++)
		identity[k] = (uint8_t)k;
	if (!failed) {
		frontier[0] = r4_pairing_index(p, identity, 0);
		left -= claim_class(p, t, identity, frontier[0], 0);
	}
	for (depth = 0; nf > 0 && left > 0 && !failed; depth++) {
		size_t nn = 0, claimed = 0, range;

		if (depth + 1 >= UNSET) {
			free(frontier);
			tw_error_set(err, "internal error: the pairing table is deeper than its entries hold");
			return false;
		}
		backwards = backwards || nf > left;
		range = backwards ? entries : nf;
		for (k = 0; k < THREADS; k++)
			part[k] = (struct part){p, md, t, frontier, range * (size_t)k / THREADS,
			    range * (size_t)(k + 1) / THREADS, depth, backwards,
			    prog != NULL ? prog->cancel : NULL, 0, NULL, 0, 0, false, NULL, 0, 0, NULL};
		/* A backward level scans every entry and claims most of those
		 * left: its scan moves the figure most of the way to the end. */
		if (backwards) {
			part[0].prog = prog;
			part[0].lo = 100 + (int)(900 * (uint64_t)(entries - left) / entries);
			part[0].hi = part[0].lo + (1000 - part[0].lo) * 4 / 5;
			part[0].shown = &shown;
		}
		for (started = 1; started < THREADS; started++)
			if (pthread_create(&thread[started], NULL, expand, &part[started]) != 0)
				break;
		/* Parts whose thread did not start run here. */
		for (k = started; k < THREADS; k++)
			part[0].to = part[k].to, part[k].from = part[k].to;
		expand(&part[0]);
		for (k = 1; k < started; k++)
			pthread_join(thread[k], NULL);
		free(frontier);
		frontier = NULL;
		for (k = 0; k < THREADS; k++) {
			failed |= part[k].failed;
			nn += part[k].nn;
			claimed += part[k].claimed;
		}
		left -= claimed;
		nf = backwards ? claimed : 0;
		if (!failed && !backwards) {
			frontier = malloc((nn + 1) * sizeof *frontier);
			failed = frontier == NULL;
			for (k = 0; k < THREADS && !failed; k++) {
				if (part[k].nn > 0)
					memcpy(frontier + nf, part[k].next, part[k].nn * sizeof *frontier);
				nf += part[k].nn;
			}
		}
		for (k = 0; k < THREADS; k++)
			free(part[k].next);
		/* By entries filled: the widest levels fill most and take
		 * longest, so this keeps closer to the time than the depth. */
		if (!failed)
			show(prog, &shown, 100 + (int)(900 * (uint64_t)(entries - left) / entries));
	}
	free(frontier);
	if (failed) {
		if (md == NULL)
			return false;
		if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel))
			tw_error_cancelled(err);
		else
			tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory building the 4x4x4 pairing table");
		return false;
	}
	return true;
}

bool
r4_pairing_load(struct r4_pairing *p, const struct r4_model *md,
    const struct table_progress *prog, struct tw_error *err)
{
	char params[96];
	struct table_spec spec = {"cube4-phase3-pairing", 3, params, 0, build_table, p, false};
	const char *problem = build_syms(p, md);

	if (problem == NULL)
		problem = build_classes(p);
	if (problem != NULL) {
		tw_error_set(err, "internal error: the 4x4x4 pairing: %s", problem);
		return false;
	}
	spec.size = r4_pairing_table_bytes(p);
	snprintf(params, sizeof params, "%d symmetries, %d classes x 8!/2 x parity, 4 bits",
	    p->nsyms, p->nclasses);
	p->table = table_get(&spec, prog, err);
	return p->table != NULL;
}

size_t
r4_pairing_table_bytes(const struct r4_pairing *p)
{
	return (size_t)p->nclasses * R4_PAIR_REST;
}
