// `xqtb serve`: the HTTP service (cpp-httplib) around Api: limits, timeouts, one log line per
// request, and a clean stop on SIGINT or SIGTERM (requests in flight finish).
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>

#include "core/values.hpp"

namespace xq::serve {

struct ServerOptions {
  std::string dir = "tables";
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port (the printed URL names it)
  int threads = 4;
  std::optional<RuleSet> rules;  // serve this rule set's tables alone
  size_t cache_mib = 256;        // block cache of each rule set's tablebase
  bool quiet = false;            // no line per request
};

// Serves until SIGINT or SIGTERM; prints "xqtb serve: http://HOST:PORT/" on `out` once
// listening, and the request lines there. Returns false when it cannot listen (the reason on
// `out`); throws TableError when the directory cannot be read.
bool run_server(const ServerOptions& o, std::ostream& out);

}  // namespace xq::serve
