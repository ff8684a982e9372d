// SPDX-License-Identifier: Apache-2.0
//
// A sweep's points as a list, for running them one at a time (a Slurm job array, docs/cluster.md):
//
//   warpnet sweep FILE --set traffic.load=0.1,0.2 --list-points
//   0	mesh8x8-uniform-0.3-0000.h5	traffic.load=0.1
//   1	mesh8x8-uniform-0.3-0001.h5	traffic.load=0.2
//
// One line per point, in point order: its number, the results file the sweep writes for it (in
// the sweep directory) and its settings (space-separated `key=value`), separated by tabs, so
// that `wc -l` counts the points and `cut -f2` gives the files. `--point I` runs point I.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app/sweep_axes.hpp"

namespace app {

/// The lines above, each ending in a newline. `name` is the file stem (simulation.name).
std::string format_point_list(const std::string& name, const std::vector<SweepPoint>& points);

/// The point number `text` names, checked against a sweep of `count` points. Throws
/// pdes::ConfigError (key --point) for anything but a decimal number below `count`, naming the
/// valid range.
std::size_t parse_point_index(const std::string& text, std::size_t count);

}  // namespace app
