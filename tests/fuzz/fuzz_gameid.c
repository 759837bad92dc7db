/* Game IDs of every puzzle: whatever parses formats back to text that
 * parses to the same thing (format-parse-format is the identity), a state
 * renders, a seed names the same position every time, and a scramble is
 * solvable and unsolved (or refused with a reason). */
#include "fuzz.h"

#include "engine/gameid.h"
#include "solvers/registry.h"

static void
check_params(const struct gameid *g)
{
	const struct puzzle *p = g->puzzle;
	char *text = gameid_format_params(p, g->params, NULL), *again;
	struct gameid g2;

	FUZZ_CHECK(text != NULL);
	FUZZ_CHECK(gameid_parse(twirl_puzzles, text, &g2, NULL));
	FUZZ_CHECK(g2.kind == GAMEID_PARAMS && g2.puzzle == p);
	again = gameid_format_params(p, g2.params, NULL);
	FUZZ_CHECK(again != NULL && strcmp(text, again) == 0);
	free(again);
	gameid_free(&g2);
	free(text);
}

static void
check_state(const struct gameid *g, const void *state)
{
	const struct puzzle *p = g->puzzle;
	char *text = gameid_format_state(p, g->params, state, NULL), *again, *pic;
	struct gameid g2;
	struct tw_error why = {0};

	FUZZ_CHECK(text != NULL);
	FUZZ_CHECK(gameid_parse(twirl_puzzles, text, &g2, NULL));
	FUZZ_CHECK(g2.kind == GAMEID_STATE && g2.puzzle == p);
	FUZZ_CHECK(p->state_equal(g->params, state, g2.state));
	again = gameid_format_state(p, g2.params, g2.state, NULL);
	FUZZ_CHECK(again != NULL && strcmp(text, again) == 0);
	pic = p->state_render(g->params, state, NULL);
	FUZZ_CHECK(pic != NULL);
	if (!p->state_solvable(g->params, state, &why))
		FUZZ_CHECK(why.msg[0] != '\0');
	else if (p->state_is_solved(g->params, state))
		FUZZ_CHECK(p->state_solvable(g->params, state, NULL));
	free(pic);
	free(again);
	gameid_free(&g2);
	free(text);
}

static void
check_scramble(const struct gameid *g)
{
	const struct puzzle *p = g->puzzle;
	struct tw_rng rng;
	struct tw_error err = {0};
	void *s;

	tw_rng_seed(&rng, 12345);
	s = p->scramble(g->params, &rng, &err);
	if (s == NULL) {
		FUZZ_CHECK(err.msg[0] != '\0');
		return;
	}
	FUZZ_CHECK(p->state_solvable(g->params, s, NULL));
	FUZZ_CHECK(!p->state_is_solved(g->params, s));
	check_state(g, s);
	p->state_free(s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	struct gameid g;
	struct tw_error err = {0};

	if (text == NULL)
		return 0;
	if (!gameid_parse(twirl_puzzles, text, &g, &err)) {
		FUZZ_CHECK(err.msg[0] != '\0');
		free(text);
		return 0;
	}
	check_params(&g);
	if (g.kind == GAMEID_STATE) {
		check_state(&g, g.state);
	} else if (g.kind == GAMEID_SEED) {
		void *a = gameid_start_state(&g, 0, &err), *b;

		if (a == NULL) {
			FUZZ_CHECK(err.msg[0] != '\0');
		} else {
			char *id = gameid_format_seed(g.puzzle, g.params, g.seed, NULL);
			struct gameid g2;

			FUZZ_CHECK(id != NULL);
			FUZZ_CHECK(gameid_parse(twirl_puzzles, id, &g2, NULL));
			b = gameid_start_state(&g2, 0, NULL);
			FUZZ_CHECK(b != NULL && g.puzzle->state_equal(g.params, a, b));
			check_state(&g, a);
			g.puzzle->state_free(a);
			g.puzzle->state_free(b);
			gameid_free(&g2);
			free(id);
		}
	} else {
		check_scramble(&g);
	}
	gameid_free(&g);
	free(text);
	return 0;
}
