/* dj-game-file.h: the two kinds of game file the window opens and saves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-collection.h"
#include "dj-notation.h"

G_BEGIN_DECLS

typedef enum
{
  DJ_GAME_FILE_XML,    /* .djenon */
  DJ_GAME_FILE_TEXT,   /* .djn (and .txt) */
} DjGameFileFormat;

/* By the name: .djn and .txt are text, .djenon and anything else XML. */
DjGameFileFormat  dj_game_file_format_for_name (GFile             *file);
const char       *dj_game_file_mime_type       (DjGameFileFormat   format);
const char       *dj_game_file_extension       (DjGameFileFormat   format);

/* Reads either kind: by the name, and a file of another name by its first
 * character ("<" is XML).  Errors are DJ_FORMAT_ERROR and say the file, the
 * line and, for a refused move, the move. */
DjCollection     *dj_game_file_load            (GFile             *file,
                                                GCancellable      *cancellable,
                                                GError           **error);
/* Writes in the format of the name, atomically, keeping the previous
 * version as NAME~ (text) or NAME.djenon~ (XML).  Text is refused (nothing
 * written) when a game holds XML of other programs, which it cannot keep. */
gboolean          dj_game_file_save            (DjCollection      *collection,
                                                GFile             *file,
                                                GCancellable      *cancellable,
                                                GError           **error);

/* File chooser filters.  Open: "Djenon Games" (both kinds, chosen), each
 * kind, all files.  Save: each kind, @format's chosen. */
void              dj_game_file_add_open_filters (GtkFileChooser   *chooser);
void              dj_game_file_add_save_filters (GtkFileChooser   *chooser,
                                                 DjGameFileFormat  format);
/* The format of the filter chosen in a chooser made by add_filters() (XML
 * when it cannot tell). */
DjGameFileFormat  dj_game_file_format_for_filter (GtkFileChooser  *chooser);

G_END_DECLS
