/* dj-mallard.c: a small reader for the Mallard help pages, GTK-free
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <string.h>

#include "dj-mallard.h"

#define MALLARD_NS     "http://projectmallard.org/1.0/"
#define XML_NS         "http://www.w3.org/XML/1998/namespace"
/* Djenon's own elements in its help: <dj:example …/>. */
#define DJENON_HELP_NS "http://djenon.org/ns/help/1"
/* Mallard conditional processing: what other readers show instead of Djenon's
 * own elements carries if:test="!platform:djenon", and Djenon leaves it out. */
#define IF_NS          "http://projectmallard.org/if/1.0/"
/* Our pages are a few tens of kilobytes. */
#define MAX_PAGE_SIZE  (4 * 1024 * 1024)

G_DEFINE_QUARK (dj-mallard-error-quark, dj_mallard_error)

struct _DjMallardPage
{
  char          *id;
  char          *type;
  char          *lang;
  char          *title;
  char          *desc;
  DjMallardNode *root;
  GPtrArray     *info_links;
};

struct _DjMallardBook
{
  GHashTable *pages;   /* id → DjMallardPage (owned) */
};

/* Nodes */

static DjMallardNode *
node_new (DjMallardKind  kind,
          DjMallardNode *parent)
{
  DjMallardNode *node = g_new0 (DjMallardNode, 1);

  node->kind = kind;
  node->parent = parent;
  node->children = g_ptr_array_new ();
  if (parent != NULL)
    g_ptr_array_add (parent->children, node);
  return node;
}

static void
node_free (DjMallardNode *node)
{
  for (guint i = 0; i < node->children->len; i++)
    node_free (g_ptr_array_index (node->children, i));
  g_ptr_array_unref (node->children);
  g_free (node->text);
  g_free (node->id);
  g_free (node->xref);
  g_free (node->href);
  g_free (node->style);
  g_free (node->groups);
  g_clear_pointer (&node->attributes, g_hash_table_unref);
  g_free (node);
}

static void
info_link_free (DjMallardInfoLink *link)
{
  g_free (link->type);
  g_free (link->xref);
  g_free (link->group);
  g_free (link);
}

gboolean
dj_mallard_kind_is_inline (DjMallardKind kind)
{
  return kind >= DJ_MALLARD_TEXT;
}

/* Reading the XML tree */

static gboolean
is_mallard (xmlNode    *node,
            const char *name)
{
  return node->type == XML_ELEMENT_NODE &&
         node->ns != NULL && node->ns->href != NULL &&
         strcmp ((const char *) node->ns->href, MALLARD_NS) == 0 &&
         (name == NULL || strcmp ((const char *) node->name, name) == 0);
}

/* Whether other readers show this instead of one of Djenon's own elements. */
static gboolean
is_for_other_readers (xmlNode *node)
{
  xmlChar *test = xmlGetNsProp (node, (const xmlChar *) "test", (const xmlChar *) IF_NS);
  gboolean other = FALSE;

  if (test != NULL)
    {
      g_auto(GStrv) tokens = g_strsplit_set ((const char *) test, " \t\n,", -1);

      for (guint i = 0; tokens[i] != NULL; i++)
        if (strcmp (tokens[i], "!platform:djenon") == 0)
          other = TRUE;
    }
  xmlFree (test);
  return other;
}

static gboolean
is_djenon_example (xmlNode *node)
{
  return node->type == XML_ELEMENT_NODE &&
         node->ns != NULL && node->ns->href != NULL &&
         strcmp ((const char *) node->ns->href, DJENON_HELP_NS) == 0 &&
         strcmp ((const char *) node->name, "example") == 0;
}

static void
read_example (xmlNode       *xml,
              DjMallardNode *parent)
{
  DjMallardNode *node = node_new (DJ_MALLARD_EXAMPLE, parent);

  node->attributes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (xmlAttr *attr = xml->properties; attr != NULL; attr = attr->next)
    {
      xmlChar *value;

      if (attr->ns != NULL)
        continue;
      value = xmlNodeListGetString (xml->doc, attr->children, 1);
      g_hash_table_replace (node->attributes, g_strdup ((const char *) attr->name),
                            g_strdup (value != NULL ? (const char *) value : ""));
      xmlFree (value);
    }
  node->id = g_strdup (g_hash_table_lookup (node->attributes, "id"));
}

const char *
dj_mallard_node_get_attribute (DjMallardNode *node,
                               const char    *name)
{
  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (node->attributes == NULL)
    return NULL;
  return g_hash_table_lookup (node->attributes, name);
}

static char *
get_prop (xmlNode    *node,
          const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *) name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

/* Mallard collapses whitespace outside code blocks. */
static char *
collapse_whitespace (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));
  gboolean space = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        {
          space = TRUE;
          continue;
        }
      if (space)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_c (out, *p);
    }
  if (space)
    g_string_append_c (out, ' ');
  return g_string_free (out, FALSE);
}

static gboolean
is_blank (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
      return FALSE;
  return TRUE;
}

static void
append_raw_text (GString *out,
                 xmlNode *node)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        g_string_append (out, (const char *) child->content);
      else if (child->type == XML_ELEMENT_NODE)
        append_raw_text (out, child);
    }
}

static void convert_inlines (xmlNode       *xml,
                             DjMallardNode *parent);
static void convert_blocks  (xmlNode       *xml,
                             DjMallardNode *parent);

static DjMallardKind
inline_kind (const char *name)
{
  static const struct { const char *name; DjMallardKind kind; } map[] = {
    { "em", DJ_MALLARD_EMPHASIS },
    { "code", DJ_MALLARD_CODE },
    { "cmd", DJ_MALLARD_CODE },
    { "file", DJ_MALLARD_CODE },
    { "sys", DJ_MALLARD_CODE },
    { "input", DJ_MALLARD_CODE },
    { "output", DJ_MALLARD_CODE },
    { "var", DJ_MALLARD_EMPHASIS },
    { "app", DJ_MALLARD_EMPHASIS },
    { "gui", DJ_MALLARD_GUI },
    { "guiseq", DJ_MALLARD_GUISEQ },
    { "key", DJ_MALLARD_KEY },
    { "keyseq", DJ_MALLARD_KEYSEQ },
    { "link", DJ_MALLARD_LINK },
  };

  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (strcmp (name, map[i].name) == 0)
      return map[i].kind;
  return DJ_MALLARD_SPAN;
}

static void
convert_inlines (xmlNode       *xml,
                 DjMallardNode *parent)
{
  for (xmlNode *child = xml->children; child != NULL; child = child->next)
    {
      if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        {
          DjMallardNode *text = node_new (DJ_MALLARD_TEXT, parent);

          text->text = collapse_whitespace ((const char *) child->content);
        }
      else if (is_mallard (child, NULL) && !is_for_other_readers (child))
        {
          const char *name = (const char *) child->name;
          DjMallardNode *node;

          /* Editorial comments and media are not shown inline. */
          if (strcmp (name, "comment") == 0 || strcmp (name, "media") == 0)
            continue;
          node = node_new (inline_kind (name), parent);
          if (node->kind == DJ_MALLARD_LINK)
            {
              node->xref = get_prop (child, "xref");
              node->href = get_prop (child, "href");
            }
          convert_inlines (child, node);
        }
    }
}

/* A block made of inlines (a paragraph, a title …). */
static DjMallardNode *
inline_block (xmlNode       *xml,
              DjMallardKind  kind,
              DjMallardNode *parent)
{
  DjMallardNode *node = node_new (kind, parent);

  convert_inlines (xml, node);
  return node;
}

static void
convert_table (xmlNode       *xml,
               DjMallardNode *table)
{
  for (xmlNode *child = xml->children; child != NULL; child = child->next)
    {
      if (!is_mallard (child, NULL))
        continue;
      if (is_mallard (child, "thead") || is_mallard (child, "tbody") ||
          is_mallard (child, "tfoot"))
        convert_table (child, table);
      else if (is_mallard (child, "title"))
        inline_block (child, DJ_MALLARD_TITLE, table);
      else if (is_mallard (child, "tr"))
        {
          DjMallardNode *row = node_new (DJ_MALLARD_ROW, table);

          for (xmlNode *cell = child->children; cell != NULL; cell = cell->next)
            if (is_mallard (cell, "td") || is_mallard (cell, "th"))
              convert_blocks (cell, node_new (DJ_MALLARD_CELL, row));
        }
    }
}

static void
convert_list (xmlNode       *xml,
              DjMallardNode *list)
{
  for (xmlNode *child = xml->children; child != NULL; child = child->next)
    {
      if (is_mallard (child, "title"))
        inline_block (child, DJ_MALLARD_TITLE, list);
      else if (is_mallard (child, "item"))
        {
          DjMallardNode *item = node_new (DJ_MALLARD_ITEM, list);

          /* A terms item starts with its terms, as titles. */
          convert_blocks (child, item);
        }
    }
}

static void
convert_block (xmlNode       *child,
               DjMallardNode *parent)
{
  const char *name = (const char *) child->name;
  DjMallardNode *node;

  if (strcmp (name, "info") == 0 || strcmp (name, "comment") == 0 ||
      strcmp (name, "media") == 0 || strcmp (name, "desc") == 0)
    return;

  if (is_for_other_readers (child))
    return;
  if (strcmp (name, "p") == 0)
    inline_block (child, DJ_MALLARD_PARAGRAPH, parent)->style = get_prop (child, "style");
  else if (strcmp (name, "title") == 0 || strcmp (name, "subtitle") == 0)
    {
      /* Only the first title names its block; a terms item may have several. */
      inline_block (child, DJ_MALLARD_TITLE, parent);
    }
  else if (strcmp (name, "code") == 0 || strcmp (name, "screen") == 0)
    {
      g_autoptr(GString) raw = g_string_new (NULL);

      node = node_new (DJ_MALLARD_CODE_BLOCK, parent);
      node->style = get_prop (child, "mime");
      append_raw_text (raw, child);
      if (raw->str[0] == '\n')
        g_string_erase (raw, 0, 1);
      while (raw->len > 0 && (raw->str[raw->len - 1] == '\n' || raw->str[raw->len - 1] == ' '))
        g_string_truncate (raw, raw->len - 1);
      node->text = g_strdup (raw->str);
    }
  else if (strcmp (name, "section") == 0)
    {
      node = node_new (DJ_MALLARD_SECTION, parent);
      node->id = get_prop (child, "id");
      convert_blocks (child, node);
    }
  else if (strcmp (name, "list") == 0)
    {
      node = node_new (DJ_MALLARD_LIST, parent);
      node->style = get_prop (child, "type");
      convert_list (child, node);
    }
  else if (strcmp (name, "steps") == 0)
    convert_list (child, node_new (DJ_MALLARD_STEPS, parent));
  else if (strcmp (name, "terms") == 0)
    convert_list (child, node_new (DJ_MALLARD_TERMS, parent));
  else if (strcmp (name, "note") == 0)
    {
      node = node_new (DJ_MALLARD_NOTE, parent);
      node->style = get_prop (child, "style");
      convert_blocks (child, node);
    }
  else if (strcmp (name, "table") == 0)
    convert_table (child, node_new (DJ_MALLARD_TABLE, parent));
  else if (strcmp (name, "links") == 0)
    {
      node = node_new (DJ_MALLARD_LINKS, parent);
      node->style = get_prop (child, "type");
      node->groups = get_prop (child, "groups");
    }
  else
    {
      /* quote, example, figure, synopsis, listing …: show what they hold. */
      convert_blocks (child, node_new (DJ_MALLARD_BLOCK, parent));
    }
}

static void
convert_blocks (xmlNode       *xml,
                DjMallardNode *parent)
{
  DjMallardNode *loose = NULL;

  for (xmlNode *child = xml->children; child != NULL; child = child->next)
    {
      gboolean text = child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE;

      if (text && is_blank ((const char *) child->content))
        continue;

      if (is_djenon_example (child))
        {
          loose = NULL;
          read_example (child, parent);
          continue;
        }

      /* Text or inline markup where a block belongs: gather it in a paragraph. */
      if (text || (is_mallard (child, NULL) && !is_for_other_readers (child) &&
                   inline_kind ((const char *) child->name) != DJ_MALLARD_SPAN &&
                   strcmp ((const char *) child->name, "code") != 0))
        {
          if (loose == NULL)
            loose = node_new (DJ_MALLARD_PARAGRAPH, parent);
          if (text)
            node_new (DJ_MALLARD_TEXT, loose)->text =
              collapse_whitespace ((const char *) child->content);
          else
            {
              DjMallardNode *node = node_new (inline_kind ((const char *) child->name), loose);

              if (node->kind == DJ_MALLARD_LINK)
                {
                  node->xref = get_prop (child, "xref");
                  node->href = get_prop (child, "href");
                }
              convert_inlines (child, node);
            }
          continue;
        }

      loose = NULL;
      if (is_mallard (child, NULL))
        convert_block (child, parent);
    }
}

static void
read_info (xmlNode       *info,
           DjMallardPage *page)
{
  for (xmlNode *child = info->children; child != NULL; child = child->next)
    {
      if (is_mallard (child, "link"))
        {
          DjMallardInfoLink *link = g_new0 (DjMallardInfoLink, 1);

          link->type = get_prop (child, "type");
          link->xref = get_prop (child, "xref");
          link->group = get_prop (child, "group");
          if (link->type == NULL || link->xref == NULL)
            info_link_free (link);
          else
            g_ptr_array_add (page->info_links, link);
        }
      else if (is_mallard (child, "desc") && page->desc == NULL)
        {
          DjMallardNode *desc = node_new (DJ_MALLARD_PARAGRAPH, NULL);
          g_autofree char *text = NULL;

          convert_inlines (child, desc);
          text = dj_mallard_node_get_text (desc);
          page->desc = g_strstrip (g_steal_pointer (&text));
          node_free (desc);
        }
    }
}

/* Refusing a DOCTYPE here stops the parser before it reads any declaration,
 * so no entity is ever defined, let alone loaded or expanded. */
static void
refuse_internal_subset (void          *user_data,
                        const xmlChar *name,
                        const xmlChar *external_id,
                        const xmlChar *system_id)
{
  xmlParserCtxt *ctxt = user_data;

  ctxt->_private = GINT_TO_POINTER (1);
  xmlStopParser (ctxt);
}

static gboolean
has_entity_references (xmlNode *node)
{
  for (; node != NULL; node = node->next)
    {
      if (node->type == XML_ENTITY_REF_NODE || node->type == XML_ENTITY_NODE ||
          node->type == XML_DTD_NODE)
        return TRUE;
      if (node->type == XML_ELEMENT_NODE && has_entity_references (node->children))
        return TRUE;
    }
  return FALSE;
}

DjMallardPage *
dj_mallard_page_parse (const char  *data,
                       gssize       length,
                       const char  *filename,
                       GError     **error)
{
  xmlParserCtxt *ctxt;
  xmlDoc *doc;
  xmlNode *root;
  DjMallardPage *page;
  gboolean doctype;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (filename == NULL)
    filename = "page";
  if (length < 0)
    length = strlen (data);
  if (length > MAX_PAGE_SIZE)
    {
      g_set_error (error, DJ_MALLARD_ERROR, DJ_MALLARD_ERROR_PARSE,
                   _("%s: The help page is too large"), filename);
      return NULL;
    }

  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      g_set_error (error, DJ_MALLARD_ERROR, DJ_MALLARD_ERROR_PARSE,
                   _("%s: Could not read the help page"), filename);
      return NULL;
    }
  ctxt->sax->internalSubset = refuse_internal_subset;
  ctxt->_private = NULL;
  /* No NOENT, DTDLOAD or HUGE: entities stay unexpanded and nothing is loaded. */
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, filename, "UTF-8",
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                           XML_PARSE_NOCDATA);
  doctype = ctxt->_private != NULL;

  if (doctype || (doc != NULL && (doc->intSubset != NULL || doc->extSubset != NULL)))
    {
      g_set_error (error, DJ_MALLARD_ERROR, DJ_MALLARD_ERROR_DOCTYPE,
                   _("%s: A help page may not have a document type declaration"), filename);
      g_clear_pointer (&doc, xmlFreeDoc);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  if (doc == NULL || !ctxt->wellFormed)
    {
      const xmlError *xerr = xmlCtxtGetLastError (ctxt);
      g_autofree char *message = g_strstrip (g_strdup (xerr != NULL && xerr->message != NULL
                                                       ? xerr->message : "?"));

      g_set_error (error, DJ_MALLARD_ERROR, DJ_MALLARD_ERROR_PARSE,
                   _("%s:%d: The help page is not well-formed XML: %s"),
                   filename, xerr != NULL ? xerr->line : 0, message);
      g_clear_pointer (&doc, xmlFreeDoc);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  xmlFreeParserCtxt (ctxt);

  root = xmlDocGetRootElement (doc);
  if (root == NULL || !is_mallard (root, "page") || has_entity_references (doc->children))
    {
      g_set_error (error, DJ_MALLARD_ERROR, DJ_MALLARD_ERROR_NOT_PAGE,
                   _("%s: This is not a Mallard help page"), filename);
      xmlFreeDoc (doc);
      return NULL;
    }

  page = g_atomic_rc_box_new0 (DjMallardPage);
  page->id = get_prop (root, "id");
  page->type = get_prop (root, "type");
  if (page->type == NULL)
    page->type = g_strdup ("topic");
  {
    xmlChar *lang = xmlGetNsProp (root, (const xmlChar *) "lang", (const xmlChar *) XML_NS);

    page->lang = g_strdup ((const char *) lang);
    xmlFree (lang);
  }
  page->info_links = g_ptr_array_new_with_free_func ((GDestroyNotify) info_link_free);
  page->root = node_new (DJ_MALLARD_PAGE, NULL);
  page->root->id = g_strdup (page->id);

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    if (is_mallard (child, "info"))
      read_info (child, page);
  convert_blocks (root, page->root);
  xmlFreeDoc (doc);

  if (page->id == NULL || page->id[0] == '\0')
    {
      g_set_error (error, DJ_MALLARD_ERROR, DJ_MALLARD_ERROR_NOT_PAGE,
                   _("%s: The help page has no id"), filename);
      dj_mallard_page_unref (page);
      return NULL;
    }

  {
    DjMallardNode *title = dj_mallard_node_get_title (page->root);
    g_autofree char *text = title != NULL ? dj_mallard_node_get_text (title) : g_strdup (page->id);

    page->title = g_strstrip (g_steal_pointer (&text));
  }
  return page;
}

static void
page_clear (gpointer data)
{
  DjMallardPage *page = data;

  g_free (page->id);
  g_free (page->type);
  g_free (page->lang);
  g_free (page->title);
  g_free (page->desc);
  g_clear_pointer (&page->root, node_free);
  g_clear_pointer (&page->info_links, g_ptr_array_unref);
}

DjMallardPage *
dj_mallard_page_ref (DjMallardPage *page)
{
  g_return_val_if_fail (page != NULL, NULL);
  return g_atomic_rc_box_acquire (page);
}

void
dj_mallard_page_unref (DjMallardPage *page)
{
  g_return_if_fail (page != NULL);
  g_atomic_rc_box_release_full (page, page_clear);
}

const char *
dj_mallard_page_get_id (DjMallardPage *page)
{
  g_return_val_if_fail (page != NULL, NULL);
  return page->id;
}

const char *
dj_mallard_page_get_page_type (DjMallardPage *page)
{
  g_return_val_if_fail (page != NULL, NULL);
  return page->type;
}

const char *
dj_mallard_page_get_lang (DjMallardPage *page)
{
  g_return_val_if_fail (page != NULL, NULL);
  return page->lang;
}

const char *
dj_mallard_page_get_title (DjMallardPage *page)
{
  g_return_val_if_fail (page != NULL, NULL);
  return page->title;
}

const char *
dj_mallard_page_get_desc (DjMallardPage *page)
{
  g_return_val_if_fail (page != NULL, NULL);
  return page->desc;
}

DjMallardNode *
dj_mallard_page_get_root (DjMallardPage *page)
{
  g_return_val_if_fail (page != NULL, NULL);
  return page->root;
}

GPtrArray *
dj_mallard_page_get_info_links (DjMallardPage *page)
{
  g_return_val_if_fail (page != NULL, NULL);
  return page->info_links;
}

static DjMallardNode *
find_section (DjMallardNode *node,
              const char    *id)
{
  if (node->kind == DJ_MALLARD_SECTION && g_strcmp0 (node->id, id) == 0)
    return node;
  for (guint i = 0; i < node->children->len; i++)
    {
      DjMallardNode *child = g_ptr_array_index (node->children, i);
      DjMallardNode *found;

      if (dj_mallard_kind_is_inline (child->kind))
        continue;
      found = find_section (child, id);
      if (found != NULL)
        return found;
    }
  return NULL;
}

DjMallardNode *
dj_mallard_page_find_section (DjMallardPage *page,
                              const char    *section_id)
{
  g_return_val_if_fail (page != NULL, NULL);
  g_return_val_if_fail (section_id != NULL, NULL);
  return find_section (page->root, section_id);
}

static void
collect_links (DjMallardNode *node,
               GPtrArray     *links)
{
  if (node->kind == DJ_MALLARD_LINK && node->xref != NULL)
    g_ptr_array_add (links, node);
  for (guint i = 0; i < node->children->len; i++)
    collect_links (g_ptr_array_index (node->children, i), links);
}

GPtrArray *
dj_mallard_page_collect_links (DjMallardPage *page)
{
  GPtrArray *links = g_ptr_array_new ();

  g_return_val_if_fail (page != NULL, links);
  collect_links (page->root, links);
  return links;
}

static void
append_text (GString       *out,
             DjMallardNode *node)
{
  if (node->kind == DJ_MALLARD_TEXT || node->kind == DJ_MALLARD_CODE_BLOCK)
    {
      g_string_append (out, node->text);
      return;
    }
  for (guint i = 0; i < node->children->len; i++)
    {
      DjMallardNode *child = g_ptr_array_index (node->children, i);

      if (i > 0 && node->kind == DJ_MALLARD_KEYSEQ)
        g_string_append_c (out, '+');
      else if (i > 0 && node->kind == DJ_MALLARD_GUISEQ)
        g_string_append (out, " ▸ ");
      else if (i > 0 && !dj_mallard_kind_is_inline (child->kind))
        g_string_append_c (out, '\n');
      append_text (out, child);
    }
}

char *
dj_mallard_node_get_text (DjMallardNode *node)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (node != NULL, g_string_free (out, FALSE));
  append_text (out, node);
  return g_string_free (out, FALSE);
}

DjMallardNode *
dj_mallard_node_get_title (DjMallardNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  for (guint i = 0; i < node->children->len; i++)
    {
      DjMallardNode *child = g_ptr_array_index (node->children, i);

      if (child->kind == DJ_MALLARD_TITLE)
        return child;
    }
  return NULL;
}

/* Book */

DjMallardBook *
dj_mallard_book_new (void)
{
  DjMallardBook *book = g_new0 (DjMallardBook, 1);

  book->pages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) dj_mallard_page_unref);
  return book;
}

void
dj_mallard_book_free (DjMallardBook *book)
{
  g_return_if_fail (book != NULL);
  g_hash_table_unref (book->pages);
  g_free (book);
}

void
dj_mallard_book_add (DjMallardBook *book,
                     DjMallardPage *page)
{
  g_return_if_fail (book != NULL);
  g_return_if_fail (page != NULL);
  g_hash_table_replace (book->pages, g_strdup (page->id), dj_mallard_page_ref (page));
}

DjMallardPage *
dj_mallard_book_get_page (DjMallardBook *book,
                          const char    *page_id)
{
  g_return_val_if_fail (book != NULL, NULL);
  g_return_val_if_fail (page_id != NULL, NULL);
  return g_hash_table_lookup (book->pages, page_id);
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
dj_mallard_book_list_pages (DjMallardBook *book)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (book != NULL, ids);
  g_hash_table_iter_init (&iter, book->pages);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (ids, g_strdup (key));
  g_ptr_array_sort (ids, compare_ids);
  return ids;
}

gboolean
dj_mallard_book_resolve (DjMallardBook  *book,
                         DjMallardPage  *from,
                         const char     *xref,
                         DjMallardPage **page,
                         DjMallardNode **section)
{
  g_autofree char *page_id = NULL;
  const char *hash;
  DjMallardPage *target;
  DjMallardNode *target_section = NULL;

  g_return_val_if_fail (book != NULL, FALSE);
  g_return_val_if_fail (xref != NULL, FALSE);

  if (page != NULL)
    *page = NULL;
  if (section != NULL)
    *section = NULL;

  hash = strchr (xref, '#');
  page_id = hash != NULL ? g_strndup (xref, hash - xref) : g_strdup (xref);
  if (page_id[0] == '\0')
    target = from;
  else
    target = g_hash_table_lookup (book->pages, page_id);
  if (target == NULL)
    return FALSE;
  if (hash != NULL && hash[1] != '\0')
    {
      target_section = dj_mallard_page_find_section (target, hash + 1);
      if (target_section == NULL)
        return FALSE;
    }
  if (page != NULL)
    *page = target;
  if (section != NULL)
    *section = target_section;
  return TRUE;
}

char *
dj_mallard_book_get_link_title (DjMallardBook *book,
                                DjMallardPage *from,
                                const char    *xref)
{
  DjMallardPage *page;
  DjMallardNode *section;
  DjMallardNode *title;
  g_autofree char *text = NULL;

  g_return_val_if_fail (book != NULL, NULL);
  g_return_val_if_fail (xref != NULL, NULL);

  if (!dj_mallard_book_resolve (book, from, xref, &page, &section))
    return NULL;
  if (section == NULL)
    return g_strdup (page->title);
  title = dj_mallard_node_get_title (section);
  if (title == NULL)
    return g_strdup (page->title);
  text = dj_mallard_node_get_text (title);
  return g_strstrip (g_steal_pointer (&text));
}

typedef struct
{
  DjMallardPage *page;
  int            rank;
} RankedPage;

static int
compare_ranked (gconstpointer a,
                gconstpointer b)
{
  const RankedPage *ra = a;
  const RankedPage *rb = b;

  if (ra->rank != rb->rank)
    return ra->rank < rb->rank ? -1 : 1;
  return g_utf8_collate (ra->page->title, rb->page->title);
}

GPtrArray *
dj_mallard_book_topic_links (DjMallardBook *book,
                             const char    *guide_id,
                             const char    *section_id,
                             const char    *groups)
{
  g_autofree char *target = NULL;
  g_auto(GStrv) group_list = NULL;
  g_autoptr(GArray) ranked = g_array_new (FALSE, FALSE, sizeof (RankedPage));
  GPtrArray *result = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;
  int default_rank;

  g_return_val_if_fail (book != NULL, result);
  g_return_val_if_fail (guide_id != NULL, result);

  target = section_id != NULL ? g_strconcat (guide_id, "#", section_id, NULL)
                              : g_strdup (guide_id);
  /* Mallard's default groups. */
  group_list = g_strsplit_set (groups != NULL ? groups : "#first #default #last", " \t\n", -1);
  default_rank = g_strv_length (group_list);
  for (guint i = 0; group_list[i] != NULL; i++)
    if (strcmp (group_list[i], "#default") == 0)
      default_rank = i;

  g_hash_table_iter_init (&iter, book->pages);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      DjMallardPage *page = value;

      for (guint i = 0; i < page->info_links->len; i++)
        {
          DjMallardInfoLink *link = g_ptr_array_index (page->info_links, i);
          RankedPage ranked_page = { page, default_rank };

          if (strcmp (link->type, "guide") != 0 || strcmp (link->xref, target) != 0)
            continue;
          for (guint g = 0; link->group != NULL && group_list[g] != NULL; g++)
            if (strcmp (group_list[g], link->group) == 0)
              ranked_page.rank = g;
          g_array_append_val (ranked, ranked_page);
          break;
        }
    }
  g_array_sort (ranked, compare_ranked);
  for (guint i = 0; i < ranked->len; i++)
    g_ptr_array_add (result, g_array_index (ranked, RankedPage, i).page);
  return result;
}

static int
compare_titles (gconstpointer a,
                gconstpointer b)
{
  DjMallardPage *pa = *(DjMallardPage **) a;
  DjMallardPage *pb = *(DjMallardPage **) b;

  return g_utf8_collate (pa->title, pb->title);
}

static gboolean
xref_names_page (const char *xref,
                 const char *page_id)
{
  size_t len = strlen (page_id);

  return strncmp (xref, page_id, len) == 0 && (xref[len] == '\0' || xref[len] == '#');
}

GPtrArray *
dj_mallard_book_seealso_links (DjMallardBook *book,
                               DjMallardPage *page)
{
  GPtrArray *result = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (book != NULL, result);
  g_return_val_if_fail (page != NULL, result);

  g_hash_table_iter_init (&iter, book->pages);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      DjMallardPage *other = value;
      gboolean linked = FALSE;

      if (other == page)
        continue;
      for (guint i = 0; i < page->info_links->len && !linked; i++)
        {
          DjMallardInfoLink *link = g_ptr_array_index (page->info_links, i);

          linked = strcmp (link->type, "seealso") == 0 && xref_names_page (link->xref, other->id);
        }
      for (guint i = 0; i < other->info_links->len && !linked; i++)
        {
          DjMallardInfoLink *link = g_ptr_array_index (other->info_links, i);

          linked = strcmp (link->type, "seealso") == 0 && xref_names_page (link->xref, page->id);
        }
      if (linked)
        g_ptr_array_add (result, other);
    }
  g_ptr_array_sort (result, compare_titles);
  return result;
}
