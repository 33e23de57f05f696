/* test-undo-property.c: every edit can be undone, whatever it was
 *
 * Random sequences of edits of every kind (moves, variations, promote,
 * demote, main line, deletions, glyphs, assessments, comments, marks,
 * markup, game information, Review Game, Clear Review where the window has
 * it) go through the window as the user makes them: its actions, the
 * board's pits and signals, the comment editor, the game information
 * dialog.  Between them the user steps about the game.
 * After each edit Undo is enabled, and undoing it restores the document
 * before it byte for byte, redoing it the document after it.  At the end,
 * undoing everything gives back the saved file byte for byte, and redoing
 * everything the edited one.
 *
 * The seed is printed (and taken from DJENON_TEST_SEED when set) so that a
 * failing sequence can be replayed.  New kinds of edit go in the table
 * `edits` below.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-board.h"
#include "dj-game-info-dialog.h"
#include "dj-notation-view.h"
#include "dj-play.h"
#include "dj-review.h"
#include "dj-study-pane.h"
#include "dj-xml.h"

#include "dj-test-app.h"

#define N_EDITS 200

typedef struct
{
  DjWindow  *window;
  GtkWidget *undo_button;   /* shows whether win.undo is enabled */
  GRand     *rand;
  guint32    seed;
  guint      step;
} Run;

static DjGame *
game_of (Run *run)
{
  return dj_window_get_game (run->window);
}

static DjNode *
current_of (Run *run)
{
  return dj_game_get_current (game_of (run));
}

static GtkWidget *
notation_of (Run *run)
{
  return GTK_WIDGET (dj_study_pane_get_notation (dj_window_get_study_pane (run->window)));
}

static char *
document_text (Run *run)
{
  return dj_xml_to_string (dj_window_get_collection (run->window), NULL);
}

static gboolean
undo_enabled (Run *run)
{
  return gtk_widget_get_sensitive (run->undo_button);
}

static gboolean
action (GtkWidget  *widget,
        const char *name,
        GVariant   *parameter)
{
  gboolean done = gtk_widget_activate_action_variant (widget, name, parameter);

  flush_events ();
  return done;
}

/* Walks @root's widgets (no recursion) for the first of @type. */
static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      GtkWidget *widget = g_ptr_array_steal_index (stack, stack->len - 1);

      if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
        return widget;
      for (GtkWidget *child = gtk_widget_get_last_child (widget); child != NULL;
           child = gtk_widget_get_prev_sibling (child))
        g_ptr_array_add (stack, child);
    }
  return NULL;
}

/* Moves about, as the user does between edits. */

static void
step_somewhere (Run *run)
{
  static const char *keys[] = { "win.previous", "win.next", "win.first", "win.last" };
  DjGame *game = game_of (run);

  switch (g_rand_int_range (run->rand, 0, 3))
    {
    case 0:
      action (GTK_WIDGET (run->window), keys[g_rand_int_range (run->rand, 0, 4)], NULL);
      break;
    case 1:
      {
        /* A move chosen in the notation: any node of the tree. */
        guint n = dj_game_get_n_nodes (game), k = g_rand_int_range (run->rand, 0, (int) n);
        DjNode *root = dj_game_get_root (game), *node = root;

        for (guint i = 0; i < k && node != NULL; i++)
          node = dj_node_walk_next (node, root);
        if (node != NULL)
          dj_game_set_current (game, node);
        flush_events ();
      }
      break;
    default:
      break;
    }
}

/* The edits.  Each returns FALSE when it cannot be made where the game
 * stands (another kind is then tried). */

static gboolean
edit_move (Run *run)
{
  const DjRules *rules = dj_game_get_rules (game_of (run));
  DjNode *node = current_of (run);
  DjMoves moves;
  DjMove legal[DJ_ROW_PITS];
  guint n = 0;

  dj_moves_generate (rules, dj_node_get_position (node), &moves);
  for (guint i = 0; i < DJ_ROW_PITS; i++)
    if (dj_moves_is_legal (&moves, moves.row_start + i))
      legal[n++] = moves.row_start + i;
  if (n == 0)
    return FALSE;
  g_signal_emit_by_name (dj_board_get_pit_widget (DJ_BOARD (dj_window_get_board (run->window)),
                                                  legal[g_rand_int_range (run->rand, 0, (int) n)]),
                         "clicked");
  flush_events ();
  return TRUE;
}

/* A move other than the one recorded after the previous move. */
static gboolean
edit_variation (Run *run)
{
  if (dj_node_get_parent (current_of (run)) == NULL)
    return FALSE;
  action (GTK_WIDGET (run->window), "win.previous", NULL);
  return edit_move (run);
}

static gboolean
in_variation (Run *run)
{
  DjNode *node = current_of (run);

  return dj_node_get_parent (node) != NULL
         && dj_node_get_n_children (dj_node_get_parent (node)) > 1;
}

static gboolean
edit_promote (Run *run)
{
  return in_variation (run) && action (notation_of (run), "notation.promote", NULL);
}

static gboolean
edit_demote (Run *run)
{
  return in_variation (run) && action (notation_of (run), "notation.move-down", NULL);
}

static gboolean
edit_main_line (Run *run)
{
  return in_variation (run) && action (notation_of (run), "notation.make-main-line", NULL);
}

static gboolean
edit_delete_variation (Run *run)
{
  return in_variation (run) && action (notation_of (run), "notation.delete-variation", NULL);
}

static gboolean
edit_delete_from_here (Run *run)
{
  return dj_node_get_parent (current_of (run)) != NULL
         && g_rand_int_range (run->rand, 0, 4) == 0   /* rarely: it takes much */
         && action (notation_of (run), "notation.delete-from-here", NULL);
}

static gboolean
edit_glyph (Run *run)
{
  if (dj_node_get_parent (current_of (run)) == NULL)
    return FALSE;
  return action (GTK_WIDGET (run->window), "win.glyph",
                 g_variant_new_int32 (g_rand_int_range (run->rand, 0, DJ_GLYPH_LAST + 1)));
}

static gboolean
edit_assessment (Run *run)
{
  static const DjAssessment values[] = {
    DJ_ASSESSMENT_NONE, DJ_ASSESSMENT_EVEN, DJ_ASSESSMENT_UNCLEAR,
    DJ_ASSESSMENT_SOUTH_SLIGHT, DJ_ASSESSMENT_NORTH_SLIGHT, DJ_ASSESSMENT_SOUTH_CLEAR,
    DJ_ASSESSMENT_NORTH_CLEAR, DJ_ASSESSMENT_SOUTH_DECISIVE, DJ_ASSESSMENT_NORTH_DECISIVE,
  };

  if (dj_node_get_parent (current_of (run)) == NULL)
    return FALSE;
  return action (notation_of (run), "notation.assessment",
                 g_variant_new_int32 (values[g_rand_int_range (run->rand, 0,
                                                               G_N_ELEMENTS (values))]));
}

static gboolean
edit_comment (Run *run)
{
  static const char *texts[] = { "", "Better was d.", "Pas lourd; ", "✓ A→c", "x" };
  DjStudyPane *pane = dj_window_get_study_pane (run->window);
  gboolean after = g_rand_boolean (run->rand);
  GtkTextView *view;

  view = dj_study_pane_get_comment_view (pane, after);
  if (!gtk_widget_get_sensitive (GTK_WIDGET (view)))
    return FALSE;   /* no comment before the start */
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view),
                            texts[g_rand_int_range (run->rand, 0, G_N_ELEMENTS (texts))], -1);
  dj_study_pane_commit_comment (pane);
  flush_events ();
  return TRUE;
}

/* The rings of older files, from the notation's menu. */
static gboolean
edit_marker (Run *run)
{
  if (g_rand_int_range (run->rand, 0, 5) == 0)
    return action (notation_of (run), "notation.clear-markers", NULL);
  return action (notation_of (run), "notation.marker",
                 g_variant_new ("(ii)", g_rand_int_range (run->rand, 0, DJ_N_PITS),
                                g_rand_int_range (run->rand, 0, DJ_MARKER_LAST + 1)));
}

/* Marks and arrows as the board hands them over (::markup-edited). */
static gboolean
edit_markup (Run *run)
{
  DjBoard *board = DJ_BOARD (dj_window_get_board (run->window));
  DjMarkup markup = *dj_board_scene_get_markup (dj_board_get_scene (board));
  guint pit = g_rand_int_range (run->rand, 0, DJ_N_PITS);
  DjMarker colour = g_rand_int_range (run->rand, 1, DJ_MARKER_LAST + 1);

  if (g_rand_boolean (run->rand))
    dj_markup_set_mark (&markup, pit,
                        g_rand_int_range (run->rand, DJ_MARK_NONE, DJ_MARK_SHAPE_LAST + 1),
                        colour, "A1");
  else
    dj_markup_toggle_arrow (&markup, pit, (pit + 1 + g_rand_int_range (run->rand, 0, 10))
                                          % DJ_N_PITS, colour);
  g_signal_emit_by_name (board, "markup-edited", &markup, "Mark Pit");
  flush_events ();
  return TRUE;
}

static gboolean
edit_game_info (Run *run)
{
  static const char *names[] = { "Awa", "Kouassi", "Adjoua", "" };
  GtkWidget *dialog = NULL, *row;
  GListModel *toplevels;   /* GTK's own */

  action (GTK_WIDGET (run->window), "win.game-info", NULL);
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && dialog == NULL; i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);

      if (DJ_IS_GAME_INFO_DIALOG (w))
        dialog = g_object_ref (w);   /* apply destroys it */
    }
  g_assert_nonnull (dialog);
  /* The first field: South's name. */
  row = find_widget (dialog, GTK_TYPE_EDITABLE);
  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), names[g_rand_int_range (run->rand, 0,
                                                                     G_N_ELEMENTS (names))]);
  action (dialog, "dialog.apply", NULL);
  if (gtk_widget_get_visible (dialog))
    gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
  flush_events ();
  return TRUE;
}

static gboolean
review_done (gpointer data)
{
  return !dj_review_get_running (data);
}

/* When Review Game asks first (its thresholds), the user goes ahead. */
static gboolean
edit_review (Run *run)
{
  DjReview *review = DJ_REVIEW (find_widget (GTK_WIDGET (run->window), DJ_TYPE_REVIEW));

  /* Not too often: it searches every move of the main line. */
  if (g_rand_int_range (run->rand, 0, 4) != 0)
    return FALSE;
  g_assert_nonnull (review);
  dj_review_set_time_budget (review, 5);
  action (GTK_WIDGET (run->window), "win.review-game", NULL);
  dj_test_answer_review_dialog ();
  dj_test_wait_until (60, review_done, review, "the review");
  flush_events ();
  return TRUE;
}

/* Clear Review (win.clear-review), where the window has it: else another
 * kind of edit is made. */
static gboolean
edit_clear_review (Run *run)
{
  return action (GTK_WIDGET (run->window), "win.clear-review", NULL);
}

static const struct
{
  const char *name;
  guint       weight;
  gboolean  (*edit) (Run *run);
} edits[] = {
  { "move", 8, edit_move },
  { "variation", 4, edit_variation },
  { "promote", 3, edit_promote },
  { "demote", 3, edit_demote },
  { "main line", 2, edit_main_line },
  { "delete variation", 2, edit_delete_variation },
  { "delete from here", 1, edit_delete_from_here },
  { "glyph", 3, edit_glyph },
  { "assessment", 3, edit_assessment },
  { "comment", 3, edit_comment },
  { "marker", 2, edit_marker },
  { "markup", 2, edit_markup },
  { "game info", 1, edit_game_info },
  { "review", 1, edit_review },
  { "clear review", 1, edit_clear_review },
};

static guint
pick_edit (Run *run)
{
  guint total = 0, k;

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    total += edits[i].weight;
  k = g_rand_int_range (run->rand, 0, (int) total);
  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      if (k < edits[i].weight)
        return i;
      k -= edits[i].weight;
    }
  g_assert_not_reached ();
}

#define FAIL(run, kind, ...) \
  g_error ("seed %u (DJENON_TEST_SEED=%u replays it), edit %u (%s): %s", (run)->seed, \
           (run)->seed, (run)->step, (kind), g_strdup_printf (__VA_ARGS__))

static void
test_undo_property (gconstpointer data)
{
  guint32 seed = GPOINTER_TO_UINT (data);
  g_autofree char *dir = g_dir_make_tmp ("djenon-undo-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL, *edited = NULL, *text = NULL;
  g_autofree char *saved_on_disk = NULL;
  Run run = { 0 };
  DjRules rules = DJ_RULES_INIT (seed % 2 ? DJ_VARIANT_ABE : DJ_VARIANT_ABOURE);
  guint n_done = 0;

  g_test_message ("seed %u (set DJENON_TEST_SEED to replay)", seed);
  run.seed = seed;
  run.rand = g_rand_new_with_seed (seed);
  run.window = new_window ();
  dj_window_start_game (run.window, &rules, NULL, NULL);
  flush_events ();
  run.undo_button = gtk_button_new ();
  gtk_actionable_set_action_name (GTK_ACTIONABLE (run.undo_button), "win.undo");
  gtk_widget_set_visible (run.undo_button, FALSE);
  gtk_box_append (GTK_BOX (gtk_widget_get_parent (dj_window_get_board (run.window))),
                  run.undo_button);

  /* A few moves, saved: the file to come back to. */
  for (guint i = 0; i < 6; i++)
    edit_move (&run);
  g_assert_true (dj_window_save_to (run.window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &saved_on_disk, NULL, NULL));
  saved = document_text (&run);
  g_assert_cmpstr (saved, ==, saved_on_disk);

  for (run.step = 1; run.step <= N_EDITS; run.step++)
    {
      g_autofree char *before = NULL, *after = NULL, *again = NULL;
      guint kind;

      step_somewhere (&run);
      before = document_text (&run);
      do
        {
          kind = pick_edit (&run);
          if (g_getenv ("DJENON_TEST_VERBOSE") != NULL)
            g_test_message ("edit %u: %s", run.step, edits[kind].name);
        }
      while (!edits[kind].edit (&run));
      after = document_text (&run);
      if (g_strcmp0 (before, after) == 0)
        {
          /* Nothing changed (the same glyph again, say): no new step. */
          if (n_done > 0 && !undo_enabled (&run))
            FAIL (&run, edits[kind].name, "Undo is disabled");
          continue;
        }
      n_done++;
      if (!undo_enabled (&run))
        FAIL (&run, edits[kind].name, "Undo is disabled after the edit");
      action (GTK_WIDGET (run.window), "win.undo", NULL);
      again = document_text (&run);
      if (g_strcmp0 (again, before) != 0)
        FAIL (&run, edits[kind].name, "Undo gives\n%s\ninstead of\n%s", again, before);
      g_clear_pointer (&again, g_free);
      action (GTK_WIDGET (run.window), "win.redo", NULL);
      again = document_text (&run);
      if (g_strcmp0 (again, after) != 0)
        FAIL (&run, edits[kind].name, "Redo gives\n%s\ninstead of\n%s", again, after);
      if (!undo_enabled (&run))
        FAIL (&run, edits[kind].name, "Undo is disabled after Redo");
    }
  g_assert_cmpuint (n_done, >, N_EDITS / 2);

  /* Everything undone: the file saved, byte for byte. */
  edited = document_text (&run);
  for (guint i = 0; i < n_done; i++)
    {
      g_assert_true (undo_enabled (&run));
      action (GTK_WIDGET (run.window), "win.undo", NULL);
    }
  text = document_text (&run);
  g_assert_cmpstr (text, ==, saved_on_disk);
  g_assert_false (dj_window_get_modified (run.window));
  g_clear_pointer (&text, g_free);

  /* Everything redone: the edited document. */
  while (dj_game_can_redo (game_of (&run)))
    action (GTK_WIDGET (run.window), "win.redo", NULL);
  text = document_text (&run);
  g_assert_cmpstr (text, ==, edited);

  g_rand_free (run.rand);
  destroy_window (run.window);
  dj_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-undo");
  const char *env = g_getenv ("DJENON_TEST_SEED");
  static const guint32 seeds[] = { 20261202, 4242, 77 };
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!dj_test_start_app ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  if (env != NULL)
    g_test_add_data_func ("/djenon/app/undo-property/env",
                          GUINT_TO_POINTER ((guint32) g_ascii_strtoull (env, NULL, 10)),
                          test_undo_property);
  else
    for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
      {
        g_autofree char *name = g_strdup_printf ("/djenon/app/undo-property/%u", seeds[i]);

        g_test_add_data_func (name, GUINT_TO_POINTER (seeds[i]), test_undo_property);
      }
  status = g_test_run ();
  dj_test_remove_tree (home);
  return status;
}
