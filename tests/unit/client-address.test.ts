import { forwardedClientAddress } from "@/lib/auth/request.server";

// The client's address is the entry that the nearest of our proxies wrote, never
// the first entry of X-Forwarded-For, which the client sets.

test("with no trusted proxy (the default), X-Forwarded-For is ignored", () => {
  expect(forwardedClientAddress("203.0.113.7", 0)).toBeNull();
  expect(forwardedClientAddress("203.0.113.7, 198.51.100.2", 0)).toBeNull();
});

test("with one proxy, the last entry: a client-set first entry changes nothing", () => {
  expect(forwardedClientAddress("198.51.100.2", 1)).toBe("198.51.100.2");
  expect(forwardedClientAddress("1.2.3.4, 198.51.100.2", 1)).toBe("198.51.100.2");
  expect(forwardedClientAddress("evil, 5.6.7.8,198.51.100.2", 1)).toBe("198.51.100.2");
});

test("with n proxies, the n-th entry from the right", () => {
  // client -> CDN (appends the client) -> load balancer (appends the CDN) -> app
  expect(forwardedClientAddress("1.2.3.4, 198.51.100.2, 10.0.0.5", 2)).toBe("198.51.100.2");
  expect(forwardedClientAddress("198.51.100.2, 10.0.0.5", 2)).toBe("198.51.100.2");
});

test("fewer entries than proxies, or no header: no address", () => {
  expect(forwardedClientAddress("198.51.100.2", 2)).toBeNull();
  expect(forwardedClientAddress(null, 1)).toBeNull();
  expect(forwardedClientAddress("", 1)).toBeNull();
});

test("an entry that is not an IP address gives no address", () => {
  expect(forwardedClientAddress("1.2.3.4, unknown", 1)).toBeNull();
  expect(forwardedClientAddress("1.2.3.4, 198.51.100.2 ; drop table", 1)).toBeNull();
  expect(forwardedClientAddress("1.2.3.4, ", 1)).toBeNull();
});

test("IPv6 is kept (lowercased), ports are dropped, IPv4-mapped IPv6 becomes IPv4", () => {
  expect(forwardedClientAddress("2001:DB8::1", 1)).toBe("2001:db8::1");
  expect(forwardedClientAddress("[2001:db8::1]:443", 1)).toBe("2001:db8::1");
  expect(forwardedClientAddress("198.51.100.2:51234", 1)).toBe("198.51.100.2");
  expect(forwardedClientAddress("::ffff:198.51.100.2", 1)).toBe("198.51.100.2");
});
