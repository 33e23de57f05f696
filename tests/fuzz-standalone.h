/* fuzz-standalone.h: a fuzz target's checks over every file of corpus
 * folders, without libFuzzer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Included last by each fuzz target.  With -DDJ_FUZZ_STANDALONE the target
 * is a GTest program (test-fuzz-corpus, test-fuzz-schema-corpus) that runs
 * LLVMFuzzerTestOneInput() on every file of the folders named on its command
 * line, one test per folder under DJ_FUZZ_TEST_PATH.
 */
#pragma once

#ifdef DJ_FUZZ_STANDALONE
static void
dj_fuzz_run_folder (gconstpointer data)
{
  const char *dir = data;
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *entry;
  guint n = 0;

  g_assert_nonnull (listing);
  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, entry, NULL);
      g_autofree char *contents = NULL;
      gsize len;

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      g_test_message ("%s", entry);
      LLVMFuzzerTestOneInput ((const uint8_t *) contents, len);
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (int i = 1; i < argc; i++)
    {
      g_autofree char *base = g_path_get_basename (argv[i]);
      g_autofree char *name = g_strdup_printf ("%s/%s", DJ_FUZZ_TEST_PATH, base);

      g_test_add_data_func (name, argv[i], dj_fuzz_run_folder);
    }
  return g_test_run ();
}
#endif
