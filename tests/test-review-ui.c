/* test-review-ui.c: Review Game and Clear Review in the window: the
 * findings are the machine's, apart from what a person wrote
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "dj-application.h"
#include "dj-drafts.h"
#include "dj-finding-text.h"
#include "dj-resources.h"
#include "dj-review-judge.h"
#include "dj-window.h"
#include "dj-xml.h"

#include "dj-bidi.h"
#include "dj-test-app.h"

#define TIMEOUT_S 120

static char *tmp_dir;

static char *
sample_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "abe-sample.djenon", NULL);
}

static GBytes *
read_bytes (const char *path)
{
  char *data = NULL;
  gsize len = 0;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (data, len);
}

/* Saves the window's game to @name in the temporary folder; its bytes. */
static GBytes *
save_as (DjWindow   *window,
         const char *name)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (dj_window_save_to (window, file, &error));
  g_assert_no_error (error);
  return read_bytes (path);
}

static void
assert_same_bytes (GBytes     *a,
                   GBytes     *b,
                   const char *what)
{
  if (!g_bytes_equal (a, b))
    {
      g_test_message ("%s: the files differ", what);
      g_test_fail ();
    }
}

/* What a person wrote in a file, in order: moves, glyphs, assessments,
 * times, comments, marks and variations, each as the file has it. */
static char *
human_parts (GBytes *bytes)
{
  g_autoptr(GRegex) regex =
    g_regex_new ("<move pit=\"[^\"]*\"|(glyph|assessment|time-ms)=\"[^\"]*\"|"
                 "<comment-(before|after)>[^<]*</comment-(before|after)>|<marker [^>]*>|"
                 "<arrow [^>]*>|<variation-(start|end)/>",
                 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  GString *parts = g_string_new (NULL);

  g_regex_match (regex, text, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *part = g_match_info_fetch (match, 0);

      g_string_append (parts, part);
      g_string_append_c (parts, '\n');
      g_match_info_next (match, NULL);
    }
  return g_string_free (parts, FALSE);
}

static gboolean
reviewed (gpointer data)
{
  return g_strcmp0 (dj_game_get_undo_label (data), "Review Game") == 0;
}

static GtkWindow *
find_toplevel (GType type)
{
  GtkWindow *found = NULL;
  GList *toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (toplevels);
  return found;
}

static gboolean
dialog_shown (gpointer data)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

/* Review Game as a user asks for it: the dialog, with a blunder from
 * @blunder seeds, then Review. */
static void
review_in_window (DjWindow *window,
                  guint     blunder)
{
  DjGame *game = dj_window_get_game (window);
  AdwMessageDialog *dialog;
  g_autoptr(GPtrArray) widgets = NULL;
  guint n_spins = 0;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  dj_test_wait_until (TIMEOUT_S, dialog_shown, NULL, "the review dialog");
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  widgets = all_widgets (GTK_WIDGET (dialog));
  for (guint i = 0; i < widgets->len; i++)
    if (GTK_IS_SPIN_BUTTON (widgets->pdata[i]))
      {
        GtkWidget *grid = gtk_widget_get_parent (widgets->pdata[i]);

        /* Inaccuracy, mistake, blunder, in rows 0 to 2. */
        n_spins++;
        g_assert_true (GTK_IS_GRID (grid));
        if (gtk_grid_get_child_at (GTK_GRID (grid), 1, 2) == widgets->pdata[i])
          gtk_spin_button_set_value (widgets->pdata[i], blunder);
        g_assert_cmpint (gtk_accessible_get_accessible_role (widgets->pdata[i]), ==,
                         GTK_ACCESSIBLE_ROLE_SPIN_BUTTON);
      }
  g_assert_cmpuint (n_spins, ==, 3);
  adw_message_dialog_response (dialog, "review");
  gtk_window_destroy (GTK_WINDOW (dialog));
  dj_test_wait_until (TIMEOUT_S, reviewed, game, "the review");
  flush_events ();
}

static DjWindow *
window_with_sample (GBytes **sample)
{
  g_autofree char *path = sample_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  DjWindow *window = new_window ();

  g_assert_true (dj_window_load_file (window, file, &error));
  g_assert_no_error (error);
  flush_events ();
  *sample = read_bytes (path);
  return window;
}

/* 1…F: the person gave it "?!" and a comment. */
static DjNode *
second_move (DjGame *game)
{
  DjNode *node = dj_node_get_first_child (dj_node_get_first_child (dj_game_get_root (game)));

  g_assert_cmpstr (dj_move_to_string (dj_node_get_move (node)), ==, "F");
  g_assert_cmpint (dj_node_get_glyph (node), ==, DJ_GLYPH_DUBIOUS);
  return node;
}

static void
test_review_keeps_annotations (void)
{
  g_autoptr(GBytes) sample = NULL;
  DjWindow *window = window_with_sample (&sample);
  DjGame *game = dj_window_get_game (window);
  g_autoptr(GBytes) loaded = NULL, after = NULL, undone = NULL, redone = NULL, cleared = NULL;
  g_autoptr(GBytes) cleared_undone = NULL;
  g_autofree char *human_before = NULL, *human_after = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const DjFinding *finding;
  DjNode *f;

  /* An old file: load and save change nothing. */
  loaded = save_as (window, "loaded.djenon");
  assert_same_bytes (sample, loaded, "load and save");

  review_in_window (window, 7);
  g_assert_cmpuint (g_settings_get_uint (settings, "review-blunder"), ==, 7);
  f = second_move (game);
  finding = dj_node_get_finding (f);
  g_assert_nonnull (finding);
  /* F lost 4 seeds against B: the review's mistake, beside the person's "?!". */
  g_assert_cmpint (finding->judgement, ==, DJ_JUDGEMENT_MISTAKE);
  g_assert_cmpint (finding->loss, ==, 4);
  g_assert_cmpstr (dj_move_to_string (finding->line[0]), ==, "B");
  g_assert_cmpuint (finding->thresholds.blunder, ==, 7);
  g_assert_cmpint (dj_node_get_glyph (f), ==, DJ_GLYPH_DUBIOUS);

  /* Every glyph and comment of the person, byte for byte. */
  after = save_as (window, "reviewed.djenon");
  g_assert_false (g_bytes_equal (after, sample));
  human_before = human_parts (sample);
  human_after = human_parts (after);
  g_assert_nonnull (strstr (human_before, "glyph=\"?!\""));
  g_assert_cmpstr (human_after, ==, human_before);

  /* Review is one step: one Undo gives back the file before it. */
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Review Game");
  dj_game_undo (game);
  undone = save_as (window, "undone.djenon");
  assert_same_bytes (sample, undone, "undo of the review");
  dj_game_redo (game);
  redone = save_as (window, "redone.djenon");
  assert_same_bytes (after, redone, "redo of the review");

  /* Clear Review gives back the file before the review; one Undo brings
   * the review back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.clear-review", NULL));
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Clear Review");
  g_assert_false (dj_game_has_findings (game));
  cleared = save_as (window, "cleared.djenon");
  assert_same_bytes (sample, cleared, "clear review");
  dj_game_undo (game);
  cleared_undone = save_as (window, "cleared-undone.djenon");
  assert_same_bytes (after, cleared_undone, "undo of clear review");

  destroy_window (window);
}

static gboolean
is_current (gpointer data)
{
  DjNode **nodes = data;

  return dj_game_get_current ((DjGame *) nodes[0]) == nodes[1];
}

static void
test_mistakes_and_copy (void)
{
  g_autoptr(GBytes) sample = NULL;
  DjWindow *window = window_with_sample (&sample);
  DjGame *game = dj_window_get_game (window);
  DjNode *root = dj_game_get_root (game);
  DjNode *first = dj_node_get_first_child (root);
  DjNode *f = second_move (game);
  g_autofree char *old_comment = g_strdup (dj_node_get_comment_after (f));
  const char *comment;

  review_in_window (window, 6);

  /* Ctrl+M and Shift+Ctrl+M: from the start to 1. a (a mistake), then
   * 1…F, and back. */
  dj_game_set_current (game, root);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-mistake", NULL));
  dj_test_wait_until (TIMEOUT_S, is_current, (DjNode *[]) { (DjNode *) game, first }, "1. a");
  g_assert_true (dj_finding_is_error (dj_node_get_finding (first)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-mistake", NULL);
  dj_test_wait_until (TIMEOUT_S, is_current, (DjNode *[]) { (DjNode *) game, f }, "1…F");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-mistake", NULL);
  dj_test_wait_until (TIMEOUT_S, is_current, (DjNode *[]) { (DjNode *) game, first }, "1. a");

  /* Copy Finding to Comment: on purpose, one step; the person's "?!" stays. */
  dj_game_set_current (game, f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-finding", NULL));
  g_assert_cmpstr (dj_game_get_undo_label (game), ==, "Copy Finding to Comment");
  comment = dj_node_get_comment_after (f);
  g_assert_true (g_str_has_prefix (comment, old_comment));
  g_assert_nonnull (strstr (comment, "Mistake: lost 4 seeds. Best B (+6), played +2"));
  /* No invisible bidirectional marks in the person's text. */
  g_assert_null (strstr (comment, "\xe2\x81\xa6"));
  g_assert_cmpint (dj_node_get_glyph (f), ==, DJ_GLYPH_DUBIOUS);
  dj_game_undo (game);
  g_assert_cmpstr (dj_node_get_comment_after (f), ==, old_comment);
  g_assert_nonnull (dj_node_get_finding (f));

  destroy_window (window);
}

/* In a process of its own, started in the language of $LANGUAGE (the
 * translations decide once a process whether to translate): the reviewed
 * file of $DJ_TEST_REVIEWED, read and written, is the same file, and the
 * finding about 1…F comes out in that language. */
static void
test_describe_subprocess (void)
{
  const char *path = g_getenv ("DJ_TEST_REVIEWED");
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *text = NULL;
  DjNode *f;
  gsize len;

  if (!g_test_subprocess () || path == NULL)
    {
      g_test_skip ("run by /djenon/review-ui/reader-language");
      return;
    }
  file = g_file_new_for_path (path);
  collection = dj_xml_load_file (file, NULL, &error);
  g_assert_no_error (error);
  xml = dj_xml_to_string (collection, &len);
  bytes = read_bytes (path);
  g_assert_cmpmem (xml, len, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  f = second_move (dj_collection_get_game (collection, 0));
  text = dj_finding_text_describe (dj_node_get_finding (f), dj_node_get_move (f));
  g_print ("[%s]\n", text);
}

/* The file holds data, the same whatever the language of the interface
 * that reviewed or saved it; the words come in the reader's language when
 * shown. */
static void
test_reader_language (void)
{
  g_autofree char *path = sample_path ();
  g_autofree char *reviewed = g_build_filename (tmp_dir, "language.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = dj_xml_load_file (file, NULL, &error);
  g_autoptr(DjSearch) search = dj_search_new (0);
  g_autofree char *xml = NULL;
  g_autofree char *old_language = g_strdup (g_getenv ("LANGUAGE"));
  DjThresholds thresholds = DJ_THRESHOLDS_DEFAULT;
  static const struct
  {
    const char *language;
    const char *expected;
  } readers[] = {
    { "C", "*[Mistake: lost 4 seeds. Best " DJ_FSI "B" DJ_PDI " (" DJ_LRI "+6" DJ_PDI
           "), played " DJ_LRI "+2" DJ_PDI "]*" },
    { "nl", "*[Fout: verloor 4 zaden. *" DJ_FSI "B" DJ_PDI "*" DJ_LRI "+6" DJ_PDI "*"
            DJ_LRI "+2" DJ_PDI "*]*" },
    /* In Urdu each value and move is a left-to-right run of its own. */
    { "ur", "*[غلطی*" DJ_FSI "B" DJ_PDI "*" DJ_LRI "+6" DJ_PDI "*" DJ_LRI "+2" DJ_PDI "*]*" },
  };
  gsize len;

  g_assert_no_error (error);
  g_assert_true (dj_review_game (dj_collection_get_game (collection, 0), search, NULL,
                                 &thresholds, NULL, &error));
  g_assert_no_error (error);
  xml = dj_xml_to_string (collection, &len);
  g_assert_true (g_file_set_contents (reviewed, xml, len, NULL));
  /* No words in the file. */
  g_assert_null (strstr (xml, "Best"));
  g_assert_null (strstr (xml, "Mistake"));
  g_assert_null (strstr (xml, "played"));

  g_setenv ("DJ_TEST_REVIEWED", reviewed, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (readers); i++)
    {
      g_setenv ("LANGUAGE", readers[i].language, TRUE);
      g_test_trap_subprocess ("/djenon/review-ui/describe-subprocess", 0,
                              G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      g_test_trap_assert_stdout (readers[i].expected);
    }
  if (old_language != NULL)
    g_setenv ("LANGUAGE", old_language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-review-ui");
  int status;

  dj_test_use_built_translations ();
  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_build_filename (home, "files", NULL);
  g_mkdir_with_parents (tmp_dir, 0700);

  if (!dj_test_start_app ())
    {
      dj_test_remove_tree (home);
      return 77;
    }

  g_test_add_func ("/djenon/review-ui/keeps-annotations", test_review_keeps_annotations);
  g_test_add_func ("/djenon/review-ui/mistakes-and-copy", test_mistakes_and_copy);
  g_test_add_func ("/djenon/review-ui/reader-language", test_reader_language);
  g_test_add_func ("/djenon/review-ui/describe-subprocess", test_describe_subprocess);

  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  g_free (tmp_dir);
  return status;
}
