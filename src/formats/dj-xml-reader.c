/* dj-xml-reader.c: reading Djenon XML game files
 *
 * The file streams through libxml2's SAX2 push parser.  Each element is
 * built as a small tree by the standard SAX2 handlers, checked against the
 * RELAX NG schema as it arrives (libxml2's progressive validation, as
 * xmlTextReader does it), turned into the record, and freed.  So memory
 * stays small whatever the file's length, line numbers are exact, and
 * nothing recurses over the moves: they are a flat sequence of elements.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/relaxng.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <string.h>

#include "dj-format-private.h"
#include "dj-node-private.h"
#include "dj-xml.h"

#define CHUNK_SIZE            (64 * 1024)
/* Elements and text inside one move, start, info, rules or setup element. */
#define MAX_RECORD_ELEMENTS   4096
/* Text inside one of them: all the information of a game with its
 * extension data and white space (a move holds less: two comments). */
#define MAX_RECORD_BYTES      (DJ_FORMAT_MAX_INFO_BYTES + 2 * DJ_FORMAT_MAX_FOREIGN_BYTES)
/* Attributes (or namespace declarations) of one element */
#define MAX_ATTRIBUTES        64

typedef struct
{
  DjNode *resume;     /* the line goes on from here after the variation */
  DjNode *branch;     /* the variation's moves are alternatives among its children */
  guint   line;
} Variation;

typedef struct
{
  guint  line;
  char  *message;
} Pending;

static void
pending_free (Pending *p)
{
  g_free (p->message);
  g_free (p);
}

typedef struct
{
  const char             *name;       /* for messages */
  xmlParserCtxtPtr        ctxt;
  xmlRelaxNGValidCtxtPtr  vctxt;
  xmlSAXHandler           sax;        /* ours */
  xmlSAXHandler           sax2;       /* libxml2's, that we call */

  GError                 *error;      /* the first problem */
  GPtrArray              *problems;   /* validate mode: every problem, else NULL */
  gboolean                stopped;
  guint                   last_problem_line;
  guint64                 bytes;

  guint                   depth;      /* of the element being read, root = 1 */
  xmlNodePtr              record;     /* child of <game> or of <moves>, built whole */
  xmlNodePtr              full;       /* element validated as a whole, not streamed */
  guint                   record_elements;
  gsize                   record_bytes;
  gboolean                record_invalid;
  gboolean                hold_schema;   /* keep schema errors in pending */
  xmlNodePtr              validating;    /* element a schema error is about, if known */
  GPtrArray              *pending;       /* Pending *: schema errors of the record */
  gboolean                at_eof;        /* the parser is told the data has ended */
  gboolean                seen_root;
  guint64                 foreign_bytes;  /* extension data kept so far */
  gboolean                seen_text;      /* anything but white space was read */
  char                    head[4];        /* the first bytes, until there are 4 */
  gsize                   head_len;
  GString                *declaration;    /* the XML declaration, until it is checked */

  DjCollection           *collection;
  guint                   n_games;
  guint                   n_nodes;

  /* The game being read */
  gboolean                in_game;
  gboolean                broken;     /* a problem: check no further moves of it */
  gboolean                have_rules;
  DjRules                 rules;
  gboolean                have_setup;
  DjPosition              start;
  DjGameInfo             *info;
  GString                *game_foreign;
  DjGame                 *game;
  DjNode                 *cur;
  GArray                 *variations; /* Variation */
  DjMoves                 moves;      /* of moves_node */
  DjNode                 *moves_node;
} Loader;

static guint
current_line (Loader *self)
{
  if (self->ctxt != NULL && self->ctxt->input != NULL)
    return (guint) MAX (self->ctxt->input->line, 1);
  return 1;
}

static guint
node_line (Loader     *self,
           xmlNodePtr  node)
{
  if (node != NULL && node->type == XML_ELEMENT_NODE && node->_private != NULL)
    return GPOINTER_TO_UINT (node->_private);
  return current_line (self);
}

static void
stop (Loader *self)
{
  if (!self->stopped && self->ctxt != NULL)
    xmlStopParser (self->ctxt);
  self->stopped = TRUE;
}

/* Records a problem.  Loading stops at the first; validating goes on unless
 * @fatal. */
static void G_GNUC_PRINTF (5, 6)
problem (Loader        *self,
         DjFormatError  code,
         guint          line,
         gboolean       fatal,
         const char    *format,
         ...)
{
  g_autofree char *message = NULL;
  GError *error = NULL;
  va_list args;

  if (self->stopped)
    return;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  dj_format_set_error (&error, code, self->name, line, "%s", message);

  self->broken = TRUE;
  if (self->problems != NULL)
    {
      /* libxml2 may say the same thing twice */
      if (self->problems->len > 0)
        {
          GError *last = g_ptr_array_index (self->problems, self->problems->len - 1);

          if (g_str_equal (last->message, error->message))
            {
              g_error_free (error);
              return;
            }
        }
      if (self->error == NULL)
        self->error = g_error_copy (error);
      g_ptr_array_add (self->problems, error);
      if (self->problems->len >= 1000)
        fatal = TRUE;
      if (fatal)
        stop (self);
      return;
    }

  if (self->error == NULL)
    self->error = error;
  else
    g_error_free (error);
  stop (self);
}

/* Errors from libxml2 */

static char *
clean_message (const char *message)
{
  g_autofree char *s = g_strdup (message ? message : "");

  g_strstrip (s);
  /* Keep the first line: the rest is a byte dump.  libxml2 quotes names
   * and values of any length: keep a line's worth. */
  s[strcspn (s, "\n")] = '\0';
  return dj_format_shorten (s, -1, DJ_FORMAT_MESSAGE_CHARS);
}

static void
on_parser_error (void        *data,
                 xmlErrorPtr  err)
{
  xmlParserCtxtPtr ctxt = data;
  Loader *self = ctxt ? ctxt->_private : NULL;
  g_autofree char *message = NULL;
  guint line;

  if (self == NULL || err == NULL || err->level < XML_ERR_ERROR)
    return;
  message = clean_message (err->message);
  line = err->line > 0 ? (guint) err->line : current_line (self);

  switch (err->code)
    {
    case XML_ERR_DOCUMENT_EMPTY:
      /* libxml2 says "Document is empty" of anything that does not begin
       * like XML; only say so when it is true. */
      if (self->bytes == 0)
        problem (self, DJ_FORMAT_ERROR_SYNTAX, line, TRUE, _("the file is empty"));
      else if (!self->seen_text)
        problem (self, DJ_FORMAT_ERROR_SYNTAX, line, TRUE,
                 _("the file holds nothing but white space"));
      else
        problem (self, DJ_FORMAT_ERROR_SYNTAX, line, TRUE,
                 _("this is not an XML file: it does not begin with “<”"));
      break;
    case XML_ERR_INVALID_CHAR:
    case XML_ERR_INVALID_ENCODING:
    case XML_ERR_UNSUPPORTED_ENCODING:
      problem (self, DJ_FORMAT_ERROR_SYNTAX, line, TRUE,
               _("the file is not valid UTF-8 text (%s)"), message);
      break;
    case XML_ERR_UNDECLARED_ENTITY:
    case XML_WAR_UNDECLARED_ENTITY:
    case XML_ERR_ENTITY_LOOP:
    case XML_ERR_ENTITY_BOUNDARY:
    case XML_ERR_EXT_ENTITY_STANDALONE:
    case XML_ERR_ENTITY_IS_EXTERNAL:
    case XML_ERR_ENTITY_IS_PARAMETER:
    case XML_IO_NETWORK_ATTEMPT:
      problem (self, DJ_FORMAT_ERROR_FORBIDDEN, line, TRUE,
               _("entities and external references are not allowed (%s)"), message);
      break;
    case XML_ERR_TAG_NOT_FINISHED:
      problem (self, DJ_FORMAT_ERROR_SYNTAX, line, TRUE,
               _("the file ends too early; it may be cut short (%s)"), message);
      break;
    case XML_ERR_INTERNAL_ERROR:
      if (strstr (message, "depth") != NULL || strstr (message, "Huge") != NULL ||
          strstr (message, "huge") != NULL)
        problem (self, DJ_FORMAT_ERROR_LIMIT, line, TRUE,
                 _("the file goes beyond the reader’s limits (%s)"), message);
      else
        problem (self, DJ_FORMAT_ERROR_SYNTAX, line, TRUE,
                 _("not well-formed XML: %s"), message);
      break;
    default:
      if (!self->seen_text)
        problem (self, DJ_FORMAT_ERROR_SYNTAX, line, TRUE,
                 _("the file holds nothing but white space"));
      else if (self->at_eof)
        problem (self, DJ_FORMAT_ERROR_SYNTAX, line, TRUE,
                 _("the file ends too early; it may be cut short (%s)"), message);
      else if (err->code == XML_ERR_DOCUMENT_END && !self->seen_root)
        problem (self, DJ_FORMAT_ERROR_SYNTAX, line, TRUE,
                 _("the file has no root element (%s)"), message);
      else if (err->domain == XML_FROM_IO)
        problem (self, DJ_FORMAT_ERROR_FORBIDDEN, line, TRUE,
                 _("external references are not allowed (%s)"), message);
      else
        problem (self, DJ_FORMAT_ERROR_SYNTAX, line, TRUE,
                 _("not well-formed XML: %s"), message);
      break;
    }
}

/* libxml2's RELAX NG messages, made a little friendlier. */
static char *
schema_message (const char *message,
                const char *element)
{
  g_autofree char *clean = clean_message (message);
  g_autoptr(GString) s = NULL;

  g_autofree char *q = dj_format_quote (element, -1);

  if (strstr (clean, "Expecting an element , got nothing") != NULL)
    return g_strdup_printf (_("an element is missing before the end of <%s>"), q);
  s = g_string_new (clean);
  /* libxml2 2.9 writes a literal "TODO" where the element's name belongs. */
  g_string_replace (s, " TODO ", q, 0);
  return g_strdup_printf (_("<%s> does not follow the Djenon file format: %s"), q, s->str);
}

static void
on_schema_error (void        *data,
                 xmlErrorPtr  err)
{
  Loader *self = data;
  g_autofree char *message = NULL;
  xmlNodePtr node;
  guint line;

  if (err == NULL || err->level < XML_ERR_ERROR)
    return;
  /* Streamed checks are about what the parser has just read; whole-element
   * checks name the node at fault. */
  node = self->validating != NULL ? self->validating : err->node;
  line = self->validating != NULL ? current_line (self) : node_line (self, node);
  message = schema_message (err->message,
                            node && node->type == XML_ELEMENT_NODE && node->name
                              ? (const char *) node->name : "djenon");
  self->record_invalid = TRUE;
  if (self->hold_schema)
    {
      Pending *p = g_new (Pending, 1);

      p->line = line;
      p->message = g_steal_pointer (&message);
      g_ptr_array_add (self->pending, p);
      return;
    }
  problem (self, DJ_FORMAT_ERROR_SCHEMA, line, FALSE, "%s", message);
}

/* Reports the held schema errors, unless reading the record found a more
 * precise problem already. */
static void
flush_schema_errors (Loader   *self,
                     gboolean  drop)
{
  for (guint i = 0; i < self->pending->len && !drop; i++)
    {
      Pending *p = g_ptr_array_index (self->pending, i);

      problem (self, DJ_FORMAT_ERROR_SCHEMA, p->line, FALSE, "%s", p->message);
    }
  g_ptr_array_set_size (self->pending, 0);
}

/* Anything libxml2 reports outside a context: never print it. */
static void
on_stray_error (void        *data,
                xmlErrorPtr  err)
{
  Loader *self = data;

  if (self != NULL && err != NULL && err->level >= XML_ERR_ERROR &&
      err->domain != XML_FROM_RELAXNGV)
    {
      g_autofree char *message = clean_message (err->message);

      problem (self, DJ_FORMAT_ERROR_SYNTAX,
               err->line > 0 ? (guint) err->line : current_line (self), TRUE,
               _("not well-formed XML: %s"), message);
    }
}

static void G_GNUC_PRINTF (2, 3)
silent_generic_error (void       *ctx,
                      const char *msg,
                      ...)
{
}

/* The external entity loader is global to libxml2, and other parts of the
 * program (the help viewer) read files through it.  So ours denies
 * everything while this thread reads a game file, and hands over to the
 * previous loader otherwise. */
static xmlExternalEntityLoader previous_loader = NULL;
static GPrivate reading_game_file;

static xmlParserInputPtr
deny_external_entity (const char       *url,
                      const char       *id,
                      xmlParserCtxtPtr  ctxt)
{
  if (g_private_get (&reading_game_file) != NULL || previous_loader == NULL)
    return NULL;
  return previous_loader (url, id, ctxt);
}

static xmlRelaxNGPtr
get_schema (void)
{
  static gsize once = 0;
  static xmlRelaxNGPtr schema = NULL;

  if (g_once_init_enter (&once))
    {
      g_autoptr(GBytes) bytes = dj_xml_get_schema ();
      xmlRelaxNGParserCtxtPtr pctxt;
      gsize len;
      const char *data = g_bytes_get_data (bytes, &len);

      xmlInitParser ();
      previous_loader = xmlGetExternalEntityLoader ();
      xmlSetExternalEntityLoader (deny_external_entity);
      pctxt = xmlRelaxNGNewMemParserCtxt (data, (int) len);
      schema = xmlRelaxNGParse (pctxt);
      xmlRelaxNGFreeParserCtxt (pctxt);
      if (schema == NULL)
        g_critical ("The built-in RELAX NG schema of Djenon files does not compile");
      g_once_init_leave (&once, 1);
    }
  return schema;
}

/* Helpers for the record elements */

static gboolean
is_ours (const xmlNode *node)
{
  return node->ns != NULL && node->ns->href != NULL &&
         strcmp ((const char *) node->ns->href, DJ_XML_NAMESPACE) == 0;
}

static gboolean
is_named (const xmlNode *node,
          const char    *name)
{
  return node->type == XML_ELEMENT_NODE && is_ours (node) &&
         strcmp ((const char *) node->name, name) == 0;
}

/* An attribute without namespace, as written, or NULL. */
static const char *
attr_raw (const xmlNode *node,
          const char    *name)
{
  for (xmlAttrPtr a = node->properties; a != NULL; a = a->next)
    if (a->ns == NULL && strcmp ((const char *) a->name, name) == 0)
      {
        if (a->children != NULL && a->children->type == XML_TEXT_NODE &&
            a->children->next == NULL)
          return (const char *) a->children->content;
        return "";
      }
  return NULL;
}

/* An attribute without namespace, or NULL, with its white space collapsed
 * as the schema reads every value that is not free text (a token, a
 * number, a list): " c " is "c". */
static char *
attr (const xmlNode *node,
      const char    *name)
{
  const char *raw = attr_raw (node, name);
  GString *s;

  if (raw == NULL)
    return NULL;
  s = g_string_sized_new (strlen (raw));
  for (const char *p = raw; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        {
          if (s->len > 0 && s->str[s->len - 1] != ' ')
            g_string_append_c (s, ' ');
          continue;
        }
      g_string_append_c (s, *p);
    }
  if (s->len > 0 && s->str[s->len - 1] == ' ')
    g_string_truncate (s, s->len - 1);
  return g_string_free (s, FALSE);
}

/* A whole number as XML Schema writes a nonNegativeInteger: digits, an
 * optional "+" ("-" only before zero), leading zeros allowed; at most
 * @max.  @s has its white space collapsed already. */
static gboolean
parse_xsd_uint (const char *s,
                guint64     max,
                guint64    *value)
{
  gboolean negative = FALSE;
  guint64 v = 0;

  if (s == NULL)
    return FALSE;
  if (*s == '+' || *s == '-')
    negative = *s++ == '-';
  if (!g_ascii_isdigit (*s))
    return FALSE;
  for (; *s != '\0'; s++)
    {
      if (!g_ascii_isdigit (*s))
        return FALSE;
      if (v > (G_MAXUINT64 - 9) / 10)
        return FALSE;
      v = v * 10 + (*s - '0');
    }
  if ((negative && v != 0) || v > max)
    return FALSE;
  *value = v;
  return TRUE;
}

/* The text of @node (its only content), checked for size. */
static char *
text_of (Loader        *self,
         const xmlNode *node,
         const char    *what)
{
  g_autofree char *text = (char *) xmlNodeGetContent (node);

  if (text == NULL || *text == '\0')
    return NULL;
  if (strlen (text) > DJ_FORMAT_MAX_TEXT_BYTES)
    {
      problem (self, DJ_FORMAT_ERROR_LIMIT, node_line (self, (xmlNodePtr) node), FALSE,
               _("the %s is longer than %u bytes"), what, (guint) DJ_FORMAT_MAX_TEXT_BYTES);
      return NULL;
    }
  return g_steal_pointer (&text);
}

static gboolean
is_foreign_element (const xmlNode *node)
{
  return node->type == XML_ELEMENT_NODE && !is_ours (node);
}

/* The namespace name of @ns as the file means it: without entity
 * replacement libxml2 keeps each "&" of a namespace declaration as "&#38;"
 * (and only that), to be escaped once by the caller. */
static char *
namespace_name (const xmlNs *ns)
{
  g_autoptr(GString) s = g_string_new ((const char *) ns->href);

  g_string_replace (s, "&#38;", "&", 0);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Serializes the other-namespace attributes of @node (with the namespace
 * declarations they need) and its other-namespace child elements. */
static char *
collect_foreign (Loader     *self,
                 xmlNodePtr  node,
                 gboolean    attributes)
{
  g_autoptr(GString) attrs = g_string_new (NULL);
  g_autoptr(GString) decls = g_string_new (NULL);
  g_autoptr(GString) elems = g_string_new (NULL);
  g_autoptr(GPtrArray) declared = g_ptr_array_new ();

  if (attributes)
    for (xmlAttrPtr a = node->properties; a != NULL; a = a->next)
      {
        g_autofree char *value = NULL;

        if (a->ns == NULL || (a->ns->href && strcmp ((char *) a->ns->href, DJ_XML_NAMESPACE) == 0))
          continue;
        if (a->ns->prefix != NULL && strcmp ((char *) a->ns->prefix, "xml") != 0 &&
            !g_ptr_array_find (declared, a->ns, NULL))
          {
            g_autofree char *href = namespace_name (a->ns);

            g_ptr_array_add (declared, a->ns);
            g_string_append_printf (decls, " xmlns:%s=\"", a->ns->prefix);
            dj_format_append_escaped (decls, href, TRUE);
            g_string_append_c (decls, '"');
          }
        /* The value as read (1: not escaped again; entities are refused),
         * escaped once here. */
        value = (char *) xmlNodeListGetString (node->doc, a->children, 1);
        g_string_append_printf (attrs, " %s:%s=\"", a->ns->prefix ? (char *) a->ns->prefix : "",
                                a->name);
        dj_format_append_escaped (attrs, value ? value : "", TRUE);
        g_string_append_c (attrs, '"');
      }

  for (xmlNodePtr c = node->children; c != NULL; c = c->next)
    if (is_foreign_element (c))
      {
        /* A copy carries the namespace declarations made higher up. */
        xmlNodePtr copy = xmlDocCopyNode (c, node->doc, 1);
        xmlBufferPtr buf = xmlBufferCreate ();

        if (copy != NULL && buf != NULL)
          {
            xmlNodeDump (buf, node->doc, copy, 0, 0);
            g_string_append_len (elems, (const char *) xmlBufferContent (buf),
                                 xmlBufferLength (buf));
          }
        if (buf != NULL)
          xmlBufferFree (buf);
        if (copy != NULL)
          xmlFreeNode (copy);
      }

  if (decls->len + attrs->len + elems->len == 0)
    return NULL;
  if (decls->len + attrs->len + elems->len > DJ_FORMAT_MAX_FOREIGN_BYTES)
    {
      problem (self, DJ_FORMAT_ERROR_LIMIT, node_line (self, node), FALSE,
               _("the extension data of other programs is larger than %u bytes"),
               (guint) DJ_FORMAT_MAX_FOREIGN_BYTES);
      return NULL;
    }
  /* Each element kept carries the declarations of the namespaces it uses,
   * wherever the file declared them: one declaration at the top of a file,
   * copied into every move, would make the games far larger than the file.
   * So what is kept stays within a few times the bytes read. */
  self->foreign_bytes += decls->len + attrs->len + elems->len;
  if (self->foreign_bytes > DJ_FORMAT_FOREIGN_GROWTH * self->bytes + DJ_FORMAT_MAX_FOREIGN_BYTES)
    {
      problem (self, DJ_FORMAT_ERROR_LIMIT, node_line (self, node), TRUE,
               _("the extension data of other programs, with the namespace declarations "
                 "each element needs, would take more than %u times the size of the file"),
               (guint) DJ_FORMAT_FOREIGN_GROWTH);
      return NULL;
    }
  if (!attributes)
    return g_string_free (g_steal_pointer (&elems), FALSE);
  g_string_append_len (decls, attrs->str, attrs->len);
  g_string_append_c (decls, DJ_FOREIGN_SEPARATOR);
  g_string_append_len (decls, elems->str, elems->len);
  return g_string_free (g_steal_pointer (&decls), FALSE);
}

/* Game information, rules and set-up */

static void
read_info (Loader     *self,
           xmlNodePtr  node)
{
  guint n_tags = 0;
  gsize info_bytes = 0;

  for (xmlNodePtr c = node->children; c != NULL; c = c->next)
    {
      char **field = NULL;
      const char *what = NULL;

      if (c->type != XML_ELEMENT_NODE)
        continue;
      if (!is_ours (c))
        continue;   /* collected below */

#define FIELD(n, w) \
      else if (strcmp ((const char *) c->name, #n) == 0) \
        { \
          field = &self->info->n; \
          what = w; \
        }
      if (0) {}
      FIELD (south, _("name of South"))
      FIELD (north, _("name of North"))
      FIELD (event, _("event"))
      FIELD (site, _("site"))
      FIELD (date, _("date"))
      FIELD (round, _("round"))
      FIELD (annotator, _("annotator"))
      FIELD (recorder, _("recorder"))
      FIELD (source, _("source"))
      FIELD (notes, _("notes"))
#undef FIELD

      if (field != NULL)
        {
          g_free (*field);
          *field = text_of (self, c, what);
          info_bytes += *field ? strlen (*field) : 0;
          if (field == &self->info->date && *field != NULL && !dj_date_validate (*field, NULL))
            {
              g_autofree char *q = dj_format_quote (*field, -1);

              problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
                       _("“%s” is not a date of the form YYYY, YYYY-MM or YYYY-MM-DD"), q);
            }
        }
      else if (strcmp ((const char *) c->name, "tag") == 0)
        {
          const char *key = attr_raw (c, "key");
          g_autofree char *value = text_of (self, c, _("value of a tag"));

          if (++n_tags > DJ_FORMAT_MAX_TAGS)
            {
              problem (self, DJ_FORMAT_ERROR_LIMIT, node_line (self, c), FALSE,
                       _("a game has more than %u tags"), (guint) DJ_FORMAT_MAX_TAGS);
              break;
            }
          if (key != NULL && strlen (key) > DJ_FORMAT_MAX_TEXT_BYTES)
            {
              problem (self, DJ_FORMAT_ERROR_LIMIT, node_line (self, c), FALSE,
                       _("the key of a tag is longer than %u bytes"),
                       (guint) DJ_FORMAT_MAX_TEXT_BYTES);
              continue;
            }
          if (key != NULL && *key != '\0')
            {
              info_bytes += strlen (key) + (value ? strlen (value) : 0);
              if (dj_game_info_get_tag (self->info, key) != NULL)
                {
                  g_autofree char *q = dj_format_quote (key, -1);

                  problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
                           _("the tag “%s” is given twice"), q);
                }
              dj_game_info_set_tag (self->info, key, value ? value : "");
            }
        }
      else if (strcmp ((const char *) c->name, "result") == 0)
        {
          g_autofree char *winner = attr (c, "winner");
          g_autofree char *termination = attr (c, "termination");
          g_autofree char *reason = attr (c, "end-reason");
          g_autofree char *s = attr (c, "south-score");
          g_autofree char *n = attr (c, "north-score");
          guint64 ss, ns;

          if (winner != NULL && !dj_result_from_string (winner, &self->info->result))
            {
              g_autofree char *q = dj_format_quote (winner, -1);

              problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
                       _("unknown result “%s”"), q);
            }
          if (termination != NULL &&
              (!dj_termination_from_string (termination, &self->info->termination) ||
               self->info->termination == DJ_TERMINATION_NONE))
            {
              g_autofree char *q = dj_format_quote (termination, -1);

              problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
                       _("unknown way of ending a game “%s”"), q);
            }
          if (reason != NULL)
            {
              if (self->info->termination != DJ_TERMINATION_RULES)
                problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
                         _("an end reason is given, but the game did not end by the rules"));
              else if (!dj_end_reason_from_string (reason, &self->info->end_reason) ||
                       self->info->end_reason == DJ_END_NONE)
                {
                  g_autofree char *q = dj_format_quote (reason, -1);

                  problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
                           _("unknown end reason “%s”"), q);
                }
            }
          if (s != NULL || n != NULL)
            {
              if (!parse_xsd_uint (s, DJ_N_SEEDS, &ss) || !parse_xsd_uint (n, DJ_N_SEEDS, &ns) ||
                  ss + ns > DJ_N_SEEDS)
                {
                  g_autofree char *qs = dj_format_quote (s ? s : "?", -1);
                  g_autofree char *qn = dj_format_quote (n ? n : "?", -1);

                  problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
                           _("the scores %s–%s are impossible: together they hold at most %u "
                             "seeds"), qs, qn, DJ_N_SEEDS);
                }
              else
                {
                  self->info->score[DJ_SOUTH] = (int) ss;
                  self->info->score[DJ_NORTH] = (int) ns;
                }
            }
        }
    }

  if (info_bytes > DJ_FORMAT_MAX_INFO_BYTES)
    problem (self, DJ_FORMAT_ERROR_LIMIT, node_line (self, node), FALSE,
             _("the information of this game (names, notes, tags) is longer than %u bytes in "
               "all"), (guint) DJ_FORMAT_MAX_INFO_BYTES);
  {
    char *foreign = collect_foreign (self, node, FALSE);

    if (foreign != NULL)
      {
        g_string_append (self->game_foreign, foreign);
        g_free (foreign);
      }
  }
}

static void
read_rules (Loader     *self,
            xmlNodePtr  node)
{
  g_autofree char *variant = attr (node, "variant");
  g_autofree char *feeding = attr (node, "feeding");

  self->rules = DJ_RULES_INIT (DJ_VARIANT_ABOURE);
  if (variant == NULL || !dj_variant_from_string (variant, &self->rules.variant))
    {
      g_autofree char *q = dj_format_quote (variant ? variant : "", -1);

      problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, node), FALSE,
               _("unknown game “%s”: Djenon files hold aboure or abe games"), q);
      return;
    }
  if (feeding != NULL && !dj_feeding_from_string (feeding, &self->rules.feeding))
    {
      g_autofree char *q = dj_format_quote (feeding, -1);

      problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, node), FALSE,
               _("unknown feeding option “%s”"), q);
      return;
    }
  self->have_rules = TRUE;
}

static void
read_setup (Loader     *self,
            xmlNodePtr  node)
{
  g_auto(GStrv) pits = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *pits_text = attr (node, "pits");
  const char *names[2] = { "south-captured", "north-captured" };
  g_autofree char *to_move = attr (node, "to-move");
  g_autofree char *feed = attr (node, "feed-owed");
  guint line = node_line (self, node);
  DjPosition pos = { 0 };
  guint n = 0;

  pits = g_strsplit_set (pits_text ? pits_text : "", " \t\r\n", -1);
  for (guint i = 0; pits[i] != NULL; i++)
    {
      guint64 v;

      if (pits[i][0] == '\0')
        continue;
      if (n >= DJ_N_PITS)
        {
          problem (self, DJ_FORMAT_ERROR_POSITION, line, FALSE,
                   _("the set-up position gives more than %u pits"), DJ_N_PITS);
          return;
        }
      if (!parse_xsd_uint (pits[i], DJ_N_SEEDS, &v))
        {
          g_autofree char *q = dj_format_shorten (pits[i], -1, 20);

          problem (self, DJ_FORMAT_ERROR_POSITION, line, FALSE,
                   _("pit %s of the set-up position holds “%s” seeds; a pit holds 0 to %u"),
                   dj_move_to_string (n), q, DJ_N_SEEDS);
          return;
        }
      pos.pits[n++] = (guint8) v;
    }
  if (n != DJ_N_PITS)
    {
      problem (self, DJ_FORMAT_ERROR_POSITION, line, FALSE,
               _("the set-up position gives %u pits; there must be %u"), n, DJ_N_PITS);
      return;
    }
  for (guint s = 0; s < 2; s++)
    {
      guint64 v;
      g_autofree char *text = attr (node, names[s]);

      if (!parse_xsd_uint (text, DJ_N_SEEDS, &v))
        {
          g_autofree char *q = dj_format_shorten (text ? text : "", -1, 20);

          problem (self, DJ_FORMAT_ERROR_POSITION, line, FALSE,
                   _("the set-up position’s %s is “%s”; it must be 0 to %u seeds"),
                   names[s], q, DJ_N_SEEDS);
          return;
        }
      pos.captured[s] = (guint8) v;
    }
  pos.to_move = g_strcmp0 (to_move, "north") == 0 ? DJ_NORTH : DJ_SOUTH;
  pos.feed_owed = g_strcmp0 (feed, "true") == 0 || g_strcmp0 (feed, "1") == 0;
  if (!dj_position_check (&pos, &error))
    {
      problem (self, DJ_FORMAT_ERROR_POSITION, line, FALSE,
               _("impossible set-up position: %s"), error->message);
      return;
    }
  if (pos.feed_owed && self->have_rules && self->rules.variant != DJ_VARIANT_ABE)
    {
      problem (self, DJ_FORMAT_ERROR_POSITION, line, FALSE,
               _("impossible set-up position: a feeding move can be owed only in "
                 "Djenon-abe"));
      return;
    }
  self->start = pos;
  self->have_setup = TRUE;
}

/* Moves */

static void
begin_moves (Loader     *self,
             xmlNodePtr  node)
{
  if (self->broken || !self->have_rules)
    {
      self->broken = TRUE;
      return;
    }
  self->game = dj_game_new (&self->rules, self->have_setup ? &self->start : NULL);
  self->cur = dj_game_get_root (self->game);
  self->moves_node = NULL;
  g_array_set_size (self->variations, 0);
}

/* <marker pit="c" colour="red" [shape="…" [label="…"]]/>: no shape is a
 * circle, as older files have it. */
static void
read_marker (Loader     *self,
             xmlNodePtr  c,
             DjMarkup   *markup)
{
  g_autofree char *pit = attr (c, "pit");
  g_autofree char *colour = attr (c, "colour");
  g_autofree char *shape_text = attr (c, "shape");
  const char *label = attr_raw (c, "label");   /* free text: not collapsed */
  DjMarkShape shape = DJ_MARK_CIRCLE;
  DjMove m;
  DjMarker marker;

  if (pit == NULL || !dj_move_from_string (pit, &m) || m == DJ_PASS ||
      colour == NULL || !dj_marker_from_string (colour, &marker))
    {
      problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
               _("a marker needs a pit (a–f, A–F) and a colour (red, green, blue "
                 "or yellow)"));
      return;
    }
  if (shape_text != NULL && !dj_mark_shape_from_string (shape_text, &shape))
    {
      g_autofree char *q = dj_format_shorten (shape_text, -1, 20);

      problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
               _("unknown marker shape “%s”: use circle, cross, triangle, square or label"),
               q);
      return;
    }
  if ((shape == DJ_MARK_LABEL) != (label != NULL) ||
      (label != NULL && !dj_mark_label_is_valid (label)))
    {
      problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
               _("a label marker needs a label of one to %u characters without white space, "
                 "control or invisible characters, or any of , [ ] { } \\"),
               (guint) DJ_MARK_LABEL_MAX_CHARS);
      return;
    }
  if (markup->pits[m].shape != DJ_MARK_NONE)
    {
      problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
               _("pit %s is marked twice"), pit);
      return;
    }
  dj_markup_set_mark (markup, m, shape, marker, label);
}

/* <arrow from="c" to="E" colour="green"/> */
static void
read_arrow (Loader     *self,
            xmlNodePtr  c,
            DjMarkup   *markup)
{
  g_autofree char *from_text = attr (c, "from");
  g_autofree char *to_text = attr (c, "to");
  g_autofree char *colour = attr (c, "colour");
  DjMove from, to;
  DjMarker marker;

  if (from_text == NULL || !dj_move_from_string (from_text, &from) || from == DJ_PASS ||
      to_text == NULL || !dj_move_from_string (to_text, &to) || to == DJ_PASS ||
      from == to || colour == NULL || !dj_marker_from_string (colour, &marker))
    {
      problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
               _("an arrow needs two different pits (a–f, A–F) and a colour (red, green, "
                 "blue or yellow)"));
      return;
    }
  if (dj_markup_find_arrow (markup, from, to) >= 0)
    {
      problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
               _("the arrow from %s to %s is drawn twice"), from_text, to_text);
      return;
    }
  if (markup->n_arrows >= DJ_MARKUP_MAX_ARROWS)
    {
      problem (self, DJ_FORMAT_ERROR_LIMIT, node_line (self, c), FALSE,
               _("a move has more than %u arrows"), (guint) DJ_MARKUP_MAX_ARROWS);
      return;
    }
  dj_markup_add_arrow (markup, from, to, marker);
}

/* "6" or "4 8" (proven bounds), each within a game's seeds. */
static gboolean
parse_value (const char *text,
             int        *lower,
             int        *upper)
{
  g_auto(GStrv) parts = NULL;
  gint64 v[2];
  guint n;

  if (text == NULL)
    return FALSE;
  parts = g_strsplit (text, " ", 3);
  n = g_strv_length (parts);
  if (n < 1 || n > 2)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!g_ascii_string_to_signed (parts[i], 10, -2 * DJ_FINDING_MAX_SEEDS,
                                   2 * DJ_FINDING_MAX_SEEDS, &v[i], NULL))
      return FALSE;
  *lower = (int) v[0];
  *upper = (int) (n == 2 ? v[1] : v[0]);
  return *lower <= *upper;
}

static gboolean
parse_threshold (const char *text,
                 guint      *value)
{
  guint64 v;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, DJ_FINDING_MAX_SEEDS, &v, NULL))
    return FALSE;
  *value = (guint) v;
  return TRUE;
}

/* <finding judgement="mistake" loss="4" before="6" after="2" line="B A c"
 * inaccuracy="1" mistake="3" blunder="6"/>: the review's, kept apart from
 * the person's glyph and comments. */
static void
read_finding (Loader     *self,
              xmlNodePtr  c,
              DjNode     *target)
{
  g_autofree char *judgement = attr (c, "judgement");
  g_autofree char *loss = attr (c, "loss");
  g_autofree char *loss_exact = attr (c, "loss-exact");
  g_autofree char *before = attr (c, "before");
  g_autofree char *after = attr (c, "after");
  g_autofree char *line = attr (c, "line");
  g_autofree char *inaccuracy = attr (c, "inaccuracy");
  g_autofree char *mistake = attr (c, "mistake");
  g_autofree char *blunder = attr (c, "blunder");
  g_auto(GStrv) moves = NULL;
  DjFinding finding = { 0 };
  gboolean ok;

  ok = judgement != NULL && dj_judgement_from_string (judgement, &finding.judgement) &&
       parse_value (before, &finding.before_lower, &finding.before_upper) &&
       parse_value (after, &finding.after_lower, &finding.after_upper) &&
       parse_threshold (inaccuracy, &finding.thresholds.inaccuracy) &&
       parse_threshold (mistake, &finding.thresholds.mistake) &&
       parse_threshold (blunder, &finding.thresholds.blunder) &&
       line != NULL && (loss_exact == NULL || strcmp (loss_exact, "false") == 0 ||
                        strcmp (loss_exact, "0") == 0 || strcmp (loss_exact, "true") == 0 ||
                        strcmp (loss_exact, "1") == 0);
  finding.loss = -1;
  if (ok && loss != NULL)
    {
      gint64 v;

      ok = g_ascii_string_to_signed (loss, 10, 0, 2 * DJ_FINDING_MAX_SEEDS, &v, NULL);
      finding.loss = (int) v;
      finding.loss_exact = loss_exact == NULL || strcmp (loss_exact, "true") == 0 ||
                           strcmp (loss_exact, "1") == 0;
    }
  if (ok)
    {
      moves = g_strsplit (line, " ", DJ_FINDING_LINE_MOVES + 1);
      for (guint i = 0; ok && moves[i] != NULL; i++)
        {
          DjMove m;

          ok = i < DJ_FINDING_LINE_MOVES && dj_move_from_string (moves[i], &m);
          if (ok)
            finding.line[finding.line_len++] = m;
        }
    }
  if (!ok || !dj_finding_is_valid (&finding))
    {
      problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, c), FALSE,
               _("a review finding needs a judgement that its loss and thresholds give, "
                 "values of at most %d seeds, a line of one to %u moves and thresholds "
                 "from 1 to %d in order"),
               2 * DJ_FINDING_MAX_SEEDS, (guint) DJ_FINDING_LINE_MOVES, DJ_FINDING_MAX_SEEDS);
      return;
    }
  dj_game_load_finding (self->game, target, &finding);
}

/* Annotations shared by <start> and <move>: markup, comments, foreign. */
static gboolean
read_annotations (Loader     *self,
                  xmlNodePtr  node,
                  DjNode     *target)
{
  char *before = NULL, *after = NULL;
  DjMarkup markup;

  dj_markup_init (&markup);

  for (xmlNodePtr c = node->children; c != NULL; c = c->next)
    {
      if (c->type != XML_ELEMENT_NODE || !is_ours (c))
        continue;
      if (strcmp ((const char *) c->name, "comment-before") == 0)
        {
          g_free (before);
          before = text_of (self, c, _("comment"));
        }
      else if (strcmp ((const char *) c->name, "comment-after") == 0)
        {
          g_free (after);
          after = text_of (self, c, _("comment"));
        }
      else if (strcmp ((const char *) c->name, "marker") == 0)
        read_marker (self, c, &markup);
      else if (strcmp ((const char *) c->name, "arrow") == 0)
        read_arrow (self, c, &markup);
      else if (strcmp ((const char *) c->name, "finding") == 0 &&
               dj_node_get_parent (target) != NULL)
        read_finding (self, c, target);
    }
  dj_game_load_markup (self->game, target, &markup);
  dj_game_load_comments (self->game, target, before, after);
  dj_game_load_node_foreign (self->game, target, collect_foreign (self, node, TRUE));
  return !self->broken;
}

static gboolean
read_assessment (Loader       *self,
                 xmlNodePtr    node,
                 DjAssessment *assessment)
{
  g_autofree char *text = attr (node, "assessment");

  *assessment = DJ_ASSESSMENT_NONE;
  if (text != NULL && !dj_assessment_from_string (text, assessment))
    {
      g_autofree char *q = dj_format_shorten (text, -1, 40);

      problem (self, DJ_FORMAT_ERROR_VALUE, node_line (self, node), FALSE,
               _("unknown assessment “%s”"), q);
      return FALSE;
    }
  return TRUE;
}

static void
read_start (Loader     *self,
            xmlNodePtr  node)
{
  DjNode *root = dj_game_get_root (self->game);
  DjAssessment assessment;

  if (!read_assessment (self, node, &assessment))
    return;
  dj_game_load_annotations (self->game, root, DJ_GLYPH_NONE, assessment, DJ_NO_TIME);
  read_annotations (self, node, root);
}

static void
read_move (Loader     *self,
           xmlNodePtr  node)
{
  g_autofree char *pit = attr (node, "pit");
  g_autofree char *glyph_text = NULL, *time_text = NULL;
  guint line = node_line (self, node);
  DjGlyph glyph = DJ_GLYPH_NONE;
  DjAssessment assessment;
  gint64 time_ms = DJ_NO_TIME;
  DjMove move;
  DjPitStatus why;
  DjPosition child;
  DjNode *node_added;

  if (pit == NULL || !dj_move_from_string (pit, &move))
    {
      g_autofree char *q = dj_format_shorten (pit ? pit : "", -1, 20);

      problem (self, DJ_FORMAT_ERROR_VALUE, line, FALSE,
               _("“%s” is not a move: use a–f, A–F or pass"), q);
      return;
    }
  if (++self->n_nodes > DJ_FORMAT_MAX_NODES)
    {
      problem (self, DJ_FORMAT_ERROR_LIMIT, line, TRUE,
               _("the file holds more than %u moves"), (guint) DJ_FORMAT_MAX_NODES);
      return;
    }
  if (dj_node_find_child (self->cur, move) != NULL)
    {
      problem (self, DJ_FORMAT_ERROR_STRUCTURE, line, FALSE,
               _("move %s is given twice at the same point: a variation must differ from "
                 "the move it is an alternative to"), pit);
      return;
    }
  if (self->moves_node != self->cur)
    {
      dj_moves_generate (&self->rules, &self->cur->position, &self->moves);
      self->moves_node = self->cur;
    }
  why = dj_moves_why (&self->moves, move);
  if (why != DJ_PIT_LEGAL)
    {
      problem (self, DJ_FORMAT_ERROR_ILLEGAL_MOVE, line, FALSE,
               /* Translators: "illegal move D: A single seed cannot be moved …" */
               _("illegal move %s: %s"), pit, dj_pit_status_describe (why));
      return;
    }
  dj_moves_child (&self->moves, &self->cur->position, move, &child);
  node_added = dj_game_append_unchecked (self->game, self->cur, move, &child);
  self->cur = node_added;

  glyph_text = attr (node, "glyph");
  if (glyph_text != NULL && !dj_glyph_from_string (glyph_text, &glyph))
    {
      g_autofree char *q = dj_format_shorten (glyph_text, -1, 20);

      problem (self, DJ_FORMAT_ERROR_VALUE, line, FALSE, _("unknown glyph “%s”"), q);
      return;
    }
  if (!read_assessment (self, node, &assessment))
    return;
  time_text = attr (node, "time-ms");
  if (time_text != NULL)
    {
      guint64 v;

      /* A thousand years is absurd enough. */
      if (!parse_xsd_uint (time_text, G_GUINT64_CONSTANT (31536000000000), &v))
        {
          g_autofree char *q = dj_format_shorten (time_text, -1, 30);

          problem (self, DJ_FORMAT_ERROR_VALUE, line, FALSE,
                   _("the time “%s” is not a number of milliseconds that makes sense"), q);
          return;
        }
      time_ms = (gint64) v;
    }
  dj_game_load_annotations (self->game, node_added, glyph, assessment, time_ms);
  if (node->children != NULL || node->properties->next != NULL)
    read_annotations (self, node, node_added);
}

static void
variation_start (Loader     *self,
                 xmlNodePtr  node)
{
  Variation v;
  guint line = node_line (self, node);

  if (self->variations->len > 0 &&
      self->cur == g_array_index (self->variations, Variation, self->variations->len - 1).branch)
    {
      problem (self, DJ_FORMAT_ERROR_STRUCTURE, line, FALSE,
               _("a variation must begin with a move, not with another variation"));
      return;
    }
  if (self->cur->parent == NULL)
    {
      problem (self, DJ_FORMAT_ERROR_STRUCTURE, line, FALSE,
               _("a variation is an alternative to the move before it, but no move comes "
                 "before this one"));
      return;
    }
  v.resume = self->cur;
  v.branch = self->cur->parent;
  v.line = line;
  g_array_append_val (self->variations, v);
  self->cur = v.branch;
}

static void
variation_end (Loader     *self,
               xmlNodePtr  node)
{
  Variation *v;
  guint line = node_line (self, node);

  if (self->variations->len == 0)
    {
      problem (self, DJ_FORMAT_ERROR_STRUCTURE, line, FALSE,
               _("variation-end without a variation-start"));
      return;
    }
  v = &g_array_index (self->variations, Variation, self->variations->len - 1);
  if (self->cur == v->branch)
    {
      problem (self, DJ_FORMAT_ERROR_STRUCTURE, line, FALSE,
               _("the variation started at line %u has no moves"), v->line);
      return;
    }
  self->cur = v->resume;
  g_array_set_size (self->variations, self->variations->len - 1);
}

static void
end_moves (Loader     *self,
           xmlNodePtr  node)
{
  if (self->game == NULL || self->broken)
    return;
  if (self->variations->len > 0)
    problem (self, DJ_FORMAT_ERROR_STRUCTURE, current_line (self), FALSE,
             _("the variation started at line %u is not closed"),
             g_array_index (self->variations, Variation, self->variations->len - 1).line);
}

static void
begin_game (Loader *self)
{
  if (++self->n_games > DJ_FORMAT_MAX_GAMES)
    {
      problem (self, DJ_FORMAT_ERROR_LIMIT, current_line (self), TRUE,
               _("the file holds more than %u games"), (guint) DJ_FORMAT_MAX_GAMES);
      return;
    }
  self->in_game = TRUE;
  self->broken = FALSE;
  self->have_rules = FALSE;
  self->have_setup = FALSE;
  g_clear_pointer (&self->info, dj_game_info_free);
  self->info = dj_game_info_new ();
  g_string_truncate (self->game_foreign, 0);
  g_clear_object (&self->game);
  self->cur = NULL;
  self->moves_node = NULL;
}

static void
end_game (Loader *self)
{
  self->in_game = FALSE;
  if (self->game == NULL || self->broken)
    {
      g_clear_object (&self->game);
      return;
    }
  dj_game_load_info (self->game, g_steal_pointer (&self->info));
  if (self->game_foreign->len > 0)
    dj_game_load_foreign (self->game, g_strndup (self->game_foreign->str,
                                                 self->game_foreign->len));
  dj_collection_append (self->collection, self->game);
  g_clear_object (&self->game);
}

/* Turns a finished record element into the record. */
static void
read_record (Loader     *self,
             xmlNodePtr  node)
{
  const char *name = (const char *) node->name;

  if (!is_ours (node) || self->broken || !self->in_game)
    return;

  if (self->depth == 3)
    {
      if (strcmp (name, "info") == 0)
        read_info (self, node);
      else if (strcmp (name, "rules") == 0)
        read_rules (self, node);
      else if (strcmp (name, "setup") == 0)
        read_setup (self, node);
      return;
    }
  if (self->game == NULL)
    return;
  if (strcmp (name, "move") == 0)
    read_move (self, node);
  else if (strcmp (name, "variation-start") == 0)
    variation_start (self, node);
  else if (strcmp (name, "variation-end") == 0)
    variation_end (self, node);
  else if (strcmp (name, "start") == 0)
    read_start (self, node);
}

/* SAX handlers */

static void
check_root (Loader         *self,
            const xmlChar  *localname,
            const xmlChar  *uri,
            int             nb_attributes,
            const xmlChar **attributes)
{
  guint line = current_line (self);

  if (strcmp ((const char *) localname, "djenon") != 0 || uri == NULL ||
      strcmp ((const char *) uri, DJ_XML_NAMESPACE) != 0)
    {
      g_autofree char *q = dj_format_quote (strcmp ((const char *) localname, "djenon") == 0
                                              ? (uri ? (const char *) uri : "")
                                              : (const char *) localname, -1);

      if (strcmp ((const char *) localname, "djenon") == 0)
        problem (self, DJ_FORMAT_ERROR_NOT_DJENON, line, TRUE,
                 _("not a Djenon game file: the root element is in namespace “%s”, not “%s”"),
                 q, DJ_XML_NAMESPACE);
      else
        problem (self, DJ_FORMAT_ERROR_NOT_DJENON, line, TRUE,
                 _("not a Djenon game file: the root element is “%s”, not “djenon”"), q);
      return;
    }
  for (int i = 0; i < nb_attributes; i++)
    {
      const xmlChar **a = attributes + 5 * i;

      if (a[2] == NULL && strcmp ((const char *) a[0], "version") == 0)
        {
          g_autofree char *value = g_strstrip (g_strndup ((const char *) a[3], a[4] - a[3]));
          g_autofree char *q = dj_format_quote (value, -1);
          guint64 version;

          /* As the schema reads it: a token, so white space around it does
           * not count; written plainly, so no sign and no leading zero. */
          if (value[0] < '1' || value[0] > '9' ||
              !g_ascii_string_to_unsigned (value, 10, 1, G_MAXUINT32, &version, NULL))
            problem (self, DJ_FORMAT_ERROR_VALUE, line, TRUE,
                     _("the format version “%s” is not a positive whole number"), q);
          else if (version > DJ_XML_VERSION)
            problem (self, DJ_FORMAT_ERROR_NEWER_VERSION, line, TRUE,
                     _("this file was made by a newer version of Djenon (format version %s; "
                       "this version reads version %d)"), q, DJ_XML_VERSION);
          return;
        }
    }
  problem (self, DJ_FORMAT_ERROR_SCHEMA, line, TRUE,
           _("the root element has no format version"));
}

static void
on_start_element (void           *ctx,
                  const xmlChar  *localname,
                  const xmlChar  *prefix,
                  const xmlChar  *uri,
                  int             nb_namespaces,
                  const xmlChar **namespaces,
                  int             nb_attributes,
                  int             nb_defaulted,
                  const xmlChar **attributes)
{
  xmlParserCtxtPtr ctxt = ctx;
  Loader *self = ctxt->_private;
  gboolean is_container;
  xmlNodePtr parent = ctxt->node;
  xmlNodePtr node;

  if (self->stopped)
    return;
  self->depth++;

  if (self->depth == 1)
    {
      self->seen_root = TRUE;
      check_root (self, localname, uri, nb_attributes, attributes);
      if (self->stopped)
        return;
    }

  /* <djenon>, <game> and <moves> stream; anything in them is a record. */
  is_container = self->depth <= 2 ||
                 (self->depth == 3 && uri != NULL &&
                  strcmp ((const char *) uri, DJ_XML_NAMESPACE) == 0 &&
                  strcmp ((const char *) localname, "moves") == 0);
  /* libxml2 sets no bound here, and its schema checks take time growing
   * with the square of the number of attributes of an element. */
  if (nb_attributes > MAX_ATTRIBUTES || nb_namespaces > MAX_ATTRIBUTES)
    {
      g_autofree char *q = dj_format_quote ((const char *) localname, -1);

      problem (self, DJ_FORMAT_ERROR_LIMIT, current_line (self), TRUE,
               _("element “%s” has more than %u attributes"), q, MAX_ATTRIBUTES);
      return;
    }
  if (self->record != NULL)
    {
      if (++self->record_elements > MAX_RECORD_ELEMENTS)
        {
          problem (self, DJ_FORMAT_ERROR_LIMIT, current_line (self), TRUE,
                   _("too many elements inside one element (more than %u)"),
                   MAX_RECORD_ELEMENTS);
          return;
        }
    }

  self->sax2.startElementNs (ctx, localname, prefix, uri, nb_namespaces, namespaces,
                             nb_attributes, nb_defaulted, attributes);
  node = ctxt->node;
  if (self->stopped)
    return;
  if (node == NULL || node == parent)
    {
      g_autofree char *q = dj_format_quote ((const char *) localname, -1);

      problem (self, DJ_FORMAT_ERROR_SYNTAX, current_line (self), TRUE,
               _("cannot read element “%s”"), q);
      return;
    }
  node->_private = GUINT_TO_POINTER (current_line (self));

  if (self->record == NULL && !is_container)
    {
      self->record = node;
      self->record_elements = 1;
      self->record_bytes = 0;
      self->record_invalid = FALSE;
    }

  if (self->full == NULL && self->vctxt != NULL)
    {
      int ret;

      self->validating = node;
      ret = xmlRelaxNGValidatePushElement (self->vctxt, ctxt->myDoc, node);
      self->validating = NULL;

      if (ret == 0)
        self->full = node;
      else if (ret < 0)
        self->record_invalid = TRUE;
    }
  if (self->stopped)
    return;

  if (self->depth == 2 && is_ours (node) && strcmp ((const char *) localname, "game") == 0)
    begin_game (self);
  else if (self->depth == 3 && is_container && self->in_game)
    begin_moves (self, node);
}

static void
on_end_element (void          *ctx,
                const xmlChar *localname,
                const xmlChar *prefix,
                const xmlChar *uri)
{
  xmlParserCtxtPtr ctxt = ctx;
  Loader *self = ctxt->_private;
  xmlNodePtr node = ctxt->node;

  if (self->stopped || node == NULL)
    return;

  self->hold_schema = node == self->record;
  if (self->vctxt != NULL)
    {
      if (self->full == node)
        {
          if (xmlRelaxNGValidateFullElement (self->vctxt, ctxt->myDoc, node) != 1)
            self->record_invalid = TRUE;
          self->full = NULL;
        }
      else if (self->full == NULL)
        {
          self->validating = node;
          if (xmlRelaxNGValidatePopElement (self->vctxt, ctxt->myDoc, node) != 1)
            self->record_invalid = TRUE;
          self->validating = NULL;
        }
    }
  if (self->stopped)
    return;

  self->hold_schema = FALSE;
  if (node == self->record)
    {
      GError *before = self->error;
      guint n_before = self->problems ? self->problems->len : 0;
      gboolean invalid = self->record_invalid;

      /* A record that breaks the schema is still read, for a more precise
       * message than libxml2's ("“z” is not a move" rather than "failed to
       * validate attributes"); then it counts as broken. */
      self->record_invalid = FALSE;
      if (invalid && self->pending->len > 0 && !self->broken)
        read_record (self, node);
      else if (!invalid)
        read_record (self, node);
      flush_schema_errors (self, self->error != before || self->stopped ||
                                 (self->problems && self->problems->len > n_before));
      if (invalid)
        self->broken = TRUE;
    }
  else if (self->depth == 3 && self->in_game && is_named (node, "moves"))
    end_moves (self, node);
  else if (self->depth == 2 && self->in_game && is_named (node, "game"))
    end_game (self);

  self->sax2.endElementNs (ctx, localname, prefix, uri);
  if (node == self->record)
    {
      xmlUnlinkNode (node);
      xmlFreeNode (node);
      self->record = NULL;
    }
  else if (self->depth == 2)
    {
      /* A finished <game>: drop it from the document tree. */
      xmlUnlinkNode (node);
      xmlFreeNode (node);
    }
  self->depth--;
}

static void
on_characters (void          *ctx,
               const xmlChar *ch,
               int            len)
{
  xmlParserCtxtPtr ctxt = ctx;
  Loader *self = ctxt->_private;

  if (self->stopped)
    return;
  if (self->full == NULL && self->vctxt != NULL && self->depth > 0)
    {
      int i = 0;

      while (i < len && (ch[i] == ' ' || ch[i] == '\t' || ch[i] == '\n' || ch[i] == '\r'))
        i++;
      /* libxml2 reads the text up to a NUL, which SAX text does not have. */
      if (i < len)
        {
          g_autofree char *text = g_strndup ((const char *) ch, len);

          self->validating = ctxt->node;
          if (xmlRelaxNGValidatePushCData (self->vctxt, (const xmlChar *) text, len) != 1)
            self->record_invalid = TRUE;
          self->validating = NULL;
        }
    }
  if (self->record == NULL || self->stopped)
    return;   /* whitespace between records: not kept */

  self->record_bytes += len;
  if (self->record_bytes > MAX_RECORD_BYTES)
    {
      problem (self, DJ_FORMAT_ERROR_LIMIT, current_line (self), TRUE,
               _("an element holds more than %u bytes of text"), (guint) MAX_RECORD_BYTES);
      return;
    }
  self->sax2.characters (ctx, ch, len);
}

static void
on_internal_subset (void          *ctx,
                    const xmlChar *name,
                    const xmlChar *external_id,
                    const xmlChar *system_id)
{
  xmlParserCtxtPtr ctxt = ctx;
  Loader *self = ctxt->_private;

  problem (self, DJ_FORMAT_ERROR_FORBIDDEN, current_line (self), TRUE,
           _("a document type declaration (DOCTYPE) is not allowed in a Djenon file"));
}

static void
on_reference (void          *ctx,
              const xmlChar *name)
{
  xmlParserCtxtPtr ctxt = ctx;
  Loader *self = ctxt->_private;

  g_autofree char *q = dj_format_quote ((const char *) name, -1);

  problem (self, DJ_FORMAT_ERROR_FORBIDDEN, current_line (self), TRUE,
           _("entity references (&%s;) are not allowed in a Djenon file"), q);
}

static xmlEntityPtr
on_get_entity (void          *ctx,
               const xmlChar *name)
{
  /* Only the five predefined entities exist; libxml2 handles those. */
  return xmlGetPredefinedEntity (name);
}

static void
loader_init (Loader     *self,
             const char *name,
             gboolean    collect)
{
  memset (self, 0, sizeof *self);
  self->name = name;
  self->problems = collect ? g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free)
                           : NULL;
  self->collection = dj_collection_new ();
  self->variations = g_array_new (FALSE, FALSE, sizeof (Variation));
  self->game_foreign = g_string_new (NULL);
  self->pending = g_ptr_array_new_with_free_func ((GDestroyNotify) pending_free);

  xmlSAXVersion (&self->sax2, 2);
  self->sax = self->sax2;
  self->sax.startElementNs = on_start_element;
  self->sax.endElementNs = on_end_element;
  self->sax.characters = on_characters;
  self->sax.ignorableWhitespace = on_characters;
  self->sax.cdataBlock = on_characters;
  self->sax.comment = NULL;
  self->sax.processingInstruction = NULL;
  self->sax.internalSubset = on_internal_subset;
  self->sax.externalSubset = NULL;
  self->sax.reference = on_reference;
  self->sax.getEntity = on_get_entity;
  self->sax.getParameterEntity = NULL;
  self->sax.entityDecl = NULL;
  self->sax.unparsedEntityDecl = NULL;
  self->sax.resolveEntity = NULL;
  self->sax.serror = on_parser_error;
}

static void
loader_clear (Loader *self)
{
  if (self->ctxt != NULL)
    {
      if (self->ctxt->myDoc != NULL)
        xmlFreeDoc (self->ctxt->myDoc);
      self->ctxt->myDoc = NULL;
      xmlFreeParserCtxt (self->ctxt);
    }
  if (self->vctxt != NULL)
    xmlRelaxNGFreeValidCtxt (self->vctxt);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_error (&self->error);
  g_clear_object (&self->collection);
  g_clear_object (&self->game);
  g_clear_pointer (&self->info, dj_game_info_free);
  g_array_unref (self->variations);
  g_string_free (self->game_foreign, TRUE);
  g_ptr_array_unref (self->pending);
  if (self->declaration != NULL)
    g_string_free (self->declaration, TRUE);
}

/* libxml2 is told the file is UTF-8 whatever it declares (so that no
 * other decoder runs); a declaration of another encoding is refused, as
 * xmllint refuses a file whose bytes do not match it.  The declaration is
 * the file's first bytes, up to its "?>": collected as they come, checked
 * once whole. */
#define MAX_DECLARATION_BYTES 1024

static void
check_declaration (Loader     *self,
                   const char *data,
                   gsize       len,
                   gboolean    last)
{
  const char *close;
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GRegex) regex = NULL;

  if (self->declaration == NULL)
    return;
  g_string_append_len (self->declaration, data,
                       MIN (len, MAX_DECLARATION_BYTES - self->declaration->len));
  close = memchr (self->declaration->str, '>', self->declaration->len);
  if (close == NULL && !last && self->declaration->len < MAX_DECLARATION_BYTES)
    return;
  /* "<?xml" and white space begin a declaration ("<?xml-…" is another
   * processing instruction); libxml2 judges its syntax. */
  if (self->declaration->len > 5 && memcmp (self->declaration->str, "<?xml", 5) == 0 &&
      strchr (" \t\r\n", self->declaration->str[5]) != NULL && close != NULL)
    {
      g_string_truncate (self->declaration, close - self->declaration->str);
      regex = g_regex_new ("[ \t\r\n]encoding[ \t\r\n]*=[ \t\r\n]*(\"([^\"]*)\"|'([^']*)')",
                           G_REGEX_RAW, 0, NULL);
      if (g_regex_match (regex, self->declaration->str, 0, &match))
        {
          g_autofree char *name = g_match_info_fetch (match, 2);

          if (name == NULL || *name == '\0')
            {
              g_free (name);
              name = g_match_info_fetch (match, 3);
            }
          if (g_ascii_strcasecmp (name, "UTF-8") != 0 && g_ascii_strcasecmp (name, "UTF8") != 0)
            {
              /* The bytes of a file that may not be UTF-8 at all */
              g_autofree char *valid = g_strdelimit (g_utf8_make_valid (name, -1),
                                                     "\t\r\n", ' ');
              g_autofree char *q = dj_format_quote (valid, -1);

              /* Translators: the first %s is the encoding the file names */
              problem (self, DJ_FORMAT_ERROR_SYNTAX, 1, TRUE,
                       _("the file says its encoding is “%s”; Djenon files are UTF-8 "
                         "(encoding=\"UTF-8\")"), q);
            }
        }
    }
  g_string_free (g_steal_pointer (&self->declaration), TRUE);
}

static gboolean
loader_feed (Loader     *self,
             const char *data,
             gsize       len,
             gboolean    last)
{
  g_autofree char *joined = NULL;

  if (self->stopped)
    return FALSE;
  self->bytes += len;
  if (self->bytes > (guint64) DJ_FORMAT_MAX_FILE_BYTES)
    {
      problem (self, DJ_FORMAT_ERROR_LIMIT, current_line (self), TRUE,
               _("the file is larger than %u MiB"),
               (guint) (DJ_FORMAT_MAX_FILE_BYTES >> 20));
      return FALSE;
    }

  if (self->bytes == 0 && last)
    {
      problem (self, DJ_FORMAT_ERROR_SYNTAX, 1, TRUE, _("the file is empty"));
      return FALSE;
    }
  for (gsize i = 0; i < len && !self->seen_text; i++)
    {
      guint64 at = self->bytes - len + i;

      /* white space, or the byte order mark at the very start */
      self->seen_text = !g_ascii_isspace (data[i]) &&
                        !(at < 3 && (guchar) data[i] == (guchar) "\xEF\xBB\xBF"[at]);
    }
  /* The first bytes decide the encoding: wait for four of them (a pipe
   * may give fewer at a time). */
  if (self->ctxt == NULL && !last && self->head_len + len < sizeof self->head)
    {
      memcpy (self->head + self->head_len, data, len);
      self->head_len += len;
      return TRUE;
    }
  if (self->ctxt == NULL && self->head_len > 0)
    {
      joined = g_malloc (self->head_len + len);
      memcpy (joined, self->head, self->head_len);
      memcpy (joined + self->head_len, data, len);
      data = joined;
      len += self->head_len;
      self->head_len = 0;
    }
  if (self->ctxt == NULL)
    {
      xmlRelaxNGPtr schema = get_schema ();

      /* Djenon files are UTF-8.  libxml2 is not left to guess another
       * encoding from the first bytes: its UTF-16 and UCS-4 paths are more
       * than we need, and one of them crashed on a fuzzed file. */
      if ((len >= 2 && (((guchar) data[0] == 0xFE && (guchar) data[1] == 0xFF) ||
                        ((guchar) data[0] == 0xFF && (guchar) data[1] == 0xFE))) ||
          memchr (data, '\0', MIN (len, 4)) != NULL)
        {
          problem (self, DJ_FORMAT_ERROR_SYNTAX, 1, TRUE,
                   _("the file is not UTF-8 text (it may be UTF-16 or UTF-32); Djenon files "
                     "are UTF-8"));
          return FALSE;
        }
      /* A UTF-8 byte order mark is allowed, and passed over here since the
       * encoding is not left to libxml2. */
      if (len >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
        {
          data += 3;
          len -= 3;
        }
      self->declaration = g_string_new (NULL);
      self->ctxt = xmlCreatePushParserCtxt (&self->sax, NULL, NULL, 0, self->name);
      if (self->ctxt == NULL)
        {
          problem (self, DJ_FORMAT_ERROR_IO, 1, TRUE, _("out of memory"));
          return FALSE;
        }
      self->ctxt->_private = self;
      xmlCtxtUseOptions (self->ctxt, XML_PARSE_NONET | XML_PARSE_IGNORE_ENC);
      xmlSwitchEncoding (self->ctxt, XML_CHAR_ENCODING_UTF8);
      if (schema != NULL)
        {
          self->vctxt = xmlRelaxNGNewValidCtxt (schema);
          xmlRelaxNGSetValidStructuredErrors (self->vctxt, on_schema_error, self);
        }
    }

  check_declaration (self, data, len, last);
  if (self->stopped)
    return FALSE;
  while (len > 0)
    {
      int n = (int) MIN (len, (gsize) CHUNK_SIZE);

      xmlParseChunk (self->ctxt, data, n, 0);
      data += n;
      len -= n;
      if (self->stopped)
        return FALSE;
    }
  if (last)
    {
      /* What goes wrong now is the file ending too early. */
      self->at_eof = TRUE;
      xmlParseChunk (self->ctxt, NULL, 0, 1);
    }
  return !self->stopped;
}

/* Ends the reading; returns the collection or NULL with @error set. */
static DjCollection *
loader_finish (Loader  *self,
               GError **error)
{
  DjCollection *result = NULL;

  if (!self->stopped && self->bytes == 0)
    problem (self, DJ_FORMAT_ERROR_SYNTAX, 1, TRUE, _("the file is empty"));
  if (!self->stopped && self->ctxt != NULL && !self->ctxt->wellFormed && self->error == NULL)
    problem (self, DJ_FORMAT_ERROR_SYNTAX, current_line (self), TRUE,
             _("not well-formed XML"));
  if (!self->stopped && self->error == NULL && dj_collection_get_n_games (self->collection) == 0)
    problem (self, DJ_FORMAT_ERROR_SCHEMA, current_line (self), TRUE,
             _("the file holds no game"));

  if (self->error != NULL)
    g_propagate_error (error, g_steal_pointer (&self->error));
  else
    {
      result = g_steal_pointer (&self->collection);
      dj_collection_set_modified (result, FALSE);
    }
  return result;
}

/* Runs @read with libxml2's global error handlers pointed at @self, so that
 * nothing is ever printed. */
typedef struct
{
  xmlStructuredErrorFunc serror;
  void                  *serror_data;
  xmlGenericErrorFunc    generic;
  void                  *generic_data;
} SavedHandlers;

static void
handlers_push (Loader        *self,
               SavedHandlers *saved)
{
  get_schema ();
  saved->serror = xmlStructuredError;
  saved->serror_data = xmlStructuredErrorContext;
  saved->generic = xmlGenericError;
  saved->generic_data = xmlGenericErrorContext;
  xmlSetStructuredErrorFunc (self, on_stray_error);
  xmlSetGenericErrorFunc (NULL, silent_generic_error);
  g_private_set (&reading_game_file, GINT_TO_POINTER (1));
}

static void
handlers_pop (SavedHandlers *saved)
{
  g_private_set (&reading_game_file, NULL);
  xmlSetStructuredErrorFunc (saved->serror_data, saved->serror);
  xmlSetGenericErrorFunc (saved->generic_data, saved->generic);
}

DjCollection *
dj_xml_load_data (const char  *data,
                  gsize        len,
                  const char  *display_name,
                  GError     **error)
{
  Loader loader;
  SavedHandlers saved;
  DjCollection *result;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  loader_init (&loader, display_name ? display_name : "<memory>", FALSE);
  handlers_push (&loader, &saved);
  loader_feed (&loader, data, len, TRUE);
  result = loader_finish (&loader, error);
  handlers_pop (&saved);
  loader_clear (&loader);
  return result;
}

static DjCollection *
load_stream (GInputStream  *stream,
             const char    *name,
             GPtrArray    **problems,
             GCancellable  *cancellable,
             GError       **error)
{
  Loader loader;
  SavedHandlers saved;
  DjCollection *result;
  g_autofree char *buffer = g_malloc (CHUNK_SIZE);

  loader_init (&loader, name, problems != NULL);
  handlers_push (&loader, &saved);
  for (;;)
    {
      g_autoptr(GError) io_error = NULL;
      gssize n = g_input_stream_read (stream, buffer, CHUNK_SIZE, cancellable, &io_error);

      if (n < 0)
        {
          problem (&loader, DJ_FORMAT_ERROR_IO, current_line (&loader), TRUE,
                   _("cannot read the file: %s"), io_error->message);
          break;
        }
      if (!loader_feed (&loader, buffer, n, n == 0) || n == 0)
        break;
    }
  result = loader_finish (&loader, error);
  if (problems != NULL)
    *problems = g_steal_pointer (&loader.problems);
  handlers_pop (&saved);
  loader_clear (&loader);
  return result;
}

DjCollection *
dj_xml_load_stream (GInputStream  *stream,
                    const char    *display_name,
                    GCancellable  *cancellable,
                    GError       **error)
{
  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return load_stream (stream, display_name ? display_name : "<stream>", NULL, cancellable,
                      error);
}

DjCollection *
dj_xml_load_file (GFile         *file,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stream = dj_format_open_file (file, &name, cancellable, error);
  if (stream == NULL)
    return NULL;
  return load_stream (stream, name, NULL, cancellable, error);
}

gboolean
dj_xml_sniff (const guint8 *data,
              gsize         len,
              gboolean     *is_xml)
{
  gsize i = 0;

  g_return_val_if_fail (data != NULL || len == 0, FALSE);
  g_return_val_if_fail (is_xml != NULL, FALSE);

  if (len >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    i = 3;
  while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
    i++;
  if (i == len)
    return FALSE;
  *is_xml = data[i] == '<';
  return TRUE;
}

void
dj_xml_init (void)
{
  get_schema ();
}

gboolean
dj_xml_validate_stream (GInputStream  *stream,
                        const char    *display_name,
                        GPtrArray    **problems)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(DjCollection) collection = NULL;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), FALSE);

  collection = load_stream (stream, display_name ? display_name : "<stream>", &found, NULL,
                            &error);
  if (found == NULL)
    found = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  if (found->len == 0 && error != NULL)
    g_ptr_array_add (found, g_steal_pointer (&error));
  if (problems != NULL)
    *problems = g_ptr_array_ref (found);
  return found->len == 0;
}

gboolean
dj_xml_validate_file (GFile      *file,
                      GPtrArray **problems)
{
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  stream = dj_format_open_file (file, &name, NULL, &error);
  if (stream == NULL)
    {
      if (problems != NULL)
        {
          *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
          g_ptr_array_add (*problems, g_steal_pointer (&error));
        }
      return FALSE;
    }
  return dj_xml_validate_stream (stream, name, problems);
}
