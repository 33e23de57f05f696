/* dj-test-library.h: a small library for the Library window's tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gstdio.h>

#include "dj-library.h"
#include "dj-library-window.h"
#include "dj-notation.h"
#include "dj-random-games.h"
#include "dj-xml.h"

#define DJ_TEST_LIBRARY_TIMEOUT_S 60

/* The bytes of @path (they must be readable). */
static G_GNUC_UNUSED char *
dj_test_file_contents (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The games of @path: the text notation for .djn, XML otherwise. */
static G_GNUC_UNUSED DjCollection *
dj_test_load_games (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  DjCollection *games = g_str_has_suffix (path, ".djn")
                        ? dj_notation_load_file (file, NULL, &error)
                        : dj_xml_load_file (file, NULL, &error);

  g_assert_no_error (error);
  return games;
}

static G_GNUC_UNUSED guint
dj_test_games_in (const char *path)
{
  g_autoptr(DjCollection) games = dj_test_load_games (path);

  return dj_collection_get_n_games (games);
}

/* Two files of random Djenon-aboure games in @home/games, a.djn (5 games,
 * text) and b.djenon (3 games, XML), made from @seed and @seed + 1, added to
 * the default library and indexed.  Sets *@text_path and *@xml_path. */
static G_GNUC_UNUSED void
dj_test_make_library (const char  *home,
                      guint32      seed,
                      char       **text_path,
                      char       **xml_path)
{
  const DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autofree char *dir = dj_library_default_dir ();
  g_autofree char *games_dir = g_build_filename (home, "games", NULL);
  g_autoptr(DjCollection) text_games = dj_random_games_new (&rules, 5, seed);
  g_autoptr(DjCollection) xml_games = dj_random_games_new (&rules, 3, seed + 1);
  g_autoptr(GFile) text_file = NULL;
  g_autoptr(GFile) xml_file = NULL;
  g_autoptr(DjLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  DjLibraryReport report = { 0 };

  g_mkdir_with_parents (games_dir, 0700);
  *text_path = g_build_filename (games_dir, "a.djn", NULL);
  *xml_path = g_build_filename (games_dir, "b.djenon", NULL);
  text_file = g_file_new_for_path (*text_path);
  xml_file = g_file_new_for_path (*xml_path);
  g_assert_true (dj_notation_save_file (text_games, text_file, DJ_SAFE_SAVE_NONE, NULL, &error));
  g_assert_true (dj_xml_save_file (xml_games, xml_file, NULL, &error));
  library = dj_library_open (dir, &error);
  g_assert_no_error (error);
  g_assert_true (dj_library_add_folder (library, games_dir, &error));
  g_assert_true (dj_library_update (library, NULL, NULL, NULL, &report, &error));
  g_assert_cmpuint (report.games, ==, 8);
  dj_library_report_clear (&report);
}

typedef struct
{
  DjLibraryWindow *window;
  guint            n_games;
} DjTestListed;

static G_GNUC_UNUSED gboolean
dj_test_listed (gpointer data)
{
  DjTestListed *l = data;

  return !dj_library_window_get_busy (l->window)
         && dj_library_window_get_n_games (l->window) == l->n_games;
}

/* Waits until @window lists @n_games and the library is idle. */
static G_GNUC_UNUSED void
dj_test_wait_listed (DjLibraryWindow *window,
                     guint            n_games)
{
  DjTestListed l = { window, n_games };
  gboolean expired = FALSE;
  guint id = g_timeout_add_seconds (DJ_TEST_LIBRARY_TIMEOUT_S, dj_test_timed_out, &expired);

  while (!dj_test_listed (&l) && !expired)
    g_main_context_iteration (NULL, TRUE);
  /* Said with what was listed instead, to tell a drop that never came
   * from a library that never settled. */
  if (expired)
    g_error ("Timed out waiting for %u games listed and the library idle: %u listed, %s",
             n_games, dj_library_window_get_n_games (window),
             dj_library_window_get_busy (window) ? "busy" : "idle");
  g_source_remove (id);
}

/* A Library window on the library dj_test_make_library() made, @width wide
 * (0: its default size), in file order: a.djn #1–5, then b.djenon #1–3. */
static G_GNUC_UNUSED DjLibraryWindow *
dj_test_open_library_sized (int width)
{
  DjLibraryWindow *window = DJ_LIBRARY_WINDOW (dj_library_window_new (GTK_APPLICATION (app),
                                                                      NULL));

  if (width > 0)
    gtk_window_set_default_size (GTK_WINDOW (window), width, 700);
  gtk_window_present (GTK_WINDOW (window));
  dj_test_wait_listed (window, 8);
  dj_library_window_sort (window, DJ_LIBRARY_COLUMN_FILE, TRUE);
  return window;
}
