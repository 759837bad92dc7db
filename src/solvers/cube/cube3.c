/* The two-phase search (cube3.h); its tables are cube3_tables.c's. */
#include "solvers/cube/cube3.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"
#include "solvers/cube/cube3_tables.h"
#include "engine/cube/cubie.h"
#include "solvers/cube/symmetry.h"
#include "solvers/cube/optimal_tables.h"
#include "solvers/clock.h"

/* Phase 2's tables, and phase 1's: the 3x3x3 optimal solver's table
 * over flip x slice classes x twist (optimal_tables.h), whose goal, the
 * twist, flip and slice solved, is phase 1's: its entries are phase 1's
 * exact distances. Read without the lock once ready() has returned true
 * in the reading thread. */
static const struct cube3_tables *T;
static struct optimal_tables P1;
static bool have_p1;
static pthread_mutex_t bind_lock = PTHREAD_MUTEX_INITIALIZER;

static bool
ready(struct tw_error *err)
{
	bool ok;

	pthread_mutex_lock(&bind_lock);
	if (T == NULL)
		T = cube3_tables_get(NULL, err);
	if (T != NULL && !have_p1)
		have_p1 = optimal_tables_load(optimal_variant(CUBE3_OPTIMAL_TABLE_SMALL,
		    CUBE3_OPTIMAL_HTM), CUBE3_OPTIMAL_HTM, 0, false, NULL, &P1, err);
	ok = T != NULL && have_p1;
	pthread_mutex_unlock(&bind_lock);
	return ok;
}

bool
cube3_load_tables(struct tw_error *err)
{
	return ready(err);
}

double
cube3_prepare(void)
{
	double t0;
	bool had;

	pthread_mutex_lock(&bind_lock);
	had = T != NULL && have_p1;
	pthread_mutex_unlock(&bind_lock);
	if (had)
		return 0;
	t0 = tw_monotonic_seconds();
	return ready(NULL) ? tw_monotonic_seconds() - t0 : 0;
}

/* The cube is searched as given and turned by z and by x, so that each of
 * the three axes gets to be phase 1's up-down axis, and each of these as
 * its inverse (a solution S of the inverse solves the cube as S reversed
 * and inverted): six views, as min2phase does. */
#define AXES 6

/* Pre-moves (min2phase's, after the fewest-moves practice): if P C S = 1
 * for the cube C, pre-moves P and a two-phase answer S of P C, then C S P
 * = 1, so S followed by P solves C. Searching P C for short P beside C
 * gives many more phase-1 paths of each length, and a short phase 2
 * among them sooner. Phase 1 is kept to at least MIN_PHASE1_PRE moves
 * when there are pre-moves. */
#define MAX_PRE_MOVES 20
#define MIN_PHASE1_PRE 7

static const char *const axis_rotation[AXES] = {"", "z", "x", "", "z", "x"};

struct search {
	struct cubie starts[AXES];
	char face_map[AXES][6];     /* face turned in that view -> real face */
	int axis;                   /* the view being searched */
	int best_axis;
	struct cubie start;         /* the view's cube after the pre-moves */
	int length1;                /* pre-moves plus phase 1 being searched */
	int pre[MAX_PRE_MOVES];     /* pre-moves, pre[0] applied first */
	int pre_len;
	bool allow_shorter;         /* phase 1 may end short of its length */
	int moves[64];
	int best[64];
	int best_len;
	int target;
	double deadline;            /* the clock (solvers/clock.h) to stop at, or 0 */
	long max_nodes;             /* the work budget when there is no deadline */
	int max_phase2;             /* the longest phase 2 tried */
	atomic_bool *cancel;
	long nodes;                 /* phase-1 and phase-2 nodes visited */
	long next_check;
	bool stop;
};

static bool
skip_after(int face, int last_face)
{
	/* Same face twice, or opposite faces in the second order. */
	return face == last_face || face + 3 == last_face;
}

/* The longest phase 2 tried by default (min2phase's limit is 12: longer
 * ones cost more than a longer phase 1 with a short phase 2; 11 gives
 * shorter answers for more phase-1 search). */
#define MAX_PHASE2 11

static inline int
nibble(const uint8_t *table, size_t i)
{
	return table[i / 2] >> (i % 2 * 4) & 15;
}

/* Counts a node; true when the search is to stop: the budget (nodes, or
 * the time limit the user asked for) is spent and an answer of at most
 * CUBE3_BOUND moves is in hand, or the search was cancelled. Counting
 * nodes, not time, gives the same answer on any machine under any load. */
static inline bool
spend_node(struct search *s)
{
	if (++s->nodes < s->next_check)
		return s->stop;
	s->next_check = s->nodes + 1024;
	if ((s->best_len <= CUBE3_BOUND && (s->deadline > 0 ?
	    tw_monotonic_seconds() > s->deadline : s->nodes > s->max_nodes)) ||
	    (s->cancel != NULL && atomic_load(s->cancel)))
		s->stop = true;
	return s->stop;
}

/* How far out of reach a bound h leaves a node with togo moves
 * left: 0 within reach, 1 out by one (this node only), 2 out by more
 * (the face's other powers too: each table is a distance, so they differ
 * by at most one). */
static inline int
out_by(int h, int togo)
{
	return h <= togo ? 0 : h == togo + 1 ? 1 : 2;
}

/* A phase-2 node: the corner and U-D edge permutations in class form
 * (class << 4 | symmetry, cube3_tables.h) and the slice edges'
 * permutation. The inverse position, as far from solved, is read too:
 * its permutations' class forms follow from these. */
struct node2 {
	int cp, ep, sp;
};

/* The class form of p after phase-2 move k, through the class's move
 * table (move): the representative's result, its symmetry composed with
 * p's. */
static inline int
perm_move(const uint16_t (*move)[10], int p, int k)
{
	int r = move[p >> 4][T->sym_move2[p & 15][k]];

	return (r & ~15) | T->sym_mult[r & 15][p & 15];
}

/* The class form of p's inverse: the representative's inverse, its
 * symmetry composed with p's. */
static inline int
perm_inverse(const uint16_t *rep_inv, int p)
{
	int r = rep_inv[p >> 4];

	return (r & ~15) | T->sym_mult[r & 15][p & 15];
}

/* The phase-2 distances: corners (class form cp) with the slice edges
 * (sp), edges (ep) with the same, edges with the corners' combination. */
static inline int
corner_bound(int cp, int sp)
{
	return T->prune_csperm[(cp >> 4) * N_SPERM + T->sperm_conj[sp][cp & 15]];
}

static inline int
edge_bound(int ep, int sp)
{
	return T->prune_esperm[(ep >> 4) * N_SPERM + T->sperm_conj[sp][ep & 15]];
}

static inline int
edge_ccomb_bound(int ep, int cp)
{
	return T->prune_eccomb[(ep >> 4) * N_CCOMB +
	    T->ccomb_conj[T->ccomb_of_crep[cp >> 4]][T->sym_mult_inv[ep & 15][cp & 15]]];
}

/* The largest of the five phase-2 bounds phase2_child reads. */
static int
node2_bound(const struct node2 *n)
{
	int h[5], i, most = 0;
	int icp = perm_inverse(T->cperm_rep_inv, n->cp);
	int iep = perm_inverse(T->eperm_rep_inv, n->ep);

	h[0] = corner_bound(n->cp, n->sp);
	h[1] = edge_ccomb_bound(n->ep, n->cp);
	h[2] = edge_ccomb_bound(iep, icp);
	h[3] = edge_bound(n->ep, n->sp);
	h[4] = corner_bound(icp, T->sperm_inv[n->sp]);
	for (i = 0; i < 5; i++)
		most = h[i] > most ? h[i] : most;
	return most;
}

/* The child of n by phase-2 move k (cube3_phase2_moves[k]) into c, compared
 * with togo as out_by does, table by table, the likeliest to cut first. */
static inline int
phase2_child(const struct node2 *n, int k, int togo, struct node2 *c)
{
	int m = cube3_phase2_moves[k], out, icp, iep;

	c->cp = perm_move(T->cperm_sym_move, n->cp, k);
	c->sp = T->sperm_move[n->sp][m];
	out = out_by(corner_bound(c->cp, c->sp), togo);
	if (out)
		return out;
	c->ep = perm_move(T->eperm_sym_move, n->ep, k);
	out = out_by(edge_ccomb_bound(c->ep, c->cp), togo);
	if (out)
		return out;
	icp = perm_inverse(T->cperm_rep_inv, c->cp);
	iep = perm_inverse(T->eperm_rep_inv, c->ep);
	out = out_by(edge_ccomb_bound(iep, icp), togo);
	if (out)
		return out;
	out = out_by(edge_bound(c->ep, c->sp), togo);
	if (out)
		return out;
	return out_by(corner_bound(icp, T->sperm_inv[c->sp]), togo);
}

/* Phase 2 from depth with togo moves left: true when solved. A child is
 * entered only when its bound leaves it in reach; a child out by two or
 * more means the face's other powers are out too (each table is a
 * distance, so one move changes it by at most one). */
static bool
phase2(struct search *s, const struct node2 *n, int depth, int togo)
{
	int k;

	if (togo == 0)
		return true;   /* bound 0: every table at its goal */
	for (k = 0; k < 10; k++) {
		int m = cube3_phase2_moves[k], out;
		struct node2 c;

		if (depth > 0 && skip_after(m / 3, s->moves[depth - 1] / 3))
			continue;
		if (spend_node(s))
			return false;
		out = phase2_child(n, k, togo - 1, &c);
		if (out) {
			if (out == 2)
				while (k + 1 < 10 && cube3_phase2_moves[k + 1] / 3 == m / 3)
					k++;
			continue;
		}
		s->moves[depth] = m;
		if (phase2(s, &c, depth + 1, togo - 1))
			return true;
	}
	return false;
}

/* An answer at the target ends the search (as min2phase's first answer
 * within its maximum); one under the target only once phase 1 has gone at
 * least half its length: a short answer found through a long phase 2 (R
 * U as an 8-move answer) is worth the cheap remaining depths. */
static bool
good_enough(const struct search *s, int d1)
{
	return s->best_len == s->target || (s->best_len < s->target && 2 * d1 >= s->best_len);
}

/* Appends move m to the answer seq (n moves), merged with the last
 * move on the same face, also across one move of the opposite face (R L
 * R' is L); returns the new length. */
static int
append_merged(int *seq, int n, int m)
{
	int at = -1;

	if (n > 0 && seq[n - 1] / 3 == m / 3)
		at = n - 1;
	else if (n > 1 && seq[n - 1] / 3 % 3 == m / 3 % 3 && seq[n - 2] / 3 == m / 3)
		at = n - 2;
	if (at < 0) {
		seq[n] = m;
		return n + 1;
	}
	{
		int turns = (seq[at] % 3 + 1 + m % 3 + 1) % 4;

		if (turns != 0) {
			seq[at] = m / 3 * 3 + turns - 1;
			return n;
		}
		memmove(&seq[at], &seq[at + 1], (size_t)(n - 1 - at) * sizeof seq[0]);
		return n - 1;
	}
}

/* Records phase 1 and 2 (s->moves, n moves) and the pre-moves backwards
 * as the best answer if it is shorter. */
static void
record(struct search *s, int n)
{
	int seq[64], len = 0, i;

	for (i = 0; i < n; i++)
		len = append_merged(seq, len, s->moves[i]);
	for (i = s->pre_len - 1; i >= 0; i--)
		len = append_merged(seq, len, s->pre[i]);
	if (len >= s->best_len)
		return;
	s->best_len = len;
	s->best_axis = s->axis;
	memcpy(s->best, seq, (size_t)len * sizeof seq[0]);
}

/* A quarter turn of R, F, L or B: not a phase-2 move. */
static bool
quarter_turn_off_axis(int m)
{
	return m % 3 != 1 && m / 3 % 3 != 0;
}

/* The face's half turn. */
static int
half_turn(int m)
{
	return m / 3 * 3 + 1;
}

/* The face's other quarter turn. */
static int
other_quarter(int m)
{
	return m / 3 * 3 + 2 - m % 3;
}

/* Phase 2 after a phase 1 of d1 moves (s->moves). When the last phase-1
 * move is a quarter turn of R, F, L or B, its other quarter turn is the
 * same phase 1 (they differ by a half turn, a phase-2 move); likewise the
 * last pre-move. So each of the up to four combinations is tried here
 * (min2phase's), and the caller skips the face's other powers. A phase 1
 * may also end on a phase-2 move (one that ends short of its length,
 * s->allow_shorter, inside the group); that move has no such twin and is
 * kept as it is. Returns 0 to end the search, 2 when the caller is to
 * skip the last move's other powers, 1 otherwise. */
static int
start_phase2(struct search *s, int d1)
{
	struct cubie end = s->start;
	int i, v, limit;
	bool twin = d1 > 0 && quarter_turn_off_axis(s->moves[d1 - 1]);

	for (i = 0; i < d1; i++)
		cubie_multiply(&end, &T->move[s->moves[i]], &end);
	limit = s->best_len - 1 - (d1 + s->pre_len);
	if (limit > s->max_phase2)
		limit = s->max_phase2;
	for (v = 0; v < 4 && !s->stop; v++) {
		struct cubie c = end;
		struct node2 n;
		int d2, last = d1 > 0 ? s->moves[d1 - 1] : -1;
		int pre = s->pre_len > 0 ? s->pre[s->pre_len - 1] : -1;

		if (((v & 1) && !twin) || ((v & 2) && s->pre_len == 0))
			continue;
		if (v & 1) {
			cubie_multiply(&c, &T->move[half_turn(last)], &c);
			s->moves[d1 - 1] = other_quarter(last);
		}
		if (v & 2) {
			cubie_multiply(&T->move[half_turn(pre)], &c, &c);
			s->pre[s->pre_len - 1] = other_quarter(pre);
		}
		n.cp = T->cperm_class[cube3_cperm_of(&c)];
		n.ep = T->eperm_class[cube3_eperm_of(&c)];
		n.sp = cube3_sperm_of(&c);
		/* Iterative deepening from the pruning tables' bound: the
		 * shallower depths cannot succeed. */
		for (d2 = node2_bound(&n); d2 <= limit && !s->stop; d2++) {
			if (d2 == 0 || phase2(s, &n, d1, d2)) {
				record(s, d1 + d2);
				limit = s->best_len - 1 - (d1 + s->pre_len);
				if (limit > s->max_phase2)
					limit = s->max_phase2;
				if (good_enough(s, s->length1))
					s->stop = true;
				break;
			}
		}
		if (v & 1)
			s->moves[d1 - 1] = last;
		if (v & 2)
			s->pre[s->pre_len - 1] = pre;
	}
	return s->stop ? 0 : twin ? 2 : 1;
}

/* A phase-1 node: its coordinates as the phase-1 table reads them (the
 * slice its own), and its exact distance to phase 1's goal. */
struct node1 {
	int twist, flip, slice, h;
};

/* The phase-1 distance of (twist, flip, slice). */
static inline int
phase1_distance(int twist, int flip, int slice)
{
	return optimal_phase1_distance(&P1, twist, flip, slice);
}

/* The child of n by move m, its coordinates and distance in c, compared
 * with togo as out_by does. */
static inline int
phase1_child(const struct node1 *n, int m, int togo, struct node1 *c)
{
	c->twist = P1.fixed->twist_move[n->twist][m];
	c->flip = P1.fixed->flip_move[n->flip][m];
	c->slice = P1.tslice_move[n->slice * CUBIE_MOVES + m];
	c->h = phase1_distance(c->twist, c->flip, c->slice);
	return out_by(c->h, togo);
}

/* Phase 1 from n at depth with togo moves left: 0 to end the search, 1
 * to go on, 2 to skip the last move's other powers (start_phase2). Its
 * bound is exact, so every node it expands lies on a path to phase 1's
 * goal within togo. A node in the phase-2 group with fewer than five
 * moves left is not expanded:
 * leaving the group and coming back takes longer than that (min2phase's
 * rule), and its last move, a phase-2 move, would only repeat a shorter
 * phase 1. */
static int
phase1(struct search *s, const struct node1 *n, int depth, int togo)
{
	int face, power, last = depth > 0 ? s->moves[depth - 1] / 3 : -1;

	if (n->h == 0 && togo < 5)
		return togo == 0 || s->allow_shorter ? start_phase2(s, depth) : 1;
	for (face = 0; face < 6; face++) {
		if (last >= 0 && skip_after(face, last))
			continue;
		for (power = 0; power < 3; power++) {
			int m = face * 3 + power, out, r;
			struct node1 c;

			if (spend_node(s))
				return 0;
			out = phase1_child(n, m, togo - 1, &c);
			if (out == 2)
				break;
			if (out == 1)
				continue;
			s->moves[depth] = m;
			r = phase1(s, &c, depth + 1, togo - 1);
			if (r == 0 || s->stop)
				return 0;
			if (r == 2)
				break;
		}
	}
	return 1;
}

/* A pre-move may be the last (the one next to phase 1) when it is a
 * quarter turn of R, F, L or B: a U or D turn or a half turn is a phase-2
 * move, which phase 1 cannot tell from none, and the other quarter turn
 * is tried with it (start_phase2). */
static bool
last_pre_move_ok(int m)
{
	return m % 3 == 0 && m / 3 % 3 != 0;
}

/* Phase 1 of s->length1 moves from c with the pre-moves s->pre so far,
 * then with up to more_pre more (each on another axis than the one
 * before), while phase 1 keeps at least MIN_PHASE1_PRE moves. Returns 0
 * to end the search. */
static int
pre_moves(struct search *s, const struct cubie *c, int more_pre, int last)
{
	int m, depth1;

	s->pre_len = MAX_PRE_MOVES - more_pre;
	depth1 = s->length1 - s->pre_len;
	if (s->pre_len == 0 || last_pre_move_ok(last)) {
		struct node1 root;

		s->start = *c;
		s->allow_shorter = depth1 == MIN_PHASE1_PRE && s->pre_len > 0;
		root.twist = cubie_twist(c);
		root.flip = cubie_flip(c);
		root.slice = optimal_table_slice(&P1, c);
		root.h = phase1_distance(root.twist, root.flip, root.slice);
		if (out_by(root.h, depth1) == 0 && phase1(s, &root, 0, depth1) == 0)
			return 0;
		if (s->stop)
			return 0;
	}
	if (more_pre == 0 || s->pre_len + MIN_PHASE1_PRE >= s->length1)
		return 1;
	for (m = 0; m < N_MOVES; m++) {
		struct cubie next;

		if (last >= 0 && m / 3 % 3 == last / 3 % 3)
			continue;
		if (s->pre_len + 1 + MIN_PHASE1_PRE >= s->length1 && !last_pre_move_ok(m))
			continue;
		cubie_multiply(&T->move[m], c, &next);
		s->pre[s->pre_len] = m;
		if (pre_moves(s, &next, more_pre - 1, m) == 0)
			return 0;
		s->pre_len = MAX_PRE_MOVES - more_pre;
	}
	return 1;
}

bool
cube3_solve(const struct cube *c, const struct cube3_options *opt,
    struct movelist *out, struct tw_error *err)
{
	struct search *s;
	struct cube w;
	int len1, i;
	static const char *const suffix[3] = {"", "2", "'"};

	if (c->n != 3) {
		tw_error_set(err, "the 3x3x3 solver was given a %dx%dx%d cube", c->n, c->n, c->n);
		return false;
	}
	if (!ready(err))
		return false;
	if (!cube3_validate(c, err))
		return false;
	/* Solved as it stands, however it is turned: each colour is named
	 * after the face whose centre shows it, so that the answer is face
	 * turns of the cube in the player's hands, never a rotation. */
	{
		char relabel[128];
		int f, k;

		for (f = 0; f < 6; f++)
			relabel[(unsigned char)c->f[f * 9 + 4]] = cubie_face_letter[f];
		w = *c;
		for (k = 0; k < 54; k++)
			w.f[k] = relabel[(unsigned char)c->f[k]];
	}
	s = tw_calloc(1, sizeof *s, err);
	if (s == NULL)
		return false;
	for (i = 0; i < AXES; i++) {
		struct cube v = w, centres;
		int f;

		/* View i: the cube turned by the rotation, centres then moved
		 * home by relabelling; a turn of face X there is a turn of the
		 * face whose colour the rotation brought to X. */
		cube_solved(&centres, 3);
		cube_apply_alg(&centres, axis_rotation[i], NULL);
		cube_apply_alg(&v, axis_rotation[i], NULL);
		for (f = 0; f < 6; f++)
			s->face_map[i][f] = centres.f[f * 9 + 4];
		{
			char relabel[128];
			int k;

			for (f = 0; f < 6; f++)
				relabel[(unsigned char)centres.f[f * 9 + 4]] = cubie_face_letter[f];
			for (k = 0; k < 54; k++)
				v.f[k] = relabel[(unsigned char)v.f[k]];
		}
		if (!cubie_from_facelets(v.f, &s->starts[i], err)) {
			free(s);
			return false;
		}
		if (i >= AXES / 2) {
			struct cubie forward = s->starts[i];

			cubie_inverse(&forward, &s->starts[i]);
		}
	}
	s->best_len = CUBE3_BOUND + 1;   /* only answers of at most 21 are wanted */
	s->target = opt != NULL ? opt->target : 20;
	s->deadline = opt != NULL && opt->time_limit > 0 ?
	    tw_monotonic_seconds() + opt->time_limit : 0;
	s->max_nodes = opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : CUBE3_DEFAULT_NODES;
	s->cancel = opt != NULL ? opt->cancel : NULL;
	s->max_phase2 = opt != NULL && opt->max_phase2 > 0 ? opt->max_phase2 : MAX_PHASE2;
	for (len1 = 0; len1 < s->best_len && len1 <= 20 && !s->stop &&
	    !good_enough(s, len1); len1++) {
		s->length1 = len1;
		for (i = 0; i < AXES && !s->stop && len1 < s->best_len; i++) {
			s->axis = i;
			pre_moves(s, &s->starts[i], MAX_PRE_MOVES, -1);
		}
	}
	if (s->cancel != NULL && atomic_load(s->cancel)) {
		tw_error_cancelled(err);
		free(s);
		return false;
	}
	if (s->best_len > CUBE3_BOUND) {
		tw_error_set_kind(err, TW_ERROR_OUT_OF_WORK, "no solution found in the time allowed");
		free(s);
		return false;
	}
	/* The answer is played on its view's cube before it is given: a
	 * search defect is an error, never a wrong answer. */
	{
		struct cubie played = s->starts[s->best_axis], solved;

		cubie_identity(&solved);
		for (i = 0; i < s->best_len; i++)
			cubie_multiply(&played, &T->move[s->best[i]], &played);
		if (memcmp(&played, &solved, sizeof played) != 0) {
			tw_error_set(err, "the 3x3x3 search gave an answer that does not solve (a defect: please report the cube)");
			free(s);
			return false;
		}
	}
	for (i = 0; i < s->best_len; i++) {
		char name[4];
		/* An inverse view's moves are played backwards, each undone. */
		bool inv = s->best_axis >= AXES / 2;
		int m = inv ? s->best[s->best_len - 1 - i] : s->best[i];
		int power = inv ? 2 - m % 3 : m % 3;

		snprintf(name, sizeof name, "%c%s",
		    s->face_map[s->best_axis][m / 3], suffix[power]);
		if (!movelist_push(out, name, err)) {
			free(s);
			return false;
		}
	}
	free(s);
	return true;
}
