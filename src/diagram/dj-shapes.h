/* dj-shapes.h: the geometry the board and every picture of a position share
 *
 * The board widget (src/app) and the diagram renderer (diagrams, game sheets,
 * printing) draw seeds, marks and arrows from these functions, so that a
 * picture shows what the board shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "dj-markup.h"

G_BEGIN_DECLS

/* A seed's size, as a fraction of the pit's diameter. */
#define DJ_SEED_LENGTH  0.25f
#define DJ_SEED_WIDTH   0.185f

/* A well-mixed hash: the same seed always gets the same turn and tint. */
guint32  dj_seed_hash   (guint32      k);

typedef struct
{
  float x, y;       /* centre, relative to the pile's centre */
  float angle;      /* degrees */
  float tint;       /* -1 … 1 */
  guint layer;
} DjSeedPlace;

/* Where seed @k of a pile lies in a pit of diameter @d: a sunflower spiral
 * per layer (12, 9, 6, then 3 at a time), each layer smaller and higher, so
 * that a big count heaps up in the middle. */
void     dj_seed_place  (guint        k,
                         float        d,
                         DjSeedPlace *place);

/* The outline of a cross, triangle or square mark centred on (@cx, @cy) in a
 * pit of diameter @d (nothing for other shapes), to be stroked. */
void     dj_mark_path   (cairo_t     *cr,
                         DjMarkShape  shape,
                         double       cx,
                         double       cy,
                         double       d);

/* The outline of an arrow (shaft and head) from (@fx, @fy) to (@tx, @ty),
 * stopping short of both centres, for a board whose cell is @u wide.
 * FALSE (and no path) when the two points are too close for an arrow. */
gboolean dj_arrow_path  (cairo_t     *cr,
                         double       fx,
                         double       fy,
                         double       tx,
                         double       ty,
                         double       u);

G_END_DECLS
