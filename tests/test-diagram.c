/* test-diagram.c: pictures of positions (PNG, SVG) without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drawn with DejaVu Sans only (tests/fonts.conf), so the reference images do
 * not change when other fonts are installed.  DJENON_UPDATE_REFERENCES=1
 * writes them again (look at them before committing).
 */
#include "config.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dj-diagram.h"
#include "dj-notation.h"
#include "dj-sheet.h"

/* The game of the board's reference image "board-aboure-mid":
 * djenon-cli play aboure c A d E b F
 *   → 0 2 2 3 1 3 2 2 12 6 0 1 | 6 8 | S
 * with a red ring on c and a blue one on C after the last move, and the
 * other kinds of marks (see mid_diagram()). */
static const char mid_game[] =
  "[Variant \"aboure\"]\n[South \"Awa\"]\n[North \"Bintou\"]\n\n"
  "1. c A 2. d E 3. b (3. a) F *\n";
static const guint mid_pits[DJ_N_PITS] = { 0, 2, 2, 3, 1, 3, 2, 2, 12, 6, 0, 1 };

static DjGame *
parse_game (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = dj_notation_parse (text, -1, "test", &error);

  g_assert_no_error (error);
  return g_object_ref (dj_collection_get_game (collection, 0));
}

/* The end of the main line of mid_game, marked. */
static void
mid_diagram (DjDiagram *d,
             DjGame    *game)
{
  DjNode *end = dj_node_get_line_end (dj_game_get_root (game));

  dj_game_set_marker (game, end, 2, DJ_MARKER_RED);
  dj_game_set_marker (game, end, 8, DJ_MARKER_BLUE);
  /* The markup's other kinds: a green triangle on e, a yellow label "x?"
   * on E, a red arrow from d to B. */
  dj_game_set_mark (game, end, 4, DJ_MARK_TRIANGLE, DJ_MARKER_GREEN, NULL);
  dj_game_set_mark (game, end, 10, DJ_MARK_LABEL, DJ_MARKER_YELLOW, "x?");
  dj_game_toggle_arrow (game, end, 3, 7, DJ_MARKER_RED);
  dj_diagram_init_from_node (d, game, end);
}

static cairo_surface_t *
png_surface (GBytes *bytes)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int fd = g_file_open_tmp ("diagram-XXXXXX.png", &path, &error);
  cairo_surface_t *surface;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                      g_bytes_get_size (bytes), NULL));
  close (fd);
  surface = cairo_image_surface_create_from_png (path);
  g_unlink (path);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  return surface;
}

/* The colour at (@x, @y), 0–255, not premultiplied. */
static void
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y,
          int              rgba[4])
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 p = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + 4 * x);
  int a = p >> 24;

  rgba[3] = a;
  rgba[0] = a ? ((p >> 16) & 0xff) * 255 / a : 0;
  rgba[1] = a ? ((p >> 8) & 0xff) * 255 / a : 0;
  rgba[2] = a ? (p & 0xff) * 255 / a : 0;
}

#define PIXEL_TOLERANCE 24
#define MAX_DIFFERENT_PIXELS 40

static int
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a), n = 0;

  if (w != cairo_image_surface_get_width (b) || h != cairo_image_surface_get_height (b))
    return -1;
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int pa[4], pb[4];

        pixel_at (a, x, y, pa);
        pixel_at (b, x, y, pb);
        for (int c = 0; c < 4; c++)
          /* A nearly transparent pixel's colour does not show. */
          if ((c == 3 || MIN (pa[3], pb[3]) > 16) && ABS (pa[c] - pb[c]) > PIXEL_TOLERANCE)
            {
              n++;
              break;
            }
      }
  return n;
}

static void
check_reference (GBytes     *png,
                 const char *name)
{
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "reference", file, NULL);
  cairo_surface_t *got, *reference;
  int n;

  if (g_getenv ("DJENON_UPDATE_REFERENCES") != NULL)
    {
      g_assert_true (g_file_set_contents (path, g_bytes_get_data (png, NULL),
                                          g_bytes_get_size (png), NULL));
      g_test_message ("wrote %s", path);
      return;
    }
  got = png_surface (png);
  reference = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (reference), ==, CAIRO_STATUS_SUCCESS);
  n = count_differences (got, reference);
  g_test_message ("%s: %d pixels differ from the reference", name, n);
  if (n < 0 || n > MAX_DIFFERENT_PIXELS)
    {
      g_autofree char *out_file = g_strconcat (name, "-actual.png", NULL);
      g_autofree char *out = g_test_build_filename (G_TEST_BUILT, out_file, NULL);

      g_file_set_contents (out, g_bytes_get_data (png, NULL), g_bytes_get_size (png), NULL);
      g_test_fail_printf ("%s: %d pixels differ from the reference (allowed %d); got %s",
                          name, n, MAX_DIFFERENT_PIXELS, out);
    }
  cairo_surface_destroy (got);
  cairo_surface_destroy (reference);
}

/* The board's proportions (dj-board.c): 9.3 cells wide, 3.32 high. */
#define TOTAL_W 9.3
#define TOTAL_H 3.32

static void
test_png_reference (void)
{
  g_autoptr(DjGame) game = parse_game (mid_game);
  g_auto(DjDiagram) d = { 0 };
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  double u = 640 / TOTAL_W, pit_d = 0.84 * u;
  int px[4];

  mid_diagram (&d, game);
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    g_assert_cmpuint (d.position.pits[pit], ==, mid_pits[pit]);
  png = dj_diagram_render (&d, DJ_DIAGRAM_FORMAT_PNG, 640, &error);
  g_assert_no_error (error);
  /* A PNG file, 640 wide, as high as the board's proportions make it. */
  g_assert_cmpmem (g_bytes_get_data (png, NULL), 8, "\x89PNG\r\n\x1a\n", 8);
  surface = png_surface (png);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 640);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, (int) ceil (TOTAL_H * u));

  /* By hand: North's row runs F…A left to right along the top, so F (the
   * last move) is the first pit of the top row: its orange ring passes
   * left of the hole; c (red ring) is the third of the bottom row; C (blue
   * ring) the fourth of the top row.  Cells start 1.65 u from the left
   * edge, 0.66 u from the top. */
  pixel_at (surface, (int) round ((1.65 + 0.5) * u - 0.53 * pit_d), (int) round ((0.66 + 0.5) * u),
            px);
  g_assert_cmpint (px[0], >, 200);
  g_assert_cmpint (px[1], >, 130);
  g_assert_cmpint (px[1], <, 190);
  g_assert_cmpint (px[2], <, 60);
  pixel_at (surface, (int) round ((1.65 + 2.5) * u - 0.44 * pit_d), (int) round ((0.66 + 1.5) * u),
            px);
  g_assert_cmpint (px[0], >, 190);
  g_assert_cmpint (px[1], <, 80);
  g_assert_cmpint (px[2], <, 80);
  pixel_at (surface, (int) round ((1.65 + 3.5) * u - 0.44 * pit_d), (int) round ((0.66 + 0.5) * u),
            px);
  g_assert_cmpint (px[2], >, 180);
  g_assert_cmpint (px[0], <, 110);
  /* The green triangle on e (fifth of the bottom row): its lower edge runs
   * 0.15 d under the pit's centre. */
  pixel_at (surface, (int) round ((1.65 + 4.5) * u), (int) round ((0.66 + 1.5) * u + 0.15 * pit_d),
            px);
  g_assert_cmpint (px[1], >, 150);
  g_assert_cmpint (px[0], <, 120);
  /* South is to move: its name in the accent-coloured pill, right of its
   * row (the store's label strip under the tray). */
  pixel_at (surface, (int) round (640 - (0.12 + 0.18 + 0.08) * u),
            (int) round ((0.66 + 2 + 0.18) * u), px);
  g_assert_cmpint (px[2], >, 200);
  g_assert_cmpint (px[0], <, 100);
  cairo_surface_destroy (surface);

  check_reference (png, "diagram-aboure-mid");
}

/* Flipped, as the board can be: North's row at the bottom, A…F left to
 * right, so F (the last move, ringed orange) is the last pit of the bottom
 * row, and South's name and store on the left. */
static void
test_png_flipped (void)
{
  g_autoptr(DjGame) game = parse_game (mid_game);
  g_auto(DjDiagram) d = { 0 };
  g_autoptr(GBytes) png = NULL;
  cairo_surface_t *surface;
  double u = 640 / TOTAL_W, pit_d = 0.84 * u;
  int px[4];

  mid_diagram (&d, game);
  d.flipped = TRUE;
  png = dj_diagram_render (&d, DJ_DIAGRAM_FORMAT_PNG, 640, NULL);
  surface = png_surface (png);
  pixel_at (surface, (int) round ((1.65 + 5.5) * u - 0.53 * pit_d), (int) round ((0.66 + 1.5) * u),
            px);
  g_assert_cmpint (px[0], >, 200);
  g_assert_cmpint (px[1], >, 130);
  g_assert_cmpint (px[1], <, 190);
  g_assert_cmpint (px[2], <, 60);
  /* South to move: the pill is now on the left, above South's row. */
  pixel_at (surface, (int) round ((0.12 + 0.18 + 0.08) * u), (int) round ((0.12 + 0.18 + 0.18) * u),
            px);
  g_assert_cmpint (px[2], >, 200);
  g_assert_cmpint (px[0], <, 100);
  cairo_surface_destroy (surface);
}

static void
test_png_caption (void)
{
  g_autoptr(DjGame) game = parse_game (mid_game);
  g_auto(DjDiagram) d = { 0 };
  g_autoptr(GBytes) plain = NULL, captioned = NULL;
  g_autofree char *caption = NULL;
  cairo_surface_t *a, *b;

  mid_diagram (&d, game);
  caption = dj_diagram_caption_for_node (game, dj_node_get_line_end (dj_game_get_root (game)));
  g_assert_cmpstr (caption, ==, "\u20663… F\u2069 · \u2068Awa – Bintou\u2069 · South to move");

  plain = dj_diagram_render (&d, DJ_DIAGRAM_FORMAT_PNG, 320, NULL);
  dj_diagram_set_caption (&d, caption);
  captioned = dj_diagram_render (&d, DJ_DIAGRAM_FORMAT_PNG, 320, NULL);
  a = png_surface (plain);
  b = png_surface (captioned);
  g_assert_cmpint (cairo_image_surface_get_width (a), ==, 320);
  g_assert_cmpint (cairo_image_surface_get_width (b), ==, 320);
  /* The caption adds a line of text under the board. */
  g_assert_cmpint (cairo_image_surface_get_height (b), >=,
                   cairo_image_surface_get_height (a) + 8);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  check_reference (captioned, "diagram-aboure-caption");
}

/* A caption of hostile length (a name of 100,000 bytes) takes three lines. */
static void
test_long_caption (void)
{
  g_autoptr(DjGame) game = parse_game (mid_game);
  g_auto(DjDiagram) d = { 0 };
  g_autoptr(GString) name = g_string_new (NULL);
  double plain, with_caption;

  mid_diagram (&d, game);
  plain = dj_diagram_get_height (&d, 640);
  while (name->len < 100000)
    g_string_append (name, "Keita ");
  dj_diagram_set_caption (&d, name->str);
  with_caption = dj_diagram_get_height (&d, 640);
  g_assert_cmpfloat (with_caption, >, plain + 30);
  g_assert_cmpfloat (with_caption, <, plain + 100);
}

static void
test_size_limits (void)
{
  g_autoptr(DjGame) game = parse_game (mid_game);
  g_auto(DjDiagram) d = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  DjDiagramFormat format;

  mid_diagram (&d, game);
  bytes = dj_diagram_render (&d, DJ_DIAGRAM_FORMAT_PNG, DJ_DIAGRAM_MIN_SIZE - 1, &error);
  g_assert_null (bytes);
  g_assert_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_SIZE);
  g_clear_error (&error);
  bytes = dj_diagram_render (&d, DJ_DIAGRAM_FORMAT_SVG, DJ_DIAGRAM_MAX_SIZE + 1, &error);
  g_assert_null (bytes);
  g_assert_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_SIZE);
  g_clear_error (&error);

  g_assert_true (dj_diagram_format_from_name ("x.PNG", &format, NULL));
  g_assert_cmpint (format, ==, DJ_DIAGRAM_FORMAT_PNG);
  g_assert_true (dj_diagram_format_from_name ("dir.d/x.svg", &format, NULL));
  g_assert_cmpint (format, ==, DJ_DIAGRAM_FORMAT_SVG);
  g_assert_false (dj_diagram_format_from_name ("x.jpg", &format, &error));
  g_assert_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "x.jpg"));
}

static char *
xpath_string (xmlXPathContext *xpath,
              const char      *expr)
{
  xmlXPathObject *obj = xmlXPathEvalExpression ((const xmlChar *) expr, xpath);
  char *s;

  g_assert_nonnull (obj);
  s = g_strdup ((const char *) xmlXPathCastToString (obj) ?: "");
  xmlXPathFreeObject (obj);
  return s;
}

static void
test_svg (void)
{
  g_autoptr(DjGame) game = parse_game (mid_game);
  g_auto(DjDiagram) d = { 0 };
  g_autoptr(GBytes) svg = NULL, png = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  xmlDoc *doc;
  xmlXPathContext *xpath;
  cairo_surface_t *drawn, *from_svg;
  int fd, n;

  mid_diagram (&d, game);
  svg = dj_diagram_render (&d, DJ_DIAGRAM_FORMAT_SVG, 640, &error);
  g_assert_no_error (error);

  doc = xmlReadMemory (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg), "diagram.svg",
                       NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  g_assert_nonnull (doc);
  xpath = xmlXPathNewContext (doc);
  xmlXPathRegisterNs (xpath, (const xmlChar *) "svg", (const xmlChar *) "http://www.w3.org/2000/svg");
  xmlXPathRegisterNs (xpath, (const xmlChar *) "dj",
                      (const xmlChar *) "http://djenon.org/ns/diagram/1");
  {
    g_autofree char *width = xpath_string (xpath, "string(/svg:svg/@width)");
    g_autofree char *title = xpath_string (xpath, "string(/svg:svg/svg:title)");
    g_autofree char *desc = xpath_string (xpath, "string(/svg:svg/svg:desc)");
    g_autofree char *last = xpath_string (xpath, "string(//dj:position/@last-move)");

    g_assert_cmpstr (width, ==, "640px");
    g_assert_cmpstr (title, ==, "Djenon-aboure position");
    g_assert_true (g_str_has_prefix (desc, "North: A 2 B 2 C 12 D 6 E 0 F 1; captured 8. "
                                           "South: a 0 b 2 c 2 d 3 e 1 f 3; captured 6. "
                                           "South to move. c: "));
    g_assert_cmpstr (last, ==, "F");
    /* The marks, as data. */
    {
      g_autofree char *c = xpath_string (xpath, "string(//dj:mark[@pit='c']/@shape)");
      g_autofree char *c_colour = xpath_string (xpath, "string(//dj:mark[@pit='c']/@colour)");
      g_autofree char *e = xpath_string (xpath, "string(//dj:mark[@pit='e']/@shape)");
      g_autofree char *label = xpath_string (xpath, "string(//dj:mark[@pit='E']/@label)");
      g_autofree char *arrow = xpath_string (xpath, "concat(//dj:arrow/@from, '>', "
                                                    "//dj:arrow/@to, ' ', //dj:arrow/@colour)");
      g_autofree char *n_marks = xpath_string (xpath, "string(count(//dj:mark))");

      g_assert_cmpstr (c, ==, "circle");
      g_assert_cmpstr (c_colour, ==, "red");
      g_assert_cmpstr (e, ==, "triangle");
      g_assert_cmpstr (label, ==, "x?");
      g_assert_cmpstr (arrow, ==, "d>B red");
      g_assert_cmpstr (n_marks, ==, "4");
    }
  }
  /* Every pit holds the count worked out by hand. */
  for (guint pit = 0; pit < DJ_N_PITS; pit++)
    {
      g_autofree char *expr = g_strdup_printf ("string(//dj:pit[@name='%s']/@seeds)",
                                               dj_move_to_string (pit));
      g_autofree char *seeds = xpath_string (xpath, expr);
      g_autofree char *expected = g_strdup_printf ("%u", mid_pits[pit]);

      g_assert_cmpstr (seeds, ==, expected);
    }
  xmlXPathFreeContext (xpath);
  xmlFreeDoc (doc);

  /* And the SVG draws what the PNG shows (librsvg through gdk-pixbuf). */
  fd = g_file_open_tmp ("diagram-XXXXXX.svg", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (svg, NULL), g_bytes_get_size (svg),
                                      NULL));
  pixbuf = gdk_pixbuf_new_from_file (path, &error);
  g_unlink (path);
  if (pixbuf == NULL)
    {
      g_test_skip ("no SVG loader for gdk-pixbuf");
      return;
    }
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, 640);
  png = dj_diagram_render (&d, DJ_DIAGRAM_FORMAT_PNG, 640, NULL);
  drawn = png_surface (png);
  g_assert_cmpint (gdk_pixbuf_get_height (pixbuf), ==, cairo_image_surface_get_height (drawn));
  from_svg = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, gdk_pixbuf_get_height (pixbuf));
  {
    int w = gdk_pixbuf_get_width (pixbuf), h = gdk_pixbuf_get_height (pixbuf);
    int rs = gdk_pixbuf_get_rowstride (pixbuf), nc = gdk_pixbuf_get_n_channels (pixbuf);
    const guint8 *src = gdk_pixbuf_read_pixels (pixbuf);
    guint8 *dst = cairo_image_surface_get_data (from_svg);
    int ds = cairo_image_surface_get_stride (from_svg);

    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++)
        {
          const guint8 *s = src + y * rs + x * nc;
          guint a = nc == 4 ? s[3] : 255;

          *(guint32 *) (dst + y * ds + 4 * x) = a << 24 | (s[0] * a / 255) << 16 |
                                               (s[1] * a / 255) << 8 | (s[2] * a / 255);
        }
    cairo_surface_mark_dirty (from_svg);
  }
  n = count_differences (drawn, from_svg);
  g_test_message ("SVG and PNG: %d pixels differ", n);
  g_assert_cmpint (n, >=, 0);
  g_assert_cmpint (n, <, 640 * cairo_image_surface_get_height (drawn) / 100);
  cairo_surface_destroy (drawn);
  cairo_surface_destroy (from_svg);
}

static void
test_save (void)
{
  g_autoptr(DjGame) game = parse_game (mid_game);
  g_auto(DjDiagram) d = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("diagram-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "board.png", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "missing", "board.svg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad = g_file_new_for_path (nowhere);
  g_autofree char *data = NULL;
  gsize len;

  g_assert_no_error (error);
  mid_diagram (&d, game);
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_true (dj_diagram_save (&d, file, DJ_DIAGRAM_FORMAT_PNG, 200, DJ_SAFE_SAVE_NONE,
                                  &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpmem (data, 4, "\x89PNG", 4);

  /* A folder that does not exist: refused, naming the file. */
  g_assert_false (dj_diagram_save (&d, bad, DJ_DIAGRAM_FORMAT_SVG, 200, DJ_SAFE_SAVE_NONE,
                                   &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "missing"));
  g_unlink (path);
  g_rmdir (dir);
}

/* Pictures and sheets save as game files do (dj_safe_save): a full disk at
 * any step leaves the old file byte for byte, a pipe or a device is refused
 * at once instead of blocking, a read-only file refused unless forced. */
typedef enum
{
  SAVE_PNG,
  SAVE_SVG,
  SAVE_PDF,
} SaveKind;

static gboolean
save_kind (SaveKind          kind,
           GFile            *file,
           DjSafeSaveFlags   flags,
           GError          **error)
{
  g_autoptr(DjGame) game = parse_game (mid_game);
  g_auto(DjDiagram) d = { 0 };
  g_autoptr(DjSheet) sheet = NULL;
  DjSheetOptions options;

  if (kind == SAVE_PDF)
    {
      dj_sheet_options_init (&options);
      sheet = dj_sheet_new (game, &options, NULL);
      g_assert_nonnull (sheet);
      return dj_sheet_save_pdf (sheet, file, flags, error);
    }
  mid_diagram (&d, game);
  return dj_diagram_save (&d, file, kind == SAVE_PNG ? DJ_DIAGRAM_FORMAT_PNG
                                                     : DJ_DIAGRAM_FORMAT_SVG, 400, flags, error);
}

static void
test_save_failures (gconstpointer data)
{
  SaveKind kind = GPOINTER_TO_INT (data);
  static const DjSafeSaveStep steps[] = {
    DJ_SAFE_SAVE_STEP_WRITE, DJ_SAFE_SAVE_STEP_SYNC, DJ_SAFE_SAVE_STEP_RENAME,
  };
  static const char old[] = "an older picture, which a failed save must keep";
  g_autofree char *dir = g_dir_make_tmp ("diagram-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "picture", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) pipe_file = g_file_new_for_path (fifo);
  g_autoptr(GFile) device = g_file_new_for_path ("/dev/null");
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  g_autofree char *data_read = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autofree char *now = NULL;

      g_assert_true (g_file_set_contents (path, old, -1, NULL));
      dj_safe_save_inject_failure (steps[i], 100);
      g_assert_false (save_kind (kind, file, DJ_SAFE_SAVE_NONE, &error));
      dj_safe_save_inject_failure (DJ_SAFE_SAVE_STEP_NONE, 0);
      g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
      g_assert_true (g_str_has_prefix (error->message, path));
      g_clear_error (&error);
      g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
      g_assert_cmpstr (now, ==, old);
    }

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (save_kind (kind, pipe_file, DJ_SAFE_SAVE_NONE, &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "it is a pipe"));
  g_clear_error (&error);
  g_assert_false (save_kind (kind, device, DJ_SAFE_SAVE_FORCE, &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "it is a device"));
  g_clear_error (&error);

  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  g_assert_false (save_kind (kind, file, DJ_SAFE_SAVE_NONE, &error));
  g_assert_error (error, DJ_FORMAT_ERROR, DJ_FORMAT_ERROR_READ_ONLY);
  g_clear_error (&error);
  if (getuid () == 0)
    {
      g_assert_true (save_kind (kind, file, DJ_SAFE_SAVE_FORCE, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &data_read, NULL, NULL));
      g_assert_cmpstr (data_read, !=, old);
    }

  /* Nothing left behind but the two names */
  listing = g_dir_open (dir, 0, NULL);
  for (const char *name; (name = g_dir_read_name (listing)) != NULL;)
    g_assert_true (strcmp (name, "picture") == 0 || strcmp (name, "pipe") == 0);
  g_unlink (path);
  g_unlink (fifo);
  g_rmdir (dir);
}

static void
test_find_node (void)
{
  g_autoptr(DjGame) game = parse_game (mid_game);
  g_autoptr(GError) error = NULL;
  DjNode *root = dj_game_get_root (game), *n;

  g_assert_true (dj_sheet_find_node (game, "0", NULL) == root);
  n = dj_sheet_find_node (game, "4", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dj_node_get_ply (n), ==, 4);
  g_assert_cmpint (dj_node_get_move (n), ==, 10);   /* E */
  /* Into the variation 3. f, with move numbers. */
  n = dj_sheet_find_node (game, "1. c A 2. d E 3. a", &error);
  g_assert_no_error (error);
  g_assert_cmpint (dj_node_get_move (n), ==, 0);
  g_assert_false (dj_node_is_main_line (n));
  n = dj_sheet_find_node (game, "c,A,d", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dj_node_get_ply (n), ==, 3);

  g_assert_null (dj_sheet_find_node (game, "7", &error));
  g_assert_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_MOVE);
  g_assert_nonnull (strstr (error->message, "6 moves"));
  g_clear_error (&error);
  g_assert_null (dj_sheet_find_node (game, "c Z", &error));
  g_assert_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_MOVE);
  g_assert_nonnull (strstr (error->message, "“Z”"));
  g_clear_error (&error);
  g_assert_null (dj_sheet_find_node (game, "c B", &error));
  g_assert_error (error, DJ_DIAGRAM_ERROR, DJ_DIAGRAM_ERROR_MOVE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/djenon/diagram/png-reference", test_png_reference);
  g_test_add_func ("/djenon/diagram/png-caption", test_png_caption);
  g_test_add_func ("/djenon/diagram/png-flipped", test_png_flipped);
  g_test_add_func ("/djenon/diagram/size-limits", test_size_limits);
  g_test_add_func ("/djenon/diagram/long-caption", test_long_caption);
  g_test_add_func ("/djenon/diagram/svg", test_svg);
  g_test_add_func ("/djenon/diagram/save", test_save);
  g_test_add_func ("/djenon/diagram/find-node", test_find_node);
  g_test_add_data_func ("/djenon/diagram/save-failures/png", GINT_TO_POINTER (SAVE_PNG),
                        test_save_failures);
  g_test_add_data_func ("/djenon/diagram/save-failures/svg", GINT_TO_POINTER (SAVE_SVG),
                        test_save_failures);
  g_test_add_data_func ("/djenon/diagram/save-failures/pdf", GINT_TO_POINTER (SAVE_PDF),
                        test_save_failures);
  return g_test_run ();
}
