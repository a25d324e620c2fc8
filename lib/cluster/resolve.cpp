#include "lib/cluster/resolve.hpp"

#include <algorithm>
#include <arpa/inet.h>
#include <cctype>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

namespace lib::cluster {

namespace {

// "master.invalid", "x.INVALID." -> true.
bool under_invalid(std::string host) {
  std::transform(host.begin(), host.end(), host.begin(), [](unsigned char c) { return std::tolower(c); });
  if (!host.empty() && host.back() == '.') {
    host.pop_back();
  }
  const std::string tld = "invalid";
  return host == tld || (host.size() > tld.size() && host.ends_with("." + tld));
}

} // namespace

bool is_ipv4_literal(const std::string& host) {
  in_addr a{};
  return inet_pton(AF_INET, host.c_str(), &a) == 1;
}

Resolved resolve_ipv4(const std::string& host) {
  if (is_ipv4_literal(host)) {
    return {host, ""};
  }
  if (under_invalid(host)) {
    return {"", "a name under .invalid never resolves"};
  }
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (int rc = getaddrinfo(host.c_str(), nullptr, &hints, &found); rc != 0) {
    return {"", gai_strerror(rc)};
  }
  std::string address;
  for (const addrinfo* a = found; a && address.empty(); a = a->ai_next) {
    if (a->ai_family == AF_INET) {
      char text[INET_ADDRSTRLEN] = {};
      if (inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(a->ai_addr)->sin_addr, text, sizeof text)) {
        address = text;
      }
    }
  }
  freeaddrinfo(found);
  return address.empty() ? Resolved{"", "no IPv4 address"} : Resolved{address, ""};
}

} // namespace lib::cluster
