/* dj-cli-library.c: the game library, its explorer and position search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dj-cli.h"
#include "dj-library.h"
#include "dj-notation.h"
#include "dj-random-games.h"
#include "dj-xml.h"

/* Without --time the explorer's values stop after this long (as analyse). */
#define DEFAULT_TIME_MS 10000

static char *library_dir;

static const GOptionEntry library_entries[] = {
  { "library", 0, 0, G_OPTION_ARG_FILENAME, &library_dir,
    N_("The library's folder (default: $DJENON_LIBRARY_DIR or ~/.local/share/djenon)"),
    N_("DIR") },
  { NULL }
};

/* Opens the library, telling the user when it had to be rebuilt. */
static DjLibrary *
open_library (void)
{
  g_autofree char *dir = library_dir != NULL ? g_strdup (library_dir) : dj_library_default_dir ();
  g_autoptr(GError) error = NULL;
  DjLibrary *library = dj_library_open (dir, &error);

  if (library == NULL)
    g_printerr ("%s\n", error->message);
  else if (dj_library_get_notice (library) != NULL)
    g_printerr ("%s\n", dj_library_get_notice (library));
  return library;
}

/* Updates and reports; returns an exit status. */
static int
update (DjLibrary *library,
        gboolean   quiet)
{
  g_autoptr(GError) error = NULL;
  DjLibraryReport report = { 0 };
  int status = DJ_CLI_OK;

  if (!dj_library_update (library, NULL, NULL, NULL, &report, &error))
    {
      g_printerr ("%s\n", error->message);
      dj_library_report_clear (&report);
      return DJ_CLI_INVALID;
    }
  for (guint i = 0; i < report.problems->len; i++)
    g_printerr ("%s\n", (const char *) report.problems->pdata[i]);
  if (!quiet)
    printf ("files %u indexed %u unchanged %u removed %u failed %u games %u positions %"
            G_GUINT64_FORMAT "\n", report.files, report.indexed, report.unchanged,
            report.removed, report.failed, report.games, report.positions);
  if (report.failed > 0)
    status = DJ_CLI_INVALID;
  dj_library_report_clear (&report);
  return status;
}

static int
list (DjLibrary *library)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) files = dj_library_list_files (library, &error);
  const char * const *folders = dj_library_get_folders (library);
  guint64 games = 0, entries = 0;

  if (files == NULL || !dj_library_get_counts (library, &games, NULL, &entries, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_INVALID;
    }
  for (guint i = 0; folders[i] != NULL; i++)
    printf ("folder %s\n", folders[i]);
  for (guint i = 0; i < files->len; i++)
    {
      const DjLibraryFile *file = files->pdata[i];

      if (file->error != NULL)
        printf ("file %s error %s\n", file->path, file->error);
      else
        printf ("file %s games %u\n", file->path, file->n_games);
    }
  printf ("games %" G_GUINT64_FORMAT " entries %" G_GUINT64_FORMAT "\n", games, entries);
  return DJ_CLI_OK;
}

/* The games whose players, event, site or comments contain @text. */
static int
search (DjLibrary  *library,
        const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) ids = dj_library_match_text (library, text, &error);
  g_autoptr(GPtrArray) games = ids != NULL ? dj_library_list_games (library, &error) : NULL;

  if (games == NULL)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_INVALID;
    }
  for (guint i = 0; i < games->len; i++)
    {
      const DjLibraryGame *game = games->pdata[i];

      if (g_hash_table_contains (ids, &game->id))
        printf ("%s\t%u\t%s\t%s\t%s\n", game->path, game->number,
                game->south != NULL ? game->south : "?", game->north != NULL ? game->north : "?",
                game->event != NULL ? game->event : "");
    }
  return DJ_CLI_OK;
}

int
dj_cli_library (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("add|remove|list|update|search [FOLDER…|TEXT…] — the folders of the "
                            "game library, and its games by their text"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DjLibrary) library = NULL;
  const char *action;
  int status = DJ_CLI_OK;

  g_option_context_add_main_entries (context, library_entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  action = argc > 1 ? argv[1] : "";
  if ((strcmp (action, "add") != 0 && strcmp (action, "remove") != 0 &&
       strcmp (action, "list") != 0 && strcmp (action, "update") != 0 &&
       strcmp (action, "search") != 0) ||
      (strcmp (action, "add") == 0 || strcmp (action, "remove") == 0 ||
       strcmp (action, "search") == 0) != (argc > 2))
    {
      g_printerr (_("Usage: djenon-cli library add|remove|list|update [FOLDER…] or library "
                    "search TEXT…\n"));
      return DJ_CLI_USAGE;
    }
  if ((library = open_library ()) == NULL)
    return DJ_CLI_INVALID;
  if (strcmp (action, "search") == 0)
    {
      g_autofree char *text = g_strjoinv (" ", argv + 2);

      status = update (library, TRUE);
      return status == DJ_CLI_OK ? search (library, text) : status;
    }

  for (int i = 2; i < argc; i++)
    {
      gboolean ok = strcmp (action, "add") == 0
                    ? dj_library_add_folder (library, argv[i], &error)
                    : dj_library_remove_folder (library, argv[i], &error);

      if (!ok)
        {
          g_printerr ("%s\n", error->message);
          return DJ_CLI_USAGE;
        }
    }
  if (strcmp (action, "list") == 0)
    status = list (library);
  else if (strcmp (action, "remove") != 0)
    status = update (library, FALSE);
  return status;
}

typedef struct
{
  DjRules          rules;
  DjPosition       pos;
  DjLibraryFilter  filter;
  DjLibrary       *library;
} Query;

/* VARIANT [--feeding X] [--setup POS] [--player NAME] [--any-feeding]
 * [--no-update] MOVES… and @extra; opens the library, brought up to date. */
static int
parse_query (int                 argc,
             char              **argv,
             const char         *summary,
             const GOptionEntry *extra,
             char              **player,
             Query              *query)
{
  gboolean any_feeding = FALSE, no_update = FALSE;
  g_autoptr(GArray) entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  const GOptionEntry own[] = {
    { "player", 0, 0, G_OPTION_ARG_STRING, player,
      N_("Only the games of this player (either side)"), N_("NAME") },
    { "any-feeding", 0, 0, G_OPTION_ARG_NONE, &any_feeding,
      N_("Djenon-abe: the games of both feeding options"), NULL },
    { "no-update", 0, 0, G_OPTION_ARG_NONE, &no_update,
      N_("Do not check the folders for new or changed files first"), NULL },
  };

  g_array_append_vals (entries, own, G_N_ELEMENTS (own));
  g_array_append_vals (entries, library_entries, 1);
  for (guint i = 0; extra != NULL && extra[i].long_name != NULL; i++)
    g_array_append_vals (entries, &extra[i], 1);
  if (!dj_cli_parse_game_args (&argc, &argv, summary, (GOptionEntry *) entries->data,
                               &query->rules, &query->pos) ||
      !dj_cli_play_moves (&query->rules, &query->pos, argc - 2, argv + 2))
    return DJ_CLI_USAGE;
  query->filter = (DjLibraryFilter) { *player, any_feeding };
  if ((query->library = open_library ()) == NULL)
    return DJ_CLI_INVALID;
  if (!no_update)
    update (query->library, TRUE);
  return DJ_CLI_OK;
}

static void
append_value (GString              *out,
              const DjExplorerMove *row)
{
  if (!row->has_value)
    return;
  if (row->exact)
    g_string_append_printf (out, " value %d exact", row->value);
  else
    g_string_append_printf (out, " value %d bound >= %d <= %d", row->value, row->lower,
                            row->upper);
  if (row->best)
    g_string_append (out, " best");
}

int
dj_cli_explore (int    argc,
                char **argv)
{
  g_autofree char *player = NULL;
  g_autoptr(GArray) table = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  gboolean no_values = FALSE;
  gint64 time_ms = DEFAULT_TIME_MS;
  const GOptionEntry extra[] = {
    { "time", 0, 0, G_OPTION_ARG_INT64, &time_ms,
      N_("Give up proving after this many milliseconds (0: never; default 10000)"), N_("MS") },
    { "no-values", 0, 0, G_OPTION_ARG_NONE, &no_values,
      N_("Without the perfect-play values"), NULL },
    { NULL }
  };
  Query query = { 0 };
  int status;

  status = parse_query (argc, argv, _("VARIANT [MOVES…] — the moves played from a position in "
                                      "the library"), extra, &player, &query);
  if (status != DJ_CLI_OK)
    goto out;
  if (time_ms < 0)
    {
      g_printerr (_("The time must be 0 or more milliseconds\n"));
      status = DJ_CLI_USAGE;
      goto out;
    }
  table = dj_library_explore (query.library, &query.rules, &query.pos, &query.filter, &error);
  if (table == NULL)
    {
      g_printerr ("%s\n", error->message);
      status = DJ_CLI_INVALID;
      goto out;
    }
  if (!no_values)
    {
      g_autoptr(DjSearch) search = dj_search_new (0);
      DjSearchLimits limits = { time_ms, 0, 0, DJ_SEARCH_VALUES_ONLY };
      g_autoptr(DjAnalysis) analysis = dj_search_analyse (search, &query.rules, &query.pos,
                                                          &limits, NULL, &error);

      if (analysis == NULL)
        {
          g_printerr ("%s\n", error->message);
          status = DJ_CLI_USAGE;
          goto out;
        }
      dj_explorer_add_values (table, analysis);
    }
  for (guint i = 0; i < table->len; i++)
    {
      const DjExplorerMove *row = &g_array_index (table, DjExplorerMove, i);

      g_string_append_printf (out, "%s %u", dj_move_to_string (row->move), row->games);
      if (row->games == 0)
        g_string_append (out, " never-played");
      else
        {
          g_string_append_printf (out, " wins %u draws %u losses %u", row->wins, row->draws,
                                  row->losses);
          if (row->with_diff > 0)
            g_string_append_printf (out, " diff %+.1f", row->mean_diff);
          else
            g_string_append (out, " diff -");
        }
      append_value (out, row);
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);

out:
  g_clear_object (&query.library);
  return status;
}

static const char *
result_word (DjResult result)
{
  return dj_result_to_string (result);
}

int
dj_cli_find (int    argc,
             char **argv)
{
  g_autofree char *player = NULL;
  g_autoptr(GPtrArray) hits = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  int limit = 0;
  const GOptionEntry extra[] = {
    { "limit", 0, 0, G_OPTION_ARG_INT, &limit, N_("At most this many games (0: all)"), N_("N") },
    { NULL }
  };
  Query query = { 0 };
  guint total = 0;
  int status;

  status = parse_query (argc, argv, _("VARIANT [MOVES…] — the games of the library reaching a "
                                      "position"), extra, &player, &query);
  if (status != DJ_CLI_OK)
    goto out;
  if (limit < 0)
    {
      g_printerr (_("The limit must be 0 or more\n"));
      status = DJ_CLI_USAGE;
      goto out;
    }
  hits = dj_library_find (query.library, &query.rules, &query.pos, &query.filter, limit,
                          &total, &error);
  if (hits == NULL)
    {
      g_printerr ("%s\n", error->message);
      status = DJ_CLI_INVALID;
      goto out;
    }
  /* Tab-separated: a path may hold spaces. */
  for (guint i = 0; i < hits->len; i++)
    {
      const DjLibraryHit *hit = hits->pdata[i];

      g_string_append_printf (out, "%s\t%u\t%s\tply %u\t%s\t%s\t%s\n", hit->path, hit->game,
                              hit->move == DJ_NO_MOVE ? "end" : dj_move_to_string (hit->move),
                              hit->ply, result_word (hit->result),
                              hit->south != NULL ? hit->south : "?",
                              hit->north != NULL ? hit->north : "?");
    }
  fputs (out->str, stdout);
  if (total > hits->len)
    g_printerr (_("%u of %u games shown (--limit)\n"), hits->len, total);

out:
  g_clear_object (&query.library);
  return status;
}

int
dj_cli_generate (int    argc,
                 char **argv)
{
  int games = 100;
  gint64 seed = 1;
  gboolean force = FALSE;
  int comments = 0;
  const GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("How many games (default 100)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed,
      N_("Seed of the random moves (default 1): the same seed gives the same games"), N_("SEED") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace the file if it exists"), NULL },
    { "comments", 0, 0, G_OPTION_ARG_INT, &comments,
      N_("Comment about one move in N (default 0: no comments)"), N_("N") },
    { NULL }
  };
  g_autoptr(DjCollection) collection = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *lower = NULL;
  DjRules rules;
  DjPosition pos;
  gboolean ok;

  if (!dj_cli_parse_game_args (&argc, &argv, _("VARIANT OUT — write random legal games"),
                               entries, &rules, &pos))
    return DJ_CLI_USAGE;
  if (argc != 3)
    {
      g_printerr (_("Usage: djenon-cli generate VARIANT [--feeding X] [--games N] [--seed S] "
                    "[--comments N] OUT\n"));
      return DJ_CLI_USAGE;
    }
  if (games < 1 || games > DJ_FORMAT_MAX_GAMES)
    {
      g_printerr (_("The number of games must be 1 to %d\n"), DJ_FORMAT_MAX_GAMES);
      return DJ_CLI_USAGE;
    }
  if (!force && g_file_test (argv[2], G_FILE_TEST_EXISTS))
    {
      g_printerr (_("%s: the file exists (--force replaces it)\n"), argv[2]);
      return DJ_CLI_USAGE;
    }
  if (comments < 0)
    {
      g_printerr (_("The number of --comments must be 0 or more\n"));
      return DJ_CLI_USAGE;
    }
  collection = dj_random_games_new (&rules, games, (guint32) seed);
  if (comments > 0)
    dj_random_games_add_comments (collection, comments, (guint32) seed);
  file = g_file_new_for_commandline_arg (argv[2]);
  lower = g_ascii_strdown (argv[2], -1);
  if (g_str_has_suffix (lower, DJ_XML_EXTENSION))
    ok = dj_xml_save_file (collection, file, NULL, &error);
  else
    ok = dj_notation_save_file (collection, file, DJ_SAFE_SAVE_NONE, NULL, &error);
  if (!ok)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_SAVE_FAILED;
    }
  return DJ_CLI_OK;
}

/* ---- bench --library ---- */

static gint64
cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static double
percentile_ms (GArray *times,
               double  p)
{
  g_array_sort (times, compare_gint64);
  return g_array_index (times, gint64, MIN (times->len - 1, (guint) (p * times->len))) / 1000.0;
}

static gboolean
write_games (const char *path,
             guint       games,
             guint32     seed)
{
  DjRules rules = DJ_RULES_INIT (seed % 2 ? DJ_VARIANT_ABE : DJ_VARIANT_ABOURE);
  g_autoptr(DjCollection) collection = dj_random_games_new (&rules, games, seed);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  /* Annotated games: the text search has comments to read. */
  dj_random_games_add_comments (collection, 5, seed);
  if (!dj_notation_save_file (collection, file, DJ_SAFE_SAVE_NONE, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

/* Builds a library of 20 files (--quick: 2; DJENON_BENCH_LIBRARY_FILES: that
 * many) of 1,000 random games in a temporary folder and measures indexing,
 * re-opening and queries. */
int
dj_cli_bench_library (gboolean quick)
{
  const char *files_env = g_getenv ("DJENON_BENCH_LIBRARY_FILES");
  guint n_files = files_env != NULL ? CLAMP (atoi (files_env), 1, 1000) : quick ? 2 : 20;
  guint per_file = 1000;
  static const char *const texts[] = {
    "e", "ne", "sow", "Diallo", "starved", "très bien", "the capture wins", "Ségou", "zz-none",
    "North must pass next", "a blunder: the", "een sterke zet", "ou", "Rapid", "pits",
  };
  g_autoptr(GArray) text_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) text_short = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) text_cpu = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("djenon-bench-library-XXXXXX", &error);
  g_autofree char *games_dir = NULL, *db_dir = NULL, *changed = NULL, *db_path = NULL;
  g_autoptr(DjLibrary) library = NULL;
  g_autoptr(GArray) explore_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) find_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) explore_cpu = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) find_cpu = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261202);
  DjLibraryReport report = { 0 };
  guint64 games = 0, positions = 0, entries = 0;
  gint64 t0, c0, build_us, build_cpu;
  GStatBuf st;
  int status = DJ_CLI_INVALID;

  if (tmp == NULL)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_INVALID;
    }
  games_dir = g_build_filename (tmp, "games", NULL);
  db_dir = g_build_filename (tmp, "db", NULL);
  g_mkdir (games_dir, 0700);
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *name = g_strdup_printf ("games-%02u.djn", i);
      g_autofree char *path = g_build_filename (games_dir, name, NULL);

      if (!write_games (path, per_file, i + 1))
        goto out;
    }
  changed = g_build_filename (games_dir, "games-00.djn", NULL);

  /* Full build */
  t0 = g_get_monotonic_time ();
  c0 = cpu_us ();
  if ((library = dj_library_open (db_dir, &error)) == NULL ||
      !dj_library_add_folder (library, games_dir, &error) ||
      !dj_library_update (library, NULL, NULL, NULL, &report, &error))
    goto failed;
  build_us = g_get_monotonic_time () - t0;
  build_cpu = cpu_us () - c0;
  dj_library_report_clear (&report);
  if (!dj_library_get_counts (library, &games, &positions, &entries, &error))
    goto failed;
  /* Measured closed: the write-ahead log is then in the file. */
  db_path = g_strdup (dj_library_get_db_path (library));
  g_clear_object (&library);
  g_stat (db_path, &st);
  printf ("build    %" G_GUINT64_FORMAT " games in %u files, %" G_GUINT64_FORMAT
          " entries (%" G_GUINT64_FORMAT " distinct positions): %.2f s (%.2f s of CPU time), "
          "%.0f games/s, %.0f entries/s; at this rate 100,000 games take %.0f s, "
          "6 million entries %.0f s\n",
          games, n_files, entries, positions, build_us / 1e6, build_cpu / 1e6,
          games / (build_us / 1e6), entries / (build_us / 1e6),
          100000.0 / games * build_us / 1e6, 6e6 / entries * build_us / 1e6);
  printf ("size     %.1f MB, %.1f bytes per entry, %.1f bytes per distinct position\n",
          st.st_size / 1e6, (double) st.st_size / entries, (double) st.st_size / positions);

  /* Re-open, nothing changed */
  t0 = g_get_monotonic_time ();
  c0 = cpu_us ();
  if ((library = dj_library_open (db_dir, &error)) == NULL ||
      !dj_library_update (library, NULL, NULL, NULL, &report, &error))
    goto failed;
  printf ("reopen   unchanged: open and check %u files %.3f s (%.3f s of CPU time)\n",
          report.unchanged, (g_get_monotonic_time () - t0) / 1e6, (cpu_us () - c0) / 1e6);
  dj_library_report_clear (&report);

  /* One file of 1,000 games changed */
  g_unlink (changed);
  if (!write_games (changed, per_file, 9999))
    goto out;
  t0 = g_get_monotonic_time ();
  c0 = cpu_us ();
  if (!dj_library_update (library, NULL, NULL, NULL, &report, &error))
    goto failed;
  printf ("reindex  one changed file of %u games: %.3f s (%.3f s of CPU time)%s\n", report.games,
          (g_get_monotonic_time () - t0) / 1e6, (cpu_us () - c0) / 1e6,
          report.merged ? ", merged" : "");
  dj_library_report_clear (&report);

  /* Files changed one after another, the same one again and again, then
   * each a different one: the entries pile up beside the index until a
   * re-index merges them (its cost included). */
  for (guint pass = 0; pass < 2; pass++)
    {
      g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (gint64));
      guint merges = 0, rounds = quick ? 4 : 12;
      gint64 total = 0, total_cpu = 0;

      for (guint i = 0; i < rounds; i++)
        {
          guint which = pass == 0 ? 0 : (i + 1) % n_files;
          g_autofree char *name = g_strdup_printf ("games-%02u.djn", which);
          g_autofree char *path = g_build_filename (games_dir, name, NULL);

          g_unlink (path);
          if (!write_games (path, per_file, 10000 + 2 * (pass * rounds + i) + (which + 1) % 2))
            goto out;
          t0 = g_get_monotonic_time ();
          c0 = cpu_us ();
          if (!dj_library_update (library, NULL, NULL, NULL, &report, &error))
            goto failed;
          g_array_append_val (times, (gint64) { g_get_monotonic_time () - t0 });
          g_array_append_val (cpu, (gint64) { cpu_us () - c0 });
          total += g_array_index (times, gint64, i);
          total_cpu += g_array_index (cpu, gint64, i);
          merges += report.merged;
          dj_library_report_clear (&report);
        }
      g_clear_object (&library);
      g_stat (db_path, &st);
      printf ("reindex  %u times, %s: median %.3f s, max %.3f s, mean %.3f s; CPU time median "
              "%.3f s, max %.3f s, mean %.3f s; %u merged; database then %.1f MB\n", rounds,
              pass == 0 ? "the same file" : "a different file each time",
              percentile_ms (times, 0.5) / 1e3, percentile_ms (times, 1.0) / 1e3,
              total / 1e6 / rounds, percentile_ms (cpu, 0.5) / 1e3, percentile_ms (cpu, 1.0) / 1e3,
              total_cpu / 1e6 / rounds, merges, st.st_size / 1e6);
      if ((library = dj_library_open (db_dir, &error)) == NULL)
        goto failed;
    }

  /* Queries at positions of random games: the start, openings, middle games */
  for (guint q = 0; q < (quick ? 200u : 1000u); q++)
    {
      DjRules rules = DJ_RULES_INIT (q % 2 ? DJ_VARIANT_ABE : DJ_VARIANT_ABOURE);
      g_autoptr(DjCollection) one = dj_random_games_new (&rules, 1, q + 100000);
      DjGame *game = dj_collection_get_game (one, 0);
      DjNode *node = dj_game_get_root (game);
      guint ply = g_rand_int_range (rand, 0, 40);
      g_autoptr(GArray) table = NULL;
      g_autoptr(GPtrArray) hits = NULL;
      guint total;

      for (guint i = 0; i < ply && dj_node_get_first_child (node) != NULL; i++)
        node = dj_node_get_first_child (node);
      gint64 u0, u1;

      t0 = g_get_monotonic_time ();
      u0 = cpu_us ();
      table = dj_library_explore (library, &rules, dj_node_get_position (node), NULL, &error);
      c0 = g_get_monotonic_time ();
      u1 = cpu_us ();
      if (table == NULL)
        goto failed;
      g_array_append_val (explore_times, (gint64) { c0 - t0 });
      g_array_append_val (explore_cpu, (gint64) { u1 - u0 });
      hits = dj_library_find (library, &rules, dj_node_get_position (node), NULL, 100, &total,
                              &error);
      if (hits == NULL)
        goto failed;
      g_array_append_val (find_times, (gint64) { g_get_monotonic_time () - c0 });
      g_array_append_val (find_cpu, (gint64) { cpu_us () - u1 });
    }
  printf ("explore  %u positions: median %.2f ms, p99 %.2f ms, max %.2f ms; "
          "CPU time p99 %.2f ms, max %.2f ms\n",
          explore_times->len, percentile_ms (explore_times, 0.5),
          percentile_ms (explore_times, 0.99), percentile_ms (explore_times, 1.0),
          percentile_ms (explore_cpu, 0.99), percentile_ms (explore_cpu, 1.0));
  printf ("find     %u positions (first 100 games and the count): median %.2f ms, p99 %.2f ms, "
          "max %.2f ms; CPU time p99 %.2f ms, max %.2f ms\n", find_times->len,
          percentile_ms (find_times, 0.5), percentile_ms (find_times, 0.99),
          percentile_ms (find_times, 1.0), percentile_ms (find_cpu, 0.99),
          percentile_ms (find_cpu, 1.0));

  /* Text search (players, event, site, comments), as the Library window's
   * field asks it: every prefix of each text, as typed. */
  for (guint round = 0; round < (quick ? 1u : 3u); round++)
    for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
      for (glong len = 1; len <= g_utf8_strlen (texts[i], -1); len++)
        {
          g_autofree char *typed = g_utf8_substring (texts[i], 0, len);
          g_autoptr(GHashTable) ids = NULL;

          t0 = g_get_monotonic_time ();
          c0 = cpu_us ();
          if ((ids = dj_library_match_text (library, typed, &error)) == NULL)
            goto failed;
          g_array_append_val (len >= 3 ? text_times : text_short,
                              (gint64) { g_get_monotonic_time () - t0 });
          g_array_append_val (text_cpu, (gint64) { cpu_us () - c0 });
        }
  printf ("text     %u searches of 3 characters or more: median %.2f ms, p95 %.2f ms, "
          "max %.2f ms; %u of 1 or 2 (every game read): median %.2f ms, p95 %.2f ms, "
          "max %.2f ms; CPU time of all: median %.2f ms, p95 %.2f ms, max %.2f ms\n",
          text_times->len, percentile_ms (text_times, 0.5),
          percentile_ms (text_times, 0.95), percentile_ms (text_times, 1.0), text_short->len,
          percentile_ms (text_short, 0.5), percentile_ms (text_short, 0.95),
          percentile_ms (text_short, 1.0), percentile_ms (text_cpu, 0.5),
          percentile_ms (text_cpu, 0.95), percentile_ms (text_cpu, 1.0));
  status = DJ_CLI_OK;
  goto out;

failed:
  g_printerr ("%s\n", error->message);
out:
  g_clear_object (&library);
  dj_library_report_clear (&report);
  {
    g_autofree char *argv[] = { g_strdup ("rm"), g_strdup ("-rf"), g_strdup (tmp), NULL };

    g_spawn_sync (NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
  }
  return status;
}
