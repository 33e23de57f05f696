/* fuzz-schema.c: libFuzzer oracle, the XML reader against the schema
 *
 * Each input is read by the XML reader and checked, as xmllint checks it,
 * against the RELAX NG schema (data/djenon-game.rng, as built in): a file
 * the reader takes must follow the schema, and a file that follows the
 * schema must be taken, unless the reader refuses it for something the
 * schema cannot say (the rules, positions, limits, dates, values given
 * twice, encodings other than UTF-8, a DOCTYPE; see reader_only below).
 * A file that breaks the Namespaces in XML rules, which xmllint reports as
 * an error before it validates, counts as refused by the schema.
 * Built as a libFuzzer target with -Dfuzzing=true; built with
 * -DDJ_FUZZ_STANDALONE it is the test test-fuzz-schema-corpus, the same
 * check over every file of the folders given.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dj-xml.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
silent (void        *data,
        xmlErrorPtr  error)
{
}

/* Notes a breach of the Namespaces in XML rules (an undeclared prefix, a
 * namespace name that is not a URI, a bad QName): libxml2 reports it as an
 * error and goes on, and so does xmllint; the reader refuses the file. */
static void
note_namespace_error (void        *data,
                      xmlErrorPtr  error)
{
  gboolean *breach = data;

  if (error != NULL && error->domain == XML_FROM_NAMESPACE && error->level >= XML_ERR_ERROR)
    *breach = TRUE;
}

static gboolean
schema_accepts (const uint8_t *data,
                size_t         size)
{
  static xmlRelaxNGPtr schema = NULL;
  xmlRelaxNGValidCtxtPtr vctxt;
  xmlDocPtr doc;
  gboolean breach = FALSE;
  int ret;

  if (schema == NULL)
    {
      g_autoptr(GBytes) bytes = dj_xml_get_schema ();
      gsize len;
      const char *rng = g_bytes_get_data (bytes, &len);
      xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewMemParserCtxt (rng, (int) len);

      schema = xmlRelaxNGParse (pctxt);
      xmlRelaxNGFreeParserCtxt (pctxt);
      g_assert (schema != NULL);
    }
  /* A NUL byte is never XML; libxml2 2.9 stops reading there (and takes
   * what came before) in some of its paths. */
  if (size > G_MAXINT || memchr (data, '\0', size) != NULL)
    return FALSE;
  xmlSetStructuredErrorFunc (&breach, note_namespace_error);
  /* As xmllint --noout --relaxng reads a file: no network, no entity
   * substitution, no DTD loading. */
  doc = xmlReadMemory ((const char *) data, (int) size, "oracle.djenon", NULL, XML_PARSE_NONET);
  if (doc == NULL || breach)
    {
      if (doc != NULL)
        xmlFreeDoc (doc);
      xmlSetStructuredErrorFunc (NULL, NULL);
      return FALSE;
    }
  xmlSetStructuredErrorFunc (NULL, silent);
  vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, silent, NULL);
  ret = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  xmlFreeDoc (doc);
  xmlSetStructuredErrorFunc (NULL, NULL);
  return ret == 0;
}

/* A refusal of the reader that the schema cannot express. */
static gboolean
reader_only (const GError *error)
{
  /* Values checked beyond their form: the calendar, sums of seeds, values
   * given twice, times that make no sense, the ending's consistency. */
  static const char * const semantic[] = {
    "is not a date", "is given twice", "are impossible", "did not end by the rules",
    "is marked twice", "is drawn twice", "number of milliseconds", "two different pits",
    "is not a positive whole number",
  };

  switch (error->code)
    {
    case DJ_FORMAT_ERROR_IO:
    case DJ_FORMAT_ERROR_FORBIDDEN:
    case DJ_FORMAT_ERROR_NEWER_VERSION:
    case DJ_FORMAT_ERROR_STRUCTURE:
    case DJ_FORMAT_ERROR_ILLEGAL_MOVE:
    case DJ_FORMAT_ERROR_POSITION:
    case DJ_FORMAT_ERROR_LIMIT:
      return TRUE;
    case DJ_FORMAT_ERROR_SYNTAX:
      /* libxml2 reads other encodings; Djenon files are UTF-8. */
      return strstr (error->message, "encoding is") != NULL ||
             strstr (error->message, "not UTF-8 text") != NULL ||
             strstr (error->message, "not valid UTF-8") != NULL;
    case DJ_FORMAT_ERROR_VALUE:
      for (guint i = 0; i < G_N_ELEMENTS (semantic); i++)
        if (strstr (error->message, semantic[i]) != NULL)
          return TRUE;
      return FALSE;
    default:
      return FALSE;
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DjCollection) collection = dj_xml_load_data ((const char *) data, size,
                                                         "oracle.djenon", &error);
  gboolean schema = schema_accepts (data, size);

  if (collection != NULL && !schema)
    {
      /* abort() rather than g_error(), so that libFuzzer keeps the input */
      g_printerr ("the reader takes a file the schema refuses\n");
      abort ();
    }
  if (collection == NULL && schema && !reader_only (error))
    {
      g_printerr ("the schema takes a file the reader refuses: %s\n", error->message);
      abort ();
    }
  return 0;
}

#define DJ_FUZZ_TEST_PATH "/djenon/fuzz-schema-corpus"
#include "fuzz-standalone.h"
