// deliberately wrong: the layering test must catch this
#include "models/network/router.hpp"
