/* test-study.c: the move-tree editor: notation, editing, tree overview,
 * game information, copy and paste, the move explainer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include <glib/gstdio.h>
#include <locale.h>

#include "dj-application.h"
#include "dj-board.h"
#include "dj-drafts.h"
#include "dj-explain.h"
#include "dj-game-info-dialog.h"
#include "dj-notation-line.h"
#include "dj-notation-model.h"
#include "dj-resources.h"
#include "dj-study-pane.h"
#include "dj-window.h"

#include "dj-test-app.h"

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

/* Edits made at random on a tree. */
typedef enum
{
  EDIT_PLAY,
  EDIT_DELETE_VARIATION,
  EDIT_DELETE_AFTER,
  EDIT_PROMOTE,
  EDIT_MAKE_MAIN_LINE,
  EDIT_MOVE_DOWN,
  EDIT_UNDO,
  EDIT_REDO,
  EDIT_GO_TO,
  EDIT_COMMENT,
} Edit;

/* Makes @edit at @node; returns whether the notation reports it with one
 * items-changed at most (what changes a whole line may take more). */
static gboolean
apply_edit (DjGame *game,
            DjNode *node,
            Edit    edit,
            GRand  *rand)
{
  DjNode *parent = dj_node_get_parent (node);

  switch (edit)
    {
    case EDIT_PLAY:
      {
        DjMove move = random_move (game, node, rand);

        if (move != DJ_NO_MOVE)
          dj_game_play (game, node, move, NULL);
      }
      return TRUE;
    case EDIT_DELETE_VARIATION:
      if (parent != NULL)
        dj_game_delete_variation (game, node);
      return TRUE;
    case EDIT_DELETE_AFTER:
      dj_game_delete_after (game, node);
      return FALSE;
    case EDIT_PROMOTE:
      if (parent != NULL)
        dj_game_promote_variation (game, node);
      return TRUE;
    case EDIT_MAKE_MAIN_LINE:
      if (parent != NULL)
        dj_game_make_main_line (game, node);
      return FALSE;
    case EDIT_MOVE_DOWN:
      if (parent != NULL)
        dj_game_move_variation_down (game, node);
      return TRUE;
    case EDIT_UNDO:
      if (dj_game_can_undo (game))
        dj_game_undo (game);
      return FALSE;
    case EDIT_REDO:
      if (dj_game_can_redo (game))
        dj_game_redo (game);
      return FALSE;
    case EDIT_GO_TO:
      dj_game_set_current (game, node);
      return TRUE;
    case EDIT_COMMENT:
      if (parent != NULL && g_rand_boolean (rand))
        dj_game_set_comment_before (game, node, g_rand_boolean (rand) ? "a note" : NULL);
      else
        dj_game_set_comment_after (game, node, g_rand_boolean (rand) ? "a note" : "");
      return TRUE;
    default:
      g_assert_not_reached ();
    }
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
          static const Edit edits[] = {
            EDIT_PLAY, EDIT_PLAY, EDIT_DELETE_VARIATION, EDIT_DELETE_AFTER, EDIT_PROMOTE,
            EDIT_MAKE_MAIN_LINE, EDIT_MOVE_DOWN, EDIT_UNDO, EDIT_UNDO, EDIT_REDO, EDIT_GO_TO,
          };
          DjNode *node = random_node (game, rand);

          apply_edit (game, node, edits[g_rand_int_range (rand, 0, G_N_ELEMENTS (edits))], rand);
          assert_model_ok (model);
        }
    }
}

/* A copy of the list kept by its signals alone, as a list view keeps its
 * rows: each row with the stamp it had when last reported. */
typedef struct
{
  DjNotationModel *model;
  GPtrArray       *rows;
  GArray          *stamps;
  guint            n_changes;
} Mirror;

static void
mirror_items_changed (GListModel *list,
                      guint       position,
                      guint       removed,
                      guint       added,
                      Mirror     *mirror)
{
  g_assert_cmpuint (position + removed, <=, mirror->rows->len);
  g_assert_true (removed > 0 || added > 0);
  g_ptr_array_remove_range (mirror->rows, position, removed);
  g_array_remove_range (mirror->stamps, position, removed);
  for (guint i = 0; i < added; i++)
    {
      DjNotationRow *row = g_list_model_get_item (list, position + i);
      guint64 stamp = dj_notation_row_get_stamp (row);

      g_ptr_array_insert (mirror->rows, position + i, row);
      g_array_insert_val (mirror->stamps, position + i, stamp);
    }
  mirror->n_changes++;
}

static void
mirror_row_changed (DjNotationModel *model,
                    DjNotationRow   *row,
                    Mirror          *mirror)
{
  guint i;

  g_assert_true (g_ptr_array_find (mirror->rows, row, &i));
  g_array_index (mirror->stamps, guint64, i) = dj_notation_row_get_stamp (row);
}

/* The copy is the list, and every row shows what it showed when last
 * reported: no change went unreported. */
static void
assert_mirror_ok (Mirror *mirror)
{
  GListModel *list = G_LIST_MODEL (mirror->model);

  g_assert_cmpuint (mirror->rows->len, ==, g_list_model_get_n_items (list));
  for (guint i = 0; i < mirror->rows->len; i++)
    {
      g_autoptr(DjNotationRow) row = g_list_model_get_item (list, i);

      g_assert_true (row == mirror->rows->pdata[i]);
      g_assert_cmpuint (dj_notation_row_get_stamp (row), ==,
                        g_array_index (mirror->stamps, guint64, i));
    }
}

/* Edits on bigger trees, with a list kept by the model's signals: each
 * edit of the record is reported by one items-changed at most, and the
 * reports, with ::row-changed, account for every change. */
static void
test_model_reports (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);

  for (guint round = 0; round < 6; round++)
    {
      g_autoptr(DjGame) game = new_game ();
      g_autoptr(DjNotationModel) model = NULL;
      Mirror mirror = { NULL };

      grow_tree (game, 400, rand);
      if (round % 2 == 1)
        dj_game_set_comment_after (game, dj_game_get_root (game), "the start");
      model = dj_notation_model_new (game);
      mirror.model = model;
      mirror.rows = g_ptr_array_new_with_free_func (g_object_unref);
      mirror.stamps = g_array_new (FALSE, FALSE, sizeof (guint64));
      mirror_items_changed (G_LIST_MODEL (model), 0, 0,
                            g_list_model_get_n_items (G_LIST_MODEL (model)), &mirror);
      g_signal_connect (model, "items-changed", G_CALLBACK (mirror_items_changed), &mirror);
      g_signal_connect (model, "row-changed", G_CALLBACK (mirror_row_changed), &mirror);

      for (guint i = 0; i < 300; i++)
        {
          static const Edit edits[] = {
            EDIT_PLAY, EDIT_DELETE_VARIATION, EDIT_DELETE_AFTER, EDIT_PROMOTE, EDIT_PROMOTE,
            EDIT_MAKE_MAIN_LINE, EDIT_MOVE_DOWN, EDIT_UNDO, EDIT_UNDO, EDIT_REDO, EDIT_GO_TO,
            EDIT_COMMENT,
          };
          DjNode *node = random_node (game, rand);
          gboolean single;

          mirror.n_changes = 0;
          single = apply_edit (game, node, edits[g_rand_int_range (rand, 0, G_N_ELEMENTS (edits))],
                               rand);
          if (single)
            g_assert_cmpuint (mirror.n_changes, <=, 1);
          assert_mirror_ok (&mirror);
          assert_model_ok (model);
        }
      g_signal_handlers_disconnect_by_data (model, &mirror);
      g_ptr_array_unref (mirror.rows);
      g_array_unref (mirror.stamps);
    }
}

/* Widgets ------------------------------------------------------------------ */

/* A window showing: 1. c {a quiet start} A (1… E!? 2. b) 2. {now} a B */
static DjWindow *
window_with_study_game (DjNode **out_e)
{
  DjWindow *window = new_window ();
  DjGame *game = dj_window_get_game (window);
  DjNode *c, *a, *e;

  play_line (game, dj_game_get_root (game), "c A a B");
  c = dj_node_get_first_child (dj_game_get_root (game));
  e = play_line (game, c, "E");
  play_line (game, e, "b");
  a = dj_node_get_first_child (dj_node_get_first_child (c));
  dj_game_set_comment_after (game, c, "a quiet start");
  dj_game_set_glyph (game, e, DJ_GLYPH_INTERESTING);
  dj_game_set_comment_before (game, a, "now");
  dj_game_clear_undo (game);
  dj_game_set_current (game, dj_game_get_root (game));
  flush_events ();
  if (out_e)
    *out_e = e;
  return window;
}

static DjNotationView *
notation_of (DjWindow *window)
{
  return dj_study_pane_get_notation (dj_window_get_study_pane (window));
}

static char *
shown (DjWindow *window)
{
  flush_events ();
  return dj_notation_view_get_text (notation_of (window));
}

#define STUDY_TEXT \
  "1. c {a quiet start} 1… A\n" \
  "  1… E!? 2. b\n" \
  "{now} 2. a B\n"

/* Variations in place and nested, comments and glyphs where they belong. */
static void
test_notation_shows (void)
{
  DjWindow *window = window_with_study_game (NULL);
  DjGame *game = dj_window_get_game (window);
  DjNotationModel *model = dj_notation_view_get_model (notation_of (window));
  g_autofree char *text = shown (window);
  g_autofree char *after = NULL;
  g_autoptr(DjNotationRow) row = NULL;
  DjNode *e;

  g_assert_cmpstr (text, ==, STUDY_TEXT);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);
  row = g_list_model_get_item (G_LIST_MODEL (model), 1);
  g_assert_cmpuint (dj_notation_row_get_depth (row), ==, 1);
  g_assert_true (dj_notation_row_starts_variation (row));

  /* A nested variation: one level deeper, after the move it replaces. */
  e = dj_notation_row_get_first (row);
  play_line (game, e, "d");
  after = shown (window);
  g_assert_cmpstr (after, ==,
                   "1. c {a quiet start} 1… A\n"
                   "  1… E!? 2. b\n"
                   "    2. d\n"
                   "{now} 2. a B\n");

  /* The current move is marked, and a click on a move goes there. */
  dj_game_set_current (game, e);
  g_clear_pointer (&after, g_free);
  after = shown (window);
  g_assert_nonnull (strstr (after, "1… [E!?] 2. b"));
  g_assert_true (dj_notation_view_activate_at (notation_of (window), 0, 0));
  g_assert_cmpint (dj_node_get_move (dj_game_get_current (game)), ==, 2);
  {
    /* "1. c {a quiet start} 1… A": byte 25 is in "A"; a comment goes to its move. */
    g_autofree char *row0 = dj_notation_view_get_row_text (notation_of (window), 0);
    const char *a = strstr (row0, " A");

    g_assert_nonnull (a);
    g_assert_true (dj_notation_view_activate_at (notation_of (window), 0, a - row0 + 1));
    g_assert_cmpint (dj_node_get_move (dj_game_get_current (game)), ==, 6);
  }
  destroy_window (window);
}

static void
count_items_changed (GListModel *list,
                     guint       position,
                     guint       removed,
                     guint       added,
                     guint      *count)
{
  (*count)++;
}

/* The text shown by the first row of the notation pane's list. */
/* The first row's text as the reader sees it: without the invisible
 * direction isolates a comment is drawn in. */
static const char *
first_label_text (DjWindow *window)
{
  static char *shown;
  GtkWidget *list = GTK_WIDGET (notation_of (window));
  GtkWidget *label;
  GString *text;

  while (list != NULL && !GTK_IS_LIST_VIEW (list))
    list = gtk_widget_get_first_child (list);
  g_assert_nonnull (list);
  label = gtk_widget_get_first_child (gtk_widget_get_first_child (list));
  g_assert_true (DJ_IS_NOTATION_LINE (label));
  text = g_string_new (dj_notation_line_get_text (DJ_NOTATION_LINE (label)));
  g_string_replace (text, "\xe2\x81\xa6", "", 0);   /* LRI */
  g_string_replace (text, "\xe2\x81\xa7", "", 0);   /* RLI */
  g_string_replace (text, "\xe2\x81\xa8", "", 0);   /* FSI */
  g_string_replace (text, "\xe2\x81\xa9", "", 0);   /* PDI */
  g_free (shown);
  shown = g_string_free (text, FALSE);
  return shown;
}

/* Notes on the start position (the root's comment) come first, styled as
 * comments; an edit draws that row again in place; a click on it goes to
 * the start; undo takes them away again. */
static void
test_notation_start_notes (void)
{
  DjWindow *window = window_with_study_game (NULL);
  DjGame *game = dj_window_get_game (window);
  DjNode *root = dj_game_get_root (game);
  DjNotationView *notation = notation_of (window);
  DjNotationModel *model = dj_notation_view_get_model (notation);
  g_autoptr(DjNotationRow) row = NULL;
  g_autofree char *text = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *row_text = NULL;
  guint n_changes = 0;

  g_assert_null (dj_notation_model_get_start_row (model));
  dj_game_set_comment_after (game, root, "a quiet game");
  text = shown (window);
  g_assert_cmpstr (text, ==, "{a quiet game}\n" STUDY_TEXT);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 4);
  row = g_list_model_get_item (G_LIST_MODEL (model), 0);
  g_assert_true (dj_notation_row_is_start (row));
  g_assert_true (dj_notation_model_get_start_row (model) == row);
  g_assert_cmpuint (dj_notation_row_get_n_nodes (row), ==, 0);
  row_text = dj_notation_view_get_row_text (notation, 0);
  g_assert_cmpstr (row_text, ==, "a quiet game");
  g_assert_cmpstr (first_label_text (window), ==, "a quiet game");
  assert_model_ok (model);

  /* An edit: the same row, drawn again in place; the list stays. */
  g_signal_connect (model, "items-changed", G_CALLBACK (count_items_changed), &n_changes);
  dj_game_set_comment_after (game, root, "a quiet game, then a storm");
  edited = shown (window);
  g_assert_cmpstr (edited, ==, "{a quiet game, then a storm}\n" STUDY_TEXT);
  g_assert_cmpuint (n_changes, ==, 0);
  {
    g_autoptr(DjNotationRow) same = g_list_model_get_item (G_LIST_MODEL (model), 0);

    g_assert_true (same == row);
  }
  g_assert_cmpstr (first_label_text (window), ==, "a quiet game, then a storm");

  /* A click on the notes goes to the start position. */
  dj_game_set_current (game, dj_node_get_first_child (root));
  g_assert_true (dj_notation_view_activate_at (notation, 0, 2));
  g_assert_true (dj_game_get_current (game) == root);

  /* Undone: the first notes again, then none; the moves move up. */
  dj_game_undo (game);
  g_clear_pointer (&undone, g_free);
  undone = shown (window);
  g_assert_cmpstr (undone, ==, "{a quiet game}\n" STUDY_TEXT);
  g_assert_cmpuint (n_changes, ==, 0);
  g_assert_cmpstr (first_label_text (window), ==, "a quiet game");
  dj_game_undo (game);
  g_clear_pointer (&undone, g_free);
  undone = shown (window);
  g_assert_cmpstr (undone, ==, STUDY_TEXT);
  g_assert_cmpuint (n_changes, ==, 1);
  g_assert_null (dj_notation_model_get_start_row (model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);
  assert_model_ok (model);
  g_signal_handlers_disconnect_by_data (model, &n_changes);
  destroy_window (window);
}

static gboolean
press_key (GtkWidget *widget,
           guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, 0, &handled);
    }
  flush_events ();
  return handled;
}

/* Left and Right along the line, Up and Down among the alternatives,
 * Home and End. */
static void
test_notation_keys (void)
{
  DjNode *e;
  DjWindow *window = window_with_study_game (&e);
  DjGame *game = dj_window_get_game (window);
  GtkWidget *list = gtk_widget_get_first_child (gtk_widget_get_first_child (gtk_widget_get_first_child (GTK_WIDGET (notation_of (window)))));
  DjNode *root = dj_game_get_root (game);

  /* The list view inside the notation pane's scroller. */
  while (list != NULL && !GTK_IS_LIST_VIEW (list))
    list = gtk_widget_get_first_child (list);
  g_assert_nonnull (list);

  g_assert_true (press_key (list, GDK_KEY_Right));
  g_assert_cmpuint (dj_node_get_ply (dj_game_get_current (game)), ==, 1);
  g_assert_true (press_key (list, GDK_KEY_Right));
  g_assert_cmpint (dj_node_get_move (dj_game_get_current (game)), ==, 6);   /* A */
  g_assert_true (press_key (list, GDK_KEY_Down));
  g_assert_true (dj_game_get_current (game) == e);
  g_assert_true (press_key (list, GDK_KEY_Up));
  g_assert_cmpint (dj_node_get_move (dj_game_get_current (game)), ==, 6);
  g_assert_true (press_key (list, GDK_KEY_End));
  g_assert_cmpuint (dj_node_get_ply (dj_game_get_current (game)), ==, 4);
  g_assert_true (press_key (list, GDK_KEY_Left));
  g_assert_cmpuint (dj_node_get_ply (dj_game_get_current (game)), ==, 3);
  g_assert_true (press_key (list, GDK_KEY_Home));
  g_assert_true (dj_game_get_current (game) == root);
  destroy_window (window);
}

/* The notation without the mark of the current move. */
static char *
unmarked (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    if (*p != '[' && *p != ']')
      g_string_append_c (s, *p);
  return g_string_free (s, FALSE);
}

/* Runs @action on the notation pane at @node, checks the text it leaves,
 * then that undo brings back @before and redo @expected, in one step each. */
static void
check_action (DjWindow   *window,
              DjNode     *node,
              const char *action,
              GVariant   *parameter,
              const char *expected)
{
  DjGame *game = dj_window_get_game (window);
  GtkWidget *notation = GTK_WIDGET (notation_of (window));
  g_autofree char *before = NULL;
  g_autofree char *done = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  g_autofree char *expected_text = NULL;

  dj_game_set_current (game, node);
  before = shown (window);
  g_assert_true (gtk_widget_activate_action_variant (notation, action, parameter));
  done = shown (window);
  if (expected != NULL)
    g_assert_cmpstr (done, ==, expected);
  else
    g_assert_cmpstr (done, !=, before);
  g_assert_true (dj_game_can_undo (game));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  undone = shown (window);
  /* The current move may differ after an undo; compare without brackets. */
  {
    g_autofree char *a = unmarked (before);
    g_autofree char *b = unmarked (undone);

    g_assert_cmpstr (a, ==, b);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  redone = shown (window);
  {
    g_autofree char *a = unmarked (done);
    g_autofree char *b = unmarked (redone);

    g_assert_cmpstr (a, ==, b);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  flush_events ();
  g_assert_true (dj_notation_model_check (dj_notation_view_get_model (DJ_NOTATION_VIEW (notation)), NULL));
}

/* Every editing action of the notation pane, with undo and redo. */
static void
test_edit_actions (void)
{
  DjNode *e;
  DjWindow *window = window_with_study_game (&e);
  DjGame *game = dj_window_get_game (window);
  DjNode *c = dj_node_get_first_child (dj_game_get_root (game));
  DjNode *a_move = dj_node_get_first_child (c);
  DjNode *b = dj_node_get_first_child (e);

  check_action (window, e, "notation.promote", NULL,
                "1. c {a quiet start} 1… [E!?]\n"
                "  1… A {now} 2. a B\n"
                "2. b\n");
  check_action (window, b, "notation.promote", NULL,
                "1. c {a quiet start} 1… E!?\n"
                "  1… A {now} 2. a B\n"
                "2. [b]\n");
  check_action (window, a_move, "notation.move-down", NULL,
                "1. c {a quiet start} 1… E!?\n"
                "  1… [A] {now} 2. a B\n"
                "2. b\n");
  check_action (window, b, "notation.make-main-line", NULL,
                "1. c {a quiet start} 1… E!?\n"
                "  1… A {now} 2. a B\n"
                "2. [b]\n");
  check_action (window, b, "notation.delete-variation", NULL,
                "1. [c] {a quiet start} 1… A {now} 2. a B\n");
  check_action (window, dj_node_get_first_child (a_move), "notation.delete-from-here", NULL,
                "1. c {a quiet start} 1… [A]\n"
                "  1… E!? 2. b\n");
  check_action (window, a_move, "win.glyph", g_variant_new_int32 (DJ_GLYPH_BLUNDER),
                "1. c {a quiet start} 1… [A??]\n"
                "  1… E!? 2. b\n"
                "{now} 2. a B\n");
  check_action (window, e, "win.glyph", g_variant_new_int32 (DJ_GLYPH_NONE),
                "1. c {a quiet start} 1… A\n"
                "  1… [E] 2. b\n"
                "{now} 2. a B\n");
  check_action (window, c, "notation.assessment",
                g_variant_new_int32 (DJ_ASSESSMENT_SOUTH_SLIGHT),
                "1. [c ⩲] {a quiet start} 1… A\n"
                "  1… E!? 2. b\n"
                "{now} 2. a B\n");

  /* Markers: a ring on pit f, the same colour again takes it off. */
  dj_game_set_current (game, c);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (notation_of (window)), "notation.marker",
                                             "(ii)", 5, DJ_MARKER_GREEN));
  g_assert_cmpint (dj_node_get_marker (c, 5), ==, DJ_MARKER_GREEN);
  g_assert_cmpint (dj_board_scene_get_marker (dj_board_get_scene (DJ_BOARD (dj_window_get_board (window))), 5),
                   ==, DJ_MARKER_GREEN);
  gtk_widget_activate_action (GTK_WIDGET (notation_of (window)), "notation.marker",
                              "(ii)", 5, DJ_MARKER_GREEN);
  g_assert_cmpint (dj_node_get_marker (c, 5), ==, DJ_MARKER_NONE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpint (dj_node_get_marker (c, 5), ==, DJ_MARKER_GREEN);
  gtk_widget_activate_action (GTK_WIDGET (notation_of (window)), "notation.marker",
                              "(ii)", 8, DJ_MARKER_RED);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (notation_of (window)),
                                             "notation.clear-markers", NULL));
  g_assert_false (dj_node_has_markers (c));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpint (dj_node_get_marker (c, 8), ==, DJ_MARKER_RED);
  g_assert_cmpint (dj_node_get_marker (c, 5), ==, DJ_MARKER_GREEN);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_false (dj_node_has_markers (c));

  /* Nothing to promote on the main line: the action changes nothing. */
  dj_game_set_current (game, c);
  flush_events ();
  {
    g_autofree char *text = shown (window);
    g_autofree char *label = g_strdup (dj_game_get_undo_label (game));
    g_autofree char *again = NULL;

    gtk_widget_activate_action (GTK_WIDGET (notation_of (window)), "notation.promote", NULL);
    again = shown (window);
    g_assert_cmpstr (again, ==, text);
    g_assert_cmpstr (dj_game_get_undo_label (game), ==, label);
  }
  destroy_window (window);
}

/* Typing a comment saves as one types; a burst of typing is one undo step. */
static gboolean
has_comment_before (gpointer node)
{
  return dj_node_get_comment_before (node) != NULL;
}

static void
test_comment_editor (void)
{
  DjWindow *window = window_with_study_game (NULL);
  DjGame *game = dj_window_get_game (window);
  DjStudyPane *pane = dj_window_get_study_pane (window);
  GtkTextBuffer *after = gtk_text_view_get_buffer (dj_study_pane_get_comment_view (pane, TRUE));
  GtkTextBuffer *before = gtk_text_view_get_buffer (dj_study_pane_get_comment_view (pane, FALSE));
  DjNode *c = dj_node_get_first_child (dj_game_get_root (game));
  const char *keys[] = { " ", "w", "i", "t", "h", " ", "c" };
  GtkTextIter end;

  dj_game_set_current (game, c);
  flush_events ();
  {
    GtkTextIter s, e;
    g_autofree char *t = NULL;

    gtk_text_buffer_get_bounds (after, &s, &e);
    t = gtk_text_buffer_get_text (after, &s, &e, FALSE);
    g_assert_cmpstr (t, ==, "a quiet start");
  }
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      gtk_text_buffer_get_end_iter (after, &end);
      gtk_text_buffer_insert (after, &end, keys[i], -1);
    }
  /* Saved a moment after the last key (or at once when asked). */
  dj_study_pane_commit_comment (pane);
  g_assert_cmpstr (dj_node_get_comment_after (c), ==, "a quiet start with c");
  {
    g_autofree char *text = shown (window);

    g_assert_nonnull (strstr (text, "{a quiet start with c}"));
  }
  /* One undo takes the whole burst back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  flush_events ();
  g_assert_cmpstr (dj_node_get_comment_after (c), ==, "a quiet start");
  g_assert_false (dj_game_can_undo (game));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpstr (dj_node_get_comment_after (c), ==, "a quiet start with c");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);

  /* The comment before the move, into the record too. */
  gtk_text_buffer_set_text (before, "first", -1);
  dj_test_wait_until (10, has_comment_before, c, "the comment before the move in the record");
  g_assert_cmpstr (dj_node_get_comment_before (c), ==, "first");
  {
    g_autofree char *text = shown (window);

    g_assert_true (g_str_has_prefix (text, "{first} 1. [c] {a quiet start}"));
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_null (dj_node_get_comment_before (c));
  destroy_window (window);
}

/* The hand-worked move: Djenon-aboure start, c: 4 laps c→f, f→D, D→b,
 * b→f; 24 steps; f captured with 2 seeds. */
static void
test_explainer (void)
{
  DjWindow *window = new_window ();
  DjGame *game = dj_window_get_game (window);
  DjStudyPane *pane = dj_window_get_study_pane (window);
  DjExplainer *explainer = dj_study_pane_get_explainer (pane);
  DjBoard *board = DJ_BOARD (dj_window_get_board (window));
  DjBoardScene *scene = dj_board_get_scene (board);
  const DjTrace *trace;
  guint covered = 0;
  DjNode *c;

  dj_study_pane_show_page (pane, "explain");
  c = play_line (game, dj_game_get_root (game), "c");
  dj_game_set_current (game, c);
  flush_events ();

  trace = dj_explainer_get_trace (explainer);
  g_assert_nonnull (trace);
  g_assert_cmpuint (trace->laps->len, ==, 4);
  {
    static const guint8 lap_pits[] = { 2, 5, 9, 1 };      /* c f D b */
    static const guint8 landings[] = { 5, 9, 1, 5 };      /* f D b f */

    for (guint i = 0; i < 4; i++)
      {
        DjLap *lap = &g_array_index (trace->laps, DjLap, i);

        g_assert_cmpuint (lap->pit, ==, lap_pits[i]);
        g_assert_cmpuint (lap->landing, ==, landings[i]);
      }
  }
  g_assert_cmpuint (trace->captures->len, ==, 1);
  g_assert_cmpuint (g_array_index (trace->captures, DjCapture, 0).pit, ==, 5);
  g_assert_cmpuint (g_array_index (trace->captures, DjCapture, 0).seeds, ==, 2);
  g_assert_cmpuint (dj_explainer_get_n_steps (explainer), ==, 24);

  /* The sentences cover the steps 0 … 24 in order, each once. */
  for (guint i = 0; i < dj_explainer_get_n_sentences (explainer); i++)
    {
      guint first, last;
      const char *text = dj_explainer_get_sentence (explainer, i, &first, &last);

      g_assert_nonnull (text);
      g_assert_cmpuint (first, ==, covered);
      g_assert_cmpuint (last, >=, first);
      covered = last + 1;
    }
  g_assert_cmpuint (covered, ==, 25);

  /* Step through on the board, the sentence of each step highlighted. */
  g_assert_false (dj_explainer_is_stepping (explainer));
  for (guint step = 0; step <= 24; step++)
    {
      int h;
      guint first, last;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (explainer), "explainer.next", NULL));
      flush_events ();
      g_assert_cmpuint (dj_explainer_get_step (explainer), ==, step);
      if (step < 24)
        {
          g_assert_cmpuint (dj_board_scene_get_step (scene), ==, step);
          g_assert_nonnull (dj_board_scene_get_trace_step (scene));
        }
      else
        {
          /* The last step is the position after the move. */
          for (guint pit = 0; pit < DJ_N_PITS; pit++)
            g_assert_cmpuint (dj_board_scene_get_pit_count (scene, pit), ==,
                              trace->after.pits[pit]);
        }
      h = dj_explainer_get_highlighted (explainer);
      g_assert_cmpint (h, >=, 0);
      dj_explainer_get_sentence (explainer, h, &first, &last);
      g_assert_cmpuint (step, >=, first);
      g_assert_cmpuint (step, <=, last);
      if (step == 24)
        {
          const char *text = dj_explainer_get_sentence (explainer, h, NULL, NULL);

          g_test_message ("capture sentence: %s", text);
          g_assert_nonnull (strstr (text, "f"));
          g_assert_nonnull (strstr (text, "2"));
        }
    }
  /* The board after step 4 (lap 1 sown): c emptied then refilled, f holds 5. */
  gtk_widget_activate_action (GTK_WIDGET (explainer), "explainer.previous", NULL);
  g_assert_cmpuint (dj_explainer_get_step (explainer), ==, 23);

  /* Leaving shows the position again. */
  gtk_widget_activate_action (GTK_WIDGET (explainer), "explainer.leave", NULL);
  flush_events ();
  g_assert_false (dj_explainer_is_stepping (explainer));
  g_assert_null (dj_board_scene_get_trace_step (scene));
  g_assert_true (dj_position_equal (dj_board_scene_get_position (scene), dj_node_get_position (c)));

  /* Going to another move leaves the explainer too. */
  gtk_widget_activate_action (GTK_WIDGET (explainer), "explainer.next", NULL);
  g_assert_true (dj_explainer_is_stepping (explainer));
  dj_game_set_current (game, dj_game_get_root (game));
  flush_events ();
  g_assert_false (dj_explainer_is_stepping (explainer));
  g_assert_null (dj_board_scene_get_trace_step (scene));
  destroy_window (window);
}

/* The pages behind Notes are made when first shown, as a user shows them
 * (by the page switcher: nothing asks for them before), and come up showing
 * the game: the explainer the current move, the tree its lines, the list the
 * file's games. */
static void
test_pages_when_shown (void)
{
  DjNode *e;
  DjWindow *window = window_with_study_game (&e);
  DjGame *game = dj_window_get_game (window);
  DjStudyPane *pane = dj_window_get_study_pane (window);
  GtkWidget *explainer, *tree, *list;
  guint column, lane;

  g_assert_null (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_EXPLAINER));
  g_assert_null (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_TREE_OVERVIEW));
  g_assert_null (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_GAME_LIST));

  dj_game_set_current (game, dj_node_get_first_child (dj_game_get_root (game)));
  dj_study_pane_show_page (pane, "explain");
  flush_events ();
  explainer = dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_EXPLAINER);
  g_assert_nonnull (explainer);
  g_assert_true (gtk_widget_get_mapped (explainer));
  g_assert_true (DJ_EXPLAINER (explainer) == dj_study_pane_get_explainer (pane));
  /* 1. c from the start: four laps, 24 steps. */
  g_assert_nonnull (dj_explainer_get_trace (DJ_EXPLAINER (explainer)));
  g_assert_cmpuint (dj_explainer_get_n_steps (DJ_EXPLAINER (explainer)), ==, 24);

  dj_study_pane_show_page (pane, "tree");
  flush_events ();
  tree = dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_TREE_OVERVIEW);
  g_assert_nonnull (tree);
  g_assert_true (gtk_widget_get_mapped (tree));
  g_assert_true (dj_tree_overview_get_cell (DJ_TREE_OVERVIEW (tree), e, &column, &lane));
  g_assert_cmpuint (lane, ==, 1);

  dj_study_pane_show_page (pane, "games");
  flush_events ();
  list = dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_GAME_LIST);
  g_assert_nonnull (list);
  g_assert_true (gtk_widget_get_mapped (list));
  {
    GtkWidget *view = dj_test_find_widget (list, GTK_TYPE_LIST_VIEW);

    g_assert_nonnull (view);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (view)))),
                      ==, dj_collection_get_n_games (dj_window_get_collection (window)));
  }

  /* Made once: showing a page again keeps its widget. */
  dj_study_pane_show_page (pane, "explain");
  flush_events ();
  g_assert_true (dj_test_find_widget (GTK_WIDGET (window), DJ_TYPE_EXPLAINER) == explainer);

  destroy_window (window);
}

/* The tree overview: main line straight, variations below, in sync. */
static void
test_tree_overview (void)
{
  DjNode *e;
  DjWindow *window = window_with_study_game (&e);
  DjGame *game = dj_window_get_game (window);
  DjStudyPane *pane = dj_window_get_study_pane (window);
  DjTreeOverview *tree = dj_study_pane_get_tree (pane);
  DjNode *end = dj_node_get_line_end (dj_game_get_root (game));
  guint column, lane;

  dj_study_pane_show_page (pane, "tree");
  flush_events ();
  g_assert_true (dj_tree_overview_get_cell (tree, end, &column, &lane));
  g_assert_cmpuint (column, ==, 4);
  g_assert_cmpuint (lane, ==, 0);
  g_assert_true (dj_tree_overview_get_cell (tree, e, &column, &lane));
  g_assert_cmpuint (column, ==, 2);
  g_assert_cmpuint (lane, ==, 1);
  g_assert_cmpuint (dj_tree_overview_get_n_lanes (tree), ==, 2);

  /* Promoting swaps the lanes. */
  dj_game_promote_variation (game, e);
  flush_events ();
  g_assert_true (dj_tree_overview_get_cell (tree, e, &column, &lane));
  g_assert_cmpuint (lane, ==, 0);
  dj_game_undo (game);
  flush_events ();

  /* Many variations: lanes are reused where lines do not overlap. */
  {
    g_autoptr(GRand) rand = g_rand_new_with_seed (7);

    grow_tree (game, 600, rand);
    flush_events ();
    g_assert_cmpuint (dj_tree_overview_get_n_lanes (tree), <, dj_game_get_n_nodes (game) / 4);
  }
  destroy_window (window);
}

/* Game information: every field, one undo step. */
static void
test_game_info (void)
{
  DjWindow *window = new_window ();
  DjGame *game = dj_window_get_game (window);
  GtkWidget *dialog = dj_game_info_dialog_new (GTK_WINDOW (window), game);
  g_autoptr(DjGameInfo) info = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  flush_events ();
  g_assert_true (dj_game_info_dialog_set_field (DJ_GAME_INFO_DIALOG (dialog), "south", "A. Diallo"));
  g_assert_true (dj_game_info_dialog_set_field (DJ_GAME_INFO_DIALOG (dialog), "annotator", "C. Koné"));
  g_assert_true (dj_game_info_dialog_set_field (DJ_GAME_INFO_DIALOG (dialog), "recorder", "D. Yao"));
  g_assert_true (dj_game_info_dialog_set_field (DJ_GAME_INFO_DIALOG (dialog), "source", "Club book"));
  g_assert_true (dj_game_info_dialog_set_field (DJ_GAME_INFO_DIALOG (dialog), "notes", "Played outdoors"));
  g_assert_true (dj_game_info_dialog_set_field (DJ_GAME_INFO_DIALOG (dialog), "tags", "Board = 3\nTime = 20 min"));
  dj_game_info_dialog_set_result (DJ_GAME_INFO_DIALOG (dialog), DJ_RESULT_NORTH_WINS,
                                  DJ_TERMINATION_RESIGNATION);
  g_assert_true (gtk_widget_activate_action (dialog, "dialog.apply", NULL));
  flush_events ();

  info = dj_game_info_copy (dj_game_get_info (game));
  g_assert_cmpstr (info->south, ==, "A. Diallo");
  g_assert_cmpstr (info->annotator, ==, "C. Koné");
  g_assert_cmpstr (info->recorder, ==, "D. Yao");
  g_assert_cmpstr (info->source, ==, "Club book");
  g_assert_cmpstr (info->notes, ==, "Played outdoors");
  g_assert_cmpint (info->result, ==, DJ_RESULT_NORTH_WINS);
  g_assert_cmpint (info->termination, ==, DJ_TERMINATION_RESIGNATION);
  g_assert_cmpstr (dj_game_info_get_tag (info, "Board"), ==, "3");
  g_assert_cmpstr (dj_game_info_get_tag (info, "Time"), ==, "20 min");

  /* One step back to nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_null (dj_game_get_info (game)->south);
  g_assert_null (dj_game_get_info (game)->annotator);
  g_assert_false (dj_game_can_undo (game));
  destroy_window (window);
}

/* Several games: the list opens, adds, moves and deletes them. */
static void
test_game_list (void)
{
  DjWindow *window = new_window ();
  DjCollection *collection = dj_window_get_collection (window);
  DjStudyPane *pane = dj_window_get_study_pane (window);
  GtkWidget *list = GTK_WIDGET (dj_study_pane_get_game_list (pane));
  DjGame *first = dj_window_get_game (window);
  DjGame *second;

  dj_study_pane_show_page (pane, "games");
  flush_events ();
  g_assert_true (gtk_widget_activate_action (list, "games.add", NULL));
  flush_events ();
  g_assert_cmpuint (dj_collection_get_n_games (collection), ==, 2);
  second = dj_window_get_game (window);
  g_assert_true (second != first);
  g_assert_true (dj_collection_get_game (collection, 1) == second);
  play_line (second, dj_game_get_root (second), "a");

  /* Move it up: it is first now, and still shown. */
  g_assert_true (gtk_widget_activate_action (list, "games.move-up", NULL));
  flush_events ();
  g_assert_true (dj_collection_get_game (collection, 0) == second);
  g_assert_true (dj_window_get_game (window) == second);

  /* Open the other one from the list. */
  dj_game_list_delete_selected (DJ_GAME_LIST (list));
  flush_events ();
  g_assert_cmpuint (dj_collection_get_n_games (collection), ==, 1);
  g_assert_true (dj_window_get_game (window) == first);
  g_assert_false (gtk_widget_activate_action (list, "games.delete", NULL)
                  && dj_collection_get_n_games (collection) == 0);
  destroy_window (window);
}

/* Copy the game and the line as text, paste them back. */
static void
test_copy_paste (void)
{
  DjNode *e;
  DjWindow *window = window_with_study_game (&e);
  DjGame *game = dj_window_get_game (window);
  DjStudyPane *pane = dj_window_get_study_pane (window);
  g_autofree char *game_text = dj_study_pane_get_game_text (pane);
  g_autofree char *line_text = NULL;
  g_autoptr(GError) error = NULL;
  DjCollection *collection = dj_window_get_collection (window);

  g_assert_nonnull (game_text);
  dj_game_set_current (game, dj_node_get_first_child (e));
  line_text = dj_study_pane_get_line_text (pane);
  g_test_message ("line: %s", line_text);
  g_assert_nonnull (strstr (line_text, "E!?"));
  g_assert_null (strstr (line_text, " a "));

  /* The game pasted back is a second game, shown, with the same notation. */
  g_assert_true (dj_study_pane_paste_text (pane, game_text, &error));
  g_assert_no_error (error);
  flush_events ();
  g_assert_cmpuint (dj_collection_get_n_games (collection), ==, 2);
  g_assert_true (dj_window_get_game (window) != game);
  {
    g_autofree char *text = shown (window);
    g_autofree char *again = dj_study_pane_get_game_text (pane);

    g_assert_cmpstr (again, ==, game_text);
    g_assert_nonnull (strstr (text, "1… E!? 2. b"));
  }

  /* Moves pasted at a move become a variation there, in one undo step. */
  game = dj_window_get_game (window);
  dj_game_set_current (game, dj_node_get_first_child (dj_game_get_root (game)));
  g_assert_true (dj_study_pane_paste_text (pane, "1… B 2. a", &error));
  g_assert_no_error (error);
  g_assert_cmpint (dj_node_get_move (dj_game_get_current (game)), ==, 7);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_null (dj_node_find_child (dj_node_get_first_child (dj_game_get_root (game)), 7));

  /* Nonsense says where. */
  dj_game_set_current (game, dj_game_get_root (game));
  g_assert_false (dj_study_pane_paste_text (pane, "1. c A\n2. zz", &error));
  g_assert_nonnull (error);
  g_test_message ("error: %s", error->message);
  g_assert_nonnull (strstr (error->message, ":2:"));
  destroy_window (window);
}

/* A picture of the notation, rendered off-screen: variations indented and
 * tinted, the current move on the accent colour. */
static void
test_notation_picture (void)
{
  DjNode *e;
  DjWindow *window = window_with_study_game (&e);
  GtkWidget *notation = GTK_WIDGET (notation_of (window));
  DjGame *game = dj_window_get_game (window);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer;
  int width, height;
  g_autofree guchar *pixels = NULL;
  guint accent = 0, tinted_rows = 0;

  dj_game_set_current (game, e);
  dj_test_wait_painted (notation);
  width = gtk_widget_get_width (notation);
  height = gtk_widget_get_height (notation);
  g_assert_cmpint (width, >, 100);
  paintable = gtk_widget_paintable_new (notation);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (notation));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (g_get_tmp_dir (), "djenon-study-notation.png", NULL);
  gdk_texture_save_to_png (texture, path);
  g_test_message ("notation picture: %s", path);

  pixels = g_malloc (width * height * 4);
  gdk_texture_download (texture, pixels, width * 4);
  for (int y = 0; y < height; y++)
    {
      gboolean tint = FALSE;

      for (int x = 0; x < width; x++)
        {
          guchar *p = pixels + y * width * 4 + x * 4;   /* B G R A, premultiplied */
          int a = p[3], r, g, b;

          if (a == 0)
            continue;
          r = p[2] * 255 / a;
          g = p[1] * 255 / a;
          b = p[0] * 255 / a;
          if (abs (r - 0x35) < 14 && abs (g - 0x84) < 14 && abs (b - 0xe4) < 14 && a > 128)
            accent++;
          /* The level-1 border: blue on the left of the variation's row. */
          if (x < 40 && b > r + 60 && a > 64)
            tint = TRUE;
        }
      tinted_rows += tint;
    }
  g_test_message ("accent pixels %u, rows with a blue left border %u", accent, tinted_rows);
  g_assert_cmpuint (accent, >, 60);
  g_assert_cmpuint (tinted_rows, >, 8);
  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;
  int status;

  setlocale (LC_ALL, "");
  home = dj_test_make_home ("djenon-test-study");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/study/model/simple", test_model_simple);
  g_test_add_func ("/djenon/study/model/random", test_model_random);
  g_test_add_func ("/djenon/study/model/reports", test_model_reports);

  if (dj_test_start_app ())
    {
      g_test_add_func ("/djenon/study/notation/shows", test_notation_shows);
      g_test_add_func ("/djenon/study/notation/start-notes", test_notation_start_notes);
      g_test_add_func ("/djenon/study/notation/keys", test_notation_keys);
      g_test_add_func ("/djenon/study/notation/picture", test_notation_picture);
      g_test_add_func ("/djenon/study/edit/actions", test_edit_actions);
      g_test_add_func ("/djenon/study/edit/comment", test_comment_editor);
      g_test_add_func ("/djenon/study/explainer", test_explainer);
      g_test_add_func ("/djenon/study/tree", test_tree_overview);
      g_test_add_func ("/djenon/study/pages-when-shown", test_pages_when_shown);
      g_test_add_func ("/djenon/study/game-info", test_game_info);
      g_test_add_func ("/djenon/study/game-list", test_game_list);
      g_test_add_func ("/djenon/study/copy-paste", test_copy_paste);
    }

  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
