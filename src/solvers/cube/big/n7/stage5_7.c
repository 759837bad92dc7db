/* The 7x7x7 staged reduction's stage 5 (docs/cube-solvers.md): the 6x6x6's
 * stage 5 (n6/stage5.c, whose scheme it follows) on the fake
 * 6x6x6 with the inner T and the outer T centres added: every inner X
 * block one colour, every oblique pair one colour and the outer T
 * between its halves that colour too (every T triple one colour), and
 * every face's inner T its block's colour, the scheme the solved one
 * (the fixed centres are home and the turns never move them), from
 * stage 4's end (every centre on its colour's axis, and every outer T
 * of the kind of the pair it sits between: stages 1b and 3b,
 * centres7.c).
 *
 * Turns: the 6x6x6's stage 5's 27 (face turns, the half turns of two and
 * three layers from U R F; on the 7x7x7 a 3-layer half turn from L is
 * not the same as the one from R, it differs by the middle slice, which
 * this stage does not use). The outer T moves only with face turns and
 * the 2-layer half turns, with its whole triple; the 3-layer half turns
 * bring other pairs to it.
 *
 * Coordinate per axis: which of the axis's eight inner X, oblique A,
 * oblique B, inner T and outer T (O) facelets hold the colour of the
 * axis's first face: five ranks 0..69. The places of the R-L and F-B
 * axes are those of the U-D axis turned whole about the URF-DLB
 * diagonal (U to R to F, once and twice), and that turn maps the 27
 * turns onto themselves (checked: every turn of an axis acts on its
 * ranks as one of the U-D axis's, and the pairs' and triples' goals
 * agree), so each table below is exact for all three axes at once.
 * Tables (exact, breadth first): the distance of an axis's (X, A, B, T)
 * to home with the pairs one colour (24,010,000 entries), of (O, A, B)
 * to every triple one colour, and over the three axes of the inner X
 * ranks and of the inner T ranks (343,000 each). The (X, A, B, T) table
 * is stored reduced by the four symmetries of an axis's turns
 * (s5_sym_matrix: the mirror R <-> F and the half turn U <-> D with the
 * colours swapped): only the rows of the 1,374 classes of (X, T), two
 * entries a byte (every state is within 15 turns), 3.4 MB where it was
 * 24 MB; the build checks that the table is symmetric. 4.4 MB in all,
 * one block of the table cache, "cube7-stage5" (r7_stage5_load), about
 * 3 s of CPU to build.
 * Bound: the larger of the sum over the axes of the larger of an axis's
 * (X, A, B, T) and (O, A, B) distances (times a weight, s7_tries: 1, 5/4
 * once 3e7 nodes found no end, which one 7x7x7 in about 20 needs, and
 * 3/2 once 1e8 more did not: one pass of six 11x11x11s with every pass
 * staged first, passes.c, and one 7x7x7 in 1,000 need it) and the larger
 * of the all-X and all-T distances, plus one while both are off
 * (S7_XT_W). (The (X, A, B, T) distance is at least the (T, A, B) and
 * (X, T) ones, whose goals it contains, so those tables would never
 * raise the bound.) The bound is
 * not admissible (a wide half turn moves all three axes): with the
 * triples in the goal the ends are about 27 turns away, and 2/3 of the
 * sum finds none
 * within 4e8 nodes. Measured: docs/cube-solvers.md. */
#include "solvers/cube/big/n7/n7.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "solvers/cube/big/core/pieces.h"
#include "solvers/cube/big/core/stage.h"
#include "solvers/cube/big/n6/n6.h"
#include "solvers/tablecache.h"

#define S5_MOVES 27
#define S5_C84 70
#define S5_SIZE (S5_C84 * S5_C84 * S5_C84)
#define S5_FULL_SIZE ((size_t)S5_SIZE * S5_C84)
/* The symmetries of one axis's turns and goal (s5_sym_matrix), and the
 * classes of the (inner X, inner T) ranks under them (checked when
 * built). */
#define S5_SYMS 4
#define S5_XT_CLASSES 1374
/* The (X, A, B, T) table stored: the (A, B) rows of the (X, T)
 * classes' representatives, two entries a byte. */
#define S5_REDUCED_SIZE ((size_t)S5_XT_CLASSES * S5_C84 * S5_C84 / 2)
/* The cached block: the small tables, then the (X, A, B, T) one. */
#define S5_OFF_XDIST 0
#define S5_OFF_TDIST (S5_OFF_XDIST + S5_SIZE)
#define S5_OFF_OAB (S5_OFF_TDIST + S5_SIZE)
#define S5_OFF_FULL ((size_t)S5_OFF_OAB + S5_SIZE)
#define S5_BLOCK (S5_OFF_FULL + S5_REDUCED_SIZE)
#define S5_DEFAULT_NODES 400000000L
#define S5_MAX 40
/* The searches (r7_stage5): the bound is at least ceil(the sum of the
 * axes' distances * num / den); a search that runs out of its work
 * hands over to the next, with a larger weight (r7_stage5_within: the
 * first alone). */
static const struct {
	int num, den;
	long nodes;    /* 0: the caller's work, or S5_DEFAULT_NODES */
} s7_tries[] = {{1, 1, 30000000L}, {5, 4, 100000000L}, {3, 2, 0}};
#ifndef S7_XT_W
#define S7_XT_W 99   /* the bound adds ceil(min(X, T) / S7_XT_W) */
#endif

enum { PX, PA, PB, PT, PO, PARTS };

struct s7_tables {
	uint8_t move[S5_MOVES];
	uint16_t m7[S5_MOVES];
	bool wide[S5_MOVES];
	uint8_t key[S5_MOVES];
	uint8_t axis[S5_MOVES], face[S5_MOVES];
	uint16_t place[3][PARTS][8];  /* axes 1 and 2: axis 0's turned whole (top of the file) */
	uint8_t next[3][S5_MOVES][PARTS][S5_C84];
	/* Turn m acts on axis a's ranks as turn axis_move[a][m] on axis
	 * 0's: the search reads next[0] alone (9.4 KB, which stays in the
	 * L1 cache where all three axes' 28 KB did not). */
	uint8_t axis_move[3][S5_MOVES];
	uint8_t rank8[256];
	uint8_t mask8[S5_C84];
	uint8_t hx;                   /* the rank of X or T home: places 0..3, the first face */
	int pa[8], pb[8];             /* A place pa[i] and B place pb[i] pair up */
	int po[8];                    /* and the outer T place po[i] between them */
	/* Symmetry s takes axis 0's ranks of kind k to ranks of kind
	 * sym_kind[s][k] (a mirror swaps the obliques A and B). */
	uint8_t sym_kind[S5_SYMS][PARTS];
	uint8_t sym_rank[S5_SYMS][PARTS][S5_C84];
	/* The reduced (X, A, B, T) table's index of a state, as a sum:
	 * xt_base[x * 70 + t] ((x, t)'s class's rows) plus, under the
	 * symmetry xt_sym[x * 70 + t] that takes (x, t) to its class's
	 * representative, the turned A and B ranks' places in the row
	 * (sym_a, sym_b). */
	uint32_t xt_base[S5_C84 * S5_C84];
	uint8_t xt_sym[S5_C84 * S5_C84];
	uint16_t sym_a[S5_SYMS][S5_C84], sym_b[S5_SYMS][S5_C84];
};

/* The pruning tables, in the table cache's block (S5_OFF_...). */
struct s7_prune {
	const struct s7_tables *t;    /* the reduced table's index (xt_base ...) */
	const uint8_t *full;          /* an axis's (X, A, B, T) to home, pairs one colour: reduced, packed */
	const uint8_t *xdist, *tdist; /* the three axes' X ranks, T ranks to home */
	const uint8_t *oab;           /* an axis's (O, A, B) to every triple one colour */
};

static struct s7_tables *s7;
static const char *s7_fail;       /* why s7 is NULL */
static pthread_once_t s7_once = PTHREAD_ONCE_INIT;
static struct s7_prune s7p;
static atomic_bool s7_loaded;

struct bfs_ctx {
	const struct s7_tables *t;
	int mode;      /* 3: all X; 4: all T; 5: (O, A, B) */
};

static int
expand(const void *vctx, uint32_t state, uint32_t *out)
{
	const struct bfs_ctx *ctx = vctx;
	const struct s7_tables *t = ctx->t;
	int m, n = 0;

	for (m = 0; m < S5_MOVES; m++) {
		const uint8_t(*nx)[S5_C84] = t->next[0][m];

		if (ctx->mode == 5) {
			int o = (int)(state / (S5_C84 * S5_C84)), a = (int)(state / S5_C84 % S5_C84), b = (int)(state % S5_C84);

			out[n++] = ((uint32_t)nx[PO][o] * S5_C84 + nx[PA][a]) * S5_C84 + nx[PB][b];
		} else {
			int p = ctx->mode == 3 ? PX : PT;
			int x = (int)(state / (S5_C84 * S5_C84)), y = (int)(state / S5_C84 % S5_C84), z = (int)(state % S5_C84);

			out[n++] = ((uint32_t)t->next[0][m][p][x] * S5_C84 + t->next[1][m][p][y]) * S5_C84 +
			    t->next[2][m][p][z];
		}
	}
	return n;
}

/* The facelet of the 7x7x7 at doubled position p (cube_facelet_position). */
static int
facelet_at(int pos[R7_FACELETS][3], const int p[3])
{
	int d;

	for (d = 0; d < R7_FACELETS; d++)
		if (pos[d][0] == p[0] && pos[d][1] == p[1] && pos[d][2] == p[2])
			return d;
	return -1;
}

/* Axis a's places: axis 0's turned a times about the URF-DLB diagonal,
 * (x, y, z) -> (y, z, x), which takes U to R to F (and D to L to B):
 * a proper turn, so it keeps the obliques' handedness. Each place must
 * be one of the kind's places of the axis (the facelets of orbit). */
static bool
turn_places(struct s7_tables *t, uint16_t orbit[3][PARTS][8])
{
	int pos[R7_FACELETS][3], d, a, k, i, j;

	for (d = 0; d < R7_FACELETS; d++)
		cube_facelet_position(R7_N, d, pos[d]);
	for (a = 0; a < 3; a++)
		for (k = 0; k < PARTS; k++)
			for (i = 0; i < 8; i++) {
				const int *p = pos[orbit[0][k][i]];
				int q[3] = {p[0], p[1], p[2]}, r, e;

				for (r = 0; r < a; r++) {
					int x = q[0];

					q[0] = q[1];
					q[1] = q[2];
					q[2] = x;
				}
				if ((e = facelet_at(pos, q)) < 0)
					return false;
				for (j = 0; j < 8 && orbit[a][k][j] != e; j++)
					;
				if (j == 8)
					return false;
				t->place[a][k][i] = (uint16_t)e;
			}
	return true;
}

/* Whether every turn acts on axis a's ranks as one of axis 0's (a
 * bijection of the turns, kept in axis_move[a]): then a table over axis
 * 0's ranks under the turns is exact for axis a's ranks too. */
static bool
axes_alike(struct s7_tables *t, int a)
{
	bool used[S5_MOVES] = {false};
	int m, n;

	for (m = 0; m < S5_MOVES; m++) {
		for (n = 0; n < S5_MOVES; n++)
			if (!used[n] && memcmp(t->next[a][m], t->next[0][n], sizeof t->next[0][n]) == 0)
				break;
		if (n == S5_MOVES)
			return false;
		used[n] = true;
		t->axis_move[a][m] = (uint8_t)n;
	}
	return true;
}

static bool
build_moves(struct s7_tables *t, const struct r6_model *md)
{
	static const uint8_t kinds[3] = {R6_INNER_X, R6_OBLIQUE_A, R6_OBLIQUE_B};
	static const int keep6[6] = {0, 1, 2, 4, 5, 6};
	static const int tpos[4][2] = {{2, 3}, {3, 4}, {4, 3}, {3, 2}};
	static const int opos[4][2] = {{1, 3}, {3, 5}, {5, 3}, {3, 1}};
	const struct r7_model *m7 = r7_model();
	uint16_t orbit[3][PARTS][8];
	int n = 0, f, p, a, v, m, k, r;

	for (f = 0; f < 6; f++) {
		for (p = 1; p <= 3; p++) {
			t->move[n] = (uint8_t)r6_move(f, 1, 1, p);
			t->wide[n] = false;
			t->key[n] = (uint8_t)(f < 3 ? 0 : 1);
			n++;
		}
		t->move[n] = (uint8_t)r6_move(f, 1, 2, 2);
		t->wide[n] = true;
		t->key[n] = (uint8_t)(f < 3 ? 2 : 3);
		n++;
		if (f < 3) {
			t->move[n] = (uint8_t)r6_move(f, 1, 3, 2);
			t->wide[n] = true;
			t->key[n] = 4;
			n++;
		}
	}
	for (m = 0; m < S5_MOVES; m++) {
		int mm = t->move[m];

		t->axis[m] = md->axis[mm];
		t->face[m] = md->face[mm];
		t->m7[m] = (uint16_t)r7_move(md->face[mm], md->first[mm], md->last[mm], md->turns[mm]);
	}
	for (v = 0, r = 0; v < 256; v++) {
		t->rank8[v] = 0xff;
		if (__builtin_popcount((unsigned)v) == 4) {
			t->rank8[v] = (uint8_t)r;
			t->mask8[r++] = (uint8_t)v;
		}
	}
	t->hx = t->rank8[0x0f];
	/* Every axis's orbits in facelet order, the first face's four first;
	 * axis 0 keeps this order, the others take axis 0's turned whole. */
	for (a = 0; a < 3; a++) {
		for (k = 0; k < 3; k++) {
			int c = 0, d;

			for (f = a; f < 6; f += 3)
				for (d = f * 36; d < f * 36 + 36; d++)
					if (md->kind[d] == kinds[k])
						orbit[a][k][c++] = (uint16_t)(f * 49 + keep6[d % 36 / 6] * 7 + keep6[d % 6]);
			if (c != 8)
				return false;
		}
		for (k = 0; k < 8; k++) {
			f = k < 4 ? a : a + 3;
			orbit[a][PT][k] = (uint16_t)(f * 49 + tpos[k % 4][0] * 7 + tpos[k % 4][1]);
			orbit[a][PO][k] = (uint16_t)(f * 49 + opos[k % 4][0] * 7 + opos[k % 4][1]);
		}
	}
	if (!turn_places(t, orbit))
		return false;
	for (a = 0; a < 3; a++)
		for (m = 0; m < S5_MOVES; m++) {
			const uint16_t *src = m7->src[t->m7[m]];

			for (k = 0; k < PARTS; k++)
				for (r = 0; r < S5_C84; r++) {
					int out = 0, i, j;

					for (i = 0; i < 8; i++) {
						for (j = 0; j < 8; j++)
							if (src[t->place[a][k][i]] == t->place[a][k][j])
								break;
						if (j == 8)
							return false;
						if (t->mask8[r] >> j & 1)
							out |= 1 << i;
					}
					t->next[a][m][k][r] = t->rank8[out];
				}
		}
	for (m = 0; m < S5_MOVES; m++)
		t->axis_move[0][m] = (uint8_t)m;
	for (a = 1; a < 3; a++)
		if (!axes_alike(t, a))
			return false;
	return true;
}

/* The pairs of axis a: A place pa[i] and B place pb[i] are partners in
 * the 6x6x6 model (8 of them, else false). */
static bool
pairs_of(const struct s7_tables *t, const struct r6_model *md, int a, int *pa, int *pb)
{
	static const int keep6[6] = {0, 1, 2, 4, 5, 6};
	int np = 0, i, j;

	for (i = 0; i < 8; i++)
		for (j = 0; j < 8; j++) {
			int d6a = -1, d6b = -1, d;

			for (d = 0; d < R6_FACELETS; d++) {
				int d7 = d / 36 * 49 + keep6[d % 36 / 6] * 7 + keep6[d % 6];

				if (d7 == t->place[a][PA][i])
					d6a = d;
				if (d7 == t->place[a][PB][j])
					d6b = d;
			}
			if (d6a < 0 || d6b < 0)
				return false;
			if (md->partner[d6a] == d6b) {
				if (np == 8)
					return false;
				pa[np] = i;
				pb[np++] = j;
			}
		}
	return np == 8;
}

/* The symmetries of an axis's stage 5, as matrices on the doubled
 * coordinates (x towards R, y towards U, z towards F): those that keep
 * the set of turns' actions on the U-D axis's centres and its goal. A
 * turn of U (or D), and its 2- and 3-layer half turns, act on them as
 * turns of the face alone; the 2- and 3-layer half turns from R and F
 * and the 2-layer ones from L and B move strips between U and D. So
 * the mirror that swaps R and F keeps the set, and so does the half
 * turn about the axis through the FR and BL edges (U <-> D, R <-> F,
 * L <-> B) once the axis's two colours are swapped too, which keeps
 * the goal (the first face's colour home, pairs one colour). */
static const int s5_sym_matrix[S5_SYMS][3][3] = {
	{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
	{{0, 0, 1}, {0, 1, 0}, {1, 0, 0}},      /* mirror: R <-> F */
	{{0, 0, 1}, {0, -1, 0}, {1, 0, 0}},     /* half turn: U <-> D, R <-> F, colours swapped */
	{{1, 0, 0}, {0, -1, 0}, {0, 0, 1}},     /* mirror: U <-> D, colours swapped */
};

/* sym_kind, sym_rank and the reduced table's index (s7_tables) from
 * s5_sym_matrix; false unless each is a symmetry of every turn's action
 * on axis 0 (each turn, turned, acts as one of the turns) and the
 * (inner X, inner T) ranks fall into S5_XT_CLASSES classes. The goal's
 * symmetry is checked on the table itself (pack_full). */
static bool
build_symmetries(struct s7_tables *t)
{
	int pos[R7_FACELETS][3], s, k, i, j, r, m, n, x, classes = 0;

	for (i = 0; i < R7_FACELETS; i++)
		cube_facelet_position(R7_N, i, pos[i]);
	for (s = 0; s < S5_SYMS; s++) {
		const int(*g)[3] = s5_sym_matrix[s];
		bool swap = g[1][1] < 0;   /* U <-> D: the colours too */

		for (k = 0; k < PARTS; k++) {
			int to[8], kind = -1;

			for (i = 0; i < 8; i++) {
				const int *p = pos[t->place[0][k][i]];
				int q[3], e, k2;

				for (j = 0; j < 3; j++)
					q[j] = g[j][0] * p[0] + g[j][1] * p[1] + g[j][2] * p[2];
				if ((e = facelet_at(pos, q)) < 0)
					return false;
				for (k2 = 0; k2 < PARTS; k2++) {
					for (j = 0; j < 8 && t->place[0][k2][j] != e; j++)
						;
					if (j < 8)
						break;
				}
				if (k2 == PARTS || (kind >= 0 && k2 != kind))
					return false;
				kind = k2;
				to[i] = j;
			}
			t->sym_kind[s][k] = (uint8_t)kind;
			for (r = 0; r < S5_C84; r++) {
				int out = 0;

				for (i = 0; i < 8; i++)
					if (t->mask8[r] >> i & 1)
						out |= 1 << to[i];
				t->sym_rank[s][k][r] = t->rank8[swap ? ~out & 0xff : out];
			}
		}
		if (t->sym_kind[s][PX] != PX || t->sym_kind[s][PT] != PT)
			return false;
		/* Each turn m, seen through s, is a turn n. */
		for (m = 0; m < S5_MOVES; m++) {
			for (n = 0; n < S5_MOVES; n++) {
				bool same = true;

				for (k = 0; k < PARTS && same; k++)
					for (r = 0; r < S5_C84 && same; r++)
						same = t->sym_rank[s][k][t->next[0][m][k][r]] ==
						    t->next[0][n][t->sym_kind[s][k]][t->sym_rank[s][k][r]];
				if (same)
					break;
			}
			if (n == S5_MOVES)
				return false;
		}
		for (r = 0; r < S5_C84; r++) {
			int a = t->sym_rank[s][PA][r], b = t->sym_rank[s][PB][r];

			t->sym_a[s][r] = (uint16_t)(t->sym_kind[s][PA] == PA ? a * S5_C84 : a);
			t->sym_b[s][r] = (uint16_t)(t->sym_kind[s][PB] == PB ? b : b * S5_C84);
		}
	}
	/* Classes in the order of their least (X, T), the representative. */
	for (x = 0; x < S5_C84 * S5_C84; x++) {
		int best = 0, least = x;

		for (s = 1; s < S5_SYMS; s++) {
			int y = t->sym_rank[s][PX][x / S5_C84] * S5_C84 + t->sym_rank[s][PT][x % S5_C84];

			if (y < least) {
				best = s;
				least = y;
			}
		}
		t->xt_sym[x] = (uint8_t)best;
		if (least == x) {
			if (classes == S5_XT_CLASSES)
				return false;
			t->xt_base[x] = (uint32_t)classes++ * S5_C84 * S5_C84;
		} else
			t->xt_base[x] = t->xt_base[least];
	}
	return classes == S5_XT_CLASSES;
}

/* The index of axis ranks r in the reduced (X, A, B, T) table. */
static inline size_t
reduced_index(const struct s7_tables *t, const uint8_t *r)
{
	int xt = r[PX] * S5_C84 + r[PT], s = t->xt_sym[xt];

	return (size_t)t->xt_base[xt] + t->sym_a[s][r[PA]] + t->sym_b[s][r[PB]];
}

static void
build(void)
{
	const struct r6_model *md = r6_model();
	struct s7_tables *t = calloc(1, sizeof *t);
	int pa[8], pb[8], a;

	s7_fail = "out of memory";
	if (t == NULL)
		return;
	s7_fail = "internal error: stage 5's axes are not alike";
	if (!build_moves(t, md))
		goto fail;
	for (a = 0; a < 3; a++) {
		if (!pairs_of(t, md, a, pa, pb))
			goto fail;
		if (a == 0) {
			memcpy(t->pa, pa, sizeof pa);
			memcpy(t->pb, pb, sizeof pb);
		} else if (memcmp(t->pa, pa, sizeof pa) != 0 || memcmp(t->pb, pb, sizeof pb) != 0)
			goto fail;
	}
	for (a = 0; a < 3; a++) {
		int i, j, po[8];

		for (i = 0; i < 8; i++) {
			int da = t->place[a][PA][t->pa[i]], db = t->place[a][PB][t->pb[i]];

			for (j = 0; j < 8 && t->place[a][PO][j] != r7_midpoint(da, db); j++)
				;
			if (r7_face(da) != r7_face(db) || j == 8)
				goto fail;
			po[i] = j;
		}
		if (a == 0)
			memcpy(t->po, po, sizeof po);
		else if (memcmp(t->po, po, sizeof po) != 0)
			goto fail;
	}
	s7_fail = "internal error: stage 5's symmetries";
	if (!build_symmetries(t))
		goto fail;
	s7_fail = NULL;
	s7 = t;
	return;
fail:
	free(t);
}

/* The goals' ranks of an axis's obliques and outer T: every pair one
 * colour, each triple's T that colour too; goal j has ranks a[j], b[j]
 * and o[j] (S5_C84 of them, one for each four pairs of the first
 * colour). */
static void
goal_ranks(const struct s7_tables *t, uint8_t *a, uint8_t *b, uint8_t *o)
{
	int g, i, n = 0;

	for (g = 0; g < 256; g++) {
		int ma = 0, mb = 0, mo = 0;

		if (__builtin_popcount((unsigned)g) != 4)
			continue;
		for (i = 0; i < 8; i++)
			if (g >> i & 1) {
				ma |= 1 << t->pa[i];
				mb |= 1 << t->pb[i];
				mo |= 1 << t->po[i];
			}
		a[n] = t->rank8[ma];
		b[n] = t->rank8[mb];
		o[n++] = t->rank8[mo];
	}
}

/* The small tables into block (S5_OFF_...), by cube_table_bfs. */
static bool
build_small(const struct s7_tables *t, uint8_t *block, const struct table_progress *prog, struct tw_error *err)
{
	struct bfs_ctx cx = {t, 3}, ct = {t, 4}, co = {t, 5};
	uint8_t *xdist = block + S5_OFF_XDIST, *tdist = block + S5_OFF_TDIST, *oab = block + S5_OFF_OAB;
	uint32_t home3 = ((uint32_t)t->hx * S5_C84 + t->hx) * S5_C84 + t->hx;
	uint8_t ga[S5_C84], gb[S5_C84], go[S5_C84];
	int j;

	memset(oab, CUBE_TABLE_UNSEEN, S5_SIZE);
	goal_ranks(t, ga, gb, go);
	for (j = 0; j < S5_C84; j++)
		oab[((uint32_t)go[j] * S5_C84 + ga[j]) * S5_C84 + gb[j]] = 0;
	memset(xdist, CUBE_TABLE_UNSEEN, S5_SIZE);
	memset(tdist, CUBE_TABLE_UNSEEN, S5_SIZE);
	xdist[home3] = 0;
	tdist[home3] = 0;
	return cube_table_bfs(oab, S5_SIZE, expand, &co, prog, err) &&
	    cube_table_bfs(xdist, S5_SIZE, expand, &cx, prog, err) &&
	    cube_table_bfs(tdist, S5_SIZE, expand, &ct, prog, err);
}

/* Stores the (X, A, B, T) table full (S5_FULL_SIZE bytes) as the
 * reduced one (S5_REDUCED_SIZE bytes at out, two entries a byte, the
 * first in the low half): the rows of the (X, T) classes'
 * representatives. False unless every state is reached within 15 turns
 * and has the distance of the states its symmetries make of it (the
 * goal is symmetric too). */
static bool
pack_full(const struct s7_tables *t, const uint8_t *full, uint8_t *out, struct tw_error *err)
{
	uint8_t r[PARTS] = {0};
	size_t i = 0;
	int s;

	memset(out, 0, S5_REDUCED_SIZE);
	for (r[PX] = 0; r[PX] < S5_C84; r[PX]++)
		for (r[PA] = 0; r[PA] < S5_C84; r[PA]++)
			for (r[PB] = 0; r[PB] < S5_C84; r[PB]++)
				for (r[PT] = 0; r[PT] < S5_C84; r[PT]++, i++) {
					uint8_t v = full[i], turned[PARTS];
					size_t j = reduced_index(t, r);

					if (v > 15) {
						tw_error_set(err, "internal error: stage 5's table has a state %d turns away",
						    v);
						return false;
					}
					for (s = 1; s < S5_SYMS; s++) {
						int k;

						for (k = 0; k < PARTS; k++)
							turned[t->sym_kind[s][k]] = t->sym_rank[s][k][r[k]];
						if (full[(((size_t)turned[PX] * S5_C84 + turned[PA]) * S5_C84 + turned[PB]) *
						    S5_C84 + turned[PT]] != v) {
							tw_error_set(err, "internal error: stage 5's table is not symmetric");
							return false;
						}
					}
					out[j >> 1] = (uint8_t)(out[j >> 1] | v << (j & 1) * 4);
				}
	return true;
}

/* The block's builder (table_spec.build): the small tables, then the
 * (X, A, B, T) table breadth first in bytes, from the goals (X and T
 * home, every pair one colour), then reduced (pack_full). A level looks forward
 * from its states while they are fewer than the unseen ones, then
 * backward (each unseen state looks for a neighbour of the level; the
 * turns are closed under inverses, so that is the same distance), which
 * reads each of the last, largest levels' states once instead of
 * writing every neighbour of the level before. A row is the 70 T ranks
 * of one (X, A, B): its turns' (X, A, B) part is computed once. */
static bool
build_block(void *buf, size_t size, void *vctx, const struct table_progress *prog, struct tw_error *err)
{
	const struct s7_tables *t = vctx;
	uint8_t *block = buf, *d, ga[S5_C84], gb[S5_C84], go[S5_C84];
	uint32_t base[S5_MOVES];
	size_t seen = 0, frontier;
	int depth, x, a, b, y, m;
	bool ok;

	if (size != S5_BLOCK) {
		tw_error_set(err, "internal error: stage 5's table size");
		return false;
	}
	if (!build_small(t, block, prog, err))
		return false;
	table_progress_report(prog, 50);
	if ((d = malloc(S5_FULL_SIZE)) == NULL) {
		tw_error_set(err, "out of memory");
		return false;
	}
	memset(d, CUBE_TABLE_UNSEEN, S5_FULL_SIZE);
	size = S5_FULL_SIZE;
	goal_ranks(t, ga, gb, go);
	for (frontier = 0; frontier < S5_C84; frontier++)
		d[(((size_t)t->hx * S5_C84 + ga[frontier]) * S5_C84 + gb[frontier]) * S5_C84 + t->hx] = 0;
	seen = frontier;
	for (depth = 0; frontier > 0 && depth < CUBE_TABLE_UNSEEN - 1; depth++) {
		bool back = frontier > size - seen;
		uint8_t want = back ? CUBE_TABLE_UNSEEN : (uint8_t)depth;
		size_t found = 0;

		if (prog != NULL && prog->cancel != NULL && atomic_load(prog->cancel)) {
			free(d);
			tw_error_cancelled(err);
			return false;
		}
		for (x = 0; x < S5_C84; x++)
			for (a = 0; a < S5_C84; a++)
				for (b = 0; b < S5_C84; b++) {
					uint8_t *row = d + (((size_t)x * S5_C84 + (size_t)a) * S5_C84 + (size_t)b) * S5_C84;

					if (memchr(row, want, S5_C84) == NULL)
						continue;
					for (m = 0; m < S5_MOVES; m++) {
						const uint8_t(*nx)[S5_C84] = t->next[0][m];

						base[m] = (((uint32_t)nx[PX][x] * S5_C84 + nx[PA][a]) * S5_C84 + nx[PB][b]) * S5_C84;
					}
					for (y = 0; y < S5_C84; y++) {
						if (row[y] != want)
							continue;
						for (m = 0; m < S5_MOVES; m++) {
							uint8_t *e = d + base[m] + t->next[0][m][PT][y];

							if (back && *e == depth) {
								row[y] = (uint8_t)(depth + 1);
								found++;
								break;
							}
							if (!back && *e == CUBE_TABLE_UNSEEN) {
								*e = (uint8_t)(depth + 1);
								found++;
							}
						}
					}
				}
		seen += found;
		frontier = found;
		table_progress_report(prog, 50 + (int)(seen * 900 / size));
	}
	ok = pack_full(t, d, block + S5_OFF_FULL, err);
	free(d);
	table_progress_report(prog, 1000);
	return ok;
}

static const struct table_spec block_spec = {
	.name = "cube7-stage5",
	.version = 3,
	.params = "U-D axis ranks C(8,4): (X, A, B), (T, A, B); all X, all T; (X, T); (O, A, B) triples; "
	    "(X, A, B, T) by 1374 (X, T) classes of 4 symmetries, 4 bits; 27 turns",
	.size = S5_BLOCK,
	.build = build_block,
};

bool
r7_stage5_load(const struct table_progress *prog, struct tw_error *err)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	bool ok = true;

	pthread_once(&s7_once, build);
	if (s7 == NULL) {
		tw_error_set(err, "%s", s7_fail);
		return false;
	}
	if (atomic_load(&s7_loaded))
		return true;
	pthread_mutex_lock(&lock);
	if (!atomic_load(&s7_loaded)) {
		struct table_spec spec = block_spec;
		const uint8_t *block;

		spec.ctx = s7;
		block = table_get_huge(&spec, prog, err);
		if (block != NULL) {
			s7p.t = s7;
			s7p.full = block + S5_OFF_FULL;
			s7p.xdist = block + S5_OFF_XDIST;
			s7p.tdist = block + S5_OFF_TDIST;
			s7p.oab = block + S5_OFF_OAB;
			atomic_store(&s7_loaded, true);
		} else
			ok = false;
	}
	pthread_mutex_unlock(&lock);
	return ok;
}

struct state {
	uint8_t r[3][PARTS];
};

/* A search's tables and the weight of its bound (s7_tries). */
struct search_ctx {
	const struct s7_tables *t;
	const struct s7_prune *p;
	int num, den;
};

/* The bound of state s at weight num/den, or, once it is sure to be
 * above limit, any value above limit: the search prunes the state then
 * and needs no more (stage_def.estimate), so the cheaper entries are
 * read first and the (X, A, B, T) ones only while they can decide. */
static int
bound_within(const struct s7_prune *t, const struct state *s, int num, int den, int limit)
{
	int a, h, sum = 0, v, x, o[3], rest;
	long over = (long)limit * den;   /* the weighted sum is above limit once sum * num is above this */

	x = t->xdist[((uint32_t)s->r[0][PX] * S5_C84 + s->r[1][PX]) * S5_C84 + s->r[2][PX]];
	v = t->tdist[((uint32_t)s->r[0][PT] * S5_C84 + s->r[1][PT]) * S5_C84 + s->r[2][PT]];
	h = v > x ? v : x;
	x = v < x ? v : x;
	h += (x + S7_XT_W - 1) / S7_XT_W;   /* not admissible: X and T apart */
	if (h > limit)
		return h;
	for (a = 0; a < 3; a++) {
		const uint8_t *r = s->r[a];

		o[a] = t->oab[((uint32_t)r[PO] * S5_C84 + r[PA]) * S5_C84 + r[PB]];
	}
	rest = o[0] + o[1] + o[2];
	for (a = 0; a < 3; a++) {
		size_t i;

		if ((long)(sum + rest) * num > over)
			return limit + 1;
		i = reduced_index(t->t, s->r[a]);
		v = t->full[i >> 1] >> (i & 1) * 4 & 15;
		rest -= o[a];
		sum += o[a] > v ? o[a] : v;
	}
	if (den != 1)   /* a division is a tenth of the bound's time */
		sum = (sum * num + den - 1) / den;
	return sum > h ? sum : h;
}

static int
bound_of(const struct s7_prune *t, const struct state *s, int num, int den)
{
	return bound_within(t, s, num, den, INT_MAX / 4);
}

/* The stage's search (core/stage.h). */
static int
estimate(void *ctx, const void *state, int limit)
{
	const struct search_ctx *c = ctx;

	return bound_within(c->p, state, c->num, c->den, limit);
}

static bool
may_follow(void *ctx, int prev, int m, int g, int bound)
{
	const struct s7_tables *t = ((const struct search_ctx *)ctx)->t;

	if (prev >= 0 && ((t->axis[m] == t->axis[prev] && t->key[m] <= t->key[prev]) ||
	    (!t->wide[m] && !t->wide[prev] && t->face[m] <= t->face[prev])))
		return false;
	/* A face turn keeps the goals: a path ends with a wide turn. */
	return g + 1 != bound || t->wide[m];
}

static void
step(void *ctx, const void *state, int m, void *child)
{
	const struct s7_tables *t = ((const struct search_ctx *)ctx)->t;
	const struct state *s = state;
	struct state *c = child;
	int a, k;

	*c = *s;
	for (a = 0; a < 3; a++)
		if (t->wide[m] || a == t->axis[m]) {
			const uint8_t(*nx)[S5_C84] = t->next[0][t->axis_move[a][m]];

			for (k = 0; k < PARTS; k++)
				c->r[a][k] = nx[k][s->r[a][k]];
		}
}

static const struct stage_def stage5 = {
	.state_bytes = sizeof(struct state),
	.max_depth = S5_MAX,
	.count = STAGE_COUNT_CHILDREN,
	.estimate = estimate,
	.may_follow = may_follow,
	.step = step,
};

size_t
r7_stage5_tables(void)
{
	if (!r7_stage5_load(NULL, NULL))
		return 0;
	return sizeof *s7 + S5_BLOCK;
}

/* The ranks of view colours col; false with the reason if col is not a
 * stage-5 start (tables loaded). */
static bool
state_of(const uint8_t *col, struct state *s, struct tw_error *err)
{
	int a, k, i;

	for (a = 0; a < 3; a++)
		for (k = 0; k < PARTS; k++) {
			int mask = 0;

			for (i = 0; i < 8; i++) {
				int c = col[s7->place[a][k][i]];

				if (c % 3 != a) {
					tw_error_set(err, "stage 5: a centre off its colour's axis");
					return false;
				}
				if (c == a)
					mask |= 1 << i;
			}
			if (s7->rank8[mask] == 0xff) {
				tw_error_set(err, "stage 5: not four of each colour on an axis");
				return false;
			}
			s->r[a][k] = s7->rank8[mask];
		}
	return true;
}

int
r7_stage5_bound(const uint8_t *col)
{
	struct state s;

	if (!r7_stage5_load(NULL, NULL) || !state_of(col, &s, NULL))
		return -1;
	return bound_of(&s7p, &s, s7_tries[0].num, s7_tries[0].den);
}

/* Stage 5's searches (s7_tries) on col, or only the first if max_bound
 * is below S5_MAX, with bounds up to max_bound: 1 with the end's turns
 * on col and appended to path (and the bound of the pass that found it
 * at *end_bound, if not NULL), 0 if none within max_bound or (capped)
 * the first search's work, -1 with the reason. */
static int
stage5_search(uint8_t *col, const struct staged_options *opt, int max_bound, struct staged_path *path, long *nodes,
    int *end_bound, struct tw_error *err)
{
	struct stage_run run;
	struct search_ctx ctx = {.p = &s7p};
	struct state stack[S5_MAX + 1];
	long work = opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : S5_DEFAULT_NODES, all = 0;
	int i, k, tries = max_bound < S5_MAX ? 1 : (int)(sizeof s7_tries / sizeof s7_tries[0]);
	bool found = false;

	if (!r7_stage5_load(NULL, err))
		return -1;
	ctx.t = s7;
	if (!state_of(col, &stack[0], err))
		return -1;
	for (k = 0; k < tries && !found; k++) {
		int last;

		ctx.num = s7_tries[k].num;
		ctx.den = s7_tries[k].den;
		stage_run_start(&run, NULL, S5_MOVES,
		    s7_tries[k].nodes > 0 && s7_tries[k].nodes < work ? s7_tries[k].nodes : work,
		    opt != NULL ? opt->cancel : NULL);
		/* A weighted bound counts the turns left num/den times, so
		 * its total may pass max_bound (and S5_MAX) while the turns
		 * themselves stay within them (search stops at S5_MAX). */
		last = S5_MAX * ctx.num / ctx.den - 1;
		if (max_bound * ctx.num / ctx.den < last)
			last = max_bound * ctx.num / ctx.den;
		found = stage_ida(&stage5, &ctx, &run, stack, bound_of(&s7p, &stack[0], ctx.num, ctx.den), last) == 1;
		all += run.nodes;
		if (stage_cancelled(&run)) {
			tw_error_cancelled(err);
			return -1;
		}
		if (!run.stopped)
			break;
	}
	if (nodes != NULL)
		*nodes = all;
	if (!found) {
		if (max_bound < S5_MAX)
			return 0;
		if (run.stopped)
			tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no stage-5 end within the search's work");
		else
			tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no stage-5 end within the search's work (or unreachable)");
		return -1;
	}
	if (end_bound != NULL)
		*end_bound = run.bound;
	for (i = 0; i < run.len; i++) {
		int m = s7->move[run.path[i]];

		if (!staged_path_push(path, m)) {
			tw_error_set(err, "stage 5: the path is full");
			return -1;
		}
		r7_apply(col, s7->m7[run.path[i]]);
	}
	return 1;
}

bool
r7_stage5(uint8_t *col, const struct staged_options *opt, struct staged_path *path, long *nodes,
    struct tw_error *err)
{
	return stage5_search(col, opt, S5_MAX, path, nodes, NULL, err) == 1;
}

int
r7_stage5_within(uint8_t *col, const struct staged_options *opt, int max_turns, struct staged_path *path, long *nodes,
    int *end_bound, struct tw_error *err)
{
	return stage5_search(col, opt, max_turns < S5_MAX - 1 ? max_turns : S5_MAX - 1, path, nodes, end_bound, err);
}
