/* dj-sheet.h: a game sheet (information, notation, diagrams) cut into pages
 *
 * The sheet is laid out once for a page size and then drawn page by page
 * on any cairo context: a PDF file, a printer (GtkPrintOperation), a print
 * preview.  A page break falls only between two lines of text or before a
 * diagram, never through one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "dj-diagram.h"

G_BEGIN_DECLS

/* A4 and US Letter, in points (1/72 inch). */
#define DJ_SHEET_A4_WIDTH      595.276
#define DJ_SHEET_A4_HEIGHT     841.89
#define DJ_SHEET_LETTER_WIDTH  612.0
#define DJ_SHEET_LETTER_HEIGHT 792.0

typedef struct
{
  double      page_width;     /* points */
  double      page_height;
  double      margin;         /* on every side; the footer goes in the bottom one */
  guint       every;          /* a diagram after every @every moves of the main line; 0: none */
  GPtrArray  *at;             /* DjNode *: diagrams after these moves too (may be NULL) */
} DjSheetOptions;

/* A4, 50 pt margins, no diagram. */
void          dj_sheet_options_init     (DjSheetOptions       *options);

/* Finds a node of @game from a move path: a number N is the position after
 * N moves of the main line (0: the start); else moves from the start
 * separated by spaces or commas, with move numbers allowed ("1. c D 2. b"),
 * following variations where they go.  Errors name what is missing. */
DjNode       *dj_sheet_find_node        (DjGame               *game,
                                         const char           *path,
                                         GError              **error);

typedef struct _DjSheet DjSheet;

/* The most moves (nodes, variations included) a sheet is made of: about
 * 700 pages, 100 MB while it is laid out. */
#define DJ_SHEET_MAX_NODES 50000

/* FALSE (DJ_DIAGRAM_ERROR_TOO_LONG, translated) when @game is too long for
 * a sheet. */
gboolean          dj_sheet_check_game   (DjGame               *game,
                                         GError              **error);

typedef enum
{
  DJ_SHEET_ITEM_LINE,       /* one line of text */
  DJ_SHEET_ITEM_DIAGRAM,
} DjSheetItemKind;

/* Where something was put (for tests and the print preview). */
typedef struct
{
  DjSheetItemKind  kind;
  guint            page;    /* from 0 */
  double           x, y;    /* top left on the page, points */
  double           width, height;
  char            *text;    /* a line's text, or a diagram's caption */
  const DjNode    *node;    /* a diagram's node */
} DjSheetItem;

/* NULL when dj_sheet_check_game() refuses @game. */
DjSheet          *dj_sheet_new          (DjGame               *game,
                                         const DjSheetOptions *options,
                                         GError              **error);
void              dj_sheet_free         (DjSheet              *sheet);

guint             dj_sheet_get_n_pages  (DjSheet              *sheet);
guint             dj_sheet_get_n_items  (DjSheet              *sheet);
const DjSheetItem *dj_sheet_get_item    (DjSheet              *sheet,
                                         guint                 i);
/* The text area of a page: between the margins, above the footer. */
void              dj_sheet_get_body     (DjSheet              *sheet,
                                         double               *top,
                                         double               *bottom);

/* Draws page @page (from 0) with the page's top left corner at @cr's origin,
 * in points. */
void              dj_sheet_draw_page    (DjSheet              *sheet,
                                         cairo_t              *cr,
                                         guint                 page);
/* Every page as the bytes of a PDF file. */
GBytes           *dj_sheet_render_pdf   (DjSheet              *sheet,
                                         GError              **error);
/* Writes every page as a PDF through dj_safe_save() (errors as
 * dj_diagram_save() gives them). */
gboolean          dj_sheet_save_pdf     (DjSheet              *sheet,
                                         GFile                *file,
                                         DjSafeSaveFlags       flags,
                                         GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DjSheet, dj_sheet_free)

G_END_DECLS
