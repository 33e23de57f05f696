/* djenon-cli.c: the command-line tool
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "dj-cli.h"

static const struct
{
  const char   *name;
  DjCliCommand  run;
  const char   *usage;
  const char   *summary;
} commands[] = {
  { "play", dj_cli_play,
    N_("play VARIANT [--feeding X] [--setup POS] [--trace] MOVES…"),
    N_("Play moves and print each position, its legal moves and the result") },
  { "perft", dj_cli_perft, N_("perft VARIANT DEPTH [--feeding X] [--setup POS] [--force]"),
    N_("Count the leaves of the move tree to a depth") },
  { "why", dj_cli_why, N_("why VARIANT [--feeding X] [--setup POS] [--json]"),
    N_("Say which pits can be played, and why not") },
  { "analyse", dj_cli_analyse,
    N_("analyse VARIANT [--feeding X] [--setup POS] [--time MS] [--json] MOVES…"),
    N_("The exact value of every legal move, with its best line") },
  { "bestmove", dj_cli_bestmove,
    N_("bestmove VARIANT [--feeding X] [--setup POS] [--time MS] [--json] MOVES…"),
    N_("The best move and the position's value") },
  { "solve", dj_cli_solve,
    N_("solve VARIANT [--feeding X] [--setup POS] [--time MS] [--json]"),
    N_("The position's value and one perfect-play line to the end") },
  { "puzzles", dj_cli_puzzles,
    N_("puzzles (--from FILE… | --random N) [--variant V] [--feeding X] [--min-loss N] "
       "[--count N] [--seed S] [--output FILE] | puzzles --check FILE"),
    N_("Make puzzles with one exact best move, or check a set of them") },
  { "validate", dj_cli_validate, N_("validate [--json] FILE…"),
    N_("Check game files against the rules and the schema") },
  { "convert", dj_cli_convert, N_("convert [--from xml|text] [--to xml|text] IN OUT"),
    N_("Convert between .djenon XML and the text notation (- for standard input or output)") },
  { "show", dj_cli_show, N_("show [--game N] [--json] FILE"),
    N_("Print a game's main line, one position a line") },
  { "review", dj_cli_review,
    N_("review FILE… [--game N] [--inaccuracy S] [--mistake S] [--blunder S] [--time MS] "
       "--output OUT | review --clear FILE… [--game N] --output OUT"),
    N_("Judge every move against perfect play, or clear a review; the findings go beside the moves") },
  { "diagram", dj_cli_diagram,
    N_("diagram (FILE [--game N] [--move PATH] | VARIANT [--setup POS]) --output OUT.svg|OUT.png|- "
       "[--format png|svg] [--size PX] [--caption] [--flip] [--force]"),
    N_("Draw a position as PNG or SVG") },
  { "sheet", dj_cli_sheet,
    N_("sheet FILE [--game N] [--every N] [--diagram PATH]… [--paper a4|letter] --output OUT.pdf|- [--force]"),
    N_("Print an annotated game as a PDF game sheet") },
  { "library", dj_cli_library,
    N_("library add|remove|list|update [FOLDER…] | library search TEXT… [--library DIR]"),
    N_("Keep the library of your games: the folders it indexes; search its games' text") },
  { "explore", dj_cli_explore,
    N_("explore VARIANT [--feeding X] [--setup POS] [--player NAME] [--no-values] MOVES…"),
    N_("Every move played from a position in the library, with its results and exact value") },
  { "find", dj_cli_find,
    N_("find VARIANT [--feeding X] [--setup POS] [--player NAME] [--limit N] MOVES…"),
    N_("Every game of the library that reaches a position") },
  { "generate", dj_cli_generate,
    N_("generate VARIANT [--feeding X] [--games N] [--seed S] [--comments N] OUT"),
    N_("Write random legal games with plausible game information, for tests") },
  { "tables", dj_cli_tables, N_("tables [status|build]"),
    N_("Show the endgame tables, or make the deeper ones that speed up the analysis") },
  { "bench", dj_cli_bench, N_("bench [--quick] [--search] [--files] [--library] [--puzzles]"),
    N_("Measure the engine, the search, the file readers and the library") },
};

/* Where the translations are: DJENON_LOCALEDIR when it is set (`meson
 * devenv` sets it to the build tree's), else where they are installed. */
static const char *
locale_dir (void)
{
  const char *dir = g_getenv ("DJENON_LOCALEDIR");

  return dir != NULL && *dir != '\0' ? dir : LOCALEDIR;
}

/* The whole help, as `djenon-cli --help` prints it (and help2man reads it
 * to make the manual page). */
static void
print_help (FILE *out)
{
  fprintf (out, "%s\n", _("Usage: djenon-cli COMMAND [OPTION…] [ARGUMENT…]"));
  fprintf (out, "%s\n\n", _("Play, analyse, check, convert and draw games of Djenon-aboure and "
                            "Djenon-abe from the command line."));
  fprintf (out, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %s\n      %s\n", _(commands[i].usage), _(commands[i].summary));
  fprintf (out, "\n%s\n", _("Options:"));
  fprintf (out, "  -h, --help        %s\n", _("Show this help; “djenon-cli help COMMAND” or "
                                             "“djenon-cli COMMAND --help” for one command"));
  fprintf (out, "      --version     %s\n", _("Show the version"));
  fprintf (out, "\n%s\n", _("VARIANT is aboure or abe. A position is written as the 12 pits' "
                            "seeds (a to f, then A to F), South's and North's captures, S or N "
                            "for the side to move, and feed when a feeding move is owed, for "
                            "example “4 4 4 4 4 4 4 4 4 4 4 4 0 0 S”."));
  fprintf (out, "\n%s\n", _("Exit status: 0 done, 1 a file or game is not valid, 2 bad arguments, "
                            "3 the output could not be saved"));
  fprintf (out, "\n%s\n", _("Examples:"));
  fprintf (out, "  djenon-cli play aboure c A d --trace\n");
  fprintf (out, "  djenon-cli analyse abe --json\n");
  fprintf (out, "  djenon-cli convert game.djenon game.djn\n");
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

static int
run_command (guint   i,
             int     argc,
             char  **argv)
{
  g_autofree char *prgname = g_strdup_printf ("djenon-cli %s", commands[i].name);

  /* "Usage: djenon-cli analyse [OPTION…] …" in the command's --help */
  g_set_prgname (prgname);
  return commands[i].run (argc, argv);
}

static int
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (name, commands[i].name) == 0)
      return (int) i;
  return -1;
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      usage ();
      return DJ_CLI_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      (strcmp (argv[1], "help") == 0 && argc == 2))
    {
      print_help (stdout);
      return DJ_CLI_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("djenon-cli %s\n", PACKAGE_VERSION);
      return DJ_CLI_OK;
    }
  if (strcmp (argv[1], "help") == 0)
    {
      int i = find_command (argv[2]);
      char *help_argv[] = { argv[2], (char *) "--help", NULL };

      if (argc > 3 || i < 0)
        {
          g_printerr (_("Unknown command “%s”\n"), argv[2]);
          usage ();
          return DJ_CLI_USAGE;
        }
      return run_command ((guint) i, 2, help_argv);
    }
  {
    int i = find_command (argv[1]);

    if (i >= 0)
      return run_command ((guint) i, argc - 1, argv + 1);
  }

  g_printerr (_("Unknown command “%s”\n"), argv[1]);
  usage ();
  return DJ_CLI_USAGE;
}
