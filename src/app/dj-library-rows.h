/* dj-library-rows.h: rows that stay in place, for a long list that changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DJ_TYPE_LIBRARY_ROW (dj_library_row_get_type ())

G_DECLARE_FINAL_TYPE (DjLibraryRow, dj_library_row, DJ, LIBRARY_ROW, GObject)

#define DJ_TYPE_LIBRARY_ROWS (dj_library_rows_get_type ())

G_DECLARE_FINAL_TYPE (DjLibraryRows, dj_library_rows, DJ, LIBRARY_ROWS, GObject)

/*
 * DjLibraryRows is the rows of a selection model (a DjLibraryList), for a
 * GtkColumnView: its items are DjLibraryRow, one for each position, whose
 * property "item" is the model's item at that position.  When the model
 * changes, the rows keep their places: a row whose item is another now
 * notifies "item" (its cells show the new item), and rows are added or
 * removed only at the end, as many as the model gained or lost.
 *
 * Why: GTK 4.8's list views keep 200 rows of widgets alive, and for an
 * "items-changed" they destroy the widgets of the items that went and make
 * new widgets (ten cells each in the Library window) for every item that
 * comes among those 200 rows; a search key changes most of them.  With
 * rows in place the widgets stay and only their texts change.
 *
 * The selection is the model's, position for position.
 */
DjLibraryRows *dj_library_rows_new      (GtkSelectionModel *model);

/* The model's item at the row's position (owned by the row). */
gpointer       dj_library_row_get_item  (DjLibraryRow      *row);

G_END_DECLS
