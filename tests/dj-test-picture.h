/* dj-test-picture.h: pictures of widgets, for the tests that compare them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

/* What @snapshot holds (it is consumed), drawn on a @w × @h texture by the
 * cairo renderer, which draws the same pixels every run. */
static G_GNUC_UNUSED GdkTexture *
dj_test_render_snapshot (GtkSnapshot *snapshot,
                         int          w,
                         int          h)
{
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  g_autoptr(GError) error = NULL;
  GskRenderNode *node;
  GdkTexture *texture;

  g_assert_cmpint (w, >, 0);
  g_assert_cmpint (h, >, 0);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  g_assert_true (gsk_renderer_realize (renderer, NULL, &error));
  g_assert_no_error (error);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gsk_renderer_unrealize (renderer);
  gsk_render_node_unref (node);
  return texture;
}

/* Pixels of @a and @b of which a channel differs by more than @tolerance;
 * -1 if the sizes differ. */
static G_GNUC_UNUSED int
dj_test_count_differences (GdkTexture *a,
                           GdkTexture *b,
                           int         tolerance)
{
  int w = gdk_texture_get_width (a), h = gdk_texture_get_height (a);
  gsize stride = (gsize) w * 4;
  g_autofree guchar *pa = NULL;
  g_autofree guchar *pb = NULL;
  int n = 0;

  if (w != gdk_texture_get_width (b) || h != gdk_texture_get_height (b))
    return -1;
  pa = g_malloc (stride * h);
  pb = g_malloc (stride * h);
  gdk_texture_download (a, pa, stride);
  gdk_texture_download (b, pb, stride);
  for (gsize i = 0; i < stride * h; i += 4)
    for (guint c = 0; c < 4; c++)
      if (ABS ((int) pa[i + c] - (int) pb[i + c]) > tolerance)
        {
          n++;
          break;
        }
  return n;
}

/* A picture of @widget as it is on screen, saved as @name in the folder
 * DJ_SCREENSHOT_DIR names (nothing when it is not set), to look at. */
static G_GNUC_UNUSED void
dj_test_save_screenshot (GtkWidget  *widget,
                         const char *name)
{
  const char *dir = g_getenv ("DJ_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  if (dir == NULL || width <= 0 || height <= 0)
    return;
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
  g_test_message ("screenshot: %s", path);
}
