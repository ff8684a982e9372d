// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/file.hpp"

#include <utility>

namespace io::hdf5 {

File File::create(const std::string& path, const ParallelContext& context) {
  const Where where{path, "/"};
  Handle fapl(check_id(H5Pcreate(H5P_FILE_ACCESS), where, "H5Pcreate(file access)"));
  if (context.mpi()) {
    check_status(H5Pset_fapl_mpio(fapl.get(), context.comm(), MPI_INFO_NULL), where,
                 "H5Pset_fapl_mpio");
    // Every metadata operation here is made by all ranks anyway; doing them collectively lets
    // rank 0 read and the ranks flush metadata together instead of each rank alone.
    check_status(H5Pset_all_coll_metadata_ops(fapl.get(), true), where,
                 "H5Pset_all_coll_metadata_ops");
    check_status(H5Pset_coll_metadata_write(fapl.get(), true), where, "H5Pset_coll_metadata_write");
  }
  Handle file(check_id(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()), where,
                       "H5Fcreate"));
  return File(path, std::move(file));
}

Where File::where(const std::string& object) const { return Where{path_, "/" + object}; }

Handle File::open_or_create_group(const std::string& path) const {
  Handle group(check_id(H5Gopen2(file_.get(), "/", H5P_DEFAULT), where(""), "H5Gopen2"));
  std::size_t begin = 0;
  while (begin < path.size()) {
    const std::size_t slash = path.find('/', begin);
    const std::size_t end = slash == std::string::npos ? path.size() : slash;
    const std::string name = path.substr(begin, end - begin);
    const Where at = where(path.substr(0, end));
    const htri_t exists = H5Lexists(group.get(), name.c_str(), H5P_DEFAULT);
    check_status(exists < 0 ? -1 : 0, at, "H5Lexists");
    Handle child(exists > 0
                     ? check_id(H5Gopen2(group.get(), name.c_str(), H5P_DEFAULT), at, "H5Gopen2")
                     : check_id(H5Gcreate2(group.get(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT,
                                           H5P_DEFAULT),
                                at, "H5Gcreate2"));
    group = std::move(child);
    begin = end + 1;
  }
  return group;
}

}  // namespace io::hdf5
