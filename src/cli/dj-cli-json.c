/* dj-cli-json.c: the --json output of djenon-cli's commands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dj-cli-json.h"

void
dj_json_init (DjJson *json)
{
  memset (json, 0, sizeof *json);
  json->out = g_string_new (NULL);
}

char *
dj_json_finish (DjJson *json)
{
  g_assert (json->depth == 0);
  g_string_append_c (json->out, '\n');
  return g_string_free (g_steal_pointer (&json->out), FALSE);
}

/* Before a value: the comma after the previous item of the container. */
static void
separate (DjJson *json)
{
  if (json->after_key)
    {
      json->after_key = FALSE;
      return;
    }
  if (json->depth > 0)
    {
      if (json->has_items[json->depth - 1])
        g_string_append_c (json->out, ',');
      json->has_items[json->depth - 1] = TRUE;
    }
}

static void
json_open (DjJson *json,
      char    c)
{
  separate (json);
  g_assert (json->depth < DJ_JSON_MAX_DEPTH);
  g_string_append_c (json->out, c);
  json->has_items[json->depth++] = FALSE;
}

static void
json_close (DjJson *json,
       char    c)
{
  g_assert (json->depth > 0 && !json->after_key);
  json->depth--;
  g_string_append_c (json->out, c);
}

void dj_json_begin_object (DjJson *json) { json_open (json, '{'); }
void dj_json_end_object (DjJson *json) { json_close (json, '}'); }
void dj_json_begin_array (DjJson *json) { json_open (json, '['); }
void dj_json_end_array (DjJson *json) { json_close (json, ']'); }

static void
append_string (GString    *out,
               const char *value)
{
  g_string_append_c (out, '"');
  for (const char *p = value; *p != '\0'; p++)
    {
      unsigned char c = (unsigned char) *p;

      switch (c)
        {
        case '"':  g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (c < 0x20)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

void
dj_json_key (DjJson     *json,
             const char *key)
{
  separate (json);
  append_string (json->out, key);
  g_string_append_c (json->out, ':');
  json->after_key = TRUE;
}

void
dj_json_string (DjJson     *json,
                const char *value)
{
  separate (json);
  if (value == NULL)
    g_string_append (json->out, "null");
  else if (g_utf8_validate (value, -1, NULL))
    append_string (json->out, value);
  else
    {
      g_autofree char *valid = g_utf8_make_valid (value, -1);

      append_string (json->out, valid);
    }
}

void
dj_json_int (DjJson *json,
             gint64  value)
{
  separate (json);
  g_string_append_printf (json->out, "%" G_GINT64_FORMAT, value);
}

void
dj_json_double (DjJson *json,
                double  value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  separate (json);
  g_string_append (json->out, g_ascii_formatd (buf, sizeof buf, "%.6g", value));
}

void
dj_json_bool (DjJson   *json,
              gboolean  value)
{
  separate (json);
  g_string_append (json->out, value ? "true" : "false");
}

void
dj_json_null (DjJson *json)
{
  separate (json);
  g_string_append (json->out, "null");
}

void
dj_json_member_string (DjJson     *json,
                       const char *key,
                       const char *value)
{
  dj_json_key (json, key);
  dj_json_string (json, value);
}

void
dj_json_member_int (DjJson     *json,
                    const char *key,
                    gint64      value)
{
  dj_json_key (json, key);
  dj_json_int (json, value);
}

void
dj_json_member_bool (DjJson     *json,
                     const char *key,
                     gboolean    value)
{
  dj_json_key (json, key);
  dj_json_bool (json, value);
}
