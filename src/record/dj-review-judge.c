/* dj-review-judge.c: reviewing a game's main line against perfect play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dj-review-judge.h"

GArray *
dj_review_main_line (DjGame *game)
{
  const DjRules *rules;
  GArray *moves;

  g_return_val_if_fail (DJ_IS_GAME (game), NULL);

  rules = dj_game_get_rules (game);
  moves = g_array_new (FALSE, TRUE, sizeof (DjReviewMove));
  for (DjNode *node = dj_game_get_root (game); dj_node_get_first_child (node) != NULL;
       node = dj_node_get_first_child (node))
    {
      DjNode *child = dj_node_get_first_child (node);
      DjReviewMove m = { 0 };
      DjMoves legal;

      m.position = *dj_node_get_position (node);
      m.played = dj_node_get_move (child);
      m.number = dj_node_get_move_number (child);
      dj_moves_generate (rules, &m.position, &legal);
      m.forced = legal.must_pass || legal.n_legal <= 1;
      g_array_append_val (moves, m);
    }
  return moves;
}

guint
dj_review_apply (DjGame *game,
                 GArray *moves)
{
  g_autoptr(GHashTable) found = g_hash_table_new (NULL, NULL);   /* node → DjFinding */
  DjNode *root, *node;
  guint n = 0;

  g_return_val_if_fail (DJ_IS_GAME (game), 0);
  g_return_val_if_fail (moves != NULL, 0);

  root = node = dj_game_get_root (game);
  for (guint i = 0; i < moves->len; i++)
    {
      const DjReviewMove *m = &g_array_index (moves, DjReviewMove, i);
      DjNode *played = dj_node_get_first_child (node);

      /* The main line was edited meanwhile: what follows is another game. */
      if (played == NULL || dj_node_get_move (played) != m->played ||
          !dj_position_equal (dj_node_get_position (node), &m->position))
        break;
      if (m->found && dj_finding_is_valid (&m->finding))
        {
          g_hash_table_insert (found, played, (gpointer) &m->finding);
          n++;
        }
      node = played;
    }

  /* The new findings replace the old ones in one step; a node whose finding
   * stays the same is not touched, so a review that finds what the last one
   * found adds no undo step. */
  dj_game_begin_action (game, _("Review Game"));
  for (node = root; node != NULL; node = dj_node_walk_next (node, root))
    if (node != root)
      dj_game_set_finding (game, node, g_hash_table_lookup (found, node));
  dj_game_end_action (game);
  return n;
}

gboolean
dj_review_game (DjGame                *game,
                DjSearch              *search,
                const DjSearchLimits  *limits,
                const DjThresholds    *thresholds,
                GCancellable          *cancellable,
                GError               **error)
{
  g_autoptr(GArray) moves = NULL;
  const DjRules *rules;
  DjSearchLimits none = { 0 };

  g_return_val_if_fail (DJ_IS_GAME (game), FALSE);
  g_return_val_if_fail (search != NULL, FALSE);
  g_return_val_if_fail (thresholds != NULL && dj_thresholds_is_valid (thresholds), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  rules = dj_game_get_rules (game);
  moves = dj_review_main_line (game);
  for (guint i = 0; i < moves->len; i++)
    {
      DjReviewMove *m = &g_array_index (moves, DjReviewMove, i);
      g_autoptr(DjAnalysis) analysis = NULL;

      if (m->forced)
        continue;
      analysis = dj_search_analyse (search, rules, &m->position, limits ? limits : &none,
                                    cancellable, error);
      if (analysis == NULL)
        return FALSE;
      if (analysis->cancelled || g_cancellable_is_cancelled (cancellable))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               _("The review was cancelled"));
          return FALSE;
        }
      m->found = dj_finding_judge (&m->finding, analysis, m->played, thresholds);
    }
  dj_review_apply (game, moves);
  return TRUE;
}
