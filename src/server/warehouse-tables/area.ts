/** This PostHog area of the local server: its routes and the collections it stores (src/server/areas.ts lists it). */
import type { ServerArea } from "../pipeline/api";
import { warehouseTableRoutes } from "./routes";

export const area: ServerArea = { routes: (version) => warehouseTableRoutes(version), collections: ["warehouseTables"] };
