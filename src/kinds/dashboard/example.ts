/** Dashboard's example: a dashboard the Insight example is placed on. */
import type { KindExample } from "../../kit/example";

export const dashboardExample: KindExample = { name: "traffic", inputs: { name: "Web traffic" } };
