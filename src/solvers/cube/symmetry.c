#include "solvers/cube/symmetry.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* Everything is derived from the spatial maps of the four generators on
 * the 54 facelets: the cubie-level conjugation (fast, used to build the
 * tables) and the move map. */
static struct {
	uint8_t place[SYM_COUNT][54];       /* facelet i goes to place[s][i] */
	char colour[SYM_COUNT][128];        /* colour letters renamed */
	/* Cubie level: corner place i goes to corner_place[s][i], its
	 * clockwise facelet k to corner_turn[s][i][k]; corner piece j becomes
	 * corner_piece[s][j], whose first colour was its colour number
	 * corner_first[s][j]. Edges likewise, with a flip of the place's and
	 * the piece's sticker order. */
	uint8_t corner_place[SYM_COUNT][8], corner_turn[SYM_COUNT][8][3];
	uint8_t corner_piece[SYM_COUNT][8], corner_first[SYM_COUNT][8];
	uint8_t edge_place[SYM_COUNT][12], edge_place_flip[SYM_COUNT][12];
	uint8_t edge_piece[SYM_COUNT][12], edge_piece_flip[SYM_COUNT][12];
	uint8_t mult[SYM_COUNT][SYM_COUNT], inv[SYM_COUNT];
	uint8_t move[SYM_COUNT][CUBIE_MOVES];
} S;

static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The map of a whole-cube rotation (x, y, z ... as the engine turns). */
static void
rotation_map(const char *alg, uint8_t place[54])
{
	struct cube c;
	int i;

	cube_solved(&c, 3);
	for (i = 0; i < 54; i++)
		c.f[i] = (char)('A' + i);
	cube_apply_alg(&c, alg, NULL);
	for (i = 0; i < 54; i++)
		place[c.f[i] - 'A'] = (uint8_t)i;
}

static int
face_of(int facelet)
{
	return facelet / 9;
}

static void
build(void)
{
	static const char *const turns[] = {"x", "x'", "y", "y'", "z", "z'"};
	uint8_t urf3[54], f2[54], u4[54], lr2[54];
	int s, i, j, k, a, b;
	struct cubie moves[CUBIE_MOVES];

	/* URF3: the product of two quarter rotations that takes the U
	 * centre (facelet 4) to R (13), R to F (22) and F to U. */
	for (a = 0; a < 6; a++) {
		for (b = 0; b < 6; b++) {
			char alg[8];

			snprintf(alg, sizeof alg, "%s %s", turns[a], turns[b]);
			rotation_map(alg, urf3);
			if (urf3[4] == 13 && urf3[13] == 22 && urf3[22] == 4)
				goto found;
		}
	}
found:
	rotation_map("z2", f2);
	rotation_map("y", u4);
	/* The mirror: R and L trade places, every face's columns reverse
	 * (each face is drawn as seen from outside). */
	for (i = 0; i < 54; i++) {
		int f = face_of(i), r = i % 9 / 3, col = i % 3;

		if (f == 1)
			f = 4;
		else if (f == 4)
			f = 1;
		lr2[i] = (uint8_t)(f * 9 + r * 3 + 2 - col);
	}
	for (s = 0; s < SYM_COUNT; s++) {
		int pa = s / 16, pb = s / 8 % 2, pc = s / 2 % 4, pd = s % 2;

		for (i = 0; i < 54; i++) {
			int p = i;

			for (k = 0; k < pd; k++)
				p = lr2[p];
			for (k = 0; k < pc; k++)
				p = u4[p];
			for (k = 0; k < pb; k++)
				p = f2[p];
			for (k = 0; k < pa; k++)
				p = urf3[p];
			S.place[s][i] = (uint8_t)p;
		}
		for (i = 0; i < 6; i++)
			S.colour[s][(unsigned char)cubie_face_letter[i]] =
			    cubie_face_letter[face_of(S.place[s][i * 9 + 4])];
	}
	for (s = 0; s < SYM_COUNT; s++) {
		for (i = 0; i < 8; i++) {
			/* Where the place's facelets go, and what the piece's
			 * colours become. */
			for (j = 0; j < 8; j++)
				for (k = 0; k < 3; k++)
					if (S.place[s][cubie_corner_facelet[i][0]] == cubie_corner_facelet[j][k])
						S.corner_place[s][i] = (uint8_t)j;
			for (k = 0; k < 3; k++) {
				int to = S.place[s][cubie_corner_facelet[i][k]], o;

				for (o = 0; o < 3; o++)
					if (cubie_corner_facelet[S.corner_place[s][i]][o] == to)
						S.corner_turn[s][i][k] = (uint8_t)o;
			}
			for (j = 0; j < 8; j++) {
				for (k = 0; k < 3; k++) {
					char c0 = S.colour[s][(unsigned char)cubie_corner_colour[i][k]];
					int o;

					if (c0 != cubie_corner_colour[j][0])
						continue;
					/* Piece i's colour k is piece j's first colour:
					 * j is the image if the colour sets agree. */
					for (o = 0; o < 3; o++) {
						char c = S.colour[s][(unsigned char)cubie_corner_colour[i][o]];

						if (strchr(cubie_corner_colour[j], c) == NULL)
							break;
					}
					if (o == 3) {
						S.corner_piece[s][i] = (uint8_t)j;
						S.corner_first[s][i] = (uint8_t)k;
					}
				}
			}
		}
		for (i = 0; i < 12; i++) {
			for (j = 0; j < 12; j++)
				for (k = 0; k < 2; k++)
					if (S.place[s][cubie_edge_facelet[i][0]] == cubie_edge_facelet[j][k]) {
						S.edge_place[s][i] = (uint8_t)j;
						S.edge_place_flip[s][i] = (uint8_t)k;
					}
			for (j = 0; j < 12; j++) {
				char c0 = S.colour[s][(unsigned char)cubie_edge_colour[i][0]];
				char c1 = S.colour[s][(unsigned char)cubie_edge_colour[i][1]];

				if (c0 == cubie_edge_colour[j][0] && c1 == cubie_edge_colour[j][1]) {
					S.edge_piece[s][i] = (uint8_t)j;
					S.edge_piece_flip[s][i] = 0;
				} else if (c0 == cubie_edge_colour[j][1] && c1 == cubie_edge_colour[j][0]) {
					S.edge_piece[s][i] = (uint8_t)j;
					S.edge_piece_flip[s][i] = 1;
				}
			}
		}
	}
	for (s = 0; s < SYM_COUNT; s++) {
		for (a = 0; a < SYM_COUNT; a++) {
			for (b = 0; b < SYM_COUNT; b++) {
				for (i = 0; i < 54; i++)
					if (S.place[b][i] != S.place[s][S.place[a][i]])
						break;
				if (i == 54)
					S.mult[s][a] = (uint8_t)b;
			}
		}
	}
	for (s = 0; s < SYM_COUNT; s++)
		for (a = 0; a < SYM_COUNT; a++)
			if (S.mult[s][a] == 0)
				S.inv[s] = (uint8_t)a;
	cubie_face_turns(moves);
	for (s = 0; s < SYM_COUNT; s++) {
		for (i = 0; i < CUBIE_MOVES; i++) {
			struct cubie c;

			sym_conjugate(s, &moves[i], &c);
			for (j = 0; j < CUBIE_MOVES; j++)
				if (memcmp(&c, &moves[j], sizeof c) == 0)
					S.move[s][i] = (uint8_t)j;
		}
	}
}

void
sym_init(void)
{
	pthread_once(&once, build);
}

void
sym_conjugate(int s, const struct cubie *c, struct cubie *out)
{
	int i;

	for (i = 0; i < 8; i++) {
		int to = S.corner_place[s][i], j = c->cp[i];

		out->cp[to] = S.corner_piece[s][j];
		out->co[to] = S.corner_turn[s][i][(S.corner_first[s][j] + c->co[i]) % 3];
	}
	sym_conjugate_edges(s, c, out);
}

void
sym_conjugate_edges(int s, const struct cubie *c, struct cubie *out)
{
	int i;

	for (i = 0; i < 12; i++) {
		int to = S.edge_place[s][i], j = c->ep[i];

		out->ep[to] = S.edge_piece[s][j];
		out->eo[to] = (uint8_t)(c->eo[i] ^ S.edge_place_flip[s][i] ^ S.edge_piece_flip[s][j]);
	}
}

void
sym_corner_image(int s, int place, int piece, int twist, int *to_place, int *to_piece,
    int *to_twist)
{
	*to_place = S.corner_place[s][place];
	*to_piece = S.corner_piece[s][piece];
	*to_twist = S.corner_turn[s][place][(S.corner_first[s][piece] + twist) % 3];
}

void
sym_edge_image(int s, int place, int piece, int flip, int *to_place, int *to_piece, int *to_flip)
{
	*to_place = S.edge_place[s][place];
	*to_piece = S.edge_piece[s][piece];
	*to_flip = flip ^ S.edge_place_flip[s][place] ^ S.edge_piece_flip[s][piece];
}

void
sym_conjugate_facelets(int s, const char *f, char *out)
{
	int i;

	for (i = 0; i < 54; i++)
		out[S.place[s][i]] = S.colour[s][(unsigned char)f[i]];
}

int
sym_multiply(int s, int t)
{
	return S.mult[s][t];
}

int
sym_inverse(int s)
{
	return S.inv[s];
}

int
sym_move(int s, int m)
{
	return S.move[s][m];
}
