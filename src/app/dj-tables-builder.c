/* dj-tables-builder.c: deeper endgame tables made in the background
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The installed endgame tables hold 14 seeds; tables of 16 take
 * Djenon-abe's slow positions nearly half the work, but take half a minute
 * and over a gigabyte of memory to make, too much for every build of the
 * project.  So the first analysis of a Djenon-abe game asks for them, a
 * worker thread of the lowest priority makes them while the search goes on
 * exact without them, and every search started after uses them; they are
 * cached for the next start (dj-search-tables.h checks them there).
 */
/* SCHED_IDLE */
#define _GNU_SOURCE
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

#include "dj-search-tables.h"
#include "dj-tables-builder.h"

struct _DjTablesBuilder
{
  GObject       parent_instance;

  GCancellable *cancellable;   /* of the build in progress; NULL: none */
  double        fraction;
  char         *message;
  gboolean      failed;
  guint         tried;         /* rule sets asked for once (bit per dj_rules_get_index) */
  DjRules       waiting[DJ_N_RULE_SETS];
  guint         n_waiting;
};

enum
{
  PROP_0,
  PROP_BUILDING,
  PROP_FRACTION,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DjTablesBuilder, dj_tables_builder, G_TYPE_OBJECT)

typedef struct
{
  DjTablesBuilder *self;
  DjRules          rules;
  GCancellable    *cancellable;
  int              percent;    /* last reported; atomic */
  gboolean         ok;
  GError          *error;
} Job;

static void start (DjTablesBuilder *self,
                   const DjRules   *rules);

static void
set_message (DjTablesBuilder *self,
             char            *message,
             gboolean         failed)
{
  g_free (self->message);
  self->message = message;
  self->failed = failed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
}

typedef struct
{
  DjTablesBuilder *self;
  double           fraction;
} Report;

static gboolean
on_progress_idle (gpointer data)
{
  Report *r = data;

  /* A late report of a build that has ended changes nothing. */
  if (r->self->cancellable != NULL && r->fraction > r->self->fraction)
    {
      r->self->fraction = r->fraction;
      g_object_notify_by_pspec (G_OBJECT (r->self), properties[PROP_FRACTION]);
    }
  g_object_unref (r->self);
  g_free (r);
  return G_SOURCE_REMOVE;
}

/* On the worker: tells the main loop once a percent. */
static void
on_progress (double   fraction,
             gpointer data)
{
  Job *job = data;
  int percent = (int) (fraction * 100);
  Report *r;

  if (percent <= g_atomic_int_get (&job->percent))
    return;
  g_atomic_int_set (&job->percent, percent);
  r = g_new (Report, 1);
  r->self = g_object_ref (job->self);
  r->fraction = percent / 100.0;
  g_idle_add (on_progress_idle, r);
}

static gboolean
on_done (gpointer data)
{
  Job *job = data;
  DjTablesBuilder *self = job->self;

  g_clear_object (&self->cancellable);
  self->fraction = 0;
  if (job->ok)
    set_message (self, NULL, FALSE);
  else if (g_error_matches (job->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    set_message (self, NULL, FALSE);
  else if (dj_tables_cache_state (&job->rules, NULL) == DJ_TABLES_CACHE_READY)
    /* Translators: made and in use, but not saved; %s says why */
    set_message (self, g_strdup_printf (_("Endgame tables for faster analysis were made but "
                                          "not saved: %s. They will be made again at the next "
                                          "start."),
                                        job->error->message),
                 TRUE);
  else
    /* Translators: the analysis stays exact; %s says why the tables were not made */
    set_message (self, g_strdup_printf (_("Endgame tables for faster analysis were not made: "
                                          "%s. The analysis stays exact, only slower."),
                                        job->error->message),
                 TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUILDING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);

  /* The next rule set asked for meanwhile. */
  if (self->n_waiting > 0 && job->ok)
    {
      DjRules next = self->waiting[0];

      memmove (self->waiting, self->waiting + 1, --self->n_waiting * sizeof (DjRules));
      start (self, &next);
    }
  g_object_unref (job->cancellable);
  g_clear_error (&job->error);
  g_object_unref (job->self);
  g_free (job);
  return G_SOURCE_REMOVE;
}

static gpointer
build_thread (gpointer data)
{
  Job *job = data;

#ifdef __linux__
  {
    struct sched_param param = { 0 };

    /* The lowest priority there is: the build takes only the time the
     * user's programs (and the search) leave.  Its helper thread inherits
     * it. */
    pthread_setschedparam (pthread_self (), SCHED_IDLE, &param);
  }
#endif
  job->ok = dj_tables_cache_build (&job->rules, on_progress, job, job->cancellable, &job->error);
  g_idle_add (on_done, job);
  return NULL;
}

static void
start (DjTablesBuilder *self,
       const DjRules   *rules)
{
  const GError *refused = NULL;
  DjTablesCache state = dj_tables_cache_state (rules, &refused);
  Job *job;

  if (state != DJ_TABLES_CACHE_MISSING && state != DJ_TABLES_CACHE_REFUSED)
    return;
  job = g_new0 (Job, 1);
  job->self = g_object_ref (self);
  job->rules = *rules;
  job->cancellable = g_cancellable_new ();
  self->cancellable = g_object_ref (job->cancellable);
  self->fraction = 0;
  if (state == DJ_TABLES_CACHE_REFUSED)
    /* Translators: %s says why the saved tables were refused (damaged, of another version) */
    set_message (self, g_strdup_printf (_("Saved endgame tables refused (%s): making them "
                                          "again for faster analysis"), refused->message),
                 FALSE);
  else
    set_message (self, g_strdup (_("Making endgame tables for faster analysis")), FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUILDING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_thread_unref (g_thread_new ("dj-tables-cache", build_thread, job));
}

void
dj_tables_builder_want (DjTablesBuilder *self,
                        const DjRules   *rules)
{
  guint bit;

  g_return_if_fail (DJ_IS_TABLES_BUILDER (self));
  g_return_if_fail (rules != NULL);

  /* Asked once a rule set and process: a build that failed is not tried
   * again at every position. */
  bit = 1u << dj_rules_get_index (rules);
  if (self->tried & bit)
    return;
  if (dj_tables_cache_seeds (rules) == 0)
    return;
  self->tried |= bit;
  if (self->cancellable != NULL)
    {
      self->waiting[self->n_waiting++] = *rules;
      return;
    }
  start (self, rules);
}

gboolean
dj_tables_builder_get_building (DjTablesBuilder *self)
{
  g_return_val_if_fail (DJ_IS_TABLES_BUILDER (self), FALSE);

  return self->cancellable != NULL;
}

double
dj_tables_builder_get_fraction (DjTablesBuilder *self)
{
  g_return_val_if_fail (DJ_IS_TABLES_BUILDER (self), 0);

  return self->fraction;
}

const char *
dj_tables_builder_get_message (DjTablesBuilder *self)
{
  g_return_val_if_fail (DJ_IS_TABLES_BUILDER (self), NULL);

  return self->message;
}

gboolean
dj_tables_builder_get_failed (DjTablesBuilder *self)
{
  g_return_val_if_fail (DJ_IS_TABLES_BUILDER (self), FALSE);

  return self->failed;
}

void
dj_tables_builder_cancel (DjTablesBuilder *self)
{
  g_return_if_fail (DJ_IS_TABLES_BUILDER (self));

  self->n_waiting = 0;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

DjTablesBuilder *
dj_tables_builder_get_default (void)
{
  static DjTablesBuilder *builder;

  if (builder == NULL)
    builder = g_object_new (DJ_TYPE_TABLES_BUILDER, NULL);
  return builder;
}

static void
dj_tables_builder_finalize (GObject *object)
{
  DjTablesBuilder *self = DJ_TABLES_BUILDER (object);

  g_clear_object (&self->cancellable);
  g_free (self->message);
  G_OBJECT_CLASS (dj_tables_builder_parent_class)->finalize (object);
}

static void
dj_tables_builder_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  DjTablesBuilder *self = DJ_TABLES_BUILDER (object);

  switch (prop_id)
    {
    case PROP_BUILDING:
      g_value_set_boolean (value, dj_tables_builder_get_building (self));
      break;
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dj_tables_builder_class_init (DjTablesBuilderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dj_tables_builder_finalize;
  object_class->get_property = dj_tables_builder_get_property;

  properties[PROP_BUILDING] =
    g_param_spec_boolean ("building", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dj_tables_builder_init (DjTablesBuilder *self)
{
}
