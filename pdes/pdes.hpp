// SPDX-License-Identifier: Apache-2.0
//
// The model-facing surface of the warpnet kernel. Models include this header only; everything
// under pdes/internal/ is the kernel's own business.
#pragma once

#include "pdes/context.hpp"
#include "pdes/error.hpp"
#include "pdes/journaled_deque.hpp"
#include "pdes/kernel_config.hpp"
#include "pdes/logical_process.hpp"
#include "pdes/lp_id.hpp"
#include "pdes/output_sink.hpp"
#include "pdes/partitioner.hpp"
#include "pdes/prefetch.hpp"
#include "pdes/progress.hpp"
#include "pdes/rng.hpp"
#include "pdes/sim_time.hpp"
#include "pdes/simulation.hpp"
#include "pdes/statistics.hpp"
