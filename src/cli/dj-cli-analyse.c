/* dj-cli-analyse.c: analyse, bestmove, solve and the search benchmark
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "dj-cli.h"
#include "dj-search.h"

/* Without --time the commands stop after this long and give bounds. */
#define DEFAULT_TIME_MS 10000

typedef struct
{
  DjRules        rules;
  DjPosition     pos;
  DjSearchLimits limits;
} Request;

/* VARIANT [--feeding X] [--setup POS] [--time MS] [MOVES…]: the position
 * after the moves.  Returns an exit status, DJ_CLI_OK to go on. */
static int
parse_request (int          argc,
               char       **argv,
               const char  *summary,
               gboolean     allow_moves,
               Request     *req)
{
  gint64 time_ms = DEFAULT_TIME_MS;
  const GOptionEntry entries[] = {
    { "time", 0, 0, G_OPTION_ARG_INT64, &time_ms,
      N_("Give up proving after this many milliseconds (0: never; default 10000)"), N_("MS") },
    { NULL }
  };

  if (!dj_cli_parse_game_args (&argc, &argv, summary, entries, &req->rules, &req->pos))
    return DJ_CLI_USAGE;
  if (time_ms < 0)
    {
      g_printerr (_("The time must be 0 or more milliseconds\n"));
      return DJ_CLI_USAGE;
    }
  req->limits = (DjSearchLimits) { time_ms, 0, 0 };

  if (!allow_moves && argc > 2)
    {
      g_printerr (_("Unexpected argument “%s”\n"), argv[2]);
      return DJ_CLI_USAGE;
    }
  for (int i = 2; i < argc; i++)
    {
      DjMove move;
      DjMoves moves;

      if (!dj_move_from_string (argv[i], &move))
        {
          g_printerr (_("not a move: “%s” (use a–f, A–F or pass)\n"), argv[i]);
          return DJ_CLI_USAGE;
        }
      dj_moves_generate (&req->rules, &req->pos, &moves);
      if (!dj_moves_is_legal (&moves, move))
        {
          /* Translators: a move that cannot be played, and why, as a keyword:
           * "illegal move D (singleton)" */
          g_printerr (_("illegal move %s (%s)\n"), argv[i],
                      dj_pit_status_to_string (dj_moves_why (&moves, move)));
          return DJ_CLI_USAGE;
        }
      dj_moves_child (&moves, &req->pos, move, &req->pos);
    }
  return DJ_CLI_OK;
}

static void
append_value (GString           *out,
              const DjMoveValue *mv)
{
  if (mv->exact)
    g_string_append_printf (out, "value %d exact", mv->value);
  else
    g_string_append_printf (out, "value %d bound >= %d <= %d", mv->value, mv->lower, mv->upper);
}

static void
append_line (GString      *out,
             const DjMove *line,
             guint         len)
{
  g_string_append (out, "line");
  for (guint i = 0; i < len; i++)
    g_string_append_printf (out, " %s", dj_move_to_string (line[i]));
}

static void
append_over (GString          *out,
             const DjAnalysis *a)
{
  g_string_append_printf (out, "over value %d %s\n", a->value, dj_end_reason_to_string (a->end));
}

static DjAnalysis *
run (const Request *req,
     gboolean       solve)
{
  g_autoptr(DjSearch) search = dj_search_new (0);
  g_autoptr(GError) error = NULL;
  DjAnalysis *a;

  if (solve)
    a = dj_search_solve (search, &req->rules, &req->pos, &req->limits, NULL, &error);
  else
    a = dj_search_analyse (search, &req->rules, &req->pos, &req->limits, NULL, &error);
  if (a == NULL)
    g_printerr ("%s\n", error->message);
  return a;
}

int
dj_cli_analyse (int    argc,
                char **argv)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(DjAnalysis) a = NULL;
  g_autofree char *text = NULL;
  Request req;
  int status;

  status = parse_request (argc, argv, _("VARIANT [MOVES…] — the value of every legal move"),
                          TRUE, &req);
  if (status != DJ_CLI_OK)
    return status;
  if ((a = run (&req, FALSE)) == NULL)
    return DJ_CLI_USAGE;

  text = dj_position_to_string (&req.pos);
  g_string_append_printf (out, "position %s\n", text);
  if (a->end != DJ_END_NONE)
    append_over (out, a);
  for (guint i = 0; i < a->n_moves; i++)
    {
      const DjMoveValue *mv = &a->moves[i];

      g_string_append_printf (out, "%s ", dj_move_to_string (mv->move));
      append_value (out, mv);
      g_string_append_c (out, ' ');
      append_line (out, mv->line, mv->line_len);
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, "nodes %" G_GUINT64_FORMAT " time %.3f s\n",
                          a->nodes, a->time_us / 1e6);
  fputs (out->str, stdout);
  return DJ_CLI_OK;
}

int
dj_cli_bestmove (int    argc,
                 char **argv)
{
  g_autoptr(DjAnalysis) a = NULL;
  Request req;
  int status;

  status = parse_request (argc, argv, _("VARIANT [MOVES…] — the best move and its value"),
                          TRUE, &req);
  if (status != DJ_CLI_OK)
    return status;
  if ((a = run (&req, FALSE)) == NULL)
    return DJ_CLI_USAGE;

  if (a->n_moves == 0)
    printf ("bestmove none value %d exact nodes %" G_GUINT64_FORMAT "\n", a->value, a->nodes);
  else
    printf ("bestmove %s value %d %s nodes %" G_GUINT64_FORMAT "\n",
            dj_move_to_string (a->moves[0].move), a->moves[0].value,
            a->moves[0].exact ? "exact" : "bound", a->nodes);
  return DJ_CLI_OK;
}

int
dj_cli_solve (int    argc,
              char **argv)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(DjAnalysis) a = NULL;
  Request req;
  int status;

  status = parse_request (argc, argv,
                          _("VARIANT — the value of the position and a perfect-play line"),
                          FALSE, &req);
  if (status != DJ_CLI_OK)
    return status;
  if ((a = run (&req, TRUE)) == NULL)
    return DJ_CLI_USAGE;

  if (a->end != DJ_END_NONE)
    append_over (out, a);
  else if (a->exact)
    g_string_append_printf (out, "value %d exact\n", a->value);
  else
    g_string_append_printf (out, "value %d bound >= %d <= %d\n", a->value, a->lower, a->upper);
  if (a->n_moves > 0)
    {
      DjPosition pos = req.pos;
      int score[2];
      DjMoves moves;

      append_line (out, a->moves[0].line, a->moves[0].line_len);
      g_string_append_c (out, '\n');
      /* Where the line leads: the end of the game, or a repetition. */
      for (guint i = 0; i < a->moves[0].line_len; i++)
        {
          dj_moves_generate (&req.rules, &pos, &moves);
          dj_moves_child (&moves, &pos, a->moves[0].line[i], &pos);
        }
      dj_moves_generate (&req.rules, &pos, &moves);
      if (moves.end != DJ_END_NONE)
        {
          dj_final_scores (&req.rules, &pos, score);
          g_string_append_printf (out, "end %d %d %s\n", score[DJ_SOUTH], score[DJ_NORTH],
                                  dj_end_reason_to_string (moves.end));
        }
      else if (a->exact)
        {
          g_autofree char *text = dj_position_to_string (&pos);

          g_string_append_printf (out, "repetition %s\n", text);
        }
    }
  g_string_append_printf (out, "nodes %" G_GUINT64_FORMAT " time %.3f s\n",
                          a->nodes, a->time_us / 1e6);
  fputs (out->str, stdout);
  return DJ_CLI_OK;
}

/* ---------------------------------------------------------------------- */
/* the search benchmark */

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Positions from random games with a fixed seed, at every stage of the game. */
static GArray *
sample_positions (const DjRules *rules,
                  guint          count,
                  guint32        seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DjPosition));

  while (out->len < count)
    {
      DjPosition pos;
      GArray *game = g_array_new (FALSE, FALSE, sizeof (DjPosition));

      dj_position_init_start (&pos);
      for (guint ply = 0; ply < 2000; ply++)
        {
          DjMoves moves;
          guint pick;

          dj_moves_generate (rules, &pos, &moves);
          if (moves.end != DJ_END_NONE)
            break;
          g_array_append_val (game, pos);
          if (moves.must_pass)
            {
              dj_moves_child (&moves, &pos, DJ_PASS, &pos);
              continue;
            }
          pick = g_rand_int_range (rand, 0, moves.n_legal);
          for (guint k = 0; k < DJ_ROW_PITS; k++)
            if (moves.pit[k] == DJ_PIT_LEGAL && pick-- == 0)
              {
                pos = moves.children[k];
                break;
              }
        }
      /* One position per game, at a stage drawn uniformly over its length. */
      if (game->len > 0)
        g_array_append_val (out, g_array_index (game, DjPosition,
                                                g_rand_int_range (rand, 0, game->len)));
      g_array_unref (game);
    }
  return out;
}

/* A time in seconds, or ">limit" when the values were not all exact by then. */
static char *
format_time (double t,
             gint64 limit_ms)
{
  if (t == G_MAXDOUBLE)
    return g_strdup_printf (">%.1f s", limit_ms / 1000.0);
  return g_strdup_printf ("%.3f s", t);
}

void
dj_cli_bench_search (gboolean quick)
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
  g_autoptr(DjSearch) search = dj_search_new (0);
  DjSearchLimits start_limits = { quick ? 10000 : 60000, 0, 0 };
  DjSearchLimits limits = { quick ? 1000 : 5000, 0, 0 };
  guint count = quick ? 12 : 50;

  printf ("search: table %u MB, %u threads, %s\n", DJ_SEARCH_DEFAULT_TABLE >> 20,
          MIN (g_get_num_processors (), 2), quick ? "quick" : "full");
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr(DjAnalysis) a = NULL;
      g_autoptr(GArray) sample = NULL;
      g_autofree double *times = NULL;
      DjPosition start;
      guint64 nodes = 0;
      gint64 total_us = 0;
      guint exact = 0;

      dj_search_clear (search);
      dj_position_init_start (&start);
      a = dj_search_solve (search, &sets[i].rules, &start, &start_limits, NULL, NULL);
      if (a->exact)
        printf ("solve    %-24s start: value %d, %.3f s, %" G_GUINT64_FORMAT " nodes\n",
                sets[i].name, a->value, a->time_us / 1e6, a->nodes);
      else
        printf ("solve    %-24s start: not solved in %.1f s, %d <= value <= %d, %"
                G_GUINT64_FORMAT " nodes\n", sets[i].name, a->time_us / 1e6, a->lower, a->upper,
                a->nodes);
      fflush (stdout);
      nodes += a->nodes;
      total_us += a->time_us;

      sample = sample_positions (&sets[i].rules, count, 20261129 + i);
      times = g_new (double, sample->len);
      for (guint k = 0; k < sample->len; k++)
        {
          g_autoptr(DjAnalysis) b = NULL;

          dj_search_clear (search);
          b = dj_search_analyse (search, &sets[i].rules,
                                 &g_array_index (sample, DjPosition, k), &limits, NULL, NULL);
          times[k] = b->exact ? b->time_us / 1e6 : G_MAXDOUBLE;
          exact += b->exact;
          nodes += b->nodes;
          total_us += b->time_us;
        }
      qsort (times, sample->len, sizeof (double), compare_doubles);
      {
        g_autofree char *median = format_time (times[sample->len / 2], limits.time_ms);
        g_autofree char *p90 = format_time (times[sample->len * 9 / 10], limits.time_ms);
        g_autofree char *max = format_time (times[sample->len - 1], limits.time_ms);

        printf ("analyse  %-24s %u positions, %u all exact within %.0f s; time to exact "
                "values of all moves: median %s, 90%% %s, max %s\n",
                sets[i].name, sample->len, exact, limits.time_ms / 1000.0, median, p90, max);
      }
      printf ("nodes    %-24s %.2f M nodes/s\n", sets[i].name,
              total_us > 0 ? nodes / (double) total_us : 0.0);
      fflush (stdout);
    }
}
