/* dj-test-library.h: a small library for the Library window's tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gstdio.h>

#include "dj-library.h"
#include "dj-notation.h"
#include "dj-random-games.h"
#include "dj-xml.h"

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
