/* dj-picture-cache.c: parts of the board drawn once, then reused as pictures
 *
 * A pile of seeds is a hundred rotated, clipped gradients and a pit's hole a
 * blurred inset shadow; drawing them costs milliseconds a frame with the
 * cairo renderer, copying their picture almost nothing.  What a node draws,
 * written out value by value, is its key: equal values, equal pixels,
 * whatever the node holds, so nothing here has to know what changes a
 * pit's look.
 *
 * What a picture is depends on the renderer.  For GPU renderers it is a
 * texture, uploaded once.  GTK 4.8's cairo renderer, though, converts a
 * texture's every pixel through floating point each time it draws one (20 M
 * instructions a frame for the board's pictures, most of a frame's paint),
 * so for it a picture is a cairo image, painted by a cairo node.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dj-picture-cache.h"
#include "dj-toolkit.h"

/* Beyond this many bytes of pictures, start again: sizes seen while the
 * window was being resized are not worth keeping. */
#define MAX_BYTES   (48u * 1024 * 1024)
/* Nodes bigger than this are drawn as they are. */
#define MAX_SIDE    4096

typedef struct
{
  GskRenderNode   *node;      /* a texture node, or a cairo node painting @image */
  cairo_surface_t *image;     /* kept while the node paints it: destroyed, cairo
                               * would copy it into the node's recording */
  graphene_rect_t  area;      /* what it covers, in the node's coordinates */
  gsize            bytes;
} Picture;

struct _DjPictureCache
{
  gatomicrefcount  ref_count;
  GHashTable      *pictures;  /* GBytes (scale + serialized node) → Picture */
  gsize            bytes;
  guint            rendered;
  guint            reused;
};

static void
picture_free (gpointer data)
{
  Picture *picture = data;

  g_clear_pointer (&picture->node, gsk_render_node_unref);
  g_clear_pointer (&picture->image, cairo_surface_destroy);
  g_free (picture);
}

DjPictureCache *
dj_picture_cache_new (void)
{
  DjPictureCache *self = g_new0 (DjPictureCache, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->pictures = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                          (GDestroyNotify) g_bytes_unref, picture_free);
  return self;
}

DjPictureCache *
dj_picture_cache_ref (DjPictureCache *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
dj_picture_cache_unref (DjPictureCache *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_hash_table_unref (self->pictures);
  g_free (self);
}

void
dj_picture_cache_clear (DjPictureCache *self)
{
  g_return_if_fail (self != NULL);

  g_hash_table_remove_all (self->pictures);
  self->bytes = 0;
}

void
dj_picture_cache_get_stats (DjPictureCache *self,
                            guint          *rendered,
                            guint          *reused)
{
  g_return_if_fail (self != NULL);

  if (rendered != NULL)
    *rendered = self->rendered;
  if (reused != NULL)
    *reused = self->reused;
}

static inline void
put (GByteArray    *key,
     gconstpointer  data,
     gsize          size)
{
  g_byte_array_append (key, data, size);
}

#define PUT(key, value) put ((key), &(value), sizeof (value))

static void
put_stops (GByteArray         *key,
           const GskColorStop *stops,
           gsize               n)
{
  PUT (key, n);
  put (key, stops, n * sizeof *stops);
}

static void
put_shadow (GByteArray           *key,
            const GskRoundedRect *outline,
            const GdkRGBA        *color,
            float                 dx,
            float                 dy,
            float                 spread,
            float                 blur)
{
  float f[4] = { dx, dy, spread, blur };

  put (key, outline, sizeof *outline);
  put (key, color, sizeof *color);
  put (key, f, sizeof f);
}

/* What @node draws, written out as the values that decide its pixels: a
 * binary serialization, many times cheaper than GTK's text one (which
 * writes every number out in decimals).  Node types the board does not
 * draw with fall back to that text.  Walks the tree with a stack of its
 * own. */
static void
put_node (GByteArray    *key,
          GskRenderNode *root)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      GskRenderNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      GskRenderNodeType type = gsk_render_node_get_node_type (node);
      graphene_rect_t bounds;
      float f[16];

      gsk_render_node_get_bounds (node, &bounds);
      PUT (key, type);
      PUT (key, bounds);
      switch (type)
        {
        case GSK_CONTAINER_NODE:
          {
            guint n = gsk_container_node_get_n_children (node);

            PUT (key, n);
            /* Pushed last to first: written first to last. */
            for (guint i = n; i > 0; i--)
              g_ptr_array_add (stack, gsk_container_node_get_child (node, i - 1));
          }
          break;
        case GSK_COLOR_NODE:
          put (key, gsk_color_node_get_color (node), sizeof (GdkRGBA));
          break;
        case GSK_LINEAR_GRADIENT_NODE:
        case GSK_REPEATING_LINEAR_GRADIENT_NODE:
          put (key, gsk_linear_gradient_node_get_start (node), sizeof (graphene_point_t));
          put (key, gsk_linear_gradient_node_get_end (node), sizeof (graphene_point_t));
          put_stops (key, gsk_linear_gradient_node_get_color_stops (node, NULL),
                     gsk_linear_gradient_node_get_n_color_stops (node));
          break;
        case GSK_RADIAL_GRADIENT_NODE:
        case GSK_REPEATING_RADIAL_GRADIENT_NODE:
          put (key, gsk_radial_gradient_node_get_center (node), sizeof (graphene_point_t));
          f[0] = gsk_radial_gradient_node_get_hradius (node);
          f[1] = gsk_radial_gradient_node_get_vradius (node);
          f[2] = gsk_radial_gradient_node_get_start (node);
          f[3] = gsk_radial_gradient_node_get_end (node);
          put (key, f, 4 * sizeof *f);
          put_stops (key, gsk_radial_gradient_node_get_color_stops (node, NULL),
                     gsk_radial_gradient_node_get_n_color_stops (node));
          break;
        case GSK_CONIC_GRADIENT_NODE:
          put (key, gsk_conic_gradient_node_get_center (node), sizeof (graphene_point_t));
          f[0] = gsk_conic_gradient_node_get_rotation (node);
          PUT (key, f[0]);
          put_stops (key, gsk_conic_gradient_node_get_color_stops (node, NULL),
                     gsk_conic_gradient_node_get_n_color_stops (node));
          break;
        case GSK_BORDER_NODE:
          put (key, gsk_border_node_get_outline (node), sizeof (GskRoundedRect));
          put (key, gsk_border_node_get_widths (node), 4 * sizeof (float));
          put (key, gsk_border_node_get_colors (node), 4 * sizeof (GdkRGBA));
          break;
        case GSK_INSET_SHADOW_NODE:
          put_shadow (key, gsk_inset_shadow_node_get_outline (node),
                      gsk_inset_shadow_node_get_color (node),
                      gsk_inset_shadow_node_get_dx (node), gsk_inset_shadow_node_get_dy (node),
                      gsk_inset_shadow_node_get_spread (node),
                      gsk_inset_shadow_node_get_blur_radius (node));
          break;
        case GSK_OUTSET_SHADOW_NODE:
          put_shadow (key, gsk_outset_shadow_node_get_outline (node),
                      gsk_outset_shadow_node_get_color (node),
                      gsk_outset_shadow_node_get_dx (node), gsk_outset_shadow_node_get_dy (node),
                      gsk_outset_shadow_node_get_spread (node),
                      gsk_outset_shadow_node_get_blur_radius (node));
          break;
        case GSK_TRANSFORM_NODE:
          {
            graphene_matrix_t m;

            gsk_transform_to_matrix (gsk_transform_node_get_transform (node), &m);
            graphene_matrix_to_float (&m, f);
            put (key, f, 16 * sizeof *f);
            g_ptr_array_add (stack, gsk_transform_node_get_child (node));
          }
          break;
        case GSK_OPACITY_NODE:
          f[0] = gsk_opacity_node_get_opacity (node);
          PUT (key, f[0]);
          g_ptr_array_add (stack, gsk_opacity_node_get_child (node));
          break;
        case GSK_COLOR_MATRIX_NODE:
          graphene_matrix_to_float (gsk_color_matrix_node_get_color_matrix (node), f);
          put (key, f, 16 * sizeof *f);
          put (key, gsk_color_matrix_node_get_color_offset (node), sizeof (graphene_vec4_t));
          g_ptr_array_add (stack, gsk_color_matrix_node_get_child (node));
          break;
        case GSK_REPEAT_NODE:
          put (key, gsk_repeat_node_get_child_bounds (node), sizeof (graphene_rect_t));
          g_ptr_array_add (stack, gsk_repeat_node_get_child (node));
          break;
        case GSK_CLIP_NODE:
          put (key, gsk_clip_node_get_clip (node), sizeof (graphene_rect_t));
          g_ptr_array_add (stack, gsk_clip_node_get_child (node));
          break;
        case GSK_ROUNDED_CLIP_NODE:
          put (key, gsk_rounded_clip_node_get_clip (node), sizeof (GskRoundedRect));
          g_ptr_array_add (stack, gsk_rounded_clip_node_get_child (node));
          break;
        case GSK_SHADOW_NODE:
          {
            gsize n = gsk_shadow_node_get_n_shadows (node);

            PUT (key, n);
            for (gsize i = 0; i < n; i++)
              put (key, gsk_shadow_node_get_shadow (node, i), sizeof (GskShadow));
            g_ptr_array_add (stack, gsk_shadow_node_get_child (node));
          }
          break;
        case GSK_BLEND_NODE:
          {
            GskBlendMode mode = gsk_blend_node_get_blend_mode (node);

            PUT (key, mode);
            g_ptr_array_add (stack, gsk_blend_node_get_top_child (node));
            g_ptr_array_add (stack, gsk_blend_node_get_bottom_child (node));
          }
          break;
        case GSK_CROSS_FADE_NODE:
          f[0] = gsk_cross_fade_node_get_progress (node);
          PUT (key, f[0]);
          g_ptr_array_add (stack, gsk_cross_fade_node_get_end_child (node));
          g_ptr_array_add (stack, gsk_cross_fade_node_get_start_child (node));
          break;
        case GSK_BLUR_NODE:
          f[0] = gsk_blur_node_get_radius (node);
          PUT (key, f[0]);
          g_ptr_array_add (stack, gsk_blur_node_get_child (node));
          break;
        case GSK_DEBUG_NODE:
          g_ptr_array_add (stack, gsk_debug_node_get_child (node));
          break;
        case GSK_TEXT_NODE:
          {
            g_autoptr(PangoFontDescription) desc =
              pango_font_describe_with_absolute_size (gsk_text_node_get_font (node));
            g_autofree char *font = pango_font_description_to_string (desc);
            const PangoGlyphInfo *glyphs = gsk_text_node_get_glyphs (node, NULL);
            guint n = gsk_text_node_get_num_glyphs (node);

            put (key, font, strlen (font) + 1);
            put (key, gsk_text_node_get_color (node), sizeof (GdkRGBA));
            put (key, gsk_text_node_get_offset (node), sizeof (graphene_point_t));
            PUT (key, n);
            /* Field by field: the flags' unused bits are not set. */
            for (guint i = 0; i < n; i++)
              {
                gint32 g[5] = { glyphs[i].glyph, glyphs[i].geometry.width,
                                glyphs[i].geometry.x_offset, glyphs[i].geometry.y_offset,
                                glyphs[i].attr.is_color };

                put (key, g, sizeof g);
              }
          }
          break;
        case GSK_NOT_A_RENDER_NODE:
        case GSK_CAIRO_NODE:
        case GSK_TEXTURE_NODE:
        case GSK_GL_SHADER_NODE:
        default:
          {
            /* Pixels the board never keys on: GTK's text, whole. */
            g_autoptr(GBytes) text = gsk_render_node_serialize (node);
            gsize size;
            gconstpointer data = g_bytes_get_data (text, &size);

            PUT (key, size);
            put (key, data, size);
          }
          break;
        }
    }
}

/* The key: the scale, then the caller's name for the picture, else what
 * the node draws. */
static GBytes *
picture_key (const char    *name,
             GskRenderNode *node,
             int            scale)
{
  GByteArray *key = g_byte_array_sized_new (name != NULL ? 64 : 4096);
  guint8 named = name != NULL;

  PUT (key, scale);
  /* Names and nodes never meet. */
  PUT (key, named);
  if (name != NULL)
    put (key, name, strlen (name) + 1);
  else
    put_node (key, node);
  return g_byte_array_free_to_bytes (key);
}

static GskRenderNode *
picture_node (Picture                *picture,
              int                     scale,
              const graphene_point_t *offset)
{
  g_autoptr(GskTransform) move = NULL;

  if (offset == NULL)
    return gsk_render_node_ref (picture->node);
  move = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (roundf (offset->x * scale) / scale,
                                                              roundf (offset->y * scale) / scale));
  return gsk_transform_node_new (picture->node, move);
}

/* @node drawn on an image of @width × @height device pixels whose top left
 * corner is (@x0, @y0); NULL if cairo could not make it. */
static cairo_surface_t *
picture_image (GskRenderNode *node,
               float          x0,
               float          y0,
               int            width,
               int            height)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr;

  if (cairo_surface_status (image) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (image);
      return NULL;
    }
  cr = cairo_create (image);
  cairo_translate (cr, -x0, -y0);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  return image;
}

/* Renders @node at @scale on whole device pixels; NULL if it draws nothing
 * or is too big to keep. */
static Picture *
picture_render (GskRenderer   *renderer,
                GskRenderNode *node,
                int            scale)
{
  graphene_rect_t bounds;
  float x0, y0, x1, y1;
  g_autoptr(GskRenderNode) scaled = NULL;
  Picture *picture;

  gsk_render_node_get_bounds (node, &bounds);
  x0 = floorf (bounds.origin.x * scale);
  y0 = floorf (bounds.origin.y * scale);
  x1 = ceilf ((bounds.origin.x + bounds.size.width) * scale);
  y1 = ceilf ((bounds.origin.y + bounds.size.height) * scale);
  if (x1 <= x0 || y1 <= y0 || x1 - x0 > MAX_SIDE || y1 - y0 > MAX_SIDE)
    return NULL;

  scaled = scale == 1 ? gsk_render_node_ref (node)
                      : gsk_transform_node_new (node, gsk_transform_scale (NULL, scale, scale));
  picture = g_new0 (Picture, 1);
  picture->area = GRAPHENE_RECT_INIT (x0 / scale, y0 / scale,
                                      (x1 - x0) / scale, (y1 - y0) / scale);
  picture->bytes = (gsize) (x1 - x0) * (gsize) (y1 - y0) * 4;
  /* GTK 4.8 only: a newer GTK gets textures (see dj-toolkit.h). */
  if (GSK_IS_CAIRO_RENDERER (renderer) && dj_toolkit_needs_workarounds ())
    {
      cairo_t *cr;

      picture->image = picture_image (scaled, x0, y0, x1 - x0, y1 - y0);
      if (picture->image == NULL)
        {
          g_free (picture);
          return NULL;
        }
      /* The cairo node records one paint of the image, at its place. */
      cairo_surface_set_device_scale (picture->image, scale, scale);
      picture->node = gsk_cairo_node_new (&picture->area);
      cr = gsk_cairo_node_get_draw_context (picture->node);
      cairo_set_source_surface (cr, picture->image, picture->area.origin.x, picture->area.origin.y);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
  else
    {
      g_autoptr(GdkTexture) texture =
        gsk_renderer_render_texture (renderer, scaled,
                                     &GRAPHENE_RECT_INIT (x0, y0, x1 - x0, y1 - y0));

      picture->node = gsk_texture_node_new (texture, &picture->area);
    }
  return picture;
}

/* The picture under @key, else @node's (made by @widget's renderer and
 * kept), placed at @offset if given; else @node itself, not kept.  Takes
 * @key and @node. */
static GskRenderNode *
picture_for (DjPictureCache         *self,
             GtkWidget              *widget,
             GBytes                 *key,
             GskRenderNode          *node,
             int                     scale,
             const graphene_point_t *offset)
{
  g_autoptr(GBytes) owned_key = key;
  g_autoptr(GskRenderNode) owned = node;
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  Picture *picture = NULL;

  if (renderer != NULL && (picture = picture_render (renderer, node, scale)) != NULL)
    {
      if (self->bytes + picture->bytes > MAX_BYTES)
        dj_picture_cache_clear (self);
      self->bytes += picture->bytes;
      self->rendered++;
      g_hash_table_insert (self->pictures, g_steal_pointer (&owned_key), picture);
      return picture_node (picture, scale, offset);
    }

  /* Not kept: drawn as it is. */
  {
    g_autoptr(GskTransform) move = offset != NULL ? gsk_transform_translate (NULL, offset) : NULL;

    if (move == NULL)
      return g_steal_pointer (&owned);
    return gsk_transform_node_new (node, move);
  }
}

GskRenderNode *
dj_picture_cache_draw (DjPictureCache *self,
                       GtkWidget      *widget,
                       GskRenderNode  *node)
{
  g_autoptr(GBytes) key = NULL;
  Picture *picture;
  int scale;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  if (node == NULL)
    return NULL;
  scale = gtk_widget_get_scale_factor (widget);
  key = picture_key (NULL, node, scale);
  picture = g_hash_table_lookup (self->pictures, key);
  if (picture != NULL)
    {
      gsk_render_node_unref (node);
      self->reused++;
      return picture_node (picture, scale, NULL);
    }
  return picture_for (self, widget, g_steal_pointer (&key), node, scale, NULL);
}

void
dj_picture_cache_append_named (DjPictureCache         *self,
                               GtkSnapshot            *snapshot,
                               GtkWidget              *widget,
                               const char             *name,
                               const graphene_point_t *offset,
                               DjPictureDrawFunc       draw,
                               gconstpointer           data)
{
  g_autoptr(GBytes) key = NULL;
  g_autoptr(GskRenderNode) shown = NULL;
  Picture *picture;
  int scale;

  g_return_if_fail (self != NULL);
  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (name != NULL && draw != NULL);

  scale = gtk_widget_get_scale_factor (widget);
  key = picture_key (name, NULL, scale);
  picture = g_hash_table_lookup (self->pictures, key);
  if (picture != NULL)
    {
      self->reused++;
      shown = picture_node (picture, scale, offset);
    }
  else
    {
      GtkSnapshot *drawing = gtk_snapshot_new ();
      GskRenderNode *node;

      draw (drawing, data);
      node = gtk_snapshot_free_to_node (drawing);
      if (node == NULL)
        return;
      shown = picture_for (self, widget, g_steal_pointer (&key), node, scale, offset);
    }
  gtk_snapshot_append_node (snapshot, shown);
}
