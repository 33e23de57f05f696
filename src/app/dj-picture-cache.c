/* dj-picture-cache.c: parts of the board drawn once, then reused as pictures
 *
 * A pile of seeds is a hundred rotated, clipped gradients and a pit's hole a
 * blurred inset shadow; drawing them costs milliseconds a frame with the
 * cairo renderer, copying their picture almost nothing.  A node's
 * serialization is its key: equal text, equal pixels, whatever the node
 * holds, so nothing here has to know what changes a pit's look.
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

/* Beyond this many bytes of pictures, start again: sizes seen while the
 * window was being resized are not worth keeping. */
#define MAX_BYTES   (48u * 1024 * 1024)
/* Nodes bigger than this are drawn as they are. */
#define MAX_SIDE    4096

typedef struct
{
  GskRenderNode   *node;      /* a texture node, or a cairo node painting an image */
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

/* The key: the scale, then the caller's name for the picture, else the
 * node as text. */
static GBytes *
picture_key (const char    *name,
             GskRenderNode *node,
             int            scale)
{
  g_autoptr(GBytes) text = name == NULL ? gsk_render_node_serialize (node) : NULL;
  gsize size = name != NULL ? strlen (name) + 1 : 0;
  const guint8 *data = name != NULL ? (const guint8 *) name : g_bytes_get_data (text, &size);
  guint8 *key = g_malloc (size + sizeof scale + 1);

  memcpy (key, &scale, sizeof scale);
  /* Names and serializations never meet: a name's key ends in its NUL. */
  key[sizeof scale] = name != NULL;
  memcpy (key + sizeof scale + 1, data, size);
  return g_bytes_new_take (key, size + sizeof scale + 1);
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
  if (GSK_IS_CAIRO_RENDERER (renderer))
    {
      cairo_surface_t *image = picture_image (scaled, x0, y0, x1 - x0, y1 - y0);
      cairo_t *cr;

      if (image == NULL)
        {
          g_free (picture);
          return NULL;
        }
      /* The cairo node records one paint of the image, at its place. */
      cairo_surface_set_device_scale (image, scale, scale);
      picture->node = gsk_cairo_node_new (&picture->area);
      cr = gsk_cairo_node_get_draw_context (picture->node);
      cairo_set_source_surface (cr, image, picture->area.origin.x, picture->area.origin.y);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_destroy (image);
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
