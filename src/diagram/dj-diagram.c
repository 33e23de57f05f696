/* dj-diagram.c: a position drawn as the board looks, with cairo and pango
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The proportions, colours and seed piles follow the board widget
 * (src/app/dj-board.c, dj-pit.c, data/board.css in the light style), so a
 * diagram looks like the board a player sees.
 */
#include "config.h"

#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dj-diagram.h"
#include "dj-diagram-text.h"
#include "dj-shapes.h"

G_DEFINE_QUARK (dj-diagram-error-quark, dj_diagram_error)

/* The board's proportions, in pit cells (u), as the board widget's. */
#define PAD         0.18   /* wood around everything */
#define STORE_W     1.15   /* each side's captures */
#define GAP         0.20   /* between a store and the pits */
#define STRIP       0.36   /* pit letters and side names */
#define PIT_D       0.84   /* a pit's diameter in its cell */
#define MARGIN      0.12   /* room for the board's shadow */
#define BOARD_W     (2 * PAD + 2 * STORE_W + 2 * GAP + DJ_ROW_PITS)
#define BOARD_H     (2 * PAD + 2 * STRIP + 2)
#define TOTAL_W     (BOARD_W + 2 * MARGIN)
#define TOTAL_H     (BOARD_H + 2 * MARGIN)
#define CAPTION_SIZE 0.24  /* the caption's letters */
#define CAPTION_GAP  0.10

/* Colours ----------------------------------------------------------------- */

typedef struct
{
  double r, g, b, a;
} Rgba;

static Rgba
rgb (guint32 hex)
{
  return (Rgba) { ((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0,
                  (hex & 0xff) / 255.0, 1 };
}

static Rgba
with_alpha (Rgba   c,
            double a)
{
  c.a *= a;
  return c;
}

/* mix() of GTK's stylesheets */
static Rgba
mix (Rgba   a,
     Rgba   b,
     double f)
{
  return (Rgba) { a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f,
                  a.a + (b.a - a.a) * f };
}

/* shade() of GTK's stylesheets: lightness and saturation scaled in HSL. */
static Rgba
shade (Rgba   c,
       double f)
{
  double max = MAX (c.r, MAX (c.g, c.b)), min = MIN (c.r, MIN (c.g, c.b));
  double l = (max + min) / 2, s = 0, h = 0, delta = max - min;
  double m1, m2;
  Rgba out = { 0, 0, 0, c.a };

  if (delta > 0)
    {
      s = l <= 0.5 ? delta / (max + min) : delta / (2 - max - min);
      if (c.r == max)
        h = (c.g - c.b) / delta;
      else if (c.g == max)
        h = 2 + (c.b - c.r) / delta;
      else
        h = 4 + (c.r - c.g) / delta;
      h *= 60;
      if (h < 0)
        h += 360;
    }
  l = CLAMP (l * f, 0, 1);
  s = CLAMP (s * f, 0, 1);
  if (s == 0)
    return (Rgba) { l, l, l, c.a };
  m2 = l <= 0.5 ? l * (1 + s) : l + s - l * s;
  m1 = 2 * l - m2;
  for (int i = 0; i < 3; i++)
    {
      double hue = h + (i == 0 ? 120 : i == 2 ? -120 : 0), v;

      while (hue > 360)
        hue -= 360;
      while (hue < 0)
        hue += 360;
      if (hue < 60)
        v = m1 + (m2 - m1) * hue / 60;
      else if (hue < 180)
        v = m2;
      else if (hue < 240)
        v = m1 + (m2 - m1) * (240 - hue) / 60;
      else
        v = m1;
      if (i == 0)
        out.r = v;
      else if (i == 1)
        out.g = v;
      else
        out.b = v;
    }
  return out;
}

/* data/board.css over libadwaita's light colours: paper is light. */
typedef struct
{
  Rgba wood, wood_light, wood_dark, wood_edge, grain, highlight, shadow;
  Rgba pit, tray, tray_shadow, tray_rim;
  Rgba label, label_dim, mover_band;
  Rgba seed_light, seed, seed_dark, seed_shadow, badge, badge_fg;
  Rgba accent, accent_fg, last_move;
  Rgba markers[DJ_MARKER_LAST + 1];
  Rgba mark_halo;
} Style;

static void
style_init (Style *s)
{
  Rgba window_bg = rgb (0xfafafa), window_fg = with_alpha (rgb (0x000000), 0.8);

  s->wood = mix (rgb (0xc98f52), window_bg, 0.35);
  s->wood_light = mix (s->wood, rgb (0xffffff), 0.12);
  s->wood_dark = shade (s->wood, 0.9);
  s->wood_edge = shade (s->wood, 0.62);
  s->grain = with_alpha (shade (s->wood, 0.55), 0.08);
  s->highlight = with_alpha (rgb (0xffffff), 0.3);
  s->shadow = with_alpha (rgb (0x000000), 0.3);
  s->pit = shade (s->wood, 0.8);
  s->tray = shade (s->wood, 0.8);
  s->tray_shadow = with_alpha (rgb (0x000000), 0.45);
  s->tray_rim = with_alpha (rgb (0xffffff), 0.3);
  s->label = mix (s->wood, window_fg, 0.85);
  s->label_dim = with_alpha (s->label, 0.55);
  s->mover_band = with_alpha (mix (s->wood, rgb (0xffffff), 0.45), 0.35);
  s->seed_light = rgb (0xfffaf0);
  s->seed = rgb (0xe9d5ab);
  s->seed_dark = rgb (0x9c7641);
  s->seed_shadow = with_alpha (rgb (0x2a1400), 0.45);
  s->badge = with_alpha (rgb (0x000000), 0.62);
  s->badge_fg = rgb (0xffffff);
  s->accent = rgb (0x3584e4);
  s->accent_fg = rgb (0xffffff);
  s->last_move = rgb (0xe5a50a);
  s->markers[DJ_MARKER_NONE] = rgb (0x000000);
  s->markers[DJ_MARKER_RED] = rgb (0xe01b24);
  s->markers[DJ_MARKER_GREEN] = rgb (0x2ec27e);
  s->markers[DJ_MARKER_BLUE] = rgb (0x3584e4);
  s->markers[DJ_MARKER_YELLOW] = rgb (0xf6d32d);
  s->mark_halo = with_alpha (rgb (0x000000), 0.55);
}

static void
set_color (cairo_t    *cr,
           const Rgba *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

static void
add_stop (cairo_pattern_t *p,
          double           offset,
          const Rgba      *c)
{
  cairo_pattern_add_color_stop_rgba (p, offset, c->r, c->g, c->b, c->a);
}

/* Marks -------------------------------------------------------------------- */

void
dj_diagram_marks_from_node (DjDiagramMarks *marks,
                            const DjNode   *node)
{
  const DjMarkup *markup = node != NULL ? dj_node_get_markup (node) : NULL;

  g_return_if_fail (marks != NULL);

  if (markup != NULL)
    marks->markup = *markup;
  else
    dj_markup_init (&marks->markup);
}

/* The diagram ------------------------------------------------------------- */

void
dj_diagram_init (DjDiagram        *diagram,
                 const DjRules    *rules,
                 const DjPosition *position)
{
  g_return_if_fail (diagram != NULL && rules != NULL && position != NULL);

  memset (diagram, 0, sizeof *diagram);
  diagram->rules = *rules;
  diagram->position = *position;
  diagram->last_move = DJ_NO_MOVE;
}

void
dj_diagram_init_from_node (DjDiagram    *diagram,
                           DjGame       *game,
                           const DjNode *node)
{
  g_return_if_fail (DJ_IS_GAME (game) && node != NULL);

  dj_diagram_init (diagram, dj_game_get_rules (game), dj_node_get_position (node));
  diagram->last_move = dj_node_get_move (node);
  dj_diagram_marks_from_node (&diagram->marks, node);
}

void
dj_diagram_clear (DjDiagram *diagram)
{
  g_clear_pointer (&diagram->caption, g_free);
}

void
dj_diagram_set_caption (DjDiagram  *diagram,
                        const char *caption)
{
  g_return_if_fail (diagram != NULL);

  g_free (diagram->caption);
  diagram->caption = caption != NULL && *caption != '\0' ? g_strdup (caption) : NULL;
}

char *
dj_diagram_caption_for_node (DjGame       *game,
                             const DjNode *node)
{
  const DjGameInfo *info;
  const DjPosition *pos;
  g_autoptr(GString) out = g_string_new (NULL);
  DjMoves moves;

  g_return_val_if_fail (DJ_IS_GAME (game) && node != NULL, NULL);

  info = dj_game_get_info (game);
  pos = dj_node_get_position (node);
  if (dj_node_get_parent (node) == NULL)
    g_string_append (out, dj_game_has_setup (game) ? _("Set-up position") : _("Start"));
  else
    {
      const char *glyph = dj_glyph_to_string (dj_node_get_glyph (node));
      const char *sign = dj_assessment_to_sign (dj_node_get_assessment (node));

      /* Moves are written left to right in every language, with their glyph
       * and assessment as printed ("12. c! ±"). */
      g_string_append_printf (out,
                              dj_node_get_mover (node) == DJ_SOUTH ? "\u2066%u. %s%s%s%s\u2069"
                                                                   : "\u2066%u… %s%s%s%s\u2069",
                              dj_node_get_move_number (node),
                              dj_move_to_string (dj_node_get_move (node)),
                              glyph != NULL ? glyph : "", sign != NULL ? " " : "",
                              sign != NULL ? sign : "");
    }
  if (info->south != NULL || info->north != NULL)
    {
      g_autofree char *title = dj_game_info_get_title (info);

      g_string_append (out, " · \u2068");
      g_string_append (out, title);
      g_string_append (out, "\u2069");
    }
  g_string_append (out, " · ");
  dj_moves_generate (dj_game_get_rules (game), pos, &moves);
  if (moves.end != DJ_END_NONE)
    g_string_append (out, _("Game over"));
  else if (pos->to_move == DJ_SOUTH)
    g_string_append (out, _("South to move"));
  else
    g_string_append (out, _("North to move"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Geometry ---------------------------------------------------------------- */

typedef struct
{
  double u;
  double bx, by, bw, bh;      /* the board */
  double cx, cy;              /* the pit cells' top left */
  double stores_x[2];         /* left and right store columns */
  gboolean flipped;
} Geometry;

static void
geometry_init (Geometry *g,
               double    width,
               gboolean  flipped)
{
  g->u = width / TOTAL_W;
  g->bx = MARGIN * g->u;
  g->by = MARGIN * g->u;
  g->bw = BOARD_W * g->u;
  g->bh = BOARD_H * g->u;
  g->cx = g->bx + (PAD + STORE_W + GAP) * g->u;
  g->cy = g->by + (PAD + STRIP) * g->u;
  g->stores_x[0] = g->bx + PAD * g->u;
  g->stores_x[1] = g->bx + g->bw - (PAD + STORE_W) * g->u;
  g->flipped = flipped;
}

/* As dj_board_scene_get_pit_cell(): South's a…f along the bottom left to
 * right, North's A…F along the top right to left; flipped turns it round. */
static void
pit_cell (const Geometry *g,
          guint           pit,
          guint          *column,
          guint          *row)
{
  guint c, r;

  if (pit < DJ_ROW_PITS)
    c = pit, r = 1;
  else
    c = DJ_N_PITS - 1 - pit, r = 0;
  if (g->flipped)
    c = DJ_ROW_PITS - 1 - c, r = 1 - r;
  *column = c;
  *row = r;
}

static void
pit_center (const Geometry *g,
            guint           pit,
            double         *x,
            double         *y)
{
  guint column, row;

  pit_cell (g, pit, &column, &row);
  *x = g->cx + (column + 0.5) * g->u;
  *y = g->cy + (row + 0.5) * g->u;
}

static guint
side_row (const Geometry *g,
          DjSide          side)
{
  guint column, row;

  pit_cell (g, DJ_ROW_START (side), &column, &row);
  return row;
}

/* South's captures at the right end of its row, North's at the left. */
static gboolean
store_is_right (const Geometry *g,
                DjSide          side)
{
  return (side == DJ_SOUTH) != g->flipped;
}

/* Shapes ------------------------------------------------------------------- */

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  r = MIN (r, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
circle (cairo_t *cr,
        double   x,
        double   y,
        double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
}

static void
ring (cairo_t    *cr,
      double      x,
      double      y,
      double      radius,
      double      width,
      const Rgba *color)
{
  /* Drawn inside @radius, as a CSS border is. */
  circle (cr, x, y, radius - width / 2);
  cairo_set_line_width (cr, width);
  set_color (cr, color);
  cairo_stroke (cr);
}

/* A soft shadow under a rounded rectangle: a few widening layers. */
static void
soft_shadow (cairo_t    *cr,
             double      x,
             double      y,
             double      w,
             double      h,
             double      r,
             double      blur,
             const Rgba *color)
{
  const int layers = 6;

  for (int i = layers; i >= 1; i--)
    {
      double grow = blur * i / layers;
      Rgba c = with_alpha (*color, 1.0 / layers * 1.3);

      rounded_rect (cr, x - grow / 2, y - grow / 2, w + grow, h + grow, r + grow / 2);
      set_color (cr, &c);
      cairo_fill (cr);
    }
}

/* Text --------------------------------------------------------------------- */

typedef struct
{
  cairo_t      *cr;
  PangoContext *context;
  Geometry      g;
  Style         s;
} Painter;

/* @text centred on (@x, @y), shrunk to @max_width when wider. */
static void
text_centered (Painter     *p,
               const char  *text,
               double       x,
               double       y,
               double       size,
               PangoWeight  weight,
               const Rgba  *color,
               double       max_width,
               gboolean     center_ink)
{
  g_autoptr(PangoLayout) layout = dj_diagram_text_layout_new (p->context, text, FALSE, size,
                                                              weight);
  PangoRectangle ink, logical;
  double scale = 1;

  pango_layout_get_extents (layout, &ink, &logical);
  if (max_width > 0 && logical.width / (double) PANGO_SCALE > max_width)
    scale = max_width / (logical.width / (double) PANGO_SCALE);
  cairo_save (p->cr);
  cairo_translate (p->cr, x, y);
  cairo_scale (p->cr, scale, scale);
  if (center_ink)
    cairo_translate (p->cr, -logical.width / 2.0 / PANGO_SCALE,
                     -(ink.y + ink.height / 2.0) / PANGO_SCALE);
  else
    cairo_translate (p->cr, -logical.width / 2.0 / PANGO_SCALE,
                     -logical.height / 2.0 / PANGO_SCALE);
  set_color (p->cr, color);
  pango_cairo_show_layout (p->cr, layout);
  cairo_restore (p->cr);
}

static void
count_badge (Painter *p,
             double   x,
             double   y,
             double   height,
             guint    count)
{
  char digits[16];
  g_autoptr(PangoLayout) layout = NULL;
  PangoRectangle ink, logical;
  double width;

  g_snprintf (digits, sizeof digits, "%u", count);
  layout = dj_diagram_text_layout_new (p->context, digits, FALSE, height * 0.62,
                                       PANGO_WEIGHT_BOLD);
  pango_layout_get_extents (layout, &ink, &logical);
  width = MAX (height, logical.width / (double) PANGO_SCALE + height * 0.55);
  rounded_rect (p->cr, x - width / 2, y - height / 2, width, height, height / 2);
  set_color (p->cr, &p->s.badge);
  cairo_fill (p->cr);

  cairo_save (p->cr);
  cairo_translate (p->cr, x - logical.width / 2.0 / PANGO_SCALE,
                   y - (ink.y + ink.height / 2.0) / PANGO_SCALE);
  set_color (p->cr, &p->s.badge_fg);
  pango_cairo_show_layout (p->cr, layout);
  cairo_restore (p->cr);
}

/* Seeds -------------------------------------------------------------------- */

static Rgba
tinted (const Rgba *c,
        double      t)
{
  return (Rgba) { CLAMP (c->r * (1 + t), 0, 1), CLAMP (c->g * (1 + t), 0, 1),
                  CLAMP (c->b * (1 + t), 0, 1), c->a };
}

static void
seed_shadow (Painter         *p,
             const DjSeedPlace *s,
             double           d)
{
  cairo_t *cr = p->cr;
  double a = DJ_SEED_LENGTH * d / 2, b = DJ_SEED_WIDTH * d / 2;

  cairo_save (cr);
  cairo_translate (cr, s->x + 0.10 * a, s->y + 0.35 * b);
  cairo_rotate (cr, s->angle * G_PI / 180);
  cairo_scale (cr, a * 1.04, b * 1.04);
  circle (cr, 0, 0, 1);
  cairo_restore (cr);
  set_color (cr, &p->s.seed_shadow);
  cairo_fill (cr);
}

static void
seed_body (Painter         *p,
           const DjSeedPlace *s,
           double           d)
{
  cairo_t *cr = p->cr;
  double a = DJ_SEED_LENGTH * d / 2, b = DJ_SEED_WIDTH * d / 2;
  double t = s->tint * 0.07 + s->layer * 0.03;
  double rad = -s->angle * G_PI / 180;
  double hx = -0.35 * a, hy = -0.45 * b;
  double lx = hx * cos (rad) - hy * sin (rad), ly = hx * sin (rad) + hy * cos (rad);
  cairo_pattern_t *pattern;
  Rgba light = tinted (&p->s.seed_light, t), base = tinted (&p->s.seed, t);
  Rgba dark = tinted (&p->s.seed_dark, t);

  cairo_save (cr);
  cairo_translate (cr, s->x, s->y);
  cairo_rotate (cr, s->angle * G_PI / 180);
  cairo_save (cr);
  cairo_scale (cr, a, b);
  circle (cr, 0, 0, 1);
  cairo_restore (cr);
  /* Lit from the top left whatever the seed's turn. */
  pattern = cairo_pattern_create_radial (lx, ly, 0, lx, ly, 1.7 * a);
  add_stop (pattern, 0, &light);
  add_stop (pattern, 0.5, &base);
  add_stop (pattern, 1, &dark);
  cairo_set_source (cr, pattern);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
  cairo_restore (cr);
}

static void
seed_pile (Painter *p,
           double   x,
           double   y,
           double   d,
           guint    count)
{
  guint k = 0;

  cairo_save (p->cr);
  cairo_translate (p->cr, x, y);
  while (k < count)
    {
      DjSeedPlace first;
      guint end;

      dj_seed_place (k, d, &first);
      for (end = k; end < count; end++)
        {
          DjSeedPlace s;

          dj_seed_place (end, d, &s);
          if (s.layer != first.layer)
            break;
          seed_shadow (p, &s, d);
        }
      for (guint i = k; i < end; i++)
        {
          DjSeedPlace s;

          dj_seed_place (i, d, &s);
          seed_body (p, &s, d);
        }
      k = end;
    }
  cairo_restore (p->cr);
}

/* Seeds settled in a store's tray, rows from the bottom up. */
static void
seed_heap (Painter *p,
           double   x,
           double   y,
           double   w,
           double   h,
           double   d,
           guint    count)
{
  double step_x = DJ_SEED_LENGTH * d * 0.95, step_y = DJ_SEED_WIDTH * d * 0.9;
  guint columns = MAX (1, (guint) floor ((w - step_x * 0.5) / step_x));
  double margin = (w - columns * step_x) / 2;

  for (int pass = 0; pass < 2; pass++)
    for (guint k = 0; k < count; k++)
      {
        guint32 hash = dj_seed_hash (k + 101);
        guint row = k / columns, col = k % columns;
        DjSeedPlace s;

        s.x = x + margin + (col + 0.5 + (row % 2 ? 0.25 : -0.25)) * step_x +
              ((double) (hash % 100) / 100.0 - 0.5) * 0.25 * step_x;
        s.y = y + h - (row + 0.6) * step_y +
              ((double) ((hash >> 8) % 100) / 100.0 - 0.5) * 0.3 * step_y;
        s.angle = (double) (hash % 50) - 25.0 + (row % 2 ? 180 : 0);
        s.tint = ((double) ((hash >> 16) % 1000) / 1000.0) * 2 - 1;
        s.layer = 0;
        if (pass == 0)
          seed_shadow (p, &s, d);
        else
          seed_body (p, &s, d);
      }
}

/* The board ---------------------------------------------------------------- */

static void
wood_draw (Painter *p)
{
  cairo_t *cr = p->cr;
  const Geometry *g = &p->g;
  double u = g->u, r = 0.3 * u;
  cairo_pattern_t *pattern;

  soft_shadow (cr, g->bx, g->by + 0.04 * u, g->bw, g->bh, r, 0.12 * u,
               &(Rgba) { 0, 0, 0, p->s.shadow.a / 2.5 });

  cairo_save (cr);
  rounded_rect (cr, g->bx, g->by, g->bw, g->bh, r);
  cairo_clip (cr);
  pattern = cairo_pattern_create_linear (0, g->by, 0, g->by + g->bh);
  add_stop (pattern, 0, &p->s.wood_light);
  add_stop (pattern, 0.55, &p->s.wood);
  add_stop (pattern, 1, &p->s.wood_dark);
  cairo_set_source (cr, pattern);
  cairo_paint (cr);
  cairo_pattern_destroy (pattern);

  /* A faint grain along the board: two stripe patterns of different pitch
   * and slant, so it does not look ruled. */
  for (int i = 0; i < 2; i++)
    {
      double pitch = (i == 0 ? 0.11 : 0.29) * u, slant = (i == 0 ? 0.004 : -0.003) * u;
      Rgba clear = with_alpha (p->s.grain, 0);

      pattern = cairo_pattern_create_linear (g->bx, g->by, g->bx + slant, g->by + pitch);
      cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
      add_stop (pattern, 0, &clear);
      add_stop (pattern, 0.45, &p->s.grain);
      add_stop (pattern, 0.55, &clear);
      add_stop (pattern, 1, &clear);
      cairo_set_source (cr, pattern);
      cairo_paint (cr);
      cairo_pattern_destroy (pattern);
    }
  /* The lit top edge. */
  cairo_move_to (cr, g->bx, g->by + 0.5);
  cairo_line_to (cr, g->bx + g->bw, g->by + 0.5);
  cairo_set_line_width (cr, MAX (1, u / 80));
  set_color (cr, &p->s.highlight);
  cairo_stroke (cr);
  cairo_restore (cr);

  rounded_rect (cr, g->bx + 0.5, g->by + 0.5, g->bw - 1, g->bh - 1, r);
  cairo_set_line_width (cr, MAX (1, u / 80));
  set_color (cr, &p->s.wood_edge);
  cairo_stroke (cr);
}

static void
tray_rect (const Geometry *g,
           DjSide          side,
           double         *x,
           double         *y,
           double         *w,
           double         *h)
{
  double inset = (1 - PIT_D) / 2 * g->u;
  double col = g->stores_x[store_is_right (g, side)];

  *x = col + inset * 0.5;
  *y = g->cy + inset;
  *w = STORE_W * g->u - inset;
  *h = 2 * g->u - 2 * inset;
}

static void
tray_draw (Painter *p,
           DjSide   side)
{
  cairo_t *cr = p->cr;
  double u = p->g.u, x, y, w, h, r;
  cairo_pattern_t *pattern;

  tray_rect (&p->g, side, &x, &y, &w, &h);
  r = MIN (w / 2, 0.45 * u);
  /* The rim's highlight below, the tray, its inner shadow from the top. */
  rounded_rect (cr, x, y + MAX (1, u / 80), w, h, r);
  set_color (cr, &p->s.tray_rim);
  cairo_fill (cr);
  rounded_rect (cr, x, y, w, h, r);
  set_color (cr, &p->s.tray);
  cairo_fill_preserve (cr);
  cairo_save (cr);
  cairo_clip (cr);
  pattern = cairo_pattern_create_linear (0, y, 0, y + 0.16 * u);
  add_stop (pattern, 0, &p->s.tray_shadow);
  add_stop (pattern, 1, &(Rgba) { 0, 0, 0, 0 });
  cairo_set_source (cr, pattern);
  cairo_paint (cr);
  cairo_pattern_destroy (pattern);
  cairo_restore (cr);
}

static gboolean
game_over (const DjDiagram *d)
{
  DjMoves moves;

  dj_moves_generate (&d->rules, &d->position, &moves);
  return moves.end != DJ_END_NONE;
}

static void
mover_band_draw (Painter         *p,
                 const DjDiagram *d)
{
  const Geometry *g = &p->g;
  guint row = side_row (g, d->position.to_move);
  double u = g->u;

  rounded_rect (p->cr, g->cx - 0.08 * u,
                row == 0 ? g->by + PAD * u * 0.5 : g->cy + u,
                DJ_ROW_PITS * u + 0.16 * u, u + STRIP * u + PAD * u * 0.5, 0.5 * u);
  set_color (p->cr, &p->s.mover_band);
  cairo_fill (p->cr);
}

static void
letters_draw (Painter         *p,
              const DjDiagram *d,
              gboolean         over)
{
  const Geometry *g = &p->g;
  double u = g->u;

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      guint column, row;
      double x, y;
      gboolean mine = !over && DJ_PIT_OWNER (pit) == d->position.to_move;

      pit_cell (g, pit, &column, &row);
      pit_center (g, pit, &x, &y);
      y = row == 0 ? g->cy - STRIP * u * 0.5 : g->cy + 2 * u + STRIP * u * 0.5;
      text_centered (p, dj_move_to_string (pit), x, y, 0.22 * u,
                     mine ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL,
                     mine ? &p->s.label : &p->s.label_dim, 0, FALSE);
    }
}

static void
stores_draw (Painter         *p,
             const DjDiagram *d,
             gboolean         over)
{
  const Geometry *g = &p->g;
  double u = g->u;

  for (DjSide side = DJ_SOUTH; side <= DJ_NORTH; side++)
    {
      double x, y, w, h, hx, hy, hw, hh, badge_y;
      double col = g->stores_x[store_is_right (g, side)];
      double sy = side_row (g, side) == 0 ? g->by + PAD * u : g->cy + 2 * u;
      double cx = col + STORE_W * u / 2, cy = sy + STRIP * u / 2;
      guint captured = d->position.captured[side];
      const char *name = side == DJ_SOUTH ? C_("player", "South") : C_("player", "North");

      tray_draw (p, side);
      tray_rect (g, side, &x, &y, &w, &h);
      hx = x + 0.06 * u;
      hy = y + 0.08 * u;
      hw = w - 0.12 * u;
      hh = h - 0.16 * u;
      if (side_row (g, side) == 0)
        {
          /* The count badge's end of the tray is kept clear of seeds. */
          hy += 0.3 * u;
          hh -= 0.3 * u;
          badge_y = y + 0.2 * u;
        }
      else
        {
          hh -= 0.3 * u;
          badge_y = y + h - 0.2 * u;
        }
      seed_heap (p, hx, hy, hw, hh, PIT_D * u, captured);
      count_badge (p, cx, badge_y, 0.25 * u, captured);

      if (side == d->position.to_move && !over)
        {
          double pw = STORE_W * u - 0.08 * u;

          rounded_rect (p->cr, col + 0.04 * u, cy - 0.14 * u, pw, 0.28 * u, 0.14 * u);
          set_color (p->cr, &p->s.accent);
          cairo_fill (p->cr);
          text_centered (p, name, cx, cy, 0.17 * u, PANGO_WEIGHT_BOLD, &p->s.accent_fg,
                         pw - 0.12 * u, FALSE);
        }
      else
        text_centered (p, name, cx, cy, 0.17 * u, PANGO_WEIGHT_NORMAL, &p->s.label,
                       STORE_W * u - 0.12 * u, FALSE);
    }
}

/* A pit's hole as the stylesheet draws it: a gradient, the shadow of its
 * upper edge inside and a lit lip below. */
static void
hole_draw (Painter *p,
           double   x,
           double   y,
           double   d)
{
  cairo_t *cr = p->cr;
  double r = d / 2, off = 0.045 * d, blur = 0.1 * d;
  cairo_pattern_t *pattern;
  Rgba lip = with_alpha (rgb (0xffffff), 0.3);
  Rgba inner = shade (p->s.pit, 0.9), outer = shade (p->s.pit, 1.06);

  circle (cr, x, y + MAX (0.5, d / 70), r);
  set_color (cr, &lip);
  cairo_fill (cr);

  circle (cr, x, y, r);
  pattern = cairo_pattern_create_radial (x, y - 0.1 * d, 0, x, y - 0.1 * d, r);
  add_stop (pattern, 0, &inner);
  add_stop (pattern, 1, &outer);
  cairo_set_source (cr, pattern);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (pattern);

  pattern = cairo_pattern_create_radial (x, y + off, MAX (0, r - blur), x, y + off, r + off);
  cairo_pattern_add_color_stop_rgba (pattern, 0, 0, 0, 0, 0);
  cairo_pattern_add_color_stop_rgba (pattern, 1, 0, 0, 0, 0.5);
  cairo_set_source (cr, pattern);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
}

/* A line in @color over a wider dark one, as the board draws marks, so
 * that they stand out on wood and seeds alike. */
static void
stroke_with_halo (Painter    *p,
                  const Rgba *color,
                  double      width)
{
  cairo_t *cr = p->cr;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  set_color (cr, &p->s.mark_halo);
  cairo_set_line_width (cr, width * 1.8);
  cairo_stroke_preserve (cr);
  set_color (cr, color);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* A cross, triangle or square over the seeds, or a label in a badge. */
static void
mark_draw (Painter         *p,
           const DjPitMark *mark,
           double           cx,
           double           cy,
           double           d)
{
  cairo_t *cr = p->cr;
  const Rgba *color = &p->s.markers[mark->colour];

  switch (mark->shape)
    {
    case DJ_MARK_CROSS:
    case DJ_MARK_TRIANGLE:
    case DJ_MARK_SQUARE:
      dj_mark_path (cr, mark->shape, cx, cy, d);
      break;
    case DJ_MARK_LABEL:
      {
        g_autoptr(PangoLayout) layout = dj_diagram_text_layout_new (p->context, mark->label, FALSE,
                                                                    d * 0.3, PANGO_WEIGHT_BOLD);
        PangoRectangle ink, logical;
        double bh = d * 0.42, bw, tw, scale = 1;
        Rgba fg = mark->colour == DJ_MARKER_YELLOW ? rgb (0x241f31) : rgb (0xffffff);

        pango_layout_get_extents (layout, &ink, &logical);
        tw = logical.width / (double) PANGO_SCALE;
        if (tw > d * 0.8)
          scale = d * 0.8 / tw;
        bw = MAX (bh, tw * scale + d * 0.16);
        rounded_rect (cr, cx - bw / 2 - 1, cy - bh / 2 - 1, bw + 2, bh + 2, bh / 2 + 1);
        set_color (cr, &p->s.mark_halo);
        cairo_fill (cr);
        rounded_rect (cr, cx - bw / 2, cy - bh / 2, bw, bh, bh / 2);
        set_color (cr, color);
        cairo_fill (cr);
        cairo_save (cr);
        cairo_translate (cr, cx, cy);
        cairo_scale (cr, scale, scale);
        cairo_translate (cr, -tw / 2, -(ink.y + ink.height / 2.0) / PANGO_SCALE);
        set_color (cr, &fg);
        pango_cairo_show_layout (cr, layout);
        cairo_restore (cr);
      }
      return;
    default:
      return;
    }
  stroke_with_halo (p, color, MAX (1.0, d * 0.085));
}

/* An arrow from pit to pit: one outline (shaft and head), a dark rim
 * under a colour a little transparent, so the seeds under it still show. */
static void
arrow_draw (Painter       *p,
            const DjArrow *arrow)
{
  cairo_t *cr = p->cr;
  double u = p->g.u, fx, fy, tx, ty;
  Rgba color = with_alpha (p->s.markers[arrow->colour], 0.85);
  Rgba halo = with_alpha (p->s.mark_halo, 0.85);

  pit_center (&p->g, arrow->from, &fx, &fy);
  pit_center (&p->g, arrow->to, &tx, &ty);
  if (!dj_arrow_path (cr, fx, fy, tx, ty, u))
    return;
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, MAX (1.0, 0.045 * u));
  set_color (cr, &halo);
  cairo_stroke_preserve (cr);
  set_color (cr, &color);
  cairo_fill (cr);
}

/* Everything marked on the board: the one place that draws marks.  Rings
 * go under the seeds (@over FALSE), other shapes and arrows over them. */
static void
marks_draw (Painter              *p,
            const DjDiagramMarks *marks,
            gboolean              over)
{
  const DjMarkup *m = &marks->markup;
  double d = PIT_D * p->g.u;

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      const DjPitMark *mark = &m->pits[pit];
      double x, y;

      if (mark->shape == DJ_MARK_NONE || mark->shape > DJ_MARK_SHAPE_LAST ||
          mark->colour == DJ_MARKER_NONE || mark->colour > DJ_MARKER_LAST ||
          (mark->shape == DJ_MARK_CIRCLE) == over)
        continue;
      pit_center (&p->g, pit, &x, &y);
      if (mark->shape == DJ_MARK_CIRCLE)
        ring (p->cr, x, y, d * 0.47, d * 0.06, &p->s.markers[mark->colour]);
      else
        mark_draw (p, mark, x, y, d);
    }
  if (over)
    for (guint i = 0; i < MIN (m->n_arrows, DJ_MARKUP_MAX_ARROWS); i++)
      if (m->arrows[i].from < DJ_N_PITS && m->arrows[i].to < DJ_N_PITS &&
          m->arrows[i].colour > DJ_MARKER_NONE && m->arrows[i].colour <= DJ_MARKER_LAST)
        arrow_draw (p, &m->arrows[i]);
}

static void
pits_draw (Painter         *p,
           const DjDiagram *d)
{
  double pd = PIT_D * p->g.u;

  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      double x, y;

      pit_center (&p->g, pit, &x, &y);
      hole_draw (p, x, y, pd);
    }
  marks_draw (p, &d->marks, FALSE);
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      double x, y;
      guint count = d->position.pits[pit];

      pit_center (&p->g, pit, &x, &y);
      seed_pile (p, x, y, pd, count);
      if ((DjMove) pit == d->last_move)
        ring (p->cr, x, y, pd * 0.56, pd * 0.06, &p->s.last_move);
    }
  marks_draw (p, &d->marks, TRUE);
  /* Every count is shown, over the marks: a diagram is read, not played. */
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      double x, y;

      pit_center (&p->g, pit, &x, &y);
      count_badge (p, x + pd * 0.36, y + pd * 0.38, pd * 0.25, d->position.pits[pit]);
    }
}

/* A caption takes at most three lines, whatever the players' names: the
 * rest is left out with an ellipsis. */
static void
caption_layout_limit (PangoLayout *layout,
                      double       width)
{
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_height (layout, -3);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
}

double
dj_diagram_get_height (const DjDiagram *diagram,
                       double           width)
{
  double u = width / TOTAL_W, height = TOTAL_H * u;

  g_return_val_if_fail (diagram != NULL, 0);

  if (diagram->caption != NULL)
    {
      PangoContext *context = dj_diagram_text_context_new ();
      PangoLayout *layout = dj_diagram_text_layout_new (context, diagram->caption, FALSE,
                                                        CAPTION_SIZE * u, PANGO_WEIGHT_NORMAL);
      PangoRectangle logical;

      caption_layout_limit (layout, width);
      pango_layout_get_extents (layout, NULL, &logical);
      height += CAPTION_GAP * u + logical.height / (double) PANGO_SCALE;
      g_object_unref (layout);
      g_object_unref (context);
    }
  return ceil (height);
}

void
dj_diagram_draw (const DjDiagram *diagram,
                 cairo_t         *cr,
                 double           width)
{
  PangoContext *context;
  Painter p;
  gboolean over;

  g_return_if_fail (diagram != NULL && cr != NULL);

  if (width <= 0)
    return;
  context = dj_diagram_text_context_new ();
  p.cr = cr;
  p.context = context;
  geometry_init (&p.g, width, diagram->flipped);
  style_init (&p.s);
  over = game_over (diagram);

  cairo_save (cr);
  wood_draw (&p);
  if (!over)
    mover_band_draw (&p, diagram);
  letters_draw (&p, diagram, over);
  stores_draw (&p, diagram, over);
  pits_draw (&p, diagram);

  if (diagram->caption != NULL)
    {
      g_autoptr(PangoLayout) layout = dj_diagram_text_layout_new (context, diagram->caption,
                                                                  FALSE, CAPTION_SIZE * p.g.u,
                                                                  PANGO_WEIGHT_NORMAL);

      caption_layout_limit (layout, width);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      cairo_move_to (cr, 0, TOTAL_H * p.g.u + CAPTION_GAP * p.g.u);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
      pango_cairo_show_layout (cr, layout);
    }
  cairo_restore (cr);
  g_object_unref (context);
}

/* Files --------------------------------------------------------------------- */

gboolean
dj_diagram_format_from_name (const char       *name,
                             DjDiagramFormat  *format,
                             GError          **error)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  if (g_str_has_suffix (lower, ".png"))
    *format = DJ_DIAGRAM_FORMAT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = DJ_DIAGRAM_FORMAT_SVG;
  else
    {
      g_set_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_FORMAT,
                   _("%s: unknown picture type: use .png or .svg"), name);
      return FALSE;
    }
  return TRUE;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* @text without its invisible direction marks when it has no right-to-left
 * letters: they order mixed text on screen, but a file's title read by
 * other programs should not carry them needlessly (takes @text). */
static char *
plain_title (char *text)
{
  g_autoptr(GString) out = NULL;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      GUnicodeScript script = g_unichar_get_script (g_utf8_get_char (p));

      if (script == G_UNICODE_SCRIPT_ARABIC || script == G_UNICODE_SCRIPT_HEBREW ||
          script == G_UNICODE_SCRIPT_SYRIAC || script == G_UNICODE_SCRIPT_THAANA ||
          script == G_UNICODE_SCRIPT_NKO)
        return text;
    }
  out = g_string_new (NULL);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c >= 0x2066 && c <= 0x2069) || (c >= 0x202a && c <= 0x202e) || c == 0x200e ||
          c == 0x200f || c == 0x061c)
        continue;
      g_string_append_unichar (out, c);
    }
  g_free (text);
  return g_string_free (g_steal_pointer (&out), FALSE);
}


/* What the SVG says in words: a title and every pit, for screen readers and
 * for programs that read the position back. */
static char *
svg_description (const DjDiagram *diagram)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const DjPosition *pos = &diagram->position;
  g_autofree char *text = dj_position_to_string (pos);
  g_autofree char *title = NULL;
  g_autofree char *escaped = NULL;

  title = diagram->caption != NULL
          ? g_strdup (diagram->caption)
          /* Translators: the title of an exported picture of the board */
          : g_strdup_printf (_("%s position"), dj_variant_display_name (diagram->rules.variant));
  title = plain_title (g_steal_pointer (&title));
  escaped = g_markup_escape_text (title, -1);
  g_string_append_printf (out, "<title>%s</title>\n<desc>", escaped);
  for (DjSide side = DJ_NORTH; ; side = DJ_SOUTH)
    {
      g_string_append_printf (out, "%s:", side == DJ_SOUTH ? C_("player", "South")
                                                          : C_("player", "North"));
      for (guint k = 0; k < DJ_ROW_PITS; k++)
        {
          guint pit = DJ_ROW_START (side) + k;

          g_string_append_printf (out, " %s %u", dj_move_to_string (pit), pos->pits[pit]);
        }
      /* Translators: the seeds a side has captured, in a picture's description */
      g_string_append_printf (out, _("; captured %u. "), pos->captured[side]);
      if (side == DJ_SOUTH)
        break;
    }
  g_string_append (out, pos->to_move == DJ_SOUTH ? _("South to move") : _("North to move"));
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      g_autofree char *said = dj_markup_describe_pit (&diagram->marks.markup, pit);
      g_autofree char *escaped_said = NULL;

      if (said == NULL)
        continue;
      escaped_said = g_markup_escape_text (said, -1);
      g_string_append_printf (out, ". %s: %s", dj_move_to_string (pit), escaped_said);
    }
  g_string_append (out, "</desc>\n");
  g_string_append_printf (out, "<metadata><position xmlns=\"http://djenon.org/ns/diagram/1\""
                          " variant=\"%s\" last-move=\"%s\">",
                          dj_variant_to_string (diagram->rules.variant),
                          diagram->last_move >= 0 && diagram->last_move <= DJ_PASS
                          ? dj_move_to_string (diagram->last_move) : "");
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    g_string_append_printf (out, "<pit name=\"%s\" seeds=\"%u\"/>", dj_move_to_string (pit),
                            pos->pits[pit]);
  for (DjSide side = DJ_SOUTH; side <= DJ_NORTH; side++)
    g_string_append_printf (out, "<store side=\"%s\" seeds=\"%u\"/>",
                            side == DJ_SOUTH ? "south" : "north", pos->captured[side]);
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      const DjPitMark *mark = &diagram->marks.markup.pits[pit];
      g_autofree char *label = NULL;

      if (mark->shape == DJ_MARK_NONE || mark->shape > DJ_MARK_SHAPE_LAST ||
          mark->colour == DJ_MARKER_NONE || mark->colour > DJ_MARKER_LAST)
        continue;
      label = g_markup_escape_text (mark->label, -1);
      g_string_append_printf (out, "<mark pit=\"%s\" shape=\"%s\" colour=\"%s\"%s%s%s/>",
                              dj_move_to_string (pit), dj_mark_shape_to_string (mark->shape),
                              dj_marker_to_string (mark->colour),
                              mark->shape == DJ_MARK_LABEL ? " label=\"" : "",
                              mark->shape == DJ_MARK_LABEL ? label : "",
                              mark->shape == DJ_MARK_LABEL ? "\"" : "");
    }
  for (guint i = 0; i < MIN (diagram->marks.markup.n_arrows, DJ_MARKUP_MAX_ARROWS); i++)
    {
      const DjArrow *a = &diagram->marks.markup.arrows[i];

      if (a->from < DJ_N_PITS && a->to < DJ_N_PITS && a->colour > DJ_MARKER_NONE &&
          a->colour <= DJ_MARKER_LAST)
        g_string_append_printf (out, "<arrow from=\"%s\" to=\"%s\" colour=\"%s\"/>",
                                dj_move_to_string (a->from), dj_move_to_string (a->to),
                                dj_marker_to_string (a->colour));
    }
  g_string_append_printf (out, "<text>%s</text></position></metadata>\n", text);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

GBytes *
dj_diagram_render (const DjDiagram  *diagram,
                   DjDiagramFormat   format,
                   int               width,
                   GError          **error)
{
  GByteArray *bytes;
  cairo_surface_t *surface;
  cairo_t *cr;
  int height;
  cairo_status_t status;

  g_return_val_if_fail (diagram != NULL, NULL);

  if (width < DJ_DIAGRAM_MIN_SIZE || width > DJ_DIAGRAM_MAX_SIZE)
    {
      g_set_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_SIZE,
                   _("A picture is %d to %d pixels wide, not %d"),
                   DJ_DIAGRAM_MIN_SIZE, DJ_DIAGRAM_MAX_SIZE, width);
      return NULL;
    }
  height = (int) dj_diagram_get_height (diagram, width);
  bytes = g_byte_array_new ();
  if (format == DJ_DIAGRAM_FORMAT_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
      cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
      /* A picture @width pixels wide, as the PNG would be. */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
    }
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  dj_diagram_draw (diagram, cr, width);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && format == DJ_DIAGRAM_FORMAT_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_WRITE,
                   _("Cannot draw the picture: %s"), cairo_status_to_string (status));
      g_byte_array_unref (bytes);
      return NULL;
    }
  if (format == DJ_DIAGRAM_FORMAT_SVG)
    {
      /* The description goes right after the root element's start tag. */
      const char *data = (const char *) bytes->data;
      const char *root = g_strstr_len (data, bytes->len, "<svg");
      const char *end = root != NULL ? memchr (root, '>', bytes->len - (root - data)) : NULL;

      if (end != NULL)
        {
          g_autofree char *desc = svg_description (diagram);
          GByteArray *with = g_byte_array_sized_new (bytes->len + strlen (desc) + 1);
          gsize head = end + 1 - data;

          g_byte_array_append (with, bytes->data, head);
          g_byte_array_append (with, (const guint8 *) "\n", 1);
          g_byte_array_append (with, (const guint8 *) desc, strlen (desc));
          g_byte_array_append (with, bytes->data + head, bytes->len - head);
          g_byte_array_unref (bytes);
          bytes = with;
        }
    }
  return g_byte_array_free_to_bytes (bytes);
}

gboolean
dj_diagram_save (const DjDiagram  *diagram,
                 GFile            *file,
                 DjDiagramFormat   format,
                 int               width,
                 DjSafeSaveFlags   flags,
                 GError          **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize len;
  const void *data;

  g_return_val_if_fail (diagram != NULL && G_IS_FILE (file), FALSE);

  bytes = dj_diagram_render (diagram, format, width, error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &len);
  return dj_safe_save_bytes (file, flags, data, len, NULL, error);
}
