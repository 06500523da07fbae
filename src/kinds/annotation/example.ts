/** Annotation's example: a release marked on every chart of the project. */
import type { KindExample } from "../../kit/example";

export const annotationExample: KindExample = {
  name: "launch",
  inputs: { content: "Checkout v2 released", dateMarker: "2025-01-02T09:00:00Z", scope: "project" },
};
