/* dj-library-dnd.h: dragging games from the Library window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dj-library-window.h"

G_BEGIN_DECLS

/*
 * Games are dragged from the Library window's rows: the selected games when
 * the row pressed is selected, else that row's game alone.  What a drag
 * carries is a DjLibraryDrag (a boxed type, only ever read in this
 * process): the games as the window listed them.
 *
 * Dropped on a game of another file of the Library window, they are copied
 * there after that game (with Shift held, GDK_ACTION_MOVE: moved, taken out
 * of their files), through the same edit as Copy to File… and Move to
 * File…: one undo, safe saves, the other games byte-identical.  A drop on a
 * game of a file the games come from, on no game, or while the library is
 * updated, is refused: no drop highlight, and a toast says why when the
 * games are let go there.  A row that takes the drop is underlined.  The
 * list's rows stay in place (dj-library-rows.h): the game a drag carries
 * and the one it is judged against are those the cells under the pointer
 * show, and while a drag is over the list the underline follows the game
 * shown under the pointer when the list is sorted, searched, scrolled or
 * read again.
 *
 * Dropped on a main window, each file's first game dragged opens as the
 * Library window's Open does (dj-window-dnd.c).
 */

#define DJ_TYPE_LIBRARY_DRAG (dj_library_drag_get_type ())

typedef struct _DjLibraryDrag DjLibraryDrag;

GType                dj_library_drag_get_type     (void) G_GNUC_CONST;
DjLibraryDrag       *dj_library_drag_ref          (DjLibraryDrag *self);
void                 dj_library_drag_unref        (DjLibraryDrag *self);
guint                dj_library_drag_get_n_games  (DjLibraryDrag *self);
const DjLibraryGame *dj_library_drag_get_game     (DjLibraryDrag *self,
                                                   guint          index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjLibraryDrag, dj_library_drag_unref)

/* The games a drag begun on the row of shown game @index carries (NULL
 * past the end), as the drag source gives them. */
DjLibraryDrag       *dj_library_window_drag_games (DjLibraryWindow *window,
                                                   guint            index);
/* Why @drag cannot be dropped on @on (a listed game; NULL: on no game),
 * translated, or NULL when it can. */
const char          *dj_library_window_drop_refusal (DjLibraryWindow     *window,
                                                     DjLibraryDrag       *drag,
                                                     const DjLibraryGame *on);
/* What a drop of @drag on @on does: the games copied (@move: moved) after
 * @on in its file, or a toast saying why not.  TRUE when the files
 * changed. */
gboolean             dj_library_window_drop_games (DjLibraryWindow     *window,
                                                   DjLibraryDrag       *drag,
                                                   const DjLibraryGame *on,
                                                   gboolean             move);

G_END_DECLS
