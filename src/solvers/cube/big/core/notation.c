/* Single-layer turns of an n-cube written as WCA tokens (reduce.h,
 * cube_write_layer_turns), each run about one axis in the fewest tokens;
 * and the slice turn metric. */
#include "solvers/cube/big/core/reduce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char face_letter[] = "URFDLB";

/* A turn m = (axis * n + layer) * 3 + t - 1 (reduce.h). */
static inline int axis_of(int n, int m) { return m / (3 * n); }
static inline int layer_of(int n, int m) { return m / 3 % n; }
static inline int turns_of(int m) { return m % 3 + 1; }

/*
 * Writing moves. A run of turns about one axis is a vector v of net turns
 * per layer; it is written in the fewest tokens (then the fewest inner
 * slices, so the least OBTM, then the fewest slice turns) as outer blocks
 * from the U (R, F) side, outer blocks from the D (L, B) side and single
 * layers. With P[i] the net turn of the U-side blocks that reach layer
 * i and S[i] that of the D-side ones, a U-side block ends where P changes
 * and a D-side one starts where S does, and layer i takes a token of its
 * own when v[i] - P[i] - S[i] is not 0 (mod 4); no block turns every
 * layer (a rotation): P[n-1] = S[0] = 0. The search over P and S is
 * exact, so two runs written together never take more tokens than
 * written apart.
 */
struct token { int axis, lo, hi, t; };

static int
axis_tokens(int n, int axis, const int *v, struct token *out)
{
	/* Costs are tokens * 4096 + inner slices * 64 + slice turns (fewest
	 * tokens, then the least OBTM, then STM); state q = P * 4 + S. */
	enum { TOKEN = 4096, INNER = 64, NONE = 1 << 28 };
	int cost[CUBE_MAX_N][16], back[CUBE_MAX_N][16], state[CUBE_MAX_N];
	int i, q, w, count = 0, best = NONE;

	for (q = 0; q < 16; q++)
		cost[0][q] = q % 4 != 0 ? NONE : ((v[0] - q / 4) % 4 + 4) % 4 != 0 ? TOKEN + 1 : 0;
	for (i = 1; i < n; i++) {
		int up = i < n - i ? i : n - i;   /* slice turns of the blocks changing here */

		for (q = 0; q < 16; q++) {
			int own = ((v[i] - q / 4 - q % 4) % 4 + 4) % 4 != 0 ? TOKEN + 1 + (i < n - 1 ? INNER : 0) : 0;

			cost[i][q] = NONE;
			for (w = 0; w < 16; w++) {
				int c = cost[i - 1][w] + own + (w / 4 != q / 4 ? TOKEN + up : 0) +
				    (w % 4 != q % 4 ? TOKEN + up : 0);

				if (cost[i - 1][w] < NONE && c < cost[i][q]) {
					cost[i][q] = c;
					back[i][q] = w;
				}
			}
		}
	}
	for (q = 0; q < 4; q++)   /* P[n-1] = 0 */
		if (cost[n - 1][q] < best) {
			best = cost[n - 1][q];
			state[n - 1] = q;
		}
	for (i = n - 1; i > 0; i--)
		state[i - 1] = back[i][state[i]];
	for (i = 1; i < n; i++)
		if (state[i - 1] / 4 != state[i] / 4)
			out[count++] = (struct token){axis, 0, i - 1, (state[i - 1] / 4 - state[i] / 4 + 4) % 4};
	for (i = 0; i < n; i++) {
		int left = ((v[i] - state[i] / 4 - state[i] % 4) % 4 + 4) % 4;

		if (left != 0)
			out[count++] = (struct token){axis, i, i, left};
	}
	for (i = 1; i < n; i++)
		if (state[i - 1] % 4 != state[i] % 4)
			out[count++] = (struct token){axis, i, n - 1, (state[i] % 4 - state[i - 1] % 4 + 4) % 4};
	return count;
}

static void
token_text(int n, const struct token *tk, char *buf, size_t size)
{
	static const char *const suffix[4] = {"", "", "2", "'"};
	int k = tk->hi - tk->lo + 1;

	if (tk->lo == 0 && k == 1)
		snprintf(buf, size, "%c%s", face_letter[tk->axis], suffix[tk->t]);
	else if (tk->hi == n - 1 && k == 1)
		snprintf(buf, size, "%c%s", face_letter[tk->axis + 3], suffix[4 - tk->t]);
	else if (tk->lo == 0 || tk->hi == n - 1) {
		char num[12] = "";
		bool near = tk->lo == 0;

		if (k > 2)
			snprintf(num, sizeof num, "%d", k);
		snprintf(buf, size, "%s%cw%s", num,
		    face_letter[tk->axis + (near ? 0 : 3)], suffix[near ? tk->t : 4 - tk->t]);
	}
	else if (tk->lo < n - 1 - tk->lo)
		snprintf(buf, size, "%d%c%s", tk->lo + 1, face_letter[tk->axis], suffix[tk->t]);
	else
		snprintf(buf, size, "%d%c%s", n - tk->lo, face_letter[tk->axis + 3],
		    suffix[4 - tk->t]);
}

/* Runs of one axis are merged on a stack, so a run that cancels out lets
 * its neighbours merge too (R U U' R' is nothing). */
long
cube_write_layer_turns(int n, const uint16_t *moves, int len, struct movelist *out,
    struct tw_error *err)
{
	struct run_v { int axis; int v[CUBE_MAX_N]; } *stack;
	int top = 0, i, k;
	long count = 0;
	struct token tk[2 * CUBE_MAX_N + 2];

	stack = malloc((size_t)(len + 1) * sizeof *stack);
	if (stack == NULL) {
		tw_error_set_kind(err, TW_ERROR_NO_MEMORY, "out of memory");
		return -1;
	}
	for (i = 0; i < len; i++) {
		int axis = axis_of(n, moves[i]);
		bool zero = true;

		if (top == 0 || stack[top - 1].axis != axis) {
			stack[top].axis = axis;
			memset(stack[top].v, 0, sizeof stack[top].v);
			top++;
		}
		stack[top - 1].v[layer_of(n, moves[i])] =
		    (stack[top - 1].v[layer_of(n, moves[i])] + turns_of(moves[i])) % 4;
		for (k = 0; k < n; k++)
			zero = zero && stack[top - 1].v[k] == 0;
		if (zero)
			top--;
	}
	for (i = 0; i < top; i++) {
		int nt = axis_tokens(n, stack[i].axis, stack[i].v, tk);

		for (k = 0; k < nt; k++) {
			char buf[16];

			token_text(n, &tk[k], buf, sizeof buf);
			if (out != NULL && !movelist_push(out, buf, err)) {
				free(stack);
				return -1;
			}
		}
		count += nt;
	}
	free(stack);
	return count;
}

long
cube_move_stm(int n, const struct cube_move *mv)
{
	return cube_move_metric_cost(n, mv, CUBE_STM);
}
