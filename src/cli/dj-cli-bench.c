/* dj-cli-bench.c: speed of the engine, measured and printed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <time.h>

#include "dj-cli.h"
#include "dj-perft.h"
#include "dj-puzzle.h"

/* CPU time of this thread, in microseconds: steadier than the wall clock
 * when other work shares the machine. */
static gint64
cpu_time_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000;
}

/* Plays @games random games with a fixed seed; returns the moves played. */
static guint64
random_playouts (const DjRules *rules,
                 guint          games,
                 guint32        seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint64 played = 0;

  for (guint g = 0; g < games; g++)
    {
      DjPosition pos;
      DjMoves moves;

      dj_position_init_start (&pos);
      dj_moves_generate (rules, &pos, &moves);
      /* The repetition of positions can make a random game long; cap it. */
      for (guint ply = 0; ply < 2000 && moves.end == DJ_END_NONE;)
        {
          DjMove move = DJ_NO_MOVE;
          guint passed;

          if (moves.n_legal > 0)
            {
              guint pick = g_rand_int_range (rand, 0, moves.n_legal);

              for (guint k = 0; k < DJ_ROW_PITS && move == DJ_NO_MOVE; k++)
                if (moves.pit[k] == DJ_PIT_LEGAL && pick-- == 0)
                  move = moves.row_start + k;
            }
          /* A move and the pass it forces: a ply each. */
          passed = dj_moves_play_turn (rules, &moves, &pos, move, &pos, &moves);
          played += (move != DJ_NO_MOVE) + passed;
          ply += (move != DJ_NO_MOVE) + passed;
        }
    }
  return played;
}

static int
compare_int64 (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* `bench --puzzles FILE…`: the uniqueness check of `puzzles --check` on
 * every puzzle of the sets, each with an empty table as a fresh process
 * meets it; the 99th percentile and the slowest, in wall-clock and CPU time
 * (both search threads). */
static int
bench_puzzle_checks (int    n_files,
                     char **files)
{
  g_autoptr(DjSearch) search = dj_search_new (0);

  for (int f = 0; f < n_files; f++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) set = dj_cli_load_file (files[f], &error);
      g_autofree gint64 *wall = NULL, *cpu = NULL;
      guint n, bad = 0;

      if (set == NULL)
        {
          g_printerr ("%s\n", error->message);
          return DJ_CLI_USAGE;
        }
      n = dj_collection_get_n_games (set);
      if (n == 0)
        continue;
      wall = g_new (gint64, n);
      cpu = g_new (gint64, n);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GError) why = NULL;
          struct timespec ts;
          gint64 t0, c0;

          /* The tables and book loaded first: a process's start, not the check. */
          g_free (dj_search_data_warning (dj_game_get_rules (dj_collection_get_game (set, i)),
                                          NULL));
          dj_search_clear (search);
          clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
          c0 = ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000;
          t0 = g_get_monotonic_time ();
          bad += !dj_puzzle_check_game (search, dj_collection_get_game (set, i), NULL, &why);
          wall[i] = g_get_monotonic_time () - t0;
          clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
          cpu[i] = ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000 - c0;
        }
      qsort (wall, n, sizeof (gint64), compare_int64);
      qsort (cpu, n, sizeof (gint64), compare_int64);
      printf ("check    %s: %u puzzles, %u refused; one check: median %.1f ms, 99%% %.1f ms, "
              "max %.1f ms (CPU median %.1f ms, 99%% %.1f ms, max %.1f ms)\n", files[f], n, bad,
              wall[n / 2] / 1e3, wall[dj_cli_percentile_at (n, 99)] / 1e3,
              wall[n - 1] / 1e3, cpu[n / 2] / 1e3, cpu[dj_cli_percentile_at (n, 99)] / 1e3,
              cpu[n - 1] / 1e3);
      fflush (stdout);
    }
  return DJ_CLI_OK;
}

int
dj_cli_bench (int    argc,
              char **argv)
{
  gboolean quick = FALSE;
  gboolean search = FALSE;
  gboolean files = FALSE;
  gboolean library = FALSE;
  gboolean puzzles = FALSE;
  int count = 0;
  const GOptionEntry entries[] = {
    { "quick", 0, 0, G_OPTION_ARG_NONE, &quick, N_("Shallower perft, fewer games"), NULL },
    { "search", 0, 0, G_OPTION_ARG_NONE, &search,
      N_("Measure the exact search instead: every move's exact value of 1,000 random "
         "positions per rule set (plies 3 to 40), time, nodes, memory and the 20 slowest; "
         "and the start-up of one analyse process"), NULL },
    { "count", 0, 0, G_OPTION_ARG_INT, &count,
      N_("With --search: this many positions per rule set (default 1,000; 100 with --quick)"),
      N_("N") },
    { "files", 0, 0, G_OPTION_ARG_NONE, &files,
      N_("Measure game files instead: load and save a 100,000-node file"), NULL },
    { "library", 0, 0, G_OPTION_ARG_NONE, &library,
      N_("Measure the game library instead: indexing, explorer and position search"), NULL },
    { "puzzles", 0, 0, G_OPTION_ARG_NONE, &puzzles,
      N_("Measure puzzle making instead: puzzles per second from random games; with puzzle "
         "set files, the time of each puzzle's uniqueness check"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("— measure the engine: random games and perft"));
  g_autoptr(GError) error = NULL;
  static const struct
  {
    const char *name;
    DjRules     rules;
    guint       depth, quick_depth;
  } sets[] = {
    { "aboure", { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN }, 12, 9 },
    { "abe", { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN }, 10, 8 },
    { "abe --feeding immediate", { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE }, 10, 8 },
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  if (count < 0)
    {
      g_printerr (_("The count must be 0 or more positions\n"));
      return DJ_CLI_USAGE;
    }
  if (search || puzzles)
    {
      static const DjRules all[] = {
        { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN },
        { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN },
        { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE },
      };

      /* Figures without the tables would mislead: say so first. */
      for (guint i = 0; i < G_N_ELEMENTS (all); i++)
        dj_cli_warn_engine_data (&all[i]);
    }
  if (search)
    {
      dj_cli_bench_search (quick, (guint) count);
      return DJ_CLI_OK;
    }
  if (files)
    return dj_cli_bench_files ();
  if (library)
    return dj_cli_bench_library (quick);
  if (puzzles && argc > 1)
    return bench_puzzle_checks (argc - 1, argv + 1);
  if (puzzles)
    {
      dj_cli_bench_puzzles (quick);
      return DJ_CLI_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      guint games = quick ? 2000 : 20000;
      guint depth = quick ? sets[i].quick_depth : sets[i].depth;
      guint64 leaves[DJ_PERFT_MAX_DEPTH + 1];
      DjPosition start;
      gint64 t0, t1, c0, c1;
      guint64 moves;

      t0 = g_get_monotonic_time ();
      c0 = cpu_time_us ();
      moves = random_playouts (&sets[i].rules, games, 20261129);
      c1 = cpu_time_us ();
      t1 = g_get_monotonic_time ();
      printf ("playouts %-24s %u games, %" G_GUINT64_FORMAT " moves, %.2f M moves/s "
              "(%.2f M/s of CPU time)\n",
              sets[i].name, games, moves, moves / (double) (t1 - t0),
              moves / (double) (c1 - c0));
      fflush (stdout);

      /* The best of three runs: the machine's other work only ever slows it. */
      dj_position_init_start (&start);
      for (guint run = 0; run < 3; run++)
        {
          gint64 w0 = g_get_monotonic_time (), u0 = cpu_time_us (), w1, u1;

          dj_perft (&sets[i].rules, &start, depth, leaves);
          u1 = cpu_time_us ();
          w1 = g_get_monotonic_time ();
          if (run == 0 || w1 - w0 < t1 - t0)
            t0 = w0, t1 = w1;
          if (run == 0 || u1 - u0 < c1 - c0)
            c0 = u0, c1 = u1;
        }
      printf ("perft    %-24s depth %u, %" G_GUINT64_FORMAT " leaves, %.2f s, %.1f M leaves/s "
              "(%.1f M/s of CPU time), best of 3\n",
              sets[i].name, depth, leaves[depth], (t1 - t0) / 1e6,
              leaves[depth] / (double) (t1 - t0), leaves[depth] / (double) (c1 - c0));
      fflush (stdout);
    }
  return DJ_CLI_OK;
}
