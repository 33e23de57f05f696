/* dj-library-service.h: the application's one library, kept up to date
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-library.h"

G_BEGIN_DECLS

#define DJ_TYPE_LIBRARY_SERVICE (dj_library_service_get_type ())

G_DECLARE_FINAL_TYPE (DjLibraryService, dj_library_service, DJ, LIBRARY_SERVICE, GObject)

/* Above this many folders (the library's and those below them) the folders
 * are not watched: changes are then found by the next update (at start-up,
 * or asked for). */
#define DJ_LIBRARY_SERVICE_MAX_WATCHED 512
/* Changes seen in the folders wait this long for more before an update. */
#define DJ_LIBRARY_SERVICE_DEBOUNCE_MS 500

/*
 * DjLibraryService owns the application's library (one per DjApplication,
 * dj_library_service_for_widget()): the folders, and the updates of the
 * index, run in a worker thread one at a time.  An update asked for while
 * one runs makes one more pass after it, never two at once.  Once a pass
 * has run, every folder read is watched (GFileMonitor, at most
 * DJ_LIBRARY_SERVICE_MAX_WATCHED of them): a game file written, deleted or
 * moved there starts a pass DJ_LIBRARY_SERVICE_DEBOUNCE_MS later, which reads
 * again only the files whose size or time changed.
 *
 * Signals:
 *   progress (guint done, guint total, const char *path)   a file was read
 *   finished (gpointer report, GError *error)   a pass ended: its
 *       DjLibraryReport (the error NULL, or why it stopped; cancelled:
 *       G_IO_ERROR_CANCELLED)
 *   changed ()            the games of the library may have changed (a
 *       pass read or forgot files, a folder was added or removed)
 *   notice (const char *) the database was rebuilt (dj_library_get_notice())
 * Property "updating" (read-only): a pass runs.
 */
DjLibraryService *dj_library_service_new          (const char       *dir);
/* The service of @widget's application (its "library-service" property,
 * DjApplication's), when its folder is @dir (NULL: the default); else a new
 * one for @dir. */
DjLibraryService *dj_library_service_for_widget   (GtkWidget        *widget,
                                                   const char       *dir);

const char       *dj_library_service_get_dir      (DjLibraryService *self);
/* The main thread's library (opened on first use), for the folders; NULL
 * and @error when it cannot be opened. */
DjLibrary        *dj_library_service_get_library  (DjLibraryService *self,
                                                   GError          **error);
/* The last rebuild notice of this session, or NULL. */
const char       *dj_library_service_get_notice   (DjLibraryService *self);

/* Asks for a pass; during one, one more pass follows it. */
void              dj_library_service_update       (DjLibraryService *self);
/* A pass unless one has run (or runs) in this session. */
void              dj_library_service_ensure_updated (DjLibraryService *self);
/* Stops the running pass (keeping what it read) and any pass asked after it. */
void              dj_library_service_cancel       (DjLibraryService *self);
gboolean          dj_library_service_get_updating (DjLibraryService *self);
/* Files read of all by the running pass (0 of 0 while it looks for them). */
void              dj_library_service_get_progress (DjLibraryService *self,
                                                   guint            *done,
                                                   guint            *total);
/* Folders watched now (0 before the first pass, or above the limit). */
guint             dj_library_service_get_n_watched (DjLibraryService *self);

/* Adds or removes a folder and updates; not during a pass (an error says so). */
gboolean          dj_library_service_add_folder   (DjLibraryService *self,
                                                   const char       *path,
                                                   GError          **error);
gboolean          dj_library_service_remove_folder (DjLibraryService *self,
                                                    const char       *path,
                                                    GError          **error);

G_END_DECLS
