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
 * g_get_user_data_dir()/djenon/drafts/.  Each window owns one draft name. */

typedef struct
{
  char      *id;
  GFile     *file;        /* the game file the draft belongs to, or NULL */
  GDateTime *modified;    /* when the draft was written */
} DjDraft;

char         *dj_drafts_get_dir     (void);
/* A new, unique draft name. */
char         *dj_drafts_new_id      (void);

/* Writes the draft atomically (a temporary file renamed over the old one). */
gboolean      dj_drafts_write       (const char    *id,
                                     DjCollection  *collection,
                                     GFile         *file,
                                     GError       **error);
void          dj_drafts_remove      (const char    *id);

/* The drafts on disk, oldest first: DjDraft elements. */
GPtrArray    *dj_drafts_list        (void);
DjCollection *dj_drafts_load        (const char    *id,
                                     GError       **error);

void          dj_draft_free         (DjDraft       *draft);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjDraft, dj_draft_free)

G_END_DECLS
