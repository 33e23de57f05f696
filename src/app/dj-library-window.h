/* dj-library-window.h: every game of the library, in one window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-library.h"

G_BEGIN_DECLS

#define DJ_TYPE_LIBRARY_WINDOW (dj_library_window_get_type ())

G_DECLARE_FINAL_TYPE (DjLibraryWindow, dj_library_window, DJ, LIBRARY_WINDOW, AdwWindow)

/* The columns, in the order shown. */
typedef enum
{
  DJ_LIBRARY_COLUMN_SOUTH,
  DJ_LIBRARY_COLUMN_NORTH,
  DJ_LIBRARY_COLUMN_DATE,
  DJ_LIBRARY_COLUMN_EVENT,
  DJ_LIBRARY_COLUMN_SITE,
  DJ_LIBRARY_COLUMN_ROUND,
  DJ_LIBRARY_COLUMN_VARIANT,
  DJ_LIBRARY_COLUMN_RESULT,
  DJ_LIBRARY_COLUMN_MOVES,
  DJ_LIBRARY_COLUMN_FILE,
  DJ_LIBRARY_N_COLUMNS
} DjLibraryColumn;

/*
 * DjLibraryWindow lists every game of the library (dj_library_list_games(),
 * read in a worker thread) in a GtkColumnView sorted by any column, with a
 * search-as-you-type field over players, event and site, and filters for
 * variant, result and a date range.  The header bar adds a folder
 * (GtkFileChooserNative), lists and removes folders and updates the index
 * with a progress bar and Cancel (dj_library_update_async()); it updates once
 * when first shown.  Activating a game (double click or Enter) emits
 * "game-activated" (string path, uint number from 1): the main window opens
 * it.
 *
 * Games are selected (several with Ctrl and Shift) and acted on from the
 * header bar's game menu, a right click, Shift+F10 or keys: Open (Enter,
 * "game-activated"), Open in New Window (Shift+Enter) and Open at Move…
 * (Ctrl+G) emit "open-game" (string path, uint number from 1, uint moves
 * of the main line played, boolean new window); Copy to File… (Ctrl+Shift+C),
 * Move to File… (Ctrl+Shift+M), Merge File Into… and Delete… (Delete, after
 * an AdwMessageDialog naming the games) edit the files through
 * dj-collection-edit.h, refusing a file changed since it was listed; the
 * touched files' rows are replaced in the list, the files indexed again, and
 * a toast offers Undo (Ctrl+Z), which puts back the files' bytes; games
 * are dragged and dropped the same way (dj-library-dnd.h).  Below 600
 * pixels wide the filters fold under a button and only the players, result
 * and date are shown.
 *
 * Property "busy" (read-only): the games are being read or the library
 * updated.
 */
GtkWidget           *dj_library_window_new            (GtkApplication  *application,
                                                       const char      *library_dir);

gboolean             dj_library_window_get_busy       (DjLibraryWindow *self);
/* Games listed after the filters, and listed game @index (in the order
 * shown), NULL past the end. */
guint                dj_library_window_get_n_shown    (DjLibraryWindow *self);
guint                dj_library_window_get_n_games    (DjLibraryWindow *self);
const DjLibraryGame *dj_library_window_get_shown      (DjLibraryWindow *self,
                                                       guint            index);
/* The filters, as their fields set them: search text (NULL: none), variant
 * (-1: all, else a DjVariant), result (-1: all, else a DjResult), dates
 * from and to as written in games ("2024", "2024-03-01"; NULL: open). */
void                 dj_library_window_set_search     (DjLibraryWindow *self,
                                                       const char      *text);
void                 dj_library_window_set_variant    (DjLibraryWindow *self,
                                                       int              variant);
void                 dj_library_window_set_result     (DjLibraryWindow *self,
                                                       int              result);
void                 dj_library_window_set_dates      (DjLibraryWindow *self,
                                                       const char      *from,
                                                       const char      *to);
/* Sorts by @column, as a click on its heading does. */
void                 dj_library_window_sort           (DjLibraryWindow *self,
                                                       DjLibraryColumn  column,
                                                       gboolean         ascending);
/* Selects shown game @index, alone or (@extend) with those selected. */
void                 dj_library_window_select         (DjLibraryWindow *self,
                                                       guint            index,
                                                       gboolean         extend);
/* Whether the window is laid out narrow (filters folded, fewer columns). */
gboolean             dj_library_window_get_narrow     (DjLibraryWindow *self);
/* Emits "game-activated" for shown game @index, as activating its row does. */
void                 dj_library_window_open_game      (DjLibraryWindow *self,
                                                       guint            index);

G_END_DECLS
