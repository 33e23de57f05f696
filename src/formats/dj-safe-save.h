/* dj-safe-save.h: saving a file so that a failure never destroys the old one
 *
 * Every writer of game files (XML, text notation), the application and
 * djenon-cli save through dj_safe_save():
 *
 * - a symbolic link is followed to the file it names, and that file is
 *   replaced: the link stays a link;
 * - the new content goes to a temporary file in the target's folder, is
 *   synced, and is renamed over the target, keeping its permissions and
 *   owner;
 * - a file with several hard links (or whose owner cannot be kept) is
 *   overwritten in place, but only once the complete new content has been
 *   written and synced elsewhere, the space it needs reserved, and a copy of
 *   the old content made to put back should the overwrite fail;
 * - anything but a regular file (a device, a pipe, a socket, a folder) is
 *   refused with a clear message;
 * - a read-only file (no write permission in its mode, or none for the
 *   user) is refused with DJ_FORMAT_ERROR_READ_ONLY, as editors refuse it,
 *   unless DJ_SAFE_SAVE_FORCE is given;
 * - on any failure the target and its links are byte-identical to before
 *   and no temporary file remains.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  DJ_SAFE_SAVE_NONE   = 0,
  DJ_SAFE_SAVE_BACKUP = 1 << 0,   /* keep the previous version as NAME~ */
  DJ_SAFE_SAVE_FORCE  = 1 << 1,   /* replace a read-only file all the same */
} DjSafeSaveFlags;

/* Writes the whole content to @stream.  The stream refuses to grow past
 * DJ_FORMAT_MAX_FILE_BYTES: no reader would take the file back. */
typedef gboolean (*DjSafeSaveWriter) (GOutputStream  *stream,
                                      gpointer        user_data,
                                      GCancellable   *cancellable,
                                      GError        **error);

/* Errors are DJ_FORMAT_ERROR_IO ("NAME: cannot save the file: why"),
 * DJ_FORMAT_ERROR_READ_ONLY (the target is read-only and @flags lacks
 * DJ_SAFE_SAVE_FORCE) or DJ_FORMAT_ERROR_LIMIT (the file would be too
 * large). */
gboolean dj_safe_save        (GFile            *file,
                              DjSafeSaveFlags   flags,
                              DjSafeSaveWriter  writer,
                              gpointer          user_data,
                              GCancellable     *cancellable,
                              GError          **error);

gboolean dj_safe_save_bytes  (GFile            *file,
                              DjSafeSaveFlags   flags,
                              const void       *data,
                              gsize             len,
                              GCancellable     *cancellable,
                              GError          **error);

/* For tests only: makes the next saves fail at @step as a full disk or a
 * failing device would (ENOSPC for writes, EIO otherwise), after
 * @after_bytes bytes for the two writing steps.  DJ_SAFE_SAVE_STEP_NONE
 * turns it off. */
typedef enum
{
  DJ_SAFE_SAVE_STEP_NONE,
  DJ_SAFE_SAVE_STEP_WRITE,      /* writing the temporary file */
  DJ_SAFE_SAVE_STEP_SYNC,       /* syncing it */
  DJ_SAFE_SAVE_STEP_RENAME,     /* renaming it over the target */
  DJ_SAFE_SAVE_STEP_IN_PLACE,   /* overwriting a hard-linked target in place */
} DjSafeSaveStep;

void     dj_safe_save_inject_failure (DjSafeSaveStep step,
                                      goffset        after_bytes);

G_END_DECLS
