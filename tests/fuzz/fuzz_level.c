/* Rolling-cube level files: what parses is a board and a position whose
 * game ID parses back to the same board and position; solvability is
 * decided (with a reason when not). */
#include "fuzz.h"

#include "engine/gameid.h"
#include "engine/rollcube/rollcube.h"
#include "solvers/registry.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), *name = NULL, *id, *ps, *ps2;
	struct rollcube_params params;
	struct rollcube_state start;
	struct tw_error err = {0};
	struct gameid g;

	if (text == NULL)
		return 0;
	if (!rollcube_level_parse(text, &params, &start, &name, &err)) {
		FUZZ_CHECK(err.msg[0] != '\0');
		FUZZ_CHECK(name == NULL);
		free(text);
		return 0;
	}
	id = gameid_format_state(&rollcube_puzzle, &params, &start, NULL);
	FUZZ_CHECK(id != NULL);
	FUZZ_CHECK(gameid_parse(twirl_puzzles, id, &g, NULL));
	FUZZ_CHECK(g.kind == GAMEID_STATE);
	FUZZ_CHECK(rollcube_puzzle.state_equal(&params, g.state, &start));
	ps = rollcube_puzzle.params_format(&params, NULL);
	ps2 = rollcube_puzzle.params_format(g.params, NULL);
	FUZZ_CHECK(ps != NULL && ps2 != NULL && strcmp(ps, ps2) == 0);
	if (!rollcube_puzzle.state_solvable(&params, &start, &err))
		FUZZ_CHECK(err.msg[0] != '\0');
	free(ps);
	free(ps2);
	gameid_free(&g);
	free(id);
	free(name);
	rollcube_params_clear(&params);
	free(text);
	return 0;
}
