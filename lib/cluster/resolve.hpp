#pragma once

#include <functional>
#include <string>

namespace lib::cluster {

// What a host name resolves to: an IPv4 address in dotted form, or why it does not resolve
// (exactly one of the two is non-empty).
struct Resolved {
  std::string address;
  std::string error;
};

// Resolves a host name to one IPv4 address. cluster-env takes one as a parameter, so tests give
// their own instead of the network's.
using Resolver = std::function<Resolved(const std::string& host)>;

// Whether `host` is already an IPv4 address in dotted form ("10.0.0.2").
bool is_ipv4_literal(const std::string& host);

// The system's resolver (getaddrinfo, IPv4 only): the first address it gives. A name under
// `.invalid` is refused without asking anyone, as RFC 6761 (section 6.4) asks of resolver libraries.
Resolved resolve_ipv4(const std::string& host);

} // namespace lib::cluster
