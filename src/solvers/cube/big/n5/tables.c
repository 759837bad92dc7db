/* The 5x5x5 phase reduction's tables for phases 1 and 2 (tables.h). */
#include "solvers/cube/big/n5/tables.h"
#include "solvers/cube/big/n5/phase1_table.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct r5_coords coords;
static const struct r5_tables *tables;
static const uint64_t *xt_table;
static const struct r5_syms *xt_syms;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;






/* Phase 2's move tables: a rank's U-D places (1) among the 16 (0), R
 * and L (2) moved by each phase-2 turn through to (x_to or t_to). */
static void
build_move2(uint16_t (*out)[R5_PHASE2_MOVES], const uint8_t (*to)[24], const struct r5_coords *k,
    const struct r5_model *md)
{
	int r, j, i;

	for (r = 0; r < R5_N2C; r++) {
		uint8_t cls[24], moved[24];

		memset(cls, 2, sizeof cls);
		for (i = 0; i < 16; i++)
			cls[r5_udfb_places[i]] = (uint8_t)(k->mask16[r] >> i & 1);
		for (j = 0; j < R5_PHASE2_MOVES; j++) {
			unsigned mask = 0;

			for (i = 0; i < 24; i++)
				moved[to[md->phase2_moves[j]][i]] = cls[i];
			for (i = 0; i < 16; i++)
				mask |= (unsigned)(moved[r5_udfb_places[i]] == 1) << i;
			out[r][j] = k->rank16[mask];
		}
	}
}

struct build_ctx {
	const struct r5_model *md;
	const struct r5_coords *k;
	const struct r5_tables *t;
	bool t_centres;              /* T-centres, else X-centres */
};

static int
expand1(const void *ctx, uint32_t state, uint32_t *out)
{
	const struct build_ctx *b = ctx;
	uint32_t mask = r5_unrank1(state);
	int m;

	for (m = 0; m < R5_MOVES; m++)
		out[m] = r5_rank1(b->k, r5_move_mask(b->t_centres ? b->k->t_move1[m] : b->k->x_move1[m], mask));
	return R5_MOVES;
}

static int
expand2(const void *ctx, uint32_t state, uint32_t *out)
{
	const struct build_ctx *b = ctx;
	uint32_t par = state & 1, r = state / 2;
	const uint16_t *row = b->t_centres ? b->t->t2_move[r] : b->t->x2_move[r];
	int j;

	for (j = 0; j < R5_PHASE2_MOVES; j++)
		out[j] = (uint32_t)row[j] * 2 + (par ^ b->md->wing_odd[b->md->phase2_moves[j]]);
	return R5_PHASE2_MOVES;
}

static bool
build_tables(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	struct r5_tables *t = buf;
	const struct r5_model *md = ctx;
	struct build_ctx bx = {md, &coords, t, false}, bt = {md, &coords, t, true};

	(void)size;
	table_progress_report(prog, 0);
	memset(t->prune1_x, R5_UNSEEN, sizeof t->prune1_x);
	t->prune1_x[r5_rank1(&coords, coords.goal1)] = 0;
	if (!cube_table_bfs(t->prune1_x, R5_N1, expand1, &bx, prog, err))
		return false;
	table_progress_report(prog, 130);
	memset(t->prune1_t, R5_UNSEEN, sizeof t->prune1_t);
	t->prune1_t[r5_rank1(&coords, coords.goal1)] = 0;
	if (!cube_table_bfs(t->prune1_t, R5_N1, expand1, &bt, prog, err))
		return false;
	table_progress_report(prog, 260);
	build_move2(t->x2_move, md->x_to, &coords, md);
	build_move2(t->t2_move, md->t_to, &coords, md);
	memset(t->prune2_x, R5_UNSEEN, sizeof t->prune2_x);
	memset(t->prune2_t, R5_UNSEEN, sizeof t->prune2_t);
	t->prune2_x[coords.goal2 * 2] = t->prune2_t[coords.goal2 * 2] = 0;
	if (!cube_table_bfs(t->prune2_x, R5_N2, expand2, &bx, prog, err) ||
	    !cube_table_bfs(t->prune2_t, R5_N2, expand2, &bt, prog, err))
		return false;
	table_progress_report(prog, 300);
	return true;
}

const uint64_t *
r5_xt_table(const struct r5_syms **sy)
{
	if (sy != NULL)
		*sy = xt_syms;
	return xt_table;
}

size_t
r5_table_bytes(void)
{
	return sizeof(struct r5_tables) + r5_xt_table_bytes();
}

/* Loads or builds the tables; on failure nothing is kept. A first
 * build's progress runs once through prog's part: the phase-1/2 block
 * (about 0.5 s) its first 16 %, the X x T table (2.6 s) the rest. */
static bool
load(const struct table_progress *prog, struct tw_error *err)
{
	struct table_progress part[2] = {table_progress_part(prog, 0, 160), table_progress_part(prog, 160, 1000)};
	char params[96];
	const struct r5_model *md = r5_model_get(err);
	struct table_spec spec = {"cube5-phase12", 1, params, sizeof(struct r5_tables), build_tables,
	    NULL, false};
	const struct r5_tables *t;
	const uint64_t *xt;
	const struct r5_syms *sy;

	if (md == NULL)
		return false;
	r5_coords_build(&coords, md);
	spec.ctx = (void *)md;
	snprintf(params, sizeof params, "struct tables %zu; moves 36/%d", sizeof(struct r5_tables),
	    R5_PHASE2_MOVES);
	t = table_get(&spec, &part[0], err);
	if (t == NULL)
		return false;
	xt = r5_xt_table_get(&sy, &coords, &part[1], err);
	if (xt == NULL)
		return false;
	xt_table = xt;
	xt_syms = sy;
	tables = t;
	return true;
}

const struct r5_tables *
r5_tables_get(const struct r5_coords **k, const struct table_progress *prog, struct tw_error *err)
{
	struct tw_error why = {0};
	bool ok;

	pthread_mutex_lock(&lock);
	ok = tables != NULL || load(prog, &why);
	pthread_mutex_unlock(&lock);
	if (!ok) {
		tw_error_wrap(err, &why, "the 5x5x5 tables");
		return NULL;
	}
	if (k != NULL)
		*k = &coords;
	return tables;
}
