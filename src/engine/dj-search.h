/* dj-search.h: exact perfect-play values, best lines and a move chooser
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-play.h"

G_BEGIN_DECLS

/* Values follow RULES.md, "Perfect-play values (analysis)": the final score
 * difference, the side to move minus the opponent, in seeds, reached with
 * perfect play by both sides (captures so far and to come, the final split and
 * the terminal gift of Djenon-abe).  Play that goes on forever divides the
 * seeds left on the board equally: it is worth 0 from there.  A position's
 * value depends on the position alone, never on the moves that led to it.
 *
 * Values are always proven.  When a budget (time, positions, depth) runs out
 * first, a result is not exact: it gives proven bounds (lower <= true value
 * <= upper) and a heuristic estimate inside them.  Without a budget every
 * value is exact.
 *
 * Positions with at most DJ_TABLES_SEEDS seeds on the board are answered by
 * endgame tables made at build time (dj-search-tables.h) when installed.
 *
 * Sharing: a DjSearch is one transposition table.  Every function below may
 * be called from any thread, and any number of analyses may run on one
 * DjSearch at the same time (they share the table; results never depend on
 * what is in it, only speed does).  The analysis panel, Review Game and Play
 * from Here of a document can therefore use one DjSearch. */

/* Longest line the search follows (recursion depth); a longer line counts as
 * a budget exhausted, never as a crash. */
#define DJ_SEARCH_MAX_PLY      1000
/* A sensible default table size. */
#define DJ_SEARCH_DEFAULT_TABLE (32u * 1024 * 1024)

typedef struct _DjSearch DjSearch;

/* What an analysis gives beyond the values. */
typedef enum
{
  DJ_SEARCH_VALUES_ONLY = 1 << 0,   /* no best lines (faster): line_len is 1, the move */
} DjSearchFlags;

/* Zero in a field means "no limit" (depth: DJ_SEARCH_MAX_PLY). */
typedef struct
{
  gint64  time_ms;   /* wall-clock budget; any huge value is simply no limit */
  guint64 nodes;     /* positions visited */
  guint   depth;     /* longest line searched, in plies */
  guint   flags;     /* DjSearchFlags */
} DjSearchLimits;

typedef struct
{
  DjMove    move;       /* a pit, or DJ_PASS */
  int       value;      /* exact value if exact, else the estimate; mover's view */
  int       lower;      /* proven: lower <= value with perfect play */
  int       upper;      /* proven: value with perfect play <= upper */
  gboolean  exact;      /* lower == upper */
  int       estimate;   /* heuristic estimate within [lower, upper] (== value when exact) */
  DjMove   *line;       /* best line, starting with @move (may be cut short if not exact) */
  guint     line_len;
  gboolean  endless;    /* the line ends by coming back to a position on it:
                         * from there play goes round forever (value 0 there) */
} DjMoveValue;

typedef struct
{
  DjRules      rules;
  DjPosition   position;
  DjEndReason  end;         /* the game is already over: no moves, value is the final difference */
  DjMoveValue *moves;       /* every legal move (or the single pass), best first */
  guint        n_moves;
  int          value;       /* the position's value (the best move's), mover's view */
  int          lower;
  int          upper;
  gboolean     exact;       /* every move's value is exact */
  gboolean     cancelled;   /* stopped by the GCancellable */
  guint64      nodes;
  gint64       time_us;
} DjAnalysis;

void         dj_analysis_free          (DjAnalysis *analysis);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjAnalysis, dj_analysis_free)

/* A search with its transposition table of at most @table_bytes (0: the
 * default): memory is bounded by that.  The table is allocated by the first
 * analysis, so a search never used costs next to nothing.
 * dj_search_analyse() uses a second worker thread internally (see
 * dj_search_set_threads()).  Thread-safe: see "Sharing" above.
 *
 * Reference-counted (atomically: any thread may drop a reference); the
 * search and its table are freed with the last reference.  An asynchronous
 * analysis holds one until its callback has run, so the owner may drop its
 * own at any time, even while analyses run.  dj_search_free() is
 * dj_search_unref(). */
DjSearch    *dj_search_new             (gsize             table_bytes);
DjSearch    *dj_search_ref             (DjSearch         *search);
void         dj_search_unref           (DjSearch         *search);
void         dj_search_free            (DjSearch         *search);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjSearch, dj_search_unref)
/* Makes *@slot hold @search (a reference taken, the old one dropped), as
 * g_set_object() does; the holders of a shared search use it.  TRUE when
 * it changed. */
gboolean     dj_search_set             (DjSearch        **slot,
                                        DjSearch         *search);

/* Forget every stored result (values never depend on it, only speed). */
void         dj_search_clear           (DjSearch         *search);
/* The size of the transposition table in bytes (allocated or not yet). */
gsize        dj_search_get_table_bytes (DjSearch         *search);
/* 1 or 2 threads for dj_search_analyse() (default: the number of cores, at most 2). */
void         dj_search_set_threads     (DjSearch         *search,
                                        guint             n_threads);
/* Use the endgame tables (default TRUE).  Off only for testing them against
 * fresh search. */
void         dj_search_set_use_tables  (DjSearch         *search,
                                        gboolean          use_tables);
/* Use the opening book (default TRUE; never without the tables).  Off only
 * for testing it against fresh search. */
void         dj_search_set_use_book    (DjSearch         *search,
                                        gboolean          use_book);

/* When a data file of @rules exists but was refused (a damaged opening
 * book or endgame tables, a file that is not a regular file), a short
 * translated note for the user ("Opening book damaged: analysis exact but
 * slower") and, in @details if not NULL, the reasons, one line each naming
 * the file.  NULL when every file present loaded.  Loads the data if it
 * was not loaded yet. */
char        *dj_search_data_warning    (const DjRules    *rules,
                                        char            **details);

/* Every legal move of @pos with its value and best line.  @limits may be
 * NULL (no limits).  Returns NULL only for an invalid position
 * (DJ_ENGINE_ERROR_POSITION) or when cancelled (G_IO_ERROR_CANCELLED). */
DjAnalysis  *dj_search_analyse         (DjSearch              *search,
                                        const DjRules         *rules,
                                        const DjPosition      *pos,
                                        const DjSearchLimits  *limits,
                                        GCancellable          *cancellable,
                                        GError               **error);

/* The value of @pos and one perfect-play line to the end of the game, or
 * until it comes back to a position on it (endless is then set: the seeds
 * left are divided equally).  The result has one DjMoveValue (the best move)
 * whose line is the whole line; n_moves is 0 when the game is over.  With
 * DJ_SEARCH_VALUES_ONLY the line is the best move alone: the quickest way to
 * a proven best move, since the other moves are only shown to be no better.
 * When a budget stops the proof, the move is the best found so far and the
 * line is that move. */
DjAnalysis  *dj_search_solve           (DjSearch              *search,
                                        const DjRules         *rules,
                                        const DjPosition      *pos,
                                        const DjSearchLimits  *limits,
                                        GCancellable          *cancellable,
                                        GError               **error);

/* Whether @move (legal in @pos, or DJ_PASS where a pass is forced) is worth
 * at least @threshold, in the terms of DjMoveValue.value (the final
 * difference from the mover's view, captures so far included): one
 * null-window search, much cheaper than the move's exact value, and as
 * proven.  For a question such as "does every other move lose at least N
 * seeds" (puzzles).  Returns TRUE with *@at_least set when proven; FALSE
 * when the limits stopped the proof first (no error), when cancelled
 * (G_IO_ERROR_CANCELLED), for an invalid position (DJ_ENGINE_ERROR_POSITION)
 * or for a move that is not legal there (DJ_ENGINE_ERROR_ILLEGAL). */
gboolean     dj_search_move_at_least   (DjSearch              *search,
                                        const DjRules         *rules,
                                        const DjPosition      *pos,
                                        DjMove                 move,
                                        int                    threshold,
                                        const DjSearchLimits  *limits,
                                        GCancellable          *cancellable,
                                        gboolean              *at_least,
                                        GError               **error);

/* dj_search_analyse() in a worker thread.  The task holds a reference to
 * @search until the callback has run; other analyses may use it meanwhile. */
void         dj_search_analyse_async   (DjSearch              *search,
                                        const DjRules         *rules,
                                        const DjPosition      *pos,
                                        const DjSearchLimits  *limits,
                                        GCancellable          *cancellable,
                                        GAsyncReadyCallback    callback,
                                        gpointer               user_data);
DjAnalysis  *dj_search_analyse_finish  (DjSearch              *search,
                                        GAsyncResult          *result,
                                        GError               **error);

/* Playing strength for dj_search_choose(). */
typedef enum
{
  DJ_LEVEL_PERFECT  = 0,   /* a move of the best value (best estimate if not proven in time) */
  DJ_LEVEL_STRONG   = 1,   /* rarely gives away a seed or two */
  DJ_LEVEL_MEDIUM   = 2,
  DJ_LEVEL_WEAK     = 3,
  DJ_LEVEL_BEGINNER = 4,   /* sees only the next few moves and often errs */
  DJ_N_LEVELS
} DjLevel;

/* A move to play in @pos at @level.  The same position, level, seed and
 * limits give the same move, except that a position not proven within the
 * limits gives a move that depends on how far the search got.  Returns
 * DJ_NO_MOVE when the game is over or the search was cancelled before any
 * move was known. */
DjMove       dj_search_choose          (DjSearch              *search,
                                        const DjRules         *rules,
                                        const DjPosition      *pos,
                                        DjLevel                level,
                                        guint32                seed,
                                        const DjSearchLimits  *limits,
                                        GCancellable          *cancellable);

G_END_DECLS
