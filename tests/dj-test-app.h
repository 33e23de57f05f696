/* dj-test-app.h: what the application's widget tests share
 *
 * A home of their own (drafts, recent files, settings), GTK, libadwaita and
 * the application started as the tests need them, and windows made and
 * destroyed.  Each test program includes it once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "dj-application.h"
#include "dj-drafts.h"
#include "dj-resources.h"
#include "dj-window.h"

static DjApplication *app;

/* The environment's locale, and the translations as built (the folder
 * DJENON_LOCALEDIR names, which the test environment sets), not as
 * installed.  Call first in main(). */
static G_GNUC_UNUSED void
dj_test_use_built_translations (void)
{
  const char *dir = g_getenv ("DJENON_LOCALEDIR");

  setlocale (LC_ALL, "");
  if (dir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

/* A new home under the temporary folder, named after @name, made the home
 * and XDG folders of this process; not G_TEST_OPTION_ISOLATE_DIRS, which
 * also hides the system's MIME database and icon themes from GTK.  Call
 * before g_test_init(); remove it with dj_test_remove_tree() at the end. */
static G_GNUC_UNUSED char *
dj_test_make_home (const char *name)
{
  static const char *xdg[] = {
    "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
  };
  g_autofree char *pattern = g_strconcat (name, "-XXXXXX", NULL);
  char *home = g_dir_make_tmp (pattern, NULL);

  g_assert_nonnull (home);
  g_setenv ("HOME", home, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (xdg); i++)
    {
      g_autofree char *dir = g_build_filename (home, xdg[i] + strlen ("XDG_"), NULL);

      g_mkdir_with_parents (dir, 0700);
      g_setenv (xdg[i], dir, TRUE);
    }
  /* A subprocess test given its parent's cache (deeper endgame tables made
   * by one child and read by the next). */
  if (g_getenv ("DJENON_TEST_CACHE_HOME") != NULL)
    g_setenv ("XDG_CACHE_HOME", g_getenv ("DJENON_TEST_CACHE_HOME"), TRUE);
  return home;
}

/* GTK, libadwaita, Djenon's resources and the application (registered, and
 * with animations off: the board shows a move's result at once).  FALSE
 * without a display. */
static G_GNUC_UNUSED gboolean
dj_test_start_app (void)
{
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GError) error = NULL;

  if (!gtk_init_check ())
    return FALSE;
  adw_init ();
  dj_register_resource ();

  settings = g_settings_new (APP_ID);
  g_settings_set_enum (settings, "animation-speed", 0);

  app = dj_application_new (G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return TRUE;
}

/* Removes @path and everything under it, without recursion. */
static G_GNUC_UNUSED void
dj_test_remove_tree (const char *path)
{
  g_autoptr(GPtrArray) pending = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (pending, g_strdup (path));
  while (pending->len > 0)
    {
      char *dir = g_ptr_array_steal_index_fast (pending, pending->len - 1);
      g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
      const char *name;

      g_ptr_array_add (dirs, dir);
      while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
        {
          char *child = g_build_filename (dir, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            g_ptr_array_add (pending, child);
          else
            {
              g_remove (child);
              g_free (child);
            }
        }
    }
  /* Deepest first. */
  for (guint i = dirs->len; i > 0; i--)
    g_rmdir (dirs->pdata[i - 1]);
}

typedef gboolean (*DjTestCondition) (gpointer data);

static G_GNUC_UNUSED gboolean
dj_test_timed_out (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @cond holds; fails, naming @what, after
 * @seconds. */
static G_GNUC_UNUSED void
dj_test_wait_until (guint            seconds,
                    DjTestCondition  cond,
                    gpointer         data,
                    const char      *what)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (seconds, dj_test_timed_out, &expired);

  while (!cond (data) && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (expired)
    g_error ("Timed out waiting for %s", what);
  g_source_remove (id);
}

/* TRUE when no revealer under @root is between shown and hidden (its
 * transition, animated by default, has ended). */
static G_GNUC_UNUSED gboolean
dj_test_revealers_settled (gpointer root)
{
  g_autoptr(GPtrArray) pending = g_ptr_array_new ();

  g_ptr_array_add (pending, root);
  while (pending->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (pending, 0);

      if (GTK_IS_REVEALER (w) &&
          gtk_revealer_get_child_revealed (GTK_REVEALER (w)) != gtk_revealer_get_reveal_child (GTK_REVEALER (w)))
        return FALSE;
      for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (pending, c);
    }
  return TRUE;
}

static G_GNUC_UNUSED void
dj_test_count_paint (GdkFrameClock *clock,
                     gpointer       data)
{
  (*(guint *) data)++;
}

static G_GNUC_UNUSED gboolean
dj_test_painted (gpointer data)
{
  return *(guint *) data > 0;
}

/* Waits until @widget's window has painted a frame after this call (what
 * was queued before it is on the screen). */
static G_GNUC_UNUSED void
dj_test_wait_painted (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  guint painted = 0;
  gulong id;

  g_assert_nonnull (clock);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (dj_test_count_paint), &painted);
  gtk_widget_queue_draw (widget);
  dj_test_wait_until (10, dj_test_painted, &painted, "a frame painted");
  g_signal_handler_disconnect (clock, id);
}

static gboolean
dj_test_count_tick (GtkWidget     *widget,
                    GdkFrameClock *clock,
                    gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
dj_test_three_ticks (gpointer data)
{
  return *(guint *) data >= 3;
}

/* Draws @widget anew and waits until its frame clock has ticked three times
 * since: what it shows now is on screen, its animations have moved on. */
static G_GNUC_UNUSED void
dj_test_wait_frames (GtkWidget  *widget,
                     const char *what)
{
  guint frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, dj_test_count_tick, &frames, NULL);

  gtk_widget_queue_draw (widget);
  dj_test_wait_until (30, dj_test_three_ticks, &frames, what);
  gtk_widget_remove_tick_callback (widget, id);
}

/* Review Game asks for its thresholds first: answers its dialog with Review,
 * if it is open. */
static G_GNUC_UNUSED void
dj_test_answer_review_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* GTK's own */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (w)
          && adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (w), "review"))
        {
          adw_message_dialog_response (ADW_MESSAGE_DIALOG (w), "review");
          gtk_window_destroy (GTK_WINDOW (w));
          while (g_main_context_iteration (NULL, FALSE))
            ;
          return;
        }
    }
}

/* Waits until every shown window has painted a frame after this call. */
static G_GNUC_UNUSED void
dj_test_wait_windows_painted (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GPtrArray) clocks = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gulong));
  g_autofree guint *painted = NULL;
  guint n = g_list_model_get_n_items (toplevels);

  painted = g_new0 (guint, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);
      GdkFrameClock *clock = gtk_widget_get_mapped (w) ? gtk_widget_get_frame_clock (w) : NULL;
      gulong id;

      if (clock == NULL)
        continue;
      id = g_signal_connect (clock, "after-paint", G_CALLBACK (dj_test_count_paint),
                             &painted[clocks->len]);
      g_ptr_array_add (clocks, g_object_ref (clock));
      g_array_append_val (ids, id);
      gtk_widget_queue_draw (w);
    }
  for (guint i = 0; i < clocks->len; i++)
    dj_test_wait_until (10, dj_test_painted, &painted[i], "a frame painted in every window");
  for (guint i = 0; i < clocks->len; i++)
    g_signal_handler_disconnect (clocks->pdata[i], g_array_index (ids, gulong, i));
}

static G_GNUC_UNUSED void
flush_events (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static G_GNUC_UNUSED DjWindow *
new_window (void)
{
  DjWindow *window = dj_window_new (GTK_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  flush_events ();
  return window;
}

/* Unsaved changes would stop a close: the tests want the window gone, and
 * its draft too. */
static G_GNUC_UNUSED void
destroy_window (DjWindow *window)
{
  g_autofree char *draft = g_strdup (dj_window_get_draft_id (window));

  gtk_window_destroy (GTK_WINDOW (window));
  dj_drafts_remove (draft);
  flush_events ();
}

/* Every widget under @root, @root and unmapped ones too, without recursion. */
static G_GNUC_UNUSED GPtrArray *
all_widgets (GtkWidget *root)
{
  GPtrArray *widgets = g_ptr_array_new ();
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

      g_ptr_array_add (widgets, w);
      for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (stack, c);
    }
  return widgets;
}

/* The first widget of @type under @root (@root included), in the order of
 * the widget tree (children first to last, each before its own children),
 * without recursion. */
static G_GNUC_UNUSED GtkWidget *
dj_test_find_widget (GtkWidget *root,
                     GType      type)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
        return w;
      /* Last child pushed first, so that the first is taken first. */
      for (GtkWidget *c = gtk_widget_get_last_child (w); c; c = gtk_widget_get_prev_sibling (c))
        g_ptr_array_add (stack, c);
    }
  return NULL;
}
