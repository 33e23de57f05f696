/* dj-mistakes.c: the positions a review found a side losing seeds in, and
 * a try there judged exactly
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-mistakes.h"

/* The review proved this move lost at least a seed, and @filter wants it. */
static gboolean
offered (const DjFinding  *finding,
         DjSide            mover,
         DjMistakesFilter  filter)
{
  DjMistakesFilter side = mover == DJ_SOUTH ? DJ_MISTAKES_SOUTH : DJ_MISTAKES_NORTH;

  if (finding == NULL || !dj_finding_is_valid (finding) || finding->loss < 1)
    return FALSE;
  if ((filter & side) == 0)
    return FALSE;
  if ((filter & DJ_MISTAKES_SERIOUS) && finding->judgement < DJ_JUDGEMENT_MISTAKE)
    return FALSE;
  return TRUE;
}

GArray *
dj_mistakes_collect (DjGame           *game,
                     DjMistakesFilter  filter)
{
  GArray *mistakes;

  g_return_val_if_fail (DJ_IS_GAME (game), NULL);

  mistakes = g_array_new (FALSE, TRUE, sizeof (DjMistake));
  /* Findings are put on the main line only (dj_review_apply()). */
  for (DjNode *node = dj_node_get_first_child (dj_game_get_root (game)); node != NULL;
       node = dj_node_get_first_child (node))
    {
      const DjFinding *finding = dj_node_get_finding (node);
      const DjPosition *before = dj_node_get_position (dj_node_get_parent (node));
      DjMistake m = { 0 };

      if (!offered (finding, before->to_move, filter))
        continue;
      m.node = node;
      m.position = *before;
      m.played = dj_node_get_move (node);
      m.number = dj_node_get_move_number (node);
      m.finding = *finding;
      g_array_append_val (mistakes, m);
    }
  return mistakes;
}

static const DjMoveValue *
find_move (const DjAnalysis *analysis,
           DjMove            move)
{
  for (guint i = 0; i < analysis->n_moves; i++)
    if (analysis->moves[i].move == move)
      return &analysis->moves[i];
  return NULL;
}

DjTryVerdict
dj_mistake_judge_try (const DjMistake  *mistake,
                      const DjAnalysis *analysis,
                      DjMove            try,
                      int              *value)
{
  const DjMoveValue *mine, *played;

  g_return_val_if_fail (mistake != NULL, DJ_TRY_WRONG);
  g_return_val_if_fail (analysis != NULL && analysis->exact, DJ_TRY_WRONG);
  g_return_val_if_fail (dj_position_equal (&analysis->position, &mistake->position),
                        DJ_TRY_WRONG);

  mine = find_move (analysis, try);
  played = find_move (analysis, mistake->played);
  if (value != NULL)
    *value = mine != NULL ? mine->value : 0;
  if (mine == NULL || played == NULL)
    return DJ_TRY_WRONG;
  /* Every move of the best value is right, however many there are. */
  if (mine->value >= analysis->value)
    return DJ_TRY_RIGHT;
  if (mine->value > played->value)
    return DJ_TRY_BETTER;
  return DJ_TRY_WRONG;
}

guint
dj_analysis_best_moves (const DjAnalysis *analysis,
                        DjMove            best[DJ_N_PITS + 1])
{
  guint n = 0;

  g_return_val_if_fail (analysis != NULL, 0);

  for (guint i = 0; i < analysis->n_moves && n < DJ_N_PITS + 1; i++)
    if (analysis->moves[i].value >= analysis->value)
      best[n++] = analysis->moves[i].move;
  return n;
}
