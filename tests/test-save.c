/* test-save.c: saving never destroys: links, permissions, special files,
 * full disks and failing devices, through both writers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dj-notation.h"
#include "dj-safe-save.h"
#include "dj-test-record.h"
#include "dj-xml.h"

static const char old_content[] = "the old content, which must survive any failed save\n";

typedef enum
{
  WRITER_XML,
  WRITER_TEXT,
} Writer;

static DjCollection *
some_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  DjCollection *collection = dj_collection_new ();

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(DjGame) game = random_game (rand, 200);

      dj_collection_append (collection, game);
    }
  return collection;
}

static gboolean
save (Writer         writer,
      DjCollection  *collection,
      const char    *path,
      GError       **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  if (writer == WRITER_XML)
    return dj_xml_save_file (collection, file, NULL, error);
  return dj_notation_save_file (collection, file, DJ_SAFE_SAVE_NONE, NULL, error);
}

static gboolean
save_flags (Writer           writer,
            DjCollection    *collection,
            const char      *path,
            DjSafeSaveFlags  flags,
            GError         **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  if (writer == WRITER_XML)
    return dj_xml_save_file_full (collection, file, flags, NULL, error);
  return dj_notation_save_file (collection, file, flags, NULL, error);
}

static char *
expected_bytes (Writer        writer,
                DjCollection *collection)
{
  if (writer == WRITER_XML)
    return dj_xml_to_string (collection, NULL);
  return dj_notation_write_collection (collection);
}

static char *
contents (const char *path)
{
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  return data;
}

/* The names in @dir, sorted, joined by spaces. */
static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static char *
listing (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  while ((entry = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (entry));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *entry;

  while (d != NULL && (entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, entry, NULL);

      if (g_file_test (p, G_FILE_TEST_IS_DIR) && !g_file_test (p, G_FILE_TEST_IS_SYMLINK))
        remove_tree (p);
      else
        g_unlink (p);
    }
  g_rmdir (dir);
}

static void
test_new_and_replace (gconstpointer data)
{
  Writer writer = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_dir_make_tmp ("djenon-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game", NULL);
  g_autoptr(DjCollection) games = some_games ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = expected_bytes (writer, games);
  g_autofree char *on_disk = NULL, *names = NULL;
  mode_t mask = umask (022);
  struct stat st;

  umask (mask);
  /* A new file: the usual permissions, the content, nothing else. */
  g_assert_true (save (writer, games, path, &error));
  g_assert_no_error (error);
  on_disk = contents (path);
  g_assert_cmpstr (on_disk, ==, expected);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0666 & ~mask);
  names = listing (dir);
  g_assert_cmpstr (names, ==, "game");

  /* A private file stays private. */
  g_assert_true (g_file_set_contents (path, old_content, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_true (save (writer, games, path, &error));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_clear_pointer (&on_disk, g_free);
  on_disk = contents (path);
  g_assert_cmpstr (on_disk, ==, expected);

  /* XML keeps the previous version as NAME~; text does not. */
  g_clear_pointer (&names, g_free);
  names = listing (dir);
  g_assert_cmpstr (names, ==, writer == WRITER_XML ? "game game~" : "game");
  if (writer == WRITER_XML)
    {
      g_autofree char *backup = g_strconcat (path, "~", NULL);
      g_autofree char *old = contents (backup);

      g_assert_cmpstr (old, ==, old_content);
    }
  remove_tree (dir);
}

static void
test_symbolic_links (gconstpointer data)
{
  Writer writer = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_dir_make_tmp ("djenon-save-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "real", NULL);
  g_autofree char *target = g_build_filename (sub, "game", NULL);
  g_autofree char *link_path = g_build_filename (dir, "link", NULL);
  g_autofree char *chain = g_build_filename (dir, "chain", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling", NULL);
  g_autofree char *made = g_build_filename (sub, "made-through-link", NULL);
  g_autoptr(DjCollection) games = some_games ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = expected_bytes (writer, games);
  g_autofree char *read = NULL, *names = NULL;
  struct stat st;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_assert_true (g_file_set_contents (target, old_content, -1, NULL));
  g_assert_cmpint (g_chmod (target, 0640), ==, 0);
  /* A relative link_path, and a link_path to that link_path. */
  g_assert_cmpint (symlink ("real/game", link_path), ==, 0);
  g_assert_cmpint (symlink ("link", chain), ==, 0);

  g_assert_true (save (writer, games, chain, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lstat (link_path, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (lstat (chain, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (lstat (target, &st), ==, 0);
  g_assert_true (S_ISREG (st.st_mode));
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  read = contents (target);
  g_assert_cmpstr (read, ==, expected);

  /* A link_path to a file still to be made: the file is made where it points. */
  g_assert_cmpint (symlink ("real/made-through-link", dangling), ==, 0);
  g_assert_true (save (writer, games, dangling, &error));
  g_assert_cmpint (lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_clear_pointer (&read, g_free);
  read = contents (made);
  g_assert_cmpstr (read, ==, expected);

  /* No temporary file anywhere */
  names = listing (dir);
  g_assert_cmpstr (names, ==, "chain dangling link real");
  g_clear_pointer (&names, g_free);
  names = listing (sub);
  g_assert_cmpstr (names, ==, writer == WRITER_XML ? "game game~ made-through-link"
                                                   : "game made-through-link");
  remove_tree (dir);
}

/* A link whose text climbs out of a folder that is itself a link:
 * A/t.djn -> sub/../real.djn with A/sub -> ../B/inner names B/real.djn, as
 * the kernel resolves it (opening A/t.djn reads B/real.djn), not A/real.djn
 * as the text alone would say.  And loops of links end in an error. */
static void
test_link_through_folder_link (gconstpointer data)
{
  Writer writer = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_dir_make_tmp ("djenon-save-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "A", NULL);
  g_autofree char *inner = g_build_filename (dir, "B", "inner", NULL);
  g_autofree char *sub = g_build_filename (a, "sub", NULL);
  g_autofree char *link_path = g_build_filename (a, "t.djn", NULL);
  g_autofree char *wrong = g_build_filename (a, "real.djn", NULL);
  g_autofree char *right = g_build_filename (dir, "B", "real.djn", NULL);
  g_autofree char *loop1 = g_build_filename (a, "loop1", NULL);
  g_autofree char *loop2 = g_build_filename (a, "loop2", NULL);
  g_autofree char *self = g_build_filename (a, "self", NULL);
  g_autofree char *in_self = g_build_filename (self, "game.djn", NULL);
  g_autoptr(DjCollection) games = some_games ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = expected_bytes (writer, games);
  g_autofree char *through = NULL, *read = NULL, *names = NULL;
  struct stat st;

  g_assert_cmpint (g_mkdir_with_parents (inner, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (a, 0755), ==, 0);
  g_assert_cmpint (symlink ("../B/inner", sub), ==, 0);
  g_assert_cmpint (symlink ("sub/../real.djn", link_path), ==, 0);
  g_assert_true (g_file_set_contents (right, old_content, -1, NULL));
  /* What the link opens, as every program reads it */
  through = contents (link_path);
  g_assert_cmpstr (through, ==, old_content);

  g_assert_true (save (writer, games, link_path, &error));
  g_assert_no_error (error);
  read = contents (right);
  g_assert_cmpstr (read, ==, expected);
  g_assert_false (g_file_test (wrong, G_FILE_TEST_EXISTS));
  g_assert_cmpint (lstat (link_path, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_clear_pointer (&through, g_free);
  through = contents (link_path);
  g_assert_cmpstr (through, ==, expected);

  /* Two links naming each other, and a folder link naming itself: refused
   * with the system's reason, nothing made. */
  g_assert_cmpint (symlink ("loop2", loop1), ==, 0);
  g_assert_cmpint (symlink ("loop1", loop2), ==, 0);
  g_assert_cmpint (symlink ("self", self), ==, 0);
  g_assert_false (save (writer, games, loop1, &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, g_strerror (ELOOP)));
  g_clear_error (&error);
  g_assert_false (save (writer, games, in_self, &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, g_strerror (ELOOP)));
  names = listing (a);
  g_assert_cmpstr (names, ==, "loop1 loop2 self sub t.djn");
  remove_tree (dir);
}

/* A read-only file is refused, as editors refuse it, whatever its links;
 * DJ_SAFE_SAVE_FORCE replaces it (as root here: the mode alone says
 * read-only, which root could write all the same). */
static void
test_read_only (gconstpointer data)
{
  Writer writer = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_dir_make_tmp ("djenon-save-XXXXXX", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain", NULL);
  g_autofree char *closed = g_build_filename (dir, "closed", NULL);
  g_autofree char *one = g_build_filename (dir, "one", NULL);
  g_autofree char *two = g_build_filename (dir, "two", NULL);
  g_autoptr(DjCollection) games = some_games ();
  g_autofree char *expected = expected_bytes (writer, games);
  const char *targets[] = { plain, closed, one };
  const mode_t modes[] = { 0444, 0000, 0444 };
  struct stat st;

  g_assert_true (g_file_set_contents (plain, old_content, -1, NULL));
  g_assert_true (g_file_set_contents (closed, old_content, -1, NULL));
  g_assert_true (g_file_set_contents (one, old_content, -1, NULL));
  g_assert_cmpint (link (one, two), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    g_assert_cmpint (g_chmod (targets[i], modes[i]), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *read = NULL;

      g_assert_false (save (writer, games, targets[i], &error));
      g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_READ_ONLY);
      g_assert_true (g_str_has_prefix (error->message, targets[i]));
      g_assert_nonnull (strstr (error->message, "read-only"));
      g_assert_cmpint (g_chmod (targets[i], 0644), ==, 0);
      read = contents (targets[i]);
      g_assert_cmpstr (read, ==, old_content);
      g_assert_cmpint (g_chmod (targets[i], modes[i]), ==, 0);
    }
  {
    g_autofree char *names = listing (dir);

    g_assert_cmpstr (names, ==, "closed one plain two");
  }
  if (getuid () != 0)
    {
      remove_tree (dir);
      return;   /* forcing needs the right to write them: root's */
    }
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *read = NULL;

      g_assert_true (save_flags (writer, games, targets[i], DJ_SAFE_SAVE_FORCE, &error));
      g_assert_no_error (error);
      read = contents (targets[i]);
      g_assert_cmpstr (read, ==, expected);
      g_assert_cmpint (g_stat (targets[i], &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0777, ==, modes[i]);
    }
  {
    g_autofree char *read = contents (two);

    g_assert_cmpstr (read, ==, expected);
  }
  remove_tree (dir);
}

static void
test_hard_links (gconstpointer data)
{
  Writer writer = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_dir_make_tmp ("djenon-save-XXXXXX", NULL);
  g_autofree char *one = g_build_filename (dir, "one", NULL);
  g_autofree char *two = g_build_filename (dir, "two", NULL);
  g_autoptr(DjCollection) games = some_games ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = expected_bytes (writer, games);
  g_autofree char *a = NULL, *b = NULL, *names = NULL;
  struct stat before, after;

  g_assert_true (g_file_set_contents (one, old_content, -1, NULL));
  g_assert_cmpint (link (one, two), ==, 0);
  g_assert_cmpint (g_stat (one, &before), ==, 0);

  /* Saved in place: both names show the new content, still one file. */
  g_assert_true (save (writer, games, one, &error));
  g_assert_no_error (error);
  a = contents (one);
  b = contents (two);
  g_assert_cmpstr (a, ==, expected);
  g_assert_cmpstr (b, ==, expected);
  g_assert_cmpint (g_stat (two, &after), ==, 0);
  g_assert_cmpuint (after.st_ino, ==, before.st_ino);
  g_assert_cmpuint (after.st_nlink, ==, 2);
  names = listing (dir);
  g_assert_cmpstr (names, ==, writer == WRITER_XML ? "one one~ two" : "one two");
  remove_tree (dir);
}

/* Devices, pipes and folders are refused; they stay what they were. */
static void
test_special_files (gconstpointer data)
{
  Writer writer = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_dir_make_tmp ("djenon-save-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe", NULL);
  g_autofree char *link_path = g_build_filename (dir, "to-device", NULL);
  g_autoptr(DjCollection) games = some_games ();
  g_autofree char *null_node = g_build_filename (dir, "null", NULL);
  g_autofree char *full_node = g_build_filename (dir, "full", NULL);
  const char *devices[] = { null_node, full_node };
  const char *system[] = { "/dev/null", "/dev/full" };
  struct stat st;

  /* Devices of our own, the same as /dev/null and /dev/full (root may make
   * them): a save that went wrong must never replace the system's.  Where
   * they cannot be made, links to the system's: a save follows them. */
  if (mknod (null_node, S_IFCHR | 0666, makedev (1, 3)) != 0 ||
      mknod (full_node, S_IFCHR | 0666, makedev (1, 7)) != 0)
    {
      g_unlink (null_node);
      g_assert_cmpint (symlink (system[0], null_node), ==, 0);
      g_assert_cmpint (symlink (system[1], full_node), ==, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (devices); i++)
    {
      g_autoptr(GError) error = NULL;

      if (g_stat (devices[i], &st) != 0)
        continue;
      g_assert_false (save (writer, games, devices[i], &error));
      g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
      g_assert_nonnull (strstr (error->message, "it is a device, not a file"));
      g_assert_true (g_str_has_prefix (error->message, devices[i]));
      g_assert_cmpint (g_stat (devices[i], &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
    }

  /* Through a link_path too */
  {
    g_autoptr(GError) error = NULL;

    g_assert_cmpint (symlink (null_node, link_path), ==, 0);
    g_assert_false (save (writer, games, link_path, &error));
    g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
    g_assert_cmpint (lstat (link_path, &st), ==, 0);
    g_assert_true (S_ISLNK (st.st_mode));
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
    g_assert_false (save (writer, games, fifo, &error));
    g_assert_nonnull (strstr (error->message, "it is a pipe"));
    g_assert_cmpint (lstat (fifo, &st), ==, 0);
    g_assert_true (S_ISFIFO (st.st_mode));
  }
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *names = NULL;

    g_assert_false (save (writer, games, dir, &error));
    g_assert_nonnull (strstr (error->message, "it is a folder"));
    names = listing (dir);
    g_assert_cmpstr (names, ==, "full null pipe to-device");
  }
  remove_tree (dir);
}

/* Every step of a save made to fail, as a full disk or a failing device
 * makes it fail: a new name, a plain file, a link_path, a hard-linked file.
 * Afterwards every name holds exactly what it held, and nothing else is
 * left in the folder. */
static void
test_injected_failures (gconstpointer data)
{
  Writer writer = GPOINTER_TO_INT (data);
  static const struct
  {
    DjSafeSaveStep step;
    goffset        after;
  } failures[] = {
    { DJ_SAFE_SAVE_STEP_WRITE, 0 },
    { DJ_SAFE_SAVE_STEP_WRITE, 100 },
    { DJ_SAFE_SAVE_STEP_WRITE, 2000 },
    { DJ_SAFE_SAVE_STEP_SYNC, 0 },
    { DJ_SAFE_SAVE_STEP_RENAME, 0 },
    { DJ_SAFE_SAVE_STEP_IN_PLACE, 0 },
    { DJ_SAFE_SAVE_STEP_IN_PLACE, 30 },
  };
  g_autoptr(DjCollection) games = some_games ();

  for (guint f = 0; f < G_N_ELEMENTS (failures); f++)
    {
      g_autofree char *dir = g_dir_make_tmp ("djenon-save-XXXXXX", NULL);
      g_autofree char *fresh = g_build_filename (dir, "fresh", NULL);
      g_autofree char *plain = g_build_filename (dir, "plain", NULL);
      g_autofree char *target = g_build_filename (dir, "target", NULL);
      g_autofree char *link_path = g_build_filename (dir, "link", NULL);
      g_autofree char *one = g_build_filename (dir, "one", NULL);
      g_autofree char *two = g_build_filename (dir, "two", NULL);
      const char *saves[] = { fresh, plain, link_path, one };
      const char *kept[] = { plain, target, one, two };
      g_autofree char *names = NULL;
      gboolean in_place_only = failures[f].step == DJ_SAFE_SAVE_STEP_IN_PLACE;
      gboolean rename_only = failures[f].step == DJ_SAFE_SAVE_STEP_RENAME;

      g_assert_true (g_file_set_contents (plain, old_content, -1, NULL));
      g_assert_true (g_file_set_contents (target, old_content, -1, NULL));
      g_assert_true (g_file_set_contents (one, old_content, -1, NULL));
      g_assert_cmpint (symlink ("target", link_path), ==, 0);
      g_assert_cmpint (link (one, two), ==, 0);

      dj_safe_save_inject_failure (failures[f].step, failures[f].after);
      for (guint s = 0; s < G_N_ELEMENTS (saves); s++)
        {
          g_autoptr(GError) error = NULL;
          gboolean hard = saves[s] == one;
          gboolean ok = save (writer, games, saves[s], &error);

          /* A failure while overwriting in place concerns hard links only,
           * a failed rename all the others. */
          if ((in_place_only && !hard) || (rename_only && hard))
            {
              g_assert_no_error (error);
              g_assert_true (ok);
              continue;
            }
          g_assert_false (ok);
          g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
          g_assert_true (g_str_has_prefix (error->message, saves[s]));
          g_assert_nonnull (strstr (error->message, "cannot save the file: "));
        }
      dj_safe_save_inject_failure (DJ_SAFE_SAVE_STEP_NONE, 0);

      if (!in_place_only && !rename_only)
        for (guint k = 0; k < G_N_ELEMENTS (kept); k++)
          {
            g_autofree char *now = contents (kept[k]);

            g_assert_cmpstr (now, ==, old_content);
          }
      if (rename_only)
        {
          g_autofree char *a = contents (one), *b = contents (two);

          g_assert_cmpstr (a, ==, b);
        }
      if (in_place_only)
        {
          g_autofree char *a = contents (one), *b = contents (two);

          g_assert_cmpstr (a, ==, old_content);
          g_assert_cmpstr (b, ==, old_content);
        }
      names = listing (dir);
      if (in_place_only)
        g_assert_cmpstr (names, ==, writer == WRITER_XML
                                      ? "fresh link one one~ plain plain~ target target~ two"
                                      : "fresh link one plain target two");
      else if (rename_only)
        g_assert_cmpstr (names, ==, writer == WRITER_XML
                                      ? "link one one~ plain plain~ target target~ two"
                                      : "link one plain target two");
      else
        g_assert_cmpstr (names, ==, "link one plain target two");
      remove_tree (dir);
    }
}

/* A real full file system: a small tmpfs, where the test may mount one. */
static void
test_full_file_system (gconstpointer data)
{
  Writer writer = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_dir_make_tmp ("djenon-full-XXXXXX", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain", NULL);
  g_autofree char *one = g_build_filename (dir, "one", NULL);
  g_autofree char *two = g_build_filename (dir, "two", NULL);
  g_autofree char *fresh = g_build_filename (dir, "fresh", NULL);
  g_autofree char *link_path = g_build_filename (dir, "link", NULL);
  g_autofree char *filler = g_build_filename (dir, "filler", NULL);
  g_autoptr(DjCollection) games = some_games ();
  const char *saves[] = { fresh, plain, link_path, one };

  if (mount ("tmpfs", dir, "tmpfs", 0, "size=16k") != 0)
    {
      g_test_skip_printf ("cannot mount a small tmpfs here (%s); the injected failures "
                          "cover the same cases", g_strerror (errno));
      g_rmdir (dir);
      return;
    }
  g_assert_true (g_file_set_contents (plain, old_content, -1, NULL));
  g_assert_true (g_file_set_contents (one, old_content, -1, NULL));
  g_assert_cmpint (link (one, two), ==, 0);
  g_assert_cmpint (symlink ("plain", link_path), ==, 0);
  {
    /* Fill what is left. */
    FILE *f = fopen (filler, "w");
    char block[1024] = { 0 };

    g_assert_nonnull (f);
    while (fwrite (block, 1, sizeof block, f) == sizeof block && fflush (f) == 0)
      ;
    fclose (f);
  }

  for (guint s = 0; s < G_N_ELEMENTS (saves); s++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (save (writer, games, saves[s], &error));
      g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
      g_test_message ("%s", error->message);
    }
  {
    g_autofree char *a = contents (plain), *b = contents (one), *c = contents (two);
    g_autofree char *names = listing (dir);

    g_assert_cmpstr (a, ==, old_content);
    g_assert_cmpstr (b, ==, old_content);
    g_assert_cmpstr (c, ==, old_content);
    g_assert_cmpstr (names, ==, "filler link one plain two");
  }
  g_assert_cmpint (umount (dir), ==, 0);
  g_rmdir (dir);
}

/* The owner and group of a file stay (as root; else there is nothing to
 * check: a user cannot own another user's file). */
static void
test_ownership (void)
{
  g_autofree char *dir = g_dir_make_tmp ("djenon-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "theirs.djenon", NULL);
  g_autoptr(DjCollection) games = some_games ();
  g_autoptr(GError) error = NULL;
  struct stat st;

  if (geteuid () != 0)
    {
      g_test_skip ("needs root to give a file to another user");
      g_rmdir (dir);
      return;
    }
  g_assert_true (g_file_set_contents (path, old_content, -1, NULL));
  g_assert_cmpint (chown (path, 4321, 4322), ==, 0);
  g_assert_true (save (WRITER_XML, games, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_uid, ==, 4321);
  g_assert_cmpuint (st.st_gid, ==, 4322);
  remove_tree (dir);
}

static gboolean
write_too_much (GOutputStream  *stream,
                gpointer        data,
                GCancellable   *cancellable,
                GError        **error)
{
  static const char chunk[1] = "x";

  /* The stream refuses the count before it reads a byte of the buffer. */
  return g_output_stream_write_all (stream, chunk, 1, NULL, cancellable, error) &&
         g_output_stream_write (stream, chunk, (gsize) DJ_FORMAT_MAX_FILE_BYTES, cancellable,
                                error) >= 0;
}

/* A file larger than any reader takes is never written. */
static void
test_too_large (void)
{
  g_autofree char *dir = g_dir_make_tmp ("djenon-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.djenon", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;

  g_assert_false (dj_safe_save (file, DJ_SAFE_SAVE_NONE, write_too_much, NULL, NULL, &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "larger than 1024 MiB"));
  names = listing (dir);
  g_assert_cmpstr (names, ==, "");
  remove_tree (dir);
}

/* Games beyond the readers' limits are not saved: the file would not read
 * back.  The old file stays. */
static void
test_beyond_limits (gconstpointer data)
{
  Writer writer = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_dir_make_tmp ("djenon-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game", NULL);
  g_autofree char *names = NULL;

  g_assert_true (g_file_set_contents (path, old_content, -1, NULL));
  for (guint kind = 0; kind < 2; kind++)
    {
      g_autoptr(DjCollection) games = some_games ();
      DjGame *game = dj_collection_get_game (games, 1);
      g_autoptr(GError) error = NULL;
      g_autofree char *now = NULL;

      if (kind == 0)
        {
          char *long_comment = g_malloc (DJ_FORMAT_MAX_TEXT_BYTES + 2);

          memset (long_comment, 'x', DJ_FORMAT_MAX_TEXT_BYTES + 1);
          long_comment[DJ_FORMAT_MAX_TEXT_BYTES + 1] = '\0';
          dj_game_load_comments (game, dj_game_get_root (game), NULL, long_comment);
        }
      else
        {
          g_autoptr(DjGameInfo) info = dj_game_info_copy (dj_game_get_info (game));

          for (guint i = 0; i <= DJ_FORMAT_MAX_TAGS; i++)
            {
              g_autofree char *key = g_strdup_printf ("k%u", i);

              dj_game_info_set_tag (info, key, "v");
            }
          dj_game_set_info (game, info);
        }
      g_assert_false (save (writer, games, path, &error));
      g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_LIMIT);
      g_assert_true (g_str_has_prefix (error->message, path));
      g_assert_nonnull (strstr (error->message, "in game 2"));
      now = contents (path);
      g_assert_cmpstr (now, ==, old_content);
    }
  names = listing (dir);
  g_assert_cmpstr (names, ==, "game");
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  const char *writers[] = { "xml", "text" };

  g_test_init (&argc, &argv, NULL);

  for (guint w = 0; w < G_N_ELEMENTS (writers); w++)
    {
      static const struct
      {
        const char   *name;
        GTestDataFunc func;
      } cases[] = {
        { "new-and-replace", test_new_and_replace },
        { "symbolic-links", test_symbolic_links },
        { "hard-links", test_hard_links },
        { "link-through-folder-link", test_link_through_folder_link },
        { "read-only", test_read_only },
        { "special-files", test_special_files },
        { "injected-failures", test_injected_failures },
        { "full-file-system", test_full_file_system },
        { "beyond-limits", test_beyond_limits },
      };

      for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
        {
          g_autofree char *path = g_strdup_printf ("/djenon/save/%s/%s", writers[w],
                                                   cases[c].name);

          g_test_add_data_func (path, GINT_TO_POINTER (w), cases[c].func);
        }
    }
  g_test_add_func ("/djenon/save/ownership", test_ownership);
  g_test_add_func ("/djenon/save/too-large", test_too_large);

  return g_test_run ();
}
