# C types for rng.py's card-by-card shuffle when it is compiled (meeple.compiled):
# 64-bit unsigned arithmetic wraps as rng.py's `& mask` does, so the numbers are
# the same; the rest of the module is compiled as Python.
import cython

@cython.locals(mask=cython.ulonglong, gamma=cython.ulonglong, mix1=cython.ulonglong, mix2=cython.ulonglong,
               z=cython.ulonglong, x=cython.ulonglong, limit=cython.ulonglong, n=cython.ulonglong,
               i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef unsigned long long _one_by_one(items, unsigned long long s) except? 0
