/* The N x N x N cube as facelets (docs/notation.md, "Cube": the facelet string
 * in URFDLB order, 6 N^2 letters, each face read row by row as seen from
 * outside: U with B at its top edge, D with F at its top edge, side faces
 * with U at their top edge; the Kociemba format generalised to N).
 *
 * Moves follow WCA notation with SiGN extensions: R U F L D B, with ' and
 * 2; wide Rw (= 2Rw), 3Rw; inner slices 2R; M E S on odd N; rotations
 * x y z; lower-case r = Rw. A move turns a set of layers about one axis;
 * moves are computed geometrically (every facelet's position and normal
 * rotated), so every N uses the same code. */
#ifndef TWIRL_CUBE_H
#define TWIRL_CUBE_H

#include <stdbool.h>

#include "engine/error.h"

#define CUBE_MIN_N 2
#define CUBE_MAX_N 11
#define CUBE_MAX_FACELETS (6 * CUBE_MAX_N * CUBE_MAX_N)

enum cube_face { FACE_U, FACE_R, FACE_F, FACE_D, FACE_L, FACE_B };

struct cube {
	int n;
	char f[CUBE_MAX_FACELETS + 1];   /* 'U','R','F','D','L','B'; NUL-ended */
};

/* A parsed move: layers first..last (1 = the named face's outer layer)
 * turned about the axis of face by quarter turns (1, 2 or 3 clockwise as
 * seen from that face). */
struct cube_move {
	enum cube_face face;     /* U, R or F axis for x y z, L D F for M E S */
	int first, last;         /* layers, 1..n */
	int turns;               /* 1, 2, 3 */
	char name[8];            /* how it is written: "R", "3Rw", "M", "x" */
};

/* The solved cube of size n (2..11). */
void cube_solved(struct cube *c, int n);

/* Every face one colour (in any whole-cube orientation). */
bool cube_is_solved(const struct cube *c);

/* Parses a facelet string of 6 n^2 letters from URFDLB with n^2 of each.
 * Errors: wrong length (naming the sizes that would fit), a bad letter
 * and where, wrong sticker counts. */
bool cube_parse(struct cube *c, int n, const char *text, struct tw_error *err);

/* Parses one move for a cube of size n. Errors name the token. */
bool cube_move_parse(int n, const char *text, struct cube_move *mv,
    struct tw_error *err);

/* Writes a move canonically ("R", "R'", "R2", "3Rw'", "2R", "x2"). */
void cube_move_format(const struct cube_move *mv, char *buf, size_t size);

/* The other stickers of the piece that holds facelet (0 for a centre, 1
 * for an edge, 2 for a corner), written to other[]; returns how many. */
int cube_partners(int n, int facelet, int other[2]);

/* Where facelet (index into the facelet string of an n-cube) sits, in
 * doubled coordinates: x towards R, y towards U, z towards F; cubie
 * centres at odd (n even) or even (n odd) values -n+1..n-1, the sticker's
 * own face at +-n. */
void cube_facelet_position(int n, int facelet, int p[3]);

/* Whether facelet (index into the facelet string) turns with mv. */
bool cube_move_touches(int n, const struct cube_move *mv, int facelet);

/* Applies a parsed move. */
void cube_move_do(struct cube *c, const struct cube_move *mv);

/* Parses and applies a space-separated algorithm; on an error nothing is
 * applied and the message says "move K (TOKEN): reason". */
bool cube_apply_alg(struct cube *c, const char *alg, struct tw_error *err);

/* The inverse of a move (R -> R', R2 -> R2). */
struct cube_move cube_move_inverse(const struct cube_move *mv);

/* Writes the WCA/SiGN name of one layer of an n-cube: layer (1..n, 1 at
 * the U, R or F face) of axis (0 U-D, 1 R-L, 2 F-B), named from the
 * nearer face: "U", "2U", "3D", "D"; the 3x3x3's middle layers "E", "M",
 * "S". A quarter turn of it is the name, the other way the name and '. */
void cube_layer_name(int n, int axis, int layer, char *buf, size_t size);

/* The metrics a cube's moves are counted in (twirl solve --metric):
 * CUBE_HTM and CUBE_OBTM count a turn of any block that holds an outer
 * layer (R, Rw, 3Rw) as 1 and an inner slice (2R, M) as 2, the way the
 * big-cube solvers report; CUBE_QTM the same with half turns 2;
 * CUBE_BTM any block 1; CUBE_STM single-layer turns (a block of k of the
 * n layers is min(k, n - k) of them); CUBE_SQTM single-layer quarter
 * turns, the integer-programming paper's count ([Cube IP],
 * docs/papers.md): as CUBE_STM with a half turn 2. Rotations count 0 in
 * all. */
enum cube_metric { CUBE_HTM, CUBE_QTM, CUBE_OBTM, CUBE_STM, CUBE_BTM, CUBE_SQTM };

/* The metrics' names in the order of enum cube_metric, NULL-ended: "htm",
 * "qtm", "obtm", "stm", "btm", "sqtm". */
extern const char *const cube_metrics[];

/* The cost of mv on an n-cube in metric. */
long cube_move_metric_cost(int n, const struct cube_move *mv, enum cube_metric metric);

#endif
