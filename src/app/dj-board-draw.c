/* dj-board-draw.c: the board widget's geometry, drawing and layout
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dj-board-private.h"
#include "dj-shapes.h"
#include "dj-picture-cache.h"
#include "dj-resources.h"

/* Geometry ------------------------------------------------------------- */

void
dj_board_geometry_compute (DjBoard         *self,
                           DjBoardGeometry *g)
{
  float w = gtk_widget_get_width (GTK_WIDGET (self));
  float h = gtk_widget_get_height (GTK_WIDGET (self));
  float u = MAX (1.0f, floorf (MIN (w / TOTAL_W, h / TOTAL_H)));
  float x = roundf ((w - BOARD_W * u) / 2), y = roundf ((h - BOARD_H * u) / 2);

  g->u = u;
  graphene_rect_init (&g->board, x, y, BOARD_W * u, BOARD_H * u);
  graphene_rect_init (&g->cells, x + (PAD + STORE_W + GAP) * u, y + (PAD + STRIP) * u,
                      DJ_ROW_PITS * u, 2 * u);
  graphene_rect_init (&g->stores[0], x + PAD * u, y + PAD * u, STORE_W * u,
                      (2 * STRIP + 2) * u);
  graphene_rect_init (&g->stores[1], x + BOARD_W * u - (PAD + STORE_W) * u, y + PAD * u,
                      STORE_W * u, (2 * STRIP + 2) * u);
}

graphene_point_t
dj_board_pit_center (DjBoard               *self,
                     const DjBoardGeometry *g,
                     guint                  pit)
{
  guint column, row;

  dj_board_scene_get_pit_cell (self->scene, pit, &column, &row);
  return GRAPHENE_POINT_INIT (g->cells.origin.x + (column + 0.5f) * g->u,
                              g->cells.origin.y + (row + 0.5f) * g->u);
}

static graphene_point_t
hand_point (DjBoard               *self,
            const DjBoardGeometry *g,
            guint                  pit)
{
  graphene_point_t p = dj_board_pit_center (self, g, pit);

  p.y -= HAND_RISE * g->u;
  return p;
}

/* The screen row (0 top, 1 bottom) of @side's pits. */
static guint
side_row (DjBoard *self,
          DjSide   side)
{
  guint row;

  dj_board_scene_get_pit_cell (self->scene, DJ_ROW_START (side), NULL, &row);
  return row;
}

/* A store's tray (without its label strip). */
static graphene_rect_t
store_tray (DjBoard               *self,
            const DjBoardGeometry *g,
            DjSide                 side)
{
  const graphene_rect_t *col = &g->stores[dj_board_scene_store_is_right (self->scene, side)];
  float inset = (1 - PIT_D) / 2 * g->u;

  return GRAPHENE_RECT_INIT (col->origin.x + inset * 0.5f, g->cells.origin.y + inset,
                             col->size.width - inset, 2 * g->u - 2 * inset);
}

/* A store's label strip, on the side of its own row. */
static graphene_rect_t
store_label (DjBoard               *self,
             const DjBoardGeometry *g,
             DjSide                 side)
{
  const graphene_rect_t *col = &g->stores[dj_board_scene_store_is_right (self->scene, side)];
  float y = side_row (self, side) == 0 ? col->origin.y : g->cells.origin.y + 2 * g->u;

  return GRAPHENE_RECT_INIT (col->origin.x, y, col->size.width, STRIP * g->u);
}

/* Drawing -------------------------------------------------------------- */

static void
text_snapshot (DjBoard       *self,
               GtkSnapshot   *snapshot,
               const char    *text,
               float          cx,
               float          cy,
               float          size,
               PangoWeight    weight,
               const GdkRGBA *color,
               float          max_width)
{
  const DjBoardText *t = dj_board_texts_get (self->texts, GTK_WIDGET (self), text, size, weight,
                                             max_width);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (roundf (cx - t->logical.width / 2.0f),
                                                          roundf (cy - t->logical.height / 2.0f)));
  gtk_snapshot_append_layout (snapshot, t->layout, color);
  gtk_snapshot_restore (snapshot);
}

static void
rounded_fill (GtkSnapshot           *snapshot,
              const graphene_rect_t *rect,
              float                  radius,
              const GdkRGBA         *color)
{
  GskRoundedRect rr;

  gsk_rounded_rect_init_from_rect (&rr, rect, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &rr);
  gtk_snapshot_append_color (snapshot, color, rect);
  gtk_snapshot_pop (snapshot);
}

/* The colours of the wood and the stores' trays. */
typedef struct
{
  GdkRGBA light, base, dark, edge, grain, shadow, highlight;
  GdkRGBA tray, tray_shadow, tray_rim;
} WoodColors;

static void
wood_colors_lookup (DjBoard    *self,
                    WoodColors *c)
{
  GtkWidget *widget = GTK_WIDGET (self);

  dj_board_lookup_color (widget, "dj_wood_light_color", "#e2b983", &c->light);
  dj_board_lookup_color (widget, "dj_wood_color", "#d3a66d", &c->base);
  dj_board_lookup_color (widget, "dj_wood_dark_color", "#c0915a", &c->dark);
  dj_board_lookup_color (widget, "dj_wood_edge_color", "#8a6238", &c->edge);
  dj_board_lookup_color (widget, "dj_wood_grain_color", "rgba(90,50,10,0.06)", &c->grain);
  dj_board_lookup_color (widget, "dj_board_shadow_color", "rgba(0,0,0,0.35)", &c->shadow);
  dj_board_lookup_color (widget, "dj_wood_highlight_color", "rgba(255,255,255,0.35)",
                         &c->highlight);
  dj_board_lookup_color (widget, "dj_tray_color", "#a97b47", &c->tray);
  dj_board_lookup_color (widget, "dj_tray_shadow_color", "rgba(50,25,0,0.55)", &c->tray_shadow);
  dj_board_lookup_color (widget, "dj_tray_rim_color", "rgba(255,255,255,0.3)", &c->tray_rim);
}

/* A picture's name: what it shows, its place and its colours. */
static void
name_add_colors (GString       *name,
                 const GdkRGBA *colors,
                 gsize          size)
{
  for (gsize i = 0; i < size / sizeof (GdkRGBA); i++)
    g_string_append_printf (name, " %.4f,%.4f,%.4f,%.4f", colors[i].red, colors[i].green,
                            colors[i].blue, colors[i].alpha);
}

static void
name_add_rect (GString               *name,
               const graphene_rect_t *r)
{
  g_string_append_printf (name, " %.3f,%.3f,%.3f,%.3f", r->origin.x, r->origin.y,
                          r->size.width, r->size.height);
}

/* Stripes across @b, @pitch apart and slanting @slant over each: one band
 * of them drawn and repeated down the board (a gradient over the whole
 * board cost the cairo renderer 20 M instructions a pattern).  The band is a
 * whole number of pixels high, so the copies meet without a seam; the slant
 * drifts by slant² / pitch a band, a hundredth of a pixel. */
static void
grain_snapshot (GtkSnapshot           *snapshot,
                const graphene_rect_t *b,
                float                  slant,
                float                  pitch,
                const GskColorStop    *stops,
                gsize                  n_stops)
{
  float band = MAX (2.0f, roundf (pitch));
  graphene_rect_t tile = GRAPHENE_RECT_INIT (b->origin.x, b->origin.y, b->size.width, band);

  gtk_snapshot_push_repeat (snapshot, b, &tile);
  gtk_snapshot_append_repeating_linear_gradient (snapshot, &tile,
                                                 &GRAPHENE_POINT_INIT (b->origin.x, b->origin.y),
                                                 &GRAPHENE_POINT_INIT (b->origin.x + slant * band / pitch,
                                                                       b->origin.y + band),
                                                 stops, n_stops);
  gtk_snapshot_pop (snapshot);
}

static void
surface_snapshot (DjBoard               *self,
                  GtkSnapshot           *snapshot,
                  const DjBoardGeometry *g,
                  const WoodColors      *c)
{
  GdkRGBA light = c->light, base = c->base, dark = c->dark, edge = c->edge;
  GdkRGBA grain = c->grain, shadow = c->shadow, highlight = c->highlight;
  GskRoundedRect rr;
  float u = g->u;

  gsk_rounded_rect_init_from_rect (&rr, &g->board, 0.3f * u);
  gtk_snapshot_append_outset_shadow (snapshot, &rr, &shadow, 0, 0.04f * u, 0, 0.12f * u);

  gtk_snapshot_push_rounded_clip (snapshot, &rr);
  {
    GskColorStop stops[3] = { { 0, light }, { 0.55f, base }, { 1, dark } };
    GskColorStop grain_stops[4] = {
      { 0, { 0, 0, 0, 0 } }, { 0.45f, grain }, { 0.55f, { 0, 0, 0, 0 } }, { 1, { 0, 0, 0, 0 } },
    };
    const graphene_rect_t *b = &g->board;

    gtk_snapshot_append_linear_gradient (snapshot, b,
                                         &GRAPHENE_POINT_INIT (b->origin.x, b->origin.y),
                                         &GRAPHENE_POINT_INIT (b->origin.x,
                                                               b->origin.y + b->size.height),
                                         stops, G_N_ELEMENTS (stops));
    /* A faint grain along the board: two stripe patterns of different pitch
     * and slant, so it does not look ruled. */
    grain_snapshot (snapshot, b, 0.004f * u, 0.11f * u, grain_stops, G_N_ELEMENTS (grain_stops));
    grain_snapshot (snapshot, b, -0.003f * u, 0.29f * u, grain_stops, G_N_ELEMENTS (grain_stops));
  }
  gtk_snapshot_append_inset_shadow (snapshot, &rr, &highlight, 0, 1, 0, 0);
  gtk_snapshot_pop (snapshot);

  {
    float widths[4] = { 1, 1, 1, 1 };
    GdkRGBA colors[4] = { edge, edge, edge, edge };

    gtk_snapshot_append_border (snapshot, &rr, widths, colors);
  }
}

static void
mover_band_snapshot (DjBoard               *self,
                     GtkSnapshot           *snapshot,
                     const DjBoardGeometry *g)
{
  GdkRGBA band;
  DjSide mover = dj_board_scene_get_side_to_move (self->scene);
  guint row = side_row (self, mover);
  float u = g->u;
  graphene_rect_t rect;

  if (dj_board_scene_get_moves (self->scene)->end != DJ_END_NONE &&
      !dj_board_scene_is_animating (self->scene))
    return;

  dj_board_lookup_color (GTK_WIDGET (self), "dj_mover_band_color", "rgba(255,255,255,0.18)",
                         &band);
  rect = GRAPHENE_RECT_INIT (g->cells.origin.x - 0.08f * u,
                             row == 0 ? g->board.origin.y + PAD * u * 0.5f
                                      : g->cells.origin.y + u,
                             DJ_ROW_PITS * u + 0.16f * u,
                             u + STRIP * u + PAD * u * 0.5f);
  rounded_fill (snapshot, &rect, 0.5f * u, &band);
}

static void
letters_snapshot (DjBoard               *self,
                  GtkSnapshot           *snapshot,
                  const DjBoardGeometry *g)
{
  GtkWidget *widget = GTK_WIDGET (self);
  DjSide mover = dj_board_scene_get_side_to_move (self->scene);
  GdkRGBA strong, dim;
  float u = g->u;

  dj_board_lookup_color (widget, "dj_label_color", "rgba(60,35,10,0.9)", &strong);
  dj_board_lookup_color (widget, "dj_label_dim_color", "rgba(60,35,10,0.5)", &dim);

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      graphene_point_t c = dj_board_pit_center (self, g, pit);
      guint row;
      float y;
      gboolean mine = DJ_PIT_OWNER (pit) == mover;

      dj_board_scene_get_pit_cell (self->scene, pit, NULL, &row);
      y = row == 0 ? g->cells.origin.y - STRIP * u * 0.5f
                   : g->cells.origin.y + 2 * u + STRIP * u * 0.5f;
      text_snapshot (self, snapshot, dj_move_to_string (pit), c.x, y, 0.22f * u,
                     mine ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL, mine ? &strong : &dim, 0);
    }
}

static void
tray_snapshot (GtkSnapshot           *snapshot,
               const graphene_rect_t *tray,
               float                  u,
               const WoodColors      *c)
{
  GskRoundedRect rr;

  gsk_rounded_rect_init_from_rect (&rr, tray, MIN (tray->size.width / 2, 0.45f * u));
  gtk_snapshot_append_outset_shadow (snapshot, &rr, &c->tray_rim, 0, 1, 0, 0);
  gtk_snapshot_push_rounded_clip (snapshot, &rr);
  gtk_snapshot_append_color (snapshot, &c->tray, tray);
  gtk_snapshot_append_inset_shadow (snapshot, &rr, &c->tray_shadow, 0, 0.05f * u, 0, 0.1f * u);
  gtk_snapshot_pop (snapshot);
}

typedef struct
{
  DjBoard               *self;
  const DjBoardGeometry        *g;
  const graphene_rect_t *trays;
  const WoodColors      *colors;
} WoodArgs;

static void
wood_draw (GtkSnapshot   *snapshot,
           gconstpointer  data)
{
  const WoodArgs *a = data;

  surface_snapshot (a->self, snapshot, a->g, a->colors);
  for (DjSide side = DJ_SOUTH; side <= DJ_NORTH; side++)
    tray_snapshot (snapshot, &a->trays[side], a->g->u, a->colors);
}

/* The wood and the empty trays: the same from move to move. */
static void
wood_snapshot (DjBoard               *self,
               GtkSnapshot           *snapshot,
               const DjBoardGeometry *g)
{
  g_autoptr(GString) name = g_string_new ("wood");
  graphene_rect_t trays[2];
  WoodColors colors;
  WoodArgs args = { self, g, trays, &colors };

  wood_colors_lookup (self, &colors);
  name_add_rect (name, &g->board);
  for (DjSide side = DJ_SOUTH; side <= DJ_NORTH; side++)
    {
      trays[side] = store_tray (self, g, side);
      name_add_rect (name, &trays[side]);
    }
  name_add_colors (name, &colors.light, sizeof colors);
  dj_picture_cache_append_named (self->pictures, snapshot, GTK_WIDGET (self), name->str, NULL,
                                 wood_draw, &args);
}

typedef struct
{
  const DjSeedColors    *colors;
  const graphene_rect_t *area;
  float                  diameter;
  guint                  count;
} SeedsArgs;

static void
heap_draw (GtkSnapshot   *snapshot,
           gconstpointer  data)
{
  const SeedsArgs *a = data;

  dj_seed_heap_snapshot (snapshot, a->colors, a->area, a->diameter, a->count);
}

static void
hand_draw (GtkSnapshot   *snapshot,
           gconstpointer  data)
{
  const SeedsArgs *a = data;

  dj_seed_pile_snapshot (snapshot, a->colors, &GRAPHENE_POINT_INIT (0, 0), a->diameter,
                         a->count, TRUE);
}

static void
stores_snapshot (DjBoard               *self,
                 GtkSnapshot           *snapshot,
                 const DjBoardGeometry *g)
{
  GtkWidget *widget = GTK_WIDGET (self);
  DjSide mover = dj_board_scene_get_side_to_move (self->scene);
  gboolean over = dj_board_scene_get_moves (self->scene)->end != DJ_END_NONE &&
                  !dj_board_scene_is_animating (self->scene);
  DjSeedColors colors;
  GdkRGBA label, accent, accent_fg;
  float u = g->u;

  dj_seed_colors_lookup (widget, &colors);
  dj_board_lookup_color (widget, "dj_label_color", "rgba(60,35,10,0.9)", &label);
  dj_board_lookup_color (widget, "accent_bg_color", "#3584e4", &accent);
  dj_board_lookup_color (widget, "accent_fg_color", "#ffffff", &accent_fg);

  for (DjSide side = DJ_SOUTH; side <= DJ_NORTH; side++)
    {
      graphene_rect_t tray = store_tray (self, g, side);
      graphene_rect_t strip = store_label (self, g, side);
      graphene_rect_t heap;
      guint captured = dj_board_scene_get_captured (self->scene, side);
      const char *name = side == DJ_SOUTH ? C_("player", "South") : C_("player", "North");
      float cx = strip.origin.x + strip.size.width / 2, cy = strip.origin.y + strip.size.height / 2;
      gboolean to_move = side == mover && !over;
      float badge_y;

      heap = tray;
      graphene_rect_inset (&heap, 0.06f * u, 0.08f * u);
      if (side_row (self, side) == 0)
        {
          /* Keep the count badge's end of the tray clear of seeds. */
          heap.origin.y += 0.3f * u;
          heap.size.height -= 0.3f * u;
          badge_y = tray.origin.y + 0.2f * u;
        }
      else
        {
          heap.size.height -= 0.3f * u;
          badge_y = tray.origin.y + tray.size.height - 0.2f * u;
        }
      if (captured > 0)
        {
          g_autoptr(GString) key = g_string_new (NULL);
          SeedsArgs args = { &colors, &heap, PIT_D * u, captured };

          g_string_printf (key, "heap %u %.3f", captured, PIT_D * u);
          name_add_rect (key, &heap);
          name_add_colors (key, &colors.light, sizeof colors);
          dj_picture_cache_append_named (self->pictures, snapshot, widget, key->str, NULL,
                                         heap_draw, &args);
        }
      dj_count_badge_snapshot (widget, self->texts, snapshot, &colors,
                               &GRAPHENE_POINT_INIT (cx, badge_y),
                               0.25f * u, captured);

      if (to_move)
        {
          graphene_rect_t pill = GRAPHENE_RECT_INIT (strip.origin.x + 0.04f * u,
                                                     cy - 0.14f * u,
                                                     strip.size.width - 0.08f * u, 0.28f * u);

          rounded_fill (snapshot, &pill, 0.14f * u, &accent);
          text_snapshot (self, snapshot, name, cx, cy, 0.17f * u, PANGO_WEIGHT_BOLD, &accent_fg,
                         pill.size.width - 0.12f * u);
        }
      else
        text_snapshot (self, snapshot, name, cx, cy, 0.17f * u, PANGO_WEIGHT_NORMAL, &label,
                       strip.size.width - 0.12f * u);
    }
}

static float
ease (float t)
{
  return t < 0.5f ? 2 * t * t : 1 - powf (-2 * t + 2, 2) / 2;
}

static graphene_point_t
lerp (const graphene_point_t *a,
      const graphene_point_t *b,
      float                   t)
{
  return GRAPHENE_POINT_INIT (a->x + (b->x - a->x) * t, a->y + (b->y - a->y) * t);
}

/* A ring spreading out from a pit: a relay pickup or a capture. */
static void
pulse_snapshot (DjBoard                *self,
                GtkSnapshot            *snapshot,
                const graphene_point_t *c,
                float                   u,
                float                   t,
                const char             *color_name,
                const char             *fallback)
{
  GdkRGBA color;
  GskRoundedRect rr;
  float r = (PIT_D / 2 + 0.04f + 0.12f * t) * u;
  float widths[4] = { 0.05f * u, 0.05f * u, 0.05f * u, 0.05f * u };
  GdkRGBA colors[4];

  dj_board_lookup_color (GTK_WIDGET (self), color_name, fallback, &color);
  color.alpha *= 1 - t;
  for (guint i = 0; i < 4; i++)
    colors[i] = color;
  gsk_rounded_rect_init_from_rect (&rr, &GRAPHENE_RECT_INIT (c->x - r, c->y - r, 2 * r, 2 * r), r);
  gtk_snapshot_append_border (snapshot, &rr, widths, colors);
}

/* Seeds in the hand: one picture a count, moved where the hand is. */
static void
hand_pile_snapshot (DjBoard                *self,
                    GtkSnapshot            *snapshot,
                    const DjSeedColors     *colors,
                    const graphene_point_t *center,
                    float                   diameter,
                    guint                   count)
{
  g_autoptr(GString) key = NULL;
  SeedsArgs args = { colors, NULL, diameter, count };

  if (count == 0)
    return;
  key = g_string_new (NULL);
  g_string_printf (key, "hand %u %.3f", count, diameter);
  name_add_colors (key, &colors->light, sizeof *colors);
  dj_picture_cache_append_named (self->pictures, snapshot, GTK_WIDGET (self), key->str, center,
                                 hand_draw, &args);
}

static void
hand_snapshot (DjBoard               *self,
               GtkSnapshot           *snapshot,
               const DjBoardGeometry *g)
{
  DjSeedColors colors;
  DjFlight flight;
  float d = PIT_D * g->u;
  int hand_pit;
  guint hand;

  dj_seed_colors_lookup (GTK_WIDGET (self), &colors);
  dj_board_scene_get_flight (self->scene, &flight);

  switch (flight.kind)
    {
    case DJ_FLIGHT_LIFT:
      {
        graphene_point_t a = dj_board_pit_center (self, g, flight.from);
        graphene_point_t b = hand_point (self, g, flight.from);
        graphene_point_t p = lerp (&a, &b, ease (MIN (1.0f, flight.progress * 2)));

        if (flight.lap > 0)
          pulse_snapshot (self, snapshot, &a, g->u, flight.progress,
                          "dj_relay_color", "#e5a50a");
        hand_pile_snapshot (self, snapshot, &colors, &p, d, flight.seeds);
      }
      break;

    case DJ_FLIGHT_SOW:
      {
        /* The hand travels for most of the step, then one seed falls. */
        const float travel = 0.6f;
        graphene_point_t a = hand_point (self, g, flight.from);
        graphene_point_t b = hand_point (self, g, flight.to);

        if (flight.progress < travel)
          {
            graphene_point_t p = lerp (&a, &b, ease (flight.progress / travel));

            hand_pile_snapshot (self, snapshot, &colors, &p, d, flight.seeds);
          }
        else
          {
            float t = (flight.progress - travel) / (1 - travel);
            graphene_point_t c = dj_board_pit_center (self, g, flight.to);
            graphene_point_t p = lerp (&b, &c, t * t);

            hand_pile_snapshot (self, snapshot, &colors, &b, d, flight.seeds - 1);
            hand_pile_snapshot (self, snapshot, &colors, &p, d, 1);
          }
      }
      break;

    case DJ_FLIGHT_CAPTURE:
      {
        graphene_rect_t tray = store_tray (self, g, flight.to);
        graphene_point_t a = dj_board_pit_center (self, g, flight.from);
        graphene_point_t c = GRAPHENE_POINT_INIT (tray.origin.x + tray.size.width / 2,
                                                  tray.origin.y + tray.size.height / 2);
        graphene_point_t ctl = GRAPHENE_POINT_INIT ((a.x + c.x) / 2,
                                                    MIN (a.y, c.y) - 0.8f * g->u);
        float t = ease (flight.progress), s = 1 - t;
        graphene_point_t p = GRAPHENE_POINT_INIT (s * s * a.x + 2 * s * t * ctl.x + t * t * c.x,
                                                  s * s * a.y + 2 * s * t * ctl.y + t * t * c.y);

        pulse_snapshot (self, snapshot, &a, g->u, flight.progress,
                        "dj_capture_ring_color", "#e01b24");

        hand_pile_snapshot (self, snapshot, &colors, &p, d, flight.seeds);
      }
      break;

    case DJ_FLIGHT_NONE:
    default:
      hand = dj_board_scene_get_hand (self->scene, &hand_pit);
      if (hand > 0 && hand_pit >= 0)
        {
          graphene_point_t p = hand_point (self, g, hand_pit);

          hand_pile_snapshot (self, snapshot, &colors, &p, d, hand);
          if (hand > 12 || dj_board_scene_get_show_counts (self->scene))
            dj_count_badge_snapshot (GTK_WIDGET (self), self->texts, snapshot, &colors,
                                     &GRAPHENE_POINT_INIT (p.x + 0.36f * d, p.y - 0.3f * d),
                                     0.25f * d, hand);
        }
      break;
    }
}

/* A pit as GTK drew it (its hole from the stylesheet, seeds, rings), as a
 * picture: an unchanged pit keeps its node, and so its picture, and pits
 * that look alike share one.  Where it goes is read anew every time: a pit
 * moved by a new allocation keeps its node, not its place. */
static void
pit_snapshot (DjBoard     *self,
              GtkSnapshot *snapshot,
              guint        pit)
{
  GtkSnapshot *inner = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderNode *own;
  GskTransform *place = NULL;

  gtk_widget_snapshot_child (GTK_WIDGET (self), self->pits[pit], inner);
  node = gtk_snapshot_free_to_node (inner);
  if (node == NULL)
    return;
  own = node;
  if (gsk_render_node_get_node_type (node) == GSK_TRANSFORM_NODE &&
      gsk_transform_get_category (gsk_transform_node_get_transform (node)) >=
      GSK_TRANSFORM_CATEGORY_2D_TRANSLATE)
    {
      own = gsk_transform_node_get_child (node);
      place = gsk_transform_node_get_transform (node);
    }
  if (own != self->pit_nodes[pit] || self->pit_pictures[pit] == NULL)
    {
      GskRenderNode *picture;

      /* Held, so that a new node cannot come at the same address. */
      g_clear_pointer (&self->pit_nodes[pit], gsk_render_node_unref);
      self->pit_nodes[pit] = gsk_render_node_ref (own);
      picture = dj_picture_cache_draw (self->pictures, GTK_WIDGET (self),
                                       gsk_render_node_ref (own));
      g_clear_pointer (&self->pit_pictures[pit], gsk_render_node_unref);
      self->pit_pictures[pit] = picture;
    }
  if (place != NULL)
    {
      gtk_snapshot_save (snapshot);
      gtk_snapshot_transform (snapshot, place);
    }
  gtk_snapshot_append_node (snapshot, self->pit_pictures[pit]);
  if (place != NULL)
    gtk_snapshot_restore (snapshot);
}

/* Board markup: arrows from pit to pit over the pits, the one being drawn
 * too.  Each is one outline (shaft and head), a dark rim under a colour a
 * little transparent, so the seeds under it still show. */
static void
arrow_draw (DjBoard               *self,
            cairo_t               *cr,
            const DjBoardGeometry *g,
            guint                  from,
            guint                  to,
            DjMarker               colour,
            double                 alpha)
{
  graphene_point_t a = dj_board_pit_center (self, g, from), b = dj_board_pit_center (self, g, to);
  GdkRGBA color, halo;

  dj_marker_lookup_color (GTK_WIDGET (self), colour, &color);
  dj_board_lookup_color (GTK_WIDGET (self), "dj_mark_halo_color", "rgba(0,0,0,0.55)", &halo);
  color.alpha *= alpha;
  halo.alpha *= alpha;
  if (!dj_arrow_path (cr, a.x, a.y, b.x, b.y, g->u))
    return;
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, MAX (1.5, 0.045 * g->u));
  gdk_cairo_set_source_rgba (cr, &halo);
  cairo_stroke_preserve (cr);
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_fill (cr);
}

static void
arrows_snapshot (DjBoard               *self,
                 GtkSnapshot           *snapshot,
                 const DjBoardGeometry *g)
{
  const DjMarkup *markup = dj_board_scene_get_markup (self->scene);
  int from, to;
  DjMarker draft = dj_board_scene_get_arrow_draft (self->scene, &from, &to);
  gboolean have_draft = draft != DJ_MARKER_NONE && to >= 0 && to != from;
  cairo_t *cr;

  if (markup->n_arrows == 0 && !have_draft)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &g->board);
  for (guint i = 0; i < markup->n_arrows; i++)
    arrow_draw (self, cr, g, markup->arrows[i].from, markup->arrows[i].to,
                markup->arrows[i].colour, 0.85);
  if (have_draft)
    arrow_draw (self, cr, g, from, to, draft, 0.6);
  cairo_destroy (cr);
}

void
dj_board_forget_pictures (DjBoard *self)
{
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      g_clear_pointer (&self->pit_nodes[pit], gsk_render_node_unref);
      g_clear_pointer (&self->pit_pictures[pit], gsk_render_node_unref);
    }
  if (self->pictures != NULL)
    dj_picture_cache_clear (self->pictures);
  if (self->texts != NULL)
    dj_board_texts_clear (self->texts);
}

void
dj_board_draw_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  DjBoard *self = DJ_BOARD (widget);
  DjBoardGeometry g;

  dj_board_geometry_compute (self, &g);
  if (g.u < 4)
    return;

  wood_snapshot (self, snapshot, &g);
  mover_band_snapshot (self, snapshot, &g);
  letters_snapshot (self, snapshot, &g);
  stores_snapshot (self, snapshot, &g);
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    pit_snapshot (self, snapshot, pit);
  arrows_snapshot (self, snapshot, &g);
  hand_snapshot (self, snapshot, &g);
}

/* Layout --------------------------------------------------------------- */

void
dj_board_draw_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  float size = orientation == GTK_ORIENTATION_HORIZONTAL ? TOTAL_W : TOTAL_H;

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      int child_min, child_nat;

      /* Measured only because GTK expects every child to be. */
      gtk_widget_measure (DJ_BOARD (widget)->pits[pit], orientation, -1,
                          &child_min, &child_nat, NULL, NULL);
    }
  *minimum = (int) ceilf (size * MIN_UNIT);
  *natural = (int) ceilf (size * NAT_UNIT);
}

void
dj_board_draw_allocate (GtkWidget *widget,
                        int        width,
                        int        height,
                        int        baseline)
{
  DjBoard *self = DJ_BOARD (widget);
  DjBoardGeometry g;

  dj_board_geometry_compute (self, &g);
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      graphene_point_t c = dj_board_pit_center (self, &g, pit);
      int d = (int) roundf (PIT_D * g.u);

      gtk_widget_size_allocate (self->pits[pit],
                                &(GtkAllocation) { (int) roundf (c.x - d / 2.0f),
                                                   (int) roundf (c.y - d / 2.0f), d, d },
                                -1);
    }
  dj_board_markup_present (self->markup);
}

/* Style ---------------------------------------------------------------- */

void
dj_board_ensure_style (GdkDisplay *display)
{
  static GQuark quark;
  g_autoptr(GtkCssProvider) provider = NULL;
  const char *path = RESOURCE_PATH "/board.css";

  if (display == NULL)
    return;
  if (quark == 0)
    quark = g_quark_from_static_string ("dj-board-style");
  if (g_object_get_qdata (G_OBJECT (display), quark) != NULL)
    return;

  /* The application registers its resources at startup; a test may not. */
  if (!g_resources_get_info (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL))
    dj_register_resource ();

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, path);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_qdata_full (G_OBJECT (display), quark, g_steal_pointer (&provider),
                           g_object_unref);
}
