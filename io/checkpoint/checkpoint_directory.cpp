// SPDX-License-Identifier: Apache-2.0
#include "io/checkpoint/checkpoint_directory.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <boost/crc.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "pdes/error.hpp"

namespace io {

namespace fs = std::filesystem;

namespace {

std::uint32_t crc32_of(std::span<const std::byte> bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

[[noreturn]] void fail_errno(const std::string& what, const std::string& path) {
  throw std::runtime_error("checkpoint: cannot " + what + " '" + path + "': " +
                           std::strerror(errno));
}

void fsync_directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) fail_errno("open directory", dir);
  ::fsync(fd);  // not every file system supports it on directories; the rename is what counts
  ::close(fd);
}

std::string generation_dir(std::uint64_t generation) {
  char name[32];
  std::snprintf(name, sizeof name, "gen-%06llu", static_cast<unsigned long long>(generation));
  return name;
}

/// Why a rank's image cannot be used (0: it can), the same code on every rank.
enum ImageProblem : int { kImageOk = 0, kImageMissing = 1, kImageSize = 2, kImageChecksum = 3 };

}  // namespace

void write_file_durably(const std::string& path, std::span<const std::byte> bytes) {
  const std::string temporary = path + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) fail_errno("create", temporary);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      fail_errno("write", temporary);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    ::close(fd);
    fail_errno("fsync", temporary);
  }
  ::close(fd);
  if (std::rename(temporary.c_str(), path.c_str()) != 0) fail_errno("rename into", path);
  const fs::path parent = fs::path(path).parent_path();
  fsync_directory(parent.empty() ? "." : parent.string());
}

CheckpointDirectory::CheckpointDirectory(std::string path, MPI_Comm comm)
    : path_(std::move(path)), comm_(comm) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

std::string CheckpointDirectory::manifest_path() const { return (fs::path(path_) / "manifest").string(); }

bool CheckpointDirectory::has_manifest() const { return fs::is_regular_file(manifest_path()); }

CheckpointManifest CheckpointDirectory::read_manifest(const CheckpointIdentity& run) const {
  const std::string file = manifest_path();
  if (!fs::is_directory(path_)) {
    throw pdes::ConfigError("--restart", "'" + path_ + "' is not a directory");
  }
  if (!has_manifest()) {
    throw pdes::ConfigError("--restart",
                            "'" + path_ + "' holds no complete checkpoint (no manifest; a "
                            "checkpoint interrupted while being written has none)");
  }
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  CheckpointManifest manifest = CheckpointManifest::parse(text.str(), file);
  const std::string differences = describe_differences(manifest.identity, run);
  if (!differences.empty()) {
    throw pdes::ConfigError("--restart", "the checkpoint in '" + path_ +
                                             "' was written by another run and cannot resume "
                                             "this one:\n" +
                                             differences.substr(0, differences.size() - 1));
  }
  return manifest;
}

std::vector<std::byte> CheckpointDirectory::read_image(const CheckpointManifest& manifest) const {
  const CheckpointFile& entry = manifest.ranks[static_cast<std::size_t>(rank_)];
  const std::string file = (fs::path(path_) / entry.path).string();
  std::vector<std::byte> bytes;
  int problem = kImageOk;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    problem = kImageMissing;
  } else {
    in.seekg(0, std::ios::end);
    const auto size = static_cast<std::uint64_t>(in.tellg());
    if (size != entry.size) {
      problem = kImageSize;
    } else {
      in.seekg(0);
      bytes.resize(size);
      in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size));
      if (!in || crc32_of(bytes) != entry.crc32) problem = kImageChecksum;
    }
  }
  // The first failing rank and why, known to every rank, so that all stop with one message.
  int mine = problem == kImageOk ? size_ * 4 : rank_ * 4 + problem;
  int first = 0;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm_);
  if (first == size_ * 4) return bytes;
  const int rank = first / 4;
  const std::string name =
      (fs::path(path_) / manifest.ranks[static_cast<std::size_t>(rank)].path).string();
  const char* why = first % 4 == kImageMissing ? "is missing"
                    : first % 4 == kImageSize  ? "has another size than the manifest says (cut short?)"
                                               : "fails its checksum (damaged)";
  throw pdes::ConfigError("--restart", "checkpoint image '" + name + "' of rank " +
                                           std::to_string(rank) + " " + why +
                                           "; the checkpoint cannot be used");
}

void CheckpointDirectory::write(std::span<const std::byte> image,
                                CheckpointManifest manifest) const {
  // Each step ends with an agreement, so that a rank that fails (disk full, permissions) makes
  // every rank throw instead of leaving the others waiting in the next collective.
  std::string error;
  auto agree = [&] {
    int mine = error.empty() ? size_ : rank_;
    int first = size_;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm_);
    if (first == size_) return;
    throw std::runtime_error(first == rank_ ? error
                                            : "checkpoint: rank " + std::to_string(first) +
                                                  " could not write its part");
  };
  auto attempt = [&](auto&& step) {
    try {
      step();
    } catch (const std::exception& e) {
      error = e.what();
    }
  };
  const std::string generation = generation_dir(manifest.generation);
  const fs::path folder = fs::path(path_) / generation;
  if (rank_ == 0) attempt([&] { fs::create_directories(folder); });
  agree();
  const std::string name = "rank-" + std::to_string(rank_) + ".ckpt";
  attempt([&] { write_file_durably((folder / name).string(), image); });
  agree();

  std::uint64_t mine[2] = {image.size(), crc32_of(image)};
  std::vector<std::uint64_t> all(2 * static_cast<std::size_t>(size_));
  MPI_Gather(mine, 2, MPI_UINT64_T, all.data(), 2, MPI_UINT64_T, 0, comm_);
  if (rank_ == 0) {
    attempt([&] {
      manifest.ranks.clear();
      for (std::size_t r = 0; r < static_cast<std::size_t>(size_); ++r) {
        manifest.ranks.push_back({generation + "/rank-" + std::to_string(r) + ".ckpt",
                                  all[2 * r], static_cast<std::uint32_t>(all[2 * r + 1])});
      }
      const std::string text = manifest.to_text();
      write_file_durably(manifest_path(), std::as_bytes(std::span(text.data(), text.size())));
      // The new generation is the checkpoint now: older ones can go.
      for (const fs::directory_entry& e : fs::directory_iterator(path_)) {
        const std::string n = e.path().filename().string();
        if (e.is_directory() && n.rfind("gen-", 0) == 0 && n != generation) {
          fs::remove_all(e.path());
        }
      }
    });
  }
  agree();
}

}  // namespace io
