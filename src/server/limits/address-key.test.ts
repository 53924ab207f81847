import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key.ts";

describe("addressKey", () => {
  it("keeps an IPv4 address, also written IPv4-mapped", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every IPv6 address of one /64 as one, however it is written", () => {
    const key = addressKey("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe(key);
    expect(addressKey("2001:db8:1:2:0:0:0:99%eth0")).toBe(key);
    expect(addressKey("2001:db8:1:3::1")).not.toBe(key);
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });
});
