/* Stage 5's oblique pairs home (even.h, even_pairs_home). After
 * the 6x6x6's stage 5 every oblique pair is one colour and on its axis:
 * it shows its face's colour (the inner X block's) or the opposite
 * face's. Face turns and half turns of layers 1-2 or of layer 2 alone
 * keep that (half turns swap opposite faces' places; none of them moves
 * an inner X block or splits a pair), so a pair slot's state is one bit,
 * "shows the opposite face's colour", and the 24 slots (a pair's
 * oblique-A facelet, four a face) are a 24-bit mask. A turn sends each
 * slot's bit to another slot, flipped when the two slots are on opposite
 * faces. The masks reachable from the goal (each axis's 8 slots with as
 * many flipped on one face as on the other: at most 70^3 of them) get
 * their exact distance in OBTM (a face turn or a two-layer half turn 1,
 * the inner slice 2) by a breadth-first search over cost levels, and a
 * pass walks down it. */
#include "solvers/cube/big/even/even.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/n6/model.h"

#define PH_SLOTS 24
#define PH_MOVES 30        /* per face: 3 face turns, the 1-2 and 2 half turns */
#define PH_STATES (1u << PH_SLOTS)
#define PH_UNREACHED 0xff
#define PH_MAX_COST 64

struct ph_tables {
	uint8_t move[PH_MOVES];                 /* 6x6x6 model move */
	uint8_t cost[PH_MOVES];                 /* its OBTM */
	uint32_t flip[PH_MOVES];                /* slots whose bit flips */
	uint32_t lut[PH_MOVES][3][256];         /* where a byte's bits go */
	uint8_t slot_facelet[PH_SLOTS];
	uint8_t *dist;                          /* PH_STATES entries */
	bool ok;
};

static struct ph_tables *ph;
static pthread_once_t ph_once = PTHREAD_ONCE_INIT;

static inline uint32_t
ph_apply(const struct ph_tables *t, uint32_t s, int m)
{
	return (t->lut[m][0][s & 255] | t->lut[m][1][s >> 8 & 255] | t->lut[m][2][s >> 16]) ^ t->flip[m];
}

/* The slots' moves and the distance table; t->ok false if memory ran
 * out or a move breaks the scheme above (a model that is not the one
 * this file was written for). */
static void
ph_build_into(struct ph_tables *t)
{
	const struct r6_model *md = r6_model();
	int slot_of[R6_FACELETS], f, m, k, d, n = 0;
	uint32_t *level[PH_MAX_COST + 2] = {NULL};
	size_t count[PH_MAX_COST + 2] = {0}, cap[PH_MAX_COST + 2] = {0};
	int c;

	for (d = 0; d < R6_FACELETS; d++) {
		slot_of[d] = -1;
		if (md->kind[d] == R6_OBLIQUE_A) {
			slot_of[d] = n;
			t->slot_facelet[n++] = (uint8_t)d;
		}
	}
	if (n != PH_SLOTS)
		return;
	for (f = 0, m = 0; f < 6; f++) {
		static const int first[5] = {1, 1, 1, 1, 2}, last[5] = {1, 1, 1, 2, 2}, turns[5] = {1, 2, 3, 2, 2};

		for (k = 0; k < 5; k++, m++) {
			int mv = r6_move(f, first[k], last[k], turns[k]);

			if (mv < 0)
				return;
			t->move[m] = (uint8_t)mv;
			t->cost[m] = md->obtm[mv];
		}
	}
	for (m = 0; m < PH_MOVES; m++) {
		int mv = t->move[m];

		for (k = 0; k < PH_SLOTS; k++) {
			int to = t->slot_facelet[k], from = md->src[mv][to];
			int ff = r6_face(from), ft = r6_face(to), x;

			if (slot_of[from] < 0 || (ff != ft && ff != (ft + 3) % 6))
				return;
			if (ff != ft)
				t->flip[m] |= 1u << k;
			/* Slot k now holds what slot_of[from] held. */
			for (x = 0; x < 256; x++)
				if (x >> (slot_of[from] & 7) & 1)
					t->lut[m][slot_of[from] >> 3][x] |= 1u << k;
		}
	}
	t->dist = malloc(PH_STATES);
	if (t->dist == NULL)
		return;
	memset(t->dist, PH_UNREACHED, PH_STATES);
	t->dist[0] = 0;
	for (c = 0; c <= PH_MAX_COST; c++) {
		size_t i;

		if (c == 0) {
			level[0] = malloc(sizeof *level[0]);
			if (level[0] == NULL)
				goto out;
			level[0][0] = 0;
			count[0] = cap[0] = 1;
		}
		for (i = 0; i < count[c]; i++) {
			uint32_t s = level[c][i];

			if (t->dist[s] != c)
				continue;
			for (m = 0; m < PH_MOVES; m++) {
				uint32_t u = ph_apply(t, s, m);
				int nc = c + t->cost[m];

				if (nc > PH_MAX_COST || t->dist[u] <= nc)
					continue;
				t->dist[u] = (uint8_t)nc;
				if (count[nc] == cap[nc]) {
					size_t ncap = cap[nc] ? 2 * cap[nc] : 1024;
					uint32_t *p = realloc(level[nc], ncap * sizeof *p);

					if (p == NULL)
						goto out;
					level[nc] = p;
					cap[nc] = ncap;
				}
				level[nc][count[nc]++] = u;
			}
		}
		free(level[c]);
		level[c] = NULL;
	}
	t->ok = true;
out:
	for (c = 0; c < PH_MAX_COST + 2; c++)
		free(level[c]);
	if (!t->ok) {
		free(t->dist);
		t->dist = NULL;
	}
}

static void
ph_build(void)
{
	struct ph_tables *t = calloc(1, sizeof *t);

	if (t == NULL)
		return;
	ph_build_into(t);
	if (!t->ok) {
		free(t);
		return;
	}
	ph = t;
}

size_t
even_pairs_tables(void)
{
	pthread_once(&ph_once, ph_build);
	return ph != NULL ? sizeof *ph + PH_STATES : 0;
}

/* The slots' mask of col, or -1 if a pair is off its axis. */
static long
ph_mask(const struct ph_tables *t, const uint8_t *col)
{
	uint32_t s = 0;
	int k;

	for (k = 0; k < PH_SLOTS; k++) {
		int d = t->slot_facelet[k], f = r6_face(d);
		int own = col[f * 36 + 2 * 6 + 2], opposite = col[(f + 3) % 6 * 36 + 2 * 6 + 2];

		if (col[d] == opposite)
			s |= 1u << k;
		else if (col[d] != own)
			return -1;
	}
	return (long)s;
}

bool
even_pairs_are_home(const uint8_t *col)
{
	const struct r6_model *md = r6_model();
	int d;

	for (d = 0; d < R6_FACELETS; d++)
		if ((md->kind[d] == R6_OBLIQUE_A || md->kind[d] == R6_OBLIQUE_B) &&
		    col[d] != col[r6_face(d) * 36 + 2 * 6 + 2])
			return false;
	return true;
}

bool
even_pairs_home(uint8_t *col, struct staged_path *path, struct tw_error *err)
{
	long s0;
	uint32_t s;

	if (even_pairs_tables() == 0) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	s0 = ph_mask(ph, col);
	if (s0 < 0 || !r6_stage_done(col, 5)) {
		tw_error_set(err, "pairs home: a pair off its axis");
		return false;
	}
	s = (uint32_t)s0;
	if (ph->dist[s] == PH_UNREACHED) {
		/* Not seen on any cube. */
		tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "pairs home: no end within the search's work");
		return false;
	}
	while (ph->dist[s] != 0) {
		int m;

		for (m = 0; m < PH_MOVES; m++) {
			uint32_t u = ph_apply(ph, s, m);

			if (ph->dist[u] != PH_UNREACHED && ph->dist[u] + ph->cost[m] == ph->dist[s])
				break;
		}
		if (m == PH_MOVES || !staged_path_push(path, ph->move[m])) {
			tw_error_set(err, m == PH_MOVES ? "internal error: pairs home: no step down" :
			    "the stages' path is full");
			return false;
		}
		r6_apply(col, ph->move[m]);
		s = ph_apply(ph, s, m);
	}
	if (!even_pairs_are_home(col) || !r6_stage_done(col, 5)) {
		tw_error_set(err, "internal error: pairs home: the pairs' moves disagree with the colours");
		return false;
	}
	return true;
}
