/* test-record.c: the game record: move tree, annotations, undo and signals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-collection.h"
#include "dj-test-record.h"
#include "dj-xml.h"

static const DjRules aboure = { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN };
static const DjRules abe = { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN };

static DjNode *
play (DjGame     *game,
      DjNode     *node,
      const char *move)
{
  g_autoptr(GError) error = NULL;
  DjMove m;
  DjNode *child;

  g_assert_true (dj_move_from_string (move, &m));
  child = dj_game_play (game, node, m, &error);
  g_assert_no_error (error);
  g_assert_nonnull (child);
  return child;
}

static void
test_play (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  g_autoptr(GError) error = NULL;
  DjNode *root = dj_game_get_root (game);
  DjNode *c, *again, *a;
  DjMoves moves;
  DjPosition expected;

  g_assert_false (dj_game_can_undo (game));
  g_assert_false (dj_game_get_modified (game));
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 1);

  c = play (game, root, "c");
  g_assert_true (dj_node_get_parent (c) == root);
  g_assert_cmpint (dj_node_get_move (c), ==, 2);
  g_assert_cmpuint (dj_node_get_ply (c), ==, 1);
  g_assert_cmpuint (dj_node_get_move_number (c), ==, 1);
  g_assert_cmpint (dj_node_get_mover (c), ==, DJ_SOUTH);
  /* The cached position is the engine's. */
  dj_moves_generate (&aboure, dj_node_get_position (root), &moves);
  dj_moves_child (&moves, dj_node_get_position (root), 2, &expected);
  g_assert_true (dj_position_equal (&expected, dj_node_get_position (c)));
  g_assert_true (dj_game_get_modified (game));
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Play c");

  /* Playing it again follows the existing child: no duplicate, no undo step. */
  dj_game_undo (game);
  dj_game_redo (game);
  again = play (game, root, "c");
  g_assert_true (again == c);
  g_assert_cmpuint (dj_node_get_n_children (root), ==, 1);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Play c");
  g_assert_false (dj_game_can_redo (game));

  /* After c, North's D holds one seed: refused with the engine's reason. */
  g_assert_null (dj_game_play (game, c, 9, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "D"));
  g_assert_nonnull (strstr (error->message, "single seed"));
  g_clear_error (&error);
  /* South's pits are not North's to play; nor may North pass. */
  g_assert_null (dj_game_play (game, c, 0, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_null (dj_game_play (game, c, DJ_PASS, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 2);

  a = play (game, c, "A");
  g_assert_cmpuint (dj_node_get_move_number (a), ==, 1);
  g_assert_cmpint (dj_node_get_mover (a), ==, DJ_NORTH);
  g_assert_cmpuint (dj_node_get_move_number (play (game, a, "a")), ==, 2);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 4);
}

static DjPosition
parse_position (const char *text)
{
  g_autoptr(GError) error = NULL;
  DjPosition pos;

  g_assert_true (dj_position_parse (text, &pos, &error));
  g_assert_no_error (error);
  return pos;
}

static void
assert_position (const DjPosition *pos,
                 const char       *text)
{
  g_autofree char *str = dj_position_to_string (pos);

  g_assert_cmpstr (str, ==, text);
}

typedef struct
{
  guint          n;
  DjNode        *node;
  gboolean       had_trace;
  DjMove         trace_move;
} CurrentSeen;

static void
current_seen_cb (DjGame      *game,
                 DjNode      *node,
                 CurrentSeen *seen)
{
  const DjTrace *trace = dj_game_get_current_trace (game);

  seen->n++;
  seen->node = node;
  seen->had_trace = trace != NULL;
  seen->trace_move = trace != NULL ? trace->move : DJ_NO_MOVE;
}

/* A move that leaves the opponent without a move: worked by hand.  Djenon-aboure,
 * South's a holds 2: sown origin-first into a and b, the last seed lands in the
 * empty b and the move ends.  North's row is empty: North passes, South's e
 * (2 seeds) is still legal, so the game goes on. */
static void
test_play_turn_forced_pass (void)
{
  DjPosition start = parse_position ("2 0 0 0 2 0 0 0 0 0 0 0 20 24 S");
  g_autoptr(DjGame) game = dj_game_new (&aboure, &start);
  g_autoptr(DjTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  DjNode *root = dj_game_get_root (game);
  DjNode *a, *pass;
  CurrentSeen seen = { 0 };

  g_signal_connect (game, "current-changed", G_CALLBACK (current_seen_cb), &seen);
  trace = dj_game_play_turn (game, 0, DJ_NO_TIME, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  g_assert_cmpint (trace->move, ==, 0);
  g_assert_cmpuint (trace->laps->len, ==, 1);
  g_assert_cmpint (trace->end, ==, DJ_TRACE_EMPTY_PIT);
  assert_position (&trace->before, "2 0 0 0 2 0 0 0 0 0 0 0 20 24 S");
  assert_position (&trace->after, "1 1 0 0 2 0 0 0 0 0 0 0 20 24 N");

  /* The move and North's pass, and the board is at the pass. */
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 3);
  a = dj_node_get_first_child (root);
  g_assert_cmpint (dj_node_get_move (a), ==, 0);
  pass = dj_node_get_first_child (a);
  g_assert_nonnull (pass);
  g_assert_cmpint (dj_node_get_move (pass), ==, DJ_PASS);
  g_assert_cmpint (dj_node_get_mover (pass), ==, DJ_NORTH);
  assert_position (dj_node_get_position (pass), "1 1 0 0 2 0 0 0 0 0 0 0 20 24 S");
  g_assert_true (dj_game_get_current (game) == pass);

  /* One current-changed, with the move's trace to animate. */
  g_assert_cmpuint (seen.n, ==, 1);
  g_assert_true (seen.node == pass);
  g_assert_true (seen.had_trace);
  g_assert_cmpint (seen.trace_move, ==, 0);
  g_assert_nonnull (dj_game_get_current_trace (game));

  /* ONE undo step, named after the move. */
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Play a");
  dj_game_undo (game);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 1);
  g_assert_true (dj_game_get_current (game) == root);
  g_assert_null (dj_game_get_current_trace (game));
  g_assert_false (dj_game_can_undo (game));
  g_assert_false (dj_game_get_modified (game));

  /* Redo brings both back and goes to where the turn ended. */
  dj_game_redo (game);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 3);
  g_assert_true (dj_game_get_current (game) == pass);
  g_assert_null (dj_game_get_current_trace (game));
  g_assert_false (dj_game_can_redo (game));

  /* Played again from the start: the recorded move and pass are followed,
   * nothing is added, no undo step is made. */
  dj_game_set_current (game, root);
  g_clear_pointer (&trace, dj_trace_free);
  trace = dj_game_play_turn (game, 0, DJ_NO_TIME, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 3);
  g_assert_true (dj_game_get_current (game) == pass);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Play a");
  dj_game_undo (game);
  g_assert_false (dj_game_can_undo (game));
  dj_game_redo (game);

  /* A refused move changes nothing: South's a now holds a single seed. */
  g_clear_pointer (&trace, dj_trace_free);
  seen.n = 0;
  trace = dj_game_play_turn (game, 0, DJ_NO_TIME, &error);
  g_assert_null (trace);
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_cmpuint (seen.n, ==, 0);
  g_assert_true (dj_game_get_current (game) == pass);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 3);

  /* e: its 2 seeds go into e and f, and f was empty.  Now nobody has a legal
   * move (every pit holds 0 or 1): the game is over, so no pass is added.
   * The time given is recorded on the new move. */
  g_clear_pointer (&trace, dj_trace_free);
  trace = dj_game_play_turn (game, 4, 1500, &error);
  g_assert_no_error (error);
  assert_position (dj_node_get_position (dj_game_get_current (game)),
                   "1 1 0 0 1 1 0 0 0 0 0 0 20 24 N");
  g_assert_cmpint (dj_node_get_move (dj_game_get_current (game)), ==, 4);
  g_assert_cmpint (dj_node_get_time_ms (dj_game_get_current (game)), ==, 1500);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 4);

  /* Changing the current node otherwise forgets the trace. */
  dj_game_set_current (game, pass);
  g_assert_null (dj_game_get_current_trace (game));
  g_signal_handlers_disconnect_by_data (game, &seen);
}

/* Djenon-abe: North's A (1 seed) sows into B and ends.  South's row is empty
 * and North's F (3) can feed it: South passes starved, and North owes a
 * feeding move. */
static void
test_play_turn_starved (void)
{
  DjPosition start = parse_position ("0 0 0 0 0 0 1 0 0 0 0 3 21 23 N");
  g_autoptr(DjGame) game = dj_game_new (&abe, &start);
  g_autoptr(DjTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  DjNode *pass;

  trace = dj_game_play_turn (game, 6, DJ_NO_TIME, &error);
  g_assert_no_error (error);
  pass = dj_game_get_current (game);
  g_assert_cmpint (dj_node_get_move (pass), ==, DJ_PASS);
  g_assert_cmpint (dj_node_get_move (dj_node_get_parent (pass)), ==, 6);
  assert_position (&trace->after, "0 0 0 0 0 0 0 1 0 0 0 3 21 23 S");
  assert_position (dj_node_get_position (pass), "0 0 0 0 0 0 0 1 0 0 0 3 21 23 N feed");
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 3);
  dj_game_undo (game);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 1);
  g_assert_false (dj_game_can_undo (game));
}

/* A set-up position whose side to move cannot move starts with its pass. */
static void
test_play_forced_pass (void)
{
  DjPosition start = parse_position ("1 0 1 0 0 0 2 0 0 0 0 0 20 24 S");
  g_autoptr(DjGame) game = dj_game_new (&aboure, &start);
  DjNode *pass;

  pass = dj_game_play_forced_pass (game);
  g_assert_nonnull (pass);
  g_assert_true (dj_game_get_current (game) == pass);
  g_assert_cmpint (dj_node_get_move (pass), ==, DJ_PASS);
  assert_position (dj_node_get_position (pass), "1 0 1 0 0 0 2 0 0 0 0 0 20 24 N");
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Play pass");
  /* North has A: nothing is forced now. */
  g_assert_null (dj_game_play_forced_pass (game));
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 2);
}

/* Redo goes to the move it restores, wherever the board was. */
static void
test_redo_goes_to_move (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  g_autoptr(DjTrace) trace = NULL;
  DjNode *root = dj_game_get_root (game);
  DjNode *c, *b;

  trace = dj_game_play_turn (game, 2, DJ_NO_TIME, NULL);
  c = dj_game_get_current (game);
  g_clear_pointer (&trace, dj_trace_free);
  trace = dj_game_play_turn (game, 7, DJ_NO_TIME, NULL);
  b = dj_game_get_current (game);
  g_assert_cmpint (dj_node_get_move (b), ==, 7);

  dj_game_undo (game);
  g_assert_true (dj_game_get_current (game) == c);
  dj_game_set_current (game, root);
  dj_game_redo (game);
  b = dj_game_get_current (game);
  g_assert_cmpint (dj_node_get_move (b), ==, 7);
  g_assert_true (dj_node_get_parent (b) == c);

  /* A move added off the board's node (dj_game_play) too. */
  dj_game_set_current (game, root);
  play (game, root, "a");
  dj_game_undo (game);
  dj_game_redo (game);
  g_assert_cmpint (dj_node_get_move (dj_game_get_current (game)), ==, 0);
  g_assert_true (dj_node_get_parent (dj_game_get_current (game)) == root);
}

static void
test_move_numbers_setup (void)
{
  DjPosition start;
  g_autoptr(DjGame) game = NULL;
  DjNode *n1, *n2;

  /* North moves first: its move is "1...", South's reply "2.". */
  g_assert_true (dj_position_parse ("4 4 4 4 4 4 4 4 4 4 4 4 0 0 N", &start, NULL));
  game = dj_game_new (&aboure, &start);
  g_assert_true (dj_game_has_setup (game));
  n1 = play (game, dj_game_get_root (game), "C");
  g_assert_cmpuint (dj_node_get_move_number (n1), ==, 1);
  g_assert_cmpint (dj_node_get_mover (n1), ==, DJ_NORTH);
  n2 = play (game, n1, "a");
  g_assert_cmpuint (dj_node_get_move_number (n2), ==, 2);
}

static void
test_variations (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  DjNode *root = dj_game_get_root (game);
  DjNode *c = play (game, root, "c");
  DjNode *a = play (game, root, "a");
  DjNode *b = play (game, root, "b");
  DjNode *ca = play (game, c, "A");
  DjNode *cb = play (game, c, "B");
  DjNode *cba = play (game, cb, "a");

  g_assert_true (dj_node_get_first_child (root) == c);
  g_assert_cmpuint (dj_node_get_index (b), ==, 2);

  dj_game_promote_variation (game, b);
  g_assert_cmpuint (dj_node_get_index (b), ==, 1);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Promote Variation");
  dj_game_move_variation_down (game, b);
  g_assert_cmpuint (dj_node_get_index (b), ==, 2);
  dj_game_move_variation_up (game, a);
  g_assert_true (dj_node_get_first_child (root) == a);
  g_assert_true (dj_node_is_main_line (a));
  g_assert_false (dj_node_is_main_line (ca));

  /* Main line: every ancestor becomes a first child, in one undo step. */
  dj_game_make_main_line (game, cba);
  g_assert_true (dj_node_is_main_line (cba));
  g_assert_true (dj_node_get_first_child (root) == c);
  g_assert_true (dj_node_get_first_child (c) == cb);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Make Main Line");
  dj_game_undo (game);
  g_assert_true (dj_node_get_first_child (root) == a);
  g_assert_true (dj_node_get_first_child (c) == ca);

  dj_game_delete_after (game, c);
  g_assert_cmpuint (dj_node_get_n_children (c), ==, 0);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 4);
  dj_game_undo (game);
  g_assert_cmpuint (dj_node_get_n_children (c), ==, 2);
  g_assert_true (dj_node_get_first_child (c) == ca);
  g_assert_true (dj_node_get_nth_child (c, 1) == cb);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 7);

  dj_game_delete_variation (game, c);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 3);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Delete Variation");
  g_assert_null (dj_node_find_child (root, 2));
}

static void
test_annotations (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  DjNode *root = dj_game_get_root (game);
  DjNode *c = play (game, root, "c");
  g_autofree char *huge = g_strnfill (DJ_MAX_COMMENT_BYTES + 10, 'x');
  g_autofree char *huge_utf8 = NULL;
  GString *s = g_string_new (NULL);

  dj_game_set_comment_after (game, c, "A quiet start");
  dj_game_set_comment_before (game, c, "Before");
  dj_game_set_glyph (game, c, DJ_GLYPH_INTERESTING);
  dj_game_set_assessment (game, c, DJ_ASSESSMENT_NORTH_SLIGHT);
  dj_game_set_time (game, c, 12500);
  dj_game_set_marker (game, c, 3, DJ_MARKER_RED);
  dj_game_set_marker (game, c, 7, DJ_MARKER_YELLOW);
  g_assert_cmpstr (dj_node_get_comment_after (c), ==, "A quiet start");
  g_assert_cmpstr (dj_node_get_comment_before (c), ==, "Before");
  g_assert_cmpint (dj_node_get_glyph (c), ==, DJ_GLYPH_INTERESTING);
  g_assert_cmpint (dj_node_get_assessment (c), ==, DJ_ASSESSMENT_NORTH_SLIGHT);
  g_assert_cmpint (dj_node_get_time_ms (c), ==, 12500);
  g_assert_cmpint (dj_node_get_marker (c, 3), ==, DJ_MARKER_RED);
  g_assert_cmpint (dj_node_get_marker (c, 7), ==, DJ_MARKER_YELLOW);
  g_assert_cmpint (dj_node_get_marker (c, 4), ==, DJ_MARKER_NONE);
  g_assert_true (dj_node_has_annotations (c));

  /* Glyph names and NAG numbers */
  g_assert_cmpint (DJ_GLYPH_BRILLIANT, ==, 3);
  g_assert_cmpint (DJ_GLYPH_GOOD, ==, 1);
  g_assert_cmpint (DJ_GLYPH_INTERESTING, ==, 5);
  g_assert_cmpint (DJ_GLYPH_DUBIOUS, ==, 6);
  g_assert_cmpint (DJ_GLYPH_MISTAKE, ==, 2);
  g_assert_cmpint (DJ_GLYPH_BLUNDER, ==, 4);
  g_assert_cmpstr (dj_glyph_to_string (DJ_GLYPH_DUBIOUS), ==, "?!");

  /* Removing everything drops the annotations entirely. */
  dj_game_set_comment_after (game, c, "");
  dj_game_set_comment_before (game, c, NULL);
  dj_game_set_glyph (game, c, DJ_GLYPH_NONE);
  dj_game_set_assessment (game, c, DJ_ASSESSMENT_NONE);
  dj_game_set_time (game, c, DJ_NO_TIME);
  dj_game_clear_markers (game, c);
  g_assert_false (dj_node_has_annotations (c));

  /* Long comments are cut at DJ_MAX_COMMENT_BYTES, on a character boundary. */
  dj_game_set_comment_after (game, c, huge);
  g_assert_cmpuint (strlen (dj_node_get_comment_after (c)), ==, DJ_MAX_COMMENT_BYTES);
  while (s->len < DJ_MAX_COMMENT_BYTES + 10)
    g_string_append (s, "é");
  g_string_prepend_c (s, 'x');
  huge_utf8 = g_string_free (s, FALSE);
  dj_game_set_comment_after (game, c, huge_utf8);
  g_assert_true (g_utf8_validate (dj_node_get_comment_after (c), -1, NULL));
  g_assert_cmpuint (strlen (dj_node_get_comment_after (c)), <=, DJ_MAX_COMMENT_BYTES);
  g_assert_cmpuint (strlen (dj_node_get_comment_after (c)), >=, DJ_MAX_COMMENT_BYTES - 1);
}

static void
test_comment_steps (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  DjNode *c = play (game, dj_game_get_root (game), "c");

  dj_game_set_comment_after (game, c, "A");
  dj_game_set_comment_after (game, c, "An idea");
  dj_game_set_comment_after (game, c, "An idea");
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Edit Comment");
  dj_game_undo (game);
  /* One step per change; setting the same text again is none. */
  g_assert_cmpstr (dj_node_get_comment_after (c), ==, "A");
  dj_game_undo (game);
  g_assert_null (dj_node_get_comment_after (c));
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Play c");
  dj_game_redo (game);
  dj_game_redo (game);
  g_assert_cmpstr (dj_node_get_comment_after (c), ==, "An idea");
  g_assert_false (dj_game_can_redo (game));
}

static void
test_group (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  DjNode *root = dj_game_get_root (game);
  DjNode *c;

  dj_game_begin_action (game, "Paste Moves");
  c = play (game, root, "c");
  play (game, c, "A");
  dj_game_set_glyph (game, c, DJ_GLYPH_GOOD);
  g_assert_false (dj_game_can_undo (game));
  dj_game_end_action (game);
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Paste Moves");
  dj_game_undo (game);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 1);
  g_assert_false (dj_game_can_undo (game));
  g_assert_false (dj_game_get_modified (game));
  dj_game_redo (game);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, 3);
  g_assert_cmpint (dj_node_get_glyph (dj_node_get_first_child (root)), ==, DJ_GLYPH_GOOD);
}

typedef struct
{
  DjGame  *game;
  GString *log;
} SignalLog;

static void
on_node_added (DjGame    *game,
               DjNode    *node,
               SignalLog *log)
{
  /* Already in place */
  g_assert_true (dj_node_get_nth_child (dj_node_get_parent (node), dj_node_get_index (node)) ==
                 node);
  g_string_append_printf (log->log, "added %s;", dj_move_to_string (dj_node_get_move (node)));
}

static void
on_node_removed (DjGame    *game,
                 DjNode    *node,
                 SignalLog *log)
{
  /* Still in place, so that a view can find it */
  g_assert_nonnull (dj_node_get_parent (node));
  g_assert_true (dj_node_find_child (dj_node_get_parent (node), dj_node_get_move (node)) == node);
  /* and the current node is no longer inside */
  for (DjNode *n = dj_game_get_current (game); n != NULL; n = dj_node_get_parent (n))
    g_assert_true (n != node);
  g_string_append_printf (log->log, "removed %s;", dj_move_to_string (dj_node_get_move (node)));
}

static void
on_node_changed (DjGame    *game,
                 DjNode    *node,
                 SignalLog *log)
{
  g_string_append_printf (log->log, "changed %s;", dj_move_to_string (dj_node_get_move (node)));
}

static void
on_reordered (DjGame    *game,
              DjNode    *parent,
              SignalLog *log)
{
  g_string_append_printf (log->log, "reordered %u;", dj_node_get_ply (parent));
}

static void
on_current (DjGame    *game,
            DjNode    *node,
            SignalLog *log)
{
  g_assert_true (dj_game_get_current (game) == node);
  g_string_append_printf (log->log, "current %u;", dj_node_get_ply (node));
}

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           SignalLog  *log)
{
  gboolean value;

  g_object_get (object, pspec->name, &value, NULL);
  g_string_append_printf (log->log, "%s=%d;", pspec->name, value);
}

static void
on_info (DjGame    *game,
         SignalLog *log)
{
  g_string_append (log->log, "info;");
}

static void
test_signals (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  g_autoptr(DjGameInfo) info = NULL;
  SignalLog log = { game, g_string_new (NULL) };
  DjNode *root = dj_game_get_root (game);
  DjNode *c, *a;

  g_signal_connect (game, "node-added", G_CALLBACK (on_node_added), &log);
  g_signal_connect (game, "node-removed", G_CALLBACK (on_node_removed), &log);
  g_signal_connect (game, "node-changed", G_CALLBACK (on_node_changed), &log);
  g_signal_connect (game, "children-reordered", G_CALLBACK (on_reordered), &log);
  g_signal_connect (game, "current-changed", G_CALLBACK (on_current), &log);
  g_signal_connect (game, "info-changed", G_CALLBACK (on_info), &log);
  g_signal_connect (game, "notify::can-undo", G_CALLBACK (on_notify), &log);
  g_signal_connect (game, "notify::can-redo", G_CALLBACK (on_notify), &log);
  g_signal_connect (game, "notify::modified", G_CALLBACK (on_notify), &log);

  c = play (game, root, "c");
  g_assert_cmpstr (log.log->str, ==, "added c;can-undo=1;modified=1;");
  g_string_truncate (log.log, 0);

  a = play (game, c, "A");
  play (game, c, "B");
  dj_game_set_current (game, a);
  dj_game_set_current (game, a);
  dj_game_set_glyph (game, a, DJ_GLYPH_GOOD);
  dj_game_promote_variation (game, dj_node_get_nth_child (c, 1));
  g_assert_cmpstr (log.log->str, ==, "added A;added B;current 2;changed A;reordered 1;");
  g_string_truncate (log.log, 0);

  /* Deleting the subtree holding the current node moves it out first. */
  dj_game_delete_variation (game, c);
  g_assert_cmpstr (log.log->str, ==, "current 0;removed c;");
  g_string_truncate (log.log, 0);

  dj_game_undo (game);
  g_assert_cmpstr (log.log->str, ==, "added c;can-redo=1;");
  g_string_truncate (log.log, 0);

  dj_game_set_modified (game, FALSE);
  g_assert_cmpstr (log.log->str, ==, "modified=0;");
  g_string_truncate (log.log, 0);

  info = dj_game_info_copy (dj_game_get_info (game));
  dj_game_info_set_string (&info->south, "Awa");
  dj_game_set_info (game, info);
  g_assert_cmpstr (dj_game_get_info (game)->south, ==, "Awa");
  g_assert_cmpstr (log.log->str, ==, "info;can-redo=0;modified=1;");
  g_string_truncate (log.log, 0);
  /* The same information again is no change. */
  dj_game_set_info (game, info);
  g_assert_cmpstr (log.log->str, ==, "");

  g_signal_handlers_disconnect_by_data (game, &log);
  g_string_free (log.log, TRUE);
}

static void
test_modified (void)
{
  g_autoptr(DjGame) game = dj_game_new (&abe, NULL);
  DjNode *root = dj_game_get_root (game);
  DjNode *c;

  c = play (game, root, "c");
  dj_game_set_modified (game, FALSE);
  g_assert_false (dj_game_get_modified (game));
  dj_game_set_comment_after (game, c, "x");
  g_assert_true (dj_game_get_modified (game));
  dj_game_undo (game);
  g_assert_false (dj_game_get_modified (game));
  dj_game_undo (game);
  g_assert_true (dj_game_get_modified (game));
  dj_game_redo (game);
  g_assert_false (dj_game_get_modified (game));
  /* A new edit after undoing past the saved state: the saved state is gone. */
  dj_game_undo (game);
  play (game, root, "d");
  g_assert_true (dj_game_get_modified (game));
  dj_game_undo (game);
  g_assert_true (dj_game_get_modified (game));

  dj_game_set_modified (game, TRUE);
  g_assert_true (dj_game_get_modified (game));
}

static void
test_collection (void)
{
  g_autoptr(DjCollection) collection = dj_collection_new_with_game (&aboure);
  g_autoptr(DjGame) second = dj_game_new (&abe, NULL);
  g_autoptr(DjGame) item = NULL;
  DjGame *first = dj_collection_get_game (collection, 0);

  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (collection)) == DJ_TYPE_GAME);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (collection)), ==, 1);
  g_assert_false (dj_collection_get_modified (collection));

  play (first, dj_game_get_root (first), "c");
  g_assert_true (dj_collection_get_modified (collection));
  dj_game_undo (first);
  g_assert_false (dj_collection_get_modified (collection));

  dj_collection_append (collection, second);
  g_assert_true (dj_collection_get_modified (collection));
  item = g_list_model_get_item (G_LIST_MODEL (collection), 1);
  g_assert_true (item == second);
  g_assert_cmpint (dj_collection_find (collection, second), ==, 1);
  dj_collection_set_modified (collection, FALSE);
  g_assert_false (dj_collection_get_modified (collection));
  dj_collection_remove (collection, 0);
  g_assert_cmpuint (dj_collection_get_n_games (collection), ==, 1);
  g_assert_true (dj_collection_get_modified (collection));
}

static void
test_copy (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  g_autoptr(DjGame) copy = NULL;
  g_autofree char *a = NULL, *b = NULL;
  DjNode *c = play (game, dj_game_get_root (game), "c");

  play (game, c, "A");
  play (game, c, "B");
  dj_game_set_comment_after (game, c, "copied");
  dj_game_set_marker (game, c, 1, DJ_MARKER_BLUE);
  copy = dj_game_copy (game);
  a = dump_game (game);
  b = dump_game (copy);
  g_assert_cmpstr (a, ==, b);
  g_assert_false (dj_game_get_modified (copy));
  g_assert_false (dj_game_can_undo (copy));
  g_assert_true (dj_game_get_root (copy) != dj_game_get_root (game));
}

/* Random edits, each checked to undo exactly, then all undone and redone. */
static void
random_edit (DjGame *game,
             GRand  *rand)
{
  g_autoptr(GPtrArray) nodes = all_nodes (game);
  DjNode *node = g_ptr_array_index (nodes, g_rand_int_range (rand, 0, nodes->len));
  DjNode *root = dj_game_get_root (game);
  static const char *texts[] = { "Good", "A long comment\nover lines", "é ✓ 漢", "" };

  switch (g_rand_int_range (rand, 0, 16))
    {
    case 0:
    case 1:
    case 2:
    case 3:
      {
        DjMove moves[DJ_ROW_PITS];
        guint n = legal_moves (dj_game_get_rules (game), dj_node_get_position (node), moves);

        if (n > 0)
          dj_game_play (game, node, moves[g_rand_int_range (rand, 0, n)], NULL);
      }
      break;
    case 4:
      if (node != root)
        dj_game_delete_variation (game, node);
      break;
    case 5:
      dj_game_delete_after (game, node);
      break;
    case 6:
      dj_game_promote_variation (game, node);
      break;
    case 7:
      dj_game_make_main_line (game, node);
      break;
    case 8:
      if (g_rand_boolean (rand))
        dj_game_move_variation_up (game, node);
      else
        dj_game_move_variation_down (game, node);
      break;
    case 9:
      dj_game_set_comment_after (game, node, texts[g_rand_int_range (rand, 0, 4)]);
      break;
    case 10:
      if (node != root)
        dj_game_set_comment_before (game, node, texts[g_rand_int_range (rand, 0, 4)]);
      break;
    case 11:
      if (node != root)
        dj_game_set_glyph (game, node, g_rand_int_range (rand, 0, DJ_GLYPH_LAST + 1));
      break;
    case 12:
      dj_game_set_assessment (game, node, g_rand_boolean (rand) ? DJ_ASSESSMENT_NONE
                                          : g_rand_int_range (rand, 10, 20) == 11 ? 10
                                          : DJ_ASSESSMENT_SOUTH_CLEAR);
      break;
    case 13:
      if (node != root)
        dj_game_set_time (game, node, g_rand_boolean (rand) ? DJ_NO_TIME
                                                             : g_rand_int_range (rand, 0, 100000));
      break;
    case 14:
      if (g_rand_int_range (rand, 0, 4) == 0)
        dj_game_clear_markers (game, node);
      else
        dj_game_set_marker (game, node, g_rand_int_range (rand, 0, DJ_N_PITS),
                            g_rand_int_range (rand, 0, DJ_MARKER_LAST + 1));
      break;
    case 15:
      {
        g_autoptr(DjGameInfo) info = dj_game_info_copy (dj_game_get_info (game));

        dj_game_info_set_string (&info->north, texts[g_rand_int_range (rand, 0, 4)]);
        dj_game_info_set_tag (info, "Opening", g_rand_boolean (rand) ? "x" : NULL);
        dj_game_set_info (game, info);
      }
      break;
    }
  /* The current node may be anywhere; deleting must move it out. */
  if (g_rand_int_range (rand, 0, 3) == 0)
    {
      g_autoptr(GPtrArray) now = all_nodes (game);

      dj_game_set_current (game, g_ptr_array_index (now, g_rand_int_range (rand, 0, now->len)));
    }
}

static void
test_undo_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261129);

  for (guint round = 0; round < 200; round++)
    {
      g_autoptr(DjGame) game = dj_game_new (round % 2 ? &abe : &aboure, NULL);
      g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
      guint steps = g_rand_int_range (rand, 1, 60);

      g_ptr_array_add (states, dump_game (game));
      for (guint i = 0; i < steps; i++)
        {
          char *before = g_ptr_array_index (states, states->len - 1);
          g_autofree char *label = g_strdup_printf ("Several %u", i);
          gboolean grouped = g_rand_int_range (rand, 0, 8) == 0;
          char *after;

          if (grouped)
            {
              /* Several edits as one step (which may add up to no change) */
              dj_game_begin_action (game, label);
              random_edit (game, rand);
              random_edit (game, rand);
              random_edit (game, rand);
              dj_game_end_action (game);
            }
          else
            random_edit (game, rand);
          after = dump_game (game);
          if (grouped ? g_strcmp0 (dj_game_get_undo_label (game), label) != 0
                      : strcmp (before, after) == 0)
            {
              g_assert_cmpstr (before, ==, after);
              g_free (after);
              continue;
            }
          g_ptr_array_add (states, after);
          /* Each step undoes to the state before it, and redoes. */
          if (g_rand_boolean (rand))
            {
              g_autofree char *undone = NULL;
              g_autofree char *redone = NULL;

              dj_game_undo (game);
              undone = dump_game (game);
              g_assert_cmpstr (undone, ==, before);
              dj_game_redo (game);
              redone = dump_game (game);
              g_assert_cmpstr (redone, ==, after);
            }
        }

      /* All the way back, then all the way forward. */
      for (guint i = states->len - 1; i > 0; i--)
        {
          g_autofree char *now = NULL;

          g_assert_true (dj_game_can_undo (game));
          dj_game_undo (game);
          now = dump_game (game);
          g_assert_cmpstr (now, ==, g_ptr_array_index (states, i - 1));
        }
      g_assert_false (dj_game_can_undo (game));
      g_assert_false (dj_game_get_modified (game));
      for (guint i = 1; i < states->len; i++)
        {
          g_autofree char *now = NULL;

          dj_game_redo (game);
          now = dump_game (game);
          g_assert_cmpstr (now, ==, g_ptr_array_index (states, i));
        }
      g_assert_false (dj_game_can_redo (game));
      {
        g_autoptr(GPtrArray) nodes = all_nodes (game);

        g_assert_cmpuint (dj_game_get_n_nodes (game), ==, nodes->len);
      }
    }
}

/* Deep and long trees: built, copied, edited, undone and freed on a thread
 * with a small stack, so that any recursion over them would crash. */
typedef struct
{
  guint    n;
  gboolean nested;
} DeepJob;

static void *
deep_job (void *data)
{
  DeepJob *job = data;
  g_autoptr(DjGame) game = NULL;
  g_autoptr(DjGame) copy = NULL;
  guint levels, before;
  DjNode *end, *middle, *parent;
  guint64 a, b;

  game = build_long_game (job->n, job->nested, &levels);
  if (job->nested)
    g_assert_cmpuint (levels, >=, job->n * 9 / 10);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, job->n + 1 + (job->nested ? levels : 0));

  /* The deepest node: the end of the long line. */
  end = dj_game_get_root (game);
  while (dj_node_get_first_child (end) != NULL)
    {
      DjNode *next = dj_node_get_first_child (end);

      if (dj_node_get_next_sibling (next) != NULL)
        next = dj_node_get_next_sibling (next);
      end = next;
    }
  g_assert_cmpuint (dj_node_get_ply (end), ==, job->n);
  g_assert_false (dj_node_is_main_line (end) && job->nested);

  /* Edit at the far end. */
  dj_game_set_comment_after (game, end, "The end");
  dj_game_set_current (game, end);
  middle = end;
  for (guint i = 0; i < job->n / 2; i++)
    middle = dj_node_get_parent (middle);
  parent = dj_node_get_parent (middle);
  a = tree_fingerprint (game);
  before = dj_game_get_n_nodes (game);
  dj_game_delete_variation (game, middle);
  g_assert_true (dj_game_get_current (game) == parent);
  g_assert_cmpuint (dj_game_get_n_nodes (game), <=, before - job->n / 2);
  dj_game_undo (game);
  b = tree_fingerprint (game);
  g_assert_cmpuint (a, ==, b);
  g_assert_cmpuint (dj_game_get_n_nodes (game), ==, before);
  dj_game_redo (game);
  dj_game_make_main_line (game, parent);
  g_assert_true (dj_node_is_main_line (parent));

  copy = dj_game_copy (game);
  g_assert_cmpuint (dj_game_get_n_nodes (copy), ==, dj_game_get_n_nodes (game));
  g_assert_cmpuint (tree_fingerprint (copy), ==, tree_fingerprint (game));
  /* The undo history holds the deleted half until the game goes. */
  g_clear_object (&copy);
  g_clear_object (&game);
  return NULL;
}

static void
test_long_line (void)
{
  DeepJob job = { 1000000, FALSE };

  run_with_small_stack (deep_job, &job, 256 * 1024);
}

static void
test_deep_variations (void)
{
  DeepJob job = { 110000, TRUE };

  run_with_small_stack (deep_job, &job, 256 * 1024);
}

/* Undo is available as the history stands, also to a listener that looks
 * in the middle of an edit (a view updating from a tree signal): Promote,
 * Move Down and Delete Variation leave it available, and can-undo always
 * says what dj_game_can_undo() says. */
typedef struct
{
  gboolean seen_mid_edit;   /* dj_game_can_undo() as a tree listener saw it */
  gboolean can_undo;        /* as last notified */
} UndoWatch;

static void
undo_watch_notify (DjGame     *game,
                   GParamSpec *pspec,
                   UndoWatch  *w)
{
  g_object_get (game, "can-undo", &w->can_undo, NULL);
  g_assert_true (w->can_undo == dj_game_can_undo (game));
}

static void
undo_watch_tree (DjGame    *game,
                 DjNode    *node,
                 UndoWatch *w)
{
  w->seen_mid_edit = dj_game_can_undo (game);
}

static void
test_can_undo_mid_edit (void)
{
  g_autoptr(DjGame) game = dj_game_new (&aboure, NULL);
  UndoWatch w = { FALSE, FALSE };
  DjNode *root = dj_game_get_root (game);
  DjNode *a, *e;

  g_signal_connect (game, "notify::can-undo", G_CALLBACK (undo_watch_notify), &w);
  g_signal_connect (game, "children-reordered", G_CALLBACK (undo_watch_tree), &w);
  g_signal_connect (game, "node-removed", G_CALLBACK (undo_watch_tree), &w);
  /* c A d, then e after A. */
  a = play (game, play (game, root, "c"), "A");
  play (game, a, "d");
  e = play (game, a, "e");
  g_assert_true (w.can_undo);

  dj_game_promote_variation (game, e);
  g_assert_true (w.seen_mid_edit);
  g_assert_true (dj_game_can_undo (game));
  w.seen_mid_edit = FALSE;
  dj_game_move_variation_down (game, e);
  g_assert_true (w.seen_mid_edit);
  w.seen_mid_edit = FALSE;
  dj_game_delete_variation (game, e);
  g_assert_true (w.seen_mid_edit);
  g_assert_true (w.can_undo);
  dj_game_undo (game);
  g_assert_true (dj_node_get_parent (e) == a);
  g_assert_true (w.can_undo);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/record/play", test_play);
  g_test_add_func ("/djenon/record/can-undo-mid-edit", test_can_undo_mid_edit);
  g_test_add_func ("/djenon/record/move-numbers-setup", test_move_numbers_setup);
  g_test_add_func ("/djenon/record/play-turn-forced-pass", test_play_turn_forced_pass);
  g_test_add_func ("/djenon/record/play-turn-starved", test_play_turn_starved);
  g_test_add_func ("/djenon/record/play-forced-pass", test_play_forced_pass);
  g_test_add_func ("/djenon/record/redo-goes-to-move", test_redo_goes_to_move);
  g_test_add_func ("/djenon/record/variations", test_variations);
  g_test_add_func ("/djenon/record/annotations", test_annotations);
  g_test_add_func ("/djenon/record/comment-steps", test_comment_steps);
  g_test_add_func ("/djenon/record/group", test_group);
  g_test_add_func ("/djenon/record/signals", test_signals);
  g_test_add_func ("/djenon/record/modified", test_modified);
  g_test_add_func ("/djenon/record/collection", test_collection);
  g_test_add_func ("/djenon/record/copy", test_copy);
  g_test_add_func ("/djenon/record/undo-random", test_undo_random);
  g_test_add_func ("/djenon/record/long-line", test_long_line);
  g_test_add_func ("/djenon/record/deep-variations", test_deep_variations);

  return g_test_run ();
}
