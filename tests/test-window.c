/* test-window.c: the main window records, replays, saves and asks before losing work
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <signal.h>
#include <unistd.h>

#include "dj-application.h"
#include "dj-board.h"
#include "dj-drafts.h"
#include "dj-move-time.h"
#include "dj-notation-view.h"
#include "dj-new-game-dialog.h"
#include "dj-resources.h"
#include "dj-rules-view.h"
#include "dj-window.h"
#include "dj-xml.h"

#include "dj-test-app.h"

static void
start_setup (DjWindow   *window,
             DjVariant   variant,
             const char *setup)
{
  DjRules rules = DJ_RULES_INIT (variant);
  DjPosition pos;
  g_autoptr(GError) error = NULL;

  dj_position_parse (setup, &pos, &error);
  g_assert_no_error (error);
  dj_window_start_game (window, &rules, &pos, NULL);
}

static void
activate_pit (DjWindow *window,
              DjMove    move)
{
  GtkWidget *board = dj_window_get_board (window);

  g_signal_emit_by_name (dj_board_get_pit_widget (DJ_BOARD (board), move), "clicked");
  flush_events ();
}

static DjNode *
current (DjWindow *window)
{
  return dj_game_get_current (dj_window_get_game (window));
}

static guint
n_moves (DjWindow *window)
{
  /* The moves of the line the board is on, to its end. */
  return dj_node_get_ply (dj_node_get_line_end (current (window)));
}

/* Waits until @window's document has finished reading or writing. */
static void
wait_document (DjWindow *window)
{
  DjDocument *document = dj_window_get_document (window);

  while (dj_document_get_busy (document))
    g_main_context_iteration (NULL, TRUE);
  flush_events ();
}

/* A legal pit: the move goes into the record, the board and the list follow. */
static void
test_play_legal (void)
{
  DjWindow *window = new_window ();
  DjBoard *board = DJ_BOARD (dj_window_get_board (window));
  DjNode *node;

  g_assert_cmpuint (n_moves (window), ==, 0);
  g_assert_false (dj_window_get_modified (window));

  activate_pit (window, 2);   /* South plays c */

  node = current (window);
  g_assert_cmpint (dj_node_get_move (node), ==, 2);
  g_assert_cmpuint (dj_node_get_ply (node), ==, 1);
  g_assert_true (dj_window_get_modified (window));
  g_assert_true (dj_position_equal (dj_board_scene_get_position (dj_board_get_scene (board)),
                                    dj_node_get_position (node)));
  g_assert_cmpuint (n_moves (window), ==, 1);
  g_assert_true (g_str_has_prefix (dj_window_get_status (window), "North to move"));
  g_assert_true (g_str_has_prefix (dj_window_get_last_move_text (window), "South played c:"));

  /* The same pit again from the start follows the recorded move. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.first", NULL);
  flush_events ();
  activate_pit (window, 2);
  g_assert_true (current (window) == node);
  g_assert_cmpuint (dj_game_get_n_nodes (dj_window_get_game (window)), ==, 2);

  destroy_window (window);
}

/* A pit that cannot be played is refused, and the toast says why. */
static void
test_illegal_refused (void)
{
  DjWindow *window = new_window ();

  start_setup (window, DJ_VARIANT_ABOURE, "0 1 4 4 4 4 4 4 4 4 4 4 3 4 S");
  activate_pit (window, 0);   /* empty */
  g_assert_cmpstr (dj_window_get_last_toast (window), ==, dj_pit_status_describe (DJ_PIT_EMPTY));
  activate_pit (window, 1);   /* a single seed in Djenon-aboure */
  g_assert_cmpstr (dj_window_get_last_toast (window), ==,
                   dj_pit_status_describe (DJ_PIT_SINGLETON));
  activate_pit (window, 8);   /* North's pit while South is to move */
  g_assert_cmpstr (dj_window_get_last_toast (window), ==,
                   dj_pit_status_describe (DJ_PIT_NOT_YOURS));

  g_assert_cmpuint (n_moves (window), ==, 0);
  g_assert_false (dj_window_get_modified (window));
  g_assert_false (dj_window_play_move (window, 0));
  g_assert_cmpstr (dj_window_get_last_toast (window), ==, dj_pit_status_describe (DJ_PIT_EMPTY));

  destroy_window (window);
}

/* North has only singletons after South's e: the pass is played for it, and
 * one undo takes back both. */
static void
test_auto_pass (void)
{
  DjWindow *window = new_window ();
  DjGame *game;

  start_setup (window, DJ_VARIANT_ABOURE, "2 0 0 0 2 0 1 0 0 0 0 0 20 23 S");
  game = dj_window_get_game (window);

  activate_pit (window, 4);
  g_assert_cmpuint (n_moves (window), ==, 2);
  g_assert_cmpint (dj_node_get_move (current (window)), ==, DJ_PASS);
  g_assert_cmpint (dj_node_get_position (current (window))->to_move, ==, DJ_SOUTH);
  g_assert_cmpstr (dj_window_get_last_toast (window), ==, "North cannot move and passes");

  /* South's a ends the game: all pits hold 0 or 1. */
  activate_pit (window, 0);
  g_assert_cmpuint (n_moves (window), ==, 3);
  g_assert_true (g_str_has_prefix (dj_window_get_status (window), "Game over: a draw, 24–24."));
  g_assert_nonnull (strstr (dj_window_get_status (window),
                            dj_end_reason_describe (DJ_END_NO_MOVES)));
  g_assert_true (g_str_has_prefix (dj_window_get_last_toast (window), "Game over"));

  dj_game_undo (game);
  flush_events ();
  g_assert_cmpuint (n_moves (window), ==, 2);
  dj_game_undo (game);
  flush_events ();
  g_assert_cmpuint (n_moves (window), ==, 0);
  g_assert_true (current (window) == dj_game_get_root (game));

  destroy_window (window);
}

/* Undo and redo go through the record's history; the actions follow it. */
static void
test_undo_redo (void)
{
  DjWindow *window = new_window ();
  DjGame *game = dj_window_get_game (window);

  g_assert_false (dj_game_can_undo (game));
  activate_pit (window, 2);
  activate_pit (window, 6);
  g_assert_cmpuint (n_moves (window), ==, 2);
  g_assert_true (dj_game_can_undo (game));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  flush_events ();
  g_assert_cmpuint (n_moves (window), ==, 1);
  g_assert_cmpuint (dj_node_get_ply (current (window)), ==, 1);
  g_assert_true (dj_game_can_redo (game));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  flush_events ();
  g_assert_cmpuint (n_moves (window), ==, 0);
  g_assert_false (dj_game_can_undo (game));
  g_assert_false (dj_window_get_modified (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  flush_events ();
  g_assert_cmpuint (n_moves (window), ==, 2);
  g_assert_false (dj_game_can_redo (game));
  g_assert_true (dj_window_get_modified (window));

  destroy_window (window);
}

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("djenon-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Saving and reading back give the same game, and a file that cannot be
 * read changes nothing. */
static void
test_save_reopen (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "game.djenon", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *loaded = NULL;
  DjWindow *window = new_window ();
  DjWindow *other;
  static const DjMove moves[] = { 2, 6, 3, 8 };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    activate_pit (window, moves[i]);
  g_assert_cmpuint (n_moves (window), ==, 4);

  g_assert_true (dj_window_save_to (window, file, &error));
  g_assert_no_error (error);
  g_assert_false (dj_window_get_modified (window));
  g_assert_true (g_file_equal (dj_window_get_file (window), file));

  other = new_window ();
  g_assert_true (dj_window_load_file (other, file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_moves (other), ==, 4);
  saved = dj_xml_to_string (dj_window_get_collection (window), NULL);
  loaded = dj_xml_to_string (dj_window_get_collection (other), NULL);
  g_assert_cmpstr (saved, ==, loaded);

  g_assert_true (g_file_set_contents (bad_path,
                                      "<djenon xmlns=\"" DJ_XML_NAMESPACE "\" version=\"1\">\n"
                                      "  <game>\n"
                                      "    <rules variant=\"aboure\"/>\n"
                                      "    <moves>\n"
                                      "      <move pit=\"c\"/>\n"
                                      "      <move pit=\"c\"/>\n"
                                      "    </moves>\n"
                                      "  </game>\n"
                                      "</djenon>\n", -1, NULL));
  g_assert_false (dj_window_load_file (other, bad, &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "bad.djenon:6"));
  g_clear_error (&error);
  g_assert_cmpuint (n_moves (other), ==, 4);
  g_assert_true (g_file_equal (dj_window_get_file (other), file));

  destroy_window (other);
  destroy_window (window);
  g_unlink (bad_path);
  g_unlink (path);
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);

    g_unlink (backup);
  }
  g_rmdir (dir);
}

/* First, previous, next, last and a click in the move list. */
static void
test_replay (void)
{
  DjWindow *window = new_window ();
  DjGame *game = dj_window_get_game (window);
  DjNotationView *notation = DJ_NOTATION_VIEW (dj_window_get_move_list (window));
  static const DjMove moves[] = { 2, 6, 3 };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    activate_pit (window, moves[i]);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.first", NULL);
  flush_events ();
  g_assert_true (current (window) == dj_game_get_root (game));
  g_assert_cmpuint (n_moves (window), ==, 3);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
  flush_events ();
  g_assert_cmpuint (dj_node_get_ply (current (window)), ==, 1);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.last", NULL);
  flush_events ();
  g_assert_cmpuint (dj_node_get_ply (current (window)), ==, 3);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous", NULL);
  flush_events ();
  g_assert_cmpuint (dj_node_get_ply (current (window)), ==, 2);
  g_assert_true (g_str_has_prefix (dj_window_get_last_move_text (window), "North played A:"));

  /* A click on the first move of the notation ("1. c A 2. d": byte 3 is c). */
  g_assert_true (dj_notation_view_activate_at (notation, 0, 3));
  flush_events ();
  g_assert_cmpuint (dj_node_get_ply (current (window)), ==, 1);

  /* The keys work as the buttons. */
  gtk_widget_grab_focus (GTK_WIDGET (notation));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next", NULL);
  flush_events ();
  g_assert_cmpuint (dj_node_get_ply (current (window)), ==, 2);

  destroy_window (window);
}

static AdwMessageDialog *
find_message_dialog (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == parent)
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

static gboolean
has_message_dialog (gpointer window)
{
  return find_message_dialog (GTK_WINDOW (window)) != NULL;
}

static gboolean
window_is_alive (gpointer window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if ((gpointer) w == window)
        return TRUE;
    }
  return FALSE;
}

static void
respond (AdwMessageDialog *dialog,
         const char       *response)
{
  adw_message_dialog_response (dialog, response);
  flush_events ();
  if (window_is_alive (dialog))
    gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

/* Closing with unsaved moves asks first; Cancel keeps the window,
 * Discard closes it and drops the draft. */
static void
test_close_prompt (void)
{
  DjWindow *window = new_window ();
  AdwMessageDialog *dialog;

  /* Nothing to lose: no question. */
  gtk_window_close (GTK_WINDOW (dj_window_new (GTK_APPLICATION (app))));
  flush_events ();

  activate_pit (window, 2);
  dj_window_flush_draft (window);
  {
    g_autoptr(GPtrArray) drafts = dj_drafts_list ();

    g_assert_cmpuint (drafts->len, ==, 1);
  }

  gtk_window_close (GTK_WINDOW (window));
  flush_events ();
  g_assert_true (window_is_alive (window));
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_has_response (dialog, "cancel"));
  g_assert_true (adw_message_dialog_has_response (dialog, "discard"));
  g_assert_true (adw_message_dialog_has_response (dialog, "save"));
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "Save Changes"));

  respond (dialog, "cancel");
  g_assert_true (window_is_alive (window));
  g_assert_true (dj_window_get_modified (window));

  gtk_window_close (GTK_WINDOW (window));
  flush_events ();
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  respond (dialog, "discard");
  g_assert_null (window);
  {
    g_autoptr(GPtrArray) drafts = dj_drafts_list ();

    g_assert_cmpuint (drafts->len, ==, 0);
  }
}

/* The set-up editor counts the seeds; Create waits for 48. */
static void
test_new_game_setup (void)
{
  DjWindow *window = new_window ();
  DjNewGameDialog *dialog = DJ_NEW_GAME_DIALOG (dj_new_game_dialog_new (GTK_WINDOW (window)));
  DjSetupEditor *editor = dj_new_game_dialog_get_editor (dialog);
  DjPosition pos;

  g_assert_true (dj_new_game_dialog_can_create (dialog));
  dj_new_game_dialog_set_setup (dialog, TRUE);
  g_assert_true (dj_new_game_dialog_can_create (dialog));

  gtk_spin_button_set_value (dj_setup_editor_get_spin (editor, 0), 3);
  g_assert_false (dj_setup_editor_get_valid (editor));
  g_assert_false (dj_new_game_dialog_can_create (dialog));
  g_assert_cmpstr (dj_setup_editor_get_message (editor), ==,
                   "The pits and captures hold 47 seeds; there must be 48");

  gtk_spin_button_set_value (dj_setup_editor_get_spin (editor, 12), 1);
  g_assert_true (dj_new_game_dialog_can_create (dialog));
  dj_new_game_dialog_get_start (dialog, &pos);
  g_assert_cmpuint (pos.pits[0], ==, 3);
  g_assert_cmpuint (pos.captured[DJ_SOUTH], ==, 1);
  g_assert_true (dj_position_check (&pos, NULL));

  /* Without the set-up, the usual start. */
  dj_new_game_dialog_set_setup (dialog, FALSE);
  dj_new_game_dialog_get_start (dialog, &pos);
  g_assert_cmpuint (pos.pits[0], ==, 4);

  gtk_window_destroy (GTK_WINDOW (dialog));
  destroy_window (window);
}

/* A draft follows the unsaved game and restores it; saving removes it. */
static void
test_draft (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "drafted.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) drafts = NULL;
  g_autoptr(GError) error = NULL;
  DjWindow *window = new_window ();
  DjWindow *restored;
  DjDraft *draft;

  activate_pit (window, 2);
  activate_pit (window, 6);
  dj_window_flush_draft (window);

  drafts = dj_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 1);
  draft = drafts->pdata[0];
  g_assert_cmpstr (draft->id, ==, dj_window_get_draft_id (window));
  g_assert_null (draft->file);

  restored = new_window ();
  dj_window_offer_draft (restored, draft);
  flush_events ();
  g_assert_cmpuint (n_moves (restored), ==, 2);
  g_assert_true (dj_window_get_modified (restored));
  {
    AdwMessageDialog *dialog = find_message_dialog (GTK_WINDOW (restored));

    g_assert_nonnull (dialog);
    g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Restore Unsaved Game?");
    respond (dialog, "restore");
  }
  g_assert_cmpuint (n_moves (restored), ==, 2);

  /* Saving the restored game removes its draft. */
  g_assert_true (dj_window_save_to (restored, file, &error));
  g_assert_no_error (error);
  g_clear_pointer (&drafts, g_ptr_array_unref);
  drafts = dj_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 0);

  destroy_window (restored);
  destroy_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* Changes alone write the draft, about two seconds later. */
static gboolean
has_draft (gpointer data)
{
  g_autoptr(GPtrArray) drafts = dj_drafts_list ();

  return drafts->len > 0;
}

static void
test_draft_timer (void)
{
  DjWindow *window = new_window ();
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;

  activate_pit (window, 2);
  before = dj_drafts_list ();
  g_assert_cmpuint (before->len, ==, 0);
  dj_test_wait_until (10, has_draft, NULL, "the draft written");
  after = dj_drafts_list ();
  g_assert_cmpuint (after->len, ==, 1);

  destroy_window (window);
  dj_drafts_remove (((DjDraft *) after->pdata[0])->id);
}

/* Opening a file over unsaved moves asks first; a game file dropped on the
 * window opens the same way; a saved file is in the recent list. */
static void
test_open_and_drop (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "dropped.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_file_get_uri (file);
  DjWindow *source = new_window ();
  DjWindow *window = new_window ();
  AdwMessageDialog *dialog;
  GtkDropTarget *drop = NULL;
  g_autoptr(GListModel) controllers = NULL;

  activate_pit (source, 3);
  g_assert_true (dj_window_save_to (source, file, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));
  destroy_window (source);

  /* Unsaved moves: Open asks, Cancel keeps them. */
  activate_pit (window, 2);
  dj_window_open_file (window, file);
  flush_events ();
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  respond (dialog, "cancel");
  g_assert_null (dj_window_get_file (window));
  g_assert_cmpint (dj_node_get_move (current (window)), ==, 2);

  /* The file dropped on the window: asks again, Discard opens it. */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        drop = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (drop);
  {
    GValue value = G_VALUE_INIT;
    GSList *files = g_slist_prepend (NULL, file);
    gboolean accepted = FALSE;

    g_value_init (&value, GDK_TYPE_FILE_LIST);
    g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
    g_signal_emit_by_name (drop, "drop", &value, 10.0, 10.0, &accepted);
    g_assert_true (accepted);
    g_value_unset (&value);
    g_slist_free (files);
  }
  flush_events ();
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  respond (dialog, "discard");
  wait_document (window);
  g_assert_nonnull (dj_window_get_file (window));
  g_assert_true (g_file_equal (dj_window_get_file (window), file));
  g_assert_false (dj_window_get_modified (window));
  g_assert_cmpint (dj_node_get_move (dj_node_get_first_child (dj_game_get_root (dj_window_get_game (window)))), ==, 3);

  destroy_window (window);
  g_unlink (path);
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);

    g_unlink (backup);
  }
  g_rmdir (dir);
}

/* A draft offered back and discarded goes, and a fresh game takes its place. */
static void
test_draft_discard (void)
{
  DjWindow *window = new_window ();
  DjWindow *restored;
  g_autoptr(GPtrArray) drafts = NULL;
  AdwMessageDialog *dialog;

  activate_pit (window, 2);
  dj_window_flush_draft (window);
  drafts = dj_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 1);

  restored = new_window ();
  dj_window_offer_draft (restored, drafts->pdata[0]);
  flush_events ();
  g_assert_cmpuint (n_moves (restored), ==, 1);
  dialog = find_message_dialog (GTK_WINDOW (restored));
  g_assert_nonnull (dialog);
  respond (dialog, "discard");
  g_assert_cmpuint (n_moves (restored), ==, 0);
  g_assert_false (dj_window_get_modified (restored));
  g_clear_pointer (&drafts, g_ptr_array_unref);
  drafts = dj_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 0);

  destroy_window (restored);
  destroy_window (window);
}

/* The bundled sample: a real annotated game, not a file, nothing to save. */
static void
test_sample (void)
{
  DjWindow *window = new_window ();
  DjGame *game;

  dj_window_show_sample (window);
  game = dj_window_get_game (window);
  g_assert_null (dj_window_get_file (window));
  g_assert_false (dj_window_get_modified (window));
  g_assert_cmpuint (n_moves (window), >, 10);
  g_assert_nonnull (dj_game_get_info (game)->south);
  g_assert_nonnull (dj_node_get_comment_after (dj_node_get_first_child (dj_game_get_root (game))));

  destroy_window (window);
}

/* Rules (in the main menu) opens the in-app viewer on the current game's
 * rules page, in the interface language. */
static void
test_rules_menu (void)
{
  DjWindow *window = new_window ();
  DjRulesView *view = NULL;
  GListModel *toplevels;

  start_setup (window, DJ_VARIANT_ABE, "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.rules", NULL);
  flush_events ();

  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (DJ_IS_RULES_VIEW (w))
        view = DJ_RULES_VIEW (w);
    }
  g_assert_nonnull (view);
  g_assert_cmpstr (dj_rules_view_get_page_id (view), ==, "rules-abe");
  g_assert_cmpstr (dj_rules_view_get_language (view), ==, "C");
  gtk_window_destroy (GTK_WINDOW (view));
  destroy_window (window);
}

/* Ctrl+N then Enter creates the game (the focus starts on Create), and
 * the board has the focus afterwards. */
static void
test_new_game_keys (void)
{
  DjWindow *window = new_window ();
  GtkWindow *dialog = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *focus;
  g_auto(GStrv) for_accel = NULL;

  for_accel = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Control>n");
  g_assert_true (g_strv_contains ((const char * const *) for_accel, "win.new-game"));

  activate_pit (window, 2);
  dj_window_flush_draft (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  flush_events ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (DJ_IS_NEW_GAME_DIALOG (w))
        dialog = w;
    }
  g_assert_nonnull (dialog);
  focus = gtk_window_get_focus (dialog);
  g_assert_nonnull (focus);
  g_assert_true (focus == gtk_window_get_default_widget (dialog));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "C_reate");

  /* Enter on the focused Create; the unsaved move asks first: Discard. */
  gtk_widget_activate (focus);
  /* A button shows it was pressed for a moment before it is clicked. */
  dj_test_wait_until (10, has_message_dialog, window, "the question over unsaved moves");
  respond (find_message_dialog (GTK_WINDOW (window)), "discard");
  g_assert_cmpuint (n_moves (window), ==, 0);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (focus == dj_window_get_board (window)
                 || gtk_widget_is_ancestor (focus, dj_window_get_board (window)));

  destroy_window (window);
}

/* Ctrl+1 … Ctrl+6 are the window's: they give the current move a glyph
 * while the board has the focus, too. */
static void
test_glyph_keys (void)
{
  DjWindow *window = new_window ();
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  GtkShortcut *ctrl_1 = NULL, *ctrl_0 = NULL;
  g_autoptr(GtkShortcutTrigger) one = gtk_keyval_trigger_new (GDK_KEY_1, GDK_CONTROL_MASK);
  g_autoptr(GtkShortcutTrigger) zero = gtk_keyval_trigger_new (GDK_KEY_0, GDK_CONTROL_MASK);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), one))
            ctrl_1 = shortcut;
          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), zero))
            ctrl_0 = shortcut;
        }
    }
  g_assert_nonnull (ctrl_1);
  g_assert_nonnull (ctrl_0);

  activate_pit (window, 2);
  gtk_widget_grab_focus (dj_window_get_board (window));
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (ctrl_1), 0,
                                               GTK_WIDGET (window),
                                               gtk_shortcut_get_arguments (ctrl_1)));
  g_assert_cmpint (dj_node_get_glyph (current (window)), ==, DJ_GLYPH_GOOD);
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (ctrl_0), 0,
                                               GTK_WIDGET (window),
                                               gtk_shortcut_get_arguments (ctrl_0)));
  g_assert_cmpint (dj_node_get_glyph (current (window)), ==, DJ_GLYPH_NONE);

  destroy_window (window);
}

/* Live recording, switched on and off from the menu in the middle of a
 * game: exactly the moves played while it is on get a time, at once, and
 * the notation shows it. */
static void
test_live_timestamps (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  DjWindow *window = new_window ();
  DjNotationView *notation = DJ_NOTATION_VIEW (dj_window_get_move_list (window));
  GActionGroup *actions = G_ACTION_GROUP (app);
  g_autofree char *row = NULL;
  DjNode *node;

  g_assert_false (g_settings_get_boolean (settings, "live-timestamps"));
  activate_pit (window, 2);
  g_assert_cmpint (dj_node_get_time_ms (current (window)), ==, DJ_NO_TIME);

  /* On, as the menu's check item does it. */
  g_action_group_change_action_state (actions, "live-timestamps", g_variant_new_boolean (TRUE));
  flush_events ();
  g_usleep (300 * 1000);
  activate_pit (window, 6);
  node = current (window);
  g_assert_cmpint (dj_node_get_time_ms (node), >=, 300);
  g_assert_cmpint (dj_node_get_time_ms (node), <, 60 * 1000);
  g_usleep (100 * 1000);
  activate_pit (window, 3);
  g_assert_cmpint (dj_node_get_time_ms (current (window)), >=, 100);
  g_assert_cmpint (dj_node_get_time_ms (current (window)), <, 60 * 1000);

  /* The notation shows the times beside their moves: "1. c A 0:00.3 2. [d 0:00.1]". */
  row = dj_notation_view_get_text (notation);
  g_test_message ("row: %s", row);
  {
    g_autofree char *a = dj_move_time_format (dj_node_get_time_ms (node));
    g_autofree char *d = dj_move_time_format (dj_node_get_time_ms (current (window)));
    g_autofree char *a_text = g_strconcat ("c A ", a, " 2.", NULL);
    g_autofree char *d_text = g_strconcat ("d ", d, "]", NULL);

    g_assert_nonnull (strstr (row, a_text));
    g_assert_nonnull (strstr (row, d_text));
  }

  /* Off: the next moves get none. */
  g_action_group_change_action_state (actions, "live-timestamps", g_variant_new_boolean (FALSE));
  flush_events ();
  activate_pit (window, 8);
  g_assert_cmpint (dj_node_get_time_ms (current (window)), ==, DJ_NO_TIME);
  activate_pit (window, dj_node_get_position (current (window))->to_move == DJ_SOUTH ? 0 : 7);
  g_assert_cmpint (dj_node_get_time_ms (current (window)), ==, DJ_NO_TIME);

  /* One undo step takes back a move and its time. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous", NULL);
  flush_events ();
  g_assert_true (current (window) == node || dj_node_get_parent (current (window)) == node);

  destroy_window (window);
}

/* A time is edited in the Notes page: typed and Enter; nonsense is refused
 * with a reason; empty removes it. */
static void
test_edit_time (void)
{
  DjWindow *window = new_window ();
  GtkEntry *entry = dj_study_pane_get_time_entry (dj_window_get_study_pane (window));
  DjNotationView *notation = DJ_NOTATION_VIEW (dj_window_get_move_list (window));
  g_autofree char *row = NULL;

  activate_pit (window, 2);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (entry)));
  gtk_editable_set_text (GTK_EDITABLE (entry), "1:05");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpint (dj_node_get_time_ms (current (window)), ==, 65000);
  row = dj_notation_view_get_text (notation);
  g_assert_nonnull (strstr (row, "c 1:05"));

  gtk_editable_set_text (GTK_EDITABLE (entry), "soon");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpint (dj_node_get_time_ms (current (window)), ==, 65000);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_nonnull (gtk_widget_get_tooltip_text (GTK_WIDGET (entry)));

  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpint (dj_node_get_time_ms (current (window)), ==, DJ_NO_TIME);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));

  /* Undo brings the time back, and the field shows it. */
  dj_game_undo (dj_window_get_game (window));
  flush_events ();
  g_assert_cmpint (dj_node_get_time_ms (current (window)), ==, 65000);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "1:05");

  destroy_window (window);
}

static void
test_move_time_text (void)
{
  static const struct { const char *text; gint64 ms; const char *shown; } cases[] = {
    { "0:00", 0, "0:00" }, { "12", 12000, "0:12" }, { "1:05", 65000, "1:05" },
    { " 1:05.5 ", 65500, "1:05.5" }, { "1:02:03", 3723000, "1:02:03" }, { "12.25", 12250, "0:12.2" },
  };
  static const char *bad[] = { "", "x", "1:5", "1:60", "1::05", "-3", "1:05x", "99999:00:00", "1.2.3" };
  gint64 ms;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = NULL;

      g_assert_true (dj_move_time_parse (cases[i].text, &ms));
      g_assert_cmpint (ms, ==, cases[i].ms);
      shown = dj_move_time_format (ms);
      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (dj_move_time_parse (bad[i], &ms));
}

/* A game ended by the rules gets its result from them; the user may still
 * change it; undo takes both back. */
static void
test_result_from_rules (void)
{
  DjWindow *window = new_window ();
  DjGame *game;
  g_autoptr(DjGameInfo) mine = NULL;

  start_setup (window, DJ_VARIANT_ABOURE, "0 0 0 0 0 2 0 0 0 0 0 0 23 23 S");
  game = dj_window_get_game (window);
  g_assert_cmpint (dj_game_get_info (game)->result, ==, DJ_RESULT_UNKNOWN);
  activate_pit (window, 5);
  g_assert_cmpint (dj_game_get_info (game)->result, ==, DJ_RESULT_DRAW);
  g_assert_cmpint (dj_game_get_info (game)->termination, ==, DJ_TERMINATION_RULES);
  g_assert_cmpint (dj_game_get_info (game)->score[DJ_SOUTH], ==, 24);
  g_assert_cmpint (dj_game_get_info (game)->score[DJ_NORTH], ==, 24);

  mine = dj_game_info_copy (dj_game_get_info (game));
  mine->result = DJ_RESULT_NORTH_WINS;
  dj_game_set_info (game, mine);
  g_assert_cmpint (dj_game_get_info (game)->result, ==, DJ_RESULT_NORTH_WINS);

  dj_game_undo (game);
  dj_game_undo (game);
  flush_events ();
  g_assert_cmpint (dj_game_get_info (game)->result, ==, DJ_RESULT_UNKNOWN);
  g_assert_null (dj_node_get_parent (current (window)));

  destroy_window (window);
}

/* Flip Board, from the main menu or Ctrl+F: South's row goes to the top,
 * and back. */
static void
test_flip_board (void)
{
  DjWindow *window = new_window ();
  DjBoard *board = DJ_BOARD (dj_window_get_board (window));
  DjBoardScene *scene = dj_board_get_scene (board);
  GActionGroup *actions = G_ACTION_GROUP (window);
  g_auto(GStrv) for_accel = NULL;
  g_autoptr(GVariant) state = NULL;
  guint row_before, row_after;

  for_accel = gtk_application_get_actions_for_accel (gtk_window_get_application (GTK_WINDOW (window)),
                                                     "<Control>f");
  g_assert_true (g_strv_contains ((const char * const *) for_accel, "win.flip-board"));

  dj_board_scene_get_pit_cell (scene, 0, NULL, &row_before);
  g_assert_false (dj_board_get_flipped (board));
  g_action_group_activate_action (actions, "flip-board", NULL);
  flush_events ();
  g_assert_true (dj_board_get_flipped (board));
  state = g_action_group_get_action_state (actions, "flip-board");
  g_assert_true (g_variant_get_boolean (state));
  dj_board_scene_get_pit_cell (scene, 0, NULL, &row_after);
  g_assert_cmpuint (row_after, !=, row_before);

  g_action_group_activate_action (actions, "flip-board", NULL);
  flush_events ();
  g_assert_false (dj_board_get_flipped (board));

  destroy_window (window);
}

static gboolean
is_menu_button (GtkWidget *widget)
{
  return GTK_IS_MENU_BUTTON (widget);
}

static gboolean
is_marker_toggle (GtkWidget *widget)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_has_css_class (widget, "marker-toggle");
}

/* The widgets below @widget (itself included) that @match, in order. */
static void
collect_widgets (GtkWidget  *widget,
                 gboolean  (*match) (GtkWidget *),
                 GPtrArray  *found)
{
  /* Depth is bounded by the window's widget tree, not by a game. */
  if (match (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_widgets (child, match, found);
}

/* The menus are built when first opened: each menu button opens one, and
 * the main menu has its items. */
static void
test_menus_open (void)
{
  DjWindow *window = new_window ();
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  gboolean main_menu = FALSE;

  collect_widgets (GTK_WIDGET (window), is_menu_button, buttons);
  g_assert_cmpuint (buttons->len, >=, 4);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkMenuButton *button = buttons->pdata[i];
      GMenuModel *model;

      if (!gtk_widget_is_sensitive (GTK_WIDGET (button)) || !gtk_widget_get_mapped (GTK_WIDGET (button)))
        continue;
      gtk_menu_button_popup (button);
      flush_events ();
      g_assert_nonnull (gtk_menu_button_get_popover (button));
      model = gtk_menu_button_get_menu_model (button);
      if (model != NULL)
        for (int k = 0; k < g_menu_model_get_n_items (model); k++)
          {
            g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, k, G_MENU_LINK_SECTION);

            for (int j = 0; section != NULL && j < g_menu_model_get_n_items (section); j++)
              {
                g_autofree char *action = NULL;

                if (g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_ACTION, "s", &action)
                    && g_str_equal (action, "win.flip-board"))
                  main_menu = TRUE;
              }
          }
      gtk_menu_button_popdown (button);
      flush_events ();
    }
  g_assert_true (main_menu);

  /* The Mark Pits grid, made when its popover first showed, marks pits. */
  activate_pit (window, 2);
  {
    g_autoptr(GPtrArray) toggles = g_ptr_array_new ();

    for (guint i = 0; i < buttons->len; i++)
      {
        GtkPopover *popover = gtk_menu_button_get_popover (buttons->pdata[i]);

        if (popover != NULL)
          collect_widgets (GTK_WIDGET (popover), is_marker_toggle, toggles);
      }
    g_assert_cmpuint (toggles->len, ==, DJ_N_PITS * DJ_MARKER_LAST);
    g_assert_false (dj_node_has_markers (current (window)));
    gtk_toggle_button_set_active (toggles->pdata[0], TRUE);
    flush_events ();
    g_assert_true (dj_node_has_markers (current (window)));
  }
  destroy_window (window);
}

/* Keyboard Shortcuts (Ctrl+?) opens the shortcuts window over this one;
 * it is built only then. */
static void
test_shortcuts_window (void)
{
  DjWindow *window = new_window ();
  g_auto(GStrv) for_accel = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkShortcutsWindow *shortcuts = NULL;

  for_accel = gtk_application_get_actions_for_accel (gtk_window_get_application (GTK_WINDOW (window)),
                                                     "<Control>question");
  g_assert_true (g_strv_contains ((const char * const *) for_accel, "win.show-help-overlay"));

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      g_assert_false (GTK_IS_SHORTCUTS_WINDOW (item));
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  flush_events ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (item))
        shortcuts = GTK_SHORTCUTS_WINDOW (item);
    }
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (shortcuts)) == GTK_WINDOW (window));

  destroy_window (window);
  flush_events ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      g_assert_false (GTK_IS_SHORTCUTS_WINDOW (item));
    }
}

static char *
write_broken_file (const char *dir)
{
  char *path = g_build_filename (dir, "broken.djenon", NULL);

  g_assert_true (g_file_set_contents (path, "<djenon xmlns=\"" DJ_XML_NAMESPACE "\" version=\"1\">\n"
                                            "  <game>\n"
                                            "    <rules variant=\"aboure\"/>\n"
                                            "    <moves><move pit=\"c\"/><move pit=\"c\"/></moves>\n"
                                            "  </game>\n"
                                            "</djenon>\n", -1, NULL));
  return path;
}

static gboolean
drafts_hold (const char *id,
             const char *note)
{
  g_autoptr(DjCollection) collection = dj_drafts_load (id, NULL);
  DjGame *game;
  DjNode *first;

  if (collection == NULL)
    return FALSE;
  game = dj_collection_get_game (collection, 0);
  first = dj_node_get_first_child (dj_game_get_root (game));
  return first != NULL && g_strcmp0 (dj_node_get_comment_after (first), note) == 0;
}

/* A game with a note, its draft written, then a broken file opened over it
 * with Discard: the game stays, and so does its draft. */
static DjWindow *
fail_open_over_draft (const char *dir,
                      char      **draft_id)
{
  g_autofree char *bad_path = write_broken_file (dir);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  DjWindow *window = new_window ();
  DjGame *game = dj_window_get_game (window);
  AdwMessageDialog *dialog;

  activate_pit (window, 2);
  dj_game_set_comment_after (game, current (window), "a note to keep");
  dj_window_flush_draft (window);
  g_assert_true (drafts_hold (dj_window_get_draft_id (window), "a note to keep"));

  dj_window_open_file (window, bad);
  flush_events ();
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "Save Changes"));
  respond (dialog, "discard");
  wait_document (window);
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "Could Not Open"));
  /* The heading names the file; the body says where in it, without the
   * path again. */
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "broken.djenon"));
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog), "Line 4: "));
  g_assert_null (strstr (adw_message_dialog_get_body (dialog), "broken.djenon"));
  respond (dialog, "close");

  g_assert_true (dj_window_get_modified (window));
  g_assert_cmpstr (dj_node_get_comment_after (current (window)), ==, "a note to keep");
  *draft_id = g_strdup (dj_window_get_draft_id (window));
  g_unlink (bad_path);
  return window;
}

static void
test_draft_kept_after_failed_open (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *id = NULL;
  DjWindow *window = fail_open_over_draft (dir, &id);

  /* The draft is still on disk, and still written on the next change. */
  g_assert_true (drafts_hold (id, "a note to keep"));
  dj_game_set_comment_after (dj_window_get_game (window), current (window), "a second note");
  dj_window_flush_draft (window);
  g_assert_true (drafts_hold (id, "a second note"));

  destroy_window (window);
  g_rmdir (dir);
}

/* The same, then the program is killed (SIGKILL): the next start finds the
 * draft and restores the note. */
static void
test_draft_after_kill (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) drafts = NULL;
  DjWindow *restored;
  DjDraft *draft = NULL;

  if (g_test_subprocess ())
    {
      dir = make_temp_dir ();
      fail_open_over_draft (dir, &id);
      kill (getpid (), SIGKILL);
      return;
    }

  g_setenv ("DJ_TEST_KEEP_HOME", "1", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("DJ_TEST_KEEP_HOME");
  g_assert_false (g_test_trap_has_passed ());

  drafts = dj_drafts_list ();
  for (guint i = 0; i < drafts->len; i++)
    if (drafts_hold (((DjDraft *) drafts->pdata[i])->id, "a note to keep"))
      draft = drafts->pdata[i];
  g_assert_nonnull (draft);

  restored = new_window ();
  dj_window_offer_draft (restored, draft);
  flush_events ();
  respond (find_message_dialog (GTK_WINDOW (restored)), "restore");
  g_assert_cmpstr (dj_node_get_comment_after (current (restored)), ==, "a note to keep");
  g_assert_true (dj_window_get_modified (restored));
  destroy_window (restored);
}

/* A file that does not open is not a recent game, even when the file
 * chooser put it there. */
static void
test_recent_not_broken (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *bad_path = write_broken_file (dir);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  g_autofree char *uri = g_file_get_uri (bad);
  GtkRecentManager *recent = gtk_recent_manager_get_default ();
  g_autoptr(GError) error = NULL;
  DjWindow *window = new_window ();
  AdwMessageDialog *dialog;
  GtkRecentData data = {
    .mime_type = (char *) DJ_XML_MIME_TYPE, .app_name = (char *) "Djenon",
    .app_exec = (char *) "djenon %u",
  };

  /* As the file chooser does with the file it was given. */
  g_assert_true (gtk_recent_manager_add_full (recent, uri, &data));
  g_assert_true (gtk_recent_manager_has_item (recent, uri));
  dj_window_open_file (window, bad);
  wait_document (window);
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  respond (dialog, "close");
  g_assert_false (gtk_recent_manager_has_item (recent, uri));

  g_assert_false (dj_window_load_file (window, bad, &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_ILLEGAL_MOVE);
  g_assert_false (gtk_recent_manager_has_item (recent, uri));

  destroy_window (window);
  g_unlink (bad_path);
  g_rmdir (dir);
}

/* A broken file given on the command line: a window shows why, and the
 * user can go on working in it. */
static void
test_open_broken_from_command_line (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *bad_path = write_broken_file (dir);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  DjWindow *window = NULL;
  AdwMessageDialog *dialog = NULL;

  g_application_open (G_APPLICATION (app), &bad, 1, "");
  flush_events ();
  /* The window the file went to (a new one, or an untouched one reused). */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (DJ_IS_WINDOW (l->data))
      {
        wait_document (l->data);
        if (find_message_dialog (l->data) != NULL)
          window = l->data;
      }
  g_assert_nonnull (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "Could Not Open"));
  respond (dialog, "close");

  g_assert_true (window_is_alive (window));
  g_assert_null (dj_window_get_file (window));
  activate_pit (window, 2);
  g_assert_cmpint (dj_node_get_move (current (window)), ==, 2);

  destroy_window (window);
  g_unlink (bad_path);
  g_rmdir (dir);
}

/* After saving, the title still names the players and the subtitle the
 * variant (and the file). */
static void
test_title_after_save (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "final.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjGameInfo) info = dj_game_info_new ();
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjWindow *window = new_window ();
  AdwWindowTitle *title = NULL;
  GtkWidget *w;

  info->south = g_strdup ("Amon");
  info->north = g_strdup ("Koffi");
  dj_window_start_game (window, &rules, NULL, info);
  activate_pit (window, 2);

  for (w = GTK_WIDGET (window); w != NULL; )
    {
      if (ADW_IS_WINDOW_TITLE (w))
        {
          title = ADW_WINDOW_TITLE (w);
          break;
        }
      /* Depth first, without recursion. */
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && gtk_widget_get_next_sibling (w) == NULL)
            w = w == GTK_WIDGET (window) ? NULL : gtk_widget_get_parent (w);
          if (w != NULL)
            w = w == GTK_WIDGET (window) ? NULL : gtk_widget_get_next_sibling (w);
        }
    }
  g_assert_nonnull (title);
  g_assert_nonnull (strstr (adw_window_title_get_title (title), "Amon – Koffi"));
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (title), "Djenon-abe"));

  g_assert_true (dj_window_save_to (window, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "Amon – Koffi");
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (title), "Djenon-abe"));
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (title), "final.djenon"));
  /* The window list names the file. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "final.djenon – Djenon");

  destroy_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* Saving and reading in worker threads: the same bytes come back; a change
 * made while the save runs keeps the game modified and in a draft. */
static void
test_document_async (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "async.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  DjWindow *window = new_window ();
  DjWindow *other = new_window ();
  DjDocument *document = dj_window_get_document (window);
  g_autofree char *saved = NULL;
  g_autofree char *loaded = NULL;
  static const DjMove moves[] = { 2, 6, 3, 8 };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    activate_pit (window, moves[i]);
  dj_game_set_comment_after (dj_window_get_game (window), current (window), "async");
  saved = dj_xml_to_string (dj_window_get_collection (window), NULL);

  dj_document_save_async (document, file, NULL, NULL, NULL);
  g_assert_true (dj_document_get_busy (document));
  wait_document (window);
  g_assert_false (dj_window_get_modified (window));
  g_assert_true (g_file_equal (dj_window_get_file (window), file));

  dj_document_load_async (dj_window_get_document (other), file, NULL, NULL, NULL);
  g_assert_true (dj_document_get_busy (dj_window_get_document (other)));
  /* The games the file will replace take no moves meanwhile. */
  g_assert_false (gtk_widget_is_sensitive (dj_window_get_board (other)));
  wait_document (other);
  g_assert_true (gtk_widget_is_sensitive (dj_window_get_board (other)));
  loaded = dj_xml_to_string (dj_window_get_collection (other), NULL);
  g_assert_cmpstr (saved, ==, loaded);
  g_assert_false (dj_window_get_modified (other));

  /* A move played while the save runs is not saved: still modified. */
  dj_document_save_async (document, file, NULL, NULL, NULL);
  activate_pit (window, dj_node_get_position (current (window))->to_move == DJ_SOUTH ? 0 : 6);
  wait_document (window);
  g_assert_true (dj_window_get_modified (window));

  destroy_window (other);
  destroy_window (window);
  g_unlink (path);
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);

    g_unlink (backup);
  }
  g_rmdir (dir);
}

/* A read-only file is not replaced by Save (issue 21): a dialog says so and
 * offers Save As…, which opens the file chooser; the file stays as it was. */
static gboolean
message_dialog_shown (gpointer window)
{
  return find_message_dialog (GTK_WINDOW (window)) != NULL;
}

static GtkWidget *
find_file_chooser (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (w) && gtk_window_get_transient_for (w) == parent)
        return GTK_WIDGET (w);
    }
  return NULL;
}

static gboolean
file_chooser_shown (gpointer window)
{
  return find_file_chooser (GTK_WINDOW (window)) != NULL;
}

static void
test_save_read_only (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "locked.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL;
  DjWindow *window = new_window ();
  AdwMessageDialog *dialog;
  GtkWidget *chooser;

  activate_pit (window, 2);
  g_assert_true (dj_window_save_to (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  dj_game_set_comment_after (dj_window_get_game (window), current (window), "a later note");
  g_assert_true (dj_window_get_modified (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  dj_test_wait_until (10, message_dialog_shown, window, "the read-only dialog");
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "locked.djenon"));
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "Read-Only"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "read-only"));
  g_assert_true (adw_message_dialog_has_response (dialog, "cancel"));
  g_assert_true (adw_message_dialog_has_response (dialog, "save-as"));
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "save-as"), ==, "Save _As…");
  g_assert_true (dj_window_get_modified (window));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  respond (dialog, "save-as");
  dj_test_wait_until (10, file_chooser_shown, window, "the Save As chooser");
  chooser = find_file_chooser (GTK_WINDOW (window));
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  flush_events ();
  g_assert_true (dj_window_get_modified (window));

  destroy_window (window);
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  dj_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;
  int status;

  setlocale (LC_ALL, "");
  /* A subprocess (see test_draft_after_kill) works in its parent's home. */
  if (g_getenv ("DJ_TEST_KEEP_HOME") == NULL)
    home = dj_test_make_home ("djenon-test-window");
  g_test_init (&argc, &argv, NULL);

  if (!dj_test_start_app ())
    {
      g_test_skip ("no display");
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  g_test_add_func ("/djenon/app/play-legal", test_play_legal);
  g_test_add_func ("/djenon/app/illegal-refused", test_illegal_refused);
  g_test_add_func ("/djenon/app/auto-pass", test_auto_pass);
  g_test_add_func ("/djenon/app/undo-redo", test_undo_redo);
  g_test_add_func ("/djenon/app/save-reopen", test_save_reopen);
  g_test_add_func ("/djenon/app/replay", test_replay);
  g_test_add_func ("/djenon/app/flip-board", test_flip_board);
  g_test_add_func ("/djenon/app/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/djenon/app/menus-open", test_menus_open);
  g_test_add_func ("/djenon/app/rules-menu", test_rules_menu);
  g_test_add_func ("/djenon/app/close-prompt", test_close_prompt);
  g_test_add_func ("/djenon/app/new-game-setup", test_new_game_setup);
  g_test_add_func ("/djenon/app/draft", test_draft);
  g_test_add_func ("/djenon/app/draft-timer", test_draft_timer);
  g_test_add_func ("/djenon/app/sample", test_sample);
  g_test_add_func ("/djenon/app/live-timestamps", test_live_timestamps);
  g_test_add_func ("/djenon/app/edit-time", test_edit_time);
  g_test_add_func ("/djenon/app/glyph-keys", test_glyph_keys);
  g_test_add_func ("/djenon/app/new-game-keys", test_new_game_keys);
  g_test_add_func ("/djenon/app/move-time-text", test_move_time_text);
  g_test_add_func ("/djenon/app/result-from-rules", test_result_from_rules);
  g_test_add_func ("/djenon/app/open-and-drop", test_open_and_drop);
  g_test_add_func ("/djenon/app/draft-discard", test_draft_discard);
  g_test_add_func ("/djenon/app/draft-kept-after-failed-open", test_draft_kept_after_failed_open);
  g_test_add_func ("/djenon/app/draft-after-kill", test_draft_after_kill);
  g_test_add_func ("/djenon/app/recent-not-broken", test_recent_not_broken);
  g_test_add_func ("/djenon/app/open-broken-from-command-line",
                   test_open_broken_from_command_line);
  g_test_add_func ("/djenon/app/title-after-save", test_title_after_save);
  g_test_add_func ("/djenon/app/document-async", test_document_async);
  g_test_add_func ("/djenon/app/save-read-only", test_save_read_only);

  status = g_test_run ();
  g_clear_object (&app);
  if (home != NULL)
    dj_test_remove_tree (home);
  return status;
}
