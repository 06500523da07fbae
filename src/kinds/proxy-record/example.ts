/** ProxyRecord's example: a reverse proxy on the team's own subdomain. */
import type { KindExample } from "../../kit/example";

export const proxyRecordExample: KindExample = { name: "proxy", inputs: { domain: "e.example.com" } };
