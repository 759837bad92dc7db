/* Save files: whatever parses and replays is written back (a rewrite),
 * and the rewrite parses and replays to the same position, cursor and
 * events, and is written the same a second time. */
#include "fuzz.h"

#include "engine/history.h"
#include "engine/savegame.h"
#include "solvers/registry.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct savegame sg, back;
	struct history *h, *h2;
	struct tw_error err = {0};
	char *text, *again;

	if (!savegame_parse(twirl_puzzles, (const char *)data, size, &sg, &err)) {
		FUZZ_CHECK(err.msg[0] != '\0');
		savegame_free(&sg);
		return 0;
	}
	h = savegame_replay(&sg, SIZE_MAX, &err);
	if (h == NULL) {
		FUZZ_CHECK(err.msg[0] != '\0');
		savegame_free(&sg);
		return 0;
	}
	text = savegame_format(&sg, h, NULL);
	FUZZ_CHECK(text != NULL);
	FUZZ_CHECK(savegame_parse(twirl_puzzles, text, strlen(text), &back, NULL));
	FUZZ_CHECK(back.nevents == sg.nevents);
	h2 = savegame_replay(&back, SIZE_MAX, NULL);
	FUZZ_CHECK(h2 != NULL);
	FUZZ_CHECK(h2->cursor == h->cursor && h2->len == h->len);
	FUZZ_CHECK(sg.puzzle->state_equal(sg.params, history_state(h), history_state(h2)));
	again = savegame_format(&back, h2, NULL);
	FUZZ_CHECK(again != NULL && strcmp(text, again) == 0);
	free(again);
	free(text);
	history_free(h2);
	history_free(h);
	savegame_free(&back);
	savegame_free(&sg);
	return 0;
}
