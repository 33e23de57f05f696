/* dj-sheet.c: a game sheet cut into pages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-diagram-text.h"
#include "dj-sheet.h"

#define TITLE_SIZE     17.0
#define BODY_SIZE      10.5
#define INFO_SIZE      9.5
#define FOOTER_SIZE    8.0
#define PARA_GAP       6.0
#define DIAGRAM_GAP    8.0
#define DIAGRAM_WIDTH  330.0
#define FOOTER_ROOM    22.0
#define MAX_PARAGRAPH  3000   /* bytes of notation before a new paragraph */

void
dj_sheet_options_init (DjSheetOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->page_width = DJ_SHEET_A4_WIDTH;
  options->page_height = DJ_SHEET_A4_HEIGHT;
  options->margin = 50;
}

/* Move paths --------------------------------------------------------------- */

DjNode *
dj_sheet_find_node (DjGame      *game,
                    const char  *path,
                    GError     **error)
{
  DjNode *node;
  g_auto(GStrv) tokens = NULL;
  const char *p = path;
  char *end = NULL;
  guint64 ply;

  g_return_val_if_fail (DJ_IS_GAME (game) && path != NULL, NULL);

  node = dj_game_get_root (game);
  while (g_ascii_isspace (*p))
    p++;
  if (g_ascii_isdigit (*p))
    {
      ply = g_ascii_strtoull (p, &end, 10);
      while (end != NULL && g_ascii_isspace (*end))
        end++;
      if (end != NULL && *end == '\0')
        {
          for (guint64 i = 0; i < ply; i++)
            {
              node = dj_node_get_first_child (node);
              if (node == NULL)
                {
                  g_set_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_MOVE,
                               _("The main line has %u moves, not %s"),
                               dj_node_get_ply (dj_node_get_line_end (dj_game_get_root (game))),
                               p);
                  return NULL;
                }
            }
          return node;
        }
    }

  tokens = g_strsplit_set (path, " ,\t\n", -1);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      const char *t = tokens[i];
      DjMove move;
      DjNode *child;

      /* Move numbers ("12." or "12...") are allowed and skipped. */
      while (g_ascii_isdigit (*t))
        t++;
      if (t != tokens[i] && *t == '.')
        while (*t == '.')
          t++;
      if (*t == '\0')
        continue;
      if (!dj_move_from_string (t, &move))
        {
          g_set_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_MOVE,
                       _("“%s” is not a move (a–f, A–F or pass)"), t);
          return NULL;
        }
      child = dj_node_find_child (node, move);
      if (child == NULL)
        {
          g_set_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_MOVE,
                       _("The game has no move %s after move %u of “%s”"), t,
                       dj_node_get_ply (node), path);
          return NULL;
        }
      node = child;
    }
  return node;
}

/* Layout ------------------------------------------------------------------- */

typedef struct
{
  DjSheetItem  item;
  PangoLayout *layout;      /* a line's paragraph */
  int          line;        /* its index in the layout */
  double       baseline;    /* from the item's top */
  DjDiagram    diagram;
} Placed;

struct _DjSheet
{
  DjGame         *game;
  DjSheetOptions  options;
  PangoContext   *context;
  GArray         *placed;   /* Placed */
  guint           n_pages;
  double          y;        /* where the next thing goes on the current page */
  guint           page;
  double          top, bottom, left, width;
  char           *title;
};

static void
placed_clear (gpointer data)
{
  Placed *p = data;

  g_clear_object (&p->layout);
  g_clear_pointer (&p->item.text, g_free);
  dj_diagram_clear (&p->diagram);
}

static void
new_page (DjSheet *self)
{
  self->page++;
  self->y = self->top;
}

/* Puts every line of @layout on the pages, breaking between lines only. */
static void
place_paragraph (DjSheet     *self,
                 PangoLayout *layout,
                 double       gap_after)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  const char *text = pango_layout_get_text (layout);
  int index = 0;

  do
    {
      PangoRectangle logical;
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      double height, baseline;
      Placed p = { 0 };

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      height = logical.height / (double) PANGO_SCALE;
      baseline = (pango_layout_iter_get_baseline (iter) - logical.y) / (double) PANGO_SCALE;
      if (self->y + height > self->bottom && self->y > self->top)
        new_page (self);
      p.item.kind = DJ_SHEET_ITEM_LINE;
      p.item.page = self->page;
      p.item.x = self->left + logical.x / (double) PANGO_SCALE;
      p.item.y = self->y;
      p.item.width = logical.width / (double) PANGO_SCALE;
      p.item.height = height;
      p.item.text = g_strndup (text + line->start_index, line->length);
      p.layout = g_object_ref (layout);
      p.line = index++;
      p.baseline = baseline;
      g_array_append_val (self->placed, p);
      self->y += height;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  self->y += gap_after;
}

static PangoLayout *
paragraph_new (DjSheet     *self,
               const char  *markup,
               double       size,
               PangoWeight  weight)
{
  PangoLayout *layout = dj_diagram_text_layout_new (self->context, markup, TRUE, size, weight);

  pango_layout_set_width (layout, (int) (self->width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  if (pango_context_get_base_dir (self->context) == PANGO_DIRECTION_RTL)
    pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
  return layout;
}

static void
add_paragraph (DjSheet     *self,
               const char  *markup,
               double       size,
               PangoWeight  weight,
               double       gap_after)
{
  g_autoptr(PangoLayout) layout = NULL;

  if (markup == NULL || *markup == '\0')
    return;
  layout = paragraph_new (self, markup, size, weight);
  place_paragraph (self, layout, gap_after);
}

static void
add_diagram (DjSheet      *self,
             const DjNode *node)
{
  Placed p = { 0 };
  g_autofree char *caption = dj_diagram_caption_for_node (self->game, node);
  double width = MIN (DIAGRAM_WIDTH, self->width), height;

  dj_diagram_init_from_node (&p.diagram, self->game, node);
  dj_diagram_set_caption (&p.diagram, caption);
  height = dj_diagram_get_height (&p.diagram, width);
  /* A diagram is never cut: it goes whole onto the next page. */
  if (self->y + height > self->bottom && self->y > self->top)
    new_page (self);
  p.item.kind = DJ_SHEET_ITEM_DIAGRAM;
  p.item.page = self->page;
  p.item.x = self->left + (self->width - width) / 2;
  p.item.y = self->y;
  p.item.width = width;
  p.item.height = height;
  p.item.text = g_steal_pointer (&caption);
  p.item.node = node;
  g_array_append_val (self->placed, p);
  self->y += height + DIAGRAM_GAP;
}

static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (out, escaped);
}

static void
info_line (GString    *out,
           const char *label,
           const char *value)
{
  if (value == NULL || *value == '\0')
    return;
  if (out->len > 0)
    g_string_append_c (out, '\n');
  g_string_append (out, "<b>");
  append_escaped (out, label);
  g_string_append (out, "</b>  \u2068");
  append_escaped (out, value);
  g_string_append (out, "\u2069");
}

static const char *
result_describe (DjResult result)
{
  switch (result)
    {
    case DJ_RESULT_SOUTH_WINS:
      return _("South wins");
    case DJ_RESULT_NORTH_WINS:
      return _("North wins");
    case DJ_RESULT_DRAW:
      return _("Draw");
    case DJ_RESULT_UNKNOWN:
    default:
      return NULL;
    }
}

static void
add_header (DjSheet *self)
{
  const DjGameInfo *info = dj_game_get_info (self->game);
  const DjRules *rules = dj_game_get_rules (self->game);
  g_autoptr(GString) title = g_string_new (NULL);
  g_autoptr(GString) lines = g_string_new (NULL);
  g_autofree char *score = NULL;

  append_escaped (title, self->title);
  add_paragraph (self, title->str, TITLE_SIZE, PANGO_WEIGHT_BOLD, PARA_GAP);

  info_line (lines, C_("player", "South"), info->south);
  info_line (lines, C_("player", "North"), info->north);
  info_line (lines, _("Event"), info->event);
  info_line (lines, _("Site"), info->site);
  info_line (lines, _("Date"), info->date);
  info_line (lines, _("Round"), info->round);
  info_line (lines, _("Game"), dj_variant_display_name (rules->variant));
  if (info->score[0] >= 0 && info->score[1] >= 0)
    /* Translators: the final score, South's first */
    score = g_strdup_printf (_("%s (%d–%d)"),
                             result_describe (info->result) ? result_describe (info->result)
                                                            : "",
                             info->score[0], info->score[1]);
  info_line (lines, _("Result"), score != NULL ? score : result_describe (info->result));
  info_line (lines, _("Annotator"), info->annotator);
  info_line (lines, _("Source"), info->source);
  add_paragraph (self, lines->str, INFO_SIZE, PANGO_WEIGHT_NORMAL, PARA_GAP * 2);
  if (info->notes != NULL)
    {
      g_autoptr(GString) notes = g_string_new (NULL);

      append_escaped (notes, info->notes);
      add_paragraph (self, notes->str, INFO_SIZE, PANGO_WEIGHT_NORMAL, PARA_GAP * 2);
    }
}

static gboolean
wants_diagram (DjSheet      *self,
               const DjNode *node,
               gboolean      main_line)
{
  if (main_line && self->options.every > 0 && dj_node_get_ply (node) > 0 &&
      dj_node_get_ply (node) % self->options.every == 0)
    return TRUE;
  if (self->options.at != NULL)
    for (guint i = 0; i < self->options.at->len; i++)
      if (g_ptr_array_index (self->options.at, i) == node)
        return TRUE;
  return FALSE;
}

/* A space between words, none after an opening parenthesis. */
static void
space (GString *out)
{
  if (out->len > 0 && out->str[out->len - 1] != '(')
    g_string_append_c (out, ' ');
}

static void
append_comment (GString    *out,
                const char *comment)
{
  if (comment == NULL || *comment == '\0')
    return;
  space (out);
  /* Isolated, so that a right-to-left comment does not carry the move
   * numbers around it into its own direction. */
  g_string_append (out, "<i>\u2068");
  append_escaped (out, comment);
  g_string_append (out, "\u2069</i>");
}

/* One line of the move tree being written: the next node of the line and
 * the next variation to open after the move just written. */
typedef struct
{
  DjNode   *next;
  DjNode   *first;        /* the line's first move */
  DjNode   *variation;    /* the next sibling to write in parentheses */
  gboolean  main_line;
} Frame;

static void
flush (DjSheet *self,
       GString *para)
{
  add_paragraph (self, para->str, BODY_SIZE, PANGO_WEIGHT_NORMAL, PARA_GAP);
  g_string_truncate (para, 0);
}

/* The notation, as the text notation writes it, without recursion: an
 * explicit stack of lines being written. */
static void
add_notation (DjSheet *self)
{
  DjNode *root = dj_game_get_root (self->game);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_autoptr(GString) para = g_string_new (NULL);
  gboolean need_number = TRUE;
  Frame top = { dj_node_get_first_child (root), dj_node_get_first_child (root), NULL, TRUE };

  if (dj_game_has_setup (self->game) || wants_diagram (self, root, FALSE))
    add_diagram (self, root);
  append_comment (para, dj_node_get_comment_after (root));
  if (para->len > 0)
    flush (self, para);

  g_array_append_val (stack, top);
  while (stack->len > 0)
    {
      Frame *f = &g_array_index (stack, Frame, stack->len - 1);
      DjNode *n;

      if (f->variation != NULL)
        {
          Frame v = { f->variation, f->variation, NULL, FALSE };

          f->variation = dj_node_get_next_sibling (f->variation);
          space (para);
          g_string_append_c (para, '(');
          g_array_append_val (stack, v);
          need_number = TRUE;
          continue;
        }
      if (f->next == NULL)
        {
          gboolean was_variation = !f->main_line;

          g_array_set_size (stack, stack->len - 1);
          if (was_variation)
            {
              g_string_append_c (para, ')');
              need_number = TRUE;
            }
          continue;
        }

      n = f->next;
      f->next = dj_node_get_first_child (n);
      /* The alternatives to @n are written after it, except for a
       * variation's own first move (its parent line writes its siblings). */
      f->variation = n == f->first && !f->main_line ? NULL : dj_node_get_next_sibling (n);

      /* A long stretch of moves goes on in a new paragraph: pango lays a
       * paragraph out in more than linear time. */
      if (para->len > MAX_PARAGRAPH && dj_node_get_mover (n) == DJ_SOUTH)
        {
          flush (self, para);
          need_number = TRUE;
        }
      if (dj_node_get_comment_before (n) != NULL)
        {
          append_comment (para, dj_node_get_comment_before (n));
          need_number = TRUE;
        }
      space (para);
      /* Moves are written left to right in every language. */
      g_string_append (para, "\u2066");
      if (f->main_line)
        g_string_append (para, "<b>");
      if (dj_node_get_mover (n) == DJ_SOUTH)
        g_string_append_printf (para, "%u. ", dj_node_get_move_number (n));
      else if (need_number)
        g_string_append_printf (para, "%u… ", dj_node_get_move_number (n));
      g_string_append (para, dj_move_to_string (dj_node_get_move (n)));
      if (dj_node_get_glyph (n) != DJ_GLYPH_NONE)
        g_string_append (para, dj_glyph_to_string (dj_node_get_glyph (n)));
      if (f->main_line)
        g_string_append (para, "</b>");
      if (dj_node_get_assessment (n) != DJ_ASSESSMENT_NONE)
        {
          g_string_append_c (para, ' ');
          append_escaped (para, dj_assessment_to_sign (dj_node_get_assessment (n)));
        }
      g_string_append (para, "\u2069");
      need_number = FALSE;
      if (dj_node_get_comment_after (n) != NULL)
        {
          append_comment (para, dj_node_get_comment_after (n));
          need_number = TRUE;
        }
      if (wants_diagram (self, n, f->main_line))
        {
          flush (self, para);
          add_diagram (self, n);
          need_number = TRUE;
        }
    }
  {
    const char *result = result_describe (dj_game_get_info (self->game)->result);

    if (result != NULL)
      {
        space (para);
        g_string_append (para, "<b>");
        append_escaped (para, result);
        g_string_append (para, "</b>");
      }
  }
  if (para->len > 0)
    flush (self, para);
}

gboolean
dj_sheet_check_game (DjGame  *game,
                     GError **error)
{
  guint n;

  g_return_val_if_fail (DJ_IS_GAME (game), FALSE);

  n = dj_game_get_n_nodes (game) - 1;
  if (n > DJ_SHEET_MAX_NODES)
    {
      g_set_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_TOO_LONG,
                   _("The game has %u moves with its variations; a game sheet holds at most %u"),
                   n, DJ_SHEET_MAX_NODES);
      return FALSE;
    }
  return TRUE;
}

DjSheet *
dj_sheet_new (DjGame               *game,
              const DjSheetOptions *options,
              GError              **error)
{
  DjSheet *self;

  g_return_val_if_fail (DJ_IS_GAME (game), NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (options->page_width > 2 * options->margin + 100, NULL);
  g_return_val_if_fail (options->page_height > 2 * options->margin + FOOTER_ROOM + 300, NULL);

  if (!dj_sheet_check_game (game, error))
    return NULL;

  self = g_new0 (DjSheet, 1);
  self->game = g_object_ref (game);
  self->options = *options;
  if (options->at != NULL)
    self->options.at = g_ptr_array_ref (options->at);
  self->context = dj_diagram_text_context_new ();
  self->placed = g_array_new (FALSE, TRUE, sizeof (Placed));
  g_array_set_clear_func (self->placed, placed_clear);
  self->top = options->margin;
  self->bottom = options->page_height - options->margin - FOOTER_ROOM;
  self->left = options->margin;
  self->width = options->page_width - 2 * options->margin;
  self->y = self->top;
  self->title = dj_game_info_get_title (dj_game_get_info (game));

  add_header (self);
  add_notation (self);
  self->n_pages = self->page + 1;
  return self;
}

void
dj_sheet_free (DjSheet *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->game);
  g_clear_pointer (&self->options.at, g_ptr_array_unref);
  g_clear_object (&self->context);
  g_clear_pointer (&self->placed, g_array_unref);
  g_free (self->title);
  g_free (self);
}

guint
dj_sheet_get_n_pages (DjSheet *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_pages;
}

guint
dj_sheet_get_n_items (DjSheet *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->placed->len;
}

const DjSheetItem *
dj_sheet_get_item (DjSheet *self,
                   guint    i)
{
  g_return_val_if_fail (self != NULL && i < self->placed->len, NULL);
  return &g_array_index (self->placed, Placed, i).item;
}

void
dj_sheet_get_body (DjSheet *self,
                   double  *top,
                   double  *bottom)
{
  g_return_if_fail (self != NULL);
  if (top != NULL)
    *top = self->top;
  if (bottom != NULL)
    *bottom = self->bottom;
}

static void
footer_draw (DjSheet *self,
             cairo_t *cr,
             guint    page)
{
  /* Translators: the footer of a printed game sheet: its title, then
   * "Page 2 of 5" */
  g_autofree char *title = g_strdup_printf ("\u2068%s\u2069", self->title);
  g_autofree char *text = g_strdup_printf (_("%s — page %u of %u"), title, page + 1,
                                           self->n_pages);
  g_autoptr(PangoLayout) layout = dj_diagram_text_layout_new (self->context, text, FALSE,
                                                              FOOTER_SIZE, PANGO_WEIGHT_NORMAL);
  PangoRectangle logical;

  pango_layout_set_width (layout, (int) (self->width * PANGO_SCALE));
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
  pango_layout_get_extents (layout, NULL, &logical);
  cairo_move_to (cr, self->left,
                 self->options.page_height - self->options.margin -
                 logical.height / (double) PANGO_SCALE);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.6);
  pango_cairo_show_layout (cr, layout);
}

void
dj_sheet_draw_page (DjSheet *self,
                    cairo_t *cr,
                    guint    page)
{
  g_return_if_fail (self != NULL && cr != NULL);
  g_return_if_fail (page < self->n_pages);

  cairo_save (cr);
  for (guint i = 0; i < self->placed->len; i++)
    {
      Placed *p = &g_array_index (self->placed, Placed, i);

      if (p->item.page != page)
        continue;
      if (p->item.kind == DJ_SHEET_ITEM_LINE)
        {
          cairo_move_to (cr, p->item.x, p->item.y + p->baseline);
          cairo_set_source_rgb (cr, 0, 0, 0);
          pango_cairo_show_layout_line (cr, pango_layout_get_line_readonly (p->layout, p->line));
        }
      else
        {
          cairo_save (cr);
          cairo_translate (cr, p->item.x, p->item.y);
          dj_diagram_draw (&p->diagram, cr, p->item.width);
          cairo_restore (cr);
        }
    }
  footer_draw (self, cr, page);
  cairo_restore (cr);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
dj_sheet_render_pdf (DjSheet  *self,
                     GError  **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  g_return_val_if_fail (self != NULL, NULL);

  surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, self->options.page_width,
                                                 self->options.page_height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, self->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Djenon");
  cr = cairo_create (surface);
  for (guint page = 0; page < self->n_pages; page++)
    {
      dj_sheet_draw_page (self, cr, page);
      cairo_show_page (cr);
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_WRITE,
                   _("Cannot draw the game sheet: %s"), cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

gboolean
dj_sheet_save_pdf (DjSheet          *self,
                   GFile            *file,
                   DjSafeSaveFlags   flags,
                   GError          **error)
{
  g_autoptr(GBytes) bytes = NULL;
  const void *data;
  gsize len;

  g_return_val_if_fail (self != NULL && G_IS_FILE (file), FALSE);

  bytes = dj_sheet_render_pdf (self, error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &len);
  return dj_safe_save_bytes (file, flags, data, len, NULL, error);
}
