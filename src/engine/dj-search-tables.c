/* dj-search-tables.c: endgame tables by retrograde analysis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For every board of n seeds (n = 0 .. max), both sides to move, and the
 * positions where a feeding move is owed (the starved row empty), the exact
 * value from South's view in seeds still to be won, as RULES.md defines it:
 *
 * Moves that capture leave level n for good, so the levels are built from 0
 * up; inside a level, a capture is an exit whose value is known from below
 * (the seeds taken plus the child's value), and so is the end of the game.
 * Let L be the least fixed point of the minimax equations (endless play the
 * worst for South) and U the greatest (endless play the best for South); the
 * value is L where L > 0, U where U < 0, and 0 elsewhere.
 *
 * L > 0 is computed as attractors, threshold by threshold from the top: the
 * positions from which South can force an exit worth at least v.  A South
 * position joins when one move leads into the set (or its best exit is worth
 * v); a North position when all its moves inside the level lead into the set
 * and its best exit (the least) is worth at least v.  Walking the moves
 * backwards (predecessor lists built from the generated moves) makes each
 * threshold linear.  U < 0 likewise with the sides swapped.
 *
 * Index of a level while it is built: boards by rank among the compositions
 * of n seeds into 12 pits, times the side to move; then the boards with a
 * feeding move owed, ranked by the mover's row alone (the other row is
 * empty), times the side to move.  What is kept and saved holds half of
 * that: the rules treat both sides alike, so a position with North to move
 * is worth, from North's view, what the board turned round is worth to
 * South with South to move.  Each board is stored once, as the side to
 * move sees it (its own row first), with its value from that side's view;
 * every level built is checked to be symmetric before it is kept.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#include <sys/stat.h>
#include <unistd.h>

#include "dj-leased-map.h"
#include "dj-search-tables.h"

#define EXIT_NONE 127

static guint64 checksum     (const guint8 *data,
                             gsize         size);
static guint8 *values_alloc (gsize         size);

struct _DjTables
{
  DjRules       rules;
  guint         max_seeds;
  gint8        *values[DJ_TABLES_MAX_SEEDS + 1];   /* South's view */
  gint8        *owned;                              /* built or loaded: one block */
  int           lease;                              /* of the mapped file @owned is in, or -1 */
  guint32       endless[DJ_TABLES_MAX_SEEDS + 1];   /* built: positions endless play decides */
  /* Tables extended on the user's machine (dj_tables_extend): levels
   * 0 .. base_seeds are @base's, borrowed; the rest are in @owned. */
  const DjTables *base;
  guint         base_seeds;
  guint64       checksum;                           /* of levels 0 .. base_seeds, as saved */
};

/* How far a build is, for its progress callback, and whether to stop. */
typedef struct
{
  void        (*progress) (double fraction, gpointer data);
  gpointer      data;
  GCancellable *cancellable;
  double        done;       /* positions of the levels finished */
  double        total;      /* positions of every level to build */
  double        level;      /* positions of the level being built */
} Build;

/* Each phase of a level's build and its share of the time. */
#define PHASE_MOVES       0.0
#define PHASE_EDGES       0.70
#define PHASE_ATTRACT_LO  0.80
#define PHASE_ATTRACT_HI  0.90

static void
build_report (Build  *b,
              double  phase)
{
  if (b != NULL && b->progress != NULL && b->total > 0)
    b->progress (MIN (1.0, (b->done + phase * b->level) / b->total), b->data);
}

static gboolean
build_stopped (Build *b)
{
  return b != NULL && g_cancellable_is_cancelled (b->cancellable);
}

/* comp[m][k]: the ways to put m seeds in k pits. */
static guint32 comp[DJ_TABLES_MAX_SEEDS + 1][DJ_N_PITS + 1];
/* below[m][k][v]: the compositions of m seeds into k + 1 pits whose first
 * pit holds fewer than v seeds (what ranking skips for a first pit of v). */
static guint32 below[DJ_TABLES_MAX_SEEDS + 1][DJ_N_PITS][DJ_TABLES_MAX_SEEDS + 2];

static void
init_compositions (void)
{
  static gsize done = 0;

  if (!g_once_init_enter (&done))
    return;
  for (guint m = 0; m <= DJ_TABLES_MAX_SEEDS; m++)
    for (guint k = 0; k <= DJ_N_PITS; k++)
      {
        if (k == 0)
          comp[m][k] = m == 0;
        else
          {
            guint32 c = 0;

            for (guint v = 0; v <= m; v++)
              c += comp[m - v][k - 1];
            comp[m][k] = c;
          }
      }
  for (guint m = 0; m <= DJ_TABLES_MAX_SEEDS; m++)
    for (guint k = 0; k < DJ_N_PITS; k++)
      {
        below[m][k][0] = 0;
        for (guint v = 0; v <= m; v++)
          below[m][k][v + 1] = below[m][k][v] + comp[m - v][k];
      }
  g_once_init_leave (&done, 1);
}

/* Rank of @k pits holding @n seeds among all such compositions. */
static inline guint32
rank_pits (const guint8 *pits,
           guint         k,
           guint         n)
{
  guint32 r = 0;
  guint left = n;

  for (guint i = 0; i + 1 < k; i++)
    {
      r += below[left][k - 1 - i][pits[i]];
      left -= pits[i];
    }
  return r;
}

static void
unrank_pits (guint32  r,
             guint    k,
             guint    n,
             guint8  *pits)
{
  guint left = n;

  for (guint i = 0; i + 1 < k; i++)
    {
      guint v = 0;

      while (r >= comp[left - v][k - 1 - i])
        {
          r -= comp[left - v][k - 1 - i];
          v++;
        }
      pits[i] = v;
      left -= v;
    }
  pits[k - 1] = left;
}

guint32
dj_tables_level_size (guint seeds)
{
  g_return_val_if_fail (seeds <= DJ_TABLES_MAX_SEEDS, 0);

  init_compositions ();
  return comp[seeds][DJ_N_PITS] + comp[seeds][DJ_ROW_PITS];
}

/* The positions of level @seeds while it is built: both sides to move. */
static guint32
full_level_size (guint seeds)
{
  init_compositions ();
  return 2 * comp[seeds][DJ_N_PITS] + 2 * comp[seeds][DJ_ROW_PITS];
}

/* Where the value of @pos (@n seeds on the board) is kept, from its
 * mover's view: the board ranked from the mover's row; FALSE for a feeding
 * move owed while the starved row holds seeds. */
static inline gboolean
stored_index (const DjPosition *pos,
              guint             n,
              guint32          *index)
{
  guint own = DJ_ROW_START (pos->to_move), other = DJ_ROW_START (1 - pos->to_move);

  if (!pos->feed_owed)
    {
      guint8 view[DJ_N_PITS];

      if (pos->to_move == DJ_SOUTH)
        {
          *index = rank_pits (pos->pits, DJ_N_PITS, n);
          return TRUE;
        }
      memcpy (view, pos->pits + own, DJ_ROW_PITS);
      memcpy (view + DJ_ROW_PITS, pos->pits + other, DJ_ROW_PITS);
      *index = rank_pits (view, DJ_N_PITS, n);
      return TRUE;
    }
  for (guint i = 0; i < DJ_ROW_PITS; i++)
    if (pos->pits[other + i] != 0)
      return FALSE;
  *index = comp[n][DJ_N_PITS] + rank_pits (pos->pits + own, DJ_ROW_PITS, n);
  return TRUE;
}

/* The index of @pos with @n seeds on the board; FALSE for a feeding move
 * owed while the starved row holds seeds. */
static inline gboolean
node_index (const DjPosition *pos,
            guint             n,
            guint32          *index)
{
  if (!pos->feed_owed)
    {
      *index = rank_pits (pos->pits, DJ_N_PITS, n) * 2 + pos->to_move;
      return TRUE;
    }
  else
    {
      guint own = DJ_ROW_START (pos->to_move), other = DJ_ROW_START (1 - pos->to_move);

      for (guint i = 0; i < DJ_ROW_PITS; i++)
        if (pos->pits[other + i] != 0)
          return FALSE;
      *index = 2 * comp[n][DJ_N_PITS] + pos->to_move * comp[n][DJ_ROW_PITS] +
               rank_pits (pos->pits + own, DJ_ROW_PITS, n);
      return TRUE;
    }
}

static void
node_position (guint32     x,
               guint       n,
               DjPosition *pos)
{
  guint32 boards = comp[n][DJ_N_PITS];

  memset (pos, 0, sizeof *pos);
  if (x < 2 * boards)
    {
      unrank_pits (x / 2, DJ_N_PITS, n, pos->pits);
      pos->to_move = x & 1;
    }
  else
    {
      guint32 y = x - 2 * boards, f = comp[n][DJ_ROW_PITS];

      pos->to_move = y / f;
      pos->feed_owed = 1;
      unrank_pits (y % f, DJ_ROW_PITS, n, pos->pits + DJ_ROW_START (pos->to_move));
    }
}

/* ---------------------------------------------------------------------- */
/* building */

/* The children inside the level of a range of positions, in order, four
 * bytes each (cnt[] says how many each position has), in blocks that are
 * never moved: about ten bytes a position, where six slots each took 24. */
#define KIDS_BLOCK (1u << 20)

typedef struct
{
  GPtrArray *blocks;   /* guint32[KIDS_BLOCK] */
  gsize      len;
} Kids;

static void
kids_add (Kids    *k,
          guint32  c)
{
  if (k->len % KIDS_BLOCK == 0)
    g_ptr_array_add (k->blocks, g_new (guint32, KIDS_BLOCK));
  ((guint32 *) k->blocks->pdata[k->len / KIDS_BLOCK])[k->len % KIDS_BLOCK] = c;
  k->len++;
}

static inline guint32
kids_get (const Kids *k,
          gsize       i)
{
  return ((const guint32 *) k->blocks->pdata[i / KIDS_BLOCK])[i % KIDS_BLOCK];
}

typedef struct
{
  DjTables *t;
  guint     n;
  guint32   from, to;
  Kids      kids;      /* the children inside the level of from .. to - 1 */
  guint8   *cnt;       /* how many each has (with repeats) */
  gint8    *exitv;     /* the mover's best exit (South's view), EXIT_NONE */
  gint8    *terminal;  /* 1: the game is over (value in val) */
  gint8    *val;
  Build    *build;     /* the first job reports progress; both stop when cancelled */
  gboolean  reports;
} LevelJob;

static gpointer
generate_range (gpointer data)
{
  LevelJob *j = data;
  DjTables *t = j->t;
  guint n = j->n;

  for (guint32 x = j->from; x < j->to; x++)
    {
      DjPosition pos, kids[DJ_ROW_PITS + 1];
      DjMoves moves;
      guint k = 0, e = 0;
      gboolean south;
      int best = EXIT_NONE;

      if (((x - j->from) & 0xffff) == 0 && j->build != NULL)
        {
          if (build_stopped (j->build))
            return NULL;
          if (j->reports)
            build_report (j->build, PHASE_MOVES + (PHASE_EDGES - PHASE_MOVES) *
                                    (x - j->from) / MAX (j->to - j->from, 1));
        }
      node_position (x, n, &pos);
      south = pos.to_move == DJ_SOUTH;
      dj_moves_generate (&t->rules, &pos, &moves);
      j->terminal[x] = moves.end != DJ_END_NONE;
      j->exitv[x] = EXIT_NONE;
      if (moves.end != DJ_END_NONE)
        {
          int score[2];

          dj_final_scores (&t->rules, &pos, score);
          j->val[x] = score[DJ_SOUTH] - score[DJ_NORTH];
          continue;
        }
      if (moves.must_pass)
        dj_moves_child (&moves, &pos, DJ_PASS, &kids[k++]);
      else
        for (guint p = 0; p < DJ_ROW_PITS; p++)
          if (moves.pit[p] == DJ_PIT_LEGAL)
            kids[k++] = moves.children[p];
      for (guint i = 0; i < k; i++)
        {
          int took = kids[i].captured[pos.to_move];
          guint32 c;

          kids[i].captured[0] = kids[i].captured[1] = 0;
          if (took == 0)
            {
              if (!node_index (&kids[i], n, &c))
                g_assert_not_reached ();
              kids_add (&j->kids, c);
              e++;
            }
          else
            {
              int kept, v;

              /* A level below, kept from its mover's view. */
              if (!stored_index (&kids[i], n - took, &c))
                g_assert_not_reached ();
              kept = t->values[n - took][c];
              v = (south ? took : -took) + (kids[i].to_move == DJ_SOUTH ? kept : -kept);

              if (best == EXIT_NONE)
                best = v;
              else
                best = south ? MAX (best, v) : MIN (best, v);
            }
        }
      j->cnt[x] = e;
      j->exitv[x] = best;
    }
  return NULL;
}

/* One direction of the attractor computation: @for_south TRUE gives the
 * positions with L >= v for v = n .. 0, FALSE those with U <= v for
 * v = -n .. 0.  Sets val[] of the positions found (those found at 0 are worth
 * 0 already).  Returns which positions were found (L >= 0, or U <= 0). */
static guint8 *
attract (guint          n,
         guint32        count,
         gboolean       for_south,
         const gint8   *exitv,
         const gint8   *terminal,
         gint8         *val,
         const guint32 *rstart,
         const guint32 *redges,
         const guint8  *cnt0,
         const guint32 *order,
         const guint32 *bucket)
{
  guint8 *cnt = g_memdup2 (cnt0, count);
  guint8 *in = g_new0 (guint8, count);
  guint32 *queue = g_new (guint32, count);

  for (int step = 0; step <= (int) n; step++)
    {
      int v = for_south ? (int) n - step : -(int) n + step;
      guint32 head = 0, tail = 0;

      /* Seeds: positions whose own exit or end is worth v. */
      for (guint32 i = bucket[v + n]; i < bucket[v + n + 1]; i++)
        {
          guint32 x = order[i];
          gboolean mover_south;

          if (in[x])
            continue;
          mover_south = (x < 2 * comp[n][DJ_N_PITS] ? (x & 1) :
                         (x - 2 * comp[n][DJ_N_PITS]) / comp[n][DJ_ROW_PITS]) == DJ_SOUTH;
          if (terminal[x] || mover_south == for_south || cnt[x] == 0)
            {
              in[x] = 1;
              val[x] = v;
              queue[tail++] = x;
            }
        }
      /* Backwards along the moves inside the level. */
      while (head < tail)
        {
          guint32 y = queue[head++];

          for (guint32 e = rstart[y]; e < rstart[y + 1]; e++)
            {
              guint32 x = redges[e];
              gboolean mover_south;

              if (in[x])
                continue;
              mover_south = (x < 2 * comp[n][DJ_N_PITS] ? (x & 1) :
                             (x - 2 * comp[n][DJ_N_PITS]) / comp[n][DJ_ROW_PITS]) == DJ_SOUTH;
              if (mover_south != for_south)
                {
                  if (--cnt[x] != 0)
                    continue;
                  /* every move inside the level leads in: the best exit decides */
                  if (exitv[x] != EXIT_NONE && (for_south ? exitv[x] < v : exitv[x] > v))
                    continue;
                }
              in[x] = 1;
              val[x] = v;
              queue[tail++] = x;
            }
        }
    }
  g_free (cnt);
  g_free (queue);
  return in;
}

/* Keeps level @n, built in @full (both sides to move, South's view), in
 * t->values[n]: each board once, from its mover's view.  FALSE if a
 * position with North to move is not worth to North what the board turned
 * round is worth to South with South to move: the rules would not treat
 * both sides alike, and half of the level could not stand for the whole. */
static gboolean
keep_level (DjTables    *t,
            guint        n,
            const gint8 *full)
{
  guint32 boards = comp[n][DJ_N_PITS], rows = comp[n][DJ_ROW_PITS];
  gint8 *kept = t->values[n];

  for (guint32 r = 0; r < boards; r++)
    {
      guint8 pits[DJ_N_PITS], turned[DJ_N_PITS];

      /* South to move on @pits is North to move on @turned. */
      unrank_pits (r, DJ_N_PITS, n, pits);
      memcpy (turned, pits + DJ_ROW_PITS, DJ_ROW_PITS);
      memcpy (turned + DJ_ROW_PITS, pits, DJ_ROW_PITS);
      kept[r] = full[2 * r + DJ_SOUTH];
      if (full[2 * rank_pits (turned, DJ_N_PITS, n) + DJ_NORTH] != -kept[r])
        return FALSE;
    }
  for (guint32 q = 0; q < rows; q++)
    {
      kept[boards + q] = full[2 * boards + q];
      if (full[2 * boards + rows + q] != -kept[boards + q])
        return FALSE;
    }
  return TRUE;
}

/* Builds level @n of @t from the levels below; FALSE with @error when
 * @build was cancelled (the level is then unfinished) or the level is not
 * symmetric. */
static gboolean
build_level (DjTables  *t,
             guint      n,
             Build     *build,
             GError   **error)
{
  guint32 count = full_level_size (n);
  LevelJob jobs[2];
  GThread *helper;
  gint8 *exitv = g_new (gint8, count);
  gint8 *terminal = g_new (gint8, count);
  g_autofree gint8 *val = g_new (gint8, count);
  guint8 *cnt = g_new0 (guint8, count);
  guint32 *rstart = NULL, *redges = NULL, *order, *bucket, *fill;
  guint8 *in_lo, *in_hi;
  gboolean stopped;

  /* The moves of every position, on two threads. */
  for (guint i = 0; i < 2; i++)
    jobs[i] = (LevelJob) { t, n, count / 2 * i, i == 0 ? count / 2 : count,
                           { g_ptr_array_new_with_free_func (g_free), 0 },
                           cnt, exitv, terminal, val, build, i == 0 };
  helper = g_thread_new ("dj-tables", generate_range, &jobs[1]);
  generate_range (&jobs[0]);
  g_thread_join (helper);
  stopped = build_stopped (build);
  if (!stopped)
    {
      guint32 n_edges = (guint32) (jobs[0].kids.len + jobs[1].kids.len);

      build_report (build, PHASE_EDGES);
      /* Predecessor lists: counted, each list's end found, then filled
       * from the end down, which leaves rstart[c + 1] at c's start. */
      rstart = g_new0 (guint32, (gsize) count + 1);
      for (guint i = 0; i < 2; i++)
        for (gsize e = 0; e < jobs[i].kids.len; e++)
          rstart[kids_get (&jobs[i].kids, e) + 1]++;
      for (guint32 x = 0; x < count; x++)
        rstart[x + 1] += rstart[x];
      redges = g_new (guint32, MAX (n_edges, 1));
      for (guint i = 0; i < 2; i++)
        {
          gsize e = 0;

          for (guint32 x = jobs[i].from; x < jobs[i].to; x++)
            for (guint k = 0; k < cnt[x]; k++)
              redges[--rstart[kids_get (&jobs[i].kids, e++) + 1]] = x;
        }
      memmove (rstart, rstart + 1, sizeof (guint32) * count);
      rstart[count] = n_edges;
    }
  for (guint i = 0; i < 2; i++)
    g_ptr_array_unref (jobs[i].kids.blocks);
  if (stopped)
    {
      g_free (exitv);
      g_free (terminal);
      g_free (cnt);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           _("The endgame tables were not finished: stopped"));
      return FALSE;
    }

  /* Positions by the value of their end or best exit, -n .. n. */
  bucket = g_new0 (guint32, 2 * n + 2);
  order = g_new (guint32, count);
  for (guint32 x = 0; x < count; x++)
    {
      int key = terminal[x] ? val[x] : exitv[x];

      if (key != EXIT_NONE)
        bucket[key + n + 1]++;
    }
  for (guint i = 0; i < 2 * n + 1; i++)
    bucket[i + 1] += bucket[i];
  fill = g_memdup2 (bucket, sizeof (guint32) * (2 * n + 2));
  for (guint32 x = 0; x < count; x++)
    {
      int key = terminal[x] ? val[x] : exitv[x];

      if (key != EXIT_NONE)
        order[fill[key + n]++] = x;
    }
  g_free (fill);

  /* Terminal values stand; everything else is 0 unless an attractor finds it. */
  for (guint32 x = 0; x < count; x++)
    if (!terminal[x])
      val[x] = 0;
  build_report (build, PHASE_ATTRACT_LO);
  in_lo = attract (n, count, TRUE, exitv, terminal, val, rstart, redges, cnt, order, bucket);
  build_report (build, PHASE_ATTRACT_HI);
  in_hi = attract (n, count, FALSE, exitv, terminal, val, rstart, redges, cnt, order, bucket);
  /* Worth 0 but neither side can force 0 by ending the level: endless play
   * decides (L < 0 or U > 0). */
  for (guint32 x = 0; x < count; x++)
    if (!terminal[x] && val[x] == 0 && !(in_lo[x] && in_hi[x]))
      t->endless[n]++;
  g_free (in_lo);
  g_free (in_hi);

  g_free (exitv);
  g_free (terminal);
  g_free (cnt);
  g_free (rstart);
  g_free (redges);
  g_free (order);
  g_free (bucket);
  if (!keep_level (t, n, val))
    {
      /* Translators: %u: a number of seeds; the tables proved wrong when checked */
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("The endgame tables of %u seeds were not kept: a position is not worth "
                     "the same to both sides"), n);
      return FALSE;
    }
  return TRUE;
}

/* The bytes of levels @from .. @to. */
static gsize
levels_size (guint from,
             guint to)
{
  gsize total = 0;

  for (guint n = from; n <= to; n++)
    total += dj_tables_level_size (n);
  return total;
}

/* Tables of @rules with levels 0 .. @max_seeds: those of @base (NULL:
 * none) borrowed from it, the rest laid out one after another in @owned,
 * which they take.  @sum is the checksum of the levels saved with them
 * (an extension keeps its base's). */
static DjTables *
tables_new (const DjRules  *rules,
            const DjTables *base,
            guint           max_seeds,
            guint64         sum,
            gint8          *owned)
{
  DjTables *t = g_new0 (DjTables, 1);
  guint first = base != NULL ? base->max_seeds + 1 : 0;
  gsize at = 0;

  t->rules = *rules;
  t->max_seeds = max_seeds;
  t->base = base;
  t->base_seeds = base != NULL ? base->max_seeds : max_seeds;
  t->checksum = base != NULL ? base->checksum : sum;
  t->owned = owned;
  t->lease = -1;
  for (guint n = 0; n < first; n++)
    t->values[n] = base->values[n];
  for (guint n = first; n <= max_seeds; n++)
    {
      t->values[n] = owned + at;
      at += dj_tables_level_size (n);
    }
  return t;
}

DjTables *
dj_tables_build (const DjRules *rules,
                 guint          max_seeds,
                 void         (*progress) (guint level, gpointer data),
                 gpointer       progress_data)
{
  DjTables *t;
  gsize total;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (max_seeds <= DJ_TABLES_MAX_SEEDS, NULL);

  init_compositions ();
  total = levels_size (0, max_seeds);
  t = tables_new (rules, NULL, max_seeds, 0, g_new (gint8, total));
  for (guint n = 0; n <= max_seeds; n++)
    {
      g_autoptr(GError) error = NULL;

      /* Only a change of the rules can make a level asymmetric. */
      if (!build_level (t, n, NULL, &error))
        g_error ("%s", error->message);
      if (progress != NULL)
        progress (n, progress_data);
    }
  t->checksum = checksum ((const guint8 *) t->owned, total);
  return t;
}

DjTables *
dj_tables_extend (const DjTables  *base,
                  guint            max_seeds,
                  void           (*progress) (double fraction, gpointer data),
                  gpointer         progress_data,
                  GCancellable    *cancellable,
                  GError         **error)
{
  DjTables *t;
  Build build = { progress, progress_data, cancellable, 0, 0, 0 };
  gint8 *owned;

  g_return_val_if_fail (base != NULL && base->base == NULL, NULL);
  g_return_val_if_fail (max_seeds > base->max_seeds && max_seeds <= DJ_TABLES_MAX_SEEDS, NULL);

  init_compositions ();
  build.total = levels_size (base->max_seeds + 1, max_seeds);
  owned = (gint8 *) values_alloc (build.total);
  if (owned == NULL)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("Not enough memory for endgame tables of %u seeds"), max_seeds);
      return NULL;
    }
  t = tables_new (&base->rules, base, max_seeds, 0, owned);
  for (guint n = base->max_seeds + 1; n <= max_seeds; n++)
    {
      build.level = dj_tables_level_size (n);
      if (!build_level (t, n, &build, error))
        {
          dj_tables_free (t);
          return NULL;
        }
      build.done += build.level;
    }
  build_report (&build, 0);
  return t;
}

void
dj_tables_free (DjTables *tables)
{
  if (tables == NULL)
    return;
  if (tables->lease >= 0)
    dj_leased_unmap (tables->lease);
  else
    g_free (tables->owned);
  g_free (tables);
}

DjTablesStorage
dj_tables_storage (const DjTables *tables)
{
  g_return_val_if_fail (tables != NULL, DJ_TABLES_IN_MEMORY);

  if (tables->lease < 0)
    return DJ_TABLES_IN_MEMORY;
  return dj_leased_copied (tables->lease) ? DJ_TABLES_COPIED : DJ_TABLES_MAPPED;
}

guint32
dj_tables_count_endless (const DjTables *tables,
                         guint           seeds)
{
  g_return_val_if_fail (seeds <= tables->max_seeds, 0);
  return tables->endless[seeds];
}

guint
dj_tables_max_seeds (const DjTables *tables)
{
  return tables->max_seeds;
}

const gint8 *
dj_tables_slot (const DjTables   *tables,
                const DjPosition *pos,
                guint             seeds)
{
  guint32 x;

  if (seeds > tables->max_seeds || !stored_index (pos, seeds, &x))
    return NULL;
  return &tables->values[seeds][x];
}

gboolean
dj_tables_lookup (const DjTables   *tables,
                  const DjPosition *pos,
                  int              *value_south)
{
  guint n = 0;
  guint32 x;

  for (guint i = 0; i < DJ_N_PITS; i++)
    n += pos->pits[i];
  if (n > tables->max_seeds || !stored_index (pos, n, &x))
    return FALSE;
  *value_south = pos->to_move == DJ_SOUTH ? tables->values[n][x] : -tables->values[n][x];
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* files */

#define MAGIC "DJENONTB"

typedef struct
{
  char    magic[8];
  guint32 format;
  guint32 variant;
  guint32 feeding;
  guint32 max_seeds;
  guint64 size;       /* bytes of values after the header */
  guint64 checksum;   /* of those bytes */
} Header;

G_STATIC_ASSERT (sizeof (Header) == 40);

/* FNV-1a over 64-bit words in four lanes (word i to lane i % 4, so that
 * four multiplications go on at once), the tail bytes into the first lane,
 * the lanes folded at the end: the checksum of one chunk of 4 MiB.  The
 * file's checksum folds its chunks' in order, so that the chunks can be
 * read and summed on both cores at once, each while it is in the cache. */
#define FNV_PRIME G_GUINT64_CONSTANT (0x100000001b3)
#define FNV_BASIS G_GUINT64_CONSTANT (0xcbf29ce484222325)
#define CHUNK     ((gsize) 4 << 20)

static guint64
chunk_checksum (const guint8 *data,
                gsize         size)
{
  guint64 a = FNV_BASIS, b = FNV_BASIS + 1, d = FNV_BASIS + 2, e = FNV_BASIS + 3;
  gsize i = 0;

  for (; i + 32 <= size; i += 32)
    {
      guint64 w[4];

      memcpy (w, data + i, 32);
      a = (a ^ GUINT64_FROM_LE (w[0])) * FNV_PRIME;
      b = (b ^ GUINT64_FROM_LE (w[1])) * FNV_PRIME;
      d = (d ^ GUINT64_FROM_LE (w[2])) * FNV_PRIME;
      e = (e ^ GUINT64_FROM_LE (w[3])) * FNV_PRIME;
    }
  for (; i < size; i++)
    a = (a ^ data[i]) * FNV_PRIME;
  a = (a ^ b) * FNV_PRIME;
  a = (a ^ d) * FNV_PRIME;
  return (a ^ e) * FNV_PRIME;
}

/* The checksum of @size bytes from the sums of their chunks. */
static guint64
checksum_fold (const guint64 *sums,
               gsize          size)
{
  guint64 h = FNV_BASIS ^ size;

  for (gsize k = 0; k * CHUNK < size; k++)
    h = (h ^ sums[k]) * FNV_PRIME;
  return h;
}

static guint64
checksum (const guint8 *data,
          gsize         size)
{
  gsize n = (size + CHUNK - 1) / CHUNK;
  g_autofree guint64 *sums = g_new (guint64, MAX (n, 1));

  for (gsize k = 0; k < n; k++)
    sums[k] = chunk_checksum (data + k * CHUNK, MIN (CHUNK, size - k * CHUNK));
  return checksum_fold (sums, size);
}

/* Reads exactly @length bytes of @fd into @buffer and checks that the file
 * ends there (not a file that changed as it was read). */
static gboolean
read_exactly (int          fd,
              const char  *path,
              guint8      *buffer,
              gsize        length,
              GError     **error)
{
  const gsize piece = 1 << 20;
  gsize done = 0;
  guint8 extra;
  gssize n;

  while (done < length)
    {
      n = read (fd, buffer + done, MIN (length - done, piece));
      if (n < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      if (n <= 0)
        break;
      done += n;
    }
  do
    n = read (fd, &extra, 1);
  while (n < 0 && errno == EINTR);
  if (done != length || n != 0)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: the file changed while it was read"), path);
      return FALSE;
    }
  return TRUE;
}

/* Chunks @from .. @to - 1 of a file's values, summed by one thread: read
 * from @offset of @fd into @buffer first, or already there (@fd -1, a
 * mapped file). */
typedef struct
{
  int       fd;
  goffset   offset;
  guint8   *buffer;
  gsize     length;
  gsize     from, to;
  guint64  *sums;
  gboolean  ok;
} SumPart;

static gpointer
sum_part (gpointer data)
{
  SumPart *p = data;

  p->ok = TRUE;
  for (gsize k = p->from; k < p->to && p->ok; k++)
    {
      gsize at = k * CHUNK, size = MIN (CHUNK, p->length - at), done = 0;

      while (p->fd >= 0 && done < size)
        {
          gssize n = pread (p->fd, p->buffer + at + done, size - done,
                            p->offset + (goffset) (at + done));

          if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
          if (n <= 0)
            {
              p->ok = FALSE;
              break;
            }
          done += n;
        }
      if (p->ok)
        p->sums[k] = chunk_checksum (p->buffer + at, size);
    }
  return NULL;
}

/* The checksum of @length bytes of values in @buffer, the second half on
 * another thread; with @fd not -1, read from @offset of @fd as they are
 * summed, each chunk while it is in the processor's cache (half the time
 * of one thread for the deeper tables, most of it the system's in making
 * the pages).  FALSE if the file held less. */
static gboolean
sum_parts (int      fd,
           goffset  offset,
           guint8  *buffer,
           gsize    length,
           guint64 *sum)
{
  gsize n = (length + CHUNK - 1) / CHUNK;
  g_autofree guint64 *sums = g_new (guint64, MAX (n, 1));
  SumPart parts[2];
  GThread *helper = NULL;

  for (guint i = 0; i < 2; i++)
    parts[i] = (SumPart) { fd, offset, buffer, length, i == 0 ? 0 : n / 2,
                           i == 0 ? n / 2 : n, sums, FALSE };
  if (n >= 2)
    helper = g_thread_try_new ("dj-tables-sum", sum_part, &parts[1], NULL);
  if (helper == NULL)
    {
      parts[0].to = n;
      parts[1].from = parts[1].to = n;
      parts[1].ok = TRUE;
    }
  sum_part (&parts[0]);
  if (helper != NULL)
    g_thread_join (helper);
  *sum = checksum_fold (sums, length);
  return parts[0].ok && parts[1].ok;
}

/* Reads @length bytes of values from @offset of @fd into @buffer, sets
 * @sum to their checksum, and checks that the file ends there. */
static gboolean
read_summed (int          fd,
             const char  *path,
             goffset      offset,
             guint8      *buffer,
             gsize        length,
             guint64     *sum,
             GError     **error)
{
  gboolean ok = sum_parts (fd, offset, buffer, length, sum);
  guint8 extra;
  gssize r;

  do
    r = pread (fd, &extra, 1, offset + (goffset) length);
  while (r < 0 && errno == EINTR);
  if (!ok || r != 0)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: the file changed while it was read"), path);
      return FALSE;
    }
  return TRUE;
}

gboolean
dj_tables_save (const DjTables *tables,
                const char     *path,
                GError        **error)
{
  gsize size = levels_size (0, tables->max_seeds);
  g_autofree guint8 *buf = g_malloc (sizeof (Header) + size);
  Header h;
  gsize at = sizeof (Header);

  g_return_val_if_fail (tables != NULL && path != NULL, FALSE);

  for (guint n = 0; n <= tables->max_seeds; n++)
    {
      memcpy (buf + at, tables->values[n], dj_tables_level_size (n));
      at += dj_tables_level_size (n);
    }
  memset (&h, 0, sizeof h);
  memcpy (h.magic, MAGIC, 8);
  h.format = GUINT32_TO_LE (DJ_TABLES_FORMAT);
  h.variant = GUINT32_TO_LE (tables->rules.variant);
  h.feeding = GUINT32_TO_LE (tables->rules.feeding);
  h.max_seeds = GUINT32_TO_LE (tables->max_seeds);
  h.size = GUINT64_TO_LE (size);
  h.checksum = GUINT64_TO_LE (checksum (buf + sizeof (Header), size));
  memcpy (buf, &h, sizeof h);
  return g_file_set_contents (path, (const char *) buf, sizeof (Header) + size, error);
}

int
dj_data_file_open (const char   *path,
                   struct stat  *st,
                   GError      **error)
{
  int fd;

  /* O_NONBLOCK: opening a pipe with no writer must not wait for one. */
  do
    fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), "%s: %s", path,
                   g_strerror (saved_errno));
      return -1;
    }
  if (fstat (fd, st) != 0 || !S_ISREG (st->st_mode))
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: not a regular file (a pipe, a device or a folder)"), path);
      return -1;
    }
  return fd;
}

gboolean
dj_data_file_read (int          fd,
                   const char  *path,
                   guint8      *buffer,
                   gsize        length,
                   GError     **error)
{
  return read_exactly (fd, path, buffer, length, error);
}

/* Memory for @size bytes of values, or NULL.  Aligned to 2 MiB and in huge
 * pages where the system offers them: the search reads it at random, and
 * with small pages most of those reads also missed the address cache.
 * (Memory from posix_memalign() is freed with free(), which g_free()
 * calls.) */
static guint8 *
values_alloc (gsize size)
{
  void *values;

  if (posix_memalign (&values, 2 * 1024 * 1024, MAX (size, 1)) != 0)
    return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  madvise (values, MAX (size, 1), MADV_HUGEPAGE);
#endif
  return values;
}

/* The values after @header (@header_size bytes, read from @fd already):
 * @size bytes, what the header promised (@promised) and what the file
 * holds, checked before a byte is allocated; mapped under a lease where
 * one can be had (dj-leased-map.c), else read; and refused unless their
 * checksum is @promised_sum.  Sets @lease to the mapping's handle, or -1
 * when read into memory of their own (freed with g_free()).  Takes @fd. */
static guint8 *
read_body (int                fd,
           const char        *path,
           const struct stat *st,
           const void        *header,
           gsize              header_size,
           guint64            promised,
           gsize              size,
           guint64            promised_sum,
           int               *lease,
           GError           **error)
{
  g_autofree guint8 *values = NULL;
  const guint8 *map = NULL;
  guint64 sum = 0;
  gboolean read_ok;

  *lease = -1;
  if (promised != size || (guint64) st->st_size != header_size + size)
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: damaged endgame tables (wrong size or checksum)"), path);
      return NULL;
    }
  *lease = dj_leased_map (fd, header_size + size, &map);
  if (*lease >= 0)
    {
      /* The header read before the lease is the one mapped. */
      if (memcmp (map, header, header_size) != 0)
        g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                     _("%s: the file changed while it was read"), path);
      else if (sum_parts (-1, 0, (guint8 *) map + header_size, size, &sum), sum != promised_sum)
        g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                     _("%s: damaged endgame tables (wrong size or checksum)"), path);
      else
        return (guint8 *) map + header_size;
      dj_leased_unmap (*lease);
      *lease = -1;
      return NULL;
    }
  values = values_alloc (size);
  if (values == NULL)
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: not enough memory for the endgame tables"), path);
      return NULL;
    }
  read_ok = read_summed (fd, path, header_size, values, size, &sum, error);
  close (fd);
  if (!read_ok)
    return NULL;
  if (sum != promised_sum)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: damaged endgame tables (wrong size or checksum)"), path);
      return NULL;
    }
  return g_steal_pointer (&values);
}

DjTables *
dj_tables_load (const DjRules *rules,
                const char    *path,
                GError       **error)
{
  guint8 *values;
  DjTables *t;
  Header h;
  gsize size;
  int lease;
  struct stat st;
  int fd;

  g_return_val_if_fail (rules != NULL && path != NULL, NULL);

  init_compositions ();
  /* Mapped under a lease, or read into memory: a file cut short or
   * rewritten while in use changes nothing (read_body()). */
  fd = dj_data_file_open (path, &st, error);
  if (fd < 0)
    return NULL;
  if ((guint64) st.st_size < sizeof h)
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: too short for endgame tables"), path);
      return NULL;
    }
  if (read (fd, &h, sizeof h) != (gssize) sizeof h)
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: the file changed while it was read"), path);
      return NULL;
    }
  if (memcmp (h.magic, MAGIC, 8) != 0 || GUINT32_FROM_LE (h.format) != DJ_TABLES_FORMAT)
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: not endgame tables of this version of Djenon"), path);
      return NULL;
    }
  if (GUINT32_FROM_LE (h.variant) != (guint32) rules->variant ||
      GUINT32_FROM_LE (h.feeding) != (guint32) rules->feeding ||
      GUINT32_FROM_LE (h.max_seeds) > DJ_TABLES_MAX_SEEDS)
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: endgame tables of other rules"), path);
      return NULL;
    }
  /* The size the header promises, checked against the file before a byte
   * of it is allocated. */
  size = levels_size (0, GUINT32_FROM_LE (h.max_seeds));
  values = read_body (fd, path, &st, &h, sizeof h, GUINT64_FROM_LE (h.size), size,
                      GUINT64_FROM_LE (h.checksum), &lease, error);
  if (values == NULL)
    return NULL;
  t = tables_new (rules, NULL, GUINT32_FROM_LE (h.max_seeds), GUINT64_FROM_LE (h.checksum),
                  (gint8 *) values);
  t->lease = lease;
  return t;
}

const char *
dj_tables_file_name (const DjRules *rules)
{
  if (rules->variant == DJ_VARIANT_ABOURE)
    return "aboure.djtb";
  return rules->feeding == DJ_FEEDING_IMMEDIATE ? "abe-immediate.djtb" : "abe.djtb";
}

/* 0, 1 or 2: which of the three rule sets @rules is (Djenon-aboure,
 * Djenon-abe, Djenon-abe with immediate feeding), and in @canonical the
 * rules as that set's files name them. */
static guint
rule_set (const DjRules *rules,
          DjRules       *canonical)
{
  *canonical = *rules;
  if (rules->variant == DJ_VARIANT_ABOURE)
    {
      canonical->feeding = DJ_FEEDING_ON_STARVED_TURN;   /* the option does not apply */
      return 0;
    }
  return rules->feeding == DJ_FEEDING_IMMEDIATE ? 2 : 1;
}

/* The data file @name: in DJENON_TABLES_DIR if set, else PKGDATADIR/tables. */
static char *
data_path (const char *name)
{
  const char *dir = g_getenv ("DJENON_TABLES_DIR");

  return g_build_filename (dir != NULL && *dir != '\0' ? dir : PKGDATADIR "/tables", name, NULL);
}

gpointer
dj_tables_load_shared (const DjRules  *rules,
                       gpointer        shared[3],
                       gsize           once[3],
                       GError         *refused[3],
                       const char   *(*file_name) (const DjRules *rules),
                       DjDataLoader    load,
                       const char     *what)
{
  DjRules r;
  guint slot = rule_set (rules, &r);

  if (g_once_init_enter (&once[slot]))
    {
      g_autofree char *path = data_path (file_name (&r));
      g_autoptr(GError) error = NULL;

      shared[slot] = load (&r, path, &error);
      if (shared[slot] == NULL)
        {
          /* A missing file is a build without that data; anything else
           * is a file refused, which the user is told of
           * (dj_search_data_warning). */
          g_debug ("No %s: %s", what, error->message);
          if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
            refused[slot] = g_steal_pointer (&error);
        }
      g_once_init_leave (&once[slot], 1);
    }
  /* The tables may be replaced by deeper ones later (dj_tables_cache_build). */
  return g_atomic_pointer_get (&shared[slot]);
}

const GError *
dj_data_refused (const DjRules *rules,
                 GError        *refused[3])
{
  DjRules r;

  return refused[rule_set (rules, &r)];
}

/* Why the tables of @rules were refused, or NULL. */
static GError *tables_refused[3];
static gpointer tables_shared[3];
static gsize tables_once[3];

/* The deeper tables in the user's cache: why they were refused, and the
 * lock that makes one build at a time. */
static GError *cache_refused[3];
static GMutex cache_lock;

const GError *
dj_tables_refused (const DjRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  if (dj_tables_get (rules) != NULL)
    return NULL;
  return dj_data_refused (rules, tables_refused);
}

/* ---------------------------------------------------------------------- */
/* deeper tables, made on the user's machine and cached */

#define EXT_MAGIC "DJENONTX"

/* A file of the levels above a base file's: they are of no use, and not
 * believed, without the very tables they were built on. */
typedef struct
{
  char    magic[8];
  guint32 format;
  guint32 variant;
  guint32 feeding;
  guint32 base_seeds;      /* the base's levels 0 .. base_seeds */
  guint32 max_seeds;       /* this file's levels base_seeds + 1 .. max_seeds */
  guint32 reserved;
  guint64 base_checksum;   /* the base file's checksum */
  guint64 size;            /* bytes of values after the header */
  guint64 checksum;        /* of those bytes */
} ExtHeader;

G_STATIC_ASSERT (sizeof (ExtHeader) == 56);

gboolean
dj_tables_save_extension (const DjTables  *tables,
                          const char      *path,
                          GError         **error)
{
  gsize size;
  ExtHeader h;
  g_autofree guint8 *buf = NULL;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (tables != NULL && tables->base != NULL && path != NULL, FALSE);

  size = levels_size (tables->base_seeds + 1, tables->max_seeds);
  buf = g_try_malloc (sizeof h + size);
  if (buf == NULL)
    {
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: not enough memory to save the endgame tables"), path);
      return FALSE;
    }
  memset (&h, 0, sizeof h);
  memcpy (h.magic, EXT_MAGIC, 8);
  h.format = GUINT32_TO_LE (DJ_TABLES_FORMAT);
  h.variant = GUINT32_TO_LE (tables->rules.variant);
  h.feeding = GUINT32_TO_LE (tables->rules.feeding);
  h.base_seeds = GUINT32_TO_LE (tables->base_seeds);
  h.max_seeds = GUINT32_TO_LE (tables->max_seeds);
  h.base_checksum = GUINT64_TO_LE (tables->checksum);
  h.size = GUINT64_TO_LE (size);
  /* The levels built are one block. */
  memcpy (buf + sizeof h, tables->owned, size);
  h.checksum = GUINT64_TO_LE (checksum (buf + sizeof h, size));
  memcpy (buf, &h, sizeof h);
  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), "%s: %s", dir,
                   g_strerror (saved_errno));
      return FALSE;
    }
  /* Written to a temporary file and renamed: a reader meets the old file
   * or the whole new one. */
  return g_file_set_contents (path, (const char *) buf, sizeof h + size, error);
}

DjTables *
dj_tables_load_extension (const DjTables  *base,
                          const char      *path,
                          GError         **error)
{
  guint8 *values;
  DjTables *t;
  ExtHeader h;
  gsize size;
  int lease;
  guint max_seeds;
  struct stat st;
  int fd;

  g_return_val_if_fail (base != NULL && base->base == NULL && path != NULL, NULL);

  fd = dj_data_file_open (path, &st, error);
  if (fd < 0)
    return NULL;
  if ((guint64) st.st_size < sizeof h || read (fd, &h, sizeof h) != (gssize) sizeof h)
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: damaged endgame tables (wrong size or checksum)"), path);
      return NULL;
    }
  max_seeds = GUINT32_FROM_LE (h.max_seeds);
  if (memcmp (h.magic, EXT_MAGIC, 8) != 0 || GUINT32_FROM_LE (h.format) != DJ_TABLES_FORMAT)
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: not endgame tables of this version of Djenon"), path);
      return NULL;
    }
  if (GUINT32_FROM_LE (h.variant) != (guint32) base->rules.variant ||
      GUINT32_FROM_LE (h.feeding) != (guint32) base->rules.feeding ||
      GUINT32_FROM_LE (h.base_seeds) != base->max_seeds ||
      GUINT64_FROM_LE (h.base_checksum) != base->checksum ||
      max_seeds <= base->max_seeds || max_seeds > DJ_TABLES_MAX_SEEDS)
    {
      close (fd);
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("%s: endgame tables made from other tables than the installed ones"), path);
      return NULL;
    }
  size = levels_size (base->max_seeds + 1, max_seeds);
  values = read_body (fd, path, &st, &h, sizeof h, GUINT64_FROM_LE (h.size), size,
                      GUINT64_FROM_LE (h.checksum), &lease, error);
  if (values == NULL)
    return NULL;
  t = tables_new (&base->rules, base, max_seeds, 0, (gint8 *) values);
  t->lease = lease;
  return t;
}

guint
dj_tables_cache_seeds (const DjRules *rules)
{
  const char *env = g_getenv ("DJENON_TABLES_CACHE_SEEDS");
  guint64 seeds;

  g_return_val_if_fail (rules != NULL, 0);

  if (env != NULL && *env != '\0')
    return g_ascii_string_to_unsigned (env, 10, 0, DJ_TABLES_MAX_SEEDS, &seeds, NULL) ? seeds : 0;
  /* Djenon-aboure is solved in a few milliseconds with the installed
   * tables: deeper ones would only take the user's disk and memory. */
  return rules->variant == DJ_VARIANT_ABOURE ? 0 : DJ_TABLES_CACHE_SEEDS;
}

char *
dj_tables_cache_path (const DjRules *rules)
{
  DjRules r;

  g_return_val_if_fail (rules != NULL, NULL);

  rule_set (rules, &r);
  return g_build_filename (g_get_user_cache_dir (), "djenon", "tables",
                           dj_tables_file_name (&r), NULL);
}

/* The installed tables of @rules, and after them the deeper ones of the
 * cache where they are there and right. */
static gpointer
load_tables (const DjRules  *rules,
             const char     *path,
             GError        **error)
{
  DjTables *base = dj_tables_load (rules, path, error);
  g_autofree char *cache = NULL;
  g_autoptr(GError) refused = NULL;
  DjTables *deeper;
  DjRules r;
  guint slot = rule_set (rules, &r);

  if (base == NULL || dj_tables_cache_seeds (rules) <= base->max_seeds)
    return base;
  cache = dj_tables_cache_path (rules);
  deeper = dj_tables_load_extension (base, cache, &refused);
  if (deeper != NULL)
    return deeper;
  if (!g_error_matches (refused, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      /* Made again by the next dj_tables_cache_build(). */
      g_debug ("Deeper endgame tables refused: %s", refused->message);
      cache_refused[slot] = g_steal_pointer (&refused);
    }
  return base;
}

const DjTables *
dj_tables_get (const DjRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  return dj_tables_load_shared (rules, tables_shared, tables_once, tables_refused,
                                dj_tables_file_name, load_tables, "endgame tables");
}

char *
dj_tables_path (const DjRules *rules)
{
  g_return_val_if_fail (rules != NULL, NULL);

  return data_path (dj_tables_file_name (rules));
}

gboolean
dj_tables_available (void)
{
  const DjRules sets[] = {
    { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN },
    { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN },
    { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    if (dj_tables_get (&sets[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* The memory the system can give without swapping, or 0 if unknown;
 * DJENON_TABLES_CACHE_MEMORY (bytes) stands for it in tests. */
static guint64
memory_available (void)
{
  const char *env = g_getenv ("DJENON_TABLES_CACHE_MEMORY");
  g_autofree char *meminfo = NULL;
  const char *line;

  if (env != NULL && *env != '\0')
    return g_ascii_strtoull (env, NULL, 10);
  if (!g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL))
    return 0;
  line = strstr (meminfo, "MemAvailable:");
  if (line == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen ("MemAvailable:"), NULL, 10) * 1024;
}

guint64
dj_tables_cache_memory (guint seeds)
{
  g_return_val_if_fail (seeds <= DJ_TABLES_MAX_SEEDS, 0);

  /* What build_level() holds at once for its largest level, measured: 27
   * to 28 bytes a position (its children inside the level, about 2.4 of
   * four bytes each, then the predecessor lists and their index, the
   * order, the attractors' queue and flags), said as 30; and every level
   * of the tables. */
  return (guint64) full_level_size (seeds) * 30 + levels_size (0, seeds);
}

/* Room to spare: the build is not begun with less free than this. */
static gboolean
memory_fits (guint   seeds,
             guint64 have)
{
  guint64 need = dj_tables_cache_memory (seeds);

  return have == 0 || have >= need + need / 4;
}

guint
dj_tables_cache_target (const DjRules *rules)
{
  const DjTables *t;
  guint wanted, base;
  guint64 have;

  g_return_val_if_fail (rules != NULL, 0);

  t = dj_tables_get (rules);
  wanted = dj_tables_cache_seeds (rules);
  if (t == NULL || wanted <= t->base_seeds)
    return 0;
  base = t->base_seeds;
  have = memory_available ();
  /* The deepest tables the memory free allows, two seeds at a time. */
  for (guint n = wanted; n > base; n = n >= 2 ? n - 2 : 0)
    if (memory_fits (n, have))
      return n;
  return 0;
}

DjTablesCache
dj_tables_cache_state (const DjRules  *rules,
                       const GError  **refused)
{
  const DjTables *t;
  DjRules r;
  guint slot = rule_set (rules, &r);
  guint target;

  g_return_val_if_fail (rules != NULL, DJ_TABLES_CACHE_NOT_WANTED);

  if (refused != NULL)
    *refused = NULL;
  t = dj_tables_get (rules);
  if (t == NULL || dj_tables_cache_seeds (rules) <= t->base_seeds)
    return DJ_TABLES_CACHE_NOT_WANTED;
  /* Made as deep as wanted, or as the memory free now allows. */
  target = dj_tables_cache_target (rules);
  if (t->max_seeds > t->base_seeds && t->max_seeds >= target)
    return DJ_TABLES_CACHE_READY;
  /* Set once while the tables load, never freed. */
  if (refused != NULL)
    *refused = cache_refused[slot];
  return cache_refused[slot] != NULL ? DJ_TABLES_CACHE_REFUSED : DJ_TABLES_CACHE_MISSING;
}

gboolean
dj_tables_cache_build (const DjRules  *rules,
                       void          (*progress) (double fraction, gpointer data),
                       gpointer        progress_data,
                       GCancellable   *cancellable,
                       GError        **error)
{
  const DjTables *base;
  DjTables *deeper;
  g_autofree char *path = NULL;
  guint target, slot;
  DjRules r;
  gboolean ok = FALSE;

  g_return_val_if_fail (rules != NULL, FALSE);

  slot = rule_set (rules, &r);
  base = dj_tables_get (rules);
  if (base == NULL || dj_tables_cache_seeds (rules) <= base->base_seeds)
    return TRUE;   /* nothing to make: no tables to build on, or not wanted */
  target = dj_tables_cache_target (rules);
  if (target == 0)
    {
      guint wanted = dj_tables_cache_seeds (rules);
      /* the least of the depths tried, two seeds at a time */
      guint least = wanted - (wanted - base->base_seeds - 1) / 2 * 2;
      g_autofree char *need_text = g_format_size (dj_tables_cache_memory (least) * 5 / 4);
      g_autofree char *have_text = g_format_size (memory_available ());

      /* Translators: deeper endgame tables are not made; %u: seeds, then two sizes */
      g_set_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE,
                   _("Endgame tables of %u seeds need about %s of free memory to make; %s is "
                     "free"), least, need_text, have_text);
      return FALSE;
    }
  if (base->max_seeds >= target)
    return TRUE;   /* made as deep as the memory allows */
  if (base->base != NULL)
    base = base->base;   /* made less deep before: made again from the installed ones */

  /* One build at a time: a second caller waits for the first and finds
   * the tables made. */
  g_mutex_lock (&cache_lock);
  if (dj_tables_max_seeds (dj_tables_get (rules)) >= target)
    {
      g_mutex_unlock (&cache_lock);
      return TRUE;
    }
  path = dj_tables_cache_path (rules);
  deeper = dj_tables_extend (base, target, progress, progress_data, cancellable, error);
  if (deeper != NULL)
    {
      /* Used at once; saved for the next start.  A cache that cannot be
       * written (a full disk) costs the next start the build again, which
       * the caller is told of.  Tables replaced stay: a search may hold
       * them. */
      g_atomic_pointer_set (&tables_shared[slot], deeper);
      /* cache_refused[slot] stays (a reader may hold it): READY is told
       * before it is looked at. */
      ok = dj_tables_save_extension (deeper, path, error);
    }
  g_mutex_unlock (&cache_lock);
  return ok;
}
