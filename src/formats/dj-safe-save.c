/* dj-safe-save.c: saving a file so that a failure never destroys the old one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define _GNU_SOURCE   /* fallocate () */

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dj-format-private.h"
#include "dj-safe-save.h"

/* Failure injection, for the tests of full disks and failing devices. */
static DjSafeSaveStep fail_step = DJ_SAFE_SAVE_STEP_NONE;
static goffset        fail_after = 0;

void
dj_safe_save_inject_failure (DjSafeSaveStep step,
                             goffset        after_bytes)
{
  fail_step = step;
  fail_after = after_bytes;
}

/* A step that fails when told to; sets errno like the real call. */
static gboolean
injected (DjSafeSaveStep step,
          int            err)
{
  if (fail_step != step)
    return FALSE;
  errno = err;
  return TRUE;
}

/* The stream the writers write to: the temporary file's descriptor,
 * counting bytes against the file limit. */
#define DJ_TYPE_SAVE_STREAM (dj_save_stream_get_type ())
G_DECLARE_FINAL_TYPE (DjSaveStream, dj_save_stream, DJ, SAVE_STREAM, GOutputStream)

struct _DjSaveStream
{
  GOutputStream parent_instance;

  int           fd;
  goffset       written;
  gboolean      too_large;
};

G_DEFINE_FINAL_TYPE (DjSaveStream, dj_save_stream, G_TYPE_OUTPUT_STREAM)

static gssize
dj_save_stream_write (GOutputStream  *stream,
                      const void     *buffer,
                      gsize           count,
                      GCancellable   *cancellable,
                      GError        **error)
{
  DjSaveStream *self = DJ_SAVE_STREAM (stream);
  gssize n;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return -1;
  if (self->written + (goffset) count > DJ_FORMAT_MAX_FILE_BYTES)
    {
      self->too_large = TRUE;
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, g_strerror (EFBIG));
      return -1;
    }
  if (fail_step == DJ_SAFE_SAVE_STEP_WRITE)
    {
      if (self->written >= fail_after)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, g_strerror (ENOSPC));
          return -1;
        }
      count = MIN (count, (gsize) (fail_after - self->written));
    }
  do
    n = write (self->fd, buffer, count);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    {
      int saved_errno = errno;

      g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                           g_strerror (saved_errno));
      return -1;
    }
  self->written += n;
  return n;
}

static gboolean
dj_save_stream_close (GOutputStream  *stream,
                      GCancellable   *cancellable,
                      GError        **error)
{
  /* The descriptor is the saver's: it syncs and closes it. */
  return TRUE;
}

static void
dj_save_stream_class_init (DjSaveStreamClass *klass)
{
  GOutputStreamClass *stream_class = G_OUTPUT_STREAM_CLASS (klass);

  stream_class->write_fn = dj_save_stream_write;
  stream_class->close_fn = dj_save_stream_close;
}

static void
dj_save_stream_init (DjSaveStream *self)
{
  self->fd = -1;
}

/* Helpers */

static gboolean
fail_errno (GError     **error,
            const char  *name,
            int          err)
{
  dj_format_set_error (error, DJ_FORMAT_ERROR_IO, name, 0, _("cannot save the file: %s"),
                       g_strerror (err));
  return FALSE;
}

static gboolean
sync_fd (int fd)
{
  if (injected (DJ_SAFE_SAVE_STEP_SYNC, EIO))
    return FALSE;
  return fsync (fd) == 0;
}

static void
sync_dir (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

/* Copies @len bytes from the start of @from to the start of @to.  With
 * @in_place, the failure injected for overwriting in place applies. */
static gboolean
copy_fd (int      from,
         int      to,
         goffset  len,
         gboolean in_place)
{
  char buffer[64 * 1024];
  goffset done = 0;

  while (done < len)
    {
      gssize n = pread (from, buffer, MIN ((goffset) sizeof buffer, len - done), done);
      gssize w = 0;

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = EIO;   /* the file shrank under us */
          return FALSE;
        }
      if (in_place && fail_step == DJ_SAFE_SAVE_STEP_IN_PLACE)
        {
          if (done >= fail_after)
            {
              errno = ENOSPC;
              return FALSE;
            }
          n = MIN (n, fail_after - done);
        }
      while (w < n)
        {
          gssize k = pwrite (to, buffer + w, n - w, done + w);

          if (k < 0 && errno == EINTR)
            continue;
          if (k < 0)
            return FALSE;
          w += k;
        }
      done += n;
    }
  return TRUE;
}

/* The file @path names once every symbolic link is followed (it need not
 * exist: a link may name a file still to be made).  Each link is resolved
 * as the kernel resolves it: its text is appended to the real folder of
 * the link, and the folder part of the result goes through realpath(), so
 * that "sub/../x" climbs out of wherever "sub" really leads, not out of
 * the folder the link sits in.  At most 40 links, like the kernel. */
static char *
resolve_links (const char  *path,
               const char  *name,
               GError     **error)
{
  g_autofree char *cur = NULL;

  if (g_path_is_absolute (path))
    cur = g_strdup (path);
  else
    {
      g_autofree char *cwd = g_get_current_dir ();

      cur = g_build_filename (cwd, path, NULL);
    }
  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *dir = NULL;
      g_autofree char *base = NULL;
      g_autofree char *real_dir = NULL;
      g_autofree char *link = NULL;
      gsize len = strlen (cur);
      struct stat st;

      /* "name/" names what "name" names (a folder, refused later). */
      while (len > 1 && cur[len - 1] == G_DIR_SEPARATOR)
        cur[--len] = '\0';
      dir = g_path_get_dirname (cur);
      base = g_path_get_basename (cur);
      real_dir = realpath (dir, NULL);
      if (real_dir == NULL)
        {
          fail_errno (error, name, errno);
          return NULL;
        }
      g_free (cur);
      cur = g_build_filename (real_dir, base, NULL);
      if (lstat (cur, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&cur);
      link = g_file_read_link (cur, NULL);
      if (link == NULL)
        {
          fail_errno (error, name, errno);
          return NULL;
        }
      g_free (cur);
      cur = g_path_is_absolute (link) ? g_steal_pointer (&link)
                                      : g_build_filename (real_dir, link, NULL);
    }
  fail_errno (error, name, ELOOP);
  return NULL;
}

/* Read-only as editors see it: no write permission for anyone in its
 * mode (even for root, who could write it all the same), or none for us. */
static gboolean
is_read_only (const char        *path,
              const struct stat *st)
{
  return (st->st_mode & 0222) == 0 || access (path, W_OK) != 0;
}

static gboolean
refuse_special (const struct stat  *st,
                const char         *name,
                GError            **error)
{
  const char *why;

  if (S_ISDIR (st->st_mode))
    why = _("it is a folder, not a file");
  else if (S_ISCHR (st->st_mode) || S_ISBLK (st->st_mode))
    why = _("it is a device, not a file; Djenon saves only to regular files");
  else if (S_ISFIFO (st->st_mode))
    why = _("it is a pipe, not a file; Djenon saves only to regular files");
  else
    why = _("it is not a regular file; Djenon saves only to regular files");
  dj_format_set_error (error, DJ_FORMAT_ERROR_IO, name, 0, _("cannot save the file: %s"), why);
  return FALSE;
}

/* A new temporary file beside @target (hidden, same folder, so that the
 * rename cannot cross file systems).  Returns its descriptor or -1. */
static int
make_temp (const char  *target,
           char       **temp_path)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *tmpl_name = g_strdup_printf (".%.60s.XXXXXX", base);
  char *tmpl = g_build_filename (dir, tmpl_name, NULL);
  int fd = g_mkstemp_full (tmpl, O_RDWR | O_CLOEXEC, 0666);

  if (fd < 0)
    {
      int saved_errno = errno;

      g_free (tmpl);
      errno = saved_errno;
      return -1;
    }
  *temp_path = tmpl;
  return fd;
}

/* The previous version as NAME~: a second name for the old file when the
 * file system allows it, else a copy. */
static void
make_backup (const char *target)
{
  g_autofree char *backup = g_strconcat (target, "~", NULL);
  struct stat st;

  if (lstat (backup, &st) == 0 && !S_ISREG (st.st_mode) && !S_ISLNK (st.st_mode))
    return;   /* never replace a folder or a device by a backup */
  if (g_unlink (backup) != 0 && errno != ENOENT)
    return;
  if (link (target, backup) != 0)
    {
      int from = open (target, O_RDONLY | O_CLOEXEC);
      int to = from >= 0 ? open (backup, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600) : -1;

      if (from >= 0 && to >= 0 && fstat (from, &st) == 0 &&
          (!copy_fd (from, to, st.st_size, FALSE) || fchmod (to, st.st_mode & 07777) != 0 ||
           fsync (to) != 0))
        g_unlink (backup);
      if (to >= 0)
        close (to);
      if (from >= 0)
        close (from);
    }
}

/* Overwrites @target with the @len bytes of @fd (complete and synced).
 * The old content is copied aside first (to NAME~ with @backup, else to a
 * temporary file), the space reserved, and on failure the old content put
 * back. */
static gboolean
overwrite_in_place (const char  *target,
                    const char  *name,
                    int          fd,
                    goffset      len,
                    gboolean     backup,
                    GError     **error)
{
  g_autofree char *aside_path = NULL;
  struct stat st;
  int tfd, afd = -1;
  int err;

  tfd = open (target, O_RDWR | O_CLOEXEC);
  if (tfd < 0 || fstat (tfd, &st) != 0)
    {
      err = errno;
      if (tfd >= 0)
        close (tfd);
      return fail_errno (error, name, err);
    }
  if (backup)
    {
      aside_path = g_strconcat (target, "~", NULL);
      if (g_unlink (aside_path) == 0 || errno == ENOENT)
        afd = open (aside_path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, st.st_mode & 0666);
    }
  else
    afd = make_temp (target, &aside_path);

  /* Nothing of the target changes until its old content is safe aside and
   * the space for the new one reserved (a full disk fails here). */
  if (afd < 0 || !copy_fd (tfd, afd, st.st_size, FALSE) || !sync_fd (afd) ||
      (len > st.st_size && fallocate (tfd, FALLOC_FL_KEEP_SIZE, 0, len) != 0 &&
       errno != EOPNOTSUPP && errno != ENOSYS))
    {
      err = errno;
      if (afd >= 0)
        {
          close (afd);
          g_unlink (aside_path);
        }
      close (tfd);
      return fail_errno (error, name, err);
    }

  if (copy_fd (fd, tfd, len, TRUE) && ftruncate (tfd, len) == 0 && sync_fd (tfd))
    {
      close (afd);
      close (tfd);
      if (!backup)
        g_unlink (aside_path);
      return TRUE;
    }

  /* Put the old content back. */
  err = errno;
  if (copy_fd (afd, tfd, st.st_size, FALSE) && ftruncate (tfd, st.st_size) == 0 &&
      fsync (tfd) == 0)
    {
      close (afd);
      close (tfd);
      if (!backup)
        g_unlink (aside_path);
      return fail_errno (error, name, err);
    }
  close (afd);
  close (tfd);
  dj_format_set_error (error, DJ_FORMAT_ERROR_IO, name, 0,
                       _("cannot save the file: %s; its old content could not be put back "
                         "and is kept in %s"), g_strerror (err), aside_path);
  return FALSE;
}

/* Not a local path (a GVfs location): GIO's own replace, which also writes
 * a temporary file and renames it. */
static gboolean
save_with_gio (GFile             *file,
               const char        *name,
               DjSafeSaveFlags    flags,
               DjSafeSaveWriter   writer,
               gpointer           user_data,
               GCancellable      *cancellable,
               GError           **error)
{
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GCancellable) abort = g_cancellable_new ();
  g_autoptr(GError) local_error = NULL;

  stream = g_file_replace (file, NULL, (flags & DJ_SAFE_SAVE_BACKUP) != 0,
                           G_FILE_CREATE_NONE, cancellable, &local_error);
  if (stream == NULL)
    {
      dj_format_set_error (error, DJ_FORMAT_ERROR_IO, name, 0, _("cannot save the file: %s"),
                           local_error->message);
      return FALSE;
    }
  if (!writer (G_OUTPUT_STREAM (stream), user_data, cancellable, &local_error) ||
      !g_output_stream_close (G_OUTPUT_STREAM (stream), cancellable, &local_error))
    {
      /* A cancelled close drops the temporary file, keeping the old one. */
      g_cancellable_cancel (abort);
      g_output_stream_close (G_OUTPUT_STREAM (stream), abort, NULL);
      dj_format_set_error (error, DJ_FORMAT_ERROR_IO, name, 0, _("cannot save the file: %s"),
                           local_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
dj_safe_save (GFile             *file,
              DjSafeSaveFlags    flags,
              DjSafeSaveWriter   writer,
              gpointer           user_data,
              GCancellable      *cancellable,
              GError           **error)
{
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autofree char *target = NULL;
  g_autofree char *temp = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(DjSaveStream) stream = NULL;
  g_autoptr(GError) local_error = NULL;
  struct stat st, tst;
  gboolean exists, in_place;
  int fd;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (writer != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = g_file_get_parse_name (file);
  path = g_file_get_path (file);
  if (path == NULL)
    return save_with_gio (file, name, flags, writer, user_data, cancellable, error);

  target = resolve_links (path, name, error);
  if (target == NULL)
    return FALSE;
  exists = lstat (target, &st) == 0;
  if (!exists && errno != ENOENT)
    return fail_errno (error, name, errno);
  if (exists && !S_ISREG (st.st_mode))
    return refuse_special (&st, name, error);
  if (exists && (flags & DJ_SAFE_SAVE_FORCE) == 0 && is_read_only (target, &st))
    {
      dj_format_set_error (error, DJ_FORMAT_ERROR_READ_ONLY, name, 0,
                           _("cannot save the file: it is read-only; save it under another "
                             "name, or make it writable first"));
      return FALSE;
    }

  fd = make_temp (target, &temp);
  if (fd < 0)
    return fail_errno (error, name, errno);

  /* The new file keeps the old one's permissions and owner; where the
   * owner cannot be kept, the old file is overwritten in place instead. */
  in_place = exists && st.st_nlink > 1;
  if (exists && !in_place)
    {
      if (fchmod (fd, st.st_mode & 07777) != 0 || fstat (fd, &tst) != 0)
        in_place = TRUE;
      else if ((tst.st_uid != st.st_uid || tst.st_gid != st.st_gid) &&
               fchown (fd, st.st_uid, st.st_gid) != 0)
        in_place = TRUE;
    }

  stream = g_object_new (DJ_TYPE_SAVE_STREAM, NULL);
  stream->fd = fd;
  if (!writer (G_OUTPUT_STREAM (stream), user_data, cancellable, &local_error) ||
      !g_output_stream_close (G_OUTPUT_STREAM (stream), cancellable, &local_error))
    {
      if (stream->too_large)
        dj_format_set_error (error, DJ_FORMAT_ERROR_LIMIT, name, 0,
                             _("cannot save the file: it would be larger than %u MiB, more "
                               "than Djenon reads"),
                             (guint) (DJ_FORMAT_MAX_FILE_BYTES >> 20));
      else
        dj_format_set_error (error, DJ_FORMAT_ERROR_IO, name, 0, _("cannot save the file: %s"),
                             local_error->message);
      goto fail;
    }
  if (!sync_fd (fd))
    {
      fail_errno (error, name, errno);
      goto fail;
    }

  if (in_place)
    {
      if (!overwrite_in_place (target, name, fd, stream->written,
                               (flags & DJ_SAFE_SAVE_BACKUP) != 0, error))
        goto fail;
      close (fd);
      g_unlink (temp);
      return TRUE;
    }

  if (exists && (flags & DJ_SAFE_SAVE_BACKUP) != 0)
    make_backup (target);
  if (injected (DJ_SAFE_SAVE_STEP_RENAME, EIO) || g_rename (temp, target) != 0)
    {
      fail_errno (error, name, errno);
      goto fail;
    }
  close (fd);
  dir = g_path_get_dirname (target);
  sync_dir (dir);
  return TRUE;

fail:
  close (fd);
  g_unlink (temp);
  return FALSE;
}

typedef struct
{
  const void *data;
  gsize       len;
} Bytes;

static gboolean
write_bytes (GOutputStream  *stream,
             gpointer        user_data,
             GCancellable   *cancellable,
             GError        **error)
{
  Bytes *bytes = user_data;

  return g_output_stream_write_all (stream, bytes->data, bytes->len, NULL, cancellable, error);
}

gboolean
dj_safe_save_bytes (GFile            *file,
                    DjSafeSaveFlags   flags,
                    const void       *data,
                    gsize             len,
                    GCancellable     *cancellable,
                    GError          **error)
{
  Bytes bytes = { data, len };

  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  return dj_safe_save (file, flags, write_bytes, &bytes, cancellable, error);
}
