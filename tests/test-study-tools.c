/* test-study-tools.c: positions on the clipboard, New Game from Here, text
 * notation files, the game graph
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "dj-analysis-panel.h"
#include "dj-application.h"
#include "dj-game-file.h"
#include "dj-game-list.h"
#include "dj-notation.h"
#include "dj-resources.h"
#include "dj-review-graph.h"
#include "dj-review.h"
#include "dj-search.h"
#include "dj-study-actions.h"
#include "dj-window.h"

#include "dj-test-app.h"
#include "dj-test-picture.h"

#define TIMEOUT_S 30

/* A Djenon-aboure endgame (see test-analysis-ui.c): South to move; a and c
 * are worth +6, e +4. */
#define TWO_BEST "2 1 3 0 2 0 1 0 2 1 0 0 18 18 S"

/* The clipboard, read as a user's paste would. */

typedef struct
{
  gboolean  done;
  char     *text;
} ClipRead;

static void
clip_read_done (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  ClipRead *read = data;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  read->done = TRUE;
}

static gboolean
clip_read_finished (gpointer data)
{
  return ((ClipRead *) data)->done;
}

static char *
clipboard_text (GtkWidget *widget)
{
  ClipRead read = { 0 };

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, clip_read_done, &read);
  dj_test_wait_until (TIMEOUT_S, clip_read_finished, &read, "the clipboard");
  return read.text;
}

/* Dialogs */

static AdwMessageDialog *
find_message_dialog (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w))
          && gtk_window_get_transient_for (GTK_WINDOW (w)) == parent)
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  return find_message_dialog (data) != NULL;
}

/* What a click on one of its buttons does: the answer, then the dialog goes
 * (destroyed: closing it would answer again with its close response). */
static void
answer_dialog (AdwMessageDialog *dialog,
               const char       *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

static void
close_dialog (AdwMessageDialog *dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  flush_events ();
}

/* Answers Paste Position's question which game the position is from. */
static void
answer_variant (DjWindow   *window,
                const char *response)
{
  AdwMessageDialog *dialog;

  dj_test_wait_until (TIMEOUT_S, dialog_shown, window, "the question which game");
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==,
                   "Which Game Is the Position From?");
  adw_message_dialog_response (dialog, response);
  close_dialog (dialog);
}

typedef struct
{
  DjWindow *window;
  DjGame   *old;
} GameChange;

static gboolean
game_replaced (gpointer data)
{
  GameChange *change = data;

  return dj_window_get_game (change->window) != change->old;
}

static DjWindow *
window_with_game (DjVariant   variant,
                  DjFeeding   feeding,
                  const char *setup)
{
  DjWindow *window = new_window ();
  DjRules rules = DJ_RULES_INIT (variant);
  DjPosition pos;

  rules.feeding = feeding;
  if (setup != NULL)
    g_assert_true (dj_position_parse (setup, &pos, NULL));
  else
    dj_position_init_start (&pos);
  dj_window_start_game (window, &rules, &pos, NULL);
  flush_events ();
  return window;
}

static gboolean
laid_out (gpointer data)
{
  return gtk_widget_get_width (data) > 200;
}

/* 3. Positions */

/* Copy Position puts the position text of RULES.md on the clipboard; Paste
 * Position starts a new game of the same rules from it. */
static void
test_copy_paste_position (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  DjWindow *window;

  /* With the default settings: the board animates the moves. */
  g_settings_reset (settings, "animation-speed");
  window = window_with_game (DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN, NULL);
  GameChange change = { window, NULL };
  g_autofree char *text = NULL;
  DjGame *game;
  DjNode *root;

  g_assert_true (dj_window_play_move (window, 2));
  flush_events ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "study.copy-position", NULL));
  text = clipboard_text (GTK_WIDGET (window));
  /* The README's trace of c from the start, worked by hand there. */
  g_assert_cmpstr (text, ==, "5 1 2 6 6 0 5 5 5 1 5 5 2 0 N");

  /* Pasting asks which game the position is from, and nothing else when
   * nothing would be lost. */
  dj_collection_set_modified (dj_window_get_collection (window), FALSE);
  change.old = dj_window_get_game (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "study.paste-position", NULL));
  answer_variant (window, "aboure");
  dj_test_wait_until (TIMEOUT_S, game_replaced, &change, "the pasted game");
  game = dj_window_get_game (window);
  root = dj_game_get_root (game);
  g_assert_true (dj_game_has_setup (game));
  g_assert_cmpuint (dj_node_get_n_children (root), ==, 0);
  {
    g_autofree char *start = dj_position_to_string (dj_node_get_position (root));

    g_assert_cmpstr (start, ==, text);
  }
  g_assert_cmpint (dj_game_get_rules (game)->variant, ==, DJ_VARIANT_ABOURE);
  g_assert_null (find_message_dialog (GTK_WINDOW (window)));

  /* Blanks around it (as copied from a web page) do not matter. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)),
                          "  3 3 3 3 3 3 5 5 5 5 5 5 0 0 N\n");
  change.old = game;
  gtk_widget_activate_action (GTK_WIDGET (window), "study.paste-position", NULL);
  answer_variant (window, "aboure");
  dj_test_wait_until (TIMEOUT_S, game_replaced, &change, "the second pasted game");
  g_assert_cmpuint (dj_node_get_position (dj_game_get_root (dj_window_get_game (window)))->to_move,
                    ==, DJ_NORTH);

  destroy_window (window);
  g_settings_set_enum (settings, "animation-speed", 0);
}

/* Paste Position keeps the game the text says (its last word, or a feeding
 * move owed: Djenon-abe) and asks when it says none: an abe position
 * pasted while an aboure game is shown stays abe. */
static void
test_paste_position_variant (void)
{
  static const struct { const char *text; const char *answer; DjVariant variant; } cases[] = {
    { "4 4 4 4 4 4 0 0 0 0 0 0 12 12 S feed", NULL, DJ_VARIANT_ABE },
    { "3 3 3 3 3 3 5 5 5 5 5 5 0 0 N abe", NULL, DJ_VARIANT_ABE },
    { "abe 3 3 3 3 3 3 5 5 5 5 5 5 0 0 N", NULL, DJ_VARIANT_ABE },
    { "3 3 3 3 3 3 5 5 5 5 5 5 0 0 N", "abe", DJ_VARIANT_ABE },
    { "3 3 3 3 3 3 5 5 5 5 5 5 0 0 N aboure", NULL, DJ_VARIANT_ABOURE },
    /* As copied from the help, which keeps a position on one line. */
    { "3\u00a03\u00a03\u00a03\u00a03\u00a03\u00a05\u00a05\u00a05\u00a05\u00a05\u00a05"
      "\u00a00\u00a00\u00a0N\u00a0abe", NULL, DJ_VARIANT_ABE },
  };
  DjWindow *window = window_with_game (DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GameChange change = { window, dj_window_get_game (window) };
      DjGame *game;

      dj_collection_set_modified (dj_window_get_collection (window), FALSE);
      gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), cases[i].text);
      gtk_widget_activate_action (GTK_WIDGET (window), "study.paste-position", NULL);
      if (cases[i].answer != NULL)
        answer_variant (window, cases[i].answer);
      dj_test_wait_until (TIMEOUT_S, game_replaced, &change, "the pasted game");
      g_assert_null (find_message_dialog (GTK_WINDOW (window)));
      game = dj_window_get_game (window);
      g_assert_cmpint (dj_game_get_rules (game)->variant, ==, cases[i].variant);
      /* Back to an aboure game for the next case. */
      if (cases[i].variant != DJ_VARIANT_ABOURE)
        {
          DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);

          dj_window_start_game (window, &rules, NULL, NULL);
        }
    }
  destroy_window (window);
}

/* A bad position is refused with a dialog saying why; the game stays. */
static void
test_paste_bad_position (void)
{
  static const struct { const char *text; const char *says; } cases[] = {
    { "4 4 4 banana", "this one has 4" },
    { "4 4 4 4 4 4 4 4 4 4 4 4 0 1 S", "49 seeds in all; there must be 48" },
    { "4 4 4 4 4 4 4 4 4 4 4 x 0 0 S", "not “x”" },
    { "4 4 4 4 4 4 4 4 4 4 4 4 0 0 W", "must be “S” or “N”" },
    /* Only Djenon-abe owes feeding moves. */
    { "0 0 0 0 0 0 4 4 4 4 4 4 12 12 S feed aboure", "only Djenon-abe has" },
  };
  DjWindow *window = window_with_game (DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN, NULL);
  DjGame *game = dj_window_get_game (window);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      AdwMessageDialog *dialog;

      gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), cases[i].text);
      gtk_widget_activate_action (GTK_WIDGET (window), "study.paste-position", NULL);
      dj_test_wait_until (TIMEOUT_S, dialog_shown, window, "the error dialog");
      dialog = find_message_dialog (GTK_WINDOW (window));
      g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==,
                       "Could Not Paste the Position");
      g_test_message ("%s → %s", cases[i].text, adw_message_dialog_get_body (dialog));
      g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), cases[i].says));
      /* It says how a position is written. */
      g_assert_true (i == 4 || strstr (adw_message_dialog_get_body (dialog),
                                       "4 4 4 4 4 4 4 4 4 4 4 4 0 0 S") != NULL);
      if (i == 0)
        {
          dj_test_wait_until (TIMEOUT_S, laid_out, dialog, "the dialog on screen");
          dj_test_save_screenshot (GTK_WIDGET (dialog), "paste-position-error.png");
        }
      close_dialog (dialog);
      g_assert_true (dj_window_get_game (window) == game);
    }

  /* Something far too long is refused without being split up. */
  {
    g_autofree char *huge = g_strnfill (10 * 1024 * 1024, '4');
    AdwMessageDialog *dialog;

    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), huge);
    gtk_widget_activate_action (GTK_WIDGET (window), "study.paste-position", NULL);
    dj_test_wait_until (TIMEOUT_S, dialog_shown, window, "the error dialog");
    dialog = find_message_dialog (GTK_WINDOW (window));
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "too long"));
    close_dialog (dialog);
  }
  destroy_window (window);
}

/* New Game from Here: the current position as a set-up, the same rules
 * and options; unsaved moves are asked about first. */
static void
test_new_game_from_here (void)
{
  DjWindow *window = window_with_game (DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE, NULL);
  GameChange change = { window, NULL };
  DjGame *game = dj_window_get_game (window);
  AdwMessageDialog *dialog;
  DjNode *second;
  DjPosition here;
  DjGame *fresh;

  g_assert_true (dj_window_play_move (window, 2));
  g_assert_true (dj_window_play_move (window, 8));
  second = dj_game_get_current (game);
  g_assert_true (dj_window_play_move (window, 1));
  flush_events ();
  /* Back one move, as a user stepping through the game. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous", NULL));
  flush_events ();
  g_assert_true (dj_game_get_current (game) == second);
  here = *dj_node_get_position (second);

  gtk_widget_activate_action (GTK_WIDGET (window), "study.new-game-from-here", NULL);
  dj_test_wait_until (TIMEOUT_S, dialog_shown, window, "the question about unsaved moves");
  dialog = find_message_dialog (GTK_WINDOW (window));
  /* Cancel keeps the game. */
  answer_dialog (dialog, "cancel");
  g_assert_true (dj_window_get_game (window) == game);

  gtk_widget_activate_action (GTK_WIDGET (window), "study.new-game-from-here", NULL);
  dj_test_wait_until (TIMEOUT_S, dialog_shown, window, "the question about unsaved moves");
  change.old = game;
  answer_dialog (find_message_dialog (GTK_WINDOW (window)), "discard");
  dj_test_wait_until (TIMEOUT_S, game_replaced, &change, "the new game");

  fresh = dj_window_get_game (window);
  g_assert_true (dj_game_has_setup (fresh));
  g_assert_true (dj_position_equal (dj_node_get_position (dj_game_get_root (fresh)), &here));
  g_assert_cmpint (dj_game_get_rules (fresh)->variant, ==, DJ_VARIANT_ABE);
  g_assert_cmpint (dj_game_get_rules (fresh)->feeding, ==, DJ_FEEDING_IMMEDIATE);
  g_assert_cmpuint (dj_node_get_n_children (dj_game_get_root (fresh)), ==, 0);
  g_assert_false (dj_window_get_modified (window));

  destroy_window (window);
}

static GtkWidget *
find_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget)
      && g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)),
                    "open-menu-symbolic") == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The main menu offers the position items (a picture for the eye). */
static void
test_main_menu (void)
{
  DjWindow *window = window_with_game (DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN, NULL);
  GtkWidget *button = find_menu_button (GTK_WIDGET (window));
  GtkPopover *popover;

  g_assert_nonnull (button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  flush_events ();
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  g_assert_nonnull (popover);
  dj_test_wait_until (TIMEOUT_S, laid_out, popover, "the main menu");
  dj_test_save_screenshot (GTK_WIDGET (popover), "main-menu.png");
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  destroy_window (window);
}

/* 3. Text notation files */

#define TWO_GAMES \
  "[Variant \"aboure\"]\n" \
  "[South \"A. Diallo\"]\n" \
  "[North \"B. Keita\"]\n" \
  "[Event \"Abidjan Open\"]\n" \
  "\n" \
  "1. c A {a quiet reply} 2. d (2. a) C *\n" \
  "\n" \
  "[Variant \"abe\"]\n" \
  "[Feeding \"immediate\"]\n" \
  "[South \"C. Kone\"]\n" \
  "[North \"D. Traore\"]\n" \
  "\n" \
  "1. c A 2. d *\n"

/* Line 7 holds a move the rules refuse: after 1. c A 2. d (djenon-cli play
 * aboure c A d) North's B is empty. */
#define BROKEN \
  "[Variant \"aboure\"]\n" \
  "[South \"A. Diallo\"]\n" \
  "\n" \
  "1. c A\n" \
  "{a comment\n" \
  "over two lines}\n" \
  "2. d B *\n"

static char *
write_temp (const char *dir,
            const char *name,
            const char *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
test_text_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("djenon-text-XXXXXX", NULL);
  g_autofree char *path = write_temp (dir, "two.djn", TWO_GAMES);
  g_autofree char *out_path = g_build_filename (dir, "saved.djn", NULL);
  g_autofree char *xml_path = g_build_filename (dir, "saved.djenon", NULL);
  g_autofree char *other_path = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) out = g_file_new_for_path (out_path);
  g_autoptr(GFile) xml = g_file_new_for_path (xml_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) again = NULL;
  g_autofree char *saved = NULL;
  DjWindow *window = new_window ();
  DjCollection *collection;
  DjGame *second;

  g_assert_cmpint (dj_game_file_format_for_name (file), ==, DJ_GAME_FILE_TEXT);
  g_assert_true (dj_window_load_file (window, file, &error));
  g_assert_no_error (error);
  collection = dj_window_get_collection (window);
  g_assert_cmpuint (dj_collection_get_n_games (collection), ==, 2);
  g_assert_cmpstr (dj_game_get_info (dj_collection_get_game (collection, 0))->south, ==,
                   "A. Diallo");
  second = dj_collection_get_game (collection, 1);
  g_assert_cmpint (dj_game_get_rules (second)->variant, ==, DJ_VARIANT_ABE);
  g_assert_cmpint (dj_game_get_rules (second)->feeding, ==, DJ_FEEDING_IMMEDIATE);
  g_assert_true (dj_window_get_file (window) == file || g_file_equal (dj_window_get_file (window),
                                                                      file));

  /* Saved as text: a new variation (a) in the first game, then Save As saved.djn. */
  g_assert_true (dj_window_play_move (window, 0));
  g_assert_true (dj_window_get_modified (window));
  g_assert_true (dj_window_save_to (window, out, &error));
  g_assert_no_error (error);
  g_assert_false (dj_window_get_modified (window));
  g_assert_true (g_file_get_contents (out_path, &saved, NULL, NULL));
  g_assert_true (g_str_has_prefix (saved, "[Variant \"aboure\"]"));
  again = dj_notation_parse (saved, -1, "saved.djn", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dj_collection_get_n_games (again), ==, 2);
  g_assert_cmpstr (dj_game_get_info (dj_collection_get_game (again, 1))->north, ==, "D. Traore");
  g_assert_cmpstr (dj_node_get_comment_after (dj_node_get_first_child (dj_node_get_first_child (
                     dj_game_get_root (dj_collection_get_game (again, 0))))), ==,
                   "a quiet reply");
  /* Saving again keeps the previous version beside it. */
  g_assert_true (dj_window_save_to (window, out, &error));
  g_assert_no_error (error);
  {
    g_autofree char *backup = g_strconcat (out_path, "~", NULL);

    g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  }

  /* Data of another program has no place in text: refused, nothing written. */
  {
    g_autofree char *lossy_path = g_build_filename (dir, "lossy.djn", NULL);
    g_autoptr(GFile) lossy = g_file_new_for_path (lossy_path);
    DjGame *game = dj_collection_get_game (dj_window_get_collection (window), 1);
    g_autoptr(GError) refused = NULL;

    dj_game_set_foreign_xml (game, "<x:note xmlns:x=\"urn:example\">kept</x:note>");
    g_assert_false (dj_window_save_to (window, lossy, &refused));
    g_assert_error (refused, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_VALUE);
    g_assert_nonnull (strstr (refused->message, "game 2 holds data of another program"));
    g_assert_false (g_file_test (lossy_path, G_FILE_TEST_EXISTS));
    g_assert_true (g_file_equal (dj_window_get_file (window), out));
  }

  /* The same games as XML when the name says so, and opened back. */
  g_assert_true (dj_window_save_to (window, xml, &error));
  g_assert_no_error (error);
  {
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (xml_path, &text, NULL, NULL));
    g_assert_true (g_str_has_prefix (text, "<?xml"));
  }
  g_assert_true (dj_window_load_file (window, xml, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dj_collection_get_n_games (dj_window_get_collection (window)), ==, 2);

  /* A file named neither way is read by what it holds. */
  other_path = write_temp (dir, "games-from-a-friend", TWO_GAMES);
  {
    g_autoptr(GFile) other = g_file_new_for_path (other_path);

    g_assert_true (dj_window_load_file (window, other, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (dj_collection_get_n_games (dj_window_get_collection (window)), ==, 2);
  }

  destroy_window (window);
  dj_test_remove_tree (dir);
}

static GtkWidget *
find_file_chooser_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_WIDGET (w);
    }
  return NULL;
}

static gboolean
chooser_shown (gpointer data)
{
  return find_file_chooser_dialog () != NULL;
}

static gboolean
window_has_file (gpointer data)
{
  return dj_window_get_file (data) != NULL;
}

typedef struct
{
  GtkFileChooser *chooser;
  const char     *dir;
} ChooserInDir;

static gboolean
chooser_in_dir (gpointer data)
{
  ChooserInDir *w = data;
  g_autoptr(GFile) file = gtk_file_chooser_get_file (w->chooser);
  g_autoptr(GFile) parent = file != NULL ? g_file_get_parent (file) : NULL;
  g_autoptr(GFile) dir = g_file_new_for_path (w->dir);

  return parent != NULL && g_file_equal (parent, dir);
}

/* Save As with the text kind chosen and a name typed without extension:
 * NAME.djn in text notation. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static void
test_save_as_text (void)
{
  g_autofree char *dir = g_dir_make_tmp ("djenon-text-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "by-chooser.djn", NULL);
  g_autofree char *cwd = NULL;
  g_autofree char *text = NULL;
  DjWindow *window = window_with_game (DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN, NULL);
  GtkWidget *dialog;
  GListModel *filters;
  g_autoptr(GtkFileFilter) text_filter = NULL;

  g_assert_true (dj_window_play_move (window, 2));
  cwd = g_get_current_dir ();
  g_assert_cmpint (g_chdir (dir), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
  dj_test_wait_until (TIMEOUT_S, chooser_shown, NULL, "the Save dialog");
  dialog = find_file_chooser_dialog ();
  filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (dialog));
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 2);
  text_filter = g_list_model_get_item (filters, 1);
  g_object_unref (filters);
  g_assert_cmpstr (gtk_file_filter_get_name (text_filter), ==, "Djenon Text Notation (.djn)");
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), text_filter);
  /* The name typed without an extension (the dialog opens in the current
   * folder, made the temporary one). */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "by-chooser");
  /* The dialog loads its folder in the background before it answers: it
   * names the file in the temporary folder once it has. */
  {
    ChooserInDir wait = { GTK_FILE_CHOOSER (dialog), dir };

    dj_test_wait_until (TIMEOUT_S, chooser_in_dir, &wait, "the Save dialog in its folder");
  }
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  dj_test_wait_until (TIMEOUT_S, window_has_file, window, "the saved file");
  flush_events ();

  /* Saved as NAME.djn, in text notation, wherever the dialog was. */
  g_free (path);
  path = g_file_get_path (dj_window_get_file (window));
  g_test_message ("saved as %s", path);
  g_assert_true (g_str_has_suffix (path, "/by-chooser.djn"));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_remove (path);
  g_assert_true (g_str_has_prefix (text, "[Variant \"aboure\"]"));
  g_assert_nonnull (strstr (text, "1. c"));
  g_assert_false (dj_window_get_modified (window));
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  destroy_window (window);
  dj_test_remove_tree (dir);
}
G_GNUC_END_IGNORE_DEPRECATIONS

/* A broken text file: the error names the file, the line and the move, in
 * the dialog the Open action shows; the window keeps its game. */
static void
test_text_file_error (void)
{
  g_autofree char *dir = g_dir_make_tmp ("djenon-text-XXXXXX", NULL);
  g_autofree char *path = write_temp (dir, "broken.djn", BROKEN);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  DjWindow *window = new_window ();
  DjGame *game = dj_window_get_game (window);
  AdwMessageDialog *dialog;
  const char *body;

  g_assert_false (dj_window_load_file (window, file, &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_ILLEGAL_MOVE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "broken.djn:7:"));
  g_assert_nonnull (strstr (error->message, "illegal move B"));
  g_assert_true (dj_window_get_game (window) == game);

  dj_window_open_file (window, file);
  dj_test_wait_until (TIMEOUT_S, dialog_shown, window, "the error dialog");
  dialog = find_message_dialog (GTK_WINDOW (window));
  body = adw_message_dialog_get_body (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "broken.djn"));
  g_assert_true (g_str_has_prefix (body, "Line 7: "));
  g_assert_nonnull (strstr (body, "illegal move B"));
  close_dialog (dialog);
  g_assert_true (dj_window_get_game (window) == game);

  destroy_window (window);
  dj_test_remove_tree (dir);
}

/* 5. The game graph */

static DjMove
best_move (DjSearch      *search,
           const DjRules *rules,
           DjNode        *node)
{
  g_autoptr(DjAnalysis) a = dj_search_analyse (search, rules, dj_node_get_position (node), NULL,
                                               NULL, NULL);

  g_assert_nonnull (a);
  g_assert_true (a->exact);
  return a->n_moves > 0 ? a->moves[0].move : DJ_NO_MOVE;
}

static gboolean
graph_ready (gpointer data)
{
  return dj_review_graph_get_n_points (data) > 0;
}

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return GTK_EVENT_CONTROLLER (c);
    }
  return NULL;
}

static void
press_key (GtkWidget *plot,
           guint      keyval)
{
  GtkEventController *keys = find_controller (plot, GTK_TYPE_EVENT_CONTROLLER_KEY);
  gboolean handled = FALSE;

  g_signal_emit_by_name (keys, "key-pressed", keyval, 0, 0, &handled);
  g_assert_true (handled);
  flush_events ();
}

static gboolean
has_focus (gpointer widget)
{
  return gtk_widget_has_focus (widget);
}

static void
test_review_graph (void)
{
  DjWindow *window = window_with_game (DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN, TWO_BEST);
  DjGame *game = dj_window_get_game (window);
  const DjRules *rules = dj_game_get_rules (game);
  g_autoptr(DjSearch) search = dj_search_new (0);
  DjReviewGraph *graph = DJ_REVIEW_GRAPH (dj_study_get_graph (DJ_ACTION_HOST (window)));
  DjReview *review = dj_review_graph_get_review (graph);
  GtkWidget *plot = dj_review_graph_get_plot (graph);
  DjNode *root = dj_game_get_root (game);
  DjNode *node;
  guint n_moves = 0;
  DjGlyph glyph;
  double x, y;

  /* e gives away 2 seeds of +6; then both sides play perfectly. */
  g_assert_true (dj_window_play_move (window, 4));
  for (guint i = 0; i < 3; i++)
    {
      DjMove m = best_move (search, rules, dj_game_get_current (game));

      if (m == DJ_NO_MOVE)
        break;
      g_assert_true (dj_window_play_move (window, m));
    }
  for (node = root; dj_node_get_first_child (node) != NULL; node = dj_node_get_first_child (node))
    n_moves++;
  flush_events ();
  dj_game_set_current (game, root);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (graph)));

  /* On demand: showing the graph reviews the game. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "study.show-graph", NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (graph)));
  g_assert_true (dj_review_get_running (review));
  dj_test_wait_until (TIMEOUT_S, graph_ready, graph, "the review");
  flush_events ();

  /* One point per position of the main line, each as the review found it:
   * +6 at the start, +4 after e and after every perfect move. */
  g_assert_cmpuint (dj_review_graph_get_n_points (graph), ==, n_moves + 1);
  for (guint i = 0; i <= n_moves; i++)
    {
      int lower, upper, rl, ru;

      g_assert_true (dj_review_graph_get_point (graph, i, &lower, &upper, &glyph));
      g_assert_true (dj_review_get_value (review, i, &rl, &ru));
      g_assert_cmpint (lower, ==, rl);
      g_assert_cmpint (upper, ==, ru);
      g_assert_cmpint (lower, ==, upper);
      g_assert_cmpint (lower, ==, i == 0 ? 6 : 4);
      g_assert_cmpint (glyph, ==, i == 1 ? DJ_GLYPH_DUBIOUS : DJ_GLYPH_NONE);
    }
  {
    g_autofree char *first = dj_review_graph_describe_point (graph, 0);
    g_autofree char *mistake = dj_review_graph_describe_point (graph, 1);

    g_assert_cmpstr (first, ==, "Start: South +6");
    g_assert_cmpstr (mistake, ==, "1. e: South +4; an inaccuracy (?!), 2 seeds lost");
  }
  /* The current move (the start) is highlighted; the plot reads as a slider. */
  g_assert_cmpint (dj_review_graph_get_selected (graph), ==, 0);
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (plot), GTK_ACCESSIBLE_ROLE_SLIDER);

  dj_test_wait_until (TIMEOUT_S, laid_out, plot, "the graph on screen");
  /* Clicking the third point goes to the second move. */
  dj_review_graph_get_point_xy (graph, 2, &x, &y);
  g_signal_emit_by_name (find_controller (plot, GTK_TYPE_GESTURE_CLICK), "pressed", 1, x + 2, y);
  flush_events ();
  g_assert_true (dj_game_get_current (game)
                 == dj_node_get_first_child (dj_node_get_first_child (root)));
  g_assert_cmpint (dj_review_graph_get_selected (graph), ==, 2);
  /* The focus, once the window has it (X focus arrives on its own time). */
  g_assert_true (gtk_widget_is_focus (plot));
  dj_test_wait_until (TIMEOUT_S, has_focus, plot, "the focus on the graph");
  {
    g_autofree char *text = dj_review_graph_describe_point (graph, 2);

    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (plot),
                                         GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text);
  }
  dj_test_save_screenshot (GTK_WIDGET (window), "review-graph.png");

  /* The keyboard on the focused plot. */
  press_key (plot, GDK_KEY_Left);
  g_assert_true (dj_game_get_current (game) == dj_node_get_first_child (root));
  press_key (plot, GDK_KEY_Home);
  g_assert_true (dj_game_get_current (game) == root);
  press_key (plot, GDK_KEY_End);
  g_assert_cmpuint (dj_node_get_ply (dj_game_get_current (game)), ==, n_moves);
  g_assert_cmpint (dj_review_graph_get_selected (graph), ==, (int) n_moves);
  press_key (plot, GDK_KEY_Right);   /* stays at the end */
  g_assert_cmpuint (dj_node_get_ply (dj_game_get_current (game)), ==, n_moves);

  /* Going into a variation highlights where it leaves the main line (the
   * review adds none: the better move a, found by the review, by hand). */
  g_assert_cmpuint (dj_node_get_n_children (root), ==, 1);
  node = dj_game_play (game, root, dj_node_get_finding (dj_node_get_first_child (root))->line[0],
                       NULL);
  g_assert_nonnull (node);
  dj_game_set_current (game, node);
  g_assert_cmpint (dj_review_graph_get_selected (graph), ==, 0);

  /* Hidden from its own button; the toggle follows. */
  gtk_widget_activate_action (GTK_WIDGET (graph), "graph.close", NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (graph)));
  /* The toggle followed: activated again, it shows the graph, reviewed already. */
  gtk_widget_activate_action (GTK_WIDGET (window), "study.show-graph", NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (graph)));
  g_assert_false (dj_review_get_running (review));

  destroy_window (window);
}

/* Lines with move numbers, worked by hand: South began; after 22 plies (11
 * moves each) South plays move 12. */
static void
test_numbered_lines (void)
{
  static const DjMove line[] = { 2, 6, 3, 8 };   /* c A d C */
  static const struct { guint ply; DjSide mover; guint max; const char *text; } cases[] = {
    { 22, DJ_SOUTH, 0, "12. c A 13. d C" },
    { 23, DJ_NORTH, 0, "12... c 13. A d 14. C" },
    { 0, DJ_SOUTH, 3, "1. c A 2. d …" },
    /* A set-up with North to move first: its first move is 1... */
    { 0, DJ_NORTH, 2, "1... c 2. A …" },
    { 1, DJ_SOUTH, 1, "2. c …" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = dj_analysis_format_numbered_line (line, G_N_ELEMENTS (line),
                                                                cases[i].max, cases[i].ply,
                                                                cases[i].mover);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* 4. Collections */

#define N_GAMES 10000

static const char *names[] = {
  "Diallo", "Keita", "Koné", "Traoré", "Coulibaly", "Ouattara", "Bamba", "Yao", "Kouassi", "Touré",
};
static const char *sites[] = { "Béoumi", "Bouaké", "Daloa", "Korhogo", "Man" };

/* Game @i of the generated collection: every field follows from @i, so the
 * tests can count what a search must find. */
static DjGame *
generated_game (guint i)
{
  DjRules rules = DJ_RULES_INIT (i % 2 == 0 ? DJ_VARIANT_ABOURE : DJ_VARIANT_ABE);
  g_autoptr(DjGameInfo) info = dj_game_info_new ();
  DjGame *game = dj_game_new (&rules, NULL);
  static const DjResult results[] = {
    DJ_RESULT_UNKNOWN, DJ_RESULT_SOUTH_WINS, DJ_RESULT_NORTH_WINS, DJ_RESULT_DRAW,
  };

  info->south = g_strdup (names[i % 10]);
  info->north = g_strdup (names[(i / 10) % 10]);
  info->event = g_strdup_printf ("Open %u", i % 25);
  info->site = g_strdup (sites[i % 5]);
  info->date = g_strdup_printf ("%u-%02u-%02u", 2000 + i % 20, i % 12 + 1, i % 28 + 1);
  info->result = results[i % 4];
  dj_game_load_info (game, g_steal_pointer (&info));
  return game;
}

static DjCollection *
generated_collection (void)
{
  DjCollection *collection = dj_collection_new ();

  for (guint i = 0; i < N_GAMES; i++)
    {
      g_autoptr(DjGame) game = generated_game (i);

      dj_collection_append (collection, game);
    }
  dj_collection_set_modified (collection, FALSE);
  return collection;
}

static char *
folded_field (DjGame     *game,
              const char *column)
{
  const DjGameInfo *info = dj_game_get_info (game);
  const char *text = "";

  if (g_str_equal (column, "south"))
    text = info->south;
  else if (g_str_equal (column, "north"))
    text = info->north;
  else if (g_str_equal (column, "event"))
    text = info->event;
  else if (g_str_equal (column, "site"))
    text = info->site;
  else if (g_str_equal (column, "date"))
    text = info->date;
  else if (g_str_equal (column, "result"))
    text = info->result == DJ_RESULT_SOUTH_WINS ? "South won"
           : info->result == DJ_RESULT_NORTH_WINS ? "North won"
           : info->result == DJ_RESULT_DRAW ? "Draw" : "";
  else if (g_str_equal (column, "variant"))
    text = dj_variant_display_name (dj_game_get_rules (game)->variant);
  else
    g_assert_not_reached ();
  return g_utf8_casefold (text != NULL ? text : "", -1);
}

/* The games shown follow each other in @column's order. */
static void
assert_sorted (DjGameList *list,
               const char *column,
               gboolean    descending)
{
  guint n = dj_game_list_get_n_shown (list);
  g_autofree char *previous = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = folded_field (dj_game_list_get_shown (list, i), column);

      if (previous != NULL)
        {
          int order = g_utf8_collate (previous, text);

          if (descending ? order < 0 : order > 0)
            g_error ("sorted by %s%s: “%s” before “%s” at %u", column,
                     descending ? " descending" : "", previous, text, i);
        }
      g_free (previous);
      previous = g_steal_pointer (&text);
    }
}

static void
search_for (DjGameList *list,
            const char *text)
{
  GtkWidget *entry = GTK_WIDGET (gtk_widget_get_first_child (gtk_widget_get_first_child (
    gtk_widget_get_first_child (GTK_WIDGET (list)))));

  /* Typed into the search field, as a user does (the field waits a moment
   * for the next key before it searches: do not wait, search now). */
  g_assert_true (GTK_IS_SEARCH_ENTRY (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "search-changed");
  flush_events ();
}

static void
test_game_list_search_sort (void)
{
  g_autoptr(DjCollection) collection = generated_collection ();
  DjWindow *window = new_window ();
  DjStudyPane *pane = dj_window_get_study_pane (window);
  DjGameList *list;
  static const char *sort_columns[] = {
    "south", "north", "event", "site", "date", "result", "variant",
  };
  static const struct { const char *search; guint expect; } searches[] = {
    /* Site Béoumi: i % 5 == 0; with or without its accent, in any case. */
    { "Béoumi", N_GAMES / 5 },
    { "BEOUMI", N_GAMES / 5 },
    /* And drawn (i % 4 == 3): one game in twenty. */
    { "beoumi draw", N_GAMES / 20 },
    /* Koné plays South when i % 10 == 3, North when i / 10 % 10 == 3. */
    { "kone", N_GAMES / 10 + N_GAMES / 10 - N_GAMES / 100 },
    /* Djenon-abe games: the odd ones. */
    { "abe", N_GAMES / 2 },
    /* A date: 2007-... when i % 20 == 7; month 08 when i % 12 == 7 (60 numbers). */
    { "2007-08", N_GAMES / 60 + (N_GAMES % 60 > 7 ? 1 : 0) },
    /* South's wins (i % 4 == 1). */
    { "south won", N_GAMES / 4 },
    { "nobody", 0 },
  };
  DjGame *chosen;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  dj_window_set_collection (window, collection, NULL);
  dj_study_pane_show_page (pane, "games");
  list = dj_study_pane_get_game_list (pane);
  flush_events ();
  g_assert_cmpuint (dj_game_list_get_n_shown (list), ==, N_GAMES);
  g_assert_cmpstr (dj_game_list_get_count_text (list), ==, "10000 games");

  for (guint i = 0; i < G_N_ELEMENTS (searches); i++)
    {
      g_autofree char *count = g_strdup_printf ("%u of 10000 games", searches[i].expect);

      search_for (list, searches[i].search);
      g_assert_cmpuint (dj_game_list_get_n_shown (list), ==, searches[i].expect);
      for (guint k = 0; k < dj_game_list_get_n_shown (list); k++)
        g_assert_true (dj_game_list_game_matches (dj_game_list_get_shown (list, k),
                                                  searches[i].search));
      g_assert_cmpstr (dj_game_list_get_count_text (list), ==, count);
    }
  /* Check the count the other way: every game, each against the rule. */
  {
    guint n = 0;

    for (guint i = 0; i < N_GAMES; i++)
      n += dj_game_list_game_matches (dj_collection_get_game (collection, i), "kone");
    g_assert_cmpuint (n, ==, 1900);
  }

  /* Sorted by each column both ways, with the menu's actions. */
  search_for (list, "");
  g_assert_cmpstr (dj_game_list_get_count_text (list), ==, "10000 games");
  for (guint c = 0; c < G_N_ELEMENTS (sort_columns); c++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "games.sort-by", "s",
                                                 sort_columns[c]));
      g_assert_cmpuint (dj_game_list_get_n_shown (list), ==, N_GAMES);
      assert_sorted (list, sort_columns[c], FALSE);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "games.sort-descending",
                                                 NULL));
      assert_sorted (list, sort_columns[c], TRUE);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "games.sort-descending",
                                                 NULL));
    }
  /* Reordering by hand only in the file's order: sorted, Move Down does nothing. */
  {
    DjGame *first = dj_collection_get_game (collection, 0);

    gtk_selection_model_select_item (GTK_SELECTION_MODEL (gtk_column_view_get_model (
      dj_game_list_get_column_view (list))), 0, TRUE);
    gtk_widget_activate_action (GTK_WIDGET (list), "games.move-down", NULL);
    g_assert_true (dj_collection_get_game (collection, 0) == first);
  }

  /* Searching keeps the order: Béoumi's draws by date. */
  gtk_widget_activate_action (GTK_WIDGET (list), "games.sort-by", "s", "date");
  search_for (list, "beoumi draw");
  g_assert_cmpuint (dj_game_list_get_n_shown (list), ==, N_GAMES / 20);
  assert_sorted (list, "date", FALSE);
  dj_test_save_screenshot (GTK_WIDGET (window), "game-list-search.png");

  /* A column header's click (what it calls) sorts too. */
  {
    GListModel *cols = gtk_column_view_get_columns (dj_game_list_get_column_view (list));
    g_autoptr(GtkColumnViewColumn) north = g_list_model_get_item (cols, 1);

    gtk_column_view_sort_by_column (dj_game_list_get_column_view (list), north,
                                    GTK_SORT_DESCENDING);
    assert_sorted (list, "north", TRUE);
    {
      g_autofree char *column = NULL;

      /* The Sort menu no longer claims another order. */
      g_object_get (list, "sort-column", &column, NULL);
      g_assert_cmpstr (column, ==, "header");
    }
  }

  /* Choosing a game found shows it. */
  chosen = dj_game_list_get_shown (list, 3);
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (gtk_column_view_get_model (
    dj_game_list_get_column_view (list))), 3, TRUE);
  flush_events ();
  g_assert_true (dj_window_get_game (window) == chosen);
  g_assert_true (dj_game_list_get_selected (list) == chosen);

  /* Back in the file's order, without a search: the file's order. */
  gtk_widget_activate_action (GTK_WIDGET (list), "games.sort-by", "s", "");
  search_for (list, "");
  for (guint i = 0; i < N_GAMES; i += 997)
    g_assert_true (dj_game_list_get_shown (list, i) == dj_collection_get_game (collection, i));
  g_assert_true (dj_game_list_get_selected (list) == chosen);

  /* The shown game's information edited: it takes its new place and is
   * found by its new name. */
  gtk_widget_activate_action (GTK_WIDGET (list), "games.sort-by", "s", "south");
  g_assert_true (dj_game_list_get_shown (list, 0) != chosen);
  {
    g_autoptr(DjGameInfo) info = dj_game_info_copy (dj_game_get_info (chosen));
    g_autofree char *column = NULL;

    dj_game_info_set_string (&info->south, "Aaron Adjé");
    dj_game_set_info (chosen, info);
    flush_events ();
    g_assert_true (dj_game_list_get_shown (list, 0) == chosen);
    assert_sorted (list, "south", FALSE);
    g_object_get (list, "sort-column", &column, NULL);
    g_assert_cmpstr (column, ==, "south");
  }
  search_for (list, "adje");
  g_assert_cmpuint (dj_game_list_get_n_shown (list), ==, 1);
  g_assert_true (dj_game_list_get_shown (list, 0) == chosen);

  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;
  int status;

  setlocale (LC_ALL, "");
  home = dj_test_make_home ("djenon-test-study-tools");
  g_test_init (&argc, &argv, NULL);

  if (!dj_test_start_app ())
    {
      g_test_skip ("no display");
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

  g_test_add_func ("/djenon/study-tools/copy-paste-position", test_copy_paste_position);
  g_test_add_func ("/djenon/study-tools/paste-position-variant", test_paste_position_variant);
  g_test_add_func ("/djenon/study-tools/paste-bad-position", test_paste_bad_position);
  g_test_add_func ("/djenon/study-tools/new-game-from-here", test_new_game_from_here);
  g_test_add_func ("/djenon/study-tools/main-menu", test_main_menu);
  g_test_add_func ("/djenon/study-tools/text-files", test_text_files);
  g_test_add_func ("/djenon/study-tools/text-file-error", test_text_file_error);
  g_test_add_func ("/djenon/study-tools/save-as-text", test_save_as_text);
  g_test_add_func ("/djenon/study-tools/review-graph", test_review_graph);
  g_test_add_func ("/djenon/study-tools/numbered-lines", test_numbered_lines);
  g_test_add_func ("/djenon/study-tools/game-list-search-sort", test_game_list_search_sort);

  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
