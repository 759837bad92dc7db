#include "engine/cube/cubie.h"

#include "engine/rng.h"

#include <string.h>

/* The tables below follow Kociemba's numbering ([Kociemba] in
 * docs/papers.md); cubie.h says what they mean. */
const int cubie_corner_facelet[8][3] = {
	{8, 9, 20}, {6, 18, 38}, {0, 36, 47}, {2, 45, 11},
	{29, 26, 15}, {27, 44, 24}, {33, 53, 42}, {35, 17, 51},
};
const char cubie_corner_colour[8][4] = {
	"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB",
};
const int cubie_edge_facelet[12][2] = {
	{5, 10}, {7, 19}, {3, 37}, {1, 46}, {32, 16}, {28, 25},
	{30, 43}, {34, 52}, {23, 12}, {21, 41}, {50, 39}, {48, 14},
};
const char cubie_edge_colour[12][3] = {
	"UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
};
const char cubie_face_letter[7] = "URFDLB";

void
cubie_multiply(const struct cubie *a, const struct cubie *b, struct cubie *out)
{
	struct cubie r;
	int i;

	for (i = 0; i < 8; i++) {
		r.cp[i] = a->cp[b->cp[i]];
		r.co[i] = (uint8_t)((a->co[b->cp[i]] + b->co[i]) % 3);
	}
	for (i = 0; i < 12; i++) {
		r.ep[i] = a->ep[b->ep[i]];
		r.eo[i] = (uint8_t)((a->eo[b->ep[i]] + b->eo[i]) % 2);
	}
	*out = r;
}

int
cubie_parity(const uint8_t *p, int n)
{
	int i, j, s = 0;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			s ^= p[j] < p[i];
	return s;
}

bool
cubie_read_pieces(const char *f, struct cubie *c, struct tw_error *err)
{
	bool seen_c[8] = {false}, seen_e[12] = {false};
	int i, j, o;

	for (i = 0; i < 8; i++) {
		for (o = 0; o < 3; o++)
			if (f[cubie_corner_facelet[i][o]] == 'U' || f[cubie_corner_facelet[i][o]] == 'D')
				break;
		for (j = 0; o < 3 && j < 8; j++)
			if (cubie_corner_colour[j][0] == f[cubie_corner_facelet[i][o]] &&
			    cubie_corner_colour[j][1] == f[cubie_corner_facelet[i][(o + 1) % 3]] &&
			    cubie_corner_colour[j][2] == f[cubie_corner_facelet[i][(o + 2) % 3]])
				break;
		if (o == 3 || j == 8 || seen_c[j]) {
			tw_error_set(err, "the corner at %s has colours %c%c%c, %s",
			    cubie_corner_colour[i], f[cubie_corner_facelet[i][0]],
			    f[cubie_corner_facelet[i][1]], f[cubie_corner_facelet[i][2]],
			    o < 3 && j < 8 ? "a corner the cube has twice" : "which no corner has");
			return false;
		}
		seen_c[j] = true;
		c->cp[i] = (uint8_t)j;
		c->co[i] = (uint8_t)o;
	}
	for (i = 0; i < 12; i++) {
		char a = f[cubie_edge_facelet[i][0]], b = f[cubie_edge_facelet[i][1]];

		for (j = 0; j < 12; j++) {
			if (cubie_edge_colour[j][0] == a && cubie_edge_colour[j][1] == b) {
				c->eo[i] = 0;
				break;
			}
			if (cubie_edge_colour[j][0] == b && cubie_edge_colour[j][1] == a) {
				c->eo[i] = 1;
				break;
			}
		}
		if (j == 12 || seen_e[j]) {
			tw_error_set(err, "the edge at %s has colours %c%c, %s", cubie_edge_colour[i], a, b,
			    j < 12 ? "an edge the cube has twice" : "which no edge has");
			return false;
		}
		seen_e[j] = true;
		c->ep[i] = (uint8_t)j;
	}
	return true;
}

unsigned
cubie_defects(const struct cubie *c)
{
	unsigned bad = 0;
	int i, sum;

	for (i = 0, sum = 0; i < 8; i++)
		sum += c->co[i];
	if (sum % 3 != 0)
		bad |= CUBE3_TWIST;
	for (i = 0, sum = 0; i < 12; i++)
		sum += c->eo[i];
	if (sum % 2 != 0)
		bad |= CUBE3_FLIP;
	if (cubie_parity(c->cp, 8) != cubie_parity(c->ep, 12))
		bad |= CUBE3_PARITY;
	return bad;
}

bool
cubie_from_facelets(const char *f, struct cubie *c, struct tw_error *err)
{
	unsigned bad;
	int i, sum;

	if (!cubie_read_pieces(f, c, err))
		return false;
	bad = cubie_defects(c);
	if (bad & CUBE3_TWIST) {
		for (i = 0, sum = 0; i < 8; i++)
			sum += c->co[i];
		tw_error_set(err, "twisted corner: the corner twists add up to %d, not a multiple of 3", sum);
	} else if (bad & CUBE3_FLIP) {
		tw_error_set(err, "flipped edge: an odd number of edges are flipped");
	} else if (bad & CUBE3_PARITY) {
		tw_error_set(err, "parity: the corners and the edges are permuted with different parities (two pieces swapped)");
	}
	return bad == 0;
}

void
cubie_to_facelets(const struct cubie *c, struct cube *out)
{
	int i, o;

	cube_solved(out, 3);
	for (i = 0; i < 8; i++)
		for (o = 0; o < 3; o++)
			out->f[cubie_corner_facelet[i][(o + c->co[i]) % 3]] = cubie_corner_colour[c->cp[i]][o];
	for (i = 0; i < 12; i++)
		for (o = 0; o < 2; o++)
			out->f[cubie_edge_facelet[i][(o + c->eo[i]) % 2]] = cubie_edge_colour[c->ep[i]][o];
}

bool
cubie_from_cube(const struct cube *c, struct cubie *out, struct tw_error *err)
{
	char relabel[128], f[55];
	int face, k;

	if (c->n != 3) {
		tw_error_set(err, "the 3x3x3 solver was given a %dx%dx%d cube", c->n, c->n, c->n);
		return false;
	}
	memset(relabel, 0, sizeof relabel);
	for (face = 0; face < 6; face++) {
		unsigned char centre = (unsigned char)c->f[face * 9 + 4];

		if (centre >= sizeof relabel || relabel[centre] != 0) {
			tw_error_set(err, "two centres show the colour %c", c->f[face * 9 + 4]);
			return false;
		}
		relabel[centre] = cubie_face_letter[face];
	}
	for (k = 0; k < 54; k++) {
		unsigned char x = (unsigned char)c->f[k];

		f[k] = x < sizeof relabel && relabel[x] != 0 ? relabel[x] : '?';
	}
	f[54] = '\0';
	return cubie_from_facelets(f, out, err);
}

void
cubie_identity(struct cubie *c)
{
	int i;

	for (i = 0; i < 8; i++) {
		c->cp[i] = (uint8_t)i;
		c->co[i] = 0;
	}
	for (i = 0; i < 12; i++) {
		c->ep[i] = (uint8_t)i;
		c->eo[i] = 0;
	}
}

void
cubie_inverse(const struct cubie *c, struct cubie *out)
{
	int i;

	for (i = 0; i < 8; i++) {
		out->cp[c->cp[i]] = (uint8_t)i;
		out->co[c->cp[i]] = (uint8_t)((3 - c->co[i]) % 3);
	}
	for (i = 0; i < 12; i++) {
		out->ep[c->ep[i]] = (uint8_t)i;
		out->eo[c->ep[i]] = c->eo[i];
	}
}

void
cubie_face_turns(struct cubie move[CUBIE_MOVES])
{
	int f, p;

	for (f = 0; f < 6; f++) {
		struct cube c;
		struct cube_move mv;
		char name[2] = {cubie_face_letter[f], '\0'};

		cube_solved(&c, 3);
		cube_move_parse(3, name, &mv, NULL);
		for (p = 0; p < 3; p++) {
			cube_move_do(&c, &mv);
			cubie_from_facelets(c.f, &move[f * 3 + p], NULL);
		}
	}
}

int
cubie_twist(const struct cubie *c)
{
	int i, t = 0;

	for (i = 0; i < 7; i++)
		t = t * 3 + c->co[i];
	return t;
}

void
cubie_set_twist(struct cubie *c, int twist)
{
	int k, s = 0;

	for (k = 6; k >= 0; k--) {
		c->co[k] = (uint8_t)(twist % 3);
		s += twist % 3;
		twist /= 3;
	}
	c->co[7] = (uint8_t)((3 - s % 3) % 3);
}

int
cubie_flip(const struct cubie *c)
{
	int i, t = 0;

	for (i = 0; i < 11; i++)
		t = t * 2 + c->eo[i];
	return t;
}

void
cubie_set_flip(struct cubie *c, int flip)
{
	int k, s = 0;

	for (k = 10; k >= 0; k--) {
		c->eo[k] = (uint8_t)(flip % 2);
		s += flip % 2;
		flip /= 2;
	}
	c->eo[11] = (uint8_t)(s % 2);
}

void
cubie_twist_moves(uint16_t (*out)[CUBIE_MOVES])
{
	struct cubie move[CUBIE_MOVES];
	int i, m;

	cubie_face_turns(move);
	for (i = 0; i < 2187; i++) {
		struct cubie c, d;

		cubie_identity(&c);
		cubie_set_twist(&c, i);
		for (m = 0; m < CUBIE_MOVES; m++) {
			cubie_multiply(&c, &move[m], &d);
			out[i][m] = (uint16_t)cubie_twist(&d);
		}
	}
}

void
cubie_flip_moves(uint16_t (*out)[CUBIE_MOVES])
{
	struct cubie move[CUBIE_MOVES];
	int i, m;

	cubie_face_turns(move);
	for (i = 0; i < 2048; i++) {
		struct cubie c, d;

		cubie_identity(&c);
		cubie_set_flip(&c, i);
		for (m = 0; m < CUBIE_MOVES; m++) {
			cubie_multiply(&c, &move[m], &d);
			out[i][m] = (uint16_t)cubie_flip(&d);
		}
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
