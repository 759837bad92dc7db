/* The cube's rules as the puzzle table takes them (rules.h). */
#include "engine/cube/rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cube/corners.h"
#include "engine/cube/cubie.h"

struct cube_params {
	int n;
	int practice_turns;      /* 0: a full scramble */
};

int
cube_params_size(const void *params)
{
	return ((const struct cube_params *)params)->n;
}

int
cube_params_practice_turns(const void *params)
{
	return ((const struct cube_params *)params)->practice_turns;
}

void
cube_board_variant(const void *params, char *buf, size_t size)
{
	int k = cube_params_practice_turns(params);

	if (k > 0)
		snprintf(buf, size, "practice, %d turn%s", k, k == 1 ? "" : "s");
	else if (size > 0)
		buf[0] = '\0';
}

int
cube_board_metric(const void *params)
{
	return cube_params_practice_turns(params) > 0 ? CUBE_SQTM : CUBE_HTM;
}

void *
cube_params_default(struct tw_error *err)
{
	struct cube_params *p = tw_alloc(sizeof *p, err);

	if (p != NULL) {
		p->n = 3;
		p->practice_turns = 0;
	}
	return p;
}

void *
cube_params_parse(const char *text, size_t *used, struct tw_error *err)
{
	struct cube_params *p;
	const char *c = text;
	long n = 0;

	/* Every digit is read (a long number is too large, never a
	 * smaller one) and named as given. */
	while (*c >= '0' && *c <= '9') {
		n = n < 1000 ? n * 10 + (*c - '0') : n;
		c++;
	}
	if (c == text) {
		tw_error_set(err, "the cube's size should be a number, e.g. cube:3");
		return NULL;
	}
	if (n < CUBE_MIN_N || n > CUBE_MAX_N) {
		tw_error_set(err, "cube size %.*s: twirl has cubes from %d to %d", (int)(c - text),
		    text, CUBE_MIN_N, CUBE_MAX_N);
		return NULL;
	}
	p = tw_alloc(sizeof *p, err);
	if (p == NULL)
		return NULL;
	p->n = (int)n;
	p->practice_turns = 0;
	if (strncmp(c, ":turns=", 7) == 0) {
		const char *digits = c + 7;
		long k = 0;

		for (c = digits; *c >= '0' && *c <= '9'; c++)
			k = k < 1000 ? k * 10 + (*c - '0') : k;
		if (c == digits || k < 1 || k > CUBE_PRACTICE_MAX_TURNS ||
		    (*c != '\0' && *c != ':' && *c != '#')) {
			tw_error_set_kind(err, TW_ERROR_BAD_INPUT,
			    "practice turns '%.*s': a number from 1 to %d, e.g. cube:%ld:turns=8",
			    (int)strcspn(digits, ":#"), digits, CUBE_PRACTICE_MAX_TURNS, n);
			free(p);
			return NULL;
		}
		p->practice_turns = (int)k;
	}
	*used = (size_t)(c - text);
	return p;
}

char *
cube_params_format(const void *params, struct tw_error *err)
{
	const struct cube_params *p = params;

	if (p->practice_turns > 0)
		return tw_asprintf(err, "%d:turns=%d", p->n, p->practice_turns);
	return tw_asprintf(err, "%d", p->n);
}

void *
cube_params_dup(const void *params, struct tw_error *err)
{
	return tw_memdup(params, sizeof(struct cube_params), err);
}

void
cube_params_free(void *params)
{
	free(params);
}

void *
cube_state_solved(const void *params, struct tw_error *err)
{
	struct cube *c = tw_alloc(sizeof *c, err);

	if (c != NULL)
		cube_solved(c, ((const struct cube_params *)params)->n);
	return c;
}

void *
cube_state_parse(const void *params, const char *text, struct tw_error *err)
{
	struct cube *c = tw_alloc(sizeof *c, err);

	if (c != NULL && !cube_parse(c, ((const struct cube_params *)params)->n, text, err)) {
		free(c);
		return NULL;
	}
	return c;
}

char *
cube_state_format(const void *params, const void *state, struct tw_error *err)
{
	(void)params;
	return tw_strdup(((const struct cube *)state)->f, err);
}

void *
cube_state_dup(const void *params, const void *state, struct tw_error *err)
{
	(void)params;
	return tw_memdup(state, sizeof(struct cube), err);
}

void
cube_state_free(void *state)
{
	free(state);
}

bool
cube_state_equal(const void *params, const void *a, const void *b)
{
	(void)params;
	return strcmp(((const struct cube *)a)->f, ((const struct cube *)b)->f) == 0;
}

bool
cube_state_is_solved(const void *params, const void *state)
{
	(void)params;
	return cube_is_solved(state);
}

static const char face_letter[] = "URFDLB";

/* Facelet index of (face, row, col) on an n-cube. */
static int
at(int n, int face, int row, int col)
{
	return face * n * n + row * n + col;
}

/* The 2x2x2 made of an n-cube's corner stickers. */
static void
corners_only(const struct cube *c, struct cube *out)
{
	int n = c->n, face, r, k;

	cube_solved(out, 2);
	for (face = 0; face < 6; face++)
		for (r = 0; r < 2; r++)
			for (k = 0; k < 2; k++)
				out->f[face * 4 + r * 2 + k] =
				    c->f[at(n, face, r * (n - 1), k * (n - 1))];
}

/* Odd cubes: the centre stickers must sit as on some turned solved cube. */
static bool
centres_ok(const struct cube *c, struct tw_error *why)
{
	static const char *const turns[] = {"", "y", "y2", "y'", "x", "x y",
	    "x y2", "x y'", "x2", "x2 y", "x2 y2", "x2 y'", "x'", "x' y",
	    "x' y2", "x' y'", "z", "z y", "z y2", "z y'", "z'", "z' y",
	    "z' y2", "z' y'"};
	int n = c->n, mid = n / 2, face;
	size_t t;

	for (t = 0; t < sizeof turns / sizeof turns[0]; t++) {
		struct cube ref;

		cube_solved(&ref, 3);
		cube_apply_alg(&ref, turns[t], NULL);
		for (face = 0; face < 6; face++)
			if (ref.f[face * 9 + 4] != c->f[at(n, face, mid, mid)])
				break;
		if (face == 6)
			return true;
	}
	tw_error_set(why, "centres out of place: the middle centres (U %c, R %c, F %c, D %c, L %c, B %c) are not those of any turned cube",
	    c->f[at(n, 0, mid, mid)], c->f[at(n, 1, mid, mid)], c->f[at(n, 2, mid, mid)],
	    c->f[at(n, 3, mid, mid)], c->f[at(n, 4, mid, mid)], c->f[at(n, 5, mid, mid)]);
	return false;
}

static char
opposite_colour(char c)
{
	static const char faces[] = "URFDLB", opp[] = "DLBURF";
	const char *hit = strchr(faces, c);

	return hit != NULL && c != '\0' ? opp[hit - faces] : '?';
}

/* Every cube of size n >= 4: each colour has (n-2)^2 centre stickers, and
 * the two stickers of every edge piece show colours that meet on some edge
 * (not equal, not opposite), each such pair n-2 times. */
static bool
centres_and_edges_ok(const struct cube *c, struct tw_error *why)
{
	int n = c->n, counts[6] = {0}, pairs[6][6] = {{0}}, face, r, k, i, a, b;

	for (face = 0; face < 6; face++)
		for (r = 1; r < n - 1; r++)
			for (k = 1; k < n - 1; k++)
				counts[strchr(face_letter, c->f[at(n, face, r, k)]) - face_letter]++;
	for (face = 0; face < 6; face++) {
		if (counts[face] != (n - 2) * (n - 2)) {
			tw_error_set(why, "centres: %d %c centre stickers, a %dx%dx%d cube has %d of each colour",
			    counts[face], face_letter[face], n, n, n, (n - 2) * (n - 2));
			return false;
		}
	}
	for (i = 0; i < 6 * n * n; i++) {
		int other[2], found = cube_partners(n, i, other);
		char x = c->f[i], y;

		if (found != 1 || other[0] < i)
			continue;   /* not an edge sticker, or its pair seen already */
		y = c->f[other[0]];
		if (x == y || x == opposite_colour(y)) {
			tw_error_set(why, "an edge piece has colours %c%c, which no edge has", x, y);
			return false;
		}
		a = (int)(strchr(face_letter, x) - face_letter);
		b = (int)(strchr(face_letter, y) - face_letter);
		pairs[a < b ? a : b][a < b ? b : a]++;
	}
	for (a = 0; a < 6; a++)
		for (b = a + 1; b < 6; b++)
			if (face_letter[b] != opposite_colour(face_letter[a]) &&
			    pairs[a][b] != n - 2) {
				tw_error_set(why, "%d edge pieces are %c%c, a %dx%dx%d cube has %d",
				    pairs[a][b], face_letter[a], face_letter[b], n, n, n, n - 2);
				return false;
			}
	return true;
}

/* The axis (0 x, 1 y, 2 z) a sticker at p faces, and which way (+1, -1). */
static int
facing(int n, const int p[3], int *sign)
{
	int k;

	for (k = 0; k < 2; k++)
		if (p[k] == n || p[k] == -n)
			break;
	*sign = p[k] > 0 ? 1 : -1;
	return k;
}

/* Every cube of size n >= 4: no wing flipped in place. A wing's
 * handedness, the sign of det[normal of its lower colour's face (URFDLB
 * order), normal of the other's, its offset from the edge's middle], is
 * kept by every turn (a rotation keeps determinants); so in each orbit
 * (the wings as far from the edge's middle) every colour pair comes once
 * with each sign. The middle edges of odd cubes are the 3x3x3's. */
static bool
wings_ok(const struct cube *c, struct tw_error *why)
{
	int n = c->n, i;
	int seen[CUBE_MAX_N][6][6][2];   /* a facelet of the wing seen, or -1 */

	memset(seen, -1, sizeof seen);
	for (i = 0; i < 6 * n * n; i++) {
		int other[2], p[3], q[3], sp, sq, ap, aq, e, a, b, hand, orbit;

		if (cube_partners(n, i, other) != 1 || other[0] < i)
			continue;
		cube_facelet_position(n, i, p);
		cube_facelet_position(n, other[0], q);
		ap = facing(n, p, &sp);
		aq = facing(n, q, &sq);
		e = 3 - ap - aq;
		if (p[e] == 0)
			continue;
		a = (int)(strchr(face_letter, c->f[i]) - face_letter);
		b = (int)(strchr(face_letter, c->f[other[0]]) - face_letter);
		/* det[s_p u_ap, s_q u_aq, u_e]: + for (ap, aq, e) cyclic. */
		hand = sp * sq * ((aq - ap + 3) % 3 == 1 ? 1 : -1) * (p[e] > 0 ? 1 : -1);
		if (a > b) {
			int swap = a;

			a = b;
			b = swap;
			hand = -hand;
		}
		orbit = (n - 1 - (p[e] > 0 ? p[e] : -p[e])) / 2;
		if (seen[orbit][a][b][hand > 0] >= 0) {
			int f = seen[orbit][a][b][hand > 0];

			tw_error_set(why, "edges: two %c%c wings %d in from the corner are alike, not mirror twins (face %c row %d column %d, face %c row %d column %d): a wing is flipped in place or moved to another distance from the corner, which no turn can do",
			    face_letter[a], face_letter[b], orbit,
			    face_letter[f / (n * n)], f % (n * n) / n + 1, f % n + 1,
			    face_letter[i / (n * n)], i % (n * n) / n + 1, i % n + 1);
			return false;
		}
		seen[orbit][a][b][hand > 0] = i;
	}
	return true;
}

/* An odd cube's corners, middle edges and middle centres: a 3x3x3 that
 * every turn of the big cube moves as a 3x3x3 move or not at all. */
static void
skeleton(const struct cube *c, struct cube *out)
{
	int n = c->n, face, r, k;

	cube_solved(out, 3);
	for (face = 0; face < 6; face++)
		for (r = 0; r < 3; r++)
			for (k = 0; k < 3; k++)
				out->f[face * 9 + r * 3 + k] =
				    c->f[at(n, face, r * (n - 1) / 2, k * (n - 1) / 2)];
}

bool
cube_state_solvable(const void *params, const void *state, struct tw_error *why)
{
	const struct cube *c = state;
	struct cube corners;
	struct cube2_corners cs;
	char f[25];

	(void)params;
	if (c->n == 3)
		return cube3_validate(c, why);
	if (!centres_and_edges_ok(c, why) || !wings_ok(c, why))
		return false;
	if (c->n % 2 == 1) {
		struct cube small;

		if (!centres_ok(c, why))
			return false;
		skeleton(c, &small);
		if (!cube3_validate(&small, why)) {
			tw_error_prefix(why, "corners and middle edges");
			return false;
		}
		return true;
	}
	/* Corners: present once each and twisted in a legal way, read as a
	 * 2x2x2 held any way. */
	corners_only(c, &corners);
	return cube2_read_held(&corners, f, &cs, why);
}

/* WCA-style scrambles for big cubes: random turns, no face twice in a
 * row, 40 on 4x4x4 and 20 more for each size above. */
static void
random_moves(struct tw_rng *rng, struct cube *c)
{
	int n = c->n, count = 40 + 20 * (n - 4), k, last = -1;
	static const char *const suffix[] = {"", "2", "'"};

	for (k = 0; k < count; k++) {
		char token[16];
		int face, depth;

		do
			face = (int)tw_rng_below(rng, 6);
		while (face == last);
		last = face;
		depth = 1 + (int)tw_rng_below(rng, (uint64_t)(n / 2));
		if (depth == 1)
			snprintf(token, sizeof token, "%c%s", face_letter[face],
			    suffix[tw_rng_below(rng, 3)]);
		else
			snprintf(token, sizeof token, "%d%cw%s", depth, face_letter[face],
			    suffix[tw_rng_below(rng, 3)]);
		cube_apply_alg(c, token, NULL);
	}
}

/* A practice scramble: turns random quarter turns of single layers (the
 * integer-programming paper's moves, [Cube IP]), none undoing the one
 * before. */
static void
practice_moves(struct tw_rng *rng, struct cube *c, int turns)
{
	int last_axis = -1, last_layer = 0, last_way = 0;

	for (int k = 0; k < turns; k++) {
		int axis, layer, way;
		char token[16];

		do {
			axis = (int)tw_rng_below(rng, 3);
			layer = 1 + (int)tw_rng_below(rng, (uint64_t)c->n);
			way = (int)tw_rng_below(rng, 2);
		} while (axis == last_axis && layer == last_layer && way != last_way);
		last_axis = axis;
		last_layer = layer;
		last_way = way;
		cube_layer_name(c->n, axis, layer, token, sizeof token - 1);
		if (way == 1)
			strcat(token, "'");
		cube_apply_alg(c, token, NULL);
	}
}

void *
cube_scramble(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	const struct cube_params *p = params;
	struct cube *c = tw_alloc(sizeof *c, err);

	if (c == NULL)
		return NULL;
	do {
		if (p->practice_turns > 0) {
			cube_solved(c, p->n);
			practice_moves(rng, c, p->practice_turns);
		} else if (p->n == 3) {
			cube3_random(rng, c);
		} else if (p->n == 2) {
			/* A random 3x3x3 state's corners: uniform over all
			 * 2x2x2 positions (times the 24 orientations). */
			struct cube big;

			cube3_random(rng, &big);
			corners_only(&big, c);
		} else {
			cube_solved(c, p->n);
			random_moves(rng, c);
		}
	} while (cube_is_solved(c));
	return c;
}

char *
cube_state_render(const void *params, const void *state, struct tw_error *err)
{
	const struct cube *c = state;
	int n = c->n, r, k, face;
	size_t size = (size_t)(3 * n) * (size_t)(4 * n + 4) + 1;
	char *out = tw_alloc(size, err), *p;
	static const int row_faces[4] = {FACE_L, FACE_F, FACE_R, FACE_B};

	(void)params;
	if (out == NULL)
		return NULL;
	p = out;
	/* U above F; L F R B; D below F. */
	for (r = 0; r < 3 * n; r++) {
		for (k = 0; k < 4 * n; k++) {
			int band = r / n, col = k / n;

			if (band == 1) {
				face = row_faces[col];
			} else if (col == 1) {
				face = band == 0 ? FACE_U : FACE_D;
			} else {
				*p++ = ' ';
				continue;
			}
			*p++ = c->f[at(n, face, r % n, k % n)];
		}
		while (p > out && p[-1] == ' ')
			p--;
		*p++ = '\n';
	}
	*p = '\0';
	return out;
}

bool
cube_move_apply(const void *params, void *state, const char *move, struct tw_error *err)
{
	struct cube_move mv;

	(void)params;
	if (!cube_move_parse(((struct cube *)state)->n, move, &mv, err))
		return false;
	cube_move_do(state, &mv);
	return true;
}

char *
cube_move_inverse_text(const void *params, const char *move, struct tw_error *err)
{
	const struct cube_params *p = params;
	struct cube_move mv, inv;
	char buf[16];

	if (!cube_move_parse(p->n, move, &mv, err))
		return NULL;
	inv = cube_move_inverse(&mv);
	cube_move_format(&inv, buf, sizeof buf);
	return tw_strdup(buf, err);
}

long
cube_move_cost(const void *params, const char *move, int metric)
{
	const struct cube_params *p = params;
	struct cube_move mv;

	if (!cube_move_parse(p->n, move, &mv, NULL))
		return -1;
	return cube_move_metric_cost(p->n, &mv, (enum cube_metric)metric);
}

/* Every kind of move the notation has: face turns, wide turns written
 * Rw, kRw or r, inner slices kR, M E S on odd cubes, rotations; numbered
 * moves now and then with leading zeros (000002Rw), which the parser
 * takes as written. */
char *
cube_move_random(const void *params, struct tw_rng *rng, struct tw_error *err)
{
	static const char faces[] = "URFDLB", suffixes[][3] = {"", "'", "2"};
	const struct cube_params *p = params;
	const char *suffix = suffixes[tw_rng_below(rng, 3)];
	char face = faces[tw_rng_below(rng, 6)], zeros[4] = "";
	int kind = (int)tw_rng_below(rng, 6), layers;

	if (tw_rng_below(rng, 8) == 0)
		snprintf(zeros, sizeof zeros, "%.*s", 1 + (int)tw_rng_below(rng, 3), "000");
	if (kind == 1 && p->n >= 3) {            /* wide */
		layers = 2 + (int)tw_rng_below(rng, (uint64_t)(p->n - 2));
		if (layers == 2 && tw_rng_below(rng, 2) == 0)
			return tw_asprintf(err, "%c%s", face - 'A' + 'a', suffix);
		return tw_asprintf(err, "%s%d%cw%s", zeros, layers, face, suffix);
	}
	if (kind == 2 && p->n >= 3) {            /* inner slice */
		layers = 2 + (int)tw_rng_below(rng, (uint64_t)(p->n - 2));
		return tw_asprintf(err, "%s%d%c%s", zeros, layers, face, suffix);
	}
	if (kind == 3 && p->n % 2 == 1)          /* middle slice */
		return tw_asprintf(err, "%c%s", "MES"[tw_rng_below(rng, 3)], suffix);
	if (kind == 4)                           /* rotation */
		return tw_asprintf(err, "%c%s", "xyz"[tw_rng_below(rng, 3)], suffix);
	return tw_asprintf(err, "%c%s", face, suffix);
}
