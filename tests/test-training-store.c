/* test-training-store.c: the trainer's store: schedule, rating, a kill -9 in
 * the middle of a session, damaged stores reset without touching games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dj-training-store.h"

#define DAY (24 * 3600)
#define T0  ((gint64) 1800000000)

static const char *self_path;

static char *
make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("djenon-training-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

static DjPosition
position (const char *text)
{
  g_autoptr(GError) error = NULL;
  DjPosition pos;

  g_assert_true (dj_position_parse (text, &pos, &error));
  g_assert_no_error (error);
  return pos;
}

static DjTrainingStore *
open_clean (const char *dir)
{
  g_autoptr(GError) error = NULL;
  DjTrainingStore *store = dj_training_store_open (dir, &error);

  g_assert_no_error (error);
  return store;
}

/* Failed positions come back at once, right ones after the box's interval;
 * all of it survives reopening. */
static void
test_schedule (void)
{
  g_autofree char *dir = make_dir ();
  g_autoptr(DjTrainingStore) store = open_clean (dir);
  g_autoptr(DjTrainingStore) again = NULL;
  g_autoptr(GPtrArray) due = NULL;
  g_autoptr(GError) error = NULL;
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjPosition pos = position ("0 3 0 5 0 1 2 0 4 0 1 0 16 16 S");
  DjPosition fed = position ("3 0 0 0 0 0 0 0 0 0 0 0 23 22 S feed");
  const DjMove best[] = { 1, 3 };
  const DjMove feed[] = { 0 };
  DjTrainingItem *item, *other, *same;

  item = dj_training_store_add_position (store, &abe, &pos, best, 2, "game.djenon, move 23", T0,
                                         &error);
  g_assert_no_error (error);
  g_assert_nonnull (item);
  other = dj_training_store_add_position (store, &abe, &fed, feed, 1, "b.djenon, move 9", T0 + 1,
                                          &error);
  g_assert_no_error (error);
  g_assert_true (dj_training_item_is_best (item, 1));
  g_assert_true (dj_training_item_is_best (item, 3));
  g_assert_false (dj_training_item_is_best (item, 5));
  same = dj_training_store_add_position (store, &abe, &pos, best, 2, "game.djenon, move 23", T0,
                                         &error);
  g_assert_true (same == item);
  g_assert_cmpuint (dj_training_store_get_n_items (store), ==, 2);

  /* Due at once, the longest overdue first; never for the other rules. */
  due = dj_training_store_due (store, &abe, T0 + 1);
  g_assert_cmpuint (due->len, ==, 2);
  g_assert_true (due->pdata[0] == item);
  g_clear_pointer (&due, g_ptr_array_unref);
  due = dj_training_store_due (store, &aboure, T0 + 1);
  g_assert_cmpuint (due->len, ==, 0);
  g_clear_pointer (&due, g_ptr_array_unref);

  /* Right: box 2, one day. */
  g_assert_true (dj_training_store_record_answer (store, item, TRUE, T0 + 10, &error));
  g_assert_cmpuint (dj_training_item_get_box (item), ==, 2);
  due = dj_training_store_due (store, &abe, T0 + 10 + DAY - 1);
  g_assert_cmpuint (due->len, ==, 1);
  g_assert_true (due->pdata[0] == other);
  g_clear_pointer (&due, g_ptr_array_unref);
  due = dj_training_store_due (store, &abe, T0 + 10 + DAY);
  g_assert_cmpuint (due->len, ==, 2);
  g_clear_pointer (&due, g_ptr_array_unref);
  /* Right again: box 3, three days; wrong: back to box 1, due at once. */
  g_assert_true (dj_training_store_record_answer (store, item, TRUE, T0 + DAY, &error));
  g_assert_cmpuint (dj_training_item_get_box (item), ==, 3);
  g_assert_cmpint (dj_training_item_get_due (item), ==, T0 + DAY + 3 * DAY);
  g_assert_true (dj_training_store_record_answer (store, other, FALSE, T0 + DAY, &error));
  g_assert_cmpuint (dj_training_item_get_box (other), ==, 1);
  g_assert_cmpint (dj_training_item_get_due (other), ==, T0 + DAY);
  /* Never past the last box. */
  for (guint i = 0; i < 10; i++)
    g_assert_true (dj_training_store_record_answer (store, item, TRUE, T0 + 2 * DAY, &error));
  g_assert_cmpuint (dj_training_item_get_box (item), ==, DJ_TRAINING_N_BOXES);
  g_assert_cmpint (dj_training_item_get_due (item), ==, T0 + 2 * DAY + 21 * DAY);

  /* Everything read back as written. */
  again = open_clean (dir);
  g_assert_cmpuint (dj_training_store_get_n_items (again), ==, 2);
  item = dj_training_store_find (again, &abe, &pos);
  g_assert_nonnull (item);
  g_assert_cmpuint (dj_training_item_get_box (item), ==, DJ_TRAINING_N_BOXES);
  g_assert_cmpuint (dj_training_item_get_n_answers (item), ==, 12);
  g_assert_cmpstr (dj_training_item_get_source (item), ==, "game.djenon, move 23");
  g_assert_true (dj_training_item_is_best (item, 1));
  g_assert_true (dj_training_item_is_best (item, 3));
  other = dj_training_store_find (again, &abe, &fed);
  g_assert_nonnull (other);
  g_assert_true (dj_training_item_get_position (other)->feed_owed);
  g_assert_cmpint (dj_training_item_get_due (other), ==, T0 + DAY);
  g_assert_null (dj_training_store_find (again, &aboure, &pos));

  /* Impossible input is refused, not stored. */
  g_assert_null (dj_training_store_add_position (again, &abe, &pos, (DjMove[]) { 7 }, 1, "x", T0,
                                                 &error));
  g_assert_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (dj_training_store_add_position (again, &aboure, &fed, feed, 1, "x", T0, &error));
  g_assert_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (dj_training_store_get_n_items (again), ==, 2);
  remove_dir (dir);
}

/* Streak and rating per rule set: a right answer to a hard puzzle gains
 * more than to an easy one; a wrong one loses and ends the streak. */
static void
test_rating (void)
{
  g_autofree char *dir = make_dir ();
  g_autoptr(DjTrainingStore) store = open_clean (dir);
  g_autoptr(DjTrainingStore) again = NULL;
  g_autoptr(GError) error = NULL;
  DjRules aboure = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  DjRules immediate = { DJ_VARIANT_ABE, DJ_FEEDING_IMMEDIATE };
  DjRules abe = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjPosition easy = position ("0 3 0 5 0 1 2 0 4 0 1 0 16 16 S");
  DjPosition hard = position ("0 3 0 5 0 1 2 0 4 0 1 0 17 15 S");
  DjTrainingItem *e, *h, *m;
  DjTrainingScore score;
  int before, gain_easy, gain_hard;

  e = dj_training_store_add_puzzle (store, &aboure, &easy, 1, "starter:aboure", 1, 1, T0, &error);
  g_assert_no_error (error);
  h = dj_training_store_add_puzzle (store, &aboure, &hard, 3, "starter:aboure", 2, 9, T0, &error);
  g_assert_no_error (error);
  m = dj_training_store_add_position (store, &aboure, &hard, (DjMove[]) { 3 }, 1, "g, move 2", T0,
                                      &error);
  g_assert_true (m == h);

  dj_training_store_get_score (store, &aboure, &score);
  g_assert_cmpint (score.rating, ==, DJ_TRAINING_START_RATING);
  g_assert_cmpuint (score.streak, ==, 0);

  before = score.rating;
  g_assert_true (dj_training_store_record_answer (store, e, TRUE, T0, &error));
  dj_training_store_get_score (store, &aboure, &score);
  gain_easy = score.rating - before;
  before = score.rating;
  g_assert_true (dj_training_store_record_answer (store, h, TRUE, T0, &error));
  dj_training_store_get_score (store, &aboure, &score);
  gain_hard = score.rating - before;
  /* Difficulty 1 is rated 1150, 9 is 2350: against 1500, about 4 and 39. */
  g_assert_cmpint (gain_easy, >, 0);
  g_assert_cmpint (gain_easy, <=, 5);
  g_assert_cmpint (gain_hard, >=, 35);
  g_assert_cmpuint (score.streak, ==, 2);
  g_assert_cmpuint (score.best_streak, ==, 2);

  before = score.rating;
  g_assert_true (dj_training_store_record_answer (store, e, FALSE, T0, &error));
  dj_training_store_get_score (store, &aboure, &score);
  g_assert_cmpint (score.rating, <, before - 30);
  g_assert_cmpuint (score.streak, ==, 0);
  g_assert_cmpuint (score.best_streak, ==, 2);
  g_assert_cmpuint (score.right, ==, 2);
  g_assert_cmpuint (score.wrong, ==, 1);

  /* Each rule set keeps its own. */
  dj_training_store_get_score (store, &abe, &score);
  g_assert_cmpint (score.rating, ==, DJ_TRAINING_START_RATING);
  g_assert_cmpuint (score.right, ==, 0);
  dj_training_store_get_score (store, &immediate, &score);
  g_assert_cmpint (score.rating, ==, DJ_TRAINING_START_RATING);

  again = open_clean (dir);
  {
    DjTrainingScore read;

    dj_training_store_get_score (store, &aboure, &score);
    dj_training_store_get_score (again, &aboure, &read);
    g_assert_cmpmem (&score, sizeof score, &read, sizeof read);
    h = dj_training_store_find (again, &aboure, &hard);
    g_assert_cmpint (dj_training_item_get_kind (h), ==, DJ_TRAINING_ITEM_PUZZLE);
    g_assert_cmpstr (dj_training_item_get_set (h), ==, "starter:aboure");
    g_assert_cmpuint (dj_training_item_get_number (h), ==, 2);
    g_assert_cmpuint (dj_training_item_get_difficulty (h), ==, 9);
  }
  remove_dir (dir);
}

/* The child of test_kill: answers as fast as it can, and says on standard
 * output how many answers are saved after each. */
static int
run_child (const char *dir)
{
  g_autoptr(DjTrainingStore) store = NULL;
  g_autoptr(GError) error = NULL;
  DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
  DjPosition pos = position ("0 3 0 5 0 1 2 0 4 0 1 0 16 16 S");
  DjTrainingItem *item;

  store = dj_training_store_open (dir, &error);
  if (error != NULL)
    return 2;
  item = dj_training_store_add_position (store, &rules, &pos, (DjMove[]) { 1 }, 1, "g, move 1", T0,
                                         &error);
  if (item == NULL)
    return 3;
  for (guint i = 0;; i++)
    {
      /* Padding so that each save writes a bigger file. */
      if (i % 8 == 0)
        {
          DjPosition other = pos;

          other.pits[0] += 1 + i / 8 % 15;
          other.captured[0] -= 1 + i / 8 % 15;
          dj_training_store_add_position (store, &rules, &other, (DjMove[]) { 1 }, 1,
                                          "padding", T0, NULL);
        }
      if (!dj_training_store_record_answer (store, item, i % 3 != 0, T0 + i, &error))
        return 4;
      printf ("%u\n", dj_training_item_get_n_answers (item));
      fflush (stdout);
    }
  return 0;
}

/* kill -9 at random moments of a session: the store always opens cleanly,
 * with every answer the child had saved and at most one more. */
static void
test_kill (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (23);

  for (guint round = 0; round < 12; round++)
    {
      g_autofree char *dir = make_dir ();
      g_autoptr(GError) error = NULL;
      g_autoptr(DjTrainingStore) store = NULL;
      g_autoptr(GIOChannel) channel = NULL;
      const char *argv[] = { self_path, "--child", dir, NULL };
      DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABE);
      DjPosition pos = position ("0 3 0 5 0 1 2 0 4 0 1 0 16 16 S");
      DjTrainingItem *item;
      guint acked = 0, wanted, saved;
      GPid pid;
      int out, status;
      char *line = NULL;

      g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                               G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, NULL,
                                               &out, NULL, &error));
      g_assert_no_error (error);
      channel = g_io_channel_unix_new (out);
      g_io_channel_set_close_on_unref (channel, TRUE);
      wanted = g_rand_int_range (rand, 1, 40);
      while (acked < wanted
             && g_io_channel_read_line (channel, &line, NULL, NULL, NULL) == G_IO_STATUS_NORMAL)
        {
          acked = (guint) g_ascii_strtoull (line, NULL, 10);
          g_free (line);
        }
      /* Somewhere inside the next save, or between two. */
      g_usleep (g_rand_int_range (rand, 0, 3000));
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_spawn_close_pid (pid);
      g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
      /* Answers saved before the kill and reported. */
      while (g_io_channel_read_line (channel, &line, NULL, NULL, NULL) == G_IO_STATUS_NORMAL)
        {
          acked = (guint) g_ascii_strtoull (line, NULL, 10);
          g_free (line);
        }
      g_assert_cmpuint (acked, >=, wanted);

      store = dj_training_store_open (dir, &error);
      g_assert_no_error (error);
      item = dj_training_store_find (store, &rules, &pos);
      g_assert_nonnull (item);
      saved = dj_training_item_get_n_answers (item);
      g_assert_cmpuint (saved, >=, acked);
      g_assert_cmpuint (saved, <=, acked + 1);
      {
        DjTrainingScore score;

        dj_training_store_get_score (store, &rules, &score);
        g_assert_cmpuint (score.right + score.wrong, ==, saved);
      }
      remove_dir (dir);
    }
}

static const char game_file[] =
  "<?xml version=\"1.0\"?>\n<djenon xmlns=\"https://djenon.org/ns/game/1\"/>\n";

/* A damaged store is reported, moved aside and reset; the games beside it
 * are untouched and training goes on. */
static void
test_damaged (void)
{
  g_autofree char *good = NULL;
  gsize good_len;
  char *other_version;
  struct
  {
    const char *name;
    char       *content;
    gssize      len;
  } cases[] = {
    { "bad bytes", NULL, 0 },
    { "truncated", NULL, 0 },
    { "foreign", g_memdup2 ("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16), 16 },
    { "other keyfile", g_strdup ("[Desktop Entry]\nName=Foo\n"), -1 },
    { "other version", NULL, -1 },
    { "empty", g_strdup (""), 0 },
  };

  /* A good store to damage. */
  {
    g_autofree char *dir = make_dir ();
    g_autoptr(DjTrainingStore) store = open_clean (dir);
    g_autoptr(GError) error = NULL;
    DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
    DjPosition pos = position ("0 3 0 5 0 1 2 0 4 0 1 0 16 16 S");
    g_autofree char *body = NULL;
    g_autofree char *sum = NULL;

    dj_training_store_add_puzzle (store, &rules, &pos, 1, "starter:aboure", 7, 2, T0, &error);
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (dj_training_store_get_path (store), &good, &good_len,
                                        NULL));
    remove_dir (dir);

    cases[0].content = g_memdup2 (good, good_len);
    cases[0].len = good_len;
    cases[0].content[good_len / 2] ^= 0x20;
    cases[1].content = g_memdup2 (good, good_len * 2 / 3);
    cases[1].len = good_len * 2 / 3;
    /* Another version, with a right checksum. */
    body = g_strndup (good, strstr (good, "# sha256") - good);
    other_version = strstr (body, "Version=1");
    g_assert_nonnull (other_version);
    other_version[8] = '2';
    sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, body, -1);
    cases[4].content = g_strdup_printf ("%s# sha256 %s\n", body, sum);
  }

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *dir = make_dir ();
      g_autofree char *path = g_build_filename (dir, DJ_TRAINING_STORE_FILE, NULL);
      g_autofree char *game = g_build_filename (dir, "mine.djenon", NULL);
      g_autofree char *game_after = NULL;
      g_autoptr(DjTrainingStore) store = NULL;
      g_autoptr(DjTrainingStore) again = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GDir) listing = NULL;
      g_autofree char *aside = NULL;
      g_autofree char *aside_content = NULL;
      gsize len = cases[c].len >= 0 ? (gsize) cases[c].len : strlen (cases[c].content);
      gsize aside_len = 0;
      DjRules rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
      DjPosition pos = position ("0 3 0 5 0 1 2 0 4 0 1 0 16 16 S");
      DjTrainingScore score;
      const char *name;

      g_test_message ("%s", cases[c].name);
      g_assert_true (g_file_set_contents (path, cases[c].content, len, NULL));
      g_assert_true (g_file_set_contents (game, game_file, -1, NULL));

      store = dj_training_store_open (dir, &error);
      g_assert_nonnull (store);
      g_assert_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED);
      /* It names the store and where it went. */
      g_assert_nonnull (strstr (error->message, path));
      g_assert_nonnull (strstr (error->message, ".damaged-"));
      g_assert_cmpuint (dj_training_store_get_n_items (store), ==, 0);
      dj_training_store_get_score (store, &rules, &score);
      g_assert_cmpint (score.rating, ==, DJ_TRAINING_START_RATING);

      /* Moved aside byte for byte, the game untouched. */
      listing = g_dir_open (dir, 0, NULL);
      while ((name = g_dir_read_name (listing)) != NULL)
        if (g_str_has_prefix (name, DJ_TRAINING_STORE_FILE ".damaged-"))
          aside = g_build_filename (dir, name, NULL);
      g_assert_nonnull (aside);
      g_assert_nonnull (strstr (error->message, aside));
      g_assert_true (g_file_get_contents (aside, &aside_content, &aside_len, NULL));
      g_assert_cmpmem (aside_content, aside_len, cases[c].content, len);
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      g_assert_true (g_file_get_contents (game, &game_after, NULL, NULL));
      g_assert_cmpstr (game_after, ==, game_file);

      /* Training goes on, and the new store reads back. */
      g_clear_error (&error);
      g_assert_nonnull (dj_training_store_add_puzzle (store, &rules, &pos, 1, "starter:aboure", 7,
                                                      2, T0, &error));
      g_assert_no_error (error);
      again = open_clean (dir);
      g_assert_cmpuint (dj_training_store_get_n_items (again), ==, 1);
      g_free (cases[c].content);
      remove_dir (dir);
    }
}

/* The message is in the user's language. */
static void
test_damaged_translated (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *dir = make_dir ();
      g_autofree char *path = g_build_filename (dir, DJ_TRAINING_STORE_FILE, NULL);
      g_autoptr(DjTrainingStore) store = NULL;
      g_autoptr(GError) error = NULL;

      g_setenv ("LANGUAGE", "nl", TRUE);
      setlocale (LC_ALL, "");
      g_assert_true (g_file_set_contents (path, "junk", -1, NULL));
      store = dj_training_store_open (dir, &error);
      g_assert_error (error, DJ_TRAINING_ERROR, DJ_TRAINING_ERROR_DAMAGED);
      g_assert_null (strstr (error->message, "could not be read"));
      g_assert_nonnull (strstr (error->message, path));
      remove_dir (dir);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  const char *locale_dir = g_getenv ("DJENON_LOCALEDIR");

  if (argc == 3 && strcmp (argv[1], "--child") == 0)
    return run_child (argv[2]);
  self_path = argv[0];
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locale_dir != NULL ? locale_dir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/training/schedule", test_schedule);
  g_test_add_func ("/djenon/training/rating", test_rating);
  g_test_add_func ("/djenon/training/kill-9", test_kill);
  g_test_add_func ("/djenon/training/damaged", test_damaged);
  g_test_add_func ("/djenon/training/damaged-translated", test_damaged_translated);

  return g_test_run ();
}
