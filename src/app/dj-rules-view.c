/* dj-rules-view.c: a window that shows the rules and the other help pages
 * in any of the five languages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dj-bidi.h"
#include "dj-help.h"
#include "dj-mallard.h"
#include "dj-rules-example.h"
#include "dj-rules-view.h"

/* Internal links are label links with this scheme. */
#define XREF_SCHEME "xref:"
#define RLM         "\xe2\x80\x8f"   /* U+200F RIGHT-TO-LEFT MARK */

struct _DjRulesView
{
  AdwWindow              parent_instance;

  AdwWindowTitle        *window_title;
  GtkWidget             *language_dropdown;
  GtkWidget             *fallback_revealer;
  GtkWidget             *fallback_label;
  GtkWidget             *scrolled_window;
  GtkWidget             *content;

  const DjHelpLanguage  *language;
  /* The language the page is shown in: English where it is not translated. */
  const DjHelpLanguage  *page_language;
  char                  *page_id;
  char                  *anchor;
  gboolean               fallback;
  char                  *font_family;
  GPtrArray             *history;      /* of "page" and "page#section" */

  /* The page shown */
  DjMallardBook         *book;         /* not owned */
  DjMallardPage         *page;
  GHashTable            *anchors;      /* section id → its heading */
  guint                  scroll_tick;
  guint                  scroll_frames;
  /* Set while drawing a table that reads left to right in any language. */
  gboolean               ltr_override;
};

G_DEFINE_FINAL_TYPE (DjRulesView, dj_rules_view, ADW_TYPE_WINDOW)

static void add_example   (DjRulesView   *self,
                           GtkWidget     *box,
                           DjMallardNode *node);
static void render_blocks (DjRulesView   *self,
                           GtkWidget     *box,
                           DjMallardNode *node,
                           int            depth);

/* Fonts */

/* Nastaliq is how Urdu is usually written; it is used only when asked for
 * by name.  Naskh faces are the fallback. */
static const char * const urdu_fonts[] = {
  "Noto Nastaliq Urdu", "Noto Naskh Arabic", "Noto Sans Arabic",
  "Noto Naskh Arabic UI", "Noto Sans Arabic UI", NULL
};
static const char * const devanagari_fonts[] = {
  "Noto Sans Devanagari", "Lohit Devanagari", "Noto Sans Devanagari UI",
  "Noto Serif Devanagari", NULL
};

static char *
pick_font_family (DjRulesView *self,
                  const char  *lang)
{
  const char * const *candidates = NULL;
  PangoFontMap *map;

  if (strcmp (lang, "ur") == 0)
    candidates = urdu_fonts;
  else if (strcmp (lang, "ne") == 0)
    candidates = devanagari_fonts;
  else
    return NULL;

  map = pango_context_get_font_map (gtk_widget_get_pango_context (GTK_WIDGET (self)));
  for (guint i = 0; candidates[i] != NULL; i++)
    if (pango_font_map_get_family (map, candidates[i]) != NULL)
      return g_strdup (candidates[i]);
  return NULL;
}

/* Markup */

static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (out, escaped);
}

static void append_inline (DjRulesView   *self,
                           GString       *out,
                           DjMallardNode *node);

static void
append_children (DjRulesView   *self,
                 GString       *out,
                 DjMallardNode *node,
                 const char    *separator)
{
  for (guint i = 0; i < node->children->len; i++)
    {
      if (i > 0 && separator != NULL)
        g_string_append (out, separator);
      append_inline (self, out, g_ptr_array_index (node->children, i));
    }
}

static void
append_inline (DjRulesView   *self,
               GString       *out,
               DjMallardNode *node)
{
  switch (node->kind)
    {
    case DJ_MALLARD_TEXT:
      append_escaped (out, node->text);
      break;

    case DJ_MALLARD_EMPHASIS:
      g_string_append (out, "<i>");
      append_children (self, out, node, NULL);
      g_string_append (out, "</i>");
      break;

    /* Position texts, moves, file names: left to right, as one unit. */
    case DJ_MALLARD_CODE:
      g_string_append (out, "<tt>" DJ_LRI);
      append_children (self, out, node, NULL);
      g_string_append (out, DJ_PDI "</tt>");
      break;

    /* A label in the page's language, or a glyph such as "!?". */
    case DJ_MALLARD_GUI:
      g_string_append (out, "<b>" DJ_FSI);
      append_children (self, out, node, NULL);
      g_string_append (out, DJ_PDI "</b>");
      break;

    case DJ_MALLARD_GUISEQ:
      append_children (self, out, node, " ▸ ");
      break;

    case DJ_MALLARD_KEY:
      {
        /* A key of a combination is inside the combination's isolate. */
        gboolean alone = node->parent == NULL || node->parent->kind != DJ_MALLARD_KEYSEQ;

        g_string_append (out, "<span font_family=\"monospace\" weight=\"bold\">");
        if (alone)
          g_string_append (out, DJ_LRI);
        append_children (self, out, node, NULL);
        if (alone)
          g_string_append (out, DJ_PDI);
        g_string_append (out, "</span>");
      }
      break;

    /* "Ctrl+." reads left to right, also in Urdu (not ".+Ctrl"). */
    case DJ_MALLARD_KEYSEQ:
      g_string_append (out, DJ_LRI);
      append_children (self, out, node, "+");
      g_string_append (out, DJ_PDI);
      break;

    case DJ_MALLARD_LINK:
      {
        g_autofree char *uri = NULL;
        g_autofree char *title = NULL;

        if (node->xref != NULL)
          uri = g_strconcat (XREF_SCHEME, node->xref, NULL);
        else if (node->href != NULL)
          uri = g_strdup (node->href);
        if (uri == NULL)
          {
            append_children (self, out, node, NULL);
            break;
          }
        g_string_append (out, "<a href=\"");
        append_escaped (out, uri);
        g_string_append (out, "\">");
        if (node->children->len > 0)
          append_children (self, out, node, NULL);
        else
          {
            if (node->xref != NULL)
              title = dj_mallard_book_get_link_title (self->book, self->page, node->xref);
            append_escaped (out, title != NULL ? title
                                 : node->xref != NULL ? node->xref : node->href);
          }
        g_string_append (out, "</a>");
      }
      break;

    case DJ_MALLARD_SPAN:
    default:
      append_children (self, out, node, NULL);
      break;
    }
}

static char *
inline_markup (DjRulesView   *self,
               DjMallardNode *node)
{
  GString *out = g_string_new (NULL);

  append_children (self, out, node, NULL);
  return g_strstrip (g_string_free (out, FALSE));
}

/* Widgets */

static gboolean
on_activate_link (GtkLabel    *label,
                  const char  *uri,
                  DjRulesView *self)
{
  if (g_str_has_prefix (uri, XREF_SCHEME))
    {
      const char *xref = uri + strlen (XREF_SCHEME);
      g_autofree char *location = NULL;

      /* "#section" is a place on this page. */
      if (xref[0] == '#')
        location = g_strconcat (self->page_id, xref, NULL);
      else
        location = g_strdup (xref);
      dj_rules_view_show_page (self, location, NULL);
    }
  else
    gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
  return TRUE;
}

static GtkTextDirection
content_direction (DjRulesView *self)
{
  return self->page_language->rtl && !self->ltr_override ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR;
}

static GtkWidget *
add_box (DjRulesView    *self,
         GtkWidget      *parent,
         GtkOrientation  orientation,
         int             spacing)
{
  GtkWidget *box = gtk_box_new (orientation, spacing);

  gtk_widget_set_direction (box, content_direction (self));
  if (parent != NULL)
    gtk_box_append (GTK_BOX (parent), box);
  return box;
}

/* A paragraph, title or list marker, in the page's language and font. */
static GtkWidget *
add_label (DjRulesView *self,
           GtkWidget   *box,
           const char  *markup,
           const char  *style_class)
{
  g_autoptr(GString) full = g_string_new (NULL);
  gboolean heading = style_class != NULL &&
                     (g_str_has_prefix (style_class, "title-") || strcmp (style_class, "heading") == 0);
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", heading ? GTK_ACCESSIBLE_ROLE_HEADING
                                                              : GTK_ACCESSIBLE_ROLE_LABEL,
                                   NULL);

  /* Without the mark a paragraph that starts with a Latin word ("Djenon-abe
   * ایک …") would be laid out left to right. */
  if (content_direction (self) == GTK_TEXT_DIR_RTL)
    g_string_append (full, RLM);
  g_string_append (full, "<span");
  if (self->page_language != self->language)
    ;  /* English standing in: the interface's font */
  else if (strcmp (self->language->code, "C") != 0)
    {
      g_string_append_printf (full, " lang=\"%s\"", self->language->code);
      if (self->font_family != NULL)
        g_string_append_printf (full, " font_family=\"%s\"", self->font_family);
      /* Devanagari's vowel signs above and below need room between lines. */
      if (strcmp (self->language->code, "ne") == 0)
        g_string_append (full, " line_height=\"1.3\"");
    }
  g_string_append_printf (full, ">%s</span>", markup);

  gtk_label_set_markup (GTK_LABEL (label), full->str);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_LEFT);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_direction (label, content_direction (self));
  if (style_class != NULL)
    gtk_widget_add_css_class (label, style_class);
  g_signal_connect_object (label, "activate-link", G_CALLBACK (on_activate_link), self, 0);
  if (box != NULL)
    gtk_box_append (GTK_BOX (box), label);
  return label;
}

static GtkWidget *
add_inline_label (DjRulesView   *self,
                  GtkWidget     *box,
                  DjMallardNode *node,
                  const char    *style_class)
{
  g_autofree char *markup = inline_markup (self, node);

  return add_label (self, box, markup, style_class);
}

static void
add_code_block (DjRulesView   *self,
                GtkWidget     *box,
                DjMallardNode *node)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *label = gtk_label_new (node->text);

  /* Code reads left to right in every language. */
  gtk_widget_set_direction (scrolled, GTK_TEXT_DIR_LTR);
  gtk_widget_set_direction (label, GTK_TEXT_DIR_LTR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "monospace");
  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_bottom (label, 12);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), label);
  gtk_widget_add_css_class (scrolled, "card");
  gtk_box_append (GTK_BOX (box), scrolled);
}

/* Markers and items in a grid, not in boxes: a horizontal GtkBox measures a
 * wrapping label's width for its height, and with fractional line heights
 * (Noto Sans Devanagari) that gives a label one line too long for the page. */
static void
add_list (DjRulesView   *self,
          GtkWidget     *box,
          DjMallardNode *list,
          int            depth)
{
  gboolean numbered = list->kind == DJ_MALLARD_STEPS ||
                      (list->style != NULL && strstr (list->style, "numbered") != NULL);
  GtkWidget *grid = gtk_grid_new ();
  guint number = 0;
  int row = 0;

  gtk_widget_set_direction (grid, content_direction (self));
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_widget_set_margin_start (grid, 6);
  for (guint i = 0; i < list->children->len; i++)
    {
      DjMallardNode *item = g_ptr_array_index (list->children, i);
      g_autofree char *marker = NULL;
      GtkWidget *marker_label, *item_box;

      if (item->kind == DJ_MALLARD_TITLE)
        {
          add_inline_label (self, box, item, "heading");
          continue;
        }
      if (item->kind != DJ_MALLARD_ITEM)
        continue;

      /* The no-break space keeps the line as high as the script's lines, so
       * that the marker sits on the item's first line; the bullet itself is
       * not in every script font. */
      marker = numbered ? g_strdup_printf ("%u.", ++number)
                        : g_strdup ("<span font_family=\"sans\" lang=\"en\">•</span>\u00a0");
      marker_label = add_label (self, NULL, marker, NULL);
      gtk_widget_set_hexpand (marker_label, FALSE);
      gtk_widget_set_valign (marker_label, GTK_ALIGN_START);
      gtk_label_set_wrap (GTK_LABEL (marker_label), FALSE);
      if (numbered)
        gtk_label_set_xalign (GTK_LABEL (marker_label), 1.0);
      gtk_grid_attach (GTK_GRID (grid), marker_label, 0, row, 1, 1);
      item_box = add_box (self, NULL, GTK_ORIENTATION_VERTICAL, 6);
      gtk_widget_set_hexpand (item_box, TRUE);
      render_blocks (self, item_box, item, depth);
      gtk_grid_attach (GTK_GRID (grid), item_box, 1, row, 1, 1);
      row++;
    }
  gtk_box_append (GTK_BOX (box), grid);
}

static void
add_terms (DjRulesView   *self,
           GtkWidget     *box,
           DjMallardNode *terms,
           int            depth)
{
  GtkWidget *terms_box = add_box (self, box, GTK_ORIENTATION_VERTICAL, 12);

  for (guint i = 0; i < terms->children->len; i++)
    {
      DjMallardNode *item = g_ptr_array_index (terms->children, i);
      GtkWidget *item_box, *description;

      if (item->kind == DJ_MALLARD_TITLE)
        {
          add_inline_label (self, terms_box, item, "heading");
          continue;
        }
      item_box = add_box (self, terms_box, GTK_ORIENTATION_VERTICAL, 6);
      description = add_box (self, NULL, GTK_ORIENTATION_VERTICAL, 6);
      gtk_widget_set_margin_start (description, 24);
      for (guint j = 0; j < item->children->len; j++)
        {
          DjMallardNode *child = g_ptr_array_index (item->children, j);

          if (child->kind == DJ_MALLARD_TITLE)
            add_inline_label (self, item_box, child, "heading");
        }
      gtk_box_append (GTK_BOX (item_box), description);
      render_blocks (self, description, item, depth);
    }
}

static gboolean
has_rtl_text (DjMallardNode *node)
{
  if (node->text != NULL)
    for (const char *p = node->text; *p != '\0'; p = g_utf8_next_char (p))
      {
        GUnicodeScript script = g_unichar_get_script (g_utf8_get_char (p));

        if (script == G_UNICODE_SCRIPT_ARABIC || script == G_UNICODE_SCRIPT_HEBREW ||
            script == G_UNICODE_SCRIPT_SYRIAC || script == G_UNICODE_SCRIPT_THAANA ||
            script == G_UNICODE_SCRIPT_NKO)
          return TRUE;
      }
  for (guint i = 0; i < node->children->len; i++)
    if (has_rtl_text (g_ptr_array_index (node->children, i)))
      return TRUE;
  return FALSE;
}

/* A table of words is mirrored in a right-to-left page; one that holds no
 * right-to-left text at all, like the picture of the board with its pit
 * letters, keeps its left and right, as the board itself does. */
static void
add_table (DjRulesView   *self,
           GtkWidget     *box,
           DjMallardNode *table,
           int            depth)
{
  GtkWidget *grid = gtk_grid_new ();
  gboolean saved_override = self->ltr_override;
  int row = 0;

  if (self->page_language->rtl && !has_rtl_text (table))
    self->ltr_override = TRUE;
  gtk_widget_set_direction (grid, content_direction (self));
  gtk_grid_set_column_spacing (GTK_GRID (grid), 24);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_widget_set_margin_start (grid, 6);
  for (guint i = 0; i < table->children->len; i++)
    {
      DjMallardNode *child = g_ptr_array_index (table->children, i);

      if (child->kind == DJ_MALLARD_TITLE)
        {
          add_inline_label (self, box, child, "heading");
          continue;
        }
      if (child->kind != DJ_MALLARD_ROW)
        continue;
      for (guint j = 0; j < child->children->len; j++)
        {
          GtkWidget *cell = add_box (self, NULL, GTK_ORIENTATION_VERTICAL, 6);

          render_blocks (self, cell, g_ptr_array_index (child->children, j), depth);
          gtk_grid_attach (GTK_GRID (grid), cell, j, row, 1, 1);
        }
      row++;
    }
  gtk_box_append (GTK_BOX (box), grid);
  self->ltr_override = saved_override;
}

static void
add_note (DjRulesView   *self,
          GtkWidget     *box,
          DjMallardNode *note,
          int            depth)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *icon;
  GtkWidget *note_box;
  gboolean warning = note->style != NULL &&
                     (strstr (note->style, "warning") != NULL || strstr (note->style, "bug") != NULL);

  gtk_widget_set_direction (grid, content_direction (self));
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_add_css_class (grid, "card");
  icon = gtk_image_new_from_icon_name (warning ? "dialog-warning-symbolic"
                                               : "dialog-information-symbolic");
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_margin_start (icon, 12);
  gtk_widget_set_margin_top (icon, 12);
  gtk_grid_attach (GTK_GRID (grid), icon, 0, 0, 1, 1);
  note_box = add_box (self, NULL, GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_hexpand (note_box, TRUE);
  gtk_widget_set_margin_top (note_box, 12);
  gtk_widget_set_margin_bottom (note_box, 12);
  gtk_widget_set_margin_end (note_box, 12);
  render_blocks (self, note_box, note, depth);
  gtk_grid_attach (GTK_GRID (grid), note_box, 1, 0, 1, 1);
  gtk_box_append (GTK_BOX (box), grid);
}

/* A link to a page, with its description below, as Yelp lists topics. */
static void
add_page_link (DjRulesView   *self,
               GtkWidget     *box,
               DjMallardPage *page,
               const char    *xref)
{
  GtkWidget *entry = add_box (self, box, GTK_ORIENTATION_VERTICAL, 2);
  g_autoptr(GString) markup = g_string_new ("<a href=\"" XREF_SCHEME);
  const char *desc = dj_mallard_page_get_desc (page);

  append_escaped (markup, xref != NULL ? xref : dj_mallard_page_get_id (page));
  g_string_append (markup, "\">");
  append_escaped (markup, dj_mallard_page_get_title (page));
  g_string_append (markup, "</a>");
  add_label (self, entry, markup->str, NULL);
  if (desc != NULL && desc[0] != '\0')
    {
      g_autofree char *escaped = g_markup_escape_text (desc, -1);

      add_label (self, entry, escaped, "dim-label");
    }
}

static void
add_topic_links (DjRulesView *self,
                 GtkWidget   *box,
                 const char  *section_id,
                 const char  *groups)
{
  g_autoptr(GPtrArray) pages = dj_mallard_book_topic_links (self->book,
                                                            dj_mallard_page_get_id (self->page),
                                                            section_id, groups);
  GtkWidget *links_box;

  if (pages->len == 0)
    return;
  links_box = add_box (self, box, GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (links_box, 6);
  for (guint i = 0; i < pages->len; i++)
    add_page_link (self, links_box, pages->pdata[i], NULL);
}

static gboolean
has_topic_links_block (DjMallardNode *node)
{
  for (guint i = 0; i < node->children->len; i++)
    {
      DjMallardNode *child = g_ptr_array_index (node->children, i);

      if (child->kind == DJ_MALLARD_LINKS && g_strcmp0 (child->style, "topic") == 0)
        return TRUE;
    }
  return FALSE;
}

static void
add_section (DjRulesView   *self,
             GtkWidget     *box,
             DjMallardNode *section,
             int            depth)
{
  static const char * const heading_classes[] = { "title-1", "title-2", "title-3", "title-4" };
  GtkWidget *section_box = add_box (self, box, GTK_ORIENTATION_VERTICAL, 12);
  DjMallardNode *title = dj_mallard_node_get_title (section);

  gtk_widget_set_margin_top (section_box, 12);
  if (title != NULL)
    {
      GtkWidget *heading = add_inline_label (self, section_box, title,
                                             heading_classes[MIN (depth, 3)]);

      gtk_accessible_update_property (GTK_ACCESSIBLE (heading),
                                      GTK_ACCESSIBLE_PROPERTY_LEVEL, depth + 1, -1);
      if (section->id != NULL)
        g_hash_table_insert (self->anchors, g_strdup (section->id), heading);
    }
  render_blocks (self, section_box, section, depth);

  /* A guide's section lists its topics at the end unless it places them. */
  if (strcmp (dj_mallard_page_get_page_type (self->page), "guide") == 0 &&
      !has_topic_links_block (section))
    add_topic_links (self, section_box, section->id, NULL);
}

static void
render_block (DjRulesView   *self,
              GtkWidget     *box,
              DjMallardNode *node,
              int            depth)
{
  switch (node->kind)
    {
    case DJ_MALLARD_PARAGRAPH:
      add_inline_label (self, box, node, NULL);
      break;

    case DJ_MALLARD_TITLE:
      /* The titles of sections, lists and terms are placed by their block. */
      break;

    case DJ_MALLARD_CODE_BLOCK:
      add_code_block (self, box, node);
      break;

    case DJ_MALLARD_SECTION:
      add_section (self, box, node, depth + 1);
      break;

    case DJ_MALLARD_LIST:
    case DJ_MALLARD_STEPS:
      add_list (self, box, node, depth);
      break;

    case DJ_MALLARD_TERMS:
      add_terms (self, box, node, depth);
      break;

    case DJ_MALLARD_TABLE:
      add_table (self, box, node, depth);
      break;

    case DJ_MALLARD_NOTE:
      add_note (self, box, node, depth);
      break;

    case DJ_MALLARD_LINKS:
      if (g_strcmp0 (node->style, "topic") == 0)
        {
          DjMallardNode *section = node->parent;

          add_topic_links (self, box,
                           section != NULL && section->kind == DJ_MALLARD_SECTION
                           ? section->id : NULL,
                           node->groups);
        }
      break;

    case DJ_MALLARD_ITEM:
    case DJ_MALLARD_CELL:
    case DJ_MALLARD_BLOCK:
      render_blocks (self, box, node, depth);
      break;

    case DJ_MALLARD_EXAMPLE:
      add_example (self, box, node);
      break;

    case DJ_MALLARD_PAGE:
    case DJ_MALLARD_ROW:
    case DJ_MALLARD_TEXT:
    case DJ_MALLARD_EMPHASIS:
    case DJ_MALLARD_CODE:
    case DJ_MALLARD_GUI:
    case DJ_MALLARD_GUISEQ:
    case DJ_MALLARD_KEY:
    case DJ_MALLARD_KEYSEQ:
    case DJ_MALLARD_LINK:
    case DJ_MALLARD_SPAN:
    default:
      break;
    }
}

/* A worked example of the rules: a small board to play it on.  Its data is
 * checked like a link from outside (test-help-examples checks that every
 * example of the pages is accepted). */
static void
add_example (DjRulesView   *self,
             GtkWidget     *box,
             DjMallardNode *node)
{
  static const char * const keys[] = { "variant", "feeding", "setup", "move" };
  g_autoptr(GString) uri = g_string_new (DJ_EXAMPLE_URI_SCHEME ":play?");
  g_autoptr(GError) error = NULL;
  DjExampleLink link;
  GtkWidget *example;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const char *value = dj_mallard_node_get_attribute (node, keys[i]);
      g_autofree char *escaped = NULL;

      if (value == NULL)
        continue;
      escaped = g_uri_escape_string (value, NULL, FALSE);
      g_string_append_printf (uri, "%s%s=%s", uri->str[uri->len - 1] == '?' ? "" : "&",
                              keys[i], escaped);
    }
  if (!dj_example_uri_parse (uri->str, &link, &error))
    {
      g_warning ("The help's example %s cannot be shown: %s",
                 dj_mallard_node_get_attribute (node, "id"), error->message);
      return;
    }
  example = dj_rules_example_new (&link);
  gtk_widget_set_name (example, dj_mallard_node_get_attribute (node, "id"));
  gtk_box_append (GTK_BOX (box), example);
}

static void
render_blocks (DjRulesView   *self,
               GtkWidget     *box,
               DjMallardNode *node,
               int            depth)
{
  for (guint i = 0; i < node->children->len; i++)
    render_block (self, box, g_ptr_array_index (node->children, i), depth);
}

/* What Yelp shows below a topic: its guides and the pages it relates to. */
static void
add_page_footer (DjRulesView *self)
{
  g_autoptr(GPtrArray) seealso = dj_mallard_book_seealso_links (self->book, self->page);
  GPtrArray *info = dj_mallard_page_get_info_links (self->page);
  GtkWidget *guides = NULL;

  for (guint i = 0; i < info->len; i++)
    {
      DjMallardInfoLink *link = info->pdata[i];
      DjMallardPage *guide;

      if (strcmp (link->type, "guide") != 0 ||
          !dj_mallard_book_resolve (self->book, self->page, link->xref, &guide, NULL))
        continue;
      if (guides == NULL)
        {
          guides = add_box (self, self->content, GTK_ORIENTATION_VERTICAL, 12);
          gtk_widget_set_margin_top (guides, 24);
          add_label (self, guides, _("More Information"), "title-4");
        }
      add_page_link (self, guides, guide, link->xref);
    }

  if (seealso->len > 0)
    {
      GtkWidget *box = add_box (self, self->content, GTK_ORIENTATION_VERTICAL, 12);

      gtk_widget_set_margin_top (box, 12);
      add_label (self, box, _("See Also"), "title-4");
      for (guint i = 0; i < seealso->len; i++)
        add_page_link (self, box, seealso->pdata[i], NULL);
    }
}

static void
clear_content (DjRulesView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->content)) != NULL)
    gtk_box_remove (GTK_BOX (self->content), child);
  g_hash_table_remove_all (self->anchors);
}

/* Scrolling to a section has to wait until the new page has been laid out. */
static gboolean
scroll_to_anchor_tick (GtkWidget     *widget,
                       GdkFrameClock *frame_clock,
                       gpointer       user_data)
{
  DjRulesView *self = DJ_RULES_VIEW (widget);
  GtkAdjustment *adjustment =
    gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled_window));
  GtkWidget *heading = self->anchor != NULL ? g_hash_table_lookup (self->anchors, self->anchor)
                                            : NULL;
  GtkWidget *clamp = gtk_widget_get_parent (self->content);
  graphene_point_t point;

  if (++self->scroll_frames < 2)
    return G_SOURCE_CONTINUE;
  self->scroll_tick = 0;
  if (heading != NULL &&
      gtk_widget_compute_point (heading, clamp, &GRAPHENE_POINT_INIT (0, 0), &point))
    gtk_adjustment_set_value (adjustment, MAX (0, point.y - 12));
  return G_SOURCE_REMOVE;
}

static void
render_page (DjRulesView *self)
{
  GtkAdjustment *adjustment =
    gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled_window));
  DjMallardNode *root;
  DjMallardNode *title;
  GtkWidget *heading;

  clear_content (self);
  self->fallback = !dj_help_is_translated (self->language->code, self->page_id);
  self->page_language = self->fallback ? dj_help_find_language ("C") : self->language;
  gtk_widget_set_direction (self->content, content_direction (self));

  self->book = dj_help_get_book (self->language->code);
  g_clear_pointer (&self->page, dj_mallard_page_unref);
  if (dj_mallard_book_get_page (self->book, self->page_id) != NULL)
    self->page = dj_mallard_page_ref (dj_mallard_book_get_page (self->book, self->page_id));

  if (self->page == NULL)
    {
      g_autofree char *message =
        g_strdup_printf (_("There is no help page called “%s”."), self->page_id);
      g_autofree char *escaped = g_markup_escape_text (message, -1);

      adw_window_title_set_title (self->window_title, _("Help"));
      gtk_window_set_title (GTK_WINDOW (self), _("Help"));
      add_label (self, self->content, escaped, NULL);
      self->fallback = FALSE;
      gtk_revealer_set_reveal_child (GTK_REVEALER (self->fallback_revealer), FALSE);
      return;
    }

  if (self->fallback)
    {
      g_autofree char *note =
        /* Translators: %s is the name of a language in that language, such as "Euskara". */
        g_strdup_printf (_("This page is not translated into %s yet, so it is shown in English."),
                         self->language->name);

      gtk_label_set_text (GTK_LABEL (self->fallback_label), note);
    }
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->fallback_revealer), self->fallback);

  {
    /* "Djenon-abe کے اصول" starts with a Latin word but reads right to left. */
    g_autofree char *page_title = g_strconcat (self->page_language->rtl ? RLM : "",
                                               dj_mallard_page_get_title (self->page), NULL);

    adw_window_title_set_title (self->window_title, page_title);
    adw_window_title_set_subtitle (self->window_title, self->language->name);
    gtk_window_set_title (GTK_WINDOW (self), page_title);
  }

  root = dj_mallard_page_get_root (self->page);
  title = dj_mallard_node_get_title (root);
  if (title != NULL)
    {
      heading = add_inline_label (self, self->content, title, "title-1");
      gtk_accessible_update_property (GTK_ACCESSIBLE (heading),
                                      GTK_ACCESSIBLE_PROPERTY_LEVEL, 1, -1);
    }
  render_blocks (self, self->content, root, 0);
  if (strcmp (dj_mallard_page_get_page_type (self->page), "guide") == 0)
    {
      if (!has_topic_links_block (root))
        add_topic_links (self, self->content, NULL, NULL);
    }
  else
    add_page_footer (self);

  gtk_adjustment_set_value (adjustment, 0);
  self->scroll_frames = 0;
  if (self->anchor != NULL && self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_to_anchor_tick,
                                                      NULL, NULL);
}

static void
update_language (DjRulesView          *self,
                 const DjHelpLanguage *language)
{
  guint n_languages;
  const DjHelpLanguage *languages = dj_help_get_languages (&n_languages);

  if (self->language == language)
    return;
  self->language = language;
  g_free (self->font_family);
  self->font_family = pick_font_family (self, language->code);
  for (guint i = 0; i < n_languages; i++)
    if (&languages[i] == language &&
        gtk_drop_down_get_selected (GTK_DROP_DOWN (self->language_dropdown)) != i)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->language_dropdown), i);
}

static char *
current_location (DjRulesView *self)
{
  if (self->anchor != NULL)
    return g_strconcat (self->page_id, "#", self->anchor, NULL);
  return g_strdup (self->page_id);
}

static void
set_location (DjRulesView *self,
              const char  *location)
{
  const char *hash = strchr (location, '#');

  g_free (self->page_id);
  g_clear_pointer (&self->anchor, g_free);
  if (hash != NULL)
    {
      self->page_id = g_strndup (location, hash - location);
      if (hash[1] != '\0')
        self->anchor = g_strdup (hash + 1);
    }
  else
    self->page_id = g_strdup (location);
}

void
dj_rules_view_show_page (DjRulesView *self,
                         const char  *page_id,
                         const char  *lang)
{
  const DjHelpLanguage *language = NULL;

  g_return_if_fail (DJ_IS_RULES_VIEW (self));
  g_return_if_fail (page_id != NULL && page_id[0] != '\0');

  if (lang != NULL)
    language = dj_help_find_language (lang);
  if (language == NULL)
    language = self->language;

  if (self->page_id != NULL)
    {
      g_autofree char *here = current_location (self);

      if (strcmp (here, page_id) != 0)
        g_ptr_array_add (self->history, g_steal_pointer (&here));
    }
  set_location (self, page_id);
  update_language (self, language);
  render_page (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.back", self->history->len > 0);
}

gboolean
dj_rules_view_go_back (DjRulesView *self)
{
  g_autofree char *location = NULL;

  g_return_val_if_fail (DJ_IS_RULES_VIEW (self), FALSE);

  if (self->history->len == 0)
    return FALSE;
  location = g_ptr_array_steal_index (self->history, self->history->len - 1);
  set_location (self, location);
  render_page (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.back", self->history->len > 0);
  return TRUE;
}

const char *
dj_rules_view_get_page_id (DjRulesView *self)
{
  g_return_val_if_fail (DJ_IS_RULES_VIEW (self), NULL);
  return self->page_id;
}

const char *
dj_rules_view_get_language (DjRulesView *self)
{
  g_return_val_if_fail (DJ_IS_RULES_VIEW (self), NULL);
  return self->language->code;
}

gboolean
dj_rules_view_get_fallback (DjRulesView *self)
{
  g_return_val_if_fail (DJ_IS_RULES_VIEW (self), FALSE);
  return self->fallback;
}

const char *
dj_rules_view_get_font_family (DjRulesView *self)
{
  g_return_val_if_fail (DJ_IS_RULES_VIEW (self), NULL);
  return self->font_family;
}

GtkWidget *
dj_rules_view_get_content (DjRulesView *self)
{
  g_return_val_if_fail (DJ_IS_RULES_VIEW (self), NULL);
  return self->content;
}

static void
on_language_selected (GtkDropDown *dropdown,
                      GParamSpec  *pspec,
                      DjRulesView *self)
{
  guint n_languages;
  const DjHelpLanguage *languages = dj_help_get_languages (&n_languages);
  guint selected = gtk_drop_down_get_selected (dropdown);
  g_autofree char *here = NULL;

  if (selected >= n_languages || &languages[selected] == self->language || self->page_id == NULL)
    return;
  here = current_location (self);
  dj_rules_view_show_page (self, here, languages[selected].code);
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  dj_rules_view_go_back (DJ_RULES_VIEW (widget));
}

static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  dj_rules_view_show_page (DJ_RULES_VIEW (widget), g_variant_get_string (parameter, NULL), NULL);
}

static void
dj_rules_view_dispose (GObject *object)
{
  DjRulesView *self = DJ_RULES_VIEW (object);

  if (self->scroll_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
      self->scroll_tick = 0;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), DJ_TYPE_RULES_VIEW);
  G_OBJECT_CLASS (dj_rules_view_parent_class)->dispose (object);
}

static void
dj_rules_view_finalize (GObject *object)
{
  DjRulesView *self = DJ_RULES_VIEW (object);

  g_clear_pointer (&self->page, dj_mallard_page_unref);
  g_clear_pointer (&self->anchors, g_hash_table_unref);
  g_clear_pointer (&self->history, g_ptr_array_unref);
  g_free (self->page_id);
  g_free (self->anchor);
  g_free (self->font_family);
  G_OBJECT_CLASS (dj_rules_view_parent_class)->finalize (object);
}

static void
dj_rules_view_class_init (DjRulesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dj_rules_view_dispose;
  object_class->finalize = dj_rules_view_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/ui/dj-rules-view.ui");
  gtk_widget_class_bind_template_child (widget_class, DjRulesView, window_title);
  gtk_widget_class_bind_template_child (widget_class, DjRulesView, language_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DjRulesView, fallback_revealer);
  gtk_widget_class_bind_template_child (widget_class, DjRulesView, fallback_label);
  gtk_widget_class_bind_template_child (widget_class, DjRulesView, scrolled_window);
  gtk_widget_class_bind_template_child (widget_class, DjRulesView, content);

  gtk_widget_class_install_action (widget_class, "rules.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "rules.show-page", "s", show_page_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK,
                                       "rules.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
}

static void
dj_rules_view_init (DjRulesView *self)
{
  guint n_languages;
  const DjHelpLanguage *languages = dj_help_get_languages (&n_languages);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  self->history = g_ptr_array_new_with_free_func (g_free);
  self->anchors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < n_languages; i++)
    gtk_string_list_append (names, languages[i].name);
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->language_dropdown), G_LIST_MODEL (names));
  self->language = dj_help_find_language (dj_help_get_ui_language ());
  self->page_language = self->language;
  self->font_family = pick_font_family (self, self->language->code);
  for (guint i = 0; i < n_languages; i++)
    if (&languages[i] == self->language)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->language_dropdown), i);
  g_signal_connect_object (self->language_dropdown, "notify::selected",
                           G_CALLBACK (on_language_selected), self, 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.back", FALSE);
}

GtkWindow *
dj_rules_view_new (GtkWindow *parent,
                   DjVariant  variant)
{
  DjRulesView *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (DJ_TYPE_RULES_VIEW,
                       "transient-for", parent,
                       "destroy-with-parent", TRUE,
                       "application", parent != NULL ? gtk_window_get_application (parent) : NULL,
                       NULL);
  dj_rules_view_show_page (self, variant == DJ_VARIANT_ABE ? "rules-abe" : "rules-aboure", NULL);
  return GTK_WINDOW (self);
}

/* Showing help: F1 and Rules */

typedef struct
{
  GtkWindow *parent;   /* weak */
  char      *page_id;
} ShowHelpData;

static void
forget_view (GtkWindow *view,
             GtkWindow *parent)
{
  if (g_object_get_data (G_OBJECT (parent), "dj-rules-view") == view)
    g_object_set_data (G_OBJECT (parent), "dj-rules-view", NULL);
}

static void
show_in_viewer (GtkWindow  *parent,
                const char *page_id)
{
  GtkWindow *view = NULL;

  /* One viewer per window is enough. */
  if (parent != NULL)
    view = g_object_get_data (G_OBJECT (parent), "dj-rules-view");
  if (view == NULL)
    {
      view = dj_rules_view_new (parent, DJ_VARIANT_ABOURE);
      if (parent != NULL)
        {
          g_object_set_data (G_OBJECT (parent), "dj-rules-view", view);
          g_signal_connect_object (view, "destroy", G_CALLBACK (forget_view), parent, 0);
        }
    }
  dj_rules_view_show_page (DJ_RULES_VIEW (view), page_id != NULL ? page_id : "index", NULL);
  gtk_window_present (view);
}

static void
show_uri_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  ShowHelpData *data = user_data;
  g_autoptr(GError) error = NULL;

  if (!gtk_show_uri_full_finish (source != NULL ? GTK_WINDOW (source) : NULL, result, &error))
    {
      g_debug ("Could not open the help in Yelp: %s", error->message);
      show_in_viewer (data->parent, data->page_id);
    }
  g_clear_weak_pointer (&data->parent);
  g_free (data->page_id);
  g_free (data);
}

void
dj_show_help (GtkWindow  *parent,
              const char *page_id)
{
  g_autofree char *yelp = NULL;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  yelp = g_find_program_in_path ("yelp");
  if (yelp != NULL)
    {
      ShowHelpData *data = g_new0 (ShowHelpData, 1);
      g_autofree char *uri = page_id != NULL ? g_strconcat ("help:djenon/", page_id, NULL)
                                             : g_strdup ("help:djenon");

      g_set_weak_pointer (&data->parent, parent);
      data->page_id = g_strdup (page_id);
      gtk_show_uri_full (parent, uri, GDK_CURRENT_TIME, NULL, show_uri_done, data);
      return;
    }
  show_in_viewer (parent, page_id);
}

void
dj_show_rules (GtkWindow *parent,
               DjVariant  variant)
{
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  show_in_viewer (parent, variant == DJ_VARIANT_ABE ? "rules-abe" : "rules-aboure");
}
