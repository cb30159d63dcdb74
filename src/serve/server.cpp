#include "serve/server.hpp"

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "serve/api.hpp"

// Request line and header lines are bounded by httplib (8 KiB each); the body by
// set_payload_max_length below.
#include <httplib.h>

namespace xq::serve {

namespace {

constexpr int kReadTimeoutSeconds = 5;  // a slow client cannot hold a worker for longer
constexpr int kWriteTimeoutSeconds = 5;
constexpr int kKeepAliveSeconds = 2;  // idle keep-alive connections release their worker
constexpr int kKeepAliveRequests = 1000;

Request request_of(const httplib::Request& req) {
  Request r;
  r.method = req.method;
  r.path = req.path;
  r.query.insert(req.params.begin(), req.params.end());
  r.body = req.body;
  r.content_type = req.get_header_value("Content-Type");
  return r;
}

// Blocks SIGINT and SIGTERM in this thread and every thread it starts later, so that only
// the waiting thread receives them.
sigset_t block_stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  return set;
}

}  // namespace

bool run_server(const ServerOptions& o, std::ostream& out) {
  const sigset_t stop_signals = block_stop_signals();
  Tablebases tables(o.dir, o.cache_mib << 20, o.rules);
  const Api api(tables);
  httplib::Server server;
  std::mutex log_mutex;
  const int threads = o.threads;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
  server.set_read_timeout(kReadTimeoutSeconds, 0);
  server.set_write_timeout(kWriteTimeoutSeconds, 0);
  server.set_keep_alive_timeout(kKeepAliveSeconds);
  server.set_keep_alive_max_count(kKeepAliveRequests);
  server.set_payload_max_length(kMaxBodyBytes);
  // Headers and body go out in two writes: without TCP_NODELAY the second waits for the
  // client's delayed ACK, 40 ms per answer on Linux.
  server.set_tcp_nodelay(true);
  // Every request goes through Api, which knows the routes and methods: httplib routes each
  // method's every path to it (after reading the body, within the payload limit).
  const auto handle = [&](const httplib::Request& req, httplib::Response& res) {
    const auto start = std::chrono::steady_clock::now();
    const Response r = api.handle(request_of(req));
    res.status = r.status;
    if (!r.allow.empty()) res.set_header("Allow", r.allow);
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Cache-Control", "no-store");
    res.set_content(r.body, r.content_type);
    if (!o.quiet) {
      const auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count();
      const std::lock_guard lock(log_mutex);
      out << req.remote_addr << " " << req.method << " " << req.target << " " << r.status << " "
          << r.body.size() << " B " << us / 1000.0 << " ms\n"
          << std::flush;
    }
  };
  const std::string any = ".*";
  server.Get(any, handle).Post(any, handle).Put(any, handle).Delete(any, handle);
  server.Options(any, handle).Patch(any, handle);
  // What httplib answers itself (a body over the limit, a malformed request line): JSON too.
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const std::string reason =
        res.status == 413   ? "request body larger than " + std::to_string(kMaxBodyBytes) + " bytes"
        : res.status == 414 ? "request line too long"
                            : "malformed request (HTTP/1.1; a body needs "
                              "its Content-Length)";
    res.set_content(nlohmann::json{{"error", reason}}.dump(), "application/json");
  });
  const int port = o.port == 0 ? server.bind_to_any_port(o.host)
                               : (server.bind_to_port(o.host, o.port) ? o.port : -1);
  if (port < 0) {
    out << "xqtb serve: cannot listen on " << o.host << ":" << o.port << "\n";
    return false;
  }
  const bool v6 = o.host.find(':') != std::string::npos;
  out << "xqtb serve: http://" << (v6 ? "[" + o.host + "]" : o.host) << ":" << port << "/ ("
      << o.dir << ", " << o.threads << " threads; Ctrl-C stops)\n"
      << std::flush;
  std::atomic<bool> stopping = false;
  std::thread stopper([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    stopping = true;
    server.stop();  // stops accepting; listen_after_bind returns once the workers are done
  });
  server.listen_after_bind();
  if (!stopping) pthread_kill(stopper.native_handle(), SIGTERM);  // listening failed
  stopper.join();
  out << "xqtb serve: stopped\n" << std::flush;
  return true;
}

}  // namespace xq::serve
