/* dj-position-key.c: a position and its rule set packed into one integer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-position-key.h"

/* 12 pits and 2 captures hold the 48 seeds; with 13 bars between them the
 * stars-and-bars picture has 61 slots. */
#define N_PARTS  (DJ_N_PITS + 2)
#define N_BARS   (N_PARTS - 1)
#define N_SLOTS  (DJ_N_SEEDS + N_BARS)

static guint64 binomial[N_SLOTS + 1][N_BARS + 1];
static gsize binomial_ready;

static void
init_binomial (void)
{
  if (!g_once_init_enter (&binomial_ready))
    return;
  for (guint n = 0; n <= N_SLOTS; n++)
    {
      binomial[n][0] = 1;
      for (guint k = 1; k <= N_BARS; k++)
        binomial[n][k] = n == 0 ? 0 : binomial[n - 1][k - 1] + binomial[n - 1][k];
    }
  g_once_init_leave (&binomial_ready, 1);
}

static guint
part (const DjPosition *pos,
      guint             i)
{
  return i < DJ_N_PITS ? pos->pits[i] : pos->captured[i - DJ_N_PITS];
}

DjPositionKey
dj_position_key (const DjRules    *rules,
                 const DjPosition *pos)
{
  guint64 rank = 0;
  guint sum = 0;

  g_return_val_if_fail (rules != NULL && pos != NULL, -1);

  init_binomial ();
  /* The bar after part i stands at slot (seeds in parts 0..i) + i. */
  for (guint i = 0; i < N_BARS; i++)
    {
      sum += part (pos, i);
      rank += binomial[MIN (sum + i, N_SLOTS)][i + 1];
    }
  return (DjPositionKey) ((((rank * 2 + (pos->to_move != 0)) * 2 + (pos->feed_owed != 0)) << 2)
                          | dj_rules_get_index (rules));
}

gboolean
dj_position_key_decode (DjPositionKey  key,
                        DjRules       *rules,
                        DjPosition    *pos)
{
  guint64 rest;
  guint code;
  guint bars[N_BARS];
  guint above = N_SLOTS;

  g_return_val_if_fail (rules != NULL && pos != NULL, FALSE);

  init_binomial ();
  if (key < 0)
    return FALSE;
  code = key & 3;
  if (code > 2)
    return FALSE;
  rest = (guint64) key >> 2;
  *rules = (DjRules) { code == 0 ? DJ_VARIANT_ABOURE : DJ_VARIANT_ABE,
                       code == 2 ? DJ_FEEDING_IMMEDIATE : DJ_FEEDING_ON_STARVED_TURN };
  pos->feed_owed = rest & 1;
  pos->to_move = (rest >> 1) & 1;
  rest >>= 2;
  if (rest >= binomial[N_SLOTS][N_BARS])
    return FALSE;
  /* Greedy unranking: the largest bar first. */
  for (int i = N_BARS - 1; i >= 0; i--)
    {
      guint b = above - 1;

      while (binomial[b][i + 1] > rest)
        b--;
      rest -= binomial[b][i + 1];
      bars[i] = b;
      above = b;
    }
  for (guint i = 0; i < N_PARTS; i++)
    {
      guint lo = i == 0 ? 0 : bars[i - 1] + 1;
      guint hi = i == N_BARS ? N_SLOTS : bars[i];
      guint seeds = hi - lo;

      if (i < DJ_N_PITS)
        pos->pits[i] = seeds;
      else
        pos->captured[i - DJ_N_PITS] = seeds;
    }
  return TRUE;
}
