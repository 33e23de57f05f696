/* dj-test-record.h: helpers for the tests of the game record and the formats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pthread.h>
#include <string.h>

#include "dj-collection.h"
#include "dj-long-line.h"

/* A text of the whole tree and information, node by node in pre-order with
 * each node's number of children, so that two dumps are equal exactly when
 * the trees are. */
/* Every mark (shape, colour, label) and arrow, or "-" for none. */
static G_GNUC_UNUSED void
dump_markup (GString        *s,
             const DjMarkup *m)
{
  if (m == NULL)
    {
      g_string_append_c (s, '-');
      return;
    }
  g_assert_false (dj_markup_is_empty (m));
  for (guint p = 0; p < DJ_N_PITS; p++)
    if (m->pits[p].shape != DJ_MARK_NONE)
      g_string_append_printf (s, "%s:%d%d%s;", dj_move_to_string (p), m->pits[p].shape,
                              m->pits[p].colour, m->pits[p].label);
  for (guint i = 0; i < m->n_arrows; i++)
    g_string_append_printf (s, "%s>%s%d;", dj_move_to_string (m->arrows[i].from),
                            dj_move_to_string (m->arrows[i].to), m->arrows[i].colour);
}

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
      dump_markup (s, dj_node_get_markup (n));
      g_string_append_printf (s, " [%s] [%s] [%s]\n",
                              dj_node_get_comment_before (n) ?: "",
                              dj_node_get_comment_after (n) ?: "",
                              dj_node_get_foreign_xml (n) ?: "");
    }
  return g_string_free (s, FALSE);
}

/* A 64-bit fingerprint of the tree (shape, moves and annotations), for
 * trees too big to dump as text. */
static G_GNUC_UNUSED guint64
tree_fingerprint (DjGame *game)
{
  const DjNode *root = dj_game_get_root (game);
  guint64 h = G_GUINT64_CONSTANT (14695981039346656037);

#define MIX(v) (h = (h ^ (guint64) (v)) * G_GUINT64_CONSTANT (1099511628211))
  for (const DjNode *n = root; n != NULL; n = dj_node_walk_next (n, root))
    {
      const char *texts[3] = { dj_node_get_comment_before (n), dj_node_get_comment_after (n),
                               dj_node_get_foreign_xml (n) };

      MIX (dj_node_get_n_children (n));
      MIX (dj_node_get_move (n));
      MIX (dj_node_get_glyph (n));
      MIX (dj_node_get_assessment (n));
      MIX (dj_node_get_time_ms (n));
      if (dj_node_get_markup (n) != NULL)
        {
          const guchar *bytes = (const guchar *) dj_node_get_markup (n);

          for (gsize b = 0; b < sizeof (DjMarkup); b++)
            MIX (bytes[b]);
        }
      for (guint t = 0; t < 3; t++)
        {
          MIX (texts[t] != NULL);
          for (const char *c = texts[t]; c != NULL && *c != '\0'; c++)
            MIX (*c);
        }
    }
#undef MIX
  return h;
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
  g_autoptr(GArray) line = dj_long_legal_line (n);
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

static const char * const random_texts[] = {
  "A quiet move.",
  "Relay after relay: the seeds go round twice & land in an empty pit.",
  "<b>not markup</b> \"quoted\" 'single'",
  "  leading and trailing spaces  ",
  "two\nlines",
  "tab\there, CR\r\nLF",
  "Ünïcödé ✓ 漢字 ߊ ا",
  "{braces} (parentheses) [brackets] ; semicolon",
  "x",
  "&amp; is not an entity here; nor is &#65;",
};

static G_GNUC_UNUSED const char *
random_text (GRand *rand)
{
  return random_texts[g_rand_int_range (rand, 0, G_N_ELEMENTS (random_texts))];
}

/* A random start: the standard one, or 48 seeds spread at random. */
static G_GNUC_UNUSED void
random_start (GRand      *rand,
              DjVariant   variant,
              DjPosition *pos)
{
  dj_position_init_start (pos);
  if (g_rand_boolean (rand))
    return;
  memset (pos, 0, sizeof *pos);
  for (guint i = 0; i < DJ_N_SEEDS; i++)
    {
      guint where = g_rand_int_range (rand, 0, DJ_N_PITS + 4);

      if (where < DJ_N_PITS)
        pos->pits[where]++;
      else
        pos->captured[where % 2]++;
    }
  pos->to_move = g_rand_boolean (rand) ? DJ_SOUTH : DJ_NORTH;
  pos->feed_owed = variant == DJ_VARIANT_ABE && g_rand_int_range (rand, 0, 4) == 0 &&
                   dj_position_row_seeds (pos, DJ_OTHER_SIDE (pos->to_move)) == 0;
}

static G_GNUC_UNUSED void
random_info (GRand  *rand,
             DjGame *game)
{
  g_autoptr(DjGameInfo) info = dj_game_info_new ();
  static const char *dates[] = { "2024", "1987-06", "2025-02-28", "2024-02-29" };

  if (g_rand_boolean (rand))
    dj_game_info_set_string (&info->south, random_text (rand));
  if (g_rand_boolean (rand))
    dj_game_info_set_string (&info->north, random_text (rand));
  if (g_rand_boolean (rand))
    dj_game_info_set_string (&info->event, random_text (rand));
  if (g_rand_boolean (rand))
    dj_game_info_set_string (&info->site, random_text (rand));
  if (g_rand_boolean (rand))
    dj_game_info_set_string (&info->date, dates[g_rand_int_range (rand, 0, 4)]);
  if (g_rand_boolean (rand))
    dj_game_info_set_string (&info->round, "3");
  info->result = g_rand_int_range (rand, 0, DJ_RESULT_DRAW + 1);
  info->termination = g_rand_int_range (rand, 0, DJ_TERMINATION_TIME + 1);
  if (info->termination == DJ_TERMINATION_RULES)
    info->end_reason = g_rand_int_range (rand, 0, DJ_END_CANNOT_FEED + 1);
  if (g_rand_boolean (rand))
    {
      info->score[0] = g_rand_int_range (rand, 0, 49);
      info->score[1] = g_rand_int_range (rand, 0, 49 - info->score[0]);
    }
  if (g_rand_boolean (rand))
    dj_game_info_set_string (&info->annotator, random_text (rand));
  if (g_rand_boolean (rand))
    dj_game_info_set_string (&info->recorder, random_text (rand));
  if (g_rand_boolean (rand))
    dj_game_info_set_string (&info->source, random_text (rand));
  if (g_rand_boolean (rand))
    dj_game_info_set_string (&info->notes, random_text (rand));
  for (guint i = g_rand_int_range (rand, 0, 5); i > 0; i--)
    {
      static const char *keys[] = { "Opening", "Clock", "time control", "South" };

      dj_game_info_set_tag (info, keys[i - 1], random_text (rand));
    }
  dj_game_set_info (game, info);
}

/* A random game: random rules and start, up to @size moves played at random
 * nodes (so with variations), random annotations everywhere. */
/* Marks of every shape (labels in several scripts) and arrows. */
static G_GNUC_UNUSED void
random_markup (GRand  *rand,
               DjGame *game,
               DjNode *node)
{
  static const char * const labels[] = { "1", "12", "x", "ab?!", "é", "क्ष", "ب", "A:b" };
  guint n = g_rand_int_range (rand, 0, 4);

  for (guint i = 0; i < n; i++)
    dj_game_set_mark (game, node, g_rand_int_range (rand, 0, DJ_N_PITS),
                      g_rand_int_range (rand, DJ_MARK_CIRCLE, DJ_MARK_SHAPE_LAST + 1),
                      g_rand_int_range (rand, 1, DJ_MARKER_LAST + 1),
                      labels[g_rand_int_range (rand, 0, G_N_ELEMENTS (labels))]);
  n = g_rand_int_range (rand, 0, 4);
  for (guint i = 0; i < n; i++)
    {
      guint from = g_rand_int_range (rand, 0, DJ_N_PITS);
      guint to = (from + g_rand_int_range (rand, 1, DJ_N_PITS)) % DJ_N_PITS;

      dj_game_toggle_arrow (game, node, from, to, g_rand_int_range (rand, 1, DJ_MARKER_LAST + 1));
    }
}

static G_GNUC_UNUSED DjGame *
random_game (GRand *rand,
             guint  size)
{
  DjRules rules = DJ_RULES_INIT (g_rand_boolean (rand) ? DJ_VARIANT_ABE : DJ_VARIANT_ABOURE);
  DjPosition start;
  DjGame *game;
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();

  if (rules.variant == DJ_VARIANT_ABE && g_rand_boolean (rand))
    rules.feeding = DJ_FEEDING_IMMEDIATE;
  random_start (rand, rules.variant, &start);
  game = dj_game_new (&rules, &start);
  random_info (rand, game);
  g_ptr_array_add (nodes, dj_game_get_root (game));

  for (guint i = 0; i < size; i++)
    {
      /* Mostly go on from the last node: long lines, some branching. */
      DjNode *node = g_rand_int_range (rand, 0, 4) == 0
                       ? g_ptr_array_index (nodes, g_rand_int_range (rand, 0, nodes->len))
                       : g_ptr_array_index (nodes, nodes->len - 1);
      DjMove moves[DJ_ROW_PITS];
      guint n = legal_moves (dj_game_get_rules (game), dj_node_get_position (node), moves);
      DjNode *child;

      if (n == 0)
        continue;
      child = dj_game_play (game, node, moves[g_rand_int_range (rand, 0, n)], NULL);
      g_assert_nonnull (child);
      g_ptr_array_add (nodes, child);
    }

  for (guint i = 0; i < nodes->len; i++)
    {
      DjNode *node = g_ptr_array_index (nodes, i);
      gboolean root = i == 0;

      if (g_rand_int_range (rand, 0, 3) > 0)
        continue;
      if (g_rand_boolean (rand))
        dj_game_set_comment_after (game, node, random_text (rand));
      if (!root && g_rand_int_range (rand, 0, 4) == 0)
        dj_game_set_comment_before (game, node, random_text (rand));
      if (!root && g_rand_boolean (rand))
        dj_game_set_glyph (game, node, g_rand_int_range (rand, 1, DJ_GLYPH_LAST + 1));
      if (g_rand_boolean (rand))
        {
          static const DjAssessment all[] = { 10, 13, 14, 15, 16, 17, 18, 19 };

          dj_game_set_assessment (game, node, all[g_rand_int_range (rand, 0, 8)]);
        }
      if (!root && g_rand_int_range (rand, 0, 4) == 0)
        dj_game_set_time (game, node, g_rand_int_range (rand, 0, 1000000));
      if (g_rand_int_range (rand, 0, 4) == 0)
        dj_game_set_marker (game, node, g_rand_int_range (rand, 0, DJ_N_PITS),
                            g_rand_int_range (rand, 1, DJ_MARKER_LAST + 1));
      if (g_rand_int_range (rand, 0, 5) == 0)
        random_markup (rand, game, node);
    }
  dj_game_clear_undo (game);
  dj_game_set_modified (game, FALSE);
  return game;
}
