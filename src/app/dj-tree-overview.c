/* dj-tree-overview.c: the whole move tree at a glance, one dot a move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dj-bidi.h"
#include "dj-move-label.h"
#include "dj-tree-overview.h"

#define CELL    16     /* pixels between columns and lanes */
#define MARGIN  12
#define RADIUS  3.5

typedef struct
{
  guint column;
  guint lane;
} Cell;

struct _DjTreeOverview
{
  GtkWidget      parent_instance;

  GtkAdjustment *hadjustment;
  GtkAdjustment *vadjustment;
  guint          hscroll_policy : 1;
  guint          vscroll_policy : 1;

  DjGame        *game;
  GSignalGroup  *game_signals;   /* the game's signals while it is shown */
  GHashTable    *cells;       /* DjNode → Cell* */
  GArray        *lane_ends;   /* guint: the last column used on each lane, +1 */
  GPtrArray     *nodes;       /* every laid-out node, for drawing and picking */
  guint          n_columns;
  gboolean       dirty;
  guint          layout_source;
  gboolean       follow_current;
};

enum {
  PROP_0,
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

G_DEFINE_FINAL_TYPE_WITH_CODE (DjTreeOverview, dj_tree_overview, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL))

/* Layout */

static void
place (DjTreeOverview *self,
       DjNode         *node,
       guint           column,
       guint           lane)
{
  Cell *cell = g_new (Cell, 1);
  guint end = column + 1;

  cell->column = column;
  cell->lane = lane;
  g_hash_table_insert (self->cells, node, cell);
  g_ptr_array_add (self->nodes, node);
  while (self->lane_ends->len <= lane)
    {
      guint zero = 0;

      g_array_append_val (self->lane_ends, zero);
    }
  if (g_array_index (self->lane_ends, guint, lane) < end)
    g_array_index (self->lane_ends, guint, lane) = end;
  self->n_columns = MAX (self->n_columns, end);
}

/* The first lane below @lane free from column @from (one column of room
 * before it, for the branch) to @to. */
static guint
free_lane (DjTreeOverview *self,
           guint           lane,
           guint           from,
           guint           to)
{
  guint l = lane + 1;

  for (; l < self->lane_ends->len; l++)
    if (g_array_index (self->lane_ends, guint, l) + 1 <= from)
      break;
  return l;
}

typedef struct
{
  DjNode *node;
  guint   lane;
} Line;

/* Lines in the notation's order: a line, then the variations branching off
 * it, nearest first.  A queue of lines; no recursion. */
static void
relayout (DjTreeOverview *self)
{
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (Line));
  DjNode *root;
  guint head = 0;

  g_clear_handle_id (&self->layout_source, g_source_remove);
  self->dirty = FALSE;
  g_hash_table_remove_all (self->cells);
  g_ptr_array_set_size (self->nodes, 0);
  g_array_set_size (self->lane_ends, 0);
  self->n_columns = 0;
  if (self->game == NULL)
    return;

  root = dj_game_get_root (self->game);
  place (self, root, 0, 0);
  {
    Line first = { dj_node_get_first_child (root), 0 };

    if (first.node != NULL)
      g_array_append_val (queue, first);
    /* The variations of the first move. */
    if (first.node != NULL)
      for (DjNode *s = dj_node_get_next_sibling (first.node); s; s = dj_node_get_next_sibling (s))
        {
          Line v = { s, G_MAXUINT };

          g_array_append_val (queue, v);
        }
  }

  while (head < queue->len)
    {
      Line line = g_array_index (queue, Line, head++);
      DjNode *node = line.node;
      guint lane = line.lane;

      if (lane == G_MAXUINT)
        {
          /* A variation: below the lane of the move it replaces. */
          Cell *parent = g_hash_table_lookup (self->cells, dj_node_get_parent (node));
          guint column = dj_node_get_ply (node);
          guint end = dj_node_get_ply (dj_node_get_line_end (node));

          lane = free_lane (self, parent ? parent->lane : 0, column, end);
        }

      for (; node != NULL; node = dj_node_get_first_child (node))
        {
          DjNode *first = dj_node_get_first_child (node);

          place (self, node, dj_node_get_ply (node), lane);
          if (first != NULL)
            for (DjNode *s = dj_node_get_next_sibling (first); s; s = dj_node_get_next_sibling (s))
              {
                Line v = { s, G_MAXUINT };

                g_array_append_val (queue, v);
              }
        }
    }
}

static void
ensure_layout (DjTreeOverview *self)
{
  if (self->dirty)
    {
      relayout (self);
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
}

static gboolean
layout_idle (gpointer data)
{
  DjTreeOverview *self = data;

  self->layout_source = 0;
  ensure_layout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
invalidate (DjTreeOverview *self)
{
  self->dirty = TRUE;
  if (self->layout_source == 0)
    self->layout_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, layout_idle, self, NULL);
}

/* Scrolling */

static void
configure_adjustments (DjTreeOverview *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  double content_w = 2 * MARGIN + MAX (self->n_columns, 1) * CELL;
  double content_h = 2 * MARGIN + MAX (self->lane_ends->len, 1) * CELL;

  if (self->hadjustment != NULL)
    gtk_adjustment_configure (self->hadjustment,
                              CLAMP (gtk_adjustment_get_value (self->hadjustment), 0,
                                     MAX (0, content_w - width)),
                              0, MAX (content_w, width), CELL, width * 0.9, width);
  if (self->vadjustment != NULL)
    gtk_adjustment_configure (self->vadjustment,
                              CLAMP (gtk_adjustment_get_value (self->vadjustment), 0,
                                     MAX (0, content_h - height)),
                              0, MAX (content_h, height), CELL, height * 0.9, height);
}

static void
cell_center (DjTreeOverview *self,
             const Cell     *cell,
             double         *x,
             double         *y)
{
  *x = MARGIN + cell->column * CELL + CELL / 2.0
       - (self->hadjustment ? gtk_adjustment_get_value (self->hadjustment) : 0);
  *y = MARGIN + cell->lane * CELL + CELL / 2.0
       - (self->vadjustment ? gtk_adjustment_get_value (self->vadjustment) : 0);
}

static void
scroll_to_current (DjTreeOverview *self)
{
  Cell *cell;
  double x, y;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->game == NULL || width == 0)
    return;
  ensure_layout (self);
  configure_adjustments (self);
  cell = g_hash_table_lookup (self->cells, dj_game_get_current (self->game));
  if (cell == NULL)
    return;
  cell_center (self, cell, &x, &y);
  if (self->hadjustment != NULL && (x < CELL || x > width - CELL))
    gtk_adjustment_set_value (self->hadjustment,
                              gtk_adjustment_get_value (self->hadjustment) + x - width / 2.0);
  if (self->vadjustment != NULL && (y < CELL || y > height - CELL))
    gtk_adjustment_set_value (self->vadjustment,
                              gtk_adjustment_get_value (self->vadjustment) + y - height / 2.0);
}

static void
on_adjustment_changed (GtkAdjustment  *adjustment,
                       DjTreeOverview *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_adjustment (DjTreeOverview  *self,
                GtkAdjustment  **slot,
                GtkAdjustment   *adjustment)
{
  if (*slot == adjustment)
    return;
  if (*slot != NULL)
    g_signal_handlers_disconnect_by_func (*slot, on_adjustment_changed, self);
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  g_set_object (slot, adjustment);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (on_adjustment_changed), self);
  configure_adjustments (self);
}

/* Drawing */

static void
dj_tree_overview_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  DjTreeOverview *self = DJ_TREE_OVERVIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  DjNode *current;
  GdkRGBA fg;
  cairo_t *cr;

  ensure_layout (self);
  if (self->game == NULL)
    return;
  current = dj_game_get_current (self->game);
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_line_width (cr, 1.5);

  /* Branches: only those with an end in view. */
  for (guint i = 0; i < self->nodes->len; i++)
    {
      DjNode *node = self->nodes->pdata[i];
      DjNode *parent = dj_node_get_parent (node);
      Cell *a, *b;
      double x0, y0, x1, y1;

      if (parent == NULL)
        continue;
      a = g_hash_table_lookup (self->cells, parent);
      b = g_hash_table_lookup (self->cells, node);
      cell_center (self, a, &x0, &y0);
      cell_center (self, b, &x1, &y1);
      if (MAX (x0, x1) < -CELL || MIN (x0, x1) > width + CELL
          || MAX (y0, y1) < -CELL || MIN (y0, y1) > height + CELL)
        continue;
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, b->lane == 0 ? 0.6 : 0.3);
      cairo_move_to (cr, x0, y0);
      if (y0 != y1)
        cairo_line_to (cr, x0 + CELL / 2.0, y1);
      cairo_line_to (cr, x1, y1);
      cairo_stroke (cr);
    }

  for (guint i = 0; i < self->nodes->len; i++)
    {
      DjNode *node = self->nodes->pdata[i];
      Cell *cell = g_hash_table_lookup (self->cells, node);
      double x, y;

      cell_center (self, cell, &x, &y);
      if (x < -CELL || x > width + CELL || y < -CELL || y > height + CELL)
        continue;
      if (dj_node_get_comment_after (node) != NULL || dj_node_get_comment_before (node) != NULL
          || dj_node_get_glyph (node) != DJ_GLYPH_NONE)
        cairo_set_source_rgba (cr, 0.90, 0.65, 0.04, 1.0);
      else
        cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, cell->lane == 0 ? 0.9 : 0.55);
      cairo_arc (cr, x, y, dj_node_get_parent (node) == NULL ? RADIUS + 1 : RADIUS, 0, 2 * G_PI);
      cairo_fill (cr);
      if (node == current)
        {
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1.0);
          cairo_set_line_width (cr, 2.5);
          cairo_arc (cr, x, y, RADIUS + 3.5, 0, 2 * G_PI);
          cairo_stroke (cr);
          cairo_set_line_width (cr, 1.5);
        }
    }
  cairo_destroy (cr);
}

static void
dj_tree_overview_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  DjTreeOverview *self = DJ_TREE_OVERVIEW (widget);

  ensure_layout (self);
  *minimum = CELL * 2;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = 2 * MARGIN + MAX (self->n_columns, 1) * CELL;
  else
    *natural = 2 * MARGIN + MAX (self->lane_ends->len, 1) * CELL;
  *natural = MIN (*natural, 2000);
}

static void
dj_tree_overview_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  DjTreeOverview *self = DJ_TREE_OVERVIEW (widget);

  configure_adjustments (self);
  if (self->follow_current)
    {
      self->follow_current = FALSE;
      scroll_to_current (self);
    }
}

/* Input */

DjNode *
dj_tree_overview_pick (DjTreeOverview *self,
                       double          x,
                       double          y)
{
  DjNode *best = NULL;
  double best_d = CELL * CELL * 0.5;

  g_return_val_if_fail (DJ_IS_TREE_OVERVIEW (self), NULL);

  ensure_layout (self);
  for (guint i = 0; i < self->nodes->len; i++)
    {
      DjNode *node = self->nodes->pdata[i];
      double cx, cy, d;

      cell_center (self, g_hash_table_lookup (self->cells, node), &cx, &cy);
      d = (cx - x) * (cx - x) + (cy - y) * (cy - y);
      if (d < best_d)
        {
          best_d = d;
          best = node;
        }
    }
  return best;
}

char *
dj_tree_overview_describe_at (DjTreeOverview *self,
                              double          x,
                              double          y)
{
  DjNode *node;
  const char *glyph, *sign;

  g_return_val_if_fail (DJ_IS_TREE_OVERVIEW (self), NULL);

  node = dj_tree_overview_pick (self, x, y);
  if (node == NULL)
    return NULL;
  if (dj_node_get_parent (node) == NULL)
    /* Translators: the tooltip of the move tree's first dot */
    return g_strdup (_("Start"));
  glyph = dj_glyph_to_string (dj_node_get_glyph (node));
  sign = dj_assessment_to_sign (dj_node_get_assessment (node));
  /* A move reads left to right in every language: "12. c!? ±". */
  return g_strdup_printf (dj_node_get_mover (node) == DJ_SOUTH ? DJ_LRI "%u. %s%s%s%s" DJ_PDI
                                                               : DJ_LRI "%u… %s%s%s%s" DJ_PDI,
                          dj_node_get_move_number (node), dj_move_label (dj_node_get_move (node)),
                          glyph != NULL ? glyph : "", sign != NULL ? " " : "",
                          sign != NULL ? sign : "");
}

static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    data)
{
  g_autofree char *text = NULL;

  if (keyboard)
    return FALSE;
  text = dj_tree_overview_describe_at (DJ_TREE_OVERVIEW (widget), x, y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            DjTreeOverview  *self)
{
  DjNode *node = dj_tree_overview_pick (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (node != NULL && self->game != NULL)
    dj_game_set_current (self->game, node);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DjTreeOverview        *self)
{
  DjNode *node, *to = NULL;

  if (self->game == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  node = dj_game_get_current (self->game);
  switch (keyval)
    {
    case GDK_KEY_Left:
      to = dj_node_get_parent (node);
      break;
    case GDK_KEY_Right:
      to = dj_node_get_first_child (node);
      break;
    case GDK_KEY_Up:
      to = dj_node_get_parent (node) ? dj_node_get_prev_sibling (node) : NULL;
      break;
    case GDK_KEY_Down:
      to = dj_node_get_next_sibling (node);
      break;
    case GDK_KEY_Home:
      to = dj_game_get_root (self->game);
      break;
    case GDK_KEY_End:
      to = dj_node_get_line_end (node);
      break;
    default:
      return FALSE;
    }
  if (to != NULL)
    dj_game_set_current (self->game, to);
  return TRUE;
}

/* The record */

static void
on_node_added (DjTreeOverview *self,
               DjNode         *node,
               DjGame         *game)
{
  DjNode *parent = dj_node_get_parent (node);
  Cell *pc;

  /* A move at the end of a line goes on its lane when the lane is free. */
  if (!self->dirty && dj_node_get_n_children (parent) == 1 && dj_node_get_first_child (node) == NULL
      && (pc = g_hash_table_lookup (self->cells, parent)) != NULL
      && g_array_index (self->lane_ends, guint, pc->lane) == pc->column + 1
      && (pc->lane + 1 >= self->lane_ends->len
          || g_array_index (self->lane_ends, guint, pc->lane + 1) <= pc->column + 1))
    {
      place (self, node, pc->column + 1, pc->lane);
      configure_adjustments (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  invalidate (self);
}

static void
on_node_removed (DjTreeOverview *self,
                 DjNode         *node,
                 DjGame         *game)
{
  /* Nothing may keep the removed nodes until the new layout. */
  self->dirty = TRUE;
  g_hash_table_remove_all (self->cells);
  g_ptr_array_set_size (self->nodes, 0);
  invalidate (self);
}

static void
on_tree_changed (DjTreeOverview *self)
{
  invalidate (self);
}

static void
on_current_changed (DjTreeOverview *self)
{
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    scroll_to_current (self);
  else
    self->follow_current = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dj_tree_overview_set_game (DjTreeOverview *self,
                           DjGame         *game)
{
  g_return_if_fail (DJ_IS_TREE_OVERVIEW (self));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  self->dirty = TRUE;
  self->follow_current = TRUE;
  relayout (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

gboolean
dj_tree_overview_get_cell (DjTreeOverview *self,
                           DjNode         *node,
                           guint          *column,
                           guint          *lane)
{
  Cell *cell;

  g_return_val_if_fail (DJ_IS_TREE_OVERVIEW (self), FALSE);
  ensure_layout (self);
  cell = g_hash_table_lookup (self->cells, node);
  if (cell == NULL)
    return FALSE;
  if (column)
    *column = cell->column;
  if (lane)
    *lane = cell->lane;
  return TRUE;
}

guint
dj_tree_overview_get_n_lanes (DjTreeOverview *self)
{
  g_return_val_if_fail (DJ_IS_TREE_OVERVIEW (self), 0);
  ensure_layout (self);
  return self->lane_ends->len;
}

/* GObject */

static void
dj_tree_overview_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  DjTreeOverview *self = DJ_TREE_OVERVIEW (object);

  switch (prop_id)
    {
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_tree_overview_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  DjTreeOverview *self = DJ_TREE_OVERVIEW (object);

  switch (prop_id)
    {
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value));
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value));
      break;
    case PROP_HSCROLL_POLICY:
      self->hscroll_policy = g_value_get_enum (value);
      break;
    case PROP_VSCROLL_POLICY:
      self->vscroll_policy = g_value_get_enum (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_tree_overview_dispose (GObject *object)
{
  DjTreeOverview *self = DJ_TREE_OVERVIEW (object);

  g_clear_handle_id (&self->layout_source, g_source_remove);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->hadjustment, on_adjustment_changed, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, on_adjustment_changed, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);

  G_OBJECT_CLASS (dj_tree_overview_parent_class)->dispose (object);
}

static void
dj_tree_overview_finalize (GObject *object)
{
  DjTreeOverview *self = DJ_TREE_OVERVIEW (object);

  g_hash_table_unref (self->cells);
  g_array_unref (self->lane_ends);
  g_ptr_array_unref (self->nodes);

  G_OBJECT_CLASS (dj_tree_overview_parent_class)->finalize (object);
}

static void
dj_tree_overview_class_init (DjTreeOverviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = dj_tree_overview_get_property;
  object_class->set_property = dj_tree_overview_set_property;
  object_class->dispose = dj_tree_overview_dispose;
  object_class->finalize = dj_tree_overview_finalize;
  widget_class->snapshot = dj_tree_overview_snapshot;
  widget_class->measure = dj_tree_overview_measure;
  widget_class->size_allocate = dj_tree_overview_size_allocate;

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  gtk_widget_class_set_css_name (widget_class, "treeoverview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
dj_tree_overview_init (DjTreeOverview *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->cells = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->game_signals = g_signal_group_new (DJ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "node-added",
                                  G_CALLBACK (on_node_added), self);
  g_signal_group_connect_swapped (self->game_signals, "node-removed",
                                  G_CALLBACK (on_node_removed), self);
  g_signal_group_connect_swapped (self->game_signals, "children-reordered",
                                  G_CALLBACK (on_tree_changed), self);
  g_signal_group_connect_swapped (self->game_signals, "node-changed",
                                  G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_group_connect_swapped (self->game_signals, "current-changed",
                                  G_CALLBACK (on_current_changed), self);
  self->lane_ends = g_array_new (FALSE, FALSE, sizeof (guint));
  self->nodes = g_ptr_array_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Move Tree"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Every move as a dot; the arrow keys go from move to move"),
                                  -1);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
  g_signal_connect_object (click, "pressed", G_CALLBACK (on_pressed), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (on_key_pressed), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

GtkWidget *
dj_tree_overview_new (void)
{
  return g_object_new (DJ_TYPE_TREE_OVERVIEW, NULL);
}
