/** WarehouseSavedQuery's example: a view of the sign-ups, queried in HogQL as `signups`. */
import type { KindExample } from "../../kit/example";

export const warehouseSavedQueryExample: KindExample = {
  name: "signups",
  inputs: {
    name: "signups",
    query: { kind: "HogQLQuery", query: "SELECT distinct_id, timestamp FROM events WHERE event = 'signed_up'" },
  },
};
