// JSON is Boost.JSON everywhere (views, events, actions, the API). This header is the one
// place that includes it, so the choice can be seen and changed in one spot.
#pragma once

#include <boost/json.hpp>

namespace arbiter {
namespace json = boost::json;
}  // namespace arbiter
