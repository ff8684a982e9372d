// SPDX-License-Identifier: Apache-2.0
#include "models/network/missions/opt_schedule.hpp"

#include "models/network/missions/circuit_list_schedule.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <tuple>
#include <vector>

namespace net::missions {

namespace {

constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max() / 4;
/// Local-search moves of the backfilled circuit schedules (circuit_list_schedule.hpp).
constexpr std::uint64_t kCircuitMoves = 200;
/// The circuit clique bound (Search::clique_bound): search nodes per mission, and the largest
/// mission it is computed for (its conflict matrix is messages² bits).
constexpr std::uint64_t kCliqueNodes = 200000;
constexpr std::size_t kCliqueMessages = 4096;

// One search over one mission: the partial schedule, placed and undone in place.
class Search {
 public:
  /// `dims`: each message's dimensions in path order; empty: the e-cube paths.
  Search(std::span<const ScheduledMessage> msgs, std::span<const std::vector<std::uint32_t>> dims,
         std::uint32_t n, bool half, ScheduleMode mode, std::uint64_t budget)
      : msgs_(msgs), mode_(mode), budget_(budget) {
    const std::size_t links = (std::size_t{1} << n) * n;
    free_.assign(links, kInf);
    uses_.resize(links);
    for (std::size_t i = 0; i < msgs.size(); ++i) {
      std::vector<std::uint32_t> order;
      if (dims.empty()) {
        for (std::uint32_t diff = msgs[i].src ^ msgs[i].dst; diff != 0; diff &= diff - 1) {
          order.push_back(static_cast<std::uint32_t>(std::countr_zero(diff)));
        }
      } else {
        order = dims[i];
      }
      std::vector<std::uint32_t> path;
      std::uint32_t at = msgs[i].src;
      for (const std::uint32_t d : order) {
        const std::uint32_t from = half ? (at & ~(1u << d)) : at;
        path.push_back(from * n + d);
        at ^= 1u << d;
      }
      for (std::size_t k = 0; k < path.size(); ++k) uses_[path[k]].push_back({i, k});
      paths_.push_back(std::move(path));
    }
    reset();
  }

  void reset() {
    std::fill(free_.begin(), free_.end(), std::int64_t{0});
    next_.assign(msgs_.size(), 0);
    ready_.resize(msgs_.size());
    head_.resize(msgs_.size());
    for (std::size_t i = 0; i < msgs_.size(); ++i) {
      ready_[i] = msgs_[i].release;
      if (paths_[i].empty()) next_[i] = 1;  // nothing to send (src == dst)
    }
    cmax_ = 0;
    for (const ScheduledMessage& m : msgs_) cmax_ = std::max(cmax_, m.release);
  }

  /// Operations of message i (circuit switching: one).
  std::size_t ops(std::size_t i) const {
    return paths_[i].empty() ? 1 : (mode_ == ScheduleMode::kCircuit ? 1 : paths_[i].size());
  }
  bool done(std::size_t i) const { return next_[i] >= ops(i); }
  std::int64_t length(std::size_t i) const { return msgs_[i].length; }

  /// Earliest start of message i's next operation.
  std::int64_t earliest(std::size_t i) const {
    std::int64_t e = ready_[i];
    if (mode_ == ScheduleMode::kCircuit) {
      for (const std::uint32_t l : paths_[i]) e = std::max(e, free_[l]);
    } else {
      e = std::max(e, free_[paths_[i][next_[i]]]);
    }
    return e;
  }

  /// LBF: the largest remaining bandwidth requirement first (ℓ × remaining hops).
  std::int64_t lbf(std::size_t i) const {
    const auto hops = static_cast<std::int64_t>(paths_[i].size() - (mode_ == ScheduleMode::kCircuit ? 0 : next_[i]));
    return length(i) * hops;
  }

  struct Undo {
    std::size_t msg;
    std::int64_t ready;
    std::int64_t cmax;
    std::vector<std::int64_t> free;  // of the links written
  };

  Undo place(std::size_t i) {
    const std::int64_t s = earliest(i);
    Undo u{i, ready_[i], cmax_, {}};
    const std::int64_t end = s + length(i);
    if (mode_ == ScheduleMode::kCircuit) {
      for (const std::uint32_t l : paths_[i]) {
        u.free.push_back(free_[l]);
        free_[l] = end;
      }
    } else {
      const std::uint32_t l = paths_[i][next_[i]];
      u.free.push_back(free_[l]);
      free_[l] = end;
    }
    ready_[i] = mode_ == ScheduleMode::kMessage ? end : s;
    ++next_[i];
    cmax_ = std::max(cmax_, end);
    return u;
  }

  void undo(const Undo& u) {
    const std::size_t i = u.msg;
    --next_[i];
    if (mode_ == ScheduleMode::kCircuit) {
      for (std::size_t j = 0; j < paths_[i].size(); ++j) free_[paths_[i][j]] = u.free[j];
    } else {
      free_[paths_[i][next_[i]]] = u.free[0];
    }
    ready_[i] = u.ready;
    cmax_ = u.cmax;
  }

  std::int64_t bound() const {
    const bool saf = mode_ == ScheduleMode::kMessage;
    std::int64_t best = cmax_;
    for (std::size_t i = 0; i < msgs_.size(); ++i) {
      if (done(i)) continue;
      // The next operation cannot start before its links are free: a tighter head than ready.
      head_[i] = earliest(i);
      const auto rest = static_cast<std::int64_t>(ops(i) - next_[i]);
      best = std::max(best, head_[i] + (saf ? rest : 1) * length(i));
    }
    for (std::size_t l = 0; l < uses_.size(); ++l) {
      std::int64_t total = 0, head = kInf, tail = kInf;
      for (const auto& [i, k] : uses_[l]) {
        const std::size_t op = mode_ == ScheduleMode::kCircuit ? 0 : k;
        if (next_[i] > op) continue;  // placed
        total += length(i);
        const auto ahead = static_cast<std::int64_t>(op - next_[i]);
        head = std::min(head, head_[i] + (saf ? ahead * length(i) : 0));
        tail = std::min(tail, saf ? static_cast<std::int64_t>(paths_[i].size() - 1 - k) *
                                        length(i)
                                  : std::int64_t{0});
      }
      if (total > 0) best = std::max(best, std::max(free_[l], head) + total + tail);
    }
    return best;
  }

  /// Circuit switching only: messages that pairwise share a link hold their circuits over
  /// disjoint intervals, so any such set (a clique of the conflict graph) ends no earlier than
  /// its least release plus its total length. The messages of the busiest link are one such
  /// set; a weighted maximum clique by branch and bound (greedy colouring bound) finds heavier
  /// ones, e.g. three messages through one router, each sharing a different link with each
  /// other. The search stops after `kCliqueNodes` nodes; any clique found is a bound.
  std::int64_t clique_bound() const {
    const std::size_t n = msgs_.size();
    if (mode_ != ScheduleMode::kCircuit || n == 0 || n > kCliqueMessages) return 0;
    const std::size_t words = (n + 63) / 64;
    std::vector<std::uint64_t> adjacent(n * words, 0);
    for (const std::vector<Use>& users : uses_) {
      for (const Use& a : users) {
        for (const Use& b : users) {
          if (a.msg != b.msg) adjacent[a.msg * words + b.msg / 64] |= std::uint64_t{1} << (b.msg % 64);
        }
      }
    }
    auto linked = [&](std::size_t a, std::size_t b) {
      return (adjacent[a * words + b / 64] >> (b % 64) & 1) != 0;
    };
    // Roots in order of release: a clique's root is its earliest member (ties by index).
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return msgs_[a].release < msgs_[b].release;
    });
    std::vector<std::size_t> rank(n);
    for (std::size_t k = 0; k < n; ++k) rank[order[k]] = k;
    std::int64_t best = 0;
    std::uint64_t nodes = 0;
    // Greedy colouring of `p` (heaviest first): members of one colour pairwise do not conflict,
    // so a clique takes at most one of each; the bound is the sum of each colour's heaviest.
    auto colour_bound = [&](const std::vector<std::size_t>& p) {
      std::vector<std::vector<std::size_t>> colours;
      std::int64_t total = 0;
      for (const std::size_t v : p) {  // p is sorted heaviest first
        bool placed = false;
        for (std::vector<std::size_t>& c : colours) {
          if (std::none_of(c.begin(), c.end(), [&](std::size_t u) { return linked(u, v); })) {
            c.push_back(v);
            placed = true;
            break;
          }
        }
        if (!placed) {
          colours.push_back({v});
          total += length(v);
        }
      }
      return total;
    };
    auto expand = [&](auto& self, std::int64_t base, const std::vector<std::size_t>& p) -> void {
      best = std::max(best, base);
      if (p.empty() || ++nodes > kCliqueNodes || base + colour_bound(p) <= best) return;
      for (std::size_t k = 0; k < p.size(); ++k) {
        std::vector<std::size_t> q;
        for (std::size_t j = k + 1; j < p.size(); ++j) {
          if (linked(p[k], p[j])) q.push_back(p[j]);
        }
        self(self, base + length(p[k]), q);
        if (nodes > kCliqueNodes) return;
      }
    };
    for (const std::size_t v : order) {
      if (paths_[v].empty()) continue;
      std::vector<std::size_t> p;
      for (std::size_t u = 0; u < n; ++u) {
        if (rank[u] > rank[v] && linked(v, u)) p.push_back(u);
      }
      std::stable_sort(p.begin(), p.end(),
                       [&](std::size_t a, std::size_t b) { return length(a) > length(b); });
      expand(expand, msgs_[v].release + length(v), p);
      if (nodes > kCliqueNodes) break;
    }
    return best;
  }

  /// The children of the current node, best first by `rank` (smaller first).
  template <class Rank>
  std::vector<std::size_t> children(bool exact, Rank rank) const {
    std::vector<std::size_t> out;
    std::int64_t c_star = kInf;
    std::size_t i_star = msgs_.size();
    for (std::size_t i = 0; i < msgs_.size(); ++i) {
      if (done(i)) continue;
      const std::int64_t c = earliest(i) + length(i);
      if (c < c_star) {
        c_star = c;
        i_star = i;
      }
    }
    if (i_star == msgs_.size()) return out;
    // Giffler-Thompson (one link) is exact for the job shop only: under cut-through a hop may
    // start with its predecessor, which could itself start before c* on another link, and a
    // circuit holds several links; there every unplaced message is a child.
    const bool circuit = mode_ == ScheduleMode::kCircuit;
    const bool all = mode_ != ScheduleMode::kMessage;
    for (std::size_t i = 0; i < msgs_.size(); ++i) {
      if (done(i)) continue;
      if (all && exact) {
        out.push_back(i);
        continue;
      }
      if (earliest(i) >= c_star) continue;
      if (!circuit && paths_[i][next_[i]] != paths_[i_star][next_[i_star]]) continue;
      out.push_back(i);
    }
    std::stable_sort(out.begin(), out.end(),
                     [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
    return out;
  }

  /// A list schedule: at each step the first child by `rank`.
  template <class Rank>
  std::int64_t list_schedule(Rank rank) {
    reset();
    for (;;) {
      const std::vector<std::size_t> c = children(false, rank);
      if (c.empty()) break;
      place(c.front());
    }
    const std::int64_t result = cmax_;
    reset();
    return result;
  }

  void branch() {
    if (nodes_ >= budget_) {
      aborted_ = true;
      return;
    }
    ++nodes_;
    auto rank = [&](std::size_t i) {
      return std::make_tuple(mode_ == ScheduleMode::kCircuit ? earliest(i) : 0, -lbf(i), i);
    };
    const std::vector<std::size_t> c = children(true, rank);
    if (c.empty()) {
      best_ = std::min(best_, cmax_);
      return;
    }
    for (const std::size_t i : c) {
      const Undo u = place(i);
      if (bound() < best_) branch();
      undo(u);
      if (aborted_) return;
    }
  }

  OptResult run() {
    OptResult r;
    std::int64_t r_min = kInf;
    for (const ScheduledMessage& m : msgs_) r_min = std::min(r_min, m.release);
    if (msgs_.empty()) return r;
    const std::int64_t root = std::max(bound(), clique_bound());
    auto by_lbf = [&](std::size_t i) { return std::make_tuple(earliest(i), -lbf(i), i); };
    auto by_lbf_only = [&](std::size_t i) { return std::make_tuple(-lbf(i), i); };
    auto by_ff = [&](std::size_t i) {
      return std::make_tuple(-lbf(i) / std::max<std::int64_t>(1, length(i)), -length(i), i);
    };
    auto by_lf = [&](std::size_t i) { return std::make_tuple(-length(i), i); };
    auto by_fifo = [&](std::size_t i) { return std::make_tuple(earliest(i), i); };
    best_ = std::min({list_schedule(by_lbf), list_schedule(by_lbf_only), list_schedule(by_ff),
                      list_schedule(by_lf), list_schedule(by_fifo)});
    if (mode_ == ScheduleMode::kCircuit && root < best_) {  // backfilled list schedules
      const CircuitListSchedule backfill(msgs_, paths_, free_.size());
      best_ = std::min(best_, backfill.best(kCircuitMoves, msgs_.size()));
    }
    if (root < best_) branch();
    r.makespan = best_ - r_min;
    r.proven = !aborted_ || best_ <= root;
    r.lower_bound = r.proven ? r.makespan : root - r_min;
    r.nodes = nodes_;
    return r;
  }

 private:
  struct Use {
    std::size_t msg;
    std::size_t hop;
  };
  std::span<const ScheduledMessage> msgs_;
  const ScheduleMode mode_;
  const std::uint64_t budget_;
  std::vector<std::vector<std::uint32_t>> paths_;
  std::vector<std::vector<Use>> uses_;
  std::vector<std::int64_t> free_;
  std::vector<std::size_t> next_;
  std::vector<std::int64_t> ready_;
  mutable std::vector<std::int64_t> head_;  ///< bound()'s scratch: earliest() per message
  std::int64_t cmax_ = 0;
  std::int64_t best_ = kInf;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace

OptResult OptScheduler::solve(std::span<const ScheduledMessage> messages) const {
  Search search(messages, {}, dimension_, half_duplex_, mode_, budget_);
  return search.run();
}

OptResult OptScheduler::solve(std::span<const ScheduledMessage> messages,
                              std::span<const std::vector<std::uint32_t>> dimensions) const {
  Search search(messages, dimensions, dimension_, half_duplex_, mode_, budget_);
  return search.run();
}

}  // namespace net::missions
