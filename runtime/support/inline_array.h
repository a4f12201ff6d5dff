// InlineArray<T, N>: a fixed-length array of trivially copyable T that lives on the stack when it
// has at most N elements and on the heap otherwise. For the per-call pointer tables of the
// execute path, where a single-device call with a handful of arguments should not allocate.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>

namespace jaxlib {

template <typename T, size_t N>
class InlineArray {
  static_assert(std::is_trivially_copyable_v<T>, "InlineArray holds plain values (pointers, ints)");

 public:
  // `size` value-initialised elements (nullptr / 0).
  explicit InlineArray(size_t size, T fill = T()) : size_(size) {
    if (size > N) heap_ = std::make_unique<T[]>(size);
    T* p = data();
    for (size_t i = 0; i < size; ++i) p[i] = fill;
  }
  InlineArray(const InlineArray&) = delete;
  InlineArray& operator=(const InlineArray&) = delete;

  T* data() { return heap_ ? heap_.get() : inline_; }
  const T* data() const { return heap_ ? heap_.get() : inline_; }
  size_t size() const { return size_; }
  T& operator[](size_t i) { return data()[i]; }
  const T& operator[](size_t i) const { return data()[i]; }

 private:
  size_t size_;
  T inline_[N];
  std::unique_ptr<T[]> heap_;
};

}  // namespace jaxlib
