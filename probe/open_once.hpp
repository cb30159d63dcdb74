// A value built on first use, by whichever of many threads needs it first.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>

namespace xq {

// Like std::call_once around a unique_ptr, except for failure: a build that throws leaves
// nothing behind and the next call tries again (a damaged table must fail every probe). Not
// std::call_once, whose exceptional path hangs the next caller under ThreadSanitizer (its
// pthread_once interceptor keeps the flag taken when the function throws).
template <class T>
class OpenOnce {
 public:
  // make: () -> std::unique_ptr<T>, called under the lock, at most once successfully.
  template <class Make>
  const T& get(Make&& make) const {
    if (const T* p = ready_.load(std::memory_order_acquire)) return *p;
    std::lock_guard lock(mu_);
    if (!value_) value_ = make();
    ready_.store(value_.get(), std::memory_order_release);
    return *value_;
  }

 private:
  mutable std::mutex mu_;
  mutable std::unique_ptr<T> value_;
  mutable std::atomic<const T*> ready_{nullptr};
};

}  // namespace xq
