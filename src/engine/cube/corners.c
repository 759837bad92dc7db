/* The 2x2x2 at the cubie level (corners.h). */
#include "engine/cube/corners.h"

#include <string.h>

const int cube2_corner_facelet[8][3] = {
	/* U=0 R=4 F=8 D=12 L=16 B=20; index = face*4 + row*2 + col */
	{0 + 3, 4 + 0, 8 + 1},      /* URF: U(1,1) R(0,0) F(0,1) */
	{0 + 2, 8 + 0, 16 + 1},     /* UFL: U(1,0) F(0,0) L(0,1) */
	{0 + 0, 16 + 0, 20 + 1},    /* ULB: U(0,0) L(0,0) B(0,1) */
	{0 + 1, 20 + 0, 4 + 1},     /* UBR: U(0,1) B(0,0) R(0,1) */
	{12 + 1, 8 + 3, 4 + 2},     /* DFR: D(0,1) F(1,1) R(1,0) */
	{12 + 0, 16 + 3, 8 + 2},    /* DLF: D(0,0) L(1,1) F(1,0) */
	{12 + 2, 20 + 3, 16 + 2},   /* DBL: D(1,0) B(1,1) L(1,0) */
	{12 + 3, 4 + 3, 20 + 2},    /* DRB: D(1,1) R(1,1) B(1,0) */
};

const char cube2_corner_colour[8][3] = {
	{'U', 'R', 'F'}, {'U', 'F', 'L'}, {'U', 'L', 'B'}, {'U', 'B', 'R'},
	{'D', 'F', 'R'}, {'D', 'L', 'F'}, {'D', 'B', 'L'}, {'D', 'R', 'B'},
};

static char
opposite(char c)
{
	switch (c) {
	case 'U': return 'D';
	case 'D': return 'U';
	case 'R': return 'L';
	case 'L': return 'R';
	case 'F': return 'B';
	default: return 'F';
	}
}

bool
cube2_read_corners(const char *f, struct cube2_corners *c, struct tw_error *err)
{
	bool seen[8] = {false};
	int i, j, o;

	for (i = 0; i < 8; i++) {
		char s[3];

		for (o = 0; o < 3; o++)
			s[o] = f[cube2_corner_facelet[i][o]];
		for (o = 0; o < 3 && s[o] != 'U' && s[o] != 'D'; o++)
			;
		if (o == 3)
			goto bad;
		for (j = 0; j < 8; j++)
			if (cube2_corner_colour[j][0] == s[o] &&
			    cube2_corner_colour[j][1] == s[(o + 1) % 3] &&
			    cube2_corner_colour[j][2] == s[(o + 2) % 3])
				break;
		if (j == 8 || seen[j])
			goto bad;
		seen[j] = true;
		c->cp[i] = (uint8_t)j;
		c->co[i] = (uint8_t)o;
		continue;
bad:
		tw_error_set(err, "the corner at position %d has colours %c%c%c, which no corner has",
		    i + 1, s[0], s[1], s[2]);
		return false;
	}
	for (i = 0, o = 0; i < 8; i++)
		o += c->co[i];
	if (o % 3 != 0) {
		tw_error_set(err, "twisted corner: the corner twists add up to %d, not a multiple of 3", o);
		return false;
	}
	return true;
}

bool
cube2_read_held(const struct cube *c, char f[25], struct cube2_corners *out,
    struct tw_error *err)
{
	const int *dbl = cube2_corner_facelet[CUBE2_DBL];
	char scheme[128];

	memset(scheme, 0, sizeof scheme);
	scheme[(unsigned char)c->f[dbl[0]]] = 'D';
	scheme[(unsigned char)c->f[dbl[1]]] = 'B';
	scheme[(unsigned char)c->f[dbl[2]]] = 'L';
	scheme[(unsigned char)opposite(c->f[dbl[0]])] = 'U';
	scheme[(unsigned char)opposite(c->f[dbl[1]])] = 'F';
	scheme[(unsigned char)opposite(c->f[dbl[2]])] = 'R';
	for (int i = 0; i < 24; i++) {
		f[i] = scheme[(unsigned char)c->f[i]];
		if (f[i] == 0) {
			tw_error_set(err, "the down-back-left corner's colours are not three different, non-opposite faces");
			return false;
		}
	}
	f[24] = '\0';
	return cube2_read_corners(f, out, err);
}

void
cube2_write_corners(const struct cube2_corners *c, char *f)
{
	for (int i = 0; i < 8; i++)
		for (int o = 0; o < 3; o++)
			f[cube2_corner_facelet[i][(o + c->co[i]) % 3]] = cube2_corner_colour[c->cp[i]][o];
}
