/* dj-drafts.c: unsaved games kept on disk so that a crash loses nothing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "dj-drafts.h"
#include "dj-xml.h"

#define DRAFT_SUFFIX ".djenon"
#define INFO_SUFFIX  ".ini"
#define LOCK_SUFFIX  ".lock"
#define INFO_GROUP   "Draft"
#define UNREADABLE   "unreadable"

/* The drafts this process holds: name → the descriptor of its locked
 * NAME.lock. */
static GHashTable *held;
G_LOCK_DEFINE_STATIC (held);

char *
dj_drafts_get_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "djenon", "drafts", NULL);
}

char *
dj_drafts_new_id (void)
{
  return g_uuid_string_random ();
}

char *
dj_drafts_get_unreadable_dir (void)
{
  g_autofree char *dir = dj_drafts_get_dir ();

  return g_build_filename (dir, UNREADABLE, NULL);
}

static char *
draft_path (const char *id,
            const char *suffix)
{
  g_autofree char *dir = dj_drafts_get_dir ();
  g_autofree char *name = g_strconcat (id, suffix, NULL);

  return g_build_filename (dir, name, NULL);
}

char *
dj_drafts_get_path (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  return draft_path (id, DRAFT_SUFFIX);
}

static void
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *path)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               "%s: %s", path, g_strerror (saved_errno));
}

/* Locks */

static gboolean
held_here (const char *id)
{
  gboolean found;

  G_LOCK (held);
  found = held != NULL && g_hash_table_contains (held, id);
  G_UNLOCK (held);
  return found;
}

/* Locks NAME.lock for this process; FALSE with G_IO_ERROR_BUSY when a
 * running process holds it. */
static gboolean
lock_draft (const char  *id,
            GError     **error)
{
  g_autofree char *path = draft_path (id, LOCK_SUFFIX);

  if (held_here (id))
    return TRUE;

  /* A few tries: someone listing the drafts holds it for an instant, and
   * its owner may remove it between our open() and our flock(). */
  for (guint attempt = 0; attempt < 20; attempt++)
    {
      struct stat by_fd, by_path;
      char text[32];
      int fd = open (path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
      int len;

      if (fd < 0)
        {
          set_errno_error (error, errno, path);
          return FALSE;
        }
      if (flock (fd, LOCK_EX | LOCK_NB) != 0)
        {
          if (errno != EWOULDBLOCK)
            /* A file system without locks: the draft matters more than
             * its lock, so it is kept unlocked. */
            g_debug ("%s: cannot be locked: %s", path, g_strerror (errno));
          else
            {
              close (fd);
              g_usleep (1000);
              continue;
            }
        }
      if (fstat (fd, &by_fd) != 0 || g_stat (path, &by_path) != 0
          || by_fd.st_ino != by_path.st_ino || by_fd.st_dev != by_path.st_dev)
        {
          close (fd);
          continue;
        }

      /* For people looking: who holds it. */
      len = g_snprintf (text, sizeof text, "%ld\n", (long) getpid ());
      if (ftruncate (fd, 0) != 0 || pwrite (fd, text, len, 0) != len)
        g_debug ("%s: could not write the process id", path);

      G_LOCK (held);
      if (held == NULL)
        held = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_insert (held, g_strdup (id), GINT_TO_POINTER (fd));
      G_UNLOCK (held);
      return TRUE;
    }

  /* Translators: %s is a file's path; another copy of Djenon is running */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
               _("%s: in use by another running Djenon"), path);
  return FALSE;
}

/* Closes the lock of @id (which lets go of it); with @unlink_it, removes
 * NAME.lock first. */
static void
unlock_draft (const char *id,
              gboolean    unlink_it)
{
  gpointer key = NULL;
  gpointer fd = NULL;
  gboolean found;

  G_LOCK (held);
  found = held != NULL && g_hash_table_steal_extended (held, id, &key, &fd);
  G_UNLOCK (held);
  if (!found)
    return;
  g_free (key);
  if (unlink_it)
    {
      g_autofree char *path = draft_path (id, LOCK_SUFFIX);

      g_unlink (path);
    }
  close (GPOINTER_TO_INT (fd));
}

/* Held by a running process, this one included. */
static gboolean
draft_in_use (const char *id)
{
  g_autofree char *path = NULL;
  gboolean busy;
  int fd;

  if (held_here (id))
    return TRUE;
  path = draft_path (id, LOCK_SUFFIX);
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return FALSE;
  busy = flock (fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  close (fd);
  return busy;
}

gboolean
dj_drafts_claim (const char  *id,
                 GError     **error)
{
  g_return_val_if_fail (id != NULL, FALSE);

  return lock_draft (id, error);
}

void
dj_drafts_release (const char *id)
{
  g_return_if_fail (id != NULL);

  unlock_draft (id, FALSE);
}

gboolean
dj_drafts_write (const char    *id,
                 DjCollection  *collection,
                 GFile         *file,
                 GError       **error)
{
  g_autofree char *dir = dj_drafts_get_dir ();
  g_autofree char *path = draft_path (id, DRAFT_SUFFIX);
  g_autofree char *info_path = draft_path (id, INFO_SUFFIX);
  g_autoptr(GKeyFile) info = g_key_file_new ();
  g_autofree char *info_data = NULL;
  g_autofree char *data = NULL;
  gsize len = 0, info_len = 0;

  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (DJ_IS_COLLECTION (collection), FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }

  if (!lock_draft (id, error))
    return FALSE;

  data = dj_xml_to_string (collection, &len);
  if (data == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: cannot serialize the game", path);
      return FALSE;
    }

  /* The information first: a draft without it is still restored. */
  if (file != NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_key_file_set_string (info, INFO_GROUP, "file", uri);
      info_data = g_key_file_to_data (info, &info_len, NULL);
      if (!g_file_set_contents_full (info_path, info_data, info_len,
                                     G_FILE_SET_CONTENTS_CONSISTENT, 0600, error))
        return FALSE;
    }
  else
    g_unlink (info_path);

  return g_file_set_contents_full (path, data, len,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

void
dj_drafts_remove (const char *id)
{
  g_autofree char *path = NULL;
  g_autofree char *info_path = NULL;

  g_return_if_fail (id != NULL);

  path = draft_path (id, DRAFT_SUFFIX);
  info_path = draft_path (id, INFO_SUFFIX);
  /* Nothing to remove: no lock taken for nothing. */
  if (!held_here (id) && !g_file_test (path, G_FILE_TEST_EXISTS)
      && !g_file_test (info_path, G_FILE_TEST_EXISTS))
    return;
  /* Another running Djenon's draft is not ours to remove. */
  if (!lock_draft (id, NULL))
    return;
  g_unlink (path);
  g_unlink (info_path);
  unlock_draft (id, TRUE);
}

/* Links @from to @to (never replacing a file there): 0, or an errno. */
static int
move_no_replace (const char *from,
                 const char *to)
{
  if (link (from, to) == 0)
    return g_unlink (from) == 0 ? 0 : errno;
  if (errno != EPERM && errno != EXDEV && errno != ENOSYS && errno != EOPNOTSUPP)
    return errno;
  /* A file system without hard links: checked, then renamed. */
  if (g_file_test (to, G_FILE_TEST_EXISTS))
    return EEXIST;
  return g_rename (from, to) == 0 ? 0 : errno;
}

char *
dj_drafts_set_aside (const char  *id,
                     GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *info_path = NULL;

  g_return_val_if_fail (id != NULL, NULL);

  if (!lock_draft (id, error))
    return NULL;

  dir = dj_drafts_get_unreadable_dir ();
  path = draft_path (id, DRAFT_SUFFIX);
  info_path = draft_path (id, INFO_SUFFIX);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      set_errno_error (error, errno, dir);
      unlock_draft (id, FALSE);
      return NULL;
    }

  for (guint n = 1; n < 10000; n++)
    {
      g_autofree char *stem = n == 1 ? g_strdup (id) : g_strdup_printf ("%s-%u", id, n);
      g_autofree char *name = g_strconcat (stem, DRAFT_SUFFIX, NULL);
      g_autofree char *info_name = g_strconcat (stem, INFO_SUFFIX, NULL);
      g_autofree char *target = g_build_filename (dir, name, NULL);
      g_autofree char *info_target = g_build_filename (dir, info_name, NULL);
      int err;

      if (g_file_test (info_target, G_FILE_TEST_EXISTS))
        continue;
      err = move_no_replace (path, target);
      if (err == EEXIST)
        continue;
      if (err != 0)
        {
          set_errno_error (error, err, path);
          unlock_draft (id, FALSE);
          return NULL;
        }
      /* Where the games came from goes with them, when it can. */
      if (g_file_test (info_path, G_FILE_TEST_EXISTS)
          && move_no_replace (info_path, info_target) != 0)
        g_debug ("%s: not moved beside %s", info_path, target);
      unlock_draft (id, TRUE);
      return g_steal_pointer (&target);
    }

  set_errno_error (error, EEXIST, dir);
  unlock_draft (id, FALSE);
  return NULL;
}

void
dj_draft_free (DjDraft *draft)
{
  if (draft == NULL)
    return;
  g_free (draft->id);
  g_clear_object (&draft->file);
  g_clear_pointer (&draft->modified, g_date_time_unref);
  g_free (draft);
}

static int
compare_drafts (gconstpointer a,
                gconstpointer b)
{
  const DjDraft *da = *(const DjDraft * const *) a;
  const DjDraft *db = *(const DjDraft * const *) b;

  return (da->mtime > db->mtime) - (da->mtime < db->mtime);
}

GPtrArray *
dj_drafts_list (void)
{
  g_autofree char *dir_path = dj_drafts_get_dir ();
  GPtrArray *drafts = g_ptr_array_new_with_free_func ((GDestroyNotify) dj_draft_free);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return drafts;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *info_path = NULL;
      g_autoptr(GKeyFile) info = g_key_file_new ();
      g_autofree char *uri = NULL;
      GStatBuf buf;
      DjDraft *draft;

      /* Skip the temporary files of an interrupted write. */
      if (!g_str_has_suffix (name, DRAFT_SUFFIX) || name[0] == '.')
        continue;

      path = g_build_filename (dir_path, name, NULL);
      if (g_stat (path, &buf) != 0 || !S_ISREG (buf.st_mode))
        continue;

      draft = g_new0 (DjDraft, 1);
      draft->id = g_strndup (name, strlen (name) - strlen (DRAFT_SUFFIX));
      draft->mtime = buf.st_mtime;
      /* NULL after the year 9999. */
      draft->modified = g_date_time_new_from_unix_local (buf.st_mtime);
      draft->in_use = draft_in_use (draft->id);
      info_path = draft_path (draft->id, INFO_SUFFIX);
      if (g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL)
          && (uri = g_key_file_get_string (info, INFO_GROUP, "file", NULL)) != NULL
          && g_uri_is_valid (uri, G_URI_FLAGS_NONE, NULL))
        {
          g_autoptr(GFile) file = g_file_new_for_uri (uri);
          g_autofree char *base = g_file_get_basename (file);

          /* A file= that names no file: the games are kept all the same,
           * as games without a file. */
          if (base != NULL && !g_str_equal (base, G_DIR_SEPARATOR_S))
            draft->file = g_steal_pointer (&file);
        }
      g_ptr_array_add (drafts, draft);
    }

  g_ptr_array_sort (drafts, compare_drafts);
  return drafts;
}

DjCollection *
dj_drafts_load (const char  *id,
                GError     **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (id != NULL, NULL);

  path = draft_path (id, DRAFT_SUFFIX);
  file = g_file_new_for_path (path);
  return dj_xml_load_file (file, NULL, error);
}
