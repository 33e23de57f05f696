/* dj-drafts.h: unsaved games kept on disk so that a crash loses nothing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-collection.h"

G_BEGIN_DECLS

/* A draft is NAME.djenon (the games, written by the XML writer) and
 * NAME.ini (where the games came from) in
 * g_get_user_data_dir()/djenon/drafts/.  Each window owns one draft name.
 *
 * A draft belongs to the process that writes it: NAME.lock (holding its
 * process id, for people) is locked with flock() for as long as that
 * process keeps the draft, and the kernel lets go when the process ends,
 * however it ends.  So a draft locked by another running Djenon is never
 * offered or removed here, and the draft of a crashed one is free to be
 * claimed.  Drafts that cannot be read are set aside in unreadable/, never
 * deleted: they may be the only copy of someone's work. */

typedef struct
{
  char      *id;
  GFile     *file;        /* the game file the draft belongs to, or NULL */
  GDateTime *modified;    /* when the draft was written; NULL when that date
                           * is out of GDateTime's range (after 9999) */
  gint64     mtime;       /* the same, seconds since 1970 */
  gboolean   in_use;      /* held by a running Djenon: this one or another */
} DjDraft;

char         *dj_drafts_get_dir     (void);
/* A new, unique draft name. */
char         *dj_drafts_new_id      (void);

/* The games' file of the draft @id. */
char         *dj_drafts_get_path    (const char    *id);
/* Where unreadable drafts are set aside. */
char         *dj_drafts_get_unreadable_dir (void);

/* Writes the draft atomically (a temporary file renamed over the old one),
 * and locks it for this process first (G_IO_ERROR_BUSY when another
 * process holds it). */
gboolean      dj_drafts_write       (const char    *id,
                                     DjCollection  *collection,
                                     GFile         *file,
                                     GError       **error);
/* Removes the draft's files and lets go of its lock. */
void          dj_drafts_remove      (const char    *id);

/* Locks @id for this process, to take over a draft left by a Djenon that
 * is gone.  TRUE when this process holds it already; FALSE with
 * G_IO_ERROR_BUSY when another running process holds it. */
gboolean      dj_drafts_claim       (const char    *id,
                                     GError       **error);
/* Lets go of the lock on @id and keeps its files (a window that closes
 * without deciding about its games, or a draft left for later). */
void          dj_drafts_release     (const char    *id);
/* Moves the draft's files into dj_drafts_get_unreadable_dir(), under a
 * name no earlier draft there has, and lets go of its lock.  Returns the
 * new path of the games' file. */
char         *dj_drafts_set_aside   (const char    *id,
                                     GError       **error);

/* The drafts on disk, oldest first: DjDraft elements. */
GPtrArray    *dj_drafts_list        (void);
DjCollection *dj_drafts_load        (const char    *id,
                                     GError       **error);

void          dj_draft_free         (DjDraft       *draft);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjDraft, dj_draft_free)

G_END_DECLS
