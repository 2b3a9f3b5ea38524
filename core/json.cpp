// Boost.JSON compiled into the library once (header-only mode).
#include <boost/json/src.hpp>
