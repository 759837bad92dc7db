/* Pieces of the N x N x N cube that the big cubes' reductions share
 * (n4/ to n7/): colours as numbers, permutation parity, a wing's
 * handedness, the outer block turns as facelet permutations, views
 * (whole-cube turns with the colours renamed so that solved stays
 * solved), the maps of space the symmetric tables try, and the
 * breadth-first fill of a distance table. Everything is computed from the facelet engine (cube.h), so
 * every permutation is the engine's own. */
#ifndef TWIRL_CUBE_PIECES_H
#define TWIRL_CUBE_PIECES_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/error.h"
#include "engine/cube/cube.h"
#include "solvers/tablecache.h"

/* Outer block turns, as the 4x4x4 and 5x5x5 phase reductions number them:
 * wide * 3 + quarter turns - 1, faces URFDLB, wide = the outer two
 * layers (Rw), so 36 of them. */
#define CUBE_OUTER_MOVES 36

/* The colour (= home face) 0..5, URFDLB, of facelet of c; 0 for a letter
 * that is not a colour (cube_parse refuses those). */
static inline int cube_colour(const struct cube *c, int facelet)
{
	static const char letters[] = "URFDLB";
	int i;

	for (i = 0; i < 6; i++)
		if (letters[i] == c->f[facelet])
			return i;
	return 0;
}

/* Whether perm (a permutation of 0..n-1, n <= 32) is odd; by its cycles. */
bool cube_odd_permutation(const int *perm, int n);

/* The handedness (0 or 1) of a two-sticker piece with one colour on face
 * fa and the other on face fb (faces 0..5, URFDLB), at the doubled
 * position pos (cube_facelet_position): whether pos . (n_fa x n_fb) > 0,
 * n the faces' outward normals. No turn of the cube changes it, so it
 * tells apart the two wings of one dedge. */
int cube_handedness(int fa, int fb, const int pos[3]);

/* Outer block turn m (0..CUBE_OUTER_MOVES-1) of the n-cube (n <= 10, so
 * that the facelets fit a byte) from cube_move_do: after it, facelet d
 * shows what src[d] showed (src has 6 n^2 entries); name (at least 5
 * bytes) gets "Rw'", "U2"; axis gets 0 for U-D, 1 for R-L, 2 for F-B, and
 * order the block's place along the axis (U 0, Uw 1, Dw 2, D 3), so that
 * a search can take the commuting turns of one axis in one order only. */
void cube_outer_move(int n, int m, uint8_t *src, char *name, uint8_t *axis, uint8_t *order);

/* The outer block turn index (as cube_outer_move numbers them) of a face
 * turn token as the 3x3x3 solver writes it: "U", "R2", "F'" (a face
 * letter URFDLB, then nothing, '2' or '\''). */
int cube_face_turn_move(const char *token);

/* Applies a facelet permutation as cube_outer_move gives it. */
void cube_apply_src(struct cube *c, const uint8_t *src);

/* c turned whole by turn (rotations "z", "y", "x2"...; NULL for none),
 * then recoloured so that the colour now on each face's centres is named
 * after that face (the solved cube stays solved); n >= 3. */
void cube_view_turn(const struct cube *c, const char *turn, struct cube *out);

/* For the view of turn: view_move[m] is the move m' with view(C m') =
 * view(C) m for every outer block turn m, found by trying every m' on
 * the n-cube scrambled by scramble (the moves' facelet permutations in
 * src, 6 n^2 bytes a move). Returns NULL, or a static reason if a move
 * has no single match (a bug). */
const char *cube_view_moves(int n, const uint8_t *src, const char *turn, const char *scramble,
    uint8_t *view_move);

/* Map a (0..47) of space: one of the 48 rotations and reflections as a
 * signed permutation of the axes, (A v)_i = sign_i v_axis_i; map 0 is the
 * identity. The symmetry-reduced tables try each on facelet positions
 * (cube_facelet_position) and keep those that respect their phase. */
void cube_space_map(int a, int *axis, int *sign);

/* A distance table's entry that no breadth-first search reached. */
#define CUBE_TABLE_UNSEEN 0xff

/* Writes state's neighbours (at most 64) to out and returns how many. */
typedef int (*cube_expand_fn)(const void *ctx, uint32_t state, uint32_t *out);

/* Fills table (n entries of one byte: the goals 0, every other entry
 * CUBE_TABLE_UNSEEN) breadth first, level by level, each entry of the
 * last level expanded by next(ctx, ...): afterwards every entry holds its
 * distance from the nearest goal in next's moves, or CUBE_TABLE_UNSEEN if
 * none reaches it. Polls prog->cancel (prog may be NULL) once a level;
 * false with "cancelled" in err then. */
bool cube_table_bfs(uint8_t *table, uint32_t n, cube_expand_fn next, const void *ctx,
    const struct table_progress *prog, struct tw_error *err);

/* Colex ranks of k-subsets of the places 0..23 (masks): the j-th lowest
 * set bit (from 1) at place p adds C(p, j). cube_binomials[n][k] is
 * C(n, k) for n <= 24, k <= 12 (0 when k > n). */
extern const uint32_t cube_binomials[25][13];

/* The mask of the k-subset of 0..n-1 (n <= 24, k <= 12) whose colex rank
 * is rank (less than C(n, k)), found from the top place down. */
uint32_t cube_colex_unrank(uint32_t rank, int n, int k);

/* Byte-wise parts of the colex rank of subsets of at most kmax (<= 12)
 * places: part[(b * (kmax + 1) + c) * 256 + x] is what the bits x of
 * byte b (places 8b..8b+7) add when c lower places are set, so that a
 * 24-bit mask's rank is the sum of three parts (a [3][kmax + 1][256]
 * array). */
void cube_colex_rank_parts(uint32_t *part, int kmax);

/* Merges turns of one block in a row in moves[0..n) (outer block turns
 * as cube_outer_move numbers them: their quarter turns add, a whole turn
 * drops both), in place; returns the new length. *merged_from gets how
 * many of the turns at positions from and later were merged away (a
 * turn that cancels its predecessor counts 2). */
int cube_merge_block_turns(uint8_t *moves, int n, int from, int *merged_from);

#endif
