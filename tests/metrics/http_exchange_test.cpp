// The metrics listener's HTTP: request heads parsed (the bearer token whatever the header's
// case), anything else refused; tokens compared whole.
#include <gtest/gtest.h>

#include "drone/metrics/http_exchange.h"

namespace staccato::drone::metrics {
namespace {

TEST(HttpExchange, ReadsMethodTargetAndBearerToken) {
  const auto r = parseRequestHead("GET /metrics HTTP/1.1\r\nHost: x\r\nauthorization:  bearer abc.DEF \r\n\r\n");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->method, "GET");
  EXPECT_EQ(r->target, "/metrics");
  EXPECT_EQ(r->bearer, "abc.DEF");
  EXPECT_FALSE(parseRequestHead("GET /metrics HTTP/1.1\r\n\r\n")->bearer) << "no Authorization";
  EXPECT_EQ(parseRequestHead("GET / HTTP/1.1\r\nAuthorization: Basic eDp5\r\n\r\n")->bearer, "") << "another scheme";
}

TEST(HttpExchange, RefusesWhatIsNotAnHttp1RequestHead) {
  EXPECT_FALSE(parseRequestHead("GET /metrics\r\n\r\n"));
  EXPECT_FALSE(parseRequestHead("GET /metrics SPDY/3\r\n\r\n"));
  EXPECT_FALSE(parseRequestHead("no line end"));
  EXPECT_FALSE(parseRequestHead("GET / HTTP/1.1\r\n" + std::string(kMaxRequestHead, 'x') + "\r\n\r\n"));
}

TEST(HttpExchange, TokensMatchOnlyWhole) {
  EXPECT_TRUE(tokenMatches("secret-token", "secret-token"));
  EXPECT_FALSE(tokenMatches("secret-toke", "secret-token"));
  EXPECT_FALSE(tokenMatches("secret-tokenX", "secret-token"));
  EXPECT_FALSE(tokenMatches("", ""));
}

TEST(HttpExchange, AnswersCloseTheConnectionWithTheirLength) {
  EXPECT_EQ(httpResponse(404, "Not Found", "text/plain", "no\n"),
            "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: 3\r\nConnection: close\r\n\r\nno\n");
}

}  // namespace
}  // namespace staccato::drone::metrics
