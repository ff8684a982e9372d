// SPDX-License-Identifier: Apache-2.0
// The RAII and error layer over the HDF5 C API (io/hdf5/handle, hdf5_error, file, attributes).
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/hdf5/attributes.hpp"
#include "io/hdf5/file.hpp"
#include "io/hdf5/handle.hpp"
#include "io/hdf5/hdf5_error.hpp"
#include "io/hdf5/table_writer.hpp"
#include "tests/io/h5_read.hpp"

namespace fs = std::filesystem;
using io::hdf5::Handle;

namespace {

std::string scratch(const std::string& name) {
  const fs::path dir = fs::current_path() / "hdf5_wrapper_test";
  fs::create_directories(dir);
  return (dir / name).string();
}

/// What `body` writes to the process's stderr (file descriptor 2, where HDF5 prints).
template <class Body>
std::string captured_stderr(Body&& body) {
  const std::string path = scratch("stderr.txt");
  std::fflush(stderr);
  const int saved = dup(2);
  std::FILE* sink = std::fopen(path.c_str(), "w");
  dup2(fileno(sink), 2);
  body();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  std::fclose(sink);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("Handle closes its identifier and moves ownership") {
  const io::hdf5::ParallelContext serial(MPI_COMM_WORLD);  // MPI not initialised here
  REQUIRE_FALSE(serial.mpi());
  io::hdf5::File file = io::hdf5::File::create(scratch("handles.h5"), serial);
  auto open_objects = [&] { return H5Fget_obj_count(file.id(), H5F_OBJ_ALL); };
  const ssize_t base = open_objects();  // the file itself
  {
    Handle group = file.open_or_create_group("a/b");
    CHECK(open_objects() == base + 1);
    Handle moved = std::move(group);
    CHECK_FALSE(group.valid());
    CHECK(moved.valid());
    CHECK(open_objects() == base + 1);
    Handle other = file.open_or_create_group("a");
    other = std::move(moved);  // closes "a", takes "a/b"
    CHECK(open_objects() == base + 1);
  }
  CHECK(open_objects() == base);
  CHECK(file.close() >= 0);
  CHECK(file.close() == 0);  // closing twice is harmless
}

TEST_CASE("a failed HDF5 call becomes an Hdf5Error naming file, object and cause") {
  const io::hdf5::ParallelContext serial(MPI_COMM_WORLD);
  io::hdf5::File file = io::hdf5::File::create(scratch("errors.h5"), serial);
  const io::hdf5::ErrorStackSilencer silence;
  const io::hdf5::Where where = file.where("missing/group");
  try {
    io::hdf5::check_id(H5Gopen2(file.id(), "missing/group", H5P_DEFAULT), where, "H5Gopen2");
    FAIL("opening a missing group must fail");
  } catch (const io::hdf5::Hdf5Error& e) {
    CHECK(e.file() == scratch("errors.h5"));
    CHECK(e.object() == "/missing/group");
    const std::string message = e.what();
    CHECK(message.find("HDF5 error in '" + scratch("errors.h5") + "' at '/missing/group': "
                       "H5Gopen2 failed: ") == 0);
    CHECK(message.find("not found") != std::string::npos);
  }
  // The stack was consumed: the next error does not repeat this one.
  CHECK(io::hdf5::take_error_stack().empty());
}

TEST_CASE("the silencer stops HDF5 from printing its error stack, and restores it") {
  const io::hdf5::ParallelContext serial(MPI_COMM_WORLD);
  io::hdf5::File file = io::hdf5::File::create(scratch("silence.h5"), serial);
  const std::string quiet = captured_stderr([&] {
    const io::hdf5::ErrorStackSilencer silence;
    CHECK(H5Gopen2(file.id(), "nope", H5P_DEFAULT) < 0);
    io::hdf5::take_error_stack();
  });
  CHECK(quiet.empty());
  // Afterwards HDF5 prints again: the oracle above is not vacuous.
  const std::string loud = captured_stderr([&] { CHECK(H5Gopen2(file.id(), "nope", H5P_DEFAULT) < 0); });
  CHECK(loud.find("HDF5-DIAG") != std::string::npos);
}

TEST_CASE("a file that cannot be created names its path") {
  const io::hdf5::ParallelContext serial(MPI_COMM_WORLD);
  const io::hdf5::ErrorStackSilencer silence;
  CHECK_THROWS_WITH_AS(io::hdf5::File::create("/nonexistent-warpnet-dir/x.h5", serial),
                       doctest::Contains("HDF5 error in '/nonexistent-warpnet-dir/x.h5' at '/': "
                                         "H5Fcreate failed"),
                       io::hdf5::Hdf5Error);
}

TEST_CASE("attributes of every type round-trip; a duplicate is an error naming it") {
  const io::hdf5::ParallelContext serial(MPI_COMM_WORLD);
  const std::string path = scratch("attributes.h5");
  {
    io::hdf5::File file = io::hdf5::File::create(path, serial);
    const io::hdf5::ErrorStackSilencer silence;
    const Handle group = file.open_or_create_group("g");
    const io::hdf5::Where where = file.where("g");
    io::hdf5::write_attribute(group.get(), "i", std::int64_t{-7}, where);
    io::hdf5::write_attribute(group.get(), "u", std::uint64_t{1} << 63, where);
    io::hdf5::write_attribute(group.get(), "d", 2.5, where);
    io::hdf5::write_attribute(group.get(), "s", std::string("line 1\nline \"2\""), where);
    io::hdf5::write_attribute(group.get(), "a", std::vector<std::string>{"ps", "", "flits"}, where);
    io::hdf5::write_attribute(group.get(), "empty", std::vector<std::string>{}, where);
    CHECK_THROWS_WITH_AS(io::hdf5::write_attribute(group.get(), "d", 1.0, where),
                         doctest::Contains("at '/g': H5Acreate2 of attribute 'd' failed"),
                         io::hdf5::Hdf5Error);
    CHECK(file.close() >= 0);
  }
  const Handle f = io_test::open_read_only(path);
  CHECK(io_test::read_int_attribute(f.get(), "/g", "i") == -7);
  CHECK(io_test::read_double_attribute(f.get(), "/g", "d") == 2.5);
  CHECK(io_test::read_string_attribute(f.get(), "/g", "s") == "line 1\nline \"2\"");
  CHECK(io_test::read_strings(f.get(), "/g", "a") == std::vector<std::string>{"ps", "", "flits"});
  CHECK(io_test::read_strings(f.get(), "/g", "empty").empty());
  const Handle u = io_test::open_attribute(f.get(), "/g", "u");
  std::uint64_t value = 0;
  CHECK(H5Aread(u.get(), H5T_NATIVE_UINT64, &value) >= 0);
  CHECK(value == std::uint64_t{1} << 63);
}

TEST_CASE("chunk sizes depend on the table only") {
  CHECK(io::hdf5::chunk_rows(0, 24) == 1);
  CHECK(io::hdf5::chunk_rows(10, 24) == 10);
  CHECK(io::hdf5::chunk_rows(1000000, 32) == io::hdf5::kChunkBytes / 32);
  CHECK(io::hdf5::chunk_rows(1000000, io::hdf5::kChunkBytes * 2) == 1);
  CHECK(io::hdf5::deflate_available());  // Debian's libhdf5 has zlib; the file tests rely on it
}
