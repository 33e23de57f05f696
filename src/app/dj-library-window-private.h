/* dj-library-window-private.h: what the Library window's parts share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-library-window.h"

G_BEGIN_DECLS

/* dj-library-window.c */

/* The selected games' items (new references), in the order shown. */
GPtrArray           *_dj_library_window_selected_items (DjLibraryWindow *self);
/* Shown game @index's item (a new reference), NULL past the end. */
GObject             *_dj_library_window_get_shown_item (DjLibraryWindow *self,
                                                        guint            index);
/* The game an item of the list holds (owned by the item). */
const DjLibraryGame *_dj_library_item_get_game         (GObject         *item);
/* FALSE while the library is being updated (the game menu's edits are
 * disabled then). */
gboolean             _dj_library_window_can_edit       (DjLibraryWindow *self);
/* Copies (or, @move, moves) the games of @items into @target after its
 * game @after, as Copy to File… and Move to File… do (one edit: one
 * undo, a toast, an error dialog naming the file).  FALSE when nothing
 * changed. */
gboolean             _dj_library_window_edit_items     (DjLibraryWindow *self,
                                                        GPtrArray       *items,
                                                        gboolean         move,
                                                        const char      *target,
                                                        guint            after);
/* Shows @toast (taking it) over the list. */
void                 _dj_library_window_add_toast      (DjLibraryWindow *self,
                                                        AdwToast        *toast);

/* dj-library-dnd.c */

/* Games dragged from @view's rows and dropped on them. */
void                 _dj_library_window_init_dnd       (DjLibraryWindow *self,
                                                        GtkWidget       *view);

G_END_DECLS
