/* dj-explain.h: a move told in words, lap by lap, for the move explainer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dj-play.h"

G_BEGIN_DECLS

/* One sentence of the account, and the steps of the move it tells about.
 * Steps are numbered as the board's step-through numbers them: 0 is the
 * position before the move; then each lap is one lift step followed by one
 * step per seed dropped; then one step per pit of the capture chain.  A pass
 * is the single step 1. */
typedef struct
{
  guint  first_step;
  guint  last_step;
  char  *text;
} DjExplainStep;

/* The whole account: an array of DjExplainStep*, in order, covering every
 * step from 0 to the last exactly once.  Free with g_ptr_array_unref(). */
GPtrArray   *dj_trace_explain          (const DjTrace *trace);

/* The number of steps of @trace, as numbered above. */
guint        dj_trace_count_steps      (const DjTrace *trace);

G_END_DECLS
