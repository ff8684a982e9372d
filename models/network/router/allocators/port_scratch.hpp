// SPDX-License-Identifier: Apache-2.0
//
// PortScratch<T>: a per-port array for one allocation pass, on the stack for routers of up to 64
// ports and on the heap beyond (allocators run in every pass: no heap block in the usual case).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>

namespace net {

template <class T>
class PortScratch {
 public:
  static constexpr std::size_t kInline = 64;

  PortScratch(std::size_t n, T fill) {
    if (n > kInline) {
      heap_ = std::make_unique<T[]>(n);
      std::fill_n(heap_.get(), n, fill);
      data_ = heap_.get();
    } else {
      std::fill_n(inline_.begin(), n, fill);
      data_ = inline_.data();
    }
  }
  PortScratch(const PortScratch&) = delete;
  PortScratch& operator=(const PortScratch&) = delete;

  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }

 private:
  std::array<T, kInline> inline_;
  std::unique_ptr<T[]> heap_;
  T* data_ = nullptr;
};

}  // namespace net
