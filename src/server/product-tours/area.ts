/** This PostHog area of the local server: its routes and the collections it stores (src/server/areas.ts lists it). */
import type { ServerArea } from "../pipeline/api";
import { productTourRoutes } from "./routes";

export const area: ServerArea = { routes: (version) => productTourRoutes(version), collections: ["productTours"] };
