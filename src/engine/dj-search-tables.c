/* dj-search-tables.c: history-free bounds for positions with few seeds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For every board with n <= max seeds, both sides to move and both states
 * of the feeding flag, two values from South's view, computed by retrograde
 * value iteration over the moves that capture nothing (captures leave for a
 * smaller n, whose bounds are known):
 *
 *   lo: the least fixed point: what South can force in a finite number of
 *       moves, endless play counting as the worst for South (-n);
 *   hi: the greatest fixed point: what North can hold South to, endless play
 *       counting as the best for South (+n).
 *
 * South's attractor strategy for lo never visits a position twice, so from a
 * position with no history the perfect-play value with the repetition rule is
 * at least lo; likewise at most hi.  Inside a line the search combines them
 * with the positions already on the line (dj-search.c).  Djenon-abe is the
 * game that needs them: its moves that capture nothing form long cycles.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dj-search-tables.h"

struct _DjTables
{
  DjRules  rules;
  guint    max_seeds;
  gint8   *lo[DJ_TABLES_MAX_SEEDS + 1];
  gint8   *hi[DJ_TABLES_MAX_SEEDS + 1];
};

/* compositions[m][k]: the ways to put m seeds in k pits. */
static guint32 compositions[DJ_TABLES_MAX_SEEDS + 1][DJ_N_PITS + 1];

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
          compositions[m][k] = m == 0;
        else if (k == 1)
          compositions[m][k] = 1;
        else
          {
            guint32 c = 0;

            for (guint v = 0; v <= m; v++)
              c += compositions[m - v][k - 1];
            compositions[m][k] = c;
          }
      }
  g_once_init_leave (&done, 1);
}

static inline guint32
rank_board (const guint8 *pits,
            guint         n)
{
  guint32 r = 0;
  guint left = n;

  for (guint i = 0; i < DJ_N_PITS - 1; i++)
    {
      for (guint v = 0; v < pits[i]; v++)
        r += compositions[left - v][DJ_N_PITS - 1 - i];
      left -= pits[i];
    }
  return r;
}

static void
unrank_board (guint32  r,
              guint    n,
              guint8  *pits)
{
  guint left = n;

  for (guint i = 0; i < DJ_N_PITS - 1; i++)
    {
      guint v = 0;

      while (r >= compositions[left - v][DJ_N_PITS - 1 - i])
        {
          r -= compositions[left - v][DJ_N_PITS - 1 - i];
          v++;
        }
      pits[i] = v;
      left -= v;
    }
  pits[DJ_N_PITS - 1] = left;
}

/* Node index: board rank, side to move, feeding flag. */
static inline guint32
node_index (const DjPosition *pos,
            guint             n)
{
  return rank_board (pos->pits, n) * 4 + pos->to_move * 2 + pos->feed_owed;
}

static void
build_level (DjTables *t,
             guint     n)
{
  guint32 count = compositions[n][DJ_N_PITS] * 4;
  gint32 *child = g_new (gint32, (gsize) count * 7);
  gint8 *taken = g_new (gint8, (gsize) count * 7);   /* South's view: + South took */
  guint8 *n_children = g_new0 (guint8, count);
  guint8 *terminal = g_new0 (guint8, count);
  gint8 *lo = g_new (gint8, count);
  gint8 *hi = g_new (gint8, count);
  gboolean changed = TRUE;

  for (guint32 x = 0; x < count; x++)
    {
      DjPosition pos = { 0 };
      DjPosition kids[DJ_ROW_PITS + 1];
      DjMoves moves;
      guint k = 0;

      unrank_board (x / 4, n, pos.pits);
      pos.to_move = (x / 2) & 1;
      pos.feed_owed = x & 1;
      dj_moves_generate (&t->rules, &pos, &moves);
      if (moves.end != DJ_END_NONE)
        {
          int score[2];

          dj_final_scores (&t->rules, &pos, score);
          terminal[x] = TRUE;
          lo[x] = hi[x] = score[DJ_SOUTH] - score[DJ_NORTH];
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

          kids[i].captured[0] = kids[i].captured[1] = 0;
          child[x * 7 + i] = (gint32) node_index (&kids[i], n - took);
          taken[x * 7 + i] = pos.to_move == DJ_SOUTH ? took : -took;
        }
      n_children[x] = k;
      lo[x] = -(int) n;
      hi[x] = n;
    }

  /* Value iteration: lo rises to the least fixed point, hi falls to the
   * greatest; both are monotone, so this ends. */
  while (changed)
    {
      changed = FALSE;
      for (guint32 x = 0; x < count; x++)
        {
          gboolean south = ((x / 2) & 1) == DJ_SOUTH;
          int l = south ? -128 : 127, h = south ? -128 : 127;

          if (terminal[x])
            continue;
          for (guint i = 0; i < n_children[x]; i++)
            {
              int tk = taken[x * 7 + i];
              gint32 c = child[x * 7 + i];
              int a, b;

              if (tk == 0)
                a = lo[c], b = hi[c];
              else
                a = tk + t->lo[n - abs (tk)][c], b = tk + t->hi[n - abs (tk)][c];
              if (south)
                l = MAX (l, a), h = MAX (h, b);
              else
                l = MIN (l, a), h = MIN (h, b);
            }
          if (l != lo[x] || h != hi[x])
            {
              lo[x] = l;
              hi[x] = h;
              changed = TRUE;
            }
        }
    }

  t->lo[n] = lo;
  t->hi[n] = hi;
  g_free (child);
  g_free (taken);
  g_free (n_children);
  g_free (terminal);
}

DjTables *
dj_tables_build (const DjRules *rules,
                 guint          max_seeds)
{
  DjTables *t = g_new0 (DjTables, 1);

  g_return_val_if_fail (max_seeds <= DJ_TABLES_MAX_SEEDS, NULL);

  init_compositions ();
  t->rules = *rules;
  t->max_seeds = max_seeds;
  for (guint n = 0; n <= max_seeds; n++)
    build_level (t, n);
  return t;
}

void
dj_tables_free (DjTables *tables)
{
  if (tables == NULL)
    return;
  for (guint n = 0; n <= tables->max_seeds; n++)
    {
      g_free (tables->lo[n]);
      g_free (tables->hi[n]);
    }
  g_free (tables);
}

const DjTables *
dj_tables_get (const DjRules *rules)
{
  static DjTables *shared[3];
  static gsize once[3];
  guint slot;

  if (rules->variant == DJ_VARIANT_ABOURE)
    slot = 0;
  else
    slot = rules->feeding == DJ_FEEDING_IMMEDIATE ? 2 : 1;

  if (g_once_init_enter (&once[slot]))
    {
      shared[slot] = dj_tables_build (rules, DJ_TABLES_MAX_SEEDS);
      g_once_init_leave (&once[slot], 1);
    }
  return shared[slot];
}

gboolean
dj_tables_lookup (const DjTables   *tables,
                  const DjPosition *pos,
                  int              *lo_s,
                  int              *hi_s)
{
  guint n = 0;
  guint32 x;

  for (guint i = 0; i < DJ_N_PITS; i++)
    n += pos->pits[i];
  if (n > tables->max_seeds)
    return FALSE;
  x = node_index (pos, n);
  *lo_s = tables->lo[n][x];
  *hi_s = tables->hi[n][x];
  return TRUE;
}
