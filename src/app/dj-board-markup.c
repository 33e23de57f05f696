/* dj-board-markup.c: markup input on the board
 *
 * The mouse (right button, or Alt and the first one) and the keys on the
 * focused pit make marks, arrows and labels.  Nothing here changes what the
 * board shows: each change goes out through the board's ::markup-edited, and
 * comes back when the record has it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dj-board-markup.h"
#include "dj-pit.h"

struct _DjBoardMarkup
{
  GtkWidget               *board;    /* owns this */
  DjBoardScene            *scene;    /* the board's */
  const DjBoardMarkupHost *host;
  /* The colour of marks made with the keyboard, and the pit a mouse drag
   * started on (-1: none). */
  DjMarker                 pen;
  int                      drag_from;
  GtkWidget               *label_popover;   /* asks for a pit's label (l) */
  GtkWidget               *label_entry;
  GtkWidget               *label_error;
  guint                    label_pit;
};

static GtkWidget *
pit_widget (DjBoardMarkup *self,
            guint          pit)
{
  return self->host->pit_widget (self->board, pit);
}

static void
edited (DjBoardMarkup  *self,
        const DjMarkup *markup,
        const char     *label)
{
  self->host->edited (self->board, markup, label);
}

gboolean
dj_board_markup_arrow_direction (guint             keyval,
                                 DjBoardDirection *direction)
{
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      *direction = DJ_BOARD_LEFT;
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      *direction = DJ_BOARD_RIGHT;
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      *direction = DJ_BOARD_UP;
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      *direction = DJ_BOARD_DOWN;
      return TRUE;
    default:
      return FALSE;
    }
}

/* The colour a mouse mark or arrow takes: green, Shift red, Ctrl blue,
 * Shift+Ctrl yellow. */
static DjMarker
colour_for_state (GdkModifierType state)
{
  gboolean shift = (state & GDK_SHIFT_MASK) != 0, ctrl = (state & GDK_CONTROL_MASK) != 0;

  return shift && ctrl ? DJ_MARKER_YELLOW : shift ? DJ_MARKER_RED
                                          : ctrl ? DJ_MARKER_BLUE : DJ_MARKER_GREEN;
}

/* A click on @pit in @colour: a new mark is a circle; a mark of another
 * colour takes this one; a mark of this colour becomes the next shape
 * (circle, cross, triangle, square, then none). */
static void
cycle_mark (DjBoardMarkup *self,
            guint          pit,
            DjMarker       colour)
{
  DjMarkup markup = *dj_board_scene_get_markup (self->scene);
  DjPitMark *mark = &markup.pits[pit];

  if (mark->shape == DJ_MARK_NONE)
    dj_markup_set_mark (&markup, pit, DJ_MARK_CIRCLE, colour, NULL);
  else if (mark->colour != colour)
    mark->colour = colour;
  else if (mark->shape >= DJ_MARK_SQUARE)
    dj_markup_set_mark (&markup, pit, DJ_MARK_NONE, DJ_MARKER_NONE, NULL);
  else
    dj_markup_set_mark (&markup, pit, mark->shape + 1, colour, NULL);
  edited (self, &markup, markup.pits[pit].shape != DJ_MARK_NONE ? _("Mark Pit")
                                                                 : _("Remove Mark"));
}

static void
toggle_arrow (DjBoardMarkup *self,
              guint          from,
              guint          to,
              DjMarker       colour)
{
  DjMarkup markup = *dj_board_scene_get_markup (self->scene);

  if (!dj_markup_toggle_arrow (&markup, from, to, colour))
    {
      gtk_widget_error_bell (self->board);   /* no room for another */
      return;
    }
  edited (self, &markup, dj_markup_find_arrow (&markup, from, to) >= 0 ? _("Draw Arrow")
                                                                       : _("Remove Arrow"));
}

/* The pit under a point of the board, or -1: the one whose cell (as wide
 * as the distance between two neighbours' centres) holds the point. */
static int
pit_at_point (DjBoardMarkup *self,
              double         x,
              double         y)
{
  graphene_point_t centres[DJ_N_PITS];
  float half;

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      graphene_rect_t bounds;

      if (!gtk_widget_compute_bounds (pit_widget (self, pit), self->board, &bounds))
        return -1;
      graphene_rect_get_center (&bounds, &centres[pit]);
    }
  half = graphene_point_distance (&centres[0], &centres[1], NULL, NULL) / 2;
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    if (fabs (x - centres[pit].x) <= half && fabs (y - centres[pit].y) <= half)
      return (int) pit;
  return -1;
}

/* Right button, or the first one with Alt: a click marks a pit, a drag from
 * pit to pit draws an arrow.  Anything else is left to the pits. */
static void
markup_drag_begin_cb (GtkGestureDrag *gesture,
                      double          x,
                      double          y,
                      DjBoardMarkup  *self)
{
  GtkEventController *controller = GTK_EVENT_CONTROLLER (gesture);
  GdkModifierType state = gtk_event_controller_get_current_event_state (controller);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  int pit = pit_at_point (self, x, y);

  if (pit < 0 || !(button == GDK_BUTTON_SECONDARY ||
                   (button == GDK_BUTTON_PRIMARY && (state & GDK_ALT_MASK))))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  /* As a press on a pit: the mark lands where the game now stands. */
  self->host->finish_animations (self->board);
  self->drag_from = pit;
  dj_board_scene_set_arrow_draft (self->scene, pit, pit, colour_for_state (state));
}

static void
markup_drag_update_cb (GtkGestureDrag *gesture,
                       double          dx,
                       double          dy,
                       DjBoardMarkup  *self)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  double x, y;

  if (self->drag_from < 0)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  dj_board_scene_set_arrow_draft (self->scene, self->drag_from,
                                  pit_at_point (self, x + dx, y + dy), colour_for_state (state));
}

static void
markup_drag_end_cb (GtkGestureDrag *gesture,
                    double          dx,
                    double          dy,
                    DjBoardMarkup  *self)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  int from = self->drag_from, to;
  double x, y;

  if (from < 0)
    return;
  self->drag_from = -1;
  dj_board_scene_set_arrow_draft (self->scene, -1, -1, DJ_MARKER_NONE);
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  to = pit_at_point (self, x + dx, y + dy);
  if (to == from)
    cycle_mark (self, from, colour_for_state (state));
  else if (to >= 0)
    toggle_arrow (self, from, to, colour_for_state (state));
}

static void
markup_drag_cancel_cb (GtkGesture       *gesture,
                       GdkEventSequence *sequence,
                       DjBoardMarkup    *self)
{
  self->drag_from = -1;
  dj_board_scene_set_arrow_draft (self->scene, -1, -1, DJ_MARKER_NONE);
}

/* The focused pit's mark as @shape: taken off when it is that already, else
 * in the pit's colour or the pen's. */
static void
toggle_shape (DjBoardMarkup *self,
              guint          pit,
              DjMarkShape    shape,
              const char    *label)
{
  DjMarkup markup = *dj_board_scene_get_markup (self->scene);
  const DjPitMark *mark = &markup.pits[pit];
  DjMarker colour = mark->shape != DJ_MARK_NONE ? mark->colour : self->pen;

  if (mark->shape == shape && (shape != DJ_MARK_LABEL || g_strcmp0 (mark->label, label) == 0))
    dj_markup_set_mark (&markup, pit, DJ_MARK_NONE, DJ_MARKER_NONE, NULL);
  else
    dj_markup_set_mark (&markup, pit, shape, colour, label);
  edited (self, &markup, markup.pits[pit].shape != DJ_MARK_NONE ? _("Mark Pit")
                                                                 : _("Remove Mark"));
}

/* The pit's mark and every arrow from or to it. */
static void
clear_pit_markup (DjBoardMarkup *self,
                  guint          pit)
{
  DjMarkup markup = *dj_board_scene_get_markup (self->scene);

  dj_markup_set_mark (&markup, pit, DJ_MARK_NONE, DJ_MARKER_NONE, NULL);
  for (guint i = markup.n_arrows; i-- > 0;)
    if (markup.arrows[i].from == pit || markup.arrows[i].to == pit)
      dj_markup_remove_arrow (&markup, markup.arrows[i].from, markup.arrows[i].to);
  edited (self, &markup, _("Remove Mark"));
}

/* Keys on the focused pit: o x t s a circle, cross, triangle or square; 1–9
 * a number; k the next colour; Delete takes the pit's markup off; Shift and
 * the arrow keys draw an arrow from the pit, Enter puts it down, Escape drops
 * it. */
static gboolean
markup_key_pressed_cb (GtkEventControllerKey *controller,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       DjBoardMarkup         *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *focus = gtk_widget_get_focus_child (self->board);
  DjBoardDirection direction;
  int from, to, pit;
  DjMarker draft;

  if (event != NULL && gdk_key_event_is_modifier (event))
    return FALSE;
  if (focus == NULL || !DJ_IS_PIT (focus))
    return FALSE;
  pit = (int) dj_pit_get_index (DJ_PIT (focus));
  draft = dj_board_scene_get_arrow_draft (self->scene, &from, &to);

  if (dj_board_markup_arrow_direction (keyval, &direction) &&
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK | GDK_SUPER_MASK |
                GDK_META_MASK)) == GDK_SHIFT_MASK)
    {
      if (draft == DJ_MARKER_NONE)
        from = pit;
      if (self->host->move_focus (self->board, direction))
        dj_board_scene_set_arrow_draft (self->scene, from, dj_board_scene_get_focus (self->scene),
                                        self->pen);
      return TRUE;
    }
  if (draft != DJ_MARKER_NONE)
    {
      dj_board_scene_set_arrow_draft (self->scene, -1, -1, DJ_MARKER_NONE);
      if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter ||
          keyval == GDK_KEY_space || keyval == GDK_KEY_KP_Space)
        {
          if (to >= 0 && to != from)
            toggle_arrow (self, from, to, draft);
          return TRUE;
        }
      if (keyval == GDK_KEY_Escape)
        return TRUE;
    }

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_o:
      toggle_shape (self, pit, DJ_MARK_CIRCLE, NULL);
      return TRUE;
    case GDK_KEY_x:
      toggle_shape (self, pit, DJ_MARK_CROSS, NULL);
      return TRUE;
    case GDK_KEY_t:
      toggle_shape (self, pit, DJ_MARK_TRIANGLE, NULL);
      return TRUE;
    case GDK_KEY_s:
      toggle_shape (self, pit, DJ_MARK_SQUARE, NULL);
      return TRUE;
    case GDK_KEY_k:
      {
        DjMarkup markup = *dj_board_scene_get_markup (self->scene);
        DjPitMark *mark = &markup.pits[pit];

        if (mark->shape == DJ_MARK_NONE)
          {
            self->pen = self->pen % DJ_MARKER_LAST + 1;
            return TRUE;
          }
        mark->colour = self->pen = mark->colour % DJ_MARKER_LAST + 1;
        edited (self, &markup, _("Mark Pit"));
      }
      return TRUE;
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
    case GDK_KEY_BackSpace:
      clear_pit_markup (self, pit);
      return TRUE;
    case GDK_KEY_l:
      dj_board_markup_ask_label (self, (guint) pit);
      return TRUE;
    default:
      if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_9)
        {
          char digit[2] = { (char) ('1' + (keyval - GDK_KEY_1)), '\0' };

          toggle_shape (self, pit, DJ_MARK_LABEL, digit);
          return TRUE;
        }
      return FALSE;
    }
}

static void
label_entry_activate_cb (GtkEntry      *entry,
                         DjBoardMarkup *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (*text == '\0')
    {
      /* Nothing: the label, if any, goes. */
      const DjPitMark *mark = &dj_board_scene_get_markup (self->scene)->pits[self->label_pit];

      if (mark->shape == DJ_MARK_LABEL)
        toggle_shape (self, self->label_pit, DJ_MARK_LABEL, mark->label);
    }
  else if (!dj_mark_label_is_valid (text))
    {
      gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
      gtk_widget_set_visible (self->label_error, TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      gtk_label_get_label (GTK_LABEL (self->label_error)), -1);
      gtk_widget_error_bell (GTK_WIDGET (entry));
      return;
    }
  else
    {
      DjMarkup markup = *dj_board_scene_get_markup (self->scene);
      const DjPitMark *mark = &markup.pits[self->label_pit];

      dj_markup_set_mark (&markup, self->label_pit, DJ_MARK_LABEL,
                          mark->shape != DJ_MARK_NONE ? mark->colour : self->pen, text);
      edited (self, &markup, _("Mark Pit"));
    }
  gtk_popover_popdown (GTK_POPOVER (self->label_popover));
  /* The next key (o, k, Shift+arrow …) is for the pit again. */
  gtk_widget_grab_focus (pit_widget (self, self->label_pit));
}

static void
label_popover_closed_cb (GtkPopover    *popover,
                         DjBoardMarkup *self)
{
  gtk_widget_grab_focus (pit_widget (self, self->label_pit));
}

static void
ensure_label_popover (DjBoardMarkup *self)
{
  GtkWidget *box;

  if (self->label_popover != NULL)
    return;
  self->label_popover = gtk_popover_new ();
  gtk_widget_set_parent (self->label_popover, self->board);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->label_entry = gtk_entry_new ();
  gtk_entry_set_max_length (GTK_ENTRY (self->label_entry), DJ_MARK_LABEL_MAX_CHARS);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->label_entry), 6);
  /* Translators: a hint in the box where a pit's label is typed */
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->label_entry), _("Label"));
  /* Translators: tells what may be typed as a pit's label */
  self->label_error = gtk_label_new (_("One to four characters, without spaces or any of "
                                       ", [ ] { } \\"));
  gtk_label_set_wrap (GTK_LABEL (self->label_error), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->label_error), 24);
  gtk_widget_add_css_class (self->label_error, "error");
  gtk_widget_add_css_class (self->label_error, "caption");
  gtk_widget_set_visible (self->label_error, FALSE);
  gtk_box_append (GTK_BOX (box), self->label_entry);
  gtk_box_append (GTK_BOX (box), self->label_error);
  gtk_popover_set_child (GTK_POPOVER (self->label_popover), box);
  g_signal_connect (self->label_entry, "activate", G_CALLBACK (label_entry_activate_cb), self);
  g_signal_connect (self->label_popover, "closed", G_CALLBACK (label_popover_closed_cb), self);
}

void
dj_board_markup_ask_label (DjBoardMarkup *self,
                           guint          pit)
{
  const DjPitMark *mark;
  g_autofree char *name = NULL;
  graphene_rect_t bounds;

  g_assert (pit < DJ_N_PITS);

  ensure_label_popover (self);
  self->label_pit = pit;
  mark = &dj_board_scene_get_markup (self->scene)->pits[pit];
  gtk_editable_set_text (GTK_EDITABLE (self->label_entry),
                         mark->shape == DJ_MARK_LABEL ? mark->label : "");
  gtk_widget_remove_css_class (self->label_entry, "error");
  gtk_widget_set_visible (self->label_error, FALSE);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->label_entry),
                                 GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  name = g_strdup_printf (DJ_PIT_OWNER (pit) == DJ_SOUTH
                          /* Translators: the box where a pit's label is typed; %s a pit letter */
                          ? _("Label of South pit %s")
                          /* Translators: the box where a pit's label is typed; %s a pit letter */
                          : _("Label of North pit %s"), dj_move_to_string (pit));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->label_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  if (gtk_widget_compute_bounds (pit_widget (self, pit), self->board, &bounds))
    gtk_popover_set_pointing_to (GTK_POPOVER (self->label_popover),
                                 &(GdkRectangle) { (int) bounds.origin.x, (int) bounds.origin.y,
                                                   (int) bounds.size.width,
                                                   (int) bounds.size.height });
  gtk_popover_popup (GTK_POPOVER (self->label_popover));
  gtk_widget_grab_focus (self->label_entry);
}

GtkWidget *
dj_board_markup_get_label_entry (DjBoardMarkup *self)
{
  return self->label_entry;
}

void
dj_board_markup_present (DjBoardMarkup *self)
{
  if (self != NULL && self->label_popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->label_popover));
}

DjBoardMarkup *
dj_board_markup_new (GtkWidget               *board,
                     DjBoardScene            *scene,
                     const DjBoardMarkupHost *host)
{
  DjBoardMarkup *self = g_new0 (DjBoardMarkup, 1);
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->board = board;
  self->scene = scene;
  self->host = host;
  self->pen = DJ_MARKER_GREEN;
  self->drag_from = -1;

  gtk_event_controller_set_name (key, "dj-board-markup-keys");
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (markup_key_pressed_cb), self);
  gtk_widget_add_controller (board, key);

  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (drag), "dj-board-markup-drag");
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (markup_drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (markup_drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (markup_drag_end_cb), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (markup_drag_cancel_cb), self);
  gtk_widget_add_controller (board, GTK_EVENT_CONTROLLER (drag));
  return self;
}

void
dj_board_markup_free (DjBoardMarkup *self)
{
  if (self == NULL)
    return;
  if (self->label_popover != NULL)
    g_signal_handlers_disconnect_by_data (self->label_popover, self);
  g_clear_pointer (&self->label_popover, gtk_widget_unparent);
  g_free (self);
}
