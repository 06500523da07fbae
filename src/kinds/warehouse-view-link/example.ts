/** WarehouseViewLink's example: every event gets a `signup` field, the person's row of the `signups` view. */
import type { KindExample } from "../../kit/example";

export const warehouseViewLinkExample: KindExample = {
  name: "event-signup",
  inputs: {
    sourceTableName: "events",
    sourceTableKey: "distinct_id",
    joiningTableName: "persons",
    joiningTableKey: "id",
    fieldName: "signup_person",
  },
};
