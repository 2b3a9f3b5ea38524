// Asio and Beast compiled once for the whole program (separate-compilation mode).
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
