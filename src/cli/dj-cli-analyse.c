/* dj-cli-analyse.c: analyse, bestmove, solve and the search benchmark
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "dj-cli.h"
#include "dj-cli-json.h"
#include "dj-search.h"
#include "dj-search-book.h"
#include "dj-search-tables.h"
#include "dj-xml.h"

/* Without --time the commands stop after this long and give bounds. */
#define DEFAULT_TIME_MS 10000

typedef struct
{
  DjRules        rules;
  DjPosition     pos;
  DjSearchLimits limits;
  gboolean       json;
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
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "time", 0, 0, G_OPTION_ARG_INT64, &time_ms,
      N_("Give up proving after this many milliseconds (0: never; default 10000)"), N_("MS") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Write the result as JSON (see the README for its shape)"), NULL },
    { NULL }
  };

  if (!dj_cli_parse_game_args (&argc, &argv, summary, entries, &req->rules, &req->pos))
    return DJ_CLI_USAGE;
  if (time_ms < 0)
    {
      g_printerr (_("The time must be 0 or more milliseconds\n"));
      return DJ_CLI_USAGE;
    }
  /* Any huge time is no limit: the search never adds it to the clock
   * unchecked (dj-search.c). */
  req->limits = (DjSearchLimits) { time_ms, 0, 0, 0 };
  req->json = json;

  if (!allow_moves && argc > 2)
    {
      g_printerr (_("Unexpected argument “%s”\n"), argv[2]);
      return DJ_CLI_USAGE;
    }
  if (!dj_cli_play_moves (&req->rules, &req->pos, argc - 2, argv + 2))
    return DJ_CLI_USAGE;
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

/* JSON: the value of a move or a position, exact or bounded. */
static void
json_value (DjJson   *json,
            int       value,
            gboolean  exact,
            int       lower,
            int       upper)
{
  dj_json_member_int (json, "value", value);
  dj_json_member_bool (json, "exact", exact);
  dj_json_member_int (json, "lower", exact ? value : lower);
  dj_json_member_int (json, "upper", exact ? value : upper);
}

static void
json_line (DjJson       *json,
           const DjMove *line,
           guint         len)
{
  dj_json_key (json, "line");
  dj_json_begin_array (json);
  for (guint i = 0; i < len; i++)
    dj_json_string (json, dj_move_to_string (line[i]));
  dj_json_end_array (json);
}

/* What every command's JSON starts with: the rules and the position. */
static void
json_position (DjJson        *json,
               const Request *req)
{
  g_autofree char *text = dj_position_to_string (&req->pos);

  dj_json_member_string (json, "variant", dj_variant_to_string (req->rules.variant));
  dj_json_member_string (json, "feeding", req->rules.variant == DJ_VARIANT_ABE
                                          ? dj_feeding_to_string (req->rules.feeding) : NULL);
  dj_json_member_string (json, "position", text);
}

static void
json_over (DjJson           *json,
           const DjAnalysis *a)
{
  dj_json_key (json, "over");
  if (a->end == DJ_END_NONE)
    dj_json_null (json);
  else
    {
      dj_json_begin_object (json);
      dj_json_member_int (json, "value", a->value);
      dj_json_member_string (json, "reason", dj_end_reason_to_string (a->end));
      dj_json_end_object (json);
    }
}

static void
json_stats (DjJson           *json,
            const DjAnalysis *a)
{
  dj_json_member_int (json, "nodes", (gint64) a->nodes);
  dj_json_key (json, "time_s");
  dj_json_double (json, a->time_us / 1e6);
}

static int
print_json (DjJson *json)
{
  g_autofree char *text = dj_json_finish (json);

  fputs (text, stdout);
  return DJ_CLI_OK;
}


/* Says once per rule set on standard error when the search of @rules will
 * be slower than it should: a damaged data file (not used), or endgame
 * tables not found (an uninstalled djenon-cli outside `meson devenv`). */
void
dj_cli_warn_engine_data (const DjRules *rules)
{
  static gboolean warned[DJ_N_RULE_SETS];
  guint k = dj_rules_get_index (rules);
  g_autofree char *details = NULL;
  g_autofree char *warning = NULL;

  if (warned[k])
    return;
  warned[k] = TRUE;
  warning = dj_search_data_warning (rules, &details);
  /* A damaged data file is not used, and the user hears of it. */
  if (warning != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (details, "\n", 0);

      /* Translators: %s says which data is damaged and what it means */
      g_printerr (_("djenon-cli: warning: %s\n"), warning);
      for (guint i = 0; lines[i] != NULL; i++)
        g_printerr ("  %s\n", lines[i]);
    }
  else if (dj_tables_get (rules) == NULL)
    {
      g_autofree char *path = dj_tables_path (rules);

      /* Translators: %s is the endgame tables' file */
      g_printerr (_("djenon-cli: no usable endgame tables at %s: positions with few seeds are "
                    "searched instead of looked up, which can take much longer. Install "
                    "Djenon, run it through `meson devenv`, or set DJENON_TABLES_DIR.\n"), path);
    }
}

static DjAnalysis *
run (const Request *req,
     gboolean       solve)
{
  g_autoptr(DjSearch) search = dj_search_new (0);
  g_autoptr(GError) error = NULL;
  g_autofree char *details = NULL;
  DjAnalysis *a;

  dj_cli_warn_engine_data (&req->rules);
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

  if (req.json)
    {
      DjJson json;

      dj_json_init (&json);
      dj_json_begin_object (&json);
      json_position (&json, &req);
      json_over (&json, a);
      dj_json_key (&json, "moves");
      dj_json_begin_array (&json);
      for (guint i = 0; i < a->n_moves; i++)
        {
          const DjMoveValue *mv = &a->moves[i];

          dj_json_begin_object (&json);
          dj_json_member_string (&json, "move", dj_move_to_string (mv->move));
          json_value (&json, mv->value, mv->exact, mv->lower, mv->upper);
          json_line (&json, mv->line, mv->line_len);
          dj_json_end_object (&json);
        }
      dj_json_end_array (&json);
      json_stats (&json, a);
      dj_json_end_object (&json);
      return print_json (&json);
    }
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
  /* The root's value and one move that keeps it: the other moves are only
   * proven to be no better, and no line is followed. */
  req.limits.flags |= DJ_SEARCH_VALUES_ONLY;
  if ((a = run (&req, TRUE)) == NULL)
    return DJ_CLI_USAGE;

  if (req.json)
    {
      DjJson json;

      dj_json_init (&json);
      dj_json_begin_object (&json);
      json_position (&json, &req);
      json_over (&json, a);
      dj_json_member_string (&json, "bestmove",
                             a->n_moves > 0 ? dj_move_to_string (a->moves[0].move) : NULL);
      json_value (&json, a->value, a->n_moves == 0 || a->exact, a->lower, a->upper);
      json_stats (&json, a);
      dj_json_end_object (&json);
      return print_json (&json);
    }
  if (a->n_moves == 0)
    printf ("bestmove none value %d exact nodes %" G_GUINT64_FORMAT "\n", a->value, a->nodes);
  else
    printf ("bestmove %s value %d %s nodes %" G_GUINT64_FORMAT "\n",
            dj_move_to_string (a->moves[0].move), a->value,
            a->exact ? "exact" : "bound", a->nodes);
  return DJ_CLI_OK;
}

/* solve --json: the value, the line and where it leads. */
static int
print_solve_json (const Request    *req,
                  const DjAnalysis *a)
{
  DjJson json;

  dj_json_init (&json);
  dj_json_begin_object (&json);
  json_position (&json, req);
  json_over (&json, a);
  json_value (&json, a->value, a->end != DJ_END_NONE || a->exact, a->lower, a->upper);
  if (a->n_moves > 0)
    {
      DjPosition pos = req->pos;
      DjMoves moves;

      json_line (&json, a->moves[0].line, a->moves[0].line_len);
      for (guint i = 0; i < a->moves[0].line_len; i++)
        {
          dj_moves_generate (&req->rules, &pos, &moves);
          dj_moves_child (&moves, &pos, a->moves[0].line[i], &pos);
        }
      dj_moves_generate (&req->rules, &pos, &moves);
      dj_json_key (&json, "end");
      if (moves.end != DJ_END_NONE)
        {
          int score[2];

          dj_final_scores (&req->rules, &pos, score);
          dj_json_begin_object (&json);
          dj_json_member_int (&json, "south", score[DJ_SOUTH]);
          dj_json_member_int (&json, "north", score[DJ_NORTH]);
          dj_json_member_string (&json, "reason", dj_end_reason_to_string (moves.end));
          dj_json_end_object (&json);
        }
      else
        dj_json_null (&json);
      dj_json_key (&json, "repetition");
      if (moves.end == DJ_END_NONE && a->moves[0].endless)
        {
          g_autofree char *text = dj_position_to_string (&pos);

          dj_json_string (&json, text);
        }
      else
        dj_json_null (&json);
    }
  json_stats (&json, a);
  dj_json_end_object (&json);
  return print_json (&json);
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

  if (req.json)
    return print_solve_json (&req, a);
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
      else if (a->moves[0].endless)
        {
          g_autofree char *text = dj_position_to_string (&pos);

          /* The line came back to a position on it: play goes round forever. */
          g_string_append_printf (out, "repetition %s\n", text);
          g_string_append (out, "endless: the seeds left are divided equally\n");
        }
    }
  g_string_append_printf (out, "nodes %" G_GUINT64_FORMAT " time %.3f s\n",
                          a->nodes, a->time_us / 1e6);
  fputs (out->str, stdout);
  return DJ_CLI_OK;
}

/* ---------------------------------------------------------------------- */
/* the search benchmark */

/* CPU time of the whole process (both search threads), in microseconds. */
static gint64
process_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000;
}

static int
compare_uint64 (gconstpointer a,
                gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* Reachable positions from random games with a fixed seed, drawn as issue
 * 26 asks: each at a ply drawn uniformly from 3 to 40 (a turn, a move with
 * any pass it forces, counts as one ply), every other game biased to avoid
 * captures (a move that takes nothing whenever there is one) so that big
 * pits survive into the middle game.  A game that ends first is drawn
 * again: every position has moves to analyse. */
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
      DjMoves moves;
      guint target = g_rand_int_range (rand, 3, 41);
      gboolean quiet = out->len % 2 == 1;
      guint ply = 0;

      dj_position_init_start (&pos);
      dj_moves_generate (rules, &pos, &moves);
      for (; ply < target; ply++)
        {
          DjPosition next;
          DjMoves next_moves;
          DjMove move = DJ_NO_MOVE;
          guint n_quiet = 0, pick;

          if (quiet)
            for (guint k = 0; k < DJ_ROW_PITS; k++)
              n_quiet += moves.pit[k] == DJ_PIT_LEGAL &&
                         moves.children[k].captured[pos.to_move] == pos.captured[pos.to_move];
          pick = g_rand_int_range (rand, 0, n_quiet > 0 ? n_quiet : moves.n_legal);
          for (guint k = 0; k < DJ_ROW_PITS && move == DJ_NO_MOVE; k++)
            if (moves.pit[k] == DJ_PIT_LEGAL &&
                (n_quiet == 0 ||
                 moves.children[k].captured[pos.to_move] == pos.captured[pos.to_move]) &&
                pick-- == 0)
              move = moves.row_start + k;
          /* A move and any pass it forces, as the record plays a turn. */
          dj_moves_play_turn (rules, &moves, &pos, move, &next, &next_moves);
          if (next_moves.end != DJ_END_NONE)
            break;
          pos = next;
          moves = next_moves;
        }
      if (ply == target)
        g_array_append_val (out, pos);
    }
  return out;
}

/* The peak resident memory of this process so far, in kB (VmHWM), or 0
 * where the system does not say. */
static guint64
peak_memory_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "VmHWM:")) == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen ("VmHWM:"), NULL, 10);
}

typedef struct
{
  guint   index;      /* in the sample */
  double  seconds;    /* G_MAXDOUBLE: not exact within the limit */
  guint64 nodes;
  double  cpu;        /* processor time of both search threads, in seconds */
} Timing;

static int
compare_timings (gconstpointer a,
                 gconstpointer b)
{
  const Timing *x = a, *y = b;

  if (x->seconds != y->seconds)
    return x->seconds < y->seconds ? -1 : 1;
  if (x->nodes != y->nodes)
    return x->nodes < y->nodes ? -1 : 1;
  return (int) x->index - (int) y->index;
}

/* Over the limit first, then by the work done (steadier than the clock on
 * a shared machine). */
static int
compare_work (gconstpointer a,
              gconstpointer b)
{
  const Timing *x = a, *y = b;
  gboolean xo = x->seconds == G_MAXDOUBLE, yo = y->seconds == G_MAXDOUBLE;

  if (xo != yo)
    return xo ? 1 : -1;
  if (x->nodes != y->nodes)
    return x->nodes < y->nodes ? -1 : 1;
  return (int) x->index - (int) y->index;
}

static void
format_seconds (char   *text,
                gsize   size,
                double  seconds,
                guint64 limit)
{
  if (seconds == G_MAXDOUBLE)
    g_snprintf (text, size, ">%" G_GUINT64_FORMAT "M nodes", limit / 1000000);
  else
    g_snprintf (text, size, "%.3f s", seconds);
}

/* Runs @argv with its output thrown away; FALSE if it could not be run or
 * failed. */
static gboolean
run_quietly (const char *const *argv)
{
  int status;

  return g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                       NULL, NULL, &status, NULL) &&
         g_spawn_check_wait_status (status, NULL);
}

/* Sorts @t (@n analyses) and prints the median, 90th and 99th percentiles
 * and the maximum of the time and of the nodes. */
static void
print_distribution (const char *what,
                    const char *set,
                    Timing     *t,
                    guint       n,
                    guint       exact,
                    gint64      cpu_us,
                    guint64     limit)
{
  guint at[4] = { n / 2, dj_cli_percentile_at (n, 90), dj_cli_percentile_at (n, 99),
                  n - 1 };
  g_autofree guint64 *nodes = g_new (guint64, n);
  g_autofree guint64 *cpu = g_new (guint64, n);
  char text[4][32];

  for (guint i = 0; i < n; i++)
    {
      nodes[i] = t[i].nodes;
      cpu[i] = (guint64) (t[i].cpu * 1e6);
    }
  qsort (nodes, n, sizeof (guint64), compare_uint64);
  qsort (cpu, n, sizeof (guint64), compare_uint64);
  qsort (t, n, sizeof (Timing), compare_timings);
  for (guint i = 0; i < 4; i++)
    format_seconds (text[i], sizeof text[i], t[at[i]].seconds, limit);
  printf ("%-8s %-24s %u positions, %u exact: median %s, 90%% %s, 99%% %s, max %s; "
          "nodes median %" G_GUINT64_FORMAT ", 99%% %" G_GUINT64_FORMAT ", max %"
          G_GUINT64_FORMAT "; CPU median %.3f s, 90%% %.3f s, 99%% %.3f s, max %.3f s, %.1f s "
          "in all\n", what, set, n, exact, text[0], text[1], text[2], text[3], nodes[at[0]],
          nodes[at[2]], nodes[at[3]], cpu[at[0]] / 1e6, cpu[at[1]] / 1e6, cpu[at[2]] / 1e6,
          cpu[at[3]] / 1e6, cpu_us / 1e6);
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

#define OVERHEAD_RUNS 100

/* The wall-clock times of `djenon-cli analyse` on a position the opening
 * book answers at once: the process's start-up and its loading of the
 * endgame tables and the book, OVERHEAD_RUNS runs, sorted into @wall.
 * Returns FALSE if a run failed.  *cpu: the least processor time of a run. */
static gboolean
process_overhead (const char *variant,
                  const char *feeding,
                  double      wall[OVERHEAD_RUNS],
                  double     *cpu)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self, "analyse", variant, "--feeding", feeding, NULL };

  *cpu = G_MAXDOUBLE;
  if (self == NULL)
    return FALSE;
  for (guint run = 0; run < OVERHEAD_RUNS; run++)
    {
      gint64 t0 = g_get_monotonic_time ();
      struct rusage r0, r1;

      getrusage (RUSAGE_CHILDREN, &r0);
      if (!run_quietly (argv))
        return FALSE;
      wall[run] = (g_get_monotonic_time () - t0) / 1e6;
      getrusage (RUSAGE_CHILDREN, &r1);
      /* Processor time (user and system) of that child alone. */
      *cpu = MIN (*cpu, (r1.ru_utime.tv_sec - r0.ru_utime.tv_sec) +
                        (r1.ru_stime.tv_sec - r0.ru_stime.tv_sec) +
                        ((r1.ru_utime.tv_usec - r0.ru_utime.tv_usec) +
                         (r1.ru_stime.tv_usec - r0.ru_stime.tv_usec)) / 1e6);
    }
  qsort (wall, OVERHEAD_RUNS, sizeof (double), compare_double);
  return TRUE;
}

/* Every position of @sample analysed by a `djenon-cli analyse` process of
 * its own, as a script or a user at the command line meets it: start-up,
 * loading of the tables and the book, the search, the output.  Prints the
 * distribution of the wall-clock times and the slowest positions. */
static void
process_distribution (const char *set,
                      const char *variant,
                      const char *feeding,
                      GArray     *sample)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree double *wall = g_new (double, MAX (sample->len, 1));
  g_autofree double *sorted = g_new (double, MAX (sample->len, 1));
  guint n = sample->len, failed = 0, worst = 0;
  gint64 t_all = g_get_monotonic_time ();

  if (self == NULL || n == 0)
    return;
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *setup = dj_position_to_string (&g_array_index (sample, DjPosition, k));
      const char *argv[] = { self, "analyse", variant, "--feeding", feeding, "--setup", setup,
                             NULL };
      gint64 t0 = g_get_monotonic_time ();

      if (!run_quietly (argv))
        failed++;
      wall[k] = (g_get_monotonic_time () - t0) / 1e6;
      if (wall[k] > wall[worst])
        worst = k;
    }
  memcpy (sorted, wall, sizeof (double) * n);
  qsort (sorted, n, sizeof (double), compare_double);
  printf ("process  %-24s %u positions, each in a `djenon-cli analyse` process of its own "
          "(start-up and loading included): median %.3f s, 90%% %.3f s, 99%% %.3f s, max %.3f s;"
          " %u failed; %.1f s in all\n", set, n, sorted[n / 2],
          sorted[dj_cli_percentile_at (n, 90)], sorted[dj_cli_percentile_at (n, 99)],
          sorted[n - 1], failed,
          (g_get_monotonic_time () - t_all) / 1e6);
  {
    g_autofree char *text = dj_position_to_string (&g_array_index (sample, DjPosition, worst));

    printf ("  slow process  %-24s %.3f s  %s\n", set, wall[worst], text);
  }
  fflush (stdout);
}

void
dj_cli_bench_search (gboolean quick,
                     guint    count)
{
  static const struct
  {
    const char *name;
    DjRules     rules;
    const char *sample;
    const char *variant, *feeding;
  } sets[] = {
    { "aboure", { DJ_VARIANT_ABOURE, DJ_FEEDING_ON_STARVED_TURN }, "aboure-sample.djenon",
      "aboure", "on-starved-turn" },
    { "abe", { DJ_VARIANT_ABE, DJ_FEEDING_ON_STARVED_TURN }, "abe-sample.djenon",
      "abe", "on-starved-turn" },
    { "abe --feeding immediate", { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE }, NULL,
      "abe", "immediate" },
  };
  g_autoptr(DjSearch) search = dj_search_new (0);
  /* A budget of nodes, not of time: what is over it does not depend on
   * how busy the machine is. */
  guint64 node_limit = quick ? 20000000 : 100000000;
  DjSearchLimits limits = { 0, node_limit, 0, 0 };
  DjSearchLimits best_limits = { 0, node_limit, 0, DJ_SEARCH_VALUES_ONLY };

  if (count == 0)
    count = quick ? 100 : 1000;
  printf ("search: table %u MB, %u threads, endgame tables %s, opening books %s; %u random "
          "positions per rule set (plies 3-40, every other game avoiding captures, fixed "
          "seed); a position not exact within %" G_GUINT64_FORMAT " million nodes counts as over "
          "the limit\n",
          DJ_SEARCH_DEFAULT_TABLE >> 20, MIN (g_get_num_processors (), 2),
          dj_tables_available () ? "loaded" : "MISSING (set DJENON_TABLES_DIR)",
          dj_book_get (&sets[0].rules) != NULL && dj_book_get (&sets[1].rules) != NULL &&
          dj_book_get (&sets[2].rules) != NULL ? "loaded" : "MISSING",
          count, node_limit / 1000000);
  /* Which tables the figures are of: the deeper ones are made on first
   * use (`djenon-cli tables build`), and halve the slowest searches. */
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      const DjTables *tables = dj_tables_get (&sets[i].rules);
      DjTablesCache cache = dj_tables_cache_state (&sets[i].rules, NULL);

      printf ("tables   %-24s endgame tables of %u seeds%s\n", sets[i].name,
              tables != NULL ? dj_tables_max_seeds (tables) : 0,
              cache == DJ_TABLES_CACHE_READY ? " (the deeper levels from the cache)"
              : cache == DJ_TABLES_CACHE_NOT_WANTED ? ""
              : " (the deeper ones not made: `djenon-cli tables build`)");
    }
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      double cpu, wall[OVERHEAD_RUNS];

      if (!process_overhead (sets[i].variant, sets[i].feeding, wall, &cpu))
        printf ("process  %-24s `djenon-cli analyse` failed\n", sets[i].name);
      else
        printf ("process  %-24s `djenon-cli analyse` start-up and data loading, %u runs: "
                "least %.3f s, median %.3f s, 99%% %.3f s, max %.3f s (CPU %.3f s at least)\n",
                sets[i].name, OVERHEAD_RUNS, wall[0], wall[OVERHEAD_RUNS / 2],
                wall[dj_cli_percentile_at (OVERHEAD_RUNS, 99)], wall[OVERHEAD_RUNS - 1], cpu);
      fflush (stdout);
    }
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr(DjAnalysis) a = NULL;
      g_autoptr(GArray) sample = NULL;
      g_autofree Timing *times = NULL;
      DjPosition start;
      gint64 cpu0;
      guint exact = 0;

      dj_search_clear (search);
      dj_position_init_start (&start);
      cpu0 = process_cpu_us ();
      a = dj_search_analyse (search, &sets[i].rules, &start, NULL, NULL, NULL);
      printf ("start    %-24s every move exact: value %+d, %.3f s (CPU %.3f s), %"
              G_GUINT64_FORMAT " nodes\n", sets[i].name, a->value, a->time_us / 1e6,
              (process_cpu_us () - cpu0) / 1e6, a->nodes);
      fflush (stdout);

      sample = sample_positions (&sets[i].rules, count, 20261201 + i);
      times = g_new (Timing, sample->len);
      for (guint pass = 0; pass < 2; pass++)
        {
          exact = 0;
          cpu0 = process_cpu_us ();
          for (guint k = 0; k < sample->len; k++)
            {
              g_autoptr(DjAnalysis) b = NULL;
              gint64 c0;

              /* Each position as a fresh process meets it: an empty table. */
              dj_search_clear (search);
              c0 = process_cpu_us ();
              if (pass == 0)
                b = dj_search_analyse (search, &sets[i].rules,
                                       &g_array_index (sample, DjPosition, k),
                                       &limits, NULL, NULL);
              else
                b = dj_search_solve (search, &sets[i].rules,
                                     &g_array_index (sample, DjPosition, k),
                                     &best_limits, NULL, NULL);
              times[k] = (Timing) { k, b->exact ? b->time_us / 1e6 : G_MAXDOUBLE, b->nodes,
                                    (process_cpu_us () - c0) / 1e6 };
              exact += b->exact;
            }
          print_distribution (pass == 0 ? "analyse" : "bestmove", sets[i].name, times,
                              sample->len, exact, process_cpu_us () - cpu0, node_limit);
          if (pass == 0)
            process_distribution (sets[i].name, sets[i].variant, sets[i].feeding, sample);
          /* The slowest, to be looked at one by one with `djenon-cli analyse`. */
          qsort (times, sample->len, sizeof (Timing), compare_work);
          for (guint k = sample->len; k > 0 && k + 20 > sample->len; k--)
            {
              const Timing *t = &times[k - 1];
              g_autofree char *text =
                dj_position_to_string (&g_array_index (sample, DjPosition, t->index));
              char seconds[32];

              format_seconds (seconds, sizeof seconds, t->seconds, node_limit);
              printf ("  slow %-8s %-24s %s (CPU %.3f s)  %" G_GUINT64_FORMAT " nodes  %s\n",
                      pass == 0 ? "analyse" : "bestmove", sets[i].name, seconds, t->cpu, t->nodes,
                      text);
            }
          fflush (stdout);
        }
      printf ("memory   %-24s peak resident memory of this process %" G_GUINT64_FORMAT
              " MB (a %u MB table, the endgame tables and books of the rule sets so far)\n",
              sets[i].name, peak_memory_kb () / 1024, DJ_SEARCH_DEFAULT_TABLE >> 20);
      fflush (stdout);

      if (sets[i].sample != NULL)
        {
          const char *samples = g_getenv ("DJENON_SAMPLES_DIR");
          g_autofree char *path = g_build_filename (samples != NULL && *samples != '\0'
                                                    ? samples : PKGDATADIR "/samples",
                                                    sets[i].sample, NULL);
          g_autoptr(GFile) file = g_file_new_for_path (path);
          g_autoptr(GError) error = NULL;
          g_autoptr(DjCollection) games = dj_xml_load_file (file, NULL, &error);
          gint64 t0 = g_get_monotonic_time ();
          guint positions = 0;
          DjNode *node;

          if (games == NULL)
            {
              printf ("review   %-24s %s\n", sets[i].name, error->message);
              continue;
            }
          /* Review Game: every position of the main line, every move's
           * value and best line, one table for the whole game. */
          dj_search_clear (search);
          cpu0 = process_cpu_us ();
          for (node = dj_game_get_root (dj_collection_get_game (games, 0)); node != NULL;
               node = dj_node_get_first_child (node))
            {
              g_autoptr(DjAnalysis) b = dj_search_analyse (search, &sets[i].rules,
                                                           dj_node_get_position (node),
                                                           NULL, NULL, NULL);
              positions++;
            }
          printf ("review   %-24s %s: %u positions, %.2f s (CPU %.2f s)\n", sets[i].name,
                  sets[i].sample, positions, (g_get_monotonic_time () - t0) / 1e6,
                  (process_cpu_us () - cpu0) / 1e6);
          fflush (stdout);
        }
    }
}
