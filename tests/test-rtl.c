/* test-rtl.c: left-to-right runs in the Urdu interface
 *
 * Run with LANGUAGE=ur and tests/fonts-rtl.conf.  In the notation, the glyph
 * menu, the analysis panel and a help page, what reads left to right in
 * every language (a position text, a move with its glyph, a key combination,
 * a signed value) is drawn left to right inside the right-to-left text: the
 * first character of the run is drawn left of its last.  And each of those
 * widgets matches its reference image in tests/reference/ (regenerate with
 *   DJENON_UPDATE_REFERENCES=1 meson test -C _build test-rtl
 * and look at them before committing).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dj-analysis-panel.h"
#include "dj-notation-line.h"
#include "dj-board.h"
#include "dj-notation-view.h"
#include "dj-rules-example.h"
#include "dj-review.h"
#include "dj-review-graph.h"
#include "dj-rules-view.h"
#include "dj-test-app.h"
#include "dj-test-picture.h"

#define PIXEL_TOLERANCE      48
#define MAX_DIFFERENT_PIXELS 40
#define TIMEOUT_S            30

/* Pictures ---------------------------------------------------------------- */

/* The widget as drawn.  A popover just shown may not be drawable for a
 * frame or two (its picture is empty then): wait for a picture. */
static GdkTexture *
render (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  gint64 end = g_get_monotonic_time () + TIMEOUT_S * G_USEC_PER_SEC;

  for (;;)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      int w = gtk_widget_get_width (widget);
      int h = gtk_widget_get_height (widget);
      GskRenderNode *node;

      if (w > 0 && h > 0)
        gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node != NULL)
        {
          GtkSnapshot *again = gtk_snapshot_new ();

          gtk_snapshot_append_node (again, node);
          gsk_render_node_unref (node);
          return dj_test_render_snapshot (again, w, h);
        }
      if (g_get_monotonic_time () > end)
        g_error ("Timed out waiting for %s to be drawn", G_OBJECT_TYPE_NAME (widget));
      flush_events ();
      dj_test_wait_windows_painted ();
    }
}

static void
check_reference (GtkWidget  *widget,
                 const char *name)
{
  g_autoptr(GdkTexture) texture = render (widget);
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "reference", file, NULL);
  g_autoptr(GdkTexture) reference = NULL;
  g_autoptr(GError) error = NULL;
  int n;

  if (g_getenv ("DJENON_UPDATE_REFERENCES") != NULL)
    {
      g_assert_true (gdk_texture_save_to_png (texture, path));
      g_test_message ("wrote %s", path);
      return;
    }
  reference = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  n = dj_test_count_differences (texture, reference, PIXEL_TOLERANCE);
  g_test_message ("%s: %d pixels differ from the reference", name, n);
  if (n < 0 || n > MAX_DIFFERENT_PIXELS)
    {
      g_autofree char *out_file = g_strconcat (name, "-actual.png", NULL);
      g_autofree char *out = g_test_build_filename (G_TEST_BUILT, out_file, NULL);

      gdk_texture_save_to_png (texture, out);
      g_test_fail_printf ("%s: %d pixels differ from the reference (allowed %d); got %s",
                          name, n, MAX_DIFFERENT_PIXELS, out);
    }
}

/* Widgets ----------------------------------------------------------------- */

static void
flush_frames (void)
{
  /* Laid out and drawn: a frame painted in every window, twice (what the
   * first frame's layout changed is drawn in the second). */
  flush_events ();
  dj_test_wait_windows_painted ();
  dj_test_wait_windows_painted ();
  flush_events ();
}

/* The mapped labels under @root whose text holds @needle. */
static GPtrArray *
labels_with (GtkWidget  *root,
             const char *needle)
{
  g_autoptr(GPtrArray) widgets = all_widgets (root);
  GPtrArray *labels = g_ptr_array_new ();

  for (guint i = 0; i < widgets->len; i++)
    if (GTK_IS_LABEL (widgets->pdata[i]) && gtk_widget_get_mapped (widgets->pdata[i]) &&
        strstr (gtk_label_get_text (widgets->pdata[i]), needle) != NULL)
      g_ptr_array_add (labels, widgets->pdata[i]);
  return labels;
}

/* In @label, the run @run (its first occurrence) is drawn left to right:
 * its first character left of its last. */
static void
assert_label_run_ltr (GtkLabel   *label,
                      const char *run)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  const char *text = pango_layout_get_text (layout);
  const char *found = strstr (text, run);
  const char *last;
  int first_line, last_line, first_x, last_x;

  g_assert_nonnull (found);
  last = g_utf8_prev_char (found + strlen (run));
  g_assert_true (last > found);
  pango_layout_index_to_line_x (layout, found - text, FALSE, &first_line, &first_x);
  pango_layout_index_to_line_x (layout, last - text, FALSE, &last_line, &last_x);
  g_test_message ("“%s” in “%s”: first at %d, last at %d (lines %d, %d)", run, text,
                  first_x, last_x, first_line, last_line);
  g_assert_cmpint (first_line, ==, last_line);
  g_assert_cmpint (first_x, <, last_x);
}

/* In a notation row, the byte @first is drawn left of the byte @last (both
 * on its first line). */
static void
assert_line_run_ltr (DjNotationLine *line,
                     int             first,
                     int             last)
{
  int width = gtk_widget_get_width (GTK_WIDGET (line));
  int x_first = -1, x_last = -1;

  for (int x = 0; x < width; x++)
    {
      int index = dj_notation_line_index_at (line, x, 8);

      if (index == first && x_first < 0)
        x_first = x;
      if (index == last && x_last < 0)
        x_last = x;
    }
  g_test_message ("byte %d at x %d, byte %d at x %d", first, x_first, last, x_last);
  g_assert_cmpint (x_first, >=, 0);
  g_assert_cmpint (x_last, >, x_first);
}

static DjGame *
new_game (const char *setup,
          const char *moves)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_auto(GStrv) words = g_strsplit (moves, " ", -1);
  g_autoptr(GError) error = NULL;
  DjPosition pos;
  DjGame *game;
  DjNode *node;

  g_assert_true (dj_position_parse (setup, &pos, &error));
  game = dj_game_new (&rules, &pos);
  node = dj_game_get_root (game);
  for (guint i = 0; words[i] != NULL; i++)
    {
      DjMove move;

      g_assert_true (dj_move_from_string (words[i], &move));
      node = dj_game_play (game, node, move, &error);
      g_assert_no_error (error);
    }
  return game;
}

static GtkWidget *
new_test_window (GtkWidget *child,
                 int        width,
                 int        height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  flush_frames ();
  return window;
}

/* A position of Djenon-aboure, North to move, solved in a blink: every
 * move loses (D −8, B and C −10), and two best lines pass. */
#define LOSING "2 2 2 0 0 0 0 2 2 3 1 0 23 11 N"

/* Tests ------------------------------------------------------------------- */

static void
test_notation (void)
{
  g_autoptr(DjGame) game = new_game (LOSING, "B a pass c pass d");
  GtkWidget *view = dj_notation_view_new ();
  GtkWidget *window;
  DjNode *b = dj_node_get_first_child (dj_game_get_root (game));
  DjNode *a = dj_node_get_first_child (b);
  DjNode *pass = dj_node_get_first_child (a);
  g_autoptr(GPtrArray) widgets = NULL;
  guint checked = 0;

  dj_game_set_glyph (game, b, DJ_GLYPH_INTERESTING);
  dj_game_set_glyph (game, a, DJ_GLYPH_DUBIOUS);
  dj_game_set_glyph (game, pass, DJ_GLYPH_INTERESTING);
  dj_game_set_assessment (game, dj_node_get_first_child (pass), DJ_ASSESSMENT_SOUTH_SLIGHT);
  dj_notation_view_set_game (DJ_NOTATION_VIEW (view), game);
  window = new_test_window (view, 380, 200);
  g_assert_cmpint (gtk_widget_get_direction (view), ==, GTK_TEXT_DIR_RTL);

  /* Each move with its glyph, "B!?", and "1… B", reads left to right. */
  widgets = all_widgets (window);
  for (guint i = 0; i < widgets->len; i++)
    if (DJ_IS_NOTATION_LINE (widgets->pdata[i]) && gtk_widget_get_mapped (widgets->pdata[i]))
      {
        DjNotationLine *line = widgets->pdata[i];
        const char *text = dj_notation_line_get_text (line);
        /* "B", then its glyph (the move in an isolate of its own). */
        const char *move = text != NULL ? strstr (text, "B") : NULL;
        const char *glyph = move != NULL ? strstr (move, "!?") : NULL;
        /* "pass" in Urdu, with its glyph. */
        const char *pass_text = text != NULL ? strstr (text, C_("move", "pass")) : NULL;
        const char *pass_glyph = pass_text != NULL ? strstr (pass_text, "!?") : NULL;

        if (glyph == NULL)
          continue;
        g_test_message ("notation row: %s", text);
        assert_line_run_ltr (line, move - text, glyph - text);
        assert_line_run_ltr (line, glyph - text, glyph + 1 - text);
        /* The glyph of the (translated) pass too. */
        g_assert_cmpstr (C_("move", "pass"), !=, "pass");
        g_assert_nonnull (pass_glyph);
        assert_line_run_ltr (line, pass_glyph - text, pass_glyph + 1 - text);
        checked++;
      }
  g_assert_cmpuint (checked, ==, 1);

  check_reference (window, "rtl-ur-notation");
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

/* An English comment in an Urdu window runs in its own direction: its full
 * stop is drawn after its last word, not at the far end of the row. */
static void
test_comment_direction (void)
{
  /* An Urdu comment first: a right-to-left paragraph. */
  g_autoptr(DjGame) game = new_game (LOSING, "B a pass c");
  GtkWidget *view = dj_notation_view_new ();
  DjNode *a = dj_node_get_line_end (dj_game_get_root (game));
  GtkWidget *window;
  g_autoptr(GPtrArray) widgets = NULL;
  guint checked = 0;

  dj_game_set_comment_before (game, dj_node_get_first_child (dj_game_get_root (game)),
                              "ایک اچھی شروعات");
  dj_game_set_comment_after (game, a, "Better was d.");
  dj_notation_view_set_game (DJ_NOTATION_VIEW (view), game);
  window = new_test_window (view, 380, 200);
  widgets = all_widgets (window);
  for (guint i = 0; i < widgets->len; i++)
    if (DJ_IS_NOTATION_LINE (widgets->pdata[i]) && gtk_widget_get_mapped (widgets->pdata[i]))
      {
        DjNotationLine *line = widgets->pdata[i];
        const char *text = dj_notation_line_get_text (line);
        const char *d = text != NULL ? strstr (text, "was d.") : NULL;

        if (d == NULL)
          continue;
        g_test_message ("notation row: %s", text);
        /* "Better" left of "d", and the full stop right of "d". */
        assert_line_run_ltr (line, strstr (text, "Better") - text, d + 4 - text);
        assert_line_run_ltr (line, d + 4 - text, d + 5 - text);
        checked++;
      }
  g_assert_cmpuint (checked, ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

static void
test_glyph_menu (void)
{
  g_autoptr(DjGame) game = new_game (LOSING, "B a");
  g_autoptr(DjCollection) games = dj_collection_new ();
  DjWindow *window = new_window ();
  GtkWidget *view;
  GtkWidget *button = NULL;
  GtkPopover *popover;
  g_autoptr(GPtrArray) widgets = NULL;
  g_autoptr(GPtrArray) button_labels = NULL;
  g_autoptr(GPtrArray) interesting = NULL;
  g_autoptr(GPtrArray) dubious = NULL;

  /* In the window, as users see it: the menu shows the window's keys. */
  dj_collection_append (games, game);
  dj_document_replace (dj_window_get_document (window), games, NULL);
  flush_frames ();
  view = GTK_WIDGET (dj_study_pane_get_notation (dj_window_get_study_pane (window)));
  widgets = all_widgets (view);
  for (guint i = 0; i < widgets->len && button == NULL; i++)
    if (GTK_IS_MENU_BUTTON (widgets->pdata[i]) &&
        strstr (gtk_menu_button_get_label (widgets->pdata[i]) ?: "", "!?") != NULL)
      button = widgets->pdata[i];
  g_assert_nonnull (button);

  /* The button reads "!?", not "?!". */
  button_labels = labels_with (button, "!?");
  g_assert_cmpuint (button_labels->len, ==, 1);
  assert_label_run_ltr (button_labels->pdata[0], "!?");

  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  flush_frames ();
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));

  /* "!?  Interesting move" and "?!  Dubious move" keep their marks. */
  interesting = labels_with (GTK_WIDGET (popover), "!?");
  dubious = labels_with (GTK_WIDGET (popover), "?!");
  g_assert_cmpuint (interesting->len, ==, 1);
  g_assert_cmpuint (dubious->len, ==, 1);
  assert_label_run_ltr (interesting->pdata[0], "!?");
  assert_label_run_ltr (dubious->pdata[0], "?!");

  check_reference (GTK_WIDGET (popover), "rtl-ur-glyph-menu");
  gtk_popover_popdown (popover);
  destroy_window (window);
  flush_events ();
}

static void
test_analysis_panel (void)
{
  g_autoptr(DjGame) game = new_game (LOSING, "");
  GtkWidget *panel = dj_analysis_panel_new ();
  GtkWidget *window;
  gboolean expired = FALSE;
  guint timeout;
  g_autoptr(GPtrArray) values = NULL;
  guint checked = 0;

  window = new_test_window (panel, 460, 380);
  dj_analysis_panel_set_game (DJ_ANALYSIS_PANEL (panel), game);
  timeout = g_timeout_add_seconds (TIMEOUT_S, dj_test_timed_out, &expired);
  while (!expired && (dj_analysis_panel_get_busy (DJ_ANALYSIS_PANEL (panel)) ||
                      dj_analysis_panel_get_analysis (DJ_ANALYSIS_PANEL (panel)) == NULL))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (timeout);
  flush_frames ();

  /* Every value in a right-to-left sentence reads "−8", not "8−". */
  values = labels_with (window, "\xe2\x88\x92");
  for (guint i = 0; i < values->len; i++)
    {
      GtkLabel *label = values->pdata[i];
      const char *text = gtk_label_get_text (label);
      const char *minus = strstr (text, "\xe2\x88\x92");
      g_autofree char *run = g_strndup (minus, strlen ("\xe2\x88\x92") + 1);

      assert_label_run_ltr (label, run);
      checked++;
    }
  /* The heading and the three rows. */
  g_assert_cmpuint (checked, >=, 4);

  /* The closing line counts positions and seconds, which vary from run to
   * run and machine to machine: left out of the picture. */
  {
    g_autoptr(GPtrArray) all = all_widgets (window);

    for (guint i = 0; i < all->len; i++)
      if (GTK_IS_LABEL (all->pdata[i]) && gtk_widget_has_css_class (all->pdata[i], "caption")
          && gtk_label_get_wrap (all->pdata[i]))
        gtk_widget_set_opacity (all->pdata[i], 0);
    flush_frames ();
  }
  check_reference (window, "rtl-ur-analysis");
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

static void
test_help_page (void)
{
  GtkWindow *view = dj_rules_view_new (NULL, DJ_VARIANT_ABOURE);
  GtkWidget *content;
  g_autoptr(GPtrArray) positions = NULL;
  g_autoptr(GPtrArray) keys = NULL;

  gtk_window_set_default_size (view, 640, 560);
  dj_rules_view_show_page (DJ_RULES_VIEW (view), "rules-interpretation#position", "ur");
  gtk_window_present (view);
  flush_frames ();
  g_assert_cmpstr (dj_rules_view_get_language (DJ_RULES_VIEW (view)), ==, "ur");
  content = dj_rules_view_get_content (DJ_RULES_VIEW (view));

  /* The start position reads "4 4 … 0 0 S", not "S 0 0 … 4 4", and on one
   * line: the Urdu help joins it with no-break spaces. */
#define START_NBSP "4\u00a04\u00a04\u00a04\u00a04\u00a04\u00a04\u00a04\u00a04\u00a04\u00a04" \
                   "\u00a04\u00a00\u00a00\u00a0S"
  positions = labels_with (content, START_NBSP);
  g_assert_cmpuint (positions->len, >=, 1);
  assert_label_run_ltr (positions->pdata[0], START_NBSP);
  check_reference (GTK_WIDGET (view), "rtl-ur-help-position");

  /* A key combination reads "Ctrl+.", not ".+Ctrl". */
  dj_rules_view_show_page (DJ_RULES_VIEW (view), "annotate", "ur");
  flush_frames ();
  keys = labels_with (content, "Ctrl+.");
  g_assert_cmpuint (keys->len, >=, 1);
  assert_label_run_ltr (keys->pdata[0], "Ctrl+.");

  gtk_window_destroy (view);
  flush_events ();
}

static gboolean
example_is_drawn (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

/* A worked example in the Urdu rules page: the board keeps its left and
 * right (a to f from left to right, as players see it), the explainer's
 * words run right to left, and so do the buttons. */
static void
test_help_example (void)
{
  GtkWindow *view = dj_rules_view_new (NULL, DJ_VARIANT_ABE);
  GtkWidget *example = NULL;
  GtkWidget *words;
  g_autoptr(GPtrArray) widgets = NULL;

  gtk_window_set_default_size (view, 700, 800);
  dj_rules_view_show_page (DJ_RULES_VIEW (view), "rules-abe#example-chain", "ur");
  gtk_window_present (view);
  widgets = all_widgets (dj_rules_view_get_content (DJ_RULES_VIEW (view)));
  for (guint i = 0; i < widgets->len && example == NULL; i++)
    if (DJ_IS_RULES_EXAMPLE (widgets->pdata[i]) &&
        g_strcmp0 (gtk_widget_get_name (widgets->pdata[i]), "abe-capture") == 0)
      example = widgets->pdata[i];
  g_assert_nonnull (example);
  dj_test_wait_until (10, example_is_drawn, example, "the example to be drawn");

  gtk_widget_activate_action (example, "example.next", NULL);
  words = dj_test_find_widget (example, GTK_TYPE_LABEL);
  while (words != NULL && gtk_widget_get_ancestor (words, DJ_TYPE_BOARD) != NULL)
    words = gtk_widget_get_next_sibling (gtk_widget_get_ancestor (words, DJ_TYPE_BOARD));
  g_assert_true (GTK_IS_LABEL (words));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (words)), ==,
                   dj_rules_example_get_words (DJ_RULES_EXAMPLE (example)));
  /* The words are the explainer's, in Urdu, laid out right to left. */
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (words)), "چکر"));
  g_assert_cmpint (gtk_widget_get_direction (words), ==, GTK_TEXT_DIR_RTL);
  g_assert_cmpint (pango_layout_get_line_readonly (gtk_label_get_layout (GTK_LABEL (words)), 0)
                   ->resolved_dir, ==, PANGO_DIRECTION_RTL);
  g_assert_cmpint (gtk_widget_get_direction (dj_rules_example_get_board (DJ_RULES_EXAMPLE (example))),
                   ==, GTK_TEXT_DIR_LTR);
  flush_frames ();
  check_reference (example, "rtl-ur-help-example");

  gtk_window_destroy (view);
  flush_events ();
}

/* A best line reads left to right as a whole in Urdu ("1. b B 2. b A"): its
 * first numbered move is drawn left of its second. */
static void
test_analysis_line_order (void)
{
  g_autoptr(DjGame) game = new_game ("4 4 4 4 4 4 4 4 4 4 4 4 0 0 S", "");
  GtkWidget *panel = dj_analysis_panel_new ();
  GtkWidget *window = new_test_window (panel, 700, 380);
  gboolean expired = FALSE;
  guint timeout, checked = 0;
  g_autoptr(GPtrArray) lines = NULL;

  dj_analysis_panel_set_game (DJ_ANALYSIS_PANEL (panel), game);
  timeout = g_timeout_add_seconds (TIMEOUT_S, dj_test_timed_out, &expired);
  while (!expired && (dj_analysis_panel_get_busy (DJ_ANALYSIS_PANEL (panel)) ||
                      dj_analysis_panel_get_analysis (DJ_ANALYSIS_PANEL (panel)) == NULL))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (timeout);
  flush_frames ();
  dj_test_save_screenshot (window, "rtl-ur-analysis-lines.png");

  lines = labels_with (window, "2. ");
  for (guint i = 0; i < lines->len; i++)
    {
      PangoLayout *layout = gtk_label_get_layout (lines->pdata[i]);
      const char *text = pango_layout_get_text (layout);
      const char *one = strstr (text, "1. "), *two = strstr (text, "2. ");
      int line_one, line_two, x_one, x_two;

      if (one == NULL || two == NULL)
        continue;
      pango_layout_index_to_line_x (layout, one - text, FALSE, &line_one, &x_one);
      pango_layout_index_to_line_x (layout, two - text, FALSE, &line_two, &x_two);
      g_test_message ("“%s”: 1. at %d, 2. at %d", text, x_one, x_two);
      g_assert_cmpint (line_one, ==, line_two);
      g_assert_cmpint (x_one, <, x_two);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 3);
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

static gboolean
review_finished (gpointer data)
{
  return !dj_review_get_running (data) && dj_review_get_n_moves (data) > 0;
}

/* The game graph's point descriptions keep moves and signed values in
 * order in an Urdu sentence ("12. c", "−4"). */
static gboolean
banner_revealed (gpointer data)
{
  GtkWidget *revealer = dj_test_find_widget (data, GTK_TYPE_REVEALER);

  return revealer != NULL && gtk_revealer_get_child_revealed (GTK_REVEALER (revealer));
}

static void
test_graph_text (void)
{
  g_autoptr(DjGame) game = new_game (LOSING, "D");
  GtkWidget *review = dj_review_new ();
  GtkWidget *graph = dj_review_graph_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *window, *label;
  g_autofree char *text = NULL;
  guint checked = 0;

  gtk_box_append (GTK_BOX (box), review);
  gtk_box_append (GTK_BOX (box), graph);
  window = new_test_window (box, 520, 480);
  dj_review_graph_set_review (DJ_REVIEW_GRAPH (graph), DJ_REVIEW (review));
  dj_review_set_game (DJ_REVIEW (review), game);
  dj_review_start (DJ_REVIEW (review));
  dj_test_wait_until (TIMEOUT_S, review_finished, review, "the review");
  flush_frames ();
  dj_test_save_screenshot (window, "rtl-ur-graph.png");
  /* The review's words and the graph, as a reader of Urdu sees them (once
   * the banner has finished sliding in). */
  dj_test_wait_until (TIMEOUT_S, banner_revealed, review, "the review's banner shown");
  dj_test_wait_frames (review, "the review's banner drawn");
  check_reference (review, "rtl-ur-review");
  check_reference (graph, "rtl-ur-graph");
  g_assert_cmpuint (dj_review_graph_get_n_points (DJ_REVIEW_GRAPH (graph)), >=, 2);

  for (guint i = 0; i < dj_review_graph_get_n_points (DJ_REVIEW_GRAPH (graph)); i++)
    {
      g_autofree char *point = dj_review_graph_describe_point (DJ_REVIEW_GRAPH (graph), i);
      const char *sign = strstr (point, "\xe2\x88\x92");

      if (sign == NULL)
        sign = strstr (point, "+");
      if (sign == NULL)
        continue;
      label = gtk_label_new (point);
      gtk_box_append (GTK_BOX (box), label);
      flush_frames ();
      {
        g_autofree char *run = g_strndup (sign, g_utf8_next_char (g_utf8_next_char (sign)) - sign);

        assert_label_run_ltr (GTK_LABEL (label), run);
      }
      /* The move: its number before it ("1… D"), four characters on. */
      if (i > 0)
        {
          const char *digit = point;
          g_autofree char *move = NULL;

          while (*digit != '\0' && !g_ascii_isdigit (*digit))
            digit++;
          g_assert_true (*digit != '\0');
          move = g_utf8_substring (digit, 0, 4);
          assert_label_run_ltr (GTK_LABEL (label), move);
        }
      checked++;
    }
  g_assert_cmpuint (checked, >=, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  flush_events ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = dj_test_make_home ("djenon-test-rtl");
  int status;

  dj_test_use_built_translations ();
  g_test_init (&argc, &argv, NULL);

  if (!dj_test_start_app ())
    {
      dj_test_remove_tree (home);
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  g_assert_cmpint (gtk_widget_get_default_direction (), ==, GTK_TEXT_DIR_RTL);

  g_test_add_func ("/djenon/rtl/notation", test_notation);
  g_test_add_func ("/djenon/rtl/comment-direction", test_comment_direction);
  g_test_add_func ("/djenon/rtl/glyph-menu", test_glyph_menu);
  g_test_add_func ("/djenon/rtl/analysis-panel", test_analysis_panel);
  g_test_add_func ("/djenon/rtl/analysis-line-order", test_analysis_line_order);
  g_test_add_func ("/djenon/rtl/graph-text", test_graph_text);
  g_test_add_func ("/djenon/rtl/help-page", test_help_page);
  g_test_add_func ("/djenon/rtl/help-example", test_help_example);
  status = g_test_run ();
  g_clear_object (&app);
  dj_test_remove_tree (home);
  return status;
}
