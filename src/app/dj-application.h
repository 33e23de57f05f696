/* dj-application.h: the application: windows, files given to it, drafts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-library-service.h"
#include "dj-training-store.h"
#include "dj-window.h"

G_BEGIN_DECLS

#define DJ_TYPE_APPLICATION (dj_application_get_type ())

G_DECLARE_FINAL_TYPE (DjApplication, dj_application, DJ, APPLICATION, AdwApplication)

/* @flags are added to G_APPLICATION_HANDLES_OPEN (tests pass
 * G_APPLICATION_NON_UNIQUE). */
/* Before GTK starts: spares it work Djenon does not need (see the .c);
 * undone for programs started from Djenon once GTK has started. */
void           dj_application_prepare_environment (void);
DjApplication *dj_application_new              (GApplicationFlags  flags);

/* The window showing @file, or NULL. */
DjWindow      *dj_application_find_window      (DjApplication     *self,
                                                GFile             *file);
/* A new window with a new game of the last variant. */
DjWindow      *dj_application_new_window       (DjApplication     *self);
/* Opens a djenon: link (a help example) in a new game window, or says why not. */
void           dj_application_open_example     (DjApplication     *self,
                                                const char        *uri);
/* The application's library: its folders and its updates, shared by every
 * window and explorer. */
DjLibraryService *dj_application_get_library_service (DjApplication *self);
/* The application's training store (see dj-training-store.h), shared by the
 * puzzle trainer and every window's "Learn from Your Mistakes", so that one
 * never writes over what the other added.  Read from its file when nobody
 * holds it yet; @error (may be NULL) is set by the call that found the file
 * damaged (the store is then empty and usable).  Unref when done. */
DjTrainingStore *dj_application_ref_training_store (DjApplication  *self,
                                                    GError        **error);

G_END_DECLS
