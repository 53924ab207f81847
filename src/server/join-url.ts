import type { Config } from "./config.ts";
import { networkAddresses } from "./network.ts";

/**
 * Where a pupil's tablet should open the join page: APP_URL when it was given; otherwise
 * this machine's address on the classroom network, because 'localhost' on a tablet is the tablet.
 */
export function joinBaseUrl(config: Config, port: number): string {
  if (config.appUrlIsExplicit) return config.appUrl;
  const [address] = networkAddresses();
  return address ? `http://${address}:${port}` : config.appUrl;
}
