/* test-limits.c: memory, output and time bounded by the input
 *
 * djenon-cli reads every file of the hostile corpus, and generated worst
 * cases of about a megabyte, in a process of its own; its peak memory,
 * processor time and output are measured and held to the constants that
 * README.md states ("Limits"):
 *
 *   memory above a start-up baseline  <= 16 x the bytes of XML read
 *                                        64 x the bytes of text notation read
 *                                        + 32 MiB
 *   output                            <= 24 x the bytes read + 64 KiB
 *                                        (text notation's one-move variations:
 *                                        "(a)" is 70 bytes of XML, 23.3 x)
 *
 * and a text that is ten times longer takes at most about ten times as long
 * (no quadratic reading).  Run with --verbose (or as the benchmark
 * bench-limits) to see the figures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "dj-notation.h"
#include "dj-test-record.h"
#include "dj-xml.h"

#define XML_MEMORY_FACTOR   16
#define TEXT_MEMORY_FACTOR  64
#define MEMORY_ALLOWANCE    (32 << 20)
#define OUTPUT_FACTOR       24
#define OUTPUT_ALLOWANCE    (64 << 10)

typedef struct
{
  gint64 peak;     /* bytes */
  double cpu;      /* seconds */
  int    status;
} Run;

static char *tmp_dir;
static gint64 baseline;

static Run
run_cli (const char *command,
         const char *in,
         const char *out)
{
  const char *cli = g_getenv ("DJENON_CLI");
  const char *argv[5] = { cli, command, in, out, NULL };
  g_autoptr(GError) error = NULL;
  struct rusage usage;
  GPid pid;
  int status;
  Run run;

  g_assert_nonnull (cli);
  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                G_SPAWN_STDERR_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  g_assert_cmpint (wait4 (pid, &status, 0, &usage), ==, pid);
  run.peak = (gint64) usage.ru_maxrss * 1024;
  run.cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
            usage.ru_stime.tv_usec / 1e6;
  run.status = WIFEXITED (status) ? WEXITSTATUS (status) : -1;
  return run;
}

static gint64
file_size (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (gint64) st.st_size : 0;
}

/* Reads @path as validate and as convert do; checks and reports. */
static void
measure (const char *label,
         const char *path)
{
  gboolean text = g_str_has_suffix (path, ".txt");
  g_autofree char *out = g_build_filename (tmp_dir, text ? "out.djenon" : "out.txt", NULL);
  gint64 size = file_size (path);
  gint64 factor = text ? TEXT_MEMORY_FACTOR : XML_MEMORY_FACTOR;
  Run validate = run_cli ("validate", path, NULL);
  /* What validate refuses, convert refuses the same way. */
  Run convert = validate.status == 0 ? run_cli ("convert", path, out) : validate;
  gint64 peak = MAX (validate.peak, convert.peak) - baseline;
  gint64 written = convert.status == 0 ? file_size (out) : 0;

  g_test_message ("%-34s %9" G_GINT64_FORMAT " bytes  memory %6.1f MiB (%5.1f x)  "
                  "output %5.2f x  %.2f s CPU  %s",
                  label, size, MAX (peak, 0) / 1048576.0, (double) MAX (peak, 0) / MAX (size, 1),
                  (double) written / MAX (size, 1), validate.cpu + convert.cpu,
                  convert.status == 0 ? "read" : "refused");
  /* The status says read (0) or refused (1); never a crash. */
  g_assert_cmpint (validate.status, >=, 0);
  g_assert_cmpint (validate.status, <=, 1);
  g_assert_cmpint (convert.status, >=, 0);
  g_assert_cmpint (convert.status, <=, 1);
  if (peak > factor * size + MEMORY_ALLOWANCE)
    g_error ("%s: %" G_GINT64_FORMAT " bytes took %" G_GINT64_FORMAT " bytes of memory",
             label, size, peak);
  g_assert_cmpint (written, <=, OUTPUT_FACTOR * size + OUTPUT_ALLOWANCE);
  /* Generous: a megabyte in seconds, never minutes. */
  g_assert_cmpfloat (validate.cpu + convert.cpu, <, 10 + size / 1e5);
  g_unlink (out);
}

static void
test_corpus (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "hostile", NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *entry;

  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, entry, NULL);

      if (strcmp (entry, "EXPECTED") != 0)
        measure (entry, path);
    }
}

static char *
write_file (const char *name,
            GString    *contents)
{
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents->str, contents->len, NULL));
  return path;
}

/* A legal line of @n moves, as bare pit letters (the fewest bytes a move
 * can take). */
static GString *
bare_line (guint n)
{
  g_autoptr(GArray) line = dj_long_legal_line (n);
  GString *s = g_string_new ("[Variant \"abe\"]\n\n");

  for (guint i = 0; i < line->len; i++)
    {
      g_string_append (s, dj_move_to_string (g_array_index (line, DjMove, i)));
      g_string_append_c (s, i % 30 == 29 ? '\n' : ' ');
    }
  g_string_append (s, "*\n");
  return s;
}

/* One line of one-move variations: each move of a long legal line, then
 * every other legal move there as a variation of its own, written as
 * tightly as the notation allows ("b(a)(c)(d)B(A)…"): the most XML a
 * byte of text makes (three bytes, "(a)", are 70 bytes of XML). */
static GString *
variations_line (guint n_moves)
{
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GArray) line = dj_long_legal_line (n_moves);
  GString *s = g_string_new ("[Variant \"abe\"]\n\n");
  DjPosition pos;

  dj_position_init_start (&pos);
  for (guint i = 0; i < line->len; i++)
    {
      DjMove m = g_array_index (line, DjMove, i);
      DjMoves moves;
      DjPosition child;
      gboolean any = FALSE;

      dj_moves_generate (&rules, &pos, &moves);
      g_string_append (s, dj_move_to_string (m));
      for (guint k = 0; k < DJ_ROW_PITS; k++)
        if (moves.pit[k] == DJ_PIT_LEGAL && (DjMove) (moves.row_start + k) != m)
          {
            g_string_append_printf (s, "(%s)", dj_move_to_string (moves.row_start + k));
            any = TRUE;
          }
      if (!any)
        g_string_append_c (s, ' ');
      g_assert_true (dj_moves_child (&moves, &pos, m, &child));
      pos = child;
    }
  g_string_append (s, " *\n");
  return s;
}

static GString *
game_xml (guint    n,
          gboolean foreign)
{
  g_autoptr(DjGame) game = build_long_game (n, FALSE, NULL);
  g_autoptr(DjCollection) collection = dj_collection_new ();
  g_autofree char *xml = NULL;
  GString *s;

  dj_collection_append (collection, game);
  xml = dj_xml_to_string (collection, NULL);
  s = g_string_new (xml);
  if (foreign)
    {
      /* A namespace declared once at the top, an element of it in every
       * move: what a program that adds its own data writes. */
      g_autoptr(GRegex) move = g_regex_new ("<move pit=\"(\\w+)\"/>", 0, 0, NULL);
      g_autofree char *with = g_regex_replace (move, s->str, -1, 0,
                                               "<move pit=\"\\1\"><e:eval v=\"1\"/></move>",
                                               0, NULL);

      g_string_assign (s, with);
      g_string_replace (s, "version=\"1\">", "version=\"1\" xmlns:e=\"urn:example:engine\">", 1);
    }
  return s;
}

static void
test_generated (void)
{
  GString *s;
  g_autofree char *path = NULL;

  /* XML: a long main line; the same with extension data in every move; a
   * namespace of 60 KB declared once and used in every game. */
  s = game_xml (45000, FALSE);
  path = write_file ("long-line.djenon", s);
  measure ("generated long-line.djenon", path);
  g_clear_pointer (&path, g_free);
  g_string_free (s, TRUE);

  s = game_xml (25000, TRUE);
  path = write_file ("foreign-every-move.djenon", s);
  measure ("generated foreign-every-move.djenon", path);
  g_clear_pointer (&path, g_free);
  g_string_free (s, TRUE);

  s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    "<djenon xmlns=\"http://djenon.org/ns/game/1\" version=\"1\" xmlns:x=\"urn:");
  for (guint i = 0; i < 60000; i++)
    g_string_append_c (s, 'x');
  g_string_append (s, "\">\n");
  while (s->len < 1000000)
    g_string_append (s, "<game><rules variant=\"aboure\"/><moves><move pit=\"c\"><x:a/></move>"
                        "</moves></game>\n");
  g_string_append (s, "</djenon>\n");
  path = write_file ("namespace-copied.djenon", s);
  measure ("generated namespace-copied.djenon", path);
  g_clear_pointer (&path, g_free);
  g_string_free (s, TRUE);

  /* Text: a line of bare moves (the most moves a megabyte can hold), one
   * line of one-move variations (the most XML a megabyte makes), 200,000
   * headers. */
  s = bare_line (400000);
  path = write_file ("bare-moves.txt", s);
  measure ("generated bare-moves.txt", path);
  g_clear_pointer (&path, g_free);
  g_string_free (s, TRUE);

  s = variations_line (80000);
  path = write_file ("variations.txt", s);
  measure ("generated variations.txt", path);
  g_clear_pointer (&path, g_free);
  g_string_free (s, TRUE);

  s = g_string_new ("[Variant \"aboure\"]\n");
  for (guint i = 0; i < 200000; i++)
    g_string_append_printf (s, "[Key%u \"value\"]\n", i);
  g_string_append (s, "\n1. c *\n");
  path = write_file ("headers.txt", s);
  measure ("generated headers.txt", path);
  g_clear_pointer (&path, g_free);
  g_string_free (s, TRUE);
}

/* The text reader is linear: ten times the variations on one line, or ten
 * times the comments, cost about ten times the time (quadratic reading
 * cost a hundred times: 0.9 s, then 63 s). */
static double
text_cpu (const char *name,
          GString    *s)
{
  g_autofree char *path = write_file (name, s);
  double best = G_MAXDOUBLE;

  /* The best of three: other work on the machine only ever slows a run. */
  for (guint i = 0; i < 3; i++)
    {
      Run run = run_cli ("validate", path, NULL);

      g_assert_cmpint (run.status, ==, 0);
      best = MIN (best, run.cpu);
    }
  return best;
}

static void
test_text_linear (void)
{
  Run empty = run_cli ("validate", "/dev/null", NULL);
  g_autoptr(GString) small = variations_line (8000);
  g_autoptr(GString) large = variations_line (80000);
  double t_small = text_cpu ("small.txt", small) - empty.cpu;
  double t_large = text_cpu ("large.txt", large) - empty.cpu;

  g_test_message ("one line of the variations of %u moves %.3f s CPU, of %u: %.3f s "
                  "(ratio %.1f)", 8000, t_small, 80000, t_large, t_large / MAX (t_small, 0.001));
  /* Ten times the input; quadratic would be a hundred times. */
  g_assert_cmpfloat (t_large, <, 30 * MAX (t_small, 0.02));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("djenon-limits-XXXXXX", NULL);
  {
    g_autofree char *sample = g_test_build_filename (G_TEST_DIST, "..", "data", "samples",
                                                     "abe-sample.djenon", NULL);

    baseline = run_cli ("validate", sample, NULL).peak;
  }

  g_test_add_func ("/djenon/limits/corpus", test_corpus);
  g_test_add_func ("/djenon/limits/generated", test_generated);
  g_test_add_func ("/djenon/limits/text-linear", test_text_linear);

  status = g_test_run ();
  {
    g_autoptr(GDir) d = g_dir_open (tmp_dir, 0, NULL);
    const char *entry;

    while ((entry = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *p = g_build_filename (tmp_dir, entry, NULL);

        g_unlink (p);
      }
    g_rmdir (tmp_dir);
  }
  g_free (tmp_dir);
  return status;
}
