// The routes of `xqtb serve` (docs/http-api.md), free of any HTTP library: a request in, a
// response out. Every answer is JSON except the page's assets; bad input gets a 4xx with
// {"error": "..."} naming the problem, and no request can make the service answer a value the
// tables do not hold.
#pragma once

#include <map>
#include <string>

#include "serve/tablebases.hpp"

namespace xq::serve {

struct Request {
  std::string method;                             // "GET", "POST", ...
  std::string path;                               // decoded, without the query
  std::multimap<std::string, std::string> query;  // decoded parameters
  std::string body;
  std::string content_type;
  std::string accept_language;
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string allow;  // 405: the methods the path takes
};

// Largest request body (a game to adjudicate) and longest parameter the service reads.
constexpr size_t kMaxBodyBytes = 64 * 1024;
constexpr size_t kMaxParamBytes = 512;

class Api {
 public:
  explicit Api(Tablebases& tables) : tables_(tables) {}
  // Thread-safe: any number of workers may call it at once.
  Response handle(const Request& req) const;

 private:
  Tablebases& tables_;
};

}  // namespace xq::serve
