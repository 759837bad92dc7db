/* Generates the level files in data/rollcube: random maps from a fixed seed, kept only
 * when solvable and not trivial (the optimum exceeds the Manhattan
 * distance), graded by optimal length and by how many moves the die could
 * make along the way. Deterministic: the same seed writes the same files.
 * Usage: gen_levels OUTDIR [SEED] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rollcube/rollcube.h"
#include "solvers/registry.h"

#define WANT 24

struct level {
	char text[4096];
	int optimum, manhattan, branching;
	double score;
};

static int
cmp_score(const void *a, const void *b)
{
	const struct level *x = a, *y = b;

	return x->score < y->score ? -1 : x->score > y->score;
}

/* Average number of legal rolls along the optimal path: more choice, more
 * chances to go wrong. */
static int
branching(const struct rollcube_params *p, struct rollcube_state s,
    const struct movelist *path)
{
	int total = 0, d;
	size_t i;

	for (i = 0; i < path->len; i++) {
		for (d = 0; d < 4; d++) {
			struct rollcube_state t = s;

			total += rollcube_roll(p, &t, (enum rollcube_dir)d, NULL);
		}
		rollcube_move_apply(p, &s, path->moves[i], NULL);
	}
	return path->len > 0 ? total * 10 / (int)path->len : 0;
}

int
main(int argc, char **argv)
{
	static const char *const adjectives[] = {"Quiet", "Crooked", "Narrow",
	    "Sunken", "Twisting", "Hidden", "Stony", "Windy", "Patient", "Tilted",
	    "Folded", "Silent"};
	static const char *const nouns[] = {"Lane", "Court", "Steps", "Garden",
	    "Cloister", "Corner", "Yard", "Passage", "Terrace", "Square", "Alley",
	    "Hall"};
	struct level *levels = calloc(200, sizeof *levels);
	struct tw_rng rng;
	int found = 0, tries = 0, i;
	const char *outdir = argc > 1 ? argv[1] : "data/rollcube";

	tw_rng_seed(&rng, argc > 2 ? strtoull(argv[2], NULL, 10) : 20261121);
	while (found < 120 && tries < 200000) {
		struct rollcube_params p;
		struct rollcube_state s;
		struct movelist path = MOVELIST_EMPTY;
		int rows = 4 + (int)tw_rng_below(&rng, 6), cols = 4 + (int)tw_rng_below(&rng, 7);
		int x, y, blocked = (int)tw_rng_below(&rng, 30), labelled = (int)tw_rng_below(&rng, 12);
		char map[16][16];
		size_t used = 0;
		struct level *lv;

		tries++;
		memset(&p, 0, sizeof p);
		p.rows = rows;
		p.cols = cols;
		p.rule = tw_rng_below(&rng, 3) == 0 ? RULE_ABBOTT : RULE_TOP_AFTER;
		p.cells = calloc((size_t)(rows * cols), 1);
		for (y = 0; y < rows; y++)
			for (x = 0; x < cols; x++) {
				uint64_t r = tw_rng_below(&rng, 100);
				int v = CELL_FREE;

				if ((int)r < blocked)
					v = CELL_BLOCKED;
				else if ((int)r < blocked + labelled)
					v = 1 + (int)tw_rng_below(&rng, 6);
				else if (p.rule == RULE_ABBOTT && r > 96)
					v = CELL_WILD;
				p.cells[y * cols + x] = (uint8_t)v;
			}
		s.x = 1 + (int64_t)tw_rng_below(&rng, (uint64_t)cols);
		s.y = 1 + (int64_t)tw_rng_below(&rng, (uint64_t)rows);
		s.gx = 1 + (int64_t)tw_rng_below(&rng, (uint64_t)cols);
		s.gy = 1 + (int64_t)tw_rng_below(&rng, (uint64_t)rows);
		s.die = die_standard;
		s.label = (uint8_t)(tw_rng_below(&rng, 7));   /* 0: any */
		p.cells[(s.y - 1) * cols + s.x - 1] = CELL_FREE;
		p.cells[(s.gy - 1) * cols + s.gx - 1] = CELL_FREE;
		if ((s.x == s.gx && s.y == s.gy) ||
		    !rollcube_bfs(&p, &s, 10000, NULL, &path, NULL)) {
			free(p.cells);
			continue;
		}
		lv = &levels[found];
		lv->optimum = (int)path.len;
		lv->manhattan = (int)(llabs(s.gx - s.x) + llabs(s.gy - s.y));
		if (lv->optimum <= lv->manhattan + 1 || lv->optimum < 8) {
			movelist_clear(&path);
			free(p.cells);
			continue;
		}
		lv->branching = branching(&p, s, &path);
		lv->score = lv->optimum * 10.0 + lv->branching + (p.rule == RULE_ABBOTT ? 25 : 0);
		for (y = rows; y >= 1; y--) {
			for (x = 1; x <= cols; x++) {
				int v = rollcube_cell(&p, x, y);

				map[rows - y][x - 1] = v == CELL_FREE ? '.' : v == CELL_BLOCKED ? '#' :
				    v == CELL_WILD ? '*' : (char)('0' + v);
			}
		}
		used += (size_t)snprintf(lv->text + used, sizeof lv->text - used,
		    "rule=%s\nstart=%lld,%lld\ngoal=%lld,%lld\nlabel=",
		    p.rule == RULE_ABBOTT ? "abbott" : "top-after", (long long)s.x,
		    (long long)s.y, (long long)s.gx, (long long)s.gy);
		if (s.label == 0)
			used += (size_t)snprintf(lv->text + used, sizeof lv->text - used, "any\n");
		else
			used += (size_t)snprintf(lv->text + used, sizeof lv->text - used, "%d\n", s.label);
		used += (size_t)snprintf(lv->text + used, sizeof lv->text - used,
		    "; optimum %d moves (Manhattan distance %d)\n\n", lv->optimum, lv->manhattan);
		for (y = 0; y < rows; y++)
			used += (size_t)snprintf(lv->text + used, sizeof lv->text - used,
			    "%.*s\n", cols, map[y]);
		found++;
		movelist_clear(&path);
		free(p.cells);
	}
	qsort(levels, (size_t)found, sizeof *levels, cmp_score);
	/* Spread WANT levels evenly from the easiest to the hardest found. */
	for (i = 0; i < WANT && found > 0; i++) {
		struct level *lv = &levels[i * (found - 1) / (WANT - 1)];
		char path[512];
		FILE *f;

		snprintf(path, sizeof path, "%s/%02d.level", outdir, i + 1);
		f = fopen(path, "w");
		if (f == NULL) {
			perror(path);
			return 1;
		}
		fprintf(f, "name=%s %s\nauthor=twirl gen_levels\n%s", adjectives[i % 12],
		    nouns[(i * 5 + i / 12) % 12], lv->text);
		fclose(f);
	}
	fprintf(stderr, "gen_levels: %d candidates from %d tries, %d written\n", found,
	    tries, found < WANT ? found : WANT);
	return found >= WANT ? 0 : 1;
}
