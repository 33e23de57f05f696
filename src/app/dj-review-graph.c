/* dj-review-graph.c: the game graph: the exact value along the main line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-analysis-panel.h"
#include "dj-bidi.h"
#include "dj-review-graph.h"

/* Room for the value labels on the left, and around the plot. */
#define MARGIN_LEFT   34.0
#define MARGIN_RIGHT  10.0
#define MARGIN_TOP     8.0
#define MARGIN_BOTTOM  8.0
#define PAGE_POINTS   10

typedef struct
{
  gboolean known;
  int      lower;
  int      upper;
  DjGlyph  glyph;      /* the review's judgement of the move that led here */
  int      loss;       /* seeds that move lost, -1 when not judged */
  DjMove   move;       /* the move that led here (none for the start) */
  guint    number;
  DjSide   mover;
} Point;

struct _DjReviewGraph
{
  GtkWidget       parent_instance;

  /* template */
  GtkDrawingArea *plot;
  GtkLabel       *summary_label;

  DjReview       *review;
  DjGame         *game;      /* the review's, while connected */
  GArray         *points;    /* Point */
  int             selected;
};

enum {
  PROP_0,
  PROP_REVIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DjReviewGraph, dj_review_graph, GTK_TYPE_WIDGET)

/* The main line */

static DjNode *
main_line_node (DjGame *game,
                guint   index)
{
  DjNode *node = dj_game_get_root (game);

  for (guint i = 0; i < index && dj_node_get_first_child (node) != NULL; i++)
    node = dj_node_get_first_child (node);
  return node;
}

/* The point of @node's deepest ancestor on the main line (itself if it is). */
static int
main_line_index (DjNode *node)
{
  DjNode *candidate = node;

  for (DjNode *n = node; dj_node_get_parent (n) != NULL; n = dj_node_get_parent (n))
    if (dj_node_get_first_child (dj_node_get_parent (n)) != n)
      candidate = dj_node_get_parent (n);
  return (int) dj_node_get_ply (candidate);
}

/* Texts */

static char *
describe_value (const Point *p)
{
  g_autofree char *lower = NULL;
  g_autofree char *upper = NULL;

  if (!p->known)
    /* Translators: a point of the game graph whose value the review did not find */
    return g_strdup (_("value not proven"));
  /* The translations keep the signed values left to right (“−2”). */
  lower = dj_analysis_format_value (p->lower);
  if (p->lower == p->upper)
    /* Translators: the exact value of a point of the game graph, e.g. "South +4" */
    return g_strdup_printf (_("South %s"), lower);
  upper = dj_analysis_format_value (p->upper);
  /* Translators: proven bounds of a point of the game graph, e.g. "South −2 to +4" */
  return g_strdup_printf (_("South %s to %s"), lower, upper);
}

static char *
describe_judgement (const Point *p)
{
  if (p->loss < 1)
    return NULL;
  switch (p->glyph)
    {
    case DJ_GLYPH_BLUNDER:
      /* Translators: a move of the game graph, e.g. "a blunder (??), 6 seeds lost" */
      return g_strdup_printf (ngettext ("a blunder (?\?), %d seed lost",
                                        "a blunder (?\?), %d seeds lost", p->loss), p->loss);
    case DJ_GLYPH_MISTAKE:
      return g_strdup_printf (ngettext ("a mistake (?), %d seed lost",
                                        "a mistake (?), %d seeds lost", p->loss), p->loss);
    default:
      return g_strdup_printf (ngettext ("an inaccuracy (?!), %d seed lost",
                                        "an inaccuracy (?!), %d seeds lost", p->loss), p->loss);
    }
}

char *
dj_review_graph_describe_point (DjReviewGraph *self,
                                guint          index)
{
  const Point *p;
  g_autofree char *value = NULL;
  g_autofree char *judgement = NULL;
  g_autofree char *move = NULL;

  g_return_val_if_fail (DJ_IS_REVIEW_GRAPH (self), NULL);
  g_return_val_if_fail (index < self->points->len, NULL);

  p = &g_array_index (self->points, Point, index);
  value = describe_value (p);
  if (index == 0)
    /* Translators: the first point of the game graph and its value */
    return g_strdup_printf (_("Start: %s"), value);
  move = g_strdup_printf (p->mover == DJ_SOUTH ? "%u. %s" : "%u… %s", p->number,
                          dj_move_to_string (p->move));
  /* A move reads left to right in a right-to-left sentence too ("1… D");
   * no invisible marks where they are not needed. */
  if (gtk_widget_get_default_direction () == GTK_TEXT_DIR_RTL)
    {
      char *isolated = dj_bidi_ltr (move);

      g_free (move);
      move = isolated;
    }
  judgement = describe_judgement (p);
  if (judgement == NULL)
    /* Translators: a point of the game graph: the move and the value after it,
     * e.g. "12. c: South +4" */
    return g_strdup_printf (_("%s: %s"), move, value);
  /* Translators: a point of the game graph: the move, the value after it and
   * the review's judgement, e.g. "12… C: South +4; a mistake (?), 3 seeds lost" */
  return g_strdup_printf (_("%s: %s; %s"), move, value, judgement);
}

/* Geometry */

static int
value_range (DjReviewGraph *self)
{
  int range = 4;

  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);

      if (p->known)
        range = MAX (range, MAX (ABS (p->lower), ABS (p->upper)));
    }
  return (range + 3) / 4 * 4;
}

static double
point_x (DjReviewGraph *self,
         guint          index,
         double         width)
{
  guint n = self->points->len;

  if (n < 2)
    return MARGIN_LEFT;
  return MARGIN_LEFT + index * (width - MARGIN_LEFT - MARGIN_RIGHT) / (n - 1);
}

static double
value_y (int    value,
         int    range,
         double height)
{
  return MARGIN_TOP + (range - value) * (height - MARGIN_TOP - MARGIN_BOTTOM) / (2.0 * range);
}

void
dj_review_graph_get_point_xy (DjReviewGraph *self,
                              guint          index,
                              double        *x,
                              double        *y)
{
  const Point *p;
  double width, height;

  g_return_if_fail (DJ_IS_REVIEW_GRAPH (self));
  g_return_if_fail (index < self->points->len);

  p = &g_array_index (self->points, Point, index);
  width = gtk_widget_get_width (GTK_WIDGET (self->plot));
  height = gtk_widget_get_height (GTK_WIDGET (self->plot));
  if (x != NULL)
    *x = point_x (self, index, width);
  if (y != NULL)
    *y = value_y (p->known ? (p->lower + p->upper) / 2 : 0, value_range (self), height);
}

static int
index_at (DjReviewGraph *self,
          double         x)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self->plot));
  guint n = self->points->len;
  double step;
  int index;

  if (n == 0)
    return -1;
  if (n == 1)
    return 0;
  step = (width - MARGIN_LEFT - MARGIN_RIGHT) / (n - 1);
  if (step <= 0)
    return 0;
  index = (int) ((x - MARGIN_LEFT) / step + 0.5);
  return CLAMP (index, 0, (int) n - 1);
}

/* Drawing */

static void
glyph_colour (DjGlyph  glyph,
              GdkRGBA *colour)
{
  /* The GNOME palette: yellow, orange, red. */
  if (glyph == DJ_GLYPH_BLUNDER)
    gdk_rgba_parse (colour, "#e01b24");
  else if (glyph == DJ_GLYPH_MISTAKE)
    gdk_rgba_parse (colour, "#ff7800");
  else
    gdk_rgba_parse (colour, "#e5a50a");
}

static void
draw_label (GtkWidget  *widget,
            cairo_t    *cr,
            const char *text,
            double      right,
            double      middle,
            GdkRGBA    *fg)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, right - w, middle - h / 2.0);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.6);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

static void
draw_plot (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        data)
{
  DjReviewGraph *self = data;
  GtkWidget *widget = GTK_WIDGET (area);
  GdkRGBA fg, accent;
  int range = value_range (self);
  double zero = value_y (0, range, height);
  gboolean open = FALSE;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gdk_rgba_parse (&accent, "#3584e4");

  /* The grid: the middle line (even), halves, and their values. */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.35);
  cairo_move_to (cr, MARGIN_LEFT, zero + 0.5);
  cairo_line_to (cr, width - MARGIN_RIGHT, zero + 0.5);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.12);
  for (int v = -range; v <= range; v += range / 2)
    if (v != 0)
      {
        double y = (int) value_y (v, range, height) + 0.5;

        cairo_move_to (cr, MARGIN_LEFT, y);
        cairo_line_to (cr, width - MARGIN_RIGHT, y);
      }
  cairo_stroke (cr);
  for (int v = -range; v <= range; v += range)
    {
      g_autofree char *value = dj_analysis_format_value (v);
      g_autofree char *text = dj_bidi_ltr (value);

      draw_label (widget, cr, text, MARGIN_LEFT - 6, value_y (v, range, height), &fg);
    }

  if (self->points->len == 0)
    return;

  /* The current move. */
  if (self->selected >= 0 && (guint) self->selected < self->points->len)
    {
      double x = (int) point_x (self, self->selected, width) + 0.5;

      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.8);
      cairo_set_line_width (cr, 2);
      cairo_move_to (cr, x, MARGIN_TOP);
      cairo_line_to (cr, x, height - MARGIN_BOTTOM);
      cairo_stroke (cr);
    }

  /* Proven bounds where the value is not exact. */
  cairo_set_line_width (cr, 4);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.25);
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      double x = point_x (self, i, width);

      if (!p->known || p->lower == p->upper)
        continue;
      cairo_move_to (cr, x, value_y (p->lower, range, height));
      cairo_line_to (cr, x, value_y (p->upper, range, height));
    }
  cairo_stroke (cr);

  /* The value along the line, broken where it is not known. */
  cairo_set_line_width (cr, 2);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      double x = point_x (self, i, width);
      double y;

      if (!p->known)
        {
          open = FALSE;
          continue;
        }
      y = value_y ((p->lower + p->upper) / 2, range, height);
      if (open)
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
      open = TRUE;
    }
  cairo_stroke (cr);

  /* The points, the judged moves larger and coloured. */
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *p = &g_array_index (self->points, Point, i);
      double x = point_x (self, i, width);
      double y = value_y (p->known ? (p->lower + p->upper) / 2 : 0, range, height);

      if (p->loss >= 1)
        {
          GdkRGBA c;

          glyph_colour (p->glyph, &c);
          cairo_arc (cr, x, y, p->glyph == DJ_GLYPH_BLUNDER ? 6 : 5, 0, 2 * G_PI);
          gdk_cairo_set_source_rgba (cr, &c);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
      else if (p->known)
        {
          cairo_arc (cr, x, y, 2.5, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
          cairo_fill (cr);
        }
      if ((int) i == self->selected)
        {
          cairo_arc (cr, x, y, 8, 0, 2 * G_PI);
          gdk_cairo_set_source_rgba (cr, &accent);
          cairo_set_line_width (cr, 2);
          cairo_stroke (cr);
        }
    }

  if (gtk_widget_has_visible_focus (widget))
    {
      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.5);
      cairo_set_line_width (cr, 2);
      cairo_rectangle (cr, 1, 1, width - 2, height - 2);
      cairo_stroke (cr);
    }
}

/* State */

static void
update_accessible (DjReviewGraph *self)
{
  guint n = self->points->len;
  g_autofree char *text = NULL;

  if (self->selected >= 0 && (guint) self->selected < n)
    text = dj_review_graph_describe_point (self, self->selected);
  else
    text = g_strdup (n == 0 ? _("No review yet") : _("Not on the main line"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->plot),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, n > 0 ? (double) n - 1 : 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW,
                                  self->selected >= 0 ? (double) self->selected : 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text,
                                  -1);
}

static void
update_selected (DjReviewGraph *self)
{
  int selected = -1;

  if (self->game != NULL && self->points->len > 0)
    {
      selected = main_line_index (dj_game_get_current (self->game));
      if (selected >= (int) self->points->len)
        selected = -1;
    }
  if (selected != self->selected)
    {
      self->selected = selected;
      gtk_widget_queue_draw (GTK_WIDGET (self->plot));
    }
  update_accessible (self);
}

static void
refresh (DjReviewGraph *self)
{
  guint n = 0;

  g_array_set_size (self->points, 0);
  if (self->review != NULL && self->game != NULL && !dj_review_get_running (self->review)
      && dj_review_get_summary (self->review) != NULL)
    n = dj_review_get_n_moves (self->review) + 1;

  if (n > 0)
    {
      DjNode *node = dj_game_get_root (self->game);

      g_array_set_size (self->points, n);
      for (guint i = 0; i < n; i++)
        {
          Point *p = &g_array_index (self->points, Point, i);

          p->known = dj_review_get_value (self->review, i, &p->lower, &p->upper);
          p->loss = -1;
          if (i == 0)
            continue;
          p->loss = dj_review_get_loss (self->review, i - 1);
          p->glyph = dj_glyph_for_judgement (dj_thresholds_judge (dj_review_get_thresholds (self->review),
                                                                  MAX (p->loss, 0)));
          node = node != NULL ? dj_node_get_first_child (node) : NULL;
          if (node != NULL)
            {
              p->move = dj_node_get_move (node);
              p->number = dj_node_get_move_number (node);
              p->mover = dj_node_get_mover (node);
            }
        }
      gtk_label_set_label (self->summary_label, dj_review_get_summary (self->review));
    }
  else if (self->review != NULL && dj_review_get_running (self->review))
    gtk_label_set_label (self->summary_label, _("Reviewing the game…"));
  else
    gtk_label_set_label (self->summary_label,
                         _("Review the game to see how its value went move by move."));

  self->selected = -2;   /* recomputed */
  update_selected (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->plot));
}

static void
on_current_changed (DjReviewGraph *self)
{
  update_selected (self);
}

static void
on_tree_changed (DjReviewGraph *self)
{
  update_selected (self);
}

static void
connect_game (DjReviewGraph *self)
{
  DjGame *game = self->review != NULL ? dj_review_get_game (self->review) : NULL;

  if (game == self->game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_object (game, "current-changed", G_CALLBACK (on_current_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "node-added", G_CALLBACK (on_tree_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "node-removed", G_CALLBACK (on_tree_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "children-reordered", G_CALLBACK (on_tree_changed), self,
                               G_CONNECT_SWAPPED);
    }
}

static void
on_review_game (DjReviewGraph *self)
{
  connect_game (self);
  refresh (self);
}

static void
on_review_running (DjReviewGraph *self)
{
  refresh (self);
}

/* Going to a move */

static void
go_to_point (DjReviewGraph *self,
             int            index)
{
  if (self->game == NULL || self->points->len == 0)
    return;
  index = CLAMP (index, 0, (int) self->points->len - 1);
  dj_game_set_current (self->game, main_line_node (self->game, index));
  update_selected (self);
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            DjReviewGraph   *self)
{
  int index = index_at (self, x);

  gtk_widget_grab_focus (GTK_WIDGET (self->plot));
  if (index >= 0)
    go_to_point (self, index);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DjReviewGraph         *self)
{
  int n = (int) self->points->len;
  int at = self->selected >= 0 ? self->selected : 0;

  if (n == 0 || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      go_to_point (self, at - 1);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      go_to_point (self, self->selected >= 0 ? at + 1 : 0);
      return TRUE;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      go_to_point (self, 0);
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      go_to_point (self, n - 1);
      return TRUE;
    case GDK_KEY_Page_Up:
    case GDK_KEY_KP_Page_Up:
      go_to_point (self, at - PAGE_POINTS);
      return TRUE;
    case GDK_KEY_Page_Down:
    case GDK_KEY_KP_Page_Down:
      go_to_point (self, at + PAGE_POINTS);
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
on_query_tooltip (GtkWidget     *widget,
                  int            x,
                  int            y,
                  gboolean       keyboard,
                  GtkTooltip    *tooltip,
                  DjReviewGraph *self)
{
  int index = keyboard ? self->selected : index_at (self, x);
  g_autofree char *text = NULL;

  if (index < 0 || (guint) index >= self->points->len)
    return FALSE;
  text = dj_review_graph_describe_point (self, index);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
on_focus_changed (DjReviewGraph *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->plot));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_widget_set_visible (widget, FALSE);
}

/* Public API */

GtkWidget *
dj_review_graph_new (void)
{
  return g_object_new (DJ_TYPE_REVIEW_GRAPH, NULL);
}

DjReview *
dj_review_graph_get_review (DjReviewGraph *self)
{
  g_return_val_if_fail (DJ_IS_REVIEW_GRAPH (self), NULL);
  return self->review;
}

void
dj_review_graph_set_review (DjReviewGraph *self,
                            DjReview      *review)
{
  g_return_if_fail (DJ_IS_REVIEW_GRAPH (self));
  g_return_if_fail (review == NULL || DJ_IS_REVIEW (review));

  if (self->review == review)
    return;
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_set_object (&self->review, review);
  if (review != NULL)
    {
      g_signal_connect_object (review, "notify::game", G_CALLBACK (on_review_game), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (review, "notify::running", G_CALLBACK (on_review_running), self,
                               G_CONNECT_SWAPPED);
      /* After the results went into the game. */
      g_signal_connect_object (review, "finished", G_CALLBACK (on_review_running), self,
                               G_CONNECT_SWAPPED);
    }
  connect_game (self);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
}

guint
dj_review_graph_get_n_points (DjReviewGraph *self)
{
  g_return_val_if_fail (DJ_IS_REVIEW_GRAPH (self), 0);
  return self->points->len;
}

gboolean
dj_review_graph_get_point (DjReviewGraph *self,
                           guint          index,
                           int           *lower,
                           int           *upper,
                           DjGlyph       *glyph)
{
  const Point *p;

  g_return_val_if_fail (DJ_IS_REVIEW_GRAPH (self), FALSE);
  g_return_val_if_fail (index < self->points->len, FALSE);

  p = &g_array_index (self->points, Point, index);
  if (glyph != NULL)
    *glyph = p->loss >= 1 ? p->glyph : DJ_GLYPH_NONE;
  if (!p->known)
    return FALSE;
  if (lower != NULL)
    *lower = p->lower;
  if (upper != NULL)
    *upper = p->upper;
  return TRUE;
}

int
dj_review_graph_get_selected (DjReviewGraph *self)
{
  g_return_val_if_fail (DJ_IS_REVIEW_GRAPH (self), -1);
  return self->selected;
}

GtkWidget *
dj_review_graph_get_plot (DjReviewGraph *self)
{
  g_return_val_if_fail (DJ_IS_REVIEW_GRAPH (self), NULL);
  return GTK_WIDGET (self->plot);
}

/* GObject */

static void
dj_review_graph_dispose (GObject *object)
{
  DjReviewGraph *self = DJ_REVIEW_GRAPH (object);

  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->review);
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_REVIEW_GRAPH);
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }

  G_OBJECT_CLASS (dj_review_graph_parent_class)->dispose (object);
}

static void
dj_review_graph_finalize (GObject *object)
{
  DjReviewGraph *self = DJ_REVIEW_GRAPH (object);

  g_clear_pointer (&self->points, g_array_unref);

  G_OBJECT_CLASS (dj_review_graph_parent_class)->finalize (object);
}

static void
dj_review_graph_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DjReviewGraph *self = DJ_REVIEW_GRAPH (object);

  switch (prop_id)
    {
    case PROP_REVIEW:
      g_value_set_object (value, self->review);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_review_graph_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  DjReviewGraph *self = DJ_REVIEW_GRAPH (object);

  switch (prop_id)
    {
    case PROP_REVIEW:
      dj_review_graph_set_review (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_review_graph_class_init (DjReviewGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_review_graph_dispose;
  object_class->finalize = dj_review_graph_finalize;
  object_class->get_property = dj_review_graph_get_property;
  object_class->set_property = dj_review_graph_set_property;

  properties[PROP_REVIEW] =
    g_param_spec_object ("review", NULL, NULL, DJ_TYPE_REVIEW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-review-graph.ui");
  gtk_widget_class_bind_template_child (widget_class, DjReviewGraph, plot);
  gtk_widget_class_bind_template_child (widget_class, DjReviewGraph, summary_label);
  gtk_widget_class_bind_template_callback (widget_class, on_pressed);
  gtk_widget_class_bind_template_callback (widget_class, on_key_pressed);
  gtk_widget_class_bind_template_callback (widget_class, on_query_tooltip);
  gtk_widget_class_bind_template_callback (widget_class, on_focus_changed);
  gtk_widget_class_set_css_name (widget_class, "reviewgraph");

  gtk_widget_class_install_action (widget_class, "graph.close", NULL, close_action);
}

static void
dj_review_graph_init (DjReviewGraph *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->points = g_array_new (FALSE, TRUE, sizeof (Point));
  self->selected = -1;
  /* Time runs from left to right in every language. */
  gtk_widget_set_direction (GTK_WIDGET (self->plot), GTK_TEXT_DIR_LTR);
  gtk_drawing_area_set_draw_func (self->plot, draw_plot, self, NULL);
  /* The window's own Left, Right, Home and End leave the keys to the plot,
   * which goes along the main line whatever move is shown. */
  g_object_set_data (G_OBJECT (self->plot), "dj-own-navigation-keys", GINT_TO_POINTER (TRUE));
  update_accessible (self);
}
