// SPDX-License-Identifier: Apache-2.0
#include "io/hdf5/attributes.hpp"

#include "io/hdf5/handle.hpp"

namespace io::hdf5 {

namespace {

Handle utf8_string_type(const Where& where) {
  Handle type(check_id(H5Tcopy(H5T_C_S1), where, "H5Tcopy"));
  check_status(H5Tset_size(type.get(), H5T_VARIABLE), where, "H5Tset_size");
  check_status(H5Tset_cset(type.get(), H5T_CSET_UTF8), where, "H5Tset_cset");
  return type;
}

void write(hid_t object, const std::string& name, hid_t file_type, hid_t memory_type,
           hid_t space, const void* data, const Where& where) {
  const std::string what = " of attribute '" + name + "'";
  Handle attribute(check_id(H5Acreate2(object, name.c_str(), file_type, space, H5P_DEFAULT,
                                       H5P_DEFAULT),
                            where, ("H5Acreate2" + what).c_str()));
  check_status(H5Awrite(attribute.get(), memory_type, data), where, ("H5Awrite" + what).c_str());
  check_status(attribute.close(), where, ("H5Aclose" + what).c_str());
}

void write_scalar(hid_t object, const std::string& name, hid_t file_type, hid_t memory_type,
                  const void* data, const Where& where) {
  Handle space(check_id(H5Screate(H5S_SCALAR), where, "H5Screate"));
  write(object, name, file_type, memory_type, space.get(), data, where);
}

}  // namespace

void write_attribute(hid_t object, const std::string& name, std::int64_t value, const Where& where) {
  write_scalar(object, name, H5T_STD_I64LE, H5T_NATIVE_INT64, &value, where);
}

void write_attribute(hid_t object, const std::string& name, std::uint64_t value,
                     const Where& where) {
  write_scalar(object, name, H5T_STD_U64LE, H5T_NATIVE_UINT64, &value, where);
}

void write_attribute(hid_t object, const std::string& name, double value, const Where& where) {
  write_scalar(object, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &value, where);
}

void write_attribute(hid_t object, const std::string& name, const std::string& value,
                     const Where& where) {
  const Handle type = utf8_string_type(where);
  const char* data = value.c_str();
  write_scalar(object, name, type.get(), type.get(), &data, where);
}

void write_attribute(hid_t object, const std::string& name, const std::vector<std::string>& values,
                     const Where& where) {
  const Handle type = utf8_string_type(where);
  std::vector<const char*> data;
  data.reserve(values.size());
  for (const std::string& v : values) data.push_back(v.c_str());
  const hsize_t size = values.size();
  Handle space(check_id(H5Screate_simple(1, &size, nullptr), where, "H5Screate_simple"));
  // HDF5 wants a valid buffer pointer even for zero elements.
  const char* none = "";
  write(object, name, type.get(), type.get(), space.get(), data.empty() ? &none : data.data(),
        where);
}

}  // namespace io::hdf5
