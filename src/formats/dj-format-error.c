/* dj-format-error.c: errors of the file readers and writers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dj-format-private.h"

G_DEFINE_QUARK (dj-format-error-quark, dj_format_error)

static const char * const error_names[] = {
  "io", "syntax", "forbidden", "not-djenon", "newer-version", "schema", "structure",
  "illegal-move", "position", "value", "limit", "read-only",
};

const char *
dj_format_error_to_string (DjFormatError code)
{
  g_return_val_if_fail ((guint) code < G_N_ELEMENTS (error_names), NULL);
  return error_names[code];
}

void
dj_format_set_error (GError        **error,
                     DjFormatError   code,
                     const char     *name,
                     guint           line,
                     const char     *format,
                     ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (line == 0)
    g_set_error (error, DJ_FORMAT_ERROR, code, "%s: %s", name, message);
  else
    g_set_error (error, DJ_FORMAT_ERROR, code, "%s:%u: %s", name, line, message);
}

char *
dj_format_quote (const char *text,
                 gssize      len)
{
  return dj_format_shorten (text, len, DJ_FORMAT_QUOTE_CHARS);
}

char *
dj_format_shorten (const char *text,
                   gssize      len,
                   guint       max_chars)
{
  const char *end = text + (len < 0 ? strlen (text) : (gsize) len);
  const char *p = text;
  guint chars = 0;

  while (p < end && chars < max_chars)
    {
      p = g_utf8_find_next_char (p, end);
      if (p == NULL)
        p = end;
      chars++;
    }
  if (p >= end)
    return g_strndup (text, end - text);
  return g_strdup_printf ("%.*s…", (int) (p - text), text);
}

gboolean
dj_format_char_is_xml (gunichar c)
{
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

void
dj_format_append_escaped (GString    *out,
                          const char *text,
                          gboolean    attribute)
{
  const char *p = text;

  while (*p != '\0')
    {
      const char *run = p;

      /* Copy plain ASCII in runs. */
      while (*p >= 0x20 && *p != '&' && *p != '<' && *p != '>' && *p != '"' && *p != 0x7f)
        p++;
      if (p > run)
        g_string_append_len (out, run, p - run);
      if (*p == '\0')
        break;

      switch (*p)
        {
        case '&':
          g_string_append (out, "&amp;");
          p++;
          continue;
        case '<':
          g_string_append (out, "&lt;");
          p++;
          continue;
        case '>':
          g_string_append (out, "&gt;");
          p++;
          continue;
        case '"':
          g_string_append (out, attribute ? "&quot;" : "\"");
          p++;
          continue;
        case '\r':
          g_string_append (out, "&#13;");
          p++;
          continue;
        case '\n':
          g_string_append (out, attribute ? "&#10;" : "\n");
          p++;
          continue;
        case '\t':
          g_string_append (out, attribute ? "&#9;" : "\t");
          p++;
          continue;
        default:
          break;
        }

      /* A control character or a multi-byte sequence. */
      {
        gunichar c = g_utf8_get_char_validated (p, -1);

        if (c == (gunichar) -1 || c == (gunichar) -2)
          {
            g_string_append (out, "\xEF\xBF\xBD");
            p++;
            continue;
          }
        if (dj_format_char_is_xml (c))
          g_string_append_len (out, p, g_utf8_next_char (p) - p);
        else
          g_string_append (out, "\xEF\xBF\xBD");
        p = g_utf8_next_char (p);
      }
    }
}

GInputStream *
dj_format_open_file (GFile         *file,
                     char         **name,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autoptr(GError) io_error = NULL;
  GFileInputStream *stream;

  *name = g_file_get_parse_name (file);
  stream = g_file_read (file, cancellable, &io_error);
  if (stream == NULL)
    dj_format_set_error (error, DJ_FORMAT_ERROR_IO, *name, 0, _("cannot open the file: %s"),
                         io_error->message);
  return G_INPUT_STREAM (stream);
}
