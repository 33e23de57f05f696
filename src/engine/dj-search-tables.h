/* dj-search-tables.h: endgame tables, exact values of positions with few seeds (internal)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-play.h"

G_BEGIN_DECLS

/* The tables the build makes and the search probes: every position with at
 * most this many seeds on the board. */
#define DJ_TABLES_SEEDS       14
/* The most a table can hold (a value is a signed byte, indices 32 bits).
 * 20 seeds take dj-make-tables about 4 minutes and 7.5 GB: a check of the
 * rules, not something to ship. */
#define DJ_TABLES_MAX_SEEDS   20
/* Bumped whenever the file layout or the values' definition changes. */
#define DJ_TABLES_FORMAT      4

typedef struct _DjTables DjTables;

/* The tables of @rules, loaded on first use from the directory named by the
 * environment variable DJENON_TABLES_DIR, else from the installed data
 * (PKGDATADIR/tables), and kept for the life of the process; thread-safe.
 * NULL when the file is missing, of another format or damaged (its checksum
 * does not match): the search is then exact all the same, only slower.
 * With them, the deeper levels of the user's cache (dj_tables_cache_path)
 * when those were built on these very tables and are whole; and after
 * dj_tables_cache_build(), the deeper tables it made.  A search takes the
 * tables once when it starts: tables it was given stay valid for the life
 * of the process. */
const DjTables *dj_tables_get          (const DjRules    *rules);

typedef gpointer (*DjDataLoader) (const DjRules  *rules,
                                  const char     *path,
                                  GError        **error);
/* The data of @rules loaded once by @load from the file file_name()
 * names, kept in @shared (one slot a rule set, guarded by @once) for the
 * life of the process; NULL when it does not load.  A file that exists
 * but is refused leaves its error in @refused (@what names the data in
 * the debug log). */
gpointer        dj_tables_load_shared  (const DjRules    *rules,
                                        gpointer          shared[3],
                                        gsize             once[3],
                                        GError           *refused[3],
                                        const char     *(*file_name) (const DjRules *rules),
                                        DjDataLoader      load,
                                        const char       *what);
/* What dj_tables_load_shared() left in @refused for @rules. */
const GError   *dj_data_refused        (const DjRules    *rules,
                                        GError           *refused[3]);
/* Why the tables of @rules were refused (damaged, not a regular file …),
 * or NULL: loaded, or no file at all. */
const GError   *dj_tables_refused      (const DjRules    *rules);

/* A data file (tables, book) opened for reading without blocking on a
 * pipe, and refused unless it is a regular file; -1 with @error. */
struct stat;
int             dj_data_file_open      (const char       *path,
                                        struct stat      *st,
                                        GError          **error);
/* Reads exactly @length bytes of @fd into @buffer, and checks that the
 * file ends there. */
gboolean        dj_data_file_read      (int               fd,
                                        const char       *path,
                                        guint8           *buffer,
                                        gsize             length,
                                        GError          **error);

/* The file dj_tables_get() reads the tables of @rules from (for messages
 * that say where they were looked for).  Free with g_free(). */
char           *dj_tables_path         (const DjRules    *rules);

/* TRUE when the tables of every rule set load (for messages). */
gboolean        dj_tables_available    (void);

/* The highest number of seeds on the board that @tables cover. */
guint           dj_tables_max_seeds    (const DjTables   *tables);

/* Where the value of @pos, with @seeds seeds on its board, lies (from the
 * view of the side to move: the tables hold each board once, as its mover
 * sees it), or NULL if the tables do not have it: to ask the memory for
 * several positions' values at once before reading them. */
const gint8    *dj_tables_slot         (const DjTables   *tables,
                                        const DjPosition *pos,
                                        guint             seeds);
/* The exact value of @pos (captures ignored) from South's view, in seeds
 * still to be won: South's final score minus North's, less the captures
 * already made, with perfect play and endless play worth 0 (RULES.md).
 * FALSE when @pos has more seeds than the tables hold, or is not a position
 * the game can reach (a feeding move owed while the starved row holds seeds). */
gboolean        dj_tables_lookup       (const DjTables   *tables,
                                        const DjPosition *pos,
                                        int              *value_south);

/* Builds the tables of @rules for 0 .. @max_seeds seeds by retrograde
 * analysis, afresh and not shared (for the table tool and tests); free with
 * dj_tables_free().  @progress, if not NULL, is called after each level. */
DjTables       *dj_tables_build        (const DjRules    *rules,
                                        guint             max_seeds,
                                        void            (*progress) (guint level, gpointer data),
                                        gpointer          progress_data);
void            dj_tables_free         (DjTables         *tables);
/* Of tables just built: how many positions of @seeds seeds are worth 0
 * because of endless play (neither side can force an end or a capture that
 * is at least as good). */
guint32         dj_tables_count_endless (const DjTables  *tables,
                                         guint            seeds);

/* Tables of @base's levels and, above them, those up to @max_seeds built
 * by retrograde analysis; @base's levels are borrowed, so @base must stay
 * while the result is used.  @progress, if not NULL, is called from the
 * building thread with the fraction done.  NULL with G_IO_ERROR_CANCELLED
 * when @cancellable is cancelled. */
DjTables       *dj_tables_extend       (const DjTables   *base,
                                        guint             max_seeds,
                                        void            (*progress) (double fraction, gpointer data),
                                        gpointer          progress_data,
                                        GCancellable     *cancellable,
                                        GError          **error);
/* The levels dj_tables_extend() built, in a file that names the tables
 * they were built on (by their checksum), saved atomically; and loaded
 * again on the same @base only (an error says why a file is refused). */
gboolean        dj_tables_save_extension (const DjTables *tables,
                                          const char     *path,
                                          GError        **error);
DjTables       *dj_tables_load_extension (const DjTables *base,
                                          const char     *path,
                                          GError        **error);

/* Deeper tables, made on the user's machine: the installed tables hold
 * DJ_TABLES_SEEDS seeds, these up to DJ_TABLES_CACHE_SEEDS, each two seeds
 * more halving the nodes of Djenon-abe's slowest positions; 77 MB a rule
 * set and a minute to make, too long for every build of the project: they
 * are made in the background on first use and cached.  As deep as the
 * memory free allows (18 seeds take about 1.8 GB to make, 16 seeds 0.7 GB). */
#define DJ_TABLES_CACHE_SEEDS 18

typedef enum
{
  DJ_TABLES_CACHE_NOT_WANTED,   /* no installed tables, or deeper ones not worth it */
  DJ_TABLES_CACHE_MISSING,      /* not made yet (or less deep than the memory now allows) */
  DJ_TABLES_CACHE_REFUSED,      /* the cached file is damaged or of other tables */
  DJ_TABLES_CACHE_READY,        /* loaded or just made: the search uses them */
} DjTablesCache;

/* The seeds deeper tables of @rules should hold at most: DJ_TABLES_CACHE_SEEDS
 * (none for Djenon-aboure, which needs none), or the environment variable
 * DJENON_TABLES_CACHE_SEEDS (0: none). */
guint           dj_tables_cache_seeds  (const DjRules    *rules);
/* The seeds they can hold now: the most, two at a time down from
 * dj_tables_cache_seeds(), whose making fits in the memory free (with a
 * quarter to spare; DJENON_TABLES_CACHE_MEMORY, in bytes, stands for the
 * memory free in tests); 0 when none fits or none is wanted. */
guint           dj_tables_cache_target (const DjRules    *rules);
/* $XDG_CACHE_HOME/djenon/tables/<the file name of @rules>.  g_free(). */
char           *dj_tables_cache_path   (const DjRules    *rules);
/* Where the deeper tables of @rules stand, and in @refused why the cached
 * file was refused. */
DjTablesCache   dj_tables_cache_state  (const DjRules    *rules,
                                        const GError    **refused);
/* Bytes of memory making tables of @seeds seeds takes at most. */
guint64         dj_tables_cache_memory (guint             seeds);
/* Makes the deeper tables of @rules, as deep as dj_tables_cache_target()
 * (blocking, for a worker thread), hands them to every search started from
 * then on and saves them in the cache.  TRUE when they are there (or not
 * wanted); FALSE with an error when the memory free is too little even for
 * the least of them, when cancelled or when the cache cannot be written
 * (the tables are used all the same then). */
gboolean        dj_tables_cache_build  (const DjRules    *rules,
                                        void            (*progress) (double fraction, gpointer data),
                                        gpointer          progress_data,
                                        GCancellable     *cancellable,
                                        GError          **error);

/* The file form: a header (magic, format, rules, seeds, size, checksum) and a
 * byte per position.  Saved atomically. */
gboolean        dj_tables_save         (const DjTables   *tables,
                                        const char       *path,
                                        GError          **error);
/* Loads and checks a file made by dj_tables_save() for @rules; an error
 * (DJ_ENGINE_ERROR_PARSE) says why a file is refused.  The values are the
 * file's own, mapped under a read lease, where the lease can be had (the
 * user's own file), else read into memory (dj-leased-map.h): either way,
 * a file rewritten or cut short while in use changes nothing. */
DjTables       *dj_tables_load         (const DjRules    *rules,
                                        const char       *path,
                                        GError          **error);

typedef enum
{
  DJ_TABLES_IN_MEMORY,   /* built, or read into memory of this process */
  DJ_TABLES_MAPPED,      /* the file mapped, under its lease */
  DJ_TABLES_COPIED       /* mapped, then copied as the file was to change */
} DjTablesStorage;

/* Where the values of @tables (those not borrowed from a base) are kept. */
DjTablesStorage dj_tables_storage      (const DjTables   *tables);
/* The file name for @rules: "aboure.djtb", "abe.djtb", "abe-immediate.djtb". */
const char     *dj_tables_file_name    (const DjRules    *rules);

/* The number of values a table stores for each level: every board of
 * @seeds seeds once, seen from the side to move (a position with North to
 * move is the board turned round with South to move, its value negated:
 * the rules treat both sides alike, and every build checks it), and the
 * mover's row of those where a feeding move is owed. */
guint32         dj_tables_level_size   (guint             seeds);

G_END_DECLS
