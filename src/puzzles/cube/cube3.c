#include "puzzles/cube/cube3.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/perm.h"
#include "core/rng.h"
#include "puzzles/cube/cubie.h"
#include "sys/tablecache.h"

/* Coordinates. */
#define N_TWIST 2187
#define N_FLIP 2048
#define N_SLICE 495
#define N_PERM 40320
#define N_SPERM 24
#define N_MOVES 18

struct tables {
	struct cubie move[N_MOVES];
	uint16_t slice_of_mask[4096];   /* 12-bit masks with 4 bits -> 0..494 */
	uint16_t mask_of_slice[N_SLICE];
	int slice_solved;
	uint16_t twist_move[N_TWIST][N_MOVES];
	uint16_t flip_move[N_FLIP][N_MOVES];
	uint16_t slice_move[N_SLICE][N_MOVES];
	uint16_t cperm_move[N_PERM][N_MOVES];
	uint16_t eperm_move[N_PERM][N_MOVES];
	uint8_t sperm_move[N_SPERM][N_MOVES];
	uint8_t prune_twist[N_SLICE * N_TWIST];    /* slice * 2187 + twist */
	uint8_t prune_flip[N_SLICE * N_FLIP];      /* slice * 2048 + flip */
	uint8_t prune_corner[N_PERM * N_SPERM];    /* cperm * 24 + sperm */
	uint8_t prune_edge[N_PERM * N_SPERM];      /* eperm * 24 + sperm */
};

/* The tables: one block without pointers (about 7 MB), so that the table
 * cache (sys/tablecache.h) keeps it on disk and maps it back read-only. */
static const struct tables *T;
static double build_seconds;
static struct tw_error build_error;   /* why the tables are missing */
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Phase 2 keeps to U, D and half turns of R, L, F, B. */
static const int phase2_moves[10] = {0, 1, 2, 4, 7, 9, 10, 11, 13, 16};

static int
slice_of(const struct cubie *c)
{
	int i, mask = 0;

	for (i = 0; i < 12; i++)
		if (c->ep[i] >= 8)
			mask |= 1 << i;
	return T->slice_of_mask[mask];
}

static int
cperm_of(const struct cubie *c)
{
	return perm_rank(c->cp, 8);
}

static int
eperm_of(const struct cubie *c)
{
	return perm_rank(c->ep, 8);
}

static int
sperm_of(const struct cubie *c)
{
	uint8_t p[4];
	int i;

	for (i = 0; i < 4; i++)
		p[i] = (uint8_t)(c->ep[8 + i] - 8);
	return perm_rank(p, 4);
}

/* One step of a pruning table's pair of coordinates (x, y) under move m. */
typedef int (*step_fn)(int x, int y, int m, int *ny);

static int
step_slice_twist(int x, int y, int m, int *ny)
{
	*ny = T->twist_move[y][m];
	return T->slice_move[x][m];
}

static int
step_slice_flip(int x, int y, int m, int *ny)
{
	*ny = T->flip_move[y][m];
	return T->slice_move[x][m];
}

static int
step_corner(int x, int y, int m, int *ny)
{
	*ny = T->sperm_move[y][m];
	return T->cperm_move[x][m];
}

static int
step_edge(int x, int y, int m, int *ny)
{
	*ny = T->sperm_move[y][m];
	return T->eperm_move[x][m];
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

static double
seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The table cache's builder: fills buf, a zeroed struct tables. The
 * step functions read T, which points at the block being built. */
static bool
build_tables(void *buf, size_t size, void *ctx, const struct table_progress *prog,
    struct tw_error *err)
{
	struct tables *t = buf;
	static const int all_moves[N_MOVES] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
	    11, 12, 13, 14, 15, 16, 17};
	int i, m, mask, n = 0;

	(void)size;
	(void)ctx;
	(void)prog;
	(void)err;
	T = t;
	cubie_face_turns(t->move);
	for (mask = 0; mask < 4096; mask++) {
		int bits = 0;

		for (i = 0; i < 12; i++)
			bits += (mask >> i) & 1;
		if (bits == 4) {
			t->slice_of_mask[mask] = (uint16_t)n;
			t->mask_of_slice[n++] = (uint16_t)mask;
		}
	}
	t->slice_solved = t->slice_of_mask[0xf00];
	cubie_twist_moves(t->twist_move);
	cubie_flip_moves(t->flip_move);
	for (i = 0; i < N_SLICE; i++) {
		struct cubie c, d;
		int k, slice = 8, other = 0;

		cubie_identity(&c);
		for (k = 0; k < 12; k++)
			c.ep[k] = (uint8_t)((t->mask_of_slice[i] >> k) & 1 ? slice++ : other++);
		for (m = 0; m < N_MOVES; m++) {
			cubie_multiply(&c, &t->move[m], &d);
			t->slice_move[i][m] = (uint16_t)slice_of(&d);
		}
	}
	for (i = 0; i < N_PERM; i++) {
		struct cubie c, d;

		cubie_identity(&c);
		perm_unrank(i, 8, c.cp);
		perm_unrank(i, 8, c.ep);
		for (m = 0; m < N_MOVES; m++) {
			cubie_multiply(&c, &t->move[m], &d);
			t->cperm_move[i][m] = (uint16_t)cperm_of(&d);
			t->eperm_move[i][m] = (uint16_t)eperm_of(&d);
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
			t->sperm_move[i][m] = (uint8_t)sperm_of(&d);
		}
	}
	bfs_table(t->prune_twist, sizeof t->prune_twist, (size_t)t->slice_solved * N_TWIST,
	    N_TWIST, step_slice_twist, all_moves, N_MOVES);
	bfs_table(t->prune_flip, sizeof t->prune_flip, (size_t)t->slice_solved * N_FLIP,
	    N_FLIP, step_slice_flip, all_moves, N_MOVES);
	bfs_table(t->prune_corner, sizeof t->prune_corner, 0, N_SPERM,
	    step_corner, phase2_moves, 10);
	bfs_table(t->prune_edge, sizeof t->prune_edge, 0, N_SPERM,
	    step_edge, phase2_moves, 10);
	return true;
}

static void
load_tables(void)
{
	char params[64];
	struct table_spec spec = {"cube3-two-phase", 1, params, sizeof(struct tables),
	    build_tables, NULL, false};
	double t0 = seconds();
	const void *block;

	/* The layout's size in the parameters: a build of another layout
	 * never reads this one's file. */
	snprintf(params, sizeof params, "struct tables %zu", sizeof(struct tables));
	block = table_get(&spec, NULL, &build_error);
	T = block;
	build_seconds = seconds() - t0;
}

static bool
ready(struct tw_error *err)
{
	pthread_once(&once, load_tables);
	if (T == NULL) {
		tw_error_set(err, "the 3x3x3 tables: %s", build_error.msg);
		return false;
	}
	return true;
}

bool
cube3_load_tables(struct tw_error *err)
{
	return ready(err);
}

double
cube3_prepare(void)
{
	if (!ready(NULL))
		return 0;
	return build_seconds;
}

/* The cube is searched as given and turned by z and by x, so that each of
 * the three axes gets to be phase 1's up-down axis, and each of these as
 * its inverse (a solution S of the inverse solves the cube as S reversed
 * and inverted): six views, as min2phase does. */
#define AXES 6
static const char *const axis_rotation[AXES] = {"", "z", "x", "", "z", "x"};

struct search {
	struct cubie starts[AXES];
	char face_map[AXES][6];     /* face turned in that view -> real face */
	int axis;                   /* the view being searched */
	int best_axis;
	struct cubie start;
	int moves[64];
	int best[64];
	int best_len;
	int target;
	double deadline;            /* seconds() to stop at, or 0: max_nodes */
	long max_nodes;             /* the work budget when there is no deadline */
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

static bool
phase2(struct search *s, int cperm, int eperm, int sperm, int depth, int togo)
{
	int k;

	s->nodes++;
	if (togo == 0)
		return cperm == 0 && eperm == 0 && sperm == 0;
	if (T->prune_corner[cperm * N_SPERM + sperm] > togo ||
	    T->prune_edge[eperm * N_SPERM + sperm] > togo)
		return false;
	for (k = 0; k < 10; k++) {
		int m = phase2_moves[k];

		if (depth > 0 && skip_after(m / 3, s->moves[depth - 1] / 3))
			continue;
		s->moves[depth] = m;
		if (phase2(s, T->cperm_move[cperm][m], T->eperm_move[eperm][m],
		    T->sperm_move[sperm][m], depth + 1, togo - 1))
			return true;
	}
	return false;
}

/* An answer within the target ends the search once phase 1 has gone at
 * least half its length: a short answer found through a long phase 2
 * (R U as an 8-move answer) is worth the cheap remaining depths. */
static bool
good_enough(const struct search *s, int d1)
{
	return s->best_len <= s->target && 2 * d1 >= s->best_len;
}

static void
start_phase2(struct search *s, int d1)
{
	struct cubie c = s->start;
	int i, d2, cp, ep, sp, limit;

	for (i = 0; i < d1; i++)
		cubie_multiply(&c, &T->move[s->moves[i]], &c);
	cp = cperm_of(&c);
	ep = eperm_of(&c);
	sp = sperm_of(&c);
	limit = s->best_len - 1 - d1;
	if (limit > 18)
		limit = 18;
	/* Iterative deepening from the pruning tables' bound: the shallower
	 * depths cannot succeed. */
	d2 = T->prune_corner[cp * N_SPERM + sp];
	if (T->prune_edge[ep * N_SPERM + sp] > d2)
		d2 = T->prune_edge[ep * N_SPERM + sp];
	for (; d2 <= limit; d2++) {
		if (phase2(s, cp, ep, sp, d1, d2)) {
			s->best_len = d1 + d2;
			s->best_axis = s->axis;
			memcpy(s->best, s->moves, (size_t)(d1 + d2) * sizeof s->moves[0]);
			if (good_enough(s, d1))
				s->stop = true;
			return;
		}
	}
}

static void
phase1(struct search *s, int twist, int flip, int slice, int depth, int togo)
{
	int m;

	if (s->stop)
		return;
	/* The budget (nodes, or the time limit the user asked for) ends the
	 * search only once an answer of at most CUBE3_BOUND moves is in
	 * hand. Counting nodes, not time, gives the same answer on any
	 * machine under any load. */
	if (++s->nodes >= s->next_check) {
		s->next_check = s->nodes + 1024;
		if ((s->best_len <= CUBE3_BOUND && (s->deadline > 0 ?
		    seconds() > s->deadline : s->nodes > s->max_nodes)) ||
		    (s->cancel != NULL && atomic_load(s->cancel))) {
			s->stop = true;
			return;
		}
	}
	if (togo == 0) {
		if (twist == 0 && flip == 0 && slice == T->slice_solved) {
			/* A last move that phase 2 could make means a shorter
			 * phase 1 was already tried. */
			if (depth > 0) {
				int last = s->moves[depth - 1];

				if (last / 3 == 0 || last / 3 == 3 || last % 3 == 1)
					return;
			}
			start_phase2(s, depth);
		}
		return;
	}
	if (T->prune_twist[slice * N_TWIST + twist] > togo ||
	    T->prune_flip[slice * N_FLIP + flip] > togo)
		return;
	for (m = 0; m < N_MOVES && !s->stop; m++) {
		if (depth > 0 && skip_after(m / 3, s->moves[depth - 1] / 3))
			continue;
		s->moves[depth] = m;
		phase1(s, T->twist_move[twist][m], T->flip_move[flip][m],
		    T->slice_move[slice][m], depth + 1, togo - 1);
	}
}

/* Whole-cube rotations that bring the centres home, tried in turn. */
static const char *const rotations[] = {
	"", "y", "y2", "y'", "x", "x y", "x y2", "x y'", "x2", "x2 y", "x2 y2",
	"x2 y'", "x'", "x' y", "x' y2", "x' y'", "z", "z y", "z y2", "z y'",
	"z'", "z' y", "z' y2", "z' y'",
};

bool
cube3_validate(const struct cube *c, struct tw_error *err)
{
	struct cube w;
	struct cubie cc;
	size_t r;

	if (c->n != 3) {
		tw_error_set(err, "the 3x3x3 solver was given a %dx%dx%d cube", c->n, c->n, c->n);
		return false;
	}
	for (r = 0; r < sizeof rotations / sizeof rotations[0]; r++) {
		w = *c;
		cube_apply_alg(&w, rotations[r], NULL);
		if (w.f[4] == 'U' && w.f[13] == 'R' && w.f[22] == 'F' &&
		    w.f[31] == 'D' && w.f[40] == 'L' && w.f[49] == 'B')
			return cubie_from_facelets(w.f, &cc, err);
	}
	tw_error_set(err, "centres out of place: no turn of the whole cube puts U, R, F, D, L, B centres on their faces");
	return false;
}

unsigned
cube3_defects(const struct cube *c)
{
	struct cubie cc;

	if (c->n != 3 || c->f[4] != 'U' || c->f[13] != 'R' || c->f[22] != 'F' ||
	    c->f[31] != 'D' || c->f[40] != 'L' || c->f[49] != 'B' ||
	    !cubie_read_pieces(c->f, &cc, NULL))
		return CUBE3_BAD_PIECE;
	return cubie_defects(&cc);
}

bool
cube3_solve(const struct cube *c, const struct cube3_options *opt,
    struct movelist *out, struct tw_error *err)
{
	struct search *s;
	struct cube w;
	int d1, i;
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
	s->deadline = opt != NULL && opt->time_limit > 0 ? seconds() + opt->time_limit : 0;
	s->max_nodes = opt != NULL && opt->max_nodes > 0 ? opt->max_nodes : CUBE3_DEFAULT_NODES;
	s->cancel = opt != NULL ? opt->cancel : NULL;
	for (d1 = 0; d1 < s->best_len && d1 <= 20 && !s->stop &&
	    !good_enough(s, d1); d1++) {
		for (i = 0; i < AXES && !s->stop && d1 < s->best_len; i++) {
			s->axis = i;
			s->start = s->starts[i];
			phase1(s, cubie_twist(&s->start), cubie_flip(&s->start),
			    slice_of(&s->start), 0, d1);
		}
	}
	if (s->cancel != NULL && atomic_load(s->cancel)) {
		tw_error_set(err, "cancelled");
		free(s);
		return false;
	}
	if (s->best_len > CUBE3_BOUND) {
		tw_error_set(err, "no solution found in the time allowed");
		free(s);
		return false;
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

void
cube3_random(struct tw_rng *rng, struct cube *out)
{
	struct cubie c;
	int i, j, s;
	uint8_t t;

	cubie_identity(&c);
	for (i = 7; i > 0; i--) {
		j = (int)tw_rng_below(rng, (uint64_t)i + 1);
		t = c.cp[i]; c.cp[i] = c.cp[j]; c.cp[j] = t;
	}
	for (i = 11; i > 0; i--) {
		j = (int)tw_rng_below(rng, (uint64_t)i + 1);
		t = c.ep[i]; c.ep[i] = c.ep[j]; c.ep[j] = t;
	}
	/* Equal parities: swapping two edges pairs the halves one to one. */
	if (cubie_parity(c.cp, 8) != cubie_parity(c.ep, 12)) {
		t = c.ep[0]; c.ep[0] = c.ep[1]; c.ep[1] = t;
	}
	for (i = 0, s = 0; i < 7; i++) {
		c.co[i] = (uint8_t)tw_rng_below(rng, 3);
		s += c.co[i];
	}
	c.co[7] = (uint8_t)((3 - s % 3) % 3);
	for (i = 0, s = 0; i < 11; i++) {
		c.eo[i] = (uint8_t)tw_rng_below(rng, 2);
		s += c.eo[i];
	}
	c.eo[11] = (uint8_t)(s % 2);
	cubie_to_facelets(&c, out);
}
