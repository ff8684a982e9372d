// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/circuit_path.hpp"

#include <bit>

#include "pdes/error.hpp"

namespace net::missions {

CircuitRouting circuit_routing(const std::string& name) {
  if (name == "pa") return CircuitRouting::kPa;
  if (name == "dfs") return CircuitRouting::kDfs;
  PDES_CHECK(name == "ecube", "circuit routing: unknown adapter.routing " + name);
  return CircuitRouting::kEcube;
}

bool CircuitPathFinder::find(const MessageHeader& msg, std::span<const std::int64_t> busy,
                             std::int64_t t, std::vector<std::size_t>& path) const {
  path.clear();
  switch (routing_) {
    case CircuitRouting::kEcube:
      return ecube(msg, busy, t, path);
    case CircuitRouting::kPa:
      return progressive(msg, busy, t, path);
    case CircuitRouting::kDfs:
      return depth_first(msg, busy, t, path);
  }
  return false;
}

bool CircuitPathFinder::ecube(const MessageHeader& msg, std::span<const std::int64_t> busy,
                              std::int64_t t, std::vector<std::size_t>& path) const {
  bool free = true;
  for (std::uint32_t at = msg.src; at != msg.dst;) {
    const auto d = static_cast<std::uint32_t>(std::countr_zero(at ^ msg.dst));
    path.push_back(link(at, d));
    free = free && busy[path.back()] <= t;
    at ^= 1u << d;
  }
  return free;
}

bool CircuitPathFinder::progressive(const MessageHeader& msg,
                                    std::span<const std::int64_t> busy, std::int64_t t,
                                    std::vector<std::size_t>& path) const {
  for (std::uint32_t at = msg.src; at != msg.dst;) {
    std::uint32_t needed = at ^ msg.dst;
    bool moved = false;
    while (needed != 0) {  // lowest free needed dimension (a minimal path never reuses a link)
      const auto d = static_cast<std::uint32_t>(std::countr_zero(needed));
      needed &= needed - 1;
      if (busy[link(at, d)] > t) continue;
      path.push_back(link(at, d));
      at ^= 1u << d;
      moved = true;
      break;
    }
    if (!moved) return false;  // the probe is stuck: the message waits at its source
  }
  return true;
}

bool CircuitPathFinder::depth_first(const MessageHeader& msg,
                                    std::span<const std::int64_t> busy, std::int64_t t,
                                    std::vector<std::size_t>& path) const {
  // An explicit stack of (node, detours used on the path to it, next option to try); options
  // 0..n-1 are the needed dimensions in ascending order, n..2n-1 the detours.
  struct Frame {
    std::uint32_t at;
    std::uint32_t detours;
    std::uint32_t option;
  };
  const std::uint32_t n = dimension_;
  std::vector<bool> visited(std::size_t{1} << n, false);
  std::vector<Frame> stack{{msg.src, 0, 0}};
  visited[msg.src] = true;
  const double slack = dfs_slack_ * static_cast<double>(msg.length);
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.at == msg.dst) return true;
    const std::uint32_t needed = f.at ^ msg.dst;
    bool advanced = false;
    while (!advanced && f.option < 2 * n) {  // (f dangles once a frame is pushed)
      const std::uint32_t option = f.option++;
      const std::uint32_t d = option % n;
      const bool detour = option >= n;
      if (option == n) {  // before the detours: do the needed links stay busy long enough?
        std::int64_t earliest = -1;
        for (std::uint32_t e = 0; e < n; ++e) {
          if (((needed >> e) & 1u) == 0) continue;
          const std::int64_t b = busy[link(f.at, e)];
          if (b > t && (earliest < 0 || b < earliest)) earliest = b;
        }
        if (earliest >= 0 && static_cast<double>(earliest - t) <= slack) {
          f.option = 2 * n;  // waiting pays better than a detour
          break;
        }
      }
      if (((needed >> d) & 1u) == (detour ? 1u : 0u)) continue;
      if (detour && ((f.detours >> d) & 1u) != 0) continue;
      const std::uint32_t next = f.at ^ (1u << d);
      if (visited[next] || busy[link(f.at, d)] > t) continue;
      visited[next] = true;
      path.push_back(link(f.at, d));
      const std::uint32_t detours = f.detours | (detour ? 1u << d : 0u);
      stack.push_back(Frame{next, detours, 0});
      advanced = true;
    }
    if (!advanced) {  // every option of this node failed: back up one hop
      stack.pop_back();
      if (!path.empty() && !stack.empty()) path.pop_back();
    }
  }
  return false;
}

}  // namespace net::missions
