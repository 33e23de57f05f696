/* dj-diagram.h: a position drawn as the board looks, on any cairo surface
 *
 * The one drawing of a position for every picture Djenon makes outside its
 * window: PNG and SVG export, the clipboard, game sheets (PDF), printing and
 * djenon-cli.  It needs cairo and pango only (no GTK, no display), and draws
 * the application's board in its light style: wood, stores, pits with their
 * seeds and counts, the pit letters a–f / A–F, the side to move, the last
 * move and the node's marks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "dj-game.h"
#include "dj-safe-save.h"

G_BEGIN_DECLS

#define DJ_DIAGRAM_ERROR (dj_diagram_error_quark ())

typedef enum
{
  DJ_DIAGRAM_ERROR_SIZE,      /* a size out of range */
  DJ_DIAGRAM_ERROR_FORMAT,    /* not .png, .svg or .pdf */
  DJ_DIAGRAM_ERROR_WRITE,     /* the file cannot be written */
  DJ_DIAGRAM_ERROR_MOVE,      /* a move path or move list that names no move */
  DJ_DIAGRAM_ERROR_TOO_LONG,  /* a game too long for a game sheet */
} DjDiagramError;

GQuark       dj_diagram_error_quark      (void);

/* Widths a picture may have, in pixels. */
#define DJ_DIAGRAM_MIN_SIZE   120
#define DJ_DIAGRAM_MAX_SIZE   4096
#define DJ_DIAGRAM_DEFAULT_SIZE 640

/* What is marked on the board: the node's markup (marks of every shape,
 * labels, arrows; see dj-markup.h).  Filled from a node by
 * dj_diagram_marks_from_node(), the one place that reads a node's marks,
 * and drawn by the renderer's one function for marks. */
typedef struct
{
  DjMarkup markup;
} DjDiagramMarks;

void         dj_diagram_marks_from_node  (DjDiagramMarks   *marks,
                                          const DjNode     *node);

typedef struct
{
  DjRules         rules;
  DjPosition      position;
  DjMove          last_move;  /* highlighted; DJ_NO_MOVE or DJ_PASS: none */
  DjDiagramMarks  marks;
  gboolean        flipped;    /* North's row at the bottom, as the board's "flipped" */
  char           *caption;    /* drawn under the board, or NULL */
} DjDiagram;

/* A diagram of @position (no last move, no marks, no caption). */
void         dj_diagram_init             (DjDiagram        *diagram,
                                          const DjRules    *rules,
                                          const DjPosition *position);
/* A diagram of the position at @node of @game: its last move and marks. */
void         dj_diagram_init_from_node   (DjDiagram        *diagram,
                                          DjGame           *game,
                                          const DjNode     *node);
void         dj_diagram_clear            (DjDiagram        *diagram);
void         dj_diagram_set_caption      (DjDiagram        *diagram,
                                          const char       *caption);

/* The usual caption of @node: the move (“12… C”), the players and the side
 * to move (or the game's end), translated.  Free with g_free(). */
char        *dj_diagram_caption_for_node (DjGame           *game,
                                          const DjNode     *node);

/* The height the diagram takes at @width (same units), caption included. */
double       dj_diagram_get_height       (const DjDiagram  *diagram,
                                          double            width);
/* Draws the diagram with its top left corner at the current origin of @cr,
 * @width wide (in @cr's user units). */
void         dj_diagram_draw             (const DjDiagram  *diagram,
                                          cairo_t          *cr,
                                          double            width);

typedef enum
{
  DJ_DIAGRAM_FORMAT_PNG,
  DJ_DIAGRAM_FORMAT_SVG,
} DjDiagramFormat;

/* By the file name's extension (.png, .svg, any case). */
gboolean     dj_diagram_format_from_name (const char       *name,
                                          DjDiagramFormat  *format,
                                          GError          **error);

/* The picture, @width pixels wide (DJ_DIAGRAM_MIN_SIZE … MAX_SIZE), as the
 * bytes of a PNG or SVG file.  The SVG carries a title and, for programs
 * and screen readers, a description of every pit. */
GBytes      *dj_diagram_render           (const DjDiagram  *diagram,
                                          DjDiagramFormat   format,
                                          int               width,
                                          GError          **error);
/* Renders and writes @file through dj_safe_save() (never half a picture,
 * the old file intact on failure, special files and read-only files
 * refused unless @flags has DJ_SAFE_SAVE_FORCE): a failed save is a
 * DJ_FORMAT_ERROR, a failed drawing DJ_DIAGRAM_ERROR_WRITE. */
gboolean     dj_diagram_save             (const DjDiagram  *diagram,
                                          GFile            *file,
                                          DjDiagramFormat   format,
                                          int               width,
                                          DjSafeSaveFlags   flags,
                                          GError          **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (DjDiagram, dj_diagram_clear)

G_END_DECLS
