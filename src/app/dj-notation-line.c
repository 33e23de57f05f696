/* dj-notation-line.c: one row of the notation pane
 *
 * A wrapped label that keeps its layout.  GtkLabel measures a wrapped text
 * with fresh layouts (its narrowest, its natural width, then each width
 * asked), and Pango shapes the whole text again for each: a row of the
 * pane was shaped nine times before its first frame.  Here a text is laid
 * out once per width it is given; the widths a row asks for come from the
 * font's average character, without shaping anything; the current move is
 * marked when drawing, so moving it lays nothing out again; and the laid
 * out text can belong to the row of the model it shows, so that when GTK's
 * list hands its row widgets round to other rows (GTK 4.8 does so for the
 * two hundred it keeps whenever a row is added before them) each widget
 * takes up a layout already made.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dj-notation-line.h"

/* Widths asked for, in average characters: a row wraps anywhere, and
 * leaves the board the room it can use. */
#define MIN_CHARS     6
#define NATURAL_CHARS 32
#define N_HEIGHTS     4

#define TEXT_KEY "dj-notation-line-text"

/* A text laid out: shared by the widgets showing it and its owner. */
typedef struct
{
  char                 *text;
  PangoAttrList        *given;       /* the attributes as given */
  PangoLayout          *layout;      /* on a context of its own, as the widget's was */
  int                   wrap_width;  /* what the layout is wrapped to, px; -1: not yet */
  /* Heights found for the last widths asked (GTK asks for more than one,
   * frame after frame): each costs a layout only once. */
  int                   heights[N_HEIGHTS][2];
  guint                 next_height;
} LineText;

static void
line_text_clear (gpointer data)
{
  LineText *t = data;

  g_clear_object (&t->layout);
  g_clear_pointer (&t->given, pango_attr_list_unref);
  g_clear_pointer (&t->text, g_free);
}

static void
line_text_unref (LineText *t)
{
  g_rc_box_release_full (t, line_text_clear);
}

static LineText *
line_text_new (const char    *text,
               PangoAttrList *attrs)
{
  LineText *t = g_rc_box_new0 (LineText);

  t->text = g_strdup (text);
  t->given = pango_attr_list_copy (attrs);
  return t;
}

/* @t laid out in @widget's font: made again only when the font changed
 * (a variation's rows are smaller; the text was scaled). */
static void
line_text_prepare (LineText  *t,
                   GtkWidget *widget)
{
  PangoContext *context = gtk_widget_get_pango_context (widget);
  g_autoptr(PangoAttrList) shown = NULL;

  if (t->layout != NULL)
    {
      PangoContext *laid_out = pango_layout_get_context (t->layout);

      if (pango_font_description_equal (pango_context_get_font_description (laid_out),
                                        pango_context_get_font_description (context))
          && pango_context_get_base_dir (laid_out) == pango_context_get_base_dir (context))
        return;
    }

  g_clear_object (&t->layout);
  {
    /* A context of the text's own, as the widget's is now. */
    PangoContext *own = gtk_widget_create_pango_context (widget);

    t->layout = pango_layout_new (own);
    g_object_unref (own);
  }
  pango_layout_set_text (t->layout, t->text, -1);
  /* Wrapping inside a word draws no hyphen, and Pango need not measure one
   * at every place it could break. */
  shown = pango_attr_list_copy (t->given);
  pango_attr_list_insert_before (shown, pango_attr_insert_hyphens_new (FALSE));
  pango_layout_set_attributes (t->layout, shown);
  pango_layout_set_wrap (t->layout, PANGO_WRAP_WORD_CHAR);
  t->wrap_width = -1;
  for (guint i = 0; i < N_HEIGHTS; i++)
    t->heights[i][0] = -1;
}

static PangoLayout *
line_text_at_width (LineText *t,
                    int       width)
{
  width = MAX (width, 1);
  if (t->wrap_width != width)
    {
      pango_layout_set_width (t->layout, width * PANGO_SCALE);
      t->wrap_width = width;
    }
  return t->layout;
}

static int
line_text_height (LineText *t,
                  int       width)
{
  int height;

  width = MAX (width, 1);
  for (guint i = 0; i < N_HEIGHTS; i++)
    if (t->heights[i][0] == width)
      return t->heights[i][1];
  pango_layout_get_pixel_size (line_text_at_width (t, width), NULL, &height);
  t->heights[t->next_height][0] = width;
  t->heights[t->next_height][1] = height;
  t->next_height = (t->next_height + 1) % N_HEIGHTS;
  return height;
}

/* The widget */

struct _DjNotationLine
{
  GtkWidget  parent_instance;

  LineText  *text;
  int        char_width;   /* the font's average character, px; 0: not yet */
  int        line_height;  /* and its line, px */
  int        mark_start;
  int        mark_end;
};

G_DEFINE_FINAL_TYPE (DjNotationLine, dj_notation_line, GTK_TYPE_WIDGET)

static int
char_width (DjNotationLine *self)
{
  if (self->char_width == 0)
    {
      PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
      PangoFontMetrics *metrics = pango_context_get_metrics (context, NULL, NULL);

      self->char_width = MAX (1, PANGO_PIXELS_CEIL (pango_font_metrics_get_approximate_char_width (metrics)));
      self->line_height = MAX (1, PANGO_PIXELS_CEIL (pango_font_metrics_get_height (metrics)));
      pango_font_metrics_unref (metrics);
    }
  return self->char_width;
}

/* The text shown, laid out for this widget's font now. */
static LineText *
shown_text (DjNotationLine *self)
{
  line_text_prepare (self->text, GTK_WIDGET (self));
  return self->text;
}

/* GtkWidget */

static GtkSizeRequestMode
dj_notation_line_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
dj_notation_line_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  DjNotationLine *self = DJ_NOTATION_LINE (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MIN_CHARS * char_width (self);
      *natural = NATURAL_CHARS * char_width (self);
    }
  else
    {
      if (self->text->text[0] == '\0')
        *minimum = *natural = 0;
      else if (for_size < 0)
        {
          /* Asked without a width (the list is in a scrolled window: only
           * its allocation's measure counts): the lines that many average
           * characters would take, without laying anything out. */
          glong chars = g_utf8_strlen (self->text->text, -1);
          int lines = (int) ((chars + NATURAL_CHARS - 1) / NATURAL_CHARS);

          char_width (self);
          *minimum = *natural = MAX (1, lines) * self->line_height;
        }
      else
        *minimum = *natural = line_text_height (shown_text (self), for_size);
    }
}

static gboolean
is_foreground (PangoAttribute *attr,
               gpointer        data)
{
  return attr->klass->type == PANGO_ATTR_FOREGROUND;
}

static void
mark_snapshot (DjNotationLine *self,
               GtkSnapshot    *snapshot,
               PangoLayout    *layout,
               const GdkRGBA  *color)
{
  GtkStyleContext *style = gtk_widget_get_style_context (GTK_WIDGET (self));
  g_autoptr(GArray) rects = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  GdkRGBA bg, fg;

  if (!gtk_style_context_lookup_color (style, "accent_bg_color", &bg))
    gdk_rgba_parse (&bg, "#3584e4");
  if (!gtk_style_context_lookup_color (style, "accent_fg_color", &fg))
    gdk_rgba_parse (&fg, "#ffffff");

  do
    {
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      PangoRectangle extents;
      int *ranges = NULL, n = 0;

      if (line->start_index + line->length <= self->mark_start || line->start_index >= self->mark_end)
        continue;
      pango_layout_iter_get_line_extents (iter, NULL, &extents);
      pango_layout_line_get_x_ranges (line, self->mark_start, self->mark_end, &ranges, &n);
      for (int i = 0; i < n; i++)
        {
          /* One pixel round the move, no more: the spaces on either side
           * stay visible, so "c A" never reads "cA". */
          graphene_rect_t r = GRAPHENE_RECT_INIT (ranges[2 * i] / (float) PANGO_SCALE - 1,
                                                  extents.y / (float) PANGO_SCALE,
                                                  (ranges[2 * i + 1] - ranges[2 * i]) /
                                                  (float) PANGO_SCALE + 2,
                                                  extents.height / (float) PANGO_SCALE);

          g_array_append_val (rects, r);
        }
      g_free (ranges);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);

  /* The text, then the mark over the marked move (the accent is opaque),
   * then that move again in the accent's foreground. */
  gtk_snapshot_append_layout (snapshot, layout, color);
  for (guint i = 0; i < rects->len; i++)
    {
      GskRoundedRect rr;

      gsk_rounded_rect_init_from_rect (&rr, &g_array_index (rects, graphene_rect_t, i), 3);
      gtk_snapshot_push_rounded_clip (snapshot, &rr);
      gtk_snapshot_append_color (snapshot, &bg, &rr.bounds);
      gtk_snapshot_pop (snapshot);
    }
  /* Over the accent every character takes its foreground: a green "!"
   * or a red "?" would not read on it. */
  if (rects->len > 0)
    {
      PangoLayout *plain = pango_layout_copy (layout);
      PangoAttrList *attrs = pango_layout_get_attributes (layout);

      if (attrs != NULL)
        {
          PangoAttrList *copy = pango_attr_list_copy (attrs);
          PangoAttrList *removed = pango_attr_list_filter (copy, is_foreground, NULL);

          pango_layout_set_attributes (plain, copy);
          g_clear_pointer (&removed, pango_attr_list_unref);
          pango_attr_list_unref (copy);
        }
      for (guint i = 0; i < rects->len; i++)
        {
          gtk_snapshot_push_clip (snapshot, &g_array_index (rects, graphene_rect_t, i));
          gtk_snapshot_append_layout (snapshot, plain, &fg);
          gtk_snapshot_pop (snapshot);
        }
      g_object_unref (plain);
    }
}

static void
dj_notation_line_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  DjNotationLine *self = DJ_NOTATION_LINE (widget);
  PangoLayout *layout;
  GdkRGBA color;

  if (self->text->text[0] == '\0')
    return;
  layout = line_text_at_width (shown_text (self), gtk_widget_get_width (widget));
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  if (self->mark_start >= 0 && self->mark_end > self->mark_start)
    mark_snapshot (self, snapshot, layout, &color);
  else
    gtk_snapshot_append_layout (snapshot, layout, &color);
}

static void
dj_notation_line_css_changed (GtkWidget         *widget,
                              GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (dj_notation_line_parent_class)->css_changed (widget, change);
  DJ_NOTATION_LINE (widget)->char_width = 0;
  /* A new font shows when next measured (shown_text()). */
  gtk_widget_queue_resize (widget);
}

static void
dj_notation_line_direction_changed (GtkWidget        *widget,
                                    GtkTextDirection  previous)
{
  GTK_WIDGET_CLASS (dj_notation_line_parent_class)->direction_changed (widget, previous);
  /* The layout follows when next measured (shown_text()). */
  gtk_widget_queue_resize (widget);
}

/* GObject */

static void
dj_notation_line_finalize (GObject *object)
{
  DjNotationLine *self = DJ_NOTATION_LINE (object);

  g_clear_pointer (&self->text, line_text_unref);

  G_OBJECT_CLASS (dj_notation_line_parent_class)->finalize (object);
}

static void
dj_notation_line_class_init (DjNotationLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dj_notation_line_finalize;

  widget_class->get_request_mode = dj_notation_line_get_request_mode;
  widget_class->measure = dj_notation_line_measure;
  widget_class->snapshot = dj_notation_line_snapshot;
  widget_class->css_changed = dj_notation_line_css_changed;
  widget_class->direction_changed = dj_notation_line_direction_changed;

  gtk_widget_class_set_css_name (widget_class, "notationline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LABEL);
}

static void
dj_notation_line_init (DjNotationLine *self)
{
  g_autoptr(PangoAttrList) none = pango_attr_list_new ();

  self->text = line_text_new ("", none);
  self->mark_start = self->mark_end = -1;
}

GtkWidget *
dj_notation_line_new (void)
{
  return g_object_new (DJ_TYPE_NOTATION_LINE, NULL);
}

static void
show (DjNotationLine *self,
      LineText       *t)
{
  g_clear_pointer (&self->text, line_text_unref);
  self->text = t;
  self->mark_start = self->mark_end = -1;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, t->text, -1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
dj_notation_line_set_shared_text (DjNotationLine *self,
                                  GObject        *owner,
                                  const char     *text,
                                  PangoAttrList  *attrs)
{
  LineText *t;
  g_autoptr(PangoAttrList) none = NULL;

  g_return_if_fail (DJ_IS_NOTATION_LINE (self));
  g_return_if_fail (G_IS_OBJECT (owner));

  if (text == NULL)
    text = "";
  if (attrs == NULL)
    attrs = none = pango_attr_list_new ();
  t = g_object_get_data (owner, TEXT_KEY);
  /* The same text again (the current move came or went): nothing to lay
   * out. */
  if (t == NULL || !g_str_equal (t->text, text) || !pango_attr_list_equal (t->given, attrs))
    {
      t = line_text_new (text, attrs);
      g_object_set_data_full (owner, TEXT_KEY, t, (GDestroyNotify) line_text_unref);
    }
  else if (t == self->text)
    return;
  show (self, g_rc_box_acquire (t));
}

const char *
dj_notation_line_get_text (DjNotationLine *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_LINE (self), NULL);
  return self->text->text;
}

void
dj_notation_line_set_mark (DjNotationLine *self,
                           int             start,
                           int             end)
{
  g_return_if_fail (DJ_IS_NOTATION_LINE (self));

  if (start < 0 || end <= start)
    start = end = -1;
  if (start == self->mark_start && end == self->mark_end)
    return;
  self->mark_start = start;
  self->mark_end = end;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
dj_notation_line_index_at (DjNotationLine *self,
                           double          x,
                           double          y)
{
  PangoLayout *layout;
  int index = -1, trailing;

  g_return_val_if_fail (DJ_IS_NOTATION_LINE (self), -1);

  if (self->text->text[0] == '\0')
    return -1;
  layout = line_text_at_width (shown_text (self), gtk_widget_get_width (GTK_WIDGET (self)));
  pango_layout_xy_to_index (layout, x * PANGO_SCALE, y * PANGO_SCALE, &index, &trailing);
  return index;
}
