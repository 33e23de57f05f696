/* dj-test-record.h: helpers for the tests of the game record and the formats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pthread.h>
#include <string.h>

#include "dj-collection.h"

/* A text of the whole tree and information, node by node in pre-order with
 * each node's number of children, so that two dumps are equal exactly when
 * the trees are. */
static G_GNUC_UNUSED char *
dump_game (DjGame *game)
{
  GString *s = g_string_new (NULL);
  const DjGameInfo *info = dj_game_get_info (game);
  const DjNode *root = dj_game_get_root (game);
  g_autofree char *start = dj_position_to_string (dj_game_get_start (game));

  g_string_append_printf (s, "rules %s %s\nstart %s\n",
                          dj_variant_to_string (dj_game_get_rules (game)->variant),
                          dj_feeding_to_string (dj_game_get_rules (game)->feeding), start);
#define STR(f) g_string_append_printf (s, #f " %s\n", info->f ? info->f : "-");
  STR (south) STR (north) STR (event) STR (site) STR (date) STR (round)
  STR (annotator) STR (recorder) STR (source) STR (notes)
#undef STR
  g_string_append_printf (s, "result %d %d %d %d %d\n", info->result, info->termination,
                          info->end_reason, info->score[0], info->score[1]);
  for (guint i = 0; i < dj_game_info_get_n_tags (info); i++)
    g_string_append_printf (s, "tag %s=%s\n", dj_game_info_get_tag_key (info, i),
                            dj_game_info_get_tag_value (info, i));
  g_string_append_printf (s, "foreign %s\n", dj_game_get_foreign_xml (game) ?: "-");

  for (const DjNode *n = root; n != NULL; n = dj_node_walk_next (n, root))
    {
      g_string_append_printf (s, "%u %s g%d a%d t%" G_GINT64_FORMAT " m",
                              dj_node_get_n_children (n),
                              n == root ? "root" : dj_move_to_string (dj_node_get_move (n)),
                              dj_node_get_glyph (n), dj_node_get_assessment (n),
                              dj_node_get_time_ms (n));
      for (guint p = 0; p < DJ_N_PITS; p++)
        g_string_append_printf (s, "%d", dj_node_get_marker (n, p));
      g_string_append_printf (s, " [%s] [%s] [%s]\n",
                              dj_node_get_comment_before (n) ?: "",
                              dj_node_get_comment_after (n) ?: "",
                              dj_node_get_foreign_xml (n) ?: "");
    }
  return g_string_free (s, FALSE);
}

static G_GNUC_UNUSED char *
dump_collection (DjCollection *collection)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < dj_collection_get_n_games (collection); i++)
    {
      g_autofree char *game = dump_game (dj_collection_get_game (collection, i));

      g_string_append_printf (s, "== game %u\n%s", i, game);
    }
  return g_string_free (s, FALSE);
}

/* Every node of the tree, in pre-order. */
static G_GNUC_UNUSED GPtrArray *
all_nodes (DjGame *game)
{
  GPtrArray *nodes = g_ptr_array_new ();
  const DjNode *root = dj_game_get_root (game);

  for (const DjNode *n = root; n != NULL; n = dj_node_walk_next (n, root))
    g_ptr_array_add (nodes, (gpointer) n);
  return nodes;
}

/* The legal moves at @pos, pass included when it is the only one. */
static G_GNUC_UNUSED guint
legal_moves (const DjRules    *rules,
             const DjPosition *pos,
             DjMove            out[DJ_ROW_PITS])
{
  DjMoves moves;
  guint n = 0;

  dj_moves_generate (rules, pos, &moves);
  if (moves.end != DJ_END_NONE)
    return 0;
  if (moves.must_pass)
    {
      out[0] = DJ_PASS;
      return 1;
    }
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    if (moves.pit[k] == DJ_PIT_LEGAL)
      out[n++] = moves.row_start + k;
  return n;
}

/* A line of @n legal Djenon-abe moves from the start: a prefix, then a cycle
 * of positions played again and again (repeated positions do not end a
 * game).  Found once by a seeded random search that avoids captures. */
static G_GNUC_UNUSED GArray *
long_legal_line (guint n)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);

  for (;;)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full ((GHashFunc) dj_position_hash,
                                                          (GEqualFunc) dj_position_equal,
                                                          g_free, NULL);
      GArray *line = g_array_new (FALSE, FALSE, sizeof (DjMove));
      DjPosition pos;

      dj_position_init_start (&pos);
      for (guint ply = 0; ply < 5000; ply++)
        {
          DjMoves moves;
          gpointer first;
          DjMove pick = DJ_PASS;

          dj_moves_generate (&rules, &pos, &moves);
          if (moves.end != DJ_END_NONE)
            break;
          if (g_hash_table_lookup_extended (seen, &pos, NULL, &first))
            {
              guint s = GPOINTER_TO_UINT (first), len = ply - s;

              while (line->len < n)
                {
                  DjMove m = g_array_index (line, DjMove, s + (line->len - s) % len);

                  g_array_append_val (line, m);
                }
              g_array_set_size (line, n);
              return line;
            }
          g_hash_table_insert (seen, g_memdup2 (&pos, sizeof pos), GUINT_TO_POINTER (ply));
          if (!moves.must_pass)
            {
              guint quiet[DJ_ROW_PITS], any[DJ_ROW_PITS], nq = 0, na = 0;

              for (guint k = 0; k < DJ_ROW_PITS; k++)
                if (moves.pit[k] == DJ_PIT_LEGAL)
                  {
                    any[na++] = k;
                    if (moves.children[k].captured[0] + moves.children[k].captured[1] ==
                        pos.captured[0] + pos.captured[1])
                      quiet[nq++] = k;
                  }
              pick = moves.row_start + (nq > 0 ? quiet[g_rand_int_range (rand, 0, nq)]
                                               : any[g_rand_int_range (rand, 0, na)]);
            }
          g_array_append_val (line, pick);
          dj_moves_child (&moves, &pos, pick, &pos);
        }
      g_array_unref (line);
    }
}

/* Builds a Djenon-abe game of @n moves on the main line; with @nested, each
 * move that has an alternative gets it as a one-move main line and the long
 * line goes on as the variation, so variations nest about n levels deep.
 * Every tenth move has a comment.  Uses the readers' fast path. */
static G_GNUC_UNUSED DjGame *
build_long_game (guint    n,
                 gboolean nested,
                 guint   *depth)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GArray) line = long_legal_line (n);
  DjGame *game = dj_game_new (&rules, NULL);
  DjNode *cur = dj_game_get_root (game);
  guint levels = 0;

  for (guint i = 0; i < n; i++)
    {
      DjMove m = g_array_index (line, DjMove, i);
      DjPosition child;
      DjMoves moves;

      dj_moves_generate (&rules, dj_node_get_position (cur), &moves);
      if (nested)
        for (guint k = 0; k < DJ_ROW_PITS; k++)
          if (moves.pit[k] == DJ_PIT_LEGAL && (DjMove) (moves.row_start + k) != m)
            {
              dj_moves_child (&moves, dj_node_get_position (cur), moves.row_start + k, &child);
              dj_game_append_unchecked (game, cur, moves.row_start + k, &child);
              levels++;
              break;
            }
      g_assert_true (dj_moves_child (&moves, dj_node_get_position (cur), m, &child));
      cur = dj_game_append_unchecked (game, cur, m, &child);
      if (i % 10 == 0)
        dj_game_load_comments (game, cur, NULL, g_strdup_printf ("Comment on move %u", i));
    }
  if (depth != NULL)
    *depth = levels;
  return game;
}

/* Runs @func in a thread whose stack is only @stack_size bytes, so that any
 * recursion over the length or depth of a game overflows and crashes. */
static G_GNUC_UNUSED void
run_with_small_stack (void *(*func) (void *),
                      void  *data,
                      gsize  stack_size)
{
  pthread_attr_t attr;
  pthread_t thread;

  pthread_attr_init (&attr);
  g_assert_cmpint (pthread_attr_setstacksize (&attr, stack_size), ==, 0);
  g_assert_cmpint (pthread_create (&thread, &attr, func, data), ==, 0);
  pthread_join (thread, NULL);
  pthread_attr_destroy (&attr);
}
