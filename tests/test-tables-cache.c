/* test-tables-cache.c: deeper endgame tables, made on the user's machine and cached
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The installed tables hold 14 seeds; 16 take half a minute and over a
 * gigabyte to make, so the same code is proven here on small ones: tables
 * of 8 seeds extended to 10 are byte for byte the tables of 10 made at
 * once; the cache file is refused when damaged, cut short or made from
 * other tables, and made again; a search with the deeper tables gives the
 * values a search without any tables gives.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dj-search.h"
#include "dj-search-tables.h"

#include "dj-test-engine.h"

static char *
file_of (const DjTables *tables,
         const char     *dir,
         const char     *name)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (dj_tables_save (tables, path, &error));
  g_assert_no_error (error);
  return path;
}

typedef struct
{
  double last;
  guint  calls;
} Progress;

static void
on_progress (double   fraction,
             gpointer data)
{
  Progress *p = data;

  g_assert_cmpfloat (fraction, >=, p->last);
  g_assert_cmpfloat (fraction, <=, 1.0);
  p->last = fraction;
  p->calls++;
}

/* Levels 9 and 10 made on top of 8 are those dj-make-tables makes at once:
 * the same file, byte for byte (header, checksum and all). */
static void
test_extend_same_as_build (void)
{
  const DjRules sets[] = {
    DJ_RULES_INIT (DJ_VARIANT_ABE),
    { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE },
    DJ_RULES_INIT (DJ_VARIANT_ABOURE),
  };
  g_autofree char *dir = g_dir_make_tmp ("djenon-tables-XXXXXX", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr(GError) error = NULL;
      DjTables *base = dj_tables_build (&sets[i], 8, NULL, NULL);
      DjTables *whole = dj_tables_build (&sets[i], 10, NULL, NULL);
      Progress progress = { 0, 0 };
      DjTables *deeper = dj_tables_extend (base, 10, on_progress, &progress, NULL, &error);
      g_autofree char *a = NULL, *b = NULL, *whole_path = NULL, *deeper_path = NULL;
      gsize a_len, b_len;

      g_assert_no_error (error);
      g_assert_nonnull (deeper);
      g_assert_cmpuint (dj_tables_max_seeds (deeper), ==, 10);
      /* Reported as it goes, ending whole. */
      g_assert_cmpuint (progress.calls, >=, 4);
      g_assert_cmpfloat (progress.last, ==, 1.0);

      whole_path = file_of (whole, dir, "whole.djtb");
      deeper_path = file_of (deeper, dir, "deeper.djtb");
      g_assert_true (g_file_get_contents (whole_path, &a, &a_len, NULL));
      g_assert_true (g_file_get_contents (deeper_path, &b, &b_len, NULL));
      g_assert_cmpuint (a_len, ==, b_len);
      g_assert_true (memcmp (a, b, a_len) == 0);
      g_unlink (whole_path);
      g_unlink (deeper_path);
      dj_tables_free (deeper);
      dj_tables_free (whole);
      dj_tables_free (base);
    }
  g_rmdir (dir);
}

static void
test_extend_cancelled (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjTables *base = dj_tables_build (&abe, 6, NULL, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_null (dj_tables_extend (base, 9, NULL, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  dj_tables_free (base);
}

/* The cache file: read back the same; refused, with the reason, when a
 * byte changed, when cut short, when made on other tables or rules, and
 * when not a regular file. */
static void
test_extension_files (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjRules immediate = { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE };
  g_autofree char *dir = g_dir_make_tmp ("djenon-tables-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sub", "abe.djtb", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  DjTables *base = dj_tables_build (&abe, 8, NULL, NULL);
  DjTables *other_base = dj_tables_build (&abe, 7, NULL, NULL);
  DjTables *other_rules = dj_tables_build (&immediate, 8, NULL, NULL);
  DjTables *deeper = dj_tables_extend (base, 10, NULL, NULL, NULL, &error);
  DjTables *loaded;
  /* Positions of 10 seeds, and one of 8 (the base's) */
  const char *positions[] = {
    "1 0 2 0 0 1 0 1 0 0 1 4 18 20 S",
    "0 3 0 2 0 1 0 1 2 0 1 0 18 20 N",
    "2 0 0 0 3 0 0 0 0 3 0 0 20 20 S",
  };
  gsize len;

  g_assert_no_error (error);
  /* The folder is made as it is saved. */
  g_assert_true (dj_tables_save_extension (deeper, path, &error));
  g_assert_no_error (error);
  loaded = dj_tables_load_extension (base, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dj_tables_max_seeds (loaded), ==, 10);
  /* The user's own cache file: mapped under its lease (test-search
   * tables-changed-in-use), where the system grants leases. */
  if (g_file_test ("/proc/sys/fs/leases-enable", G_FILE_TEST_EXISTS))
    {
      g_autofree char *enabled = NULL;

      if (g_file_get_contents ("/proc/sys/fs/leases-enable", &enabled, NULL, NULL) &&
          enabled[0] == '1')
        g_assert_cmpint (dj_tables_storage (loaded), ==, DJ_TABLES_MAPPED);
    }
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      DjPosition pos = parse (positions[i]);
      int a, b;

      g_assert_true (dj_tables_lookup (deeper, &pos, &a));
      g_assert_true (dj_tables_lookup (loaded, &pos, &b));
      g_assert_cmpint (a, ==, b);
    }
  dj_tables_free (loaded);

  /* Made on other tables: of fewer seeds, or of other rules. */
  g_assert_null (dj_tables_load_extension (other_base, path, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "other tables"));
  g_clear_error (&error);
  g_assert_null (dj_tables_load_extension (other_rules, path, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
  g_clear_error (&error);

  /* One value changed */
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  data[len - 1000] ^= 4;
  g_assert_true (g_file_set_contents (path, data, len, NULL));
  g_assert_null (dj_tables_load_extension (base, path, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "checksum"));
  g_assert_nonnull (strstr (error->message, path));
  g_clear_error (&error);
  data[len - 1000] ^= 4;

  /* Cut short, and a header alone */
  g_assert_true (g_file_set_contents (path, data, len - 1, NULL));
  g_assert_null (dj_tables_load_extension (base, path, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_true (g_file_set_contents (path, data, 20, NULL));
  g_assert_null (dj_tables_load_extension (base, path, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
  g_clear_error (&error);

  /* Another version */
  data[8] ^= 0x40;
  g_assert_true (g_file_set_contents (path, data, len, NULL));
  g_assert_null (dj_tables_load_extension (base, path, &error));
  g_assert_nonnull (strstr (error->message, "version"));
  g_clear_error (&error);

  /* A folder where the file should be */
  g_unlink (path);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_assert_null (dj_tables_load_extension (base, path, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
  g_clear_error (&error);
  g_rmdir (path);

  dj_tables_free (deeper);
  dj_tables_free (other_rules);
  dj_tables_free (other_base);
  dj_tables_free (base);
  {
    g_autofree char *sub = g_path_get_dirname (path);

    g_rmdir (sub);
  }
  g_rmdir (dir);
}

/* ---------------------------------------------------------------------- */
/* the cache of a process: in subprocesses, as the tables load once */

static char *data_dir, *cache_dir;

/* Installed tables of 8 seeds, an empty cache and deeper tables of 10
 * wanted, for the subprocesses (which inherit the environment). */
static void
make_data_dir (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjTables *base = dj_tables_build (&abe, 8, NULL, NULL);

  data_dir = g_dir_make_tmp ("djenon-data-XXXXXX", NULL);
  cache_dir = g_dir_make_tmp ("djenon-cache-XXXXXX", NULL);
  g_free (file_of (base, data_dir, "abe.djtb"));
  dj_tables_free (base);
  g_setenv ("DJENON_TABLES_DIR", data_dir, TRUE);
  g_setenv ("XDG_CACHE_HOME", cache_dir, TRUE);
  g_setenv ("DJENON_TABLES_CACHE_SEEDS", "10", TRUE);
}

static void
run_in_subprocess (const char *path)
{
  g_autofree char *name = g_strconcat (path, "/subprocess", NULL);

  g_test_trap_subprocess (name, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* What make_data_dir() made, and the cache file in it. */
static void
remove_data_dirs (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autofree char *file = g_build_filename (cache_dir, "djenon", "tables", "abe.djtb", NULL);
  g_autofree char *tables = g_path_get_dirname (file);
  g_autofree char *djenon = g_path_get_dirname (tables);
  g_autofree char *base = g_build_filename (data_dir, dj_tables_file_name (&abe), NULL);

  g_unlink (file);
  g_rmdir (tables);
  g_rmdir (djenon);
  g_rmdir (cache_dir);
  g_unlink (base);
  g_rmdir (data_dir);
}

/* In a subprocess: the folders make_data_dir() made. */
static void
use_data_dirs (void)
{
  const char *cache = g_getenv ("XDG_CACHE_HOME");

  g_assert_nonnull (cache);
  g_assert_nonnull (strstr (cache, "djenon-cache-"));
  cache_dir = g_strdup (cache);
}

/* Missing at first; made, used at once and saved. */
static void
subprocess_build (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  const GError *why = NULL;
  Progress progress = { 0, 0 };

  use_data_dirs ();
  path = dj_tables_cache_path (&abe);
  g_assert_true (g_str_has_prefix (path, cache_dir));
  g_assert_true (g_str_has_suffix (path, "/djenon/tables/abe.djtb"));
  g_assert_cmpint (dj_tables_cache_state (&abe, &why), ==, DJ_TABLES_CACHE_MISSING);
  g_assert_null (why);
  g_assert_cmpuint (dj_tables_max_seeds (dj_tables_get (&abe)), ==, 8);
  /* No installed tables of Djenon-aboure here: nothing to build on. */
  g_assert_cmpint (dj_tables_cache_state (&aboure, NULL), ==, DJ_TABLES_CACHE_NOT_WANTED);
  g_assert_true (dj_tables_cache_build (&aboure, NULL, NULL, NULL, &error));

  g_assert_true (dj_tables_cache_build (&abe, on_progress, &progress, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (progress.last, ==, 1.0);
  g_assert_cmpint (dj_tables_cache_state (&abe, NULL), ==, DJ_TABLES_CACHE_READY);
  g_assert_cmpuint (dj_tables_max_seeds (dj_tables_get (&abe)), ==, 10);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  /* Asked again: nothing to do. */
  progress.calls = 0;
  g_assert_true (dj_tables_cache_build (&abe, on_progress, &progress, NULL, &error));
  g_assert_cmpuint (progress.calls, ==, 0);
}

/* Loaded from the cache by the next process; a search with them gives the
 * values of a search without tables. */
static void
subprocess_loaded (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  const char *positions[] = {
    "1 0 2 0 0 1 0 1 0 0 1 4 18 20 S",
    "0 3 0 2 0 1 0 1 2 0 1 0 18 20 N",
    "2 1 0 0 3 0 0 1 0 3 0 2 18 18 S",
    "0 0 3 1 0 2 1 0 2 0 2 1 18 18 N",
  };
  g_autoptr(DjSearch) with = dj_search_new (0);
  g_autoptr(DjSearch) without = dj_search_new (0);

  use_data_dirs ();
  g_assert_cmpint (dj_tables_cache_state (&abe, NULL), ==, DJ_TABLES_CACHE_READY);
  g_assert_cmpuint (dj_tables_max_seeds (dj_tables_get (&abe)), ==, 10);
  dj_search_set_use_tables (without, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      DjPosition pos = parse (positions[i]);
      DjSearchLimits limits = { 0 };
      g_autoptr(GError) error = NULL;
      g_autoptr(DjAnalysis) a = dj_search_analyse (with, &abe, &pos, &limits, NULL, &error);
      g_autoptr(DjAnalysis) b = dj_search_analyse (without, &abe, &pos, &limits, NULL, &error);

      g_assert_no_error (error);
      g_assert_true (a->exact && b->exact);
      g_assert_cmpint (a->value, ==, b->value);
      g_assert_cmpuint (a->n_moves, ==, b->n_moves);
      for (guint m = 0; m < a->n_moves; m++)
        for (guint k = 0; k < b->n_moves; k++)
          if (a->moves[m].move == b->moves[k].move)
            g_assert_cmpint (a->moves[m].value, ==, b->moves[k].value);
    }
}

/* A damaged cache is refused, said why, and made again. */
static void
subprocess_damaged (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GError) error = NULL;
  const GError *why = NULL;

  use_data_dirs ();
  g_assert_cmpint (dj_tables_cache_state (&abe, &why), ==, DJ_TABLES_CACHE_REFUSED);
  g_assert_nonnull (why);
  g_assert_nonnull (strstr (why->message, "checksum"));
  g_assert_cmpuint (dj_tables_max_seeds (dj_tables_get (&abe)), ==, 8);
  g_assert_true (dj_tables_cache_build (&abe, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (dj_tables_cache_state (&abe, &why), ==, DJ_TABLES_CACHE_READY);
  g_assert_null (why);
}

/* Not wanted: DJENON_TABLES_CACHE_SEEDS=0 (the test suite's default), or
 * no more seeds than the installed tables. */
static void
subprocess_not_wanted (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);

  use_data_dirs ();
  g_setenv ("DJENON_TABLES_CACHE_SEEDS", "8", TRUE);
  g_assert_cmpint (dj_tables_cache_state (&abe, NULL), ==, DJ_TABLES_CACHE_NOT_WANTED);
  /* The cached file is not even read. */
  g_assert_cmpuint (dj_tables_max_seeds (dj_tables_get (&abe)), ==, 8);
}

static void
test_cache (void)
{
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  gsize len;

  make_data_dir ();
  run_in_subprocess ("/djenon/tables-cache/build");
  run_in_subprocess ("/djenon/tables-cache/loaded");
  run_in_subprocess ("/djenon/tables-cache/not-wanted");

  /* Damage the file the first subprocess made. */
  path = g_build_filename (cache_dir, "djenon", "tables", "abe.djtb", NULL);
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  data[len / 2] ^= 1;
  g_assert_true (g_file_set_contents (path, data, len, NULL));
  run_in_subprocess ("/djenon/tables-cache/damaged");
  /* Made again, whole */
  run_in_subprocess ("/djenon/tables-cache/loaded");

  remove_data_dirs ();
}

/* As deep as the memory free allows, two seeds at a time: tables of 12
 * seeds wanted, the memory of 10 free: 10 made; later with memory enough,
 * made again to 12; with too little for any, refused with the reason. */
/* Made to @target seeds, from @before (the installed 8, or a cache). */
static void
build_to (guint before,
          guint target)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (dj_tables_cache_seeds (&abe), ==, 12);
  g_assert_cmpuint (dj_tables_max_seeds (dj_tables_get (&abe)), ==, before);
  g_assert_cmpuint (dj_tables_cache_target (&abe), ==, target);
  g_assert_cmpint (dj_tables_cache_state (&abe, NULL), ==, DJ_TABLES_CACHE_MISSING);
  g_assert_true (dj_tables_cache_build (&abe, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dj_tables_max_seeds (dj_tables_get (&abe)), ==, target);
  g_assert_cmpint (dj_tables_cache_state (&abe, NULL), ==, DJ_TABLES_CACHE_READY);
}

static void
subprocess_tiers_short (void)
{
  build_to (8, 10);
}

/* The 10 of the cache loaded, but 12 fit now. */
static void
subprocess_tiers_enough (void)
{
  build_to (10, 12);
}

static void
subprocess_tiers_none (void)
{
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (dj_tables_cache_target (&abe), ==, 0);
  g_assert_false (dj_tables_cache_build (&abe, NULL, NULL, NULL, &error));
  g_assert_error (error, DJ_ENGINE_ERROR, DJ_ENGINE_ERROR_PARSE);
  /* The least depth tried, and what it needs */
  g_assert_nonnull (strstr (error->message, "of 10 seeds need about"));
  g_assert_nonnull (strstr (error->message, "free memory"));
  g_assert_cmpuint (dj_tables_max_seeds (dj_tables_get (&abe)), ==, 8);
}

static void
test_tiers (void)
{
  g_autofree char *memory = NULL;

  make_data_dir ();
  g_setenv ("DJENON_TABLES_CACHE_SEEDS", "12", TRUE);
  /* What making 12 seeds takes, without the quarter to spare. */
  memory = g_strdup_printf ("%" G_GUINT64_FORMAT, dj_tables_cache_memory (12));
  g_setenv ("DJENON_TABLES_CACHE_MEMORY", memory, TRUE);
  run_in_subprocess ("/djenon/tables-cache/tiers-short");
  g_unsetenv ("DJENON_TABLES_CACHE_MEMORY");
  run_in_subprocess ("/djenon/tables-cache/tiers-enough");
  g_setenv ("DJENON_TABLES_CACHE_MEMORY", "1000", TRUE);
  g_setenv ("XDG_CACHE_HOME", data_dir, TRUE);   /* no cache there */
  run_in_subprocess ("/djenon/tables-cache/tiers-none");
  g_unsetenv ("DJENON_TABLES_CACHE_MEMORY");

  remove_data_dirs ();
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/tables-cache/extend-same-as-build", test_extend_same_as_build);
  g_test_add_func ("/djenon/tables-cache/extend-cancelled", test_extend_cancelled);
  g_test_add_func ("/djenon/tables-cache/extension-files", test_extension_files);
  g_test_add_func ("/djenon/tables-cache/cache", test_cache);
  g_test_add_func ("/djenon/tables-cache/tiers", test_tiers);
  g_test_add_func ("/djenon/tables-cache/tiers-short/subprocess", subprocess_tiers_short);
  g_test_add_func ("/djenon/tables-cache/tiers-enough/subprocess", subprocess_tiers_enough);
  g_test_add_func ("/djenon/tables-cache/tiers-none/subprocess", subprocess_tiers_none);
  g_test_add_func ("/djenon/tables-cache/build/subprocess", subprocess_build);
  g_test_add_func ("/djenon/tables-cache/loaded/subprocess", subprocess_loaded);
  g_test_add_func ("/djenon/tables-cache/damaged/subprocess", subprocess_damaged);
  g_test_add_func ("/djenon/tables-cache/not-wanted/subprocess", subprocess_not_wanted);
  return g_test_run ();
}
