/** Cohort's example: the persons of one company. */
import type { KindExample } from "../../kit/example";

export const cohortExample: KindExample = {
  name: "acme-users",
  inputs: {
    name: "Acme users",
    filters: {
      properties: {
        type: "OR",
        values: [{ type: "AND", values: [{ type: "person", key: "company", operator: "exact", value: ["Acme"] }] }],
      },
    },
  },
};
