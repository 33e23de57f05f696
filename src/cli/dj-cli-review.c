/* dj-cli-review.c: `djenon-cli review`: Review Game and Clear Review on
 * whole files, as the application does them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

#include "dj-cli.h"
#include "dj-review-judge.h"

/* Where the reviewed @input goes: @output itself for one input that is
 * not a folder, else @output/the input's name. */
static char *
output_for (const char *input,
            const char *output,
            gboolean    folder)
{
  g_autofree char *base = NULL;

  if (!folder)
    return g_strdup (output);
  base = g_path_get_basename (input);
  return g_build_filename (output, base, NULL);
}

/* Reviews (or clears) the games of @input and saves them to @output.
 * Returns an exit status. */
static int
review_file (const char         *input,
             const char         *output,
             int                 game_number,
             gboolean            clear,
             const DjThresholds *thresholds,
             gint64              time_ms,
             DjSearch           *search)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = dj_cli_load_file (input, &error);
  DjSearchLimits limits = { time_ms, 0, 0, 0 };
  guint n;

  if (collection == NULL)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_INVALID;
    }
  n = dj_collection_get_n_games (collection);
  if (game_number > 0 && (guint) game_number > n)
    {
      g_printerr (_("%s holds %u games; there is no game %d\n"), input, n, game_number);
      return DJ_CLI_USAGE;
    }
  for (guint i = 0; i < n; i++)
    {
      DjGame *game = dj_collection_get_game (collection, i);

      if (game_number > 0 && i != (guint) game_number - 1)
        continue;
      if (clear)
        dj_game_clear_findings (game);
      else if (!dj_review_game (game, search, &limits, thresholds, NULL, &error))
        {
          /* Translators: "FILE: game 2: why" */
          g_printerr (_("%s: game %u: %s\n"), input, i + 1, error->message);
          return DJ_CLI_INVALID;
        }
    }
  if (!dj_cli_save_file (collection, output, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_SAVE_FAILED;
    }
  return DJ_CLI_OK;
}

int
dj_cli_review (int    argc,
               char **argv)
{
  int game_number = 0;
  int inaccuracy = 0, mistake = 0, blunder = 0;
  gint64 time_ms = 0;
  gboolean clear = FALSE;
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_INT, &game_number,
      N_("Only this game of each file (from 1; default: every game)"), N_("N") },
    { "inaccuracy", 0, 0, G_OPTION_ARG_INT, &inaccuracy,
      N_("Seeds lost from which a move is an inaccuracy (default 1)"), N_("S") },
    { "mistake", 0, 0, G_OPTION_ARG_INT, &mistake,
      N_("Seeds lost from which a move is a mistake (default 3)"), N_("S") },
    { "blunder", 0, 0, G_OPTION_ARG_INT, &blunder,
      N_("Seeds lost from which a move is a blunder (default 6)"), N_("S") },
    { "time", 0, 0, G_OPTION_ARG_INT64, &time_ms,
      N_("Give up proving a move after this many milliseconds (0: never; default 0)"),
      N_("MS") },
    { "clear", 0, 0, G_OPTION_ARG_NONE, &clear, N_("Remove the review instead"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The file to write, or a folder for several files"), N_("OUT") },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("FILE… — review the main line of every game against perfect play"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DjSearch) search = NULL;
  g_autoptr(GHashTable) outputs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  DjThresholds thresholds = DJ_THRESHOLDS_DEFAULT;
  gboolean folder;
  int status = DJ_CLI_OK;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  if (argc < 2 || output == NULL)
    {
      g_printerr (_("Usage: djenon-cli review FILE… [--game N] [--inaccuracy S] [--mistake S] "
                    "[--blunder S] [--time MS] --output OUT\n"
                    "       djenon-cli review --clear FILE… [--game N] --output OUT\n"));
      return DJ_CLI_USAGE;
    }
  if (inaccuracy != 0)
    thresholds.inaccuracy = inaccuracy;
  if (mistake != 0)
    thresholds.mistake = mistake;
  if (blunder != 0)
    thresholds.blunder = blunder;
  if (inaccuracy < 0 || mistake < 0 || blunder < 0 || !dj_thresholds_is_valid (&thresholds))
    {
      g_printerr (_("The thresholds must be seeds from 1 to %d with inaccuracy ≤ mistake ≤ "
                    "blunder (now %d, %d, %d)\n"),
                  DJ_FINDING_MAX_SEEDS, (int) thresholds.inaccuracy, (int) thresholds.mistake,
                  (int) thresholds.blunder);
      return DJ_CLI_USAGE;
    }
  if (game_number < 0 || time_ms < 0)
    {
      g_printerr (_("The game number and the time must not be negative\n"));
      return DJ_CLI_USAGE;
    }

  /* Several inputs go into a folder, each under its own name. */
  folder = g_file_test (output, G_FILE_TEST_IS_DIR);
  if (argc > 2 && !folder)
    {
      g_printerr (_("%s: with several files the output must be an existing folder\n"), output);
      return DJ_CLI_USAGE;
    }
  for (int i = 1; i < argc; i++)
    {
      char *out = output_for (argv[i], output, folder);

      if (!dj_cli_is_game_file_name (argv[i]) || !dj_cli_is_game_file_name (out))
        {
          g_printerr (_("%s: unknown file type: use .djenon, .txt or .djn\n"),
                      dj_cli_is_game_file_name (argv[i]) ? out : argv[i]);
          g_free (out);
          return DJ_CLI_USAGE;
        }
      if (!g_hash_table_add (outputs, out))
        {
          g_printerr (_("%s: two of the files would be written there\n"), out);
          return DJ_CLI_USAGE;
        }
    }

  if (!clear)
    search = dj_search_new (0);
  for (int i = 1; i < argc; i++)
    {
      g_autofree char *out = output_for (argv[i], output, folder);
      int result = review_file (argv[i], out, game_number, clear, &thresholds, time_ms, search);

      /* The worst outcome decides; the other files are still done. */
      status = MAX (status, result);
    }
  return status;
}
