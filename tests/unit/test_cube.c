/* The N x N x N facelet engine: hand-checked facelet strings, every move
 * four times is the identity, every move then its inverse is the
 * identity, for every N from 2 to 11; notation and its errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/cube/cube.h"

static void
apply(struct cube *c, const char *alg)
{
	struct tw_error err;

	if (!cube_apply_alg(c, alg, &err))
		fail_msg("%s: %s", alg, err.msg);
}

static void
face_turns_match_hand_checked_strings(void **unused)
{
	static const char *const want[][2] = {
		{"R", "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"},
		{"U", "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB"},
		{"F", "UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB"},
		{"D", "UUUUUUUUURRRRRRFFFFFFFFFLLLDDDDDDDDDLLLLLLBBBBBBBBBRRR"},
		{"L", "BUUBUUBUURRRRRRRRRUFFUFFUFFFDDFDDFDDLLLLLLLLLBBDBBDBBD"},
		{"B", "RRRUUUUUURRDRRDRRDFFFFFFFFFDDDDDDLLLULLULLULLBBBBBBBBB"},
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct cube c;

		cube_solved(&c, 3);
		apply(&c, want[i][0]);
		assert_string_equal(c.f, want[i][1]);
	}
}

static const char *const move_names[] = {
	"R", "U", "F", "L", "D", "B", "Rw", "Uw", "Fw", "Lw", "Dw", "Bw",
	"2R", "2U", "2F", "3Rw", "3L", "M", "E", "S", "x", "y", "z", "r", "u",
};

static void
every_move_four_times_and_with_its_inverse_is_the_identity(void **unused)
{
	int n;
	size_t i;

	(void)unused;
	for (n = CUBE_MIN_N; n <= CUBE_MAX_N; n++) {
		struct cube solved, c;

		cube_solved(&solved, n);
		/* A scrambled start, so that the identity is not trivially
		 * met on a solved cube's symmetric faces. */
		c = solved;
		apply(&c, "R U F' L2 D B' R' U2");
		solved = c;
		for (i = 0; i < sizeof move_names / sizeof move_names[0]; i++) {
			struct cube_move mv, inv;
			struct tw_error err;
			int k;

			if (!cube_move_parse(n, move_names[i], &mv, &err))
				continue;   /* e.g. M on even cubes, 3Rw on 2x2x2 */
			c = solved;
			cube_move_do(&c, &mv);
			assert_string_not_equal(c.f, solved.f);
			for (k = 1; k < 4; k++)
				cube_move_do(&c, &mv);
			assert_string_equal(c.f, solved.f);
			inv = cube_move_inverse(&mv);
			c = solved;
			cube_move_do(&c, &mv);
			cube_move_do(&c, &inv);
			assert_string_equal(c.f, solved.f);
		}
	}
}

static void
rotations_and_slices_agree_with_face_turns(void **unused)
{
	struct cube a, b;
	int n;

	(void)unused;
	/* On 3x3x3 the middle slices complete the rotations. */
	cube_solved(&a, 3);
	apply(&a, "R U2 F'");
	b = a;
	apply(&a, "x y z");
	apply(&b, "R M' L' U E' D' F S B'");
	assert_string_equal(a.f, b.f);
	for (n = 2; n <= CUBE_MAX_N; n++) {
		char alg[256], *p = alg;
		int layer;

		/* x is every R-axis layer turned together. */
		cube_solved(&a, n);
		apply(&a, "F2 U' B");
		b = a;
		apply(&a, "x");
		p += sprintf(p, "R L'");
		for (layer = 2; layer < n; layer++)
			p += sprintf(p, " %dR", layer);
		apply(&b, alg);
		assert_string_equal(a.f, b.f);
		/* Rw = R 2R, 3Rw = R 2R 3R, r = Rw. */
		if (n >= 3) {
			cube_solved(&a, n);
			b = a;
			apply(&a, "Rw");
			apply(&b, "R 2R");
			assert_string_equal(a.f, b.f);
			cube_solved(&a, n);
			apply(&a, "r");
			assert_string_equal(a.f, b.f);
		}
		if (n >= 4) {
			cube_solved(&a, n);
			b = a;
			apply(&a, "3Rw'");
			apply(&b, "R' 2R' 3R'");
			assert_string_equal(a.f, b.f);
		}
	}
}

static void
solved_in_any_orientation(void **unused)
{
	struct cube c;

	(void)unused;
	cube_solved(&c, 4);
	apply(&c, "x y2 z'");
	assert_true(cube_is_solved(&c));
	apply(&c, "2R");
	assert_false(cube_is_solved(&c));
}

static void
bad_moves_name_the_token(void **unused)
{
	static const char *const bad[][3] = {
		{"3", "R U Q", "move 3 (Q): bad move 'Q'"},
		{"3", "R3", "bad move 'R3'"},
		{"3", "4R", "layer 4 does not exist on a 3x3x3 cube"},
		{"4", "M", "'M': M is a middle slice, and a 4x4x4 cube has none"},
		{"3", "Rww", "bad move 'Rww'"},
		{"3", "3Rw", "a wide move turns 1 to 2 layers on a 3x3x3 cube"},
		{"2", "Rw", "a wide move turns 1 to 1 layers on a 2x2x2 cube"},
		{"3", "2x", "bad move '2x'"},
		{"3", "rw", "bad move 'rw'"},
		{"4", "0R", "layers are numbered from 1"},
		{"4", "00Rw", "layers are numbered from 1"},
		{"4", "100R", "bad move '100R'"},
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct cube c, before;
		struct tw_error err = {0};

		cube_solved(&c, atoi(bad[i][0]));
		before = c;
		assert_false(cube_apply_alg(&c, bad[i][1], &err));
		if (strstr(err.msg, bad[i][2]) == NULL)
			fail_msg("%s: got '%s', want '%s'", bad[i][1], err.msg, bad[i][2]);
		assert_string_equal(c.f, before.f);
	}
}

static void
moves_are_written_canonically(void **unused)
{
	static const char *const cases[][2] = {
		{"R", "R"}, {"R'", "R'"}, {"R2'", "R2"}, {"3Rw'", "3Rw'"},
		{"2R2", "2R2"}, {"x'", "x'"}, {"M2", "M2"}, {"r", "r"},
		/* Leading zeros dropped: the name is never cut short. */
		{"000002Rw", "2Rw"}, {"0000000003Rw'", "3Rw'"}, {"02R2", "2R2"},
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct cube_move mv;
		char buf[16];

		assert_true(cube_move_parse(5, cases[i][0], &mv, NULL));
		cube_move_format(&mv, buf, sizeof buf);
		assert_string_equal(buf, cases[i][1]);
	}
}

/* A move's inverse, written and parsed back, undoes it, however the
 * move was spelled: a long spelling is never cut (cut to 8 bytes, the
 * inverse of 000002Rw would read 000002R', a different move). */
static void
inverses_of_long_spellings_undo_the_move(void **unused)
{
	static const char *const moves[] = {"000002Rw", "000002Rw'", "0003Lw2",
	    "00000000000004U", "2Rw", "1Rw'", "r", "M'"};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		struct cube c;
		struct cube_move mv, inv;
		char back[16];

		cube_solved(&c, 5);
		apply(&c, "R U2 F' 2D b");
		{
			struct cube start = c;

			assert_true(cube_move_parse(5, moves[i], &mv, NULL));
			inv = cube_move_inverse(&mv);
			cube_move_format(&inv, back, sizeof back);
			apply(&c, moves[i]);
			apply(&c, back);
			if (strcmp(c.f, start.f) != 0)
				fail_msg("%s then %s is not the identity", moves[i], back);
		}
	}
}

static void
facelet_strings_parse_with_reasons(void **unused)
{
	struct cube c;
	struct tw_error err = {0};
	char text[60];

	(void)unused;
	cube_solved(&c, 3);
	assert_true(cube_parse(&c, 3, c.f, NULL));
	assert_false(cube_parse(&c, 3, "UUU", &err));
	assert_non_null(strstr(err.msg, "3 facelets: a 3x3x3 cube has 54"));
	cube_solved(&c, 3);
	strcpy(text, c.f);
	text[10] = 'Q';
	assert_false(cube_parse(&c, 3, text, &err));
	assert_non_null(strstr(err.msg, "facelet 11 (face R, row 1, column 2) is 'Q'"));
	text[10] = 'U';
	assert_false(cube_parse(&c, 3, text, &err));
	assert_non_null(strstr(err.msg, "10 U stickers, a cube has 9 of each colour"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(face_turns_match_hand_checked_strings),
		cmocka_unit_test(every_move_four_times_and_with_its_inverse_is_the_identity),
		cmocka_unit_test(rotations_and_slices_agree_with_face_turns),
		cmocka_unit_test(solved_in_any_orientation),
		cmocka_unit_test(bad_moves_name_the_token),
		cmocka_unit_test(moves_are_written_canonically),
		cmocka_unit_test(inverses_of_long_spellings_undo_the_move),
		cmocka_unit_test(facelet_strings_parse_with_reasons),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
