/* djenon-cli.c: the command-line tool
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "dj-cli.h"

static const struct
{
  const char   *name;
  DjCliCommand  run;
  const char   *usage;
} commands[] = {
  { "play", dj_cli_play,
    N_("play VARIANT [--feeding X] [--setup POS] [--trace] MOVES…") },
  { "perft", dj_cli_perft, N_("perft VARIANT DEPTH [--feeding X] [--setup POS] [--force]") },
  { "why", dj_cli_why, N_("why VARIANT [--feeding X] [--setup POS]") },
  { "bench", dj_cli_bench, N_("bench [--quick] [--search] [--files] [--puzzles]") },
  { "analyse", dj_cli_analyse,
    N_("analyse VARIANT [--feeding X] [--setup POS] [--time MS] MOVES…") },
  { "bestmove", dj_cli_bestmove,
    N_("bestmove VARIANT [--feeding X] [--setup POS] [--time MS] MOVES…") },
  { "solve", dj_cli_solve, N_("solve VARIANT [--feeding X] [--setup POS] [--time MS]") },
  { "puzzles", dj_cli_puzzles,
    N_("puzzles (--from FILE… | --random N) [--variant V] [--feeding X] [--min-loss N] "
       "[--count N] [--seed S] [--output FILE] | puzzles --check FILE") },
  { "validate", dj_cli_validate, N_("validate FILE…") },
  { "convert", dj_cli_convert, N_("convert [--from xml|text] [--to xml|text] IN OUT") },
  { "show", dj_cli_show, N_("show [--game N] FILE") },
  { "diagram", dj_cli_diagram,
    N_("diagram (FILE [--game N] [--move PATH] | VARIANT [--setup POS]) --output OUT.svg|OUT.png "
       "[--size PX] [--caption] [--flip]") },
  { "sheet", dj_cli_sheet,
    N_("sheet FILE [--game N] [--every N] [--diagram PATH]… [--paper a4|letter] --output OUT.pdf") },
};

/* Started from the build tree, the translations are the ones built there
 * (LANGUAGE=nl build/src/cli/djenon-cli …), not installed ones. */
static char *
locale_dir (void)
{
#ifdef DJ_BUILD_ROOT
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *po = g_build_filename (DJ_BUILD_ROOT, "po", NULL);

  if (exe != NULL && g_str_has_prefix (exe, DJ_BUILD_ROOT G_DIR_SEPARATOR_S) &&
      g_file_test (po, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&po);
#endif
  return g_strdup (LOCALEDIR);
}

static void
usage (void)
{
  g_printerr (_("Usage: djenon-cli COMMAND …\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_printerr ("  djenon-cli %s\n", _(commands[i].usage));
  g_printerr (_("Exit status: 0 done, 1 a file or game is not valid, 2 bad arguments, "
                "3 the output could not be saved\n"));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *localedir = locale_dir ();

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      usage ();
      return argc < 2 ? DJ_CLI_USAGE : DJ_CLI_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  g_printerr (_("Unknown command “%s”\n"), argv[1]);
  usage ();
  return DJ_CLI_USAGE;
}
