/* The 5x5x5 phase reduction's phase-3 coordinates and tables (phase3_tables.h). */
#include "solvers/cube/big/n5/phase3_tables.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct r5_p3_coords coords;
static const char *coords_problem;
static pthread_once_t coords_once = PTHREAD_ONCE_INIT;
static const struct r5_model *model;
static const struct r5_p3_tables *tables;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* The 8 places of R and L (X or T), as bits 0..7 of a split mask. */
static uint32_t
split_of(uint32_t mask24)
{
	return (mask24 >> 4 & 0xf) | (mask24 >> 16 & 0xf) << 4;
}

static uint32_t
split_to24(uint32_t split)
{
	return (split & 0xf) << 4 | (split >> 4 & 0xf) << 16;
}

/* The split after move m through to (x_to or t_to); 0xff if a centre
 * leaves R and L. */
static int
move_split(const uint8_t (*to)[24], int m, int split)
{
	uint32_t mask = split_to24(split), out = 0;
	int p;

	for (p = 0; p < 24; p++)
		if (mask >> p & 1)
			out |= 1u << to[m][p];
	return out == split_to24(split_of(out)) ? (int)split_of(out) : 0xff;
}

/* (b) on the model: along a walk of outer face turns from solved (a
 * paired cube throughout), each dedge's natural low wing is in half o of
 * its slot, o its midge's orientation. */
static const char *
check_relation(const struct r5_model *md, const struct r5_p3_coords *k)
{
	struct cube c;
	uint32_t seed = 12345;
	int i, s, p;

	cube_solved(&c, R5_N);
	for (i = 0; i < 200; i++) {
		int m;

		seed = seed * 1103515245u + 12345u;
		m = (int)(seed >> 16) % 6 * 6 + (int)(seed >> 8) % 3;
		r5_apply(md, &c, m);
		for (s = 0; s < R5_SLOTS; s++) {
			int mid = r5_midge_id(md, &c, s), found = 0;

			for (p = 0; p < R5_WINGS; p++)
				if (md->wing_slot[p] == s && r5_wing_id(md, &c, p) == k->nat_low[mid >> 1]) {
					found = 1;
					if (md->half_of[p] != (mid & 1))
						return "a paired dedge whose natural low wing is not in the half of its midge's orientation";
				}
			if (!found)
				return "a face turn that unpairs";
		}
	}
	return NULL;
}

static void
build_coords(void)
{
	struct r5_p3_coords *k = &coords;
	const struct r5_model *md = model;
	int m, j = 0, q = 0, b, i, p, s, r;
	unsigned x;
	uint8_t seen[R5_P3_CENTRES];
	int queue[R5_P3_CENTRES], head = 0, tail = 0;

	for (m = 0; m < R5_MOVES; m++) {
		int face = m / 6, wide = m / 3 % 2, turns = m % 3 + 1;

		if (!wide || turns == 2)
			k->moves[j++] = (uint8_t)m;
		if ((face % 3 == 0 && !wide) || turns == 2)
			k->p4_moves[q++] = (uint8_t)m;
	}
	if (j != R5_P3_MOVES || q != R5_P4_MOVES) {
		coords_problem = "move set sizes";
		return;
	}
	for (j = 0; j < R5_P3_MOVES; j++)
		for (b = 0; b < 3; b++)
			for (x = 0; x < 256; x++) {
				uint32_t o = 0;

				for (i = 0; i < 8; i++)
					if (x >> i & 1)
						o |= 1u << md->wing_to[k->moves[j]][b * 8 + i];
				k->wing_move[j][b][x] = o;
			}
	cube_colex_rank_parts(&k->rank12_part[0][0][0], 12);
	memset(k->split_rank, 0xff, sizeof k->split_rank);
	for (x = 0, r = 0; x < 256; x++) {
		k->pop8[x] = (uint8_t)__builtin_popcount(x);
		if (k->pop8[x] == 4) {
			k->split_mask[r] = (uint8_t)x;
			k->split_rank[x] = (uint8_t)r++;
		}
	}
	for (j = 0; j < R5_P3_MOVES; j++) {
		for (r = 0; r < R5_P3_SPLITS; r++) {
			int xs = move_split(md->x_to, k->moves[j], k->split_mask[r]);
			int ts = move_split(md->t_to, k->moves[j], k->split_mask[r]);

			if (xs == 0xff || ts == 0xff) {
				coords_problem = "a phase-3 turn that takes a centre off R and L";
				return;
			}
			k->x_move[j][r] = k->split_rank[xs];
			k->t_move[j][r] = k->split_rank[ts];
		}
		for (x = 0; x < 4096; x++) {
			unsigned o = 0;

			for (s = 0; s < R5_SLOTS; s++)
				o |= ((x >> s & 1) ^ md->midge_flip[k->moves[j]][s]) << md->midge_to[k->moves[j]][s];
			k->midge_move[j][x] = (uint16_t)o;
		}
	}
	/* (c): the centre splits phase 4's turns reach from solved (R's four
	 * places are bits 0..3 of a split). */
	memset(seen, 0, sizeof seen);
	queue[tail++] = k->split_rank[0x0f] * R5_P3_SPLITS + k->split_rank[0x0f];
	seen[queue[0]] = 1;
	while (head < tail) {
		int st = queue[head++];

		for (j = 0; j < R5_P4_MOVES; j++) {
			int pm = k->p4_moves[j];
			int xs = move_split(md->x_to, pm, k->split_mask[st / R5_P3_SPLITS]);
			int ts = move_split(md->t_to, pm, k->split_mask[st % R5_P3_SPLITS]);
			int kid;

			if (xs == 0xff || ts == 0xff) {
				coords_problem = "a phase-4 turn that takes a centre off R and L";
				return;
			}
			kid = k->split_rank[xs] * R5_P3_SPLITS + k->split_rank[ts];
			if (!seen[kid]) {
				seen[kid] = 1;
				queue[tail++] = kid;
			}
		}
	}
	k->n_centre_goal = tail;
	for (i = 0; i < R5_P3_CENTRES; i++)
		k->centre_goal[i] = seen[i];
	k->half0 = 0;
	for (p = 0; p < R5_WINGS; p++)
		if (md->half_of[p] == 0)
			k->half0 |= 1u << p;
	for (s = 0; s < R5_SLOTS; s++) {
		k->nat_low[s] = md->wing_home_id[md->half_place[0][s]];
		if (k->nat_low[s] >> 1 != s) {
			coords_problem = "a half-0 place whose home wing is of another dedge";
			return;
		}
	}
	coords_problem = check_relation(md, k);
}

struct r5_p3_state
r5_p3_state_of(const struct r5_p3_coords *k, const struct r5_model *md, const struct cube *c,
    unsigned lab)
{
	struct r5_p3_state st = {0, 0, 0, 0};
	int p, s;

	for (p = 0; p < R5_WINGS; p++) {
		int id = r5_wing_id(md, c, p), d = id >> 1;

		/* Low: the natural low wing under label 0, the other under 1. */
		if ((id == k->nat_low[d]) != (lab >> d & 1))
			st.wings |= 1u << p;
	}
	for (s = 0; s < R5_SLOTS; s++) {
		int mid = r5_midge_id(md, c, s);

		st.midges |= (uint16_t)(((unsigned)mid & 1) ^ (lab >> (mid >> 1) & 1)) << s;
	}
	st.x = k->split_rank[split_of(r5_x_mask(md, c, FACE_R, FACE_R))];
	st.t = k->split_rank[split_of(r5_t_mask(md, c, FACE_R, FACE_R))];
	return st;
}

struct r5_p3_state
r5_p3_move(const struct r5_p3_coords *k, struct r5_p3_state s, int j)
{
	const uint32_t (*w)[256] = k->wing_move[j];

	s.wings = w[0][s.wings & 0xff] | w[1][s.wings >> 8 & 0xff] | w[2][s.wings >> 16];
	s.midges = k->midge_move[j][s.midges];
	s.x = k->x_move[j][s.x];
	s.t = k->t_move[j][s.t];
	return s;
}

bool
r5_p3_goal(const struct r5_p3_coords *k, struct r5_p3_state s)
{
	return s.wings == k->half0 && s.midges == 0 && k->centre_goal[s.x * R5_P3_SPLITS + s.t];
}

int
r5_p3_bound(const struct r5_p3_tables *t, const struct r5_p3_coords *k, struct r5_p3_state s)
{
	int a = t->cm[r5_p3_cm_index(s)], b = t->wing[r5_p3_rank12(k, s.wings)];

	return a > b ? a : b;
}

static bool
cancelled(const struct table_progress *prog, struct tw_error *err)
{
	if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
		tw_error_cancelled(err);
		return true;
	}
	return false;
}

/* The states of the centre x midge table: index -> state and back. */
static struct r5_p3_state
cm_state(uint32_t i)
{
	struct r5_p3_state s;
	unsigned o = i % R5_P3_MIDGES;

	s.wings = 0;
	s.midges = (uint16_t)(o | (unsigned)(__builtin_popcount(o) & 1) << 11);
	s.x = (uint8_t)(i / R5_P3_MIDGES / R5_P3_SPLITS);
	s.t = (uint8_t)(i / R5_P3_MIDGES % R5_P3_SPLITS);
	return s;
}

static bool
build_tables(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	struct r5_p3_tables *t = buf;
	const struct r5_p3_coords *k = &coords;
	uint32_t i;
	int d, j;
	bool grew;

	(void)size;
	(void)ctx;
	table_progress_report(prog, 0);
	memset(t->cm, 0xff, sizeof t->cm);
	for (i = 0; i < R5_P3_CENTRES; i++)
		if (k->centre_goal[i])
			t->cm[i * R5_P3_MIDGES] = 0;
	for (d = 0, grew = true; grew && d < 0xfe; d++) {
		grew = false;
		if (cancelled(prog, err))
			return false;
		for (i = 0; i < R5_P3_CM; i++) {
			struct r5_p3_state s;

			if (t->cm[i] != d)
				continue;
			s = cm_state(i);
			for (j = 0; j < R5_P3_MOVES; j++) {
				uint32_t kid = r5_p3_cm_index(r5_p3_move(k, s, j));

				if (t->cm[kid] == 0xff) {
					t->cm[kid] = (uint8_t)(d + 1);
					grew = true;
				}
			}
		}
		table_progress_report(prog, 40 * (d + 1) > 500 ? 500 : 40 * (d + 1));
	}
	memset(t->wing, 0xff, sizeof t->wing);
	t->wing[r5_p3_rank12(k, k->half0)] = 0;
	for (d = 0, grew = true; grew && d < 0xfe; d++) {
		grew = false;
		if (cancelled(prog, err))
			return false;
		for (i = 0; i < R5_P3_WINGS; i++) {
			struct r5_p3_state s = {0, 0, 0, 0};

			if (t->wing[i] != d)
				continue;
			s.wings = cube_colex_unrank(i, 24, 12);
			for (j = 0; j < R5_P3_MOVES; j++) {
				uint32_t kid = r5_p3_rank12(k, r5_p3_move(k, s, j).wings);

				if (t->wing[kid] == 0xff) {
					t->wing[kid] = (uint8_t)(d + 1);
					grew = true;
				}
			}
		}
		table_progress_report(prog, 500 + 40 * (d + 1) > 1000 ? 1000 : 500 + 40 * (d + 1));
	}
	return true;
}

static void
init_coords(void)
{
	build_coords();
}

const struct r5_p3_tables *
r5_p3_tables_get(const struct r5_p3_coords **k, const struct table_progress *prog,
    struct tw_error *err)
{
	struct tw_error why = {0};
	const struct r5_model *md = r5_model_get(err);
	char params[96];
	struct table_spec spec = {"cube5-phase3", 1, params, sizeof(struct r5_p3_tables), build_tables,
	    NULL, false};
	const struct r5_p3_tables *t = NULL;

	if (md == NULL)
		return NULL;
	pthread_mutex_lock(&lock);
	model = md;
	pthread_mutex_unlock(&lock);
	pthread_once(&coords_once, init_coords);
	if (coords_problem != NULL) {
		tw_error_set(err, "internal error: the 5x5x5 phase-3 coordinates: %s", coords_problem);
		return NULL;
	}
	snprintf(params, sizeof params, "cm %d wing %d moves %d goal %d", R5_P3_CM, R5_P3_WINGS,
	    R5_P3_MOVES, coords.n_centre_goal);
	pthread_mutex_lock(&lock);
	if (tables == NULL)
		tables = table_get(&spec, prog, &why);
	t = tables;
	pthread_mutex_unlock(&lock);
	if (t == NULL) {
		tw_error_wrap(err, &why, "the 5x5x5 phase-3 tables");
		return NULL;
	}
	if (k != NULL)
		*k = &coords;
	return t;
}
