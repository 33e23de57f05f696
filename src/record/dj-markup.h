/* dj-markup.h: board markup of a node: marks on pits and arrows between them
 *
 * A plain value type, GTK-free, so that anything that draws a board (the
 * board widget, diagrams, the command line) reads the same thing:
 *
 *   const DjMarkup *m = dj_node_get_markup (node);   // NULL: no markup
 *   for (guint pit = 0; m != NULL && pit < DJ_N_PITS; pit++)
 *     if (m->pits[pit].shape != DJ_MARK_NONE)
 *       draw_mark (pit, m->pits[pit].shape, m->pits[pit].colour, m->pits[pit].label);
 *   for (guint i = 0; m != NULL && i < m->n_arrows; i++)
 *     draw_arrow (m->arrows[i].from, m->arrows[i].to, m->arrows[i].colour);
 *
 * Every unused byte is zero, so markups compare with memcmp() and copy with
 * a plain assignment.  Colours are the DjMarker values (red, green, blue,
 * yellow); a mark of DJ_MARK_NONE has colour DJ_MARKER_NONE.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dj-rules.h"

G_BEGIN_DECLS

/* Colours of marks and arrows. */
typedef enum
{
  DJ_MARKER_NONE   = 0,
  DJ_MARKER_RED    = 1,
  DJ_MARKER_GREEN  = 2,
  DJ_MARKER_BLUE   = 3,
  DJ_MARKER_YELLOW = 4,
} DjMarker;

#define DJ_MARKER_LAST DJ_MARKER_YELLOW

/* "red", "green", "blue", "yellow" (NULL for DJ_MARKER_NONE). */
const char   *dj_marker_to_string         (DjMarker      marker);
gboolean      dj_marker_from_string       (const char   *str,
                                           DjMarker     *marker);
/* A translated colour name, e.g. "Red". */
const char   *dj_marker_describe          (DjMarker      marker);

typedef enum
{
  DJ_MARK_NONE = 0,
  DJ_MARK_CIRCLE,      /* a ring round the pit (the markers of older files) */
  DJ_MARK_CROSS,
  DJ_MARK_TRIANGLE,
  DJ_MARK_SQUARE,
  DJ_MARK_LABEL,       /* a short text */
} DjMarkShape;

#define DJ_MARK_SHAPE_LAST DJ_MARK_LABEL

/* A label is 1 to DJ_MARK_LABEL_MAX_CHARS characters, at most
 * DJ_MARK_LABEL_SIZE - 1 bytes of UTF-8, without white space, control or
 * invisible formatting characters or any of , [ ] { } \ (so that the text
 * notation holds it as it is); the schema's pattern is the same list. */
#define DJ_MARK_LABEL_MAX_CHARS 4
#define DJ_MARK_LABEL_SIZE      20

/* At most this many arrows on one node; each (from, to) pair once. */
#define DJ_MARKUP_MAX_ARROWS    24

typedef struct
{
  guint8 shape;                     /* DjMarkShape */
  guint8 colour;                    /* DjMarker */
  char   label[DJ_MARK_LABEL_SIZE]; /* DJ_MARK_LABEL only, else "" */
} DjPitMark;

typedef struct
{
  guint8 from;     /* pits 0 … 11, from != to */
  guint8 to;
  guint8 colour;   /* DjMarker, never NONE */
} DjArrow;

typedef struct
{
  DjPitMark pits[DJ_N_PITS];
  guint     n_arrows;
  DjArrow   arrows[DJ_MARKUP_MAX_ARROWS];   /* in the order they were drawn */
} DjMarkup;

void         dj_markup_init            (DjMarkup       *markup);
gboolean     dj_markup_is_empty        (const DjMarkup *markup);
/* NULL counts as empty. */
gboolean     dj_markup_equal           (const DjMarkup *a,
                                        const DjMarkup *b);

/* Sets the mark of @pit (DJ_MARK_NONE removes it; @colour is then ignored).
 * @label is used for DJ_MARK_LABEL only.  FALSE (and @markup unchanged) for
 * a bad pit, shape, colour or label. */
gboolean     dj_markup_set_mark        (DjMarkup       *markup,
                                        guint           pit,
                                        DjMarkShape     shape,
                                        DjMarker        colour,
                                        const char     *label);
/* The index of the arrow from @from to @to, or -1. */
int          dj_markup_find_arrow      (const DjMarkup *markup,
                                        guint           from,
                                        guint           to);
/* Adds the arrow, or recolours it when there is one from @from to @to.
 * FALSE for bad pits or colour, @from == @to, or no room left. */
gboolean     dj_markup_add_arrow       (DjMarkup       *markup,
                                        guint           from,
                                        guint           to,
                                        DjMarker        colour);
/* FALSE when there was no such arrow. */
gboolean     dj_markup_remove_arrow    (DjMarkup       *markup,
                                        guint           from,
                                        guint           to);
/* Drawing the same arrow again takes it off; another colour recolours it. */
gboolean     dj_markup_toggle_arrow    (DjMarkup       *markup,
                                        guint           from,
                                        guint           to,
                                        DjMarker        colour);

/* TRUE when @label can be a pit's label (see DJ_MARK_LABEL_MAX_CHARS). */
gboolean     dj_mark_label_is_valid    (const char     *label);

/* Stable names for files: "circle", "cross", "triangle", "square", "label"
 * (NULL for DJ_MARK_NONE). */
const char  *dj_mark_shape_to_string   (DjMarkShape     shape);
gboolean     dj_mark_shape_from_string (const char     *str,
                                        DjMarkShape    *shape);
/* A translated name, e.g. "Triangle". */
const char  *dj_mark_shape_describe    (DjMarkShape     shape);

/* The colour a picture draws @colour in, as 0xRRGGBB: the board's colours
 * in the light style (GNOME's palette), for drawings without a stylesheet
 * (diagrams, the command line).  0 for DJ_MARKER_NONE. */
guint32      dj_marker_to_rgb          (DjMarker        colour);

/* The colour letters of the text notation: 'R', 'G', 'B', 'Y'. */
char         dj_marker_to_letter       (DjMarker        colour);
gboolean     dj_marker_from_letter     (char            letter,
                                        DjMarker       *colour);

/* A translated sentence for screen readers of what marks @pit: its mark and
 * the arrows that start or end there, e.g. "Red triangle. Arrow to pit E
 * (green)."; NULL when nothing does.  Free with g_free(). */
char        *dj_markup_describe_pit    (const DjMarkup *markup,
                                        guint           pit);

G_END_DECLS
