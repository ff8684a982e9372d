// SPDX-License-Identifier: Apache-2.0
#include "io/checkpoint/checkpoint_manifest.hpp"

#include <cinttypes>
#include <cstdio>
#include <map>
#include <sstream>

#include "pdes/error.hpp"

namespace io {

namespace {

constexpr const char* kMagic = "warpnet-checkpoint";

std::string hex(std::uint64_t value) {
  char text[20];
  std::snprintf(text, sizeof text, "%016" PRIx64, value);
  return text;
}

[[noreturn]] void bad(const std::string& origin, const std::string& what) {
  throw pdes::ConfigError("--restart", origin + ": " + what +
                                           "; the checkpoint is damaged or not a warpnet "
                                           "checkpoint");
}

}  // namespace

std::string CheckpointManifest::to_text() const {
  std::ostringstream os;
  os << kMagic << " " << kFormat << "\n"
     << "warpnet_version = " << identity.warpnet_version << "\n"
     << "config_hash = " << hex(identity.config_hash) << "\n"
     << "engine = " << identity.engine << "\n"
     << "ranks = " << identity.ranks << "\n"
     << "generation = " << generation << "\n"
     << "time_ticks = " << time_ticks << "\n"
     << "events_committed = " << events_committed << "\n";
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    os << "rank." << r << " = " << ranks[r].path << " " << ranks[r].size << " " << ranks[r].crc32
       << "\n";
  }
  os << "end\n";  // a manifest without it was cut short
  return os.str();
}

CheckpointManifest CheckpointManifest::parse(const std::string& text, const std::string& origin) {
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || line != std::string(kMagic) + " " + std::to_string(kFormat)) {
    bad(origin, "first line is not '" + std::string(kMagic) + " " + std::to_string(kFormat) + "'");
  }
  // Written in one piece and renamed into place, so a missing last line means a copy or an
  // editor cut it; say so rather than complain about a half line.
  if (text.size() < 5 || text.compare(text.size() - 5, 5, "\nend\n") != 0) {
    bad(origin, "it ends before its 'end' line (cut short)");
  }
  std::map<std::string, std::string> values;
  bool ended = false;
  int number = 1;
  while (std::getline(in, line)) {
    ++number;
    if (line == "end") {
      ended = true;
      break;
    }
    const std::size_t eq = line.find(" = ");
    if (eq == std::string::npos) bad(origin, "line " + std::to_string(number) + " is not 'key = value'");
    values[line.substr(0, eq)] = line.substr(eq + 3);
  }
  if (!ended) bad(origin, "it ends before its 'end' line (cut short)");

  auto take = [&](const std::string& key) {
    const auto it = values.find(key);
    if (it == values.end()) bad(origin, "no '" + key + "' line");
    return it->second;
  };
  auto number_of = [&](const std::string& key) -> std::uint64_t {
    const std::string v = take(key);
    try {
      std::size_t used = 0;
      const std::uint64_t n = std::stoull(v, &used, key == "config_hash" ? 16 : 10);
      if (used != v.size()) throw std::invalid_argument(v);
      return n;
    } catch (const std::exception&) {
      bad(origin, "'" + key + "' is not a number: " + v);
    }
  };
  CheckpointManifest m;
  m.identity.warpnet_version = take("warpnet_version");
  m.identity.config_hash = number_of("config_hash");
  m.identity.engine = take("engine");
  m.identity.ranks = static_cast<int>(number_of("ranks"));
  m.generation = number_of("generation");
  m.time_ticks = static_cast<std::int64_t>(number_of("time_ticks"));
  m.events_committed = number_of("events_committed");
  if (m.identity.ranks < 1) bad(origin, "ranks must be at least 1");
  for (int r = 0; r < m.identity.ranks; ++r) {
    std::istringstream file(take("rank." + std::to_string(r)));
    CheckpointFile f;
    if (!(file >> f.path >> f.size >> f.crc32)) {
      bad(origin, "'rank." + std::to_string(r) + "' is not 'PATH SIZE CRC32'");
    }
    m.ranks.push_back(f);
  }
  return m;
}

std::string describe_differences(const CheckpointIdentity& checkpoint,
                                 const CheckpointIdentity& run) {
  std::string out;
  auto line = [&out](const std::string& what, const std::string& then, const std::string& now) {
    out += "  " + what + ": the checkpoint has " + then + ", this run " + now + "\n";
  };
  if (checkpoint.warpnet_version != run.warpnet_version) {
    line("warpnet version", checkpoint.warpnet_version, run.warpnet_version);
  }
  if (checkpoint.engine != run.engine) line("engine", checkpoint.engine, run.engine);
  if (checkpoint.ranks != run.ranks) {
    line("MPI ranks", std::to_string(checkpoint.ranks), std::to_string(run.ranks));
  }
  if (checkpoint.config_hash != run.config_hash) {
    line("configuration (hash of the effective configuration, --set included)",
         hex(checkpoint.config_hash), hex(run.config_hash));
  }
  return out;
}

}  // namespace io
