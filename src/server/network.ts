import os from "node:os";

/** The machine's IPv4 addresses on its networks (not loopback), for the Network URL. */
export function networkAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((i): i is os.NetworkInterfaceInfo => Boolean(i) && i!.family === "IPv4" && !i!.internal)
    .map((i) => i.address);
}
