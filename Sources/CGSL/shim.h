#ifndef CROPSIM_CGSL_SHIM_H
#define CROPSIM_CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_spline.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort.h>

/* Swift 6 rejects GSL's mutable global type descriptors as not concurrency-safe; these accessors
   hand them over as plain values. */
static inline const gsl_rng_type *cropsim_gsl_rng_mt19937(void) { return gsl_rng_mt19937; }
static inline const gsl_interp_type *cropsim_gsl_interp_cspline(void) { return gsl_interp_cspline; }
static inline const gsl_interp_type *cropsim_gsl_interp_linear(void) { return gsl_interp_linear; }
static inline const gsl_interp_type *cropsim_gsl_interp_steffen(void) { return gsl_interp_steffen; }

#endif
