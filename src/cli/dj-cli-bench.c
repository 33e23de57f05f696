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
      N_("Measure puzzle making instead: puzzles per second from random games"), NULL },
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
  if (search)
    {
      dj_cli_bench_search (quick, (guint) count);
      return DJ_CLI_OK;
    }
  if (files)
    return dj_cli_bench_files ();
  if (library)
    return dj_cli_bench_library (quick);
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
