/* dj-cli-puzzles.c: puzzles with unique solutions, made and checked exactly
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dj-cli.h"
#include "dj-puzzle.h"
#include "dj-xml.h"

/* Without --time each analysis stops after this long; a position not proven
 * by then is not taken. */
#define DEFAULT_TIME_MS 5000
/* Random games: the puzzle position is drawn at a ply from MIN_PLY to MAX_PLY
 * (or the last position with moves, if the game ends sooner). */
#define MIN_PLY 4
#define MAX_PLY 60

typedef struct
{
  DjSearch       *search;
  DjSearchLimits  limits;
  guint           min_loss;
  guint           count;        /* 0: no limit */
  DjCollection   *out;
  GHashTable     *seen;         /* DjPosition * (owned) → NULL */
  guint           positions;    /* candidates checked */
  GArray         *check_us;     /* gint64: time of each check */
  GArray         *check_cpu_us; /* gint64: CPU time of each check, both search threads */
} Maker;

/* CPU time of the whole process, in microseconds: steadier than the wall
 * clock when other work shares the machine. */
static gint64
process_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000;
}

static guint
position_hash (gconstpointer p)
{
  return dj_position_hash (p);
}

static gboolean
position_equal (gconstpointer a,
                gconstpointer b)
{
  return dj_position_equal (a, b);
}

static gboolean
maker_full (const Maker *m)
{
  return m->count > 0 && dj_collection_get_n_games (m->out) >= m->count;
}

/* Checks one candidate; adds its puzzle to the set.  FALSE on a search error. */
static gboolean
maker_try (Maker            *m,
           const DjRules    *rules,
           const DjPosition *pos,
           const char       *source)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjPuzzle) puzzle = NULL;
  DjPosition key = *pos;
  gint64 t0, c0;

  /* The same position under other rules is another puzzle. */
  key.feed_owed |= (guint8) ((rules->variant * 2 + rules->feeding) << 1);
  if (g_hash_table_contains (m->seen, &key))
    return TRUE;
  g_hash_table_add (m->seen, g_memdup2 (&key, sizeof key));

  t0 = g_get_monotonic_time ();
  c0 = process_cpu_us ();
  puzzle = dj_puzzle_find (m->search, rules, pos, m->min_loss, &m->limits, NULL, NULL, &error);
  {
    gint64 us = g_get_monotonic_time () - t0;

    g_array_append_val (m->check_us, us);
    if (m->check_cpu_us != NULL)
      {
        us = process_cpu_us () - c0;
        g_array_append_val (m->check_cpu_us, us);
      }
  }
  m->positions++;
  if (error != NULL)
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  if (puzzle != NULL)
    {
      guint number = dj_collection_get_n_games (m->out) + 1;
      g_autofree char *title = g_strdup_printf ("%s puzzles",
                                                dj_variant_display_name (rules->variant));
      g_autoptr(DjGame) game = dj_puzzle_to_game (puzzle, title, number);
      g_autoptr(DjGameInfo) info = dj_game_info_copy (dj_game_get_info (game));

      dj_game_info_set_string (&info->source, source);
      dj_game_set_info (game, info);
      dj_game_clear_undo (game);
      dj_game_set_modified (game, FALSE);
      dj_collection_append (m->out, game);
    }
  return TRUE;
}

/* A random legal turn of @moves: a pit, or DJ_NO_MOVE when only a pass
 * remains (dj_moves_play_turn() plays forced passes itself). */
static DjMove
random_move (GRand         *rand,
             const DjMoves *moves)
{
  guint pick;

  if (moves->n_legal == 0)
    return DJ_NO_MOVE;
  pick = g_rand_int_range (rand, 0, moves->n_legal);
  for (guint k = 0; k < DJ_ROW_PITS; k++)
    if (moves->pit[k] == DJ_PIT_LEGAL && pick-- == 0)
      return moves->row_start + k;
  return DJ_NO_MOVE;
}

static gboolean
make_random (Maker         *m,
             const DjRules *rules,
             guint          games,
             guint32        seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);

  for (guint g = 0; g < games && !maker_full (m); g++)
    {
      guint target = g_rand_int_range (rand, MIN_PLY, MAX_PLY + 1);
      g_autofree char *source = NULL;
      DjPosition pos;
      DjMoves moves;
      guint ply;

      dj_position_init_start (&pos);
      dj_moves_generate (rules, &pos, &moves);
      for (ply = 0; ply < target; ply++)
        {
          DjPosition next;
          DjMoves next_moves;

          dj_moves_play_turn (rules, &moves, &pos, random_move (rand, &moves), &next,
                              &next_moves);
          if (next_moves.end != DJ_END_NONE)
            break;   /* keep the last position with moves */
          pos = next;
          moves = next_moves;
        }
      source = g_strdup_printf ("djenon-cli puzzles --random, seed %u, game %u, turn %u",
                                seed, g + 1, ply);
      if (!maker_try (m, rules, &pos, source))
        return FALSE;
    }
  return TRUE;
}

static gboolean
make_from_files (Maker          *m,
                 char          **files,
                 const DjRules  *only)
{
  for (guint f = 0; files[f] != NULL && !maker_full (m); f++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (files[f]);
      g_autoptr(GError) error = NULL;
      g_autoptr(DjCollection) games = dj_xml_load_file (file, NULL, &error);
      g_autofree char *base = g_file_get_basename (file);

      if (games == NULL)
        {
          g_printerr ("%s\n", error->message);
          return FALSE;
        }
      for (guint g = 0; g < dj_collection_get_n_games (games) && !maker_full (m); g++)
        {
          DjGame *game = dj_collection_get_game (games, g);
          const DjRules *rules = dj_game_get_rules (game);

          if (only != NULL && !dj_rules_equal (only, rules))
            continue;
          dj_cli_warn_engine_data (rules);
          for (DjNode *node = dj_game_get_root (game); node != NULL && !maker_full (m);
               node = dj_node_get_first_child (node))
            {
              g_autofree char *source = g_strdup_printf ("%s, game %u, ply %u", base, g + 1,
                                                         dj_node_get_ply (node));

              if (!maker_try (m, rules, dj_node_get_position (node), source))
                return FALSE;
            }
        }
    }
  return TRUE;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* The 99th percentile of the check times, in milliseconds. */
static double
p99_ms (GArray *times)
{
  if (times->len == 0)
    return 0;
  g_array_sort (times, compare_gint64);
  return g_array_index (times, gint64, MIN (times->len - 1, (times->len * 99 + 99) / 100 - 1))
         / 1000.0;
}

static int
check_file (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) games = dj_xml_load_file (file, NULL, &error);
  g_autoptr(DjSearch) search = dj_search_new (0);
  guint bad = 0, n;

  if (games == NULL)
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_INVALID;
    }
  n = dj_collection_get_n_games (games);
  for (guint g = 0; g < n; g++)
    {
      DjGame *game = dj_collection_get_game (games, g);
      g_autoptr(GError) why = NULL;

      dj_cli_warn_engine_data (dj_game_get_rules (game));
      if (!dj_puzzle_check_game (search, game, NULL, &why))
        {
          /* Translators: FILE: puzzle N: why it is not a good puzzle */
          g_printerr (_("%s: puzzle %u: %s\n"), path, g + 1, why->message);
          bad++;
        }
    }
  if (bad > 0)
    {
      g_printerr (g_dngettext (GETTEXT_PACKAGE, "%s: %u of %u puzzles is not valid\n",
                               "%s: %u of %u puzzles are not valid\n", bad),
                  path, bad, n);
      return DJ_CLI_INVALID;
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u puzzle checked, every one exact\n",
                       "%s: %u puzzles checked, every one exact\n", n), path, n);
  return DJ_CLI_OK;
}

int
dj_cli_puzzles (int    argc,
                char **argv)
{
  g_autofree char *variant = NULL;
  g_autofree char *feeding = NULL;
  g_autofree char *output = NULL;
  g_autofree char *check = NULL;
  g_auto(GStrv) from = NULL;
  int random_games = 0, min_loss = DJ_PUZZLE_DEFAULT_MIN_LOSS, count = 0;
  gint64 seed = 1, time_ms = DEFAULT_TIME_MS;
  const GOptionEntry entries[] = {
    { "from", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &from,
      N_("Take the positions of the main lines of these game files (repeat, or list the files "
         "after the options)"), N_("FILE") },
    { "random", 0, 0, G_OPTION_ARG_INT, &random_games,
      N_("Take one position from each of N random games"), N_("N") },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant,
      N_("The game: aboure or abe (with --from: only games of these rules)"), N_("VARIANT") },
    { "feeding", 0, 0, G_OPTION_ARG_STRING, &feeding,
      N_("Djenon-abe: on-starved-turn or immediate"), N_("X") },
    { "min-loss", 0, 0, G_OPTION_ARG_INT, &min_loss,
      N_("Every other move must lose at least N seeds (default 4)"), N_("N") },
    { "count", 0, 0, G_OPTION_ARG_INT, &count, N_("Stop after N puzzles (default: no limit)"),
      N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the random games (default 1)"),
      N_("S") },
    { "time", 0, 0, G_OPTION_ARG_INT64, &time_ms,
      N_("Give up a position not proven in this many milliseconds (default 5000)"), N_("MS") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Save the set here (default: the standard output)"), N_("FILE") },
    { "check", 0, 0, G_OPTION_ARG_FILENAME, &check,
      N_("Check every puzzle of this set again, exactly"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("— puzzles: positions where exactly one move keeps the value"));
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) out = NULL;
  g_autoptr(GHashTable) seen = NULL;
  g_autoptr(GArray) check_us = NULL;
  g_autoptr(DjSearch) search = NULL;
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  gboolean ok;
  Maker m;
  gint64 t0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return DJ_CLI_USAGE;
    }
  if (check != NULL)
    {
      if (from != NULL || random_games != 0 || argc > 1)
        {
          g_printerr (_("--check takes one file and no other source of positions\n"));
          return DJ_CLI_USAGE;
        }
      return check_file (check);
    }
  /* Files after the options belong to --from. */
  if (argc > 1)
    {
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

      if (from == NULL)
        {
          g_printerr (_("Unexpected argument “%s”\n"), argv[1]);
          return DJ_CLI_USAGE;
        }
      g_strv_builder_addv (builder, (const char **) from);
      for (int i = 1; i < argc; i++)
        g_strv_builder_add (builder, argv[i]);
      g_strfreev (from);
      from = g_strv_builder_end (builder);
    }
  if ((from != NULL) == (random_games != 0))
    {
      g_printerr (_("Give either --from FILES… or --random N\n"));
      return DJ_CLI_USAGE;
    }
  if (random_games < 0 || min_loss < 1 || min_loss > DJ_N_SEEDS * 2 || count < 0 ||
      time_ms < 0 || seed < 0 || seed > G_MAXUINT32)
    {
      g_printerr (_("--random, --count and --time take 0 or more, --min-loss 1 to 96, "
                    "--seed 0 to 4294967295\n"));
      return DJ_CLI_USAGE;
    }
  if ((variant != NULL || random_games != 0) &&
      !dj_cli_parse_rules (variant != NULL ? variant : "aboure", feeding, &rules))
    return DJ_CLI_USAGE;

  search = dj_search_new (0);
  out = dj_collection_new ();
  seen = g_hash_table_new_full (position_hash, position_equal, g_free, NULL);
  check_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  m = (Maker) { search, { time_ms, 0, 0, 0 }, (guint) min_loss, (guint) count, out, seen, 0,
                check_us, NULL };
  t0 = g_get_monotonic_time ();
  if (random_games != 0)
    {
      dj_cli_warn_engine_data (&rules);
      ok = make_random (&m, &rules, (guint) random_games, (guint32) seed);
    }
  else
    ok = make_from_files (&m, from, variant != NULL ? &rules : NULL);
  if (!ok)
    return DJ_CLI_USAGE;
  g_printerr (g_dngettext (GETTEXT_PACKAGE,
                           "%u puzzle from %u positions in %.1f s; one check takes %.1f ms "
                           "at the 99th percentile\n",
                           "%u puzzles from %u positions in %.1f s; one check takes %.1f ms "
                           "at the 99th percentile\n", dj_collection_get_n_games (out)),
              dj_collection_get_n_games (out), m.positions,
              (g_get_monotonic_time () - t0) / 1e6, p99_ms (check_us));

  if (output == NULL || strcmp (output, "-") == 0)
    {
      gsize len;
      g_autofree char *data = dj_xml_to_string (out, &len);

      if (fwrite (data, 1, len, stdout) != len || fflush (stdout) != 0)
        {
          g_printerr (_("Cannot write to the standard output\n"));
          return DJ_CLI_SAVE_FAILED;
        }
    }
  else
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (output);

      /* Through the safe save: never a partial set. */
      if (!dj_xml_save_file (out, file, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return DJ_CLI_SAVE_FAILED;
        }
    }
  return DJ_CLI_OK;
}

void
dj_cli_bench_puzzles (gboolean quick)
{
  static const struct
  {
    const char *name;
    DjRules     rules;
  } sets[] = {
    { "aboure", { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN } },
    { "abe", { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN } },
    { "abe --feeding immediate", { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE } },
  };
  guint games = quick ? 20 : 200;

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr(DjSearch) search = dj_search_new (0);
      g_autoptr(DjCollection) out = dj_collection_new ();
      g_autoptr(GHashTable) seen =
        g_hash_table_new_full (position_hash, position_equal, g_free, NULL);
      g_autoptr(GArray) check_us = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autoptr(GArray) check_cpu_us = g_array_new (FALSE, FALSE, sizeof (gint64));
      Maker m = { search, { DEFAULT_TIME_MS, 0, 0, 0 }, DJ_PUZZLE_DEFAULT_MIN_LOSS, 0, out, seen,
                  0, check_us, check_cpu_us };
      gint64 t0 = g_get_monotonic_time (), c0 = process_cpu_us ();
      double s, cpu, p99, p99_cpu, median;

      make_random (&m, &sets[i].rules, games, 20261202);
      s = (g_get_monotonic_time () - t0) / 1e6;
      cpu = (process_cpu_us () - c0) / 1e6;
      /* p99_ms() sorts the times: the median is read after it. */
      p99 = p99_ms (check_us);
      p99_cpu = p99_ms (check_cpu_us);
      median = check_us->len > 0 ? g_array_index (check_us, gint64, check_us->len / 2) / 1000.0
                                 : 0.0;
      printf ("puzzles  %-24s %u random games, %u puzzles in %.1f s (CPU %.1f s): "
              "%.2f puzzles/s (%.2f per CPU second); one check: 99%% %.1f ms "
              "(CPU %.1f ms), median %.1f ms\n", sets[i].name, games,
              dj_collection_get_n_games (out), s, cpu, dj_collection_get_n_games (out) / s,
              dj_collection_get_n_games (out) / cpu, p99, p99_cpu, median);
      fflush (stdout);
    }
}
