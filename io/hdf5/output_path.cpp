// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/output_path.hpp"

#include <unistd.h>

#include <filesystem>
#include <system_error>

#include "pdes/error.hpp"

namespace io {

namespace {

constexpr const char* kKey = "--output";

std::filesystem::path directory_of(const std::filesystem::path& p) {
  return p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
}

}  // namespace

void check_output_path(const std::string& path, bool force) {
  namespace fs = std::filesystem;
  if (path.empty()) throw pdes::ConfigError(kKey, "the output path is empty");
  const fs::path p(path);
  const fs::path dir = directory_of(p);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    throw pdes::ConfigError(kKey, "cannot write '" + path + "': directory '" + dir.string() +
                                      "' does not exist");
  }
  // The temporary file is created in this directory and renamed there: both need write and
  // search permission on the directory, none on an existing file.
  if (access(dir.c_str(), W_OK | X_OK) != 0) {
    throw pdes::ConfigError(kKey, "cannot write '" + path + "': directory '" + dir.string() +
                                      "' is not writable");
  }
  const fs::file_status status = fs::status(p, ec);
  if (fs::is_directory(status)) {
    throw pdes::ConfigError(kKey, "cannot write '" + path + "': it is a directory");
  }
  if (fs::exists(status) && !force) {
    throw pdes::ConfigError(kKey, "'" + path + "' exists; use --force to overwrite it");
  }
}

std::string partial_path(const std::string& path, long pid) {
  const std::filesystem::path p(path);
  std::string hidden = ".";  // built by appending: GCC 12 warns falsely on "." + string
  hidden += p.filename().string();
  hidden += ".partial-";
  hidden += std::to_string(pid);
  return p.has_parent_path() ? (p.parent_path() / hidden).string() : hidden;
}

}  // namespace io
