/* dj-pit.h: one pit of the board, a button that draws its seeds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dj-board-scene.h"

G_BEGIN_DECLS

/* The colours seeds are drawn with, from the board's stylesheet. */
typedef struct
{
  GdkRGBA light;    /* highlight */
  GdkRGBA base;
  GdkRGBA dark;     /* rim */
  GdkRGBA shadow;
  GdkRGBA badge;    /* count badge background */
  GdkRGBA badge_fg;
} DjSeedColors;

void         dj_seed_colors_lookup          (GtkWidget          *widget,
                                             DjSeedColors       *colors);
/* Looks up a colour of the board's stylesheet (@define-color), else @fallback. */
void         dj_board_lookup_color          (GtkWidget          *widget,
                                             const char         *name,
                                             const char         *fallback,
                                             GdkRGBA            *color);

/* The colour marks and arrows of @colour are drawn in (light or dark style). */
void         dj_marker_lookup_color         (GtkWidget          *widget,
                                             DjMarker            colour,
                                             GdkRGBA            *color);

/* The board's texts, each laid out once at each size and weight.  Sizes
 * are whole pixels, so a window being resized meets few of them (each new
 * size is a new font for pango to set up).  The board is a drawing that
 * scales with the window, so its text is drawn from the letters' outlines,
 * not hinted to the pixel grid: letters keep their shape at every size, and
 * the font's hinting programs are not run for each of the board's sizes
 * (17 M instructions of the first frame).  The user's other font settings
 * (antialiasing, subpixel order) stay. */
typedef struct _DjBoardTexts DjBoardTexts;
typedef struct
{
  PangoLayout    *layout;
  PangoRectangle  ink;
  PangoRectangle  logical;
} DjBoardText;

DjBoardTexts      *dj_board_texts_new       (void);
void               dj_board_texts_free      (DjBoardTexts       *self);
/* Forgets every layout (the style or the font may have changed). */
void               dj_board_texts_clear     (DjBoardTexts       *self);
/* @text in the board's font at @size pixels (rounded), shrunk to fit
 * @max_width if it is given and the text is wider (a long translation). */
const DjBoardText *dj_board_texts_get       (DjBoardTexts       *self,
                                             GtkWidget          *widget,
                                             const char         *text,
                                             float               size,
                                             PangoWeight         weight,
                                             float               max_width);

/* Draws @count seeds as a pile centred on @center in a pit of @diameter:
 * the same count always gives the same picture, and each seed added keeps
 * the others where they were.  @in_hand draws them lifted, with a shadow
 * further below. */
void         dj_seed_pile_snapshot          (GtkSnapshot            *snapshot,
                                             const DjSeedColors     *colors,
                                             const graphene_point_t *center,
                                             float                   diameter,
                                             guint                   count,
                                             gboolean                in_hand);
/* Draws @count seeds heaped in @area (a store), seeds sized for @diameter. */
void         dj_seed_heap_snapshot          (GtkSnapshot            *snapshot,
                                             const DjSeedColors     *colors,
                                             const graphene_rect_t  *area,
                                             float                   diameter,
                                             guint                   count);
/* A count in a rounded badge centred on @center, @height high. */
void         dj_count_badge_snapshot        (GtkWidget              *widget,
                                             DjBoardTexts           *texts,
                                             GtkSnapshot            *snapshot,
                                             const DjSeedColors     *colors,
                                             const graphene_point_t *center,
                                             float                   height,
                                             guint                   count);

#define DJ_TYPE_PIT (dj_pit_get_type ())
G_DECLARE_FINAL_TYPE (DjPit, dj_pit, DJ, PIT, GtkButton)

/* @texts: the board's, which outlives its pits. */
GtkWidget   *dj_pit_new                     (DjBoardScene *scene,
                                             DjBoardTexts *texts,
                                             guint         pit);
guint        dj_pit_get_index               (DjPit        *self);
/* Refreshes style classes, tooltip and accessible label from the scene. */
void         dj_pit_sync                    (DjPit        *self);
/* The accessible label last set (for tests: GTK 4.8 cannot read it back). */
const char  *dj_pit_get_accessible_label    (DjPit        *self);
/* The accessible description last set: the pit's marks and arrows read
 * out, or NULL when it has none. */
const char  *dj_pit_get_accessible_description (DjPit     *self);
/* The pit's tooltip as it would show now (what the move does, or why it
 * cannot be played), or NULL.  Free with g_free(). */
char        *dj_pit_dup_tooltip             (DjPit        *self);

G_END_DECLS
