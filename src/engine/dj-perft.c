/* dj-perft.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-perft.h"

typedef struct
{
  const DjRules *rules;
  guint          depth;
  guint64        at_level[DJ_PERFT_MAX_DEPTH + 1];
  guint64        finished_at[DJ_PERFT_MAX_DEPTH + 1];
} Perft;

/* Recursion is bounded by the depth asked for, never by a game's length. */
/* Recursion is bounded by the depth asked for, never by a game's length. */
static void
perft_node (Perft            *p,
            const DjPosition *pos,
            guint             level)
{
  DjMoves moves;

  if (level + 1 == p->depth)
    {
      /* The last level is counted, not generated: a node with no pit move
       * has one leaf either way (its pass, or itself if the game is over). */
      guint n = dj_moves_count (p->rules, pos);

      p->at_level[level + 1] += MAX (n, 1);
      return;
    }
  dj_moves_generate (p->rules, pos, &moves);
  if (moves.end != DJ_END_NONE)
    {
      p->finished_at[level]++;
      return;
    }
  if (moves.must_pass)
    {
      DjPosition child;

      dj_moves_child (&moves, pos, DJ_PASS, &child);
      p->at_level[level + 1]++;
      perft_node (p, &child, level + 1);
      return;
    }
  p->at_level[level + 1] += moves.n_legal;
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    if (moves.pit[k] == DJ_PIT_LEGAL)
      perft_node (p, &moves.children[k], level + 1);
}

void
dj_perft (const DjRules    *rules,
          const DjPosition *pos,
          guint             depth,
          guint64          *leaves)
{
  Perft p = { rules, depth };
  guint64 finished = 0;

  g_return_if_fail (depth >= 1 && depth <= DJ_PERFT_MAX_DEPTH);

  perft_node (&p, pos, 0);
  /* A game finished at level k is one leaf for every depth from k on. */
  for (guint d = 1; d <= depth; d++)
    {
      finished += p.finished_at[d - 1];
      leaves[d] = p.at_level[d] + finished;
    }
}
