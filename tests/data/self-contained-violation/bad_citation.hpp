// SPDX-License-Identifier: Apache-2.0
//
// A file that tests/docs/check_self_contained.py must reject: it cites a rule of a style note and
// a specification file that are not in the repository.
//
// Rollback safety (STYLE R3): see specs/seed000-drb.md §3.3.
#pragma once
