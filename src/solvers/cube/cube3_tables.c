#include "solvers/cube/cube3_tables.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/symmetry.h"
#include "solvers/clock.h"
#include "solvers/tablecache.h"

/* The tables: one block without pointers (0.8 MB), so that the table
 * cache (solvers/tablecache.h) keeps it on disk and maps it back read-only. */
static const struct cube3_tables *T;
static double build_seconds;
static struct tw_error build_error;   /* why the tables are missing */
static pthread_once_t once = PTHREAD_ONCE_INIT;

const int cube3_phase2_moves[10] = {0, 1, 2, 4, 7, 9, 10, 11, 13, 16};

/* One step of a pruning table's pair of coordinates (x, y) under move m. */
typedef int (*step_fn)(int x, int y, int m, int *ny);

/* Phase 2's raw tables, needed only while the tables are built: the
 * moves of the corner and U-D edge permutations, the ccomb of each
 * corner permutation and the conjugates of both permutations by the 16
 * symmetries that keep the U-D axis. */
struct raw2 {
	uint16_t cperm_move[N_PERM][N_MOVES];
	uint16_t eperm_move[N_PERM][N_MOVES];
	uint16_t cperm_conj[N_PERM][SYM_UD];
	uint16_t eperm_conj[N_PERM][SYM_UD];
	uint8_t ccomb_of_cperm[N_PERM];
	uint8_t prune_corner[N_PERM * N_SPERM];     /* cperm * 24 + sperm */
	uint8_t prune_edge[N_PERM * N_SPERM];       /* eperm * 24 + sperm */
	uint8_t prune_edge_ccomb[N_PERM * N_CCOMB]; /* eperm * 140 + ccomb */
};

static struct raw2 *R;

static int
step_corner(int x, int y, int m, int *ny)
{
	*ny = T->sperm_move[y][m];
	return R->cperm_move[x][m];
}

static int
step_edge(int x, int y, int m, int *ny)
{
	*ny = T->sperm_move[y][m];
	return R->eperm_move[x][m];
}

/* The corner combination's move table, built with the tables (the block
 * keeps only the representatives' combinations and the conjugates). */
static uint8_t ccomb_move[N_CCOMB][N_MOVES];

static int
step_edge_ccomb(int x, int y, int m, int *ny)
{
	*ny = ccomb_move[y][m];
	return R->eperm_move[x][m];
}

/* Distances from goal over index x * width + y, level by level, into d
 * (size bytes). */
static void
bfs_table(uint8_t *d, size_t size, size_t goal, int width, step_fn step, const int *moves,
    int nmoves)
{
	size_t filled = 1, s;
	int depth;

	memset(d, 0xff, size);
	d[goal] = 0;
	for (depth = 0; filled < size && depth < 20; depth++) {
		for (s = 0; s < size; s++) {
			int k;

			if (d[s] != depth)
				continue;
			for (k = 0; k < nmoves; k++) {
				int ny, nx = step((int)(s / (size_t)width),
				    (int)(s % (size_t)width), moves[k], &ny);
				size_t n = (size_t)nx * (size_t)width + (size_t)ny;

				if (d[n] == 0xff) {
					d[n] = (uint8_t)(depth + 1);
					filled++;
				}
			}
		}
	}
}

/* The corner combination of each corner permutation: which four places
 * hold the U corners (70 ways), and the permutation's parity; its moves,
 * and its conjugates (read off the permutations', and checked to depend
 * on the combination only). */
static bool
build_ccomb(struct cube3_tables *t, struct tw_error *err)
{
	int comb_of_mask[256], mask_of_comb[70], n = 0, i, m, k;

	for (i = 0; i < 256; i++) {
		comb_of_mask[i] = -1;
		if (__builtin_popcount((unsigned)i) == 4) {
			mask_of_comb[n] = i;
			comb_of_mask[i] = n++;
		}
	}
	for (i = 0; i < N_PERM; i++) {
		uint8_t p[8];
		int mask = 0;

		perm_unrank(i, 8, p);
		for (k = 0; k < 8; k++)
			if (p[k] < 4)
				mask |= 1 << k;
		R->ccomb_of_cperm[i] = (uint8_t)(comb_of_mask[mask] * 2 + cubie_parity(p, 8));
	}
	/* Each combination's moves, read off a permutation that has it. */
	for (i = 0; i < N_CCOMB; i++) {
		struct cubie c, d;
		int up = 0, down = 4;

		cubie_identity(&c);
		for (k = 0; k < 8; k++)
			c.cp[k] = (uint8_t)((mask_of_comb[i / 2] >> k) & 1 ? up++ : down++);
		if (cubie_parity(c.cp, 8) != i % 2) {
			uint8_t x = c.cp[7];

			/* Two pieces of one kind swapped: the places keep. */
			for (k = 6; k >= 0; k--)
				if ((c.cp[k] < 4) == (x < 4))
					break;
			c.cp[7] = c.cp[k];
			c.cp[k] = x;
		}
		for (m = 0; m < N_MOVES; m++) {
			cubie_multiply(&c, &t->move[m], &d);
			ccomb_move[i][m] = R->ccomb_of_cperm[perm_rank(d.cp, 8)];
		}
	}
	memset(t->ccomb_conj, 0xff, sizeof t->ccomb_conj);
	for (i = 0; i < N_PERM; i++) {
		for (k = 0; k < SYM_UD; k++) {
			uint8_t *to = &t->ccomb_conj[R->ccomb_of_cperm[i]][k];
			uint8_t c = R->ccomb_of_cperm[R->cperm_conj[i][k]];

			if (*to != 0xff && *to != c) {
				tw_error_set(err, "the 3x3x3 corner combination's conjugates depend on more than the combination");
				return false;
			}
			*to = c;
		}
	}
	return true;
}

/* The permutations' conjugates by the symmetries that keep the U-D axis:
 * the corners' and the U-D edges' (R), the slice edges' (t). */
static void
build_perm_conj(struct cube3_tables *t)
{
	int i, k;

	for (i = 0; i < N_PERM; i++) {
		struct cubie c, d;

		cubie_identity(&c);
		perm_unrank(i, 8, c.cp);
		perm_unrank(i, 8, c.ep);
		for (k = 0; k < SYM_UD; k++) {
			sym_conjugate(k, &c, &d);
			R->cperm_conj[i][k] = (uint16_t)cube3_cperm_of(&d);
			R->eperm_conj[i][k] = (uint16_t)cube3_eperm_of(&d);
		}
	}
	for (i = 0; i < N_SPERM; i++) {
		struct cubie c, d;
		uint8_t p[4], q[4];

		cubie_identity(&c);
		perm_unrank(i, 4, p);
		for (k = 0; k < 4; k++) {
			c.ep[8 + k] = (uint8_t)(8 + p[k]);
			q[p[k]] = (uint8_t)k;
		}
		t->sperm_inv[i] = (uint8_t)perm_rank(q, 4);
		for (k = 0; k < SYM_UD; k++) {
			sym_conjugate_edges(k, &c, &d);
			t->sperm_conj[i][k] = (uint8_t)cube3_sperm_of(&d);
		}
	}
}

/* Splits the permutations 0..N_PERM-1 into classes under the symmetries
 * that keep the U-D axis (conj[x][s]: x conjugated by s), each named by
 * its smallest member: cls[x] = class << 4 | the s that takes x to it;
 * rep[class]. False if there are not N_PERM_SYM classes. */
static bool
classify_perm(uint16_t (*conj)[SYM_UD], uint16_t *cls, uint16_t *rep, const char *name,
    struct tw_error *err)
{
	int x, k, n = 0;

	for (x = 0; x < N_PERM; x++) {
		int r = x, rk = 0;

		for (k = 1; k < SYM_UD; k++)
			if (conj[x][k] < r) {
				r = conj[x][k];
				rk = k;
			}
		if (r == x) {
			if (n == N_PERM_SYM)
				break;
			rep[n] = (uint16_t)x;
			cls[x] = (uint16_t)(n++ << 4);
		} else {
			cls[x] = (uint16_t)((cls[r] & ~15) | rk);
		}
	}
	if (n != N_PERM_SYM || x != N_PERM) {
		tw_error_set(err, "the 3x3x3 %s has more or fewer classes than %d", name, N_PERM_SYM);
		return false;
	}
	return true;
}

/* The class form of the inverse of the permutation of rank x. */
static int
inverse_class(const uint16_t *cls, int x)
{
	uint8_t p[8], q[8];
	int i;

	perm_unrank(x, 8, p);
	for (i = 0; i < 8; i++)
		q[p[i]] = (uint8_t)i;
	return cls[perm_rank(q, 8)];
}

/* Phase 2's tables over classes (cube3_tables.h), from the raw ones in
 * R, each entry of which is checked against its class's. */
static bool
build_phase2_classes(struct cube3_tables *t, struct tw_error *err)
{
	static uint16_t crep[N_PERM_SYM], erep[N_PERM_SYM];
	int c, k, s, x, y, wrong = 0;

	if (!classify_perm(R->cperm_conj, t->cperm_class, crep, "corner permutation", err) ||
	    !classify_perm(R->eperm_conj, t->eperm_class, erep, "edge permutation", err))
		return false;
	for (s = 0; s < SYM_UD; s++) {
		for (k = 0; k < SYM_UD; k++) {
			t->sym_mult[s][k] = (uint8_t)sym_multiply(s, k);
			t->sym_mult_inv[s][k] = (uint8_t)sym_multiply(s, sym_inverse(k));
		}
		for (k = 0; k < 10; k++) {
			int m = sym_move(s, cube3_phase2_moves[k]), j;

			for (j = 0; j < 10 && cube3_phase2_moves[j] != m; j++)
				;
			if (j == 10) {
				tw_error_set(err, "a 3x3x3 symmetry maps a phase-2 move out of phase 2");
				return false;
			}
			t->sym_move2[s][k] = (uint8_t)j;
		}
	}
	for (c = 0; c < N_PERM_SYM; c++) {
		for (k = 0; k < 10; k++) {
			t->cperm_sym_move[c][k] =
			    t->cperm_class[R->cperm_move[crep[c]][cube3_phase2_moves[k]]];
			t->eperm_sym_move[c][k] =
			    t->eperm_class[R->eperm_move[erep[c]][cube3_phase2_moves[k]]];
		}
		t->cperm_rep_inv[c] = (uint16_t)inverse_class(t->cperm_class, crep[c]);
		t->eperm_rep_inv[c] = (uint16_t)inverse_class(t->eperm_class, erep[c]);
		t->ccomb_of_crep[c] = R->ccomb_of_cperm[crep[c]];
		memcpy(&t->prune_csperm[c * N_SPERM], &R->prune_corner[crep[c] * N_SPERM], N_SPERM);
		memcpy(&t->prune_esperm[c * N_SPERM], &R->prune_edge[erep[c] * N_SPERM], N_SPERM);
		memcpy(&t->prune_eccomb[c * N_CCOMB], &R->prune_edge_ccomb[erep[c] * N_CCOMB],
		    N_CCOMB);
	}
	/* Every raw entry read as the search reads it: the distances are
	 * the same for conjugates (the moves and the goal are). */
	for (x = 0; x < N_PERM; x++) {
		int cp = t->cperm_class[x], ep = t->eperm_class[x];

		for (y = 0; y < N_SPERM; y++) {
			wrong += R->prune_corner[x * N_SPERM + y] !=
			    t->prune_csperm[(cp >> 4) * N_SPERM + t->sperm_conj[y][cp & 15]];
			wrong += R->prune_edge[x * N_SPERM + y] !=
			    t->prune_esperm[(ep >> 4) * N_SPERM + t->sperm_conj[y][ep & 15]];
		}
		/* x as the edges, each corner permutation's combination. */
		for (y = 0; y < N_PERM; y += 97) {
			int cc = t->cperm_class[y];

			wrong += R->prune_edge_ccomb[x * N_CCOMB + R->ccomb_of_cperm[y]] !=
			    t->prune_eccomb[(ep >> 4) * N_CCOMB +
			    t->ccomb_conj[t->ccomb_of_crep[cc >> 4]][t->sym_mult_inv[ep & 15][cc & 15]]];
		}
	}
	if (wrong != 0) {
		tw_error_set(err, "the 3x3x3 phase-2 tables over classes disagree with the raw ones in %d entries",
		    wrong);
		return false;
	}
	return true;
}

/* The table cache's builder: fills buf, a zeroed struct cube3_tables. The
 * step functions read T, which points at the block being built, and R,
 * phase 2's raw tables (freed at the end). */
static bool
build_tables(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	struct cube3_tables *t = buf;
	int i, m;
	bool ok;

	(void)size;
	(void)ctx;
	(void)prog;
	T = t;
	R = tw_calloc(1, sizeof *R, err);
	if (R == NULL)
		return false;
	cubie_face_turns(t->move);
	for (i = 0; i < N_PERM; i++) {
		struct cubie c, d;

		cubie_identity(&c);
		perm_unrank(i, 8, c.cp);
		perm_unrank(i, 8, c.ep);
		for (m = 0; m < N_MOVES; m++) {
			cubie_multiply(&c, &t->move[m], &d);
			R->cperm_move[i][m] = (uint16_t)cube3_cperm_of(&d);
			R->eperm_move[i][m] = (uint16_t)cube3_eperm_of(&d);
		}
	}
	for (i = 0; i < N_SPERM; i++) {
		struct cubie c, d;
		uint8_t p4[4];
		int k;

		cubie_identity(&c);
		perm_unrank(i, 4, p4);
		for (k = 0; k < 4; k++)
			c.ep[8 + k] = (uint8_t)(8 + p4[k]);
		for (m = 0; m < N_MOVES; m++) {
			cubie_multiply(&c, &t->move[m], &d);
			t->sperm_move[i][m] = (uint8_t)cube3_sperm_of(&d);
		}
	}
	build_perm_conj(t);
	bfs_table(R->prune_corner, sizeof R->prune_corner, 0, N_SPERM,
	    step_corner, cube3_phase2_moves, 10);
	bfs_table(R->prune_edge, sizeof R->prune_edge, 0, N_SPERM,
	    step_edge, cube3_phase2_moves, 10);
	ok = build_ccomb(t, err);
	if (ok) {
		bfs_table(R->prune_edge_ccomb, sizeof R->prune_edge_ccomb,
		    R->ccomb_of_cperm[0], N_CCOMB, step_edge_ccomb, cube3_phase2_moves, 10);
		ok = build_phase2_classes(t, err);
	}
	free(R);
	R = NULL;
	return ok;
}

static void
load_tables(void)
{
	char params[64];
	struct table_spec spec = {"cube3-two-phase", 4, params, sizeof(struct cube3_tables),
	    build_tables, NULL, false};
	double t0 = tw_monotonic_seconds();

	sym_init();   /* the phase-2 tables' symmetries */
	/* The layout's size in the parameters: a build of another layout
	 * never reads this one's file. */
	snprintf(params, sizeof params, "struct tables %zu", sizeof(struct cube3_tables));
	T = table_get(&spec, NULL, &build_error);
	build_seconds = tw_monotonic_seconds() - t0;
}

const struct cube3_tables *
cube3_tables_get(double *secs, struct tw_error *err)
{
	pthread_once(&once, load_tables);
	if (T == NULL)
		tw_error_wrap(err, &build_error, "the 3x3x3 tables");
	if (secs != NULL)
		*secs = build_seconds;
	return T;
}
