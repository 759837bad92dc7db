/* What the big cubes' reductions share beyond reduce.h: the progress
 * figure and the cancel check (every size), block turns as single-layer
 * turns, the smaller cubes of grouped layers that the staged reductions
 * (n6/ to odd/) solve, an answer's OBTM, its shares and its replay check,
 * the grouped 5x5x5's colours. */
#ifndef TWIRL_CUBE_GROUPED_H
#define TWIRL_CUBE_GROUPED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/error.h"
#include "engine/movelist.h"
#include "engine/cube/cube.h"
#include "solvers/cube/big/core/reduce.h"

/* Sets opt's phase (if it has one) to phase and its figure (if any) to
 * permille (0..1000) of the part of the solve after the caller's share
 * (opt->progress_from to opt->progress_to). opt may be NULL. */
void cube_reduce_report(const struct cube_reduce_options *opt, const char *phase, int permille);

/* The figure permille (0..1000) of the way from from to opt's end
 * (opt->progress_to, or 1000 if that is 0); opt may be NULL (end 1000). */
int cube_reduce_figure(const struct cube_reduce_options *opt, int from, int permille);

/* Appends the turn of layers first..last (1..n, counted from face's
 * side; face 0..5 = U R F D L B) of an n-cube by quarter turns (1..3,
 * clockwise seen from that face) to turns[*len..] as single-layer turns,
 * numbered as cube_write_layer_turns takes them; turns must have room for
 * last - first + 1 more. */
void cube_push_block_turns(int n, int face, int first, int last, int quarter, uint16_t *turns, int *len);

/* A smaller cube of grouped layers of an n-cube (the staged reductions
 * of even/ and odd/): the n-cube's layers lo[j]..hi[j] (0-based,
 * counted from any face: the groups must be mirror images, lo[j] =
 * n - 1 - hi[k - 1 - j]) turn as its layer j, and its facelet row or
 * column j reads the n-cube's rep[j] (mirror images too). Under turns
 * of whole groups the facelets read move as the k-cube's would, so the
 * k-cube read is one; where every group is one colour it is the n-cube
 * exactly. */
struct cube_grouping {
	int n, k;
	uint8_t lo[CUBE_MAX_N], hi[CUBE_MAX_N], rep[CUBE_MAX_N];
};

/* The k-cube of grouping g that c (an n-cube) reads as, into out. */
void cube_grouping_read(const struct cube *c, const struct cube_grouping *g, struct cube *out);

/* Whether every facelet of c shows its group's colour; false with the
 * first that does not ("facelet U23 splits from its group") in err. */
bool cube_grouping_whole(const struct cube *c, const struct cube_grouping *g, struct tw_error *err);

/* Turns layers first..last (1-based, of the k-cube) about face (0..5) by
 * quarter (1..3) clockwise quarter turns on c, appending the n-cube's
 * single-layer turns to turns[*len..] (cube_push_block_turns). */
void cube_grouping_turn(struct cube *c, const struct cube_grouping *g, int face, int first, int last,
    int quarter, uint16_t *turns, int *len);

/* The k-cube's answer l (WCA tokens) played on c through g, its turns
 * appended as above; *len_at (may be NULL) set to *len after token
 * at_token (the caller's phase boundary; to *len at the end if l is
 * shorter). Errors: "internal error: the KxKxK solver's turn T" if a
 * token does not parse. */
bool cube_grouping_play(struct cube *c, const struct cube_grouping *g, const struct movelist *l,
    size_t at_token, int *len_at, uint16_t *turns, int *len, struct tw_error *err);

/* Whether opt's caller cancelled (opt may be NULL); if so err says
 * "cancelled". */
bool cube_reduce_cancelled(const struct cube_reduce_options *opt, struct tw_error *err);

/* stats->moves (the rest of *stats zeroed) for an answer of tokens
 * tokens written from the n-cube's layer turns turns, of which
 * turns[0..len_centres) are the centres' and turns[len_centres..
 * len_edges) the edges': each share's written tokens, as
 * cube_big_solve gives them (a run of one axis across a seam is
 * merged in the answer, so a share is the tokens its prefix writes less
 * the one before). */
void cube_stats_from_turns(int n, const uint16_t *turns, int len_centres, int len_edges, long tokens,
    struct cube_reduce_stats *stats);

/* The answer of a staged solver of c (an n-cube): its layer turns
 * turns[0..len) written to out as WCA tokens (cube_write_layer_turns),
 * replayed on c (cube_answer_solves), and, if stats is not NULL, its
 * token shares (cube_stats_from_turns; the seconds left to the caller).
 * On failure out is as it was. Errors: out of memory, the replay's. */
bool cube_staged_answer(const struct cube *c, const uint16_t *turns, int len, int len_centres, int len_edges,
    struct movelist *out, struct cube_reduce_stats *stats, struct tw_error *err);

/* The OBTM (an outer block 1, an inner slice 2) of an n-cube's WCA tokens
 * list->moves[from..list->len); a token that does not parse counts 0. */
long cube_list_obtm(int n, const struct movelist *list, size_t from);

/* c5 (a 5x5x5, facelets as letters) recoloured so that its fixed centres
 * show their faces' letters: a rotation of the colours when the cube's
 * fixed centres are six colours, as a grouped cube's are. */
void cube5_centres_home(struct cube *c5);

/* Whether out->moves[first..out->len) replayed on c by the engine's own
 * parser solve it; false with "internal error: the NxNxN solution does
 * not solve the cube" (and the parser's reason, if one) in err. */
bool cube_answer_solves(const struct cube *c, const struct movelist *out, size_t first, struct tw_error *err);

#endif
