// Table-sized arrays that the threads first touch. A std::vector writes every element it
// creates on the thread that creates it, and that thread takes the page faults of the whole
// array: at 2 threads the KRKCAABB family spent 16.5 of its 91.5 s on one thread, 3.6 s once
// the arrays below were first written in parallel (docs/benchmarks.md), and on a node of several
// sockets every page would land on that thread's one. A SlotArray creates its elements without
// writing them; filled_slots writes them in a parallel loop with the solvers' static schedule.
#pragma once

#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace xq::gen {

// An allocator whose value-less construct leaves a trivial element unwritten.
template <class T>
struct UnwrittenAllocator : std::allocator<T> {
  using value_type = T;
  UnwrittenAllocator() = default;
  template <class U>
  UnwrittenAllocator(const UnwrittenAllocator<U>&) noexcept {}
  template <class U>
  struct rebind {
    using other = UnwrittenAllocator<U>;
  };
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

// resize() leaves new elements unwritten: size these with filled_slots (or overwrite every
// element before reading one).
template <class T>
using SlotArray = std::vector<T, UnwrittenAllocator<T>>;

// Sets a to n copies of value, written by the OpenMP threads.
template <class T>
void filled_slots(SlotArray<T>& a, uint64_t n, T value) {
  static_assert(std::is_trivially_copyable_v<T>);
  a.resize(n);
  T* data = a.data();
#pragma omp parallel for schedule(static)
  for (uint64_t i = 0; i < n; ++i) data[i] = value;
}

}  // namespace xq::gen
