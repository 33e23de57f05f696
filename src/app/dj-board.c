/* dj-board.c: the board widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dj-board.h"
#include "dj-board-markup.h"
#include "dj-shapes.h"
#include "dj-picture-cache.h"
#include "dj-pit.h"
#include "dj-resources.h"

/* The board's proportions, in pit cells (u). */
#define PAD         0.18f   /* wood around everything */
#define STORE_W     1.15f   /* each side's captures */
#define GAP         0.20f   /* between a store and the pits */
#define STRIP       0.36f   /* pit letters and side names */
#define PIT_D       0.84f   /* a pit's diameter in its cell */
#define MARGIN      0.12f   /* room for the board's shadow */
#define BOARD_W     (2 * PAD + 2 * STORE_W + 2 * GAP + DJ_ROW_PITS)
#define BOARD_H     (2 * PAD + 2 * STRIP + 2)
#define TOTAL_W     (BOARD_W + 2 * MARGIN)
#define TOTAL_H     (BOARD_H + 2 * MARGIN)
#define MIN_UNIT    36
#define NAT_UNIT    80
/* How high seeds in the hand float above a pit. */
#define HAND_RISE   0.40f

struct _DjBoard
{
  GtkWidget         parent_instance;

  DjGame           *game;
  GSignalGroup     *game_signals;
  DjBoardScene     *scene;
  GtkWidget        *pits[DJ_N_PITS];
  DjAnimationSpeed  speed;
  /* What does not change from move to move is drawn once: the wood, each
   * state of each pit, seed piles and heaps. */
  DjPictureCache   *pictures;
  DjBoardTexts     *texts;      /* the labels' and counts' layouts, shared with the pits */
  GskRenderNode    *pit_nodes[DJ_N_PITS];     /* the pit's own node last drawn … */
  GskRenderNode    *pit_pictures[DJ_N_PITS];  /* … and its picture, unplaced */
  guint             tick_id;
  gint64            anim_start;
  char             *description;
  char             *busy_text;
  DjBoardMarkup    *markup;     /* marks, arrows and labels from the user */
};

G_DEFINE_FINAL_TYPE (DjBoard, dj_board, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_FLIPPED,
  PROP_ANIMATION_SPEED,
  PROP_SHOW_COUNTS,
  PROP_INTERACTIVE,
  PROP_ANIMATING,
  PROP_BUSY_TEXT,
  N_PROPS
};

enum {
  PIT_ACTIVATED,
  MOVE_REFUSED,
  MARKUP_EDITED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Geometry ------------------------------------------------------------- */

typedef struct
{
  float           u;
  graphene_rect_t board;
  graphene_rect_t cells;      /* the 6 × 2 pit cells */
  graphene_rect_t stores[2];  /* left and right columns, labels included */
} Geometry;

static void
geometry_compute (DjBoard  *self,
                  Geometry *g)
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

static graphene_point_t
pit_center (DjBoard        *self,
            const Geometry *g,
            guint           pit)
{
  guint column, row;

  dj_board_scene_get_pit_cell (self->scene, pit, &column, &row);
  return GRAPHENE_POINT_INIT (g->cells.origin.x + (column + 0.5f) * g->u,
                              g->cells.origin.y + (row + 0.5f) * g->u);
}

static graphene_point_t
hand_point (DjBoard        *self,
            const Geometry *g,
            guint           pit)
{
  graphene_point_t p = pit_center (self, g, pit);

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
store_tray (DjBoard        *self,
            const Geometry *g,
            DjSide          side)
{
  const graphene_rect_t *col = &g->stores[dj_board_scene_store_is_right (self->scene, side)];
  float inset = (1 - PIT_D) / 2 * g->u;

  return GRAPHENE_RECT_INIT (col->origin.x + inset * 0.5f, g->cells.origin.y + inset,
                             col->size.width - inset, 2 * g->u - 2 * inset);
}

/* A store's label strip, on the side of its own row. */
static graphene_rect_t
store_label (DjBoard        *self,
             const Geometry *g,
             DjSide          side)
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
surface_snapshot (DjBoard          *self,
                  GtkSnapshot      *snapshot,
                  const Geometry   *g,
                  const WoodColors *c)
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
mover_band_snapshot (DjBoard        *self,
                     GtkSnapshot    *snapshot,
                     const Geometry *g)
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
letters_snapshot (DjBoard        *self,
                  GtkSnapshot    *snapshot,
                  const Geometry *g)
{
  GtkWidget *widget = GTK_WIDGET (self);
  DjSide mover = dj_board_scene_get_side_to_move (self->scene);
  GdkRGBA strong, dim;
  float u = g->u;

  dj_board_lookup_color (widget, "dj_label_color", "rgba(60,35,10,0.9)", &strong);
  dj_board_lookup_color (widget, "dj_label_dim_color", "rgba(60,35,10,0.5)", &dim);

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      graphene_point_t c = pit_center (self, g, pit);
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
  const Geometry        *g;
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
wood_snapshot (DjBoard        *self,
               GtkSnapshot    *snapshot,
               const Geometry *g)
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
stores_snapshot (DjBoard        *self,
                 GtkSnapshot    *snapshot,
                 const Geometry *g)
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
hand_snapshot (DjBoard        *self,
               GtkSnapshot    *snapshot,
               const Geometry *g)
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
        graphene_point_t a = pit_center (self, g, flight.from);
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
            graphene_point_t c = pit_center (self, g, flight.to);
            graphene_point_t p = lerp (&b, &c, t * t);

            hand_pile_snapshot (self, snapshot, &colors, &b, d, flight.seeds - 1);
            hand_pile_snapshot (self, snapshot, &colors, &p, d, 1);
          }
      }
      break;

    case DJ_FLIGHT_CAPTURE:
      {
        graphene_rect_t tray = store_tray (self, g, flight.to);
        graphene_point_t a = pit_center (self, g, flight.from);
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
arrow_draw (DjBoard        *self,
            cairo_t        *cr,
            const Geometry *g,
            guint           from,
            guint           to,
            DjMarker        colour,
            double          alpha)
{
  graphene_point_t a = pit_center (self, g, from), b = pit_center (self, g, to);
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
arrows_snapshot (DjBoard        *self,
                 GtkSnapshot    *snapshot,
                 const Geometry *g)
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

static void
forget_pictures (DjBoard *self)
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

static void
dj_board_snapshot (GtkWidget   *widget,
                   GtkSnapshot *snapshot)
{
  DjBoard *self = DJ_BOARD (widget);
  Geometry g;

  geometry_compute (self, &g);
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

static void
dj_board_measure (GtkWidget      *widget,
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

static void
dj_board_size_allocate (GtkWidget *widget,
                        int        width,
                        int        height,
                        int        baseline)
{
  DjBoard *self = DJ_BOARD (widget);
  Geometry g;

  geometry_compute (self, &g);
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      graphene_point_t c = pit_center (self, &g, pit);
      int d = (int) roundf (PIT_D * g.u);

      gtk_widget_size_allocate (self->pits[pit],
                                &(GtkAllocation) { (int) roundf (c.x - d / 2.0f),
                                                   (int) roundf (c.y - d / 2.0f), d, d },
                                -1);
    }
  dj_board_markup_present (self->markup);
}

/* Input ---------------------------------------------------------------- */

static void
choose_pit (DjBoard *self,
            guint    pit)
{
  DjPitStatus status;

  /* Never dropped without a word: a board that takes no move says why. */
  if (!dj_board_scene_accepts_input (self->scene))
    {
      g_signal_emit (self, signals[MOVE_REFUSED], 0, (int) pit,
                     dj_board_scene_get_interactive (self->scene) ? DJ_BOARD_REFUSED_STEP
                                                                  : DJ_BOARD_REFUSED_BUSY);
      return;
    }
  status = dj_board_scene_get_pit_status (self->scene, pit);
  if (status == DJ_PIT_LEGAL)
    g_signal_emit (self, signals[PIT_ACTIVATED], 0, (int) pit);
  else
    g_signal_emit (self, signals[MOVE_REFUSED], 0, (int) pit, (guint) status);
}

/* A pit chosen during an animation ends it at once and is played in the
 * position that results: every input counts, in order. */
static void
finish_animations (DjBoard *self)
{
  /* Ending one may start another (a reply that waited for it): end that
   * too, so that the pit is played where the game now stands. */
  for (guint i = 0; i < 4 && dj_board_scene_is_animating (self->scene); i++)
    dj_board_finish_animation (self);
}

static void
pit_clicked_cb (DjBoard   *self,
                GtkButton *button)
{
  finish_animations (self);
  choose_pit (self, dj_pit_get_index (DJ_PIT (button)));
}

static gboolean
move_focus (DjBoard          *self,
            DjBoardDirection  direction)
{
  GtkWidget *focus = gtk_widget_get_focus_child (GTK_WIDGET (self));
  int pit;

  if (focus != NULL && DJ_IS_PIT (focus))
    dj_board_scene_set_focus (self->scene, dj_pit_get_index (DJ_PIT (focus)));
  if (!dj_board_scene_move_focus (self->scene, direction))
    return FALSE;
  pit = dj_board_scene_get_focus (self->scene);
  gtk_widget_grab_focus (self->pits[pit]);
  /* The keyboard previews like the pointer does. */
  dj_board_scene_set_hover (self->scene, pit);
  return TRUE;
}

/* The pit a letter key chooses: a–f (either case) in the mover's row. */
static int
letter_pit (DjBoard         *self,
            guint            keyval,
            GdkModifierType  state)
{
  gunichar c;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return -1;
  c = g_unichar_tolower (gdk_keyval_to_unicode (keyval));
  if (c < 'a' || c > 'f')
    return -1;
  return DJ_ROW_START (dj_board_scene_get_position (self->scene)->to_move) + (int) (c - 'a');
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DjBoard               *self)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  DjBoardDirection direction;
  int pit;

  if (event != NULL && gdk_key_event_is_modifier (event))
    return FALSE;

  /* Any key ends the animation at once; then it does its own work in the
   * position that results (a letter plays its pit, Enter the focused one,
   * Alt+Left steps back …). */
  if (dj_board_scene_is_animating (self->scene))
    {
      finish_animations (self);
      if (keyval == GDK_KEY_Escape)
        return TRUE;
    }

  /* Left and Right replay the game (the window's keys): Ctrl+Left and
   * Ctrl+Right move along a row of pits, Up and Down between the rows. */
  if (dj_board_markup_arrow_direction (keyval, &direction))
    {
      GdkModifierType mods = state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK |
                                      GDK_SUPER_MASK | GDK_META_MASK);
      gboolean along = direction == DJ_BOARD_LEFT || direction == DJ_BOARD_RIGHT;

      if ((along && mods == GDK_CONTROL_MASK) || (!along && mods == 0))
        {
          move_focus (self, direction);
          return TRUE;
        }
    }

  pit = letter_pit (self, keyval, state);
  if (pit >= 0)
    {
      dj_board_scene_set_focus (self->scene, pit);
      gtk_widget_grab_focus (self->pits[pit]);
      choose_pit (self, pit);
      return TRUE;
    }
  return FALSE;
}

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  DjBoard         *self)
{
  /* A press anywhere ends the animation; a press on a pit goes on to the
   * pit, which is then played. */
  finish_animations (self);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static gboolean
dj_board_focus (GtkWidget        *widget,
                GtkDirectionType  direction)
{
  DjBoard *self = DJ_BOARD (widget);
  GtkWidget *focus = gtk_widget_get_focus_child (widget);

  /* One tab stop for the whole board; arrows move inside it. */
  if (focus == NULL)
    return gtk_widget_grab_focus (self->pits[dj_board_scene_get_default_focus (self->scene)]);

  switch (direction)
    {
    case GTK_DIR_LEFT:
      return move_focus (self, DJ_BOARD_LEFT);
    case GTK_DIR_RIGHT:
      return move_focus (self, DJ_BOARD_RIGHT);
    case GTK_DIR_UP:
      return move_focus (self, DJ_BOARD_UP);
    case GTK_DIR_DOWN:
      return move_focus (self, DJ_BOARD_DOWN);
    case GTK_DIR_TAB_FORWARD:
    case GTK_DIR_TAB_BACKWARD:
    default:
      return FALSE;
    }
}

static gboolean
dj_board_grab_focus (GtkWidget *widget)
{
  DjBoard *self = DJ_BOARD (widget);

  return gtk_widget_grab_focus (self->pits[dj_board_scene_get_default_focus (self->scene)]);
}

static void
dj_board_set_focus_child (GtkWidget *widget,
                          GtkWidget *child)
{
  DjBoard *self = DJ_BOARD (widget);

  GTK_WIDGET_CLASS (dj_board_parent_class)->set_focus_child (widget, child);
  if (child != NULL && DJ_IS_PIT (child))
    dj_board_scene_set_focus (self->scene, dj_pit_get_index (DJ_PIT (child)));
}

/* Markup input (dj-board-markup.c) ----------------------------------------- */

static GtkWidget *
markup_pit_widget (GtkWidget *board,
                   guint      pit)
{
  return DJ_BOARD (board)->pits[pit];
}

static gboolean
markup_move_focus (GtkWidget        *board,
                   DjBoardDirection  direction)
{
  return move_focus (DJ_BOARD (board), direction);
}

static void
markup_finish_animations (GtkWidget *board)
{
  finish_animations (DJ_BOARD (board));
}

/* The markup shown with one change, handed to whoever keeps the record. */
static void
markup_edited (GtkWidget      *board,
               const DjMarkup *markup,
               const char     *label)
{
  DjBoard *self = DJ_BOARD (board);

  if (!dj_markup_equal (markup, dj_board_scene_get_markup (self->scene)))
    g_signal_emit (self, signals[MARKUP_EDITED], 0, markup, label);
}

static const DjBoardMarkupHost markup_host = {
  markup_pit_widget, markup_move_focus, markup_finish_animations, markup_edited,
};

void
dj_board_ask_label (DjBoard *self,
                    guint    pit)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (pit < DJ_N_PITS);

  dj_board_markup_ask_label (self->markup, pit);
}

GtkWidget *
dj_board_get_label_entry (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return dj_board_markup_get_label_entry (self->markup);
}

/* Animation ------------------------------------------------------------ */

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  DjBoard *self = DJ_BOARD (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->anim_start == 0)
    self->anim_start = now;
  if (!dj_board_scene_advance_animation (self->scene, now - self->anim_start))
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
scene_animating_cb (DjBoard      *self,
                    GParamSpec   *pspec,
                    DjBoardScene *scene)
{
  if (!dj_board_scene_is_animating (scene) && self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

/* Record → scene ------------------------------------------------------- */

static void
sync_markers (DjBoard *self,
              DjNode  *node)
{
  dj_board_scene_set_markup (self->scene, dj_node_get_markup (node));
}

/* Shows @node; with @animate, animated when a turn was just played into it. */
static void
show_node (DjBoard  *self,
           DjNode   *node,
           gboolean  animate)
{
  const DjTrace *trace = animate ? dj_game_get_current_trace (self->game) : NULL;
  const DjRules *rules = dj_game_get_rules (self->game);
  const DjPosition *pos = dj_node_get_position (node);

  sync_markers (self, node);
  if (trace != NULL && node == dj_game_get_current (self->game))
    dj_board_play_turn (self, trace, pos);
  else
    dj_board_set_position (self, rules, pos);
}

static void
game_current_changed_cb (DjBoard *self,
                         DjNode  *node,
                         DjGame  *game)
{
  show_node (self, node, TRUE);
}

static void
game_node_changed_cb (DjBoard *self,
                      DjNode  *node,
                      DjGame  *game)
{
  if (node == dj_game_get_current (game))
    sync_markers (self, node);
}

/* Scene → widget ------------------------------------------------------- */

static void
update_description (DjBoard *self)
{
  const DjPosition *pos = dj_board_scene_get_position (self->scene);
  const DjMoves *moves = dj_board_scene_get_moves (self->scene);
  g_autofree char *turn = NULL;
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  char *description;

  if (moves->end != DJ_END_NONE)
    /* Translators: the board's description for screen readers; %s is why the game ended */
    turn = g_strdup_printf (_("The game is over: %s."),
                            dj_end_reason_describe ((DjEndReason) moves->end));
  else if (moves->must_pass)
    turn = g_strdup (pos->to_move == DJ_SOUTH ? _("South must pass.") : _("North must pass."));
  else
    turn = g_strdup (pos->to_move == DJ_SOUTH ? _("South to move.") : _("North to move."));
  south = g_strdup_printf (ngettext ("South has captured %u seed.",
                                     "South has captured %u seeds.",
                                     pos->captured[DJ_SOUTH]), pos->captured[DJ_SOUTH]);
  north = g_strdup_printf (ngettext ("North has captured %u seed.",
                                     "North has captured %u seeds.",
                                     pos->captured[DJ_NORTH]), pos->captured[DJ_NORTH]);
  description = g_strjoin (" ", turn, south, north, NULL);

  if (g_strcmp0 (description, self->description) != 0)
    {
      g_free (self->description);
      self->description = description;
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->description,
                                      -1);
    }
  else
    g_free (description);
}

static void
scene_changed_cb (DjBoard      *self,
                  DjBoardScene *scene)
{
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    dj_pit_sync (DJ_PIT (self->pits[pit]));
  update_description (self);
}

static void
scene_redraw_cb (DjBoard      *self,
                 DjBoardScene *scene)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    gtk_widget_queue_draw (self->pits[pit]);
}

static void
scene_notify_cb (DjBoard      *self,
                 GParamSpec   *pspec,
                 DjBoardScene *scene)
{
  const char *name = g_param_spec_get_name (pspec);

  if (g_str_equal (name, "flipped"))
    {
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
    }
  else if (g_str_equal (name, "show-counts"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COUNTS]);
  else if (g_str_equal (name, "interactive"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

static void
ensure_style (GdkDisplay *display)
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

/* GObject -------------------------------------------------------------- */

static void
dj_board_unmap (GtkWidget *widget)
{
  /* No frame clock when hidden: show the end of the move. */
  dj_board_finish_animation (DJ_BOARD (widget));
  GTK_WIDGET_CLASS (dj_board_parent_class)->unmap (widget);
}

static void
dj_board_unrealize (GtkWidget *widget)
{
  /* The pictures belong to the renderer going away. */
  forget_pictures (DJ_BOARD (widget));
  GTK_WIDGET_CLASS (dj_board_parent_class)->unrealize (widget);
}

static void
dj_board_css_changed (GtkWidget         *widget,
                      GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (dj_board_parent_class)->css_changed (widget, change);
  /* Named colours (light or dark style) are read while drawing; the font
   * may have changed. */
  dj_board_texts_clear (DJ_BOARD (widget)->texts);
  gtk_widget_queue_draw (widget);
}

static void
dj_board_dispose (GObject *object)
{
  DjBoard *self = DJ_BOARD (object);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  g_clear_pointer (&self->markup, dj_board_markup_free);
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    g_clear_pointer (&self->pits[pit], gtk_widget_unparent);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  if (self->scene != NULL)
    g_signal_handlers_disconnect_by_data (self->scene, self);
  g_clear_object (&self->scene);
  forget_pictures (self);
  g_clear_pointer (&self->pictures, dj_picture_cache_unref);

  G_OBJECT_CLASS (dj_board_parent_class)->dispose (object);
}

static void
dj_board_finalize (GObject *object)
{
  DjBoard *self = DJ_BOARD (object);

  g_clear_pointer (&self->description, g_free);
  g_clear_pointer (&self->busy_text, g_free);
  g_clear_pointer (&self->texts, dj_board_texts_free);

  G_OBJECT_CLASS (dj_board_parent_class)->finalize (object);
}

static void
dj_board_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  DjBoard *self = DJ_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, dj_board_get_flipped (self));
      break;
    case PROP_ANIMATION_SPEED:
      g_value_set_enum (value, self->speed);
      break;
    case PROP_SHOW_COUNTS:
      g_value_set_boolean (value, dj_board_get_show_counts (self));
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, dj_board_get_interactive (self));
      break;
    case PROP_ANIMATING:
      g_value_set_boolean (value, dj_board_is_animating (self));
      break;
    case PROP_BUSY_TEXT:
      g_value_set_string (value, self->busy_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_board_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  DjBoard *self = DJ_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      dj_board_set_game (self, g_value_get_object (value));
      break;
    case PROP_FLIPPED:
      dj_board_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_ANIMATION_SPEED:
      dj_board_set_animation_speed (self, g_value_get_enum (value));
      break;
    case PROP_SHOW_COUNTS:
      dj_board_set_show_counts (self, g_value_get_boolean (value));
      break;
    case PROP_INTERACTIVE:
      dj_board_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_BUSY_TEXT:
      dj_board_set_busy_text (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_board_class_init (DjBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_board_dispose;
  object_class->finalize = dj_board_finalize;
  object_class->get_property = dj_board_get_property;
  object_class->set_property = dj_board_set_property;

  widget_class->measure = dj_board_measure;
  widget_class->size_allocate = dj_board_size_allocate;
  widget_class->snapshot = dj_board_snapshot;
  widget_class->focus = dj_board_focus;
  widget_class->grab_focus = dj_board_grab_focus;
  widget_class->set_focus_child = dj_board_set_focus_child;
  widget_class->unmap = dj_board_unmap;
  widget_class->css_changed = dj_board_css_changed;
  widget_class->unrealize = dj_board_unrealize;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, DJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_enum ("animation-speed", NULL, NULL,
                       DJ_TYPE_ANIMATION_SPEED, DJ_ANIMATION_SPEED_NORMAL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_COUNTS] =
    g_param_spec_boolean ("show-counts", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_BUSY_TEXT] =
    g_param_spec_string ("busy-text", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DjBoard::pit-activated:
   * @move: the pit chosen (a DjMove, 0 … 11)
   *
   * The user chose a pit that can be played, by click, Enter or Space, or
   * its letter.  The board does not play it: the window does.
   */
  signals[PIT_ACTIVATED] =
    g_signal_new ("pit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  /**
   * DjBoard::move-refused:
   * @move: the pit chosen (a DjMove, 0 … 11)
   * @reason: a DjPitStatus, for dj_pit_status_describe()
   *
   * The user chose a pit that cannot be played.
   */
  signals[MOVE_REFUSED] =
    g_signal_new ("move-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT);

  /**
   * DjBoard::markup-edited:
   * @markup: (type gpointer): the markup shown, with the user's change
   * @label: the change's name for the undo history (translated)
   *
   * The user marked a pit or drew an arrow with the mouse or the keyboard.
   * The board does not change what it shows: whoever keeps the record
   * stores @markup (valid during the emission only) and shows it again.
   */
  signals[MARKUP_EDITED] =
    g_signal_new ("markup-edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_STRING);

  gtk_widget_class_install_property_action (widget_class, "board.flip", "flipped");

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dj_board_init (DjBoard *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *key;
  GtkGesture *click;

  ensure_style (gtk_widget_get_display (widget));

  self->speed = DJ_ANIMATION_SPEED_NORMAL;
  self->pictures = dj_picture_cache_new ();
  self->texts = dj_board_texts_new ();
  self->scene = dj_board_scene_new ();
  self->game_signals = g_signal_group_new (DJ_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "current-changed",
                                 G_CALLBACK (game_current_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "node-changed",
                                 G_CALLBACK (game_node_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "changed", G_CALLBACK (scene_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "redraw", G_CALLBACK (scene_redraw_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "notify::animating", G_CALLBACK (scene_animating_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "notify", G_CALLBACK (scene_notify_cb), self,
                           G_CONNECT_SWAPPED);

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      self->pits[pit] = dj_pit_new (self->scene, self->texts, pit);
      gtk_widget_set_parent (self->pits[pit], widget);
      g_signal_connect_object (self->pits[pit], "clicked", G_CALLBACK (pit_clicked_cb), self,
                               G_CONNECT_SWAPPED);
    }

  key = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (widget, key);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));
  self->markup = dj_board_markup_new (widget, self->scene, &markup_host);

  /* The board keeps its geometry in right-to-left locales. */
  gtk_widget_set_direction (widget, GTK_TEXT_DIR_LTR);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  /* Translators: accessible name of the game board */
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);
  scene_changed_cb (self, self->scene);
}

GtkWidget *
dj_board_new (void)
{
  return g_object_new (DJ_TYPE_BOARD, NULL);
}

DjPictureCache *
dj_board_get_pictures (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return self->pictures;
}

DjBoardScene *
dj_board_get_scene (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return self->scene;
}

void
dj_board_set_position (DjBoard          *self,
                       const DjRules    *rules,
                       const DjPosition *pos)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (rules != NULL && pos != NULL);

  if (dj_board_scene_is_animating (self->scene) &&
      dj_position_equal (pos, dj_board_scene_get_position (self->scene)) &&
      dj_rules_equal (rules, dj_board_scene_get_rules (self->scene)))
    return;
  dj_board_scene_set_position (self->scene, rules, pos);
}

DjGame *
dj_board_get_game (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return self->game;
}

void
dj_board_set_game (DjBoard *self,
                   DjGame  *game)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (game == NULL || DJ_IS_GAME (game));

  if (!g_set_object (&self->game, game))
    return;
  g_signal_group_set_target (self->game_signals, game);
  if (game != NULL)
    {
      dj_board_finish_animation (self);
      show_node (self, dj_game_get_current (game), FALSE);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
dj_board_play_trace (DjBoard       *self,
                     const DjTrace *trace)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (trace != NULL);

  dj_board_play_turn (self, trace, &trace->after);
}

void
dj_board_play_turn (DjBoard          *self,
                    const DjTrace    *trace,
                    const DjPosition *final)
{
  GtkWidget *widget;
  gint64 seed_time;
  gboolean enabled = TRUE;

  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (trace != NULL);
  g_return_if_fail (final != NULL);

  widget = GTK_WIDGET (self);
  g_object_get (gtk_widget_get_settings (widget), "gtk-enable-animations", &enabled, NULL);
  seed_time = enabled && gtk_widget_get_mapped (widget)
            ? dj_animation_speed_get_seed_time (self->speed) : 0;

  dj_board_scene_start_turn (self->scene, trace, final, seed_time);
  if (dj_board_scene_is_animating (self->scene))
    {
      self->anim_start = 0;
      if (self->tick_id == 0)
        self->tick_id = gtk_widget_add_tick_callback (widget, tick_cb, NULL, NULL);
    }
}

void
dj_board_finish_animation (DjBoard *self)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_finish_animation (self->scene);
}

gboolean
dj_board_is_animating (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), FALSE);
  return dj_board_scene_is_animating (self->scene);
}

void
dj_board_show_trace_step (DjBoard       *self,
                          const DjTrace *trace,
                          guint          step)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (trace != NULL);
  dj_board_scene_show_trace_step (self->scene, trace, step);
}

gboolean
dj_board_get_flipped (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), FALSE);
  return dj_board_scene_get_flipped (self->scene);
}

void
dj_board_set_flipped (DjBoard  *self,
                      gboolean  flipped)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_flipped (self->scene, flipped);
}

DjAnimationSpeed
dj_board_get_animation_speed (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), DJ_ANIMATION_SPEED_NORMAL);
  return self->speed;
}

void
dj_board_set_animation_speed (DjBoard          *self,
                              DjAnimationSpeed  speed)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  g_return_if_fail (speed <= DJ_ANIMATION_SPEED_SLOW);

  if (self->speed == speed)
    return;
  self->speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_SPEED]);
}

gboolean
dj_board_get_show_counts (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), FALSE);
  return dj_board_scene_get_show_counts (self->scene);
}

void
dj_board_set_show_counts (DjBoard  *self,
                          gboolean  show_counts)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_show_counts (self->scene, show_counts);
}

gboolean
dj_board_get_interactive (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), FALSE);
  return dj_board_scene_get_interactive (self->scene);
}

void
dj_board_set_interactive (DjBoard  *self,
                          gboolean  interactive)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_interactive (self->scene, interactive);
}

const char *
dj_board_get_busy_text (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return self->busy_text;
}

void
dj_board_set_busy_text (DjBoard    *self,
                        const char *text)
{
  g_return_if_fail (DJ_IS_BOARD (self));

  if (g_strcmp0 (self->busy_text, text) == 0)
    return;
  g_free (self->busy_text);
  self->busy_text = g_strdup (text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY_TEXT]);
}

const char *
dj_board_describe_refusal (DjBoard *self,
                           guint    reason)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);

  switch (reason)
    {
    case DJ_BOARD_REFUSED_BUSY:
      return self->busy_text != NULL ? self->busy_text
                                     /* Translators: a pit was chosen while the board takes no move */
                                     : _("The board takes no move just now");
    case DJ_BOARD_REFUSED_STEP:
      /* Translators: a pit was chosen while the move explainer shows a move step by step */
      return _("The board shows a move step by step: leave the step-through to play");
    default:
      return dj_pit_status_describe ((DjPitStatus) reason);
    }
}

void
dj_board_set_markers (DjBoard      *self,
                      const guint8  markers[12])
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_markers (self->scene, markers);
}

void
dj_board_set_markup (DjBoard        *self,
                     const DjMarkup *markup)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_markup (self->scene, markup);
}

void
dj_board_set_best_move (DjBoard *self,
                        DjMove   move)
{
  g_return_if_fail (DJ_IS_BOARD (self));
  dj_board_scene_set_best_move (self->scene, move);
}

GtkWidget *
dj_board_get_pit_widget (DjBoard *self,
                         guint    pit)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  g_return_val_if_fail (pit < DJ_N_PITS, NULL);
  return self->pits[pit];
}

const char *
dj_board_get_description (DjBoard *self)
{
  g_return_val_if_fail (DJ_IS_BOARD (self), NULL);
  return self->description;
}
