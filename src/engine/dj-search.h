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
 * the terminal gift of Djenon-abe).  A line that comes back to a position
 * already on that same line ends there, each side keeping its own row (no
 * gift).  A line starts at the analysed position: the moves that led to it are
 * not part of it.
 *
 * Values are always proven.  When a budget runs out first, a result is not
 * exact: it gives proven bounds (lower <= true value <= upper) and a
 * heuristic estimate inside them.
 *
 * Speed: Djenon-aboure positions are solved in well under a second.  In
 * Djenon-abe the moves that capture nothing form long cycles, so values depend
 * on the line (see dj-search.c); positions with up to 8 seeds on the board are
 * instant thanks to tables built on first use (dj-search-tables.c), but
 * positions with 12 or more seeds often need minutes or more: give a budget. */

/* Longest line the search follows (recursion depth); a longer line counts as
 * a budget exhausted, never as a crash. */
#define DJ_SEARCH_MAX_PLY      1000
/* A sensible default table size. */
#define DJ_SEARCH_DEFAULT_TABLE (32u * 1024 * 1024)

typedef struct _DjSearch DjSearch;

/* Zero in a field means "no limit" (depth: DJ_SEARCH_MAX_PLY). */
typedef struct
{
  gint64  time_ms;   /* wall-clock budget */
  guint64 nodes;     /* positions visited */
  guint   depth;     /* longest line searched, in plies */
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
 * default).  One DjSearch serves one thread at a time; dj_search_analyse()
 * uses a second worker thread internally (see dj_search_set_threads()). */
DjSearch    *dj_search_new             (gsize             table_bytes);
void         dj_search_free            (DjSearch         *search);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjSearch, dj_search_free)

/* Forget every stored result (values never depend on it, only speed). */
void         dj_search_clear           (DjSearch         *search);
/* 1 or 2 threads for dj_search_analyse() (default: the number of cores, at most 2). */
void         dj_search_set_threads     (DjSearch         *search,
                                        guint             n_threads);
/* Use the built-in endgame and opening tables (default TRUE).  Off only for
 * testing them against fresh search. */
void         dj_search_set_use_tables  (DjSearch         *search,
                                        gboolean          use_tables);

/* Every legal move of @pos with its value and best line.  @limits may be
 * NULL (no limits).  Returns NULL only for an invalid position
 * (DJ_ENGINE_ERROR_POSITION) or when cancelled (G_IO_ERROR_CANCELLED). */
DjAnalysis  *dj_search_analyse         (DjSearch              *search,
                                        const DjRules         *rules,
                                        const DjPosition      *pos,
                                        const DjSearchLimits  *limits,
                                        GCancellable          *cancellable,
                                        GError               **error);

/* The value of @pos and one perfect-play line to the end of the game (or to
 * a repetition).  The result has one DjMoveValue (the best move) whose line
 * is the whole line; n_moves is 0 when the game is over. */
DjAnalysis  *dj_search_solve           (DjSearch              *search,
                                        const DjRules         *rules,
                                        const DjPosition      *pos,
                                        const DjSearchLimits  *limits,
                                        GCancellable          *cancellable,
                                        GError               **error);

/* dj_search_analyse() in a worker thread.  @search must not be used by
 * anything else until the callback has run. */
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
 * limits gives a move that depends on how far the search got.  Djenon-abe
 * positions with many seeds are rarely proven in a second: pass limits.  Returns DJ_NO_MOVE when the game is over or the
 * search was cancelled before any move was known. */
DjMove       dj_search_choose          (DjSearch              *search,
                                        const DjRules         *rules,
                                        const DjPosition      *pos,
                                        DjLevel                level,
                                        guint32                seed,
                                        const DjSearchLimits  *limits,
                                        GCancellable          *cancellable);

G_END_DECLS
