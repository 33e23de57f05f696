/* dj-library-list.h: a long list filtered and sorted in flat passes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DJ_TYPE_LIBRARY_LIST (dj_library_list_get_type ())

G_DECLARE_FINAL_TYPE (DjLibraryList, dj_library_list, DJ, LIBRARY_LIST, GObject)

/*
 * DjLibraryList shows the items of a source list model (the Library
 * window's games) that @filter matches, in the order of @sorter (stable:
 * items the sorter finds equal keep the source's order; a NULL sorter, or
 * one without an order, keeps the source's order).  It is a GListModel of
 * the source's items and a GtkSelectionModel with any number of items
 * selected, for a GtkColumnView.
 *
 * It is made for 100,000 items and a filter that changes at every key of a
 * search:
 * - the order is an array of the source's positions, sorted when the sorter
 *   changes (unless the order as it is, or reversed, is sorted already: a
 *   heading clicked again is one pass), merged when the source changes with
 *   the source's new items sorted alone; a filter change never sorts;
 * - a filter change is one pass over that array; "more strict" asks the
 *   filter only about the items shown, "less strict" only about the others;
 * - the selection belongs to the items: it follows them when the order or
 *   the filter changes, and an item filtered out leaves it;
 * - with the filter's states named (dj_library_list_set_filter_state()),
 *   a state seen again takes the answers kept from then.
 *
 * A change is told as one "items-changed", of the part between the items
 * that stay first and last.  A GtkColumnView shows it through
 * DjLibraryRows (dj-library-rows.h), whose rows stay in place.
 */
DjLibraryList *dj_library_list_new        (GListModel    *source,
                                           GtkFilter     *filter,
                                           GtkSorter     *sorter);
void           dj_library_list_set_sorter (DjLibraryList *self,
                                           GtkSorter     *sorter);
void           dj_library_list_set_filter (DjLibraryList *self,
                                           GtkFilter     *filter);
/* Names the state the filter is in, before it tells of a change
 * (gtk_filter_changed()): a text that differs whenever its answers may.
 * The list keeps its answers in the last few states named, and when the
 * filter comes back to one (a key of a search deleted) takes them rather
 * than asking the filter again.  NULL (as at first): the filter's state
 * has no name, its answers are not kept.  The answers kept are forgotten
 * when the source or the filter changes. */
void           dj_library_list_set_filter_state (DjLibraryList *self,
                                                 const char    *state);
/* Items of the source, shown or not. */
guint          dj_library_list_get_n_all  (DjLibraryList *self);

G_END_DECLS
