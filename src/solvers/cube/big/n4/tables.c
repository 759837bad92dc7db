/* The phase reduction's tables (tables.h). */
#include "solvers/cube/big/n4/tables.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/tablecache.h"


static struct r4_coords coords;
static const struct r4_tables *tables;
static struct r4_pairing pairing;
static bool pairing_ready;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* The 16 centre places off R and L (U, F, D, B faces) and the 8 on them. */
static const uint8_t udfb_places[16] = {0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 20, 21, 22, 23};
static const uint8_t rl_places[8] = {4, 5, 6, 7, 16, 17, 18, 19};
static const uint8_t ud_places[8] = {0, 1, 2, 3, 12, 13, 14, 15};
static const uint8_t fb_places[8] = {8, 9, 10, 11, 20, 21, 22, 23};

static int
popcount(unsigned x)
{
	return __builtin_popcount(x);
}


int
r4_rank1(uint32_t mask)
{
	int rank = 0, k = 0;

	while (mask != 0) {
		k++;
		rank += (int)cube_binomials[__builtin_ctz(mask)][k];
		mask &= mask - 1;
	}
	return rank;
}

uint32_t
r4_centre_mask(const struct cube *c, const struct r4_model *md, int colour_a, int colour_b)
{
	uint32_t mask = 0;
	int p;

	for (p = 0; p < R4_CENTRES; p++) {
		int col = cube_colour(c, md->centre_facelet[p]);

		if (col == colour_a || col == colour_b)
			mask |= 1u << p;
	}
	return mask;
}

static unsigned
places_mask(uint32_t centre_mask, const uint8_t *places, int count)
{
	unsigned m = 0;
	int i;

	for (i = 0; i < count; i++)
		if (centre_mask >> places[i] & 1)
			m |= 1u << i;
	return m;
}

int
r4_udfb(const struct r4_coords *k, const struct cube *c, const struct r4_model *md)
{
	return k->rank16[places_mask(r4_centre_mask(c, md, 0, 3), udfb_places, 16)];
}

/* The C(8, 4) rank of where colour's centres are among 8 places. */
static int
rank_among(const struct r4_coords *k, const struct cube *c, const struct r4_model *md,
    int colour, const uint8_t *places)
{
	return k->rank8[places_mask(r4_centre_mask(c, md, colour, colour), places, 8)];
}

int
r4_rl(const struct r4_coords *k, const struct cube *c, const struct r4_model *md)
{
	return rank_among(k, c, md, 1, rl_places);
}

int
r4_ud(const struct r4_coords *k, const struct cube *c, const struct r4_model *md)
{
	return rank_among(k, c, md, 0, ud_places);
}

int
r4_fb(const struct r4_coords *k, const struct cube *c, const struct r4_model *md)
{
	return rank_among(k, c, md, 2, fb_places);
}

static void
build_coords(struct r4_coords *k, const struct r4_model *md)
{
	unsigned x;
	int m, b, r, i;

	for (m = 0; m < R4_MOVES; m++)
		for (b = 0; b < 3; b++)
			for (x = 0; x < 256; x++) {
				uint32_t out = 0;

				for (i = 0; i < 8; i++)
					if (x >> i & 1)
						out |= 1u << md->centre_to[m][b * 8 + i];
				k->move1[m][b][x] = out;
			}
	for (x = 0, r = 0; x < 1u << 16; x++)
		if (popcount(x) == 8) {
			k->mask16[r] = (uint16_t)x;
			k->rank16[x] = (uint16_t)r++;
		}
	for (x = 0, r = 0; x < 256; x++)
		k->rank8[x] = popcount(x) == 4 ? (uint8_t)r++ : 0;
	k->goal1 = 0xf0u | 0xf0000u;   /* places 4..7 (R) and 16..19 (L) */
	k->goal_udfb = k->rank16[0x0f0f];   /* U and D: the 1st and 3rd four */
}

/* A centre arrangement by class (the 24 places), moved by m. */
static void
move_classes(const struct r4_model *md, const uint8_t *cls, int m, uint8_t *out)
{
	int p;

	for (p = 0; p < R4_CENTRES; p++)
		out[md->centre_to[m][p]] = cls[p];
}

static void
spread(unsigned mask, const uint8_t *places, int count, uint8_t value, uint8_t *cls)
{
	int i;

	for (i = 0; i < count; i++)
		if (mask >> i & 1)
			cls[places[i]] = value;
}

static unsigned
gather(const uint8_t *cls, const uint8_t *places, int count, uint8_t value)
{
	unsigned m = 0;
	int i;

	for (i = 0; i < count; i++)
		if (cls[places[i]] == value)
			m |= 1u << i;
	return m;
}

static unsigned
unrank(const uint8_t *rank_of, unsigned masks, int r)
{
	unsigned x;

	for (x = 0; x < masks; x++)
		if (rank_of[x] == r && popcount(x) == 4)
			return x;
	return 0;
}

static void
build_move_tables(struct r4_tables *t, const struct r4_coords *k, const struct r4_model *md)
{
	int r, j;

	for (r = 0; r < R4_N_UDFB; r++) {
		uint8_t cls[R4_CENTRES], out[R4_CENTRES];

		memset(cls, 2, sizeof cls);
		for (j = 0; j < 16; j++)
			cls[udfb_places[j]] = 0;
		spread(k->mask16[r], udfb_places, 16, 1, cls);
		for (j = 0; j < R4_PHASE2_MOVES; j++) {
			move_classes(md, cls, md->phase2_moves[j], out);
			t->udfb_move[r][j] = k->rank16[gather(out, udfb_places, 16, 1)];
		}
	}
	for (r = 0; r < R4_N_RL; r++) {
		uint8_t cls[R4_CENTRES] = {0}, out[R4_CENTRES];
		unsigned mask = unrank(k->rank8, 256, r);

		spread(mask, rl_places, 8, 1, cls);
		for (j = 0; j < R4_PHASE2_MOVES; j++) {
			move_classes(md, cls, md->phase2_moves[j], out);
			t->rl_move[r][j] = k->rank8[gather(out, rl_places, 8, 1)];
		}
		for (j = 0; j < R4_PHASE3_MOVES; j++) {
			uint8_t u[R4_CENTRES] = {0}, f[R4_CENTRES] = {0};

			move_classes(md, cls, md->phase3_moves[j], out);
			t->rl3_move[r][j] = k->rank8[gather(out, rl_places, 8, 1)];
			spread(mask, ud_places, 8, 1, u);
			move_classes(md, u, md->phase3_moves[j], out);
			t->ud_move[r][j] = k->rank8[gather(out, ud_places, 8, 1)];
			spread(mask, fb_places, 8, 1, f);
			move_classes(md, f, md->phase3_moves[j], out);
			t->fb_move[r][j] = k->rank8[gather(out, fb_places, 8, 1)];
		}
	}
}

struct build_ctx {
	const struct r4_model *md;
	const struct r4_coords *k;
	const struct r4_tables *t;
};

/* Phase 1's coordinate is the colex rank of the R-L centres' mask; the
 * mask is rebuilt from the top bit down. */
static uint32_t
unrank1(uint32_t rank)
{
	return cube_colex_unrank(rank, 24, 8);
}

static uint32_t
move_mask(const struct r4_coords *k, uint32_t mask, int m)
{
	return k->move1[m][0][mask & 0xff] | k->move1[m][1][mask >> 8 & 0xff] | k->move1[m][2][mask >> 16];
}

static int
expand1(const void *ctx, uint32_t state, uint32_t *out)
{
	const struct build_ctx *b = ctx;
	uint32_t mask = unrank1(state);
	int m;

	for (m = 0; m < R4_MOVES; m++)
		out[m] = (uint32_t)r4_rank1(move_mask(b->k, mask, m));
	return R4_MOVES;
}

static int
expand2(const void *ctx, uint32_t state, uint32_t *out)
{
	const struct build_ctx *b = ctx;
	uint32_t par = state & 1, rl = state / 2 % R4_N_RL, udfb = state / 2 / R4_N_RL;
	int j;

	for (j = 0; j < R4_PHASE2_MOVES; j++)
		out[j] = ((uint32_t)b->t->udfb_move[udfb][j] * R4_N_RL + b->t->rl_move[rl][j]) * 2 +
		    (par ^ b->md->wing_odd[b->md->phase2_moves[j]]);
	return R4_PHASE2_MOVES;
}

/* Phase 3's centre state after phase-3 move j (index into
 * phase3_moves). */
static uint32_t
move3c(const struct build_ctx *b, uint32_t state, int j)
{
	uint32_t p = state & 1, rl = state / 2 % R4_N_RL, fb = state / 2 / R4_N_RL % R4_N_RL,
	    ud = state / 2 / R4_N_RL / R4_N_RL;

	return (((uint32_t)b->t->ud_move[ud][j] * R4_N_RL + b->t->fb_move[fb][j]) * R4_N_RL +
	    b->t->rl3_move[rl][j]) * 2 + (p ^ b->md->parity_flip[j]);
}

static int
expand3c(const void *ctx, uint32_t state, uint32_t *out)
{
	int j;

	for (j = 0; j < R4_PHASE3_MOVES; j++)
		out[j] = move3c(ctx, state, j);
	return R4_PHASE3_MOVES;
}

/* The index of phase-3 move m in phase3_moves. */
static int
phase3_index(const struct r4_model *md, int m)
{
	int j;

	for (j = 0; j < R4_PHASE3_MOVES && md->phase3_moves[j] != m; j++)
		;
	return j;
}

/* Home, and home after each whole-cube half turn (its two wide half
 * turns, model.h). */
static void
build_goals3(const struct build_ctx *b, struct r4_tables *t)
{
	int a;

	t->goal3[0] = (((uint32_t)b->k->rank8[0x0f] * R4_N_RL + b->k->rank8[0x0f]) * R4_N_RL +
	    b->k->rank8[0x0f]) * 2;
	for (a = 0; a < 3; a++)
		t->goal3[1 + a] = move3c(b, move3c(b, t->goal3[0], phase3_index(b->md, a * 6 + 4)),
		    phase3_index(b->md, (a + 3) * 6 + 4));
}

static bool
build_tables(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	struct r4_tables *t = buf;
	const struct r4_model *md = ctx;
	struct build_ctx b = {md, &coords, t};
	uint32_t i;

	(void)size;
	build_move_tables(t, &coords, md);
	memset(t->prune1, R4_UNSEEN, sizeof t->prune1);
	t->prune1[r4_rank1(coords.goal1)] = 0;
	if (!cube_table_bfs(t->prune1, R4_N1, expand1, &b, prog, err))
		return false;
	/* Phase 3 first: its centre table says which R-L patterns phase 2
	 * may end on. Its goals turned by a half turn are reached from home
	 * (by the two wide half turns), so they add no pattern. */
	memset(t->prune3_centres, R4_UNSEEN, sizeof t->prune3_centres);
	build_goals3(&b, t);
	for (i = 0; i < 4; i++)
		t->prune3_centres[t->goal3[i]] = 0;
	if (!cube_table_bfs(t->prune3_centres, R4_N3C, expand3c, &b, prog, err))
		return false;
	memset(t->prune2, R4_UNSEEN, sizeof t->prune2);
	for (i = 0; i < R4_N3C; i++)
		if (t->prune3_centres[i] != R4_UNSEEN)
			t->prune2[((uint32_t)coords.goal_udfb * R4_N_RL + i / 2 % R4_N_RL) * 2] = 0;
	if (!cube_table_bfs(t->prune2, R4_N2, expand2, &b, prog, err))
		return false;
	return true;
}

/* Loads or builds both tables; on failure (cancelled, out of memory)
 * nothing is kept, so the next call tries again. A first build's
 * progress runs once through prog's part over both: the small tables'
 * build fills its first 15 % (about 2 s), the pairing table's the rest. */
static bool
load(const struct table_progress *prog, struct tw_error *err)
{
	char params[96];
	const struct r4_model *md = r4_model_get(err);
	struct table_spec spec = {"cube4-phase-reduction", 2, params, sizeof(struct r4_tables),
	    build_tables, NULL, false};
	const struct r4_tables *t;
	struct table_progress part[2];

	if (md == NULL)
		return false;
	part[0] = table_progress_part(prog, 0, 150);
	part[1] = table_progress_part(prog, 150, 1000);
	build_coords(&coords, md);
	spec.ctx = (void *)md;
	snprintf(params, sizeof params, "struct tables %zu; moves 36/28/20",
	    sizeof(struct r4_tables));
	t = table_get(&spec, &part[0], err);
	if (t == NULL || (!pairing_ready && !r4_pairing_load(&pairing, md, &part[1], err)))
		return false;
	pairing_ready = true;
	tables = t;
	return true;
}

const struct r4_tables *
r4_tables_get(const struct r4_coords **k, const struct r4_pairing **pair,
    const struct table_progress *prog, struct tw_error *err)
{
	struct tw_error why = {0};
	bool ok;

	pthread_mutex_lock(&lock);
	ok = tables != NULL || load(prog, &why);
	pthread_mutex_unlock(&lock);
	if (!ok) {
		tw_error_wrap(err, &why, "the 4x4x4 tables");
		return NULL;
	}
	if (k != NULL)
		*k = &coords;
	if (pair != NULL)
		*pair = &pairing;
	return tables;
}
