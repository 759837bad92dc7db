/* The centres phase of the greedy reduction (internal.h): the colour
 * scheme, the staged phases and their greedy finish, the face-by-face
 * stages, and the wing orbits made even before the third face. */
#include "solvers/cube/big/greedy/internal.h"

#include <string.h>

static int
centre_count(const struct rtab *t, const uint8_t *col, int face, int colour)
{
	int i, nn = t->n * t->n, sum = 0;

	for (i = face * nn; i < (face + 1) * nn; i++)
		sum += t->centre[i] && col[i] == colour;
	return sum;
}

/* The colour each face gets: on odd cubes the middle centre's, on even
 * cubes a turn of the colour scheme: the one with the most centres in
 * place, or on tries 6, 7 ... the second most, and so on. */
void
rd_choose_scheme(struct run *r)
{
	const struct rtab *t = r->t;
	int n = t->n, f, i, k, sum[24];
	uint8_t scheme[24][6];
	bool used[24] = {false};

	if (n % 2 == 1) {
		for (f = 0; f < 6; f++)
			r->face_colour[f] = r->col[f * n * n + (n / 2) * n + n / 2];
		return;
	}
	for (i = 0; i < 24; i++) {
		struct cube turned;

		cube_solved(&turned, 3);
		cube_apply_alg(&turned, rd_rot[i], NULL);
		sum[i] = 0;
		for (f = 0; f < 6; f++) {
			scheme[i][f] = (uint8_t)(strchr(rd_face_letter, turned.f[f * 9 + 4]) - rd_face_letter);
			sum[i] += centre_count(t, r->col, f, scheme[i][f]);
		}
	}
	for (k = 0; k <= r->variant / 6 % 24; k++) {
		int best = -1;

		for (i = 0; i < 24; i++)
			if (!used[i] && (best < 0 || sum[i] > sum[best]))
				best = i;
		used[best] = true;
		memcpy(r->face_colour, scheme[best], 6);
	}
}

static int
opposite(int f)
{
	return (f + 3) % 6;
}

/* Finishes staged phase A or B where the beam stalled: the greedy steps on
 * the colours seen as the phases see them (0 for the first axis's, 1 for
 * the second's, 2 for the rest), the earlier phase's faces kept. */
static bool
stage_finish(struct run *r, struct stage *st, int frame, int phase)
{
	const struct rtab *t = r->t;
	const uint16_t *turned = t->rot + (size_t)frame * (size_t)t->nf;
	int n = t->n, nn = n * n, per = (n - 2) * (n - 2) - n % 2, map[6], f, i;
	int before = r->phase[REDUCE_CENTRES].len;
	uint8_t real[MAXF];
	bool ok;

	for (f = 0; f < 6; f++) {
		int c = r->face_colour[turned[f * nn + nn / 2] / nn];

		map[c] = f % 3 == 0 ? 0 : f % 3 == 1 && phase == STAGE_B ? 1 : 2;
	}
	memset(st->cls, CLS_NONE, sizeof st->cls);
	for (i = 0; i < t->nf; i++) {
		int m = map[r->face_colour[i / nn]];

		st->tgt[i] = (uint8_t)m;
		if (t->centre[i] && m == phase)
			st->cls[i] = CLS_T;
		else if (t->centre[i] && m < phase)
			st->cls[i] = CLS_P;
	}
	if (n % 2 == 1)
		for (f = 0; f < 6; f++)
			st->cls[f * nn + (n / 2) * n + n / 2] = CLS_P;
	st->edges = false;
	memcpy(real, r->col, sizeof real);
	for (i = 0; i < t->nf; i++)
		r->col[i] = (uint8_t)map[r->col[i]];
	ok = rd_run_stage(r, st, 2 * per, REDUCE_CENTRES, rd_stage_progress(phase, 0, 1),
	    rd_stage_progress(phase, 1, 1), n <= 7 ? 3 : 2, n <= 5 ? 2 : 1);
	memcpy(r->col, real, sizeof real);
	for (i = before; i < r->phase[REDUCE_CENTRES].len; i++)
		rd_apply_plain(t, r->col, r->phase[REDUCE_CENTRES].m[i]);
	return ok;
}

/* The staged phases A, B, C in the try's frame (first axis by the try,
 * second by the try / 3); A and B are finished by greedy steps where the
 * beam stalls, C by the face-by-face stages after. */
static bool
stage_centres(struct run *r, struct stage *st)
{
	int first = r->variant % 3, second = (first + 1 + r->variant / 3 % 2) % 3, ph;
	int frame = rd_stage_frame(r->t, first, second);

	for (ph = 0; ph <= STAGE_C; ph++) {
		int got = rd_stage_beam(r, frame, ph, rd_stage_width[r->t->n]);

		if (got < 0)
			return false;
		if (got == 0) {
			if (ph == STAGE_C)
				break;
			if (!stage_finish(r, st, frame, ph))
				return false;
		}
	}
	return true;
}

/* The right centres on the four faces off the axis. */
static int
side_centres(const struct run *r, int axis)
{
	int f, sum = 0;

	for (f = 0; f < 6; f++)
		if (f % 3 != axis)
			sum += centre_count(r->t, r->col, f, r->face_colour[f]);
	return sum;
}

/* With the first two (opposite) faces done: one quarter turn of an inner
 * slice about their axis for each odd wing orbit (layer j or n-1-j, either
 * way: of the 4 per orbit, the turns that leave a side face with the most
 * of its centres), so that the edges need no wing swap; then the third
 * face and the last three again (order[2..5]). Not where the turns would
 * take more than n-2 right centres off the side faces an orbit (a quarter
 * of what one takes off finished side faces, as on a reduced cube with
 * OLL parity): there the swap or the parity sequence is cheaper. */
static bool
even_wing_orbits(struct run *r, int *order)
{
	const struct rtab *t = r->t;
	int n = t->n, axis = order[0] % 3, orb[CUBE_MAX_N], nodd = 0, ncombo = 1;
	int j, combo, f, k, most = -1, best = -1, before = side_centres(r, axis);
	unsigned odd = rd_wing_parity(t, r->col, r->face_colour);
	uint16_t turn[CUBE_MAX_N], kept[CUBE_MAX_N];
	uint8_t save[MAXF];
	bool used[6] = {false};

	for (j = 1; 2 * j < n - 1; j++)
		if (odd & (1u << j)) {
			orb[nodd++] = j;
			ncombo *= 4;
		}
	if (nodd == 0)
		return true;
	memcpy(save, r->col, sizeof save);
	for (combo = 0; combo < ncombo; combo++) {
		int c = combo, top = 0;

		for (j = 0; j < nodd; j++, c /= 4) {
			turn[j] = (uint16_t)move_index(n, axis, c % 2 ? n - 1 - orb[j] : orb[j], c / 2 % 2 ? 3 : 1);
			rd_apply_plain(t, r->col, turn[j]);
		}
		for (f = 0; f < 6; f++) {
			int got = centre_count(t, r->col, f, r->face_colour[f]);

			if (f % 3 != axis && got > top)
				top = got;
		}
		if (top > most) {
			most = top;
			memcpy(kept, turn, sizeof kept);
		}
		memcpy(r->col, save, sizeof save);
	}
	for (j = 0; j < nodd; j++)
		rd_apply_plain(t, r->col, kept[j]);
	if (side_centres(r, axis) + (n - 2) * nodd < before) {
		memcpy(r->col, save, sizeof save);
		return true;
	}
	if (!rd_seq_push_moves(t, &r->phase[REDUCE_CENTRES], kept, nodd)) {
		tw_error_set_kind(r->err, TW_ERROR_NO_MEMORY, "out of memory");
		return false;
	}
	used[order[0]] = used[order[1]] = true;
	for (f = 0; f < 6; f++) {
		int got = centre_count(t, r->col, f, r->face_colour[f]);

		if (!used[f] && got > best) {
			best = got;
			order[2] = f;
		}
	}
	order[3] = opposite(order[2]);
	used[order[2]] = used[order[3]] = true;
	for (f = 0, k = 4; f < 6; f++)
		if (!used[f])
			order[k++] = f;
	return true;
}

bool
rd_solve_centres(struct run *r, struct stage *st)
{
	const struct rtab *t = r->t;
	int n = t->n, nn = n * n, per = (n - 2) * (n - 2) - n % 2, order[6], done = 0, i, f;
	bool used[6] = {false};
	int depth = n <= 7 ? 3 : 2;
	/* Progress after the staged phases. */
	int base = rd_stage_width[n] > 0 ? rd_stage_progress(STAGE_C, 1, 1) :
	    rd_first_face_width[n] > 0 ? rd_stage_progress(STAGE_F1, 1, 1) : 0;

	st->keep_parity = false;
	if (rd_stage_width[n] > 0 && !stage_centres(r, st))
		return false;

	/* The face with most of its centres first (try v: the v-th most),
	 * its opposite, the best of the four left, then the last three. */
	for (i = 0; i < 6; i++) {
		int best = -1, bf = 0;

		if (i == 0) {
			int rank[6], k;

			for (f = 0; f < 6; f++)
				rank[f] = centre_count(t, r->col, f, r->face_colour[f]) * 8 + 7 - f;
			for (k = 0; k <= r->variant % 6; k++) {
				for (f = 0, bf = -1; f < 6; f++)
					if (!used[f] && (bf < 0 || rank[f] > rank[bf]))
						bf = f;
				used[bf] = true;
			}
			memset(used, 0, sizeof used);
			order[0] = bf;
			used[bf] = true;
			continue;
		}
		if (i == 1 || i == 3) {
			order[i] = opposite(order[i - 1]);
			used[order[i]] = true;
			continue;
		}
		for (f = 0; f < 6; f++) {
			int c = centre_count(t, r->col, f, r->face_colour[f]);

			if (!used[f] && c > best) {
				best = c;
				bf = f;
			}
		}
		order[i] = bf;
		used[bf] = true;
	}
	/* The first face by beam search (phase F1), as far as it gets; the
	 * greedy steps below finish it. */
	if (rd_first_face_width[n] > 0 && rd_stage_width[n] == 0 &&
	    rd_stage_beam(r, rd_stage_frame(t, order[0], (order[0] + 1) % 6), STAGE_F1,
	    rd_first_face_width[n]) < 0)
		return false;
	memset(st->cls, CLS_NONE, sizeof st->cls);
	for (i = 0; i < t->nf; i++)
		st->tgt[i] = r->face_colour[i / nn];
	st->edges = false;
	for (i = 0; i < 4; i++) {
		int k, last = i == 3 ? 6 : i + 1, goal = 0;


		if (i == 2 && r->even_wings) {
			if (!even_wing_orbits(r, order))
				return false;
			st->keep_parity = rd_wing_parity(t, r->col, r->face_colour) == 0;
		}
		/* The second face by beam search (phase F2), as far as it
		 * gets; the greedy steps finish it. */
		if (i == 1 && rd_second_face_width[n] > 0 &&
		    rd_face_beam_run(r, t->f2, order[0], (order[0] + 1) % 6, rd_second_face_width[n],
		    base + (500 - base) / 6, base + (500 - base) * 2 / 6) < 0)
			return false;

		for (k = done; k < last; k++) {
			int p;

			for (p = order[k] * nn; p < (order[k] + 1) * nn; p++)
				if (t->centre[p])
					st->cls[p] = CLS_T;
		}
		/* Odd cubes: the middle centres fix the colours; they stay. */
		if (n % 2 == 1)
			for (f = 0; f < 6; f++)
				st->cls[f * nn + (n / 2) * n + n / 2] = CLS_P;
		for (k = 0; k < last; k++)
			goal += per;
		for (k = 0; k < done; k++)
			goal -= per;
		if (!rd_run_stage(r, st, goal, REDUCE_CENTRES, base + (500 - base) * done / 6,
		    base + (500 - base) * last / 6, depth, 1))
			return false;
		for (k = done; k < last; k++) {
			int p;

			for (p = order[k] * nn; p < (order[k] + 1) * nn; p++)
				if (t->centre[p])
					st->cls[p] = CLS_P;
		}
		done = last;
	}
	st->keep_parity = false;
	return true;
}
