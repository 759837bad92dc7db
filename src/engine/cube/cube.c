#include "engine/cube/cube.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const cube_metrics[] = {"htm", "qtm", "obtm", "stm", "btm", "sqtm", NULL};

static const char face_letter[] = "URFDLB";

/* Outward normal of each face, in x (right), y (up), z (front). */
static const int normal[6][3] = {
	{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, -1, 0}, {-1, 0, 0}, {0, 0, -1},
};

void
cube_solved(struct cube *c, int n)
{
	int face, i;

	c->n = n;
	for (face = 0; face < 6; face++)
		for (i = 0; i < n * n; i++)
			c->f[face * n * n + i] = face_letter[face];
	c->f[6 * n * n] = '\0';
}

bool
cube_is_solved(const struct cube *c)
{
	int face, i, nn = c->n * c->n;

	for (face = 0; face < 6; face++)
		for (i = 1; i < nn; i++)
			if (c->f[face * nn + i] != c->f[face * nn])
				return false;
	return true;
}

/* Position of facelet (face, row, col) in doubled coordinates: cubie
 * centres at odd values -n+1 .. n-1, faces at +-n. */
static void
facelet_pos(int n, int face, int row, int col, int p[3])
{
	int a = -n + 1 + 2 * col, b = n - 1 - 2 * row;

	switch (face) {
	case FACE_U: p[0] = a; p[1] = n; p[2] = -n + 1 + 2 * row; break;
	case FACE_D: p[0] = a; p[1] = -n; p[2] = n - 1 - 2 * row; break;
	case FACE_F: p[0] = a; p[1] = b; p[2] = n; break;
	case FACE_B: p[0] = n - 1 - 2 * col; p[1] = b; p[2] = -n; break;
	case FACE_R: p[0] = n; p[1] = b; p[2] = n - 1 - 2 * col; break;
	case FACE_L: p[0] = -n; p[1] = b; p[2] = -n + 1 + 2 * col; break;
	default: p[0] = p[1] = p[2] = 0; break;   /* no such face; keeps -O3 sure p is set */
	}
}

/* The facelet index at position p (inverse of facelet_pos). */
static int
facelet_at(int n, const int p[3])
{
	int face, row, col;

	if (p[1] == n) {
		face = FACE_U; col = (p[0] + n - 1) / 2; row = (p[2] + n - 1) / 2;
	} else if (p[1] == -n) {
		face = FACE_D; col = (p[0] + n - 1) / 2; row = (n - 1 - p[2]) / 2;
	} else if (p[2] == n) {
		face = FACE_F; col = (p[0] + n - 1) / 2; row = (n - 1 - p[1]) / 2;
	} else if (p[2] == -n) {
		face = FACE_B; col = (n - 1 - p[0]) / 2; row = (n - 1 - p[1]) / 2;
	} else if (p[0] == n) {
		face = FACE_R; col = (n - 1 - p[2]) / 2; row = (n - 1 - p[1]) / 2;
	} else {
		face = FACE_L; col = (p[2] + n - 1) / 2; row = (n - 1 - p[1]) / 2;
	}
	return face * n * n + row * n + col;
}

/* A quarter turn clockwise seen from outside the face whose outward
 * normal is axis: rotation by -90 degrees about that normal. */
static void
quarter(const int axis[3], int p[3])
{
	int x = p[0], y = p[1], z = p[2];

	if (axis[0] != 0) {          /* about x: (y, z) -> (z, -y) for +x */
		p[1] = axis[0] * z;
		p[2] = -axis[0] * y;
	} else if (axis[1] != 0) {   /* about y: (z, x) -> (x, -z) for +y */
		p[2] = axis[1] * x;
		p[0] = -axis[1] * z;
	} else {                     /* about z: (x, y) -> (y, -x) for +z */
		p[0] = axis[2] * y;
		p[1] = -axis[2] * x;
	}
}

/* The layer (1 = outer, on the move's face side) that holds facelet
 * (face, i) of an n-cube for turns about mv's axis; its position in p. */
static int
layer_of(int n, const struct cube_move *mv, int face, int i, int p[3])
{
	const int *ax = normal[mv->face];
	int along;

	facelet_pos(n, face, i / n, i % n, p);
	/* Stickers on the turning face itself are in layer 1. */
	along = p[0] * ax[0] + p[1] * ax[1] + p[2] * ax[2];
	if (along == n)
		along = n - 1;
	else if (along == -n)
		along = -(n - 1);
	return (n - 1 - along) / 2 + 1;
}

/* The centre of the cubie that holds a sticker at position p: the face
 * coordinate pulled in by one. */
static void
cubie_of(int n, const int p[3], int q[3])
{
	int i;

	for (i = 0; i < 3; i++)
		q[i] = p[i] == n ? n - 1 : p[i] == -n ? -(n - 1) : p[i];
}

void
cube_facelet_position(int n, int facelet, int p[3])
{
	facelet_pos(n, facelet / (n * n), facelet % (n * n) / n, facelet % n, p);
}

int
cube_partners(int n, int facelet, int other[2])
{
	int p[3], q[3], i, count = 0;

	facelet_pos(n, facelet / (n * n), facelet % (n * n) / n, facelet % n, p);
	cubie_of(n, p, q);
	for (i = 0; i < 6 * n * n; i++) {
		int pi[3], qi[3];

		if (i == facelet)
			continue;
		facelet_pos(n, i / (n * n), i % (n * n) / n, i % n, pi);
		cubie_of(n, pi, qi);
		if (qi[0] == q[0] && qi[1] == q[1] && qi[2] == q[2] && count < 2)
			other[count++] = i;
	}
	return count;
}

bool
cube_move_touches(int n, const struct cube_move *mv, int facelet)
{
	int p[3], layer = layer_of(n, mv, facelet / (n * n), facelet % (n * n), p);

	return layer >= mv->first && layer <= mv->last;
}

void
cube_move_do(struct cube *c, const struct cube_move *mv)
{
	int n = c->n, nn = n * n, face, i, t;
	char out[CUBE_MAX_FACELETS + 1];

	memcpy(out, c->f, (size_t)(6 * nn) + 1);
	for (face = 0; face < 6; face++) {
		for (i = 0; i < nn; i++) {
			int p[3], layer = layer_of(n, mv, face, i, p);

			if (layer < mv->first || layer > mv->last)
				continue;
			for (t = 0; t < mv->turns; t++)
				quarter(normal[mv->face], p);
			out[facelet_at(n, p)] = c->f[face * nn + i];
		}
	}
	memcpy(c->f, out, (size_t)(6 * nn) + 1);
}

bool
cube_parse(struct cube *c, int n, const char *text, struct tw_error *err)
{
	size_t len = strlen(text), i;
	int count[6] = {0}, k;

	if (n < CUBE_MIN_N || n > CUBE_MAX_N) {
		tw_error_set(err, "cube size %d: twirl has cubes from %d to %d", n,
		    CUBE_MIN_N, CUBE_MAX_N);
		return false;
	}
	if (len != (size_t)(6 * n * n)) {
		tw_error_set(err, "%zu facelets: a %dx%dx%d cube has %d (6 faces of %d)",
		    len, n, n, n, 6 * n * n, n * n);
		return false;
	}
	for (i = 0; i < len; i++) {
		const char *hit = strchr(face_letter, text[i]);

		if (text[i] == '\0' || hit == NULL) {
			tw_error_set(err, "facelet %zu (face %c, row %zu, column %zu) is '%c', not one of U R F D L B",
			    i + 1, face_letter[i / (size_t)(n * n)],
			    i % (size_t)(n * n) / (size_t)n + 1, i % (size_t)n + 1, text[i]);
			return false;
		}
		count[hit - face_letter]++;
	}
	for (k = 0; k < 6; k++) {
		if (count[k] != n * n) {
			tw_error_set(err, "wrong sticker counts: %d %c stickers, a cube has %d of each colour",
			    count[k], face_letter[k], n * n);
			return false;
		}
	}
	c->n = n;
	memcpy(c->f, text, len + 1);
	return true;
}

static int
face_index(char letter)
{
	const char *hit = strchr(face_letter, letter);

	return letter != '\0' && hit != NULL ? (int)(hit - face_letter) : -1;
}

bool
cube_move_parse(int n, const char *text, struct cube_move *mv, struct tw_error *err)
{
	const char *c = text, *letters;
	int prefix = 0, f;
	bool wide = false, slice_letter = false, have_prefix = false;

	memset(mv, 0, sizeof *mv);
	while (*c >= '0' && *c <= '9') {
		prefix = prefix * 10 + (*c - '0');
		have_prefix = true;
		if (prefix > 99)
			break;
		c++;
	}
	if (have_prefix && prefix == 0) {
		tw_error_set(err, "'%.16s': layers are numbered from 1", text);
		return false;
	}
	letters = c;
	if (*c == 'x' || *c == 'y' || *c == 'z') {
		if (prefix != 0)
			goto bad;
		mv->face = *c == 'x' ? FACE_R : *c == 'y' ? FACE_U : FACE_F;
		mv->first = 1;
		mv->last = n;
		c++;
	} else if (*c == 'M' || *c == 'E' || *c == 'S') {
		if (prefix != 0)
			goto bad;
		if (n % 2 == 0) {
			tw_error_set(err, "'%s': %c is a middle slice, and a %dx%dx%d cube has none (use 2R-style slices)",
			    text, *c, n, n, n);
			return false;
		}
		/* M turns like L, E like D, S like F. */
		mv->face = *c == 'M' ? FACE_L : *c == 'E' ? FACE_D : FACE_F;
		mv->first = mv->last = (n + 1) / 2;
		slice_letter = true;
		c++;
	} else {
		f = face_index(*c);
		if (f < 0 && *c != '\0' && strchr("urfdlb", *c) != NULL) {
			f = face_index((char)(*c - 'a' + 'A'));
			wide = true;        /* SiGN: r = Rw */
		}
		if (f < 0)
			goto bad;
		mv->face = (enum cube_face)f;
		c++;
		if (*c == 'w') {
			if (wide)
				goto bad;
			wide = true;
			c++;
		}
		if (wide) {
			mv->first = 1;
			mv->last = prefix == 0 ? 2 : prefix;
			if (mv->last >= n || mv->last < 1) {
				tw_error_set(err, "'%s': a wide move turns 1 to %d layers on a %dx%dx%d cube",
				    text, n - 1, n, n, n);
				return false;
			}
		} else {
			mv->first = mv->last = prefix == 0 ? 1 : prefix;
			if (mv->first > n || mv->first < 1) {
				tw_error_set(err, "'%s': layer %d does not exist on a %dx%dx%d cube",
				    text, mv->first, n, n, n);
				return false;
			}
		}
	}
	mv->turns = 1;
	if (*c == '2') {
		mv->turns = 2;
		c++;
		if (*c == '\'')
			c++;        /* R2' is R2 */
	} else if (*c == '\'') {
		mv->turns = 3;
		c++;
	}
	if (*c != '\0')
		goto bad;
	(void)slice_letter;
	{
		/* The name as written, the layer number without leading zeros
		 * ("000002Rw" is "2Rw"): at most two digits (the prefix stops
		 * at 99) and two letters ("Rw"), so it always fits. */
		int digits = have_prefix ? snprintf(mv->name, sizeof mv->name, "%d", prefix) : 0;
		size_t len = (size_t)(c - letters);

		while (len > 0 && (letters[len - 1] == '\'' || letters[len - 1] == '2'))
			len--;
		memcpy(mv->name + digits, letters, len);
		mv->name[(size_t)digits + len] = '\0';
	}
	return true;
bad:
	tw_error_set(err, "bad move '%.16s%s': expected a face (R U F L D B), a wide move (Rw, 3Rw), a slice (2R, M E S) or a rotation (x y z), then ', 2 or nothing",
	    text, strlen(text) > 16 ? "..." : "");
	return false;
}

void
cube_move_format(const struct cube_move *mv, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s", mv->name,
	    mv->turns == 1 ? "" : mv->turns == 2 ? "2" : "'");
}

struct cube_move
cube_move_inverse(const struct cube_move *mv)
{
	struct cube_move inv = *mv;

	inv.turns = 4 - mv->turns;
	if (inv.turns == 4)
		inv.turns = 0;
	if (mv->turns == 2)
		inv.turns = 2;
	return inv;
}

bool
cube_apply_alg(struct cube *c, const char *alg, struct tw_error *err)
{
	struct cube work = *c;
	const char *p = alg;
	int k = 0;

	for (;;) {
		char token[32];
		size_t len;
		struct cube_move mv;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (*p == '\0')
			break;
		len = strcspn(p, " \t\n");
		k++;
		if (len >= sizeof token) {
			tw_error_set(err, "move %d ('%.12s...'): too long", k, p);
			return false;
		}
		memcpy(token, p, len);
		token[len] = '\0';
		if (!cube_move_parse(c->n, token, &mv, err)) {
			tw_error_prefix(err, "move %d (%s)", k, token);
			return false;
		}
		cube_move_do(&work, &mv);
		p += len;
	}
	*c = work;
	return true;
}

void
cube_layer_name(int n, int axis, int layer, char *buf, size_t size)
{
	static const char ref[] = "URF", opp[] = "DLB", middle[] = "EMS";

	if (layer <= 1)
		snprintf(buf, size, "%c", ref[axis]);
	else if (layer >= n)
		snprintf(buf, size, "%c", opp[axis]);
	else if (n == 3)
		snprintf(buf, size, "%c", middle[axis]);
	else if (2 * layer <= n + 1)
		snprintf(buf, size, "%d%c", layer, ref[axis]);
	else
		snprintf(buf, size, "%d%c", n + 1 - layer, opp[axis]);
}

long
cube_move_metric_cost(int n, const struct cube_move *mv, enum cube_metric metric)
{
	bool outer = mv->first == 1 || mv->last == n;

	if (mv->first == 1 && mv->last == n)
		return 0;               /* a whole-cube rotation is not a turn */
	switch (metric) {
	case CUBE_HTM:
	case CUBE_OBTM:
		return outer ? 1 : 2;
	case CUBE_QTM:
		return (outer ? 1 : 2) * (mv->turns == 2 ? 2 : 1);
	case CUBE_BTM:
		return 1;
	case CUBE_STM:
	case CUBE_SQTM:
		break;
	}
	{
		int k = mv->last - mv->first + 1;
		long layers = outer ? (k < n - k ? k : n - k) : k;

		return metric == CUBE_SQTM && mv->turns == 2 ? 2 * layers : layers;
	}
}
