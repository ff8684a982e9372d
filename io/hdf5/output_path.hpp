// SPDX-License-Identifier: Apache-2.0
//
// Where the results file goes, and the name it has while it is written.
//
// A results file is written under a hidden temporary name in the same directory and renamed
// to its final name only when it is complete (io::ResultsFile::commit). rename(2) within one
// directory is atomic, so a file with the final name is always a finished file; a run that is
// killed leaves at most the hidden ".<name>.partial-<pid>" behind, which no reader mistakes for
// a result.
#pragma once

#include <string>

namespace io {

/// Checks, before the simulation starts, that `path` can be written: its directory exists and
/// is writable, `path` is not a directory, and it does not exist unless `force` is true.
/// Throws pdes::ConfigError with key "--output" (the CLI exits with code 2). Reads the file
/// system only; call it on every rank or on rank 0 alone, as the app prefers.
void check_output_path(const std::string& path, bool force);

/// "dir/.name.h5.partial-1234" for "dir/name.h5" and pid 1234.
std::string partial_path(const std::string& path, long pid);

}  // namespace io
