// SPDX-License-Identifier: Apache-2.0
#include "models/network/workload/replay/logical_trace.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

#include "models/network/workload/text_fields.hpp"
#include "pdes/error.hpp"

namespace net::replay {

namespace {

constexpr const char* kKey = "workload.trace_dir";
constexpr std::uint64_t kMaxBytes = std::uint64_t{1} << 40;    // 1 TiB in one message
constexpr std::uint64_t kMaxNs = std::uint64_t{1} << 50;       // 13 days of compute
constexpr std::int64_t kMaxTag = 0x7FFFFFFF;

struct OpSpec {
  std::string_view name;
  OpKind kind;
  const char* fields;  ///< after the name: p = peer, a = peer or any, t = tag, u = tag or any,
                       ///< b = bytes, n = ns, r = request, o = root, f = a fault kind
};

constexpr OpSpec kOps[] = {
    {"compute", OpKind::kCompute, "n"},   {"send", OpKind::kSend, "ptb"},
    {"isend", OpKind::kIsend, "ptbr"},    {"recv", OpKind::kRecv, "aub"},
    {"irecv", OpKind::kIrecv, "aubr"},    {"wait", OpKind::kWait, "r"},
    {"waitall", OpKind::kWaitall, ""},    {"barrier", OpKind::kBarrier, ""},
    {"bcast", OpKind::kBcast, "ob"},      {"reduce", OpKind::kReduce, "ob"},
    {"allreduce", OpKind::kAllreduce, "b"}, {"alltoall", OpKind::kAlltoall, "b"},
    {"allgather", OpKind::kAllgather, "b"}, {"fault", OpKind::kFault, "f"},
};
/// kFault's kinds, in FaultKind order.
constexpr std::string_view kFaultKinds[] = {"config", "alloc", "error", "invariant"};

std::string usage(const OpSpec& op) {
  std::string u(op.name);
  for (const char* f = op.fields; *f != '\0'; ++f) {
    switch (*f) {
      case 'p': u += " peer"; break;
      case 'a': u += " peer|any"; break;
      case 't': u += " tag"; break;
      case 'u': u += " tag|any"; break;
      case 'b': u += " bytes"; break;
      case 'n': u += " ns"; break;
      case 'r': u += " request"; break;
      case 'o': u += " root"; break;
      case 'f': u += " config|alloc|error|invariant"; break;
    }
  }
  return u;
}

}  // namespace

std::string_view to_string(OpKind kind) {
  for (const OpSpec& op : kOps) {
    if (op.kind == kind) return op.name;
  }
  return "?";
}

LogicalTrace::LogicalTrace(std::filesystem::path dir) : dir_(std::move(dir)) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir_, ec)) {
    throw pdes::ConfigError(kKey, "'" + dir_.string() + "' is not a directory of traces");
  }
  std::uint32_t found = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("rank-", 0) == 0 && entry.path().extension() == ".trace") ++found;
  }
  if (found == 0) {
    throw pdes::ConfigError(kKey, "'" + dir_.string() + "' holds no rank-<r>.trace file");
  }
  for (std::uint32_t r = 0; r < found; ++r) {
    if (!std::filesystem::is_regular_file(file_of(r))) {
      throw pdes::ConfigError(kKey, "'" + dir_.string() + "' holds " + std::to_string(found) +
                                        " rank files but not " + file_of(r).filename().string() +
                                        ": ranks must be numbered 0 .. P-1");
    }
  }
  ranks_ = found;
  read_communicators();
}

void LogicalTrace::read_communicators() {
  const std::filesystem::path file = dir_ / "communicators.txt";
  if (!std::filesystem::exists(file)) return;
  std::ifstream in(file);
  std::string line;
  std::uint64_t line_no = 0;
  auto fail = [&](const std::string& what) {
    throw pdes::ConfigError(kKey, file.string() + ":" + std::to_string(line_no) + ": " + what);
  };
  while (std::getline(in, line)) {
    ++line_no;
    std::string_view text(line);
    text = text.substr(0, text.find('#'));
    const std::vector<std::string_view> f = split_fields(text);
    if (f.empty()) continue;
    const std::uint64_t id = whole_number(f[0], 1, ranks_ + comms_.size() + 1).value_or(0);
    if (id != comms_.size() + 1) {
      fail("communicator '" + printable(f[0]) + "': IDs must run 1, 2, 3, ... in order (expected " +
           std::to_string(comms_.size() + 1) + ")");
    }
    std::vector<std::uint32_t> members;
    for (std::size_t i = 1; i < f.size(); ++i) {
      const std::optional<std::uint64_t> member = whole_number(f[i], 0, ranks_ - 1);
      if (!member) {
        fail("member '" + printable(f[i]) + "' is not a rank in [0, " +
             std::to_string(ranks_ - 1) + "]");
      }
      const std::uint64_t r = *member;
      if (std::find(members.begin(), members.end(), r) != members.end()) {
        fail("rank " + std::to_string(r) + " is listed twice");
      }
      members.push_back(static_cast<std::uint32_t>(r));
    }
    // An empty communicator (MPI_COMM_NULL's group, another paradigm's) is no error: no rank is
    // a member, so an operation on it is refused where it is used.
    comms_.push_back(std::move(members));
  }
}

std::filesystem::path LogicalTrace::file_of(std::uint32_t rank) const {
  return dir_ / ("rank-" + std::to_string(rank) + ".trace");
}

std::vector<MpiOp> LogicalTrace::parse(const std::filesystem::path& file, std::uint32_t ranks,
                                       std::uint32_t rank,
                                       const std::vector<std::vector<std::uint32_t>>& comms) {
  std::ifstream in(file);
  if (!in) throw pdes::ConfigError(kKey, "cannot open '" + file.string() + "'");
  std::vector<MpiOp> ops;
  std::string line;
  std::uint64_t line_no = 0;
  auto fail = [&](const std::string& what) {
    throw pdes::ConfigError(kKey, file.string() + ":" + std::to_string(line_no) + ": " + what);
  };
  auto number = [&](std::string_view field, const char* name, std::uint64_t low,
                    std::uint64_t high) {
    const std::optional<std::uint64_t> v = whole_number(field, low, high);
    if (!v) fail(not_whole_number(name, field, low, high));
    return *v;
  };
  // The requests open (isend or irecv begun, no wait yet) and the line that began each: a wait
  // for a request that is not open, or a request begun again while open, is a bad line (not a
  // broken invariant of the replay, met mid-run).
  std::vector<std::pair<std::uint32_t, std::uint64_t>> open;
  while (std::getline(in, line)) {
    ++line_no;
    std::string_view text(line);
    text = text.substr(0, text.find('#'));
    const std::vector<std::string_view> f = split_fields(text);
    if (f.empty()) continue;
    const OpSpec* spec = nullptr;
    for (const OpSpec& op : kOps) {
      if (op.name == f[0]) spec = &op;
    }
    if (spec == nullptr) {
      std::string known;
      for (const OpSpec& op : kOps) {
        if (op.kind != OpKind::kFault) known += (known.empty() ? "" : ", ") + std::string(op.name);
      }
      fail("unknown operation '" + printable(f[0]) + "'; known: " + known);
    }
    // An optional last field comm=ID: the communicator, its size for peers and roots.
    std::uint32_t comm = 0;
    std::uint32_t size = ranks;
    const std::vector<std::uint32_t>* members = nullptr;
    std::size_t given = f.size() - 1;
    if (given > 0 && f.back().substr(0, 5) == "comm=") {
      if (spec->kind == OpKind::kCompute || spec->kind == OpKind::kWait ||
          spec->kind == OpKind::kWaitall || spec->kind == OpKind::kFault) {
        fail(std::string(spec->name) + " takes no communicator");
      }
      comm = static_cast<std::uint32_t>(number(f.back().substr(5), "communicator", 0, comms.size()));
      if (comm > 0) {
        members = &comms[comm - 1];
        if (std::find(members->begin(), members->end(), rank) == members->end()) {
          fail("rank " + std::to_string(rank) + " is not a member of communicator " +
               std::to_string(comm));
        }
        size = static_cast<std::uint32_t>(members->size());
      }
      --given;
    }
    const std::size_t want = std::string_view(spec->fields).size();
    if (given != want) {
      fail("expected '" + usage(*spec) + " [comm=ID]', found " + std::to_string(given) +
           " field" + (given == 1 ? "" : "s"));
    }
    MpiOp op;
    op.kind = spec->kind;
    op.comm = comm;
    for (std::size_t i = 0; i < want; ++i) {
      const std::string_view v = f[i + 1];
      switch (spec->fields[i]) {
        case 'a':
          if (v == "any") {
            op.peer = kAny;
            break;
          }
          [[fallthrough]];
        case 'p':
          op.peer = static_cast<std::int32_t>(number(v, "peer", 0, size - 1));
          if (members != nullptr) op.peer = static_cast<std::int32_t>((*members)[op.peer]);
          break;
        case 'u':
          if (v == "any") {
            op.tag = kAny;
            break;
          }
          [[fallthrough]];
        case 't':
          op.tag = static_cast<std::int32_t>(number(v, "tag", 0, kMaxTag));
          break;
        case 'b': op.amount = number(v, "bytes", 0, kMaxBytes); break;
        case 'n': op.amount = number(v, "ns", 0, kMaxNs); break;
        case 'r': op.request = static_cast<std::uint32_t>(number(v, "request", 0, 0xFFFFFFFEu)); break;
        case 'o': op.root = static_cast<std::uint32_t>(number(v, "root", 0, size - 1)); break;
        case 'f': {
          const auto* kind = std::find(std::begin(kFaultKinds), std::end(kFaultKinds), v);
          if (kind == std::end(kFaultKinds)) {
            fail("fault '" + printable(v) + "': expected " + usage(*spec));
          }
          op.amount = static_cast<std::uint64_t>(kind - std::begin(kFaultKinds));
          break;
        }
      }
    }
    auto begun = std::find_if(open.begin(), open.end(),
                              [&](const auto& o) { return o.first == op.request; });
    if (op.kind == OpKind::kIsend || op.kind == OpKind::kIrecv) {
      if (begun != open.end()) {
        fail("request " + std::to_string(op.request) + " is still open (begun on line " +
             std::to_string(begun->second) + "): wait for it before using its number again");
      }
      open.emplace_back(op.request, line_no);
    } else if (op.kind == OpKind::kWait) {
      if (begun == open.end()) {
        fail("wait for request " + std::to_string(op.request) +
             ", which no isend or irecv began (or a wait already ended)");
      }
      open.erase(begun);
    } else if (op.kind == OpKind::kWaitall) {
      open.clear();
    }
    ops.push_back(op);
  }
  if (in.bad()) throw pdes::ConfigError(kKey, "error reading '" + file.string() + "'");
  return ops;
}

void LogicalTrace::check() const {
  for (std::uint32_t r = 0; r < ranks_; ++r) parse(file_of(r), ranks_, r, comms_);
}

const std::vector<MpiOp>& LogicalTrace::ops(std::uint32_t rank) const {
  auto it = loaded_.find(rank);
  if (it == loaded_.end()) {
    it = loaded_.emplace(rank, parse(file_of(rank), ranks_, rank, comms_)).first;
  }
  return it->second;
}

}  // namespace net::replay
