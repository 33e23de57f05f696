/* test-study.c: the move-tree editor: notation, editing, tree overview,
 * game information, copy and paste, the move explainer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "dj-notation-model.h"

/* Helpers ---------------------------------------------------------------- */

static DjGame *
new_game (void)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);

  return dj_game_new (&rules, NULL);
}

/* Plays the moves of @line (space separated) from @node; returns the last. */
static DjNode *
play_line (DjGame     *game,
           DjNode     *node,
           const char *line)
{
  g_auto(GStrv) tokens = g_strsplit (line, " ", -1);

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      DjMove move;

      g_assert_true (dj_move_from_string (tokens[i], &move));
      node = dj_game_play (game, node, move, &error);
      g_assert_no_error (error);
      g_assert_nonnull (node);
    }
  return node;
}

static void
assert_model_ok (DjNotationModel *model)
{
  g_autofree char *message = NULL;

  if (!dj_notation_model_check (model, &message))
    g_error ("notation rows do not match the tree: %s", message);
}

/* A random legal move at @node, or DJ_NO_MOVE at the end of the game. */
static DjMove
random_move (DjGame *game,
             DjNode *node,
             GRand  *rand)
{
  DjMoves moves;
  DjMove legal[DJ_ROW_PITS + 1];
  guint n = 0;

  dj_moves_generate (dj_game_get_rules (game), dj_node_get_position (node), &moves);
  if (moves.end != DJ_END_NONE)
    return DJ_NO_MOVE;
  if (moves.must_pass)
    return DJ_PASS;
  for (guint i = 0; i < DJ_ROW_PITS; i++)
    if (moves.pit[i] == DJ_PIT_LEGAL)
      legal[n++] = moves.row_start + i;
  return legal[g_rand_int_range (rand, 0, n)];
}

/* Any node of the tree, by a random walk from the root. */
static DjNode *
random_node (DjGame *game,
             GRand  *rand)
{
  DjNode *node = dj_game_get_root (game);
  guint steps = g_rand_int_range (rand, 0, 40);

  for (guint i = 0; i < steps; i++)
    {
      guint n = dj_node_get_n_children (node);

      if (n == 0)
        break;
      node = dj_node_get_nth_child (node, g_rand_int_range (rand, 0, n));
    }
  return node;
}

/* Grows a tree of about @n_nodes moves: long lines with variations. */
static void
grow_tree (DjGame *game,
           guint   n_nodes,
           GRand  *rand)
{
  while (dj_game_get_n_nodes (game) < n_nodes)
    {
      DjNode *node = random_node (game, rand);
      guint length = g_rand_int_range (rand, 1, 30);

      for (guint i = 0; i < length; i++)
        {
          DjMove move = random_move (game, node, rand);

          if (move == DJ_NO_MOVE)
            break;
          node = dj_game_play (game, node, move, NULL);
        }
    }
}

/* The notation model ----------------------------------------------------- */

static void
test_model_simple (void)
{
  g_autoptr(DjGame) game = new_game ();
  g_autoptr(DjNotationModel) model = NULL;
  DjNode *c, *d;
  DjNotationRow *row;
  guint index;

  play_line (game, dj_game_get_root (game), "c A a B");
  model = dj_notation_model_new (game);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  assert_model_ok (model);

  /* A variation for the second move cuts the row after it. */
  c = dj_node_get_first_child (dj_game_get_root (game));
  d = play_line (game, c, "E b");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);
  assert_model_ok (model);
  row = dj_notation_model_find_row (model, d, &index);
  g_assert_cmpuint (index, ==, 1);
  g_assert_cmpuint (dj_notation_row_get_depth (row), ==, 1);
  g_assert_true (dj_notation_row_starts_variation (row));
  g_assert_cmpuint (dj_notation_model_get_row_position (model, row), ==, 1);

  /* Removing it joins the rows again. */
  dj_game_delete_variation (game, dj_node_get_parent (d));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  assert_model_ok (model);
  dj_game_undo (game);
  assert_model_ok (model);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);

  /* Promoting it swaps the levels. */
  dj_game_promote_variation (game, dj_node_get_parent (d));
  assert_model_ok (model);
  g_assert_cmpuint (dj_notation_row_get_depth (dj_notation_model_find_row (model, d, NULL)), ==, 0);
  dj_game_undo (game);
  assert_model_ok (model);
}

static void
test_model_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (12345);

  for (guint round = 0; round < 20; round++)
    {
      g_autoptr(DjGame) game = new_game ();
      g_autoptr(DjNotationModel) model = NULL;

      grow_tree (game, 100, rand);
      model = dj_notation_model_new (game);
      assert_model_ok (model);

      for (guint i = 0; i < 150; i++)
        {
          DjNode *node = random_node (game, rand);
          guint op = g_rand_int_range (rand, 0, 11);

          switch (op)
            {
            case 0:
            case 1:
              {
                DjMove move = random_move (game, node, rand);

                if (move != DJ_NO_MOVE)
                  dj_game_play (game, node, move, NULL);
              }
              break;
            case 2:
              if (dj_node_get_parent (node) != NULL)
                dj_game_delete_variation (game, node);
              break;
            case 3:
              dj_game_delete_after (game, node);
              break;
            case 4:
              if (dj_node_get_parent (node) != NULL)
                dj_game_promote_variation (game, node);
              break;
            case 5:
              if (dj_node_get_parent (node) != NULL)
                dj_game_make_main_line (game, node);
              break;
            case 6:
              if (dj_node_get_parent (node) != NULL)
                dj_game_move_variation_down (game, node);
              break;
            case 7:
            case 8:
              if (dj_game_can_undo (game))
                dj_game_undo (game);
              break;
            case 9:
              if (dj_game_can_redo (game))
                dj_game_redo (game);
              break;
            case 10:
              dj_game_set_current (game, node);
              break;
            default:
              break;
            }
          assert_model_ok (model);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/study/model/simple", test_model_simple);
  g_test_add_func ("/djenon/study/model/random", test_model_random);

  return g_test_run ();
}
