// SPDX-License-Identifier: Apache-2.0
#include "models/network/routing/drb/ack_delivery.hpp"

namespace net::drb {

std::string_view to_string(AckDelivery delivery) {
  switch (delivery) {
    case AckDelivery::kNone: return "none";
    case AckDelivery::kNetwork: return "network";
    case AckDelivery::kIdeal: return "ideal";
  }
  return "?";
}

}  // namespace net::drb
