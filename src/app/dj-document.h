/* dj-document.h: one game file open for recording: its games, file, draft and loading
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dj-collection.h"
#include "dj-drafts.h"
#include "dj-search.h"

G_BEGIN_DECLS

#define DJ_TYPE_DOCUMENT (dj_document_get_type ())

G_DECLARE_FINAL_TYPE (DjDocument, dj_document, DJ, DOCUMENT, GObject)

/* Not a widget: a window shows a document, it does not own its life.
 *
 * Properties (read-only, with notify):
 *   collection  DjCollection  the games; replaced only by a collection that
 *                             actually opened (never NULL)
 *   file        GFile         where the games were read from or saved to
 *   modified    gboolean      changes not in the file
 *   busy        gboolean      a load or a save is running
 *   loading     gboolean      a load is running: the games may be replaced
 *   changed-on-disk gboolean  another program changed the file since the
 *                             document read or wrote it (watched with a
 *                             GFileMonitor, and checked again before saving)
 * Signals:
 *   draft-failed (const char *message)  a draft could not be written
 *
 * The draft: every change is written to a draft (dj-drafts.h) two seconds
 * later.  The draft is removed only when the games it protects are saved,
 * closed on purpose (dj_document_discard_draft()) or replaced by games that
 * actually opened. */

DjDocument   *dj_document_new               (void);

DjCollection *dj_document_get_collection    (DjDocument           *self);
GFile        *dj_document_get_file          (DjDocument           *self);
gboolean      dj_document_get_modified      (DjDocument           *self);
gboolean      dj_document_get_busy          (DjDocument           *self);
gboolean      dj_document_get_loading       (DjDocument           *self);
gboolean      dj_document_get_changed_on_disk (DjDocument         *self);
/* Looks at the file now (its time, size and inode against those when it
 * was read or written) and returns changed-on-disk.  A file deleted
 * meanwhile does not count: writing it again loses nothing. */
gboolean      dj_document_check_changed_on_disk (DjDocument       *self);
/* The file's display name, or NULL without a file. */
char         *dj_document_dup_display_name  (DjDocument           *self);

/* Games that opened (a new game, the sample, a file read elsewhere) take
 * the place of the old ones; the old draft goes. */
void          dj_document_replace           (DjDocument           *self,
                                             DjCollection         *collection,
                                             GFile                *file);

/* The one search shared by everything that analyses the document's games
 * (the analysis panel, Review Game, Play from Here), made on first call with
 * the table size of the "analysis-table-mb" setting.  Owned by the
 * document; take a reference (dj_search_ref()) to keep it longer. */
DjSearch     *dj_document_get_search        (DjDocument           *self);

/* Drafts */
const char   *dj_document_get_draft_id      (DjDocument           *self);
/* Writes the draft now (or removes it when nothing is unsaved). */
gboolean      dj_document_flush_draft       (DjDocument           *self,
                                             GError              **error);
/* The games were closed on purpose: the draft goes. */
void          dj_document_discard_draft     (DjDocument           *self);
/* Takes over @draft (its name and games, marked modified).  Fails with
 * G_IO_ERROR_BUSY when another running Djenon holds it, else with the
 * reader's error when it cannot be read (the draft is then claimed by this
 * process, to be set aside). */
gboolean      dj_document_restore_draft     (DjDocument           *self,
                                             const DjDraft        *draft,
                                             GError              **error);

/* Loading: the schema-checked reader in a worker thread.  On success the
 * games replace the document's; on failure nothing changes. */
void          dj_document_load_async        (DjDocument           *self,
                                             GFile                *file,
                                             GCancellable         *cancellable,
                                             GAsyncReadyCallback   callback,
                                             gpointer              user_data);
gboolean      dj_document_load_finish       (DjDocument           *self,
                                             GAsyncResult         *result,
                                             GError              **error);
gboolean      dj_document_load              (DjDocument           *self,
                                             GFile                *file,
                                             GError              **error);

/* Saving: a copy of the games written by the XML writer in a worker thread,
 * so the games may change meanwhile (they then stay modified).  On success
 * @file becomes the document's file. */
void          dj_document_save_async        (DjDocument           *self,
                                             GFile                *file,
                                             GCancellable         *cancellable,
                                             GAsyncReadyCallback   callback,
                                             gpointer              user_data);
gboolean      dj_document_save_finish       (DjDocument           *self,
                                             GAsyncResult         *result,
                                             GError              **error);
gboolean      dj_document_save              (DjDocument           *self,
                                             GFile                *file,
                                             GError              **error);

G_END_DECLS
