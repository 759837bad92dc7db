/* Solver tables cached on disk, one mechanism for every solver.
 *
 * A table is a block of bytes that takes time to compute (a pruning table,
 * a move table, a macro library). table_get returns it from memory if this
 * process has it, else from the cache directory's NAME.tbl (the program
 * gives $XDG_CACHE_HOME/twirl/, by default ~/.cache/twirl/, through
 * table_cache_set_dir) if that file is whole and current, else builds it and
 * writes the file atomically for the next process. A file is trusted only
 * when its header names the same table version, parameters and size and
 * the CRC-32 (zlib) of its payload matches; anything else is rebuilt.
 * Once a settled file has read through to its checksum, a verification
 * record (NAME.verified) keeps its identity, and later processes map it
 * unread while it is unchanged (docs/table-cache.md). A
 * cache directory that cannot be written costs only the rebuild, with one
 * warning (table_cache_take_warning). Tables stay in memory until
 * table_cache_release_all (or the process ends); payloads are mapped
 * read-only (mmap) or, when built here, kept in the builder's buffer.
 *
 * File layout (little-endian, 4,096-byte header so that the payload is
 * page-aligned for mmap):
 *   0   "TWIRLTBL"              magic
 *   8   u32 cache format        TABLE_CACHE_FORMAT
 *   12  u32 table version       spec->version
 *   16  u64 payload bytes       spec->size
 *   24  u32 CRC-32 of payload
 *   28  u32 0
 *   32  char name[64]           spec->name, NUL-padded
 *   96  char params[256]        spec->params, NUL-padded
 *   352 zero to 4096
 *   4096 payload */
#ifndef TWIRL_SYS_TABLECACHE_H
#define TWIRL_SYS_TABLECACHE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/error.h"

#define TABLE_CACHE_FORMAT 1
#define TABLE_HEADER_BYTES 4096
#define TABLE_NAME_MAX 63
#define TABLE_PARAMS_MAX 255

/* Where a build reports and is stopped; every pointer may be NULL. */
struct table_progress {
	atomic_int *progress;          /* 0..1000 over the whole build */
	atomic_bool *cancel;           /* set by the caller: stop, fail "cancelled" */
	_Atomic(const char *) *phase;  /* "building tables" while waiting for another process's build */
	/* The part of *progress this build fills, from..to in thousandths;
	 * both 0 for all of it. A caller that builds several tables gives
	 * each its part, so that one figure runs once from 0 to 1000. */
	int from, to;
	/* Set by the table cache while it builds (else NULL): the build's
	 * own figure, 0..1000 over the table, which each report also
	 * writes, own_from..own_to being this part's share of it (both 0:
	 * all of it); table_cache_building reads it. */
	atomic_int *own;
	int own_from, own_to;
};

/* The part from..to (thousandths) of prog's part, for one of several
 * builds that together fill prog's; prog may be NULL (then so are the
 * part's pointers). */
struct table_progress table_progress_part(const struct table_progress *prog, int from, int to);

/* Reports that the build has done permille (0..1000) of its work: stores
 * it into prog->progress scaled into prog's part (see above). prog and
 * its progress may be NULL. */
void table_progress_report(const struct table_progress *prog, int permille);

struct table_spec {
	/* Unique among all tables, a file name stem of letters, digits and
	 * '-' (at most 63 bytes): "cube3-phase1-prune", "nrp-optimal-3x4k3o". */
	const char *name;
	/* Bumped whenever the builder or the layout changes. */
	uint32_t version;
	/* Everything else the contents depend on, as text (at most 255
	 * bytes), checked against the file: "sym16 twist 2187 flip 2048". */
	const char *params;
	size_t size;                   /* payload bytes, more than 0 */
	/* Fills buf (size bytes, zeroed) and returns true; reports progress
	 * (0..1000) through prog->progress and returns false with
	 * "cancelled" when prog->cancel is set, or another error. ctx is
	 * spec->ctx. Must be deterministic: the same bytes on every machine. */
	bool (*build)(void *buf, size_t size, void *ctx,
	    const struct table_progress *prog, struct tw_error *err);
	void *ctx;
	/* Kept in this process only, never read from or written to disk: for
	 * tables that build faster than a file is written and checked. */
	bool memory_only;
};

/* The table of spec: a read-only block of spec->size bytes, valid until
 * table_cache_release_all. Thread-safe: concurrent callers for one table
 * wait for a single build, and so do other processes (a build holds a
 * lock on one byte of the cache directory's ".twirl-lock" file; a
 * process that waits on it reads the file when it is written; the
 * phase says "building tables" meanwhile, and prog's cancel stops the
 * wait). prog may be NULL. Errors: "cancelled", out of
 * memory, the builder's own, a bad spec (name or params too long). A
 * cache that cannot be read or written is not an error (see
 * table_cache_take_warning). */
const void *table_get(const struct table_spec *spec, const struct table_progress *prog,
    struct tw_error *err);

/* table_get, then the table copied once into anonymous memory with
 * transparent huge pages (2 MB) for a search that reads it at random:
 * with 4 KB pages nearly every such read also misses the TLB. The copy
 * is read-only and lives as long as the table (table_cache_release_all);
 * without the memory for it, the table itself is returned. Later
 * table_get calls return the copy too. When this call is the one that
 * loads or builds the table, the copy replaces it (the file's mapping
 * or the built block is given back, so the table is in memory once);
 * a block table_get gave out before stays valid. prog's cancel, set
 * while the copy is made (64 MB at a time), stops it: the table itself
 * is returned. Errors as table_get. */
/* Whether table_get_huge makes its copy (the default) or returns the
 * table as table_get does, read through the file's mapping: the copy
 * costs its memory's first touch and the copying once, about 1.5 ms a MB
 * on the development machine, and each random read afterwards is 10 to
 * 35 % quicker. A process that solves once and exits gains by going
 * without it: a cube's one-shot solve does, at every size
 * (docs/table-cache.md, "Huge pages"). Process-wide; tables already
 * copied stay so. */
void table_cache_set_huge_copies(bool on);

const void *table_get_huge(const struct table_spec *spec, const struct table_progress *prog,
    struct tw_error *err);

/* Whether a table is being built in this process now: its name (in
 * name, size bytes) and its own progress (0..1000) in *permille. A
 * build reports there as well as in its caller's figure (struct
 * table_progress), for a line of its own in the game. */
bool table_cache_building(char *name, size_t size, int *permille);

/* Whether spec's table is in this process or valid on disk (reads and
 * checks the file: as slow as a load). */
bool table_cached(const struct table_spec *spec);

/* Whether spec's table is in this process or on disk with spec's
 * header and length, without reading the table (a damaged one is
 * found, and rebuilt, when it is loaded): a quick check before asking
 * whether to build, which never waits (false while another thread
 * builds or loads a table). */
bool table_on_disk(const struct table_spec *spec);

/* Once after a write to the cache failed: copies the message (naming the
 * directory and the reason) into msg and returns true; false otherwise. */
bool table_cache_take_warning(char *msg, size_t size);

/* Where the cache's files live: dir (an absolute path, copied; created
 * with its parents when the first table is written), which the program
 * resolves from the user's environment ($XDG_CACHE_HOME/twirl, see
 * docs/table-cache.md). With dir NULL, or until this is called, no file is
 * read or written: tables are built and kept in this process, and the
 * first build warns (table_cache_take_warning) with why_none, the reason
 * there is no directory (NULL: "no cache directory was given"). Call it
 * before any table is asked for; later calls apply to later loads. */
void table_cache_set_dir(const char *dir, const char *why_none);

/* The cache directory table_cache_set_dir gave, created (mode 0700, with
 * its parents) when create. Caller frees. Errors: none was given (its
 * reason), cannot create (the directory and the reason), out of memory. */
char *table_cache_dir(bool create, struct tw_error *err);

/* One file of the cache, for twirl cache status. */
struct table_file {
	char name[TABLE_NAME_MAX + 1];
	char params[TABLE_PARAMS_MAX + 1];
	uint32_t version;
	uint64_t bytes;                /* payload */
	bool valid;                    /* header whole and checksum matches */
	const char *problem;           /* why not valid, static text */
};

/* Every *.tbl file of the cache directory, in name order, each checked
 * (its checksum read through). *files is malloc'd (caller frees); *count
 * of them. Errors: the directory cannot be read (a missing one is empty). */
bool table_cache_list(struct table_file **files, size_t *count, struct tw_error *err);

/* Removes every *.tbl file (and its verification record, and leftover
 * temporary files) of the cache directory; *removed gets how many
 * tables. Errors: a file that cannot be
 * removed (the others are still removed). */
bool table_cache_clear(size_t *removed, struct tw_error *err);

/* Removes the cache file of a table no version of twirl reads any more
 * (name as in table_spec), so that an upgrade does not leave it taking
 * room. No file, no cache directory, or one that cannot be written is
 * not an error: nothing is reported. */
void table_cache_retire(const char *name);

/* Forgets every table this process holds (unmapping or freeing it); for
 * tests and tools. No table pointer may be used afterwards. */
void table_cache_release_all(void);

#endif
