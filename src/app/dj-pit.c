/* dj-pit.c: one pit of the board, a button that draws its seeds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dj-pit.h"
#include "dj-shapes.h"

struct _DjPit
{
  GtkButton     parent_instance;

  DjBoardScene *scene;
  DjBoardTexts *texts;
  guint         pit;
  char         *label;
  char         *description;   /* the pit's markup read out */
};

G_DEFINE_FINAL_TYPE (DjPit, dj_pit, GTK_TYPE_BUTTON)

/* Colours -------------------------------------------------------------- */

void
dj_board_lookup_color (GtkWidget  *widget,
                       const char *name,
                       const char *fallback,
                       GdkRGBA    *color)
{
  GtkStyleContext *context = gtk_widget_get_style_context (widget);

  /* gtk_widget_get_color() and CSS custom properties are newer than GTK 4.8:
   * named colours of the stylesheet follow the light and dark styles. */
  if (!gtk_style_context_lookup_color (context, name, color))
    gdk_rgba_parse (color, fallback);
}

/* Text ----------------------------------------------------------------- */

/* A layout of @text with the widget's font settings but for hinting. */
static PangoLayout *
board_layout_new (GtkWidget  *widget,
                  const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoContext *context = pango_layout_get_context (layout);
  const cairo_font_options_t *current = pango_cairo_context_get_font_options (context);
  cairo_font_options_t *options = current != NULL ? cairo_font_options_copy (current)
                                                  : cairo_font_options_create ();

  /* The layout has a context of its own: the change stays with it. */
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  pango_layout_context_changed (layout);
  return layout;
}

struct _DjBoardTexts
{
  GHashTable *texts;   /* key → DjBoardText */
};

static void
board_text_free (gpointer data)
{
  DjBoardText *t = data;

  g_clear_object (&t->layout);
  g_free (t);
}

DjBoardTexts *
dj_board_texts_new (void)
{
  DjBoardTexts *self = g_new0 (DjBoardTexts, 1);

  self->texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, board_text_free);
  return self;
}

void
dj_board_texts_free (DjBoardTexts *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->texts);
  g_free (self);
}

void
dj_board_texts_clear (DjBoardTexts *self)
{
  g_return_if_fail (self != NULL);
  g_hash_table_remove_all (self->texts);
}

static void
board_text_set_size (DjBoardText *t,
                     PangoWeight  weight,
                     int          size)
{
  PangoFontDescription *desc = pango_font_description_new ();

  pango_font_description_set_family_static (desc, "Sans");
  pango_font_description_set_weight (desc, weight);
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_layout_set_font_description (t->layout, desc);
  pango_font_description_free (desc);
  pango_layout_get_pixel_extents (t->layout, &t->ink, &t->logical);
}

const DjBoardText *
dj_board_texts_get (DjBoardTexts *self,
                    GtkWidget    *widget,
                    const char   *text,
                    float         size,
                    PangoWeight   weight,
                    float         max_width)
{
  int px = MAX (1, (int) roundf (size));
  int fit = max_width > 0 ? MAX (1, (int) floorf (max_width)) : 0;
  g_autofree char *key = g_strdup_printf ("%s\x1f%d\x1f%d\x1f%d", text, (int) weight, px, fit);
  DjBoardText *t;

  g_return_val_if_fail (self != NULL, NULL);

  t = g_hash_table_lookup (self->texts, key);
  if (t != NULL)
    return t;
  /* Sizes met while the window was resized are not worth keeping. */
  if (g_hash_table_size (self->texts) > 256)
    g_hash_table_remove_all (self->texts);

  t = g_new0 (DjBoardText, 1);
  t->layout = board_layout_new (widget, text);
  board_text_set_size (t, weight, px);
  if (fit > 0 && t->logical.width > fit)
    board_text_set_size (t, weight, MAX (1, (int) floorf (px * (float) fit / t->logical.width)));
  g_hash_table_insert (self->texts, g_steal_pointer (&key), t);
  return t;
}

void
dj_seed_colors_lookup (GtkWidget    *widget,
                       DjSeedColors *colors)
{
  dj_board_lookup_color (widget, "dj_seed_light_color", "#fffaf0", &colors->light);
  dj_board_lookup_color (widget, "dj_seed_color", "#e6d2a8", &colors->base);
  dj_board_lookup_color (widget, "dj_seed_dark_color", "#a07c48", &colors->dark);
  dj_board_lookup_color (widget, "dj_seed_shadow_color", "rgba(40,20,0,0.45)", &colors->shadow);
  dj_board_lookup_color (widget, "dj_badge_color", "rgba(0,0,0,0.6)", &colors->badge);
  dj_board_lookup_color (widget, "dj_badge_fg_color", "#ffffff", &colors->badge_fg);
}

/* Seeds ---------------------------------------------------------------- */

static GdkRGBA
tinted (const GdkRGBA *c,
        float          t)
{
  GdkRGBA r = *c;

  r.red = CLAMP (r.red * (1 + t), 0, 1);
  r.green = CLAMP (r.green * (1 + t), 0, 1);
  r.blue = CLAMP (r.blue * (1 + t), 0, 1);
  return r;
}

static void
push_ellipse_clip (GtkSnapshot *snapshot,
                   float        x,
                   float        y,
                   float        a,
                   float        b)
{
  GskRoundedRect rr;
  graphene_size_t corner = GRAPHENE_SIZE_INIT (a, b);

  gsk_rounded_rect_init (&rr, &GRAPHENE_RECT_INIT (x - a, y - b, 2 * a, 2 * b),
                         &corner, &corner, &corner, &corner);
  gtk_snapshot_push_rounded_clip (snapshot, &rr);
}

static void
seed_shadow_snapshot (GtkSnapshot        *snapshot,
                      const DjSeedColors *colors,
                      const DjSeedPlace    *p,
                      float               d,
                      float               lift)
{
  float a = DJ_SEED_LENGTH * d / 2, b = DJ_SEED_WIDTH * d / 2;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (p->x + 0.10f * a + lift * 0.5f,
                                                          p->y + 0.35f * b + lift));
  gtk_snapshot_rotate (snapshot, p->angle);
  push_ellipse_clip (snapshot, 0, 0, a * 1.04f, b * 1.04f);
  gtk_snapshot_append_color (snapshot, &colors->shadow,
                             &GRAPHENE_RECT_INIT (-a * 1.1f, -b * 1.1f, 2.2f * a, 2.2f * b));
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_restore (snapshot);
}

static void
seed_body_snapshot (GtkSnapshot        *snapshot,
                    const DjSeedColors *colors,
                    const DjSeedPlace    *p,
                    float               d)
{
  float a = DJ_SEED_LENGTH * d / 2, b = DJ_SEED_WIDTH * d / 2;
  float t = p->tint * 0.07f + p->layer * 0.03f;
  GskColorStop stops[3] = {
    { 0.0f, tinted (&colors->light, t) },
    { 0.5f, tinted (&colors->base, t) },
    { 1.0f, tinted (&colors->dark, t) },
  };
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (-a, -b, 2 * a, 2 * b);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (p->x, p->y));
  gtk_snapshot_rotate (snapshot, p->angle);
  push_ellipse_clip (snapshot, 0, 0, a, b);
  /* Light from the top left whatever the seed's turn: undo the rotation for
   * the highlight's place. */
  {
    float rad = -p->angle * (float) G_PI / 180.0f;
    float hx = -0.35f * a, hy = -0.45f * b;
    graphene_point_t hl = GRAPHENE_POINT_INIT (hx * cosf (rad) - hy * sinf (rad),
                                               hx * sinf (rad) + hy * cosf (rad));

    gtk_snapshot_append_radial_gradient (snapshot, &bounds, &hl, 1.7f * a, 1.7f * a,
                                         0.0f, 1.0f, stops, G_N_ELEMENTS (stops));
  }
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_restore (snapshot);
}

void
dj_seed_pile_snapshot (GtkSnapshot            *snapshot,
                       const DjSeedColors     *colors,
                       const graphene_point_t *center,
                       float                   diameter,
                       guint                   count,
                       gboolean                in_hand)
{
  float lift = in_hand ? 0.09f * diameter : 0.0f;
  guint k = 0;

  if (count == 0)
    return;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, center);
  /* Layer by layer, so a layer's shadow falls on the seeds below it. */
  while (k < count)
    {
      DjSeedPlace first;
      guint end;

      dj_seed_place (k, diameter, &first);
      for (end = k; end < count; end++)
        {
          DjSeedPlace p;

          dj_seed_place (end, diameter, &p);
          if (p.layer != first.layer)
            break;
          seed_shadow_snapshot (snapshot, colors, &p, diameter, lift);
        }
      for (guint i = k; i < end; i++)
        {
          DjSeedPlace p;

          dj_seed_place (i, diameter, &p);
          seed_body_snapshot (snapshot, colors, &p, diameter);
        }
      k = end;
    }
  gtk_snapshot_restore (snapshot);
}

void
dj_seed_heap_snapshot (GtkSnapshot           *snapshot,
                       const DjSeedColors    *colors,
                       const graphene_rect_t *area,
                       float                  diameter,
                       guint                  count)
{
  float step_x = DJ_SEED_LENGTH * diameter * 0.95f;
  float step_y = DJ_SEED_WIDTH * diameter * 0.9f;
  guint columns = MAX (1, (guint) floorf ((area->size.width - step_x * 0.5f) / step_x));
  float margin = (area->size.width - columns * step_x) / 2;

  /* Rows from the bottom up, every other row shifted: seeds settled in a tray. */
  for (int pass = 0; pass < 2; pass++)
    for (guint k = 0; k < count; k++)
      {
        guint32 h = dj_seed_hash (k + 101);
        guint row = k / columns, col = k % columns;
        DjSeedPlace p;

        p.x = area->origin.x + margin + (col + 0.5f + (row % 2 ? 0.25f : -0.25f)) * step_x +
              ((float) (h % 100) / 100.0f - 0.5f) * 0.25f * step_x;
        p.y = area->origin.y + area->size.height - (row + 0.6f) * step_y +
              ((float) ((h >> 8) % 100) / 100.0f - 0.5f) * 0.3f * step_y;
        p.angle = (float) (h % 50) - 25.0f + (row % 2 ? 180 : 0);
        p.tint = ((float) ((h >> 16) % 1000) / 1000.0f) * 2 - 1;
        p.layer = 0;
        if (pass == 0)
          seed_shadow_snapshot (snapshot, colors, &p, diameter, 0);
        else
          seed_body_snapshot (snapshot, colors, &p, diameter);
      }
}

void
dj_count_badge_snapshot (GtkWidget              *widget,
                         DjBoardTexts           *texts,
                         GtkSnapshot            *snapshot,
                         const DjSeedColors     *colors,
                         const graphene_point_t *center,
                         float                   height,
                         guint                   count)
{
  char digits[16];
  const DjBoardText *t;
  float width;
  GskRoundedRect rr;

  g_snprintf (digits, sizeof digits, "%u", count);
  t = dj_board_texts_get (texts, widget, digits, height * 0.62f, PANGO_WEIGHT_BOLD, 0);

  width = MAX (height, t->logical.width + height * 0.55f);
  gsk_rounded_rect_init_from_rect (&rr, &GRAPHENE_RECT_INIT (center->x - width / 2,
                                                             center->y - height / 2,
                                                             width, height), height / 2);
  gtk_snapshot_push_rounded_clip (snapshot, &rr);
  gtk_snapshot_append_color (snapshot, &colors->badge, &rr.bounds);
  gtk_snapshot_pop (snapshot);

  gtk_snapshot_save (snapshot);
  /* Centre the digits' ink, not the line box, so numbers sit in the middle. */
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT (roundf (center->x - t->logical.width / 2.0f),
                                                roundf (center->y - t->ink.y - t->ink.height / 2.0f)));
  gtk_snapshot_append_layout (snapshot, t->layout, &colors->badge_fg);
  gtk_snapshot_restore (snapshot);
}

/* The pit --------------------------------------------------------------- */

static void
ring_snapshot (GtkSnapshot   *snapshot,
               float          cx,
               float          cy,
               float          radius,
               float          width,
               const GdkRGBA *color)
{
  GskRoundedRect rr;
  float widths[4] = { width, width, width, width };
  GdkRGBA colors[4] = { *color, *color, *color, *color };

  gsk_rounded_rect_init_from_rect (&rr, &GRAPHENE_RECT_INIT (cx - radius, cy - radius,
                                                             2 * radius, 2 * radius), radius);
  gtk_snapshot_append_border (snapshot, &rr, widths, colors);
}

static void
disc_snapshot (GtkSnapshot   *snapshot,
               float          cx,
               float          cy,
               float          radius,
               const GdkRGBA *color)
{
  GskRoundedRect rr;

  gsk_rounded_rect_init_from_rect (&rr, &GRAPHENE_RECT_INIT (cx - radius, cy - radius,
                                                             2 * radius, 2 * radius), radius);
  gtk_snapshot_push_rounded_clip (snapshot, &rr);
  gtk_snapshot_append_color (snapshot, color, &rr.bounds);
  gtk_snapshot_pop (snapshot);
}

static const char * const marker_colors[][2] = {
  { NULL, NULL },
  { "dj_marker_red_color", "#e01b24" },
  { "dj_marker_green_color", "#2ec27e" },
  { "dj_marker_blue_color", "#3584e4" },
  { "dj_marker_yellow_color", "#f6d32d" },
};

void
dj_marker_lookup_color (GtkWidget *widget,
                        DjMarker   colour,
                        GdkRGBA   *color)
{
  g_return_if_fail (colour > DJ_MARKER_NONE && colour <= DJ_MARKER_LAST);
  dj_board_lookup_color (widget, marker_colors[colour][0], marker_colors[colour][1], color);
}

/* A line in @color over a wider one in @halo, so that a mark stands out on
 * wood and seeds alike, in the light and the dark style. */
static void
stroke_with_halo (cairo_t       *cr,
                  const GdkRGBA *color,
                  const GdkRGBA *halo,
                  double         width)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  gdk_cairo_set_source_rgba (cr, halo);
  cairo_set_line_width (cr, width * 1.8);
  cairo_stroke_preserve (cr);
  gdk_cairo_set_source_rgba (cr, color);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* A cross, triangle or square over the seeds, or a label in a badge. */
static void
mark_snapshot (DjPit           *self,
               GtkSnapshot     *snapshot,
               const DjPitMark *mark,
               float            cx,
               float            cy,
               float            d)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GdkRGBA color, halo;
  cairo_t *cr;
  double w = MAX (2.0, d * 0.085);

  dj_marker_lookup_color (widget, mark->colour, &color);
  dj_board_lookup_color (widget, "dj_mark_halo_color", "rgba(0,0,0,0.55)", &halo);

  if (mark->shape == DJ_MARK_LABEL)
    {
      const DjBoardText *t = dj_board_texts_get (self->texts, widget, mark->label, d * 0.3f,
                                                 PANGO_WEIGHT_BOLD, d * 0.8f);
      float bh = d * 0.42f, bw = MAX (bh, t->logical.width + d * 0.16f);
      GskRoundedRect rr;
      GdkRGBA fg;

      dj_board_lookup_color (widget,
                             mark->colour == DJ_MARKER_YELLOW ? "dj_mark_label_dark_fg_color"
                                                              : "dj_mark_label_fg_color",
                             mark->colour == DJ_MARKER_YELLOW ? "#241f31" : "#ffffff", &fg);
      gsk_rounded_rect_init_from_rect (&rr, &GRAPHENE_RECT_INIT (cx - bw / 2 - 1, cy - bh / 2 - 1,
                                                                 bw + 2, bh + 2), bh / 2 + 1);
      gtk_snapshot_push_rounded_clip (snapshot, &rr);
      gtk_snapshot_append_color (snapshot, &halo, &rr.bounds);
      gtk_snapshot_pop (snapshot);
      gsk_rounded_rect_init_from_rect (&rr, &GRAPHENE_RECT_INIT (cx - bw / 2, cy - bh / 2, bw, bh),
                                       bh / 2);
      gtk_snapshot_push_rounded_clip (snapshot, &rr);
      gtk_snapshot_append_color (snapshot, &color, &rr.bounds);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (roundf (cx - t->logical.width / 2.0f),
                                                    roundf (cy - t->ink.y - t->ink.height / 2.0f)));
      gtk_snapshot_append_layout (snapshot, t->layout, &fg);
      gtk_snapshot_restore (snapshot);
      return;
    }

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (cx - d, cy - d, 2 * d, 2 * d));
  dj_mark_path (cr, mark->shape, cx, cy, d);
  stroke_with_halo (cr, &color, &halo, w);
  cairo_destroy (cr);
}

static void
dj_pit_snapshot (GtkWidget   *widget,
                 GtkSnapshot *snapshot)
{
  DjPit *self = DJ_PIT (widget);
  float w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  float d = MIN (w, h), cx = w / 2, cy = h / 2;
  guint count = dj_board_scene_get_pit_count (self->scene, self->pit);
  const DjPitMark *mark = &dj_board_scene_get_markup (self->scene)->pits[self->pit];
  guint captures = dj_board_scene_get_preview_captures (self->scene);
  DjSeedColors colors;

  if (d <= 1)
    return;

  GTK_WIDGET_CLASS (dj_pit_parent_class)->snapshot (widget, snapshot);

  dj_seed_colors_lookup (widget, &colors);

  if (mark->shape == DJ_MARK_CIRCLE)
    {
      GdkRGBA color;

      dj_marker_lookup_color (widget, mark->colour, &color);
      ring_snapshot (snapshot, cx, cy, d * 0.47f, d * 0.06f, &color);
    }

  dj_seed_pile_snapshot (snapshot, &colors, &GRAPHENE_POINT_INIT (cx, cy), d, count, FALSE);

  if (mark->shape > DJ_MARK_CIRCLE)
    mark_snapshot (self, snapshot, mark, cx, cy, d);

  if (captures & (1u << self->pit))
    {
      GdkRGBA tint, ring;

      dj_board_lookup_color (widget, "dj_capture_color", "rgba(224,27,36,0.32)", &tint);
      dj_board_lookup_color (widget, "dj_capture_ring_color", "#e01b24", &ring);
      disc_snapshot (snapshot, cx, cy, d * 0.5f, &tint);
      ring_snapshot (snapshot, cx, cy, d * 0.5f, d * 0.04f, &ring);
    }
  /* The last move's landing: a dot at the pit's foot, the colour of the
   * last move's tint (rings are the user's marks, glows the analysis'). */
  if (!dj_board_scene_is_animating (self->scene))
    {
      int landing = -1;

      dj_board_scene_get_last_move (self->scene, &landing);
      if (landing == (int) self->pit)
        {
          GdkRGBA dot, halo;

          dj_board_lookup_color (widget, "dj_last_move_color", "#e5a50a", &dot);
          dj_board_lookup_color (widget, "dj_mark_halo_color", "rgba(0,0,0,0.55)", &halo);
          disc_snapshot (snapshot, cx, cy + d * 0.38f, d * 0.095f, &halo);
          disc_snapshot (snapshot, cx, cy + d * 0.38f, d * 0.07f, &dot);
        }
    }
  if (dj_board_scene_get_preview_landing (self->scene) == (int) self->pit)
    {
      GdkRGBA ring;

      dj_board_lookup_color (widget, "dj_landing_color", "#3584e4", &ring);
      ring_snapshot (snapshot, cx, cy, d * 0.56f, d * 0.05f, &ring);
    }

  /* In a still step of a move (the move explainer), the pit the step touched. */
  if (!dj_board_scene_is_animating (self->scene) &&
      dj_board_scene_get_active_pit (self->scene) == (int) self->pit)
    {
      const DjTraceStep *step = dj_board_scene_get_trace_step (self->scene);
      GdkRGBA ring;

      if (step->kind == DJ_TRACE_STEP_LIFT)
        dj_board_lookup_color (widget, "dj_relay_color", "#e5a50a", &ring);
      else if (step->kind == DJ_TRACE_STEP_CAPTURE)
        dj_board_lookup_color (widget, "dj_capture_ring_color", "#e01b24", &ring);
      else
        dj_board_lookup_color (widget, "dj_landing_color", "#3584e4", &ring);
      ring_snapshot (snapshot, cx, cy, d * 0.56f, d * 0.05f, &ring);
    }

  if (dj_board_scene_get_best_move (self->scene) == (DjMove) self->pit)
    {
      GdkRGBA bg, fg;
      float r = d * 0.14f, bx = cx - d * 0.36f, by = cy - d * 0.36f;
      const DjBoardText *star = dj_board_texts_get (self->texts, widget, "★", r * 1.4f,
                                                    PANGO_WEIGHT_NORMAL, 0);

      dj_board_lookup_color (widget, "dj_best_color", "#26a269", &bg);
      dj_board_lookup_color (widget, "dj_best_fg_color", "#ffffff", &fg);
      disc_snapshot (snapshot, bx, by, r, &bg);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (bx - star->ink.x - star->ink.width / 2.0f,
                                                    by - star->ink.y - star->ink.height / 2.0f));
      gtk_snapshot_append_layout (snapshot, star->layout, &fg);
      gtk_snapshot_restore (snapshot);
    }

  if (count > 0 && (count > 12 || dj_board_scene_get_show_counts (self->scene)))
    dj_count_badge_snapshot (widget, self->texts, snapshot, &colors,
                             &GRAPHENE_POINT_INIT (cx + d * 0.36f, cy + d * 0.38f),
                             d * 0.25f, count);
}

static void
motion_enter_cb (GtkEventControllerMotion *motion,
                 double                    x,
                 double                    y,
                 DjPit                    *self)
{
  dj_board_scene_set_hover (self->scene, self->pit);
}

static void
motion_cb (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           DjPit                    *self)
{
  /* A pointer resting on the pit when it appears sends no "enter". */
  if (dj_board_scene_get_hover (self->scene) != (int) self->pit)
    dj_board_scene_set_hover (self->scene, self->pit);
}

static void
motion_leave_cb (GtkEventControllerMotion *motion,
                 DjPit                    *self)
{
  if (dj_board_scene_get_hover (self->scene) == (int) self->pit)
    dj_board_scene_set_hover (self->scene, -1);
}

static void
dj_pit_finalize (GObject *object)
{
  DjPit *self = DJ_PIT (object);

  g_clear_object (&self->scene);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (dj_pit_parent_class)->finalize (object);
}

static gboolean on_query_tooltip (GtkWidget  *widget,
                                  int         x,
                                  int         y,
                                  gboolean    keyboard,
                                  GtkTooltip *tooltip,
                                  gpointer    data);

/* Enter, Space and assistive technology activate a pit: it is chosen at once.
 * GtkButton's own activation shows the button pressed for a moment and
 * ignores another activation meanwhile, which would drop the same pit chosen
 * twice in quick succession. */
static void
dj_pit_activate (GtkButton *button)
{
  g_signal_emit_by_name (button, "clicked");
}

static void
dj_pit_class_init (DjPitClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dj_pit_finalize;
  widget_class->snapshot = dj_pit_snapshot;
  GTK_BUTTON_CLASS (klass)->activate = dj_pit_activate;

  gtk_widget_class_set_css_name (widget_class, "pit");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
dj_pit_init (DjPit *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  g_signal_connect (motion, "enter", G_CALLBACK (motion_enter_cb), self);
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (motion_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_set_direction (GTK_WIDGET (self), GTK_TEXT_DIR_LTR);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
}

GtkWidget *
dj_pit_new (DjBoardScene *scene,
            DjBoardTexts *texts,
            guint         pit)
{
  DjPit *self;

  g_return_val_if_fail (DJ_IS_BOARD_SCENE (scene), NULL);
  g_return_val_if_fail (texts != NULL, NULL);
  g_return_val_if_fail (pit < DJ_N_PITS, NULL);

  self = g_object_new (DJ_TYPE_PIT, NULL);
  self->scene = g_object_ref (scene);
  self->texts = texts;
  self->pit = pit;
  gtk_widget_add_css_class (GTK_WIDGET (self), pit < DJ_ROW_PITS ? "south" : "north");
  dj_pit_sync (self);
  return GTK_WIDGET (self);
}

guint
dj_pit_get_index (DjPit *self)
{
  g_return_val_if_fail (DJ_IS_PIT (self), 0);
  return self->pit;
}

const char *
dj_pit_get_accessible_label (DjPit *self)
{
  g_return_val_if_fail (DJ_IS_PIT (self), NULL);
  return self->label;
}

const char *
dj_pit_get_accessible_description (DjPit *self)
{
  g_return_val_if_fail (DJ_IS_PIT (self), NULL);
  return self->description;
}

static void
set_css_class (GtkWidget  *widget,
               const char *name,
               gboolean    set)
{
  if (set)
    gtk_widget_add_css_class (widget, name);
  else
    gtk_widget_remove_css_class (widget, name);
}

/* What playing the pit does, for its tooltip. */
static char *
describe_move (const DjTrace *trace)
{
  const DjLap *last = &g_array_index (trace->laps, DjLap, trace->laps->len - 1);
  g_autofree char *ending = NULL;
  g_autofree char *laps = NULL;

  if (trace->end == DJ_TRACE_CAPTURE)
    /* Translators: tooltip of a pit that can be played; %s is a pit letter */
    ending = g_strdup_printf (ngettext ("Ends in pit %s and captures %u seed",
                                        "Ends in pit %s and captures %u seeds",
                                        trace->captured),
                              dj_move_to_string (last->landing), trace->captured);
  else
    /* Translators: tooltip of a pit that can be played; %s is a pit letter */
    ending = g_strdup_printf (_("Ends in the empty pit %s and captures nothing"),
                              dj_move_to_string (last->landing));
  /* Translators: second line of a pit's tooltip: how many rounds of sowing the move takes */
  laps = g_strdup_printf (ngettext ("Sown in %u lap", "Sown in %u laps", trace->laps->len),
                          trace->laps->len);
  return g_strdup_printf ("%s\n%s", ending, laps);
}

char *
dj_pit_dup_tooltip (DjPit *self)
{
  const DjPosition *pos;
  DjPitStatus status;

  g_return_val_if_fail (DJ_IS_PIT (self), NULL);

  pos = dj_board_scene_get_position (self->scene);
  status = dj_board_scene_get_pit_status (self->scene, self->pit);
  if (dj_board_scene_can_play (self->scene, self->pit))
    return describe_move (dj_board_scene_get_move_trace (self->scene, self->pit));
  if (DJ_PIT_OWNER (self->pit) == (DjSide) pos->to_move && status != DJ_PIT_LEGAL)
    return g_strdup (dj_pit_status_describe (status));
  return NULL;
}

/* Tooltips are worked out only when one is about to show: setting the text
 * of twelve pits on every move cost a round trip to the display each. */
static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    data)
{
  g_autofree char *text = dj_pit_dup_tooltip (DJ_PIT (widget));

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
dj_pit_sync (DjPit *self)
{
  GtkWidget *widget;
  const DjPosition *pos;
  DjSide owner, mover;
  DjPitStatus status;
  gboolean can_play, mover_row, game_over;
  guint count;
  g_autofree char *name = NULL;
  g_autofree char *seeds = NULL;
  char *label;

  g_return_if_fail (DJ_IS_PIT (self));

  widget = GTK_WIDGET (self);
  pos = dj_board_scene_get_position (self->scene);
  owner = DJ_PIT_OWNER (self->pit);
  mover = (DjSide) pos->to_move;
  status = dj_board_scene_get_pit_status (self->scene, self->pit);
  can_play = dj_board_scene_can_play (self->scene, self->pit);
  game_over = dj_board_scene_get_moves (self->scene)->end != DJ_END_NONE;
  mover_row = owner == mover && !game_over;
  count = dj_board_scene_get_pit_count (self->scene, self->pit);

  /* Only a tooltip that may be showing needs asking again. */
  if (dj_board_scene_get_hover (self->scene) == (int) self->pit)
    gtk_widget_trigger_tooltip_query (widget);

  set_css_class (widget, "legal", can_play);
  set_css_class (widget, "mover", mover_row);
  set_css_class (widget, "best", dj_board_scene_get_best_move (self->scene) == (DjMove) self->pit);
  set_css_class (widget, "last-move",
                 dj_board_scene_get_last_move (self->scene, NULL) == (int) self->pit);


  name = g_strdup_printf (owner == DJ_SOUTH
                          /* Translators: accessible name of a pit; %s is its letter a–f */
                          ? _("South pit %s")
                          /* Translators: accessible name of a pit; %s is its letter A–F */
                          : _("North pit %s"),
                          dj_move_to_string (self->pit));
  seeds = g_strdup_printf (ngettext ("%u seed", "%u seeds", count), count);
  if (can_play)
    /* Translators: a pit for screen readers: "South pit c, 4 seeds, can be played" */
    label = g_strdup_printf (_("%s, %s, can be played"), name, seeds);
  else if (owner == mover && status != DJ_PIT_LEGAL)
    /* Translators: a pit for screen readers: "North pit D, 1 seed, cannot be played: <reason>" */
    label = g_strdup_printf (_("%s, %s, cannot be played: %s"), name, seeds,
                             dj_pit_status_describe (status));
  else
    /* Translators: a pit for screen readers: "North pit D, 4 seeds" */
    label = g_strdup_printf (_("%s, %s"), name, seeds);

  if (dj_board_scene_get_best_move (self->scene) == (DjMove) self->pit)
    {
      /* Translators: added to a pit's accessible name when the analysis highlights it */
      char *longer = g_strdup_printf (_("%s, %s"), label, _("best move"));

      g_free (label);
      label = longer;
    }

  /* The marks and arrows the eye sees on the pit. */
  {
    g_autofree char *description =
      dj_markup_describe_pit (dj_board_scene_get_markup (self->scene), self->pit);

    if (g_strcmp0 (description, self->description) != 0)
      {
        g_free (self->description);
        self->description = g_steal_pointer (&description);
        if (self->description != NULL)
          gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                          -1);
        else
          gtk_accessible_reset_property (GTK_ACCESSIBLE (self),
                                         GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      }
  }

  if (g_strcmp0 (label, self->label) != 0)
    {
      g_free (self->label);
      self->label = label;
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, self->label,
                                      -1);
    }
  else
    g_free (label);

  gtk_widget_queue_draw (widget);
}
