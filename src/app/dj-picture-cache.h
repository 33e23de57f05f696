/* dj-picture-cache.h: parts of the board drawn once, then reused as pictures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _DjPictureCache DjPictureCache;

DjPictureCache *dj_picture_cache_new     (void);
DjPictureCache *dj_picture_cache_ref     (DjPictureCache *self);
void            dj_picture_cache_unref   (DjPictureCache *self);
/* Forgets every picture (the widget was unrealized: its renderer is gone). */
void            dj_picture_cache_clear   (DjPictureCache *self);

/* What @node draws, as a picture: rendered once by @widget's renderer at
 * its scale, and reused whenever an equal node comes again (same drawing,
 * colours and place: the node's values, written out, are the key).  It
 * lands exactly where the node would have drawn.
 * Takes @node; returns a node to append. */
GskRenderNode  *dj_picture_cache_draw    (DjPictureCache          *self,
                                          GtkWidget               *widget,
                                          GskRenderNode           *node);

/* Draws what a named picture shows, around the origin with @offset, else
 * in place. */
typedef void  (*DjPictureDrawFunc)       (GtkSnapshot             *snapshot,
                                          gconstpointer            data);

/* Appends the picture called @name, drawn by @draw with @data the first
 * time (a @name must say everything the picture depends on, and costs no
 * serialization).  With @offset, @draw draws around the origin and the
 * picture goes to @offset, rounded to whole device pixels, so a moving
 * thing is rendered once. */
void            dj_picture_cache_append_named (DjPictureCache         *self,
                                               GtkSnapshot            *snapshot,
                                               GtkWidget              *widget,
                                               const char             *name,
                                               const graphene_point_t *offset,
                                               DjPictureDrawFunc       draw,
                                               gconstpointer           data);

/* How many nodes were rendered, and how many were found drawn already. */
void            dj_picture_cache_get_stats (DjPictureCache *self,
                                            guint          *rendered,
                                            guint          *reused);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjPictureCache, dj_picture_cache_unref)

G_END_DECLS
