/** Role's example: the people who may edit the product's feature flags. */
import type { KindExample } from "../../kit/example";

export const roleExample: KindExample = { name: "flag-editors", inputs: { name: "Flag editors" } };
