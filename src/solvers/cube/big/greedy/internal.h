/* Private to src/solvers/cube/reduce: the greedy reduction's shared
 * declarations (reduce.h is the public surface). The model and the size's
 * tables (model.c), the macro library (macros.c), the staged centre
 * phases and their beam (staged.c), the second face's beam (facebeam.c),
 * the greedy step search (search.c) and its bound on what a centre
 * macro can gain (gainbound.c), the centres (centres.c), the edges,
 * parity and 3x3x3 finish (edges.c), move lists and their written form
 * (seq.c), and the solve (solve.c). The algorithm is described in
 * reduce.h; each function's comment is at its definition. */
#ifndef TWIRL_CUBE_GREEDY_INTERNAL_H
#define TWIRL_CUBE_GREEDY_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solvers/cube/big/greedy/greedy.h"

#define MAXF CUBE_MAX_FACELETS
#define NSLOTS 12
#define MAX_DEPTH 24          /* longest candidate: setups, macro, setups */
#define MAX_MACRO 16
#define MAX_LOOKAHEAD 4       /* steps looked at two deep */
#define MAX_PARITY 192
#define MAX_ALL (9 * CUBE_MAX_N + 18 * (CUBE_MAX_N - 3))
#define ORB_MAX (((CUBE_MAX_N - 2) * (CUBE_MAX_N - 2)) / 4)
#define OTYPE_MAX 8
enum { STAGE_A, STAGE_B, STAGE_C, STAGE_F1, STAGE_PHASES };

struct otype;
struct face_beam;

/*
 * Moves. A single layer turn is an index m = (axis * n + layer) * 3 + t - 1:
 * axis 0, 1, 2 turns about U, R, F; layer 0 is the U (R, F) layer and n - 1
 * the D (L, B) layer; t quarter turns clockwise as seen from U (R, F).
 * Each move is stored as the facelets it changes: after it, facelet dst[i]
 * shows what src[i] showed.
 */
static inline int axis_of(int n, int m) { return m / (3 * n); }
static inline int layer_of(int n, int m) { return m / 3 % n; }
static inline int turns_of(int m) { return m % 3 + 1; }
static inline int move_index(int n, int axis, int layer, int t) { return (axis * n + layer) * 3 + t - 1; }
static inline int move_inverse(int m) { return m - m % 3 + 2 - m % 3; }

/* A macro: a sequence that changes few facelets, with its effect: the
 * sticker at from[i] goes to to[i]. */
struct macro {
	int len, off, count;
	uint16_t moves[MAX_MACRO];
};

/* Macros by the pairs of pieces they move: pair a * nid + b (a < b). */
struct pair_index {
	const int16_t *id;           /* facelet -> piece, -1 for none */
	int nid;
	int *start, *list;
};

/* A set of centre facelets, one bit each (rtab's centre_bit). */
#define CSET_WORDS ((6 * (CUBE_MAX_N - 2) * (CUBE_MAX_N - 2) + 63) / 64)
struct centre_set {
	uint64_t w[CSET_WORDS];
};

/* Macros by the facelets they move a sticker to: those of facelet p are
 * list[start[p] .. start[p + 1]), in increasing order. */
struct facelet_index {
	int *start, *list;
};

struct rtab {
	/* Moves 0..nmoves) turn one layer; moves nmoves..nall) turn a wide
	 * block (layers 0..d-1 or n-d..n-1 of an axis, 2 <= d <= n-2), in
	 * triples of the same quarter-turn coding. */
	int n, nf, nmoves, nall;
	int8_t lo_of[MAX_ALL], hi_of[MAX_ALL];
	int *off, *len;
	int *clen;                   /* the first clen[m] pairs move centres */
	uint16_t *dst, *src;
	uint16_t *fwd;               /* fwd[m * nf + p]: where the sticker at p goes */
	int8_t slot_of[MAXF];        /* wing facelets: their edge, else -1 */
	uint8_t centre[MAXF];
	int wing[NSLOTS][CUBE_MAX_N][2];  /* slot, coordinate along it, the two facelets */
	int ref;                     /* the reference coordinate (middle on odd n) */
	uint8_t mslot[MAX_ALL][8], nmslot[MAX_ALL];
	struct macro *cmac, *wmac;   /* centre 3-cycles; wing 3-cycles and swaps */
	int ncmac, nwmac, nswap;      /* the last nswap of wmac are swaps */
	struct macro *pmac;          /* edge pairing: block, mid, block back */
	int npmac;
	/* Each pairing macro's slots (bit mask, from pslots[i]) and, slot by
	 * slot in increasing order, coordinate 1..n-2, the facelets whose
	 * stickers its wing[][] facelets show after it: psrc from
	 * psrc_off[i] (search.c scores a pairing from these alone). */
	uint16_t *pslots, *psrc;
	int *psrc_off;
	struct macro *bmac;          /* centre 3-cycles of rectangles */
	int nbmac;
	struct macro *imac;          /* centre insertions B X B^-1 */
	int nimac;
	struct macro *hmac;          /* centre conjugates B X F X^-1 B^-1 */
	int nhmac;
	/* Wing 3-cycles by the pairs of wings they move: wing_id[facelet]
	 * (slot * n + coordinate); centre 3-cycles by pairs of facelets. */
	int16_t wing_id[MAXF], centre_id[MAXF];
	int nwings;
	/* wing_flip[h][p]: a wing whose home is h (slot * n + coordinate)
	 * shows, at p, its wing[h][0] sticker on wing[p][1] (wings cannot
	 * turn in place, so this is fixed by h and p). */
	int8_t wing_flip[NSLOTS * CUBE_MAX_N][NSLOTS * CUBE_MAX_N];
	struct pair_index wpairs, cpairs;
	/* The centre 3-cycles and the insertions by the facelets they move
	 * a sticker to (search.c: in a centre stage only a macro that moves
	 * a sticker onto a target showing a wrong colour can gain), and the
	 * sets of centres the insertions, rectangle 3-cycles and conjugates
	 * move a sticker to (bit centre_bit[facelet]), against which a
	 * step's wrong targets bound what each can gain. */
	struct facelet_index cto, ito;
	int16_t centre_bit[MAXF];
	struct centre_set *iset, *bset, *hset;
	uint16_t *from, *to;         /* macro effects */
	int npool, cappool;
	/* Even n: sequences for OLL and PLL parity that keep the reduction. */
	uint16_t oll[MAX_PARITY], pll[MAX_PARITY];
	int oll_len, pll_len;
	/* Staged centres: the 24 rotations, the centre orbits (facelet k is
	 * rot k of the base) and their types' tables. */
	uint16_t *rot;
	int norb, notypes;
	uint16_t orb_pos[ORB_MAX][24];
	uint8_t orb_type[ORB_MAX];
	struct otype *otypes;
	struct face_beam *f2;        /* phase F2's steps and tables, or NULL */
	size_t bytes;
	double seconds;
};

/* The wide block of d layers (2 <= d <= n-2) from an axis's own face
 * (side 0) or the opposite one (side 1), t quarter turns. */
static inline int
block_move(const struct rtab *t, int axis, int side, int d, int tt)
{
	return t->nmoves + ((axis * 2 + side) * (t->n - 3) + d - 2) * 3 + tt - 1;
}

/* The axis of any move, single layer or block. */
static inline int
move_axis(const struct rtab *t, int m)
{
	return m < t->nmoves ? axis_of(t->n, m) : (m - t->nmoves) / (6 * (t->n - 3));
}

/* Whether m turns an outer face alone. */
static inline bool
is_face_turn(const struct rtab *t, int m)
{
	return m < t->nmoves && (layer_of(t->n, m) == 0 || layer_of(t->n, m) == t->n - 1);
}

/* Internal move of a face-named turn: face F (0..5 in URFDLB), layer depth
 * d (1 = outer) from F, t quarter turns clockwise seen from F. */
static inline int
face_move(int n, int face, int depth, int t)
{
	if (face < 3)
		return move_index(n, face, depth - 1, t);
	return move_index(n, face - 3, n - depth, 4 - t);
}

/* The wings of slot s that match its reference wing: the slot's pairing
 * score. Inline here: the step search rescores slots on every move it
 * tries. */
static inline int
slot_score(const struct rtab *t, const uint8_t *col, int s)
{
	int k, sum = 0, a = col[t->wing[s][t->ref][0]], b = col[t->wing[s][t->ref][1]];

	for (k = 1; k < t->n - 1; k++)
		if (k != t->ref)
			sum += col[t->wing[s][k][0]] == a && col[t->wing[s][k][1]] == b;
	return sum;
}

/* An orbit type of the staged centres (staged.c): per phase, the distinct
 * permutations its moves make and the distances to the goal. */
struct otype {
	uint8_t (*perm[STAGE_PHASES])[24];   /* distinct permutations, sorted */
	int nperm[STAGE_PHASES];
	uint8_t *dist[STAGE_PHASES];         /* by rank of the mask; 0xff: never */
};

/*
 * A stage of the greedy search. Facelets of class T count one each when
 * they show their target colour; facelets of class P must show it when a
 * step ends. With edges set, every slot adds its pairing score.
 */
enum { CLS_NONE, CLS_T, CLS_P };

struct stage {
	const struct rtab *t;
	uint8_t cls[MAXF], tgt[MAXF];
	bool edges;
	bool reversed;   /* pairing macros scanned last first (ties go the other way) */
	long cap;        /* > 0: give up once the phase is written in more moves */
	bool gave_up;
	bool keep_parity;  /* centres: no step may change a wing orbit's parity */
	int slot[NSLOTS];
	int score, broken;
	struct macro *swaps;  /* room for t->nswap wing swaps, a stuck step's choice */
};

/* What a centre stage's search knows of a position, to bound what a
 * macro that moves stickers among the centres X (and so from X onto X)
 * can gain: for each colour v that targets (T facelets) want, a target
 * of v in X that does not show v can only gain a v sticker that is in X
 * and not on such a target: at most min(|X & (T_v - C_v)|, |X & (C_v -
 * T_v)|), with T_v the targets of v and C_v the centres showing v. */
struct centre_bound {
	int nv;
	uint8_t v[6];
	struct centre_set want[6];          /* T_v - C_v */
	struct centre_set spare[6];         /* C_v - T_v */
};

/* The targets of st showing a wrong colour at col, into out (room for
 * MAXF); returns how many. */
int rd_wrong_targets(const struct stage *st, const uint8_t *col, uint16_t *out);
/* The bound's sets for st at col (st's targets are centres). */
void rd_centre_bound_at(const struct stage *st, const uint8_t *col, struct centre_bound *out);
/* The bits set in x (no popcount instruction in the baseline x86-64
 * that twirl builds for). */
static inline int
bit_count(uint64_t x)
{
	x -= (x >> 1) & 0x5555555555555555u;
	x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
	return (int)((x * 0x0101010101010101u) >> 56);
}

/* How many of a's bits are in b. */
static inline int
common_centres(const struct centre_set *a, const struct centre_set *b)
{
	int k, c = 0;

	for (k = 0; k < CSET_WORDS; k++) {
		uint64_t both = a->w[k] & b->w[k];

		if (both != 0)
			c += bit_count(both);
	}
	return c;
}

/* The most a macro moving stickers among the centres x can gain at the
 * position cb was made at (cb's comment). Inline here: called for
 * every centre macro at every step. */
static inline int
rd_centre_gain_bound(const struct centre_bound *cb, const struct centre_set *x)
{
	int k, sum = 0;

	for (k = 0; k < cb->nv; k++) {
		int spare = common_centres(x, &cb->spare[k]), want;

		if (spare == 0)
			continue;
		want = common_centres(x, &cb->want[k]);
		sum += spare < want ? spare : want;
	}
	return sum;
}

/* A growing list of moves (internal indices). */
struct seq {
	uint16_t *m;
	int len, cap;
};

/* One solve's state: the tables, the colours as they stand, the moves of
 * each phase so far, and the try being made. */
struct run {
	const struct rtab *t;
	const struct cube_reduce_options *opt;
	uint8_t col[MAXF];
	uint8_t face_colour[6];
	struct seq phase[REDUCE_PHASES];
	struct tw_error *err;
	int variant, nvariants;      /* this try at centres and edges, of how many */
	int lookahead;               /* centre steps looked at two deep (0: none) */
	int edge_lookahead;          /* edge pairing steps looked at two deep */
	int lookahead_depth;         /* the free search's depth for the second */
	bool even_wings;             /* wing orbits made even before the third face */
};

/* model.c: the move tables, the pieces, and the tables of each size. */
extern const char rd_face_letter[];          /* "URFDLB" */
extern const char *const rd_rot[24];         /* the 24 whole-cube orientations */
double rd_now_seconds(void);
/* Plays move m (single layer or block) on the colours col. */
void rd_apply_plain(const struct rtab *t, uint8_t *col, int m);
/* Whether every centre shows its face's colour (face_colour[f]). */
bool rd_centres_solved(const struct rtab *t, const uint8_t *col, const uint8_t *face_colour);
/* Whether every slot's wings match its reference wing. */
bool rd_edges_paired(const struct rtab *t, const uint8_t *col);
/* The wing orbits whose permutation is odd: bit j for coordinates j, n-1-j. */
unsigned rd_wing_parity(const struct rtab *t, const uint8_t *col, const uint8_t *face_colour);
/* The reduced cube as a 3x3x3 in face letters. */
void rd_reduced_3x3(const struct rtab *t, const uint8_t *col, const uint8_t *face_colour,
    struct cube *out);
/* The tables of size n, built on first use and kept (NULL: out of
 * memory); *built (may be NULL) says whether this call built them. */
const struct rtab *rd_table_for(int n, bool *built);

/* macros.c: the macro library; each adds its bytes to t->bytes and
 * returns false when out of memory (or, build_macros, when no parity
 * sequence keeps the reduction). */
bool rd_build_macros(struct rtab *t);           /* 3-cycles, wing swaps, parity */
bool rd_build_pairing(struct rtab *t);          /* edge pairing B X Y X^-1 B^-1 */
bool rd_build_centre_insertions(struct rtab *t);    /* B X B^-1 */
bool rd_index_centre_macros(struct rtab *t);        /* cto, ito, the centre sets */
bool rd_index_pairing(struct rtab *t);              /* pslots, psrc */
bool rd_build_centre_conjugates(struct rtab *t);    /* B X F X^-1 B^-1 */
bool rd_build_centre_blocks(struct rtab *t);    /* 3-cycles of rectangles */

/* staged.c: the staged centre phases (A, B, C, F1): tables and beam. */
extern const int rd_stage_width[CUBE_MAX_N + 1];       /* A, B, C; 0: not staged */
extern const int rd_first_face_width[CUBE_MAX_N + 1];  /* F1; 0: not run */
extern uint32_t rd_binom24[25][25];          /* C(i, j); rd_rank_init fills it */
void rd_rank_init(void);
/* The rank of a 24-bit mask among the masks with as many bits set. */
uint32_t rd_mask_rank(uint32_t m);
/* perm[k]: where move m takes facelet k of an orbit (index[p]: k or -1). */
void rd_orbit_perm(const struct rtab *t, const int8_t *index, int m, uint8_t *perm);
/* Mask m with bit k moved to bit perm[k]. */
uint32_t rd_perm_mask(const uint8_t *perm, uint32_t m);
bool rd_build_staged(struct rtab *t);
/* Progress (of 1000) of a staged phase, done of all. */
int rd_stage_progress(int phase, int done, int all);
/* The rotation taking U to face first and R to face second. */
int rd_stage_frame(const struct rtab *t, int first, int second);
/* A beam level's duplicate check: true when `to` is there already. */
bool rd_level_seen(uint32_t *hash, uint32_t hsize, const void *states, size_t bytes, const void *to,
    uint32_t h, uint32_t index);
/* One staged phase by beam search: 1 done, 0 not, -1 error. */
int rd_stage_beam(struct run *r, int frame, int phase, int width);

/* facebeam.c: phase F2, the second face by beam search. */
extern const int rd_second_face_width[CUBE_MAX_N + 1];  /* 0: not run */
void rd_face_beam_free(struct face_beam *fb);
bool rd_build_face_beam(struct rtab *t, int kept, int goal, struct face_beam **out);
/* The beam run in a try's frame: 1 done, 0 not, -1 error. */
int rd_face_beam_run(struct run *r, const struct face_beam *fb, int first, int second, int width,
    int lo, int hi);

/* search.c: the greedy step search. */
/* Whether the caller cancelled (then r->err says so). */
bool rd_cancelled(const struct run *r);
/* Reports the phase and its progress (of 1000) to the caller. */
void rd_report(const struct run *r, int phase, int permille);
/* Greedy steps until the stage's score reaches goal; false on an error
 * in r->err, or when st->cap is passed (st->gave_up). */
bool rd_run_stage(struct run *r, struct stage *st, int goal, int phase, int lo, int hi,
    int free_depth, int setup);

/* centres.c: the centres phase. */
/* The colour each face gets (r->face_colour), by the try. */
void rd_choose_scheme(struct run *r);
bool rd_solve_centres(struct run *r, struct stage *st);

/* edges.c: edge pairing, parity and the 3x3x3 finish. */
bool rd_finish_3x3(struct run *r);
bool rd_edges_and_parity(struct run *r, struct stage *st);

/* seq.c: move lists and their written form. */
bool rd_seq_push(struct seq *q, const uint16_t *moves, int len);
/* Appends moves, each block as its single-layer turns. */
bool rd_seq_push_moves(const struct rtab *t, struct seq *q, const uint16_t *moves, int len);
/* Writes q as WCA tokens to out (if not NULL); returns how many, -1 on
 * an error. */
long rd_write_moves(int n, const struct seq *q, struct movelist *out, struct tw_error *err);
/* Exchanges the moves of phases from..to-1 with kept's. */
void rd_swap_phases(struct run *r, struct seq *kept, int from, int to);

#endif
