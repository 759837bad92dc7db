/* Moves of every puzzle. Input: a game ID on the first line, then tokens:
 * moves in the puzzle's notation, or undo, redo, restart. Properties: a
 * move that fails leaves the state untouched and says why; one that
 * succeeds has a cost and an inverse that undoes it (where the puzzle's
 * rules allow the move back: struct puzzle's reversible); the game, saved and
 * parsed back, replays to the same position and history, and its text is
 * written the same again; undoing everything returns to the start. */
#include "fuzz.h"

#include "engine/gameid.h"
#include "engine/history.h"
#include "engine/savegame.h"
#include "solvers/registry.h"

#define MAX_TOKENS 2000

static void
play_token(const struct puzzle *p, struct history *h, struct savegame *sg,
    const char *tok, uint64_t ms)
{
	void *before = p->state_dup(h->params, history_state(h), NULL);
	void *work = p->state_dup(h->params, before, NULL);
	struct tw_error err = {0};

	FUZZ_CHECK(before != NULL && work != NULL);
	if (strcmp(tok, "undo") == 0) {
		if (history_undo(h) != NULL)
			FUZZ_CHECK(savegame_add(sg, SAVE_UNDO, ms, NULL, NULL));
	} else if (strcmp(tok, "redo") == 0) {
		if (history_redo(h) != NULL)
			FUZZ_CHECK(savegame_add(sg, SAVE_REDO, ms, NULL, NULL));
	} else if (strcmp(tok, "restart") == 0) {
		if (history_restart(h, NULL))
			FUZZ_CHECK(savegame_add(sg, SAVE_RESTART, ms, NULL, NULL));
	} else if (!p->move_apply(h->params, work, tok, &err)) {
		FUZZ_CHECK(err.msg[0] != '\0');
		FUZZ_CHECK(p->state_equal(h->params, work, before));
		FUZZ_CHECK(!history_move(h, tok, HISTORY_MOVE, NULL));
	} else {
		char *inv = p->move_inverse(h->params, tok, NULL);

		FUZZ_CHECK(p->move_cost(h->params, tok, 0) >= 0);
		FUZZ_CHECK(inv != NULL);
		/* The move back restores the position; where the rules may
		 * forbid it (!reversible), it does so whenever allowed. */
		if (p->move_apply(h->params, work, inv, NULL))
			FUZZ_CHECK(p->state_equal(h->params, work, before));
		else
			FUZZ_CHECK(!p->reversible);
		free(inv);
		FUZZ_CHECK(history_move(h, tok, HISTORY_MOVE, NULL));
		FUZZ_CHECK(savegame_add(sg, SAVE_MOVE, ms, tok, NULL));
	}
	p->state_free(before);
	p->state_free(work);
}

static void
check_save_round_trip(struct savegame *sg, const struct history *h)
{
	const struct puzzle *p = h->puzzle;
	char *text = savegame_format(sg, h, NULL), *again;
	struct savegame back;
	struct history *h2;
	struct tw_error err = {0};

	FUZZ_CHECK(text != NULL);
	if (!savegame_parse(twirl_puzzles, text, strlen(text), &back, &err)) {
		fprintf(stderr, "%s\n%s\n", err.msg, text);
		FUZZ_CHECK(!"a saved game parses");
	}
	h2 = savegame_replay(&back, SIZE_MAX, &err);
	if (h2 == NULL)
		fprintf(stderr, "%s\n", err.msg);
	FUZZ_CHECK(h2 != NULL);
	FUZZ_CHECK(h2->cursor == h->cursor && h2->len == h->len);
	FUZZ_CHECK(p->state_equal(h->params, history_state(h2), history_state(h)));
	again = savegame_format(&back, h2, NULL);
	FUZZ_CHECK(again != NULL && strcmp(text, again) == 0);
	free(again);
	history_free(h2);
	savegame_free(&back);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), *nl, *tok, *save = NULL;
	struct gameid g;
	struct savegame sg;
	struct history *h;
	void *start;
	uint64_t ms = 0;
	int tokens = 0;

	if (text == NULL)
		return 0;
	nl = strchr(text, '\n');
	if (nl != NULL)
		*nl = '\0';
	if (!gameid_parse(twirl_puzzles, text, &g, NULL)) {
		free(text);
		return 0;
	}
	start = gameid_start_state(&g, 1, NULL);
	if (start == NULL) {
		gameid_free(&g);
		free(text);
		return 0;
	}
	FUZZ_CHECK(savegame_init(&sg, g.puzzle, g.params, NULL, start, NULL));
	h = history_new(g.puzzle, g.params, start, NULL);
	FUZZ_CHECK(h != NULL);
	if (nl != NULL) {
		for (tok = strtok_r(nl + 1, " \t\r\n", &save); tok != NULL && tokens < MAX_TOKENS;
		    tok = strtok_r(NULL, " \t\r\n", &save), tokens++)
			play_token(g.puzzle, h, &sg, tok, ms += 7);
	}
	check_save_round_trip(&sg, h);
	while (history_undo(h) != NULL)
		;
	FUZZ_CHECK(g.puzzle->state_equal(g.params, history_state(h), start));
	history_free(h);
	savegame_free(&sg);
	g.puzzle->state_free(start);
	gameid_free(&g);
	free(text);
	return 0;
}
