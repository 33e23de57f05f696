/* dj-notation-view.c: the notation pane: the whole move tree, to read, walk and edit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dj-bidi.h"
#include "dj-finding-text.h"
#include "dj-move-label.h"
#include "dj-move-time.h"
#include "dj-notation-view.h"
#include "dj-lazy-menu.h"
#include "dj-notation-line.h"

/* Indentation of one variation level, in pixels. */
#define INDENT      14
/* Levels deeper than this are indented no further (their colour still
 * tells them apart): otherwise a few hundred bytes of nested variations
 * would ask for rows wider than the screen, and the window would grow. */
#define MAX_INDENT_LEVELS 8
/* Levels get one of this many colours, in turn. */
#define N_LEVEL_COLOURS 4

struct _DjNotationView
{
  GtkWidget        parent_instance;

  /* template */
  GtkScrolledWindow *scroller;
  GtkListView     *list_view;
  GtkLabel        *empty_label;
  GMenuModel      *context_menu;
  GMenuModel      *glyph_menu;
  GMenuModel      *assessment_menu;
  GMenuModel      *more_menu;
  GtkMenuButton   *glyph_button;
  GtkMenuButton   *assessment_button;
  GtkMenuButton   *more_button;
  GtkGrid         *marker_grid;    /* filled when first shown */
  GtkPopover      *marker_popover;

  GtkWidget       *popover;       /* the context menu, built when first opened */

  DjGame          *game;
  DjNotationModel *model;
  GtkNoSelection  *selection;

  GtkToggleButton *marker_buttons[DJ_N_PITS][DJ_MARKER_LAST];
  guint            scroll_source;
  GdkFrameClock   *scroll_clock;    /* waited for, after the next layout */
  gulong           scroll_paint_id;
  GHashTable      *bound;           /* DjNotationRow → its label, while bound */
  gboolean         syncing_markers;
};

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DjNotationView, dj_notation_view, GTK_TYPE_WIDGET)

typedef struct
{
  guint    start;
  guint    end;
  gboolean current;   /* the current move */
} Range;

/* Text of a row */

static void
add_attr (PangoAttrList  *attrs,
          PangoAttribute *attr,
          guint           start,
          guint           end)
{
  if (attrs == NULL)
    {
      pango_attribute_destroy (attr);
      return;
    }
  attr->start_index = start;
  attr->end_index = end;
  pango_attr_list_insert (attrs, attr);
}

/* Comments in italics; in braces, as the text notation writes them, for
 * the plain text (tests, assistive technology).  Drawn, a comment is a
 * first-strong isolate: it runs in its own direction (an English comment
 * left to right in an Urdu window, its full stop after its last word). */
static void
append_comment (GString       *text,
                PangoAttrList *attrs,
                const char    *comment,
                gboolean       braces)
{
  guint start;

  if (text->len > 0)
    g_string_append_c (text, ' ');
  start = text->len;
  if (braces)
    g_string_append_printf (text, "{%s}", comment);
  else if (attrs != NULL)
    g_string_append_printf (text, "\xe2\x81\xa8%s\xe2\x81\xa9", comment);   /* FSI … PDI */
  else
    g_string_append (text, comment);
  add_attr (attrs, pango_attr_style_new (PANGO_STYLE_ITALIC), start, text->len);
  add_attr (attrs, pango_attr_foreground_alpha_new (48000), start, text->len);
}

/* The text of @row: for each move, its comment before, its number (a North
 * move only where the reader needs it), the move with its glyph, its
 * assessment and its comment after.  The start position's row has the
 * root's comments only. */
static char *
row_text (DjNotationRow *row,
          DjNode        *current,
          PangoAttrList *attrs,
          GArray        *ranges,
          gboolean       brackets)
{
  GString *text = g_string_new (NULL);
  DjNode *node = dj_notation_row_get_first (row);
  guint n = dj_notation_row_get_n_nodes (row);
  gboolean need_number = TRUE;
  /* Only the text drawn (and hit by a click) has the bidirectional isolates. */
  gboolean isolate = attrs != NULL;

  if (dj_notation_row_is_start (row))
    {
      const char *before = dj_node_get_comment_before (node);
      const char *after = dj_node_get_comment_after (node);

      if (before != NULL && before[0] != '\0')
        append_comment (text, attrs, before, brackets);
      if (after != NULL && after[0] != '\0')
        append_comment (text, attrs, after, brackets);
      return g_string_free (text, FALSE);
    }

  for (guint i = 0; i < n; i++, node = dj_node_get_first_child (node))
    {
      const char *before = dj_node_get_comment_before (node);
      const char *after = dj_node_get_comment_after (node);
      const char *glyph = dj_glyph_to_string (dj_node_get_glyph (node));
      DjAssessment assessment = dj_node_get_assessment (node);
      guint number = dj_node_get_move_number (node);
      gboolean south = dj_node_get_mover (node) == DJ_SOUTH;
      Range range;

      if (before != NULL && before[0] != '\0')
        {
          append_comment (text, attrs, before, brackets);
          need_number = TRUE;
        }
      if (text->len > 0)
        g_string_append_c (text, ' ');
      /* The number, the move, its glyph and assessment read left to right,
       * also in a right-to-left language: "3. c!?", not "?!c .3". */
      if (isolate)
        g_string_append (text, DJ_LRI);
      if (south || need_number)
        {
          guint start = text->len;

          /* Translators: move numbers in the notation: "3." before South's
           * move, "3…" before North's when South's is not just before it */
          g_string_append_printf (text, south ? _("%u.") : _("%u…"), number);
          add_attr (attrs, pango_attr_foreground_alpha_new (38000), start, text->len);
          g_string_append_c (text, ' ');
        }
      need_number = FALSE;

      range.start = text->len;
      range.current = node == current;
      if (brackets && node == current)
        g_string_append_c (text, '[');
      /* A translated "pass" may be right to left: its own isolate keeps the
       * glyph after it in order ("!?", not "?!"). */
      if (isolate)
        g_string_append (text, DJ_FSI);
      g_string_append (text, dj_move_label (dj_node_get_move (node)));
      if (isolate)
        g_string_append (text, DJ_PDI);
      add_attr (attrs, pango_attr_weight_new (south ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_SEMIBOLD),
                range.start, text->len);
      if (glyph != NULL)
        {
          guint start = text->len;
          DjGlyph g = dj_node_get_glyph (node);
          gboolean good = g == DJ_GLYPH_GOOD || g == DJ_GLYPH_BRILLIANT;
          gboolean bad = g == DJ_GLYPH_MISTAKE || g == DJ_GLYPH_BLUNDER;

          g_string_append (text, glyph);
          add_attr (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD), start, text->len);
          if (good)
            add_attr (attrs, pango_attr_foreground_new (0x2600, 0xa200, 0x6900), start, text->len);
          else if (bad)
            add_attr (attrs, pango_attr_foreground_new (0xe000, 0x1b00, 0x2400), start, text->len);
        }
      if (dj_node_get_finding (node) != NULL && dj_finding_is_error (dj_node_get_finding (node)))
        {
          DjJudgement j = dj_node_get_finding (node)->judgement;
          guint start;

          /* The review's judgement, apart from the person's glyph: small,
           * raised, in the review's colour after a thin space. */
          g_string_append (text, "\xe2\x80\x89");
          start = text->len;
          g_string_append (text, dj_glyph_to_string (dj_glyph_for_judgement (j)));
          add_attr (attrs, pango_attr_rise_new (4 * PANGO_SCALE), start, text->len);
          add_attr (attrs, pango_attr_scale_new (PANGO_SCALE_SMALL), start, text->len);
          add_attr (attrs, pango_attr_style_new (PANGO_STYLE_ITALIC), start, text->len);
          add_attr (attrs, pango_attr_foreground_new (0x9100, 0x4100, 0xac00), start, text->len);
          add_attr (attrs, pango_attr_underline_new (PANGO_UNDERLINE_SINGLE), start, text->len);
        }
      if (assessment != DJ_ASSESSMENT_NONE)
        {
          g_string_append_c (text, ' ');
          g_string_append (text, dj_assessment_to_sign (assessment));
        }
      if (dj_node_get_time_ms (node) != DJ_NO_TIME)
        {
          g_autofree char *time = dj_move_time_format (dj_node_get_time_ms (node));
          guint start;

          /* The time spent on the move, dimmed beside it. */
          g_string_append_c (text, ' ');
          start = text->len;
          g_string_append (text, time);
          add_attr (attrs, pango_attr_foreground_alpha_new (38000), start, text->len);
          add_attr (attrs, pango_attr_scale_new (PANGO_SCALE_SMALL), start, text->len);
        }
      if (brackets && node == current)
        g_string_append_c (text, ']');
      if (isolate)
        g_string_append (text, DJ_PDI);
      range.end = text->len;
      if (ranges != NULL)
        g_array_append_val (ranges, range);

      if (after != NULL && after[0] != '\0')
        {
          append_comment (text, attrs, after, brackets);
          need_number = TRUE;
        }
    }
  return g_string_free (text, FALSE);
}

/* Rows */

/* What a row's label shows.  The list binds a row again whenever its
 * position moves; the stamp of what was drawn makes that free when the row
 * shows the same. */
typedef struct
{
  DjNotationRow *row;       /* bound, or NULL */
  guint64        stamp;     /* of the row last drawn */
  GArray        *ranges;    /* the byte range of each move */
} RowLabel;

static void
row_label_free (gpointer data)
{
  RowLabel *state = data;

  g_clear_pointer (&state->ranges, g_array_unref);
  g_free (state);
}

static RowLabel *
row_label (GtkWidget *label)
{
  return g_object_get_data (G_OBJECT (label), "dj-row-label");
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           DjNotationView           *self);

/* The review's findings about the moves of @row, in the reader's language:
 * the row's tooltip and accessible description. */
static void
describe_findings (GtkWidget     *label,
                   DjNotationRow *row)
{
  g_autoptr(GString) text = NULL;
  DjNode *node = dj_notation_row_get_first (row);
  guint n = dj_notation_row_get_n_nodes (row);

  for (guint i = 0; i < n && !dj_notation_row_is_start (row) && node != NULL;
       i++, node = dj_node_get_first_child (node))
    {
      const DjFinding *finding = dj_node_get_finding (node);
      g_autofree char *about = NULL;

      if (finding == NULL || !dj_finding_is_error (finding))
        continue;
      about = dj_finding_text_describe (finding, dj_node_get_move (node));
      if (text == NULL)
        /* Translators: before the review's findings in a tooltip of the notation */
        text = g_string_new (_("Review:"));
      /* "c: Mistake: …", the move isolated in its own direction */
      g_string_append_printf (text, "\n" DJ_FSI "%s" DJ_PDI ": %s",
                              dj_move_label (dj_node_get_move (node)), about);
    }
  gtk_widget_set_tooltip_text (label, text ? text->str : NULL);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    text->str, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* Shows @row in @label: text, attributes, indentation, level colour, and
 * the current move marked (which only draws it again). */
static void
render_row (DjNotationView *self,
            GtkWidget      *label,
            DjNotationRow  *row)
{
  PangoAttrList *attrs = pango_attr_list_new ();
  GArray *ranges = g_array_new (FALSE, FALSE, sizeof (Range));
  g_autofree char *text = NULL;
  guint depth = dj_notation_row_get_depth (row);
  DjNode *current = self->game ? dj_game_get_current (self->game) : NULL;
  RowLabel *state = row_label (label);
  const Range *marked = NULL;

  text = row_text (row, current, attrs, ranges, FALSE);
  dj_notation_line_set_shared_text (DJ_NOTATION_LINE (label), G_OBJECT (row), text, attrs);
  pango_attr_list_unref (attrs);
  for (guint i = 0; i < ranges->len; i++)
    if (g_array_index (ranges, Range, i).current)
      marked = &g_array_index (ranges, Range, i);
  dj_notation_line_set_mark (DJ_NOTATION_LINE (label), marked ? (int) marked->start : -1,
                             marked ? (int) marked->end : -1);
  g_clear_pointer (&state->ranges, g_array_unref);
  state->ranges = ranges;
  state->stamp = dj_notation_row_get_stamp (row);

  describe_findings (label, row);
  gtk_widget_set_margin_start (label, 6 + INDENT * MIN (depth, MAX_INDENT_LEVELS));
  for (guint i = 0; i <= N_LEVEL_COLOURS; i++)
    {
      g_autofree char *name = g_strdup_printf ("level-%u", i);

      if (depth > 0 && i == 1 + (depth - 1) % N_LEVEL_COLOURS)
        gtk_widget_add_css_class (label, name);
      else
        gtk_widget_remove_css_class (label, name);
    }
  if (depth > 0)
    gtk_widget_add_css_class (label, "variation");
  else
    gtk_widget_remove_css_class (label, "variation");
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          DjNotationView           *self)
{
  DjNotationRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  RowLabel *state = row_label (label);

  if (state->stamp != dj_notation_row_get_stamp (row))
    render_row (self, label, row);
  state->row = row;
  g_hash_table_insert (self->bound, row, label);
}

/* A row shows differently: only its label is drawn again, if it is shown. */
static void
on_row_changed (DjNotationView  *self,
                DjNotationRow   *row,
                DjNotationModel *model)
{
  GtkWidget *label = g_hash_table_lookup (self->bound, row);

  if (label != NULL)
    render_row (self, label, row);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            DjNotationView           *self)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  RowLabel *state = row_label (label);

  /* What the label shows stays, for the next bind. */
  if (state->row != NULL && g_hash_table_lookup (self->bound, state->row) == label)
    g_hash_table_remove (self->bound, state->row);
  state->row = NULL;
}

/* The move at byte @index of @ranges: the one under it, else the one before
 * it (a comment belongs to the move it follows), else the first. */
static int
range_at (GArray *ranges,
          guint   index)
{
  int found = ranges->len > 0 ? 0 : -1;

  for (guint i = 0; i < ranges->len; i++)
    {
      Range *r = &g_array_index (ranges, Range, i);

      if (index >= r->start)
        found = i;
    }
  return found;
}

static gboolean
go_to_row_index (DjNotationView *self,
                 DjNotationRow  *row,
                 GArray         *ranges,
                 guint           index)
{
  int i;

  if (row == NULL || ranges == NULL || self->game == NULL)
    return FALSE;
  if (dj_notation_row_is_start (row))
    {
      dj_game_set_current (self->game, dj_game_get_root (self->game));
      return TRUE;
    }
  i = range_at (ranges, index);
  if (i < 0)
    return FALSE;
  dj_game_set_current (self->game, dj_notation_row_get_node (row, i));
  return TRUE;
}

static void
popup_menu_at (DjNotationView *self,
               GtkWidget      *widget,
               double          x,
               double          y)
{
  graphene_point_t point;
  GdkRectangle rect;

  if (!gtk_widget_compute_point (widget, GTK_WIDGET (self), &GRAPHENE_POINT_INIT (x, y), &point))
    point = GRAPHENE_POINT_INIT (x, y);
  rect.x = point.x;
  rect.y = point.y;
  rect.width = rect.height = 1;
  if (self->popover == NULL)
    {
      self->popover = gtk_popover_menu_new_from_model (self->context_menu);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->popover), FALSE);
      gtk_widget_set_halign (self->popover, GTK_ALIGN_START);
      gtk_widget_set_parent (self->popover, GTK_WIDGET (self));
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

/* A click on a move goes there; a secondary click also opens the menu. */
static void
on_row_pressed (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                DjNotationView  *self)
{
  GtkWidget *label = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  RowLabel *state = row_label (label);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  int index = dj_notation_line_index_at (DJ_NOTATION_LINE (label), x, y);

  go_to_row_index (self, state->row, state->ranges, MAX (index, 0));
  gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
  if (button == GDK_BUTTON_SECONDARY)
    popup_menu_at (self, label, x, y);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_row_long_pressed (GtkGestureLongPress *gesture,
                     double               x,
                     double               y,
                     DjNotationView      *self)
{
  GtkWidget *label = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  int index = dj_notation_line_index_at (DJ_NOTATION_LINE (label), x, y);

  go_to_row_index (self, row_label (label)->row, row_label (label)->ranges, MAX (index, 0));
  popup_menu_at (self, label, x, y);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           DjNotationView           *self)
{
  /* Wrapped rows ask for a modest width: the board gets the rest. */
  GtkWidget *label = dj_notation_line_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *long_press = gtk_gesture_long_press_new ();

  gtk_widget_add_css_class (label, "notation-row");
  gtk_widget_set_cursor_from_name (label, "pointer");
  g_object_set_data_full (G_OBJECT (label), "dj-row-label", g_new0 (RowLabel, 1), row_label_free);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect_object (click, "pressed", G_CALLBACK (on_row_pressed), self, 0);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (click));
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (long_press), TRUE);
  g_signal_connect_object (long_press, "pressed", G_CALLBACK (on_row_long_pressed), self, 0);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (long_press));

  gtk_list_item_set_child (item, label);
  gtk_list_item_set_activatable (item, FALSE);
  gtk_list_item_set_selectable (item, FALSE);
}

/* Keeping the current move in view */

/* TRUE when @row is shown whole inside the scrolled window: no need to
 * scroll (scrolling makes the list lay out again). */
static gboolean
row_in_view (DjNotationView *self,
             DjNotationRow  *row)
{
  GtkWidget *label = g_hash_table_lookup (self->bound, row);
  graphene_rect_t bounds;

  if (label == NULL || !gtk_widget_get_mapped (label)
      || !gtk_widget_compute_bounds (label, GTK_WIDGET (self->scroller), &bounds))
    return FALSE;
  return bounds.origin.y >= 0
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (GTK_WIDGET (self->scroller));
}

static gboolean
scroll_idle (gpointer data)
{
  DjNotationView *self = data;
  DjNotationRow *row;

  self->scroll_source = 0;
  if (self->model == NULL)
    return G_SOURCE_REMOVE;
  row = dj_notation_model_find_row (self->model, dj_game_get_current (self->game), NULL);
  if (row != NULL && row_in_view (self, row))
    return G_SOURCE_REMOVE;
  if (row != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u",
                                dj_notation_model_get_row_position (self->model, row));
  else if (dj_node_get_parent (dj_game_get_current (self->game)) == NULL)
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  return G_SOURCE_REMOVE;
}

static void
cancel_scroll (DjNotationView *self)
{
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  /* A clock that went with its window has dropped its handlers already. */
  if (self->scroll_clock != NULL
      && g_signal_handler_is_connected (self->scroll_clock, self->scroll_paint_id))
    g_signal_handler_disconnect (self->scroll_clock, self->scroll_paint_id);
  self->scroll_paint_id = 0;
  g_clear_object (&self->scroll_clock);
}

static void
scroll_after_paint (DjNotationView *self)
{
  cancel_scroll (self);
  scroll_idle (self);
}

/* The list view scrolls only to rows it has laid out (else GTK warns and
 * ignores it): when it is shown, after the next frame's layout. */
static void
schedule_scroll (DjNotationView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->list_view));

  if (self->scroll_source != 0 || self->scroll_clock != NULL)
    return;
  if (clock == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self->list_view)))
    {
      self->scroll_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 30, scroll_idle, self, NULL);
      return;
    }
  self->scroll_clock = g_object_ref (clock);
  self->scroll_paint_id = g_signal_connect_swapped (clock, "after-paint",
                                                    G_CALLBACK (scroll_after_paint), self);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
}

/* Actions */

/* The start of the variation holding @node: @node or the nearest ancestor
 * that is not a first child; NULL on the main line. */
static DjNode *
variation_start (DjNode *node)
{
  for (; node != NULL && dj_node_get_parent (node) != NULL; node = dj_node_get_parent (node))
    if (!dj_node_is_first_child (node))
      return node;
  return NULL;
}

/* What "move down" moves: @node or the nearest ancestor with a next sibling. */
static DjNode *
movable_down (DjNode *node)
{
  for (; node != NULL && dj_node_get_parent (node) != NULL; node = dj_node_get_parent (node))
    if (dj_node_get_next_sibling (node) != NULL)
      return node;
  return NULL;
}

static void
sync_marker_buttons (DjNotationView *self)
{
  DjNode *node = self->game ? dj_game_get_current (self->game) : NULL;

  if (self->marker_buttons[0][0] == NULL)
    return;
  self->syncing_markers = TRUE;
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    for (guint m = 1; m <= DJ_MARKER_LAST; m++)
      gtk_toggle_button_set_active (self->marker_buttons[pit][m - 1],
                                    node != NULL && dj_node_get_marker (node, pit) == m);
  self->syncing_markers = FALSE;
}

static void
update_actions (DjNotationView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  DjNode *node = self->game ? dj_game_get_current (self->game) : NULL;
  gboolean is_move = node != NULL && dj_node_get_parent (node) != NULL;
  DjNode *var = node ? variation_start (node) : NULL;

  gtk_widget_action_set_enabled (widget, "notation.promote", var != NULL);
  gtk_widget_action_set_enabled (widget, "notation.move-down", node && movable_down (node));
  gtk_widget_action_set_enabled (widget, "notation.make-main-line", var != NULL);
  gtk_widget_action_set_enabled (widget, "notation.delete-variation", var != NULL);
  gtk_widget_action_set_enabled (widget, "notation.delete-from-here", is_move);
  gtk_widget_action_set_enabled (widget, "notation.assessment", is_move);
  gtk_widget_action_set_enabled (widget, "notation.marker", node != NULL);
  gtk_widget_action_set_enabled (widget, "notation.clear-markers",
                                 node != NULL && dj_node_has_markers (node));
  gtk_widget_action_set_enabled (widget, "notation.context-menu", is_move);
  sync_marker_buttons (self);
}

static void
promote_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  DjNotationView *self = DJ_NOTATION_VIEW (widget);
  DjNode *var = variation_start (dj_game_get_current (self->game));

  if (var != NULL)
    dj_game_promote_variation (self->game, var);
}

static void
move_down_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DjNotationView *self = DJ_NOTATION_VIEW (widget);
  DjNode *node = movable_down (dj_game_get_current (self->game));

  if (node != NULL)
    dj_game_move_variation_down (self->game, node);
}

static void
make_main_line_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DjNotationView *self = DJ_NOTATION_VIEW (widget);
  DjNode *node = dj_game_get_current (self->game);

  if (variation_start (node) != NULL)
    dj_game_make_main_line (self->game, node);
}

static void
delete_variation_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  DjNotationView *self = DJ_NOTATION_VIEW (widget);
  DjNode *var = variation_start (dj_game_get_current (self->game));

  if (var != NULL)
    dj_game_delete_variation (self->game, var);
}

static void
delete_from_here_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  DjNotationView *self = DJ_NOTATION_VIEW (widget);
  DjNode *node = dj_game_get_current (self->game);

  if (dj_node_get_parent (node) != NULL)
    dj_game_delete_variation (self->game, node);
}

static void
assessment_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DjNotationView *self = DJ_NOTATION_VIEW (widget);
  int assessment = g_variant_get_int32 (parameter);
  DjNode *node = dj_game_get_current (self->game);

  if (!dj_assessment_is_valid (assessment) || dj_node_get_parent (node) == NULL)
    return;
  if ((DjAssessment) assessment != dj_node_get_assessment (node))
    dj_game_set_assessment (self->game, node, assessment);
}

static void
marker_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DjNotationView *self = DJ_NOTATION_VIEW (widget);
  DjNode *node = dj_game_get_current (self->game);
  int pit, marker;

  g_variant_get (parameter, "(ii)", &pit, &marker);
  if (pit < 0 || pit >= DJ_N_PITS || marker < 0 || marker > DJ_MARKER_LAST)
    return;
  /* The colour a pit already has takes the ring off. */
  if ((int) dj_node_get_marker (node, pit) == marker)
    marker = DJ_MARKER_NONE;
  dj_game_set_marker (self->game, node, pit, marker);
}

static void
clear_markers_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DjNotationView *self = DJ_NOTATION_VIEW (widget);

  dj_game_clear_markers (self->game, dj_game_get_current (self->game));
}

static void
context_menu_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DjNotationView *self = DJ_NOTATION_VIEW (widget);
  int width = gtk_widget_get_width (GTK_WIDGET (self->list_view));

  /* Keyboard: the menu points at the top of the moves. */
  popup_menu_at (self, GTK_WIDGET (self->list_view), width / 2.0, 12);
}

static void
on_marker_toggled (GtkToggleButton *button,
                   DjNotationView  *self)
{
  int pit = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "pit"));
  int marker = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "marker"));
  DjNode *node;

  if (self->syncing_markers || self->game == NULL)
    return;
  node = dj_game_get_current (self->game);
  if (gtk_toggle_button_get_active (button))
    dj_game_set_marker (self->game, node, pit, marker);
  else if ((int) dj_node_get_marker (node, pit) == marker)
    dj_game_set_marker (self->game, node, pit, DJ_MARKER_NONE);
}

/* Keys */

static void
go_to (DjNotationView *self,
       DjNode         *node)
{
  if (node != NULL && self->game != NULL)
    dj_game_set_current (self->game, node);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DjNotationView        *self)
{
  DjNode *node;

  if (self->game == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  node = dj_game_get_current (self->game);

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      go_to (self, dj_node_get_parent (node));
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      go_to (self, dj_node_get_first_child (node));
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      if (dj_node_get_parent (node) != NULL)
        go_to (self, dj_node_get_prev_sibling (node));
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      go_to (self, dj_node_get_next_sibling (node));
      return TRUE;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      go_to (self, dj_game_get_root (self->game));
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      go_to (self, dj_node_get_line_end (node));
      return TRUE;
    default:
      return FALSE;
    }
}

/* The record */

static void
on_current_changed (DjNotationView *self,
                    DjNode         *node,
                    DjGame         *game)
{
  update_actions (self);
  schedule_scroll (self);
}

static void
on_tree_changed (DjNotationView *self,
                 DjNode         *node,
                 DjGame         *game)
{
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label),
                          dj_node_get_first_child (dj_game_get_root (game)) == NULL);
  update_actions (self);
}

DjGame *
dj_notation_view_get_game (DjNotationView *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_VIEW (self), NULL);
  return self->game;
}

void
dj_notation_view_set_game (DjNotationView *self,
                           DjGame         *game)
{
  g_return_if_fail (DJ_IS_NOTATION_VIEW (self));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_clear_object (&self->model);
  if (game != NULL)
    {
      self->model = dj_notation_model_new (game);
      g_signal_connect_object (self->model, "row-changed", G_CALLBACK (on_row_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "current-changed", G_CALLBACK (on_current_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "node-added", G_CALLBACK (on_tree_changed), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      g_signal_connect_object (game, "node-removed", G_CALLBACK (on_tree_changed), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      g_signal_connect_object (game, "children-reordered", G_CALLBACK (on_tree_changed), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      g_signal_connect_object (game, "node-changed", G_CALLBACK (on_tree_changed), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      on_tree_changed (self, NULL, game);
      schedule_scroll (self);
    }
  gtk_no_selection_set_model (self->selection, G_LIST_MODEL (self->model));
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

DjNotationModel *
dj_notation_view_get_model (DjNotationView *self)
{
  g_return_val_if_fail (DJ_IS_NOTATION_VIEW (self), NULL);
  return self->model;
}

char *
dj_notation_view_get_row_text (DjNotationView *self,
                               guint           position)
{
  g_autoptr(DjNotationRow) row = NULL;

  g_return_val_if_fail (DJ_IS_NOTATION_VIEW (self), NULL);
  if (self->model == NULL)
    return NULL;
  row = g_list_model_get_item (G_LIST_MODEL (self->model), position);
  if (row == NULL)
    return NULL;
  return row_text (row, dj_game_get_current (self->game), NULL, NULL, FALSE);
}

char *
dj_notation_view_get_text (DjNotationView *self)
{
  GString *text;
  guint n;

  g_return_val_if_fail (DJ_IS_NOTATION_VIEW (self), NULL);
  text = g_string_new (NULL);
  if (self->model == NULL)
    return g_string_free (text, FALSE);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->model));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DjNotationRow) row = g_list_model_get_item (G_LIST_MODEL (self->model), i);
      g_autofree char *line = row_text (row, dj_game_get_current (self->game), NULL, NULL, TRUE);

      for (guint d = 0; d < dj_notation_row_get_depth (row); d++)
        g_string_append (text, "  ");
      g_string_append (text, line);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

gboolean
dj_notation_view_activate_at (DjNotationView *self,
                              guint           position,
                              guint           index)
{
  g_autoptr(DjNotationRow) row = NULL;
  g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (Range));
  g_autofree char *text = NULL;

  g_return_val_if_fail (DJ_IS_NOTATION_VIEW (self), FALSE);
  if (self->model == NULL)
    return FALSE;
  row = g_list_model_get_item (G_LIST_MODEL (self->model), position);
  if (row == NULL)
    return FALSE;
  text = row_text (row, NULL, NULL, ranges, FALSE);
  return go_to_row_index (self, row, ranges, index);
}

/* GObject */

static void
dj_notation_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  DjNotationView *self = DJ_NOTATION_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_notation_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  DjNotationView *self = DJ_NOTATION_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      dj_notation_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_notation_view_dispose (GObject *object)
{
  DjNotationView *self = DJ_NOTATION_VIEW (object);

  cancel_scroll (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_NOTATION_VIEW);
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }
  g_clear_object (&self->selection);
  g_clear_pointer (&self->bound, g_hash_table_unref);
  g_clear_object (&self->model);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (dj_notation_view_parent_class)->dispose (object);
}

static void
dj_notation_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  DjNotationView *self = DJ_NOTATION_VIEW (widget);

  GTK_WIDGET_CLASS (dj_notation_view_parent_class)->size_allocate (widget, width, height,
                                                                   baseline);
  if (self->popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->popover));
}

static void
dj_notation_view_class_init (DjNotationViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = dj_notation_view_get_property;
  object_class->set_property = dj_notation_view_set_property;
  object_class->dispose = dj_notation_view_dispose;
  widget_class->size_allocate = dj_notation_view_size_allocate;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PATH "/ui/dj-notation-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, scroller);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, list_view);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, empty_label);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, context_menu);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, glyph_menu);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, assessment_menu);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, more_menu);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, glyph_button);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, assessment_button);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, more_button);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, marker_grid);
  gtk_widget_class_bind_template_child (widget_class, DjNotationView, marker_popover);
  gtk_widget_class_bind_template_callback (widget_class, on_key_pressed);

  gtk_widget_class_install_action (widget_class, "notation.promote", NULL, promote_action);
  gtk_widget_class_install_action (widget_class, "notation.move-down", NULL, move_down_action);
  gtk_widget_class_install_action (widget_class, "notation.make-main-line", NULL,
                                   make_main_line_action);
  gtk_widget_class_install_action (widget_class, "notation.delete-variation", NULL,
                                   delete_variation_action);
  gtk_widget_class_install_action (widget_class, "notation.delete-from-here", NULL,
                                   delete_from_here_action);
  gtk_widget_class_install_action (widget_class, "notation.assessment", "i", assessment_action);
  gtk_widget_class_install_action (widget_class, "notation.marker", "(ii)", marker_action);
  gtk_widget_class_install_action (widget_class, "notation.clear-markers", NULL,
                                   clear_markers_action);
  gtk_widget_class_install_action (widget_class, "notation.context-menu", NULL,
                                   context_menu_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_CONTROL_MASK,
                                       "notation.promote", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_CONTROL_MASK,
                                       "notation.move-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "notation.make-main-line", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0,
                                       "notation.delete-variation", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, GDK_SHIFT_MASK,
                                       "notation.delete-from-here", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0,
                                       "notation.context-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK,
                                       "notation.context-menu", NULL);
  /* The glyph keys (Ctrl+0 … Ctrl+6) are the window's: see win.glyph. */

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "notation");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
load_css (void)
{
  static gboolean loaded;
  GdkDisplay *display = gdk_display_get_default ();
  GtkCssProvider *provider;

  if (loaded || display == NULL)
    return;
  loaded = TRUE;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, RESOURCE_PATH "/study.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref (provider);
}

static void
build_marker_grid (DjNotationView *self)
{
  static const char *colour_class[] = { "red", "green", "blue", "yellow" };

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      /* South's pits on the left, North's on the right. */
      guint column = pit < DJ_ROW_PITS ? 0 : 5;
      guint row = pit % DJ_ROW_PITS;
      GtkWidget *label = gtk_label_new (dj_move_to_string (pit));

      gtk_widget_add_css_class (label, "heading");
      gtk_grid_attach (self->marker_grid, label, column, row, 1, 1);
      for (guint m = 1; m <= DJ_MARKER_LAST; m++)
        {
          GtkWidget *button = gtk_toggle_button_new ();
          /* Translators: a marker toggle, e.g. "Red mark on pit c" (the
           * mark's colour, whatever its shape) */
          g_autofree char *name = g_strdup_printf (_("%s mark on pit %s"),
                                                   dj_marker_describe (m),
                                                   dj_move_to_string (pit));

          gtk_widget_add_css_class (button, "marker-toggle");
          gtk_widget_add_css_class (button, colour_class[m - 1]);
          gtk_widget_add_css_class (button, "circular");
          gtk_widget_set_tooltip_text (button, name);
          gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
          g_object_set_data (G_OBJECT (button), "pit", GINT_TO_POINTER (pit));
          g_object_set_data (G_OBJECT (button), "marker", GINT_TO_POINTER (m));
          g_signal_connect_object (button, "toggled", G_CALLBACK (on_marker_toggled), self, 0);
          gtk_grid_attach (self->marker_grid, button, column + m, row, 1, 1);
          self->marker_buttons[pit][m - 1] = GTK_TOGGLE_BUTTON (button);
        }
    }
}

static void
on_marker_popover_show (DjNotationView *self)
{
  if (self->marker_buttons[0][0] != NULL)
    return;
  build_marker_grid (self);
  sync_marker_buttons (self);
}

/* The glyphs and assessment signs that begin menu items ("!?  Interesting
 * move", "+=  South has a slight advantage") as left-to-right runs: in a
 * right-to-left language "!?" would read "?!", and "+=" would read "=+". */
static void
isolate_menu_marks (GMenuModel *menu)
{
  g_autoptr(GPtrArray) pending = g_ptr_array_new ();

  g_ptr_array_add (pending, menu);
  while (pending->len > 0)
    {
      GMenuModel *model = g_ptr_array_steal_index (pending, pending->len - 1);

      for (int i = 0; i < g_menu_model_get_n_items (model); i++)
        {
          g_autofree char *label = NULL;
          const char *end;
          GMenuModel *link;

          if ((link = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION)) != NULL ||
              (link = g_menu_model_get_item_link (model, i, G_MENU_LINK_SUBMENU)) != NULL)
            {
              g_ptr_array_add (pending, link);
              /* The models are the menu's own: it keeps them alive. */
              g_object_unref (link);
            }
          if (!G_IS_MENU (model) ||
              !g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
            continue;
          for (end = label; *end != '\0' && *end != ' '; end = g_utf8_next_char (end))
            if (g_unichar_isalnum (g_utf8_get_char (end)))
              break;
          if (end > label && *end == ' ')
            {
              g_autoptr(GMenuItem) item = g_menu_item_new_from_model (model, i);
              g_autofree char *mark = g_strndup (label, end - label);
              DjAssessment assessment;

              /* The menu shows an assessment's sign as printed ("⩲"), the
               * translations keep the ASCII symbol of the text notation. */
              if (dj_assessment_from_symbol (mark, &assessment))
                {
                  g_free (mark);
                  mark = g_strdup (dj_assessment_to_sign (assessment));
                }
              g_autofree char *isolated = g_strconcat (DJ_LRI, mark, DJ_PDI, end, NULL);

              g_menu_item_set_label (item, isolated);
              g_menu_remove (G_MENU (model), i);
              g_menu_insert_item (G_MENU (model), i, item);
            }
        }
    }
}

static void
dj_notation_view_init (DjNotationView *self)
{
  g_autofree char *glyph_label = NULL;

  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  load_css ();

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_object (factory, "setup", G_CALLBACK (setup_row), self, 0);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_row), self, 0);
  g_signal_connect_object (factory, "unbind", G_CALLBACK (unbind_row), self, 0);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);

  self->bound = g_hash_table_new (NULL, NULL);
  self->selection = gtk_no_selection_new (NULL);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  isolate_menu_marks (self->glyph_menu);
  isolate_menu_marks (self->assessment_menu);
  isolate_menu_marks (self->context_menu);
  glyph_label = dj_bidi_ltr (gtk_menu_button_get_label (self->glyph_button));
  gtk_menu_button_set_label (self->glyph_button, glyph_label);
  dj_menu_button_set_menu_later (self->glyph_button, self->glyph_menu);
  dj_menu_button_set_menu_later (self->assessment_button, self->assessment_menu);
  dj_menu_button_set_menu_later (self->more_button, self->more_menu);

  /* The grid of 60 pit and colour buttons is made when first shown. */
  g_signal_connect_object (self->marker_popover, "show", G_CALLBACK (on_marker_popover_show),
                           self, G_CONNECT_SWAPPED);
  update_actions (self);
}

GtkWidget *
dj_notation_view_new (void)
{
  return g_object_new (DJ_TYPE_NOTATION_VIEW, NULL);
}
