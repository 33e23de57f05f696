/* dj-drafts.c: unsaved games kept on disk so that a crash loses nothing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "dj-drafts.h"
#include "dj-xml.h"

#define DRAFT_SUFFIX ".djenon"
#define INFO_SUFFIX  ".ini"
#define INFO_GROUP   "Draft"

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

static char *
draft_path (const char *id,
            const char *suffix)
{
  g_autofree char *dir = dj_drafts_get_dir ();
  g_autofree char *name = g_strconcat (id, suffix, NULL);

  return g_build_filename (dir, name, NULL);
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
  g_unlink (path);
  g_unlink (info_path);
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

  return g_date_time_compare (da->modified, db->modified);
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
      draft->modified = g_date_time_new_from_unix_local (buf.st_mtime);
      info_path = draft_path (draft->id, INFO_SUFFIX);
      if (g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL)
          && (uri = g_key_file_get_string (info, INFO_GROUP, "file", NULL)) != NULL)
        draft->file = g_file_new_for_uri (uri);
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
