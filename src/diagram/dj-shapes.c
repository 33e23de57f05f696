/* dj-shapes.c: the geometry the board and every picture of a position share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dj-shapes.h"

#define GOLDEN_ANGLE 2.39996323f

guint32
dj_seed_hash (guint32 k)
{
  k ^= k >> 16;
  k *= 0x7feb352du;
  k ^= k >> 15;
  k *= 0x846ca68bu;
  k ^= k >> 16;
  return k;
}

void
dj_seed_place (guint        k,
               float        d,
               DjSeedPlace *place)
{
  guint layer = 0, first = 0, cap = 12, j;
  guint32 h = dj_seed_hash (k + 1);
  float c, r, theta;

  while (k >= first + cap)
    {
      first += cap;
      layer++;
      cap = MAX (3, 12 - 3 * (int) layer);
    }
  j = k - first;
  c = 0.094f * d * MAX (0.28f, 1.0f - 0.24f * layer);
  r = c * sqrtf (j + 0.5f);
  theta = j * GOLDEN_ANGLE + layer * 1.3f;
  place->x = r * cosf (theta);
  place->y = r * sinf (theta) - 0.022f * d * MIN (layer, 4);
  place->angle = (float) (h % 180);
  place->tint = ((float) ((h >> 8) % 1000) / 1000.0f) * 2 - 1;
  place->layer = layer;
}

void
dj_mark_path (cairo_t     *cr,
              DjMarkShape  shape,
              double       cx,
              double       cy,
              double       d)
{
  switch (shape)
    {
    case DJ_MARK_CROSS:
      {
        double r = d * 0.24;

        cairo_move_to (cr, cx - r, cy - r);
        cairo_line_to (cr, cx + r, cy + r);
        cairo_move_to (cr, cx + r, cy - r);
        cairo_line_to (cr, cx - r, cy + r);
      }
      break;
    case DJ_MARK_TRIANGLE:
      {
        /* Equilateral, its centre on the pit's. */
        double r = d * 0.3;

        cairo_move_to (cr, cx, cy - r);
        cairo_line_to (cr, cx + r * 0.866, cy + r * 0.5);
        cairo_line_to (cr, cx - r * 0.866, cy + r * 0.5);
        cairo_close_path (cr);
      }
      break;
    case DJ_MARK_SQUARE:
      {
        double r = d * 0.22;

        cairo_rectangle (cr, cx - r, cy - r, 2 * r, 2 * r);
      }
      break;
    default:
      break;
    }
}

gboolean
dj_arrow_path (cairo_t *cr,
               double   fx,
               double   fy,
               double   tx,
               double   ty,
               double   u)
{
  double dx = tx - fx, dy = ty - fy;
  double len = sqrt (dx * dx + dy * dy);
  double ux, uy, nx, ny, sx, sy, ex, ey, bx, by, head, sw = 0.13 * u, hw = 0.42 * u;

  if (len < u * 0.5)
    return FALSE;
  ux = dx / len;
  uy = dy / len;
  nx = -uy;
  ny = ux;
  sx = fx + ux * 0.2 * u;
  sy = fy + uy * 0.2 * u;
  /* The head stops short of the centre, so the seeds under it still show. */
  ex = tx - ux * 0.2 * u;
  ey = ty - uy * 0.2 * u;
  head = MIN (0.36 * u, (len - 0.4 * u) * 0.6);
  bx = ex - ux * head;
  by = ey - uy * head;
  cairo_new_path (cr);
  cairo_move_to (cr, sx + nx * sw / 2, sy + ny * sw / 2);
  cairo_line_to (cr, bx + nx * sw / 2, by + ny * sw / 2);
  cairo_line_to (cr, bx + nx * hw / 2, by + ny * hw / 2);
  cairo_line_to (cr, ex, ey);
  cairo_line_to (cr, bx - nx * hw / 2, by - ny * hw / 2);
  cairo_line_to (cr, bx - nx * sw / 2, by - ny * sw / 2);
  cairo_line_to (cr, sx - nx * sw / 2, sy - ny * sw / 2);
  cairo_close_path (cr);
  return TRUE;
}
