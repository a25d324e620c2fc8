#pragma once

// The rtcat library: everything a program needs, in one include.

#include "rtcat/catalogs.hpp"
#include "rtcat/check.hpp"
#include "rtcat/scan.hpp"
#include "rtcat/types.hpp"
#include "rtcat/upgrade.hpp"
#include "rtcat/version.hpp"
