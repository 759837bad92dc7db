#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/movelist.h"

static void
join_puts_single_spaces_between_moves(void **unused)
{
	struct movelist l = MOVELIST_EMPTY;
	char *s;
	int i;

	(void)unused;
	s = movelist_join(&l, NULL);
	assert_string_equal(s, "");
	free(s);
	for (i = 0; i < 40; i++)
		assert_true(movelist_push(&l, i % 2 ? "W2^3" : "N1", NULL));
	assert_int_equal(l.len, 40);
	s = movelist_join(&l, NULL);
	assert_int_equal(strlen(s), 20 * 4 + 20 * 2 + 39);
	assert_memory_equal(s, "N1 W2^3 N1", 10);
	free(s);
	movelist_clear(&l);
	assert_int_equal(l.len, 0);
}

static void
split_reads_tokens_between_any_whitespace(void **unused)
{
	struct movelist l = MOVELIST_EMPTY;

	(void)unused;
	assert_true(movelist_split(&l, "  E2\tW1^2\n\nS3 ", NULL));
	assert_int_equal(l.len, 3);
	assert_string_equal(l.moves[0], "E2");
	assert_string_equal(l.moves[1], "W1^2");
	assert_string_equal(l.moves[2], "S3");
	movelist_clear(&l);
	assert_true(movelist_split(&l, "", NULL));
	assert_int_equal(l.len, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(join_puts_single_spaces_between_moves),
		cmocka_unit_test(split_reads_tokens_between_any_whitespace),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
